//! Short misère explorations (`sequence --play misere --len L`, Python's
//! `misere_quotient(length=L)`) spend steps scaled to what they show (issue
//! 30 item 3): the heaps shown, and a certificate only where Theorem P (`docs/theory/misere.md` §6) can
//! give one. Steps, not seconds: the budget is deterministic.

use grundy::misere::{MisereLimits, MisereQuotient, certifiable, exploration_limits};
use grundy::{Context, HeapGame};

fn explore(code: &str, len: u64) -> MisereQuotient {
    let game = HeapGame::parse(None, Some(code)).unwrap();
    let limits = exploration_limits(len, MisereLimits::DEFAULT_MAX_LEN as u64, None).unwrap();
    MisereQuotient::explore(&game, limits, &mut Context::default()).unwrap()
}

/// Grundy's game (`4!.0`) has no periodicity theorem: its quotient of the
/// heaps shown is the answer, and nothing is spent looking beyond them (the
/// old code spent another 5·10^6 steps on heap 20, 9.4·10^6 in all).
#[test]
fn a_game_without_a_theorem_stops_at_the_heaps_shown() {
    assert!(!certifiable(&HeapGame::parse(None, Some("4!.0")).unwrap()));
    let q = explore("4!.0", 20);
    assert_eq!((q.bound(), q.monoid().order(), q.period()), (19, 24, None));
    assert_eq!(q.stopped(), None);
    assert!(q.spent() <= 5_000_000, "{} steps", q.spent());
    // a shorter request stops at its own last heap
    let q = explore("4!.0", 10);
    assert_eq!((q.bound(), q.stopped()), (9, None));
}

/// Games with a theorem still look for a certificate beyond the heaps shown:
/// Kayles (`0.77`) and `0.15` are certified at a short `--len`.
#[test]
fn a_game_with_a_theorem_is_still_certified_beyond_the_heaps_shown() {
    for code in ["0.77", "0.15", "0.771"] {
        assert!(certifiable(&HeapGame::parse(None, Some(code)).unwrap()));
        let q = explore(code, 5);
        assert!(q.period().is_some() && q.bound() > 4, "{code}: {:?} up to {}", q.period(), q.bound());
    }
}
