//! Codes with a repeating group (`0.[3]`, `0.1[3]`, `4.[7]`, `all-but` sets):
//! moves remove any number of tokens, and each value is kept up to date
//! instead of recomputed.
//!
//! Let the group of length `L` start at `k = s₀`. A move removing `k >= s₀`
//! tokens from heap `n` acts on `m = n − k <= n − s₀` (take the whole heap when
//! `m = 0`, leave heap `m`, or split `m` in two or three) as the group digit at
//! position `j = (k − s₀) mod L` allows. Since `n − s₀ − m ≡ j (mod L)`, the
//! values that these moves reach from every heap `n` with `(n − s₀) mod L = r`
//! form one growing set `V_r`: heap `m` adds its contribution for digit `j` to
//! `V_{(m + j) mod L}` once, when `n − s₀` first reaches `m`. So heap `n`
//! costs the contribution of the single new `m = n − s₀` (one value for
//! moves leaving at most one heap, `m/2` pairs for two-heap splits, the
//! three-heap splits of [`super::bits`]) to at most `L` sets, plus the moves of
//! the written digits before the group; the mex of `V_r` and those few values
//! starts from the smallest value missing from `V_r`, which only grows. Nim
//! (`0.[3]`) and `all-but` sets cost `O(L + s₀)` per value.

use super::bits::{BitSet, TripleSplits, add_pairs};
use super::octal::{Digit, OctalCode};

/// The resumable computation of the values of a code with a group.
pub(crate) struct GroupValues<'a> {
    code: &'a OctalCode,
    start: usize,
    group: Vec<Digit>,
    pub(crate) g: Vec<u32>,
    /// `views[r]`: every value reached by the group's moves from a heap `n`
    /// with `(n − s₀) mod L = r`.
    views: Vec<BitSet>,
    /// The smallest value missing from each view.
    low: Vec<u32>,
    triples: TripleSplits,
    scratch: BitSet,
    /// The values of the written digits' moves from the current heap.
    written: BitSet,
    pub(crate) work: u64,
}

/// Work units of one value inserted into a set.
const INSERT_COST: u64 = 2;

impl<'a> GroupValues<'a> {
    /// Starts the sequence; `code` must have a group (else there is nothing to
    /// repeat and every view stays empty, which is still exact).
    pub(crate) fn new(code: &'a OctalCode) -> Self {
        let (start, group) = match code.group() {
            Some((s, g)) => (s, g.to_vec()),
            None => (usize::MAX, vec![Digit::default()]),
        };
        let len = group.len();
        GroupValues {
            code,
            start,
            group,
            g: Vec::new(),
            views: vec![BitSet::default(); len],
            low: vec![0; len],
            triples: TripleSplits::default(),
            scratch: BitSet::default(),
            written: BitSet::default(),
            work: 0,
        }
    }

    /// Adds heap `m`'s contributions to the views.
    fn add_to_views(&mut self, m: usize) {
        let len = self.group.len();
        let mut kinds: Vec<(u8, bool)> = Vec::new();
        for d in &self.group {
            for bit in [1u8, 2, 4, 8] {
                if d.bits & bit != 0 && !kinds.contains(&(bit, d.distinct && bit >= 4)) {
                    kinds.push((bit, d.distinct && bit >= 4));
                }
            }
        }
        for (bit, distinct) in kinds {
            let targets = self
                .group
                .iter()
                .enumerate()
                .filter(|(_, d)| d.bits & bit != 0 && (d.distinct && bit >= 4) == distinct);
            let views: Vec<usize> = targets.map(|(j, _)| (m + j) % len).collect();
            let single = match bit {
                1 => (m == 0).then_some(0),
                2 => (m >= 1).then(|| self.g[m]),
                _ => None,
            };
            if bit <= 2 {
                // one value: straight into the views
                if let Some(v) = single {
                    views.iter().for_each(|&r| self.views[r].insert(v));
                }
                self.work += views.len() as u64;
                continue;
            }
            let mut set = std::mem::take(&mut self.scratch);
            set.clear();
            match bit {
                4 if m >= 2 => self.work += INSERT_COST * add_pairs(&self.g, m, distinct, &mut set),
                8 if m >= 3 => self.work += self.triples.add(&self.g, m, distinct, &mut set),
                _ => {}
            }
            for &r in &views {
                self.work += 2 * set.words().len() as u64;
                self.views[r].union_translated(set.words(), 0);
            }
            self.scratch = set;
        }
    }

    /// The values reached by the written digits before the group (`k < s₀`),
    /// as a bit set (a sorted list of the `n/2` values of a split cost a sort
    /// per heap, more than the splits themselves).
    fn written_values(&mut self, n: usize) -> BitSet {
        let code = self.code;
        let top = self.start.min(code.written().len()).min(n + 1);
        let mut set = std::mem::take(&mut self.written);
        set.clear();
        self.work += set.words().len() as u64;
        for k in 0..top {
            let d = code.written()[k];
            if k >= 1 && k == n && d.bits & 1 != 0 {
                set.insert(0);
            }
            if k >= 1 && k < n && d.bits & 2 != 0 {
                set.insert(self.g[n - k]);
            }
            if d.bits & 4 != 0 && n >= k + 2 {
                self.work += INSERT_COST * add_pairs(&self.g, n - k, d.distinct, &mut set);
            }
            if d.bits & 8 != 0 && n >= k + 3 {
                self.work += self.triples.add(&self.g, n - k, d.distinct, &mut set);
            }
        }
        self.work += top as u64 + 1;
        set
    }

    /// Computes `g(len)`.
    /// Appends `g(len)` known from elsewhere (a saved run), updating the
    /// views as [`GroupValues::push_next`] would.
    pub(crate) fn push_known(&mut self, v: u32) {
        let n = self.g.len();
        if n >= self.start {
            self.add_to_views(n - self.start);
        }
        self.g.push(v);
    }

    pub(crate) fn push_next(&mut self) -> Result<(), crate::error::Error> {
        let n = self.g.len();
        let written = self.written_values(n);
        let value = if n >= self.start {
            let m = n - self.start;
            self.add_to_views(m);
            let r = m % self.group.len();
            let view = &self.views[r];
            self.low[r] = view.next_absent(self.low[r]);
            let mut v = self.low[r];
            loop {
                v = view.next_absent(v);
                self.work += 1;
                if written.contains(v) {
                    v += 1;
                } else {
                    break v;
                }
            }
        } else {
            written.next_absent(0)
        };
        self.written = written;
        self.g.push(value);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_definition() {
        for code in [
            "0.[3]",
            "0.[7]",
            "0.1[3]",
            "0.[37]",
            "4.[3]",
            "0.[2]",
            "0.[1]",
            "0.[4]",
            "0.[4!]",
            "0.[8]",
            "0.3[F]",
            "4!.[3]",
            "0.[23]",
            "0.5[06]",
            "0.[8!]",
            "8.[3]",
            "0.0303[3]",
            "C.[12]",
            "0.[333]",
        ] {
            let c = OctalCode::parse(code).unwrap();
            let mut seq = GroupValues::new(&c);
            for _ in 0..60 {
                seq.push_next().unwrap();
            }
            assert_eq!(seq.g, c.values_quadratic(60), "{code}");
        }
    }
}
