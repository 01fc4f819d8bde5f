//! The numbers up to `x` counted by smallest prime factor, and `π(x)`, in about
//! `x^{2/3}` time: the Lagarias–Miller–Odlyzko special-leaf sum with the
//! trivial/easy/hard split of Deléglise and Rivat, every leaf's contribution
//! filed under the largest prime factor of its divisor.
//!
//! [`prime_buckets`] (Coprime Nim's, and the one [`memory_estimate`] and
//! [`check`] are about) runs the same filing on Gourdon's passes
//! ([`super::gourdon`], about twice as fast); this module's own method is
//! [`lmo_buckets`] (`π(x)` alone: [`prime_pi`], `prime-pi --method lmo`), kept
//! as its reference.
//!
//! # What is computed
//!
//! For a prime `p`, the *bucket* `c(p) = #{2 <= n <= x : spf(n) = p}` (`p` itself
//! included). Write `p_1 = 2, p_2 = 3, …`, and `φ(t, b)` for the number of
//! `1 <= n <= t` with no prime factor among `p_1, …, p_b` (`n = 1` counts). Then
//! `c(p_j) = φ(⌊x/p_j⌋, j−1)` (`n = p_j·k` with `k` free of the smaller primes).
//! Every prime `p > √x` has `c(p) = 1`, and the buckets of all primes add up to
//! `x − 1`, so
//!
//! ```text
//! π(x) = π(√x) + (x − 1) − Σ_{p <= √x} c(p).                       (1)
//! ```
//!
//! # The buckets as sums over a tree
//!
//! Legendre's identity `φ(t, b) = φ(t, b−1) − φ(⌊t/p_b⌋, b−1)` (remove the
//! survivors divisible by `p_b`; `⌊⌊t/u⌋/v⌋ = ⌊t/(uv)⌋`) unfolds `φ(x, a)` into a
//! binary tree whose nodes are signed terms `μ(m)·φ(⌊x/m⌋, b)`, `m` squarefree
//! with every prime factor above `p_b`. A node with `b >= 1` has the children
//! `(m, b−1)` and `(m·p_b, b−1)`, the second with sign `μ(m·p_b) = −μ(m)`. Fully
//! unfolded, the leaves are `(m, 0)` for every `m | p_1⋯p_a`, which is
//! `φ(x, a) = Σ_{m | P(p_a)} μ(m)⌊x/m⌋`.
//!
//! The root's right spine is `φ(x, a) = φ(x, 0) − Σ_{j=1}^{a} φ(⌊x/p_j⌋, j−1)`:
//! the node `(p_j, j−1)` has value `−c(p_j)`. Every node below it has `m = p_j·m'`
//! with `m'` made of primes below `p_j` only (each step multiplies by a prime of
//! smaller index than all before), so **the subtree of `(p_j, j−1)` holds exactly
//! the nodes whose `m` has largest prime factor `p_j`**, and its leaves, however
//! far it is unfolded, add up to `−c(p_j)`. So any truncated unfolding of `φ(x, a)`
//! yields every bucket `c(p_j)`, `j <= a`, at once: file each leaf's value under
//! the largest prime factor `P⁺(m)` of its `m` and negate the bins.
//!
//! # The truncation (LMO), with `y ∈ [∛x, √x]`, `a = π(y)`, `c = min(6, a)`
//!
//! * Bins `j <= c`: `c(p_j) = φ(⌊x/p_j⌋, j−1)` directly; `φ(t, k)` for `k <= 6` is
//!   periodic modulo `p_1⋯p_k <= 30030` and read from a table (`phi_tiny.rs`).
//! * Bins `c < j <= a`: unfold the subtree of `(p_j, j−1)`, splitting a node
//!   `(m, b)` only while `b > c` and `m <= y`. Every node on the way from
//!   `(p_j, j−1)` to a node `(m, b)` has a divisor of `m` as its own `m`, so a node
//!   with `m <= y` is always reached. The leaves are
//!   - *ordinary*: `(m, c)` with `1 < m <= y` squarefree, least prime factor
//!     `p⁻(m) > p_c`: value `μ(m)·φ(⌊x/m⌋, c)` (table, `ordinary.rs`);
//!   - *special*: `(m·p_b, b−1)` with `c < b`, `m <= y < m·p_b`, `m` squarefree,
//!     `p⁻(m) > p_b`: value `−μ(m)·φ(⌊x/(m·p_b)⌋, b−1)`. Here `m > 1` (else
//!     `p_b > y`), so the leaf lies in the bin of `P⁺(m·p_b) = P⁺(m)`.
//!
//!   Conversely every leaf is of one of these kinds: a node is split only with
//!   `m <= y` and `b > c`, so a leaf is either `(m, c)` reached with `m <= y`, or
//!   the right child `(m·p_b, b−1)` of a split node with `m·p_b > y` (a left
//!   child keeps its `m <= y` and is split again or ordinary). Every `m` and `b`
//!   meeting the conditions is a leaf of exactly one subtree, that of `P⁺(m)`,
//!   so the sum over all ordinary and special leaves filed by `P⁺(m)` and
//!   negated is the bucket of each `p_j`, `c < j <= a`. (`φ(x, a)` itself is
//!   never needed.) With `t = ⌊x/(m·p_b)⌋`, a special leaf with
//!   `b = c+1` is read from the `φ(·, c)` table (`ordinary.rs`), and one with
//!   `b >= c+2` is
//!   - *trivial*, `t < p_b`: `φ = 1`, counted per prime `m` without a visit
//!     (`easy.rs`);
//!   - *easy*, `p_b <= t < p_b²`: `φ = π(t) − b + 2`, read from a table of `π`
//!     up to `√x` (`easy.rs`, `pi_table.rs`), consecutive leaves of the same
//!     value as one range increment;
//!   - *hard*, `t >= p_b²`: `φ(t, b−1)` from a segmented sieve of `[1, x/y)`
//!     (`hard.rs`).
//! * Primes `y < p <= √x`: `c(p) = π(⌊x/p⌋) − π(p) + 2`, the `P2` sum of LMO
//!   term by term, by a segmented sieve of `[√x, x/y]` (`p2.rs`).
//!
//! Then (1) gives `π(x)`. All bin arithmetic is modulo `2^64`: the final bins are
//! exact buckets below `2^64`, so intermediate wrap-around is harmless.
//!
//! # The terms, one file each
//!
//! Each file states the mathematics of its term, its derivation and its cost:
//!
//! * `phi_tiny.rs`: `φ(t, k)` for `k <= 6` in `O(1)`, periodic modulo `p_1⋯p_k`;
//! * `pi_table.rs`: `π(n)` for `n <= √x` in `O(1)`, and the primes up to `√x`;
//! * `bit_sieve.rs`: the odd numbers of a block as bits, and the sieve of
//!   Eratosthenes on them that the π table, the hard leaves and `P2` share;
//! * `params.rs`: the leaf bound `y = α·∛x`, the segment lengths, and the time
//!   and memory estimates ([`check`]);
//! * `ordinary.rs`: the ordinary leaves and the special leaves with `b = c + 1`;
//! * `easy.rs`: the trivial, easy and clustered easy special leaves;
//! * `hard.rs`: the hard special leaves, by the segmented sieve;
//! * `p2.rs`: the buckets of the primes `y < p <= √x`;
//! * this file: the plan shared by the passes (the factor tables `μ`, `p⁻`,
//!   `P⁺` of the squarefree `m <= y`), the bins, and the driver that adds the
//!   terms up with (1).
//!
//! # Cost
//!
//! With `y = α·∛x`: ordinary and `b = c+1` leaves `O(y)`; the tables `O(√x)`
//! time and `√x/8` bytes (a bit per odd number plus a count per 64 of them);
//! easy leaves one table look-up each (a cluster one); the hard sieve crosses off
//! `O((x/y)·log log x)` bits, and per segment and prime `p_b < x^{1/4}` one
//! popcount pass up to its last leaf, about `(x/y)·π(√y) + x/(√y·log y)` bits; the
//! `P2` sieve `O((x/y) log log x)`. With `α = log₁₀³x/500` (LMO's `α = O(log³ x)`)
//! this is `O(x^{2/3})` up to logarithms; measured on one core it is about
//! `2–3×` the time of primecount's π at `10^12 … 10^15` and `30×` faster than
//! Lucy's DP at `10^13`. Memory: `O(√x)` bits, the primes up to `√x` with their
//! buckets (12 bytes each), `O(y)` words (factor tables; per thread one bin
//! array and one segment).

