//! Which positions of a sum are told apart: ordered tuples, multisets or sets
//! of components.
//!
//! # Unordered positions in the Walsh domain
//!
//! Let one component have `P` positions `x` with Grundy values `v(x) < 2^b`. A
//! position of `K` indistinguishable copies is a multiset `{x₁ <= … <= x_K}`
//! (or a set, `x₁ < … < x_K`), losing when `v(x₁) ⊕ … ⊕ v(x_K) = 0`.
//!
//! Work in the group algebra of `(Z/2)^b` with a formal `t` marking size: the
//! multisets of every size, each weighted by `t^{size} · y^{XOR of its values}`,
//! add up to `Π_x (1 − t·y^{v(x)})^{−1}` (a free choice of how many copies of
//! every position: the cycle index of the symmetric group summed over `K`), the
//! sets to `Π_x (1 + t·y^{v(x)})`. A character `χ_s(y^v) = (−1)^{popcount(v & s)}`
//! is a ring homomorphism to the integers; it sends `y^{v(x)}` to `+1` for the
//! `e(s)` positions with `popcount(v(x) & s)` even and to `−1` for the other
//! `o(s) = P − e(s)`. So, with `Ŵ(s) = e(s) − o(s)` the Walsh transform of the
//! histogram (`e = (P + Ŵ)/2`),
//!
//! ```text
//! χ_s(multisets) = (1 − t)^{−e(s)} (1 + t)^{−o(s)},   χ_s(sets) = (1 + t)^{e(s)} (1 − t)^{o(s)}.
//! ```
//!
//! The coefficient of `y^0` of an element `f` of the group algebra is
//! `2^{−b} Σ_s χ_s(f)` (orthogonality of characters), so the losing multisets and
//! sets of size `K` number
//!
//! ```text
//! 2^{−b} Σ_s [t^K] (1 − t)^{−e(s)} (1 + t)^{−o(s)}   and   2^{−b} Σ_s [t^K] (1 + t)^{e(s)} (1 − t)^{o(s)},
//! ```
//!
//! and all positions (the term `s = 0`, where `e = P`) number `C(P + K − 1, K)`
//! and `C(P, K)`; a set of more than `P` components does not exist, and its
//! series has degree `P`. Each coefficient is an integer (a sum of products of
//! binomials), while the sum over `s` is `2^b` times an integer: it is computed
//! modulo `M·2^b` (or exactly) and divided at the end, as for ordered tuples
//! ([`crate::ring::Counting`]). How the coefficients are computed, modulo any
//! `M` and for huge `P` and `e(s)`, is in [`super::series`].
//!
//! A sum of several components takes, per component `i`, a multiset or set of
//! `K_i` copies, the components told apart: the character of the product is
//! the product of the characters, so the losing positions number
//! `2^{−B} Σ_s Π_i c_i(s)`, `c_i(s)` the coefficient of component `i`.

use crate::error::Error;

/// How the copies of one component in a position are told apart.
///
/// ```
/// use grundy::{Counter, DivisorNim, Order, Outcome};
///
/// // Divisor Nim piles 1..=4 have values 0, 1, 0, 2. Of the 10 multisets of two
/// // piles, the 4 pairs of equal piles and {1, 3} lose; of the 6 sets only {1, 3}.
/// let game = DivisorNim::new(4, 2).unwrap();
/// assert_eq!(game.with_order(Order::Multiset).count_exact(Outcome::Losing).unwrap(), 5u32.into());
/// assert_eq!(game.with_order(Order::Set).count_exact(Outcome::Losing).unwrap(), 1u32.into());
/// assert_eq!(game.with_order(Order::Set).count_exact(Outcome::Winning).unwrap(), 5u32.into());
/// assert_eq!("multiset".parse::<Order>().unwrap(), Order::Multiset);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Ordered tuples `(a₁, …, a_K)`: the copies are told apart.
    #[default]
    Ordered,
    /// Multisets `a₁ <= … <= a_K`: `C(P + K − 1, K)` positions.
    Multiset,
    /// Sets `a₁ < … < a_K` of different component positions: `C(P, K)` positions.
    Set,
}

impl Order {
    /// The lowercase name: `ordered`, `multiset` or `set`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Ordered => "ordered",
            Order::Multiset => "multiset",
            Order::Set => "set",
        }
    }

    /// An upper estimate of `log₁₀` of the number of positions of `copies`
    /// copies of a component with `10^log10_positions` positions.
    pub fn log10_positions(self, log10_positions: f64, copies: u64) -> f64 {
        let k = copies as f64;
        // P, or infinity beyond f64
        let p = 10f64.powf(log10_positions);
        match self {
            Order::Ordered => k * log10_positions,
            // C(P + K − 1, K) <= (P + K)^min(K, P − 1) <= (2·max(P, K))^min(K, P)
            Order::Multiset => k.min(p) * (log10_positions.max(k.log10()).max(0.0) + 2f64.log10()),
            // C(P, K) <= min(P^K, 2^P)
            Order::Set => (k * log10_positions).min(p * 2f64.log10()),
        }
    }
}

impl std::str::FromStr for Order {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "ordered" => Ok(Order::Ordered),
            "multiset" => Ok(Order::Multiset),
            "set" => Ok(Order::Set),
            _ => Err(Error::invalid("order", format!("must be ordered, multiset or set, not '{s}'"))),
        }
    }
}

impl std::fmt::Display for Order {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::binomial::binomial;
    use num_bigint::BigUint;
    use proptest::prelude::*;

    proptest! {
        /// The estimate bounds the number of decimal digits of every count.
        #[test]
        fn estimates_bound_the_totals(p in 0u64..3000, k in 0u64..3000) {
            let lp = if p == 0 { 0.0 } else { (p as f64).log10() };
            let totals = [
                (Order::Ordered, BigUint::from(p).pow(k as u32)),
                (Order::Multiset, if k == 0 { BigUint::from(1u8) } else if p == 0 { BigUint::ZERO } else { binomial(p + k - 1, k) }),
                (Order::Set, binomial(p, k)),
            ];
            for (order, total) in totals {
                let big = order.log10_positions(lp + 300.0, k);
                prop_assert!(big.is_finite() && big >= order.log10_positions(lp, k));
                let digits = total.to_string().len() as f64;
                prop_assert!(order.log10_positions(lp, k) + 1.0 >= digits, "{} P={} K={}", order, p, k);
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for order in [Order::Ordered, Order::Multiset, Order::Set] {
            assert_eq!(order.name().parse::<Order>().unwrap(), order);
        }
        let e = "bag".parse::<Order>().unwrap_err();
        assert_eq!(e.to_string(), "`order` must be ordered, multiset or set, not 'bag'");
    }
}
