//! The mex of one heap under the rare/common split ([`super::rare`]), computed
//! from the values published so far: by one thread in turn, or by several
//! threads at once, each on its own heap ([`super::pipeline`]).
//!
//! **Early and late options.** The options of heap `h` that involve the
//! [`LATE`] heaps just before it are *late*: the moves leaving `h − k`,
//! `k <= LATE`, and the splits `(r, m − r)` of `m = h − k` with a part of
//! `LATE − k` tokens or fewer (hence the other of `h − LATE` or more). Every
//! other option is *early*. The computation marks and searches the early
//! options only, candidate by candidate, until the first candidate `x` that
//! no early option reaches; there it marks the late options (it *resolves*)
//! and goes on: `x` is the value unless a late option marked it. The scans
//! start at each split's first early pair and the vector searches cover the
//! early pairs only; the late ones are marked once, when resolved.
//!
//! This is the computation on any number of threads. A thread computing
//! `g(h)` while the `w` heaps before it (the *window*, one fewer than the
//! threads) are still being computed elsewhere waits, when it resolves,
//! until `g(0..h)` is published, and first, for a window wider than
//! `LATE`, until the heaps below `h − LATE` are. One thread has every value
//! before `h` and never waits. So the value and the work counted are the
//! same for every window: the window only decides who waits, not what is
//! done. Every option is marked or found below the value either way (a
//! candidate skipped is reached by an option; the value is reached by none).
//! A code with no late option (no part of `h − 1` tokens) is resolved from
//! the start, and so is every heap while the values are below
//! [`RESOLVE_FIRST_TOP`] (with few values a late option is often the very
//! candidate left, and deferred it cost a search through every early pair).
//!
//! The choices that depend on the heaps before `h` are made as one thread
//! makes them: whether `R` is sparse (`4|R| <= h`) is decided early when the
//! late heaps cannot change it (all rare or none), after the wait otherwise;
//! the bound on the values ([`Rules::top`]) and the lane width are fixed for
//! a whole stretch of heaps (a stretch ends at a new largest value).
//!
//! **Searching or marking.** Below the mex, a candidate that the first pairs
//! did not reach is searched for among all pairs in narrow lanes
//! ([`super::pair_scan`]), which costs a pass over the pairs for each candidate
//! reached late; for a code with one split size the candidates are searched
//! together, up to four in one pass over the pairs, each one round
//! ([`HeapMex::search_joint`]). Games whose values spread over hundreds of values (`0.004`,
//! `0.007`) have hundreds of such candidates a heap; once the searches of a
//! heap have examined [`SEARCH_BEFORE_MARKING`] times the pairs left, those
//! pairs are marked once ([`HeapMex::mark_the_rest`]) and the mex is read
//! from the marks. Either way every option below the value returned is
//! marked or found and the value itself is reached by none, so the choice
//! changes the cost only; it depends on the heap alone, so the work counted
//! is the same on any number of threads.

mod marks;
mod pair_search;
mod rare_tile;
mod scratch;
mod small;
mod word_bits;

use super::lanes::Lane;
use super::octal::OctalCode;

pub(super) use scratch::Scratch;

/// Pairs of each split examined between two checks of the candidate during
/// a scan, after a first batch of [`FIRST_BATCH`].
const SCAN_BATCH: usize = 32;

/// The pairs of each split in the first batch of a scan. Small values turn
/// up in the first pairs (in `4.7` the first pair of a split reaches 0): a
/// heap whose candidates are all met there costs a few pairs, not a full
/// batch (valgrind counts 4.7 to 3·10^5 values at 370 million instructions
/// with 4, 570 million with 32; `0.16` at 911 and 858 million).
const FIRST_BATCH: usize = 4;

