//! `Σ mᵢ·vᵢ^k mod q` for many terms and one exponent `k`, for an odd modulus
//! `q < 2^31`: Montgomery arithmetic with `R = 2^32` held in 64-bit lanes,
//! [`LANES`] bases powered side by side and written lane by lane so that the
//! loops vectorize (one 32×32→64-bit product instruction, `vpmuludq`, per
//! product and lane), on the widest vectors the CPU has (chosen at run time).
//! The terms of Coprime Nim's spectrum at `N = 10^16` are millions of such
//! powers (modulo `10^9 + 7`, say); the 64-bit [`super::Montgomery`] needs a
//! 64×64→128-bit product per step, which no vector unit has.
//!
//! # The reduction
//!
//! An element `x` is stored as `x·R mod q`, in `[0, q)`. With
//! `q' = −q^{−1} mod R`, for `t = a·b < q² < 2^62` the number
//! `m = (t mod R)·q' mod R` makes `t + m·q ≡ 0 (mod R)`, and
//! `t + m·q < 2^62 + 2^63 < 2^64` does not overflow. So
//! `u = (t + m·q)/R < q²/R + q < 2q` (as `q < R`) and `u ≡ a·b·R^{−1}`;
//! one conditional subtraction, `min(u, u − q)` in wrapping arithmetic (for
//! `u < q` the difference wraps above `2^63`), gives the reduced product.
//! Entering the form is the product with `R² mod q`, leaving it the product
//! with `1`. A sum `a + b < 2q` is reduced the same way.
//!
//! For `q < 2^30` the powers skip that subtraction (*lazy* reduction): for
//! `a, b < 2q` still `t = a·b < 4q² < 2^62`, and `u < 4q²/R + q < 2q` as
//! `4q < R`, so every square and product stays in `[0, 2q)` and one
//! subtraction at the end of the walk reduces it (`10^9 + 7 < 2^30`). Each of
//! the three products of a step is one `vpmuludq` per four lanes: the factors
//! are masked to their low 32 bits where the compiler cannot know it
//! (`q'` and `q`, which are below `2^32`), else it multiplies in 64 bits
//! (three `vpmuludq` and shifts).
//!
//! # The powers
//!
//! All lanes share the exponent, so they share the walk from its top bit down
//! (square, and multiply by the base where the bit is set): `⌊log₂ k⌋`
//! squarings and `popcount(k) − 1` products
//! ([`super::power::power_from_top`]); `x^0 = 1` for every `x`, also `0`.
//! Cost per term: about `log₂ k + popcount(k)` products of three
//! `vpmuludq`, an addition and a shift per four lanes (`k < 2^31` after
//! Carmichael's reduction, [`crate::residue::PowerCycle`]), a 64-bit
//! division to enter the form, and one product with its multiplicity.

/// Bases powered side by side: four 512-bit or eight 256-bit vectors, enough
/// independent chains to hide the latency of a product.
const LANES: usize = 32;

/// The low 32 bits.
const LOW: u64 = (1 << 32) - 1;

/// The moduli below this power the products without the final subtraction
/// (see the module: `4q < R`).
const LAZY_BELOW: u64 = 1 << 30;

/// Montgomery arithmetic with `R = 2^32` for one odd modulus `q < 2^31`.
#[derive(Clone, Debug)]
pub(crate) struct Narrow {
    q: u64,
    /// `−q^{−1} mod 2^32`.
    q_neg_inv: u64,
    /// `2^64 mod q`: enters the form.
    r2: u64,
    /// `2^96 mod q`: enters the form the high half of a word
    /// ([`Narrow::to_mont_wide`]).
    r3: u64,
    /// `1` in the form.
    one: u64,
}

