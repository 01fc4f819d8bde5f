//! The mex of a heap whose values are all below 64 (and with no three-heap
//! split): the options reached are the bits of one machine word.
//!
//! With every value below `2^6`, every XOR of two is too, so a set of reached
//! values is a `u64` and the mex is its count of trailing ones. The heap marks
//! its single-heap moves and, when `R` is sparse, its splits with a rare part;
//! then, while the least unmarked candidate `x` is one that only a rare part
//! can reach ([`Rules::decided_by_rare`]), `x` is the value. Otherwise `x` is
//! looked for among the remaining pairs: batches of pairs ORed into the word
//! branch-free ([`xor_mask`]) while they are few, then, past the warm pairs, a
//! vector search for `x` itself ([`crate::heap::pair_scan`]) until the searches have cost
//! more than marking the rest at once. `x` is the value when every pair is
//! marked or searched and none reaches it.
//!
//! This replaces the byte table, the cursors and the late options of the
//! general computation ([`super::HeapMex::run`]) by a few registers; it needs
//! every value before the heap, and waits for them where the general
//! computation does for values this small (it resolves at once,
//! [`super::RESOLVE_FIRST_TOP`]). The answer is the plain mex of the options
//! either way, and the work counted depends on the heap alone, not on the
//! number of threads.
//!
//! **Capped.** A game whose values reach 64 but rarely (at most one heap in
//! [`super::HIGH_SHARE`]; no value yet 128 or more) keeps the same word for
//! the values below 64 and drops the rest ([`bit`] with `CAPPED`): the marks
//! of every value below 64 are exact, so a candidate below 64 that no option
//! reaches is still the mex. When all 64 are reached the mex is 64 or more
//! and the heap is computed again by the byte table ([`WordMex::Past`]).
//! Capped, the marks still wait for every value before the heap, where the
//! byte table would defer its late options ([`super::RESOLVE_FIRST_TOP`]):
//! on several threads such a heap waits for the one before it at its start
//! (`0.655` to `10^6` on two threads still ran in 0.26–0.30 s against the
//! byte table's 0.39–0.47 s, three runs each at load 3).

use super::rare_tile::{Kind, SizeMarks, TILE};
use super::word_bits::{bit, xor_mask};
use super::{FIRST_BATCH, HeapMex, MARK_COST, Prefix, SCAN_BATCH, SEARCH_BEFORE_MARKING};
use super::{View, count_below, half};
use crate::heap::lanes::Lane;

/// The values (one more than the largest) that fit the bits of a `u64`.
pub(super) const WORD_TOP: usize = 64;

/// What the word marks found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum WordMex {
    /// The value of the heap.
    Value(u32),
    /// The run stopped while the heap waited for the values before it.
    Stopped,
    /// Capped marks: every value below 64 is reached, so the mex is 64 or
    /// more, and the values dropped decide it.
    Past,
}

impl<T: Lane, P: Prefix<T>> HeapMex<'_, '_, T, P> {
    /// The value of the heap by the word marks (see the module documentation).
    pub(super) fn run_small(&mut self, sizes: &[(usize, bool)], cursor: &mut Vec<usize>) -> WordMex {
        match self.rules.capped() {
            true => self.run_words::<true>(sizes, cursor),
            false => self.run_words::<false>(sizes, cursor),
        }
    }