/// Pairs of each split marked one by one before a missing candidate is
/// searched for among all pairs at once, at least: enough to meet the
/// plentiful values. With many distinct values (0.6 reaches 300) each
/// search finds one candidate, so the scalar warm-up grows with them
/// ([`Rules::warm_pairs`]; measured on 0.6 to 10^6 values: 3.6 s with
/// 64 pairs, 2.7 s with four per value).
const WARM: usize = 64;

/// The late options are those that involve the `LATE` heaps just before
/// the heap, for every number of threads: deferred to the first candidate
/// the other options do not reach, so that the computation, and the work it
/// counts, is one and the same whether those heaps are known (one thread)
/// or still being computed (a window of at most `LATE` heaps). A wider
/// window first waits until only `LATE` heaps are missing.
const LATE: usize = 1;

/// While every value is below this, a heap resolves at once (marks its late
/// options first, as a code without any does). With few values, a late
/// option is often the very candidate that no early option reaches, and
/// deferred, every such candidate costs a vector search through all the
/// early pairs before the late option marks it: `0.722`, `0.72`, `0.335`,
/// `0.262` (values below 4, period 4) took 4–5 times as long to `10^5` values
/// deferred (a quarter of the heaps searched every pair in vain). On more
/// threads such a heap waits for the heap before it at its start; the
/// pipeline, judged against one thread, leaves those stretches to one.
/// The bound is fixed for a stretch ([`Rules::top`]), so the choice is the
/// same on any number of threads and so is the work counted.
const RESOLVE_FIRST_TOP: usize = 64;

/// Values below this (a power of two) are marked as bytes of a table cleared
/// for each heap (the bytes up to twice the largest value, [`Scratch::begin`]),
/// in place of the stamp table: a plain store with no bounds check (the
/// values of `0.007` pass 1024 near heap 150 000, those of `0.004` near
/// 157 000; from there on every rare split went through the stamp table).
pub(super) const SMALL: usize = 1 << 14;

/// The word marks serve values below 128 too ([`Rules::word_marks`]) when at
/// most one heap in this many has a value of 64 or more: the word then holds
/// the values below 64 only, and a heap whose mex is 64 or more (which needs
/// the others) is computed a second time, by the byte table — twice the work
/// on one heap in this many at worst. `0.56x` and `0.64x`–`0.67x` (largest
/// value 64) have a few dozen such heaps to `10^6`, `0.14` (largest 78) one
/// in 230.
pub(crate) const HIGH_SHARE: u64 = 32;

/// When the vector searches of one heap have examined this many times the
/// pairs not yet marked, the rest are marked all at once instead
/// ([`HeapMex::mark_the_rest`], about a cycle a pair against 16 to 40 pairs
/// a cycle searched): rent or buy, so a heap never costs much more than the
/// cheaper of the two ways. Games whose values spread over hundreds of
/// values (`0.004`, `0.007`) search each missing candidate among tens of
/// thousands of pairs, and marking every pair once finds them all. Without a
/// sparse set the odd candidates too are searched, reached only by pairs
/// with a rare part, and marking pays early; with one, only the even
/// candidates are, reached by the plentiful common pairs, and it pays late.
/// Measured to 2·10^5 values (seconds, bound 2 / 4 / 8 / 16 / none): `0.004`
/// (no sparse set) 4.4 / 4.8 / 5.5 / 6.8 / 12.5; `0.007` (sparse) 5.6 /
/// 5.0 / 4.3 / 3.8 / 3.8; the seven games of `bench-octal.sh` alike within
/// the noise.
const SEARCH_BEFORE_MARKING: [u64; 2] = [2, 16];

/// Work units of one value marked at a random place of the stamp table (a move
/// leaving one heap, a rare part, a pair of the incremental scan): about 3 ns
/// here, against about 1 ns per pair of the branch-free full scan (1 unit).
const MARK_COST: u64 = 3;

/// Pairs the vector search examines in one work unit (about a nanosecond):
/// measured on 0.07, about 40 byte pairs a nanosecond with AVX-512 here.
const PAIRS_PER_UNIT: u64 = 40;

