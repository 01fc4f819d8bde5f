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
//! A leaf's last prime is its `P⁺(m)`, the bin it is filed under
//! ([`super::sink`]). Time `O(z)`: one step per leaf, fewer than `z` of them.

use super::Plan;
use super::sink::{Filing, Sink};
use rayon::prelude::*;

/// Files the leaves with `m > 1` under `π(P⁺(m))` and returns the root's
/// `φ(x, k)` (`m = 1`, which no bucket holds).
pub(super) fn phi0<S: Sink>(plan: &Plan, filing: &Filing<S>) -> u64 {
    let (x, k) = (plan.x, plan.k);
    (k + 1..plan.a + 1).into_par_iter().with_max_len(64).for_each(|i| {
        filing.with(|sink| {
            let q = plan.prime(i);
            // m = q: μ = −1
            let xq = x / q;
            sink.point(i, plan.tiny.phi(xq, k).wrapping_neg());
            walk(plan, sink, q, true, i + 1, xq);
        })
    });
    plan.tiny.phi(x, k)
}

/// The leaves `m = n·q·…` below `n` (`μ(n) = −1` when `negative`), with the
/// next prime's index from `next` on; `xn = ⌊x/n⌋`. Each `m`'s last prime is
/// its largest.
fn walk<S: Sink>(plan: &Plan, sink: &mut S, n: u64, negative: bool, next: usize, xn: u64) {
    for i in next..=plan.a {
        let q = plan.prime(i);
        let m = n * q;
        if m > plan.z {
            break;
        }
        let xm = xn / q;
        // μ(m) = −μ(n)
        let v = plan.tiny.phi(xm, plan.k);
        sink.point(i, if negative { v } else { v.wrapping_neg() });
        if i < plan.a && m * plan.prime(i + 1) <= plan.z {
            walk(plan, sink, m, !negative, i + 1, xm);
        }
    }
}
