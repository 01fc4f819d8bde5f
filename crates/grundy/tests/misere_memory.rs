//! What one misère quotient computation may spend, through the public
//! API: memory estimated before it is allocated (refused, never aborted),
//! an interruption heard inside every stage, every heap adjoined charged to
//! the work budget, and limits refused rather than clamped.

use grundy::misere::{MisereLimits, MisereQuotient, heap_options};
use grundy::{Budget, Context, Error, HeapGame};

fn code(c: &str) -> HeapGame {
    HeapGame::parse(None, Some(c)).unwrap()
}

/// A context within `max_memory` bytes.
fn within(max_memory: u64) -> Context<'static> {
    Context::new(Budget { max_memory, ..Budget::default() })
}

/// Memory is estimated before it is allocated: a quotient that needs more
/// than the context allows is refused (an error naming `max_memory`, never an
/// abort), and an exploration stops at the heap that would need it, saying
/// so; with room, the same requests are answered.
#[test]
fn a_quotient_beyond_the_memory_limit_is_refused_naming_it() {
    let game = code("0.6");
    let options = |k: u64| heap_options(&game, k);
    let limits = MisereLimits::default();
    let e =
        MisereQuotient::compute(&options, 16, None, limits, &mut within(1 << 20)).unwrap_err().to_string();
    assert!(e.contains("of memory") && e.contains("raise `max_memory`"), "{e}");
    let q = MisereQuotient::compute(&options, 16, None, limits, &mut within(1 << 30)).unwrap();
    assert_eq!(q.bound(), 16);
    let explored = MisereQuotient::explore(&game, limits, &mut within(1 << 20)).unwrap();
    assert_eq!(explored.stopped_by(), Some("max_memory"), "{:?}", explored.stopped());
    assert!(explored.bound() < 16 && explored.stopped().unwrap().contains("of memory"));
    let e = MisereQuotient::for_heaps_up_to(&game, 16, limits, &mut within(1 << 20)).unwrap_err().to_string();
    assert!(e.contains("raise `max_memory`"), "{e}");
}

/// Ctrl-C is heard inside a heap, not only between heaps: 0.16's heap 18
/// takes the whole budget, and a stop asked for while it is adjoined ends
/// the computation at once (before, the observer was asked only after each
/// heap, and the budget was spent first).
#[test]
fn an_interruption_is_heard_while_a_heap_is_adjoined() {
    let game = code("0.16");
    let limits = MisereLimits::default().with_max_work(MisereLimits::DEFAULT_MAX_WORK);
    let reached = MisereQuotient::explore(&game, limits, &mut Context::default()).unwrap();
    assert_eq!(reached.bound(), 17, "heap 18 is beyond the budget");
    // stop the second time heap 17 is reported done: only a report inside heap 18 can be that
    let mut calls = Vec::new();
    let mut observer = |_: &str, done: u64, _: u64| {
        calls.push(done);
        calls.iter().filter(|&&d| d == 17).count() < 2
    };
    let mut ctx = Context::default().with_observer(&mut observer);
    assert_eq!(MisereQuotient::explore(&game, limits, &mut ctx), Err(Error::Interrupted));
    assert!(calls.len() > 17, "asked within heaps too: {}", calls.len());
}

/// Every heap adjoined is charged, even one that changes nothing: 0.1's
/// heaps above 1 have no move, and thirty thousand of them were adjoined
/// within any budget (quadratic work: its relabelling reads every heap).
#[test]
fn every_heap_adjoined_costs_work() {
    let game = code("0.1");
    let limits = MisereLimits::default().with_max_work(100_000);
    let e = MisereQuotient::of_heaps(&game, 30_000, limits).unwrap_err().to_string();
    assert!(e.contains("misere_work"), "{e}");
    assert_eq!(MisereQuotient::of_heaps(&game, 100, limits).unwrap().bound(), 100);
}

/// Limits are refused, not clamped, as `Limits::new` refuses them.
#[test]
fn invalid_limits_are_refused() {
    let game = code("0.77");
    let mut ctx = Context::default();
    let refused = |limits: MisereLimits, ctx: &mut Context<'_>| {
        MisereQuotient::explore(&game, limits, ctx).unwrap_err()
    };
    let d = MisereLimits::default();
    for (limits, parameter) in [
        (d.with_max_len(0), "misere_len"),
        (d.with_max_work(0), "misere_work"),
        (d.with_max_order(1), "max_order"),
        (d.with_max_order(MisereLimits::MAX_ORDER + 1), "max_order"),
    ] {
        assert!(
            matches!(refused(limits, &mut ctx), Error::InvalidParameter { parameter: p, .. } if p == parameter)
        );
    }
}
