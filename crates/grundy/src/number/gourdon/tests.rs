//! The method as a whole against a sieve, Lucy's DP and the special-leaf sum
//! of [`crate::number::prime_buckets`], for every tuning.

use super::*;
use crate::number::lucy::prime_pi as lucy_pi;
use crate::number::prime_count_trial;

/// `π(n)` for every `n <= limit` by a sieve.
fn pi_table(limit: usize) -> Vec<u64> {
    let mut composite = vec![false; limit + 1];
    let mut pi = vec![0u64; limit + 1];
    let mut count = 0;
    for n in 2..=limit {
        if !composite[n] {
            count += 1;
            for m in (n * n..=limit).step_by(n) {
                composite[m] = true;
            }
        }
        pi[n] = count;
    }
    pi
}

#[test]
fn small_x_match_trial_division() {
    for x in 0..200u64 {
        assert_eq!(prime_pi(x), prime_count_trial(x), "pi({x})");
    }
}

#[test]
fn every_x_to_a_hundred_thousand_matches_a_sieve() {
    let pi = pi_table(100_000);
    for x in 0..=100_000u64 {
        assert_eq!(prime_pi(x), pi[x as usize], "pi({x})");
    }
}

#[test]
fn larger_x_match_lucy() {
    for x in [1_000_000u64, 12_345_678, 1_000_000_007, 10_000_000_000, 123_456_789_012] {
        assert_eq!(prime_pi(x), lucy_pi(x), "pi({x})");
    }
}
