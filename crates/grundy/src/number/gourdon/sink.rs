//! Where the leaves go: added up for `π(x)` ([`Total`]), or filed under the
//! largest prime factor of their `m` for the buckets ([`Bins`]).
//!
//! Every leaf of Legendre's tree below the node `(p_j, j−1)` has `P⁺(m) = p_j`,
//! and those leaves add up to `−φ(x/p_j, j−1) = −c(p_j)`, the bucket of `p_j`
//! negated (see [`crate::number::prime_buckets`]). So the same passes give
//! `π(x)` when every leaf is added to one total, and the buckets of the primes
//! up to `y` when each is added to the bin of its `P⁺(m)`, indexed by
//! `j = π(P⁺(m))`, `1 <= j <= a`. The passes tell a sink
//!
//! * `point(j, v)`: `v` in bin `j`;
//! * `range(lo, hi, v)`: `v` in each bin of `(lo, hi]` (many leaves of the same
//!   value, or the same summand of many leaves);
//! * `slope(lo, hi, v)`: `v·(j − lo)` in each bin `j` of `(lo, hi]`;
//! * `range_starts(lo, hi)` and `range_end(e)`: the ranges `(j, e_j]` of
//!   `1`, one for each `j` of `(lo, hi]` (`e_j >= j`, told one at a time),
//!   their starts at once: for [`Bins`] a slope of the first differences
//!   (one more in the difference of every `j + 1`), so that a range costs
//!   one random write (its end) instead of two;
//!
//! which [`Total`] adds up in `O(1)` and [`Bins`] keeps in a difference array
//! of first and second order (`O(1)` each, `O(a)` to read out). Where a pass
//! needs `j` only for the bins it asks [`Sink::FILES`] first.
//!
//! The hard leaves ([`super::d`]) learn the survivors below their run of
//! segments only after the runs before are done: meanwhile they are kept
//! *pending* (per `β`, a signed count for [`Total`], the bins and signs for
//! [`Bins`]) and *settled* with those survivors.
//!
//! All arithmetic is modulo `2^64`.

use std::sync::Mutex;

/// A destination of leaves (see the module).
pub(super) trait Sink: Send + Sized {
    /// Whether the bin of a leaf matters (else `j` may be anything).
    const FILES: bool;
    /// The leaves of `β` awaiting the survivors below their run, per `β`.
    type Pending: Send;

    /// An empty sink for bins `1..=a`.
    fn new(a: usize) -> Self;
    /// `v` in bin `j`.
    fn point(&mut self, j: usize, v: u64);
    /// `v` in each bin of `(lo, hi]` (none when `hi <= lo`).
    fn range(&mut self, lo: usize, hi: usize, v: u64);
    /// `v·(j − lo)` in each bin `j` of `(lo, hi]` (none when `hi <= lo`).
    fn slope(&mut self, lo: usize, hi: usize, v: u64);
    /// The starts of the ranges `(j, e_j]` of `1` for every `j` of `(lo, hi]`
    /// (none when `hi <= lo`), whose ends come by [`Sink::range_end`].
    fn range_starts(&mut self, lo: usize, hi: usize);
    /// The end `e_j >= j` of the range of `j` begun by [`Sink::range_starts`].
    fn range_end(&mut self, e: usize);
    /// Adds another sink's leaves.
    fn merge(&mut self, other: Self);

    /// Nothing pending yet, for `len` values of `β`.
    fn pending(len: usize) -> Self::Pending;
    /// A leaf of the `i`-th `β` in bin `j`, of sign `+` when `plus` (else `−`).
    fn pend(pending: &mut Self::Pending, i: usize, j: usize, plus: bool);
    /// A leaf of sign `+` of the `i`-th `β` in each bin of `(lo, hi]`.
    fn pend_range(pending: &mut Self::Pending, i: usize, lo: usize, hi: usize);
    /// Files the pending leaves, each worth the survivors `before[i]` of its `β`.
    fn settle(&mut self, pending: Self::Pending, before: &[u64]);
}

