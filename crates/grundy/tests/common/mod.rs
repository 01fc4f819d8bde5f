//! Helpers shared by the integration tests.
#![allow(dead_code)]

use grundy::count::Outcome;
use grundy::error::Error;
use grundy::ring::Arithmetic;
use num_bigint::BigUint;

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
            let got = solve(Arithmetic::Modulo(m), outcome).expect("solvable");
            assert_eq!(got, BigUint::from(want % m), "{what} {outcome:?} mod {m}");
        }
    }
}