    /// [`HeapMex::run_small`], the values of 64 or more dropped if `CAPPED`
    /// (else there are none).
    #[inline(never)]
    fn run_words<const CAPPED: bool>(&mut self, sizes: &[(usize, bool)], cursor: &mut Vec<usize>) -> WordMex {
        let (code, h) = (self.rules.code, self.h);
        if !self.rules.independent(self.window) && !self.prefix.wait(h) {
            return WordMex::Stopped;
        }
        let sparse = match self.window {
            // every heap before `h` is known, and so is `R` below it
            0 => h <= 256 || 4 * self.prefix().view().rare.len() <= h,
            _ => match self.sparse_early() {
                Some(sparse) => sparse,
                None => {
                    if !self.prefix.wait(h) {
                        return WordMex::Stopped;
                    }
                    4 * count_below(self.prefix().view().rare, h) <= h
                }
            },
        };
        let view = self.prefix().view();
        let g = view.g;
        let reach = code.single_reach(h);
        self.work += MARK_COST * (reach as u64 + 1);
        let mut marks = 0u64;
        for k in 1..=reach {
            if let Some(v) = code.single_heap_value(h, k, g) {
                marks |= bit::<CAPPED>(v);
            }
        }
        if sparse {
            let (bits, rare) = match self.tiled_rare_marks::<CAPPED>(view, sizes) {
                Some(marks) => marks,
                None => rare_marks::<CAPPED, T>(view, sizes),
            };
            marks |= bits;
            self.work += MARK_COST * rare as u64;
        }
        cursor.clear();
        cursor.resize(sizes.len(), 1);
        let warm = self.rules.warm_pairs::<T>();
        loop {
            let x = marks.trailing_ones();
            if x as usize >= WORD_TOP {
                // uncapped, no option reaches 64: every one is an XOR of values below it
                return if CAPPED { WordMex::Past } else { WordMex::Value(x) };
            }
            if sparse && self.rules.decided_by_rare(x, sizes) {
                return WordMex::Value(x);
            }
            let warmed = sizes.iter().zip(cursor.iter()).all(|(&(m, d), &c)| c > warm.min(half(m, d)));
            if !warmed || !self.rules.narrow {
                // the next batch of each split in turn, until one reaches x
                let mut progressed = false;
                for (c, &size) in cursor.iter_mut().zip(sizes) {
                    let batch = if *c == 1 { FIRST_BATCH } else { SCAN_BATCH };
                    progressed |= self.mask_pairs::<CAPPED>(&mut marks, size, c, batch);
                    if marks >> x & 1 == 1 {
                        break;
                    }
                }
                if !progressed {
                    // every pair is marked and none reaches x
                    return WordMex::Value(x);
                }
                continue;
            }
            let left = super::unmarked_pairs(sizes, cursor);
            if left == 0 {
                return WordMex::Value(x);
            }
            if self.searched >= SEARCH_BEFORE_MARKING[usize::from(sparse)] * left {
                for (c, &size) in cursor.iter_mut().zip(sizes) {
                    self.mask_pairs::<CAPPED>(&mut marks, size, c, usize::MAX);
                }
                continue;
            }
            if !self.search_unmarked(x, sizes, cursor) {
                return WordMex::Value(x);
            }
            marks |= bit::<false>(x);
        }
    }

    /// [`rare_marks`] of a heap with one split size `m`, the rare heaps of a
    /// tile's ([`super::rare_tile`], of the step of this thread's sizes,
    /// [`HeapMex::tile_step`]) read from its word of `m`, the rest one by one;
    /// `None` where no tile serves (several sizes, more threads than a step
    /// allows, an equal split under `!`, or a tile not worth it).
    fn tiled_rare_marks<const CAPPED: bool>(
        &mut self,
        view: View<'_, T>,
        sizes: &[(usize, bool)],
    ) -> Option<(u64, usize)> {
        let &[(m, distinct)] = sizes else {
            return None;
        };
        let step = self.tile_step(sizes)?;
        if (distinct && m.is_multiple_of(2)) || view.rare.len() < TILE {
            return None;
        }
        // the tile's words keep the values below 64 (capped or not, the same
        // bits: uncapped, every value is below 64)
        let Some((served, SizeMarks::Word(mut bits))) =
            self.s.tile.marks(view, self.rules, m, Kind::Word, step)
        else {
            return None;
        };
        let below = count_below(view.rare, m);
        for part in [0..served.start, served.end..below] {
            bits |= rare_xor_bits::<CAPPED, T>(&view.rare[part.clone()], &view.rare_values[part], view.g, m);
        }
        Some((bits, below))
    }

