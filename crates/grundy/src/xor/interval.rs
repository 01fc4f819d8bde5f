//! The Walsh–Hadamard transform of an interval `[0, q)` in closed form
//! ([`prefix_transform`]), and the terms `â ± P` a transform made of a low
//! block and an interval's transform has ([`Pairs`], made when read): the
//! pieces of [`super::RunHistogram`]'s spectrum that are never stored.

use std::ops::Range;

/// The Walsh–Hadamard transform of the indicator of `[0, q)` at `h`, i.e.
/// `Σ_{j<q} (−1)^{popcount(j & h)}`. `[0, q)` is the union over the bits `k`
/// of `q` of the aligned blocks `[q_k, q_k + 2^k)` (`q_k`: `q` with the bits
/// `<= k` cleared), each transforming to `2^k·(−1)^{popcount(q_k & h)}` when
/// `2^k | h` and to 0 otherwise. With `t = tz(h)` and `σ = (−1)^{popcount(q & h)}`
/// the blocks `k < t` give `σ·2^k` and the block `k = t` gives `−σ·2^t`, so
/// for `h ≠ 0` the value is `σ·((q mod 2^t) − [bit t of q]·2^t)`; at `h = 0` it is `q`.
pub(crate) fn prefix_transform(q: u64, h: u64) -> i128 {
    if h == 0 {
        return i128::from(q);
    }
    let t = h.trailing_zeros();
    let below = i128::from(q & ((1u64 << t) - 1));
    let d = if (q >> t) & 1 == 1 { below - (1i128 << t) } else { below };
    if (q & h).count_ones().is_multiple_of(2) { d } else { -d }
}

/// The transform `â` of a low block (see [`super::RunHistogram`]), in `i64`
/// when the block's total allows it (`Narrow`, half the memory and a
/// transform that vectorizes), else in `i128`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LowBlock {
    /// Every value in `[−T, T]`, `T <= i64::MAX` the block's total.
    Narrow(Vec<i64>),
    /// Any block of total at most `2^126`.
    Wide(Vec<i128>),
}

impl LowBlock {
    /// `â(lo)`.
    #[inline]
    pub(crate) fn at(&self, lo: usize) -> i128 {
        match self {
            LowBlock::Narrow(a) => i128::from(a[lo]),
            LowBlock::Wide(a) => a[lo],
        }
    }

    /// The values, `2^s`.
    pub(crate) fn len(&self) -> usize {
        match self {
            LowBlock::Narrow(a) => a.len(),
            LowBlock::Wide(a) => a.len(),
        }
    }
}

/// The terms `(â(lo) + P(lo), m)` and `(â(lo) − P(lo), m)` of a transform
/// written as a low block `â` and the transform `P` of an interval
/// `[0, len)` (see [`super::RunHistogram`]): class `r` holds `lo = r + j·step`
/// for `j < per`, `lo = 0` left out (its terms are stored), in that order,
/// each `lo` giving its `+` term then its `−` term. Held as `â` alone, 8 or
/// 16 bytes per `lo` ([`LowBlock`]), instead of the 64 bytes of its two terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pairs {
    /// `â(lo)` for every `lo` of the low block.
    pub(crate) low: LowBlock,
    /// The length of the interval whose transform `P` is.
    pub(crate) len: u64,
    /// `2^low`: the classes.
    pub(crate) step: usize,
    /// The `lo` of each class.
    pub(crate) per: usize,
    /// The multiplicity of every term.
    pub(crate) each: u128,
}

impl Pairs {
    /// The pair terms of class `r`: `2·per`, less the two of `lo = 0`.
    pub(crate) fn len(&self, r: usize) -> usize {
        2 * self.per - if r == 0 { 2 } else { 0 }
    }

    /// The pair terms of every class: two per `lo` of the low block but 0.
    pub(crate) fn total(&self) -> usize {
        2 * self.step * self.per - 2
    }

    /// Pair term `i` of class `r`.
    pub(crate) fn term(&self, r: usize, i: usize) -> (i128, u128) {
        let lo = self.lo(r, i);
        self.signed(self.low.at(lo), lo, i)
    }

    /// Pair term `i` at `lo` from `â(lo) = v`: `v + P(lo)` for even `i`,
    /// `v − P(lo)` for odd.
    #[inline(always)]
    fn signed(&self, v: i128, lo: usize, i: usize) -> (i128, u128) {
        let p = prefix_transform(self.len, lo as u64);
        (if i.is_multiple_of(2) { v + p } else { v - p }, self.each)
    }

    /// The `lo` of pair term `i` of class `r` (class 0 starts at `j = 1`).
    #[inline(always)]
    fn lo(&self, r: usize, i: usize) -> usize {
        r + (i / 2 + usize::from(r == 0)) * self.step
    }

    /// Pair terms `range` of class `r` appended to `out`: [`Pairs::term`]
    /// for each, in one loop per width of the low block.
    pub(crate) fn extend(&self, r: usize, range: Range<usize>, out: &mut Vec<(i128, u128)>) {
        match &self.low {
            LowBlock::Narrow(a) => self.extend_from(a, r, range, out),
            LowBlock::Wide(a) => self.extend_from(a, r, range, out),
        }
    }

    #[inline(always)]
    fn extend_from<T: Copy + Into<i128>>(
        &self,
        a: &[T],
        r: usize,
        range: Range<usize>,
        out: &mut Vec<(i128, u128)>,
    ) {
        let term = |i: usize| {
            let lo = self.lo(r, i);
            self.signed(a[lo].into(), lo, i)
        };
        // a lone − term first, then whole pairs (one P each), then a lone + term
        let Range { mut start, end } = range;
        out.reserve(end.saturating_sub(start));
        if start < end && !start.is_multiple_of(2) {
            out.push(term(start));
            start += 1;
        }
        let pairs = (end.max(start) - start) / 2;
        for j in 0..pairs {
            let lo = self.lo(r, start + 2 * j);
            let (v, p) = (a[lo].into(), prefix_transform(self.len, lo as u64));
            out.extend([(v + p, self.each), (v - p, self.each)]);
        }
        if start + 2 * pairs < end {
            out.push(term(start + 2 * pairs));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::walsh_hadamard;
    use super::*;

    #[test]
    fn prefix_transform_matches_the_dense_one() {
        for n in 0..7u32 {
            for q in 0..=1u64 << n {
                let mut v = vec![0i128; 1 << n];
                v[..q as usize].iter_mut().for_each(|x| *x = 1);
                walsh_hadamard(&mut v);
                for (h, &w) in v.iter().enumerate() {
                    assert_eq!(prefix_transform(q, h as u64), w, "q={q} h={h}");
                }
            }
        }
    }
}
