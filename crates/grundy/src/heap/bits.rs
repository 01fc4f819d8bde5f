//! Sets of nim-values as bit sets, and the XOR sets of heap splits built from them.
//!
//! A three-heap split of `m` reaches `g(a) ⊕ g(b) ⊕ g(c)` for `a + b + c = m`.
//! The order of the parts does not change the value, so the reachable set is
//! `T(m) = ∪_{a=1}^{m−2} (g(a) ⊕ P(m − a))`, where `P(j)` is the set of values
//! of the two-heap splits of `j` (equal parts allowed). Each `P(j)` is built
//! once, in `O(j)`, and translating a bit set by `⊕ v` permutes its words and
//! the bits inside each word, so `T(m)` costs `O(m)` word operations instead of
//! the `O(m²)` triples. Under `!` (parts pairwise different) the union has no
//! such form, and the triples `a < b < c` are listed one by one.

/// A growable set of nonnegative values.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    pub(crate) fn insert(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize((w + 1).next_power_of_two(), 0);
        }
        self.words[w] |= 1u64 << (v & 63);
    }

    /// Whether `v` is in the set.
    pub(crate) fn contains(&self, v: u32) -> bool {
        self.words.get((v >> 6) as usize).is_some_and(|w| w >> (v & 63) & 1 == 1)
    }

    /// The smallest value `>= from` not in the set.
    pub(crate) fn next_absent(&self, from: u32) -> u32 {
        let mut w = (from >> 6) as usize;
        let mut word = match self.words.get(w) {
            Some(&x) => x | ((1u64 << (from & 63)) - 1),
            None => return from,
        };
        loop {
            if word != u64::MAX {
                return (w as u32) * 64 + (!word).trailing_zeros();
            }
            w += 1;
            match self.words.get(w) {
                Some(&x) => word = x,
                None => return w as u32 * 64,
            }
        }
    }

    /// The words, a power of two of them (or none).
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    pub(crate) fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Adds `{x ⊕ v : x ∈ other}`.
    pub(crate) fn union_translated(&mut self, other: &[u64], v: u32) {
        if other.is_empty() {
            return;
        }
        let hi = (v >> 6) as usize;
        let need = (other.len().max(hi + 1)).next_power_of_two();
        if self.words.len() < need {
            self.words.resize(need, 0);
        }
        for (i, &x) in other.iter().enumerate() {
            if x != 0 {
                self.words[i ^ hi] |= xor_permute(x, v & 63);
            }
        }
    }

    /// The values in the set, ascending.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    i as u32 * 64 + b
                })
            })
        })
    }
}

/// The word `x` with bit `i` moved to bit `i ⊕ v` (`v < 64`).
pub(crate) fn xor_permute(mut x: u64, v: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (i, &m) in MASKS.iter().enumerate() {
        if v >> i & 1 == 1 {
            let s = 1 << i;
            x = ((x & m) << s) | ((x >> s) & m);
        }
    }
    x
}

/// The values of three-heap splits, for one sequence as it grows.
#[derive(Clone, Debug, Default)]
pub(crate) struct TripleSplits {
    /// `pairs[j]`: the values of the two-heap splits of `j` (equal parts allowed).
    pairs: Vec<BitSet>,
}

impl TripleSplits {
    /// Adds to `out` the values of the three-heap splits of `m` (`g` known
    /// below `m`), returning the work spent in units of about a nanosecond.
    pub(crate) fn add<T: Copy + Into<u32>>(
        &mut self,
        g: &[T],
        m: usize,
        distinct: bool,
        out: &mut BitSet,
    ) -> u64 {
        let g = |i: usize| -> u32 { g[i].into() };
        if distinct {
            let mut work = 0;
            for a in 1..=m / 3 {
                for b in a + 1..=(m - a - 1) / 2 {
                    let c = m - a - b;
                    if b < c {
                        out.insert(g(a) ^ g(b) ^ g(c));
                    }
                }
                work += (m / 2) as u64;
            }
            return work;
        }
        let mut work = 0;
        while self.pairs.len() < m {
            let j = self.pairs.len();
            let mut set = BitSet::default();
            for a in 1..=j / 2 {
                set.insert(g(a) ^ g(j - a));
            }
            work += 3 * (j / 2) as u64;
            self.pairs.push(set);
        }
        for a in 1..m.saturating_sub(1) {
            let p = self.pairs[m - a].words();
            out.union_translated(p, g(a));
            work += 3 * p.len() as u64 + 6;
        }
        work
    }
}

/// Adds to `out` the values of the two-heap splits of `m`; the work spent.
pub(crate) fn add_pairs(g: &[u32], m: usize, distinct: bool, out: &mut BitSet) -> u64 {
    let top = if distinct { (m - 1) / 2 } else { m / 2 };
    for a in 1..=top {
        out.insert(g[a] ^ g[m - a]);
    }
    top as u64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn translation_matches_the_definition(values in prop::collection::vec(0u32..300, 0..40), v in 0u32..300) {
            let mut set = BitSet::default();
            values.iter().for_each(|&x| set.insert(x));
            let mut out = BitSet::default();
            out.union_translated(set.words(), v);
            let mut want: Vec<u32> = values.iter().map(|&x| x ^ v).collect();
            want.sort_unstable();
            want.dedup();
            prop_assert_eq!(out.iter().collect::<Vec<_>>(), want);
        }

        #[test]
        fn triples_match_the_definition(g in prop::collection::vec(0u32..70, 3..40), distinct in any::<bool>()) {
            let m = g.len();
            let mut t = TripleSplits::default();
            let mut out = BitSet::default();
            t.add(&g, m, distinct, &mut out);
            let mut want = Vec::new();
            for a in 1..m {
                for b in 1..m {
                    if a + b < m {
                        let c = m - a - b;
                        if !distinct || (a != b && b != c && a != c) {
                            want.push(g[a] ^ g[b] ^ g[c]);
                        }
                    }
                }
            }
            want.sort_unstable();
            want.dedup();
            prop_assert_eq!(out.iter().collect::<Vec<_>>(), want);
        }

        #[test]
        fn next_absent_skips_runs(values in prop::collection::vec(0u32..200, 0..150), from in 0u32..220) {
            let mut set = BitSet::default();
            values.iter().for_each(|&x| set.insert(x));
            let want = (from..).find(|x| !values.contains(x)).unwrap();
            prop_assert_eq!(set.next_absent(from), want);
        }
    }
}
