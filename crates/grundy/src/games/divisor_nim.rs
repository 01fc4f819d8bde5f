//! Divisor Nim: a move subtracts a proper divisor `d < n` of the pile.
//!
//! The pile's Grundy value is `v₂(n)`, the exponent of 2 in `n` (seed 002: moves
//! reach every smaller 2-adic valuation and never the same one). The number of
//! piles in `1..=N` with `v₂ = k` is `⌊N/2^k⌋ − ⌊N/2^{k+1}⌋`, so the histogram has at
//! most 64 entries and any number of piles `K` costs one small XOR power.

use crate::count::{Component, Context, Copies, Histogram, MisereHistogram, Positions};
use crate::error::Error;
use crate::misere::quotient::MisereLimits;

/// The histogram of `v₂(x)` over `1 <= x <= n`.
pub fn histogram(n: u64) -> Vec<u128> {
    let mut hist: Vec<u128> = (0..64).map(|k| ((n >> k) - (n >> k >> 1)) as u128).collect();
    while hist.len() > 1 && hist.last() == Some(&0) {
        hist.pop();
    }
    hist
}

/// One Divisor Nim pile of any size in `1..=n`.
///
/// ```
/// use grundy::{Component, Context, DivisorPile};
///
/// let pile = DivisorPile::new(10).unwrap();
/// let h = pile.histogram(&mut Context::default()).unwrap();
/// assert_eq!(h.to_dense().unwrap(), vec![5, 3, 1, 1]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DivisorPile {
    n: u64,
    misere: MisereLimits,
}

impl DivisorPile {
    /// Piles in `1..=n`, `n >= 1`.
    pub fn new(n: u64) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::invalid("n", "must be at least 1 (pile sizes run over 1..=n)"));
        }
        Ok(DivisorPile { n, misere: MisereLimits::default() })
    }

    /// The same pile with other limits for its misère quotient (the work
    /// budget `misere_work`; piles are adjoined up to `8 · misere_len`).
    pub fn with_misere_limits(self, misere: MisereLimits) -> Self {
        DivisorPile { misere, ..self }
    }

    /// The largest pile.
    pub fn n(&self) -> u64 {
        self.n
    }
}

impl Component for DivisorPile {
    fn positions(&self) -> Positions {
        Positions::count(self.n as u128)
    }
    fn histogram(&self, _ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        Histogram::dense(histogram(self.n))
    }
    /// Through the misère quotient of piles `1..=n` (a move subtracts a proper divisor).
    fn misere_work(&self) -> u64 {
        self.misere.max_work()
    }
    fn misere_histogram(&self, ctx: &mut Context<'_>) -> Result<MisereHistogram, Error> {
        crate::misere::histograms::pile_histogram(
            |k| (1..k).filter(|d| k % d == 0).map(|d| k - d).collect(),
            (1, self.n),
            self.misere,
            ctx,
        )
    }
}

/// Ordered `piles`-tuples of Divisor Nim piles in `1..=n`.
///
/// ```
/// use grundy::{Counter, DivisorNim, Outcome};
///
/// assert_eq!(DivisorNim::new(100, 3).unwrap().count_exact(Outcome::Winning).unwrap(), 735494u32.into());
/// ```
pub type DivisorNim = Copies<DivisorPile>;

impl DivisorNim {
    /// `piles` piles in `1..=n`.
    pub fn new(n: u64, piles: u64) -> Result<Self, Error> {
        Ok(Copies::of(DivisorPile::new(n)?, piles))
    }

    /// The same question with other limits for the misère quotient.
    pub fn with_misere_limits(self, misere: MisereLimits) -> Self {
        self.map(|pile| pile.with_misere_limits(misere))
    }
}
