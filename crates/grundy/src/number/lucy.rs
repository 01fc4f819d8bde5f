//! Prime counting in `O(x^{3/4} / log x)` time and `O(√x)` memory
//! (Lucy_Hedgehog's dynamic program), with the count of numbers by smallest
//! prime factor as a by-product. The reference for
//! [`super::prime_buckets`], which computes the same in about `x^{2/3}`.
//!
//! For every `v` of the form `⌊x/i⌋`, let `S(v)` count the integers in `[2, v]`
//! that survive sieving by the primes below the current prime `p`. Initially
//! `S(v) = v − 1`. Sieving by `p` removes the multiples `p·m` with `m >= p` and
//! no prime factor below `p`:
//!
//! ```text
//! S(v) ← S(v) − (S(⌊v/p⌋) − S(p − 1))      for every v >= p²,
//! ```
//!
//! and after all primes `p <= √x`, `S(x) = π(x)`. The amount removed from `S(x)`
//! at stage `p`, `S(⌊x/p⌋) − S(p−1)`, is exactly the number of composites
//! `y <= x` whose smallest prime factor is `p`. Only the `2√x` values `⌊x/i⌋`
//! occur, stored as `small[v]` for `v <= √x` and `large[i] = S(⌊x/i⌋)`. The
//! updates of `large` that read `small` are independent and run in parallel.

use super::roots::isqrt;
use super::sieve::primes_up_to;
use crate::error::{Budget, Error};
use rayon::prelude::*;

/// Runs the DP for `x`, calling `on_prime(p, composites)` for every prime
/// `p <= √x` in increasing order, where `composites` counts the composite
/// `y <= x` with smallest prime factor `p`, and `progress(done, total)` now and
/// then. Returns `π(x)`, or `None` when `progress` returned `false` (stop).
pub fn lucy_sieve(
    x: u64,
    mut on_prime: impl FnMut(u64, u64),
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<u64> {
    if x < 2 {
        return Some(0);
    }
    let r = isqrt(x) as usize;
    let stage_work = |p: usize| -> u64 {
        let p2 = (p as u64).saturating_mul(p as u64);
        r.min((x / p2) as usize) as u64 + (r as u64 + 1).saturating_sub(p2)
    };
    // The work per stage falls steeply with p: report progress in work, not in p.
    let total_work: u64 =
        primes_up_to(r as u64).into_iter().map(|p| stage_work(p as usize)).sum::<u64>().max(1);
    let (mut done, mut reported) = (0u64, 0u64);
    let mut small: Vec<u64> = (0..=r as u64).map(|v| v.saturating_sub(1)).collect();
    let mut large: Vec<u64> = (0..=r as u64).map(|i| x.checked_div(i).map_or(0, |q| q - 1)).collect();
    for p in 2..=r {
        if small[p] == small[p - 1] {
            continue;
        }
        let sp = small[p - 1];
        let p64 = p as u64;
        let p2 = p64 * p64;
        on_prime(p64, large[p] - sp);
        let lim = r.min((x / p2) as usize);
        // i·p <= r: the value ⌊x/(ip)⌋ is stored in `large`, read before it changes
        // (it sits at a larger index, updated later in this ascending pass).
        let direct = lim.min(r / p);
        for i in 1..=direct {
            large[i] -= large[i * p] - sp;
        }
        // i·p > r: the value sits in `small`, which this stage changes only after.
        let small_ref = &small;
        large[direct + 1..=lim].par_chunks_mut(1 << 14).enumerate().for_each(|(chunk, slots)| {
            let first = direct + 1 + (chunk << 14);
            for (j, slot) in slots.iter_mut().enumerate() {
                let d = (first + j) as u64 * p64;
                *slot -= small_ref[(x / d) as usize] - sp;
            }
        });
        // small[v] for v >= p², descending, in blocks sharing q = ⌊v/p⌋: no divisions.
        for q in (p..=r / p).rev() {
            let sub = small[q] - sp;
            let hi = (q * p + p - 1).min(r);
            for v in small[q * p..=hi].iter_mut() {
                *v -= sub;
            }
        }
        done += stage_work(p);
        if done - reported > total_work / 200 {
            if !progress(done, total_work) {
                return None;
            }
            reported = done;
        }
    }
    progress(total_work, total_work).then_some(large[1])
}

/// `π(x)` by the same DP (the reference; [`super::prime_buckets::prime_pi`] is
/// the fast one).
#[cfg(test)]
pub(crate) fn prime_pi(x: u64) -> u64 {
    lucy_sieve(x, |_, _| {}, &mut |_, _| true).unwrap_or(0)
}

/// Estimated peak bytes of [`lucy_sieve`] at `x`: the two tables of `√x`
/// counts and a byte per number up to `√x` for its primes.
pub fn memory_estimate(x: u64) -> f64 {
    17.0 * (x as f64).sqrt() + 1e6
}

/// Estimated steps of [`lucy_sieve`] at `x` (a step about a nanosecond of one
/// core, see [`super::MAX_PRIME_COUNT_WORK`]): `20·x^{3/4}/ln x`, fitted to the
/// CPU time measured at `10^12`, `10^13` and `10^14` (0.58 s, 3.3 s and 19 s).
pub fn work_estimate(x: u64) -> f64 {
    let x = x as f64;
    20.0 * x.powf(0.75) / x.ln().max(1.0)
}

/// Refuses [`lucy_sieve`] at `x` whose time or memory estimate is beyond the
/// limits ([`work_estimate`] against [`super::MAX_PRIME_COUNT_WORK`],
/// [`memory_estimate`] against `budget`), before any work starts. The limit on
/// the time allows `x` up to about `2·10^16`.
pub fn check(x: u64, budget: &Budget) -> Result<(), Error> {
    super::check_prime_counting(work_estimate(x), memory_estimate(x), budget, "n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::sieve::odd_spf_buckets;

    #[test]
    fn pi_and_buckets_match_the_sieve() {
        for x in (0..2000u64).chain([65_535, 65_536, 100_003, 1_000_000]) {
            let sieve = odd_spf_buckets(x);
            let mut got = Vec::new();
            let pi = lucy_sieve(
                x,
                |p, c| {
                    if p > 2 {
                        got.push(c + 1)
                    }
                },
                &mut |_, _| true,
            )
            .unwrap();
            // odd primes plus the prime 2
            assert_eq!(pi, sieve.len() as u64 + u64::from(x >= 2), "pi({x})");
            assert_eq!(got[..], sieve[..got.len()], "buckets at {x}");
            assert!(sieve[got.len()..].iter().all(|&c| c == 1), "large primes count once at {x}");
        }
    }
}
