//! Sums of heaps of one heap game: ordered `K`-tuples of heap sizes in `1..=N`.
//!
//! The histogram of nim-values over `1..=N` comes from the certified period in
//! `O(preperiod + period)`, so `N` and `K` may be as large as `10^18`; without a
//! certified period `N` is limited to the computed range.

use crate::count::{Outcome, solve_sums};
use crate::error::Error;
use crate::heap::HeapGame;
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
    /// How many nim-values may be computed looking for a period.
    pub max_len: u64,
}

impl Heaps {
    /// Validates the parameters.
    pub fn new(game: HeapGame, n: u64, piles: u64, max_len: u64) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::input("--n must be at least 1 (heap sizes run over 1..=N)"));
        }
        if max_len == 0 || max_len > MAX_COMPUTE {
            return Err(Error::input(format!("--max-len must be between 1 and {MAX_COMPUTE}")));
        }
        Ok(Heaps { game, n, piles, max_len })
    }

    /// The histogram of nim-values over heap sizes `1..=N`, reporting the
    /// progress of the nim-value computation as `(done, total)`.
    pub fn histogram(&self, progress: &mut dyn FnMut(u64, u64)) -> Result<Vec<u128>, Error> {
        // Heaps 0..=N suffice when N is below the limit; beyond, only a period helps.
        let limit = self.n.saturating_add(1).min(self.max_len) as usize;
        self.game.analyze_with(0, limit, progress).histogram(self.n)
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
