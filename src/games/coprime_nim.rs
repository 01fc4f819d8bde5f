//! Coprime Nim: a move subtracts `a` with `1 <= a <= n` and `gcd(a, n) = 1`.
//!
//! Grundy values (seed 003): `g(1) = 1`, `g(even) = 0`, and for odd `n > 1`,
//! `g(n) = π(spf(n))`, the prime index of the smallest prime factor. Over the
//! pile sizes `1..=X` with `X = N − 1` the histogram is `c₀ = ⌊X/2⌋`, `c₁ = 1`,
//! and `c_{π(p)}` = the number of odd `y <= X` with smallest prime factor `p`.

use crate::count::{Outcome, solve_sums};
use crate::error::{Error, check_memory};
use crate::number::sieve::odd_spf_buckets;
use crate::number::{prime_count_trial, smallest_prime_factor};
use crate::ring::Arithmetic;
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

/// One Coprime Nim question: ordered `piles`-tuples of sizes in `1..=n−1`.
#[derive(Clone, Copy, Debug)]
pub struct CoprimeNim {
    /// One more than the largest pile size (the seed's `N`).
    pub n: u64,
    /// Number of piles.
    pub piles: u64,
}

impl CoprimeNim {
    /// Validates the parameters.
    pub fn new(n: u64, piles: u64) -> Result<Self, Error> {
        if n < 2 {
            return Err(Error::input("--n must be at least 2 (pile sizes run over 1..=N-1)"));
        }
        Ok(CoprimeNim { n, piles })
    }

    /// The number of winning or losing positions, exactly or modulo `M`.
    pub fn solve(&self, arith: Arithmetic, outcome: Outcome) -> Result<BigUint, Error> {
        solve_sums(arith, outcome, self.piles as u128, self.n - 1, || histogram_by_sieve(self.n))
    }
}

/// Estimated bytes for the sieve path at `N`: the odd sieve plus the transform.
pub fn sieve_memory(n: u64) -> f64 {
    let x = (n - 1) as f64;
    let primes = 1.3 * x / x.ln().max(1.0) + 2.0;
    let transform = primes.log2().ceil().exp2();
    x / 2.0 + transform * 16.0 * 2.5 + primes * 8.0
}

/// The histogram of Grundy values over pile sizes `1..=N−1` by the odd sieve.
pub fn histogram_by_sieve(n: u64) -> Result<Vec<u128>, Error> {
    check_memory(sieve_memory(n), "the sieve for this --n", "choose a smaller --n")?;
    let x = n - 1;
    let mut hist = vec![(x / 2) as u128, u128::from(x >= 1)];
    hist.extend(odd_spf_buckets(x).into_iter().map(u128::from));
    Ok(hist)
}
