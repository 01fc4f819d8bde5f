//! `B = Σ_{y < p <= √x} π(⌊x/p⌋)`, by a segmented sieve of `(√x, x/y]`.
//!
//! For a prime `y < p <= √x`, `p > ∛x`, so `φ(x/p, π(p) − 1) = π(x/p) − π(p) + 2`
//! (see [`super`]); the `π(p) − 2` are in `Σ` ([`super::sigma`]), the `π(x/p)`
//! are `B`. The values `⌊x/p⌋` lie in `[√x, x/y]`.
//!
//! The interval from `√x` (rounded up to even, so `π` there is `π(√x)`) to
//! `x/(y+1)` is sieved in segments on all cores
//! ([`crate::number::prime_buckets::bit_sieve`], by the odd primes up to
//! `√(x/y)`). A segment `[lo, hi)` holds the `⌊x/p⌋` of the primes
//! `p ∈ (max(y, ⌊x/hi⌋), min(√x, ⌊x/lo⌋)]`, which it finds by sieving that
//! short interval too (shorter than the segment, as `x/lo² <= 1`); taking them
//! from the largest, their `⌊x/p⌋` increase, and one popcount pass counts the
//! primes in `(lo, ⌊x/p⌋]`. Each segment returns those counts (for `π(x)`
//! alone only their sum and number) and its own primes; `π(lo)` is added
//! afterwards, segment by segment, from `π(√x)`. The buckets take each
//! `π(⌊x/p⌋)` ([`BPass::values`]), `π(x)` alone their sum ([`BPass::total`]).
//!
//! Cost: `O((x/y)·log log x)` time, two blocks per thread.

use super::sieve::Sieve;
use super::{Plan, run_length, segmented};
use crate::number::prime_buckets::bit_sieve::count_upto;
use crate::number::roots::isqrt;
use crate::number::sieve::primes_up_to;

/// What a segment tells `B`: the sum of the primes counted from the segment's
/// start (`local`), how many look-ups there were (`count`), and the primes of
/// the segment; its look-ups add up to `local + count·π(start)`.
#[derive(Clone, Copy, Debug, Default)]
struct Counted {
    local: u64,
    count: u64,
    primes: u64,
}

/// The segments of `[lo0, x/(y+1)]`.
pub(super) struct BPass {
    /// `√x` rounded up to even: `π(lo0) = π(√x)`.
    lo0: u64,
    seg: u64,
    segments: u64,
}

impl BPass {
    pub(super) fn new(plan: &Plan, seg: u64) -> BPass {
        let lo0 = plan.r + (plan.r & 1);
        let vmax = plan.x / (plan.y + 1);
        // no segment longer than the range
        let seg = seg.min(vmax.saturating_sub(lo0) + 1).max(128).div_ceil(128) * 128;
        // at least one: it also takes the p with ⌊x/p⌋ = √x < lo0
        let segments = if plan.y >= plan.r { 0 } else { vmax.saturating_sub(lo0) / seg + 1 };
        BPass { lo0, seg, segments }
    }

    /// Progress units (about nanoseconds).
    pub(super) fn units(&self) -> u64 {
        self.segments * (self.seg / 8) + 1
    }

    /// `B` from `π(√x)`, or `None` when `report` said stop.
    pub(super) fn total(
        &self,
        plan: &Plan,
        pi_sqrt: u64,
        report: &mut dyn FnMut(u64) -> bool,
    ) -> Option<u64> {
        let mut sum = 0u64;
        let each = |block: &[u64], lo: u64, first: bool| {
            let (mut local, mut count) = (0u64, 0u64);
            let primes = segment(plan, block, lo, first, &mut |_, n| {
                local = local.wrapping_add(n);
                count += 1;
            });
            Counted { local, count, primes }
        };
        let combine = |c: Counted, pi_lo: u64| {
            sum = sum.wrapping_add(c.local).wrapping_add(c.count.wrapping_mul(pi_lo));
        };
        self.pass(plan, pi_sqrt, report, each, combine)?;
        Some(sum)
    }

