//! Divisor Nim and Coprime Nim against the oracle.

mod common;

use common::assert_matches_oracle;
use grundy::{
    Arithmetic, Component, Context, CoprimeMethod, CoprimeNim, Counter, DivisorNim, Error, Outcome,
};
use grundy_reference::{CoprimePile, DivisorPile, Game, Solver, pile_counts};
use num_bigint::BigUint;

/// The oracle's histogram of the values of piles `lo..=hi`, trailing zeros
/// dropped.
fn oracle_histogram<G: Game<Pos = u64>>(solver: &mut Solver<G>, lo: u64, hi: u64) -> Vec<u128> {
    let mut want: Vec<u128> = Vec::new();
    for x in lo..=hi {
        let g = solver.grundy(&x) as usize;
        if want.len() <= g {
            want.resize(g + 1, 0);
        }
        want[g] += 1;
    }
    want
}

/// The library's histogram of one component, trailing zeros dropped.
fn library_histogram(pile: &impl Component) -> Vec<u128> {
    let mut got = pile.histogram(&mut Context::default()).unwrap().to_dense().unwrap();
    while got.last() == Some(&0) {
        got.pop();
    }
    got
}

/// The histograms of piles `1..=n` for every `n` (so, by their differences,
/// every pile's value) against the oracle's game search.
#[test]
fn divisor_values_match_the_game_search() {
    let mut s = Solver::new(DivisorPile);
    for n in 1..=300u64 {
        let got = library_histogram(&grundy::DivisorPile::new(n).unwrap());
        assert_eq!(got, oracle_histogram(&mut s, 1, n), "n={n}");
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

/// The sieve's and the sublinear path's histograms of piles `1..=n−1` for
/// every `n` (so every pile's value) against the oracle's game search.
#[test]
fn coprime_values_match_the_game_search() {
    let mut s = Solver::new(CoprimePile);
    for n in 2..=600u64 {
        let want = oracle_histogram(&mut s, 1, n - 1);
        for method in [CoprimeMethod::Sieve, CoprimeMethod::Sublinear] {
            let got = library_histogram(&grundy::CoprimePile::new(n).unwrap().with_method(method));
            assert_eq!(got, want, "n={n} {method:?}");
        }
    }
}
