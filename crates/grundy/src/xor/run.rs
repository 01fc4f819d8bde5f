//! XOR powers of a histogram that ends in a long run of ones, without ever
//! materializing the run.
//!
//! Coprime Nim's histogram over `1..=N−1` is an irregular head (values up to
//! `π(√N)`) followed by ones at every index up to `E = π(N−1)`, since each prime
//! above `√N` is the smallest prime factor of itself only. With `2^B > E`, split an
//! index `k = hi·2^s + lo` with the head inside block 0 (`2^s` above the head),
//! and write `E = Q·2^s + R`. The low block `a` (head plus the ones below `2^s`)
//! has a transform `â(lo)` independent of `hi`. The ones on `[2^s, E]` form the full
//! blocks `1..Q−1`, whose transform vanishes unless `lo = 0`, and the partial block
//! `Q` with `lo ∈ [0, R]`:
//!
//! ```text
//! lo ≠ 0:  ĉ(k) = â(lo) + (−1)^{popcount(Q & hi)} · P(lo),      P = transform of 1[0..=R]
//! lo = 0:  ĉ(k) = â(0) + 2^s · I(hi) + (−1)^{popcount(Q & hi)} · (R + 1),
//!                                                      I = transform of 1[1..=Q−1]
//! ```
//!
//! For `lo ≠ 0` the sign is `+` for exactly half of the `hi` (Q ≠ 0), so
//! `Σ_hi ĉ(k)^K = 2^{B−s−1} · ((â+P)^K + (â−P)^K)`. For `lo = 0` the
//! transform of an interval has a closed form ([`prefix_transform`]): `I(hi)`
//! and the sign depend only on the trailing zeros of `hi` and the parity of
//! `popcount(Q & hi)`, so the `2^{B−s}` values `ĉ(hi·2^s)` are `2(B − s) + 1`
//! values with multiplicities. `P` has the same closed form. The whole sum
//! `Σ_k ĉ(k)^K` then takes about `2·2^s + 2(B − s)` powers instead of `2^B`,
//! with `2^s` the least block holding the head, and
//! `h^{*K}[0] = 2^{−B} Σ_k ĉ(k)^K` as in [`super::zero_xor_count`].
//!
//! The low block is transformed in `i64` when its total is below `2^63`
//! ([`narrow`]; Coprime Nim's up to `N = 2^63`), else in `i128`.

use super::interval::{LowBlock, Pairs, prefix_transform};
use super::walsh_hadamard::{Butterfly, walsh_hadamard_observed};
use super::{MAX_TOTAL, Spectrum};
use crate::error::Error;
use std::borrow::Cow;

/// A histogram `head[0..]` followed by ones at every index in `run_start..=run_end`
/// (no run when `run_start > run_end`), with `head.len() <= run_start`.
///
/// ```
/// use grundy::count::RunHistogram;
///
/// let h = RunHistogram::new(vec![4, 1], 3, 6).unwrap();
/// assert_eq!(h.dense(), vec![4, 1, 0, 1, 1, 1, 1]);
/// assert_eq!(h.total(), 9);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunHistogram {
    head: Head,
    run_start: u64,
    run_end: u64,
}

/// The head's counts as they were given: `u128`, or `u64` (Coprime Nim's
/// buckets, whose buffer becomes the `i64` low block where it lies).
#[derive(Clone, Debug)]
enum Head {
    Wide(Vec<u128>),
    Narrow(Vec<u64>),
}

impl Head {
    fn len(&self) -> usize {
        match self {
            Head::Wide(h) => h.len(),
            Head::Narrow(h) => h.len(),
        }
    }

    /// `Σ` of the counts, `None` past `u128`.
    fn sum(&self) -> Option<u128> {
        match self {
            Head::Wide(h) => h.iter().try_fold(0u128, |a, &c| a.checked_add(c)),
            Head::Narrow(h) => h.iter().try_fold(0u128, |a, &c| a.checked_add(u128::from(c))),
        }
    }

    fn to_wide(&self) -> Cow<'_, [u128]> {
        match self {
            Head::Wide(h) => Cow::Borrowed(h),
            Head::Narrow(h) => Cow::Owned(h.iter().map(|&c| u128::from(c)).collect()),
        }
    }
}

