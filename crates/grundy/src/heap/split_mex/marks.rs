//! Marking the values of a heap's options: the splits with a rare part,
//! batches of pairs in turn, every pair left at once, the three-heap splits.

use super::rare_tile::{Kind, SizeMarks, TILE};
use super::{HeapMex, MARK_COST, Prefix, RareMarks, SCAN_BATCH, SMALL, View, count_below, half};
use crate::heap::lanes::Lane;

impl<T: Lane, P: Prefix<T>> HeapMex<'_, '_, T, P> {
    /// Marks every split with a rare part (under `!` not the equal split,
    /// whose parts are alike and so never decide a value): before the heap
    /// is resolved the early ones only (the work of all is charged when it
    /// is, [`HeapMex::resolve`]).
    #[inline]
    pub(super) fn mark_rare_splits(&mut self, sizes: &[(usize, bool)]) {
        let view = self.prefix().view();
        if self.resolved && view.rare.is_empty() {
            // no rare heap (4.7 classifies every heap but 0 common)
            self.rare_marks = RareMarks::All;
            return;
        }
        let range = |m: usize| self.rare_range(m);
        let shared = match sizes {
            [a, b] => {
                let ranges = [range(a.0), range(b.0)];
                self.mark_rare_shared(view, [a.0, b.0], ranges, sizes)
            }
            [a, b, c] => {
                let ranges = [range(a.0), range(b.0), range(c.0)];
                self.mark_rare_shared(view, [a.0, b.0, c.0], ranges, sizes)
            }
            _ => None,
        };
        for &(m, distinct) in sizes {
            let range = self.rare_range(m);
            let below = match shared {
                // the rare heaps `view.rare[a..b]` are marked already; the
                // rest of the range's, `[from..a]` and `[b..below]`, here
                Some((a, b)) => {
                    let from = if range.start <= 1 { 0 } else { count_below(view.rare, range.start) };
                    let below = count_below(view.rare, range.end.min(m));
                    for part in [from..a, b..below] {
                        if !part.is_empty() {
                            mark_rare_bytes(
                                &mut self.s.seen,
                                &view.rare[part.clone()],
                                &view.rare_values[part],
                                view.g,
                                m,
                            );
                        }
                    }
                    below
                }
                None => self.mark_rare_range(view, m, distinct, range, self.tile_step(sizes)),
            };
            if self.resolved {
                // the range was `1..m`: `below` is every rare heap under `m`
                self.work += MARK_COST * below as u64;
            }
        }
        self.rare_marks = if self.resolved { RareMarks::All } else { RareMarks::Early };
    }

    /// The parts of the rare splits of `m` to mark: before the heap is
    /// resolved, the pairs with both parts early (the late ones are marked
    /// with every late pair when it is).
    fn rare_range(&self, m: usize) -> std::ops::Range<usize> {
        if self.resolved { 1..m } else { self.early_from(m)..self.early.min(m) }
    }

    /// Marks the rare splits of every size at once over the heaps common to
    /// all the ranges (`N` sizes, none under `!`, marks as bytes): one pass
    /// over the rare heaps `r` marks `g(r) ⊕ g(m − r)` for each `m`, where a
    /// pass a size read each rare heap and its value again (`0.56x`, `0.64x`
    /// –`0.67x` have two or three sizes and about 30 to 45 rare heaps under
    /// each). Returns the indices `a..b` of the rare heaps so marked (the rest
    /// of each range is left to the caller), or `None` if it marked nothing.
    #[inline]
    fn mark_rare_shared<const N: usize>(
        &mut self,
        view: View<'_, T>,
        ms: [usize; N],
        ranges: [std::ops::Range<usize>; N],
        sizes: &[(usize, bool)],
    ) -> Option<(usize, usize)> {
        if !self.s.small || sizes.iter().any(|&(_, distinct)| distinct) {
            return None;
        }
        let lo = ranges.iter().map(|r| r.start).max()?;
        let hi = ranges.iter().zip(ms).map(|(r, m)| r.end.min(m)).min()?;
        if lo >= hi {
            return None;
        }
        let a = if lo <= 1 { 0 } else { count_below(view.rare, lo) };
        let b = count_below(view.rare, hi);
        mark_rare_bytes_shared(&mut self.s.seen, &view.rare[a..b], &view.rare_values[a..b], view.g, ms);
        Some((a, b))
    }

