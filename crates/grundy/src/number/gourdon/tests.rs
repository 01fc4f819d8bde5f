//! The method against slow references: each term against its definition
//! (every leaf enumerated and its `φ` counted), `π(x)` against a sieve for
//! every small `x` and tuning, against Lucy's DP and the special-leaf sum of
//! [`crate::number::prime_buckets`] for random `x`, and against the published
//! values of OEIS A006880.

use super::*;
use crate::number::lucy::prime_pi as lucy_pi;
use crate::number::{PRIME_COUNTS_OF_POWERS_OF_TEN, near_prime_squares_and_cubes, prime_count_trial};
use proptest::prelude::*;

/// The least prime factor of every `n <= limit` (`lpf[0] = lpf[1] = 0`).
fn least_factors(limit: usize) -> Vec<u32> {
    let mut lpf = vec![0u32; limit + 1];
    for n in 2..=limit {
        if lpf[n] == 0 {
            for m in (n..=limit).step_by(n) {
                if lpf[m] == 0 {
                    lpf[m] = n as u32;
                }
            }
        }
    }
    lpf
}

/// `π(n)` for every `n <= limit`, from the least prime factors.
fn prime_counts(lpf: &[u32]) -> Vec<u64> {
    let mut count = 0;
    (0..lpf.len())
        .map(|n| {
            if n >= 2 && lpf[n] as usize == n {
                count += 1;
            }
            count
        })
        .collect()
}

/// The terms of (3) in the module's documentation, modulo `2^64`.
#[derive(Debug, PartialEq, Eq)]
struct Terms {
    phi0: u64,
    a: u64,
    b: u64,
    c: u64,
    d: u64,
    sigma: u64,
}

impl Terms {
    fn pi(&self) -> u64 {
        self.a
            .wrapping_sub(self.b)
            .wrapping_add(self.c)
            .wrapping_add(self.d)
            .wrapping_add(self.phi0)
            .wrapping_add(self.sigma)
    }
}

/// The terms by the method's passes, each added up alone.
fn fast_terms(x: u64, params: Params) -> Terms {
    let plan = Plan::new(x, &params);
    let passes = Passes::new(&plan, &params);
    let alone = |pass: &dyn Fn(&Filing<Total>) -> u64| {
        let filing = Filing::<Total>::new(plan.threads, plan.a);
        let own = pass(&filing);
        own.wrapping_add(filing.into_sink().0)
    };
    let pi_sqrt = passes.a.run(&plan, &Filing::<Total>::new(1, plan.a), None, &mut |_| true).unwrap();
    Terms {
        phi0: alone(&|f| phi0::phi0(&plan, f)),
        a: alone(&|f| {
            passes.a.run(&plan, f, None, &mut |_| true).unwrap();
            0
        }),
        b: passes.b.total(&plan, pi_sqrt, &mut |_| true).unwrap(),
        c: alone(&|f| {
            c::c(&plan, f);
            0
        }),
        d: alone(&|f| {
            passes.d.run(&plan, f, &mut |_| true).unwrap();
            0
        }),
        sigma: sigma::sigma(plan.a as u64, pi_sqrt),
    }
}