/// Every leaf added up.
pub(super) struct Total(pub(super) u64);

impl Sink for Total {
    const FILES: bool = false;
    /// Per `β`, the sum of the signs of its pending leaves.
    type Pending = Vec<u64>;

    fn new(_: usize) -> Self {
        Total(0)
    }

    #[inline(always)]
    fn point(&mut self, _: usize, v: u64) {
        self.0 = self.0.wrapping_add(v);
    }

    #[inline(always)]
    fn range(&mut self, lo: usize, hi: usize, v: u64) {
        if hi > lo {
            self.0 = self.0.wrapping_add(v.wrapping_mul((hi - lo) as u64));
        }
    }

    #[inline(always)]
    fn slope(&mut self, lo: usize, hi: usize, v: u64) {
        if hi > lo {
            let n = (hi - lo) as u64;
            self.0 = self.0.wrapping_add(v.wrapping_mul(n * (n + 1) / 2));
        }
    }

    #[inline(always)]
    fn range_starts(&mut self, lo: usize, hi: usize) {
        if hi > lo {
            // −Σ_{lo<j<=hi} j = −n·(2·lo + 1 + n)/2, halving the even factor
            let (n, s) = ((hi - lo) as u64, (lo + 1 + hi) as u64);
            let sum = if n.is_multiple_of(2) { (n / 2).wrapping_mul(s) } else { n.wrapping_mul(s / 2) };
            self.0 = self.0.wrapping_sub(sum);
        }
    }

    #[inline(always)]
    fn range_end(&mut self, e: usize) {
        self.0 = self.0.wrapping_add(e as u64);
    }

    fn merge(&mut self, other: Self) {
        self.0 = self.0.wrapping_add(other.0);
    }

    fn pending(len: usize) -> Vec<u64> {
        vec![0; len]
    }

    #[inline(always)]
    fn pend(pending: &mut Vec<u64>, i: usize, _: usize, plus: bool) {
        pending[i] = if plus { pending[i].wrapping_add(1) } else { pending[i].wrapping_sub(1) };
    }

    #[inline(always)]
    fn pend_range(pending: &mut Vec<u64>, i: usize, lo: usize, hi: usize) {
        pending[i] = pending[i].wrapping_add(hi.saturating_sub(lo) as u64);
    }

    fn settle(&mut self, pending: Vec<u64>, before: &[u64]) {
        for (&signs, &b) in pending.iter().zip(before) {
            self.0 = self.0.wrapping_add(signs.wrapping_mul(b));
        }
    }
}

/// The leaves filed by bin: `value(j) = point[j] + Σ_{i<=j} diff[i] + Σ_{i<=j} Σ_{i'<=i} second[i']`.
pub(super) struct Bins {
    point: Vec<u64>,
    diff: Vec<u64>,
    second: Vec<u64>,
}

/// Pending leaves of one `β`: bins with their signs (`j << 1 | minus`), and
/// ranges of bins of sign `+`.
#[derive(Default)]
pub(super) struct Waiting {
    leaves: Vec<u32>,
    ranges: Vec<(u32, u32)>,
}

impl Bins {
    /// `value(j)` for `j = 1..=a` (index `j − 1`).
    pub(super) fn values(&self) -> Vec<u64> {
        let (mut first, mut second) = (0u64, 0u64);
        (1..self.point.len() - 2)
            .map(|j| {
                second = second.wrapping_add(self.second[j]);
                first = first.wrapping_add(self.diff[j]).wrapping_add(second);
                self.point[j].wrapping_add(first)
            })
            .collect()
    }
}

impl Sink for Bins {
    const FILES: bool = true;
    type Pending = Vec<Waiting>;

    fn new(a: usize) -> Self {
        // two more: the ends of ranges up to a land at a + 1 and a + 2
        Bins { point: vec![0; a + 3], diff: vec![0; a + 3], second: vec![0; a + 3] }
    }

    #[inline(always)]
    fn point(&mut self, j: usize, v: u64) {
        self.point[j] = self.point[j].wrapping_add(v);
    }

