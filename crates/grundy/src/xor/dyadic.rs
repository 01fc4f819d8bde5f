//! Histograms made of a few long blocks, such as the values of Nim heaps over
//! `1..=10^18`, whose transform is known in closed form.
//!
//! Split a value `v = v_hi·2^σ + v_lo` (`v_lo < 2^σ`, `v_hi < 2^H`) and write the
//! histogram as a sum of prefix pieces
//!
//! ```text
//! h(v) = Σ_k f_k(v_lo) · [v_hi < x_k],        x_k <= 2^H,
//! ```
//!
//! so that a block `f ⊗ [a, b)` is `f ⊗ [· < b] − f ⊗ [· < a]`. The transform
//! factors: `Ŵ(u) = Σ_k f̂_k(u_lo) · P̂_{x_k}(u_hi)`, where `P̂_x` is the transform
//! of the prefix `[0, x)` on `H` bits. `P̂_x(0) = x`; for `u_hi ≠ 0` with lowest
//! set bit `j` and `w = u_hi >> (j + 1)`, blocks of `2^{j+1}` values cancel and
//!
//! ```text
//! P̂_x(u_hi) = (−1)^{popcount((x >> (j+1)) & w)} · φ_j(x mod 2^{j+1}),
//! φ_j(R) = min(R, 2^j) − max(0, R − 2^j).
//! ```
//!
//! For fixed `j` the signs of all pieces together depend on `w` through the
//! linear map `w ↦ (⟨x_k >> (j+1), w⟩ mod 2)_k` over GF(2): its image is a
//! subspace of dimension `r` (the rank of the vectors `x_k >> (j+1)` on the
//! `H − j − 1` bits `w` has), each image point is taken by exactly
//! `2^{H−j−1−r}` of the `w`, and it is enumerated from a basis. So the
//! multiset of all `2^{σ+H}` transform values is
//! `2^σ · (1 + Σ_j 2^{r_j})` terms with multiplicities, a few thousand for the
//! histograms of arithmetic-periodic games, whatever `H` is.

use super::walsh_hadamard;
use super::{MAX_TOTAL, Spectrum};
use crate::error::Error;

/// The largest `σ + H` handled: counts divide by `2^{σ+H}` in a ring lifted by
/// at most 64 bits.
pub const MAX_BITS: u32 = 64;

/// The most distinct block ends: the signs of the pieces are enumerated over
/// a subspace of dimension up to this.
pub const MAX_PIECES: usize = 24;

/// A histogram `h(v) = Σ_k f_k(v mod 2^σ) · [⌊v / 2^σ⌋ < x_k]` (see the module
/// documentation), nonnegative everywhere.
///
/// ```
/// use grundy::count::DyadicHistogram;
///
/// // One position of each value in 3..=9: the block [3, 10) with σ = 0.
/// let h = DyadicHistogram::from_blocks(0, vec![(vec![1], 3, 10)]).unwrap();
/// assert_eq!(h.dense().unwrap(), vec![0, 0, 0, 1, 1, 1, 1, 1, 1, 1]);
/// assert_eq!(h.total(), 7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DyadicHistogram {
    /// `σ`.
    low: u32,
    /// `H`: every `x_k <= 2^H`.
    high: u32,
    /// `(f_k, x_k)`, each `f_k` of length `2^σ`, the `x_k` distinct and positive.
    pieces: Vec<(Vec<i128>, u128)>,
}

impl DyadicHistogram {
    /// The histogram `Σ f ⊗ [a, b)` over the blocks `(f, a, b)`: `f` (at most
    /// `2^σ` counts) at every value `v` with `a <= ⌊v / 2^σ⌋ < b`. Refused when
    /// `σ + H` exceeds 64 bits or the total exceeds `2^126`.
    pub fn from_blocks(low: u32, blocks: Vec<(Vec<u128>, u128, u128)>) -> Result<Self, Error> {
        if low > 24 {
            return Err(Error::invalid("low", "must be at most 24"));
        }
        let width = 1usize << low;
        let mut total: u128 = 0;
        let mut pieces: Vec<(Vec<i128>, u128)> = Vec::new();
        let mut add = |f: &[u128], x: u128, sign: i128| {
            if x == 0 {
                return;
            }
            let i = match pieces.iter().position(|(_, y)| *y == x) {
                Some(i) => i,
                None => {
                    pieces.push((vec![0; width], x));
                    pieces.len() - 1
                }
            };
            for (a, &c) in pieces[i].0.iter_mut().zip(f) {
                *a += sign * c as i128;
            }
        };
        for (f, a, b) in &blocks {
            if f.len() > width {
                return Err(Error::invalid("blocks", "have more counts than a block holds"));
            }
            if a >= b || f.iter().all(|&c| c == 0) {
                continue;
            }
            let sum = f.iter().try_fold(0u128, |s, &c| s.checked_add(c));
            let block_total = sum.and_then(|s| s.checked_mul(b - a));
            total = block_total
                .and_then(|t| total.checked_add(t))
                .filter(|&t| t <= MAX_TOTAL)
                .ok_or_else(|| Error::invalid("blocks", "add up to more than 2^126 positions"))?;
            add(f, *b, 1);
            add(f, *a, -1);
        }
        pieces.retain(|(f, _)| f.iter().any(|&c| c != 0));
        if pieces.len() > MAX_PIECES {
            return Err(Error::invalid("blocks", format!("have more than {MAX_PIECES} distinct ends")));
        }
        pieces.sort_by_key(|p| p.1);
        let top = pieces.iter().map(|p| p.1).max().unwrap_or(1);
        let high = 128 - (top - 1).leading_zeros();
        if low + high > MAX_BITS {
            return Err(Error::invalid(
                "n",
                format!("gives values of {} bits; at most {MAX_BITS} are handled", low + high),
            ));
        }
        Ok(DyadicHistogram { low, high, pieces })
    }

