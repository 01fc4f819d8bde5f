//! The transform of a histogram of few values whose span is too large for a
//! table: read off the values' linear dependencies and equal counts, in about
//! as many terms as the answer has distinct transform values.
//!
//! # The mathematics
//!
//! Let the distinct values `v_1, …, v_m` have counts `w_1, …, w_m` and span
//! `V` of rank `r` over `F₂` ([`super::Span`]). The characters of `V` give the
//! transform values `Ŵ(χ) = Σ_i w_i χ(v_i)`, `χ(v) = ±1`, one for each of the
//! `2^r` characters, and their multiset does not depend on the coordinates
//! chosen for `V` (the module [`super::span`] spreads it to `F₂^B`).
//!
//! Take the coordinates of a basis among the values themselves: Gaussian
//! elimination keeps `r` of them, `b_1, …, b_r`, and writes each other value as
//! `v_j = ⊕_{k ∈ c_j} b_k` (a value 0 has `c_j = ∅`). A character is a sign
//! `σ_k = χ(b_k)` per basis value, freely, and then `χ(v_j) = Π_{k ∈ c_j} σ_k`.
//! Let `S = ∪_j c_j` be the basis values that some dependency involves and
//! `F` the others. Then
//!
//! ```text
//! Ŵ(σ) = A(σ_S) + Σ_{k ∈ F} w_k σ_k,
//! A(σ_S) = Σ_{k ∈ S} w_k σ_k + Σ_j w_j Π_{k ∈ c_j} σ_k,
//! ```
//!
//! so the multiset of `Ŵ` is the sumset of the `2^{|S|}` values of `A`
//! (enumerated) and the values of the free part. In the free part only the
//! number of minus signs among free values of equal count matters: for a
//! count `w` held by `n` free values, `w·(n − 2j)` comes `C(n, j)` times. The
//! multiset has at most `2^{|S|} · Π_w (n_w + 1)` terms against the table's
//! `2^r`: independent values of equal counts (the powers of two up to `2^63`,
//! say) give `r + 1` terms for a span of rank `r`.

use super::span::{Span, SpanHistogram};
use super::spectrum::Spectrum;
use std::collections::BTreeMap;

/// Few values on a large span, as `(value, count)` pairs: the transform
/// comes from their dependencies ([`SparseHistogram::spectrum`]), the table of
/// the span only when a sum of several components needs it
/// ([`SparseHistogram::to_span_histogram`]).
///
/// ```
/// use grundy::count::SparseHistogram;
///
/// // thirty independent values of count 1: a span of rank 30, 31 transform values
/// let h = SparseHistogram::new((0..30).map(|j| (1u64 << j, 1)).collect());
/// assert_eq!(h.span().rank(), 30);
/// assert_eq!(h.spectrum_terms(), 31.0);
/// assert_eq!(h.spectrum(&mut |_, _| true).unwrap().terms().len(), 31);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SparseHistogram {
    /// `(value, count)`, values distinct and ascending, counts nonzero.
    pairs: Vec<(u64, u128)>,
    span: Span,
    /// The positions of the basis values in `pairs`, and each other value's
    /// position with its coordinates (a mask over the basis positions).
    basis: Vec<usize>,
    dependent: Vec<(usize, u64)>,
}

impl SparseHistogram {
    /// The histogram of `pairs` (values distinct, counts adding up to at most
    /// [`super::MAX_TOTAL`]).
    pub fn new(pairs: Vec<(u64, u128)>) -> Self {
        let span = Span::of(pairs.iter().map(|p| p.0));
        // elimination keeping each row's combination of basis values:
        // rows[p] = (vector with top bit p, the basis positions it is the XOR of)
        let mut rows: [Option<(u64, u64)>; 64] = [None; 64];
        let (mut basis, mut dependent) = (Vec::new(), Vec::new());
        for (i, &(v, _)) in pairs.iter().enumerate() {
            let (mut x, mut combo) = (v, 0u64);
            while x != 0 {
                let top = 63 - x.leading_zeros() as usize;
                match rows[top] {
                    Some((row, c)) => (x, combo) = (x ^ row, combo ^ c),
                    None => break,
                }
            }
            if x == 0 {
                dependent.push((i, combo));
            } else {
                rows[63 - x.leading_zeros() as usize] = Some((x, combo ^ (1u64 << basis.len())));
                basis.push(i);
            }
        }
        SparseHistogram { pairs, span, basis, dependent }
    }

