//! Chessboard nim with a subtraction set: `C` tokens on the box `{0..n−1}^dims`.
//!
//! A move lowers one coordinate of one token by a member of `S`, staying `>= 0`.
//! Each coordinate is an independent subtraction game, so a token's value is the
//! XOR of its coordinates' values and a placement of `C` distinguishable tokens
//! is the XOR of `dims·C` independent coordinates. With `A` the histogram of the
//! one-coordinate values over `0..n`:
//!
//! ```text
//! losing = A^{*(dims·C)}[0],   total = n^{dims·C}.
//! ```
//!
//! `A` comes from the certified period of the subtraction game in
//! `O(preperiod + period)` (see [`SubtractionSet::periodic`]), with the `O(n)`
//! scan kept as the reference path.

use crate::count::{Outcome, solve_sums};
use crate::error::{Error, check_memory};
use crate::heap::{SubtractionSet, histogram_range};
use crate::ring::Arithmetic;
use num_bigint::BigUint;

/// How many nim-values the period search may compute by default.
pub const PERIOD_SEARCH_LIMIT: usize = 1 << 24;

/// The most nim-values the period search may be asked to compute.
pub const MAX_PERIOD_SEARCH: usize = 1 << 28;

/// Boards up to this side are also scanned directly when no period is certified.
pub const SCAN_LIMIT: u64 = 1 << 30;

/// The most mex steps (values times moves) a request may plan.
pub const MAX_STEPS: f64 = 4.0e9;

/// One board-nim question.
#[derive(Clone, Debug)]
pub struct Board {
    /// Side length: coordinates run over `0..n`.
    pub n: u64,
    /// Number of distinguishable tokens.
    pub tokens: u64,
    /// Number of coordinates per token.
    pub dims: u64,
    /// The subtraction set.
    pub moves: SubtractionSet,
    /// How many nim-values the period search may compute.
    pub max_len: usize,
}

impl Board {
    /// Validates the parameters.
    pub fn new(n: u64, tokens: u64, dims: u64, moves: SubtractionSet) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::input("--n must be at least 1 (coordinates run over 0..n-1)"));
        }
        if dims == 0 {
            return Err(Error::input("--dims must be at least 1"));
        }
        Ok(Board { n, tokens, dims, moves, max_len: PERIOD_SEARCH_LIMIT })
    }

    /// The same board with another length limit for the period search.
    pub fn with_max_len(self, max_len: usize) -> Result<Self, Error> {
        if max_len == 0 || max_len > MAX_PERIOD_SEARCH {
            return Err(Error::input(format!("--max-len must be between 1 and {MAX_PERIOD_SEARCH}")));
        }
        Ok(Board { max_len, ..self })
    }

    /// The number of independent coordinates in a placement: `dims · tokens`.
    pub fn coordinates(&self) -> u128 {
        self.dims as u128 * self.tokens as u128
    }

    /// Histogram of one coordinate's nim-value over `0..n`, from the certified
    /// period (or a direct scan if none is found within the search limit).
    pub fn coordinate_histogram(&self) -> Result<Vec<u128>, Error> {
        let playable = self.moves.restricted_below(self.n);
        if playable.is_empty() {
            return Ok(vec![self.n as u128]);
        }
        let set = SubtractionSet::new(playable)?;
        let steps = set.moves().len() as f64 * (self.n.min(self.max_len as u64) as f64);
        if steps > MAX_STEPS {
            return Err(Error::input(format!(
                "a move set of {} members would take about {steps:.1e} steps to analyse; use fewer moves",
                set.moves().len()
            )));
        }
        let search = self.max_len.min(usize::try_from(self.n).unwrap_or(usize::MAX));
        if let Some(seq) = set.periodic(search) {
            return Ok(histogram_range(&seq, 0, self.n as u128));
        }
        if self.n <= SCAN_LIMIT {
            check_memory(4.0 * set.max() as f64, "the scan's window of nim-values", "use smaller moves")?;
            return Ok(set.histogram_by_scan(self.n));
        }
        Err(Error::input(format!(
            "no period of the subtraction game certified within {} values, and --n {} is too large to scan (limit {SCAN_LIMIT}); raise --max-len",
            self.max_len, self.n
        )))
    }

    /// The number of winning or losing placements, exactly or modulo `M`.
    pub fn solve(&self, arith: Arithmetic, outcome: Outcome) -> Result<BigUint, Error> {
        solve_sums(arith, outcome, self.coordinates(), self.n, || self.coordinate_histogram())
    }
}
