//! Eventually periodic sequences: finding the fundamental period and preperiod
//! from a prefix, and histograms over huge ranges.

/// A sequence `g` known on a prefix and periodic from `preperiod` on:
/// `g(i + period) = g(i)` for every `i >= preperiod`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodic {
    /// The computed prefix, at least `preperiod + period` long.
    pub values: Vec<u32>,
    /// The first index from which the period holds.
    pub preperiod: usize,
    /// The fundamental (smallest) period.
    pub period: usize,
}

impl Periodic {
    /// Keeps the shortest prefix that still holds a full period.
    pub fn new(mut values: Vec<u32>, preperiod: usize, period: usize) -> Self {
        values.truncate(preperiod + period);
        Periodic { values, preperiod, period }
    }

    /// `g(i)` for any `i`.
    pub fn value(&self, i: u64) -> u32 {
        let e = self.preperiod as u64;
        if i < e { self.values[i as usize] } else { self.values[(e + (i - e) % self.period as u64) as usize] }
    }
}

/// Looks for the smallest period `p` certified by the computed prefix `values`.
///
/// For each `p` ascending, `e(p)` is one past the last `i` with
/// `values[i] != values[i + p]` in the prefix. The pair is certified when the
/// prefix shows agreement on `i ∈ [e, L − p)` and `L − p − e >= need(e, p)`,
/// where `need` states how much agreement the game's theorem asks for. Every
/// certified `p` is a true eventual period, hence a multiple of the fundamental
/// one, so the first certified `p` is fundamental, and `e(p)` is then the exact
/// preperiod.
pub fn find_period(values: &[u32], need: impl Fn(usize, usize) -> usize) -> Option<(usize, usize)> {
    let len = values.len();
    // Comparisons allowed in all; a prefix that would take longer is reported as
    // uncertified rather than searched for minutes.
    let mut budget: u64 = 1 << 32;
    for p in 1..len {
        // At most len − p agreements exist; need(e, p) never falls below
        // min(need(0, p), need(1, p)) for the games here, and grows with p.
        if len - p < need(0, p).min(need(1, p)).max(1) {
            return None;
        }
        let mut e = len - p;
        while e > 0 && values[e - 1] == values[e - 1 + p] {
            e -= 1;
        }
        budget = budget.checked_sub((len - p - e) as u64 + 1)?;
        if len - p - e >= need(e, p).max(1) {
            return Some((e, p));
        }
    }
    None
}

/// The histogram of `g(i)` over `start <= i < end`, in `O(preperiod + period)`.
/// The bounds are `u128` so that a range may end at `2^64` (heaps `1..=2^64−1`).
pub fn histogram_range(seq: &Periodic, start: u128, end: u128) -> Vec<u128> {
    let top = seq.values.iter().copied().max().unwrap_or(0) as usize;
    let mut hist = vec![0u128; top + 1];
    if start >= end {
        return hist;
    }
    let e = seq.preperiod as u128;
    let p = seq.period as u128;
    // The preperiod part, directly.
    for i in start..end.min(e) {
        hist[seq.values[i as usize] as usize] += 1;
    }
    let a = start.max(e);
    if a < end {
        let span = end - a;
        let (full, rem) = (span / p, span % p);
        let first = (a - e) % p;
        for o in 0..p {
            // Offsets first, first+1, ..., first+rem-1 (cyclically) occur once more.
            let extra = u128::from((o + p - first) % p < rem);
            let v = seq.values[(e + o) as usize] as usize;
            hist[v] += full + extra;
        }
    }
    hist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_range_matches_direct_count() {
        let seq = Periodic { values: vec![0, 0, 1, 2, 1, 2, 1, 2], preperiod: 2, period: 2 };
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

    #[test]
    fn period_is_fundamental_and_preperiod_exact() {
        let values: Vec<u32> = (0..100).map(|i| if i < 5 { 9 } else { (i % 3) as u32 }).collect();
        assert_eq!(find_period(&values, |_, _| 3), Some((5, 3)));
    }
}