/// What every heap of a stretch of the run reads unchanged: the code, the
/// split in force, the bound on the values and the lane width.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rules<'a> {
    pub(super) code: &'a OctalCode,
    pub(super) mask: u32,
    /// Whether heaps are classified in the domain (value parity ⊕ heap parity).
    pub(super) domain: bool,
    /// `Some(q)` when every two-heap split removes a number of tokens of parity `q`.
    pub(super) removal_parity: Option<usize>,
    /// One more than the largest value of a heap `1, 2, …` so far: every value,
    /// hence every XOR of two, is below the next power of two.
    pub(super) top: usize,
    /// Whether at most one heap in [`HIGH_SHARE`] had a value of 64 or more
    /// when the largest value last grew (so, for the whole stretch).
    pub(super) few_high: bool,
    /// Whether the values are in lanes of at most 16 bits (the vector search).
    pub(super) narrow: bool,
}

impl Rules<'_> {
    /// Whether a heap's options involve none of the `window` heaps before
    /// it ([`OctalCode::nearest_part`] beyond the window): then it never
    /// waits for them, but to decide whether `R` is sparse when they could
    /// change it.
    fn independent(&self, window: usize) -> bool {
        window < self.code.nearest_part()
    }
}

impl Rules<'_> {
    fn parity(&self, v: u32) -> bool {
        (v & self.mask).count_ones() % 2 == 1
    }

    /// Whether heap `a` (with value `v`) is common, i.e. not kept in `R`.
    pub(super) fn is_common(&self, a: usize, v: u32) -> bool {
        self.parity(v) ^ shift(self.domain, self.removal_parity, a)
    }

    /// Whether every split of the sizes `sizes` can reach `x` only with a rare
    /// part, so that enumerating `R` decides `x` exactly.
    fn decided_by_rare(&self, x: u32, sizes: &[(usize, bool)]) -> bool {
        let p = self.parity(x);
        sizes.iter().all(|&(m, _)| p ^ (self.domain && m % 2 == 1))
    }

    /// Whether a heap marks its late options first, before any search: while
    /// the values are below [`RESOLVE_FIRST_TOP`] (see there).
    fn resolves_first(&self) -> bool {
        self.top <= RESOLVE_FIRST_TOP
    }

    /// Pairs of each split to mark one by one before the narrow searches,
    /// for values in lanes of type `T`: one a value below [`Rules::top`] in
    /// byte lanes, four in wider ones, at least [`WARM`].
    ///
    /// A pair marked costs about a nanosecond whatever the lanes; a search
    /// for one candidate examines 32 byte pairs an AVX2 instruction, half as
    /// many 16-bit ones, so past the plentiful values searching pays sooner
    /// in byte lanes. Medians of five interleaved runs at `10^6` values on a
    /// Zen 3 core (session 46), four a value against one, in every lane:
    /// the byte-lane games `0.361` 1.72 s against 1.48, `0.360` 1.71 against
    /// 1.48, `0.166` 1.11 against 0.95, `0.362` 1.36 against 1.24, `0.14`
    /// 2.28 against 2.13, and of the 24 codes run none in byte lanes
    /// slower; but the 16-bit games `0.6` 4.65 against 5.16 and `0.007`
    /// (`2·10^5`) 6.94 against 7.53. (`0.424`, 16-bit lanes from its first value 256 on, gained with
    /// one a value too, 2.04 against 1.67: the lane width is a proxy for
    /// the cost of a search, not the whole story.)
    fn warm_pairs<T>(&self) -> usize {
        let per_value = if size_of::<T>() == 1 { 1 } else { 4 };
        WARM.max(per_value * self.top)
    }

    /// Whether the marks are the bits of one word ([`small`]): no three-heap
    /// split, and every value below [`small::WORD_TOP`], or below twice that
    /// with few values past it ([`Rules::capped`]).
    fn word_marks(&self) -> bool {
        let fits = self.top <= small::WORD_TOP || (self.top <= 2 * small::WORD_TOP && self.few_high);
        fits && !self.code.splits_in_three()
    }

    /// Whether the word marks drop the values of [`small::WORD_TOP`] or more
    /// (some value is that large): a heap whose mex passes them is computed
    /// again by the byte table ([`small::WordMex::Past`]).
    fn capped(&self) -> bool {
        self.top > small::WORD_TOP
    }

    /// Whether every value is below [`SMALL`]: the marks are then bytes.
    fn small(&self) -> bool {
        self.top <= SMALL
    }
}

