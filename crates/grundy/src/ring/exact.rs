//! Exact arithmetic over the integers with `num-bigint`, long products and
//! powers by number-theoretic transforms ([`crate::number::long_mul`]).

use super::{Counting, Ring};
use crate::error::Error;
use crate::number::{long_mul, power_sum};
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};

/// The ring of integers, with arbitrary precision.
///
/// ```
/// use grundy::ring::{Exact, Ring};
///
/// assert_eq!(Exact.pow(&Exact.of_u128(10), 30).to_string(), format!("1{}", "0".repeat(30)));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl Ring for Exact {
    /// About `bits / 64` word operations: in the series loops a long number
    /// is multiplied by a short one or added, linear in its length.
    fn op_cost(&self, bits: f64) -> f64 {
        (bits / 64.0).max(1.0)
    }

    /// A product of numbers of `w_a <= w_b` words: `(w_b / w_a)` balanced
    /// products of `w_a`-word numbers, each about `10·w_a^1.465` word
    /// operations (num-bigint's Toom-3: measured 10·w^1.465 ns from 4 to
    /// 50 000 words, a word operation being about a nanosecond).
    fn mul_cost(&self, bits_a: f64, bits_b: f64) -> f64 {
        let (a, b) = ((bits_a / 64.0).max(1.0), (bits_b / 64.0).max(1.0));
        let (short, long) = (a.min(b), a.max(b));
        10.0 * long / short * short.powf(1.465)
    }

    type Elem = BigInt;

    fn zero(&self) -> BigInt {
        BigInt::zero()
    }
    fn one(&self) -> BigInt {
        BigInt::one()
    }
    fn of_u128(&self, x: u128) -> BigInt {
        BigInt::from(x)
    }
    fn of_i128(&self, x: i128) -> BigInt {
        BigInt::from(x)
    }
    fn of_bigint(&self, x: &BigInt) -> BigInt {
        x.clone()
    }
    fn add(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a + b
    }
    fn sub(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a - b
    }
    fn mul(&self, a: &BigInt, b: &BigInt) -> BigInt {
        BigInt::from_biguint(a.sign() * b.sign(), long_mul::mul(a.magnitude(), b.magnitude()))
    }
    /// Repeated squaring, `(−a)^k = (−1)^k a^k`.
    fn pow(&self, a: &BigInt, k: u128) -> BigInt {
        let sign = if a.sign() == Sign::Minus && k & 1 == 1 { Sign::Minus } else { Sign::Plus };
        BigInt::from_biguint(sign, long_mul::pow(a.magnitude(), k))
    }

    /// The powers' last squarings summed in the transform domain, the terms
    /// with `vᵢ < 0` and `k` odd summed apart and subtracted.
    fn power_sum_observed(
        &self,
        terms: &[(i128, u128)],
        k: u128,
        tick: &mut dyn FnMut(usize) -> Result<(), Error>,
    ) -> Result<BigInt, Error> {
        signed_power_sum(terms, k, tick)
    }

    /// The powers' last squarings summed in the transform domain, the terms
    /// with `vᵢ < 0` and `k` odd summed apart and subtracted.
    fn power_sum(&self, terms: &[(i128, u128)], k: u128) -> BigInt {
        let sum = signed_power_sum::<std::convert::Infallible>(terms, k, &mut |_| Ok(()));
        sum.unwrap_or_else(|e| match e {})
    }

    fn to_biguint(&self, a: &BigInt) -> BigUint {
        a.magnitude().clone()
    }

    fn modulus(&self) -> Option<u64> {
        None
    }
}

impl Counting for Exact {
    type Lift = Exact;

    fn lift(&self, _shift: u32) -> Exact {
        Exact
    }

    /// The exact quotient: an arithmetic right shift of a multiple of `2^shift`.
    fn unlift(&self, _lifted: &Exact, x: &BigInt, shift: u32) -> BigInt {
        debug_assert!((x % (BigInt::one() << shift)).is_zero());
        x >> shift
    }
}

/// `Σ mᵢ·vᵢ^k` as the difference of two sums of powers of magnitudes (the
/// terms with `vᵢ < 0` and `k` odd on the negative side), each with the last
/// squarings of its long powers summed in the transform domain
/// ([`crate::number::power_sum`]); `tick(n)` after every term.
fn signed_power_sum<E>(
    terms: &[(i128, u128)],
    k: u128,
    tick: &mut dyn FnMut(usize) -> Result<(), E>,
) -> Result<BigInt, E> {
    let negative = |v: i128| v < 0 && k & 1 == 1;
    let side = |minus: bool| -> Vec<(u128, u128)> {
        let terms = terms.iter().filter(|&&(v, _)| negative(v) == minus);
        terms.map(|&(v, m)| (v.unsigned_abs(), m)).collect()
    };
    let (plus, minus) = (side(false), side(true));
    let first = power_sum::power_sum_observed(&plus, k, tick)?;
    let second = power_sum::power_sum_observed(&minus, k, &mut |n| tick(plus.len() + n))?;
    Ok(BigInt::from(first) - BigInt::from(second))
}
