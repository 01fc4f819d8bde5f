//! The buckets of the primes `y < p <= √x` (the `P2` term of LMO, term by
//! term), by a segmented sieve of `(√x, x/y]`.
//!
//! For a prime `y < p <= √x`, `p > ∛x`, so the numbers `<= x/p` free of primes
//! below `p` are `1` and the primes in `[p, x/p]` (a product of two is
//! `>= p² > x/p`):
//!
//! ```text
//! c(p) = π(⌊x/p⌋) − π(p) + 2.
//! ```
//!
//! The values `⌊x/p⌋` lie in `[√x, x/y]`. A segmented sieve of that interval
//! ([`super::bit_sieve`], by the odd primes up to `√(x/y)`), on both cores in
//! rounds of segments, counts the primes up to each `⌊x/p⌋`, from the largest
//! `p` in a segment down; a running total carries `π` from segment to segment,
//! starting at `π(√x)`.
//!
//! Cost: `O((x/y)·log log x)` time, a segment per thread.

use super::bit_sieve::{count_upto, sieve_odd_block};
use super::{Plan, ROUND_PER_THREAD};
use crate::number::roots::{div, isqrt};
use rayon::prelude::*;

/// Progress units of a `P2` segment.
pub(super) fn p2_units(seg: u64) -> u64 {
    seg
}

popcnt_dispatch! {
    /// One segment `[low, high)` of the `P2` sieve: for the primes `p` with
    /// `⌊x/p⌋` in it (from the largest), the primes in `(low, ⌊x/p⌋]`; the index
    /// of the largest such `p`; and the primes in the whole segment.
    fn p2_segment(plan: &Plan, base: &[u32], low: u64, high: u64) -> (usize, Vec<u64>, u64) = p2_segment_inner
}

#[inline(always)]
fn p2_segment_inner(plan: &Plan, base: &[u32], low: u64, high: u64) -> (usize, Vec<u64>, u64) {
    let x = plan.x;
    let mut block = vec![0u64; ((high - low) / 128) as usize];
    sieve_odd_block(&mut block, low, base);
    let k_hi = plan.table.pi((x / low).min(isqrt(x))) as usize;
    let k_lo = plan.table.pi((x / high).clamp(plan.y, isqrt(x))) as usize;
    let (mut pos, mut acc) = (0usize, 0u64);
    let local: Vec<u64> = (k_lo + 1..=k_hi)
        .rev()
        .map(|k| {
            let v = div(x, plan.prime(k));
            if v <= low { 0 } else { count_upto(&block, ((v - low - 1) / 2) as usize, &mut pos, &mut acc) }
        })
        .collect();
    acc += block[pos..].iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
    (k_hi, local, acc)
}

/// The segmented sieve of `(√x, x/y]` giving `π(⌊x/p⌋)` for the primes
/// `y < p <= √x`, each given to `bucket(π(p), c(p))` ([`P2Plan::run`]).
pub(super) struct P2Plan {
    /// Even start: `π(low0) = π(√x)`; the sieve covers `low0 + 1 ..`.
    low0: u64,
    seg: u64,
    pub(super) segments: u64,
}

impl P2Plan {
    pub(super) fn new(plan: &Plan, seg: u64) -> Self {
        let r = isqrt(plan.x);
        let low0 = r + (r & 1);
        let segments = match plan.primes.get(plan.a) {
            // every ⌊x/p⌋ <= x/p_{a+1} lies below the end of the last segment
            Some(&p) => ((plan.x / u64::from(p)).saturating_sub(low0) + 1).div_ceil(seg),
            None => 0,
        };
        P2Plan { low0, seg, segments }
    }

    pub(super) fn run(
        &self,
        plan: &Plan,
        bucket: &mut dyn FnMut(usize, u64),
        report: &mut dyn FnMut(u64) -> bool,
    ) -> Option<()> {
        let x = plan.x;
        let n = plan.primes.len();
        let r_pi = n as u64;
        // ⌊x/p⌋ < low0: π = π(√x) (= low0 is the first segment's, each k is given once)
        for k in plan.a + 1..=n {
            let p = plan.prime(k);
            if x / p < self.low0 {
                bucket(k, r_pi + 2 - k as u64);
            }
        }
        let vmax = self.low0 + self.segments * self.seg;
        let k = plan.table.pi(isqrt(vmax).min(isqrt(x))) as usize;
        let base = &plan.primes[k.min(1)..k];
        let mut below = r_pi;
        let round = (plan.threads * ROUND_PER_THREAD) as u64;
        for start in (0..self.segments).step_by(round as usize) {
            let end = (start + round).min(self.segments);
            let results: Vec<(usize, Vec<u64>, u64)> = (start..end)
                .into_par_iter()
                .map(|s| {
                    let low = self.low0 + s * self.seg;
                    p2_segment(plan, base, low, low + self.seg)
                })
                .collect();
            for (k_hi, local, total) in results {
                for (i, n) in local.into_iter().enumerate() {
                    let k = k_hi - i;
                    bucket(k, below + n + 2 - k as u64);
                }
                below += total;
            }
            if !report((end - start) * p2_units(self.seg)) {
                return None;
            }
        }
        Some(())
    }
}
