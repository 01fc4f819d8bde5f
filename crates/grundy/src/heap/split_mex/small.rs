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
//! vector search for `x` itself ([`pair_scan`]) until the searches have cost
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

use super::pair_search::xor_mask;
use super::{FIRST_BATCH, HeapMex, MARK_COST, PAIRS_PER_UNIT, Prefix, SCAN_BATCH, SEARCH_BEFORE_MARKING};
use super::{count_below, half};
use crate::heap::lanes::Lane;
use crate::heap::pair_scan;

/// The values (one more than the largest) that fit the bits of a `u64`.
pub(super) const WORD_TOP: usize = 64;

impl<T: Lane, P: Prefix<T>> HeapMex<'_, '_, T, P> {
    /// The value of the heap when every value is below [`WORD_TOP`] (see the
    /// module documentation); `None` if the run stops while it waits.
    pub(super) fn run_small(&mut self, sizes: &[(usize, bool)], cursor: &mut Vec<usize>) -> Option<u32> {
        let (code, h) = (self.rules.code, self.h);
        if !self.rules.independent(self.window) && !self.prefix.wait(h) {
            return None;
        }
        let sparse = match self.window {
            // every heap before `h` is known, and so is `R` below it
            0 => h <= 256 || 4 * self.prefix().view().rare.len() <= h,
            _ => match self.sparse_early() {
                Some(sparse) => sparse,
                None => {
                    if !self.prefix.wait(h) {
                        return None;
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
                marks |= bit(v);
            }
        }
        if sparse {
            for &(m, distinct) in sizes {
                let (bits, rare) = rare_split_mask(view.rare, view.rare_values, g, m, distinct);
                marks |= bits;
                self.work += MARK_COST * rare as u64;
            }
        }
        cursor.clear();
        cursor.resize(sizes.len(), 1);
        let warm = self.rules.warm_pairs();
        loop {
            let x = marks.trailing_ones();
            if x as usize >= WORD_TOP || (sparse && self.rules.decided_by_rare(x, sizes)) {
                // (no option reaches 64: every one is an XOR of values below it)
                return Some(x);
            }
            let warmed = sizes.iter().zip(cursor.iter()).all(|(&(m, d), &c)| c > warm.min(half(m, d)));
            if !warmed || !self.rules.narrow {
                // the next batch of each split in turn, until one reaches x
                let mut progressed = false;
                for (c, &size) in cursor.iter_mut().zip(sizes) {
                    let batch = if *c == 1 { FIRST_BATCH } else { SCAN_BATCH };
                    progressed |= self.mask_pairs(&mut marks, size, c, batch);
                    if marks >> x & 1 == 1 {
                        break;
                    }
                }
                if !progressed {
                    // every pair is marked and none reaches x
                    return Some(x);
                }
                continue;
            }
            let left = super::unmarked_pairs(sizes, cursor);
            if left == 0 {
                return Some(x);
            }
            if self.searched >= SEARCH_BEFORE_MARKING[usize::from(sparse)] * left {
                for (c, &size) in cursor.iter_mut().zip(sizes) {
                    self.mask_pairs(&mut marks, size, c, usize::MAX);
                }
                continue;
            }
            if !self.search_unmarked(x, sizes, cursor) {
                return Some(x);
            }
            marks |= bit(x);
        }
    }

    /// ORs the next `batch` pairs of the split of `m` (from the cursor `c`
    /// on) into `marks`, advancing the cursor; whether any were left.
    #[inline]
    fn mask_pairs(
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
            true => left.iter().zip(right.iter().rev()).fold(0, |b, (&l, &r)| b | bit((l ^ r).wide())),
            false => xor_mask(left, right),
        };
        self.work += (stop - *c) as u64;
        *c = stop;
        true
    }

    /// Whether some pair not marked yet (from the cursors on) reaches `x`,
    /// searched in narrow lanes ([`pair_scan::reaches`]).
    fn search_unmarked(&mut self, x: u32, sizes: &[(usize, bool)], cursor: &[usize]) -> bool {
        let g = self.prefix().view().g;
        let Ok(lane) = T::try_from(x) else {
            return false;
        };
        sizes.iter().zip(cursor).any(|(&(m, distinct), &c)| {
            let half = half(m, distinct);
            if c > half {
                return false;
            }
            // the pairs of `g[c − 1..]` splitting `m − 2(c − 1)` are the parts `c..=half`
            let (found, pairs) = pair_scan::reaches(&g[c - 1..], m - 2 * (c - 1), half - (c - 1), lane);
            self.work += 1 + pairs / PAIRS_PER_UNIT;
            self.searched += pairs;
            found
        })
    }
}

/// The bit of value `v`, below 64 in every heap whose value is kept: a heap
/// of a pipeline that reads a new largest value is dropped and computed
/// again with a wider bound (`heap/pipeline.rs`), so the shift is only kept
/// in range for it.
#[inline(always)]
fn bit(v: u32) -> u64 {
    1 << (v & 63)
}

/// The values `g(r) ⊕ g(m − r)` of the rare heaps `r < m` (under `!` not
/// `r = m/2`, whose parts are alike and never decide a value) as bits, and
/// how many rare heaps are below `m`.
#[inline(always)]
fn rare_split_mask<T: Lane>(
    rare: &[usize],
    values: &[u32],
    g: &[T],
    m: usize,
    distinct: bool,
) -> (u64, usize) {
    let below = count_below(rare, m);
    let equal = match distinct && m.is_multiple_of(2) {
        true => rare[..below].binary_search(&(m / 2)).ok(),
        false => None,
    };
    let ranges = match equal {
        Some(i) => [0..i, i + 1..below],
        None => [0..below, below..below],
    };
    let mut bits = 0u64;
    for range in ranges {
        for (&r, &v) in rare[range.clone()].iter().zip(&values[range]) {
            bits |= bit(v ^ g[m - r].wide());
        }
    }
    (bits, below)
}