    /// `B = σ + H`: every value is below `2^B`.
    pub fn bits(&self) -> u32 {
        self.low + self.high
    }

    /// The total count `Σ h`.
    pub fn total(&self) -> u128 {
        let sum: i128 = self.pieces.iter().map(|(f, x)| f.iter().sum::<i128>() * *x as i128).sum();
        sum as u128
    }

    /// The histogram written out, for tests and small sizes (`None` beyond
    /// `2^20` values).
    pub fn dense(&self) -> Option<Vec<u128>> {
        if self.bits() > 20 {
            return None;
        }
        let len = 1usize << self.bits();
        let mut h = vec![0i128; len];
        for (v, slot) in h.iter_mut().enumerate() {
            let (hi, lo) = ((v >> self.low) as u128, v & ((1 << self.low) - 1));
            *slot = self.pieces.iter().filter(|p| hi < p.1).map(|p| p.0[lo]).sum();
        }
        while h.len() > 1 && h.last() == Some(&0) {
            h.pop();
        }
        Some(h.into_iter().map(|c| c as u128).collect())
    }

    /// The same histogram with blocks of `2^{σ+d}` values.
    fn coarsened(&self, d: u32) -> Self {
        if d == 0 {
            return self.clone();
        }
        let low = self.low + d;
        let width = 1usize << low;
        let sub = 1usize << self.low;
        let mut pieces: Vec<(Vec<i128>, u128)> = Vec::new();
        let mut add = |f: Vec<i128>, x: u128| {
            if x == 0 || f.iter().all(|&c| c == 0) {
                return;
            }
            match pieces.iter_mut().find(|p| p.1 == x) {
                Some(p) => p.0.iter_mut().zip(&f).for_each(|(a, b)| *a += b),
                None => pieces.push((f, x)),
            }
        };
        for (f, x) in &self.pieces {
            // [u < x] for u = u'·2^d + w is [u' < q] + [u' = q][w < r]
            let (q, r) = (x >> d, (x & ((1u128 << d) - 1)) as usize);
            let tiled: Vec<i128> = (0..width).map(|v| f[v % sub]).collect();
            add(tiled, q);
            if r > 0 {
                let part: Vec<i128> = (0..width).map(|v| if v / sub < r { f[v % sub] } else { 0 }).collect();
                add(part.clone(), q + 1);
                add(part.into_iter().map(|c| -c).collect(), q);
            }
        }
        pieces.sort_by_key(|p| p.1);
        let high = self.high.saturating_sub(d);
        DyadicHistogram { low, high, pieces }
    }

    /// The number of terms of the spectrum for classes of `low` bits, from the
    /// block ends alone (nothing is coarsened).
    pub fn spectrum_terms(&self, low: u32) -> f64 {
        let low = low.min(self.bits());
        let d = low.saturating_sub(self.low);
        let mut ends: Vec<u128> = Vec::new();
        for &(_, x) in &self.pieces {
            ends.push(x >> d);
            if x & ((1u128 << d) - 1) != 0 {
                ends.push((x >> d) + 1);
            }
        }
        ends.sort_unstable();
        ends.dedup();
        ends.retain(|&x| x > 0);
        let high = self.high.saturating_sub(d);
        let per_value: f64 = (0..high)
            .map(|j| {
                let w_mask = (1u128 << (high - j - 1)) - 1;
                let rows: Vec<u128> = ends.iter().map(|x| (x >> (j + 1)) & w_mask).collect();
                2f64.powi(linear_relations(&rows).0 as i32)
            })
            .sum();
        2f64.powi((self.low + d) as i32) * (1.0 + per_value)
    }

