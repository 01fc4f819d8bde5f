//! Chessboard nim with a subtraction set: `C` tokens on the box `{0..n−1}^dims`.
//!
//! A move lowers one coordinate of one token by a member of `S`, staying `>= 0`.
//! Each coordinate is an independent subtraction game, so a token's value is the
//! XOR of its coordinates' values: with `A` the histogram of one coordinate's
//! values over `0..n`, a token's histogram is the `dims`-fold XOR power of `A`
//! (its transform is `Â^dims`), and `C` distinguishable tokens give
//!
//! ```text
//! losing = A^{*(dims·C)}[0],   total = n^{dims·C}.
//! ```
//!
//! `A` comes from the certified period of the subtraction game in
//! `O(preperiod + period)` (see [`SubtractionSet::periodic`]), with the `O(n)`
//! scan kept as the reference path. An infinite move set (a family, `all-but`)
//! is one coordinate as a [`Heap`] of size `0..=n−1`: computed directly, or
//! from the certified arithmetic periodicity of an `all-but` set.

use crate::count::{Component, Context, Copies, Histogram, Positions};
use crate::error::{Error, Remedy};
use crate::games::heaps::Heap;
use crate::heap::{DEFAULT_MAX_WORK, HeapGame, Limits, SubtractionSet, histogram_range};

/// How many nim-values the period search may compute by default.
pub const PERIOD_SEARCH_LIMIT: usize = 1 << 24;

/// The most nim-values the period search may be asked to compute.
pub const MAX_PERIOD_SEARCH: usize = 1 << 28;

/// Boards up to this side are also scanned directly when no period is certified.
pub const SCAN_LIMIT: u64 = 1 << 30;

/// The most mex steps (values times moves) a request may plan.
pub const MAX_STEPS: f64 = 4.0e9;

/// One token on the board `{0..n−1}^dims`.
///
/// ```
/// use grundy::{BoardToken, Component, SubtractionSet};
///
/// let moves = SubtractionSet::new(vec![2, 3, 5, 7]).unwrap();
/// let token = BoardToken::new(9, 2, moves).unwrap();
/// assert_eq!(token.positions().to_string(), "81");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardToken {
    n: u64,
    dims: u64,
    moves: SubtractionSet,
    max_len: usize,
}

impl BoardToken {
    /// A token on `{0..n−1}^dims` (`n, dims >= 1`) moving by `moves`.
    pub fn new(n: u64, dims: u64, moves: SubtractionSet) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::invalid("n", "must be at least 1 (coordinates run over 0..n-1)"));
        }
        if dims == 0 {
            return Err(Error::invalid("dims", "must be at least 1"));
        }
        Ok(BoardToken { n, dims, moves, max_len: PERIOD_SEARCH_LIMIT })
    }

    /// The same token with another length limit for the period search.
    pub fn with_max_len(self, max_len: usize) -> Result<Self, Error> {
        if max_len == 0 || max_len > MAX_PERIOD_SEARCH {
            return Err(Error::invalid("max_len", format!("must be between 1 and {MAX_PERIOD_SEARCH}")));
        }
        Ok(BoardToken { max_len, ..self })
    }

    /// The side length.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The number of coordinates.
    pub fn dims(&self) -> u64 {
        self.dims
    }

    /// The subtraction set.
    pub fn moves(&self) -> &SubtractionSet {
        &self.moves
    }

    /// Histogram of one coordinate's nim-value over `0..n`, from the certified
    /// period (or a direct scan if none is found within the search limit).
    pub fn coordinate_histogram(&self, ctx: &mut Context<'_>) -> Result<Vec<u128>, Error> {
        let Some(playable) = self.moves.restricted_below(self.n) else {
            return match self.coordinate_heap()? {
                Some(heap) => heap.value_histogram(ctx),
                None => Ok(vec![1]),
            };
        };
        if playable.is_empty() {
            return Ok(vec![self.n as u128]);
        }
        let count = playable.len();
        let set = SubtractionSet::new(playable)?;
        let steps = count as f64 * (self.n.min(self.max_len as u64) as f64);
        if steps > MAX_STEPS {
            return Err(Error::TooLarge {
                what: format!("the analysis of a move set of {count} members"),
                estimate: format!("about {steps:.1e} steps"),
                limit: format!("{MAX_STEPS:.0e}"),
                remedy: Remedy::Smaller("moves"),
            });
        }
        let search = self.max_len.min(usize::try_from(self.n).unwrap_or(usize::MAX));
        ctx.budget.check_memory(8.0 * search as f64, "the period search", "max_len")?;
        if let Some(seq) = set.periodic(search) {
            return Ok(histogram_range(&seq, 0, self.n as u128));
        }
        if self.n <= SCAN_LIMIT {
            let window = set.max().unwrap_or(0) as f64;
            ctx.budget.check_memory(4.0 * window, "the scan's window of nim-values", "moves")?;
            return Ok(set.histogram_by_scan(self.n));
        }
        Err(Error::TooLarge {
            what: format!(
                "a side of {} without a period certified within {} values (none found) by a direct scan",
                self.n, self.max_len
            ),
            estimate: format!("{} values", self.n),
            limit: format!("{SCAN_LIMIT}"),
            remedy: Remedy::Raise("max_len"),
        })
    }
}

