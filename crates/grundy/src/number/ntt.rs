//! Polynomial multiplication modulo any `M <= 2^64 − 1` by number-theoretic
//! transforms over five primes and the Chinese remainder theorem.
//!
//! A coefficient of the product of two polynomials with coefficients below `M`
//! is below `L·M² < 2^17·2^128 = 2^145` for `L <= 2^17` terms in the shorter
//! factor. The five NTT primes `c·2^k + 1` below `2^31` multiply to about
//! `2^151`, so the exact integer coefficient is recovered from its five
//! residues (Garner's mixed-radix form) and reduced modulo `M`; smaller moduli
//! need fewer primes (three for `M < 2^30` and `L <= 2^17`). Each prime's
//! transform runs with a compile-time modulus (so `%` becomes multiplications);
//! the five run in parallel. Cost `O(L log L)` per product.
//!
//! [`PolyMultiplier`] keeps the transforms of a fixed factor, as the carry DP
//! of the silver dollar game multiplies by the same column polynomial at every
//! bit level.

use super::factor::factorize;
use crate::modular::{inverse_mod, pow_mod};
use rayon::prelude::*;
use std::sync::OnceLock;

/// The NTT primes: `15·2^27+1`, `27·2^26+1`, `63·2^25+1`, `7·2^26+1`, `119·2^23+1`.
pub const PRIMES: [u64; 5] = [2_013_265_921, 1_811_939_329, 2_113_929_217, 469_762_049, 998_244_353];

/// The longest transform every prime supports (`2^23`).
pub const MAX_LEN: usize = 1 << 23;

/// The most terms the shorter factor may have for exact recovery.
pub const MAX_SHORT_LEN: usize = 1 << 17;

/// A primitive root of each prime, found by testing `g^((p−1)/q) ≠ 1`.
fn generators() -> &'static [u64; 5] {
    static G: OnceLock<[u64; 5]> = OnceLock::new();
    G.get_or_init(|| {
        PRIMES.map(|p| {
            let qs = factorize(p - 1);
            (2..p)
                .find(|&g| qs.iter().all(|&(q, _)| pow_mod(g, (p - 1) / q, p) != 1))
                .expect("a primitive root")
        })
    })
}

/// In-place NTT modulo the prime `P` with primitive root `g`; `invert` applies
/// the inverse transform including the division by the length.
fn ntt<const P: u64>(a: &mut [u64], g: u64, invert: bool) {
    let n = a.len();
    let mut j = 0;
    for i in 1..n {
        let mut bit = n >> 1;
        while j & bit != 0 {
            j ^= bit;
            bit >>= 1;
        }
        j |= bit;
        if i < j {
            a.swap(i, j);
        }
    }
    let mut len = 2;
    while len <= n {
        let mut w_len = pow_mod(g, (P - 1) / len as u64, P);
        if invert {
            w_len = pow_mod(w_len, P - 2, P);
        }
        let half = len / 2;
        let mut roots = Vec::with_capacity(half);
        let mut w = 1u64;
        for _ in 0..half {
            roots.push(w);
            w = w * w_len % P;
        }
        for block in a.chunks_exact_mut(len) {
            let (lo, hi) = block.split_at_mut(half);
            for ((u, v), &w) in lo.iter_mut().zip(hi.iter_mut()).zip(&roots) {
                let x = *u;
                let y = *v * w % P;
                *u = if x + y >= P { x + y - P } else { x + y };
                *v = if x >= y { x - y } else { x + P - y };
            }
        }
        len <<= 1;
    }
    if invert {
        let inv_n = pow_mod(n as u64, P - 2, P);
        a.iter_mut().for_each(|x| *x = *x * inv_n % P);
    }
}

fn transform(which: usize, a: &mut [u64], invert: bool) {
    let g = generators()[which];
    match which {
        0 => ntt::<{ PRIMES[0] }>(a, g, invert),
        1 => ntt::<{ PRIMES[1] }>(a, g, invert),
        2 => ntt::<{ PRIMES[2] }>(a, g, invert),
        3 => ntt::<{ PRIMES[3] }>(a, g, invert),
        _ => ntt::<{ PRIMES[4] }>(a, g, invert),
    }
}

fn pointwise(which: usize, a: &mut [u64], b: &[u64]) {
    let p = PRIMES[which];
    a.iter_mut().zip(b).for_each(|(x, &y)| *x = *x * y % p);
}

/// Garner constants: `inv[i][j] = p_j^{-1} mod p_i` for `j < i`.
fn garner_inverses() -> &'static [[u64; 5]; 5] {
    static INV: OnceLock<[[u64; 5]; 5]> = OnceLock::new();
    INV.get_or_init(|| {
        let mut inv = [[0u64; 5]; 5];
        for i in 0..5 {
            for j in 0..i {
                inv[i][j] = inverse_mod(PRIMES[j] % PRIMES[i], PRIMES[i]).unwrap_or(0);
            }
        }
        inv
    })
}

