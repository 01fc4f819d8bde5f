//! The method as a whole: its buckets and `π(x)` against Lucy's DP
//! ([`crate::number::lucy`]) for every tuning, at the boundaries of the terms.

use super::*;
use crate::number::PRIME_COUNTS_OF_POWERS_OF_TEN;
use crate::number::lucy::{lucy_sieve, prime_pi as lucy_prime_pi};
use proptest::prelude::*;

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
    // π alone, the buckets above y only added up
    let alone = run(x, params, false, &mut |_, _| true).unwrap();
    assert_eq!(alone.pi(), pi, "pi({x}) alone {params:?}");
    assert_eq!(alone.counts(), &want[..alone.counts().len()], "buckets at x={x} {params:?}");
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
    assert_eq!(lmo_buckets(10_000_000, &mut |_, _| false), None);
    let b = lmo_buckets(10_000_000, &mut |d, t| {
        assert!(d <= t);
        calls += 1;
        true
    });
    assert_eq!(b.map(|b| b.pi()), Some(664_579));
    assert!(calls >= 2);
}

// Moved from the integration tests (`tests/coprime_methods.rs`), which can no
// longer name the tuning (`Params` is internal).

/// The N at which π(N − 1) equals `target`: one more than the target-th prime.
fn n_with_pi(target: u64) -> u64 {
    let (mut lo, mut hi) = (2u64, 4 * target * (64 - target.leading_zeros() as u64 + 2));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if lucy_prime_pi(mid) >= target { hi = mid } else { lo = mid + 1 }
    }
    lo + 1
}

/// The buckets and π(x) by the special-leaf sum equal Lucy_Hedgehog's.
fn assert_buckets_match_lucy(x: u64, params: Params) {
    prime_buckets_with(x, params, &mut |_, _| true).unwrap().assert_lucy(x, &params);
}

#[test]
fn buckets_where_pi_crosses_powers_of_two() {
    for j in 1..=22u32 {
        let p = n_with_pi(1 << j) - 1; // the 2^j-th prime
        for x in [p - 1, p, p + 1] {
            assert_buckets_match_lucy(x, Params::for_x(x));
        }
    }
}

#[test]
fn buckets_near_squares_and_cubes_of_primes() {
    for x in crate::number::near_prime_squares_and_cubes() {
        assert_buckets_match_lucy(x, Params::for_x(x));
        // the least leaf bound, ∛x: at x = p³ the prime p itself
        assert_buckets_match_lucy(x, Params { y: 0, ..Params::for_x(x) });
    }
}

#[test]
fn buckets_across_segment_boundaries() {
    // short segments put segment ends at many leaf values t and at many ⌊x/p⌋
    for (start, len) in [(1_000_000u64, 300u64), (100_000_000, 40), (4_000_000_000, 6)] {
        for x in start..start + len {
            for segment in [128, 384] {
                assert_buckets_match_lucy(x, Params { segment, p2_segment: segment, ..Params::for_x(x) });
            }
        }
    }
    // default segments, several of each sieve
    for x in [3_000_000_000u64, 30_000_000_000] {
        assert_buckets_match_lucy(x, Params::for_x(x));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn buckets_match_lucy_random(x in 0u64..10_000_000_000, y_frac in 0.0f64..1.0, seg in 1u64..5000) {
        // y anywhere in [∛x, √x], segments from 128 bits up
        let (lo, hi) = (icbrt(x) as f64, isqrt(x) as f64);
        let y = (lo + y_frac * (hi - lo)) as u64;
        assert_buckets_match_lucy(x, Params { y, segment: 128 * seg, p2_segment: 128 * (5001 - seg) });
    }

    #[test]
    fn buckets_match_lucy_default(x in 0u64..1_000_000_000) {
        assert_buckets_match_lucy(x, Params::for_x(x));
    }
}

/// Every bucket at 10^14 against Lucy's DP (about half a minute; run with
/// `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn buckets_match_lucy_at_ten_to_the_fourteen() {
    let x = 100_000_000_000_000u64;
    assert_buckets_match_lucy(x, Params::for_x(x));
}

// Moved from `tests/no_panics.rs`.

/// Any u64, with the edges over-represented.
fn big() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1),
        Just(2),
        Just(u64::MAX),
        Just(u64::MAX - 1),
        Just(1 << 63),
        any::<u64>(),
        0u64..100
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any tuning of the prime-bucket method gives the default's answer.
    #[test]
    fn prime_bucket_parameters(x in prop_oneof![0u64..100, 0u64..10_000_000], y in big(), segment in big(), p2 in big()) {
        let params = Params { y, segment: segment % (1 << 22), p2_segment: p2 % (1 << 22) };
        let want = prime_buckets(x, &mut |_, _| true);
        prop_assert_eq!(prime_buckets_with(x, params, &mut |_, _| true), want);
    }
}

#[test]
fn prime_counts_match_published_values() {
    // π(10^k), OEIS A006880, to 10^13: this method's, and Lucy's to 10^10
    for (k, &pi) in PRIME_COUNTS_OF_POWERS_OF_TEN[..14].iter().enumerate().skip(1) {
        let x = 10u64.pow(k as u32);
        assert_eq!(prime_pi(x), pi, "pi({x})");
        if k <= 10 {
            assert_eq!(lucy_prime_pi(x), pi, "Lucy pi({x})");
        }
    }
}
