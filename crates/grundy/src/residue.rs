//! Arithmetic modulo a 64-bit number: the one home of modular multiplication,
//! powers and inverses, used by factoring, binomials, the NTT and the rings.
//!
//! [`mul_mod`], [`pow_mod`] and [`inverse_mod`] take any modulus `1 <= m < 2^64`
//! and use 128-bit intermediates, so nothing overflows.
//!
//! [`Montgomery`] is the fast path for an odd modulus. Binary powering for any
//! associative product (these residues, ring elements, quotient elements) is
//! written once, in `power`.
//! For odd `n < 2^64` and `R = 2^64`, an element `x` is stored as `x·R mod n`.
//! The product of two stored elements is reduced by REDC: with `t = a·b < n^2`,
//! `m = t·n^{-1} mod R` makes `t − m·n` divisible by `R` and
//! `(t − m·n)/R = t_hi − ⌊m·n/R⌋` lies in `(−n, n)`, so one conditional addition of
//! `n` gives the reduced value. This form never overflows, even for `n ≥ 2^63`.
//! Cost: three 64×64→128 multiplications per product, against a 128-by-64-bit
//! division for `(a·b) % n`.

pub(crate) mod narrow;
pub(crate) mod power;

use power::power;

/// `a·b mod m` for any `m >= 1`.
#[inline]
pub fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (a as u128 * b as u128 % m as u128) as u64
}

/// `b^e mod m` for any `m >= 1`, by binary exponentiation (`b^0 = 1 mod m`).
pub fn pow_mod(b: u64, e: u64, m: u64) -> u64 {
    power(1 % m, b % m, e.into(), |&x, &y| mul_mod(x, y, m))
}

/// The inverse of `a` modulo `m` by the extended Euclidean algorithm, or `None`
/// when `gcd(a, m) != 1` (`m = 1`: every residue is 0, whose inverse is 0).
pub fn inverse_mod(a: u64, m: u64) -> Option<u64> {
    let (mut r0, mut r1) = (m as i128, (a % m) as i128);
    let (mut t0, mut t1) = (0i128, 1i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    (r0 == 1 || m == 1).then(|| t0.rem_euclid(m as i128) as u64)
}

/// The exponent that the powers modulo `m` repeat with: Carmichael's `λ(m)` and
/// the largest prime exponent `e` of `m`, from its factorization.
///
/// For every `a` and `k >= e`, `a^k ≡ a^{e + ((k − e) mod λ)} (mod m)`: modulo
/// each prime power `p^f` of `m`, a unit has order dividing `λ`, and a multiple
/// of `p` has `a^j ≡ 0` for every `j >= f`, which both exponents are.
/// `λ(p^f) = p^{f−1}(p − 1)` for odd `p`, `λ(2) = 1`, `λ(4) = 2`,
/// `λ(2^f) = 2^{f−2}` for `f >= 3`, and `λ` of a product is the lcm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PowerCycle {
    lambda: u128,
    max_exponent: u32,
}

impl PowerCycle {
    /// The cycle of `Π p^f` for the factorization `[(p, f)]`.
    pub fn of(factors: &[(u64, u32)]) -> Self {
        let mut lambda: u128 = 1;
        let mut max_exponent = 0;
        for &(p, f) in factors {
            let part: u128 = match (p, f) {
                (2, 1) => 1,
                (2, 2) => 2,
                (2, _) => 1u128 << (f - 2).min(126),
                _ => (p as u128).pow(f - 1) * (p as u128 - 1),
            };
            lambda = num_integer::lcm(lambda, part);
            max_exponent = max_exponent.max(f);
        }
        PowerCycle { lambda, max_exponent }
    }

    /// The cycle of `2^w`.
    pub fn of_power_of_two(w: u32) -> Self {
        if w == 0 { PowerCycle::of(&[]) } else { PowerCycle::of(&[(2, w)]) }
    }

    /// The smallest exponent with the same powers as `k` for every base.
    pub fn exponent(&self, k: u128) -> u128 {
        let e = self.max_exponent as u128;
        if k <= e + self.lambda { k } else { e + (k - e) % self.lambda }
    }
}

/// Montgomery form arithmetic for one odd modulus.
#[derive(Clone, Debug)]
pub struct Montgomery {
    n: u64,
    /// `n^{-1} mod 2^64`.
    n_inv: u64,
    /// `2^128 mod n`, used to enter Montgomery form.
    r2: u64,
}

