//! Exact vs modular at the edges of every range: sizes near 2^64, 2^63 and 2^32,
//! the smallest sizes (n = coins + 1, empty ranges) and 0 or 1 components.
//!
//! An exact path that overflows near 2^64 gives a wrong big integer while the
//! modular path stays right (or the reverse); reducing the exact answer modulo
//! several M and comparing catches either.

mod common;

use common::MODULI;
use grundy::count::MisereHistogram;
use grundy::count::{Histogram, Positions};
use grundy::heap::OctalCode;
use grundy::misere::{MisereLimits, MisereQuotient};
use grundy::{
    Arithmetic, Board, BoardRules, Component, Context, CoprimeNim, Counter, DivisorNim, Error, Heap,
    HeapGame, Heaps, Order, Outcome, Play, SilverDollar, SubtractionSet, Sum,
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

// ---- misère play ----
//
// Misère counts go through a histogram over the game's misère quotient (heaps
// `min..=n` classed by the certified period of Φ) or, for Nim, through the tame
// rule beside the normal count; both must hold up to `n = 2^64 − 1` in every
// order. Besides exact against modular and winning + losing = total, the class
// histogram is recounted here by residue arithmetic of its own, and the counts
// are compared with normal play where the rules agree.

/// The sizes where a misère histogram over `min..=n` breaks first.
const MISERE_NS: [u64; 4] = [u64::MAX, u64::MAX - 1, 1 << 63, 1 << 32];

const ORDERS: [Order; 3] = [Order::Ordered, Order::Multiset, Order::Set];

/// Fewer moduli where the quotient is slow to compute: odd prime, 2^40, 2^64 − 1.
const FEW_MODULI: [u64; 3] = [1_000_000_007, 1 << 40, u64::MAX];

/// The positions of `k` copies of a component of `p` positions, in `order`:
/// `p^k`, `C(p + k − 1, k)` or `C(p, k)`.
fn all_positions(p: impl Into<BigUint>, k: u64, order: Order) -> BigUint {
    let p: BigUint = p.into();
    let choose = |top: BigUint| {
        (0..k).fold(BigUint::from(1u8), |acc, j| acc * (&top - j))
            / (1..=k).fold(BigUint::from(1u8), |a, j| a * j)
    };
    match order {
        Order::Ordered => p.pow(k as u32),
        Order::Multiset if k == 0 => BigUint::from(1u8),
        Order::Multiset => choose(p + k - 1u8),
        _ if BigUint::from(k) > p => BigUint::ZERO,
        _ => choose(p),
    }
}

/// Exact against modular (both outcomes), and winning + losing = `total`.
fn misere_consistent(
    what: &str,
    moduli: &[u64],
    total: &BigUint,
    solve: impl Fn(Arithmetic, Outcome) -> Result<BigUint, Error>,
) {
    exact_matches_modular(what, moduli, &solve);
    let w = solve(Arithmetic::Exact, Outcome::Winning).unwrap();
    let l = solve(Arithmetic::Exact, Outcome::Losing).unwrap();
    assert_eq!(&w + &l, *total, "{what}: winning {w} + losing {l}");
}

fn game(moves: Option<&str>, code: Option<&str>) -> HeapGame {
    HeapGame::parse(moves, code).unwrap()
}

#[test]
fn misere_heaps_at_the_top_of_the_range() {
    // quotients certified by period (0.75: 2, {1,3,4}, 0.3 = {1}: the parity
    // game) and tame Nim, by code and by subtraction set
    let games = [
        game(None, Some("0.75")),
        game(Some("1,3,4"), None),
        game(None, Some("0.3")),
        game(None, Some("0.[3]")),
    ];
    for g in &games {
        for n in MISERE_NS {
            for min in [0u64, 1, 5, n] {
                let p = n as u128 + 1 - min as u128;
                for piles in [0u64, 1, 2, 3] {
                    for order in ORDERS {
                        let heaps = Heaps::with_range(g.clone(), min, n, piles)
                            .unwrap()
                            .with_order(order)
                            .with_play(Play::Misere);
                        let what = format!("misère {} {min}..={n} K={piles} {order}", g.describe());
                        misere_consistent(&what, &MODULI, &all_positions(p, piles, order), |a, o| {
                            heaps.count(a, o)
                        });
                    }
                }
            }
        }
    }
    // misère Kayles (period 12 from heap 71), its quotient computed once a range
    let kayles = game(None, Some("0.77"));
    for n in MISERE_NS {
        let heap = Computed::new(Heap::new(kayles.clone(), n).unwrap());
        for order in ORDERS {
            let heaps = Sum::of(heap.clone(), 2).with_order(order).with_play(Play::Misere);
            let what = format!("misère Kayles 1..={n} K=2 {order}");
            misere_consistent(&what, &FEW_MODULI, &all_positions(n as u128, 2, order), |a, o| {
                heaps.count(a, o)
            });
        }
    }
}

/// A heap whose misère histogram (the quotient's, over its range) is
/// computed once by [`Heap`] and then reused: the quotient of Kayles takes a
/// while, and the counts under test are those made from the histogram.
#[derive(Clone)]
struct Computed {
    heap: Heap,
    misere: MisereHistogram,
}

impl Computed {
    fn new(heap: Heap) -> Self {
        let misere = heap.misere_histogram(&mut Context::default()).unwrap();
        Computed { heap, misere }
    }
}

impl Component for Computed {
    fn positions(&self) -> Positions {
        self.heap.positions()
    }
    fn histogram(&self, ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        self.heap.histogram(ctx)
    }
    fn misere_histogram(&self, _: &mut Context<'_>) -> Result<MisereHistogram, Error> {
        Ok(self.misere.clone())
    }
}

/// The number of `k` in `lo..=hi` with `k ≡ r (mod p)`, by floors of its own.
fn in_class(lo: u128, hi: u128, r: u128, p: u128) -> u128 {
    // #{k <= x : k ≡ r} for x >= 0 is (x − r) / p + 1 when x >= r
    let upto = |x: u128| if x < r { 0 } else { (x - r) / p + 1 };
    if lo > hi { 0 } else { upto(hi) - if lo == 0 { 0 } else { upto(lo - 1) } }
}

/// Heaps `min..=n` per element of the quotient, recounted: one by one up to
/// the quotient's bound, by residue class beyond it.
fn class_histogram(q: &MisereQuotient, min: u64, n: u64) -> Vec<u128> {
    let mut h = vec![0u128; q.monoid().order()];
    let bound = q.bound() as u64;
    for k in min..=n.min(bound) {
        h[q.phi(k).unwrap() as usize] += 1;
    }
    let (_, p) = q.period().expect("a certified quotient");
    let lo = (min as u128).max(bound as u128 + 1);
    for j in 0..p as u64 {
        // heaps k ≡ bound + 1 + j (mod p) share Φ(bound + 1 + j)
        let first = bound + 1 + j;
        let c = in_class(lo, n as u128, first as u128 % p as u128, p as u128);
        h[q.phi(first).unwrap() as usize] += c;
    }
    h
}

#[test]
fn misere_pairs_match_a_recount_of_the_classes() {
    for g in [game(None, Some("0.75")), game(Some("1,3,4"), None), game(None, Some("0.77"))] {
        let q = MisereQuotient::certify(&g, MisereLimits::default()).unwrap();
        let m = q.monoid();
        let p = |x: usize, y: usize| m.is_p(m.mul(x as u32, y as u32));
        for n in MISERE_NS {
            for min in [0u64, 1, 5, n] {
                let h = class_histogram(&q, min, n);
                let heap = Computed::new(Heap::with_range(g.clone(), min, n).unwrap());
                let big = |c: u128| BigUint::from(c);
                // pairs: ordered, and unordered {x, y} with x < y or x = y
                let (mut ordered, mut multiset, mut set) = (BigUint::ZERO, BigUint::ZERO, BigUint::ZERO);
                for x in 0..h.len() {
                    for y in 0..h.len() {
                        if !p(x, y) {
                            continue;
                        }
                        ordered += big(h[x]) * big(h[y]);
                        if x < y {
                            multiset += big(h[x]) * big(h[y]);
                            set += big(h[x]) * big(h[y]);
                        }
                    }
                    if p(x, x) {
                        multiset += big(h[x]) * big(h[x] + 1) / 2u8;
                        set += big(h[x]) * big(h[x].saturating_sub(1)) / 2u8;
                    }
                }
                for (order, want) in
                    [(Order::Ordered, ordered), (Order::Multiset, multiset), (Order::Set, set)]
                {
                    let heaps = Sum::of(heap.clone(), 2).with_order(order).with_play(Play::Misere);
                    let what = format!("misère {} {min}..={n} pairs {order}", g.describe());
                    assert_eq!(heaps.count_exact(Outcome::Losing).unwrap(), want, "{what}");
                }
                // one heap of each size: the single heaps in P
                let ones: u128 = (0..h.len()).filter(|&x| m.is_p(x as u32)).map(|x| h[x]).sum();
                let single = Sum::of(heap, 1).with_play(Play::Misere);
                assert_eq!(single.count_exact(Outcome::Losing).unwrap(), BigUint::from(ones), "{min}..={n}");
            }
        }
    }
}

#[test]
fn misere_agrees_with_normal_play_where_the_rules_do() {
    let both = |count: &dyn Fn(Play, Arithmetic, Outcome) -> Result<BigUint, Error>,
                what: &str,
                pair: (Outcome, Outcome)| {
        for arith in std::iter::once(Arithmetic::Exact).chain(MODULI.map(common::modulo)) {
            let misere = count(Play::Misere, arith, pair.0).unwrap_or_else(|e| panic!("{what}: {e}"));
            let normal = count(Play::Normal, arith, pair.1).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(misere, normal, "{what} {arith:?}");
        }
    };
    // Nim heaps of at least 2 tokens are firm (misère value = normal value):
    // a sum of them is lost under both rules alike. Subtraction by 1 is
    // decided by the parity of the tokens: the last move is made by the first
    // player iff the total is odd, so a misère loss is a normal win (the empty
    // sum included).
    let nim = game(None, Some("0.[3]"));
    let parity = [game(None, Some("0.3")), game(Some("1"), None)];
    let flipped = |same: bool| match same {
        true => [(Outcome::Losing, Outcome::Losing), (Outcome::Winning, Outcome::Winning)],
        false => [(Outcome::Losing, Outcome::Winning), (Outcome::Winning, Outcome::Losing)],
    };
    for n in MISERE_NS {
        for piles in [0u64, 1, 2, 3, 5] {
            for order in ORDERS {
                let firm = [2u64, 3, n].map(|min| (&nim, min, true)).into_iter().filter(|_| piles > 0);
                let by_one = parity.iter().flat_map(|g| [0u64, 1, 5, n].map(|min| (g, min, false)));
                for (g, min, same) in firm.chain(by_one) {
                    let count = |play, a, o| {
                        Heaps::with_range(g.clone(), min, n, piles)
                            .unwrap()
                            .with_order(order)
                            .with_play(play)
                            .count(a, o)
                    };
                    let what = format!("{} {min}..={n} K={piles} {order}", g.describe());
                    for pair in flipped(same) {
                        both(&count, &what, pair);
                    }
                }
                // and so is a board moving by 1: every coordinate is such a heap
                // (unordered tokens are counted up to 2^126 cells under normal play)
                let cells = |d: u64| BigUint::from(n).pow(d as u32);
                let dims =
                    [1u64, 2, 3].into_iter().filter(|&d| order == Order::Ordered || cells(d).bits() <= 126);
                for dims in dims {
                    let count = |play, a, o| {
                        let moves = SubtractionSet::new(vec![1]).unwrap();
                        Board::new(BoardRules { n, dims, moves }, piles)
                            .unwrap()
                            .with_order(order)
                            .with_play(play)
                            .count(a, o)
                    };
                    let what = format!("board by 1 n={n} dims={dims} tokens={piles} {order}");
                    both(&count, &what, (Outcome::Losing, Outcome::Winning));
                }
            }
        }
    }
}

#[test]
fn misere_boards_at_the_top_of_the_range() {
    for n in MISERE_NS.into_iter().chain([1, 2, 3]) {
        for moves in [vec![2u64, 3, 5, 7], vec![1, 3, 4], vec![1, 2]] {
            for dims in [1u64, 2, 3] {
                for tokens in [0u64, 1, 2, 3] {
                    for order in ORDERS {
                        let board = Board::new(
                            BoardRules { n, dims, moves: SubtractionSet::new(moves.clone()).unwrap() },
                            tokens,
                        )
                        .unwrap()
                        .with_order(order)
                        .with_play(Play::Misere);
                        let cells = BigUint::from(n).pow(dims as u32);
                        let what =
                            format!("misère board n={n} dims={dims} tokens={tokens} {moves:?} {order}");
                        if order != Order::Ordered && tokens > 0 && u128::try_from(&cells).is_err() {
                            // an unordered count writes a token's histogram out in u128
                            let e = board.count(Arithmetic::Exact, Outcome::Losing).unwrap_err();
                            assert!(matches!(e, Error::TooLarge { .. }), "{what}: {e}");
                            continue;
                        }
                        let total = all_positions(cells, tokens, order);
                        misere_consistent(&what, &MODULI, &total, |a, o| board.count(a, o));
                    }
                }
            }
        }
    }
}

/// Divisor and Coprime Nim piles have no period certificate under misère
/// play: beyond the piles adjoined they are refused with the parameter to
/// change, never a wrong count nor a panic, whatever the length limit.
#[test]
fn misere_piles_at_the_top_of_the_range_are_refused() {
    for n in MISERE_NS {
        for limits in [MisereLimits::default(), MisereLimits::default().with_max_len(usize::MAX)] {
            for arith in [Arithmetic::Exact, common::modulo(7)] {
                let d = DivisorNim::new(n, 2).unwrap().with_misere_limits(limits).with_play(Play::Misere);
                let e = d.count(arith, Outcome::Losing).unwrap_err();
                assert!(matches!(e, Error::TooLarge { .. }), "divisor n={n}: {e}");
                let c = CoprimeNim::new(n, 2).unwrap().with_misere_limits(limits).with_play(Play::Misere);
                let e = c.count(arith, Outcome::Losing).unwrap_err();
                assert!(matches!(e, Error::TooLarge { .. }), "coprime n={n}: {e}");
            }
        }
    }
}

/// Heap ranges that hold one size or none, alone and beside other heaps of
/// the same game in one sum.
#[test]
fn misere_ranges_of_one_size_or_none() {
    for g in [game(None, Some("0.75")), game(Some("1,3,4"), None), game(None, Some("0.[3]"))] {
        let q = MisereQuotient::certify(&g, MisereLimits::default()).ok();
        for n in MISERE_NS {
            // min = n: one size; its single heap is in P iff Φ(n) is
            let one = Heaps::with_range(g.clone(), n, n, 1).unwrap().with_play(Play::Misere);
            if let Some(q) = &q {
                let in_p = q.monoid().is_p(q.phi(n).unwrap());
                assert_eq!(one.count_exact(Outcome::Losing).unwrap(), BigUint::from(in_p as u8), "{n}");
            }
            misere_consistent(
                &format!("{} {n}..={n}", g.describe()),
                &MODULI,
                &BigUint::from(1u8),
                |a, o| one.count(a, o),
            );
            // min > n: no size at all, alone and in a sum with a nonempty range
            for piles in [0u64, 1, 3] {
                for order in ORDERS {
                    let none = Heap::with_range(g.clone(), 5, 3).unwrap();
                    let some = Heap::with_range(g.clone(), 1, n).unwrap();
                    let alone = Sum::of(none.clone(), piles).with_order(order).with_play(Play::Misere);
                    let empty_sum = BigUint::from(u8::from(piles == 0));
                    assert_eq!(alone.count_exact(Outcome::Winning).unwrap(), empty_sum, "{order} K={piles}");
                    assert_eq!(
                        alone.count_exact(Outcome::Losing).unwrap(),
                        BigUint::ZERO,
                        "{order} K={piles}"
                    );
                    let mixed = Sum::of(none, piles).with(some, 2).with_order(order).with_play(Play::Misere);
                    let what = format!("{} none×{piles} + 1..={n}×2 {order}", g.describe());
                    let total = if piles == 0 { all_positions(n as u128, 2, order) } else { BigUint::ZERO };
                    misere_consistent(&what, &FEW_MODULI, &total, |a, o| mixed.count(a, o));
                }
            }
        }
    }
}
