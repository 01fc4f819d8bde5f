//! Arithmetic periodicity: `g(n + p) = g(n) + s` for every `n >= e`, with a
//! saltus `s > 0` (Nim: `e = 0`, `p = 1`, `s = 1`).
//!
//! **Detection.** `g` is arithmetic-periodic from `e` with period `p` exactly
//! when its differences `Δ(n) = g(n + 1) − g(n)` are periodic from `e` with
//! period `p`, and then `s` is the sum of `Δ` over one period. So the linear
//! period search of [`super::period`] run on `Δ` finds the smallest `p` and the
//! exact `e` for which the prefix shows the relation.
//!
//! **Certificate for `all-but` subtraction sets.** A subtraction game whose
//! set is every positive integer but a finite set `T` is arithmetic-periodic:
//! proved by Angela Siegel (M.Sc. thesis, Dalhousie University, 2005), purely
//! so when `|T| <= 3` (Siegel for `|T| <= 2`; D. Sleator and M. Slusky,
//! *Subtraction games with FES sets of size 3*, arXiv:1201.3299). The theorem
//! says that a period exists, not where; the bound used here to certify one
//! from a prefix is proved directly. Let `t = max T` (0 when `T` is empty), `A(x)` the
//! set of values `g(0..x)`, `B = A(e + p)`, `C = A(e)` and
//! `B' = [0, s) ∪ (C + s)`. If
//!
//! 1. `[0, s) ⊆ B`, and every value of `B Δ B'` is `g(m) + s` for some
//!    `e <= m < e + K`, and
//! 2. `g(n + p) = g(n) + s` for `e <= n < e + K + t`,
//!
//! then `g(n + p) = g(n) + s` for every `n >= e`.
//!
//! *Proof.* Induction on `n >= e + K + t`, assuming the relation below `n`.
//! Heap `n + p` reaches every `g(m)` with `m < n + p` and `n + p − m ∉ T`.
//! Those with `m < e + p` are at distance `> n − e >= t`, so all of `B` is
//! reached; those with `m = m' + p`, `e <= m' < n` are `g(m') + s` at the same
//! distance `n − m'` as `m'` from `n`. Likewise heap `n` reaches all of `C` and
//! the same `g(m')`, `e <= m' < n`, `n − m' ∉ T`; call that set `R`. So
//! `g(n + p) = mex(B ∪ (R + s))` and `g(n) + s = s + mex(C ∪ R) =
//! mex(B' ∪ (R + s))`. `R` holds every `g(m')` with `e <= m' < n − t`, in
//! particular with `m' < e + K`, so `B Δ B' ⊆ R + s` by (1) and the two sets
//! `B ∪ (R + s)` and `B' ∪ (R + s)` are equal. ∎
//!
//! The search tries every preperiod `e' >= e` up to `e + 2p` and asks for the
//! fewest agreements from `e`.
//!
//! **Certificate for codes that count up.** Let a code have `d₀ = 0` (no split
//! without removing tokens) and bits 1 and 2 in every digit `d_k`, `k >= 1`,
//! the repeating group's included (so moves remove any number of tokens:
//! `0.[3]`, `0.[7]`, `0.[B]`, `0.[F]`, `0.3[7]`, with or without `!`). Then
//! `g(n) = n` for every `n`: arithmetic-periodic with `e = 0`, `p = 1`,
//! `s = 1`, whatever the prefix.
//!
//! *Proof.* Induction on `n`, assuming `g(m) = m` for `m < n`. Removing
//! `k = n − m` tokens, `1 <= k <= n`, leaves the heap `m` (bit 2, `m >= 1`)
//! or nothing (bit 1, `m = 0`), so every value `0..n` is an option of `n`.
//! Every other move removes `k >= 1` tokens (`d₀ = 0`) and leaves two or
//! three nonempty heaps `a₁ + … + a_j = n − k < n`, of value
//! `g(a₁) ⊕ … ⊕ g(a_j) = a₁ ⊕ … ⊕ a_j <= a₁ + … + a_j < n` (XOR is addition
//! without carries). So the options of `n` are exactly the values `0..n`, and
//! `g(n) = n`. (`!` only removes split options, which changes nothing.) ∎
//!
//! With `d₀ != 0` the parts of a split sum to `n` and their XOR may reach
//! `n` (Lasker's Nim `4.[3]`: `g(4j + 3) = 4j + 4`), so the proof does not
//! apply. Other games (other codes with a repeating group, families) have no
//! such theorem here: their arithmetic periodicity is only reported as
//! observed on the computed prefix.

