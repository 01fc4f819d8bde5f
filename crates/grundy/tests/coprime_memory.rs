//! Coprime Nim's sublinear path allocates no more than the budget it was
//! accepted at: the prime counting's tables and segments, and the histogram's
//! head and low block beside them (`games::coprime_nim::check_sublinear`). One
//! test in its own binary: the allocator of `counting` counts every thread.

mod counting;

use grundy::{Arithmetic, Budget, Context, CoprimeMethod, CoprimeNim, Counter, Error, Modulus, Outcome};

/// The count of losing positions of `piles` piles below `n` modulo 10^9 + 7
/// within `max_memory` bytes, and the most bytes allocated meanwhile.
fn count_measured(n: u64, piles: u64, max_memory: u64) -> (Result<num_bigint::BigUint, Error>, usize) {
    let game = CoprimeNim::new(n, piles).unwrap().with_method(CoprimeMethod::Sublinear);
    let m = Arithmetic::Modulo(Modulus::new(1_000_000_007).unwrap());
    let budget = Budget { max_memory, ..Budget::default() };
    counting::peak_of(|| game.count_with(m, Outcome::Losing, &mut Context::new(budget)))
}

#[test]
fn an_accepted_count_stays_within_its_budget() {
    for n in [10u64.pow(10), 10u64.pow(11) + 3, 10u64.pow(12), 1 << 40] {
        let want = count_measured(n, 3, u64::MAX).0.unwrap();
        // the least budget accepted: a refusal comes before any work
        let (mut lo, mut hi) = (1u64, 1u64 << 40);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match count_measured(n, 3, mid).0 {
                Ok(_) => hi = mid,
                Err(Error::TooLarge { .. }) => lo = mid + 1,
                Err(e) => panic!("N = {n}: {e}"),
            }
        }
        let (counted, peak) = count_measured(n, 3, lo);
        assert_eq!(counted.unwrap(), want, "N = {n}");
        assert!(peak as u64 <= lo, "N = {n}: peak {peak} bytes, accepted at {lo}");
        eprintln!("N = {n}: peak {peak} bytes, accepted at {lo} ({:.2})", peak as f64 / lo as f64);
    }
}