/// The class shift of heap `a` in the domain classification: `a + q` odd,
/// where `q` is the parity of the tokens every split removes.
///
/// Why `q`: with class `c(a) = parity(g(a)) ⊕ a ⊕ q`, a split of `m` reaching
/// `x` has exactly one rare part iff `parity(x) ⊕ m` is odd (the `q`s cancel),
/// and a heap `n = m + k` whose value `x` has `c(n) = 0` — a rare heap — is
/// exactly one whose mex is *not* decided by the enumeration:
/// `parity(x) ⊕ m = c(n) ⊕ n ⊕ q ⊕ m = c(n) ⊕ k ⊕ q = c(n)` (as `k ≡ q`).
/// So the expensive heaps are the rare ones, whatever `q` is; with `q` left
/// out, odd removals (`0.106`, `0.137`) would enumerate the few heaps and scan
/// for all the many.
pub(super) fn shift(domain: bool, removal_parity: Option<usize>, a: usize) -> bool {
    domain && (a + removal_parity.unwrap_or(0)) % 2 == 1
}

/// The largest smaller part of a two-heap split of `m` (`!`: parts differ).
fn half(m: usize, distinct: bool) -> usize {
    if distinct { (m - 1) / 2 } else { m / 2 }
}

/// The pairs of the splits `sizes` not marked yet: those from each cursor on.
fn unmarked_pairs(sizes: &[(usize, bool)], cursor: &[usize]) -> u64 {
    let left = sizes.iter().zip(cursor).map(|(&(m, d), &c)| (half(m, d) + 1).saturating_sub(c));
    left.sum::<usize>() as u64
}

/// The values published so far, `g(0..len)`, and the rare heaps among them
/// (ascending) with their values.
#[derive(Clone, Copy, Debug)]
pub(super) struct View<'p, T> {
    pub(super) g: &'p [T],
    pub(super) rare: &'p [usize],
    pub(super) rare_values: &'p [u32],
}

/// Where a heap's computation reads the values before it.
pub(super) trait Prefix<T> {
    /// The values published so far.
    fn view(&self) -> View<'_, T>;
    /// Waits until `g(0..len)` is published; `false` if the run stops first
    /// (the heap's value is then not wanted).
    fn wait(&self, len: usize) -> bool;
}

/// Every value before the heap is known: one thread.
impl<T: Copy> Prefix<T> for View<'_, T> {
    fn view(&self) -> View<'_, T> {
        *self
    }
    fn wait(&self, len: usize) -> bool {
        debug_assert!(len <= self.g.len());
        true
    }
}

/// Which rare splits are marked so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RareMarks {
    None,
    /// Those with both parts in the early heaps.
    Early,
    All,
}

/// The computation of one heap's value (see the module documentation).
struct HeapMex<'c, 'r, T, P> {
    rules: &'c Rules<'r>,
    s: &'c mut Scratch,
    prefix: &'c P,
    h: usize,
    window: usize,
    /// The heaps below this are early: `h − LATE` (published once the
    /// computation starts, by the wait for a wider window).
    early: usize,
    work: u64,
    /// Pairs examined by the vector searches of this heap.
    searched: u64,
    /// Whether `g(0..h)` is published and the late options marked.
    resolved: bool,
    /// The pairs of each split in the next batch of a scan: [`FIRST_BATCH`]
    /// first, doubled after each batch up to [`SCAN_BATCH`].
    batch: usize,
    rare_marks: RareMarks,
    _lanes: std::marker::PhantomData<T>,
}