    /// ORs the next `batch` pairs of the split of `m` (from the cursor `c`
    /// on) into `marks`, advancing the cursor; whether any were left.
    #[inline]
    fn mask_pairs<const CAPPED: bool>(
        &mut self,
        marks: &mut u64,
        (m, distinct): (usize, bool),
        c: &mut usize,
        batch: usize,
    ) -> bool {
        let g = self.prefix().view().g;
        let stop = c.saturating_add(batch).min(half(m, distinct) + 1);
        if stop <= *c {
            return false;
        }
        // the parts `c..stop` against `m − stop + 1..=m − c`
        let (left, right) = (&g[*c..stop], &g[m + 1 - stop..m + 1 - *c]);
        *marks |= match left.len() <= FIRST_BATCH {
            // a few pairs: one at a time, no set-up
            true => {
                left.iter().zip(right.iter().rev()).fold(0, |b, (&l, &r)| b | bit::<CAPPED>((l ^ r).wide()))
            }
            false => xor_mask::<CAPPED, T>(left, right),
        };
        self.work += (stop - *c) as u64;
        *c = stop;
        true
    }
}

/// The values `g(r) ⊕ g(m − r)` of the rare heaps `r < m` for every split
/// size `m` of `sizes` (under `!` not `r = m/2`, whose parts are alike and
/// never decide a value) as bits, and the rare heaps counted: for each size,
/// how many are below it. With two or three sizes and no `!`, the rare heaps
/// below the smallest size are read once for all of them
/// ([`rare_split_mask_shared`]): `0.56x`, `0.64x`–`0.67x` mark about 30 rare
/// heaps under each of three sizes.
#[inline(always)]
fn rare_marks<const CAPPED: bool, T: Lane>(view: View<'_, T>, sizes: &[(usize, bool)]) -> (u64, usize) {
    let (rare, values, g) = (view.rare, view.rare_values, view.g);
    if rare.is_empty() {
        // no rare heap (4.7 classifies every heap but 0 common)
        return (0, 0);
    }
    let plain = sizes.iter().all(|&(_, distinct)| !distinct);
    let least = sizes.iter().map(|&(m, _)| m).min().unwrap_or(0);
    let shared = if plain { count_below(rare, least) } else { 0 };
    let (rare_low, values_low) = (&rare[..shared], &values[..shared]);
    let (mut bits, from) = match *sizes {
        _ if shared == 0 => (0, 0),
        [a, b] if plain => {
            (rare_split_mask_shared::<CAPPED, T, 2>(rare_low, values_low, g, [a.0, b.0]), shared)
        }
        [a, b, c] if plain => {
            (rare_split_mask_shared::<CAPPED, T, 3>(rare_low, values_low, g, [a.0, b.0, c.0]), shared)
        }
        _ => (0, 0),
    };
    let mut counted = 0;
    for &(m, distinct) in sizes {
        let (more, below) = rare_split_mask::<CAPPED, T>(rare, values, g, m, distinct, from);
        bits |= more;
        counted += below;
    }
    (bits, counted)
}

/// The values `g(r) ⊕ g(m − r)` of the rare heaps `r < m` from the index
/// `from` of `rare` on (under `!` not `r = m/2`, whose parts are alike and
/// never decide a value) as bits, and how many rare heaps are below `m`.
#[inline(always)]
fn rare_split_mask<const CAPPED: bool, T: Lane>(
    rare: &[usize],
    values: &[u32],
    g: &[T],
    m: usize,
    distinct: bool,
    from: usize,
) -> (u64, usize) {
    let below = count_below(rare, m);
    let from = from.min(below);
    let equal = match distinct && m.is_multiple_of(2) {
        true => rare[from..below].binary_search(&(m / 2)).ok().map(|i| from + i),
        false => None,
    };
    let ranges = match equal {
        Some(i) => [from..i, i + 1..below],
        None => [from..below, below..below],
    };
    let bits = ranges
        .into_iter()
        .fold(0, |bits, range| bits | rare_xor_bits::<CAPPED, T>(&rare[range.clone()], &values[range], g, m));
    (bits, below)
}

/// The bits of `g(r) ⊕ g(m − r)` for the rare heaps `rare` (below `m`)
/// with their values `values`.
#[inline(always)]
fn rare_xor_bits<const CAPPED: bool, T: Lane>(rare: &[usize], values: &[u32], g: &[T], m: usize) -> u64 {
    rare.iter().zip(values).fold(0, |bits, (&r, &v)| bits | bit::<CAPPED>(v ^ g[m - r].wide()))
}

