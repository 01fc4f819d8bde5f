//! The numbers we count with.
//!
//! Every counting routine in grundy is written once, generically over [`Ring`]:
//! the same code yields an exact big-integer answer ([`Exact`]) or the answer modulo
//! any `1 <= M <= 2^64 − 1` ([`Modular`]), odd, even or composite.
//!
//! The one operation that is not a ring operation is the division by `2^b` that
//! ends an inverse Walsh–Hadamard transform. It is exact over the integers but not
//! invertible modulo an even `M`, so rings provide
//! [`Ring::power_sum_shifted`], which evaluates `(Σ mᵢ·vᵢ^k) / 2^b` from the integer
//! terms directly (see [`Modular`] for how an even modulus is handled).

mod exact;
mod modular;
mod montgomery;

pub use exact::Exact;
pub use modular::Modular;
pub use montgomery::Montgomery;

use num_bigint::{BigInt, BigUint};
use std::fmt::Debug;

/// A commutative ring with the integers mapped into it.
pub trait Ring: Sync + Sized {
    /// An element of the ring.
    type Elem: Clone + Debug + PartialEq + Send + Sync;

    /// The additive identity.
    fn zero(&self) -> Self::Elem;
    /// The multiplicative identity.
    fn one(&self) -> Self::Elem {
        self.of_u128(1)
    }
    /// The image of a nonnegative integer.
    fn of_u128(&self, x: u128) -> Self::Elem;
    /// The image of a signed integer.
    fn of_i128(&self, x: i128) -> Self::Elem;
    /// The image of a big integer.
    fn of_bigint(&self, x: &BigInt) -> Self::Elem;
    /// `a + b`.
    fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a − b`.
    fn sub(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a · b`.
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;

    /// `a^k` by binary exponentiation (`a^0 = 1`, also for `a = 0`).
    fn pow(&self, a: &Self::Elem, mut k: u128) -> Self::Elem {
        let mut acc = self.one();
        let mut base = a.clone();
        while k > 0 {
            if k & 1 == 1 {
                acc = self.mul(&acc, &base);
            }
            k >>= 1;
            if k > 0 {
                base = self.mul(&base, &base);
            }
        }
        acc
    }

    /// `(Σ mᵢ · vᵢ^k) / 2^shift` for integer terms `(vᵢ, mᵢ)`, where the caller
    /// guarantees that the integer sum is divisible by `2^shift`.
    fn power_sum_shifted(&self, terms: &[(i128, u128)], k: u128, shift: u32) -> Self::Elem;

    /// The canonical representative as a nonnegative integer
    /// (the residue in `[0, M)`, or the exact value, which must be nonnegative).
    fn to_biguint(&self, a: &Self::Elem) -> BigUint;

    /// The modulus, or `None` for exact arithmetic.
    fn modulus(&self) -> Option<u64>;

    /// `C(n, k)`; by default computed exactly and mapped into the ring.
    fn binomial(&self, n: u64, k: u64) -> Self::Elem {
        self.of_bigint(&BigInt::from(crate::number::binomial::binomial(n, k)))
    }

    /// The row `C(n, 0..=n)`; by default computed exactly and mapped into the ring.
    fn binomial_row(&self, n: u64) -> Vec<Self::Elem> {
        crate::number::binomial::binomial_row(n)
            .into_iter()
            .map(|c| self.of_bigint(&BigInt::from(c)))
            .collect()
    }

    /// Multiplication of polynomials (coefficient vectors, lowest degree first) by
    /// the fixed polynomial `fixed`, for factors of up to `other_len` terms. By
    /// default the schoolbook product, `O(len(fixed) · len(other))`.
    fn multiplier<'a>(&'a self, fixed: &[Self::Elem], _other_len: usize) -> Multiplier<'a, Self::Elem> {
        let fixed = fixed.to_vec();
        Box::new(move |a: &[Self::Elem]| schoolbook(self, a, &fixed))
    }
}

/// A function multiplying polynomials by a fixed polynomial (see [`Ring::multiplier`]).
pub type Multiplier<'a, E> = Box<dyn Fn(&[E]) -> Vec<E> + Send + Sync + 'a>;

/// The schoolbook product of two polynomials in any ring.
pub fn schoolbook<R: Ring>(ring: &R, a: &[R::Elem], b: &[R::Elem]) -> Vec<R::Elem> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![ring.zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] = ring.add(&out[i + j], &ring.mul(x, y));
        }
    }
    out
}

/// Which way of counting a command asked for: exact, or modulo `M`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arithmetic {
    /// Exact big-integer answers.
    Exact,
    /// Answers modulo `M` (`1 <= M`).
    Modulo(u64),
}

/// Runs `f` with the ring that `arith` names and returns its answer as a
/// nonnegative integer. This is the single place where the choice of arithmetic
/// is turned into a concrete type.
pub fn with_ring<F>(arith: Arithmetic, f: F) -> BigUint
where
    F: RingFn,
{
    match arith {
        Arithmetic::Exact => {
            let r = Exact;
            let v = f.call(&r);
            r.to_biguint(&v)
        }
        Arithmetic::Modulo(m) => {
            let r = Modular::new(m);
            let v = f.call(&r);
            r.to_biguint(&v)
        }
    }
}

/// A computation generic over the ring (a closure cannot be generic, a trait can).
pub trait RingFn {
    /// Runs the computation in ring `r`.
    fn call<R: Ring>(&self, r: &R) -> R::Elem;
}