/// Equal counts are equal heads, however they are held.
impl PartialEq for Head {
    fn eq(&self, other: &Head) -> bool {
        self.len() == other.len() && self.to_wide() == other.to_wide()
    }
}

impl Eq for Head {}

impl RunHistogram {
    /// The histogram, refused when the head overlaps the run or the total
    /// exceeds `2^126`.
    pub fn new(head: Vec<u128>, run_start: u64, run_end: u64) -> Result<Self, Error> {
        Self::of_head(Head::Wide(head), run_start, run_end)
    }

    /// [`RunHistogram::new`] with counts below `2^64`, held as they are (a
    /// low block in `i64`, when its total is below `2^63`, is then written
    /// over them).
    ///
    /// ```
    /// use grundy::count::RunHistogram;
    ///
    /// let h = RunHistogram::new_u64(vec![4, 1], 3, 6).unwrap();
    /// assert_eq!(h, RunHistogram::new(vec![4, 1], 3, 6).unwrap());
    /// ```
    pub fn new_u64(head: Vec<u64>, run_start: u64, run_end: u64) -> Result<Self, Error> {
        Self::of_head(Head::Narrow(head), run_start, run_end)
    }

    fn of_head(head: Head, run_start: u64, run_end: u64) -> Result<Self, Error> {
        if (head.len() as u64) > run_start {
            return Err(Error::invalid("run_start", "must not be below the length of the head"));
        }
        if head.sum().is_none_or(|t| t > MAX_TOTAL) {
            return Err(Error::invalid("head", "counts add up to more than 2^126"));
        }
        Ok(RunHistogram { head, run_start, run_end })
    }