    #[inline(always)]
    fn range(&mut self, lo: usize, hi: usize, v: u64) {
        if hi > lo {
            self.diff[lo + 1] = self.diff[lo + 1].wrapping_add(v);
            self.diff[hi + 1] = self.diff[hi + 1].wrapping_sub(v);
        }
    }

    #[inline(always)]
    fn slope(&mut self, lo: usize, hi: usize, v: u64) {
        if hi > lo {
            // v per step from lo + 1 to hi, then the height v·(hi − lo) taken off
            self.second[lo + 1] = self.second[lo + 1].wrapping_add(v);
            self.second[hi + 1] = self.second[hi + 1].wrapping_sub(v);
            self.diff[hi + 1] = self.diff[hi + 1].wrapping_sub(v.wrapping_mul((hi - lo) as u64));
        }
    }

    #[inline(always)]
    fn range_starts(&mut self, lo: usize, hi: usize) {
        if hi > lo {
            // one more in diff[j + 1] for j in (lo, hi]: diff[lo + 2 ..= hi + 1]
            self.second[lo + 2] = self.second[lo + 2].wrapping_add(1);
            self.second[hi + 2] = self.second[hi + 2].wrapping_sub(1);
        }
    }

    #[inline(always)]
    fn range_end(&mut self, e: usize) {
        self.diff[e + 1] = self.diff[e + 1].wrapping_sub(1);
    }

    fn merge(&mut self, other: Self) {
        for (mine, theirs) in
            [(&mut self.point, other.point), (&mut self.diff, other.diff), (&mut self.second, other.second)]
        {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m = m.wrapping_add(t);
            }
        }
    }

    fn pending(len: usize) -> Vec<Waiting> {
        (0..len).map(|_| Waiting::default()).collect()
    }

    #[inline(always)]
    fn pend(pending: &mut Vec<Waiting>, i: usize, j: usize, plus: bool) {
        pending[i].leaves.push(((j as u32) << 1) | u32::from(!plus));
    }

    fn pend_range(pending: &mut Vec<Waiting>, i: usize, lo: usize, hi: usize) {
        if hi <= lo {
            return;
        }
        let ranges = &mut pending[i].ranges;
        // consecutive segments give adjacent ranges: one range per β and run
        match ranges.last_mut() {
            Some(last) if last.0 as usize == hi => last.0 = lo as u32,
            Some(last) if last.1 as usize == lo => last.1 = hi as u32,
            _ => ranges.push((lo as u32, hi as u32)),
        }
    }

    fn settle(&mut self, pending: Vec<Waiting>, before: &[u64]) {
        for (w, &b) in pending.into_iter().zip(before) {
            for leaf in w.leaves {
                let v = if leaf & 1 == 0 { b } else { b.wrapping_neg() };
                self.point((leaf >> 1) as usize, v);
            }
            for (lo, hi) in w.ranges {
                self.range(lo as usize, hi as usize, b);
            }
        }
    }
}

/// A sink per thread (the passes run on all cores), merged at the end.
pub(super) struct Filing<S> {
    sinks: Vec<Mutex<S>>,
}

impl<S: Sink> Filing<S> {
    pub(super) fn new(threads: usize, a: usize) -> Self {
        Filing { sinks: (0..threads.max(1)).map(|_| Mutex::new(S::new(a))).collect() }
    }

    /// Runs `f` on the current thread's sink.
    pub(super) fn with<R>(&self, f: impl FnOnce(&mut S) -> R) -> R {
        let i = rayon::current_thread_index().unwrap_or(0) % self.sinks.len();
        let mut guard = self.sinks[i].lock().unwrap_or_else(|e| e.into_inner());
        f(&mut guard)
    }

