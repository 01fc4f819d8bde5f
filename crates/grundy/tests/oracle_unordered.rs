//! Multisets and sets of components against the oracle: whole positions
//! enumerated as sorted tuples and played move by move for small sizes, and two
//! DPs (over positions, and over values with huge counts) for larger ones.

mod common;

use common::{MODULI, assert_matches_oracle, modulo};
use grundy::{
    Arithmetic, Board, BoardRules, CoprimeMethod, CoprimeNim, Counter, DivisorNim, Error, HeapGame, Heaps,
    Order, Outcome, SubtractionSet, Sum, Values,
};
use grundy_reference::{
    CoprimePile, DivisorPile, Game, Solver, SubtractionHeap, Unordered, unordered_board_counts,
    unordered_pile_counts, unordered_xor_by_positions, unordered_xor_by_values,
};
use num_bigint::BigUint;

const KINDS: [(Order, Unordered); 2] = [(Order::Multiset, Unordered::Multiset), (Order::Set, Unordered::Set)];

/// Every `K <= 4` and every range `1..=top` for `top` up to 9: the library
/// count against the oracle's whole-game search over sorted tuples.
fn piles_match<G: Game<Pos = u64> + Copy>(
    name: &str,
    pile: G,
    solve: impl Fn(u64, u64, Order, Arithmetic, Outcome) -> Result<BigUint, Error>,
) {
    for (order, kind) in KINDS {
        for piles in 0..=4u64 {
            for top in 1..=9u64 {
                let oracle = unordered_pile_counts(pile, 1, top, piles as usize, kind);
                let what = format!("{name} {order} top={top} K={piles}");
                assert_matches_oracle(&what, oracle, |a, o| solve(top, piles, order, a, o));
            }
        }
    }
}

#[test]
fn divisor_multisets_and_sets_match_the_game_search() {
    piles_match("divisor", DivisorPile, |top, k, order, a, o| {
        DivisorNim::new(top, k)?.with_order(order).count(a, o)
    });
}

#[test]
fn coprime_multisets_and_sets_match_the_game_search() {
    for method in [CoprimeMethod::Sieve, CoprimeMethod::Sublinear] {
        piles_match("coprime", CoprimePile, |top, k, order, a, o| {
            CoprimeNim::new(top + 1, k)?.with_method(method).with_order(order).count(a, o)
        });
    }
}

#[test]
fn subtraction_heaps_match_the_game_search() {
    for moves in [vec![1u64, 2, 3], vec![2, 5], vec![1, 3, 4]] {
        #[derive(Clone, Copy)]
        struct Heap<'a>(&'a [u64]);
        impl Game for Heap<'_> {
            type Pos = u64;
            fn moves(&self, n: &u64) -> Vec<u64> {
                SubtractionHeap(self.0.to_vec()).moves(n)
            }
        }
        let set = SubtractionSet::new(moves.clone()).unwrap();
        piles_match("heaps", Heap(&moves), |top, k, order, a, o| {
            Heaps::new(HeapGame::Subtraction(set.clone()), top, k)?.with_order(order).count(a, o)
        });
    }
}

#[test]
fn board_multisets_and_sets_of_cells_match_the_game_search() {
    for moves in [&[2u64, 3, 5, 7][..], &[1], &[1, 2]] {
        for dims in 1..=2usize {
            for tokens in 0..=3usize {
                for n in 0..=4u64 {
                    for (order, kind) in KINDS {
                        let oracle = unordered_board_counts(n, tokens, dims, moves, kind);
                        let set = SubtractionSet::new(moves.to_vec()).unwrap();
                        let board =
                            Board::new(BoardRules { n, dims: dims as u64, moves: set }, tokens as u64)
                                .unwrap()
                                .with_order(order);
                        let what = format!("board {order} n={n} tokens={tokens} dims={dims} moves={moves:?}");
                        assert_matches_oracle(&what, oracle, |a, o| board.count(a, o));
                    }
                }
            }
        }
    }
}

