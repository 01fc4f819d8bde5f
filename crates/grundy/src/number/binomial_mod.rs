//! Binomial coefficients modulo any `1 <= M <= 2^64 − 1`, for huge `n` and
//! modest `k`.
//!
//! `M` is split into prime powers `q = p^e`. Modulo `q`, every factor of
//! `C(n, k) = Π_{i<k} (n − i) / Π_{i<k} (i + 1)` is written as `p^a · u` with `u`
//! prime to `p`: the powers of `p` add up to `v_p(C(n, k))` (Kummer's carries,
//! here counted directly) and the units multiply modulo `q`, where the
//! denominator's unit is invertible. So `C(n, k) ≡ p^v · U_num · U_den^{-1}`
//! (mod `q`), which is `0` once `v >= e`. The residues are joined by the Chinese
//! remainder theorem. Cost `O(k)` multiplications per prime power, for any `n`
//! up to `2^64 − 1`; a whole row `C(n, 0..=n)` costs `O(n)` the same way, with the
//! denominators inverted in one batch.

use super::factor::factorize;
use crate::residue::{inverse_mod, mul_mod as mul};

/// The inverse of a unit modulo `q` (every denominator unit here is one).
fn inverse(a: u64, q: u64) -> u64 {
    inverse_mod(a, q).unwrap_or(0)
}

/// One prime power `p^e` of the modulus.
#[derive(Clone, Debug)]
struct PrimePower {
    p: u64,
    e: u32,
    q: u64,
}

impl PrimePower {
    /// `x = p^a · u`: returns `(a, u mod q)`.
    fn split(&self, mut x: u64) -> (u32, u64) {
        let mut a = 0;
        if self.p == 2 {
            a = x.trailing_zeros();
            x >>= a;
        } else {
            while x.is_multiple_of(self.p) {
                x /= self.p;
                a += 1;
            }
        }
        (a, x % self.q)
    }

    /// `p^v · unit mod q`, or 0 when `v >= e`.
    fn join(&self, v: u64, unit: u64) -> u64 {
        if v >= self.e as u64 {
            return 0;
        }
        mul(unit, self.p.pow(v as u32) % self.q, self.q)
    }
}

/// Binomials modulo one fixed `M`.
#[derive(Clone, Debug)]
pub struct BinomialMod {
    m: u64,
    parts: Vec<PrimePower>,
    /// `c_j ≡ 1 (mod q_j)`, `≡ 0` modulo the other prime powers.
    crt: Vec<u64>,
}

impl BinomialMod {
    /// Factors `M` and prepares the CRT coefficients.
    pub fn new(m: u64) -> Self {
        let parts: Vec<PrimePower> =
            factorize(m).into_iter().map(|(p, e)| PrimePower { p, e, q: p.pow(e) }).collect();
        let crt = parts
            .iter()
            .map(|pp| {
                let rest = m / pp.q;
                mul(rest, inverse(rest % pp.q, pp.q), m)
            })
            .collect();
        BinomialMod { m, parts, crt }
    }

    fn combine(&self, residues: impl Iterator<Item = u64>) -> u64 {
        residues
            .zip(&self.crt)
            .fold(0u64, |acc, (r, &c)| ((acc as u128 + mul(r, c, self.m) as u128) % self.m as u128) as u64)
    }

    /// `C(n, k) mod M` in `O(min(k, n−k))` per prime power.
    pub fn binomial(&self, n: u64, k: u64) -> u64 {
        if k > n {
            return 0;
        }
        let k = k.min(n - k);
        self.combine(self.parts.iter().map(|pp| {
            let (mut v, mut num, mut den) = (0i64, 1 % pp.q, 1 % pp.q);
            for i in 0..k {
                let (a, u) = pp.split(n - i);
                let (b, w) = pp.split(i + 1);
                v += a as i64 - b as i64;
                num = mul(num, u, pp.q);
                den = mul(den, w, pp.q);
            }
            pp.join(v as u64, mul(num, inverse(den, pp.q), pp.q))
        }))
    }

