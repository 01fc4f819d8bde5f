//! `D`, the hard special leaves, by a segmented sieve of `[0, x/z)`.
//!
//! A special leaf `(m·p, β−1)`, `p = p_β`, `β > k` (`m` squarefree,
//! `p⁻(m) > p`, `P⁺(m) <= y`, `m <= z < m·p`, see [`super`]) is *hard* when
//! `u = ⌊x/(m·p)⌋ >= p²`, i.e. `m <= ⌊x/p³⌋`; then `φ(u, β−1)` has no closed
//! form. So
//!
//! ```text
//! D = Σ_{p_k < p < √(x/z)} Σ_{m} −μ(m)·φ(⌊x/(m·p)⌋, π(p) − 1),
//!     m ∈ (max(p, ⌊z/p⌋), min(z, ⌊x/p³⌋)], μ(m) ≠ 0, p⁻(m) > p, m <= y if prime.
//! ```
//!
//! All `u` lie below `x/z`. The sieve runs over `[0, x/z)` in segments on all
//! cores ([`crate::number::prime_buckets::bit_sieve`]): a segment starts from
//! the odd numbers free of `3, …, 13` (a laid pattern: the primes
//! `p_1, …, p_6`, and `k = 6` wherever there are hard leaves), and for
//! `β = k + 1, k + 2, …` counts the survivors up to each `u` of the leaves of
//! `p_β` that fall in it (one popcount pass from its start, the `u` in
//! increasing order), then crosses off `p_β`. A segment only knows its own
//! survivors, so it returns, per `β`, the sum of `−μ(m)` over its leaves and
//! the survivors of the whole segment; the survivors below each segment are
//! added afterwards, segment by segment. A segment sieves only up to the
//! largest `β` with a leaf at or above its start.
//!
//! The `m` of a leaf come from the factor table ([`super::factor_table`]), or
//! where `p² >= m` (no composite `m` is possible) from the list of primes.
//!
//! Cost: the sieve crosses off `O((x/z)·log log x)` bits, and per segment and
//! `β` one popcount pass up to its last leaf.

use super::factor_table::{PRIME, least_factor, negative};
use super::sieve::{Multiple, lay_first};
use super::sink::{Filing, Sink};
use super::{Plan, run_length, segmented};
use crate::number::prime_buckets::phi_tiny::TINY_PRIMES;

/// The hard leaves of one `β`: `m` in `(lo, hi]`.
#[derive(Clone, Copy, Debug, Default)]
struct HardRange {
    p: u64,
    xp: u64,
    lo: u64,
    hi: u64,
    /// The largest `u` of a hard leaf (0 when there is none).
    tmax: u64,
}

impl Plan {
    /// Whether `m` in the range of `p` is the `m` of a leaf, and then `μ(m) = −1`.
    #[inline(always)]
    fn hard_m(&self, p: u64, m: u64, e: u16) -> Option<bool> {
        if e == PRIME { (m <= self.y).then_some(true) } else { (least_factor(e) > p).then_some(negative(e)) }
    }

    /// Calls `f(u, j, plus, prime)` for the hard leaves of `β` with `u` in
    /// `[low, high)`, in increasing `u`: `j = π(P⁺(m))` (only when `files`,
    /// else 0), `plus` when `−μ(m) = +1`, and whether `m` is prime. The prime
    /// `m` are every prime of a range, whose indices are returned (`(lo, hi]`,
    /// empty when `hi <= lo`).
    #[inline(always)]
    fn hard_leaves(
        &self,
        h: &HardRange,
        low: u64,
        high: u64,
        files: bool,
        mut f: impl FnMut(u64, usize, bool, bool),
    ) -> (usize, usize) {
        let upper = h.xp.checked_div(low).map_or(h.hi, |v| h.hi.min(v));
        let lower = h.lo.max(h.xp / high);
        if upper <= lower {
            return (0, 0);
        }
        // every prime m in (lower, upper] up to y is a leaf (p < lower)
        let (k_lo, k_hi) = (self.pi(lower.min(self.y)) as usize, self.pi(upper.min(self.y)) as usize);
        if h.p * h.p < upper {
            // composites possible: scan the factor table
            self.factors.each_down(
                lower,
                upper,
                #[inline(always)]
                |m, e| {
                    if let Some(plus) = self.hard_m(h.p, m, e) {
                        let prime = e == PRIME;
                        let j = match (files, prime) {
                            (false, _) => 0,
                            (true, true) => self.pi(m) as usize,
                            (true, false) => self.largest_index(m, e),
                        };
                        f(h.xp / m, j, plus, prime);
                    }
                },
            );
        } else {
            for i in (k_lo + 1..=k_hi).rev() {
                f(h.xp / self.prime(i), i, true, true);
            }
        }
        (k_lo, k_hi)
    }