/// The terms from their definitions: every ordinary and special leaf
/// enumerated (`m` factored from the least prime factors), classified, and its
/// `φ(u, b)` counted number by number; `B` and `Σ` from a table of `π`.
fn slow_terms(x: u64, params: Params) -> Terms {
    let plan = Plan::new(x, &params);
    let (y, z, k, a) = (plan.y, plan.z, plan.k, plan.a);
    let lpf = least_factors(x as usize);
    let pi = prime_counts(&lpf);
    let primes: Vec<u64> = (2..=x).filter(|&n| lpf[n as usize] as u64 == n).collect();
    // μ(m), P⁺(m), p⁻(m) of m >= 2, μ = 0 with a square factor
    let factor = |m: u64| {
        let (mut n, mut mu, mut largest) = (m, 1i64, 0u64);
        while n > 1 {
            let p = u64::from(lpf[n as usize]);
            n /= p;
            if n % p == 0 {
                return (0, 0, 0);
            }
            mu = -mu;
            largest = p;
        }
        (mu, largest, u64::from(lpf[m as usize]))
    };
    // φ(t, b): the n <= t free of the first b primes
    let phi = |t: u64, b: usize| {
        (1..=t).filter(|&n| n == 1 || lpf[n as usize] as u64 > primes[b - 1]).count() as u64
    };
    let phi = |t: u64, b: usize| if b == 0 { t } else { phi(t, b) };
    let signed = |mu: i64, v: u64| if mu > 0 { v } else { v.wrapping_neg() };
    let mut t = Terms { phi0: phi(x, k), a: 0, b: 0, c: 0, d: 0, sigma: 0 };
    for m in 2..=z {
        let (mu, largest, least) = factor(m);
        if mu == 0 || least <= primes.get(k.wrapping_sub(1)).copied().unwrap_or(1) || largest > y {
            continue;
        }
        // ordinary leaf (m, k)
        t.phi0 = t.phi0.wrapping_add(signed(mu, phi(x / m, k)));
        // special leaves (m·p_b, b−1), k < b, p_b < p⁻(m), m·p_b > z
        for b in k + 1..=a {
            let p = primes[b - 1];
            if p >= least {
                break;
            }
            if m * p <= z {
                continue;
            }
            let u = x / (m * p);
            let v = signed(-mu, phi(u, b - 1));
            if u >= p * p {
                t.d = t.d.wrapping_add(v);
            } else if largest == m {
                t.a = t.a.wrapping_add(v);
            } else {
                t.c = t.c.wrapping_add(v);
            }
        }
    }
    let r = isqrt(x);
    t.b = primes.iter().filter(|&&p| p > y && p <= r).map(|&p| pi[(x / p) as usize]).sum();
    let c = pi[r as usize];
    t.sigma = (a as u64 + 1..=c).fold(c.wrapping_sub(1), |s, b| s.wrapping_add(b).wrapping_sub(2));
    t
}

/// The tunings at the ends of their ranges: the least and largest `y` and
/// `z`, and segments of one word or a few.
fn tunings(x: u64) -> Vec<Params> {
    let (lo, hi) = (icbrt(x), isqrt(x));
    let mut out = vec![Params::for_x(x)];
    for y in [0, lo, lo + 1, (lo + hi) / 2, hi] {
        for z in [0, y + 1, 2 * y, 16 * y, u64::MAX] {
            for (segment, b_segment) in [(128, 128), (384, 256), (1 << 12, 1 << 14)] {
                out.push(Params { y, z, segment, b_segment });
            }
        }
    }
    out
}

#[test]
fn every_term_matches_its_definition() {
    for x in [4u64, 30, 100, 1000, 4096, 10_000, 65_536, 100_003, 250_000] {
        for params in tunings(x) {
            assert_eq!(fast_terms(x, params), slow_terms(x, params), "x={x} {params:?}");
        }
    }
}

#[test]
fn every_term_matches_its_definition_for_every_x_in_a_range() {
    for x in 20_000u64..20_300 {
        let params = Params::for_x(x);
        let slow = slow_terms(x, params);
        assert_eq!(fast_terms(x, params), slow, "x={x}");
        assert_eq!(slow.pi(), prime_count_trial(x), "x={x}");
    }
}

#[test]
fn small_x_match_trial_division() {
    for x in 0..300u64 {
        assert_eq!(prime_pi(x), prime_count_trial(x), "pi({x})");
    }
}

#[test]
fn every_x_to_two_hundred_thousand_matches_a_sieve() {
    let pi = prime_counts(&least_factors(200_000));
    for x in 0..=200_000u64 {
        assert_eq!(prime_pi(x), pi[x as usize], "pi({x})");
    }
}

#[test]
fn every_x_and_tuning_to_twenty_thousand_matches_a_sieve() {
    // every x with the extreme tunings: the clamps of y and z, k below 6, one-word segments
    let pi = prime_counts(&least_factors(20_000));
    for x in 0..=20_000u64 {
        let (lo, hi) = (icbrt(x), isqrt(x));
        for (y, z) in [(0, 0), (lo, lo), (lo, u64::MAX), (hi, hi), ((lo + hi) / 2, 0), (2 * lo, 5 * lo)] {
            for segment in [128, 256] {
                let params = Params { y, z, segment, b_segment: segment };
                assert_eq!(
                    prime_pi_with(x, params, &mut |_, _| true),
                    Some(pi[x as usize]),
                    "x={x} {params:?}"
                );
            }
        }
    }
}

