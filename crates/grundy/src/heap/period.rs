//! Eventually periodic sequences: the one type of what is known of a period
//! ([`Period`], plain or arithmetic, and its views [`Periodic`] and
//! [`PeriodSummary`]), finding the fundamental period and preperiod from a
//! prefix, and histograms of values and over huge ranges.

use crate::error::Error;

/// What is known of the period of a sequence `g`: from `preperiod` on,
/// `g(n + period) = g(n) + saltus`, with `saltus = 0` for a plain period and
/// `saltus > 0` for an arithmetic one (`super::arith`); with the values up to
/// one full period, whether it is proved, and by what.
///
/// A plain certified period is also seen as a [`Periodic`] (values as `u32`,
/// histograms over huge ranges by `histogram_range`); an arithmetic period is
/// an `ArithmeticPeriodic`, the same type. What a
/// computation reports of either is its [`PeriodSummary`].
///
/// ```
/// use grundy::HeapGame;
/// use grundy::heap::Limits;
///
/// let kayles = HeapGame::octal("0.77").unwrap().analyze(0, Limits::default()).unwrap();
/// let p = kayles.period().unwrap();
/// assert_eq!((p.preperiod(), p.period(), p.saltus(), p.certified()), (71, 12, 0, true));
/// let nim = HeapGame::octal("0.[3]").unwrap().analyze(0, Limits::default()).unwrap();
/// let a = nim.period().unwrap();
/// assert_eq!((a.preperiod(), a.period(), a.saltus()), (0, 1, 1));
/// assert_eq!(a.value(10), 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// `g(0..preperiod + period)`.
    pub(crate) values: Vec<u32>,
    /// The first index from which the relation holds.
    pub(crate) preperiod: usize,
    /// The smallest period.
    pub(crate) period: usize,
    /// The saltus: 0 for a plain period, `s > 0` for an arithmetic one.
    pub(crate) saltus: u64,
    /// Proved; otherwise only observed.
    pub(crate) certified: bool,
    /// The relation was checked for every `n` with `n + period` below this.
    pub(crate) observed_to: usize,
    /// The theorem that proves an arithmetic period, when certified.
    pub(crate) theorem: Option<&'static str>,
}

impl Period {
    /// `g(0..preperiod + period)`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The first index from which `g(n + p) = g(n) + s` holds.
    pub fn preperiod(&self) -> usize {
        self.preperiod
    }

    /// The smallest period `p`.
    pub fn period(&self) -> usize {
        self.period
    }

    /// The saltus `s`: 0 for a plain period.
    pub fn saltus(&self) -> u64 {
        self.saltus
    }

    /// Whether it is proved (otherwise only observed).
    pub fn certified(&self) -> bool {
        self.certified
    }

    /// The relation was checked for every `n` with `n + period` below this.
    pub fn observed_to(&self) -> usize {
        self.observed_to
    }

    /// The theorem that certifies an arithmetic period
    /// (`ALL_BUT_THEOREM` or
    /// `COUNTS_UP_THEOREM`); `None` for a
    /// plain period and when only observed.
    pub fn theorem(&self) -> Option<&'static str> {
        self.theorem
    }

    /// `g(i)` for any `i`.
    pub fn value(&self, i: u64) -> u128 {
        let e = self.preperiod as u64;
        if i < e {
            return self.values[i as usize] as u128;
        }
        let (j, r) = ((i - e) / self.period as u64, (i - e) % self.period as u64);
        self.values[(e + r) as usize] as u128 + j as u128 * self.saltus as u128
    }

    /// The period as `sequence` reports it.
    pub fn summary(&self) -> PeriodSummary {
        PeriodSummary {
            preperiod: Some(self.preperiod),
            period: Some(self.period),
            saltus: (self.saltus > 0).then_some(self.saltus),
            certified: self.certified,
            observed_to: (!self.certified).then(|| self.observed_to - 1),
            theorem: self.theorem,
        }
    }
}

/// What is said of a [`Period`], as `sequence` reports it; all `None` (and not
/// certified) when nothing is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeriodSummary {
    /// The first heap from which the (arithmetic) period holds.
    pub preperiod: Option<usize>,
    /// The period.
    pub period: Option<usize>,
    /// The saltus `s` of `g(n + p) = g(n) + s`, for arithmetic periodicity.
    pub saltus: Option<u64>,
    /// Whether what is shown is proved.
    pub certified: bool,
    /// For arithmetic periodicity that is only observed: the last `n` checked.
    pub observed_to: Option<usize>,
    /// The theorem that proves an arithmetic period, when certified.
    pub theorem: Option<&'static str>,
}