    /// `π(P⁺(m))` for a squarefree `m <= z` prime to 30 with entry `e`, `P⁺(m) <= y`:
    /// `m` divided by its least prime factor until a prime is left.
    fn largest_index(&self, m: u64, e: u16) -> usize {
        let (mut n, mut e) = (m, e);
        while e != PRIME {
            n /= least_factor(e);
            e = self.factors.get(n);
        }
        self.pi(n) as usize
    }
}

/// The sieve of `D`: the leaf ranges and, per segment, the largest `β` it sieves to.
pub(super) struct DPass {
    /// Indexed by `β` (empty ranges below `k + 1`).
    ranges: Vec<HardRange>,
    seg: u64,
    /// For each segment, the largest `β` with a leaf at or above its start.
    limits: Vec<usize>,
}

impl DPass {
    pub(super) fn new(plan: &Plan, seg: u64) -> DPass {
        let (x, z) = (plan.x, plan.z);
        let mut ranges = vec![HardRange::default(); plan.a + 1];
        for (b, range) in ranges.iter_mut().enumerate().take(plan.a).skip(plan.k + 1) {
            let p = plan.prime(b);
            let xp = x / p;
            let (lo, hi) = (p.max(z / p), z.min(xp / p / p));
            if hi <= lo {
                continue;
            }
            // the least m of a leaf
            let mut first = None;
            plan.factors.each_up(lo, hi, |m, e| {
                let leaf = plan.hard_m(p, m, e).is_some();
                if leaf {
                    first = Some(m);
                }
                !leaf
            });
            let tmax = first.map_or(0, |m| xp / m);
            *range = HardRange { p, xp, lo, hi, tmax };
        }
        // only up to the last β with a hard leaf
        ranges.truncate(ranges.iter().rposition(|h| h.tmax > 0).map_or(0, |b| b + 1));
        ranges.shrink_to_fit();
        debug_assert!(ranges.is_empty() || plan.k == TINY_PRIMES.len());
        let zmax = ranges.iter().map(|h| h.tmax).max().unwrap_or(0);
        let seg = seg.min(zmax + 1).max(128).div_ceil(128) * 128;
        let mut limits = Vec::new();
        if zmax > 0 {
            let mut bmax = ranges.iter().rposition(|h| h.tmax > 0).unwrap_or(0);
            for s in 0..(zmax + 1).div_ceil(seg) {
                // the β above bmax have their largest u below an earlier start
                while bmax > 0 && ranges[bmax].tmax < s * seg {
                    bmax -= 1;
                }
                limits.push(bmax);
            }
        }
        DPass { ranges, seg, limits }
    }

    /// Progress units (about nanoseconds).
    pub(super) fn units(&self) -> u64 {
        self.limits.iter().map(|&b| self.segment_units(b)).sum::<u64>() + 1
    }

    fn segment_units(&self, bmax: usize) -> u64 {
        bmax as u64 * (self.seg / 256)
    }

    /// Files `D`'s leaves, or `None` when `report` said stop.
    pub(super) fn run<S: Sink>(
        &self,
        plan: &Plan,
        filing: &Filing<S>,
        report: &mut dyn FnMut(u64) -> bool,
    ) -> Option<()> {
        let first = plan.k + 1;
        // survivors below the current run, per β
        let mut before = vec![0u64; self.ranges.len()];
        let task = |start: u64, len: u64| {
            let low = start * self.seg;
            let top = self.limits[start as usize];
            let words = (self.seg / 128) as usize;
            let mut run = RunState::<S> {
                // the primes p_{k+1} … p_top keep their next multiple from segment to segment
                multiples: (first..=top).map(|b| Multiple::new(plan.prime(b), plan.prime(b), low)).collect(),
                block: vec![0u64; words],
                counters: vec![0u32; words.div_ceil(1 << COUNTER_SHIFT)],
                alive: vec![0u64; top + 1 - first],
                pending: S::pending(top + 1 - first),
            };
            filing.with(|sink| {
                for s in start..start + len {
                    segment(plan, &self.ranges, sink, &mut run, s * self.seg, self.limits[s as usize]);
                }
            });
            (run.alive, run.pending)
        };
        let combine = |(alive, pending): (Vec<u64>, S::Pending)| {
            filing.with(|sink| sink.settle(pending, &before[first..]));
            for (b, a) in before[first..].iter_mut().zip(alive) {
                *b += a;
            }
        };
        let units =
            |s: u64, e: u64| self.limits[s as usize..e as usize].iter().map(|&b| self.segment_units(b)).sum();
        let segments = self.limits.len() as u64;
        segmented(plan, segments, run_length(plan, segments), S::FILES, task, combine, units, report)
    }
}