/// `g(h)` and the work it took when no move splits a heap: the mex of the
/// values `g(h − k)` (and `0` for taking the whole heap), charged as
/// [`heap_value`] charges them. Every value before `h` is known.
pub(super) fn single_heap_mex<T: Lane>(code: &OctalCode, s: &mut Scratch, g: &[T], h: usize) -> (u32, u64) {
    let reach = code.single_reach(h);
    let value = s.mex.of(reach, code.single_heap_values(h, g));
    (value, MARK_COST * (reach as u64 + 1))
}

/// `g(h)` and the work it took, computed while the `window` heaps before `h`
/// may still be unpublished (`0`: every value before `h` is known); `None`
/// if the run stops while the computation waits for them.
pub(super) fn heap_value<T: Lane, P: Prefix<T>>(
    rules: &Rules<'_>,
    s: &mut Scratch,
    prefix: &P,
    h: usize,
    window: usize,
) -> Option<(u32, u64)> {
    let mut sizes = std::mem::take(&mut s.sizes);
    let mut cursor = std::mem::take(&mut s.cursor);
    rules.code.split_sizes_into(h, &mut sizes);
    let mut mex = HeapMex {
        rules,
        s,
        prefix,
        h,
        window,
        early: h.saturating_sub(LATE),
        work: 0,
        searched: 0,
        // a code with no late option has nothing to defer
        resolved: rules.independent(LATE),
        batch: FIRST_BATCH,
        rare_marks: RareMarks::None,
        _lanes: std::marker::PhantomData,
    };
    let value = mex.run(&sizes, &mut cursor);
    let work = mex.work;
    s.sizes = sizes;
    s.cursor = cursor;
    value.map(|v| (v, work))
}

