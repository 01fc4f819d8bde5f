//! The unnormalized Walsh–Hadamard transform `(Hv)[j] = Σ_i (−1)^{popcount(i & j)} v[i]`,
//! in place, cache-blocked and on every thread of the rayon pool.
//!
//! `H` over `2^b` indices is the tensor product of `b` two-point transforms
//! `(x, y) ↦ (x + y, x − y)`, one per bit, and they commute: the bits may be
//! taken in any order and in any grouping. The textbook loop takes them one
//! at a time over the whole vector, `b` passes through memory; at `2^21`
//! values (32 MiB, Coprime Nim's head at `N = 10^15`) every pass misses the
//! cache. Here:
//!
//! * the low bits, `i mod 2^c` with `2^c =` [`CACHE_BLOCK`], are transformed
//!   one block of `2^c` values at a time while the block sits in the cache,
//!   the blocks in parallel;
//! * the high bits are taken two at a time (the four-point transform
//!   `H ⊗ H` on `v[i], v[i + h], v[i + 2h], v[i + 3h]`), so a pass does two
//!   levels, its rows in parallel; a last odd bit takes a two-point pass.
//!
//! The cost stays `b·2^{b−1}` additions; the passes through memory fall from
//! `b` to `1 + ⌈(b − c)/2⌉`. [`walsh_hadamard_reference`] is the textbook loop,
//! kept as the tests' reference.
//!
//! The values are `i128` or, where the caller has bounded them, `i64`
//! ([`Butterfly`]): half the memory and traffic, and two or four lanes to a
//! vector instruction where `i128` takes a carry chain per value.

use rayon::prelude::*;
use std::ops::{Add, Range, Sub};

/// The integers the transform runs in: `i128`, and `i64` for a caller that
/// has proved its values fit. Every value the transform ever holds, inputs,
/// the butterflies' halfway sums and outputs alike, is a partial character
/// sum `Σ_{i ∈ S} ±v[i]` over some set `S` of indices, so `|value| <= Σ |v|`:
/// a vector with `Σ |v| <= i64::MAX` is transformed in `i64` without
/// overflow (see [`crate::xor::RunHistogram`], which relies on it).
pub trait Butterfly: Copy + Send + Sync + Add<Output = Self> + Sub<Output = Self> {}

impl Butterfly for i64 {}
impl Butterfly for i128 {}

/// Values transformed together in the cache: `2^12`, 64 KiB of `i128`.
const CACHE_BLOCK: usize = 1 << 12;

/// Butterflies between two reports of [`walsh_hadamard_observed`].
pub const PROGRESS_STEP: usize = 1 << 18;

/// Unnormalized Walsh–Hadamard transform in place; `v.len()` must be a power of two.
pub fn walsh_hadamard<T: Butterfly>(v: &mut [T]) {
    walsh_hadamard_observed(v, &mut |_, _| true);
}

/// [`walsh_hadamard`] reporting to `progress(done, total)` about every
/// [`PROGRESS_STEP`] butterflies (`total = log₂ len · len / 2`); `None` when
/// `progress` says stop. Reports come from the calling thread between
/// parallel steps, so `progress` need not be `Send`.
pub fn walsh_hadamard_observed<T: Butterfly>(
    v: &mut [T],
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<()> {
    assert!(v.len().is_power_of_two(), "transform length must be a power of two");
    let n = v.len();
    let total = u64::from(n.trailing_zeros()) * (n / 2) as u64;
    let mut done = 0u64;
    // a step: at most PROGRESS_STEP butterflies (or one block)
    let block = CACHE_BLOCK.min(n);
    let low_levels = block.trailing_zeros();
    let low_step = ((2 * PROGRESS_STEP) >> (32 - low_levels.leading_zeros())).max(block);
    for step in v.chunks_mut(low_step) {
        step.par_chunks_mut(block).for_each(|b| levels_in_block(b, 1));
        done += u64::from(low_levels) * (step.len() / 2) as u64;
        if !progress(done, total) {
            return None;
        }
    }
    let mut half = block;
    while half < n {
        let levels: u32 = if 4 * half <= n { 2 } else { 1 };
        let group = half << levels;
        // values of a step: `levels` butterflies for every two
        let step = (2 * PROGRESS_STEP) >> (levels - 1);
        if group <= step {
            for step in v.chunks_mut(step) {
                step.par_chunks_exact_mut(group).for_each(|g| high_levels(g, levels, 0..half, half));
                done += u64::from(levels) * (step.len() / 2) as u64;
                if !progress(done, total) {
                    return None;
                }
            }
        } else {
            // one group at a time, a band of columns a step
            let width = step >> levels;
            for g in v.chunks_exact_mut(group) {
                for first in (0..half).step_by(width) {
                    high_levels(g, levels, first..first + width, COLUMNS);
                    done += u64::from(levels) * (step / 2) as u64;
                    if !progress(done, total) {
                        return None;
                    }
                }
            }
        }
        half <<= levels;
    }
    progress(total, total).then_some(())
}

/// The levels `half, 2·half, …` below `b.len()` of one block, in place.
fn levels_in_block<T: Butterfly>(b: &mut [T], mut half: usize) {
    while half < b.len() {
        for pair in b.chunks_exact_mut(2 * half) {
            let (lo, hi) = pair.split_at_mut(half);
            butterflies(lo, hi);
        }
        half *= 2;
    }
}

/// `(a, b) ↦ (a + b, a − b)` elementwise.
fn butterflies<T: Butterfly>(lo: &mut [T], hi: &mut [T]) {
    for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
        let (x, y) = (*a, *b);
        *a = x + y;
        *b = x - y;
    }
}

