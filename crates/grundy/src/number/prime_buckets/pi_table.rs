//! `π(n)` for every `n <= √x` in `O(1)`, and the primes up to `√x`: the easy
//! leaves' `φ = π(t) − b + 2` and the trivial leaves' counts
//! ([`super::easy`]), `a = π(y)`, the ranges of prime `m` of the hard leaves
//! ([`super::hard`]) and `π(√x)` for `P2` ([`super::p2`]).
//!
//! The table holds a bit per odd number up to its limit, from a segmented
//! sieve of Eratosthenes ([`super::bit_sieve`]) in blocks of 32 KiB of bits on
//! all cores, and beside each word of 64 bits (128 numbers) the count of odd
//! primes before it, so that for `n >= 2`
//!
//! ```text
//! π(n) = 1 + (odd primes before the word of n) + popcount(the word's bits up to n).
//! ```
//!
//! Cost at the limit `√x`: `O(√x·log log x)` time, `√x/8` bytes (a bit per
//! odd number plus a count per 64 of them), `3√x/16` while it is built.

use super::bit_sieve::sieve_odd_block;
use crate::number::roots::isqrt;
use crate::number::sieve::primes_up_to;
use rayon::prelude::*;

/// `π(n)` for `n <= limit` in `O(1)`: one bit per odd number and the count of
/// primes before each 64-bit word; also the list of the primes.
pub(crate) struct PiTable {
    limit: u64,
    /// `[bits, before]` per 128 numbers: bit `i` of word `w` is set when
    /// `128w + 2i + 1` is prime; `before` counts the odd primes below `128w`.
    words: Vec<[u64; 2]>,
}

/// Odd numbers per sieve block when building tables (a 32 KiB bit block).
const TABLE_BLOCK_WORDS: usize = 1 << 12;

impl PiTable {
    /// The table up to `limit` (`limit < 2^32`), by a segmented sieve on all cores.
    pub(crate) fn new(limit: u64) -> Self {
        let words = (limit / 128 + 1) as usize;
        let primes = primes_up_to(isqrt(limit));
        let base = primes.get(1..).unwrap_or(&[]); // the odd ones
        let mut bits = vec![0u64; words];
        bits.par_chunks_mut(TABLE_BLOCK_WORDS).enumerate().for_each(|(i, block)| {
            sieve_odd_block(block, (i * TABLE_BLOCK_WORDS * 128) as u64, base);
        });
        bits[0] &= !1; // 1 is not prime
        // clear the bits above limit
        let last = ((limit.saturating_sub(1)) / 2) as usize; // index of the last odd <= limit
        for i in last + 1..words * 64 {
            bits[i >> 6] &= !(1u64 << (i & 63));
        }
        if limit < 1 {
            bits[0] = 0;
        }
        let mut acc = 0u64;
        let words = bits
            .iter()
            .map(|&w| {
                acc += u64::from(w.count_ones());
                [w, acc - u64::from(w.count_ones())]
            })
            .collect();
        PiTable { limit, words }
    }

    /// `π(n)`, `n <= limit`.
    #[inline]
    pub(crate) fn pi(&self, n: u64) -> u64 {
        assert!(n <= self.limit.max(1), "pi({n}) above {}", self.limit);
        if n < 2 {
            return 0;
        }
        let i = ((n - 1) / 2) as usize;
        let [bits, before] = self.words[i >> 6];
        1 + before + u64::from((bits & (u64::MAX >> (63 - (i & 63)))).count_ones())
    }

    /// The primes up to `limit`, in order.
    pub(crate) fn primes(&self) -> Vec<u32> {
        let mut primes = Vec::with_capacity(self.pi(self.limit) as usize);
        if self.limit >= 2 {
            primes.push(2);
        }
        for (w, &[word, _]) in self.words.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                primes.push((128 * w as u64 + 2 * u64::from(word.trailing_zeros()) + 1) as u32);
                word &= word - 1;
            }
        }
        primes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pi_table_matches_trial_division() {
        for limit in [0u64, 1, 2, 3, 127, 128, 129, 255, 256, 1000] {
            let t = PiTable::new(limit);
            for n in 0..=limit {
                assert_eq!(t.pi(n), crate::number::prime_count_trial(n), "pi({n}) limit {limit}");
            }
            assert_eq!(t.primes().len() as u64, t.pi(limit));
        }
    }
}
