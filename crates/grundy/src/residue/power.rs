//! Binary powering ("square and multiply"), written once for every product in
//! the crate: residues (plain and Montgomery), wrapping words, ring elements,
//! misère-quotient elements, elements of the monoid algebra `R[Q]`, even the
//! cost model of such a power.
//!
//! For `k = Σ bᵢ 2^i`, `x^k = Π_{bᵢ = 1} x^{2^i}`: the walk keeps `x^{2^i}`
//! (squared once per bit) and multiplies it into the accumulator when
//! `bᵢ = 1`. That is `⌊log₂ k⌋` squarings and `popcount(k) − 1` further
//! products (the first factor is taken as it is, not multiplied into an
//! identity, and the last square is never formed). Only powers of the one base
//! `x` are ever multiplied, and they commute with each other, so any
//! associative product will do, commutative or not.
//!
//! The other walk, from the top bit down ([`power_from_top`]: square, then
//! multiply by the base `x` itself where the bit is set), has the same counts
//! and multiplies only by the short base `x` rather than by a long `x^{2^i}`:
//! the big-integer power (`number::long_mul::pow`), whose products cost by
//! the operands' length, and the vector powers (`residue::narrow`), whose
//! lanes share one exponent, walk that way. Both walks are here and nowhere
//! else.

use std::convert::Infallible;

/// `base^k` under the associative product `mul` (which may fail, e.g. when
/// Ctrl-C stops a long product), or `None` when `k = 0`: the caller knows its
/// identity. `⌊log₂ k⌋` squarings and `popcount(k) − 1` other products.
pub(crate) fn try_power<T: Clone, E>(
    base: T,
    mut k: u128,
    mut mul: impl FnMut(&T, &T) -> Result<T, E>,
) -> Result<Option<T>, E> {
    let mut acc: Option<T> = None;
    let mut base = base;
    while k > 0 {
        if k & 1 == 1 {
            acc = Some(match acc {
                None => base.clone(),
                Some(acc) => mul(&acc, &base)?,
            });
        }
        k >>= 1;
        if k > 0 {
            base = mul(&base, &base)?;
        }
    }
    Ok(acc)
}

/// `base^k` under `mul`, with `one` the identity (`base^0 = one`, also for a
/// zero base). See [`try_power`].
#[inline]
pub(crate) fn power<T: Clone>(one: T, base: T, k: u128, mut mul: impl FnMut(&T, &T) -> T) -> T {
    match try_power(base, k, |a, b| Ok::<T, Infallible>(mul(a, b))) {
        Ok(Some(x)) => x,
        Ok(None) => one,
        Err(never) => match never {},
    }
}

/// `x^k` for `k ≥ 1` from the top bit of `k` down: for each lower bit,
/// `acc ← square(acc)`, then `acc ← times_base(acc)` (`acc · x`) when the bit
/// is set, starting from `acc = x` (the base, which `times_base` knows).
/// `⌊log₂ k⌋` squarings and `popcount(k) − 1` products by the base, as
/// [`try_power`]. `k = 0` returns `x` unchanged: the caller's identity is
/// its own (see the module docs).
#[inline(always)]
pub(crate) fn power_from_top<T>(
    x: T,
    k: u128,
    mut square: impl FnMut(T) -> T,
    mut times_base: impl FnMut(T) -> T,
) -> T {
    let mut acc = x;
    for bit in (0..127u32.saturating_sub(k.leading_zeros())).rev() {
        acc = square(acc);
        if (k >> bit) & 1 == 1 {
            acc = times_base(acc);
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `k` products by `base`, one after the other: the definition.
    fn naive<T: Clone>(one: T, base: T, k: u32, mul: impl Fn(&T, &T) -> T) -> T {
        (0..k).fold(one, |acc, _| mul(&acc, &base))
    }

    /// 2×2 matrices modulo 2^64: associative and not commutative.
    fn mat_mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        let m = |x: u64, y: u64| x.wrapping_mul(y);
        [
            m(a[0], b[0]).wrapping_add(m(a[1], b[2])),
            m(a[0], b[1]).wrapping_add(m(a[1], b[3])),
            m(a[2], b[0]).wrapping_add(m(a[3], b[2])),
            m(a[2], b[1]).wrapping_add(m(a[3], b[3])),
        ]
    }

    #[test]
    fn exponent_zero_is_the_identity_and_one_the_base() {
        assert_eq!(power(1u64, 0, 0, |a, b| a * b), 1);
        assert_eq!(power(1u64, 7, 1, |a, b| a * b), 7);
        assert_eq!(try_power(7u64, 0, |a, b| Ok::<_, ()>(a * b)), Ok(None));
    }

    #[test]
    fn the_walk_from_the_top_agrees_and_counts_its_products() {
        for k in 1u128..=300 {
            let (mut squares, mut products) = (0u32, 0u32);
            let top = power_from_top(
                [1u64, 2, 3, 5],
                k,
                |a| {
                    squares += 1;
                    mat_mul(&a, &a)
                },
                |a| {
                    products += 1;
                    mat_mul(&a, &[1, 2, 3, 5])
                },
            );
            assert_eq!(top, power([1, 0, 0, 1], [1, 2, 3, 5], k, mat_mul), "k = {k}");
            assert_eq!((squares, products), (127 - k.leading_zeros(), k.count_ones() - 1), "k = {k}");
        }
        assert_eq!(
            power_from_top(3u64, u128::MAX, |a| a.wrapping_mul(a), |a| a.wrapping_mul(3)),
            power(1u64, 3, u128::MAX, |a: &u64, b: &u64| a.wrapping_mul(*b))
        );
    }

    #[test]
    fn counts_its_products() {
        // ⌊log₂ k⌋ squarings and popcount(k) − 1 other products, nothing more.
        for k in 1u128..=300 {
            let mut products = 0u32;
            power(0u64, 1, k, |a, b| {
                products += 1;
                a + b
            });
            assert_eq!(products, 127 - k.leading_zeros() + k.count_ones() - 1, "k = {k}");
        }
        let mut products = 0u32;
        assert_eq!(
            power(0u128, 1, u128::MAX, |a, b| {
                products += 1;
                a.wrapping_add(*b)
            }),
            u128::MAX
        );
        assert_eq!(products, 127 + 127);
    }

    #[test]
    fn stops_at_the_first_failed_product() {
        let mut calls = 0;
        let r = try_power(3u64, 1 << 20, |a, b| {
            calls += 1;
            if calls == 5 { Err("stopped") } else { Ok(a * b % 1_000_003) }
        });
        assert_eq!((r, calls), (Err("stopped"), 5));
    }

    proptest! {
        #[test]
        fn matches_repeated_products(base in any::<u64>(), k in 0u32..600) {
            prop_assert_eq!(
                power(1u64, base, k as u128, |a, b| a.wrapping_mul(*b)),
                naive(1u64, base, k, |a, b| a.wrapping_mul(*b))
            );
        }

        #[test]
        fn matches_repeated_products_of_matrices(m in any::<[u64; 4]>(), k in 0u32..300) {
            let id = [1, 0, 0, 1];
            prop_assert_eq!(power(id, m, k as u128, mat_mul), naive(id, m, k, mat_mul));
        }

        #[test]
        fn exponents_add(base in any::<u64>(), j in any::<u64>(), k in any::<u64>()) {
            let p = |e: u128| power(1u64, base, e, |a, b| a.wrapping_mul(*b));
            prop_assert_eq!(p(j as u128 + k as u128), p(j as u128).wrapping_mul(p(k as u128)));
        }
    }
}
