//! Divisor Nim and Coprime Nim against the oracle.

mod common;

use common::assert_matches_oracle;
use grundy::games::{coprime_nim, divisor_nim};
use grundy::{Arithmetic, CoprimeNim, Counter, DivisorNim, Error, Outcome};
use grundy_reference::{CoprimePile, DivisorPile, Game, Solver, pile_counts};
use num_bigint::BigUint;

#[test]
fn divisor_grundy_closed_form() {
    let mut s = Solver::new(DivisorPile);
    for n in 1..=300u64 {
        assert_eq!(divisor_nim::grundy(n), s.grundy(&n), "n={n}");
    }
}

#[test]
fn coprime_grundy_closed_form() {
    let mut s = Solver::new(CoprimePile);
    for n in 0..=200u64 {
        assert_eq!(coprime_nim::grundy(n), s.grundy(&n) as u64, "n={n}");
    }
}

/// Every `K <= 3` and every range `1..=top` for `top` up to 12: the library
/// count against the oracle's whole-game search.
fn piles_match<G: Game<Pos = u64> + Copy>(
    name: &str,
    pile: G,
    solve: impl Fn(u64, u64, Arithmetic, Outcome) -> Result<BigUint, Error>,
) {
    for piles in 0..=3u64 {
        for top in 1..=12u64 {
            let oracle = pile_counts(pile, 1, top, piles as usize);
            let what = format!("{name} top={top} K={piles}");
            assert_matches_oracle(&what, oracle, |a, o| solve(top, piles, a, o));
        }
    }
}

#[test]
fn divisor_counts_match_the_game_search() {
    // piles in 1..=N
    piles_match("divisor", DivisorPile, |top, k, a, o| DivisorNim::new(top, k)?.count(a, o));
}

#[test]
fn coprime_counts_match_the_game_search() {
    // piles in 1..=N-1
    piles_match("coprime", CoprimePile, |top, k, a, o| CoprimeNim::new(top + 1, k)?.count(a, o));
}

#[test]
fn coprime_histogram_matches_closed_form_per_pile() {
    for n in 2..=600u64 {
        let hist = coprime_nim::histogram_by_sieve(n, &grundy::Budget::default()).unwrap();
        let mut want = vec![0u128; hist.len()];
        for x in 1..n {
            let g = coprime_nim::grundy(x) as usize;
            assert!(g < want.len(), "value {g} beyond histogram at n={n}");
            want[g] += 1;
        }
        assert_eq!(hist, want, "n={n}");
    }
}
