//! Games of your own against the whole-game search: heap games from a closure,
//! components from explicit values, and sums of different components.

mod common;

use common::{MODULI, assert_counter_matches_oracle, modulo};
use grundy::heap::OctalCode;
use grundy::{
    BoardRules, BoardToken, Context, CoprimePile, Counter, DivisorNim, Heap, HeapGame, HeapRules, Heaps,
    Outcome, SubtractionSet, Sum, Values,
};
use grundy_reference::{
    BoardToken as BoardTokenGame, CoprimePile as CoprimePileGame, OctalHeaps, Pair, RuleHeaps, Solver,
    Sum as WholeSum, for_each_tuple,
};

/// The options of a heap: the multisets of heaps a move leaves.
type Options = fn(u64) -> Vec<Vec<u64>>;

/// Options of a few splitting and subtraction games, as closures both sides use.
fn rule_sets() -> Vec<(&'static str, Options)> {
    vec![
        ("take 1 or 2, or split in two", |n| {
            let mut o: Vec<Vec<u64>> = [1, 2].iter().filter(|&&k| k <= n).map(|&k| vec![n - k]).collect();
            o.extend((1..=n / 2).map(|a| vec![a, n - a]));
            o
        }),
        ("Grundy's game: split into two different heaps", |n| {
            (1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect()
        }),
        ("take 1, or take 1 and split the rest into three", |n| {
            let mut o = if n >= 1 { vec![vec![n - 1]] } else { vec![] };
            let m = n.saturating_sub(1);
            for a in 1..=m {
                for b in a..=m {
                    if a + b < m && b <= m - a - b {
                        o.push(vec![a, b, m - a - b]);
                    }
                }
            }
            o
        }),
        ("halve or take a square", |n| {
            let mut o: Vec<Vec<u64>> =
                (1..).map(|k| k * k).take_while(|&s| s <= n).map(|s| vec![n - s]).collect();
            if n >= 2 {
                o.push(vec![n / 2]);
            }
            o
        }),
    ]
}

#[test]
fn rule_games_match_the_whole_game_search() {
    for (name, options) in rule_sets() {
        let rules = HeapRules::new(name, options);
        let mut oracle = Solver::new(RuleHeaps(options));
        let want: Vec<u32> =
            (0..=24u64).map(|n| oracle.grundy(&if n == 0 { vec![] } else { vec![n] })).collect();
        assert_eq!(rules.values(25).unwrap(), want, "{name}");
        // sums of up to three heaps, every size 1..=6, exactly and modulo every modulus
        for piles in 0..=3usize {
            for top in 1..=6u64 {
                let (mut win, mut lose) = (0u64, 0u64);
                for_each_tuple(top, piles, |t| {
                    let mut heaps: Vec<u64> = t.iter().map(|x| x + 1).collect();
                    heaps.sort_unstable();
                    if oracle.is_winning(&heaps) { win += 1 } else { lose += 1 }
                });
                let heaps = Heaps::new(HeapGame::Rules(rules.clone()), top, piles as u64).unwrap();
                assert_counter_matches_oracle(&format!("{name} top={top} K={piles}"), (win, lose), &heaps);
            }
        }
    }
}

#[test]
fn a_rule_that_grows_a_heap_is_refused() {
    let bad = HeapRules::new("grow", |n| vec![vec![n + 1]]);
    assert!(matches!(bad.values(3), Err(grundy::Error::InvalidRule(_))));
    let heaps = Heaps::new(HeapGame::Rules(bad), 5, 2).unwrap();
    assert!(heaps.count_exact(Outcome::Losing).is_err());
    let failing =
        HeapRules::try_new("fails", |n| if n < 3 { Ok(vec![]) } else { Err(grundy::Error::Interrupted) });
    assert_eq!(failing.values(3).unwrap(), vec![0, 0, 0]);
    assert_eq!(failing.values(4), Err(grundy::Error::Interrupted));
}

#[test]
fn values_of_a_built_in_game_count_like_the_built_in_game() {
    // the Divisor Nim histogram over 1..=n, as values of our own
    for n in [1u64, 2, 10, 100, 12345] {
        let values = Values::new((1..=n).map(|x| x.trailing_zeros() as u64)).unwrap();
        for piles in [0u64, 1, 2, 3, 7] {
            let own = Sum::of(values.clone(), piles);
            let built_in = DivisorNim::new(n, piles).unwrap();
            for outcome in [Outcome::Winning, Outcome::Losing] {
                assert_eq!(own.count_exact(outcome).unwrap(), built_in.count_exact(outcome).unwrap());
                for m in MODULI {
                    assert_eq!(
                        own.count(modulo(m), outcome).unwrap(),
                        built_in.count(modulo(m), outcome).unwrap()
                    );
                }
            }
        }
    }
    // a Kayles heap's values up to 2000 against the Heaps counter
    let kayles = HeapGame::Octal(OctalCode::parse("0.77").unwrap());
    let heap = Heap::new(kayles.clone(), 2000).unwrap();
    let hist = heap.value_histogram(&mut Context::default()).unwrap();
    let values = Values::from_histogram(hist.iter().enumerate().map(|(v, &c)| (v as u64, c))).unwrap();
    for piles in [1u64, 2, 5] {
        let want = Heaps::new(kayles.clone(), 2000, piles).unwrap().count_exact(Outcome::Losing).unwrap();
        assert_eq!(Sum::of(values.clone(), piles).count_exact(Outcome::Losing).unwrap(), want);
    }
}

#[test]
fn values_match_the_whole_game_search() {
    // a pile of Nim with heaps 0..=7 given as values; pairs/triples of them
    let values = Values::new(0..8).unwrap();
    let mut oracle = Solver::new(RuleHeaps(|n: u64| (0..n).map(|k| vec![k]).collect()));
    for piles in 0..=3usize {
        let (mut win, mut lose) = (0u64, 0u64);
        for_each_tuple(8, piles, |t| {
            let mut heaps: Vec<u64> = t.iter().copied().filter(|&x| x > 0).collect();
            heaps.sort_unstable();
            if oracle.is_winning(&heaps) { win += 1 } else { lose += 1 }
        });
        assert_counter_matches_oracle(
            &format!("nim values K={piles}"),
            (win, lose),
            &Sum::of(values.clone(), piles as u64),
        );
    }
}

/// A Kayles heap + two Coprime Nim piles + a board token, against the search of
/// the whole mixed game.
#[test]
fn sums_of_different_components_match_the_whole_game_search() {
    let kayles_digits = vec![0u8, 7, 7];
    let moves = vec![1u64, 3, 4];
    for (heap_top, coprime_n, side) in [(4u64, 5u64, 3u64), (6, 6, 2), (3, 8, 4)] {
        let game = Pair(
            OctalHeaps { digits: kayles_digits.clone() },
            Pair(WholeSum(CoprimePileGame), BoardTokenGame { moves: moves.clone() }),
        );
        let mut oracle = Solver::new(game);
        let (mut win, mut lose) = (0u64, 0u64);
        for heap in 1..=heap_top {
            for_each_tuple(coprime_n - 1, 2, |piles| {
                let mut piles: Vec<u64> = piles.iter().map(|p| p + 1).collect();
                piles.sort_unstable();
                for_each_tuple(side, 2, |cell| {
                    let pos = (vec![heap], (piles.clone(), cell.to_vec()));
                    if oracle.is_winning(&pos) { win += 1 } else { lose += 1 }
                });
            });
        }
        let kayles = HeapGame::Octal(OctalCode::parse("0.77").unwrap());
        let sum = Sum::new()
            .with(Heap::new(kayles, heap_top).unwrap(), 1)
            .with(CoprimePile::new(coprime_n).unwrap(), 2)
            .with(
                BoardToken::new(BoardRules {
                    n: side,
                    dims: 2,
                    moves: SubtractionSet::new(moves.clone()).unwrap(),
                })
                .unwrap(),
                1,
            );
        let what = format!("kayles<= {heap_top} + 2 coprime<{coprime_n} + token on {side}^2");
        assert_counter_matches_oracle(&what, (win, lose), &sum);
    }
}
