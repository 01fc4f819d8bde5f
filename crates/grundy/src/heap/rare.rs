//! Nim-values of octal games in near-linear time: the rare/common value split
//! ("sparse space", Winning Ways ch. 4, "Sparse Space Spells Speed").
//!
//! Fix a bit mask `μ` and call a value *odd* when `popcount(v & μ)` is odd and
//! *even* otherwise; parity is additive under XOR. A split of `m` into `a` and
//! `m − a` reaches an odd value only if exactly one part has an even value. Call
//! the heaps with even values *rare* and keep them in a list `R`. Then for heap `n`:
//!
//! * every odd reachable value comes from a move leaving one heap or from a split
//!   with a rare part: enumerating `r ∈ R` finds all of them in `O(|R|)`;
//! * even values below the mex are found by scanning splits from `a = 1` on; such
//!   values are reached by the plentiful odd⊕odd pairs and turn up early, and the
//!   scan only runs to the end when the mex itself is even (a rare heap).
//!
//! Some games (Dawson's chess `0.137` among them) have a sparse set in the
//! *domain* instead (Flammenkamp): when every split removes a number of tokens of
//! one parity, classify heap `a` by `parity(g(a) & μ) ⊕ (a mod 2)`. A split of `m`
//! then reaches `x` with one rare part exactly when `parity(x & μ) ⊕ (m mod 2) = 1`,
//! and the same enumeration applies.
//!
//! The result is exact for every mask and mode; they only decide the speed, and
//! are re-chosen as the sequence doubles to make `R` as small as possible. When a
//! game has few rare heaps (Kayles has finitely many for a suitable mask) the
//! cost is `O(n·|R|)` instead of the `O(n²)` of
//! [`OctalCode::values_quadratic`], which stays as the reference path.
//!
//! Under `!` (Grundy's game `4!.0`) a two-heap split may not leave two equal
//! heaps; that removes only the split `a = m − a`, whose parts are alike (both
//! rare or both common) and whose value `0` is even, so it never decides an odd
//! value: the enumeration skips it and the scans stop one pair earlier.
//! Three-heap splits have no such shortcut: their values are marked in full
//! first (by bit sets, `heap::bits`), and the rare/common split then applies to the
//! two-heap splits as before.
//!
//! The values are kept once, in the narrowest lanes that hold them
//! ([`super::lanes`]): the split scans read them there. The mex of one heap is
//! [`super::split_mex`]; with more than one thread, heaps whose work is
//! large enough are computed several at once (`heap/pipeline.rs`), with the
//! same values and the same work counted.

use super::lanes::{Lane, LaneVec, Lanes, Owned};
use super::octal::OctalCode;
use super::pipeline::{self, MAX_THREADS, Outcome, Pacer, Plan, Progress, StopAt, Stretch};
use super::split_mex::{self, Rules, Scratch, View, heap_value, shift, single_heap_mex};
use std::time::Instant;

/// Values between two measurements of the work a value costs
/// ([`RareValues::pace`]).
const PACE_EVERY: usize = 1024;

/// Resumable computation of an octal game's nim-values.
pub struct RareValues<'a> {
    pub(super) code: &'a OctalCode,
    /// `g(0..len)`, in the narrowest lanes that hold them.
    pub(super) g: LaneVec,
    pub(super) mask: u32,
    /// Whether heaps are classified in the domain (value parity ⊕ heap parity).
    pub(super) domain: bool,
    /// `Some(q)` when every two-heap split removes a number of tokens of parity
    /// `q` (the domain classification is then allowed).
    pub(super) removal_parity: Option<usize>,
    pub(super) rare: Vec<usize>,
    /// `g` at each heap of `rare`, in the same order (read sequentially).
    pub(super) rare_values: Vec<u32>,
    /// `value_count[v][a mod 2]` = heaps `a >= 1` with value `v`, for choosing the mask.
    value_count: Vec<[u64; 2]>,
    /// Whether few heaps have a value of 64 or more (at most one in
    /// [`split_mex::HIGH_SHARE`]), counted where the largest value last
    /// grew: see [`Rules::few_high`].
    few_high: bool,
    pub(super) next_mask_check: usize,
    /// Mex steps so far: values read by single-heap moves, rare parts
    /// enumerated and split pairs scanned.
    pub(super) work: u64,
    /// The marks and buffers of the calling thread, and of the others.
    pub(super) scratch: Scratch,
    pub(super) helpers: Vec<Scratch>,
    /// The most threads the computation may use.
    pub(super) threads: usize,
    /// The work a value costs lately (units per value), measured every
    /// [`PACE_EVERY`] values since `paced`, `(values, work)`: the pipeline
    /// runs only where it is large.
    pace: u64,
    paced: (usize, u64),
    /// When several heaps at once are faster ([`pipeline`]).
    pub(super) pacer: Pacer,
    /// Whether some move splits a heap ([`OctalCode::splits`]).
    splits: bool,
}