#[test]
fn larger_x_with_one_word_segments_and_the_clamps_of_z() {
    // x past 17^6: with y = ∛x the clamp z < p_{k+1}·y binds below √x; hard
    // leaves of p_b > 127 (x^{1/4} > 131), so a prime crossed off at the end
    // of a one-word segment (127, 383, …) is read by later leaves
    for x in [300_000_007u64, 1_000_000_007, 4_000_000_000] {
        let pi = lucy_pi(x);
        let lo = icbrt(x);
        for (y, z) in [(lo, lo), (lo, u64::MAX), (2 * lo, 40 * lo), (Params::for_x(x).y, u64::MAX)] {
            for segment in [128, 256] {
                let params = Params { y, z, segment, b_segment: 128 * 1024 };
                assert_eq!(prime_pi_with(x, params, &mut |_, _| true), Some(pi), "pi({x}) {params:?}");
            }
        }
        let params = Params { y: lo, z: u64::MAX, segment: 128, b_segment: 1 << 20 };
        check_buckets(x, params);
    }
}

#[test]
fn around_squares_and_cubes_of_primes() {
    for x in near_prime_squares_and_cubes() {
        assert_eq!(prime_pi(x), lucy_pi(x), "pi({x})");
        let least = Params { y: 0, z: 0, ..Params::for_x(x) };
        assert_eq!(prime_pi_with(x, least, &mut |_, _| true), Some(lucy_pi(x)), "pi({x}) {least:?}");
    }
}

#[test]
fn prime_counts_match_published_values() {
    // π(10^k), OEIS A006880
    for (k, &pi) in PRIME_COUNTS_OF_POWERS_OF_TEN.iter().enumerate().take(16) {
        assert_eq!(prime_pi(10u64.pow(k as u32)), pi, "pi(10^{k})");
    }
}

/// `π(10^16) … π(10^18)`, OEIS A006880 (about 5, 20 and 90 seconds of one
/// core; run with `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn large_prime_counts_match_published_values() {
    for (k, &pi) in PRIME_COUNTS_OF_POWERS_OF_TEN.iter().enumerate().skip(16) {
        assert_eq!(prime_pi(10u64.pow(k as u32)), pi, "pi(10^{k})");
    }
}

#[test]
fn stops_when_progress_says_so() {
    assert_eq!(prime_pi_with_progress(10_000_000_000, &mut |_, _| false), None);
    let mut calls = 0;
    let mut last = 0;
    let pi = prime_pi_with_progress(10_000_000_000, &mut |done, total| {
        assert!(done <= total && done >= last);
        last = done;
        calls += 1;
        true
    });
    assert_eq!(pi, Some(455_052_511));
    assert!(calls >= 3, "{calls}");
    // stopped in each pass in turn: at the n-th report
    for n in 1..calls {
        let mut seen = 0;
        assert_eq!(
            prime_pi_with_progress(10_000_000_000, &mut |_, _| {
                seen += 1;
                seen < n
            }),
            None,
            "stop at report {n}"
        );
    }
}

#[test]
fn the_estimates_refuse_what_prime_buckets_refuses() {
    use crate::error::Budget;
    let machine = Budget { max_exact_digits: 1.0e7, max_memory: 12 << 30 };
    for x in [0, 1, 10, 10u64.pow(12), 10u64.pow(18)] {
        assert_eq!(check(x, &machine), Ok(()), "{x}");
    }
    assert!(check(u64::MAX, &machine).is_err());
    assert!(memory_estimate(10u64.pow(16)) < 64.0 * (1 << 20) as f64);
}

/// The buckets and `π(x)` with `params` equal Lucy's, with the primes up to
/// `√x` listed and without (then `A` counts the primes of its segments).
fn check_buckets(x: u64, params: Params) {
    let with_primes = buckets_with(x, params, true, &mut |_, _| true).and_then(listed).unwrap();
    with_primes.assert_lucy(x, &params);
    let unlisted = buckets_with(x, params, false, &mut |_, _| true);
    assert_eq!(unlisted, Some((None, with_primes.counts().to_vec(), with_primes.pi())), "{x} {params:?}");
}