/// A certified plain period: a sequence `g` known on a prefix and periodic
/// from `preperiod` on, `g(i + period) = g(i)` for every `i >= preperiod`.
/// It is a [`Period`] of saltus 0 whose values stay `u32`.
///
/// ```
/// use grundy::heap::Periodic;
///
/// // 9, 9, then 0, 1, 2 repeating from index 2.
/// let seq = Periodic::new(vec![9, 9, 0, 1, 2, 0, 1], 2, 3).unwrap();
/// assert_eq!(seq.value(1_000_000_000_000), 2); // (10^12 − 2) mod 3 = 2
/// assert_eq!(seq.values(), &[9, 9, 0, 1, 2]);
/// assert!(Periodic::new(vec![1, 2], 1, 3).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodic(Period);

impl Periodic {
    /// The sequence with this prefix, preperiod and period (`period >= 1`, the
    /// prefix at least `preperiod + period` long); keeps the shortest prefix
    /// that still holds a full period.
    pub fn new(mut values: Vec<u32>, preperiod: usize, period: usize) -> Result<Self, Error> {
        if period == 0 {
            return Err(Error::invalid("period", "must be at least 1"));
        }
        if values.len() < preperiod.saturating_add(period) {
            return Err(Error::invalid("values", "must hold the preperiod and one full period"));
        }
        let observed_to = values.len();
        values.truncate(preperiod + period);
        Ok(Periodic(Period {
            values,
            preperiod,
            period,
            saltus: 0,
            certified: true,
            observed_to,
            theorem: None,
        }))
    }

    /// The period, as the general type.
    pub fn as_period(&self) -> &Period {
        &self.0
    }

    /// `g(0..preperiod + period)`.
    pub fn values(&self) -> &[u32] {
        &self.0.values
    }

    /// The first index from which the period holds.
    pub fn preperiod(&self) -> usize {
        self.0.preperiod
    }

    /// The fundamental (smallest) period.
    pub fn period(&self) -> usize {
        self.0.period
    }

    /// `g(i)` for any `i`.
    pub fn value(&self, i: u64) -> u32 {
        let (values, e) = (&self.0.values, self.0.preperiod as u64);
        if i < e { values[i as usize] } else { values[(e + (i - e) % self.0.period as u64) as usize] }
    }
}

/// Looks for the smallest period `p` certified by the computed prefix `values`.
///
/// For each `p`, `e(p)` is one past the last `i` with `values[i] != values[i + p]`
/// in the prefix of length `L`. The pair is certified when the prefix shows
/// agreement on `i ∈ [e, L − p)` and `L − p − e >= need(e, p)`, where `need` states
/// how much agreement the game's theorem asks for. Every certified `p` is a true
/// eventual period, hence a multiple of the fundamental one, so the first
/// certified `p` is fundamental, and `e(p)` is then the exact preperiod.
///
/// **All `e(p)` in linear time.** Read the prefix backwards, `R[j] = values[L−1−j]`.
/// Then `values[i] = values[i + p]` for `i = L−p−1, L−p−2, …` is
/// `R[j] = R[j + p]` for `j = 0, 1, …`, so the length of the agreement ending at
/// the end of the prefix is the Z-function `Z[p] = lcp(R, R[p..])`, and
/// `e(p) = L − p − Z[p]`. The Z-function of all `p` costs `O(L)` time and `4L`
/// bytes (Gusfield's algorithm), whatever the sequence looks like, so the search
/// never gives up on a long prefix and its cost grows only with the prefix: a
/// longer prefix certifies every period a shorter one certifies (the agreement
/// of a true period only grows).
pub fn find_period<T: Eq>(values: &[T], need: impl Fn(usize, usize) -> usize) -> Option<(usize, usize)> {
    find_period_by(values, |e, p, k| k >= need(e, p).max(1))
}

/// [`find_period`] with the decision in the caller's hands: `accept(e, p, k)`
/// is asked, for `p = 1, 2, …` in turn, whether `k` agreements
/// `values[i] = values[i + p]` for `e <= i < e + k` (to the end of the prefix)
/// certify `(e, p)`; the first accepted pair is returned.
pub fn find_period_by<T: Eq>(
    values: &[T],
    accept: impl FnMut(usize, usize, usize) -> bool,
) -> Option<(usize, usize)> {
    find_period_of(values.len(), |i| &values[i], accept)
}

/// [`find_period_by`] on the sequence `at(0), …, at(len − 1)`, computed on
/// demand (the differences of a long sequence need not be stored).
pub(crate) fn find_period_of<T: PartialEq>(
    len: usize,
    at: impl Fn(usize) -> T,
    mut accept: impl FnMut(usize, usize, usize) -> bool,
) -> Option<(usize, usize)> {
    let rev = |j: usize| at(len - 1 - j);
    // lengths up to MAX_LEN = 2^30 fit in 32 bits: half the memory of usize
    let mut z: Vec<u32> = vec![0; len];
    let (mut left, mut right) = (0usize, 0usize);
    for p in 1..len {
        let mut k = if p < right { (z[p - left] as usize).min(right - p) } else { 0 };
        if p + k >= right {
            while p + k < len && rev(k) == rev(p + k) {
                k += 1;
            }
            if p + k > right {
                (left, right) = (p, p + k);
            }
        }
        z[p] = k as u32;
        let e = len - p - k;
        if accept(e, p, k) {
            return Some((e, p));
        }
    }
    None
}

