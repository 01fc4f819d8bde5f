//! Exact vs modular at the edges of every range: sizes near 2^64, 2^63 and 2^32,
//! the smallest sizes (n = coins + 1, empty ranges) and 0 or 1 components.
//!
//! An exact path that overflows near 2^64 gives a wrong big integer while the
//! modular path stays right (or the reverse); reducing the exact answer modulo
//! several M and comparing catches either.

mod common;

use common::MODULI;
use grundy::{
    Arithmetic, Board, BoardRules, CoprimeNim, Counter, DivisorNim, Error, HeapGame, Heaps, OctalCode,
    Outcome, SilverDollar, SubtractionSet,
};
use num_bigint::BigUint;
use proptest::prelude::*;

/// The sizes where 64-bit arithmetic breaks first.
const EDGE_NS: [u64; 7] =
    [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1, 1 << 32, (1 << 32) + 1, (1 << 32) - 1];

/// `solve` exactly, reduced mod each `m`, against `solve` mod `m`, for both outcomes.
fn exact_matches_modular(
    what: &str,
    moduli: &[u64],
    solve: impl Fn(Arithmetic, Outcome) -> Result<BigUint, Error>,
) {
    for outcome in [Outcome::Winning, Outcome::Losing] {
        let exact = solve(Arithmetic::Exact, outcome).unwrap_or_else(|e| panic!("{what}: {e}"));
        for &m in moduli {
            let modular = solve(common::modulo(m), outcome).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(&exact % m, modular, "{what} {outcome:?} mod {m}");
        }
    }
}

#[test]
fn silver_dollar_at_the_top_of_the_range() {
    // W(n, 0) = n and W(n, 1) = (n − 1)^2, checked exactly.
    for n in EDGE_NS {
        let w0 = SilverDollar::new(n, 0).unwrap().count(Arithmetic::Exact, Outcome::Winning).unwrap();
        assert_eq!(w0, BigUint::from(n), "W({n}, 0)");
        let w1 = SilverDollar::new(n, 1).unwrap().count(Arithmetic::Exact, Outcome::Winning).unwrap();
        assert_eq!(w1, BigUint::from(n - 1).pow(2), "W({n}, 1)");
        for coins in [0u64, 1, 2, 3, 5, 10] {
            let g = SilverDollar::new(n, coins).unwrap();
            exact_matches_modular(&format!("silver n={n} coins={coins}"), &MODULI, |a, o| g.count(a, o));
        }
    }
}

#[test]
fn silver_dollar_with_no_room_to_spare() {
    // n = coins + 1: every square holds a coin.
    for coins in 0..=40u64 {
        let g = SilverDollar::new(coins + 1, coins).unwrap();
        exact_matches_modular(&format!("silver n={} coins={coins}", coins + 1), &MODULI, |a, o| {
            g.count(a, o)
        });
    }
}

#[test]
fn boards_at_the_top_of_the_range() {
    for n in EDGE_NS.into_iter().chain([1, 2, 3]) {
        for tokens in [0u64, 1, 2, 3] {
            for dims in [1u64, 2, 3] {
                for moves in [vec![2u64, 3, 5, 7], vec![1], vec![1, 3, 4]] {
                    let b = Board::new(
                        BoardRules { n, dims, moves: SubtractionSet::new(moves.clone()).unwrap() },
                        tokens,
                    )
                    .unwrap();
                    let what = format!("board n={n} tokens={tokens} dims={dims} moves={moves:?}");
                    exact_matches_modular(&what, &MODULI, |a, o| b.count(a, o));
                }
            }
        }
    }
}

#[test]
fn divisor_nim_at_the_top_of_the_range() {
    for n in EDGE_NS.into_iter().chain([1, 2, 3]) {
        for piles in [0u64, 1, 2, 3, 7] {
            let g = DivisorNim::new(n, piles).unwrap();
            exact_matches_modular(&format!("divisor n={n} piles={piles}"), &MODULI, |a, o| g.count(a, o));
        }
    }
}

#[test]
fn coprime_nim_at_the_edges() {
    // N <= 1 is the empty range; 4096/4097 straddle the sieve/sublinear switch.
    for n in [0u64, 1, 2, 3, 4, 4095, 4096, 4097, 65_537] {
        for piles in [0u64, 1, 2, 5] {
            let g = CoprimeNim::new(n, piles).unwrap();
            exact_matches_modular(&format!("coprime n={n} piles={piles}"), &MODULI, |a, o| g.count(a, o));
        }
    }
    // the empty range: only the empty tuple, which is losing
    for (piles, lose) in [(0u64, 1u32), (1, 0), (5, 0)] {
        let g = CoprimeNim::new(1, piles).unwrap();
        assert_eq!(g.count(Arithmetic::Exact, Outcome::Losing).unwrap(), BigUint::from(lose));
        assert_eq!(g.count(Arithmetic::Exact, Outcome::Winning).unwrap(), BigUint::ZERO);
    }
}

#[test]
fn heaps_at_the_top_of_the_range() {
    let games = [
        HeapGame::Octal(OctalCode::parse("0.77").unwrap()),
        HeapGame::Octal(OctalCode::parse("0.07").unwrap()),
        HeapGame::Subtraction(SubtractionSet::new(vec![1, 2, 3]).unwrap()),
    ];
    for game in games {
        for n in EDGE_NS.into_iter().chain([1, 2]) {
            for piles in [0u64, 1, 2, 3] {
                let h = Heaps::new(game.clone(), n, piles).unwrap();
                exact_matches_modular(
                    &format!("heaps {} n={n} piles={piles}", game.describe()),
                    &MODULI,
                    |a, o| h.count(a, o),
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn near_the_top_with_random_moduli(
        back in prop_oneof![Just(0u64), Just(1), 0u64..1000],
        tokens in 0u64..4,
        coins in 0u64..12,
        m in 1u64..=u64::MAX,
        twos in 0u32..64,
    ) {
        let n = u64::MAX - back;
        let m = (m >> twos).max(1) << twos;
        let board = Board::new(BoardRules { n, dims: 2, moves: SubtractionSet::new(vec![2, 3, 5, 7]).unwrap() }, tokens).unwrap();
        exact_matches_modular("board", &[m], |a, o| board.count(a, o));
        let silver = SilverDollar::new(n, coins).unwrap();
        exact_matches_modular("silver", &[m], |a, o| silver.count(a, o));
        let divisor = DivisorNim::new(n, tokens).unwrap();
        exact_matches_modular("divisor", &[m], |a, o| divisor.count(a, o));
    }
}
