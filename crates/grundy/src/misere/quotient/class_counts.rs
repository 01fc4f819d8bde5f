//! How many size tuples, multisets and sets of sizes a multiset of tree
//! classes stands for, as the direct search ([`super::search`]) counts its
//! roots: with `w_c` sizes in class `c` and `m_c` heaps of class `c` among
//! `K = Σ m_c`, the multiset stands for `K!/Π m_c! · Π w_c^{m_c}` ordered
//! tuples of sizes (a multinomial choice of positions, then a size of each
//! heap's class), `Π C(w_c + m_c − 1, m_c)` multisets (a multiset of `m_c`
//! sizes from `w_c`, class by class) and `Π C(w_c, m_c)` sets (`m_c`
//! distinct sizes from `w_c`). The counts are exact: `u128` while they fit,
//! big integers past it.

use crate::count::Order;
use crate::error::Error;
use num_bigint::BigUint;

/// A root class: its representative (`0`: the optionless sizes) and how
/// many sizes of `min..=n` it holds.
pub(super) type Class = (u8, u64);

/// Calls `f` on every `m` of nonnegative entries summing to `left` (from
/// entry `i` on).
pub(super) fn each_composition(
    m: &mut [u64],
    i: usize,
    left: u64,
    f: &mut dyn FnMut(&[u64]) -> Result<(), Error>,
) -> Result<(), Error> {
    if i + 1 == m.len() {
        m[i] = left;
        return f(m);
    }
    for k in 0..=left {
        m[i] = k;
        each_composition(m, i + 1, left - k, f)?;
    }
    Ok(())
}

/// How many size tuples (multisets, sets) a multiset of classes stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Coefficient {
    Small(u128),
    Big(BigUint),
}

pub(super) fn coefficient(order: Order, copies: u64, classes: &[Class], m: &[u64]) -> Coefficient {
    small_coefficient(order, copies, classes, m)
        .map_or_else(|| Coefficient::Big(big_coefficient(order, copies, classes, m)), Coefficient::Small)
}

/// `C(a, b)` in `u128`, `None` past it.
fn binomial_u128(a: u64, b: u64) -> Option<u128> {
    if b > a {
        return Some(0);
    }
    let b = b.min(a - b);
    let mut r: u128 = 1;
    for i in 0..b {
        // r·(a − i)/(i + 1) is C(a, i + 1)·…, exact at every step
        r = r.checked_mul((a - i) as u128)? / (i as u128 + 1);
    }
    Some(r)
}

fn small_coefficient(order: Order, copies: u64, classes: &[Class], m: &[u64]) -> Option<u128> {
    let mut r: u128 = 1;
    let mut left = copies;
    for (&(_, w), &k) in classes.iter().zip(m) {
        let f = match order {
            Order::Ordered => {
                let f = binomial_u128(left, k)?.checked_mul((w as u128).checked_pow(u32::try_from(k).ok()?)?);
                left -= k;
                f?
            }
            Order::Multiset => binomial_u128((w + k).checked_sub(1)?, k)?,
            Order::Set => binomial_u128(w, k)?,
        };
        r = r.checked_mul(f)?;
    }
    Some(r)
}

fn big_coefficient(order: Order, copies: u64, classes: &[Class], m: &[u64]) -> BigUint {
    let binomial = |a: u64, b: u64| match b > a {
        true => BigUint::ZERO,
        false => num_integer::binomial(BigUint::from(a), BigUint::from(b)),
    };
    let mut r = BigUint::from(1u8);
    let mut left = copies;
    for (&(_, w), &k) in classes.iter().zip(m) {
        r *= match order {
            Order::Ordered => {
                let f = binomial(left, k) * BigUint::from(w).pow(k as u32);
                left -= k;
                f
            }
            Order::Multiset => binomial(w + k - 1, k),
            Order::Set => binomial(w, k),
        };
    }
    r
}

/// An exact sum, in `u128` while it fits.
#[derive(Default)]
pub(super) struct Sum {
    small: u128,
    big: BigUint,
}

impl Sum {
    pub(super) fn add(&mut self, c: &Coefficient) {
        match c {
            Coefficient::Small(x) => match self.small.checked_add(*x) {
                Some(s) => self.small = s,
                None => {
                    self.big += self.small;
                    self.small = *x;
                }
            },
            Coefficient::Big(x) => self.big += x,
        }
    }

    pub(super) fn total(self) -> BigUint {
        self.big + self.small
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coefficients_count_tuples_multisets_and_sets() {
        // classes of 3, 1 and 2 sizes; two heaps of the first class and one of the third
        let classes = [(0u8, 3u64), (1, 1), (2, 2)];
        let m = [2u64, 0, 1];
        let c = |order| coefficient(order, 3, &classes, &m);
        // ordered: 3!/(2!·1!) · 3² · 2 = 54; multisets: C(4, 2)·C(2, 1) = 12; sets: C(3, 2)·C(2, 1) = 6
        assert_eq!(
            [c(Order::Ordered), c(Order::Multiset), c(Order::Set)],
            [Coefficient::Small(54), Coefficient::Small(12), Coefficient::Small(6)]
        );
        for order in [Order::Ordered, Order::Multiset, Order::Set] {
            assert_eq!(
                big_coefficient(order, 3, &classes, &m),
                BigUint::from(match c(order) {
                    Coefficient::Small(x) => x,
                    Coefficient::Big(_) => unreachable!(),
                })
            );
        }
        // past u128: 200 heaps of a class of 255 sizes
        let big = coefficient(Order::Ordered, 200, &[(1, 255)], &[200]);
        assert_eq!(big, Coefficient::Big(BigUint::from(255u32).pow(200)));
    }
}