/// `(winning, losing)` from an XOR distribution.
fn split<T: Clone + std::ops::Sub<Output = T> + std::iter::Sum<T>>(dist: &[T]) -> (T, T) {
    let all: T = dist.iter().cloned().sum();
    (all - dist[0].clone(), dist[0].clone())
}

/// The library's counts exactly and modulo every modulus against the wanted
/// `(winning, losing)` in big integers.
fn check_big(what: &str, want: (BigUint, BigUint), counter: &impl Counter) {
    for (outcome, want) in [(Outcome::Winning, &want.0), (Outcome::Losing, &want.1)] {
        for m in MODULI {
            let got = counter.count(modulo(m), outcome).unwrap_or_else(|e| panic!("{what} mod {m}: {e}"));
            assert_eq!(got, want % m, "{what} {outcome:?} mod {m}");
        }
        assert_eq!(&counter.count(Arithmetic::Exact, outcome).unwrap(), want, "{what} {outcome:?} exact");
    }
}

#[test]
fn coprime_piles_against_the_dp_over_positions() {
    // values from the oracle's own mex, the count by the DP over positions
    let mut solver = Solver::new(CoprimePile);
    let values: Vec<u64> = (1..400u64).map(|x| solver.grundy(&x) as u64).collect();
    for n in [2u64, 3, 50, 97, 128, 129, 400] {
        let pile_values = &values[..n as usize - 1];
        for k in [1usize, 2, 5, 8] {
            for (order, kind) in KINDS {
                let (win, lose) = split(&unordered_xor_by_positions(pile_values, k, kind));
                for method in [CoprimeMethod::Sieve, CoprimeMethod::Sublinear] {
                    let game = CoprimeNim::new(n, k as u64).unwrap().with_method(method).with_order(order);
                    let what = format!("coprime {order} n={n} K={k} {method:?}");
                    check_big(&what, (win.into(), lose.into()), &game);
                }
            }
        }
    }
}

#[test]
fn sums_of_several_components_against_the_dp() {
    // a multiset or set of each component, the components told apart
    let a: Vec<u64> = vec![0, 1, 1, 2, 3, 3, 3, 6, 9];
    let b: Vec<u64> = vec![0, 0, 5, 1];
    let c: Vec<u64> = (0..40).map(|i| (i * 7 % 33) as u64).collect();
    for (order, kind) in KINDS {
        for (ka, kb, kc) in [(2usize, 1usize, 3usize), (3, 4, 2), (0, 2, 5), (5, 0, 1)] {
            let (da, db, dc) = (
                unordered_xor_by_positions(&a, ka, kind),
                unordered_xor_by_positions(&b, kb, kind),
                unordered_xor_by_positions(&c, kc, kind),
            );
            let at = |d: &[u128], x: usize| d.get(x).copied().unwrap_or(0);
            let mut lose = 0u128;
            for x in 0..64 {
                for y in 0..64 {
                    lose += at(&da, x) * at(&db, y) * at(&dc, x ^ y);
                }
            }
            let total: u128 = da.iter().sum::<u128>() * db.iter().sum::<u128>() * dc.iter().sum::<u128>();
            let sum = Sum::new()
                .with(Values::new(a.clone()).unwrap(), ka as u64)
                .with(Values::new(b.clone()).unwrap(), kb as u64)
                .with(Values::new(c.clone()).unwrap(), kc as u64)
                .with_order(order);
            let what = format!("sum {order} K=({ka},{kb},{kc})");
            check_big(&what, ((total - lose).into(), lose.into()), &sum);
        }
    }
}

/// Heaps of `{1, 2, 3}` in `1..=n` have values `h mod 4`: counts by residue.
fn mod4_histogram(n: u64) -> Vec<(u64, u128)> {
    (0..4u64).map(|v| (v, ((n - v) / 4 + u64::from(v > 0)) as u128)).collect()
}

