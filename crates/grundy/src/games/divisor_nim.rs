//! Divisor Nim: a move subtracts a proper divisor `d < n` of the pile.
//!
//! The pile's Grundy value is `v₂(n)`, the exponent of 2 in `n` (seed 002: moves
//! reach every smaller 2-adic valuation and never the same one). The number of
//! piles in `1..=N` with `v₂ = k` is `⌊N/2^k⌋ − ⌊N/2^{k+1}⌋`, so the histogram has at
//! most 64 entries and any number of piles `K` costs one small XOR power.

use crate::count::{Outcome, solve_sums};
use crate::error::Error;
use crate::ring::Arithmetic;
use num_bigint::BigUint;

/// The histogram of `v₂(x)` over `1 <= x <= n`.
pub fn histogram(n: u64) -> Vec<u128> {
    let mut hist: Vec<u128> = (0..64).map(|k| ((n >> k) - (n >> k >> 1)) as u128).collect();
    while hist.len() > 1 && hist.last() == Some(&0) {
        hist.pop();
    }
    hist
}

/// The closed form for one pile: `g(n) = v₂(n)`.
pub fn grundy(n: u64) -> u32 {
    n.trailing_zeros()
}

/// One Divisor Nim question: ordered `piles`-tuples of sizes in `1..=n`.
#[derive(Clone, Copy, Debug)]
pub struct DivisorNim {
    /// Largest pile size.
    pub n: u64,
    /// Number of piles.
    pub piles: u64,
}

impl DivisorNim {
    /// Validates the parameters.
    pub fn new(n: u64, piles: u64) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::input("--n must be at least 1 (pile sizes run over 1..=N)"));
        }
        Ok(DivisorNim { n, piles })
    }

    /// The number of winning or losing positions, exactly or modulo `M`.
    pub fn solve(&self, arith: Arithmetic, outcome: Outcome) -> Result<BigUint, Error> {
        solve_sums(arith, outcome, self.piles as u128, self.n, || Ok(histogram(self.n)))
    }
}
