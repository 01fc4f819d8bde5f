//! `A`, the easy special leaves whose `m` is a prime `q`, counted as pairs of
//! primes; and the segmented table of `π` over `(z, √x]` they read, which
//! also gives `π(√x)`.
//!
//! # The leaves of one `p`
//!
//! For `p = p_β`, `β > k`, the leaves `(q·p, β−1)` with `q` prime,
//! `p < q <= y`, `q·p > z` and `u = ⌊x/(pq)⌋ < p²` (`q > x/p³`; the others are
//! hard, [`super::d`]) have the sign `−μ(q) = +1` and are worth
//! `φ(u, β−1) = 1 + #{primes r : p <= r <= u}` (see [`super`]). With
//! `w = ⌊x/p⌋` (so `u = ⌊w/q⌋`), `s = ⌊√w⌋` and `L = max(p, ⌊z/p⌋, ⌊x/p³⌋)`,
//! they add up to
//!
//! ```text
//! A(p) = N + #{(q, r) primes : L < q <= y, p <= r, q·r <= w},   N = π(y) − π(L),
//! ```
//!
//! and the pairs split by `r >= q` (then `q <= s`) and `r < q` (then `r <= s`):
//!
//! ```text
//! A(p) = N + Σ_{L < q <= min(y, s)} (π(⌊w/q⌋) − π(q) + 1)
//!          + Σ_{p <= r <= min(y, s)} max(0, π(min(y, ⌊w/r⌋)) − π(max(L, r))).
//! ```
//!
//! (Gourdon's hyperbola identity: counting the pairs from both ends touches
//! only the `q, r <= √w`, where the leaves themselves run up to `y`.) All `π`
//! of a prime are its index.
//!
//! # By leaf
//!
//! For the buckets each leaf `q` (index `j`) is filed on its own
//! ([`super::sink`]): it gets `1` (`N`), `π(⌊w/q⌋) − j + 1` if `q <= s` (its
//! pairs with `r >= q`), and one for every `r < q` with `q <= ⌊w/r⌋` (the
//! second sum, read by `r`: each `r` adds one to the bins of the `q` in
//! `(max(L, r), min(y, ⌊w/r⌋)]`, a range). With `iy = π(min(y, w/y))`:
//!
//! * the `r <= w/y` reach every `q` up to `y`: the ranges `(max(L, r), a]`,
//!   for `r <= L` one range `(π(L), a]` as many times as there are such `r`,
//!   and above `L` a staircase, a slope over `(π(L), iy]` and a range above;
//! * a `q` in `(max(L, w/y), min(y, s)]` is also an `r` of the second sum: its
//!   look-up `π(⌊w/q⌋) < y` serves both (once, where `π(x)` alone would count
//!   it twice);
//! * the `r` in `(w/y, L]` need a look-up each (rarely any);
//! * `π(⌊w/q⌋)` for the other `q` come from the table up to `z` when
//!   `⌊w/q⌋ <= z`, else (`q <= w/(z+1)`) from a segmented table of `(z, √x]`,
//!   since `⌊w/q⌋ < x/(p·L) <= √x` (`L >= x/p³` for `p <= x^{1/4}`, `L >= p`
//!   above).
//!
//! For `p > ∛x` only `N` is left (`s < p`); for `L >= y` there are no leaves.
//!
//! # The segmented table
//!
//! `(z, √x]` is sieved in segments ([`super::sieve`], a bit per odd number and
//! the count of the bits before each word), on all cores. A segment `[lo, hi)`
//! answers `π(v) = π(lo) + #{odd primes in (lo, v]}` for the `q` with
//! `⌊w/q⌋ ∈ [lo, hi)`, i.e. `⌊w/hi⌋ < q <= ⌊w/lo⌋`. The `π(lo)` of every
//! segment are known before: from the list of the primes up to `√x` when the
//! caller has it (the tests' `prime_buckets`), else from a first pass that
//! only counts each segment's primes (a sieve of `(z, √x]`, a small part of
//! the cost, cheaper than listing the primes); the last is `π(√x)`.
//!
//! Cost: one division and look-up per pair-count term, about
//! `Σ_{p <= ∛x} π(min(y, √(x/p)))`, which is `O(x^{2/3}/log² x)` with
//! `y ~ ∛x·log³ x`; the sieve of `√x` numbers.