/// The histogram of `values`: how many are `0, 1, …`, up to the largest
/// (`[0]` when there is none).
///
/// ```
/// use grundy::heap::histogram_of;
///
/// assert_eq!(histogram_of([2, 0, 2]), [1, 0, 2]);
/// assert_eq!(histogram_of([]), [0]);
/// ```
pub fn histogram_of(values: impl IntoIterator<Item = u32>) -> Vec<u128> {
    let mut hist = vec![0u128];
    for v in values {
        if hist.len() <= v as usize {
            hist.resize(v as usize + 1, 0);
        }
        hist[v as usize] += 1;
    }
    hist
}

/// The histogram of `g(i)` over `start <= i < end`, in `O(preperiod + period)`.
/// The bounds are `u128` so that a range may end at `2^64` (heaps `1..=2^64−1`).
pub fn histogram_range(seq: &Periodic, start: u128, end: u128) -> Vec<u128> {
    let seq = seq.as_period();
    let top = seq.values.iter().copied().max().unwrap_or(0) as usize;
    let mut hist = vec![0u128; top + 1];
    periodic_range_counts(seq.preperiod as u128, seq.period as u128, start, end, |i, c| {
        hist[seq.values[i] as usize] += c
    });
    hist
}

/// How often each index of a period's prefix stands for an `i` in
/// `start <= i < end`, for a sequence periodic from `preperiod` on with
/// `period >= 1`: `count(j, c)` for each index `j < preperiod + period` that
/// `c >= 1` of those `i` reduce to (`i` itself below the preperiod,
/// `preperiod + (i − preperiod) mod period` from it on). `O(preperiod + period)`;
/// the bounds are `u128` so that a range may end at `2^64` (`i = 2^64 − 1`
/// included) with no step that wraps. Every histogram of a periodic sequence
/// over a range (nim-values, misère quotient classes) is counted here.
pub(crate) fn periodic_range_counts(
    preperiod: u128,
    period: u128,
    start: u128,
    end: u128,
    mut count: impl FnMut(usize, u128),
) {
    if start >= end {
        return;
    }
    // The preperiod part, directly.
    for i in start..end.min(preperiod) {
        count(i as usize, 1);
    }
    let a = start.max(preperiod);
    if a < end {
        let p = period.max(1);
        let span = end - a;
        let (full, rem) = (span / p, span % p);
        let first = (a - preperiod) % p;
        for o in 0..p {
            // Offsets first, first+1, ..., first+rem-1 (cyclically) occur once more.
            let c = full + u128::from((o + p - first) % p < rem);
            if c > 0 {
                count((preperiod + o) as usize, c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_range_matches_direct_count() {
        let seq = Periodic::new(vec![0, 0, 1, 2, 1, 2, 1, 2], 2, 2).unwrap();
        for start in 0..12u128 {
            for end in start..30u128 {
                let mut want = vec![0u128; 3];
                for i in start..end {
                    want[seq.value(i as u64) as usize] += 1;
                }
                assert_eq!(histogram_range(&seq, start, end), want, "[{start},{end})");
            }
        }
    }

    /// The plain search: for each `p`, walk back from the end of the prefix.
    fn find_period_slow(values: &[u32], need: impl Fn(usize, usize) -> usize) -> Option<(usize, usize)> {
        let len = values.len();
        (1..len).find_map(|p| {
            let mut e = len - p;
            while e > 0 && values[e - 1] == values[e - 1 + p] {
                e -= 1;
            }
            (len - p - e >= need(e, p).max(1)).then_some((e, p))
        })
    }

    proptest::proptest! {
        #[test]
        fn linear_search_matches_the_plain_one(
            prefix in proptest::collection::vec(0u32..3, 0..30),
            cycle in proptest::collection::vec(0u32..3, 1..12),
            len in 0usize..200,
            need_const in 0usize..20,
            splits in proptest::prelude::any::<bool>(),
        ) {
            let values: Vec<u32> = (0..len)
                .map(|i| if i < prefix.len() { prefix[i] } else { cycle[(i - prefix.len()) % cycle.len()] })
                .collect();
            let need = |e: usize, p: usize| if splits { e + p + need_const } else { need_const };
            proptest::prop_assert_eq!(find_period(&values, need), find_period_slow(&values, need));
        }
    }

    #[test]
    fn period_is_fundamental_and_preperiod_exact() {
        let values: Vec<u32> = (0..100).map(|i| if i < 5 { 9 } else { (i % 3) as u32 }).collect();
        assert_eq!(find_period(&values, |_, _| 3), Some((5, 3)));
    }
}