    /// Calls `value(π(⌊x/p⌋))` for every prime `y < p <= √x`, in decreasing
    /// order of `p`, from `π(√x)`; `None` when `report` said stop.
    pub(super) fn values(
        &self,
        plan: &Plan,
        pi_sqrt: u64,
        report: &mut dyn FnMut(u64) -> bool,
        value: &mut dyn FnMut(u64),
    ) -> Option<()> {
        // the counts from each segment's start (below its length, so 32 bits), in order
        let each = |block: &[u64], lo: u64, first: bool| {
            let mut found = Vec::new();
            let primes = segment(plan, block, lo, first, &mut |_, n| found.push(n as u32));
            (found, primes)
        };
        let combine = |(found, _): (Vec<u32>, u64), pi_lo: u64| {
            for n in found {
                value(pi_lo + u64::from(n));
            }
        };
        self.pass(plan, pi_sqrt, report, each, combine)
    }

    /// The sieve in runs of segments: `each(block, lo, first)` makes a
    /// segment's result from its odd primes, `combine(result, π(lo))` takes them
    /// in order.
    fn pass<R: Send + Primes>(
        &self,
        plan: &Plan,
        pi_sqrt: u64,
        report: &mut dyn FnMut(u64) -> bool,
        each: impl Fn(&[u64], u64, bool) -> R + Sync,
        mut combine: impl FnMut(R, u64),
    ) -> Option<()> {
        if self.segments == 0 {
            return Some(());
        }
        let end = self.lo0 + self.segments * self.seg;
        let base = primes_up_to(isqrt(end));
        let mut pi_lo = pi_sqrt;
        let task = |first: u64, len: u64| {
            let mut sieve = Sieve::new(&base, self.lo0 + first * self.seg);
            let mut block = vec![0u64; (self.seg / 128) as usize];
            (first..first + len)
                .map(|s| {
                    sieve.primes(&mut block);
                    each(&block, self.lo0 + s * self.seg, s == 0)
                })
                .collect::<Vec<R>>()
        };
        let combine = |results: Vec<R>| {
            for r in results {
                let primes = r.primes();
                combine(r, pi_lo);
                pi_lo += primes;
            }
        };
        let run = run_length(plan, self.segments);
        segmented(plan, self.segments, run, false, task, combine, |s, e| (e - s) * (self.seg / 8), report)
    }
}

/// A segment's result knows the segment's primes.
trait Primes {
    fn primes(&self) -> u64;
}

impl Primes for Counted {
    fn primes(&self) -> u64 {
        self.primes
    }
}

impl Primes for (Vec<u32>, u64) {
    fn primes(&self) -> u64 {
        self.1
    }
}

popcnt_dispatch! {
    /// One segment from `lo` (its odd primes in `block`): calls `found(p, n)`
    /// for the primes `p` with `⌊x/p⌋` in it, from the largest, with `n` the
    /// primes in `(lo, ⌊x/p⌋]`, and returns the odd primes of the segment. The
    /// first segment also takes the `p` with `⌊x/p⌋ < lo`.
    fn segment(plan: &Plan, block: &[u64], lo: u64, first: bool, found: &mut dyn FnMut(u64, u64)) -> u64 = segment_inner
}

#[inline(always)]
fn segment_inner(plan: &Plan, block: &[u64], lo: u64, first: bool, found: &mut dyn FnMut(u64, u64)) -> u64 {
    let x = plan.x;
    let hi = lo + 128 * block.len() as u64;
    let primes = block.iter().map(|w| u64::from(w.count_ones())).sum();
    // the p with ⌊x/p⌋ in [lo, hi): ⌊x/hi⌋ < p <= ⌊x/lo⌋
    let p_hi = if first { plan.r } else { plan.r.min(x / lo) };
    let p_lo = plan.y.max(x / hi);
    if p_hi <= p_lo {
        return primes;
    }
    // the p by a sieve of their interval, by the primes up to ⁴√x
    let p_low = p_lo / 128 * 128;
    let mut ps = vec![0u64; ((p_hi - p_low) / 128 + 1) as usize];
    let small = &plan.primes[..plan.pi(isqrt(p_hi).min(plan.y)) as usize];
    Sieve::new(small, p_low).primes(&mut ps);
    let (mut pos, mut acc) = (0usize, 0u64);
    for (i, &word) in ps.iter().enumerate().rev() {
        let mut word = word;
        while word != 0 {
            let bit = 63 - u64::from(word.leading_zeros());
            word &= !(1u64 << bit);
            let p = p_low + 2 * (64 * i as u64 + bit) + 1;
            if p > p_hi {
                continue;
            }
            if p <= p_lo {
                return primes;
            }
            let v = x / p;
            let n =
                if v > lo { count_upto(block, ((v - lo - 1) / 2) as usize, &mut pos, &mut acc) } else { 0 };
            found(p, n);
        }
    }
    primes
}
