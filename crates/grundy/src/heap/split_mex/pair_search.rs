//! Finding a candidate among all the pairs of a heap's splits: the vector
//! search in narrow lanes, or, for a game without a sparse set and without
//! narrow lanes, the plain mex of every pair.

use super::word_bits::xor_mask;
use super::{HeapMex, PAIRS_PER_UNIT, Prefix, half};
use crate::heap::lanes::Lane;
use crate::heap::pair_scan;

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
