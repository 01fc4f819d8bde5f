//! The ordinary leaves and the special leaves with `b = c + 1`, both read
//! from the `φ(·, c)` table ([`super::phi_tiny`]).
//!
//! In the subtree of `(p_j, j−1)`, `c < j <= a`, unfolded while `b > c` and
//! `m <= y` (see the overview in [`super`]), these leaves are
//!
//! * *ordinary*: `(m, c)` with `1 < m <= y` squarefree, least prime factor
//!   `p⁻(m) > p_c`: value `μ(m)·φ(⌊x/m⌋, c)`;
//! * *special with `b = c + 1`*: `(m·p_{c+1}, c)` with `m <= y < m·p_{c+1}`,
//!   `m` squarefree, `p⁻(m) > p_{c+1}`: value `−μ(m)·φ(⌊x/(m·p_{c+1})⌋, c)`.
//!
//! Both lie in the bin of `P⁺(m)`, which gets the value negated (the subtree
//! of `p_j` adds up to `−c(p_j)`). One pass over `m <= y`, in chunks on all
//! cores, reads `μ(m)`, `P⁺(m)` and `p⁻(m)` from the factor tables of the
//! plan: `O(y)` time.

use super::{Plan, file};
use rayon::prelude::*;
use std::sync::Mutex;

/// Ordinary leaves `(m, c)` and the special leaves with `b = c + 1`, both by the
/// `φ(·, c)` table.
pub(super) fn ordinary_and_first_leaves(plan: &Plan, bins: &[Mutex<Vec<u64>>]) {
    let (x, y, c) = (plan.x, plan.y, plan.c);
    let pc = plan.prime(c);
    let first = (c < plan.a).then(|| plan.prime(c + 1));
    let chunk = (y / (4 * plan.threads as u64)).max(1 << 12);
    (0..y.div_ceil(chunk)).into_par_iter().for_each(|i| {
        plan.with_bins(bins, |bins| {
            for m in (i * chunk + 1).max(2)..=((i + 1) * chunk).min(y) {
                let l = u64::from(plan.lpf[m as usize]);
                if l <= pc {
                    continue;
                }
                let jmu = plan.jmu[m as usize];
                // ordinary: bin gets −μ(m)·φ(x/m, c)
                file(bins, jmu ^ 1, plan.tiny.phi(x / m, c));
                if let Some(p) = first
                    && l > p
                    && m > y / p
                {
                    // special, b = c + 1: bin gets μ(m)·φ(x/(m p), c)
                    file(bins, jmu, plan.tiny.phi(x / p / m, c));
                }
            }
        })
    });
}
