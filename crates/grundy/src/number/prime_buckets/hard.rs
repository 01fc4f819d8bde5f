//! The hard special leaves, by a segmented sieve of `[0, x/y)`.
//!
//! A special leaf `(m·p_b, b−1)` with `b >= c + 2` (see [`super::easy`] for
//! the conditions on `m`), of value `−μ(m)·φ(t, b−1)`, `t = ⌊x/(m·p_b)⌋`, is
//! *hard* when `t >= p_b²` (`⟺ m <= ⌊x/p_b³⌋`): then `φ(t, b−1)` has no
//! closed form and is read from a sieve of `[1, x/y)` in which the primes
//! `p_1, …, p_{b−1}` are crossed off, counted by popcounts. Hard leaves need
//! `p_b³ < p_b³·m <= x`, so `p_b < x^{1/4}`; for each `b` their `m` lie in
//! `(max(p_b, y/p_b), min(y, x/p_b³)]` ([`HardRange`]).
//!
//! The sieve runs in segments on both cores ([`hard_leaves`]). A segment
//! starts from the odd numbers free of `3, …, 13` (a laid pattern, the primes
//! `p_1, …, p_c`), and for `b = c + 1, c + 2, …` counts the survivors of the
//! leaves of `b` whose `t` falls in it, then crosses off `p_b`. It counts from
//! its own start only; it reports, per `b`, how many survive in it, and once
//! the segments before it are done the leaves are visited again and given the
//! survivors below the segment (a prefix sum over segments). A segment sieves
//! only up to the largest `b` with a leaf at or above its start
//! ([`hard_segment_limits`]).
//!
//! Cost: the sieve crosses off `O((x/y)·log log x)` bits, and per segment and
//! prime `p_b < x^{1/4}` one popcount pass up to its last leaf, about
//! `(x/y)·π(√y) + x/(√y·log y)` bits.

use super::bit_sieve::{count_upto, cross_off_wheel, lay_pattern};
use super::phi_tiny::TINY_PRIMES;
use super::{Plan, ROUND_PER_THREAD, file};
use crate::number::roots::{div, div_inv};
use rayon::prelude::*;
use std::sync::Mutex;

/// Progress units (measured time shares at `x = 10^15`: a unit is about a
/// nanosecond) of a hard segment sieved up to `bmax`.
pub(super) fn hard_units(bmax: usize, c: usize, seg: u64) -> u64 {
    bmax.saturating_sub(c) as u64 * (seg / 256)
}

/// The hard leaves of one `b`: `m` in `(lo, hi]` (`hi <= x/p³`).
#[derive(Clone, Copy, Debug)]
pub(super) struct HardRange {
    p: u64,
    xp: u64,
    lo: u64,
    hi: u64,
    /// The largest `t` of a hard leaf (0 when there is none).
    pub(super) tmax: u64,
}

/// The hard-leaf ranges for every `b` (empty below `c + 2`).
pub(super) fn hard_ranges(plan: &Plan) -> Vec<HardRange> {
    let (x, y) = (plan.x, plan.y);
    (0..=plan.a)
        .map(|b| {
            if b < plan.c + 2 {
                return HardRange { p: 0, xp: 0, lo: 0, hi: 0, tmax: 0 };
            }
            let p = plan.prime(b);
            let xp = x / p;
            let lo = p.max(y / p);
            let hi = y.min(xp / p / p);
            // the least m of a leaf: the first squarefree m > lo free of primes <= p
            let first = (lo + 1..=hi).find(|&m| u64::from(plan.lpf[m as usize]) > p);
            let tmax = first.map_or(0, |m| xp / m);
            HardRange { p, xp, lo, hi, tmax }
        })
        .collect()
}

/// For each hard segment, the largest `b` it must sieve: the largest with a hard
/// leaf at or above the segment's start (non-increasing along the segments).
pub(super) fn hard_segment_limits(plan: &Plan, seg: u64) -> Vec<usize> {
    let z = plan.hard.iter().map(|h| h.tmax).max().unwrap_or(0);
    if z == 0 {
        return Vec::new();
    }
    let segments = (z + 1).div_ceil(seg);
    let mut bmax = plan.hard.iter().rposition(|h| h.tmax > 0).unwrap_or(0);
    (0..segments)
        .map(|s| {
            let low = s * seg;
            // the b above bmax have tmax below an earlier (smaller) low
            while bmax > 0 && plan.hard[bmax].tmax < low {
                bmax -= 1;
            }
            bmax
        })
        .collect()
}

impl Plan {
    /// Calls `f(t, jmu)` for the hard leaves `(m·p_b, b−1)` of `b` with
    /// `t = ⌊x/(m·p_b)⌋` in `[low, high)`, in increasing `t`.
    #[inline(always)]
    fn hard_leaves(&self, b: usize, low: u64, high: u64, mut f: impl FnMut(u64, u32)) {
        let h = &self.hard[b];
        let upper = h.xp.checked_div(low).map_or(h.hi, |v| h.hi.min(v));
        let lower = h.lo.max(h.xp / high);
        if upper <= lower {
            return;
        }
        if h.p * h.p < upper {
            // composites possible: scan every m
            for m in (lower + 1..=upper).rev() {
                if u64::from(self.lpf[m as usize]) > h.p {
                    f(div(h.xp, m), self.jmu[m as usize]);
                }
            }
        } else {
            let (k_lo, k_hi) = (self.table.pi(lower) as usize, self.table.pi(upper) as usize);
            for k in (k_lo + 1..=k_hi).rev() {
                f(div_inv(h.xp, u64::from(self.primes[k - 1]), self.inverse[k - 1]), ((k as u32) << 1) | 1);
            }
        }
    }
}