    /// The span of the values.
    pub fn span(&self) -> &Span {
        &self.span
    }

    /// `B`: every value is below `2^B`.
    pub fn bits(&self) -> u32 {
        self.span.bits()
    }

    /// `Σ h`.
    pub fn total(&self) -> u128 {
        self.pairs.iter().map(|p| p.1).sum()
    }

    /// The basis values that some dependency involves (`S`, a mask over the
    /// basis positions).
    fn involved(&self) -> u64 {
        self.dependent.iter().fold(0, |s, d| s | d.1)
    }

    /// The free basis values by count: `count → how many`.
    fn free_counts(&self) -> BTreeMap<u128, u32> {
        let involved = self.involved();
        let mut free = BTreeMap::new();
        for (k, &i) in self.basis.iter().enumerate() {
            if (involved >> k) & 1 == 0 {
                *free.entry(self.pairs[i].1).or_insert(0) += 1;
            }
        }
        free
    }

    /// The most terms [`SparseHistogram::spectrum`] computes before merging
    /// equal values: `2^{|S|} · Π_w (n_w + 1)` (see the module documentation).
    pub fn spectrum_terms(&self) -> f64 {
        let free: f64 = self.free_counts().values().map(|&n| f64::from(n) + 1.0).product();
        2f64.powi(self.involved().count_ones() as i32) * free
    }

