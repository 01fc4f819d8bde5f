//! The numbers we count with.
//!
//! Every counting routine in grundy is written once, generically over [`Ring`]:
//! the same code yields an exact big-integer answer ([`Exact`]) or the answer modulo
//! any `1 <= M <= 2^64 − 1` ([`Modular`]), odd, even or composite.
//!
//! The one operation that is not a ring operation is the division by `2^b` that
//! ends an inverse Walsh–Hadamard transform. It is exact over the integers but not
//! invertible modulo an even `M`. So a counting ring ([`Counting`]) also gives a
//! *lifted* ring in which an integer sum is kept modulo `M·2^b` (or exactly), and
//! [`Counting::unlift`] divides the result by `2^b`: modulo `M = 2^a·q` with `q` odd,
//! the sum is kept modulo `q` (where `2` is a unit) and modulo `2^{a+b}` (where the
//! exact quotient by `2^b` is a shift), and the two are joined by the Chinese
//! remainder theorem (see [`Modular`]).

mod exact;
mod lifted;
mod modular;

pub use crate::number::decimal::to_decimal;
pub use exact::Exact;
pub use lifted::Lifted;
pub use modular::Modular;

use crate::error::Error;
use num_bigint::{BigInt, BigUint};
use rayon::prelude::*;
use std::fmt::Debug;
use std::num::NonZeroU64;

/// Terms beyond this count are raised to powers in parallel.
const PARALLEL_TERMS: usize = 1 << 12;

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

    /// The cost of one operation on elements of up to `bits` bits, in units
    /// of an operation on machine words, for work estimates: 1 for rings of
    /// bounded elements; exact integers override it.
    fn op_cost(&self, bits: f64) -> f64 {
        let _ = bits;
        1.0
    }

    /// The cost of one product of elements of up to `bits_a` and `bits_b`
    /// bits, in the units of [`Ring::op_cost`]: by default one operation;
    /// exact integers override it with their multiplication's growth.
    fn mul_cost(&self, bits_a: f64, bits_b: f64) -> f64 {
        self.op_cost(bits_a.max(bits_b))
    }

    /// `a^k` by binary exponentiation (`a^0 = 1`, also for `a = 0`).
    fn pow(&self, a: &Self::Elem, k: u128) -> Self::Elem {
        crate::residue::power::power(self.one(), a.clone(), k, |x, y| self.mul(x, y))
    }

    /// `Σ mᵢ · vᵢ^k` for integer terms `(vᵢ, mᵢ)`, in parallel for many terms.
    fn power_sum(&self, terms: &[(i128, u128)], k: u128) -> Self::Elem {
        self.weighted_sum(terms, |v| self.pow(&self.of_i128(v), k))
    }

    /// [`Ring::power_sum`], calling `tick(n)` with the number of terms done
    /// so far between terms (for progress and Ctrl-C) and stopping with its
    /// error. By default one term at a time; exact integers sum the last
    /// squarings of long powers in the transform domain.
    fn power_sum_observed(
        &self,
        terms: &[(i128, u128)],
        k: u128,
        tick: &mut dyn FnMut(usize) -> Result<(), Error>,
    ) -> Result<Self::Elem, Error> {
        let mut sum = self.zero();
        for (i, term) in terms.iter().enumerate() {
            sum = self.add(&sum, &self.power_sum(std::slice::from_ref(term), k));
            tick(i + 1)?;
        }
        Ok(sum)
    }

    /// `Σ mᵢ · f(vᵢ)` for terms `(vᵢ, mᵢ)`, in parallel for many terms.
    fn weighted_sum(&self, terms: &[(i128, u128)], f: impl Fn(i128) -> Self::Elem + Sync) -> Self::Elem {
        let term = |&(v, m): &(i128, u128)| self.mul(&f(v), &self.of_u128(m));
        if terms.len() >= PARALLEL_TERMS {
            terms.par_iter().map(term).reduce(|| self.zero(), |a, b| self.add(&a, &b))
        } else {
            terms.iter().map(term).fold(self.zero(), |a, b| self.add(&a, &b))
        }
    }

    /// The canonical representative as a nonnegative integer: the residue in
    /// `[0, M)`, or the exact value's magnitude (an exact count is checked not
    /// to be negative before it is converted).
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

    /// Like [`Ring::multiplier`], but keeping only the coefficients of one
    /// parity: `f(a, β, count)` is coefficients `β, β + 2, …` of `a · fixed`,
    /// the first `count` of them (zeros past the end). By default the
    /// schoolbook product restricted to the pairs of terms that reach them.
    fn parity_multiplier<'a>(
        &'a self,
        fixed: &[Self::Elem],
        _other_len: usize,
    ) -> ParityMultiplier<'a, Self::Elem> {
        let fixed = fixed.to_vec();
        Box::new(move |a: &[Self::Elem], beta: usize, count: usize| {
            schoolbook_parity(self, a, &fixed, beta, count)
        })
    }
}

