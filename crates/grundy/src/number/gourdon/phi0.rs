//! `Φ0`, the ordinary leaves: the `(m, k)` with `m <= z` squarefree,
//! `p⁻(m) > p_k` and `P⁺(m) <= y`, of value `μ(m)·φ(⌊x/m⌋, k)` (`m = 1`, the
//! root's `φ(x, k)`, included; see [`super`]):
//!
//! ```text
//! Φ0 = Σ_{m <= z, μ(m) ≠ 0, p_k < p⁻(m), P⁺(m) <= y} μ(m)·φ(⌊x/m⌋, k).
//! ```
//!
//! `φ(t, k)` for `k <= 6` costs a division and a look-up
//! ([`crate::number::prime_buckets::phi_tiny`]). The `m` are walked as
//! products of increasing primes from the list up to `y` (a depth-first walk,
//! `m = n·q` with `q > P⁺(n)` and `n·q <= z`, `⌊x/m⌋ = ⌊⌊x/n⌋/q⌋`), so no
//! factor table is needed; the walks under each first prime run on all cores.
//! Time `O(z)`: one step per leaf, fewer than `z` of them.

use super::Plan;
use rayon::prelude::*;

/// `Φ0`, modulo `2^64`.
pub(super) fn phi0(plan: &Plan) -> u64 {
    let (x, k) = (plan.x, plan.k);
    let root = plan.tiny.phi(x, k);
    let rest = (k + 1..=plan.a)
        .into_par_iter()
        .map(|i| {
            let q = plan.prime(i);
            // m = q: μ = −1
            let xq = x / q;
            plan.tiny.phi(xq, k).wrapping_neg().wrapping_add(walk(plan, q, true, i + 1, xq))
        })
        .reduce(|| 0, u64::wrapping_add);
    root.wrapping_add(rest)
}

/// The leaves `m = n·q·…` below `n` (`μ(n) = −1` when `negative`), with the
/// next prime's index from `next` on; `xn = ⌊x/n⌋`.
fn walk(plan: &Plan, n: u64, negative: bool, next: usize, xn: u64) -> u64 {
    let mut sum = 0u64;
    for i in next..=plan.a {
        let q = plan.prime(i);
        let m = n * q;
        if m > plan.z {
            break;
        }
        let xm = xn / q;
        // μ(m) = −μ(n)
        let v = plan.tiny.phi(xm, plan.k);
        sum = if negative { sum.wrapping_add(v) } else { sum.wrapping_sub(v) };
        if i < plan.a && m * plan.prime(i + 1) <= plan.z {
            sum = sum.wrapping_add(walk(plan, m, !negative, i + 1, xm));
        }
    }
    sum
}