impl BoardToken {
    /// One coordinate of an infinite move set as a heap of size `0..=n−1`
    /// (`None` on a board of side 1, whose one coordinate has value 0).
    fn coordinate_heap(&self) -> Result<Option<Heap>, Error> {
        if self.n == 1 {
            return Ok(None);
        }
        let limits = Limits::new(self.max_len, DEFAULT_MAX_WORK)?;
        let game = HeapGame::Subtraction(self.moves.clone());
        Ok(Some(Heap::new(game, self.n - 1)?.with_min(0).with_limits(limits)))
    }
}

impl Component for BoardToken {
    fn positions(&self) -> Positions {
        Positions { base: self.n as u128, exponent: self.dims }
    }

    /// The `dims`-fold XOR power of the coordinate histogram.
    fn histogram(&self, ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        let coordinate = match (self.moves.finite_moves(), self.coordinate_heap()?) {
            (None, Some(heap)) => heap.histogram(ctx)?,
            _ => Histogram::dense(self.coordinate_histogram(ctx)?)?,
        };
        Ok(Histogram::Power { base: Box::new(coordinate), copies: self.dims })
    }

    /// The sum of `dims` subtraction heaps in `0..=n−1`, through the
    /// quotient of the subtraction game.
    fn misere_histogram(&self, ctx: &mut Context<'_>) -> Result<crate::count::MisereHistogram, Error> {
        let heap = Heap::with_range(HeapGame::Subtraction(self.moves.clone()), 0, self.n - 1)?;
        super::misere::token_histogram(heap.misere_histogram(ctx)?, self.dims)
    }
}

/// Ordered placements of `tokens` distinguishable tokens on `{0..n−1}^dims`.
///
/// ```
/// use grundy::{Board, Counter, Outcome, SubtractionSet};
///
/// // Seed 001: W(3, 2) = 40 winning placements of two tokens on a 3×3 board.
/// let moves = SubtractionSet::new(vec![2, 3, 5, 7]).unwrap();
/// let board = Board::new(3, 2, 2, moves).unwrap();
/// assert_eq!(board.count_exact(Outcome::Winning).unwrap(), 40u32.into());
/// ```
pub type Board = Copies<BoardToken>;

impl Board {
    /// `tokens` tokens on `{0..n−1}^dims` moving by `moves`.
    pub fn new(n: u64, tokens: u64, dims: u64, moves: SubtractionSet) -> Result<Self, Error> {
        Ok(Copies::of(BoardToken::new(n, dims, moves)?, tokens))
    }

    /// The same board with another length limit for the period search.
    pub fn with_max_len(self, max_len: usize) -> Result<Self, Error> {
        self.try_map(|token| token.with_max_len(max_len))
    }
}
