//! Coprime Nim: a move subtracts `a` with `1 <= a <= n` and `gcd(a, n) = 1`.
//!
//! Grundy values (seed 003): `g(1) = 1`, `g(even) = 0`, and for odd `n > 1`,
//! `g(n) = π(spf(n))`, the prime index of the smallest prime factor. Over the
//! pile sizes `1..=X` with `X = N − 1` the histogram is `c₀ = ⌊X/2⌋`, `c₁ = 1`,
//! and `c_{π(p)}` = the number of odd `y <= X` with smallest prime factor `p`.
//!
//! Two ways to the histogram:
//! * the sieve: every bucket from an odd Eratosthenes sieve, `O(X log log X)` time
//!   and `X/2` bytes, then a transform of length `2^⌈log₂ π(X)⌉`;
//! * sublinear: the buckets of primes `p <= √X` and `π(X)` from Lucy_Hedgehog's
//!   prime-counting DP (`O(X^{3/4}/log X)` time, `O(√X)` memory), every larger prime
//!   counting once, and the XOR power of that head-plus-run histogram by
//!   [`crate::xor::zero_xor_count_run`], which never materializes the run.

use crate::count::{Outcome, solve_sums};
use crate::error::{Error, check_memory};
use crate::number::lucy::{isqrt, lucy_sieve};
use crate::number::sieve::odd_spf_buckets;
use crate::number::{prime_count_trial, smallest_prime_factor};
use crate::ring::Arithmetic;
use crate::xor::RunHistogram;
use num_bigint::BigUint;

/// The closed form for one pile, by trial division (a reference for small `n`).
pub fn grundy(n: u64) -> u64 {
    match n {
        0 => 0,
        1 => 1,
        _ if n.is_multiple_of(2) => 0,
        _ => prime_count_trial(smallest_prime_factor(n)),
    }
}

/// One Coprime Nim question: ordered `piles`-tuples of sizes in `1..=n−1`
/// (an empty range for `n <= 1`: no position for `piles >= 1`, the empty one for `piles = 0`).
#[derive(Clone, Copy, Debug)]
pub struct CoprimeNim {
    /// One more than the largest pile size (the seed's `N`).
    pub n: u64,
    /// Number of piles.
    pub piles: u64,
}

impl CoprimeNim {
    /// Any `n` and `piles` are valid.
    pub fn new(n: u64, piles: u64) -> Result<Self, Error> {
        Ok(CoprimeNim { n, piles })
    }

    /// The number of winning or losing positions, exactly or modulo `M`, by
    /// the method that is cheaper at this `N`.
    pub fn solve(&self, arith: Arithmetic, outcome: Outcome) -> Result<BigUint, Error> {
        self.solve_with(arith, outcome, Method::Auto, &mut |_, _| {})
    }

    /// [`CoprimeNim::solve`] by a chosen method, reporting the progress of the
    /// prime-counting DP as `(done, total)`.
    pub fn solve_with(
        &self,
        arith: Arithmetic,
        outcome: Outcome,
        method: Method,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<BigUint, Error> {
        let (k, size) = (self.piles as u128, self.n.saturating_sub(1));
        match method.resolve(self.n) {
            Method::Sieve => solve_sums(arith, outcome, k, size, || histogram_by_sieve(self.n)),
            _ => solve_sums(arith, outcome, k, size, || histogram_sublinear(self.n, progress)),
        }
    }
}

/// How the Coprime Nim histogram is obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The cheaper of the two at the given `N`.
    Auto,
    /// The odd sieve over every pile size.
    Sieve,
    /// Prime counting by Lucy_Hedgehog's DP and the head-plus-run transform.
    Sublinear,
}

/// Below this `N` the sieve is at least as fast (measured: both take
/// microseconds there; above it the sieve's linear cost dominates).
pub const SIEVE_CROSSOVER: u64 = 1 << 12;

impl Method {
    /// The concrete method used at `N`.
    pub fn resolve(self, n: u64) -> Method {
        match self {
            Method::Auto if n <= SIEVE_CROSSOVER => Method::Sieve,
            Method::Auto => Method::Sublinear,
            m => m,
        }
    }
}

/// Estimated bytes for the sublinear path at `N`: the DP tables and the terms of
/// the transform.
pub fn sublinear_memory(n: u64) -> f64 {
    let x = n.saturating_sub(1) as f64;
    let primes = 1.1 * x / x.ln().max(1.0) + 2.0;
    16.0 * x.sqrt() + 32.0 * 3.0 * primes.sqrt().max(1.0) * 2.0
}

/// The histogram over pile sizes `1..=N−1` as a head (buckets of the primes up
/// to `√(N−1)`) and a run of ones (every larger prime up to `π(N−1)`).
pub fn histogram_sublinear(n: u64, progress: &mut dyn FnMut(u64, u64)) -> Result<RunHistogram, Error> {
    check_memory(sublinear_memory(n), "prime counting for this --n", "choose a smaller --n")?;
    let x = n.saturating_sub(1);
    let mut head = vec![(x / 2) as u128, u128::from(x >= 1)];
    // Buckets of odd primes p <= √x arrive in order, at index π(p).
    let pi = lucy_sieve(
        x,
        |p, composites| {
            if p > 2 {
                head.push(composites as u128 + 1)
            }
        },
        progress,
    );
    debug_assert!(isqrt(x) < 2 || head.len() as u64 == 1 + crate::number::lucy::prime_pi(isqrt(x)));
    let run_start = head.len() as u64;
    Ok(RunHistogram { head, run_start, run_end: pi })
}

/// Estimated bytes for the sieve path at `N`: the odd sieve plus the transform.
pub fn sieve_memory(n: u64) -> f64 {
    let x = n.saturating_sub(1) as f64;
    let primes = 1.3 * x / x.ln().max(1.0) + 2.0;
    let transform = primes.log2().ceil().exp2();
    x / 2.0 + transform * 16.0 * 2.5 + primes * 8.0
}

/// The histogram of Grundy values over pile sizes `1..=N−1` by the odd sieve.
pub fn histogram_by_sieve(n: u64) -> Result<Vec<u128>, Error> {
    check_memory(sieve_memory(n), "the sieve for this --n", "choose a smaller --n")?;
    let x = n.saturating_sub(1);
    let mut hist = vec![(x / 2) as u128, u128::from(x >= 1)];
    hist.extend(odd_spf_buckets(x).into_iter().map(u128::from));
    Ok(hist)
}
