//! The rare splits of [`TILE`] consecutive split sizes at once: the marks
//! of `g(r) ⊕ g(m − r)` for `m = m₀ … m₀ + TILE − 1` and the rare heaps `r`
//! below `m₀` whose parts are all known, made together, one byte table a
//! size, and ORed into the heap's own marks when its size comes.
//!
//! **Why.** A heap marks `g(r) ⊕ g(m − r)` for every rare heap `r < m`, and
//! the rare heaps are spread over the whole sequence: each mark reads a
//! different cache line of `g` (`0.6` has 1,583 rare heaps at `10^6` heaps, in
//! 2 MB of 16-bit values; half its time went to those reads). The next heap
//! reads the value next to each, `g(m + 1 − r)`, and so on. Read once for
//! `TILE` sizes, `g(m₀ − r … m₀ − r + TILE − 1)` is one or two cache lines,
//! and its `TILE` marks go to tables that stay in the L1 cache.
//!
//! **When the marks are exact.** The table of `m` holds the rare heaps of
//! the list `rare[start..start + len]`, each `r` with `m₀ + TILE − 1 − r`
//! below the values known when the tile was made. The values never change
//! once computed and the rare list only grows, but for a change of the split
//! ([`super::Rules`]: mask and domain), which rebuilds the list: the tile
//! keeps the split and the first and last of its rare heaps, and is made
//! again when they differ. The rest of a heap's rare heaps (those below or
//! above the tile's) are marked one by one, as before, and so are all of
//! them for a size whose equal split (`!`) has a rare part; the marks, and
//! the work counted, are the same either way.
//!
//! **Cost.** Making: one read of `TILE` values and `TILE` byte stores a rare
//! heap, that is one store a mark; using: an OR of the table's bytes, a few
//! dozen vector instructions. Measured on a Zen 3 core, medians of three
//! interleaved runs against marking one by one: `0.6` at `10^6` 4.57 s
//! against 3.19, `0.007` at `2·10^5` 6.55 against 4.58, `0.361` 1.48 against
//! 1.19. A tile is made only where sizes come one after another (not for
//! one heap now and then: the capped word marks send one heap in 230 of `0.14`
//! here). Memory: `TILE` tables of at most [`SMALL`] bytes and a cache line
//! each ([`TABLE_BYTES`]): 9 KiB a thread for values below 256, 264 KiB at
//! most.
//!
//! **Words.** The word marks ([`super::small`], values below 64 or 128) keep
//! a word a size instead of a table: the bits of the XORs below 64, sixteen
//! independent words where one heap set its bits one after another into one,
//! each set waiting on a read of `g(m − r)` (`0.512`: 97 % of its time).
//!
//! **Several threads.** On `d` threads ([`crate::heap::pipeline`]) each takes
//! every `d`-th heap, so a thread's sizes are `d` apart: its tile is made of
//! the sizes `m₀, m₀ + d, …` (the step `d`), one read of `TILE` values `d`
//! apart a rare heap. (A tile of consecutive sizes served only one in `d`
//! of them there, and cost a thread as much as on one: `0.6` ran 4.27 s on
//! two threads against 3.36 on one.) Only for codes with one split size: a
//! heap with several asks for sizes of several residues, and on one thread
//! a tile of step one serves them all.

use super::word_bits::bit;
use super::{Rules, SMALL, View, count_below};
use crate::heap::lanes::Lane;
use std::ops::Range;

/// Consecutive split sizes a tile serves.
pub(super) const TILE: usize = 16;

/// The fewest rare heaps worth a tile: fewer are marked one by one (in the
/// library's tests, 8: their sequences of a few thousand heaps have a few
/// dozen rare heaps).
const TILE_FROM: usize = if cfg!(test) { 8 } else { 256 };

