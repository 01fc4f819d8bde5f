//! The trivial and the easy special leaves, each by one look-up in the π
//! table ([`super::pi_table`]) or counted without a visit.
//!
//! A special leaf is `(m·p_b, b−1)` with `c < b`, `m <= y < m·p_b`, `m > 1`
//! squarefree, `p⁻(m) > p_b`, of value `−μ(m)·φ(t, b−1)`, `t = ⌊x/(m·p_b)⌋`,
//! filed in the bin of `P⁺(m)` (see the overview in [`super`]). Here
//! `t < x/y` (as `m·p_b > y`) and `t >= 1` (as `m·p_b <= y² <= x`). With
//! `b >= c + 2` the leaf is
//!
//! * *trivial*, `t < p_b`: `φ = 1` (a survivor above 1 has a prime factor
//!   `>= p_b`). Only `m = q` prime: a composite `m` has two prime factors above
//!   `p_b`, so `m > p_b²`, while `m <= √x` and `x < m·p_b²` would give
//!   `m < p_b²`. For `m = q` prime these are counted per `q` without visiting
//!   them: `t < p_b ⟺ p_b² q > x ⟺ p_b > ⌊√⌊x/q⌋⌋`, which implies
//!   `p_b q > √(xq) >= y`, so `q`'s bin gets
//!   `−#{p : max(p_{c+1}, ⌊√⌊x/q⌋⌋) < p < q}`, a difference of two `π`s
//!   ([`trivial_leaves`]);
//! * *easy*, `p_b <= t < p_b²`: a survivor above 1 is then a prime `>= p_b`,
//!   so `φ = π(t) − b + 2`, and `t < √x` since also `t < x/p_b²` (as
//!   `m > p_b`): read from the table of `π` up to `√x`. For `m = q` prime and
//!   `t <= q` the consecutive `q' >= q` up to `⌊x/(p_b·p_{π(t)})⌋` all have
//!   `⌊x/(p_b q')⌋ ∈ [p_{π(t)}, t]`, hence the same `φ` (Deléglise–Rivat's
//!   clustered leaves): their bins, consecutive indices, get it as one range
//!   increment in a difference array, so clustering survives the filing
//!   ([`easy_leaves`]). With `m` composite every leaf above the hard ones
//!   (`t < p_b²`, [`super::hard`]) is easy, never trivial.
//!
//! Cost: a table look-up and a division per easy leaf, one per cluster; two
//! `π` per prime `q <= y` for the trivial leaves.

use super::{Plan, file};
use crate::number::roots::{div, isqrt};
use rayon::prelude::*;
use std::sync::Mutex;

/// Easy special leaves (`b >= c + 2`, `p_b <= t < p_b²`); with a composite `m`
/// every leaf above the hard ones is easy.
/// In rounds of about 1/64 of the work (`units[i]` for `b = c + 2 + i`), each
/// followed by a report.
pub(super) fn easy_leaves(
    plan: &Plan,
    bins: &[Mutex<Vec<u64>>],
    units: &[u64],
    report: &mut dyn FnMut(u64) -> bool,
) -> Option<()> {
    let step = units.iter().sum::<u64>() / 64 + 1;
    let mut start = 0;
    while start < units.len() {
        let (mut end, mut work) = (start, 0);
        while end < units.len() && work < step {
            work += units[end];
            end += 1;
        }
        (start..end)
            .into_par_iter()
            .with_max_len(8)
            .for_each(|i| plan.with_bins(bins, |bins| easy_leaves_of(plan, bins, plan.c + 2 + i)));
        if !report(work) {
            return None;
        }
        start = end;
    }
    Some(())
}

/// The easy leaves of `b` (`b >= c + 2`): the primes `q` with index in
/// `(k_lo, k_hi]`, and the composites `m` from `m_from` on (up to `y`; none
/// when `p_b² >= y`).
struct EasyRange {
    p: u64,
    xp: u64,
    k_lo: usize,
    k_hi: usize,
    m_from: u64,
}