/// [`rare_split_mask`] for `N` sizes `ms` at once over rare heaps below every
/// one of them: each rare heap and its value read once, one word of marks a
/// size, on AVX2 four rare heaps a step ([`rare_split_mask_avx2`]).
#[inline(never)]
fn rare_split_mask_shared<const CAPPED: bool, T: Lane, const N: usize>(
    rare: &[usize],
    values: &[u32],
    g: &[T],
    ms: [usize; N],
) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_pointer_width = "64"))]
    {
        if rare.len() >= GATHER_FROM && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2; the rare heaps are below every size
            // (the caller's `count_below`), as the function requires.
            return unsafe { rare_split_mask_avx2::<T, N>(rare, values, g, ms) };
        }
    }
    rare_split_mask_scalar::<CAPPED, T, N>(rare, values, g, ms)
}

/// Rare heaps from which on [`rare_split_mask_shared`] gathers: fewer go one
/// at a time, cheaper than the gathers' set-up.
const GATHER_FROM: usize = 8;

/// [`rare_split_mask_shared`] one rare heap at a time, one word of marks a
/// size (no dependency between them): the reference, and the CPUs without AVX2.
#[inline(always)]
fn rare_split_mask_scalar<const CAPPED: bool, T: Lane, const N: usize>(
    rare: &[usize],
    values: &[u32],
    g: &[T],
    ms: [usize; N],
) -> u64 {
    let mut bits = [0u64; N];
    for (&r, &v) in rare.iter().zip(values) {
        for j in 0..N {
            bits[j] |= bit::<CAPPED>(v ^ g[ms[j] - r].wide());
        }
    }
    bits.iter().fold(0, |a, b| a | b)
}

/// The first index of the ascending `rare` from which on a gather of four
/// bytes at lane `top − r` (lanes of `size` bytes) stays within `len` lanes:
/// `(top − r)·size + 4 <= len·size`.
fn gather_start(rare: &[usize], top: usize, size: usize, len: usize) -> usize {
    rare.partition_point(|&r| (top - r) * size + 4 > len * size)
}

