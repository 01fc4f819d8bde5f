//! One thread's marks of the values a heap's options reach: bytes of a
//! table cleared for each heap while the values are small, else a stamp
//! table; and the buffers reused from heap to heap.

use super::SMALL;
use super::rare_tile::RareTile;
use crate::heap::bits::{BitSet, TripleSplits};
use crate::heap::mex::Mex;

/// One thread's marks of the values reached from the heap it computes, and
/// its buffers, reused from heap to heap.
#[derive(Clone, Debug)]
pub(in crate::heap) struct Scratch {
    /// Whether the marks of the current heap are the bytes of `seen`
    /// ([`super::Rules::small`]), else the stamp table.
    pub(super) small: bool,
    pub(super) seen: Box<[u8; SMALL]>,
    stamp: Vec<u32>,
    epoch: u32,
    /// The three-heap splits (marked in full before the two-heap ones).
    pub(super) triples: TripleSplits,
    pub(super) triple_values: BitSet,
    pub(super) sizes: Vec<(usize, bool)>,
    pub(super) cursor: Vec<usize>,
    /// Heaps whose remaining pairs were marked at once ([`super::HeapMex::mark_the_rest`]).
    pub(in crate::heap) rests: u64,
    /// The mex of a game that never splits ([`super::single_heap_mex`]).
    pub(super) mex: Mex,
    /// The rare splits of the next few split sizes ([`super::rare_tile`]).
    pub(super) tile: RareTile,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            small: false,
            seen: Box::new([0; SMALL]),
            stamp: Vec::new(),
            epoch: 0,
            triples: TripleSplits::default(),
            triple_values: BitSet::default(),
            sizes: Vec::new(),
            cursor: Vec::new(),
            rests: 0,
            mex: Mex::new(),
            tile: RareTile::default(),
        }
    }
}

impl Scratch {
    /// Clears the marks for a new heap whose values are below `top`: every
    /// value marked is an XOR of two of them, below the power of two `2^b >=
    /// top`, and the candidates read reach `2^b` at most, so the bytes up to
    /// `2^(b+1)` are cleared (all of them once, the bound only grows).
    #[inline]
    pub(super) fn begin(&mut self, small: bool, top: usize) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // wrapped: clear every stamp; 0 is never a live epoch
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        if small && !self.small {
            // the bytes were not in use: clear them all
            self.seen.fill(0);
        }
        self.small = small;
        if small {
            // in whole blocks of 64 bytes (stores the compiler writes out, not
            // a call of `memset` for a few bytes)
            let bound = (2 * top.max(1).next_power_of_two()).clamp(64, SMALL);
            for block in self.seen[..bound].chunks_exact_mut(64) {
                block.fill(0);
            }
        }
    }

    pub(super) fn mark(&mut self, v: u32) {
        if self.small && (v as usize) < SMALL {
            self.seen[v as usize] = 1;
            return;
        }
        let v = v as usize;
        if v >= self.stamp.len() {
            self.stamp.resize(v + 1, 0);
        }
        self.stamp[v] = self.epoch;
    }

    /// The least `y >= x` not marked: while the marks are bytes, a loop of
    /// one load and one compare a value.
    #[inline]
    pub(super) fn first_unmarked(&self, mut x: u32) -> u32 {
        if self.small {
            while (x as usize) < SMALL && self.seen[x as usize] != 0 {
                x += 1;
            }
        }
        while self.marked(x) {
            x += 1;
        }
        x
    }

    pub(super) fn marked(&self, v: u32) -> bool {
        match self.small && (v as usize) < SMALL {
            true => self.seen[v as usize] != 0,
            false => self.stamp.get(v as usize) == Some(&self.epoch),
        }
    }
}
