//! The misère count's work budget (`misere_work`) bounds the powers in the
//! quotient's algebra as well as the quotient: requests that would run for
//! minutes are refused by estimate before any power is taken, naming the
//! limit and what to do; what is accepted stops when the observer says so,
//! inside the powers too; a board token's power is taken modulo M.

mod common;

use grundy::misere::MisereLimits;
use grundy::{
    Arithmetic, Board, BoardRules, Context, CoprimePile, Counter, DivisorPile, Error, Heap, HeapGame, Heaps,
    Modulus, Order, Outcome, Play, SubtractionSet, Sum,
};

const POWERS: &str = "misère powers";

/// The stages the observer was told of, in order (each once per run of calls).
fn count_watched(
    counter: &impl Counter,
    arith: Arithmetic,
) -> (Result<num_bigint::BigUint, Error>, Vec<String>) {
    let mut stages: Vec<String> = Vec::new();
    let mut observer = |stage: &str, _: u64, _: u64| {
        if stages.last().map(String::as_str) != Some(stage) {
            stages.push(stage.to_string());
        }
        true
    };
    let result =
        counter.count_with(arith, Outcome::Losing, &mut Context::default().with_observer(&mut observer));
    (result, stages)
}

fn kayles() -> HeapGame {
    HeapGame::parse(None, Some("0.77")).unwrap()
}

/// Each took a minute or more at the default budget (118 s, over 120 s, over
/// 120 s): exactly, they are refused before any power, naming `misere_work`
/// and the modulus; modulo M they are answered.
#[test]
fn long_exact_powers_are_refused_by_estimate() {
    let requests = [
        ("coprime 47 × 10^6", Sum::of(CoprimePile::new(47).unwrap(), 1_000_000)),
        ("Kayles 10^18 × 10^5", Sum::of(Heap::new(kayles(), 10u64.pow(18)).unwrap(), 100_000)),
        ("divisor 19 × 10^6", Sum::of(DivisorPile::new(19).unwrap(), 1_000_000)),
    ];
    for (what, sum) in requests {
        let counter = sum.with_play(Play::Misere);
        let (result, stages) = count_watched(&counter, Arithmetic::Exact);
        let e = result.unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, Error::TooLarge { .. }), "{what}: {e}");
        assert!(text.contains("`misere_work`") && text.contains("`modulus`"), "{what}: {text}");
        assert!(
            !stages.iter().any(|s| s == POWERS),
            "{what}: a power was taken before the refusal: {stages:?}"
        );
        let m = Modulus::new(1_000_000_007).unwrap();
        assert!(counter.count_mod(m, Outcome::Losing).is_ok(), "{what} mod M");
    }
}

/// The power is charged to the same budget as the quotient: with a budget
/// that the quotient of 0.75 fits in, the power is refused (naming the
/// copies, `misere_work` and the modulus); raising `misere_work` lets it through.
#[test]
fn the_budget_is_the_limit_that_binds_and_raising_it_lets_a_count_through() {
    let heaps = |work: u64| {
        Heaps::new(HeapGame::parse(None, Some("0.75")).unwrap(), 10u64.pow(18), 3000)
            .unwrap()
            .with_misere_limits(MisereLimits::default().with_max_work(work))
            .with_play(Play::Misere)
    };
    let e = heaps(100_000).count_exact(Outcome::Losing).unwrap_err().to_string();
    assert!(e.contains("3000 copies over a quotient of 8 elements"), "{e}");
    assert!(e.contains("(limit `misere_work` 100000 steps); pass a `modulus`"), "{e}");
    let exact = heaps(100_000_000).count_exact(Outcome::Losing).unwrap();
    for m in common::MODULI {
        let modular = heaps(100_000_000).count_mod(Modulus::new(m).unwrap(), Outcome::Losing).unwrap();
        assert_eq!(&exact % m, modular.into(), "mod {m}");
    }
}

/// The observer is told inside the powers (between chunks of every product),
/// and the count stops at once when it says so.
#[test]
fn the_powers_stop_when_the_observer_says_so() {
    for order in [Order::Ordered, Order::Multiset] {
        // about 4 s exactly (1.8e8 steps estimated), answered with a raised budget
        let piles = if order == Order::Ordered { 10_000 } else { 600 };
        let heaps = Heaps::new(kayles(), 10u64.pow(18), piles)
            .unwrap()
            .with_order(order)
            .with_misere_limits(MisereLimits::default().with_max_work(1 << 40))
            .with_play(Play::Misere);
        let (mut polls, mut after) = (0, 0);
        let mut observer = |stage: &str, _: u64, _: u64| {
            if polls >= 3 {
                after += 1;
            }
            if stage == POWERS {
                polls += 1;
            }
            polls < 3
        };
        let mut ctx = Context::default().with_observer(&mut observer);
        let result = heaps.count_with(Arithmetic::Exact, Outcome::Losing, &mut ctx);
        assert_eq!(result, Err(Error::Interrupted), "{order}");
        assert_eq!((polls, after), (3, 0), "{order}: polled after the stop");
    }
}

/// A board token is one power of a coordinate's histogram, taken in the
/// counting ring: `board --n 10^18 --tokens 3 --dims 10^5 --modulus 7` took
/// 46 s and was then refused (a histogram beyond u128), `--dims 2^64-1`
/// never ended. Ordered tokens are ordered coordinates, so the board is the
/// sum of `dims · tokens` subtraction heaps in `0..=n−1`; moving by 1, it is
/// the parity game, whose misère losses are normal wins.
#[test]
fn board_tokens_are_one_power_in_the_counting_ring() {
    let n = 10u64.pow(18);
    let board = |dims: u64, moves: &[u64], play| {
        Board::new(BoardRules { n, dims, moves: SubtractionSet::new(moves.to_vec()).unwrap() }, 3)
            .unwrap()
            .with_play(play)
    };
    for m in [7u64, 1 << 40, 1_000_000_007, u64::MAX] {
        let m = Modulus::new(m).unwrap();
        for dims in [100_000u64, 1 << 40] {
            let game = HeapGame::Subtraction(SubtractionSet::new(vec![2, 3, 5, 7]).unwrap());
            let heaps = Heaps::with_range(game, 0, n - 1, 3 * dims).unwrap().with_play(Play::Misere);
            for outcome in [Outcome::Winning, Outcome::Losing] {
                let got = board(dims, &[2, 3, 5, 7], Play::Misere).count_mod(m, outcome).unwrap();
                assert_eq!(got, heaps.count_mod(m, outcome).unwrap(), "dims {dims} {outcome:?}");
            }
        }
        for dims in [100_000u64, u64::MAX] {
            let misere = board(dims, &[1], Play::Misere).count_mod(m, Outcome::Losing).unwrap();
            let normal = board(dims, &[1], Play::Normal).count_mod(m, Outcome::Winning).unwrap();
            assert_eq!(misere, normal, "dims {dims}");
        }
    }
}