impl Narrow {
    /// The arithmetic modulo `q`, or `None` unless `q` is odd and below `2^31`.
    pub(crate) fn new(q: u64) -> Option<Narrow> {
        if q.is_multiple_of(2) || q >= 1 << 31 {
            return None;
        }
        // Newton's iteration doubles the correct low bits: 1, 2, 4, …, 32
        let mut inv = q;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(q.wrapping_mul(inv))) & LOW;
        }
        let r2 = ((1u128 << 64) % u128::from(q)) as u64;
        let r3 = ((1u128 << 96) % u128::from(q)) as u64;
        let mut n = Narrow { q, q_neg_inv: inv.wrapping_neg() & LOW, r2, r3, one: 0 };
        n.one = n.to_mont(1);
        Some(n)
    }

    /// REDC of `a·b` for `a, b < q` in the form: their product in the form.
    #[inline(always)]
    fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(self.mul_lazy(a, b))
    }

    /// REDC of `a·b` without the final subtraction: `u < 2q` and `u ≡ a·b·R^{−1}`
    /// for `a, b < q` (any `q < 2^31`), and for `a, b < 2q` when `q < 2^30`
    /// (see the module). Three 32×32→64-bit products: `q'` and `q` are
    /// masked so that the compiler knows they fit in 32 bits.
    #[inline(always)]
    fn mul_lazy(&self, a: u64, b: u64) -> u64 {
        let t = (a & LOW) * (b & LOW);
        let m = ((t & LOW) * (self.q_neg_inv & LOW)) & LOW;
        (t + m * (self.q & LOW)) >> 32
    }

    /// `u mod q` for `u < 2q`.
    #[inline(always)]
    fn reduce(&self, u: u64) -> u64 {
        u.min(u.wrapping_sub(self.q))
    }

    /// `a + b` for `a, b < q`, reduced.
    #[inline(always)]
    fn add(&self, a: u64, b: u64) -> u64 {
        self.reduce(a + b)
    }

    /// `x mod q` in the form, any `u64`.
    #[inline(always)]
    fn to_mont(&self, x: u64) -> u64 {
        self.mul(x % self.q, self.r2)
    }

    /// `x mod q` in the form, any `u128` (a 64-bit division when it fits).
    #[inline(always)]
    fn of_u128(&self, x: u128) -> u64 {
        match u64::try_from(x) {
            Ok(x) => self.to_mont(x),
            Err(_) => self.to_mont((x % u128::from(self.q)) as u64),
        }
    }

    /// `x mod q` in the form, any `i128` (the form is linear: `−x` is `q`
    /// minus `x`): without a division nor a branch on the sign when `x`
    /// fits in `i64` ([`Narrow::to_mont_wide`]; the transform values of a
    /// sum below `2^63` positions, whose signs follow no pattern).
    #[inline(always)]
    fn of_i128(&self, x: i128) -> u64 {
        let Ok(x) = i64::try_from(x) else {
            let m = self.of_u128(x.unsigned_abs());
            return if x < 0 && m != 0 { self.q - m } else { m };
        };
        let m = self.to_mont_wide(x.unsigned_abs());
        // q − m reduced: 0 for m = 0
        let minus = self.reduce(self.q - m);
        if x < 0 { minus } else { m }
    }

    /// `x mod q` in the form for any `u64`, without a division: with
    /// `x = h·2^32 + l` (`h, l < 2^32`), `x·R = h·R² + l·R`, the REDCs of
    /// `h·(R³ mod q)` and `l·(R² mod q)`. Each product is below `2^32·q = q·R`,
    /// so `t + m·q < 2q·R < 2^64` and each REDC is below `2q` (see the
    /// module); their sum, below `4q`, is reduced by `2q`, then by `q`.
    #[inline(always)]
    fn to_mont_wide(&self, x: u64) -> u64 {
        let s = self.mul_lazy(x >> 32, self.r3) + self.mul_lazy(x & LOW, self.r2);
        self.reduce(s.min(s.wrapping_sub(2 * self.q)))
    }

    /// `x_i^k` lane by lane (see the module), reduced lazily when `q < 2^30`.
    #[inline(always)]
    fn pow_lanes(&self, x: &[u64; LANES], k: u128) -> [u64; LANES] {
        if self.q < LAZY_BELOW {
            self.pow_lanes_with::<true>(x, k)
        } else {
            self.pow_lanes_with::<false>(x, k)
        }
    }

    /// [`Narrow::pow_lanes`], each product reduced to `[0, q)` unless `LAZY`
    /// (then in `[0, 2q)` until the end: only for `q < 2^30`).
    #[inline(always)]
    fn pow_lanes_with<const LAZY: bool>(&self, x: &[u64; LANES], k: u128) -> [u64; LANES] {
        if k == 0 {
            return [self.one; LANES];
        }
        let product = |a: u64, b: u64| if LAZY { self.mul_lazy(a, b) } else { self.mul(a, b) };
        let square = |mut acc: [u64; LANES]| {
            for a in acc.iter_mut() {
                *a = product(*a, *a);
            }
            acc
        };
        let times_base = |mut acc: [u64; LANES]| {
            for (a, &b) in acc.iter_mut().zip(x) {
                *a = product(*a, b);
            }
            acc
        };
        let mut acc = super::power::power_from_top(*x, k, square, times_base);
        if LAZY {
            acc.iter_mut().for_each(|a| *a = self.reduce(*a));
        }
        acc
    }

    /// `Σ mᵢ·vᵢ^k mod q` over the terms `(vᵢ, mᵢ)`, as a plain residue in `[0, q)`,
    /// on the widest vectors the CPU has.
    pub(crate) fn power_sum(&self, terms: &[(i128, u128)], k: u128) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                // SAFETY: the CPU has AVX-512F, the function's only requirement.
                return unsafe { self.power_sum_avx512(terms, k) };
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, the function's only requirement.
                return unsafe { self.power_sum_avx2(terms, k) };
            }
        }
        self.power_sum_lanes(terms, k)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn power_sum_avx512(&self, terms: &[(i128, u128)], k: u128) -> u64 {
        self.power_sum_lanes(terms, k)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn power_sum_avx2(&self, terms: &[(i128, u128)], k: u128) -> u64 {
        self.power_sum_with(terms, k, |x, k| self.pow_lanes_avx2(x, k))
    }

    /// [`Narrow::pow_lanes`] in eight 256-bit vectors with the products
    /// written out (`vpmuludq`, three per product: see the module), lazily
    /// reduced when `q < 2^30`, else each product reduced by
    /// `min(u, u − q)` in 32-bit lanes (`vpminud`: for `u < 2q < 2^32` the
    /// low halves give the reduced product and the high halves `0`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn pow_lanes_avx2(&self, x: &[u64; LANES], k: u128) -> [u64; LANES] {
        if self.q < LAZY_BELOW {
            self.pow_lanes_avx2_with::<true>(x, k)
        } else {
            self.pow_lanes_avx2_with::<false>(x, k)
        }
    }

    /// [`Narrow::pow_lanes_avx2`], each product reduced unless `LAZY`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    fn pow_lanes_avx2_with<const LAZY: bool>(&self, x: &[u64; LANES], k: u128) -> [u64; LANES] {
        use std::arch::x86_64::*;
        const VECTORS: usize = LANES / 4;
        if k == 0 {
            return [self.one; LANES];
        }
        let (q, q_neg_inv) = (_mm256_set1_epi64x(self.q as i64), _mm256_set1_epi64x(self.q_neg_inv as i64));
        let reduce = |u: __m256i| _mm256_min_epu32(u, _mm256_sub_epi64(u, q));
        let product = |a: __m256i, b: __m256i| {
            let t = _mm256_mul_epu32(a, b);
            let m = _mm256_mul_epu32(t, q_neg_inv);
            let u = _mm256_srli_epi64::<32>(_mm256_add_epi64(t, _mm256_mul_epu32(m, q)));
            if LAZY { u } else { reduce(u) }
        };
        let base: [__m256i; VECTORS] = std::array::from_fn(|i| {
            let l = &x[4 * i..4 * i + 4];
            _mm256_set_epi64x(l[3] as i64, l[2] as i64, l[1] as i64, l[0] as i64)
        });
        let square = |acc: [__m256i; VECTORS]| acc.map(|a| product(a, a));
        let times_base = |mut acc: [__m256i; VECTORS]| {
            for (a, &b) in acc.iter_mut().zip(&base) {
                *a = product(*a, b);
            }
            acc
        };
        let acc = super::power::power_from_top(base, k, square, times_base).map(reduce);
        std::array::from_fn(|i| {
            let v = acc[i / 4];
            (match i % 4 {
                0 => _mm256_extract_epi64::<0>(v),
                1 => _mm256_extract_epi64::<1>(v),
                2 => _mm256_extract_epi64::<2>(v),
                _ => _mm256_extract_epi64::<3>(v),
            }) as u64
        })
    }

    /// [`Narrow::power_sum`] on whatever vectors the caller's target has
    /// ([`Narrow::power_sum_with`] by [`Narrow::pow_lanes`]).
    #[inline(always)]
    fn power_sum_lanes(&self, terms: &[(i128, u128)], k: u128) -> u64 {
        self.power_sum_with(terms, k, |x, k| self.pow_lanes(x, k))
    }

    /// [`Narrow::power_sum`] with the powers of [`LANES`] residues at a time
    /// by `pow`: the residues of the terms (unused lanes `0` with
    /// multiplicity `0`), their powers, and the products with the
    /// multiplicities added lane by lane. Runs of equal multiplicities (the
    /// spectrum's pairs) cost one division.
    #[inline(always)]
    fn power_sum_with(
        &self,
        terms: &[(i128, u128)],
        k: u128,
        pow: impl Fn(&[u64; LANES], u128) -> [u64; LANES],
    ) -> u64 {
        let mut sum = [0u64; LANES];
        let mut last = None;
        for chunk in terms.chunks(LANES) {
            let mut x = [0u64; LANES];
            let mut times = [0u64; LANES];
            for ((x, t), &(v, m)) in x.iter_mut().zip(times.iter_mut()).zip(chunk) {
                *x = self.of_i128(v);
                *t = match last {
                    Some((lm, lt)) if lm == m => lt,
                    _ => {
                        let t = self.of_u128(m);
                        last = Some((m, t));
                        t
                    }
                };
            }
            let p = pow(&x, k);
            for ((s, &p), &t) in sum.iter_mut().zip(&p).zip(&times) {
                *s = self.add(*s, self.mul(p, t));
            }
        }
        let total = sum.iter().fold(0, |s, &v| self.add(s, v));
        self.mul(total, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::residue::Montgomery;
    use proptest::prelude::*;

    /// The same sum by the 64-bit Montgomery arithmetic, term by term.
    fn reference(q: u64, terms: &[(i128, u128)], k: u128) -> u64 {
        let mg = Montgomery::new(q).unwrap();
        let sum =
            terms.iter().fold(0, |s, &(v, m)| mg.add(s, mg.mul(mg.pow(mg.of_i128(v), k), mg.of_u128(m))));
        mg.from_mont(sum)
    }

    #[test]
    fn refuses_even_and_wide_moduli() {
        assert!(Narrow::new(10).is_none());
        assert!(Narrow::new((1 << 31) + 1).is_none());
        assert!(Narrow::new((1 << 31) - 1).is_some());
    }

    #[test]
    fn extreme_moduli_and_residues() {
        // the largest q (2^31 − 1) with residues q − 1 squared: t and m·q at their bounds;
        // 2^30 − 1 the largest reduced lazily (values up to 2q − 1 squared), 2^30 + 1 the
        // least reduced at every product
        for q in [1u64, 3, 5, 1_000_000_007, (1 << 30) - 1, (1 << 30) + 1, (1 << 31) - 1, (1 << 31) - 3] {
            let n = Narrow::new(q).unwrap();
            let terms: Vec<(i128, u128)> = [0i128, 1, -1, q as i128 - 1, 1 - q as i128, i128::MAX, i128::MIN]
                .into_iter()
                .flat_map(|v| [(v, 1u128), (v, u128::MAX), (v, q as u128 - 1)])
                .collect();
            for k in [0u128, 1, 2, 3, 31, 1 << 40, u128::MAX] {
                assert_eq!(n.power_sum(&terms, k), reference(q, &terms, k), "q={q} k={k}");
                assert_eq!(n.power_sum_lanes(&terms, k), reference(q, &terms, k), "q={q} k={k} portable");
            }
        }
    }

    /// The residues entered without a division are those entered by one,
    /// `(x mod q)·R mod q`, at the edges of the words and of the moduli.
    #[test]
    fn residues_without_a_division_are_the_divided_ones() {
        let by_division = |n: &Narrow, x: i128| n.to_mont(x.rem_euclid(i128::from(n.q)) as u64);
        for q in [1u64, 3, 5, 1_000_000_007, (1 << 30) - 1, (1 << 30) + 1, (1 << 31) - 1, (1 << 31) - 3] {
            let n = Narrow::new(q).unwrap();
            let q = i128::from(q);
            let mut xs =
                vec![0i128, 1, q - 1, q, q + 1, 2 * q - 1, 2 * q, LOW as i128, 1 << 32, (1 << 32) + 1];
            xs.extend([i64::MAX as i128, i64::MAX as i128 - 1, (1 << 63) - q, 1 << 62, (1 << 63) + 1]);
            xs.extend([u64::MAX as i128, (LOW as i128) << 32, (q - 1) << 32 | (q - 1), 1 << 64, i128::MAX]);
            for x in xs.iter().flat_map(|&x| [x, -x]).chain([i64::MIN as i128, i128::MIN]) {
                let got = n.of_i128(x);
                assert!(got < n.q, "q={q} x={x}: {got}");
                assert_eq!(got, by_division(&n, x), "q={q} x={x}");
            }
        }
    }

    #[test]
    fn multiplicities_equal_only_in_their_low_words_are_not_shared() {
        // a run of equal multiplicities costs one division: 1 and 2^64 + 1 differ
        let q = 1_000_000_007;
        let n = Narrow::new(q).unwrap();
        let terms = [(3i128, 1u128), (3, (1 << 64) + 1), (5, (1 << 64) + 1), (5, 1)];
        assert_eq!(n.power_sum(&terms, 7), reference(q, &terms, 7));
    }

    proptest! {
        #[test]
        fn matches_the_wide_montgomery_sum(
            q in 0u64..1 << 30,
            terms in prop::collection::vec((any::<i128>(), any::<u128>()), 0..100),
            k in 0u128..1 << 34,
        ) {
            let q = 2 * q + 1;
            let n = Narrow::new(q).unwrap();
            let small: Vec<(i128, u128)> = terms.iter().map(|&(v, m)| (v >> 64, m >> 70)).collect();
            for terms in [terms, small] {
                let want = reference(q, &terms, k);
                prop_assert_eq!(n.power_sum(&terms, k), want);
                prop_assert_eq!(n.power_sum_lanes(&terms, k), want);
            }
        }
    }
}
