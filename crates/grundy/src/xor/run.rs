//! XOR powers of a histogram that ends in a long run of ones, without ever
//! materializing the run.
//!
//! Coprime Nim's histogram over `1..=N−1` is an irregular head (values up to
//! `π(√N)`) followed by ones at every index up to `E = π(N−1)`, since each prime
//! above `√N` is the smallest prime factor of itself only. With `2^B > E`, split an
//! index `k = hi·2^s + lo` with the head inside block 0 (`2^s` above the head),
//! and write `E = Q·2^s + R`. The low block `a` (head plus the ones below `2^s`)
//! has a transform `â(lo)` independent of `hi`. The ones on `[2^s, E]` form the full
//! blocks `1..Q−1`, whose transform vanishes unless `lo = 0`, and the partial block
//! `Q` with `lo ∈ [0, R]`:
//!
//! ```text
//! lo ≠ 0:  ĉ(k) = â(lo) + (−1)^{popcount(Q & hi)} · P(lo),      P = transform of 1[0..=R]
//! lo = 0:  ĉ(k) = â(0) + 2^s · I(hi) + (−1)^{popcount(Q & hi)} · (R + 1),
//!                                                      I = transform of 1[1..=Q−1]
//! ```
//!
//! For `lo ≠ 0` the sign is `+` for exactly half of the `hi` (Q ≠ 0), so
//! `Σ_hi ĉ(k)^K = 2^{B−s−1} · ((â+P)^K + (â−P)^K)`. The whole sum
//! `Σ_k ĉ(k)^K` then takes about `2·2^s + 2^{B−s}` powers instead of `2^B`, and
//! `h^{*K}[0] = 2^{−B} Σ_k ĉ(k)^K` as in [`super::zero_xor_count`].

use super::walsh_hadamard;
use crate::ring::Ring;

/// A histogram `head[0..]` followed by ones at every index in `run_start..=run_end`
/// (no run when `run_start > run_end`); `head.len() <= run_start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunHistogram {
    /// The irregular counts at the small indices.
    pub head: Vec<u128>,
    /// First index of the run of ones.
    pub run_start: u64,
    /// Last index of the run of ones.
    pub run_end: u64,
}

impl RunHistogram {
    /// The histogram written out in full (for tests and small sizes).
    pub fn dense(&self) -> Vec<u128> {
        let mut v = self.head.clone();
        if self.run_start <= self.run_end {
            v.resize(self.run_start as usize, 0);
            v.resize(self.run_end as usize + 1, 1);
        }
        v
    }

    /// The total count `Σ h`.
    pub fn total(&self) -> u128 {
        self.head.iter().sum::<u128>() + (self.run_end + 1).saturating_sub(self.run_start) as u128
    }

    /// The number of powers [`zero_xor_count_run`] takes, for a split at `s`.
    fn cost(b: u32, s: u32) -> u128 {
        2 * (1u128 << s) + (1u128 << (b - s))
    }
}

fn bits_for(x: u64) -> u32 {
    64 - x.leading_zeros()
}

fn indicator_transform(len: usize, from: usize, to: usize) -> Vec<i128> {
    let mut v = vec![0i128; len];
    if from <= to {
        v[from..=to].iter_mut().for_each(|x| *x = 1);
    }
    walsh_hadamard(&mut v);
    v
}

/// `h^{*K}[0]` for a head-plus-run histogram, in about `2·2^s + 2^{B−s}` powers.
pub fn zero_xor_count_run<R: Ring>(ring: &R, h: &RunHistogram, k: u128) -> R::Elem {
    let has_run = h.run_start <= h.run_end;
    let top = if has_run { h.run_end } else { h.head.len().saturating_sub(1) as u64 };
    let b = bits_for(top);
    // The head and the start of the run must lie in block 0.
    let s_min = bits_for((h.head.len() as u64).max(if has_run { h.run_start } else { 0 }).saturating_sub(1));
    let s = (s_min..=b).min_by_key(|&s| RunHistogram::cost(b, s)).unwrap_or(b).max(s_min).min(b);
    let low_len = 1usize << s;
    let mut a: Vec<i128> = vec![0; low_len];
    for (i, &c) in h.head.iter().enumerate() {
        a[i] = i128::try_from(c).expect("counts fit in i128");
    }
    let tail = has_run && h.run_end >= low_len as u64;
    if has_run {
        let last = h.run_end.min(low_len as u64 - 1) as usize;
        a[h.run_start as usize..=last].iter_mut().for_each(|x| *x += 1);
    }
    walsh_hadamard(&mut a);
    let hi_len = 1usize << (b - s);
    let mut terms: Vec<(i128, u128)> = Vec::with_capacity(2 * low_len + hi_len);
    if !tail {
        terms.extend(a.iter().map(|&v| (v, hi_len as u128)));
    } else {
        let q = (h.run_end >> s) as usize;
        let r = (h.run_end & (low_len as u64 - 1)) as usize;
        let p = indicator_transform(low_len, 0, r);
        let half = (hi_len / 2) as u128;
        for lo in 1..low_len {
            terms.push((a[lo] + p[lo], half));
            terms.push((a[lo] - p[lo], half));
        }
        let i = indicator_transform(hi_len, 1, q.saturating_sub(1));
        let block = low_len as i128;
        for (hi, &ih) in i.iter().enumerate() {
            let sign = if (q & hi).count_ones().is_multiple_of(2) { 1 } else { -1 };
            terms.push((a[0] + block * ih + sign * (r as i128 + 1), 1));
        }
    }
    if k > 0 {
        terms.retain(|&(v, _)| v != 0);
    }
    ring.power_sum_shifted(&terms, k, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::{Exact, Modular};
    use crate::xor::zero_xor_count;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn run_matches_dense_transform(
            head in prop::collection::vec(0u128..1_000_000, 0..40),
            gap in 0u64..50,
            run in 0u64..6000,
            k in 0u128..50,
            m in 1u64..=u64::MAX,
        ) {
            let run_start = head.len() as u64 + gap;
            let h = RunHistogram { head, run_start, run_end: (run_start + run).saturating_sub(1) };
            let dense = h.dense();
            prop_assert_eq!(h.total(), dense.iter().sum::<u128>());
            if !dense.is_empty() {
                prop_assert_eq!(zero_xor_count_run(&Exact, &h, k), zero_xor_count(&Exact, &dense, k));
                let ring = Modular::new(m);
                prop_assert_eq!(zero_xor_count_run(&ring, &h, k), zero_xor_count(&ring, &dense, k));
            }
        }
    }

    #[test]
    fn runs_ending_at_powers_of_two() {
        for end in [1u64, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 1023, 1024, 1025] {
            for start in [2u64, 3, 5] {
                if start > end {
                    continue;
                }
                let h = RunHistogram { head: vec![7, 1], run_start: start, run_end: end };
                for k in [1u128, 2, 3, 10] {
                    assert_eq!(
                        zero_xor_count_run(&Exact, &h, k),
                        zero_xor_count(&Exact, &h.dense(), k),
                        "end={end} start={start} k={k}"
                    );
                }
            }
        }
    }
}