use super::sieve::Sieve;
use super::sink::{Filing, Sink};
use super::{Plan, run_length, segmented};
use crate::number::roots::isqrt;
use rayon::prelude::*;

/// The pair-count bounds of one `p = p_β` (prime indices): `q` with index in
/// `(il, iq]`, of which `(il, ib]` read the segmented table.
#[derive(Clone, Copy, Debug)]
struct Leaves {
    b: usize,
    w: u64,
    s: u64,
    il: usize,
    iq: usize,
    ib: usize,
}

impl Plan {
    /// The bounds for `p_b`, `None` when it has no easy prime leaf.
    fn a_leaves(&self, b: usize) -> Option<Leaves> {
        let p = self.prime(b);
        let w = self.x / p;
        let l = p.max(self.z / p).max(w / p / p);
        if l >= self.y {
            return None;
        }
        let il = self.pi(l) as usize;
        let s = isqrt(w);
        let iq = (self.pi(s.min(self.y)) as usize).max(il);
        let ib = (self.pi((w / (self.z + 1)).min(self.y)) as usize).clamp(il, iq);
        Some(Leaves { b, w, s, il, iq, ib })
    }
}

/// The leaves of one `p` but for the look-ups in the segmented table (see
/// the module: by leaf).
#[inline(always)]
fn outside_segments_inner<S: Sink>(plan: &Plan, sink: &mut S, lv: &Leaves) {
    let a = plan.a;
    let (il, iq, ib, w, b) = (lv.il, lv.iq, lv.ib, lv.w, lv.b);
    // (a function, not a closure: inlined into the popcnt-compiled caller)
    #[inline(always)]
    fn look(plan: &Plan, w: u64, i: usize) -> u64 {
        plan.pi(w / plan.prime(i))
    }
    // N: one for every q
    sink.range(il, a, 1);
    // the r (and q) <= w/y reach up to y
    let iy = plan.pi((w / plan.y).min(plan.y)) as usize;
    // the pairs r >= q with the table up to z; above w/y the same q as an r < q'
    // too, the range (j, t] (empty when t <= j), its start with the others' below
    for j in ib + 1..=iq {
        let t = look(plan, w, j);
        sink.point(j, (t + 1).wrapping_sub(j as u64));
        if j > iy {
            sink.range_end((t as usize).max(j));
        }
    }
    sink.range_starts(ib.max(iy), iq);
    // the second sum by r, r from p = p_b to min(y, s)
    let ir = plan.pi(lv.s.min(plan.y)) as usize;
    if ir >= b {
        let top = iy.min(ir);
        // r <= min(L, w/y): (L, y] each
        if top >= b && il >= b {
            sink.range(il, a, (top.min(il) + 1 - b) as u64);
        }
        // L < r <= w/y: (r, y] each, a staircase
        let i0 = b.max(il + 1);
        if top >= i0 {
            let end = (top + 1).min(a);
            sink.slope(i0, end, 1);
            sink.range(end, a, (top + 1 - i0) as u64);
        }
        // w/y < r <= L: (L, π(w/r)]
        for i in b.max(iy + 1)..=il.min(ir) {
            sink.range(il, look(plan, w, i) as usize, 1);
        }
    }
}

popcnt_dispatch! {
    /// [`outside_segments_inner`] (the `π` table counts bits).
    fn outside_segments<S: Sink>(plan: &Plan, sink: &mut S, lv: &Leaves) -> () = outside_segments_inner
}

/// A `p` with look-ups in the segmented table: `q` with index in `(il, ib]`,
/// whose `⌊w/q⌋` lie in `[vmin, vmax]`.
#[derive(Clone, Copy, Debug)]
struct Segmented {
    w: u64,
    il: usize,
    ib: usize,
    vmin: u64,
    vmax: u64,
}

/// Rounds of the leaves outside the segments (between progress reports):
/// about this many, of about equal work.
const OUTSIDE_ROUNDS: u64 = 64;

/// Progress units (about nanoseconds) of one look-up outside the segments.
const LOOK_UNITS: u64 = 8;

