//! From a histogram of component Grundy values to a count of sum positions.

use crate::error::{Error, check_exact_digits};
use crate::ring::{Arithmetic, Ring, RingFn, with_ring};
use crate::xor::{RunHistogram, zero_xor_count, zero_xor_count_run};
use num_bigint::BigUint;

/// A histogram of Grundy values that can count zero-XOR tuples: a plain vector,
/// or a head followed by a run of ones ([`RunHistogram`]).
pub trait XorHistogram {
    /// `Σ h`, the number of positions of one component.
    fn total(&self) -> u128;
    /// `h^{*k}[0]`.
    fn zero_xor_count<R: Ring>(&self, ring: &R, k: u128) -> R::Elem;
}

impl XorHistogram for [u128] {
    fn total(&self) -> u128 {
        self.iter().sum()
    }
    fn zero_xor_count<R: Ring>(&self, ring: &R, k: u128) -> R::Elem {
        zero_xor_count(ring, self, k)
    }
}

impl XorHistogram for Vec<u128> {
    fn total(&self) -> u128 {
        self.as_slice().total()
    }
    fn zero_xor_count<R: Ring>(&self, ring: &R, k: u128) -> R::Elem {
        self.as_slice().zero_xor_count(ring, k)
    }
}

impl XorHistogram for RunHistogram {
    fn total(&self) -> u128 {
        RunHistogram::total(self)
    }
    fn zero_xor_count<R: Ring>(&self, ring: &R, k: u128) -> R::Elem {
        zero_xor_count_run(ring, self, k)
    }
}

/// Which positions a command counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// First-player wins: nim-sum nonzero (for sums), or as the game defines.
    Winning,
    /// Previous-player wins: nim-sum zero.
    Losing,
}

impl Outcome {
    /// The lowercase name used on the command line and in JSON.
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

/// The number of ordered `k`-tuples of components, each drawn from the positions
/// counted by `hist` (`hist[v]` positions of Grundy value `v`), that are losing
/// (nim-sum 0) or winning. Total = `(Σ hist)^k`; losing = `h^{*k}[0]`.
pub fn count_sums<R: Ring, H: XorHistogram + ?Sized>(
    ring: &R,
    hist: &H,
    k: u128,
    outcome: Outcome,
) -> R::Elem {
    let losing = hist.zero_xor_count(ring, k);
    let size: u128 = hist.total();
    let total = ring.pow(&ring.of_u128(size), k);
    outcome.select(ring, &total, losing)
}

/// A count of sum positions as a computation generic over the ring.
pub struct SumCount<'a, H: XorHistogram + ?Sized> {
    /// Histogram of one component's Grundy values.
    pub hist: &'a H,
    /// Number of components.
    pub k: u128,
    /// Winning or losing.
    pub outcome: Outcome,
}

impl<H: XorHistogram + ?Sized> RingFn for SumCount<'_, H> {
    fn call<R: Ring>(&self, r: &R) -> R::Elem {
        count_sums(r, self.hist, self.k, self.outcome)
    }
}

/// [`count_sums`] in the arithmetic asked for, as a nonnegative integer.
pub fn count_sums_in<H: XorHistogram + ?Sized>(
    arith: Arithmetic,
    hist: &H,
    k: u128,
    outcome: Outcome,
) -> BigUint {
    with_ring(arith, SumCount { hist, k, outcome })
}

/// Counts ordered `k`-tuples of components, each one of `size` positions whose
/// Grundy histogram `histogram` builds, after refusing an exact answer that would
/// be astronomically long (`size^k` has about `k·log₁₀ size` digits).
pub fn solve_sums<H: XorHistogram>(
    arith: Arithmetic,
    outcome: Outcome,
    k: u128,
    size: u64,
    histogram: impl FnOnce() -> Result<H, Error>,
) -> Result<BigUint, Error> {
    check_exact_digits(arith == Arithmetic::Exact, k as f64 * (size as f64).log10())?;
    Ok(count_sums_in(arith, &histogram()?, k, outcome))
}
