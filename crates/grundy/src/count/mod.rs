//! From components to counts: the [`Component`] trait, histograms of Grundy
//! values and their transforms, and the generic counter of sums.
//!
//! A position of a sum is one position of each component; it is losing when the
//! components' Grundy values XOR to 0 (Sprague–Grundy). With `h_i` the histogram
//! of component `i` taken `K_i` times, the losing positions number
//! `(h_1^{*K_1} * h_2^{*K_2} * …)[0]` (XOR convolution), which the Walsh–Hadamard
//! transform turns into `2^{−B} Σ_s Π_i Ŵ_i(s)^{K_i}`; the total is `Π_i P_i^{K_i}`.

mod coefficients;
mod component;
mod context;
mod copies;
mod histogram;
mod misere;
mod normal;
mod order;
mod play;
pub(crate) mod series;
mod valuations;

mod sum;
mod values;

pub use crate::misere::algebra::{BipartiteMonoid, MisereHistogram, MisereSearch, Presentation, Searched};
pub use crate::xor::{
    DyadicHistogram, MAX_TOTAL, RunHistogram, Span, SpanHistogram, SparseHistogram, Spectrum,
};
pub use coefficients::Coefficients;
pub use component::Component;
pub use context::{Context, Observer};
pub use copies::Copies;
pub use histogram::{Histogram, Positions};
pub use order::Order;
pub use play::Play;
pub use series::Series;
pub use sum::Sum;
pub use values::Values;

use crate::error::Error;
use crate::ring::{Arithmetic, Exact, Modular, Modulus, Ring};
use num_bigint::BigUint;

/// Which positions to count.
///
/// ```
/// use grundy::Outcome;
///
/// assert_eq!("losing".parse::<Outcome>().unwrap(), Outcome::Losing);
/// assert_eq!(Outcome::Winning.name(), "winning");
/// assert!("draw".parse::<Outcome>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// First-player wins: nim-sum nonzero (for sums), or as the game defines.
    Winning,
    /// Previous-player wins: nim-sum zero.
    Losing,
}

impl Outcome {
    /// The lowercase name: `winning` or `losing`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Winning => "winning",
            Outcome::Losing => "losing",
        }
    }

    /// Picks the count asked for from the losing count and the total.
    pub fn select<R: Ring>(self, ring: &R, total: &R::Elem, losing: R::Elem) -> R::Elem {
        match self {
            Outcome::Losing => losing,
            Outcome::Winning => ring.sub(total, &losing),
        }
    }
}

impl std::str::FromStr for Outcome {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "winning" => Ok(Outcome::Winning),
            "losing" => Ok(Outcome::Losing),
            _ => Err(Error::invalid("count", format!("must be winning or losing, not '{s}'"))),
        }
    }
}

/// A question whose answer is a count of positions: a [`Sum`] of components,
/// or one of the built-in games. Every count can be had in any counting
/// ring; the provided methods give it exactly or modulo `M`.
///
/// ```
/// use grundy::{Counter, DivisorNim, Modulus, Outcome};
///
/// // Seed 002: S(10) = 692 winning triples of Divisor Nim piles in 1..=10.
/// let game = DivisorNim::new(10, 3).unwrap();
/// assert_eq!(game.count_exact(Outcome::Winning).unwrap(), 692u32.into());
/// assert_eq!(game.count_mod(Modulus::new(100).unwrap(), Outcome::Winning).unwrap(), 92);
/// ```
pub trait Counter: Sync {
    /// An upper estimate of `log₁₀` of the number of positions counted, checked
    /// against [`crate::Budget::max_exact_digits`] before an exact count.
    fn log10_total(&self) -> f64;

    /// The count in the ring `ring`.
    fn count_in<R: Coefficients>(
        &self,
        ring: &R,
        outcome: Outcome,
        ctx: &mut Context<'_>,
    ) -> Result<R::Elem, Error>;

    /// The count exactly or modulo `M`, within the context's budget and with its
    /// observer.
    fn count_with(
        &self,
        arith: Arithmetic,
        outcome: Outcome,
        ctx: &mut Context<'_>,
    ) -> Result<BigUint, Error> {
        match arith {
            Arithmetic::Exact => {
                ctx.budget.check_exact_digits(self.log10_total() + 1.0)?;
                let v = self.count_in(&Exact, outcome, ctx)?;
                if v.sign() == num_bigint::Sign::Minus {
                    return Err(Error::Internal(format!("an exact count came out negative: {v}")));
                }
                Ok(Exact.to_biguint(&v))
            }
            Arithmetic::Modulo(m) => {
                let r = Modular::new(m);
                Ok(BigUint::from(self.count_in(&r, outcome, ctx)?))
            }
        }
    }

    /// The count exactly or modulo `M`, with the default budget.
    fn count(&self, arith: Arithmetic, outcome: Outcome) -> Result<BigUint, Error> {
        self.count_with(arith, outcome, &mut Context::default())
    }

    /// The count modulo `m`.
    fn count_mod(&self, m: Modulus, outcome: Outcome) -> Result<u64, Error> {
        self.count_in(&Modular::new(m), outcome, &mut Context::default())
    }

    /// The exact count.
    fn count_exact(&self, outcome: Outcome) -> Result<BigUint, Error> {
        self.count(Arithmetic::Exact, outcome)
    }
}