    /// The transform values over `F₂^B` (`B` = [`SparseHistogram::bits`]) in one
    /// class, from the values' dependencies (see the module documentation),
    /// reporting to `progress(done, total)` (the enumerated values, then the
    /// free counts); `None` when it said stop.
    pub fn spectrum(&self, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<Spectrum> {
        let involved = self.involved();
        let positions: Vec<usize> = (0..self.basis.len()).filter(|&k| (involved >> k) & 1 == 1).collect();
        // A over the 2^|S| signs of the involved basis values, in Gray-code order:
        // one sign changes per step
        let weight = |i: usize| self.pairs[i].1 as i128;
        let mut signs: Vec<i128> = vec![1; self.basis.len()];
        let mut dep_signs: Vec<i128> = vec![1; self.dependent.len()];
        let mut a: i128 = positions.iter().map(|&k| weight(self.basis[k])).sum::<i128>()
            + self.dependent.iter().map(|&(i, _)| weight(i)).sum::<i128>();
        let free = self.free_counts();
        let total = (1u64 << positions.len()) + free.len() as u64;
        let mut values = Vec::with_capacity(1 << positions.len());
        values.push(a);
        for step in 1..1usize << positions.len() {
            if step % REPORT_EVERY == 0 && !progress(step as u64, total) {
                return None;
            }
            let k = positions[step.trailing_zeros() as usize];
            a -= 2 * signs[k] * weight(self.basis[k]);
            signs[k] = -signs[k];
            for (j, &(i, c)) in self.dependent.iter().enumerate() {
                if (c >> k) & 1 == 1 {
                    a -= 2 * dep_signs[j] * weight(i);
                    dep_signs[j] = -dep_signs[j];
                }
            }
            values.push(a);
        }
        let mut terms = merged(values.into_iter().map(|v| (v, 1)).collect());
        // the free part, one count at a time: w·(n − 2j), C(n, j) times
        for (done, (w, n)) in free.into_iter().enumerate() {
            if !progress((1 << positions.len()) + done as u64, total) {
                return None;
            }
            let mut next = Vec::with_capacity(terms.len() * (n as usize + 1));
            for &(x, m) in &terms {
                let mut choose: u128 = 1;
                for j in 0..=n {
                    next.push((x + w as i128 * (i128::from(n) - 2 * i128::from(j)), m * choose));
                    choose = choose * u128::from(n - j) / u128::from(j + 1);
                }
            }
            terms = merged(next);
        }
        Some(Spectrum::from_terms(self.span.rank(), terms).spread(self.bits()))
    }

    /// The histogram as a table of the span's `2^r` counts.
    pub fn to_span_histogram(&self) -> SpanHistogram {
        SpanHistogram::in_span(self.span.clone(), &self.pairs)
    }
}

/// Values of `A` enumerated between two progress reports.
const REPORT_EVERY: usize = 1 << 20;

/// `(value, multiplicity)` terms sorted by value, equal values merged
/// (their multiplicities added).
pub(crate) fn merged(mut terms: Vec<(i128, u128)>) -> Vec<(i128, u128)> {
    terms.sort_unstable_by_key(|t| t.0);
    terms.dedup_by(|next, kept| {
        let same = next.0 == kept.0;
        if same {
            kept.1 += next.1;
        }
        same
    });
    terms
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Budget;
    use proptest::prelude::*;

    /// The transform values over `F₂^B` by the table of the span (the
    /// reference path), merged.
    fn by_table(pairs: &[(u64, u128)]) -> Vec<(i128, u128)> {
        let h = crate::count::Histogram::Spanned(SpanHistogram::new(pairs));
        let s = h.spectrum(0, &Budget::default()).unwrap();
        merged(s.terms().to_vec())
    }

    fn distinct(pairs: Vec<(u64, u128)>) -> Vec<(u64, u128)> {
        let mut pairs = pairs;
        pairs.sort_unstable_by_key(|p| p.0);
        pairs.dedup_by_key(|p| p.0);
        pairs
    }

    proptest! {
        #[test]
        fn the_transform_from_dependencies_is_the_tables(
            pairs in prop::collection::vec((0u64..1 << 12, 1u128..4), 1..12),
            shift in 0u32..52,
        ) {
            // values far apart (shifted) and near, with dependencies and equal counts
            let pairs = distinct(pairs.into_iter().map(|(v, c)| (v << shift, c)).collect());
            let h = SparseHistogram::new(pairs.clone());
            let s = h.spectrum(&mut |_, _| true).unwrap();
            prop_assert_eq!(s.bits(), h.bits());
            prop_assert_eq!(merged(s.terms().to_vec()), by_table(&pairs));
            prop_assert!(s.terms().len() as f64 <= h.spectrum_terms());
        }
    }

    #[test]
    fn independent_values_with_equal_counts_give_rank_plus_one_terms() {
        for r in [1u32, 5, 30, 64] {
            let pairs: Vec<(u64, u128)> = (0..r).map(|j| (1u64 << j, 3)).collect();
            let h = SparseHistogram::new(pairs);
            assert_eq!((h.span().rank(), h.spectrum_terms()), (r, f64::from(r) + 1.0));
            let s = h.spectrum(&mut |_, _| true).unwrap();
            // 3·(r − 2j), C(r, j) times, spread to 2^B indices (B = r here)
            assert_eq!(s.terms().len(), r as usize + 1);
            assert_eq!(s.terms().iter().map(|t| t.1).sum::<u128>(), 1u128 << r);
            assert_eq!(s.terms().last(), Some(&(3 * i128::from(r), 1)));
        }
    }

    #[test]
    fn zero_and_dependent_values_are_counted() {
        // 0, a, b, a^b: S = {a, b}, nothing free
        let pairs = vec![(0, 2), (1 << 40, 1), (5, 3), ((1 << 40) | 5, 4)];
        let h = SparseHistogram::new(pairs.clone());
        assert_eq!((h.span().rank(), h.spectrum_terms()), (2, 4.0));
        assert_eq!(merged(h.spectrum(&mut |_, _| true).unwrap().terms().to_vec()), by_table(&pairs));
    }
}
