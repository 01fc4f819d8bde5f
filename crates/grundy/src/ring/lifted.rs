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
use crate::modular::Montgomery;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::ToPrimitive;

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
}

impl Lifted {
    /// The ring modulo `q·2^width` (`q` odd, `width <= 128`; `width = 0` for
    /// an odd `M`, whose 2-adic residue is never read).
    pub(super) fn new(odd: Montgomery, width: u32) -> Self {
        debug_assert!(width <= 128);
        let two = match width {
            0 => TwoAdic::Unused,
            1..=64 => TwoAdic::Word,
            _ => TwoAdic::Wide,
        };
        Lifted { odd, width, two }
    }

    /// The odd part's arithmetic.
    pub(super) fn odd(&self) -> &Montgomery {
        &self.odd
    }

    /// `w`: the exponent of the power-of-two part.
    pub(super) fn width(&self) -> u32 {
        self.width
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
        let q = self.odd.modulus() as u128;
        (self.odd.to_mont((x % q) as u64), x)
    }
    fn of_i128(&self, x: i128) -> (u64, u128) {
        let q = self.odd.modulus() as i128;
        (self.odd.to_mont(x.rem_euclid(q) as u64), x as u128)
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