/// One segment `[low, high)` of the hard-leaf sieve for `b <= bmax`: files every
/// hard leaf with the survivors from `low` on, and returns, for each
/// `b >= c + 2`, the survivors of the whole segment after `p_1, …, p_{b−1}`.
#[inline(always)]
fn hard_segment(plan: &Plan, bins: &mut [u64], low: u64, high: u64, bmax: usize) -> Vec<u64> {
    let c = plan.c;
    let mut block = vec![0; ((high - low) / 128) as usize];
    // the odd multiples of p_2, …, p_c = 3, …, 13 (c = 6 wherever there are hard leaves)
    debug_assert_eq!(c, TINY_PRIMES.len());
    lay_pattern(&mut block, low);
    let mut totals = Vec::with_capacity(bmax.saturating_sub(c + 1));
    let mut alive: u64 = block.iter().map(|w| u64::from(w.count_ones())).sum();
    for b in c + 1..=bmax {
        if b >= c + 2 {
            let (mut pos, mut acc) = (0usize, 0u64);
            plan.hard_leaves(
                b,
                low,
                high,
                #[inline(always)]
                |t, jmu| {
                    let n = if t <= low {
                        0
                    } else {
                        count_upto(&block, ((t - low - 1) / 2) as usize, &mut pos, &mut acc)
                    };
                    file(bins, jmu, n);
                },
            );
            totals.push(alive);
        }
        alive -= cross_off_wheel(&mut block, low, plan.prime(b), 0);
    }
    totals
}

popcnt_dispatch! {
    /// [`hard_segment`].
    fn sieve_segment(plan: &Plan, bins: &mut [u64], low: u64, high: u64, bmax: usize) -> Vec<u64> = hard_segment
}

/// The hard special leaves by the segmented sieve of `[0, z)`.
pub(super) fn hard_leaves(
    plan: &Plan,
    bins: &[Mutex<Vec<u64>>],
    seg: u64,
    limits: &[usize],
    report: &mut dyn FnMut(u64) -> bool,
) -> Option<()> {
    let c = plan.c;
    // survivors below the current segment, per b
    let mut before = vec![0u64; plan.a + 1];
    let round = plan.threads * ROUND_PER_THREAD;
    for start in (0..limits.len()).step_by(round) {
        let end = (start + round).min(limits.len());
        // 1. sieve the segments, counting from each segment's start
        let totals: Vec<Vec<u64>> = (start..end)
            .into_par_iter()
            .map(|s| {
                let (low, high) = (s as u64 * seg, (s as u64 + 1) * seg);
                plan.with_bins(bins, |bins| sieve_segment(plan, bins, low, high, limits[s]))
            })
            .collect();
        // 2. the survivors below each segment
        let mut offsets = Vec::with_capacity(end - start);
        for t in &totals {
            offsets.push(before[c + 2..c + 2 + t.len()].to_vec());
            for (i, &n) in t.iter().enumerate() {
                before[c + 2 + i] += n;
            }
        }
        // 3. the leaves again, with those survivors
        (start..end).into_par_iter().zip(offsets).for_each(|(s, offset)| {
            let (low, high) = (s as u64 * seg, (s as u64 + 1) * seg);
            plan.with_bins(bins, |bins| {
                for (i, &v) in offset.iter().enumerate() {
                    if v != 0 {
                        plan.hard_leaves(c + 2 + i, low, high, |_, jmu| file(bins, jmu, v));
                    }
                }
            });
        });
        let units: u64 = limits[start..end].iter().map(|&b| hard_units(b, c, seg)).sum();
        if !report(units) {
            return None;
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::prime_buckets::Params;
    use crate::number::prime_buckets::tests::check;
    use crate::number::roots::isqrt;

    #[test]
    fn hard_leaf_at_a_segment_start() {
        // x where the largest hard leaf t = tmax of the last b falls on a multiple
        // of the segment: that segment must still sieve up to b
        let mut found = 0;
        for x in 1_040_000u64..1_100_000 {
            // the largest leaf bound: tmax ≈ √x − p ≈ 1024
            let y = isqrt(x);
            let plan = Plan::new(x, y);
            // the last b with hard leaves, so that no larger b keeps the segment going
            let Some(top) = plan.hard.iter().rposition(|h| h.tmax > 0) else { continue };
            let h = plan.hard[top];
            let hit = h.tmax.is_multiple_of(128);
            if hit {
                found += 1;
                check(x, Params { y, segment: 128, p2_segment: 128 });
            }
        }
        assert!(found >= 5, "only {found} cases");
    }
}