/// A ring in which counts are computed: it can divide an integer sum by a power
/// of two exactly, through its lifted ring.
pub trait Counting: Ring {
    /// The ring that keeps integers modulo `M·2^shift` (or exactly).
    type Lift: Ring;

    /// The lifted ring for a final division by `2^shift` (`shift <= 64`).
    fn lift(&self, shift: u32) -> Self::Lift;

    /// `x / 2^shift` for an `x` of `lifted = self.lift(shift)` that stands for an
    /// integer divisible by `2^shift`.
    fn unlift(&self, lifted: &Self::Lift, x: &<Self::Lift as Ring>::Elem, shift: u32) -> Self::Elem;

    /// `(Σ mᵢ · vᵢ^k) / 2^shift` for integer terms `(vᵢ, mᵢ)` whose integer sum
    /// is divisible by `2^shift`.
    fn power_sum_shifted(&self, terms: &[(i128, u128)], k: u128, shift: u32) -> Self::Elem {
        let lifted = self.lift(shift);
        let sum = lifted.power_sum(terms, k);
        self.unlift(&lifted, &sum, shift)
    }
}

/// A function multiplying polynomials by a fixed polynomial (see [`Ring::multiplier`]).
pub type Multiplier<'a, E> = Box<dyn Fn(&[E]) -> Vec<E> + Send + Sync + 'a>;

/// A function keeping one parity of products by a fixed polynomial (see
/// [`Ring::parity_multiplier`]): `(a, β, count)`.
pub type ParityMultiplier<'a, E> = Box<dyn Fn(&[E], usize, usize) -> Vec<E> + Send + Sync + 'a>;

/// Coefficients `β, β + 2, …` of `a · b` in any ring, the first `count` of
/// them, by schoolbook: a term `a_i` meets only the terms `b_j` with
/// `i + j ≡ β (mod 2)` and `i + j <= 2(count − 1) + β`.
pub(crate) fn schoolbook_parity<R: Ring>(
    ring: &R,
    a: &[R::Elem],
    b: &[R::Elem],
    beta: usize,
    count: usize,
) -> Vec<R::Elem> {
    let mut out = vec![ring.zero(); count];
    for (i, x) in a.iter().enumerate() {
        let end = b.len().min((2 * count + beta).saturating_sub(i + 1));
        for j in ((i + beta) % 2..end).step_by(2) {
            let k = (i + j - beta) / 2;
            out[k] = ring.add(&out[k], &ring.mul(x, &b[j]));
        }
    }
    out
}

/// The schoolbook product of two polynomials in any ring.
fn schoolbook<R: Ring>(ring: &R, a: &[R::Elem], b: &[R::Elem]) -> Vec<R::Elem> {
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

/// A modulus `1 <= M <= 2^64 − 1`: zero cannot be constructed.
///
/// ```
/// use grundy::Modulus;
///
/// let m = Modulus::new(1_000_000_007).unwrap();
/// assert_eq!(m.get(), 1_000_000_007);
/// assert!(Modulus::new(0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Modulus(NonZeroU64);

impl Modulus {
    /// The modulus `m`, refused when `m = 0`.
    pub fn new(m: u64) -> Result<Self, Error> {
        NonZeroU64::new(m).map(Modulus).ok_or_else(|| Error::invalid("modulus", "must be at least 1"))
    }

    /// Its value.
    pub fn get(self) -> u64 {
        self.0.get()
    }
}

impl TryFrom<u64> for Modulus {
    type Error = Error;
    fn try_from(m: u64) -> Result<Self, Error> {
        Modulus::new(m)
    }
}

/// Which way of counting: exact, or modulo `M`.
///
/// ```
/// use grundy::{Arithmetic, Modulus};
///
/// let modular = Arithmetic::Modulo(Modulus::new(10).unwrap());
/// assert_eq!(modular.modulus(), Some(10));
/// assert_eq!(Arithmetic::Exact.modulus(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arithmetic {
    /// Exact big-integer answers.
    Exact,
    /// Answers modulo `M`.
    Modulo(Modulus),
}

impl Arithmetic {
    /// The modulus, or `None` for exact answers.
    pub fn modulus(self) -> Option<u64> {
        match self {
            Arithmetic::Exact => None,
            Arithmetic::Modulo(m) => Some(m.get()),
        }
    }
}
