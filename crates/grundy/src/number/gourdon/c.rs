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
//! Time: a step per `m` prime to 30 in the range, on all cores by `p`.

use super::Plan;
use super::factor_table::{PRIME, least_factor, negative};
use rayon::prelude::*;

/// `C`, modulo `2^64`.
pub(super) fn c(plan: &Plan) -> u64 {
    let z = plan.z;
    let top = (plan.k + 1..plan.a).take_while(|&b| plan.prime(b) * plan.prime(b) < z).last().unwrap_or(0);
    (plan.k + 1..=top)
        .into_par_iter()
        .map(|b| leaves_of(plan, b))
        .reduce(|| 0, u64::wrapping_add)
}

popcnt_dispatch! {
    /// The leaves of `p_b` (the `π` table counts bits).
    fn leaves_of(plan: &Plan, b: usize) -> u64 = leaves_inner
}

#[inline(always)]
fn leaves_inner(plan: &Plan, b: usize) -> u64 {
    let (x, z) = (plan.x, plan.z);
    let p = plan.prime(b);
    let xp = x / p;
    let lo = (z / p).max(xp / p / p);
    let mut sum = 0u64;
    plan.factors.each_down(lo, z, |m, e| {
        if e != PRIME && least_factor(e) > p {
            // φ = π(u) − b + 2, with −μ(m)
            let phi = plan.pi(xp / m) + 2 - b as u64;
            sum = if negative(e) { sum.wrapping_add(phi) } else { sum.wrapping_sub(phi) };
        }
    });
    sum
}
