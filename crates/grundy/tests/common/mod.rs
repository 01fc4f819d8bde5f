//! Helpers shared by the integration tests.
#![allow(dead_code)]

use grundy::{Arithmetic, Counter, Error, Modulus, Outcome};
use num_bigint::BigUint;

/// `Arithmetic::Modulo(m)` for a nonzero `m`.
pub fn modulo(m: u64) -> Arithmetic {
    Arithmetic::Modulo(Modulus::new(m).expect("nonzero modulus"))
}

/// Checks a counter against the oracle's `(winning, losing)` counts.
pub fn assert_counter_matches_oracle(what: &str, oracle: (u64, u64), counter: &impl Counter) {
    assert_matches_oracle(what, oracle, |a, o| counter.count(a, o));
}

/// Moduli exercised everywhere: odd prime, even, composite, 2^k, tiny, and 2^64-1.
pub const MODULI: [u64; 8] = [1, 2, 7, 1 << 40, 1_000_000_000, 1_234_567_890, 1_000_000_007, u64::MAX];

/// Checks a solver against the oracle's `(winning, losing)` counts, exactly and
/// modulo every modulus in [`MODULI`].
pub fn assert_matches_oracle(
    what: &str,
    oracle: (u64, u64),
    solve: impl Fn(Arithmetic, Outcome) -> Result<BigUint, Error>,
) {
    let (win, lose) = oracle;
    for (outcome, want) in [(Outcome::Winning, win), (Outcome::Losing, lose)] {
        let got = solve(Arithmetic::Exact, outcome).expect("solvable");
        assert_eq!(got, BigUint::from(want), "{what} {outcome:?} exact");
        for m in MODULI {
            let got = solve(modulo(m), outcome).expect("solvable");
            assert_eq!(got, BigUint::from(want % m), "{what} {outcome:?} mod {m}");
        }
    }
}

/// The digits `d0, d1, …` of an octal code written `d0.d1d2…` (one digit each),
/// for the oracle's [`grundy_reference::OctalHeaps`].
pub fn octal_digits(code: &str) -> Vec<u8> {
    let (whole, frac) = code.split_once('.').unwrap();
    std::iter::once(whole)
        .chain(frac.split(""))
        .filter(|s| !s.is_empty())
        .map(|d| d.parse().unwrap())
        .collect()
}

/// The octal codes `0.d₁d₂` (`d₁, d₂` in `0..8`) that have moves, with their games.
pub fn two_digit_codes() -> Vec<(String, grundy::HeapGame)> {
    (0..64)
        .map(|d| format!("0.{}{}", d / 8, d % 8))
        .filter_map(|code| grundy::HeapGame::parse(None, Some(&code)).ok().map(|g| (code, g)))
        .collect()
}
