//! The memory a count of values allocates stays within the estimate checked
//! against the budget, and a request whose estimate exceeds the budget is
//! refused before its table is allocated. One test in its own binary: the
//! allocator of `counting` counts every thread.

mod counting;

use grundy::{Arithmetic, Budget, Context, Counter, Error, Modulus, Outcome, Sum, Values};

/// The count with `budget`, and the most bytes allocated meanwhile beyond
/// what was allocated before.
fn count_measured(sum: &Sum, budget: Budget) -> (Result<num_bigint::BigUint, Error>, usize) {
    let m = Arithmetic::Modulo(Modulus::new(1_000_000_007).unwrap());
    counting::peak_of(|| sum.count_with(m, Outcome::Losing, &mut Context::new(budget)))
}

#[test]
fn counts_of_values_keep_within_their_estimate() {
    const KIB: usize = 1 << 10;
    // values 0..2^16: 2 MiB of (value, count) pairs held, a table of 1 MiB
    let values = Values::new(0..1 << 16).unwrap();
    let sum = Sum::of(values, 3);
    let estimate = 32 * (1 << 16) + 16 * (1 << 16);

    // refused below the estimate, before the table exists
    let tight = Budget { max_memory: estimate as u64 - 1, ..Budget::default() };
    let (refused, peak) = count_measured(&sum, tight);
    assert!(matches!(refused, Err(Error::TooLarge { .. })), "{refused:?}");
    assert!(peak < 64 * KIB, "a refused count allocated {peak} bytes");

    // counted at the estimate: what it allocates is the table, transformed where it lies
    let (counted, peak) = count_measured(&sum, Budget { max_memory: estimate as u64, ..Budget::default() });
    assert_eq!(counted.unwrap(), (1u64 << 32).rem_euclid(1_000_000_007).into());
    assert!(peak <= 16 * (1 << 16) + 64 * KIB, "the count allocated {peak} bytes");

    // a span of rank 30 (a table of 16 GiB) whose values' dependencies involve
    // them all: refused by the default budget at once
    let basis: Vec<u64> = (0..30).map(|j| (1u64 << 63) | (1 << j)).collect();
    let tangled = (0..30).map(|j| basis[j] ^ basis[(j + 1) % 30] ^ basis[(j + 3) % 30]);
    let wide = Sum::of(Values::new(basis.iter().copied().chain(tangled)).unwrap(), 3);
    let (refused, peak) = count_measured(&wide, Budget::default());
    assert!(matches!(refused, Err(Error::TooLarge { .. })), "{refused:?}");
    assert!(peak < 64 * KIB, "a refused count allocated {peak} bytes");
    // independent ones are counted from their dependencies, in a few terms
    let independent = Sum::of(Values::new(basis).unwrap(), 3);
    let (counted, peak) = count_measured(&independent, Budget::default());
    assert_eq!(counted.unwrap(), 0u8.into());
    assert!(peak < 64 * KIB, "the count allocated {peak} bytes");
}
