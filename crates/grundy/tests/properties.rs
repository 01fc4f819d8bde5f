//! Property tests: independent paths agree on random larger parameters.

mod common;

use grundy::ring::{Modular, Ring};
use grundy::{
    Arithmetic, Board, BoardRules, CoprimeNim, Counter, DivisorNim, Modulus, Outcome, SilverDollar,
    SubtractionSet,
};
use num_bigint::BigUint;
use proptest::prelude::*;

fn outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![Just(Outcome::Winning), Just(Outcome::Losing)]
}

/// Exact answer reduced mod m equals the modular answer.
fn exact_vs_modular(solve: impl Fn(Arithmetic) -> BigUint, m: u64) -> Result<(), TestCaseError> {
    let exact = solve(Arithmetic::Exact);
    let modular = solve(common::modulo(m));
    prop_assert_eq!(&exact % m, modular);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn board_exact_vs_modular(
        n in 1u64..5000, tokens in 0u64..6, dims in 1u64..4,
        moves in prop::collection::vec(1u64..12, 1..5), m in 1u64..=u64::MAX, o in outcome(),
    ) {
        let b = Board::new(BoardRules { n, dims, moves: SubtractionSet::new(moves).unwrap() }, tokens).unwrap();
        exact_vs_modular(|a| b.count(a, o).unwrap(), m)?;
    }

    #[test]
    fn board_periodic_vs_scan(n in 1u64..20_000, moves in prop::collection::vec(1u64..40, 1..6)) {
        let set = SubtractionSet::new(moves).unwrap();
        let seq = set.periodic(1 << 20).unwrap();
        let mut fast = grundy::heap::histogram_range(&seq, 0, n as u128);
        let mut slow = set.histogram_by_scan(n);
        let len = fast.len().max(slow.len());
        fast.resize(len, 0);
        slow.resize(len, 0);
        prop_assert_eq!(fast, slow);
    }

    #[test]
    fn divisor_exact_vs_modular(n in 1u64..=u64::MAX, piles in 0u64..40, m in 1u64..=u64::MAX, o in outcome()) {
        let g = DivisorNim::new(n, piles).unwrap();
        exact_vs_modular(|a| g.count(a, o).unwrap(), m)?;
    }

    #[test]
    fn coprime_exact_vs_modular(n in 2u64..3000, piles in 0u64..30, m in 1u64..=u64::MAX, o in outcome()) {
        let g = CoprimeNim::new(n, piles).unwrap();
        exact_vs_modular(|a| g.count(a, o).unwrap(), m)?;
    }

    #[test]
    fn silver_exact_vs_modular(n in 1u64..100_000, coins in 0u64..40, m in 1u64..=u64::MAX, o in outcome()) {
        prop_assume!(coins < n);
        let g = SilverDollar::new(n, coins).unwrap();
        exact_vs_modular(|a| g.count(a, o).unwrap(), m)?;
    }

    #[test]
    fn moduli_are_consistent_under_crt(n in 1u64..1_000_000_000_000, piles in 0u64..1_000_000_000, a in 1u64..4_000_000_000, b in 1u64..4_000_000_000) {
        // The answer mod a·b reduces to the answers mod a and mod b.
        let g = DivisorNim::new(n, piles).unwrap();
        let count = |m: u64| g.count(common::modulo(m), Outcome::Winning).unwrap();
        let ab = count(a * b);
        prop_assert_eq!(&ab % a, count(a));
        prop_assert_eq!(&ab % b, count(b));
    }

    #[test]
    fn winning_plus_losing_is_total(n in 2u64..2000, piles in 0u64..100, m in 1u64..=u64::MAX) {
        let g = CoprimeNim::new(n, piles).unwrap();
        let ring = Modular::new(Modulus::new(m).unwrap());
        let w = ring.of_bigint(&g.count(common::modulo(m), Outcome::Winning).unwrap().into());
        let l = ring.of_bigint(&g.count(common::modulo(m), Outcome::Losing).unwrap().into());
        let total = ring.pow(&ring.of_u128((n - 1) as u128), piles as u128);
        prop_assert_eq!(ring.add(&w, &l), total);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn octal_histograms_period_vs_direct(digits in prop::collection::vec(0u8..8, 1..4), split in any::<bool>(), n in 1u64..4000) {
        let text = format!("{}.{}", if split { 4 } else { 0 }, digits.iter().map(|d| d.to_string()).collect::<String>());
        // all-zero codes have no moves and are refused
        prop_assume!(split || digits.iter().any(|&d| d != 0));
        let code = grundy::heap::OctalCode::parse(&text).unwrap();
        let game = grundy::heap::HeapGame::Octal(code.clone());
        let analysis = game.analyze(0, grundy::heap::Limits::length(1 << 12)).unwrap();
        if let Some(seq) = &analysis.periodic {
            let mut direct = grundy::heap::RareValues::new(&code);
            direct.extend_to(n as usize + 1);
            let mut want = vec![0u128; 1];
            for v in direct.values().iter().skip(1) {
                if want.len() <= v as usize { want.resize(v as usize + 1, 0); }
                want[v as usize] += 1;
            }
            let mut got = grundy::heap::histogram_range(seq, 1, n as u128 + 1);
            let len = got.len().max(want.len());
            got.resize(len, 0);
            want.resize(len, 0);
            prop_assert_eq!(got, want, "{}", text);
        }
    }
}