/// The most a size may pass the one asked for before it for a tile to be
/// built: one for a code with one split size (`m = h − k`, the heaps one
/// after another), more where a heap asks for several sizes in turn (from
/// its largest down: the next heap's largest passes this heap's smallest by
/// their spread plus one, still served by a tile of step one), or where
/// each of several threads takes every `d`-th heap (a tile of step `d`).
/// Also the largest step.
pub(super) const MAX_STEP: usize = 4;

/// The bytes a table may use, a power of two at least the heap's `bound`:
/// the least of these. From one size's table to the next there are that
/// many bytes and a cache line, a constant of the build loop, so that a mark
/// is stored at a constant offset from the first table (one load, an XOR, an
/// AND and a store a mark, no bounds check: against about seven instructions
/// with tables `bound` bytes apart, `0.007` at `2·10^5` 4.95 s against 4.43,
/// medians of nine interleaved runs). The cache line puts the tables' bytes
/// of one value in sixteen different sets of the first-level cache (with
/// tables exactly `SMALL` apart, all in one: 5.66 s). Three sizes, not one:
/// tables `SMALL` apart would take 263 KiB a thread for any game, 9 KiB at
/// most for values below 256 (`0.6` to `2^15` values must stay within 8
/// bytes a value, `tests/lanes_memory.rs`).
const TABLE_BYTES: [usize; 3] = [512, 2048, SMALL];

/// The cache line between two tables.
const GAP: usize = 64;

/// The marks of the rare splits of [`TILE`] sizes a step apart (see the
/// module documentation).
#[derive(Clone, Debug, Default)]
pub(super) struct RareTile {
    /// `m₀` and the step `d`: the table `j` is the size `m₀ + j·d` (`d = 1`
    /// on one thread; on `d` threads each takes every `d`-th heap).
    first: usize,
    step: usize,
    /// The rare heaps served, as indices of the rare list.
    start: usize,
    len: usize,
    /// The first and last rare heap served, and the split (mask, domain)
    /// when built: the list must be the same for the marks to be exact.
    ends: (usize, usize),
    split: (u32, bool),
    /// The last size asked for.
    last: usize,
    /// `TILE` tables `stride` bytes apart ([`TABLE_BYTES`]), `bound` in use
    /// in each: `marks[j·stride + x] = 1` iff
    /// `x = g(r) ⊕ g(m₀ + j·d − r)` for some rare heap `r` served.
    marks: Vec<u8>,
    /// The bytes from one table to the next, as the tables were built (a
    /// table size of [`TABLE_BYTES`] and [`GAP`]).
    stride: usize,
    /// Or, for the word marks ([`super::small`]), `TILE` words: the bit `x`
    /// of `words[j]` for every such `x` below 64.
    words: [u64; TILE],
    kind: Kind,
}

/// What a tile holds: byte tables of a bound (a power of two), or words.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) enum Kind {
    #[default]
    Word,
    Bytes(usize),
}

/// The marks of one size: a byte table, or a word.
pub(super) enum SizeMarks<'t> {
    Bytes(&'t [u8]),
    Word(u64),
}

impl RareTile {
    /// The rare heaps (indices of `view.rare`) whose splits of `m` the tile
    /// has marked, and the marks (bytes, as those of the heap's table); `None`
    /// when no tile is worth it (building one for `m` if the present one does
    /// not serve it). `bound`: the bytes of the heap's table in use
    /// ([`super::Scratch::begin`]), every XOR of two values below it.
    pub(super) fn marks<T: Lane>(
        &mut self,
        view: View<'_, T>,
        rules: &Rules<'_>,
        m: usize,
        kind: Kind,
        step: usize,
    ) -> Option<(Range<usize>, SizeMarks<'_>)> {
        let (last, again) =
            (self.last, self.kind == kind && self.step == step && self.serves(view, rules, m));
        self.last = m;
        if !again {
            // built only where the sizes come one after another: not for a
            // heap alone (the capped word marks send one heap in hundreds
            // here, [`super::small::WordMex::Past`])
            if !(last < m && m <= last + MAX_STEP) {
                return None;
            }
            self.build(view, rules, m, kind, step);
        }
        let j = self.table(m).filter(|_| self.len > 0)?;
        let marks = match self.kind {
            Kind::Word => SizeMarks::Word(self.words[j]),
            Kind::Bytes(bound) => SizeMarks::Bytes(&self.marks[j * self.stride..j * self.stride + bound]),
        };
        Some((self.start..self.start + self.len, marks))
    }