impl<'c, T: Lane, P: Prefix<T>> HeapMex<'c, '_, T, P> {
    /// The values published so far (a copy of the reference: its views do
    /// not hold `self`).
    fn prefix(&self) -> &'c P {
        self.prefix
    }

    fn run(&mut self, sizes: &[(usize, bool)], cursor: &mut Vec<usize>) -> Option<u32> {
        if self.rules.word_marks() {
            match self.run_small(sizes, cursor) {
                small::WordMex::Value(v) => return Some(v),
                small::WordMex::Stopped => return None,
                // the mex is 64 or more: the byte table, from the start
                // (the work so far stays counted)
                small::WordMex::Past => self.searched = 0,
            }
        }
        let (code, h) = (self.rules.code, self.h);
        if self.waits_first() && !self.prefix.wait(self.early) {
            return None;
        }
        self.s.begin(self.rules.small(), self.rules.top);
        if !self.resolved && self.rules.resolves_first() {
            self.resolve(sizes)?;
        }
        let reach = code.single_reach(h);
        self.work += MARK_COST * (reach as u64 + 1);
        let g = self.prefix().view().g;
        // the moves leaving a late heap wait for `resolve`, unless nothing does
        let first = if self.resolved { 1 } else { LATE + 1 };
        for k in first..=reach {
            if let Some(v) = code.single_heap_value(h, k, g) {
                self.s.mark(v);
            }
        }
        let sparse = match self.sparse_early() {
            Some(sparse) => sparse,
            None => {
                // the classes of the heaps before `h` decide: wait for them,
                // but mark the late options only where one thread would (a
                // late option marked before the searches spares a search
                // one thread makes, and the work would differ)
                if !self.prefix.wait(h) {
                    return None;
                }
                let rare = self.prefix().view().rare;
                4 * count_below(rare, h) <= h
            }
        };
        if code.splits_in_three() {
            if !self.prefix.wait(h) {
                return None;
            }
            self.resolve(sizes)?;
            self.mark_triples();
        }
        if !sparse && !self.rules.narrow {
            // no sparse set and no vector search: the plain mex of every pair
            self.resolve(sizes)?;
            self.work += sizes.iter().map(|&(m, _)| m as u64 / 2).sum::<u64>();
            return Some(self.mex_by_full_scan(sizes));
        }
        if sparse {
            self.mark_rare_splits(sizes);
        }
        // Scan cursors: the next `a` to examine for each split size, from
        // its first early pair (the late ones are marked when resolved).
        cursor.clear();
        cursor.extend(sizes.iter().map(|&(m, _)| self.early_from(m)));
        let mut x: u32 = 0;
        loop {
            x = self.s.first_unmarked(x);
            if sparse && self.rules.decided_by_rare(x, sizes) {
                // no early option reaches x: the late ones decide
                if self.is_value(x, sizes)? {
                    return Some(x);
                }
                continue;
            }
            let warm = || {
                let pairs = self.rules.warm_pairs::<T>();
                sizes.iter().zip(cursor.iter()).all(|(&(m, d), &c)| c > pairs.min(half(m, d)))
            };
            if self.rules.narrow && warm() {
                let left = unmarked_pairs(sizes, cursor);
                if left == 0 {
                    // every early option is marked
                    if self.is_value(x, sizes)? {
                        return Some(x);
                    }
                    continue;
                }
                if self.searched >= SEARCH_BEFORE_MARKING[usize::from(sparse)] * left {
                    self.mark_the_rest(sizes, cursor);
                    continue;
                }
                // The plentiful values have turned up in the first pairs: look
                // for x itself among all of them, with the candidates after
                // it for a code with one split size.
                if let [size] = *sizes {
                    if let Some(u) = self.search_joint(x, size, cursor[0], sparse, left) {
                        // every candidate below `u` is found: `u` is unreached
                        if self.is_value(u, sizes)? {
                            return Some(u);
                        }
                        self.s.mark(u);
                    }
                    continue;
                }
                if !self.search_unmarked(x, sizes, cursor) && self.is_value(x, sizes)? {
                    return Some(x);
                }
                self.s.mark(x);
                continue;
            }
            // x is unseen: scan splits until it appears or none are left.
            if !self.scan_batch(x, sizes, cursor) && !self.s.marked(x) && self.is_value(x, sizes)? {
                return Some(x);
            }
        }
    }

    /// The step of the sizes of the heaps this thread computes, for a tile
    /// of their rare splits ([`rare_tile`]): one on one thread (any number
    /// of split sizes), `d` on `d` threads (the window `d − 1`; each takes
    /// every `d`-th heap) for a code with one split size, none past
    /// [`rare_tile::MAX_STEP`] threads.
    fn tile_step(&self, sizes: &[(usize, bool)]) -> Option<usize> {
        match (self.window, sizes.len()) {
            (0, _) => Some(1),
            (w, 1) if w < rare_tile::MAX_STEP => Some(w + 1),
            _ => None,
        }
    }

    /// Whether a window wider than [`LATE`] waits, before anything, until
    /// the heaps below `h − LATE` are published (not when no option of the
    /// heap involves the window's heaps).
    fn waits_first(&self) -> bool {
        self.window > LATE && !self.rules.independent(self.window)
    }

    /// At a candidate `x` no early option reaches: whether `x` is the value,
    /// reached by no late option either (marked here, if they were not yet:
    /// the first such candidate is where a thread waits for the heaps before
    /// its own); `None` if the run stops during the wait.
    fn is_value(&mut self, x: u32, sizes: &[(usize, bool)]) -> Option<bool> {
        self.resolve(sizes)?;
        Some(!self.s.marked(x))
    }

    /// Whether `R` is sparse, `4|R| <= h` (or `h <= 256`), when the rare
    /// heaps among those not published yet cannot change the answer.
    fn sparse_early(&self) -> Option<bool> {
        let h = self.h;
        if h <= 256 {
            return Some(true);
        }
        // published: the heaps below `h − LATE` after the wait of a wider
        // window, else below `h − window`
        let published = if self.waits_first() { self.early } else { h - self.window.min(h) };
        let rare = self.prefix().view().rare;
        let known = count_below(rare, published);
        let late = h - published;
        match (4 * (known + late) <= h, 4 * known > h) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }

    /// Waits for `g(0..h)` and marks the late options (see the module
    /// documentation); `None` if the run stops first. A heap whose options
    /// involve none of the window's heaps ([`Rules::independent`]) has no
    /// late option but the move taking a whole heap of at most `w` tokens,
    /// and does not wait.
    fn resolve(&mut self, sizes: &[(usize, bool)]) -> Option<()> {
        if self.resolved {
            return Some(());
        }
        if !self.rules.independent(self.window) && !self.prefix.wait(self.h) {
            return None;
        }
        self.resolved = true;
        let (code, h) = (self.rules.code, self.h);
        let g = self.prefix().view().g;
        for k in 1..=LATE.min(code.single_reach(h)) {
            if let Some(v) = code.single_heap_value(h, k, g) {
                self.s.mark(v);
            }
        }
        // the late pairs, below the cursors' start (a part of `LATE − k` tokens
        // or fewer): rare or common, every late pair is one of them, so the
        // rare splits are all marked with them (charged as marked at once)
        let rare = self.prefix().view().rare;
        for &(m, distinct) in sizes {
            let hi = self.early_from(m).min(half(m, distinct) + 1);
            if hi > 1 {
                // (most sizes have none: no call)
                self.mark_pairs(g, m, 1..hi);
            }
            if self.rare_marks == RareMarks::Early {
                self.work += MARK_COST * count_below(rare, m) as u64;
            }
        }
        if self.rare_marks == RareMarks::Early {
            self.rare_marks = RareMarks::All;
        }
        Some(())
    }

    /// The smallest part `r` of a split of `m` whose pair is early: both
    /// parts below `h − LATE`, i.e. `r > LATE − k` for `m = h − k`.
    fn early_from(&self, m: usize) -> usize {
        (LATE + 1).saturating_sub(self.h - m).max(1)
    }
}