    /// All the sinks in one.
    pub(super) fn into_sink(self) -> S {
        let mut sinks = self.sinks.into_iter().map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()));
        let mut first = sinks.next().expect("at least one sink");
        for s in sinks {
            first.merge(s);
        }
        first
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bins a list of operations should leave, one by one.
    fn naive(a: usize, ops: &[(u8, usize, usize, u64)]) -> Vec<u64> {
        let mut bins = vec![0u64; a + 1];
        for &(op, lo, hi, v) in ops {
            match op {
                0 => bins[lo] = bins[lo].wrapping_add(v),
                1 => (lo + 1..=hi).for_each(|j| bins[j] = bins[j].wrapping_add(v)),
                _ => (lo + 1..=hi)
                    .for_each(|j| bins[j] = bins[j].wrapping_add(v.wrapping_mul((j - lo) as u64))),
            }
        }
        bins[1..].to_vec()
    }

    #[test]
    fn bins_and_total_match_one_by_one() {
        let a = 12;
        let mut ops = Vec::new();
        for lo in 0..=a {
            for hi in lo..=a {
                ops.push((1u8, lo, hi, (lo * 31 + hi) as u64));
                ops.push((2u8, lo, hi, (hi * 7 + 3) as u64));
                if lo >= 1 {
                    ops.push((0u8, lo, lo, u64::MAX - hi as u64));
                }
            }
        }
        let (mut bins, mut total) = (Bins::new(a), Total::new(a));
        for &(op, lo, hi, v) in &ops {
            match op {
                0 => {
                    bins.point(lo, v);
                    total.point(lo, v);
                }
                1 => {
                    bins.range(lo, hi, v);
                    total.range(lo, hi, v);
                }
                _ => {
                    bins.slope(lo, hi, v);
                    total.slope(lo, hi, v);
                }
            }
        }
        let want = naive(a, &ops);
        assert_eq!(bins.values(), want);
        assert_eq!(total.0, want.iter().fold(0u64, |s, &v| s.wrapping_add(v)));
    }

    #[test]
    fn range_starts_and_ends_are_ranges() {
        let a = 12;
        for lo in 0..=a {
            for hi in lo..=a {
                let ends: Vec<usize> = (lo + 1..=hi).map(|j| (j + (j * 7 + hi) % 5).min(a)).collect();
                let ops: Vec<_> = (lo + 1..=hi).zip(&ends).map(|(j, &e)| (1u8, j, e, 1)).collect();
                let (mut bins, mut total) = (Bins::new(a), Total::new(a));
                bins.range_starts(lo, hi);
                total.range_starts(lo, hi);
                for &e in &ends {
                    bins.range_end(e);
                    total.range_end(e);
                }
                let want = naive(a, &ops);
                assert_eq!(bins.values(), want, "({lo}, {hi}]");
                assert_eq!(total.0, want.iter().fold(0u64, |s, &v| s.wrapping_add(v)), "({lo}, {hi}]");
            }
        }
    }

    #[test]
    fn pending_leaves_settle_alike() {
        let a = 9;
        let (mut bins, mut total) = (Bins::new(a), Total::new(a));
        let (mut pb, mut pt) = (Bins::pending(3), Total::pending(3));
        for (i, j, plus) in [(0, 3, true), (0, 5, false), (1, 9, true), (2, 1, false), (2, 1, false)] {
            Bins::pend(&mut pb, i, j, plus);
            Total::pend(&mut pt, i, j, plus);
        }
        for (i, lo, hi) in [(1, 4, 7), (1, 2, 4), (2, 0, 9), (0, 5, 5)] {
            Bins::pend_range(&mut pb, i, lo, hi);
            Total::pend_range(&mut pt, i, lo, hi);
        }
        let before = [10u64, 100, 1000];
        bins.settle(pb, &before);
        total.settle(pt, &before);
        let mut want = vec![0u64; a];
        want[2] = 10;
        want[4] = 10u64.wrapping_neg();
        want[8] = 100;
        for w in &mut want[2..7] {
            *w = w.wrapping_add(100);
        }
        want[0] = 0u64.wrapping_sub(2000);
        for w in want.iter_mut() {
            *w = w.wrapping_add(1000);
        }
        assert_eq!(bins.values(), want);
        assert_eq!(total.0, want.iter().fold(0u64, |s, &v| s.wrapping_add(v)));
    }
}