    /// Marks `g(r) ⊕ g(m − r)` for the rare heaps `r ∈ range`, `r < m`, but
    /// under `!` not `r = m/2` (while every value is below [`SMALL`], as
    /// bytes of `seen`: [`mark_rare_bytes`]); the rare heaps below the
    /// range's end (or `m`), which are counted anyway.
    #[inline]
    fn mark_rare_range(
        &mut self,
        view: View<'_, T>,
        m: usize,
        distinct: bool,
        range: std::ops::Range<usize>,
        step: Option<usize>,
    ) -> usize {
        let (lo, hi) = (range.start, range.end.min(m));
        let b = count_below(view.rare, hi);
        if lo >= hi {
            return b;
        }
        // rare heaps are at least 1
        let a = if lo <= 1 { 0 } else { count_below(view.rare, lo) };
        let equal = match distinct && m.is_multiple_of(2) {
            true => view.rare[a..b].binary_search(&(m / 2)).ok().map(|i| a + i),
            false => None,
        };
        let ranges = match equal {
            Some(i) => [a..i, i + 1..b],
            None => [a..b, b..b],
        };
        let g = view.g;
        if let Some(step) = step
            && self.s.small
            && b - a >= TILE
            && equal.is_none()
        {
            // every XOR is below the power of two past the values
            let bound = self.rules.top.max(1).next_power_of_two().max(64);
            if let Some((served, SizeMarks::Bytes(marks))) =
                self.s.tile.marks(view, self.rules, m, Kind::Bytes(bound), step)
                && a <= served.start
                && served.end <= b
            {
                // the tile's rare heaps marked at once, the rest one by one
                for (seen, &mark) in self.s.seen.iter_mut().zip(marks) {
                    *seen |= mark;
                }
                for part in [a..served.start, served.end..b] {
                    let (rare, values) = (&view.rare[part.clone()], &view.rare_values[part]);
                    mark_rare_bytes(&mut self.s.seen, rare, values, g, m);
                }
                return b;
            }
        }
        for range in ranges.into_iter().filter(|r| !r.is_empty()) {
            let (rare, values) = (&view.rare[range.clone()], &view.rare_values[range]);
            if self.s.small {
                mark_rare_bytes(&mut self.s.seen, rare, values, g, m);
            } else {
                for (&r, &v) in rare.iter().zip(values) {
                    self.s.mark(v ^ g[m - r].wide());
                }
            }
        }
        b
    }

    /// Marks the next batch of pairs of each split in turn, until one marks
    /// the candidate `x` ([`FIRST_BATCH`](super::FIRST_BATCH) pairs at first, twice as many each
    /// time after, at most [`SCAN_BATCH`]: `0.655` marked 93 pairs a heap
    /// with batches of 4 then 32 for every split, 50 so); whether any were
    /// left. The splits not reached keep their cursors for the next batch.
    pub(super) fn scan_batch(&mut self, x: u32, sizes: &[(usize, bool)], cursor: &mut [usize]) -> bool {
        let g = self.prefix().view().g;
        let mut progressed = false;
        let batch = self.batch;
        self.batch = (2 * batch).min(SCAN_BATCH);
        for (j, &(m, distinct)) in sizes.iter().enumerate() {
            let stop = (cursor[j] + batch).min(half(m, distinct) + 1);
            progressed |= stop > cursor[j];
            self.mark_pairs(g, m, cursor[j]..stop);
            cursor[j] = stop;
            if progressed && self.s.marked(x) {
                break;
            }
        }
        progressed
    }

    /// Marks every pair not marked yet (from the cursors on).
    pub(super) fn mark_the_rest(&mut self, sizes: &[(usize, bool)], cursor: &mut [usize]) {
        let g = self.prefix().view().g;
        self.s.rests += 1;
        for (j, &(m, distinct)) in sizes.iter().enumerate() {
            let hi = half(m, distinct) + 1;
            self.mark_pairs(g, m, cursor[j]..hi);
            cursor[j] = cursor[j].max(hi);
        }
    }