    /// Whether the marks were made for `m` and the rare list of `view`. (A
    /// tile found not worth it serves its sizes too, with no marks: the
    /// question is asked again `TILE` sizes on.)
    fn serves<T>(&self, view: View<'_, T>, rules: &Rules<'_>, m: usize) -> bool {
        let served = view.rare.get(self.start..self.start + self.len);
        let same = match self.len {
            0 => true,
            _ => served.is_some_and(|s| s.first() == Some(&self.ends.0) && s.last() == Some(&self.ends.1)),
        };
        self.table(m).is_some() && self.split == (rules.mask, rules.domain) && same
    }

    /// The table of size `m`, if it is one of the tile's sizes.
    fn table(&self, m: usize) -> Option<usize> {
        let offset = m.checked_sub(self.first)?;
        let j = offset.checked_div(self.step)?;
        (j * self.step == offset && j < TILE).then_some(j)
    }

    /// Marks the splits of `m, m + d, …, m + (TILE − 1)·d` (`d` the step, at
    /// most [`MAX_STEP`]) with the rare heaps `r < m` whose parts
    /// `m + (TILE − 1)·d − r` are known; none (`len` 0) if fewer than
    /// [`TILE_FROM`].
    fn build<T: Lane>(&mut self, view: View<'_, T>, rules: &Rules<'_>, m: usize, kind: Kind, step: usize) {
        match step {
            1 => self.build_step::<T, 1>(view, rules, m, kind),
            2 => self.build_step::<T, 2>(view, rules, m, kind),
            3 => self.build_step::<T, 3>(view, rules, m, kind),
            // `MAX_STEP`, the largest step asked ([`super::HeapMex::tile_step`];
            // a tile records its own step, and serves only the sizes of it)
            _ => self.build_step::<T, MAX_STEP>(view, rules, m, kind),
        }
    }

    /// [`Self::build`] with the step `D`, for the table size of the bound.
    fn build_step<T: Lane, const D: usize>(
        &mut self,
        view: View<'_, T>,
        rules: &Rules<'_>,
        m: usize,
        kind: Kind,
    ) {
        const { assert!(TABLE_BYTES[2] == SMALL) };
        match kind {
            Kind::Bytes(bound) if bound <= TABLE_BYTES[0] => {
                self.build_with::<T, D, { TABLE_BYTES[0] }>(view, rules, m, kind)
            }
            Kind::Bytes(bound) if bound <= TABLE_BYTES[1] => {
                self.build_with::<T, D, { TABLE_BYTES[1] }>(view, rules, m, kind)
            }
            _ => self.build_with::<T, D, { TABLE_BYTES[2] }>(view, rules, m, kind),
        }
    }