    /// The row `C(n, 0..=n) mod M` in `O(n)` per prime power.
    pub fn row(&self, n: u64) -> Vec<u64> {
        let len = n as usize + 1;
        let per_part: Vec<Vec<u64>> = self
            .parts
            .iter()
            .map(|pp| {
                // units of 1..=n and their inverses by one batch inversion
                let splits: Vec<(u32, u64)> = (1..=n).map(|x| pp.split(x)).collect();
                let mut prefix = Vec::with_capacity(len);
                let mut acc = 1 % pp.q;
                for &(_, u) in &splits {
                    prefix.push(acc);
                    acc = mul(acc, u, pp.q);
                }
                let mut inv_acc = inverse(acc, pp.q);
                let mut inv_unit = vec![0u64; splits.len()];
                for i in (0..splits.len()).rev() {
                    inv_unit[i] = mul(inv_acc, prefix[i], pp.q);
                    inv_acc = mul(inv_acc, splits[i].1, pp.q);
                }
                // C(n, x+1) = C(n, x) · (n − x) / (x + 1)
                let mut out = Vec::with_capacity(len);
                let (mut v, mut unit) = (0i64, 1 % pp.q);
                out.push(pp.join(0, unit));
                for x in 0..n {
                    let (a, u) = splits[(n - x - 1) as usize];
                    let (b, _) = splits[x as usize];
                    v += a as i64 - b as i64;
                    unit = mul(mul(unit, u, pp.q), inv_unit[x as usize], pp.q);
                    out.push(pp.join(v as u64, unit));
                }
                out
            })
            .collect();
        (0..len).map(|i| self.combine(per_part.iter().map(|r| r[i]))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::binomial::{binomial, binomial_row};
    use num_bigint::BigUint;
    use proptest::prelude::*;

    fn big_mod(x: &BigUint, m: u64) -> u64 {
        (x % m).try_into().unwrap()
    }

    #[test]
    fn rows_match_exact_for_many_moduli() {
        for m in [
            1u64,
            2,
            4,
            8,
            9,
            12,
            27,
            30,
            64,
            97,
            720,
            1_000_000_000,
            1_234_567_890,
            1_000_036_000_099,
            u64::MAX,
            1 << 63,
        ] {
            let bm = BinomialMod::new(m);
            for n in 0..70u64 {
                let want: Vec<u64> = binomial_row(n).iter().map(|c| big_mod(c, m)).collect();
                assert_eq!(bm.row(n), want, "row {n} mod {m}");
            }
        }
    }

    #[test]
    fn large_k_matches_exact() {
        let n = 1_000_000_000_000_000_000u64;
        let exact = binomial(n, 20_000);
        for m in [1_000_000_000u64, 1_000_000_007, 1_000_036_000_099, 1 << 62, 3u64.pow(40), u64::MAX] {
            assert_eq!(BinomialMod::new(m).binomial(n, 20_000), big_mod(&exact, m), "mod {m}");
        }
    }

    proptest! {
        #[test]
        fn binomial_matches_exact(n in 0u64..=u64::MAX, k in 0u64..300, m in 1u64..=u64::MAX, twos in 0u32..20) {
            let m = (m >> twos).max(1) << twos;
            let bm = BinomialMod::new(m);
            let want = big_mod(&binomial(n, k), m);
            prop_assert_eq!(bm.binomial(n, k), want);
        }

        #[test]
        fn small_prime_powers(n in 0u64..1_000_000_000_000, k in 0u64..500, p in prop::sample::select(vec![2u64, 3, 5, 7, 11, 13]), e in 1u32..12) {
            let m = p.pow(e);
            prop_assert_eq!(BinomialMod::new(m).binomial(n, k), big_mod(&binomial(n, k), m));
        }
    }
}