    /// The transform grouped by `s mod 2^low` (see the module documentation).
    pub fn spectrum(&self, low: u32) -> Spectrum {
        let low = low.min(self.bits());
        let h = self.coarsened(low.saturating_sub(self.low));
        let width = 1usize << h.low;
        let mask = (1usize << low) - 1;
        let transforms: Vec<Vec<i128>> = h
            .pieces
            .iter()
            .map(|(f, _)| {
                let mut t = f.clone();
                walsh_hadamard(&mut t);
                t
            })
            .collect();
        let mut classes: Vec<Vec<(i128, u128)>> = vec![Vec::new(); 1 << low];
        let mut push = |coef: &[i128], mult: u128| {
            for u in 0..width {
                let v: i128 = transforms.iter().zip(coef).map(|(t, &c)| t[u] * c).sum();
                classes[u & mask].push((v, mult));
            }
        };
        let xs: Vec<i128> = h.pieces.iter().map(|p| p.1 as i128).collect();
        push(&xs, 1);
        for j in 0..h.high {
            let bits_w = h.high - j - 1;
            let w_mask = if bits_w == 0 { 0 } else { (1u128 << bits_w) - 1 };
            let half = 1i128 << j;
            let phi: Vec<i128> = h
                .pieces
                .iter()
                .map(|p| {
                    let r = (p.1 & ((1u128 << (j + 1)) - 1)) as i128;
                    r.min(half) - (r - half).max(0)
                })
                .collect();
            let rows: Vec<u128> = h.pieces.iter().map(|p| (p.1 >> (j + 1)) & w_mask).collect();
            let (rank, combos) = linear_relations(&rows);
            let mult = 1u128 << (bits_w - rank);
            for alpha in 0u64..1u64 << rank {
                let coef: Vec<i128> = combos
                    .iter()
                    .zip(&phi)
                    .map(|(&c, &f)| if (alpha & c).count_ones() % 2 == 0 { f } else { -f })
                    .collect();
                push(&coef, mult);
            }
        }
        Spectrum::from_classes(self.bits(), classes)
    }
}

/// Expresses each row as a sum of independent rows over GF(2): the rank `r`
/// and, for each row, the mask over those `r` independent rows.
fn linear_relations(rows: &[u128]) -> (u32, Vec<u64>) {
    // basis: (reduced vector, mask over independent rows), pivots distinct
    let mut basis: Vec<(u128, u64)> = Vec::new();
    let mut combos = Vec::with_capacity(rows.len());
    for &row in rows {
        let (mut v, mut c) = (row, 0u64);
        for &(b, bc) in &basis {
            let pivot = 127 - b.leading_zeros();
            if v >> pivot & 1 == 1 {
                v ^= b;
                c ^= bc;
            }
        }
        if v == 0 {
            combos.push(c);
        } else {
            let new = 1u64 << basis.len();
            combos.push(new);
            basis.push((v, c ^ new));
            // decreasing pivots: each reduction clears its pivot for good
            basis.sort_by_key(|&(b, _)| b.leading_zeros());
        }
    }
    (basis.len() as u32, combos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn dense_classes(h: &[u128], bits: u32, low: u32) -> Vec<Vec<i128>> {
        let mut v: Vec<i128> = h.iter().map(|&c| c as i128).collect();
        v.resize(1 << bits, 0);
        walsh_hadamard(&mut v);
        (0..1usize << low)
            .map(|r| {
                let mut c: Vec<i128> = v.iter().skip(r).step_by(1 << low).copied().collect();
                c.sort_unstable();
                c
            })
            .collect()
    }

    proptest! {
        #[test]
        fn spectrum_matches_the_dense_transform(
            low in 0u32..3,
            blocks in prop::collection::vec((prop::collection::vec(0u128..5, 1..5), 0u128..40, 0u128..40), 1..5),
            classes in 0u32..4,
        ) {
            let width = 1usize << low;
            let blocks: Vec<(Vec<u128>, u128, u128)> = blocks
                .into_iter()
                .map(|(mut f, a, b)| { f.truncate(width); (f, a.min(b), a.max(b)) })
                .collect();
            let h = DyadicHistogram::from_blocks(low, blocks.clone()).unwrap();
            let mut want = vec![0u128; 64 << low];
            for (f, a, b) in &blocks {
                for hi in *a..*b {
                    for (lo, &c) in f.iter().enumerate() {
                        want[((hi as usize) << low) + lo] += c;
                    }
                }
            }
            let mut dense = h.dense().unwrap();
            dense.resize(want.len(), 0);
            prop_assert_eq!(&dense, &want);
            prop_assert_eq!(h.total(), want.iter().sum::<u128>());
            let bits = h.bits();
            let s = h.spectrum(classes);
            prop_assert_eq!(h.spectrum_terms(classes), s.terms().len() as f64);
            let low_c = classes.min(bits);
            let want_classes = dense_classes(&want[..1 << bits], bits, low_c);
            prop_assert_eq!(s.classes(), want_classes.len());
            for (r, w) in want_classes.iter().enumerate() {
                prop_assert_eq!(&crate::xor::expanded(&s.class(r)), w, "class {}", r);
            }
        }
    }

    #[test]
    fn nim_heaps_up_to_a_trillion_take_few_terms() {
        let h = DyadicHistogram::from_blocks(0, vec![(vec![1], 1, 1_000_000_000_001)]).unwrap();
        assert_eq!(h.total(), 1_000_000_000_000);
        assert!(h.spectrum(0).terms().len() < 200);
        for low in 0..5 {
            assert_eq!(h.spectrum_terms(low), h.spectrum(low).terms().len() as f64, "low {low}");
        }
    }
}
