//! The tuning of the method (`y`, `z` and the segment lengths) and the
//! estimates of its time and memory, checked before any work starts.
//!
//! # The bounds `y` and `z`
//!
//! `y = α_y·∛x` moves work between `B`, a sieve of `(√x, x/y]`, and the terms
//! whose work grows with `y` (the easy leaves of `A`, the tables); `z = α_z·y`
//! moves it between the hard leaves `D`, a sieve of `[0, x/z)`, and the
//! ordinary leaves and tables, `O(z)`. Gourdon balances them with
//! `α_y = O(log³ x)` and `α_z` a constant; here `α_y = log₁₀³x / 300` and
//! `α_z = 1`, measured on one core at `10^14 … 10^17` (primecount's
//! `α_y ≈ log₁₀³x / 460`, `α_z = 2` were 5–8% slower here: the hard leaves'
//! scan of the factor table grows with `z` faster than their sieve shrinks).
//! Any values give the same `π(x)`: `y` is clamped into `[max(∛x, 2), √x]`
//! (below `∛x` a prime above `y` could have `p³ <= x`) and `z` into
//! `[y, min(√x, p_{k+1}·y − 1)]` (so that a composite `m <= z` free of the
//! first `k` primes has `P⁺(m) < y`), see [`super::Plan`].
//!
//! # The estimates
//!
//! Time: `0.3·x^{2/3}` steps, the estimate of [`crate::number::prime_buckets`]
//! (about a nanosecond of one core each), which this method stays under.
//! Memory: the `π` table up to `z` while it is built (`3/16` byte a number),
//! the primes up to `y` (4 bytes each), the factor table (`2·8/30` bytes a
//! number up to `z`), and per thread a segment of each pass.

use crate::error::{Budget, Error};
use crate::number::roots::icbrt;

/// Tuning of the method; [`Params::for_x`] is the default, any values give the
/// same `π(x)` (tests vary them to reach the boundaries).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Params {
    /// The bound `y` (primes above it are counted by `B`), clamped into
    /// `[max(∛x, 2), √x]`.
    pub(crate) y: u64,
    /// The leaf bound `z`, clamped into `[y, min(√x, p_{k+1}·y − 1)]`.
    pub(crate) z: u64,
    /// Numbers per segment of the `π` table of `A` and of the sieve of `D`
    /// (rounded up to a multiple of 128).
    pub(crate) segment: u64,
    /// Numbers per segment of the sieve of `B` (rounded up to a multiple of 128).
    pub(crate) b_segment: u64,
}

impl Params {
    /// The measured defaults: `y = ∛x·log₁₀³x/300`, `z = y`.
    pub(crate) fn for_x(x: u64) -> Params {
        let l = (x.max(10) as f64).log10();
        let alpha = (l * l * l / 300.0).max(1.0);
        let y = (alpha * icbrt(x) as f64) as u64;
        Params { y, z: y, segment: 1 << 18, b_segment: 1 << 20 }
    }
}

/// Estimated peak bytes of [`super::prime_pi`] at `x` on the current thread pool.
pub fn memory_estimate(x: u64) -> f64 {
    let threads = rayon::current_num_threads().max(1) as f64;
    let p = Params::for_x(x);
    let r = (x as f64).sqrt();
    let y = (p.y as f64).min(r);
    let z = (p.z as f64).min(r);
    let pi = |v: f64| 1.26 * v / v.ln().max(1.0) + 2.0;
    let tables = z * 3.0 / 16.0 + pi(z) * 4.0 + z * 2.0 * 8.0 / 30.0;
    // a segment of A (bits and counts), of D, and of B with its primes
    let per_thread = (p.segment as f64) / 8.0 + (p.segment as f64) / 16.0 + (p.b_segment as f64) / 8.0;
    tables + pi(y) * 4.0 + threads * per_thread + 1e6
}

/// Estimated peak bytes of [`super::prime_buckets`] at `x` on the current
/// thread pool: [`memory_estimate`]'s tables, the primes up to `√x` with
/// their buckets (12 bytes each) and the counts of a round of `B` (4 bytes a
/// prime at most), per thread three bins a prime up to `y` (24 bytes) and the
/// hard leaves waiting for their offsets (a few MB).
pub fn bucket_memory_estimate(x: u64) -> f64 {
    let threads = rayon::current_num_threads().max(1) as f64;
    let p = Params::for_x(x);
    let r = (x as f64).sqrt();
    let y = (p.y as f64).min(r);
    let pi = |v: f64| 1.26 * v / v.ln().max(1.0) + 2.0;
    memory_estimate(x) + pi(r) * 16.0 + threads * (pi(y) * 24.0 + 4e6)
}

/// Estimated steps of [`super::prime_pi`] and [`super::prime_buckets`] at `x`
/// (a step about a nanosecond of one core, see
/// [`crate::number::MAX_PRIME_COUNT_WORK`]): `0.3·x^{2/3}`, the estimate of
/// [`crate::number::prime_buckets`]'s own method, which this one is about twice
/// as fast as (so the limit on the time allows the same `x`, up to about
/// `6·10^18`, and the estimate is on the safe side).
pub fn work_estimate(x: u64) -> f64 {
    0.3 * (x as f64).powf(2.0 / 3.0)
}

/// Refuses [`super::prime_pi`] at `x` whose time or memory estimate is beyond
/// the limits ([`work_estimate`], [`crate::number::MAX_PRIME_COUNT_WORK`], and
/// [`memory_estimate`] against `budget`), before any work starts.
pub fn check(x: u64, budget: &Budget) -> Result<(), Error> {
    crate::number::check_prime_counting(work_estimate(x), memory_estimate(x), budget, "n")
}
