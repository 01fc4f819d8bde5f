//! Take-and-break codes ([`OctalCode`]) as a heap family: their options
//! (digits and split sizes), the cost model of their engines (the rare-value
//! engine [`RareValues`], or the repeating-group engine), and the
//! Guy–Smith-style certificate ([`OctalCode::certificate_length`]).

use super::HeapFamily;
use crate::count::Context;
use crate::error::Error;
use crate::heap::group::GroupValues;
use crate::heap::{Analysis, OctalCode, RareValues, Search};

impl HeapFamily for OctalCode {
    fn describe(&self) -> String {
        match self.is_octal() {
            true => format!("octal {}", self.text()),
            false => format!("code {}", self.text()),
        }
    }

    fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, Error> {
        Ok(code_options(self, n))
    }

    /// The moves that leave at most one heap, per value, and the splits that
    /// no shortcut covers (a repeating group's; three-heap splits, whose
    /// estimate computes the first few hundred values to see how fast they
    /// grow).
    fn linear_work(&self, len: usize) -> f64 {
        if self.counts_up() {
            // certified at 64 values, the rest filled in
            return len.min(64) as f64 * 4.0 + len as f64;
        }
        if self.group().is_some() && self.as_all_but().is_none() {
            return group_work(self, len as f64);
        }
        let rules = match self.max_removal() {
            Some(t) => t as f64 + 1.0,
            None => self.written().len() as f64 + self.group().map_or(1, |g| g.1.len()) as f64,
        };
        // a group's splits of every size (`len/2` pairs per value)
        let group_splits = self.group().is_some() && self.splits();
        let per_value = rules + if group_splits { len as f64 / 2.0 } else { 0.0 };
        // three-heap splits, which no shortcut covers
        per_value * len as f64 + triple_work(self, len as f64)
    }

    fn certificate_length(&self, e: usize, p: usize) -> Option<usize> {
        OctalCode::certificate_length(self, e, p)
    }

    /// `t`, the index of the last digit, for a finite code without `!`
    /// (bit 8) or a repeating group: the scope of Theorem P.
    fn misere_removal(&self) -> Option<usize> {
        let finite = self.is_octal() && !self.written().iter().any(|d| d.bits & 8 != 0);
        if finite { self.max_removal() } else { None }
    }

    fn all_but(&self) -> Option<Vec<u64>> {
        self.as_all_but()
    }

    fn counts_up(&self) -> bool {
        OctalCode::counts_up(self)
    }

    fn as_code(&self) -> Option<OctalCode> {
        Some(self.clone())
    }

    fn direct_only(&self) -> bool {
        self.group().is_some() && self.as_all_but().is_none() && !self.counts_up()
    }

    fn search(&self, search: Search<'_, '_>, ctx: &mut Context<'_>) -> Result<Analysis, Error> {
        match self.group() {
            Some(_) => search.on(self, GroupValues::new(self), ctx),
            None => {
                let threads = search.threads();
                search.on(self, RareValues::new(self).with_threads(threads), ctx)
            }
        }
    }
}

/// The options of heap `n` of a code: digit bit 1 (`k = n`: nothing left), 2
/// (`k < n`: one heap), 4 and 8 (two or three nonempty heaps, pairwise
/// different under `!`), `k` tokens removed.
fn code_options(code: &OctalCode, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let reach = code.max_removal().map_or(n, |t| (t as u64).min(n));
    for k in 1..=reach {
        let d = code.digit(k as usize);
        if k == n && d & 1 != 0 {
            out.push(vec![]);
        }
        if k < n && d & 2 != 0 {
            out.push(vec![n - k]);
        }
    }
    for (m, distinct) in code.split_sizes(n as usize) {
        let m = m as u64;
        out.extend((1..=m / 2).filter(|&a| !distinct || 2 * a != m).map(|a| vec![a, m - a]));
    }
    for (m, distinct) in code.triple_sizes(n as usize) {
        let m = m as u64;
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                let c = m - a - b;
                if !distinct || (a != b && b != c) {
                    out.push(vec![a, b, c]);
                }
            }
        }
    }
    out
}