/// What a run of segments keeps from one to the next.
struct RunState<S: Sink> {
    /// `multiples[i]`: the next multiple of `p_{k+1+i}` from its square on.
    multiples: Vec<Multiple>,
    block: Vec<u64>,
    /// The set bits of each `2^COUNTER_SHIFT` words of the block.
    counters: Vec<u32>,
    /// Per `β` from `k + 1`: the survivors of the run's segments so far.
    alive: Vec<u64>,
    /// The leaves awaiting the survivors below the run.
    pending: S::Pending,
}

/// Words per counter of a segment's survivors: `2^COUNTER_SHIFT`.
const COUNTER_SHIFT: u32 = 3;

/// The set bits of `block` up to bit `i`, resumed from the `pos` words summed
/// in `acc` (`i` never decreasing): whole counters (`counters[j]` holds the
/// bits of words `[j·2^shift, (j+1)·2^shift)`) where they fit, words elsewhere.
#[inline(always)]
fn count_to(block: &[u64], counters: &[u32], i: usize, pos: &mut usize, acc: &mut u64) -> u64 {
    let w = i >> 6;
    let (mut p, mut a) = (*pos, *acc);
    let step = 1usize << COUNTER_SHIFT;
    if p < w {
        // to a counter boundary, across whole counters, then the words left
        while p < w && p & (step - 1) != 0 {
            a += u64::from(block[p].count_ones());
            p += 1;
        }
        while p + step <= w {
            a += u64::from(counters[p >> COUNTER_SHIFT]);
            p += step;
        }
        a += block[p..w].iter().map(|&b| u64::from(b.count_ones())).sum::<u64>();
        p = w;
    }
    (*pos, *acc) = (p, a);
    a + u64::from((block[w] & (u64::MAX >> (63 - (i & 63)))).count_ones())
}

popcnt_dispatch! {
    /// One segment from `low` (the length of the run's block) sieved for
    /// `β <= bmax`: each leaf filed with the survivors from the run's start up
    /// to its `u`, and pending for those below the run.
    fn segment<S: Sink>(plan: &Plan, ranges: &[HardRange], sink: &mut S, run: &mut RunState<S>, low: u64, bmax: usize) -> () = segment_inner
}

#[inline(always)]
fn segment_inner<S: Sink>(
    plan: &Plan,
    ranges: &[HardRange],
    sink: &mut S,
    run: &mut RunState<S>,
    low: u64,
    bmax: usize,
) {
    let RunState { multiples, block, counters, alive: run_alive, pending } = run;
    let high = low + 128 * block.len() as u64;
    lay_first(block, low);
    for (c, chunk) in counters.iter_mut().zip(block.chunks(1 << COUNTER_SHIFT)) {
        *c = chunk.iter().map(|w| w.count_ones()).sum();
    }
    let mut alive: u64 = counters.iter().map(|&c| u64::from(c)).sum();
    let first = plan.k + 1;
    for (i, range) in ranges[first..=bmax].iter().enumerate() {
        let b = first + i;
        let (mut pos, mut acc) = (0usize, run_alive[i]);
        let (lo, hi) = plan.hard_leaves(
            range,
            low,
            high,
            S::FILES,
            #[inline(always)]
            |u, j, plus, prime| {
                // the survivors from the run's start up to u
                let n = if u <= low {
                    acc
                } else {
                    count_to(block, counters, ((u - low - 1) / 2) as usize, &mut pos, &mut acc)
                };
                sink.point(j, if plus { n } else { n.wrapping_neg() });
                // those below the run later (the primes as one range)
                if !prime {
                    S::pend(pending, i, j, plus);
                }
            },
        );
        S::pend_range(pending, i, lo, hi);
        run_alive[i] += alive;
        // p_b itself, then its multiples from p_b² on (the smaller ones have a smaller factor)
        let p = plan.prime(b);
        if p > low && p < high {
            let at = ((p - low - 1) / 2) as usize;
            let set = (block[at >> 6] >> (at & 63)) & 1;
            alive -= set;
            counters[at >> (6 + COUNTER_SHIFT)] -= set as u32;
            block[at >> 6] &= !(1u64 << (at & 63));
        }
        alive -= multiples[i].cross_counting(block, low, counters, COUNTER_SHIFT);
    }
}
