//! Misère counts answered by a direct search where the quotient stops
//! (`misere/quotient/search.rs`), against the oracle that plays whole games and
//! against the quotient where both answer.

mod common;

use common::octal_digits as digits;
use grundy::misere::MisereLimits;
use grundy::{Arithmetic, Budget, Context, Counter, Error, HeapGame, Heaps, Modulus, Order, Outcome, Play};
use grundy_reference::{OctalHeaps, Unordered, misere_heap_counts};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

const ORDERS: [(Order, Option<Unordered>); 3] = [
    (Order::Ordered, None),
    (Order::Multiset, Some(Unordered::Multiset)),
    (Order::Set, Some(Unordered::Set)),
];

/// The wild games of issue 32, and a few tame or small-quotient ones.
const WILD: [&str; 5] = ["0.6", "0.16", "4.7", "0.07", "0.137"];
const OTHERS: [&str; 4] = ["0.77", "0.75", "0.31", "4.07"];

/// Counts `heaps` exactly and modulo a few moduli, and whether the count went
/// through the search (the observer heard its stage).
fn count(heaps: &Heaps) -> Result<(u128, u128, Vec<u64>, bool), Error> {
    let searched = AtomicBool::new(false);
    let mut seen = |stage: &str, _: u64, _: u64| {
        searched.fetch_or(stage == "misère search", Relaxed);
        true
    };
    let mut ctx = Context::default().with_observer(&mut seen);
    let lose = heaps.count_with(Arithmetic::Exact, Outcome::Losing, &mut ctx)?;
    let win = heaps.count_exact(Outcome::Winning)?;
    let moduli = MODULI
        .iter()
        .map(|&m| heaps.count_mod(Modulus::new(m).unwrap(), Outcome::Losing))
        .collect::<Result<_, _>>()?;
    Ok((win.try_into().unwrap(), lose.try_into().unwrap(), moduli, searched.into_inner()))
}

const MODULI: [u64; 5] = [1, 2, 7, 1 << 40, 1_000_000_007];

/// Limits that stop the quotient at heap `len` (no certificate for a wild
/// game), or before heap 1 (`len` 0: at most two elements).
fn stopped_at(len: usize) -> MisereLimits {
    match len {
        0 => MisereLimits::default().with_max_order(2),
        len => MisereLimits::default().with_max_len(len),
    }
}

#[test]
fn the_search_agrees_with_the_oracle() {
    let mut searched = 0;
    for code in WILD.iter().chain(&OTHERS) {
        let game = HeapGame::parse(None, Some(code)).unwrap();
        for (n, k) in [(9u64, 2usize), (10, 2), (7, 3)] {
            for min in [0u64, 1, 3] {
                for len in [0, 2, 5] {
                    for (order, kind) in ORDERS {
                        let (win, lose) =
                            misere_heap_counts(OctalHeaps { digits: digits(code) }, min, n, k, kind);
                        let heaps = Heaps::with_range(game.clone(), min, n, k as u64)
                            .unwrap()
                            .with_order(order)
                            .with_play(Play::Misere)
                            .with_misere_limits(stopped_at(len));
                        let what = format!("{code} K={k} {min}..={n} {order} quotient to {len}");
                        let (w, l, moduli, s) = count(&heaps).unwrap_or_else(|e| panic!("{what}: {e}"));
                        assert_eq!((w, l), (win as u128, lose as u128), "{what}");
                        for (m, got) in MODULI.iter().zip(moduli) {
                            assert_eq!(got, lose % m, "{what} mod {m}");
                        }
                        searched += s as usize;
                    }
                }
            }
        }
    }
    // every wild game is searched at every order and bound (tame ones may be certified early)
    assert!(searched >= WILD.len() * 9 * 3 * 3, "{searched}");
}