#[test]
fn huge_heaps_against_the_dp_over_values() {
    let set = SubtractionSet::new(vec![1, 2, 3]).unwrap();
    for n in [10u64, 1_000_003, 1_000_000_000_000_000_000] {
        let hist = mod4_histogram(n);
        assert_eq!(hist.iter().map(|h| h.1).sum::<u128>(), n as u128);
        for k in [1usize, 2, 7, 30] {
            for (order, kind) in KINDS {
                let (win, lose) = split(&unordered_xor_by_values(&hist, k, kind));
                let heaps =
                    Heaps::new(HeapGame::Subtraction(set.clone()), n, k as u64).unwrap().with_order(order);
                check_big(&format!("heaps {order} n={n} K={k}"), (win, lose), &heaps);
            }
        }
    }
}

#[test]
fn huge_boards_against_the_dp_over_values() {
    // moves {1}: a coordinate's value is its parity, a cell's the parity of its sum
    let set = SubtractionSet::new(vec![1]).unwrap();
    for (n, dims) in [
        (5u64, 2u64),
        (1_000_000_000u64, 2),
        (1_000_000_000_000_000_000, 2),
        (1_000_000_000_000, 3),
        // 2^126 cells, the most for which the valuations run, and one row more
        (1 << 63, 2),
        ((1 << 63) + 1, 2),
        (1_000_000_000_000_000_000, 3),
    ] {
        let (even, odd) = (BigUint::from(n.div_ceil(2)), BigUint::from(n / 2));
        // (even + odd)^dims split by parity: ((e + o)^d ± (e − o)^d) / 2
        let all = (&even + &odd).pow(dims as u32);
        let diff = (&even - &odd).pow(dims as u32);
        let hist = [(0u64, (&all + &diff) / 2u8), (1, (&all - &diff) / 2u8)];
        let small: Option<Vec<(u64, u128)>> =
            hist.iter().map(|(v, c)| u128::try_from(c.clone()).ok().map(|c| (*v, c))).collect();
        for k in [1usize, 2, 5, 12] {
            for (order, kind) in KINDS {
                let board = Board::new(BoardRules { n, dims, moves: set.clone() }, k as u64)
                    .unwrap()
                    .with_order(order);
                let what = format!("board {order} n={n} dims={dims} K={k}");
                match &small {
                    Some(h) if h.iter().map(|x| x.1).sum::<u128>() <= 1 << 126 => {
                        let (win, lose) = split(&unordered_xor_by_values(h, k, kind));
                        check_big(&what, (win, lose), &board);
                    }
                    _ => {
                        // beyond 2^126 cells: modulo odd moduli with prime factors above K only
                        for m in [1_000_000_007u64, 999_999_999_989] {
                            let got = board.count(modulo(m), Outcome::Losing).unwrap();
                            let want = big_unordered_losing(&hist, k, order);
                            assert_eq!(got, want % m, "{what} mod {m}");
                        }
                        let exact = board.count(Arithmetic::Exact, Outcome::Losing).unwrap();
                        assert_eq!(exact, big_unordered_losing(&hist, k, order), "{what} exact");
                        let refused = board.count(modulo(1 << 40), Outcome::Losing);
                        assert!(matches!(refused, Err(Error::TooLarge { .. })), "{what}: {refused:?}");
                    }
                }
            }
        }
    }
}

/// Losing multisets or sets of `k` from two values with big counts: `Σ` over
/// even numbers `t` of copies of value 1.
fn big_unordered_losing(hist: &[(u64, BigUint); 2], k: usize, order: Order) -> BigUint {
    let choose = |c: &BigUint, t: usize| -> BigUint {
        let mut num = BigUint::from(1u8);
        let mut den = BigUint::from(1u8);
        for i in 0..t {
            num *= match order {
                Order::Set => c - BigUint::from(i),
                _ => c + BigUint::from(i),
            };
            den *= BigUint::from(i + 1);
        }
        num / den
    };
    (0..=k).step_by(2).map(|t| choose(&hist[1].1, t) * choose(&hist[0].1, k - t)).sum()
}

