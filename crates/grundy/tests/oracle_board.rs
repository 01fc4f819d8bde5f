//! Board nim against the oracle, which plays the whole multi-token game.

mod common;

use common::assert_matches_oracle;
use grundy::heap::{SubtractionSet, histogram_range};
use grundy::{Board, BoardRules, Counter};
use grundy_reference::{BoardToken, Solver, SubtractionHeap, board_counts};

const MOVE_SETS: [&[u64]; 6] = [&[2, 3, 5, 7], &[1], &[1, 2], &[2], &[1, 3, 4], &[3, 5]];

#[test]
fn every_small_board_matches_the_game_search() {
    for moves in MOVE_SETS {
        for dims in 1..=3usize {
            for tokens in 0..=3usize {
                for n in 0..=6u64 {
                    // keep the whole-game search small: at most 6^6 placements
                    if (n as f64).powi((dims * tokens) as i32) > 300_000.0 {
                        continue;
                    }
                    let oracle = board_counts(n, tokens, dims, moves);
                    let set = SubtractionSet::new(moves.to_vec()).unwrap();
                    let board =
                        Board::new(BoardRules { n, dims: dims as u64, moves: set }, tokens as u64).unwrap();
                    let what = format!("board n={n} tokens={tokens} dims={dims} moves={moves:?}");
                    assert_matches_oracle(&what, oracle, |a, o| board.count(a, o));
                }
            }
        }
    }
}

#[test]
fn token_values_are_xor_of_coordinate_values() {
    // The oracle's mex over a token's real moves, for every cell of 6^3.
    for moves in MOVE_SETS {
        let mut cell = Solver::new(BoardToken { moves: moves.to_vec() });
        let mut heap = Solver::new(SubtractionHeap(moves.to_vec()));
        for x in 0..6u64 {
            for y in 0..6u64 {
                for z in 0..6u64 {
                    let want = heap.grundy(&x) ^ heap.grundy(&y) ^ heap.grundy(&z);
                    assert_eq!(cell.grundy(&vec![x, y, z]), want);
                }
            }
        }
    }
}

#[test]
fn coordinate_histograms_periodic_vs_scan_vs_oracle() {
    let sets: Vec<Vec<u64>> = vec![
        vec![2, 3, 5, 7],
        vec![1, 3, 4],
        vec![4, 9, 10],
        vec![2, 5, 6, 13],
        vec![7],
        vec![3, 11, 12, 20],
    ];
    for moves in sets {
        let set = SubtractionSet::new(moves.clone()).unwrap();
        let mut oracle = Solver::new(SubtractionHeap(moves.clone()));
        let seq = set.periodic(1 << 16).expect("subtraction games are periodic");
        for i in 0..400u64 {
            assert_eq!(seq.value(i), oracle.grundy(&i), "{moves:?} at {i}");
        }
        for n in (1..300u64).chain([1000, 4321, 100_000]) {
            let scan = set.histogram_by_scan(n);
            let mut periodic = histogram_range(&seq, 0, n as u128);
            periodic.resize(scan.len().max(periodic.len()), 0);
            let mut scan = scan;
            scan.resize(periodic.len(), 0);
            assert_eq!(periodic, scan, "{moves:?} n={n}");
        }
    }
}

#[test]
fn huge_boards_are_counted_through_the_period() {
    let set = SubtractionSet::new(vec![2, 3, 5, 7]).unwrap();
    let n = 1_000_000_000_000_000_000u64;
    let board = Board::new(BoardRules { n, dims: 2, moves: set }, n).unwrap();
    let hist = board.component().coordinate_histogram(&mut grundy::Context::default()).unwrap();
    assert_eq!(hist.iter().sum::<u128>(), n as u128);
}