    /// Marks `g(a) ⊕ g(m − a)` for the parts `a` in `parts`: the slices
    /// `g[lo..hi]` and `g[m−hi+1..=m−lo]` zipped, one reversed (no bounds
    /// check in the loop).
    #[inline]
    pub(super) fn mark_pairs(&mut self, g: &[T], m: usize, parts: std::ops::Range<usize>) {
        let (lo, hi) = (parts.start, parts.end);
        if lo >= hi {
            return;
        }
        self.work += MARK_COST * (hi - lo) as u64;
        let (left, right) = (&g[lo..hi], &g[m + 1 - hi..m + 1 - lo]);
        if self.s.small {
            mark_pair_bytes(&mut self.s.seen, left, right);
        } else {
            for (&a, &b) in left.iter().zip(right.iter().rev()) {
                self.s.mark((a ^ b).wide());
            }
        }
    }

    /// Marks every value of a three-heap split of `h`.
    pub(super) fn mark_triples(&mut self) {
        let mut set = std::mem::take(&mut self.s.triple_values);
        set.clear();
        let g = self.prefix().view().g;
        for (m, distinct) in self.rules.code.triple_sizes(self.h) {
            self.work += self.s.triples.add(g, m, distinct, &mut set);
        }
        for v in set.iter() {
            self.s.mark(v);
        }
        self.s.triple_values = set;
    }
}

/// Marks the bytes `g(r) ⊕ g(m − r)` of `seen` for the rare heaps `r` (all
/// below `m`) with their values: a short loop of independent stores, kept out
/// of line so that its few pointers stay in registers (inlined into
/// [`super::heap_value`] it reloaded them from the stack at every pair: 15
/// instructions a pair against 11, valgrind on `0.156`).
#[inline(never)]
fn mark_rare_bytes<T: Lane>(seen: &mut [u8; SMALL], rare: &[usize], values: &[u32], g: &[T], m: usize) {
    for (&r, &v) in rare.iter().zip(values) {
        seen[(v ^ g[m - r].wide()) as usize & (SMALL - 1)] = 1;
    }
}

/// [`mark_rare_bytes`] for `N` sizes `ms` at once, every rare heap below each:
/// each rare heap and its value read once for all of them.
#[inline(never)]
fn mark_rare_bytes_shared<T: Lane, const N: usize>(
    seen: &mut [u8; SMALL],
    rare: &[usize],
    values: &[u32],
    g: &[T],
    ms: [usize; N],
) {
    for (&r, &v) in rare.iter().zip(values) {
        for m in ms {
            seen[(v ^ g[m - r].wide()) as usize & (SMALL - 1)] = 1;
        }
    }
}

/// Pairs whose XORs [`mark_pair_bytes`] computes at once, as vectors, before
/// storing their marks one by one: 16, so that the scan batches of 16 and
/// 32 pairs ([`SCAN_BATCH`]) take the vector loop too (with 64 every batch
/// went pair by pair). Medians of interleaved runs on a Zen 3 core (session
/// 46), 64 against 16: `0.004` at `2·10^5` 8.00 s against 6.40, `0.424` at
/// `10^6` 1.97 against 1.79, `0.6` 4.43 against 4.15, `0.007` at `2·10^5`
/// 6.82 against 6.58; `0.361`, `0.14` unchanged; 32 as 16, 8 slower.
const PAIR_CHUNK: usize = 16;

/// Marks the bytes `l[i] ⊕ r[len − 1 − i]` of `seen` (`l` and `r` of equal
/// length): whole chunks of [`PAIR_CHUNK`] pairs are XORed lane by lane into
/// a buffer (the loop vectorizes, as in [`crate::heap::pair_scan`]) and the
/// buffer is then stored as marks, two instructions a pair against about six
/// for the pair-by-pair loop; the remainder goes pair by pair.
fn mark_pair_bytes<T: Lane>(seen: &mut [u8; SMALL], l: &[T], r: &[T]) {
    let mut lc = l.chunks_exact(PAIR_CHUNK);
    let mut rc = r.rchunks_exact(PAIR_CHUNK);
    let mut xors = [T::ZERO; PAIR_CHUNK];
    for (a, b) in (&mut lc).zip(&mut rc) {
        for j in 0..PAIR_CHUNK {
            xors[j] = a[j] ^ b[PAIR_CHUNK - 1 - j];
        }
        for &x in &xors {
            seen[x.wide() as usize & (SMALL - 1)] = 1;
        }
    }
    for (&a, &b) in lc.remainder().iter().zip(rc.remainder().iter().rev()) {
        seen[(a ^ b).wide() as usize & (SMALL - 1)] = 1;
    }
}
