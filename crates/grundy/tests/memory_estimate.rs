//! The memory a count of values allocates stays within the estimate checked
//! against the budget, and a request whose estimate exceeds the budget is
//! refused before its table is allocated. One test in its own binary: the
//! allocator below counts every thread.

use grundy::{Arithmetic, Budget, Context, Counter, Error, Modulus, Outcome, Sum, Values};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), SeqCst) + layout.size();
        PEAK.fetch_max(now, SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // old and new both live while the block moves
        let now = NOW.fetch_add(new_size, SeqCst) + new_size;
        PEAK.fetch_max(now, SeqCst);
        NOW.fetch_sub(layout.size(), SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The count with `budget`, and the most bytes allocated meanwhile beyond
/// what was allocated before.
fn count_measured(sum: &Sum, budget: Budget) -> (Result<num_bigint::BigUint, Error>, usize) {
    let m = Arithmetic::Modulo(Modulus::new(1_000_000_007).unwrap());
    let before = NOW.load(SeqCst);
    PEAK.store(before, SeqCst);
    let result = sum.count_with(m, Outcome::Losing, &mut Context::new(budget));
    (result, PEAK.load(SeqCst) - before)
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

    // a span of rank 30 (a table of 16 GiB): refused by the default budget at once
    let wide = Sum::of(Values::new((0..30).map(|j| (1u64 << 63) | (1 << j))).unwrap(), 3);
    let (refused, peak) = count_measured(&wide, Budget::default());
    assert!(matches!(refused, Err(Error::TooLarge { .. })), "{refused:?}");
    assert!(peak < 64 * KIB, "a refused count allocated {peak} bytes");
}
