//! No constructor or public function panics, whatever its arguments: invalid
//! values are refused with an `Error`, valid ones are answered (or refused as
//! too large before any work starts).

use grundy::count::RunHistogram;
use grundy::count::{Histogram, MAX_TOTAL};
use grundy::heap::{Limits, OctalCode};
use grundy::{
    Arithmetic, Board, BoardRules, BoardToken, Budget, Context, CoprimeNim, CoprimePile, Counter, DivisorNim,
    DivisorPile, Heap, HeapGame, Heaps, Modulus, Outcome, SilverDollar, SubtractionSet, Sum, Values,
};
use proptest::prelude::*;

/// A budget small enough that nothing here runs long: refusals come first.
fn small() -> Budget {
    Budget { max_exact_digits: 2000.0, max_memory: 64 << 20 }
}

fn arith() -> impl Strategy<Value = Arithmetic> {
    prop_oneof![
        Just(Arithmetic::Exact),
        any::<u64>().prop_filter_map("m >= 1", |m| Modulus::new(m).ok().map(Arithmetic::Modulo))
    ]
}

fn outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![Just(Outcome::Winning), Just(Outcome::Losing)]
}

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

fn count(c: &impl Counter, a: Arithmetic, o: Outcome) {
    let _ = c.count_with(a, o, &mut Context::new(small()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn notation_parsers(text in ".{0,40}", digits in "[0-9a-zA-Z.!\\[\\], ^*+e-]{0,30}") {
        for t in [&text, &digits] {
            let _ = OctalCode::parse(t);
            let _ = SubtractionSet::parse(t);
            let _ = grundy::parse_u64(t);
            let _ = HeapGame::parse(Some(t), None);
            let _ = HeapGame::parse(None, Some(t));
            let _ = HeapGame::parse(Some(t), Some(t));
            let _ = t.parse::<Outcome>();
        }
    }

    #[test]
    fn moduli_and_limits(m in big(), len in any::<usize>(), work in big()) {
        let _ = Modulus::new(m);
        let _ = Limits::new(len, work);
        let _ = Limits::length(len);
    }

    #[test]
    fn histograms(counts in prop::collection::vec(prop_oneof![any::<u128>(), 0u128..10], 0..20), start in big(), end in big(), low in 0u32..70) {
        if let Ok(h) = Histogram::dense(counts.clone()) {
            let _ = h.spectrum(low, &small());
            let _ = h.to_dense();
            let _ = h.positions().to_string();
        }
        if let Ok(r) = RunHistogram::new(counts, start, end) {
            let h = Histogram::Run(r);
            let _ = h.spectrum(low, &small());
            let _ = h.positions();
        }
        let _ = MAX_TOTAL;
    }

    #[test]
    fn values(values in prop::collection::vec(big(), 0..10), counts in prop::collection::vec((big(), any::<u128>()), 0..6), k in big(), a in arith(), o in outcome()) {
        if let Ok(v) = Values::new(values) {
            count(&Sum::of(v, k), a, o);
        }
        if let Ok(v) = Values::from_histogram(counts) {
            count(&Sum::of(v, k % 5), a, o);
        }
    }

    #[test]
    fn divisor_and_coprime(n in big(), k in big(), a in arith(), o in outcome()) {
        if let Ok(g) = DivisorNim::new(n, k) { count(&g, a, o); }
        let _ = DivisorPile::new(n);
        if let Ok(g) = CoprimeNim::new(n % 1_000_000, k) { count(&g, a, o); }
        if let Ok(g) = CoprimeNim::new(n, k) { count(&g, a, o); }
        let _ = CoprimePile::new(n);
    }

    #[test]
    fn boards(n in big(), tokens in big(), dims in big(), moves in prop::collection::vec(prop_oneof![1u64..20, big()], 0..4), max_len in any::<usize>(), a in arith(), o in outcome()) {
        let Ok(set) = SubtractionSet::new(moves) else { return Ok(()) };
        let _ = BoardToken::new(BoardRules { n, dims, moves: set.clone() });
        if let Ok(b) = Board::new(BoardRules { n, dims: dims % 4, moves: set }, tokens) {
            let _ = b.clone().with_max_len(max_len).component().limits();
            count(&b.with_max_len(max_len % 100_000 + 1), a, o);
        }
    }

    #[test]
    fn heaps(code in "[0-7]\\.[0-7]{1,4}", n in big(), min in big(), k in big(), len in 1usize..5000, a in arith(), o in outcome()) {
        let Ok(c) = OctalCode::parse(&code) else { return Ok(()) };
        let game = HeapGame::Octal(c);
        let _ = game.analyze(len, Limits::new(len, 1_000_000).unwrap());
        if let Ok(h) = Heaps::new(game.clone(), n, k) {
            count(&h.with_min(min).with_limits(Limits::new(len, 1_000_000).unwrap()), a, o);
        }
        let _ = Heap::new(game, n);
    }

    #[test]
    fn silver_dollar(n in big(), coins in big(), a in arith(), o in outcome()) {
        let _ = SilverDollar::new(n, coins);
        if let Ok(g) = SilverDollar::new(n, coins % 50) { count(&g, a, o); }
    }
}
