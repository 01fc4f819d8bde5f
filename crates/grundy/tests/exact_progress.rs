//! Exact sums of long powers report after every term and stop when asked:
//! the sum over a class of the spectrum is one call (its last squarings
//! shared in the transform domain), so the reports come from inside it.

use grundy::heap::{HeapGame, OctalCode};
use grundy::{Arithmetic, Context, Counter, Error, Heaps, Modulus, Outcome};

/// Kayles, a thousand heap sizes, 120 000 heaps: powers of up to 19 000
/// words (past the transforms' threshold), summed a term at a time.
fn kayles() -> Heaps {
    let code = OctalCode::parse("0.77").unwrap();
    Heaps::new(HeapGame::Octal(code), 1000, 120_000).unwrap()
}

#[test]
fn every_term_of_an_exact_sum_is_reported_and_a_stop_is_heard() {
    let game = kayles();
    let mut reports = Vec::new();
    let mut observer = |stage: &str, done: u64, total: u64| {
        if stage == "summing over the transform" {
            reports.push((done, total));
        }
        true
    };
    let exact = {
        let mut ctx = Context::default().with_observer(&mut observer);
        game.count_with(Arithmetic::Exact, Outcome::Losing, &mut ctx).unwrap()
    };
    let total = reports.last().unwrap().1;
    assert!(total > 4, "{total} terms");
    assert_eq!(reports.last().unwrap().0, total);
    // the long terms are reported one by one
    let seen: std::collections::BTreeSet<u64> = reports.iter().map(|r| r.0).collect();
    assert!(seen.len() > 3, "{reports:?}");
    let m = Modulus::new(1_000_000_007).unwrap();
    let modular = game.count(Arithmetic::Modulo(m), Outcome::Losing).unwrap();
    assert_eq!(exact % 1_000_000_007u64, modular);
    // a stop asked after the second term ends the count
    let mut seen = 0;
    let mut stop = |stage: &str, _: u64, _: u64| {
        seen += (stage == "summing over the transform") as u32;
        seen < 3
    };
    let mut ctx = Context::default().with_observer(&mut stop);
    assert_eq!(game.count_with(Arithmetic::Exact, Outcome::Losing, &mut ctx), Err(Error::Interrupted));
}