    /// The irregular counts at the small indices (written out in `u128` when
    /// they were given in `u64`).
    pub fn head(&self) -> Cow<'_, [u128]> {
        self.head.to_wide()
    }

    /// The first and last index of the run of ones.
    pub fn run(&self) -> (u64, u64) {
        (self.run_start, self.run_end)
    }

    fn has_run(&self) -> bool {
        self.run_start <= self.run_end
    }

    /// The histogram written out in full (for tests and small sizes).
    pub fn dense(&self) -> Vec<u128> {
        let mut v = self.head.to_wide().into_owned();
        if self.has_run() {
            v.resize(self.run_start as usize, 0);
            v.resize(self.run_end as usize + 1, 1);
        }
        v
    }

    /// The total count `Σ h`.
    pub fn total(&self) -> u128 {
        self.head.sum().unwrap_or(MAX_TOTAL)
            + (self.run_end as u128 + 1).saturating_sub(self.run_start as u128)
    }

    /// `B`: every index is below `2^B`.
    pub fn bits(&self) -> u32 {
        let top = if self.has_run() { self.run_end } else { self.head.len().saturating_sub(1) as u64 };
        bits_for(top)
    }

    /// The split `s` (block size `2^s`) for classes of `low` bits: the least
    /// with the head and the start of the run in block 0 and `s >= low` (the
    /// terms, `2·2^s + 2(B − s) + 1`, grow with `s`).
    fn split(&self, low: u32) -> u32 {
        let b = self.bits();
        let first = (self.head.len() as u64).max(if self.has_run() { self.run_start } else { 0 });
        bits_for(first.saturating_sub(1)).max(low).min(b)
    }

    /// Bytes of [`RunHistogram::spectrum`] at its peak: the transform of the
    /// low block (8 bytes a value in `i64`, when the block's total is below
    /// `2^63`, else 16; written over the head) and the
    /// `2(B − s) + 1` terms of index class 0 (32 bytes each), or, when the
    /// run ends inside the low block, its `2^s` terms (the pairs `â ± P` are
    /// never stored: they are made from the low block when read,
    /// [`Spectrum::class_piece`]).
    /// The classes' offsets, 8 bytes each, are counted too.
    pub fn spectrum_memory(&self, low: u32) -> f64 {
        let b = self.bits();
        let s = self.split(low);
        let block = 2f64.powi(s as i32);
        let terms = if self.tail(s) { 2.0 * f64::from(b - s) + 1.0 } else { block };
        let value = if narrow(self.low_total(s)) { 8.0 } else { 16.0 };
        value * block + 32.0 * terms + 8.0 * 2f64.powi(low.min(b) as i32)
    }

    /// The total of the low block of `2^s` indices: the head and the ones
    /// below `2^s`.
    fn low_total(&self, s: u32) -> u128 {
        // at most 2^126 (checked when made)
        let head = self.head.sum().unwrap_or(MAX_TOTAL);
        let last = (u128::from(self.run_end)).min((1u128 << s) - 1);
        let ones = if self.has_run() { (last + 1).saturating_sub(u128::from(self.run_start)) } else { 0 };
        head + ones
    }

    /// Whether the run reaches past the low block of `2^s` indices (a block
    /// of `2^64` holds every index).
    fn tail(&self, s: u32) -> bool {
        self.has_run() && 1u64.checked_shl(s).is_some_and(|block| self.run_end >= block)
    }

    /// The transform grouped by `s mod 2^low` (`low <= B`), in about
    /// `2·2^s + 2(B − s)` terms (see the module documentation), reporting the
    /// transform of the low block to `progress(done, total)`; `None` when it
    /// said stop.
    pub fn spectrum(&self, low: u32, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<Spectrum> {
        self.clone().into_spectrum(low, progress)
    }

    /// [`RunHistogram::spectrum`], taking the histogram: the head is let go
    /// once the low block is written, and the pairs `â(lo) ± P(lo)`, all but
    /// `2(B − s) + 1` of the terms, are held as the low block `â` alone
    /// (16 bytes per `lo` instead of the 64 of two terms) and made when read.
    pub fn into_spectrum(self, low: u32, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<Spectrum> {
        let wide = !narrow(self.low_total(self.split(low.min(self.bits()))));
        self.into_spectrum_in(low, wide, progress)
    }

    /// [`RunHistogram::into_spectrum`] with the low block in `i128` when
    /// `wide`, else in `i64` (which [`narrow`] must allow).
    fn into_spectrum_in(
        self,
        low: u32,
        wide: bool,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Option<Spectrum> {
        let b = self.bits();
        let low = low.min(b);
        let s = self.split(low);
        let tail = self.tail(s);
        let low_len = 1usize << s;
        // the low block: the head, then the ones below 2^s
        let (start, end) = (self.run_start, self.run_end);
        let a = if wide {
            // written over a head of u128 (the same layout: the map
            // collects in place, then grows)
            let mut a: Vec<i128> = match self.head {
                Head::Wide(h) => h.into_iter().map(|c| c as i128).collect(),
                Head::Narrow(h) => h.into_iter().map(i128::from).collect(),
            };
            a.resize(low_len, 0);
            add_ones(&mut a, start, end);
            walsh_hadamard_observed(&mut a, progress)?;
            LowBlock::Wide(a)
        } else {
            let mut a = match self.head {
                Head::Wide(h) => narrow_block(h, low_len, HEAD_BLOCK),
                // over a head of u64 (the same layout: in place, then grows)
                Head::Narrow(h) => {
                    let mut a: Vec<i64> = h.into_iter().map(narrow_count).collect();
                    a.resize(low_len, 0);
                    a
                }
            };
            add_ones(&mut a, start, end);
            walsh_hadamard_observed(&mut a, progress)?;
            LowBlock::Narrow(a)
        };
        let n = b - s;
        let hi_len = 1u128 << n;
        let step = 1usize << low;
        let mut offsets = Vec::with_capacity(step + 1);
        offsets.push(0);
        if !tail {
            let mut terms = Vec::with_capacity(low_len);
            for r in 0..step {
                terms.extend((r..low_len).step_by(step).map(|lo| (a.at(lo), hi_len)));
                offsets.push(terms.len());
            }
            return Some(Spectrum::from_parts(b, terms, offsets));
        }
        let q = self.run_end >> s;
        let r1 = (self.run_end & (low_len as u64 - 1)) + 1;
        // lo = 0 (class 0): â(0) + 2^s·I(hi) + σ·(R + 1), σ = (−1)^{popcount(Q & hi)},
        // I(hi) = W_Q(hi) − 1 (the ones on [1, Q−1]); for hi ≠ 0
        // W_Q(hi) = σ·D(tz(hi)) (see prefix_transform), so the value
        // depends on tz(hi) and σ alone
        let block = low_len as i128;
        let (a0, r1i) = (a.at(0), r1 as i128);
        let mut terms = Vec::with_capacity(2 * n as usize + 1);
        terms.push((a0 + block * (q as i128 - 1) + r1i, 1));
        for t in 0..n {
            let d = prefix_transform(q, 1 << t);
            // W_Q(2^t) = σ(2^t)·D(t)
            let sigma0 = if (q >> t) & 1 == 1 { -1 } else { 1 };
            let d = d * sigma0;
            let value = |sigma: i128| a0 + block * (sigma * d - 1) + sigma * r1i;
            // hi = 2^t·(2u + 1), u < 2^{n−t−1}: σ = σ(2^t)·(−1)^{popcount(Q & 2^{t+1}u)}
            if q >> (t + 1) != 0 {
                let each = 1u128 << (n - t - 2);
                terms.push((value(1), each));
                terms.push((value(-1), each));
            } else {
                terms.push((value(sigma0), 1u128 << (n - t - 1)));
            }
        }
        // lo ≠ 0: the pair â(lo) ± P(lo), each for half of the hi (class r
        // holds lo = r + j·2^low, j < 2^{s−low}), made when read
        offsets.extend(std::iter::repeat_n(terms.len(), step));
        let pairs = Pairs { low: a, len: r1, step, per: low_len / step, each: hi_len / 2 };
        Some(Spectrum::from_parts(b, terms, offsets).with_pairs(pairs))
    }
}

fn bits_for(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// Whether a low block of total `total` is transformed in `i64`: when
/// `total <= i64::MAX = 2^63 − 1`. Exact then: the block `a` is nonnegative,
/// and every value the transform holds (see [`Butterfly`]) is a partial
/// character sum `Σ_{i ∈ S} ±a[i]`, so it lies in `[−T, T]` with
/// `T = Σ a = total`, inside `i64`'s `[−2^63, 2^63 − 1]`; in particular the
/// Walsh–Hadamard transform of a nonnegative vector of total `T` has its
/// entries in `[−T, T]`. The terms made from it (`â ± P`, class 0's) are
/// formed in `i128`.
fn narrow(total: u128) -> bool {
    total <= i64::MAX as u128
}

/// Head counts converted and given back at a time by [`narrow_block`].
const HEAD_BLOCK: usize = 1 << 16;

/// The head written into a low block of `len` values in `i64`, from the
/// back while the head is cut and given back `block` counts at a time: the
/// block's zeroed pages are taken only as they are written, so about the
/// head alone is held, not the head beside the block. Every count fits, being
/// at most the block's total (below `2^63` where [`narrow`] says `i64`).
fn narrow_block(mut head: Vec<u128>, len: usize, block: usize) -> Vec<i64> {
    let mut a = vec![0i64; len];
    while !head.is_empty() {
        let from = head.len().saturating_sub(block.max(1));
        for (x, &c) in a[from..head.len()].iter_mut().zip(&head[from..]) {
            *x = narrow_count(c);
        }
        head.truncate(from);
        head.shrink_to_fit();
    }
    a
}

/// A count of a low block in `i64`: at most its total, below `2^63` where
/// [`narrow`] says `i64`.
fn narrow_count<C: TryInto<i64>>(c: C) -> i64 {
    match c.try_into() {
        Ok(c) => c,
        Err(_) => panic!("a count of a low block of total below 2^63"),
    }
}

/// One more at every index of `[start, end]` below `a.len()`.
fn add_ones<T: Butterfly + From<u8>>(a: &mut [T], start: u64, end: u64) {
    if start <= end && start < a.len() as u64 {
        let last = (end as usize).min(a.len() - 1);
        a[start as usize..=last].iter_mut().for_each(|x| *x = *x + T::from(1));
    }
}

#[cfg(test)]
mod tests {
    use super::super::walsh_hadamard;
    use super::*;
    use crate::count::Histogram;
    use crate::error::Budget;
    use proptest::prelude::*;

    /// The multiset of values of each class, from the dense transform.
    fn dense_classes(h: &RunHistogram, low: u32) -> Vec<Vec<i128>> {
        let b = h.bits();
        let mut v: Vec<i128> = h.dense().iter().map(|&c| c as i128).collect();
        v.resize(1 << b, 0);
        walsh_hadamard(&mut v);
        let low = low.min(b);
        (0..1usize << low).map(|r| v.iter().skip(r).step_by(1 << low).copied().collect()).collect()
    }

    proptest! {
        #[test]
        fn grouped_spectrum_matches_the_dense_transform(
            head in prop::collection::vec(0u128..1_000_000, 0..40),
            gap in 0u64..50,
            run in 0u64..3000,
            low in 0u32..8,
        ) {
            let run_start = head.len() as u64 + gap;
            let h = RunHistogram::new(head, run_start, (run_start + run).saturating_sub(1)).unwrap();
            prop_assume!(!h.dense().is_empty());
            let spectrum = h.spectrum(low, &mut |_, _| true).unwrap();
            let want = dense_classes(&h, low);
            prop_assert_eq!(spectrum.classes(), want.len());
            for (r, mut w) in want.into_iter().enumerate() {
                w.sort_unstable();
                prop_assert_eq!(crate::xor::expanded(&spectrum.class(r)), w, "class {}", r);
            }
            // the same through the general histogram
            let general = Histogram::Run(h.clone()).spectrum(low, &Budget::default()).unwrap();
            prop_assert_eq!(general, spectrum);
        }

        /// The pairs made when read ([`Spectrum::class_piece`]): any piece of
        /// a class, across the stored terms and the made ones, is that slice
        /// of the class written out, and the counts of terms and indices and
        /// the values agree with the terms written out.
        #[test]
        fn pieces_of_a_class_are_its_slices(
            head in prop::collection::vec(0u128..1000, 1..40),
            run in 1u64..5000,
            low in 0u32..6,
            cut in (0usize..200, 0usize..200),
        ) {
            let start = head.len() as u64;
            let h = RunHistogram::new(head, start, start + run).unwrap();
            let s = h.spectrum(low, &mut |_, _| true).unwrap();
            let terms = s.terms().into_owned();
            prop_assert_eq!(s.len(), terms.len());
            prop_assert_eq!(s.indices(), 1u128 << s.bits());
            let mut values = Vec::new();
            s.for_each_value(|v| values.push(v));
            let mut want: Vec<i128> = terms.iter().map(|t| t.0).collect();
            values.sort_unstable();
            want.sort_unstable();
            prop_assert_eq!(values, want);
            for r in 0..s.classes() {
                let class = s.class(r).into_owned();
                prop_assert_eq!(class.len(), s.class_len(r));
                prop_assert_eq!(s.first_value(r), class.first().map_or(0, |t| t.0));
                let (i, j) = (cut.0.min(class.len()), cut.1.min(class.len()));
                let (i, j) = (i.min(j), i.max(j));
                prop_assert_eq!(&s.class_piece(r, i..j)[..], &class[i..j], "class {} {}..{}", r, i, j);
            }
        }
    }

    /// The low block in `i64` ([`narrow`]) against the same block in `i128`,
    /// from a head of `u128` and of `u64`.
    #[test]
    fn narrow_and_wide_low_blocks_agree() {
        let mut cases = 0;
        for len in [1usize, 2, 5, 40] {
            for run in [0u64, 1, 7, 300, 5000] {
                for low in [0u32, 1, 3] {
                    let head: Vec<u128> = (0..len as u128).map(|i| (i * 7919 + 13) % 1_000_003).collect();
                    let words: Vec<u64> = head.iter().map(|&c| c as u64).collect();
                    let (start, end) = (len as u64 + 3, len as u64 + 2 + run);
                    let h = RunHistogram::new(head, start, end).unwrap();
                    // the same counts held in u64, the low block written over them
                    let h64 = RunHistogram::new_u64(words, start, end).unwrap();
                    assert_eq!(h64, h);
                    let narrow = h.clone().into_spectrum(low, &mut |_, _| true).unwrap();
                    let wide = h.into_spectrum_in(low, true, &mut |_, _| true).unwrap();
                    assert_eq!(narrow.terms(), wide.terms(), "len {len} run {run} low {low}");
                    for wide64 in [false, true] {
                        let s64 = h64.clone().into_spectrum_in(low, wide64, &mut |_, _| true).unwrap();
                        assert_eq!(s64.terms(), wide.terms(), "u64 head, len {len} run {run} low {low}");
                    }
                    if narrow.narrow_pairs().is_some() {
                        assert_eq!((narrow.narrow_pairs(), wide.narrow_pairs()), (Some(true), Some(false)));
                        cases += 1;
                    }
                }
            }
        }
        assert!(cases > 0);
    }

    /// The bound of [`narrow`] at its edge: a low block of total `2^63 − 1`
    /// is transformed in `i64` and one of `2^63` in `i128`, both equal to
    /// the dense transform (in `i64`, `Ŵ(0) = 2^63` would wrap: a weaker
    /// bound fails here).
    #[test]
    fn the_narrow_bound_is_exact_at_two_to_the_63() {
        for (extra, narrow) in [(0u128, true), (1, false)] {
            // the low block of 4 indices: the head and the one at index 3
            let head = vec![1u128 << 62, (1 << 62) - 5 + extra, 3];
            let h = RunHistogram::new(head, 3, 1000).unwrap();
            assert_eq!(h.low_total(h.split(0)), (1u128 << 63) - 1 + extra);
            for low in [0u32, 1, 2] {
                let spectrum = h.spectrum(low, &mut |_, _| true).unwrap();
                for (r, mut w) in dense_classes(&h, low).into_iter().enumerate() {
                    w.sort_unstable();
                    assert_eq!(
                        crate::xor::expanded(&spectrum.class(r)),
                        w,
                        "extra {extra} low {low} class {r}"
                    );
                }
                assert_eq!(spectrum.narrow_pairs(), Some(narrow), "extra {extra}");
            }
        }
    }

    #[test]
    fn runs_ending_at_powers_of_two() {
        for end in [1u64, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 1023, 1024, 1025] {
            for start in [2u64, 3, 5] {
                if start > end {
                    continue;
                }
                let h = RunHistogram::new(vec![7, 1], start, end).unwrap();
                for low in [0u32, 1, 3] {
                    let want = dense_classes(&h, low);
                    let got = h.spectrum(low, &mut |_, _| true).unwrap();
                    for (r, mut w) in want.into_iter().enumerate() {
                        w.sort_unstable();
                        assert_eq!(
                            crate::xor::expanded(&got.class(r)),
                            w,
                            "end={end} start={start} low={low}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn terms_stay_few_for_a_long_run() {
        // a run to 2^40: the terms are about twice the block holding the head
        let h = RunHistogram::new(vec![5; 1000], 1000, 1 << 40).unwrap();
        let s = h.spectrum(0, &mut |_, _| true).unwrap();
        assert!(s.terms().len() <= 2 * 1024 + 2 * 41 + 1, "{}", s.terms().len());
        let total: u128 = s.terms().iter().map(|t| t.1).sum();
        assert_eq!(total, 1 << 41);
    }

    /// A run to `2^63` and beyond needs a block of `2^64` indices: its
    /// estimate is huge, not `1` (a shift by 64 wraps), so the spectrum is
    /// refused by the budget instead of allocating the classes' offsets.
    #[test]
    fn a_run_past_two_to_the_63_is_refused_by_its_estimate() {
        let h = RunHistogram::new(vec![3, 1], (1 << 63) + 1, u64::MAX).unwrap();
        assert!(h.spectrum_memory(45) > 1e19, "{}", h.spectrum_memory(45));
        let small = Budget { max_memory: 64 << 20, ..Budget::default() };
        assert!(Histogram::Run(h).spectrum(45, &small).is_err());
    }

    #[test]
    fn overlapping_head_is_refused() {
        assert!(RunHistogram::new(vec![1, 2, 3], 2, 10).is_err());
        assert!(RunHistogram::new(vec![u128::MAX, 1], 2, 10).is_err());
    }
}
