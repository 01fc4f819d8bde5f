//! The lifted ring of [`Modular`](super::Modular): integers modulo `q·2^w` for the
//! odd part `q` of `M = 2^a·q` and `w = a + shift` (`w = 0` for an odd `M`: two
//! is a unit modulo `q`, and the quotient needs no power-of-two residue).
//!
//! An element is a pair: the residue modulo `q` in Montgomery form, and the
//! residue modulo `2^w` as a wrapping `u128` (exact modulo `2^128`, hence modulo
//! `2^w` for `w <= 128`; here `a <= 63` and `shift <= 64`). Dividing an element
//! that stands for a multiple of `2^shift` by `2^shift`: modulo `q` multiply by
//! `2^{-shift}`, modulo `2^a` shift the `2^w` residue right, and join the two by
//! the Chinese remainder theorem.
//!
//! The 2-adic residue costs a 128-bit product per multiplication. It is skipped
//! when `M` is odd (then `unlift` has no `2^a` part to recover, whatever the
//! shift), and kept in 64 bits when `w <= 64`.

use super::Ring;
use crate::residue::narrow::Narrow;
use crate::residue::{Montgomery, PowerCycle};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::ToPrimitive;
use rayon::prelude::*;

/// How much of the 2-adic residue is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TwoAdic {
    /// None: `M` is odd, only the residue modulo `q` is needed.
    Unused,
    /// Modulo `2^w` with `w <= 64`: 64-bit products.
    Word,
    /// Modulo `2^w` with `64 < w <= 128`: 128-bit products.
    Wide,
}

/// Integers modulo `q·2^w`, for `q` odd and `w <= 128`.
///
/// ```
/// use grundy::ring::{Counting, Modular, Ring};
/// use grundy::Modulus;
///
/// // 12 / 2^2 modulo 10, through the ring of integers modulo 5·2^3.
/// let r = Modular::new(Modulus::new(10).unwrap());
/// let lifted = r.lift(2);
/// assert_eq!(r.unlift(&lifted, &lifted.of_u128(12), 2), 3);
/// ```
#[derive(Clone, Debug)]
pub struct Lifted {
    odd: Montgomery,
    /// `w`: the exponent of the power-of-two part.
    width: u32,
    two: TwoAdic,
    /// The exponents that powers modulo `q` and modulo `2^w` repeat with.
    odd_cycle: PowerCycle,
    two_cycle: PowerCycle,
    /// The arithmetic of power sums modulo `q` when `q < 2^31` (in vectors).
    narrow: Option<Narrow>,
}

impl Lifted {
    /// The ring modulo `q·2^width` (`q` odd with the factorization
    /// `odd_factors`, `width <= 128`; `width = 0` for an odd `M`, whose 2-adic
    /// residue is never read).
    pub(super) fn new(odd: Montgomery, odd_factors: &[(u64, u32)], width: u32) -> Self {
        debug_assert!(width <= 128);
        let two = match width {
            0 => TwoAdic::Unused,
            1..=64 => TwoAdic::Word,
            _ => TwoAdic::Wide,
        };
        let odd_cycle = PowerCycle::of(odd_factors);
        let narrow = Narrow::new(odd.modulus());
        Lifted { odd, width, two, odd_cycle, two_cycle: PowerCycle::of_power_of_two(width), narrow }
    }

    /// The odd part's arithmetic.
    pub(crate) fn odd(&self) -> &Montgomery {
        &self.odd
    }

    /// `w`: the exponent of the power-of-two part.
    pub(crate) fn width(&self) -> u32 {
        self.width
    }

    /// `x^k` modulo `2^w` (0 when the 2-adic residue is not kept).
    fn two_adic_pow(&self, x: u128, k: u128) -> u128 {
        match self.two {
            TwoAdic::Unused => 0,
            TwoAdic::Word => wrapping_pow(x as u64, self.two_cycle.exponent(k)) as u128,
            TwoAdic::Wide => wrapping_pow(x, self.two_cycle.exponent(k)),
        }
    }

    /// The residue modulo `2^width`.
    pub(super) fn two_adic(&self, x: u128) -> u128 {
        if self.width >= 128 { x } else { x & ((1u128 << self.width) - 1) }
    }
}

impl Ring for Lifted {
    /// `(x mod q in Montgomery form, x mod 2^128)`.
    type Elem = (u64, u128);