impl<'a> RareValues<'a> {
    /// Starts the sequence at `g(0) = 0`, on one thread.
    pub fn new(code: &'a OctalCode) -> Self {
        RareValues::with_lanes(code, LaneVec::default())
    }

    /// [`RareValues::new`] keeping the values in `lanes` (tests lower their
    /// limits to send short sequences through every lane width).
    pub(crate) fn with_lanes(code: &'a OctalCode, mut lanes: LaneVec) -> Self {
        lanes.push(0);
        RareValues {
            code,
            g: lanes,
            mask: u32::MAX,
            domain: false,
            removal_parity: {
                let parities: Vec<usize> =
                    (0..code.written().len()).filter(|&k| code.digit(k) & 4 != 0).map(|k| k % 2).collect();
                match (code.max_removal(), parities.first()) {
                    (Some(_), Some(&q)) if parities.iter().all(|&p| p == q) => Some(q),
                    _ => None,
                }
            },
            rare: Vec::new(),
            rare_values: Vec::new(),
            value_count: Vec::new(),
            few_high: true,
            next_mask_check: 64,
            work: 0,
            scratch: Scratch::default(),
            helpers: Vec::new(),
            threads: 1,
            pace: 0,
            paced: (1, 0),
            pacer: Pacer::default(),
            splits: code.splits(),
        }
    }

    /// The same computation on up to `threads` threads (at least one): heaps
    /// whose work is large enough are computed several at once
    /// (`heap/pipeline.rs`); the values and the work are the same.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Tests: several heaps at once whenever there are two threads, from the
    /// first heap on, however little work a heap costs (`heap/pipeline.rs`).
    #[cfg(test)]
    pub(crate) fn with_pipeline_forced(mut self) -> Self {
        self.pacer.forced = true;
        self
    }

    /// Heaps whose remaining pairs were marked at once, on every thread
    /// (`split_mex`'s searching or marking).
    #[cfg(test)]
    pub(crate) fn rests(&self) -> u64 {
        self.scratch.rests + self.helpers.iter().map(|h| h.rests).sum::<u64>()
    }