use super::period::{Period, find_period_of};
use crate::error::Error;
use crate::xor::DyadicHistogram;

/// A sequence known on a prefix with `g(n + period) = g(n) + saltus` from
/// `preperiod` on, `saltus > 0`: a [`Period`] (certified, or only observed).
pub type ArithmeticPeriodic = Period;

/// The name of the theorem for `all-but` subtraction sets.
pub const ALL_BUT_THEOREM: &str = "all-but subtraction theorem";

/// The name of the theorem for codes that count up.
pub const COUNTS_UP_THEOREM: &str = "a code that counts up: g(n) = n";

impl Period {
    /// `g(n) = n` of a code that counts up (see the module documentation),
    /// checked on `values`, the values computed so far: `None` if one differs
    /// (which the theorem rules out).
    pub fn counting_up(values: &[u32]) -> Option<Self> {
        values.iter().enumerate().all(|(i, &v)| v as usize == i).then(|| ArithmeticPeriodic {
            values: vec![0],
            preperiod: 0,
            period: 1,
            saltus: 1,
            certified: true,
            observed_to: values.len(),
            theorem: Some(COUNTS_UP_THEOREM),
        })
    }

    /// The histogram of `g` over the heaps `lo..=hi`, as a few long blocks
    /// (`DyadicHistogram`); the saltus must be a power of two `2^τ`.
    ///
    /// Past the preperiod, heap `e + r + jp` has value `c_r + j·2^τ`
    /// (`c_r = g(e + r)`): with blocks of `2^σ` values, `σ >= τ`, each residue
    /// `r` fills one value in every `2^τ` over a long range, so the blocks
    /// where every residue is present all hold the same counts, `F`, and only
    /// the blocks at the two ends (and those of the preperiod) differ. `σ` is
    /// the least that keeps the ends within two blocks each.
    pub fn histogram(&self, lo: u64, hi: u64) -> Result<DyadicHistogram, Error> {
        if !self.saltus.is_power_of_two() {
            return Err(Error::invalid(
                "n",
                format!(
                    "is beyond the computed values, and the saltus {} of this game is not a power of two: \
                     its histogram has no block structure here; choose a smaller `n`",
                    self.saltus
                ),
            ));
        }
        let tau = self.saltus.trailing_zeros();
        let (e, p) = (self.preperiod as u64, self.period as u64);
        let head: Vec<u32> =
            if lo < e { (lo..=hi.min(e - 1)).map(|i| self.values[i as usize]).collect() } else { vec![] };
        // each residue class: (low bits, first and one past the last high part)
        let mut classes: Vec<(usize, u128, u128)> = Vec::new();
        let from = lo.max(e);
        for r in 0..p {
            if hi < e + r || from > hi {
                continue;
            }
            let j0 = (from.saturating_sub(e + r)).div_ceil(p);
            let j1 = (hi - e - r) / p;
            if j0 > j1 {
                continue;
            }
            let c = self.values[(e + r) as usize] as u128;
            let base = c >> tau;
            let low = (c & ((1u128 << tau) - 1)) as usize;
            classes.push((low, base + j0 as u128, base + j1 as u128 + 1));
        }
        let spread = |f: fn(&(usize, u128, u128)) -> u128| {
            let it = classes.iter().map(f);
            it.clone().max().unwrap_or(0) - it.min().unwrap_or(0)
        };
        let head_spread = match (head.iter().max(), head.iter().min()) {
            (Some(&a), Some(&b)) => (a - b) as u128 + 1,
            _ => 0,
        };
        let need = spread(|c| c.1).max(spread(|c| c.2)).max(head_spread >> tau).max(1);
        let d = 128 - (need - 1).leading_zeros();
        let sigma = tau + d;
        if sigma > 20 {
            return Err(Error::TooLarge {
                what: "the block histogram of this arithmetic-periodic game".into(),
                estimate: format!("blocks of 2^{sigma} values"),
                limit: "2^20".into(),
                remedy: crate::error::Remedy::Smaller("n"),
            });
        }
        let width = 1usize << sigma;
        let min_a = classes.iter().map(|c| c.1).min().unwrap_or(0);
        let max_a = classes.iter().map(|c| c.1).max().unwrap_or(0);
        let min_b = classes.iter().map(|c| c.2).min().unwrap_or(0);
        let lb = max_a.div_ceil(1 << d);
        let ub = min_b >> d;
        let mut blocks: Vec<(Vec<u128>, u128, u128)> = Vec::new();
        let (mid_lo, mid_hi) = if lb < ub { (lb << d, ub << d) } else { (min_a, min_a) };
        if lb < ub {
            let mut f = vec![0u128; width];
            for &(low, _, _) in &classes {
                for v in (low..width).step_by(1 << tau) {
                    f[v] += 1;
                }
            }
            blocks.push((f, lb, ub));
        }
        let mut dense: std::collections::BTreeMap<u128, Vec<u128>> = Default::default();
        let mut put = |t: u128, offset: usize| {
            let block = dense.entry(t >> d).or_insert_with(|| vec![0; width]);
            block[(((t & ((1 << d) - 1)) as usize) << tau) + offset] += 1;
        };
        for &(low, a, b) in &classes {
            for t in a..b.min(mid_lo).max(a) {
                put(t, low);
            }
            for t in a.max(mid_hi).min(b)..b {
                put(t, low);
            }
        }
        for &v in &head {
            let v = v as u128;
            put(v >> tau, (v & ((1 << tau) - 1)) as usize);
        }
        blocks.extend(dense.into_iter().map(|(b, f)| (f, b, b + 1)));
        DyadicHistogram::from_blocks(sigma, blocks)
    }
}

