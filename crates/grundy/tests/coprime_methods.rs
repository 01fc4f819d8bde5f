//! Coprime Nim: the sieve and the sublinear path agree everywhere, and both
//! agree with the game search for small N.

mod common;

use common::assert_matches_oracle;
use grundy::count::Histogram;
use grundy::primes::{PrimeMethod, prime_pi as pi_by};
use grundy::{
    Arithmetic, Budget, Component, Context, CoprimeMethod, CoprimeNim, CoprimePile, Counter, Error, Outcome,
};
use grundy_reference::{CoprimePile as CoprimePileGame, pile_counts};
use proptest::prelude::*;

/// `π(x)` by Lucy_Hedgehog's DP, the reference.
fn prime_pi(x: u64) -> u64 {
    pi_by(x, PrimeMethod::Lucy, &mut Context::default()).unwrap()
}

/// The histogram of Coprime Nim piles `1..=n−1` by `method`.
fn histogram(n: u64, method: CoprimeMethod) -> Result<Histogram, Error> {
    CoprimePile::new(n)?.with_method(method).histogram(&mut Context::default())
}

fn both(n: u64, k: u64, arith: Arithmetic, o: Outcome) -> (String, String) {
    let g = CoprimeNim::new(n, k).unwrap();
    (
        g.with_method(CoprimeMethod::Sieve).count(arith, o).unwrap().to_string(),
        g.with_method(CoprimeMethod::Sublinear).count(arith, o).unwrap().to_string(),
    )
}

#[test]
fn sublinear_matches_the_game_search() {
    for piles in 0..=3usize {
        for n in 2..=13u64 {
            let oracle = pile_counts(CoprimePileGame, 1, n - 1, piles);
            let g = CoprimeNim::new(n, piles as u64).unwrap().with_method(CoprimeMethod::Sublinear);
            assert_matches_oracle(&format!("sublinear n={n} K={piles}"), oracle, |a, o| g.count(a, o));
        }
    }
}

#[test]
fn histograms_agree_for_every_small_n() {
    for n in 2..=5000u64 {
        let dense = histogram(n, CoprimeMethod::Sieve).unwrap();
        let run = histogram(n, CoprimeMethod::Sublinear).unwrap();
        assert!(matches!(dense, Histogram::Dense(_)) && matches!(run, Histogram::Run(_)), "n={n}");
        assert_eq!(run.to_dense(), dense.to_dense(), "n={n}");
    }
}

/// The N at which π(N − 1) equals `target`: one more than the target-th prime.
fn n_with_pi(target: u64) -> u64 {
    let (mut lo, mut hi) = (2u64, 4 * target * (64 - target.leading_zeros() as u64 + 2));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if prime_pi(mid) >= target { hi = mid } else { lo = mid + 1 }
    }
    lo + 1
}

#[test]
fn counts_agree_where_pi_crosses_powers_of_two() {
    for j in 1..=17u32 {
        let base = n_with_pi(1 << j);
        for n in base.saturating_sub(3).max(2)..base + 3 {
            for (k, m) in
                [(2u64, 0u64), (7, 1_000_000_007), (1_000_000_000_000, 1 << 40), (12_345, 1_234_567_890)]
            {
                let arith = if m == 0 { Arithmetic::Exact } else { common::modulo(m) };
                let (a, b) = both(n, k, arith, Outcome::Losing);
                assert_eq!(a, b, "n={n} k={k} m={m} (pi(n-1)={})", prime_pi(n - 1));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn sieve_vs_sublinear_random(n in 2u64..3_000_000, k in 0u64..1_000_000_000_000_000_000, m in 1u64..=u64::MAX, win in any::<bool>()) {
        let o = if win { Outcome::Winning } else { Outcome::Losing };
        let (a, b) = both(n, k, common::modulo(m), o);
        prop_assert_eq!(a, b);
    }

    #[test]
    fn sieve_vs_sublinear_exact(n in 2u64..200_000, k in 0u64..40) {
        let (a, b) = both(n, k, Arithmetic::Exact, Outcome::Losing);
        prop_assert_eq!(a, b);
    }
}

#[test]
fn sieve_and_sublinear_agree_at_twenty_million() {
    for (k, m) in [(1_000_000_000_000_000_000u64, u64::MAX), (20_000_003, 1_000_000_007), (3, 1 << 63)] {
        let (a, b) = both(20_000_003, k, common::modulo(m), Outcome::Losing);
        assert_eq!(a, b, "k={k} m={m}");
    }
}

#[test]
fn the_coefficient_budget_is_checked_before_prime_counting() {
    use grundy::{Modulus, Order};
    let m = Modulus::new(1_000_000_007).unwrap();
    // At N = 10^19 the prime counting would be refused by its own estimate
    // (its time: N up to about 6·10^18), with another message: the
    // coefficients' refusal must come first.
    let alone = histogram(10u64.pow(19), CoprimeMethod::Sublinear).unwrap_err().to_string();
    assert!(alone.contains("prime counting"), "{alone}");
    for n in [10u64.pow(19), 10u64.pow(13)] {
        let game = CoprimeNim::new(n, 100_000).unwrap().with_order(Order::Multiset);
        let e = game.count_mod(m, Outcome::Losing).unwrap_err().to_string();
        assert!(e.starts_with("a count of unordered positions of 100000 components"), "n={n}: {e}");
        assert!(!e.contains("prime counting"), "{e}");
    }
    // the promise is kept: the transform has at least that many distinct values
    for n in [10u64.pow(6), 10u64.pow(9) + 7] {
        let pile = CoprimePile::new(n).unwrap();
        let h = pile.histogram(&mut Context::default()).unwrap();
        let mut values: Vec<i128> =
            h.spectrum(0, &Budget::default()).unwrap().terms().iter().map(|t| t.0).collect();
        values.sort_unstable();
        values.dedup();
        let least = pile.least_transform_values();
        assert!(least > 1 && least <= values.len(), "n={n}: {least} > {}", values.len());
    }
}

/// Code written with the former name `grundy::Method` still compiles (with a
/// deprecation warning) and means [`CoprimeMethod`].
#[test]
#[allow(deprecated)]
fn the_former_name_still_compiles() {
    use grundy::Method;
    let method: Method = Method::Sieve;
    assert_eq!(method, CoprimeMethod::Sieve);
    assert_eq!(Method::Auto.resolve(100), CoprimeMethod::Sieve);
    let g = CoprimeNim::new(10, 5).unwrap().with_method(Method::Sublinear);
    assert_eq!(g.component().method(), CoprimeMethod::Sublinear);
}