    /// The values computed so far, `g(0..len)`.
    pub fn values(&self) -> Lanes<'_> {
        self.g.lanes()
    }

    /// The mex steps spent so far (see [`RareValues`]'s fields).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The mask `μ` of the split in force (re-chosen as the sequence doubles).
    pub fn mask(&self) -> u32 {
        self.mask
    }

    /// Whether heaps are classified in the domain (value parity ⊕ heap parity).
    pub fn domain(&self) -> bool {
        self.domain
    }

    /// How many heaps `a >= 1` are rare under the split in force.
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The largest rare heap `a >= 1` under the split in force, if any.
    pub fn last_rare(&self) -> Option<usize> {
        self.rare.last().copied()
    }

    /// Whether heap `a` of value `v` is rare under the split in force (heap
    /// 0 is rare unless heaps are classified in the domain with an odd
    /// removal: `parity(0) ⊕ 1`).
    pub fn is_rare(&self, a: usize, v: u32) -> bool {
        !self.rules().is_common(a, v)
    }

    /// Makes room for `len` values in all.
    pub fn reserve_total(&mut self, len: usize) {
        self.g.reserve_total(len);
    }

    /// Consumes the computation, returning the values.
    pub fn into_values(self) -> Vec<u32> {
        self.g.into_vec()
    }

    /// What the heaps computed next read unchanged.
    pub(super) fn rules(&self) -> Rules<'a> {
        Rules {
            code: self.code,
            mask: self.mask,
            domain: self.domain,
            removal_parity: self.removal_parity,
            top: self.value_count.len(),
            few_high: self.few_high,
            narrow: matches!(self.g.lanes(), Lanes::Bytes(_) | Lanes::Words(_)),
        }
    }

    /// Computes values up to `g(len − 1)`.
    pub fn extend_to(&mut self, len: usize) {
        self.extend(len, &|_, _| false, &mut |_, _| true);
    }

    /// Computes values until `target` of them exist, `stop(len, work)` holds
    /// before the next one, or `progress(len, work)` (at every multiple of 1024
    /// values or [`pipeline::REPORT_WORK`] units, or about then on several
    /// threads) returns `false`.
    pub(super) fn extend(&mut self, target: usize, stop: &StopAt<'_>, progress: &mut Progress<'_>) {
        let mut reported = self.work;
        while self.g.len() < target {
            let n = self.g.len();
            if stop(n, self.work) {
                return;
            }
            // a stretch of heaps ends where the mask may change
            let end = target.min(self.next_mask_check.max(n + 1));
            if self.pacer.wants(self.threads, n, end, self.pace, self.code.splits_in_three()) {
                if !self.pipeline(end, stop, progress) {
                    return;
                }
                self.measure_pace();
                continue;
            }
            let v = self.next_value(n);
            self.push_known(v);
            if (n + 1).is_multiple_of(1024) {
                self.measure_pace();
                if self.threads > 1 {
                    self.pacer.alone(n + 1, self.work);
                }
            }
            if pipeline::report_due(n + 1, self.work, reported) {
                reported = self.work;
                if !progress(n + 1, self.work) {
                    return;
                }
            } else if (n + 1).is_multiple_of(self.report_stride()) && !progress(n + 1, self.work) {
                // a costly value (many split digits): reported oftener, so that Ctrl-C is heard
                return;
            }
        }
    }

    /// How often (in values, a power of two up to 1024) the progress is
    /// reported: about every `2^26` mex steps at the measured pace (before the
    /// first measurement, at the mean work per value so far).
    fn report_stride(&self) -> usize {
        let pace = match self.pace {
            0 => self.work / self.g.len().max(1) as u64,
            measured => measured,
        };
        let values = (1u64 << 26).checked_div(pace).unwrap_or(1024).clamp(1, 1024);
        1 << values.ilog2()
    }

    /// Measures the work per value since the last measurement, at least
    /// [`PACE_EVERY`] values ago.
    fn measure_pace(&mut self) {
        let (len, work) = (self.g.len(), self.work);
        if len >= self.paced.0 + PACE_EVERY {
            self.pace = (work - self.paced.1) / (len - self.paced.0) as u64;
            self.paced = (len, work);
        }
    }

    /// Appends `g(len)` known from elsewhere (a saved run), with the
    /// bookkeeping of a computed value: the rare list, the value counts and
    /// the choice of mask.
    pub fn push_known(&mut self, v: u32) {
        let n = self.g.len();
        self.g.push(v);
        if !self.rules().is_common(n, v) {
            self.rare.push(n);
            self.rare_values.push(v);
        }
        self.count(n, v);
    }

    /// The bookkeeping of `g(n) = v` once it is in the values and the rare
    /// list: the value counts, and the choice of mask as the sequence doubles.
    pub(super) fn count(&mut self, n: usize, v: u32) {
        let grew = self.value_count.len() <= v as usize;
        if grew {
            self.value_count.resize(v as usize + 1, [0, 0]);
        }
        self.value_count[v as usize][n % 2] += 1;
        if grew {
            // fixed from one new largest value to the next, like the bound
            // itself: the same choice on any number of threads
            let high: u64 = self.value_count.iter().skip(64).map(|c| c[0] + c[1]).sum();
            self.few_high = split_mex::HIGH_SHARE * high <= n as u64 + 1;
        }
        if n + 1 >= self.next_mask_check {
            self.choose_mask();
            self.next_mask_check *= 2;
        }
    }

    /// Picks the mask and mode that make the fewest heaps rare, and rebuilds `R`.
    fn choose_mask(&mut self) {
        let top = self.value_count.len().max(2);
        let bits = (usize::BITS - (top - 1).leading_zeros()).min(12);
        let rare_with = |mask: u32, domain: bool| -> u64 {
            let mut rare = 0;
            for (v, counts) in self.value_count.iter().enumerate() {
                let p = (v as u32 & mask).count_ones() % 2 == 1;
                for (parity, &c) in counts.iter().enumerate() {
                    if !(p ^ shift(domain, self.removal_parity, parity)) {
                        rare += c;
                    }
                }
            }
            rare
        };
        let mut best = (rare_with(self.mask, self.domain), self.mask, self.domain);
        for domain in [false, true] {
            if domain && self.removal_parity.is_none() {
                continue;
            }
            for mask in 1..(1u32 << bits) {
                let r = rare_with(mask, domain);
                if r < best.0 {
                    best = (r, mask, domain);
                }
            }
        }
        if (best.1, best.2) != (self.mask, self.domain) {
            self.mask = best.1;
            self.domain = best.2;
            let rules = self.rules();
            let values = self.g.lanes();
            (self.rare, self.rare_values) =
                values.iter().enumerate().skip(1).filter(|&(i, v)| !rules.is_common(i, v)).unzip();
        }
    }

    /// Computes the heaps up to `end` (or a stop) several at once
    /// ([`pipeline`]); `false` if `progress` asked to stop.
    fn pipeline(&mut self, end: usize, stop: &StopAt<'_>, progress: &mut Progress<'_>) -> bool {
        let (start, work, clock) = (self.g.len(), self.work, Instant::now());
        let end = self.pacer.stretch_end(start, end);
        let plan = Plan {
            rules: self.rules(),
            limit: self.g.limit(),
            end,
            stop,
            threads: self.threads.min(MAX_THREADS).min(end - start),
        };
        // the lanes are taken out for the stretch, and put back
        let (lanes, outcome) = match std::mem::replace(self.g.owned_mut(), Owned::Bytes(Vec::new())) {
            Owned::Bytes(v) => self.stretch(v, &plan, progress, Owned::Bytes),
            Owned::Words(v) => self.stretch(v, &plan, progress, Owned::Words),
            Owned::Wide(v) => self.stretch(v, &plan, progress, Owned::Wide),
        };
        *self.g.owned_mut() = lanes;
        // the stretch's values counted a few at a time, not copied whole
        // (a stretch is up to 2^16 values)
        let (mut n, end) = (start, self.g.len());
        let mut chunk = [0u32; 256];
        while n < end {
            let values = self.g.lanes();
            let got = (n..end.min(n + chunk.len())).filter_map(|i| values.get(i));
            let filled = chunk.iter_mut().zip(got).map(|(c, v)| *c = v).count();
            for (i, &v) in chunk[..filled].iter().enumerate() {
                self.count(n + i, v);
            }
            n += filled.max(1);
        }
        self.pacer.judged(start, self.g.len(), self.work - work, clock, &outcome);
        if let Some((v, work)) = outcome.wide {
            self.work += work;
            self.push_known(v);
        }
        !outcome.interrupted
    }

    /// [`pipeline::run`] on the lanes `values`, wrapped back by `wrap`.
    fn stretch<T: Lane>(
        &mut self,
        values: Vec<T>,
        plan: &Plan<'_, '_>,
        progress: &mut Progress<'_>,
        wrap: fn(Vec<T>) -> Owned,
    ) -> (Owned, Outcome) {
        let rare = std::mem::take(&mut self.rare);
        let rare_values = std::mem::take(&mut self.rare_values);
        let state = Stretch { values, rare, rare_values, work: self.work };
        let marks = (&mut self.scratch, &mut self.helpers);
        let (state, outcome) = pipeline::run(state, plan, &self.pacer, marks, progress);
        (self.rare, self.rare_values, self.work) = (state.rare, state.rare_values, state.work);
        (wrap(state.values), outcome)
    }

    /// `g(n)` on this thread, every value before it known.
    fn next_value(&mut self, n: usize) -> u32 {
        if !self.splits {
            // no split: the mex of the single-heap moves alone, a few
            // nanoseconds, not the rare/common machinery
            let (code, s) = (self.code, &mut self.scratch);
            let (v, work) = match self.g.lanes() {
                Lanes::Bytes(g) => single_heap_mex(code, s, g, n),
                Lanes::Words(g) => single_heap_mex(code, s, g, n),
                Lanes::Wide(g) => single_heap_mex(code, s, g, n),
            };
            self.work += work;
            return v;
        }
        let rules = self.rules();
        let value =
            lanes_heap_value(&rules, &mut self.scratch, self.g.lanes(), &self.rare, &self.rare_values, n, 0);
        // every value before `n` is known: nothing is waited for
        let (v, work) = value.unwrap_or_default();
        self.work += work;
        v
    }
}