/// The pass over the segmented table of `(z, √x]`.
pub(super) struct APass {
    /// The leaves outside the segments, in rounds: `(first p index, end, units)`.
    outside: Vec<(usize, usize, u64)>,
    list: Vec<Segmented>,
    /// Even start of the first segment (`<= z`, so `π(lo0)` is in the table).
    lo0: u64,
    seg: u64,
    segments: u64,
}

impl APass {
    pub(super) fn new(plan: &Plan, seg: u64) -> APass {
        // the work of p_b outside the segments: a look-up per q of the table up to z
        let work = |b: usize| plan.a_leaves(b).map_or(0, |lv| (lv.iq - lv.ib) as u64) + 1;
        let total: u64 = (plan.k + 1..plan.a).map(work).sum();
        let mut outside = Vec::new();
        let (mut first, mut units) = (plan.k + 1, 0);
        for b in plan.k + 1..plan.a {
            units += work(b);
            if units * OUTSIDE_ROUNDS >= total || b + 1 == plan.a {
                outside.push((first, b + 1, units * LOOK_UNITS));
                (first, units) = (b + 1, 0);
            }
        }
        let list = (plan.k + 1..plan.a)
            .filter_map(|b| plan.a_leaves(b))
            .filter(|lv| lv.ib > lv.il)
            .map(|lv| Segmented {
                w: lv.w,
                il: lv.il,
                ib: lv.ib,
                vmin: lv.w / plan.prime(lv.ib),
                vmax: lv.w / plan.prime(lv.il + 1),
            })
            .collect();
        let lo0 = plan.z / 128 * 128;
        // no segment longer than the range
        let seg = seg.min(plan.r.saturating_sub(lo0) + 1).max(128).div_ceil(128) * 128;
        let segments = if plan.r > plan.z { (plan.r - lo0) / seg + 1 } else { 0 };
        APass { outside, list, lo0, seg, segments }
    }

    /// Progress units of the pass (about nanoseconds).
    pub(super) fn units(&self) -> u64 {
        let outside: u64 = self.outside.iter().map(|r| r.2).sum();
        self.segments * (self.segment_units() + self.seg / 64) + outside + 1
    }

    fn segment_units(&self) -> u64 {
        self.seg / 16 + self.list.len() as u64
    }

