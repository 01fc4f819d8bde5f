//! The tuning of the method (the leaf bound `y` and the segment lengths), and
//! the estimates of its time and memory, checked before any work starts.
//!
//! # The leaf bound
//!
//! `y ∈ [∛x, √x]` moves work between the terms: the ordinary leaves, the
//! factor tables and the `b = c + 1` leaves cost `O(y)`, while the hard-leaf
//! sieve ([`super::hard`]) and the `P2` sieve ([`super::p2`]) run over
//! `[1, x/y)` and `(√x, x/y]`, `O((x/y)·log log x)`. LMO balance them with
//! `y = α·∛x`, `α = O(log³ x)`; here `α = log₁₀³x / 500`, measured, clamped
//! into `[1, x^{1/6}]` (so that `y <= √x`). Every `y` gives the same buckets:
//! it is clamped into `[max(∛x, 2), √x]`, since below `∛x` the `P2` formula
//! `c(p) = π(⌊x/p⌋) − π(p) + 2` fails (it needs `p > ∛x`), and the special
//! leaves need `m·p_b <= y² <= x`. The segment lengths only cut the two sieves
//! into pieces.
//!
//! # The estimates
//!
//! Time: `0.3·x^{2/3}` steps, fitted to measurements (the method is
//! `O(x^{2/3})` up to logarithms). Memory: the π table while it is built
//! (`3/16` byte a number up to `√x`), the primes up to `√x` with their
//! buckets (12 bytes each), the factor tables and reciprocals up to `y`, and per
//! thread a bin array (16 bytes a prime up to `y`) and a segment.

use crate::error::{Budget, Error};
use crate::number::roots::icbrt;

/// Tuning of the method; [`Params::for_x`] is the default, any values give the
/// same result (tests vary them to reach the boundaries).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Params {
    /// The leaf bound `y`, clamped into `[max(∛x, 2), √x]`.
    pub(crate) y: u64,
    /// Numbers per segment of the hard-leaf sieve (rounded up to a multiple of 128).
    pub(crate) segment: u64,
    /// Numbers per segment of the `P2` sieve (rounded up to a multiple of 128).
    pub(crate) p2_segment: u64,
}

impl Params {
    /// The measured defaults: `y = α·∛x` with `α = log₁₀³x / 500` (of the
    /// divisors 200, 300, 450, 500, 600 and 900 the fastest on one core at
    /// `x = 10^14`, `10^15` and `10^16`, 450–600 within 2% of each other).
    pub(crate) fn for_x(x: u64) -> Params {
        let l = (x.max(10) as f64).log10();
        let alpha = (l * l * l / 500.0).clamp(1.0, (x as f64).powf(1.0 / 6.0).max(1.0));
        Params { y: (alpha * icbrt(x) as f64) as u64, segment: 1 << 18, p2_segment: 1 << 20 }
    }
}

/// Estimated peak bytes of [`super::prime_buckets`] at `x` on the current
/// thread pool (Gourdon's passes in bucket mode,
/// [`crate::number::gourdon::bucket_memory_estimate`]).
pub fn memory_estimate(x: u64) -> f64 {
    crate::number::gourdon::bucket_memory_estimate(x)
}

/// Estimated peak bytes of this module's method at `x` ([`super::lmo_buckets`],
/// [`super::prime_pi_with_progress`]) on the current thread pool.
pub fn lmo_memory_estimate(x: u64) -> f64 {
    let threads = rayon::current_num_threads().max(1);
    let p = Params::for_x(x);
    let r = (x as f64).sqrt();
    let y = (p.y as f64).min(r);
    let pi = |v: f64| 1.26 * v / v.ln().max(1.0) + 2.0;
    // π table while built (bits, then bits and counts: 3/16 byte a number), the
    // primes up to √x and their buckets, lpf and jmu up to y, 1/p up to y
    let tables = r * 3.0 / 16.0 + pi(r) * 12.0 + y * 8.0 + pi(y) * 8.0;
    // bins and range increments, a segment
    let per_thread = pi(y) * 16.0 + (p.segment.max(p.p2_segment) as f64) / 16.0;
    tables + threads as f64 * per_thread + 1e6
}

/// Estimated steps of [`super::prime_buckets`] at `x` (a step about a nanosecond of
/// one core, see [`crate::number::MAX_PRIME_COUNT_WORK`]): `0.3·x^{2/3}`, fitted to
/// the CPU time measured at `10^14`, `10^15` and `10^16` (0.64 s, 2.8 s and
/// 12 s; since the easy leaves divide in hardware 0.57 s, 2.4 s and 10.8 s, so
/// the estimate is kept on the safe side; the factor falls slowly with `x`, so
/// larger `x` are overestimated).
pub fn work_estimate(x: u64) -> f64 {
    0.3 * (x as f64).powf(2.0 / 3.0)
}

/// Refuses [`super::prime_buckets`] at `x` whose time or memory estimate is beyond
/// the limits ([`work_estimate`], [`crate::number::MAX_PRIME_COUNT_WORK`], and
/// [`memory_estimate`] plus the caller's own `extra_bytes` against `budget`),
/// before any work starts. The limit on the time allows `x` up to about
/// `6·10^18`.
pub fn check(x: u64, extra_bytes: f64, budget: &Budget) -> Result<(), Error> {
    crate::number::check_prime_counting(work_estimate(x), memory_estimate(x) + extra_bytes, budget, "n")
}

/// [`check`] for this module's method ([`lmo_memory_estimate`]).
pub fn check_lmo(x: u64, extra_bytes: f64, budget: &Budget) -> Result<(), Error> {
    crate::number::check_prime_counting(work_estimate(x), lmo_memory_estimate(x) + extra_bytes, budget, "n")
}