/// Where both answer, the search (quotient stopped at a small heap) and the
/// quotient (default limits) agree, for 2 to 4 heaps.
#[test]
fn the_search_agrees_with_the_quotient() {
    for code in WILD {
        let game = HeapGame::parse(None, Some(code)).unwrap();
        for (n, k) in [(14u64, 2u64), (12, 3), (9, 4)] {
            for (order, _) in ORDERS {
                let heaps = |limits| {
                    Heaps::with_range(game.clone(), 1, n, k)
                        .unwrap()
                        .with_order(order)
                        .with_play(Play::Misere)
                        .with_misere_limits(limits)
                };
                let (quotient, searched) = (heaps(MisereLimits::default()), heaps(stopped_at(4)));
                let (w, l, m, s) = count(&quotient).unwrap();
                assert!(!s, "{code} {n} {k}: the quotient answers");
                let (w2, l2, m2, s2) = count(&searched).unwrap();
                assert!(s2, "{code} {n} {k}: searched");
                assert_eq!((w, l, m), (w2, l2, m2), "{code} K={k} n={n} {order}");
            }
        }
    }
}

/// The request of issue 32 that the quotient refuses at the default budget:
/// the oracle's count of losing pairs of `0.6` heaps up to 18.
#[test]
fn two_heaps_of_0_6_up_to_18() {
    let game = HeapGame::parse(None, Some("0.6")).unwrap();
    let heaps = Heaps::new(game, 18, 2).unwrap().with_play(Play::Misere);
    let (_, lose) = misere_heap_counts(OctalHeaps { digits: digits("0.6") }, 1, 18, 2, None);
    let (_, l, _, searched) = count(&heaps).unwrap();
    assert!(searched);
    assert_eq!(l, lose as u128);
}

#[test]
fn refused_by_the_estimate_before_any_search() {
    let game = HeapGame::parse(None, Some("0.6")).unwrap();
    let heaps = |n, k, work| {
        Heaps::new(game.clone(), n, k)
            .unwrap()
            .with_play(Play::Misere)
            .with_misere_limits(MisereLimits::default().with_max_len(6).with_max_work(work))
    };
    // heaps beyond what a search takes
    let e = heaps(256, 2, 1 << 20).count_exact(Outcome::Losing).unwrap_err().to_string();
    assert!(e.contains("heaps up to 256") && !e.contains("direct search"), "{e}");
    let take_two = Heaps::new(HeapGame::parse(None, Some("0.03")).unwrap(), 255, 2).unwrap();
    let limits = MisereLimits::default().with_max_len(6);
    let take_two = take_two.with_play(Play::Misere).with_misere_limits(limits);
    let (_, lose) = misere_heap_counts(OctalHeaps { digits: digits("0.03") }, 1, 255, 2, None);
    let (_, l, _, searched) = count(&take_two).unwrap();
    assert_eq!((l, searched), (lose as u128, true));
    // more multisets of heap classes than steps: refused without searching
    let mut heard = 0;
    let mut count_stages = |stage: &str, _: u64, _: u64| {
        heard += (stage == "misère search") as usize;
        true
    };
    let mut ctx = Context::default().with_observer(&mut count_stages);
    let e = heaps(200, 3, 100_000).count_with(Arithmetic::Exact, Outcome::Losing, &mut ctx);
    let e = e.unwrap_err().to_string();
    assert!(e.contains("multisets of heap classes") && e.contains("`misere_work` 100000"), "{e}");
    assert_eq!(heard, 0);
    // the memo's memory
    let small = Budget { max_memory: 1 << 10, ..Budget::default() };
    let e = heaps(12, 2, 1 << 20).count_with(Arithmetic::Exact, Outcome::Losing, &mut Context::new(small));
    assert!(e.unwrap_err().to_string().contains("`max_memory`"));
}

#[test]
fn refused_when_the_steps_run_out_and_interrupted_by_the_observer() {
    let game = HeapGame::parse(None, Some("0.6")).unwrap();
    let heaps = |work| {
        Heaps::new(game.clone(), 24, 2)
            .unwrap()
            .with_play(Play::Misere)
            .with_misere_limits(MisereLimits::default().with_max_len(6).with_max_work(work))
    };
    let e = heaps(5_000).count_exact(Outcome::Losing).unwrap_err().to_string();
    assert!(e.contains("and a direct search") && e.contains("more than 5000 steps"), "{e}");
    let mut stop = |stage: &str, _: u64, _: u64| stage != "misère search";
    let mut ctx = Context::default().with_observer(&mut stop);
    let e = heaps(1 << 30).count_with(Arithmetic::Exact, Outcome::Losing, &mut ctx);
    assert_eq!(e.unwrap_err(), Error::Interrupted);
}
