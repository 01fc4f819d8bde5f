//! Number theory: sieves by smallest prime factor and exact binomials.

pub mod binomial;
pub mod binomial_mod;
pub mod factor;
pub mod lucy;
pub mod ntt;
pub mod prime_buckets;
pub mod series;
pub mod sieve;

/// The smallest prime factor of `n >= 2`, by trial division (`O(√n)`).
pub fn smallest_prime_factor(n: u64) -> u64 {
    let mut d = 2u64;
    while d.saturating_mul(d) <= n {
        if n.is_multiple_of(d) {
            return d;
        }
        d += 1;
    }
    n
}

/// `π(x)`, the number of primes up to `x`, by trial division (a slow reference).
pub fn prime_count_trial(x: u64) -> u64 {
    (2..=x).filter(|&q| smallest_prime_factor(q) == q).count() as u64
}
