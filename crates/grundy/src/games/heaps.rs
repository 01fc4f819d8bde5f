//! Sums of heaps of one heap game: ordered `K`-tuples of heap sizes in `1..=N`.
//!
//! The histogram of nim-values over `1..=N` comes from the certified period in
//! `O(preperiod + period)`, so `N` and `K` may be as large as `10^18`; without a
//! certified period `N` is limited to the computed range.

use crate::count::{Outcome, solve_sums};
use crate::error::Error;
use crate::heap::{HeapGame, Limits};
use crate::ring::Arithmetic;
use num_bigint::BigUint;

/// The most nim-values a request may compute (1 GiB of values).
pub const MAX_COMPUTE: u64 = 1 << 28;

/// One heaps question.
#[derive(Clone, Debug)]
pub struct Heaps {
    /// The heap game.
    pub game: HeapGame,
    /// Largest heap size.
    pub n: u64,
    /// Number of heaps.
    pub piles: u64,
    /// How far the period search may go.
    pub limits: Limits,
}

impl Heaps {
    /// Validates the parameters.
    pub fn new(game: HeapGame, n: u64, piles: u64, limits: Limits) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::input("--n must be at least 1 (heap sizes run over 1..=N)"));
        }
        if limits.max_len == 0 || limits.max_len as u64 > MAX_COMPUTE {
            return Err(Error::input(format!("--max-len must be between 1 and {MAX_COMPUTE}")));
        }
        Ok(Heaps { game, n, piles, limits })
    }

    /// The histogram of nim-values over heap sizes `1..=N`, reporting the
    /// progress of the nim-value computation as `(done, total)`.
    pub fn histogram(&self, progress: &mut dyn FnMut(u64, u64)) -> Result<Vec<u128>, Error> {
        // Heaps 0..=N suffice when N is below the limit (a period found on the way
        // saves the rest); beyond it, only a certified period helps.
        let direct = self.n < self.limits.max_len as u64;
        let (want, limits) = match direct {
            true => (self.n as usize + 1, Limits { max_len: self.n as usize + 1, ..self.limits }),
            false => (0, self.limits),
        };
        self.game.analyze_with(want, limits, progress).histogram(self.n)
    }

    /// The number of winning or losing positions, exactly or modulo `M`.
    pub fn solve(&self, arith: Arithmetic, outcome: Outcome) -> Result<BigUint, Error> {
        self.solve_with(arith, outcome, &mut |_, _| {})
    }

    /// [`Heaps::solve`] with progress reports.
    pub fn solve_with(
        &self,
        arith: Arithmetic,
        outcome: Outcome,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<BigUint, Error> {
        solve_sums(arith, outcome, self.piles as u128, self.n, || self.histogram(progress))
    }
}