/// [`rare_split_mask_shared`] four rare heaps a step: the values `g(m − r)`
/// gathered (`vpgatherqd`, four bytes read at each and cut to the lane), XORed
/// with `g(r)`, and turned into bits by a shift lane by lane (`vpsllvq`, which
/// gives 0 for a count of 64 or more: the capped marks' rule, and no value
/// reaches 64 uncapped). A gather reads four bytes from a lane on: the rare
/// heaps whose `g(m − r)` lies within four bytes of the end of `g` go one at a
/// time instead.
///
/// # Safety
/// The CPU has AVX2, and every rare heap is below every size of `ms` (so
/// `1 <= m − r < g.len()` as for the scalar code; the sizes are below `g.len()`).
#[cfg(all(target_arch = "x86_64", target_pointer_width = "64"))]
#[target_feature(enable = "avx2")]
unsafe fn rare_split_mask_avx2<T: Lane, const N: usize>(
    rare: &[usize],
    values: &[u32],
    g: &[T],
    ms: [usize; N],
) -> u64 {
    use std::arch::x86_64::*;
    let size = std::mem::size_of::<T>();
    let top = ms.iter().copied().max().unwrap_or(0);
    if N == 0 || top >= g.len() || rare.last().is_some_and(|&r| ms.iter().any(|&m| r >= m)) {
        // not the caller's contract: the checked code
        return rare_split_mask_scalar::<true, T, N>(rare, values, g, ms);
    }
    let head = gather_start(rare, top, size, g.len());
    let chunks = (rare.len() - head) / 4;
    let tail = head + 4 * chunks;
    let mut bits = rare_split_mask_scalar::<true, T, N>(&rare[..head], &values[..head], g, ms);
    bits |= rare_split_mask_scalar::<true, T, N>(&rare[tail..], &values[tail..], g, ms);
    let lane = _mm_set1_epi32(match size {
        1 => 0xff,
        2 => 0xffff,
        _ => -1,
    });
    let one = _mm256_set1_epi64x(1);
    let sizes = ms.map(|m| _mm256_set1_epi64x(m as i64));
    let mut acc = [_mm256_setzero_si256(); N];
    let base = g.as_ptr().cast::<i32>();
    for c in 0..chunks {
        let at = head + 4 * c;
        // SAFETY: `at + 4 <= tail <= rare.len() = values.len()` (the zip of the callers)
        let (r, v) = unsafe {
            (
                _mm256_loadu_si256(rare.as_ptr().add(at).cast::<__m256i>()),
                _mm_loadu_si128(values.as_ptr().add(at).cast::<__m128i>()),
            )
        };
        for j in 0..N {
            let index = _mm256_sub_epi64(sizes[j], r);
            // SAFETY: every `m − r` here reads `size` to 4 bytes at `(m − r)·size`,
            // inside `g` past `head` (above), and `m − r >= 1`
            let gathered = unsafe {
                match size {
                    1 => _mm256_i64gather_epi32::<1>(base, index),
                    2 => _mm256_i64gather_epi32::<2>(base, index),
                    _ => _mm256_i64gather_epi32::<4>(base, index),
                }
            };
            let x = _mm_xor_si128(_mm_and_si128(gathered, lane), v);
            acc[j] = _mm256_or_si256(acc[j], _mm256_sllv_epi64(one, _mm256_cvtepu32_epi64(x)));
        }
    }
    let mut words = [0u64; 4];
    for a in acc {
        // SAFETY: four u64 are one __m256i
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast::<__m256i>(), a) };
        bits |= words.iter().fold(0, |x, y| x | y);
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `g(r) ⊕ g(m − r)` for every rare heap and size, one at a time: the
    /// definition the word marks keep (values of 64 or more dropped).
    fn marks_by_definition(rare: &[usize], values: &[u32], g: &[u32], ms: &[usize]) -> u64 {
        let mut bits = 0u64;
        for (&r, &v) in rare.iter().zip(values) {
            for &m in ms {
                let x = v ^ g[m - r];
                if x < 64 {
                    bits |= 1 << x;
                }
            }
        }
        bits
    }

    fn shared<T: Lane, const N: usize>(rare: &[usize], values: &[u32], g: &[u32], ms: [usize; N]) -> u64 {
        let lanes: Vec<T> = g.iter().map(|&v| T::try_from(v).ok().unwrap()).collect();
        rare_split_mask_shared::<true, T, N>(rare, values, &lanes, ms)
    }

    /// The gathers start at the first rare heap whose four bytes stay in `g`,
    /// and not later.
    #[test]
    fn gathers_stay_within_the_values() {
        for size in [1, 2, 4] {
            for len in 2..40 {
                let rare: Vec<usize> = (1..len).collect();
                let top = len - 1;
                let head = gather_start(&rare, top, size, len);
                let fits = |r: usize| (top - r) * size + 4 <= len * size;
                assert!(rare[head..].iter().all(|&r| fits(r)), "{size} {len}");
                assert!(rare[..head].iter().all(|&r| !fits(r)), "{size} {len}");
            }
        }
    }

    proptest! {
        /// The shared rare marks (four rare heaps a gather on AVX2, the heaps
        /// near the end of `g` one at a time) are the definition's, in lanes of
        /// 1, 2 and 4 bytes, with sizes up to the last heap of `g`.
        #[test]
        fn shared_rare_marks_are_the_definition(
            g in prop::collection::vec(0u32..128, 8..300),
            picks in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
            gaps in [0usize..4, 0usize..4, 0usize..4],
        ) {
            let len = g.len();
            let ms = gaps.map(|d| len - 1 - d);
            let least = *ms.iter().min().unwrap();
            let mut rare: Vec<usize> = picks.iter().map(|i| 1 + i.index(least - 1)).filter(|&r| r < least).collect();
            rare.sort_unstable();
            rare.dedup();
            let values: Vec<u32> = rare.iter().map(|&r| g[r]).collect();
            let want = marks_by_definition(&rare, &values, &g, &ms);
            prop_assert_eq!(shared::<u8, 3>(&rare, &values, &g, ms), want);
            prop_assert_eq!(shared::<u16, 3>(&rare, &values, &g, ms), want);
            prop_assert_eq!(shared::<u32, 3>(&rare, &values, &g, ms), want);
            let two = [ms[0], ms[1]];
            prop_assert_eq!(shared::<u8, 2>(&rare, &values, &g, two), marks_by_definition(&rare, &values, &g, &two));
        }
    }
}
