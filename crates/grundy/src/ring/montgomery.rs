//! Montgomery multiplication modulo an odd 64-bit number.
//!
//! For odd `n < 2^64` and `R = 2^64`, an element `x` is stored as `x·R mod n`.
//! The product of two stored elements is reduced by REDC: with `t = a·b < n^2`,
//! `m = t·n^{-1} mod R` makes `t − m·n` divisible by `R` and
//! `(t − m·n)/R = t_hi − ⌊m·n/R⌋` lies in `(−n, n)`, so one conditional addition of
//! `n` gives the reduced value. This form never overflows, even for `n ≥ 2^63`.
//! Cost: three 64×64→128 multiplications per product, against a 128-by-64-bit
//! division for `(a·b) % n`.

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
    /// Prepares arithmetic modulo the odd number `n`.
    ///
    /// # Panics
    /// If `n` is even (callers split off the power of two first).
    pub fn new(n: u64) -> Self {
        assert!(n % 2 == 1, "Montgomery modulus must be odd");
        // Newton iteration: each step doubles the number of correct low bits.
        let mut inv: u64 = n;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inv)));
        }
        let r = ((1u128 << 64) % n as u128) as u64;
        let r2 = ((r as u128 * r as u128) % n as u128) as u64;
        Montgomery { n, n_inv: inv, r2 }
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

    /// Leaves Montgomery form.
    #[inline]
    pub fn from_mont(&self, x: u64) -> u64 {
        self.reduce(x as u128)
    }

    /// Product of two elements in Montgomery form.
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(a as u128 * b as u128)
    }

    /// Sum of two elements (either form), reduced.
    #[inline]
    pub fn add(&self, a: u64, b: u64) -> u64 {
        let (s, carry) = a.overflowing_add(b);
        if carry || s >= self.n { s.wrapping_sub(self.n) } else { s }
    }

    /// `a^k` for `a` in Montgomery form, by binary exponentiation.
    pub fn pow(&self, a: u64, mut k: u128) -> u64 {
        let mut base = a;
        let mut acc = self.to_mont(1);
        while k > 0 {
            if k & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            k >>= 1;
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn mul_matches_u128_remainder(n in any::<u64>(), a in any::<u64>(), b in any::<u64>()) {
            let n = n | 1;
            let mg = Montgomery::new(n);
            let got = mg.from_mont(mg.mul(mg.to_mont(a), mg.to_mont(b)));
            let want = ((a % n) as u128 * (b % n) as u128 % n as u128) as u64;
            prop_assert_eq!(got, want);
        }

        #[test]
        fn add_matches_u128(n in any::<u64>(), a in any::<u64>(), b in any::<u64>()) {
            let n = n | 1;
            let mg = Montgomery::new(n);
            let got = mg.add(a % n, b % n);
            prop_assert_eq!(got as u128, ((a % n) as u128 + (b % n) as u128) % n as u128);
        }
    }

    #[test]
    fn extreme_moduli() {
        for n in [1u64, 3, u64::MAX, u64::MAX - 2, (1 << 63) + 1] {
            let mg = Montgomery::new(n);
            let a = n.wrapping_sub(1);
            let got = mg.from_mont(mg.pow(mg.to_mont(a), 3));
            let want = if n == 1 { 0 } else { n - 1 };
            assert_eq!(got, want, "(-1)^3 mod {n}");
        }
    }
}
