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
//! primes in `(lo, ⌊x/p⌋]`. Each segment returns the sum of those counts, how
//! many there were and its own primes; `π(lo)` is added afterwards, segment by
//! segment, from `π(√x)`.
//!
//! Cost: `O((x/y)·log log x)` time, two blocks per thread.

use super::sieve::Sieve;
use super::{Counted, Plan, run_length, segmented};
use crate::number::prime_buckets::bit_sieve::count_upto;
use crate::number::roots::isqrt;
use crate::number::sieve::primes_up_to;

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
    pub(super) fn run(&self, plan: &Plan, pi_sqrt: u64, report: &mut dyn FnMut(u64) -> bool) -> Option<u64> {
        if self.segments == 0 {
            return Some(0);
        }
        let end = self.lo0 + self.segments * self.seg;
        let base = primes_up_to(isqrt(end));
        let small = &base[..base.partition_point(|&p| u64::from(p) * u64::from(p) <= plan.r)];
        let (mut sum, mut pi_lo) = (0u64, pi_sqrt);
        let task = |first: u64, len: u64| {
            let mut sieve = Sieve::new(&base, self.lo0 + first * self.seg);
            let mut block = vec![0u64; (self.seg / 128) as usize];
            (first..first + len).fold(Counted::default(), |run, s| {
                sieve.primes(&mut block);
                let lo = self.lo0 + s * self.seg;
                run.then(segment(plan, small, &block, lo, lo + self.seg, s == 0))
            })
        };
        let combine = |c: Counted| {
            sum = sum.wrapping_add(c.local).wrapping_add(c.count.wrapping_mul(pi_lo));
            pi_lo += c.primes;
        };
        let run = run_length(plan, self.segments);
        segmented(plan, self.segments, run, task, combine, |s, e| (e - s) * (self.seg / 8), report)?;
        Some(sum)
    }
}

popcnt_dispatch! {
    /// One segment `[lo, hi)` (its odd primes in `block`): the sum over the primes
    /// `p` with `⌊x/p⌋` in it of the primes in `(lo, ⌊x/p⌋]`, their number, and the
    /// odd primes in the segment. The first segment also takes the `p` with
    /// `⌊x/p⌋ < lo`. `small` holds the primes up to `x^{1/4}`.
    fn segment(plan: &Plan, small: &[u32], block: &[u64], lo: u64, hi: u64, first: bool) -> Counted = segment_inner
}

#[inline(always)]
fn segment_inner(plan: &Plan, small: &[u32], block: &[u64], lo: u64, hi: u64, first: bool) -> Counted {
    let x = plan.x;
    let primes = block.iter().map(|w| u64::from(w.count_ones())).sum();
    // the p with ⌊x/p⌋ in [lo, hi): ⌊x/hi⌋ < p <= ⌊x/lo⌋
    let p_hi = if first { plan.r } else { plan.r.min(x / lo) };
    let p_lo = plan.y.max(x / hi);
    if p_hi <= p_lo {
        return Counted { local: 0, count: 0, primes };
    }
    let p_low = p_lo / 128 * 128;
    let mut ps = vec![0u64; ((p_hi - p_low) / 128 + 1) as usize];
    Sieve::new(small, p_low).primes(&mut ps);
    let (mut pos, mut acc) = (0usize, 0u64);
    let (mut local, mut count) = (0u64, 0u64);
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
                return Counted { local, count, primes };
            }
            let v = x / p;
            if v > lo {
                local += count_upto(block, ((v - lo - 1) / 2) as usize, &mut pos, &mut acc);
            }
            count += 1;
        }
    }
    Counted { local, count, primes }
}
