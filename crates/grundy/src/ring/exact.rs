//! Exact arithmetic over the integers with `num-bigint`.

use super::Ring;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};
use rayon::prelude::*;

/// The ring of integers, with arbitrary precision.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl Ring for Exact {
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
        a * b
    }
    fn pow(&self, a: &BigInt, k: u128) -> BigInt {
        // num-bigint's pow takes u128 exponents directly (repeated squaring).
        num_traits::Pow::pow(a, k)
    }

    /// Exact: the integer sum, then an exact right shift.
    fn power_sum_shifted(&self, terms: &[(i128, u128)], k: u128, shift: u32) -> BigInt {
        let total: BigInt = terms
            .par_iter()
            .map(|&(v, m)| self.pow(&BigInt::from(v), k) * BigInt::from(m))
            .reduce(BigInt::zero, |a, b| a + b);
        debug_assert!((&total % (BigInt::one() << shift)).is_zero());
        total >> shift
    }

    fn to_biguint(&self, a: &BigInt) -> BigUint {
        assert!(a.sign() != Sign::Minus, "exact count must be nonnegative");
        a.magnitude().clone()
    }

    fn modulus(&self) -> Option<u64> {
        None
    }
}
