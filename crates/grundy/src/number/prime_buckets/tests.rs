//! The method as a whole: its buckets and `π(x)` against Lucy's DP
//! ([`crate::number::lucy`]) for every tuning, at the boundaries of the terms.

use super::*;
use crate::number::lucy::lucy_sieve;

fn lucy(x: u64) -> (Vec<u64>, u64) {
    let mut got = Vec::new();
    let pi = lucy_sieve(x, |_, c| got.push(c + 1), &mut |_, _| true).unwrap();
    (got, pi)
}

/// The buckets and `π(x)` with `params` equal Lucy's.
pub(super) fn check(x: u64, params: Params) {
    let b = prime_buckets_with(x, params, &mut |_, _| true).unwrap();
    let (want, pi) = lucy(x);
    assert_eq!(b.counts(), &want[..], "buckets at x={x} {params:?}");
    assert_eq!(b.pi(), pi, "pi({x}) {params:?}");
}

#[test]
fn every_x_to_thirty_thousand_matches_lucy() {
    for x in 0..=30_000 {
        check(x, Params::for_x(x));
    }
}

#[test]
fn every_leaf_bound_and_segment_matches_lucy() {
    for x in [1000u64, 4095, 10_000, 65_536, 100_003, 1_000_000, 12_345_678] {
        let (lo, hi) = (icbrt(x).max(2), isqrt(x));
        // below ∛x the bound is clamped up: the P2 formula needs p³ > x
        for y in [0, 2, lo - 1, lo, lo + 1, (lo + hi) / 2, hi - 1, hi, hi + 1, u64::MAX] {
            for seg in [128, 256, 640, 1 << 12] {
                check(x, Params { y, segment: seg, p2_segment: seg });
            }
        }
    }
}

#[test]
fn lucy_interface_gives_the_same_calls() {
    for x in [0u64, 1, 4, 99, 10_007, 123_456_789] {
        let (mut got, mut want) = (Vec::new(), Vec::new());
        let pi = smallest_factor_counts(x, |p, c| got.push((p, c)), &mut |_, _| true);
        let lucy_pi = lucy_sieve(x, |p, c| want.push((p, c)), &mut |_, _| true);
        assert_eq!((pi, got), (lucy_pi, want), "x = {x}");
        assert_eq!(prime_pi(x), lucy_pi.unwrap());
    }
}

#[test]
fn stops_when_progress_says_so() {
    let mut calls = 0;
    assert_eq!(prime_buckets(10_000_000, &mut |_, _| false), None);
    let b = prime_buckets(10_000_000, &mut |d, t| {
        assert!(d <= t);
        calls += 1;
        true
    });
    assert_eq!(b.map(|b| b.pi()), Some(664_579));
    assert!(calls >= 2);
}