    fn zero(&self) -> (u64, u128) {
        (0, 0)
    }
    fn of_u128(&self, x: u128) -> (u64, u128) {
        (self.odd.of_u128(x), x)
    }
    fn of_i128(&self, x: i128) -> (u64, u128) {
        (self.odd.of_i128(x), x as u128)
    }
    fn of_bigint(&self, x: &BigInt) -> (u64, u128) {
        let q = self.odd.modulus();
        let odd = x.mod_floor(&BigInt::from(q)).to_u64().unwrap_or(0);
        let two = x.mod_floor(&(BigInt::from(1u8) << 128)).to_u128().unwrap_or(0);
        (self.odd.to_mont(odd), two)
    }
    fn add(&self, a: &(u64, u128), b: &(u64, u128)) -> (u64, u128) {
        (self.odd.add(a.0, b.0), a.1.wrapping_add(b.1))
    }
    fn sub(&self, a: &(u64, u128), b: &(u64, u128)) -> (u64, u128) {
        (self.odd.sub(a.0, b.0), a.1.wrapping_sub(b.1))
    }
    #[inline]
    fn mul(&self, a: &(u64, u128), b: &(u64, u128)) -> (u64, u128) {
        let two = match self.two {
            TwoAdic::Unused => 0,
            TwoAdic::Word => (a.1 as u64).wrapping_mul(b.1 as u64) as u128,
            TwoAdic::Wide => a.1.wrapping_mul(b.1),
        };
        (self.odd.mul(a.0, b.0), two)
    }
    /// The residue modulo `q·2^w` (modulo `q` alone when the 2-adic part is
    /// not kept), for tests and debugging.
    /// Each residue raised to its own reduced exponent (`PowerCycle`, Carmichael's `λ`): the
    /// power sums of a count take all their terms to one huge `K` (`10^18`, say),
    /// while modulo `q` an exponent below `2·λ(q) + 64` does (31 bits instead of
    /// 60 for `q = 10^9 + 7`).
    fn pow(&self, a: &(u64, u128), k: u128) -> (u64, u128) {
        (self.odd.pow(a.0, self.odd_cycle.exponent(k)), self.two_adic_pow(a.1, k))
    }

    /// `Σ mᵢ·vᵢ^k` with the residues modulo `q` raised many at a time (in
    /// vectors by `residue::narrow` when `q < 2^31`, else four at a time in 64-bit
    /// Montgomery form), in parallel over blocks of terms.
    fn power_sum(&self, terms: &[(i128, u128)], k: u128) -> (u64, u128) {
        let mg = &self.odd;
        let k_odd = self.odd_cycle.exponent(k);
        let block = |chunk: &[(i128, u128)]| -> u64 {
            if let Some(narrow) = &self.narrow {
                return mg.to_mont(narrow.power_sum(chunk, k_odd));
            }
            let mut sum = 0u64;
            let mut quads = chunk.chunks_exact(4);
            for quad in &mut quads {
                let powers = mg.pow_many([0, 1, 2, 3].map(|i| mg.of_i128(quad[i].0)), k_odd);
                for (p, &(_, m)) in powers.iter().zip(quad) {
                    sum = mg.add(sum, mg.mul(*p, mg.of_u128(m)));
                }
            }
            for &(v, m) in quads.remainder() {
                sum = mg.add(sum, mg.mul(mg.pow(mg.of_i128(v), k_odd), mg.of_u128(m)));
            }
            sum
        };
        let odd = if terms.len() >= 1 << 12 {
            terms.par_chunks(1 << 10).map(block).reduce(|| 0, |a, b| mg.add(a, b))
        } else {
            block(terms)
        };
        let two = match self.two {
            TwoAdic::Unused => 0,
            _ => {
                let two_adic = |&(v, m): &(i128, u128)| self.two_adic_pow(v as u128, k).wrapping_mul(m);
                if terms.len() >= 1 << 12 {
                    terms.par_iter().map(two_adic).reduce(|| 0, u128::wrapping_add)
                } else {
                    terms.iter().map(two_adic).fold(0, u128::wrapping_add)
                }
            }
        };
        (odd, two)
    }

    fn to_biguint(&self, a: &(u64, u128)) -> BigUint {
        if self.two == TwoAdic::Unused {
            return BigUint::from(self.odd.from_mont(a.0));
        }
        let q = BigUint::from(self.odd.modulus());
        let two = BigUint::from(1u8) << self.width;
        let r_odd = BigUint::from(self.odd.from_mont(a.0));
        let r_two = BigUint::from(self.two_adic(a.1));
        // x = r_two + 2^w·t with t ≡ (r_odd − r_two)·2^{−w} (mod q)
        let inv = (&two % &q).modinv(&q).unwrap_or_default();
        let t = ((&r_odd + &q - &r_two % &q) % &q * inv) % &q;
        r_two + two * t
    }
    fn modulus(&self) -> Option<u64> {
        None
    }
}

/// `b^e` in wrapping arithmetic (modulo `2^64` or `2^128`).
fn wrapping_pow<T: Copy + WrappingOps>(b: T, e: u128) -> T {
    crate::residue::power::power(T::ONE, b, e, |x, y| x.times(*y))
}

/// Wrapping products of unsigned words.
trait WrappingOps {
    const ONE: Self;
    fn times(self, other: Self) -> Self;
}

impl WrappingOps for u64 {
    const ONE: u64 = 1;
    fn times(self, other: u64) -> u64 {
        self.wrapping_mul(other)
    }
}

impl WrappingOps for u128 {
    const ONE: u128 = 1;
    fn times(self, other: u128) -> u128 {
        self.wrapping_mul(other)
    }
}