impl Montgomery {
    /// Prepares arithmetic modulo the odd number `n`, or `None` for an even `n`
    /// (split off the power of two first).
    pub fn new(n: u64) -> Option<Self> {
        if n.is_multiple_of(2) {
            return None;
        }
        // Newton iteration: each step doubles the number of correct low bits.
        let mut inv: u64 = n;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inv)));
        }
        let r = ((1u128 << 64) % n as u128) as u64;
        let r2 = ((r as u128 * r as u128) % n as u128) as u64;
        Some(Montgomery { n, n_inv: inv, r2 })
    }

    /// The modulus.
    pub fn modulus(&self) -> u64 {
        self.n
    }

    /// REDC: `t·2^{-64} mod n` for `t < n·2^64`.
    #[inline]
    pub fn reduce(&self, t: u128) -> u64 {
        let lo = t as u64;
        let hi = (t >> 64) as u64;
        let m = lo.wrapping_mul(self.n_inv);
        let mn_hi = ((m as u128 * self.n as u128) >> 64) as u64;
        if hi >= mn_hi { hi - mn_hi } else { hi.wrapping_add(self.n).wrapping_sub(mn_hi) }
    }

    /// Enters Montgomery form (`x` may be any u64).
    #[inline]
    pub fn to_mont(&self, x: u64) -> u64 {
        self.reduce((x % self.n) as u128 * self.r2 as u128)
    }

    /// `x mod n` in Montgomery form, any `u128`: a 64-bit division when `x`
    /// fits in 64 bits (a 128-bit one is a library call several times slower).
    #[inline]
    pub fn of_u128(&self, x: u128) -> u64 {
        let r = match u64::try_from(x) {
            Ok(x) => x % self.n,
            Err(_) => (x % u128::from(self.n)) as u64,
        };
        self.reduce(u128::from(r) * u128::from(self.r2))
    }

    /// `x mod n` in Montgomery form, any `i128` (the form is linear: that of
    /// `−x` is `n` minus that of `x`).
    #[inline]
    pub fn of_i128(&self, x: i128) -> u64 {
        let m = self.of_u128(x.unsigned_abs());
        if x < 0 && m != 0 { self.n - m } else { m }
    }

    /// Leaves Montgomery form.
    #[inline]
    #[allow(clippy::wrong_self_convention, reason = "the customary name of the map out of Montgomery form")]
    pub fn from_mont(&self, x: u64) -> u64 {
        self.reduce(x as u128)
    }

    /// Product of two elements in Montgomery form.
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(a as u128 * b as u128)
    }

    /// `2^{-k}` in Montgomery form (2 is a unit modulo the odd `n`).
    pub fn inverse_power_of_two(&self, k: u128) -> u64 {
        // 2^{-1} = (n + 1) / 2 modulo odd n.
        self.pow(self.to_mont(self.n / 2 + 1), k)
    }

    /// Difference of two reduced elements (either form).
    #[inline]
    pub fn sub(&self, a: u64, b: u64) -> u64 {
        if a >= b { a - b } else { a.wrapping_sub(b).wrapping_add(self.n) }
    }

    /// Sum of two elements (either form), reduced.
    #[inline]
    pub fn add(&self, a: u64, b: u64) -> u64 {
        let (s, carry) = a.overflowing_add(b);
        if carry || s >= self.n { s.wrapping_sub(self.n) } else { s }
    }

    /// `a_i^k` for `N` bases in Montgomery form at once: the `N` chains of
    /// products are independent, so the multiplier works on them in parallel
    /// instead of waiting for each product in turn (one chain is bound by the
    /// latency of a product, several by its throughput).
    pub fn pow_many<const N: usize>(&self, bases: [u64; N], k: u128) -> [u64; N] {
        power([self.to_mont(1); N], bases, k, |x, y| std::array::from_fn(|i| self.mul(x[i], y[i])))
    }

    /// `a^k` for `a` in Montgomery form, by binary exponentiation.
    pub fn pow(&self, a: u64, k: u128) -> u64 {
        power(self.to_mont(1), a, k, |&x, &y| self.mul(x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn power_cycle_of_63() {
        let c = PowerCycle::of(&[(3, 2), (7, 1)]); // 63: λ = lcm(6, 6) = 6, e = 2
        assert_eq!((c.lambda, c.exponent(10)), (6, 4)); // 10 = 2 + 8 ≡ 2 + 2
    }

    #[test]
    fn montgomery_power_of_two() {
        let mg = Montgomery::new(1_000_000_007).unwrap();
        let x = mg.pow(mg.to_mont(2), 30);
        assert_eq!(mg.from_mont(x), (1u64 << 30) % 1_000_000_007);
        assert!(Montgomery::new(10).is_none());
    }

    proptest! {
        #[test]
        fn mul_matches_u128_remainder(n in any::<u64>(), a in any::<u64>(), b in any::<u64>()) {
            let n = n | 1;
            let mg = Montgomery::new(n).unwrap();
            let got = mg.from_mont(mg.mul(mg.to_mont(a), mg.to_mont(b)));
            let want = ((a % n) as u128 * (b % n) as u128 % n as u128) as u64;
            prop_assert_eq!(got, want);
        }

        #[test]
        fn residues_of_wide_integers(n in any::<u64>(), x in any::<i128>(), small in any::<i64>()) {
            let n = n | 1;
            let mg = Montgomery::new(n).unwrap();
            for x in [x, i128::from(small), i128::MIN, i128::MAX] {
                prop_assert_eq!(mg.from_mont(mg.of_i128(x)) as i128, x.rem_euclid(n as i128));
                let u = x.unsigned_abs();
                prop_assert_eq!(mg.from_mont(mg.of_u128(u)) as u128, u % n as u128);
            }
        }

        #[test]
        fn add_matches_u128(n in any::<u64>(), a in any::<u64>(), b in any::<u64>()) {
            let n = n | 1;
            let mg = Montgomery::new(n).unwrap();
            let got = mg.add(a % n, b % n);
            prop_assert_eq!(got as u128, ((a % n) as u128 + (b % n) as u128) % n as u128);
            prop_assert_eq!(mg.sub(a % n, b % n) as i128, ((a % n) as i128 - (b % n) as i128).rem_euclid(n as i128));
        }

        #[test]
        fn many_powers_at_once(n in any::<u64>(), a in any::<[u64; 4]>(), k in any::<u128>()) {
            let mg = Montgomery::new(n | 1).unwrap();
            let bases = a.map(|x| mg.to_mont(x));
            let many = mg.pow_many(bases, k);
            for i in 0..4 {
                prop_assert_eq!(many[i], mg.pow(bases[i], k));
            }
        }

        #[test]
        fn reduced_exponents_give_the_same_powers(a in any::<u64>(), k in any::<u64>(), m in 1u64..=u64::MAX) {
            let cycle = PowerCycle::of(&crate::number::factor::factorize(m));
            prop_assert_eq!(pow_mod(a, cycle.exponent(k as u128) as u64, m), pow_mod(a, k, m));
            // multiples of small primes to high powers, the case the offset e is for
            let b = a % 64 * 2 * 3;
            prop_assert_eq!(pow_mod(b, cycle.exponent(k as u128) as u64, m), pow_mod(b, k, m));
        }

        #[test]
        fn pow_and_inverse_match_big_integers(a in any::<u64>(), e in any::<u64>(), m in 1u64..=u64::MAX) {
            use num_bigint::BigUint;
            let want = BigUint::from(a).modpow(&BigUint::from(e), &BigUint::from(m));
            prop_assert_eq!(BigUint::from(pow_mod(a, e, m)), want);
            match inverse_mod(a, m) {
                Some(inv) => prop_assert_eq!(mul_mod(a % m, inv, m), 1 % m),
                None => prop_assert!(num_integer::gcd(a, m) != 1),
            }
        }
    }

    #[test]
    fn extreme_moduli() {
        assert!(Montgomery::new(4).is_none());
        for n in [1u64, 3, u64::MAX, u64::MAX - 2, (1 << 63) + 1] {
            let mg = Montgomery::new(n).unwrap();
            let a = n.wrapping_sub(1);
            let got = mg.from_mont(mg.pow(mg.to_mont(a), 3));
            let want = if n == 1 { 0 } else { n - 1 };
            assert_eq!(got, want, "(-1)^3 mod {n}");
        }
    }
}