#[test]
fn counts_without_the_list_of_primes_are_the_buckets() {
    for x in [0u64, 3, 4, 1000, 1_000_003, 10u64.pow(12)] {
        let (counts, pi) = bucket_counts(x, &mut |_, _| true).unwrap();
        let listed = prime_buckets(x, &mut |_, _| true).unwrap();
        assert_eq!((&counts[..], pi), (listed.counts(), listed.pi()), "{x}");
        assert_eq!(counts.len(), listed.primes().len(), "{x}");
    }
    assert_eq!(bucket_counts(10_000_000_000, &mut |_, _| false), None);
}

#[test]
fn every_bucket_to_twenty_thousand_matches_lucy() {
    for x in 0..=20_000u64 {
        check_buckets(x, Params::for_x(x));
    }
}

#[test]
fn every_bucket_matches_lucy_for_every_tuning() {
    for x in [1000u64, 4095, 10_000, 65_536, 100_003, 1_000_000, 12_345_678] {
        for params in tunings(x) {
            check_buckets(x, params);
        }
    }
}

#[test]
fn buckets_around_squares_and_cubes_and_at_ten_to_the_eleven() {
    for x in near_prime_squares_and_cubes() {
        check_buckets(x, Params::for_x(x));
        check_buckets(x, Params { y: 0, z: 0, ..Params::for_x(x) });
    }
    check_buckets(100_000_000_000, Params::for_x(100_000_000_000));
}

#[test]
fn buckets_at_ten_to_the_thirteen_match_the_special_leaf_sum() {
    let x = 10_000_000_000_000u64;
    let want = crate::number::prime_buckets::lmo_buckets(x, &mut |_, _| true);
    assert_eq!(prime_buckets(x, &mut |_, _| true), want);
}

/// Every bucket at `10^15` and `10^16` against the special-leaf sum (about
/// half a minute; run with `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn buckets_at_ten_to_the_fifteen_and_sixteen_match_the_special_leaf_sum() {
    for x in [10u64.pow(15), 10u64.pow(16)] {
        let want = crate::number::prime_buckets::lmo_buckets(x, &mut |_, _| true);
        assert_eq!(prime_buckets(x, &mut |_, _| true), want, "{x}");
    }
}

#[test]
fn buckets_stop_when_progress_says_so() {
    assert_eq!(prime_buckets(10_000_000_000, &mut |_, _| false), None);
    let mut calls = 0;
    let b = prime_buckets(10_000_000_000, &mut |d, t| {
        assert!(d <= t);
        calls += 1;
        true
    });
    assert_eq!(b.map(|b| b.pi()), Some(455_052_511));
    assert!(calls >= 3);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_buckets_match_the_special_leaf_sum(x in 0u64..100_000_000_000, y_frac in 0.0f64..1.0, z_mult in 1.0f64..40.0) {
        let (lo, hi) = (icbrt(x) as f64, isqrt(x) as f64);
        let y = (lo + y_frac * (hi - lo)) as u64;
        let params = Params { y, z: (y as f64 * z_mult) as u64, ..Params::for_x(x) };
        let want = crate::number::prime_buckets::lmo_buckets(x, &mut |_, _| true);
        prop_assert_eq!(buckets_with(x, params, true, &mut |_, _| true).and_then(listed), want, "{:?}", params);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_x_match_the_special_leaf_sum(x in 0u64..1_000_000_000_000) {
        prop_assert_eq!(prime_pi(x), crate::number::prime_buckets::prime_pi(x));
    }

    #[test]
    fn random_x_and_tunings_match_lucy(
        x in 0u64..10_000_000_000,
        y_frac in 0.0f64..1.0,
        z_mult in 1.0f64..40.0,
        seg in 1u64..5000,
    ) {
        // y anywhere in [∛x, √x], z from y up (clamped), segments from 128 bits up
        let (lo, hi) = (icbrt(x) as f64, isqrt(x) as f64);
        let y = (lo + y_frac * (hi - lo)) as u64;
        let params = Params { y, z: (y as f64 * z_mult) as u64, segment: 128 * seg, b_segment: 128 * (5001 - seg) };
        prop_assert_eq!(prime_pi_with(x, params, &mut |_, _| true), Some(lucy_pi(x)), "{:?}", params);
    }
}
