//! Finding a candidate among all the pairs of a heap's splits: the vector
//! search in narrow lanes, or, for a game without a sparse set and without
//! narrow lanes, the plain mex of every pair.

use super::word_bits::xor_mask;
use super::{HeapMex, PAIRS_PER_UNIT, Prefix, SEARCH_BEFORE_MARKING, half};
use crate::heap::lanes::Lane;
use crate::heap::pair_scan;

/// Candidates searched at once by [`HeapMex::search_joint`].
const JOINT: usize = 4;

/// The least candidate of a joint search, once past `1 / PATIENCE` of its
/// round with no pair reaching it, is searched alone
/// ([`HeapMex::search_joint`]).
const PATIENCE: usize = 4;

impl<T: Lane, P: Prefix<T>> HeapMex<'_, '_, T, P> {
    /// Whether some pair not marked yet (from the cursors on) reaches `x`,
    /// searched in narrow lanes ([`pair_scan::reaches`]; the XOR of two lanes
    /// is a lane, so a wider `x` is reached by none). The pairs a cursor has
    /// passed are marked, and `x` is not, so none of them reaches it: the
    /// search starts at the cursors. Below a cursor's start there are only
    /// the late pairs of the byte table (word marks start at the first
    /// pair): those are marked when the heap is resolved, which every
    /// candidate found by no search is before it is returned, so they are
    /// never searched. (From the first early pair, as the byte table's
    /// search did until session 46, every search read the warm pairs again:
    /// `0.6` at `10^6` and `0.007` at `2·10^5` ran 8–9 % slower.)
    pub(super) fn search_unmarked(&mut self, x: u32, sizes: &[(usize, bool)], cursor: &[usize]) -> bool {
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

    /// The joint search ([`JOINT`]) of the candidates from `x` on, for a
    /// code with one split size `size = (m, distinct)` whose pairs from the
    /// part `c` on are not marked: the least candidate that none of those
    /// pairs reaches, every unmarked candidate below it found and marked;
    /// `None` if no candidate taken is unreached, or if the searches pass
    /// the rent-or-buy bound ([`SEARCH_BEFORE_MARKING`]) first (the rest is
    /// then marked, and the candidates in flight are left undecided).
    ///
    /// The candidates are the unmarked values from `x` up, in order, but for
    /// a sparse set none from the first one the rare splits decide on (that
    /// one is the value unless a smaller candidate is). Each takes a slot,
    /// starts at the block of pairs being read and goes round the pairs at
    /// most once, cyclically: found, it is marked and its slot takes the
    /// next candidate; round with no pair reaching it, it is *unreached*,
    /// and every candidate above it is dropped (the mex is at most it). A
    /// candidate below an unreached one was taken no later, so it is
    /// decided by then too. Each candidate examines at most one round of
    /// pairs, as its own search would, and the pairs are read, reversed and
    /// XORed once for all the slots ([`pair_scan::block_hits`]).
    ///
    /// A least candidate past `1 / PATIENCE` of its round unreached
    /// ([`PATIENCE`]) is searched alone (the others are taken again after it):
    /// it is likely the value, whose round the others would only slow.
    ///
    /// Measured (medians of three interleaved runs, CPU seconds, one
    /// thread, session 49): `0.007` at `2·10^5` 3.83 against 4.46 with one
    /// candidate a pass, `0.004` at `3·10^5` 13.69 against 15.01; without
    /// the patience `0.6` at `10^6` ran 3.04 against 2.99 (the value's round
    /// beside three others), with it 2.98; eight slots were no faster than
    /// four.
    pub(super) fn search_joint(
        &mut self,
        x: u32,
        size: (usize, bool),
        c: usize,
        sparse: bool,
        left: u64,
    ) -> Option<u32> {
        let (m, distinct) = size;
        let sizes = std::slice::from_ref(&size);
        let half = half(m, distinct);
        let g = self.prefix().view().g;
        // the pairs `(lo[i], hi[n − 1 − i])`: the parts `c + i` and `m − c − i`
        let (lo, hi) = (&g[c..=half], &g[m - half..=m - c]);
        let n = lo.len();
        let blocks = n.div_ceil(pair_scan::BLOCK);
        let bound = SEARCH_BEFORE_MARKING[usize::from(sparse)] * left;
        // (candidate, lane, blocks examined)
        let mut slots: Vec<(u32, T, usize)> = Vec::with_capacity(JOINT);
        let mut next = x;
        // no candidate from `limit` on is taken
        let mut limit = u32::MAX;
        let mut unreached = None;
        // whether the least candidate is searched alone
        let mut alone = false;
        let mut t = 0;
        loop {
            alone &= !slots.is_empty();
            while slots.len() < JOINT && !alone {
                let y = self.s.first_unmarked(next);
                if y >= limit {
                    break;
                }
                if sparse && self.rules.decided_by_rare(y, sizes) {
                    limit = y;
                    break;
                }
                let Ok(lane) = T::try_from(y) else {
                    // wider than the lanes: no XOR of two values reaches it
                    (limit, unreached) = (y, Some(y));
                    break;
                };
                slots.push((y, lane, 0));
                next = y + 1;
            }
            if slots.is_empty() {
                return unreached;
            }
            if self.searched >= bound {
                // the rest marked instead: candidates in flight are undecided
                return None;
            }
            let (start, end) = (t * pair_scan::BLOCK, ((t + 1) * pair_scan::BLOCK).min(n));
            let (l, r) = (&lo[start..end], &hi[n - end..n - start]);
            let lane = |k: usize| slots[k.min(slots.len() - 1)].1;
            let hits = match slots.len() {
                1 => [pair_scan::block_hits(l, r, [lane(0)])[0], false, false, false],
                2 => {
                    let [a, b] = pair_scan::block_hits(l, r, [lane(0), lane(1)]);
                    [a, b, false, false]
                }
                _ => pair_scan::block_hits(l, r, [lane(0), lane(1), lane(2), lane(3)]),
            };
            let pairs = ((end - start) * slots.len()) as u64;
            self.work += 1 + pairs / PAIRS_PER_UNIT;
            self.searched += pairs;
            let mut hits = hits.into_iter();
            slots.retain_mut(|(y, _, examined)| {
                if hits.next() == Some(true) {
                    self.s.mark(*y);
                    return false;
                }
                *examined += 1;
                if *examined == blocks {
                    // round the pairs with none reaching it
                    limit = limit.min(*y);
                    unreached = Some(limit);
                    return false;
                }
                true
            });
            slots.retain(|&(y, _, _)| y < limit);
            if slots.len() > 1 && slots[0].2 > blocks / PATIENCE {
                // the least candidate has gone far unreached, and may be the
                // value: alone until it is decided (the others, dropped, are
                // taken again after it)
                next = slots[1].0;
                slots.truncate(1);
                alone = true;
            }
            t = (t + 1) % blocks;
        }
    }

    /// The plain mex over every split, for games without a sparse set. Values
    /// below 64 are collected in a bit mask (a branch-free inner loop), larger
    /// ones in the stamp table.
    pub(super) fn mex_by_full_scan(&mut self, sizes: &[(usize, bool)]) -> u32 {
        let g = self.prefix().view().g;
        let mut small: u64 = 0;
        if self.rules.top <= 64 {
            // Every value, hence every XOR of two, is below 64: a branch-free
            // scan with four independent masks (no loop-carried dependency).
            for &(m, distinct) in sizes {
                let half = half(m, distinct);
                small |= xor_mask::<false, T>(&g[1..=half], &g[m - half..m]);
            }
        } else {
            for &(m, distinct) in sizes {
                let mut big = Vec::new();
                // pairs (a, m − a) for a = 1..=half, without bounds checks
                let half = half(m, distinct);
                for (&l, &r) in g[1..=half].iter().zip(g[m - half..m].iter().rev()) {
                    let x = (l ^ r).wide();
                    if x < 64 {
                        small |= 1u64 << x;
                    } else {
                        big.push(x);
                    }
                }
                for x in big {
                    self.s.mark(x);
                }
            }
        }
        // single-heap moves were marked in the stamp table before the scan
        let mut x = 0u32;
        while (x < 64 && small >> x & 1 == 1) || self.s.marked(x) {
            x += 1;
        }
        x
    }
}
