//! The nim-values of a long run take the narrowest lanes that hold them:
//! Grundy's game (below 256 up to heap 7 250 048) keeps a byte a value while it computes,
//! so its peak is about 5 bytes a value (the bytes beside the period search's
//! table, then beside the 32-bit values handed back), within the 8 bytes a
//! value checked against the budget before any work; a request past the
//! budget is refused before its values exist. One test in its own binary: the
//! allocator of `counting` counts every thread.

mod counting;

use grundy::heap::{Lanes, Limits};
use grundy::{Budget, Context, Error, HeapGame};

/// `len` values of `code` with `budget`, keeping what `keep` is handed: the
/// widths handed over, and the most bytes allocated meanwhile.
fn analyze_measured(
    code: &str,
    len: usize,
    budget: Budget,
    threads: usize,
) -> (Result<usize, Error>, Vec<usize>, usize) {
    let game = HeapGame::octal(code).unwrap();
    let limits = Limits::new(len, u64::MAX).unwrap().with_threads(threads);
    let mut widths = Vec::new();
    let mut ctx = Context::new(budget);
    let (result, peak) = counting::peak_of(|| {
        game.analyze_resumed(Lanes::Wide(&[]), len, limits, &mut ctx, &mut |g| {
            widths.push(g.width());
            Ok(())
        })
    });
    (result.map(|a| a.values.len()), widths, peak)
}

#[test]
fn long_runs_keep_a_byte_a_value_within_their_estimate() {
    let len = 1 << 19;
    let estimate = 8 * len;
    for threads in [1, 2] {
        let (done, widths, peak) = analyze_measured("4!.0", len, Budget::default(), threads);
        assert_eq!(done.unwrap(), len);
        // every save handed over bytes: Grundy's game stays below 256 here
        assert!(!widths.is_empty() && widths.iter().all(|&w| w == 1), "{widths:?}");
        assert!(peak <= estimate, "peak {peak} bytes, estimated {estimate}");
        // 32-bit values beside a 32-bit copy would be 8 bytes a value; a
        // stretch of several heaps at once reserves room for 2^16 rare heaps
        assert!(peak < 6 * len + (12 << 16), "peak {peak} bytes for {len} values on {threads} threads");
    }
    // 0.6 passes 255 at heap 10344: 16-bit lanes from there
    let (done, widths, peak) = analyze_measured("0.6", 1 << 15, Budget::default(), 1);
    assert_eq!(done.unwrap(), 1 << 15);
    assert_eq!((widths.first(), widths.last()), (Some(&1), Some(&2)), "{widths:?}");
    assert!(peak <= 8 << 15, "peak {peak}");

    // refused below the estimate, before the values exist
    let tight = Budget { max_memory: estimate as u64 - 1, ..Budget::default() };
    let (refused, widths, peak) = analyze_measured("4!.0", len, tight, 1);
    assert!(matches!(refused, Err(Error::TooLarge { .. })), "{refused:?}");
    assert!(widths.is_empty() && peak < 1 << 16, "a refused run allocated {peak} bytes");
}
