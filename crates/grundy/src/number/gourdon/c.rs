//! `C`, the easy special leaves whose `m` is composite: `(m·p, β−1)` with
//! `p = p_β`, `β > k`, `m` squarefree composite, `p⁻(m) > p`, `m <= z < m·p`,
//! and `u = ⌊x/(m·p)⌋ < p²` (see [`super`]). The survivors up to `u` are then
//! `1` and the primes in `[p, u]`, so the leaf is worth
//! `−μ(m)·(π(u) − β + 2)`:
//!
//! ```text
//! C = Σ_{p_k < p < √z} Σ_{m} −μ(m)·(π(⌊x/(m·p)⌋) − π(p) + 2),
//!     m ∈ (max(⌊z/p⌋, ⌊x/p³⌋), z] composite squarefree, p⁻(m) > p.
//! ```
//!
//! Here `m > p²` (two prime factors above `p`), so `p < √z`, and
//! `u < x/p³ < p² < z`: one look-up in the table of `π` up to `z` per leaf
//! (and `u >= p`, as `p² < z < x/z <= u·p`). Such `m` have `P⁺(m) <= y` (see
//! [`super`]), and are read from the factor table, 8 candidates in 30.
//! Moreover `p³ > x/z > z` (from `x/p³ < z` and `z < √x`), so `m <= z < p³`
//! has exactly two prime factors: `μ(m) = +1`, and `P⁺(m) = m/p⁻(m)`, the bin
//! of the leaf ([`super::sink`]).
//! Time: a step per `m` prime to 30 in the range, on all cores by `p`.

use super::Plan;
use super::factor_table::{PRIME, least_factor};
use super::sink::{Filing, Sink};
use rayon::prelude::*;

/// Files `C`'s leaves.
pub(super) fn c<S: Sink>(plan: &Plan, filing: &Filing<S>) {
    let z = plan.z;
    let top = (plan.k + 1..plan.a).take_while(|&b| plan.prime(b) * plan.prime(b) < z).last().unwrap_or(0);
    (plan.k + 1..=top).into_par_iter().for_each(|b| filing.with(|sink| leaves_of(plan, sink, b)));
}

popcnt_dispatch! {
    /// The leaves of `p_b` (the `π` table counts bits).
    fn leaves_of<S: Sink>(plan: &Plan, sink: &mut S, b: usize) -> () = leaves_inner
}

#[inline(always)]
fn leaves_inner<S: Sink>(plan: &Plan, sink: &mut S, b: usize) {
    let (x, z) = (plan.x, plan.z);
    let p = plan.prime(b);
    let xp = x / p;
    let lo = (z / p).max(xp / p / p);
    plan.factors.each_down(
        lo,
        z,
        #[inline(always)]
        |m, e| {
            let q = least_factor(e);
            if e != PRIME && q > p {
                // m = q·r, r = P⁺(m) (two prime factors: μ = +1, the leaf is −φ)
                let j = if S::FILES { plan.pi(m / q) as usize } else { 0 };
                sink.point(j, (plan.pi(xp / m) + 2 - b as u64).wrapping_neg());
            }
        },
    );
}
