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
//! of a prime are its index, so what is left are
//!
//! * closed forms: `N`, `Σ (1 − π(q))`, and the `r <= w/y`, whose
//!   `π(min(y, w/r)) = π(y)` (an arithmetic series, [`capped_sum`]);
//! * `π(⌊w/r⌋)` for `w/y < r <= s`: below `y`, from the table up to `z`;
//! * `π(⌊w/q⌋)` for `L < q <= min(y, s)`: from the table when `⌊w/q⌋ <= z`,
//!   else (`q <= w/(z+1)`) from a segmented table of `(z, √x]`, since
//!   `⌊w/q⌋ < x/(p·L) <= √x` (`L >= x/p³` for `p <= x^{1/4}`, `L >= p` above).
//!
//! For `p > ∛x` only `N` is left (`s < p`); for `L >= y` there are no leaves.
//!
//! # The segmented table
//!
//! `(z, √x]` is sieved in segments ([`crate::number::prime_buckets::bit_sieve`],
//! a bit per odd number and the count of the bits before each word), on all
//! cores. A segment `[lo, hi)` answers `π(v) = π(lo) + #{odd primes in (lo, v]}`
//! for the `q` with `⌊w/q⌋ ∈ [lo, hi)`, i.e. `⌊w/hi⌋ < q <= ⌊w/lo⌋`; it
//! returns the sum of its counts, how many there were and its primes, and
//! `π(lo)` is added afterwards, segment by segment (`π(lo)` of the first from
//! the table, the last count is `π(√x)`).
//!
//! Cost: one division and look-up per pair-count term, about
//! `Σ_{p <= ∛x} π(min(y, √(x/p)))`, which is `O(x^{2/3}/log² x)` with
//! `y ~ ∛x·log³ x`; the sieve of `√x` numbers.

use super::sieve::Sieve;
use super::{Counted, Plan, run_length, segmented};
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

/// `Σ_{i=i0}^{i1} max(0, c − max(l, i))`, in `O(1)`.
fn capped_sum(i0: u64, i1: u64, c: u64, l: u64) -> u64 {
    if i1 < i0 {
        return 0;
    }
    let mut sum = 0;
    // i <= l: c − l each
    if c > l && i0 <= l {
        sum += (i1.min(l) - i0 + 1) * (c - l);
    }
    // l < i < c: c − i each
    let (lo, hi) = (i0.max(l + 1), i1.min(c.saturating_sub(1)));
    if c > 0 && lo <= hi {
        let n = hi - lo + 1;
        // Σ (c − i) for i = lo..=hi: (c − lo) + … + (c − hi)
        sum += n * (c - hi) + n * (n - 1) / 2;
    }
    sum
}

/// `A(p)` but for the look-ups in the segmented table.
///
/// The two sums of the pair count meet where `w/y < q` (so `⌊w/q⌋ < y`): for
/// `q > max(L, w/y)` the term `π(⌊w/q⌋) − π(q) + 1` of the first and the term
/// `π(⌊w/r⌋) − π(r)` of the second with `r = q` share their look-up, made once
/// and counted twice. What is left of the second sum are the `r <= w/y`
/// (closed form) and the `w/y < r <= L` (a look-up each, rarely any).
#[inline(always)]
fn outside_segments_inner(plan: &Plan, lv: &Leaves) -> u64 {
    let a = plan.a as u64;
    let (il, iq, ib) = (lv.il as u64, lv.iq as u64, lv.ib as u64);
    let (w, b) = (lv.w, lv.b as u64);
    let triangle = |n: u64| n * (n + 1) / 2;
    // the r (and q) <= w/y
    let iy = plan.pi((w / plan.y).min(plan.y));
    // N, Σ (1 − π(q)) over (il, iq], and −π(r) over the shared (max(iy, il), iq]
    let shared = iy.max(il).min(iq);
    let mut sum = (a - il)
        .wrapping_add(iq - il)
        .wrapping_sub(triangle(iq) - triangle(il))
        .wrapping_sub(triangle(iq) - triangle(shared));
    // the look-ups below z: once up to w/y, twice above
    let split = iy.clamp(ib, iq) as usize;
    // (a function, not a closure: inlined into the popcnt-compiled caller)
    #[inline(always)]
    fn look(plan: &Plan, w: u64, i: usize) -> u64 {
        plan.pi(w / plan.prime(i))
    }
    for i in lv.ib + 1..=split {
        sum = sum.wrapping_add(look(plan, w, i));
    }
    for i in split + 1..=lv.iq {
        sum = sum.wrapping_add(2 * look(plan, w, i));
    }
    // the second sum for r <= min(y, s): closed up to w/y, then the r <= L
    let ir = plan.pi(lv.s.min(plan.y));
    if ir >= b {
        sum = sum.wrapping_add(capped_sum(b, iy.min(ir), a, il));
        for i in b.max(iy + 1)..=il.min(ir) {
            sum = sum.wrapping_add(look(plan, w, i as usize).saturating_sub(il));
        }
    }
    sum
}