/// The mex steps of the first `len` values of a code with a repeating group
/// (other than an `all-but` set), counted as [`group::GroupValues`] spends
/// them: heap `n` costs `a + b·n + c·n²`, so `len` values cost
/// `a·len + b·len²/2 + c·len³/3`.
///
/// The bit sets of split values have about `W = n/64` words at heap `n`: the
/// values of these games grow like the heap sizes (the group's moves that
/// leave one heap reach a value of every heap in a residue class, so the
/// values are distinct there). Per heap `n`, the moves that leave at most
/// one heap cost one step per digit; a two-heap split of `n − k` (a written
/// digit, or once per kind of group digit) inserts `n/2` values at 2 steps;
/// a three-heap split translates `n` pair sets of `W` words at 3 steps a word
/// and 6 a set (`3n²/64 + 6n`), or lists `n²/12` triples of different parts
/// under `!` (2 steps each); the group's split set is merged into each view
/// at 2 steps a word.
fn group_work(c: &OctalCode, len: f64) -> f64 {
    let group = c.group().map_or(&[][..], |g| g.1);
    let (a, mut b, mut cc) = ((c.written().len() + group.len() + 1) as f64, 0.0, 0.0);
    let mut pairs_built = false;
    let mut split = |bits: u8, distinct: bool, views: f64| {
        if bits & 4 != 0 {
            b += 1.0 + 2.0 * views / 64.0;
        }
        if bits & 8 != 0 {
            if distinct {
                cc += 1.0 / 6.0;
            } else {
                cc += 3.0 / 64.0;
                b += 6.0;
                if !pairs_built {
                    b += 1.5;
                    pairs_built = true;
                }
            }
            b += 2.0 * views / 64.0;
        }
    };
    for d in c.written() {
        split(d.bits, d.distinct, 0.0);
    }
    let mut kinds: Vec<(u8, bool)> = Vec::new();
    for d in group {
        for bit in [4u8, 8] {
            if d.bits & bit != 0 && !kinds.contains(&(bit, d.distinct)) {
                kinds.push((bit, d.distinct));
            }
        }
    }
    for (bit, distinct) in kinds {
        let views = group.iter().filter(|d| d.bits & bit != 0 && d.distinct == distinct).count();
        split(bit, distinct, views as f64);
    }
    a * len + b * len * len / 2.0 + cc * len * len * len / 3.0
}

/// The most steps a probe of [`triple_work`] spends.
const PROBE_WORK: f64 = 1.0e7;

/// The steps of the three-heap splits of the first `len` values of a code
/// without a repeating group, counted as `bits::TripleSplits` spends them.
///
/// A split of `m` translates the pair sets of the heaps `j < m` at 3 steps a
/// word and 6 a set; a pair set holds XORs of values below `2^bits(v)`, `v`
/// the largest value so far, in a power of two of words, at most
/// `2v/64`. With values growing like `ρ·j` that is `Σ_j 3·2ρj/64 + 6 =
/// 3ρm²/64 + 6m` a split, so `ρ·len³/64 + 3·len²` for each digit with 8
/// over the first `len` heaps, plus the pair sets built once (`3j/2` each,
/// `3·len²/4`). Under `!` the triples `a < b < c` of `m` are listed, `m/2`
/// steps for each `a <= m/3`: `m²/6`, so `len³/18` for each such digit.
///
/// `ρ` is measured on the first values (as many as [`PROBE_WORK`] steps
/// compute, at most 512): their largest over their number, at least `1/16`
/// (codes whose values grow like the heap sizes have `ρ` near 1, `0.08`
/// about `1/4`). Measured: within 25 % of the work counted on `0.08` at 8000
/// values, `0.8` at 4000 and a code of 100 `F` digits at 2048.
fn triple_work(c: &OctalCode, len: f64) -> f64 {
    let (mut plain, mut distinct) = (0.0f64, 0.0f64);
    for d in c.written().iter().filter(|d| d.bits & 8 != 0) {
        *(if d.distinct { &mut distinct } else { &mut plain }) += 1.0;
    }
    let listed = distinct * len.powi(3) / 18.0;
    if plain == 0.0 {
        return listed;
    }
    let probe = (64.0 * PROBE_WORK / plain).cbrt().min(512.0).min(len).max(1.0) as usize;
    let mut values = RareValues::new(c).with_threads(1);
    values.extend_to(probe);
    let top = values.values().iter().max().unwrap_or(0);
    let growth = (top as f64 / probe as f64).max(1.0 / 16.0);
    listed + plain * (growth * len.powi(3) / 64.0 + 3.0 * len * len) + 0.75 * len * len
}