#[test]
fn sets_larger_than_the_component_are_empty() {
    for m in MODULI {
        let g = DivisorNim::new(5, 6).unwrap().with_order(Order::Set);
        assert_eq!(g.count(modulo(m), Outcome::Losing).unwrap(), BigUint::ZERO);
        assert_eq!(g.count(modulo(m), Outcome::Winning).unwrap(), BigUint::ZERO);
        let g = DivisorNim::new(5, 5).unwrap().with_order(Order::Set);
        // the one set {1, …, 5} has values 0, 1, 0, 2, 0: XOR 3, winning
        assert_eq!(g.count(modulo(m), Outcome::Winning).unwrap(), BigUint::from(1u8) % m);
    }
}

#[test]
fn ordered_counts_are_unchanged_by_the_default_order() {
    let g = DivisorNim::new(10, 3).unwrap();
    assert_eq!(g.order(), Order::Ordered);
    assert_eq!(g.with_order(Order::Ordered), g);
    assert_eq!(g.count_exact(Outcome::Winning).unwrap(), BigUint::from(692u32));
}

/// The exact count reduced modulo each modulus against the modular count.
fn exact_matches_modular(what: &str, counter: &impl Counter) {
    for outcome in [Outcome::Winning, Outcome::Losing] {
        let exact = counter.count(Arithmetic::Exact, outcome).unwrap_or_else(|e| panic!("{what}: {e}"));
        for m in MODULI {
            let got = counter.count(modulo(m), outcome).unwrap_or_else(|e| panic!("{what} mod {m}: {e}"));
            assert_eq!(got, &exact % m, "{what} {outcome:?} mod {m}");
        }
    }
}

#[test]
fn many_copies_exact_vs_modular() {
    // K beyond every small prime of the moduli: valuations modulo 2^w, 3, 5, …
    // against the exact recurrence, with few values (the recurrence) and many
    // (Horner's rule on F_K)
    let set = SubtractionSet::new(vec![1, 2, 3]).unwrap();
    let kayles = HeapGame::Octal(grundy::heap::OctalCode::parse("0.77").unwrap());
    for order in [Order::Multiset, Order::Set] {
        for k in [31u64, 64, 300] {
            let heaps = Heaps::new(HeapGame::Subtraction(set.clone()), 1_000_000_000_000_000_000, k).unwrap();
            exact_matches_modular(&format!("heaps {order} K={k}"), &heaps.with_order(order));
            let kayles = Heaps::new(kayles.clone(), u64::MAX, k).unwrap();
            exact_matches_modular(&format!("kayles {order} K={k}"), &kayles.with_order(order));
            let coprime = CoprimeNim::new(100_000, k).unwrap();
            exact_matches_modular(&format!("coprime {order} K={k}"), &coprime.with_order(order));
        }
        for n in [u64::MAX, u64::MAX - 1, 1 << 63, 1 << 32] {
            let divisor = DivisorNim::new(n, 40).unwrap().with_order(order);
            exact_matches_modular(&format!("divisor {order} n={n}"), &divisor);
        }
    }
}

/// Runs `f` on another thread and fails if it takes longer than `seconds`: a
/// refusal that comes late is a computation that should not have started.
fn within<T: Send + 'static>(seconds: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(f()));
    receive.recv_timeout(std::time::Duration::from_secs(seconds)).expect("answered in time")
}

#[test]
fn too_much_work_is_refused_before_it_starts() {
    for arith in [modulo(1_000_000_007), modulo(1 << 40), Arithmetic::Exact] {
        let k = if arith == Arithmetic::Exact { 10_000 } else { 10_000_000 };
        let got = within(60, move || {
            CoprimeNim::new(10_000_000_000, k)
                .unwrap()
                .with_order(Order::Multiset)
                .count(arith, Outcome::Losing)
        });
        match got {
            Err(Error::TooLarge { what, .. }) => assert!(what.contains("unordered"), "{what}"),
            other => panic!("{arith:?}: {other:?}"),
        }
    }
}