/// The integer with residues `r[i] mod PRIMES[i]` (for the first `r.len()`
/// primes), reduced modulo `m`.
fn garner(r: &[u64], m: u64) -> u64 {
    let inv = garner_inverses();
    // mixed-radix digits: x = t0 + t1·p0 + t2·p0p1 + ...
    let mut t = [0u64; 5];
    for i in 0..r.len() {
        let p = PRIMES[i];
        let mut x = r[i];
        for j in 0..i {
            x = (x + p - t[j] % p) % p * inv[i][j] % p;
        }
        t[i] = x;
    }
    let mm = m as u128;
    let mut acc: u128 = 0;
    let mut radix: u128 = 1 % mm;
    for i in 0..r.len() {
        acc = (acc + t[i] as u128 % mm * radix) % mm;
        radix = radix * (PRIMES[i] as u128 % mm) % mm;
    }
    acc as u64
}

/// The product of `a` and `b` (coefficients below `m`) modulo `m`, by schoolbook.
pub fn multiply_schoolbook(a: &[u64], b: &[u64], m: u64) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u128; a.len() + b.len() - 1];
    let mm = m as u128;
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] = (out[i + j] + x as u128 * y as u128) % mm;
        }
    }
    out.into_iter().map(|x| x as u64).collect()
}

/// Multiplies polynomials by one fixed polynomial modulo `m`.
pub struct PolyMultiplier {
    m: u64,
    fixed: Vec<u64>,
    /// `fixed`'s transforms, one per prime, at length `size`.
    fixed_hat: Vec<Vec<u64>>,
    size: usize,
    other_len: usize,
    /// How many primes the products need: their product must exceed the
    /// largest possible coefficient, `min(len) · (m − 1)²`.
    primes: usize,
}

/// The fewest primes whose product exceeds `short · (m − 1)²`.
fn primes_needed(short: usize, m: u64) -> usize {
    let bound = (short.max(1) as f64).log2() + 2.0 * (m.max(2) as f64).log2() + 1.0;
    let mut bits = 0.0;
    for (i, &p) in PRIMES.iter().enumerate() {
        bits += (p as f64).log2();
        if bits > bound {
            return i + 1;
        }
    }
    PRIMES.len()
}

impl PolyMultiplier {
    /// Prepares products of `fixed` with polynomials of up to `other_len` terms.
    ///
    /// # Panics
    /// If the shorter factor exceeds [`MAX_SHORT_LEN`] terms or the product
    /// exceeds [`MAX_LEN`] (callers check sizes first).
    pub fn new(fixed: &[u64], other_len: usize, m: u64) -> Self {
        assert!(fixed.len().min(other_len) <= MAX_SHORT_LEN, "factor too long for exact recovery");
        let size = (fixed.len() + other_len).max(2).next_power_of_two();
        assert!(size <= MAX_LEN, "product too long for the NTT primes");
        let primes = primes_needed(fixed.len().min(other_len), m);
        let fixed_hat = (0..primes)
            .into_par_iter()
            .map(|i| {
                let mut v: Vec<u64> = fixed.iter().map(|&x| x % PRIMES[i]).collect();
                v.resize(size, 0);
                transform(i, &mut v, false);
                v
            })
            .collect();
        PolyMultiplier { m, fixed: fixed.to_vec(), fixed_hat, size, other_len, primes }
    }

    /// `a · fixed mod m` (all `a.len() + fixed.len() − 1` coefficients).
    pub fn multiply(&self, a: &[u64]) -> Vec<u64> {
        assert!(a.len() <= self.other_len, "factor longer than prepared");
        if a.is_empty() || self.fixed.is_empty() {
            return Vec::new();
        }
        let out_len = a.len() + self.fixed.len() - 1;
        let residues: Vec<Vec<u64>> = (0..self.primes)
            .into_par_iter()
            .map(|i| {
                let mut v: Vec<u64> = a.iter().map(|&x| x % PRIMES[i]).collect();
                v.resize(self.size, 0);
                transform(i, &mut v, false);
                pointwise(i, &mut v, &self.fixed_hat[i]);
                transform(i, &mut v, true);
                v.truncate(out_len);
                v
            })
            .collect();
        (0..out_len)
            .into_par_iter()
            .with_min_len(1 << 12)
            .map(|k| {
                let mut r = [0u64; 5];
                for (slot, res) in r.iter_mut().zip(&residues) {
                    *slot = res[k];
                }
                garner(&r[..self.primes], self.m)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn prime_counts_follow_the_modulus() {
        assert_eq!(primes_needed(1 << 17, 1_000_000_007), 3);
        assert_eq!(primes_needed(1 << 17, u64::MAX), 5);
        assert_eq!(primes_needed(10, 2), 1);
    }

    #[test]
    fn extreme_coefficients_are_recovered() {
        for m in [u64::MAX, (1 << 63) + 1, 1 << 40, 1_000_036_000_099, 1_000_000_007, 1 << 30, 2, 1] {
            let a = vec![m - 1; 3000];
            let b = vec![m - 1; 2000];
            let mult = PolyMultiplier::new(&b, a.len(), m);
            assert_eq!(mult.multiply(&a), multiply_schoolbook(&a, &b, m), "m={m}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        #[test]
        fn matches_schoolbook(
            a in prop::collection::vec(any::<u64>(), 1..300),
            b in prop::collection::vec(any::<u64>(), 1..300),
            m in 1u64..=u64::MAX,
        ) {
            let a: Vec<u64> = a.into_iter().map(|x| x % m).collect();
            let b: Vec<u64> = b.into_iter().map(|x| x % m).collect();
            let mult = PolyMultiplier::new(&b, a.len(), m);
            prop_assert_eq!(mult.multiply(&a), multiply_schoolbook(&a, &b, m));
        }
    }
}