impl Plan {
    fn easy_range(&self, b: usize) -> EasyRange {
        let y = self.y;
        let p = self.prime(b);
        let xp = self.x / p;
        let (xp2, xp3) = (xp / p, xp / p / p);
        // m = q prime: x/p³ < q <= x/p²
        let hi = y.min(xp2);
        let lo = p.max(y / p).max(xp3).min(hi);
        // m composite (> p², so only when p² < y): every m > x/p³ is easy
        let m_from = if p * p < y { ((y / p).max(p * p).max(xp3) + 1).min(y + 1) } else { y + 1 };
        EasyRange { p, xp, k_lo: self.table.pi(lo) as usize, k_hi: self.table.pi(hi) as usize, m_from }
    }

    /// Progress units for the easy leaves of `b`: a leaf costs about seven
    /// words of a hard segment, a composite candidate one.
    pub(super) fn easy_units(&self, b: usize) -> u64 {
        let e = self.easy_range(b);
        7 * (e.k_hi - e.k_lo) as u64 + (self.y + 1 - e.m_from)
    }
}

popcnt_dispatch! {
    /// The easy leaves of one `b`.
    fn easy_leaves_of(plan: &Plan, bins: &mut [u64], b: usize) -> () = easy_for
}

/// The easy leaves of one `b`.
#[inline(always)]
fn easy_for(plan: &Plan, bins: &mut [u64], b: usize) {
    let EasyRange { p, xp, k_lo, k_hi, m_from } = plan.easy_range(b);
    let (point, range) = bins.split_at_mut(plan.a + 2);
    // m = q prime, the bin of q gets −φ
    if k_hi > k_lo {
        let hi = u64::from(plan.primes[k_hi - 1]);
        let mut k = k_lo + 1;
        while k <= k_hi {
            let q = u64::from(plan.primes[k - 1]);
            // the hardware division: measured faster here than `div_inv`,
            // which the next leaf waits on less (no correction branch)
            let t = xp / q;
            let pt = plan.table.pi(t);
            let v = pt + 2 - b as u64;
            if t > q {
                // sparse: the next q most likely has another π(t)
                point[k] = point[k].wrapping_sub(v);
                k += 1;
            } else {
                // clustered: every q' <= x/(p·p_pt) has ⌊x/(p q')⌋ in [p_pt, t]
                let end = plan.table.pi((xp / plan.prime(pt as usize)).min(hi)) as usize;
                range[k] = range[k].wrapping_sub(v);
                range[end + 1] = range[end + 1].wrapping_add(v);
                k = end + 1;
            }
        }
    }
    // m composite
    for m in m_from..=plan.y {
        let l = u64::from(plan.lpf[m as usize]);
        if l > p && l != m {
            let t = div(xp, m);
            // never trivial: m <= y <= √x gives m² <= x, and t < p would give
            // x < m·p², so m < p², while m has two prime factors above p
            let phi = plan.table.pi(t) + 2 - b as u64;
            file(point, plan.jmu[m as usize], phi);
        }
    }
}

/// Trivial special leaves with `m = q` prime, counted per `q`.
pub(super) fn trivial_leaves(plan: &Plan, bins: &[Mutex<Vec<u64>>]) {
    if plan.a < plan.c + 2 {
        return;
    }
    let first = plan.prime(plan.c + 1);
    plan.with_bins(bins, |bins| {
        for (k, bin) in bins.iter_mut().enumerate().take(plan.a + 1).skip(plan.c + 3) {
            let q = plan.prime(k);
            // p > √(x/q) already gives p·q > √(x·q) >= √x >= y
            let lower = first.max(isqrt(plan.x / q));
            let below = plan.table.pi(lower.min(q)) as usize;
            if below < k - 1 {
                *bin = bin.wrapping_sub((k - 1 - below) as u64);
            }
        }
    });
}