/// The first `(e, p, s)`, `s > 0`, that the prefix shows over at least half of
/// the values past `e` and at least two periods: reported as observed.
pub fn observed<T: Copy + Into<u32>>(values: &[T]) -> Option<ArithmeticPeriodic> {
    let len = values.len();
    search(values, |e, p, s, agree| s > 0 && agree >= (2 * p).max((len - e) / 2).max(8), false)
}

/// The certified arithmetic periodicity of an `all-but` subtraction game with
/// largest excluded member `t` (see the module documentation).
pub fn certified_all_but(values: &[u32], t: usize) -> Option<ArithmeticPeriodic> {
    search(
        values,
        |e, p, s, agree| s > 0 && agree > t && agree >= p && agree >= all_but_need(values, t, e, p, s),
        true,
    )
}

/// Fewest agreements `g(n + p) = g(n) + s` from `e` that the all-but theorem
/// needs, trying every preperiod `e' ∈ [e, e + 2p]`; `usize::MAX` if none works.
pub fn all_but_need(values: &[u32], t: usize, e: usize, p: usize, s: i64) -> usize {
    let len = values.len();
    let s = s as u64;
    let mut best = usize::MAX;
    let mut e2 = e;
    while e2 <= e + 2 * p && e2 + p <= len && e2 - e + t < best {
        if let Some(k) = excess(values, e2, p, s) {
            best = best.min(e2 - e + k + t);
        }
        e2 += 1;
    }
    best
}