use crate::number::roots::{icbrt, isqrt};
use std::sync::Mutex;

pub(crate) mod bit_sieve;
pub(crate) mod buckets;
mod easy;
mod hard;
mod ordinary;
mod p2;
mod params;
pub(crate) mod phi_tiny;
pub(crate) mod pi_table;

pub use buckets::PrimeBuckets;
use easy::{easy_leaves, trivial_leaves};
use hard::{HardRange, hard_leaves, hard_ranges, hard_segment_limits, hard_units};
use ordinary::ordinary_and_first_leaves;
use p2::{P2Plan, p2_units};
pub(crate) use params::Params;
#[cfg(test)]
pub(crate) use params::memory_estimate;
pub use params::{check, check_lmo};
use phi_tiny::{PhiTiny, TINY_PRIMES};
use pi_table::PiTable;

/// Buckets and `π(x)` by the fastest method, Gourdon's passes filing each leaf
/// by the largest prime factor of its divisor ([`super::gourdon::prime_buckets`]);
/// `None` when `progress` returned `false` (stop). `progress(done, total)` is
/// called now and then. The method of this module is [`lmo_buckets`]. With
/// the list of the primes: the tests' reference of [`bucket_counts`].
#[cfg(test)]
pub fn prime_buckets(x: u64, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<PrimeBuckets> {
    super::gourdon::prime_buckets(x, progress)
}

/// The buckets of the primes up to `√x` in order and `π(x)`, without the
/// list of the primes: Gourdon's passes less a sieve of `√x`
/// ([`super::gourdon::bucket_counts`]).
pub fn bucket_counts(x: u64, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<(Vec<u64>, u64)> {
    super::gourdon::bucket_counts(x, progress)
}

/// Buckets and `π(x)` by this module's method with the default tuning (the
/// reference of [`prime_buckets`]).
#[cfg(test)]
pub(crate) fn lmo_buckets(x: u64, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<PrimeBuckets> {
    prime_buckets_with(x, Params::for_x(x), progress)
}

/// The same interface as [`super::lucy::lucy_sieve`]: `on_prime(p, composites)`
/// for every prime `p <= √x` in increasing order (`composites` = bucket − 1),
/// returning `π(x)`, or `None` when `progress` said stop.
#[cfg(test)]
pub(crate) fn smallest_factor_counts(
    x: u64,
    mut on_prime: impl FnMut(u64, u64),
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<u64> {
    let b = prime_buckets(x, progress)?;
    for (&p, &c) in b.primes().iter().zip(b.counts()) {
        on_prime(u64::from(p), c - 1);
    }
    Some(b.pi())
}

/// `π(x)` by this method.
#[cfg(test)]
pub(crate) fn prime_pi(x: u64) -> u64 {
    prime_pi_with_progress(x, &mut |_, _| true).unwrap_or(0)
}

/// `π(x)` alone, `None` when `progress` said stop: [`prime_buckets`] without
/// keeping the buckets of the primes above the leaf bound `y` (only their sum),
/// which saves 8 bytes a prime up to `√x`.
pub fn prime_pi_with_progress(x: u64, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<u64> {
    run(x, Params::for_x(x), false, progress).map(|b| b.pi())
}

/// Leaves per sieve round and segment bookkeeping.
const ROUND_PER_THREAD: usize = 4;

/// Adds `sign(m)·v` to the bin of `m`, where `jmu = (bin << 1) | (μ(m) = −1)`.
#[inline]
fn file(bins: &mut [u64], jmu: u32, v: u64) {
    let j = (jmu >> 1) as usize;
    bins[j] = if jmu & 1 == 1 { bins[j].wrapping_sub(v) } else { bins[j].wrapping_add(v) };
}

/// Everything the passes share.
struct Plan {
    x: u64,
    y: u64,
    a: usize,
    c: usize,
    primes: Vec<u32>,
    /// `1/p` for the primes `p <= y` (index `k − 1` for `p_k`).
    inverse: Vec<f64>,
    table: PiTable,
    tiny: &'static PhiTiny,
    /// `lpf[m]` = least prime factor of `m` if `m` is squarefree, else 0 (`m <= y`).
    lpf: Vec<u32>,
    /// `jmu[m]` = `(π(P⁺(m)) << 1) | (μ(m) = −1)` for squarefree `m <= y`.
    jmu: Vec<u32>,
    hard: Vec<HardRange>,
    threads: usize,
}

impl Plan {
    /// The tables for `x >= 4` and the leaf bound `y` (clamped into
    /// `[max(∛x, 2), √x]`).
    fn new(x: u64, y: u64) -> Plan {
        let r = isqrt(x);
        let y = y.clamp(icbrt(x).max(2), r);
        let table = PiTable::new(r);
        let primes = table.primes();
        let a = table.pi(y) as usize;
        let (lpf, jmu) = factor_tables(y, &table);
        let mut plan = Plan {
            x,
            y,
            a,
            c: a.min(TINY_PRIMES.len()),
            inverse: primes[..a].iter().map(|&p| 1.0 / f64::from(p)).collect(),
            primes,
            table,
            tiny: PhiTiny::shared(),
            lpf,
            jmu,
            hard: Vec::new(),
            threads: rayon::current_num_threads().max(1),
        };
        plan.hard = hard_ranges(&plan);
        plan
    }

    fn prime(&self, b: usize) -> u64 {
        u64::from(self.primes[b - 1])
    }

    /// Runs `task` on a thread's bin array.
    fn with_bins<R>(&self, bins: &[Mutex<Vec<u64>>], task: impl FnOnce(&mut [u64]) -> R) -> R {
        let i = rayon::current_thread_index().unwrap_or(0) % bins.len();
        let mut guard = bins[i].lock().unwrap_or_else(|e| e.into_inner());
        task(&mut guard)
    }
}

/// Bits per hard segment, from the parameters.
fn round_up_128(n: u64) -> u64 {
    n.max(128).div_ceil(128) * 128
}

/// [`prime_buckets`] with explicit parameters.
#[cfg(test)]
pub(crate) fn prime_buckets_with(
    x: u64,
    params: Params,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<PrimeBuckets> {
    run(x, params, true, progress)
}

/// The method; without `all_buckets` the buckets of the primes above `y`
/// are added up as they come and left out of the result (`counts` then holds
/// the first `π(y)` only, `π(x)` is the same).
fn run(
    x: u64,
    params: Params,
    all_buckets: bool,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<PrimeBuckets> {
    let r = isqrt(x);
    if r < 2 {
        let pi = x.min(3).saturating_sub(1);
        return progress(1, 1).then(|| PrimeBuckets::new(Vec::new(), Vec::new(), pi));
    }
    let plan = Plan::new(x, params.y);
    let a = plan.a;
    // no segment longer than the range it sieves
    let z = plan.hard.iter().map(|h| h.tmax + 1).max().unwrap_or(0);
    let seg = round_up_128(params.segment.min(z));
    let p2_end = plan.primes.get(a).map_or(0, |&p| x / u64::from(p));
    let p2_seg = round_up_128(params.p2_segment.min(p2_end.saturating_sub(r)));
    let hard_segments = hard_segment_limits(&plan, seg);
    let p2 = P2Plan::new(&plan, p2_seg);
    let hard_work: u64 = hard_segments.iter().map(|&bmax| hard_units(bmax, plan.c, seg)).sum();
    let p2_work = p2.segments * p2_units(p2_seg);
    let easy_units: Vec<u64> = (plan.c + 2..=a).map(|b| plan.easy_units(b)).collect();
    let total = hard_work + p2_work + easy_units.iter().sum::<u64>() + 1;
    if !progress(0, total) {
        return None;
    }

    // per thread: a value per bin, then range increments (a difference array)
    let bins: Vec<Mutex<Vec<u64>>> = (0..plan.threads).map(|_| Mutex::new(vec![0u64; 2 * (a + 2)])).collect();
    ordinary_and_first_leaves(&plan, &bins);
    trivial_leaves(&plan, &bins);
    let mut done = 0u64;
    let mut report = |units: u64| {
        done += units;
        progress(done.min(total - 1), total)
    };
    easy_leaves(&plan, &bins, &easy_units, &mut report)?;
    hard_leaves(&plan, &bins, seg, &hard_segments, &mut report)?;

    let mut counts = vec![0u64; if all_buckets { plan.primes.len() } else { a }];
    for (j, count) in counts.iter_mut().enumerate().take(plan.c) {
        *count = plan.tiny.phi(x / plan.prime(j + 1), j);
    }
    for b in bins {
        let b = b.into_inner().unwrap_or_else(|e| e.into_inner());
        let (point, range) = b.split_at(a + 2);
        let mut run = 0u64;
        for j in 1..=a {
            run = run.wrapping_add(range[j]);
            if j > plan.c {
                counts[j - 1] = counts[j - 1].wrapping_add(point[j]).wrapping_add(run);
            }
        }
    }
    let mut large = 0u64;
    p2.run(
        &plan,
        &mut |k, c| {
            if all_buckets {
                counts[k - 1] = c;
            } else {
                large = large.wrapping_add(c);
            }
        },
        &mut report,
    )?;
    let sum = counts.iter().fold(large, |s, &c| s.wrapping_add(c));
    let pi = (plan.primes.len() as u64).wrapping_add(x - 1).wrapping_sub(sum);
    if !progress(total, total) {
        return None;
    }
    Some(PrimeBuckets::new(plan.primes, counts, pi))
}

/// `lpf` and `jmu` (see [`Plan`]) for `m <= y`, from the smallest prime factors.
fn factor_tables(y: u64, table: &PiTable) -> (Vec<u32>, Vec<u32>) {
    let y = y as usize;
    let mut lpf = vec![0u32; y + 1];
    for p in 2..=isqrt(y as u64) as usize {
        if lpf[p] == 0 {
            for m in (p * p..=y).step_by(p) {
                if lpf[m] == 0 {
                    lpf[m] = p as u32;
                }
            }
        }
    }
    let mut jmu = vec![0u32; y + 1];
    for m in 2..=y {
        let p = if lpf[m] == 0 { m } else { lpf[m] as usize };
        let k = m / p;
        if k == 1 {
            lpf[m] = p as u32;
            jmu[m] = ((table.pi(p as u64) as u32) << 1) | 1;
        } else if lpf[k] as usize <= p {
            // p² | m (lpf[k] = p), or k not squarefree (lpf[k] = 0)
            lpf[m] = 0;
        } else {
            lpf[m] = p as u32;
            jmu[m] = jmu[k] ^ 1;
        }
    }
    (lpf, jmu)
}

#[cfg(test)]
mod tests;