    /// [`Self::build`] with the step `D` and tables of `B` bytes, constants:
    /// the parts of a rare heap are read, and its marks stored, at constant
    /// offsets.
    fn build_with<T: Lane, const D: usize, const B: usize>(
        &mut self,
        view: View<'_, T>,
        rules: &Rules<'_>,
        m: usize,
        kind: Kind,
    ) {
        let (g, rare, values) = (view.g, view.rare, view.rare_values);
        // the parts `m + j·D − r` of every table: below `g.len()`
        let reach = (TILE - 1) * D + 1;
        let lowest = (m + reach).saturating_sub(g.len()).max(1);
        let start = count_below(rare, lowest);
        let end = count_below(rare, m);
        (self.first, self.step, self.len, self.kind) = (m, D, 0, kind);
        self.split = (rules.mask, rules.domain);
        if end < start + TILE_FROM || matches!(kind, Kind::Bytes(bound) if bound > SMALL) {
            return;
        }
        let served = rare[start..end].iter().zip(&values[start..end]);
        match kind {
            Kind::Bytes(bound) => {
                // tables `B + GAP` apart, each cleared over the `bound` bytes
                // in use; the index is below `B` by the AND (`bound <= B`: no
                // XOR is changed), and the slice's length is a constant: no
                // bounds check
                let stride = B + GAP;
                self.stride = stride;
                self.marks.resize(TILE * stride, 0);
                let tables = &mut self.marks[..TILE * stride];
                for table in tables.chunks_exact_mut(stride) {
                    table[..bound].fill(0);
                }
                for (&r, &v) in served {
                    let parts = &g[m - r..m - r + reach];
                    for j in 0..TILE {
                        tables[j * stride + ((v ^ parts[j * D].wide()) as usize & (B - 1))] = 1;
                    }
                }
            }
            Kind::Word => {
                // `TILE` independent words (no chain of dependent bit sets)
                let mut words = [0u64; TILE];
                for (&r, &v) in served {
                    let parts = &g[m - r..m - r + reach];
                    for (j, w) in words.iter_mut().enumerate() {
                        *w |= bit::<true>(v ^ parts[j * D].wide());
                    }
                }
                self.words = words;
            }
        }
        (self.start, self.len) = (start, end - start);
        self.ends = (rare[start], rare[end - 1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::octal::OctalCode;
    use proptest::prelude::*;

    fn rules(code: &OctalCode, mask: u32, domain: bool) -> Rules<'_> {
        Rules { code, mask, domain, removal_parity: None, top: 64, few_high: false, narrow: true }
    }

    /// The marks `g(r) ⊕ g(m − r)` of the rare heaps `rare[served]`, by the
    /// definition.
    fn marks_by_definition(g: &[u8], rare: &[usize], served: Range<usize>, m: usize) -> Vec<u8> {
        let mut marks = vec![0; 64];
        for &r in &rare[served] {
            marks[(g[r] ^ g[m - r]) as usize] = 1;
        }
        marks
    }

    /// Asks the tile for the sizes `sizes` in turn and checks each answer: the
    /// rare heaps served lie below `m`, their parts are known, and the marks
    /// are the definition's. Returns how many sizes had marks.
    fn check_sizes(
        tile: &mut RareTile,
        g: &[u8],
        rare: &[usize],
        rules: &Rules<'_>,
        sizes: &[usize],
    ) -> usize {
        check_kind(tile, g, rare, rules, sizes, Kind::Bytes(64), 1)
    }

    /// [`check_sizes`] with the tile's marks of `kind`.
    fn check_kind(
        tile: &mut RareTile,
        g: &[u8],
        rare: &[usize],
        rules: &Rules<'_>,
        sizes: &[usize],
        kind: Kind,
        step: usize,
    ) -> usize {
        let values: Vec<u32> = rare.iter().map(|&r| u32::from(g[r])).collect();
        let view = View { g, rare, rare_values: &values };
        let mut served_sizes = 0;
        for &m in sizes {
            if let Some((served, marks)) = tile.marks(view, rules, m, kind, step) {
                served_sizes += 1;
                assert!(served.end <= count_below(rare, m), "size {m}");
                assert!(rare[served.clone()].iter().all(|&r| r >= 1 && m - r < g.len()), "size {m}");
                let want = marks_by_definition(g, rare, served, m);
                assert_eq!(
                    matches!(marks, SizeMarks::Word(_)),
                    kind == Kind::Word,
                    "size {m}: the kind asked"
                );
                match marks {
                    SizeMarks::Bytes(marks) => assert_eq!(marks, &want[..], "size {m}"),
                    SizeMarks::Word(word) => {
                        let bits = want.iter().enumerate().fold(0u64, |w, (x, &b)| w | (u64::from(b) << x));
                        assert_eq!(word, bits, "size {m}");
                    }
                }
            }
        }
        served_sizes
    }

    /// `0.6`, 300 values below 61 and 40 rare heaps spread below 200.
    fn sample() -> (OctalCode, Vec<u8>, Vec<usize>) {
        let g = (0..300u32).map(|i| (i * 7 % 61) as u8).collect();
        (OctalCode::parse("0.6").unwrap(), g, spread(3, 40, 200))
    }

    /// A rare list of `count` heaps spread below `len`, from `first` on.
    fn spread(first: usize, count: usize, len: usize) -> Vec<usize> {
        (0..count).map(|i| first + i * (len - first) / count).collect()
    }

    proptest! {
        /// Tables of every size ([`TABLE_BYTES`]): 16-bit values below each
        /// bound, a tile's marks of every size those of the definition.
        #[test]
        fn tables_of_every_size_mark_the_definition(
            seed in any::<u64>(),
            class in 0usize..4,
            step in 1..=MAX_STEP,
        ) {
            let code = OctalCode::parse("0.6").unwrap();
            let bound = [64, 1024, 2048, 8192][class];
            let mut x = seed | 1;
            let g: Vec<u16> = (0..400)
                .map(|_| {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    (x >> 40) as u16 % bound as u16
                })
                .collect();
            let rare = spread(1, 60, 300);
            let values: Vec<u32> = rare.iter().map(|&r| u32::from(g[r])).collect();
            let view = View { g: &g, rare: &rare, rare_values: &values };
            let rules = rules(&code, 1, false);
            let mut tile = RareTile::default();
            let mut served_sizes = 0;
            for m in (300..399).step_by(step) {
                if let Some((served, SizeMarks::Bytes(marks))) = tile.marks(view, &rules, m, Kind::Bytes(bound), step) {
                    served_sizes += 1;
                    let mut want = vec![0u8; bound];
                    for &r in &rare[served] {
                        want[usize::from(g[r] ^ g[m - r])] = 1;
                    }
                    prop_assert_eq!(marks, &want[..], "size {}", m);
                }
            }
            prop_assert!(served_sizes > 0);
        }

        /// Sizes asked one after another, or `d` apart as a thread of `d`
        /// takes them, are served by tiles whose marks are those of the
        /// definition, every part known.
        #[test]
        fn tile_marks_are_the_definition(
            g in prop::collection::vec(0u8..32, 80..200),
            picks in prop::collection::vec(any::<prop::sample::Index>(), 8..60),
            from in 0usize..120,
            step in 1..=MAX_STEP,
        ) {
            let code = OctalCode::parse("0.6").unwrap();
            let len = g.len();
            let mut rare: Vec<usize> = picks.iter().map(|i| 1 + i.index(len - 1)).collect();
            rare.sort_unstable();
            rare.dedup();
            let sizes: Vec<usize> = (len - 1 - from.min(len - 2)..len).step_by(step).collect();
            for kind in [Kind::Bytes(64), Kind::Word] {
                let mut tile = RareTile::default();
                check_kind(&mut tile, &g, &rare, &rules(&code, 1, false), &sizes, kind, step);
            }
        }
    }

    /// Sizes one after another are served from the second on; a size far
    /// from the last one asked (a single heap) builds no tile.
    #[test]
    fn tiles_serve_sizes_that_follow_each_other() {
        let (code, g, rare) = sample();
        let r = rules(&code, 1, false);
        let mut tile = RareTile::default();
        let sizes: Vec<usize> = (200..260).collect();
        assert_eq!(check_sizes(&mut tile, &g, &rare, &r, &sizes), 59);
        let mut tile = RareTile::default();
        assert_eq!(check_sizes(&mut tile, &g, &rare, &r, &[100, 150, 200, 250]), 0);
        // a step of two (a heap asking for two sizes) is served too, by
        // tiles of step one or two (two threads)
        let every_other: Vec<usize> = (200..260).step_by(2).collect();
        for step in [1, 2] {
            let mut tile = RareTile::default();
            assert_eq!(check_kind(&mut tile, &g, &rare, &r, &every_other, Kind::Bytes(64), step), 29);
        }
    }

    /// A tile of step `d` serves the sizes `d` apart from its first, and is
    /// made again for a size between them, or asked with another step.
    #[test]
    fn a_tile_serves_the_sizes_of_its_step() {
        let (code, g, rare) = sample();
        let r = rules(&code, 1, false);
        let bytes = Kind::Bytes(64);
        let mut tile = RareTile::default();
        assert_eq!(check_kind(&mut tile, &g, &rare, &r, &[200, 203], bytes, 3), 1);
        assert_eq!((tile.first, tile.step), (203, 3));
        // on the grid: the same tile
        assert_eq!(check_kind(&mut tile, &g, &rare, &r, &[206, 248], bytes, 3), 2);
        assert_eq!(tile.first, 203);
        // past its sixteen sizes, off the grid, or another step: another
        assert_eq!(check_kind(&mut tile, &g, &rare, &r, &[251], bytes, 3), 1);
        assert_eq!(tile.first, 251);
        assert_eq!(check_kind(&mut tile, &g, &rare, &r, &[252], bytes, 3), 1);
        assert_eq!(tile.first, 252);
        assert_eq!(check_kind(&mut tile, &g, &rare, &r, &[254], bytes, 2), 1);
        assert_eq!((tile.first, tile.step), (254, 2));
    }

    /// A tile of bytes does not serve words, nor words bytes: asked for the
    /// other kind, the tile is made again.
    #[test]
    fn a_tile_serves_the_kind_it_was_made_of() {
        let (code, g, rare) = sample();
        let r = rules(&code, 1, false);
        let mut tile = RareTile::default();
        assert_eq!(check_kind(&mut tile, &g, &rare, &r, &[199, 200, 201], Kind::Bytes(64), 1), 2);
        assert_eq!(check_kind(&mut tile, &g, &rare, &r, &[202, 203], Kind::Word, 1), 2);
        assert_eq!(check_kind(&mut tile, &g, &rare, &r, &[204], Kind::Bytes(64), 1), 1);
    }

    /// A tile is built again when the split or the rare list changes under
    /// it: another mask or domain (the list rebuilt: here one of the same
    /// length and ends, another heap in the middle), or the same split with
    /// a list shifted by one (heap 0 kept by one list, not the other) or
    /// with another last heap.
    #[test]
    fn a_changed_split_or_rare_list_builds_the_tile_again() {
        let code = OctalCode::parse("0.6").unwrap();
        // few rare heaps and distinct values: every list has its own marks
        let mut x = 5u32;
        let g: Vec<u8> = (0..300)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (x >> 16) as u8 % 64
            })
            .collect();
        let a = spread(2, 12, 190);
        let shifted: Vec<usize> = std::iter::once(1).chain(a.iter().copied()).collect();
        let (mut middle, mut last) = (a.clone(), a.clone());
        middle[6] += 1;
        *last.last_mut().unwrap() += 1;
        assert!(middle[6] < middle[7] && last[10] < last[11] && last[11] < 199);
        let first = [199, 200, 201];
        for (list, mask, domain) in
            [(&middle, 2, false), (&middle, 1, true), (&shifted, 1, false), (&last, 1, false)]
        {
            // the lists' marks differ at the next sizes, over the same indices
            for m in [202, 203] {
                let (new, old) = (
                    marks_by_definition(&g, list, 0..a.len(), m),
                    marks_by_definition(&g, &a, 0..a.len(), m),
                );
                assert_ne!(new, old, "{list:?}");
            }
            let mut tile = RareTile::default();
            assert_eq!(check_sizes(&mut tile, &g, &a, &rules(&code, 1, false), &first), 2);
            // the next sizes of the same tile, under the new list and split
            let served = check_sizes(&mut tile, &g, list, &rules(&code, mask, domain), &[202, 203]);
            assert_eq!(served, 2, "{list:?} {mask} {domain}");
        }
    }
}