/// [`heap_value`] of heap `n` over the values `g` in their lanes, `rare`
/// the rare heaps below `n` with their values, computed as if the `window`
/// heaps before `n` were still unpublished (`0` on one thread).
fn lanes_heap_value(
    rules: &Rules<'_>,
    s: &mut Scratch,
    g: Lanes<'_>,
    rare: &[usize],
    rare_values: &[u32],
    n: usize,
    window: usize,
) -> Option<(u32, u64)> {
    match g {
        Lanes::Bytes(g) => heap_value(rules, s, &View { g, rare, rare_values }, n, window),
        Lanes::Words(g) => heap_value(rules, s, &View { g, rare, rare_values }, n, window),
        Lanes::Wide(g) => heap_value(rules, s, &View { g, rare, rare_values }, n, window),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values a stretch of the pipeline publishes are counted as one
    /// thread counts them (the value counts choose the mask and the capped
    /// word marks: a value missed changes the cost, not the values).
    #[test]
    fn a_pipelined_run_counts_every_value_it_publishes() {
        for (code, len) in [("0.6", 3000), ("4!.0", 3000), ("0.14", 3000), ("0.655", 1500)] {
            let c = OctalCode::parse(code).unwrap();
            let mut one = RareValues::new(&c);
            one.extend_to(len);
            let mut two = RareValues::new(&c).with_threads(2).with_pipeline_forced();
            two.extend_to(len);
            assert_eq!(two.values(), one.values(), "{code}");
            assert_eq!(two.value_count, one.value_count, "{code}");
        }
    }

    /// A heap computed while the heaps before it may be unpublished (a
    /// window of 1 to 3 heaps, as on 2 to 4 threads) gives the value and the
    /// work of one thread, at every heap: the work budget stops any number
    /// of threads at the same heap. `4!.77!` near heap 385 has a quarter of
    /// its heaps rare, so whether `R` is sparse waits for the heap before
    /// (a late option marked there, before the searches, once cost 231 units
    /// more than one thread's 1713 at heap 385).
    #[test]
    fn every_window_gives_the_value_and_work_of_one_thread() {
        for (code, len) in [("4!.77!", 700), ("0.6", 1500), ("4!.0", 1500), ("0.14", 1000), ("0.007", 1000)] {
            let c = OctalCode::parse(code).unwrap();
            let mut r = RareValues::new(&c);
            for h in 1..len {
                r.extend_to(h);
                let rules = r.rules();
                let at = |window: usize| {
                    let s = &mut Scratch::default();
                    lanes_heap_value(&rules, s, r.g.lanes(), &r.rare, &r.rare_values, h, window)
                };
                let alone = at(0);
                for window in 1..=3 {
                    assert_eq!(at(window), alone, "{code} heap {h}, window {window}");
                }
            }
        }
    }

    fn assert_matches_quadratic(code: &str, len: usize) {
        let c = OctalCode::parse(code).unwrap();
        let mut fast = RareValues::new(&c);
        fast.extend_to(len);
        assert_eq!(fast.values().to_vec(), c.values_quadratic(len), "{code}");
    }

    /// A code whose values cost much each (300 three-heap digits) reports
    /// its progress every `2^26` mex steps or so, not only every 1024 values
    /// (`2^31` steps apart near heap 1024): the observer, and Ctrl-C, are heard
    /// within a fraction of a second.
    #[test]
    fn costly_values_report_progress_often() {
        let code = OctalCode::parse(&format!("0.{}", "F".repeat(300))).unwrap();
        let mut r = RareValues::new(&code);
        let mut reports: Vec<(usize, u64)> = Vec::new();
        r.extend(1280, &|_, _| false, &mut |len, work| {
            reports.push((len, work));
            true
        });
        let late: Vec<&[(usize, u64)]> = reports.windows(2).filter(|w| w[0].0 >= 512).collect();
        assert!(late.len() > 8, "{} reports past heap 512: {reports:?}", late.len());
        assert!(late.iter().all(|w| w[1].1 - w[0].1 < 1 << 28), "{late:?}");
    }

    #[test]
    fn byte_searches_match_quadratic_on_long_prefixes() {
        // No sparse set past the first heaps (0.07, 0.137, 0.14), or one in
        // the domain with an odd removal (0.106): the mex candidates are
        // searched among all pairs as bytes.
        for code in ["0.106", "0.07", "0.137", "0.14"] {
            assert_matches_quadratic(code, 20_000);
        }
    }

    #[test]
    fn values_past_a_byte_match_quadratic() {
        // 0.6 passes 255 at heap 10344, 0.76 at 4321, 0.64 at 3833, 0.E and
        // 8.0 (three-heap splits) near 500: the lanes widen there.
        for (code, len) in [("0.6", 12_000), ("0.76", 6000), ("0.64", 6000), ("0.E", 2000), ("8.0", 2000)] {
            assert_matches_quadratic(code, len);
        }
    }

    #[test]
    fn the_rare_tile_leaves_out_the_equal_split_under_distinct_parts() {
        // `!`: the split of `m` into two heaps of `m/2` is no move, so a rare
        // heap `m/2` must not mark `0` (the tile's marks are made for
        // several sizes at once, and a size with such a heap goes one rare
        // heap at a time)
        for (code, len) in [("0.B4!", 600), ("0.6!", 2000), ("4!.0", 2000)] {
            assert_matches_quadratic(code, len);
        }
    }

    #[test]
    fn odd_removals_enumerate_the_expensive_heaps() {
        // 0.106 splits after removing 3 tokens: its sparse set is in the domain
        // with the class shifted by the removal parity. Classified the other
        // way round, nearly every heap would need a search of all its pairs
        // (about 1.0e8 work units here); as it is, 1.5e7.
        let c = OctalCode::parse("0.106").unwrap();
        let mut fast = RareValues::new(&c);
        fast.extend_to(100_000);
        assert!(fast.work() < 50_000_000, "work {}", fast.work());
    }

    #[test]
    fn games_of_many_values_mark_the_rest_and_match_quadratic() {
        // 0.004 (no sparse set) and 0.007 (a sparse set) reach values in the
        // hundreds by heap 20 000: their heaps search many candidates, and
        // some mark their remaining pairs at once.
        for (code, len) in [("0.004", 20_000), ("0.007", 20_000)] {
            let c = OctalCode::parse(code).unwrap();
            let mut fast = RareValues::new(&c);
            fast.extend_to(len);
            assert!(fast.rests() > 0, "{code}: no heap marked its remaining pairs");
            assert_eq!(fast.values().to_vec(), c.values_quadratic(len), "{code}");
        }
    }

    /// The codes `0.0d₁d₂` whose values pass 64 early (bytes as marks) and
    /// spread over hundreds: their heaps mark their remaining pairs at once,
    /// 64 pairs at a time (`split_mex::marks::mark_pair_bytes`, chunk and
    /// remainder), and all agree with the plain definition.
    #[test]
    fn chunked_pair_marks_match_quadratic_on_high_valued_codes() {
        let mut rests = 0;
        for code in ["0.004", "0.005", "0.006", "0.014", "0.016", "0.017", "0.024", "0.026", "0.036", "0.037"]
        {
            let c = OctalCode::parse(code).unwrap();
            let mut fast = RareValues::new(&c);
            fast.extend_to(12_000);
            rests += fast.rests();
            assert_eq!(fast.values().to_vec(), c.values_quadratic(12_000), "{code}");
        }
        assert!(rests > 0, "no heap marked its remaining pairs");
    }

    #[test]
    fn matches_quadratic_reference_on_classic_games() {
        // 4.7 has no rare heap at all (every value but g(0) is odd under the
        // mask); 0.231, 0.033 and 0.1[3] never split (the plain mex)
        for code in [
            "0.77", "0.07", "0.137", "4.07", "0.16", "0.106", "0.51", "0.6", "4.0", "0.4", "0.156", "0.007",
            "4.7", "0.231", "0.033", "0.1[3]",
        ] {
            let c = OctalCode::parse(code).unwrap();
            let mut fast = RareValues::new(&c);
            fast.extend_to(700);
            assert_eq!(fast.values().to_vec(), c.values_quadratic(700), "{code}");
        }
    }
}