/// Columns of a high pass handed to one task: 16 KiB a row.
const COLUMNS: usize = 1 << 10;

/// The `levels` (1 or 2) levels of a group of `2^levels` equal rows, in the
/// columns `cols`: the two- or four-point transform down each column, the
/// columns in parallel tasks of `task` each.
fn high_levels<'a, T: Butterfly>(group: &'a mut [T], levels: u32, cols: Range<usize>, task: usize) {
    let row = group.len() >> levels;
    let (upper, lower) = group.split_at_mut(group.len() / 2);
    let tasks = |r: &'a mut [T]| r[cols.clone()].par_chunks_mut(task);
    if levels == 1 {
        tasks(upper).zip(tasks(lower)).for_each(|(a, b)| butterflies(a, b));
        return;
    }
    let ((q0, q1), (q2, q3)) = (upper.split_at_mut(row), lower.split_at_mut(row));
    tasks(q0).zip(tasks(q1)).zip(tasks(q2)).zip(tasks(q3)).for_each(|(((a, b), c), d)| {
        for (((w, x), y), z) in a.iter_mut().zip(b.iter_mut()).zip(c.iter_mut()).zip(d.iter_mut()) {
            let (s, t) = (*w + *x, *w - *x);
            let (u, r) = (*y + *z, *y - *z);
            (*w, *x, *y, *z) = (s + u, t + r, s - u, t - r);
        }
    });
}

/// The textbook transform, one level at a time over the whole vector on one
/// thread: the reference of the tests and the benchmarks.
#[cfg(test)]
pub(crate) fn walsh_hadamard_reference<T: Butterfly>(v: &mut [T]) {
    levels_in_block(v, 1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition, `O(n²)`.
    fn by_definition(v: &[i128]) -> Vec<i128> {
        (0..v.len())
            .map(|j| {
                v.iter().enumerate().map(|(i, &x)| if (i & j).count_ones() % 2 == 0 { x } else { -x }).sum()
            })
            .collect()
    }

    #[test]
    fn reference_is_the_definition() {
        for bits in 0..8 {
            let v: Vec<i128> = (0..1i128 << bits).map(|i| (i * 7919) % 101 - 50).collect();
            let mut r = v.clone();
            walsh_hadamard_reference(&mut r);
            assert_eq!(r, by_definition(&v), "{bits} bits");
        }
    }

    /// Every length through the blocked path's cases: inside one block, one
    /// odd high level, two-level passes, both, and more than one step.
    #[test]
    fn blocked_equals_reference_at_every_length() {
        for bits in 0..=21 {
            let v: Vec<i128> =
                (0..1i128 << bits).map(|i| (i * 2_654_435_761) % 1_000_003 - 500_001).collect();
            let mut narrow: Vec<i64> = v.iter().map(|&x| x as i64).collect();
            let (mut fast, mut slow) = (v.clone(), v);
            walsh_hadamard(&mut fast);
            walsh_hadamard_reference(&mut slow);
            assert!(fast == slow, "{bits} bits");
            // in i64 (these values stay far below 2^63): the same transform
            walsh_hadamard(&mut narrow);
            assert!(narrow.iter().zip(&slow).all(|(&n, &w)| i128::from(n) == w), "{bits} bits in i64");
        }
    }

    #[test]
    fn reports_reach_the_total_and_stop_when_asked() {
        let mut v = vec![1i128; 1 << 21];
        let mut reports = Vec::new();
        walsh_hadamard_observed(&mut v, &mut |d, t| {
            reports.push((d, t));
            true
        })
        .unwrap();
        let total = 21 * (1u64 << 20);
        // from 0 to the total, at most PROGRESS_STEP butterflies apart
        assert!(reports[0].0 <= PROGRESS_STEP as u64);
        assert!(reports.windows(2).all(|w| w[0].0 <= w[1].0 && w[1].0 - w[0].0 <= PROGRESS_STEP as u64));
        assert_eq!(*reports.last().unwrap(), (total, total));
        assert_eq!(reports[reports.len() - 2].0, total);
        let mut calls = 0;
        assert!(
            walsh_hadamard_observed(&mut v, &mut |_, _| {
                calls += 1;
                calls < 3
            })
            .is_none()
        );
        assert_eq!(calls, 3);
    }

    proptest! {
        #[test]
        fn blocked_equals_reference_on_random_values(bits in 12u32..17, seed in any::<u64>()) {
            let mut x = seed | 1;
            let v: Vec<i128> = (0..1usize << bits).map(|_| {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                (x as i64 >> 20) as i128
            }).collect();
            let (mut fast, mut slow) = (v.clone(), v);
            walsh_hadamard(&mut fast);
            walsh_hadamard_reference(&mut slow);
            prop_assert!(fast == slow);
        }
    }
}