/// `K` of condition (1) at preperiod `e`, if it holds within the prefix.
fn excess(values: &[u32], e: usize, p: usize, s: u64) -> Option<usize> {
    let set = |range: &[u32]| {
        let mut v: Vec<u64> = range.iter().map(|&x| x as u64).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let b = set(&values[..e + p]);
    let c = set(&values[..e]);
    if (b.len() as u64) < s || b[..s as usize] != (0..s).collect::<Vec<u64>>()[..] {
        return None;
    }
    let mut b_prime: Vec<u64> = (0..s).chain(c.iter().map(|&x| x + s)).collect();
    b_prime.sort_unstable();
    b_prime.dedup();
    let mut k = 0;
    for d in symmetric_difference(&b, &b_prime) {
        let m = (e..values.len()).find(|&m| values[m] as u64 + s == d)?;
        k = k.max(m - e + 1);
    }
    Some(k)
}

fn symmetric_difference(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = a.iter().filter(|x| b.binary_search(x).is_err()).copied().collect();
    out.extend(b.iter().filter(|x| a.binary_search(x).is_err()));
    out
}

/// The period search on the differences; `accept(e, p, s, agreements)` says
/// whether `agreements` values `g(n + p) = g(n) + s` from `e` suffice.
fn search<T: Copy + Into<u32>>(
    values: &[T],
    accept: impl Fn(usize, usize, i64, usize) -> bool,
    certified: bool,
) -> Option<ArithmeticPeriodic> {
    if values.len() < 3 {
        return None;
    }
    let at = |i: usize| -> i64 { i64::from(Into::<u32>::into(values[i])) };
    // Δ(n) = g(n + 1) − g(n), computed on demand; the sum of Δ over
    // [e, e + p) is g(e + p) − g(e)
    let delta = |i: usize| at(i + 1) - at(i);
    let rise = |e: usize, p: usize| at(e + p) - at(e);
    let (e, p) = find_period_of(values.len() - 1, delta, |e, p, k| {
        // k agreements of Δ from e are k + 1 agreements of g(n + p) − g(n)
        e + p < values.len() && accept(e, p, rise(e, p), k + 1)
    })?;
    let saltus = u64::try_from(rise(e, p)).ok()?;
    let found = ArithmeticPeriodic {
        values: values[..e + p].iter().map(|&v| v.into()).collect(),
        preperiod: e,
        period: p,
        saltus,
        certified,
        observed_to: values.len(),
        theorem: certified.then_some(ALL_BUT_THEOREM),
    };
    Some(fundamental(found))
}

/// The same relation with the smallest period dividing `p` that it allows.
fn fundamental(a: ArithmeticPeriodic) -> ArithmeticPeriodic {
    let (e, p) = (a.preperiod, a.period);
    let extended: Vec<u128> = (0..(e + 2 * p + 1) as u64).map(|i| a.value(i)).collect();
    for d in (1..p).filter(|d| p.is_multiple_of(*d)) {
        let s = extended[e + d] as i128 - extended[e] as i128;
        if s > 0 && (e..e + p).all(|i| extended[i + d] as i128 - extended[i] as i128 == s) {
            let values = extended[..e + d].iter().map(|&v| v as u32).collect();
            return ArithmeticPeriodic { values, period: d, saltus: s as u64, ..a };
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::SubtractionSet;

    #[test]
    fn nim_is_certified_at_once() {
        let values: Vec<u32> = (0..10).collect();
        let a = certified_all_but(&values, 0).unwrap();
        assert_eq!((a.preperiod, a.period, a.saltus), (0, 1, 1));
        assert_eq!(a.value(10u64.pow(18)), 10u128.pow(18));
    }

    #[test]
    fn observed_relation_with_preperiod() {
        // 5, 5, then 0,1 | 2,3 | 4,5 ...: period 2, saltus 2 from 2 on
        let mut values = vec![5, 5];
        values.extend(0..40u32);
        let a = observed(&values).unwrap();
        assert_eq!((a.preperiod, a.period, a.saltus), (2, 1, 1));
        assert!(!a.certified);
        assert_eq!(a.value(41), 39);
    }

    /// The all-but certificate against the truth, for every excluded set within
    /// `1..=7`: whatever a prefix certifies holds on 3000 values.
    #[test]
    fn no_prefix_certifies_a_false_arithmetic_period() {
        let mut certified = 0;
        for bits in 0u32..128 {
            let t: Vec<u64> = (1..=7).filter(|k| bits >> (k - 1) & 1 == 1).collect();
            let top = t.last().map_or(0, |&x| x as usize);
            let truth = SubtractionSet::all_but(t.clone()).unwrap().as_code().unwrap().values_quadratic(3000);
            for len in 2..=200 {
                if let Some(a) = certified_all_but(&truth[..len], top) {
                    certified += 1;
                    for i in 0..truth.len() as u64 {
                        assert_eq!(
                            a.value(i),
                            truth[i as usize] as u128,
                            "all-but {t:?}: prefix of {len}, heap {i}"
                        );
                    }
                    let (e, p, s) = (a.preperiod(), a.period(), a.saltus() as i64);
                    assert!(e == 0 || truth[e - 1 + p] as i64 - truth[e - 1] as i64 != s, "{t:?}: preperiod");
                }
            }
        }
        assert!(certified > 1000);
    }
}