    /// The base of the sieve: the primes up to `⁴√x`.
    fn base<'a>(&self, plan: &'a Plan) -> &'a [u32] {
        &plan.primes[..plan.pi(isqrt(plan.r).min(plan.y)) as usize]
    }

    /// `π` at the start of every segment and `π(√x)` last: from the primes up
    /// to `√x` when given, else by sieving the segments once.
    fn starts(
        &self,
        plan: &Plan,
        primes: Option<&[u32]>,
        report: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Vec<u64>> {
        let lows = (0..self.segments).map(|s| self.lo0 + s * self.seg).chain([plan.r]);
        if let Some(primes) = primes {
            return Some(lows.map(|v| primes.partition_point(|&q| u64::from(q) <= v) as u64).collect());
        }
        let mut starts = vec![plan.pi(self.lo0)];
        let task = |first: u64, len: u64| {
            let mut sieve = Sieve::new(self.base(plan), self.lo0 + first * self.seg);
            let mut bits = vec![0u64; (self.seg / 128) as usize];
            (first..first + len)
                .map(|s| {
                    sieve.primes(&mut bits);
                    // the odd primes in (lo, min(hi − 1, √x)] (for lo = 0 the bit of 1 stands in for 2)
                    let lo = self.lo0 + s * self.seg;
                    let n = (plan.r.min(lo + self.seg - 1) - lo).div_ceil(2) as usize;
                    let whole: u64 = bits[..n / 64].iter().map(|w| u64::from(w.count_ones())).sum();
                    let part = bits
                        .get(n / 64)
                        .map_or(0, |w| u64::from((w & ((1u64 << (n % 64)) - 1)).count_ones()));
                    whole + part
                })
                .collect::<Vec<u64>>()
        };
        let combine = |primes: Vec<u64>| {
            for p in primes {
                starts.push(starts.last().unwrap() + p);
            }
        };
        segmented(
            plan,
            self.segments,
            run_length(plan, self.segments),
            false,
            task,
            combine,
            |s, e| (e - s) * self.seg / 64,
            report,
        )?;
        Some(starts)
    }

    /// Files `A`'s leaves and returns `π(√x)` (from `primes`, the primes up to
    /// `√x`, when given), or `None` when `report` said stop.
    pub(super) fn run<S: Sink>(
        &self,
        plan: &Plan,
        filing: &Filing<S>,
        primes: Option<&[u32]>,
        report: &mut dyn FnMut(u64) -> bool,
    ) -> Option<u64> {
        // in rounds of about equal work, each on all cores, reporting between
        for &(first, end, units) in &self.outside {
            (first..end).into_par_iter().with_max_len(64).for_each(|b| {
                if let Some(lv) = plan.a_leaves(b) {
                    filing.with(|sink| outside_segments(plan, sink, &lv));
                }
            });
            if !report(units) {
                return None;
            }
        }
        if !report(1) {
            return None;
        }
        if self.segments == 0 {
            return Some(primes.map_or_else(|| plan.pi(plan.r), |p| p.len() as u64));
        }
        let starts = self.starts(plan, primes, report)?;
        let task = |first: u64, len: u64| {
            let mut sieve = Sieve::new(self.base(plan), self.lo0 + first * self.seg);
            // one word more, empty: a count at hi − 1 reads its count only
            let mut bits = vec![0u64; (self.seg / 128) as usize + 1];
            let mut counts = vec![0u32; bits.len()];
            filing.with(|sink| {
                for s in first..first + len {
                    let lo = self.lo0 + s * self.seg;
                    let words = bits.len() - 1;
                    sieve.primes(&mut bits[..words]);
                    let at = Start { lo, hi: lo + self.seg, pi: starts[s as usize] };
                    segment(plan, sink, &self.list, &bits, &mut counts, at);
                }
            })
        };
        let units = |s: u64, e: u64| (e - s) * self.segment_units();
        segmented(plan, self.segments, run_length(plan, self.segments), false, task, |()| (), units, report)?;
        starts.last().copied()
    }
}

/// A segment `[lo, hi)` and `π(lo)`.
#[derive(Clone, Copy, Debug)]
struct Start {
    lo: u64,
    hi: u64,
    pi: u64,
}

popcnt_dispatch! {
    /// One segment of the table (its odd primes in `bits`, one word more empty;
    /// `counts` gets the bits before each word): files the `q` whose `⌊w/q⌋`
    /// fall in it. For `lo = 0` the bit of 1 stands in for the prime 2 (every
    /// look-up is above `z >= 2`).
    fn segment<S: Sink>(plan: &Plan, sink: &mut S, list: &[Segmented], bits: &[u64], counts: &mut [u32], at: Start) -> () = segment_inner
}

#[inline(always)]
fn segment_inner<S: Sink>(
    plan: &Plan,
    sink: &mut S,
    list: &[Segmented],
    bits: &[u64],
    counts: &mut [u32],
    at: Start,
) {
    let Start { lo, hi, pi } = at;
    let mut acc = 0u32;
    for (c, w) in counts.iter_mut().zip(bits) {
        *c = acc;
        acc += w.count_ones();
    }
    for sp in list {
        if sp.vmax < lo || sp.vmin >= hi {
            continue;
        }
        // lo <= ⌊w/q⌋ < hi ⟺ ⌊w/hi⌋ < q <= ⌊w/lo⌋
        let from = sp.il.max(plan.pi((sp.w / hi).min(plan.y)) as usize);
        let to = sp.ib.min(sp.w.checked_div(lo).map_or(sp.ib, |v| plan.pi(v.min(plan.y)) as usize));
        for j in from + 1..=to {
            // π(v) = π(lo) + the odd primes in (lo, v]
            let n = (sp.w / plan.prime(j) - lo).div_ceil(2) as usize;
            let (i, r) = (n >> 6, n & 63);
            let t = pi + u64::from(counts[i]) + u64::from((bits[i] & ((1u64 << r) - 1)).count_ones());
            sink.point(j, (t + 1).wrapping_sub(j as u64));
        }
    }
}