popcnt_dispatch! {
    /// [`outside_segments_inner`] (the `π` table counts bits).
    fn outside_segments(plan: &Plan, lv: &Leaves) -> u64 = outside_segments_inner
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

/// The pass over the segmented table of `(z, √x]`.
pub(super) struct APass {
    list: Vec<Segmented>,
    /// Even start of the first segment (`<= z`, so `π(lo0)` is in the table).
    lo0: u64,
    seg: u64,
    segments: u64,
}

impl APass {
    pub(super) fn new(plan: &Plan, seg: u64) -> APass {
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
        APass { list, lo0, seg, segments }
    }

    /// Progress units of the pass (about nanoseconds).
    pub(super) fn units(&self) -> u64 {
        self.segments * self.segment_units() + 1
    }

    fn segment_units(&self) -> u64 {
        self.seg / 16 + self.list.len() as u64
    }

    /// `A` and `π(√x)`, or `None` when `report` said stop.
    pub(super) fn run(&self, plan: &Plan, report: &mut dyn FnMut(u64) -> bool) -> Option<(u64, u64)> {
        let mut sum = (plan.k + 1..plan.a)
            .into_par_iter()
            .map(|b| plan.a_leaves(b).map_or(0, |lv| outside_segments(plan, &lv)))
            .reduce(|| 0, u64::wrapping_add);
        if !report(1) {
            return None;
        }
        if self.segments == 0 {
            return Some((sum, plan.pi(plan.r)));
        }
        let base = &plan.primes[..plan.pi(isqrt(plan.r).min(plan.y)) as usize];
        let mut pi_lo = plan.pi(self.lo0);
        let task = |first: u64, len: u64| {
            let mut sieve = Sieve::new(base, self.lo0 + first * self.seg);
            // one word more, empty: a count at hi − 1 reads its count only
            let mut bits = vec![0u64; (self.seg / 128) as usize + 1];
            let mut counts = vec![0u32; bits.len()];
            (first..first + len).fold(Counted::default(), |run, s| {
                let lo = self.lo0 + s * self.seg;
                let words = bits.len() - 1;
                sieve.primes(&mut bits[..words]);
                run.then(segment(plan, &self.list, &bits, &mut counts, lo, lo + self.seg))
            })
        };
        let combine = |c: Counted| {
            sum = sum.wrapping_add(c.local).wrapping_add(c.count.wrapping_mul(pi_lo));
            pi_lo += c.primes;
        };
        let units = |s: u64, e: u64| (e - s) * self.segment_units();
        segmented(plan, self.segments, run_length(plan, self.segments), task, combine, units, report)?;
        Some((sum, pi_lo))
    }
}

popcnt_dispatch! {
    /// One segment `[lo, hi)` of the table (its odd primes in `bits`, one word
    /// more empty; `counts` gets the bits before each word): the sum of `#{odd primes in (lo, ⌊w/q⌋]}`
    /// over the look-ups that fall in it, their number, and the odd primes in
    /// `(lo, min(hi − 1, √x)]`. For `lo = 0` the bit of 1 stands in for the
    /// prime 2 (every look-up is above `z >= 2`).
    fn segment(plan: &Plan, list: &[Segmented], bits: &[u64], counts: &mut [u32], lo: u64, hi: u64) -> Counted = segment_inner
}

#[inline(always)]
fn segment_inner(plan: &Plan, list: &[Segmented], bits: &[u64], counts: &mut [u32], lo: u64, hi: u64) -> Counted {
    let words = ((hi - lo) / 128) as usize;
    let mut acc = 0u32;
    for (c, w) in counts.iter_mut().zip(bits) {
        *c = acc;
        acc += w.count_ones();
    }
    // the odd primes in (lo, v], v in [lo, hi)
    let count = |v: u64| {
        let n = ((v - lo + 1) / 2) as usize;
        let (i, r) = (n >> 6, n & 63);
        u64::from(counts[i]) + u64::from((bits[i] & ((1u64 << r) - 1)).count_ones())
    };
    let (mut local, mut looked) = (0u64, 0u64);
    for sp in list {
        if sp.vmax < lo || sp.vmin >= hi {
            continue;
        }
        // lo <= ⌊w/q⌋ < hi ⟺ ⌊w/hi⌋ < q <= ⌊w/lo⌋
        let from = sp.il.max(plan.pi((sp.w / hi).min(plan.y)) as usize);
        let to = sp.ib.min(sp.w.checked_div(lo).map_or(sp.ib, |v| plan.pi(v.min(plan.y)) as usize));
        for i in from + 1..=to {
            local += count(sp.w / plan.prime(i));
        }
        looked += to.saturating_sub(from) as u64;
    }
    let primes = if hi - 1 <= plan.r { u64::from(counts[words]) } else { count(plan.r) };
    Counted { local, count: looked, primes }
}