/// The number of entries of the ascending `rare` below `x`: galloping back
/// from the end (steps 1, 2, 4, …), then a binary search in the last step.
/// The heaps asked about are near the newest heap (`h − k` for the moves
/// of `k` tokens), so the answer is usually the whole list after one
/// comparison; a plain binary search over thousands of rare heaps took
/// about a tenth of the time of `0.156`. `O(log(len − answer))`.
#[inline]
fn count_below(rare: &[usize], x: usize) -> usize {
    let mut end = rare.len();
    let mut step = 1;
    // every entry from `end` on is at least x
    while end > 0 && rare[end - 1] >= x {
        let start = end.saturating_sub(step);
        if rare[start] < x {
            return start + 1 + rare[start + 1..end].partition_point(|&r| r < x);
        }
        end = start;
        step *= 2;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::count_below;
    use proptest::prelude::*;

    proptest! {
        /// Galloping from the end agrees with a binary search from the start.
        #[test]
        fn count_below_is_the_partition_point(
            mut rare in prop::collection::vec(0usize..2000, 0..300),
            x in 0usize..2100,
        ) {
            rare.sort_unstable();
            rare.dedup();
            prop_assert_eq!(count_below(&rare, x), rare.partition_point(|&r| r < x));
            for &r in &rare {
                for y in [r, r + 1] {
                    prop_assert_eq!(count_below(&rare, y), rare.partition_point(|&q| q < y));
                }
            }
        }
    }
}
