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
//!
//! The period search runs within the token's heap [`Limits`]: `max_len`
//! ([`PERIOD_SEARCH_LIMIT`] by default, at most [`MAX_PERIOD_SEARCH`], checked
//! by every count of the token) and, for an infinite set, the default work
//! budget; a finite set's work is bounded by [`MAX_STEPS`] before the search
//! starts.

use crate::count::{Component, Context, Copies, Histogram, Positions};
use crate::error::{Error, Remedy};
use crate::games::heaps::Heap;
use crate::heap::{DEFAULT_MAX_WORK, HeapGame, Limits, SubtractionSet, histogram_range};
use crate::misere::quotient::MisereLimits;

/// The board's default `max_len` ([`Limits::max_len`]): how many nim-values
/// the period search may compute.
pub const PERIOD_SEARCH_LIMIT: usize = 1 << 24;

/// The largest `max_len` a board accepts.
pub const MAX_PERIOD_SEARCH: usize = 1 << 28;

/// Boards up to this side are also scanned directly when no period is certified.
pub const SCAN_LIMIT: u64 = 1 << 30;

/// The most mex steps (values times moves) a request may plan.
pub const MAX_STEPS: f64 = 4.0e9;

/// The rules of a board, by name: the board `{0..n−1}^dims`, and the move
/// set by which a move lowers one coordinate of one token.
///
/// ```
/// use grundy::{BoardRules, BoardToken, Component, SubtractionSet};
///
/// let rules = BoardRules { n: 9, dims: 2, moves: SubtractionSet::new(vec![2, 3, 5, 7])? };
/// assert_eq!(BoardToken::new(rules)?.positions().to_string(), "81");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRules {
    /// The side: coordinates run over `0..n` (`n = 0` is the empty board,
    /// which has no cell: one placement of no token, none of a token).
    pub n: u64,
    /// The number of coordinates (`dims >= 1`).
    pub dims: u64,
    /// The amounts by which a move lowers one coordinate.
    pub moves: SubtractionSet,
}

/// One token on the board `{0..n−1}^dims` of some [`BoardRules`].
///
/// ```
/// use grundy::{BoardRules, BoardToken, Component, SubtractionSet};
///
/// let moves = SubtractionSet::new(vec![2, 3, 5, 7]).unwrap();
/// let token = BoardToken::new(BoardRules { n: 9, dims: 2, moves }).unwrap();
/// assert_eq!(token.positions().to_string(), "81");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardToken {
    n: u64,
    dims: u64,
    moves: SubtractionSet,
    /// The period search's length limit as set ([`PERIOD_SEARCH_LIMIT`]
    /// unless set; checked by [`BoardToken::limits`]).
    max_len: usize,
    /// The limits of the subtraction game's misère quotient.
    misere: MisereLimits,
}

impl BoardToken {
    /// The default length limit of a coordinate's period search, `2^24`
    /// values (the board's `max_len`).
    pub const DEFAULT_MAX_LEN: usize = PERIOD_SEARCH_LIMIT;

    /// A token on `{0..n−1}^dims` (`dims >= 1`) moving by `moves`. On the
    /// empty board (`n = 0`) a token has no cell: no placement holds a token,
    /// and the placement of no token is the empty position (lost by the
    /// player to move in normal play, won in misère play).
    ///
    /// ```
    /// use grundy::{Board, BoardRules, Counter, Outcome, Play, SubtractionSet};
    ///
    /// let rules = |n| BoardRules { n, dims: 2, moves: SubtractionSet::new(vec![2, 3, 5, 7]).unwrap() };
    /// let none = Board::new(rules(0), 0).unwrap();
    /// assert_eq!(none.count_exact(Outcome::Losing).unwrap(), 1u32.into());
    /// let misere = none.with_play(Play::Misere);
    /// assert_eq!(misere.count_exact(Outcome::Winning).unwrap(), 1u32.into());
    /// assert_eq!(Board::new(rules(0), 2).unwrap().count_exact(Outcome::Losing).unwrap(), 0u32.into());
    /// ```
    pub fn new(rules: BoardRules) -> Result<Self, Error> {
        let BoardRules { n, dims, moves } = rules;
        if dims == 0 {
            return Err(Error::invalid("dims", "must be at least 1"));
        }
        Ok(BoardToken { n, dims, moves, max_len: PERIOD_SEARCH_LIMIT, misere: MisereLimits::default() })
    }

    /// The same token with other limits for the misère quotient of its
    /// subtraction game (`misere_len`, `misere_work`).
    pub fn with_misere_limits(self, misere: MisereLimits) -> Self {
        BoardToken { misere, ..self }
    }

    /// The same token with another length limit for the period search, in
    /// `1..=2^28`: like every game's settings it is checked by a count, which
    /// refuses any other value before any work (as does
    /// [`BoardToken::limits`]).
    ///
    /// ```
    /// use grundy::{BoardRules, BoardToken, Component, Context, SubtractionSet};
    ///
    /// let moves = SubtractionSet::new(vec![2, 3, 5, 7])?;
    /// let token = BoardToken::new(BoardRules { n: 100, dims: 2, moves })?;
    /// assert_eq!(token.clone().with_max_len(1000).limits()?.max_len(), 1000);
    /// let e = token.with_max_len(0).histogram(&mut Context::default()).unwrap_err();
    /// assert_eq!(e.to_string(), "`max_len` must be between 1 and 268435456");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn with_max_len(self, max_len: usize) -> Self {
        BoardToken { max_len, ..self }
    }

    /// The length limit of the period search, as set.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The limits of the period search: `max_len` values and the default
    /// work budget ([`Limits::DEFAULT_MAX_WORK`]); refused unless `max_len`
    /// is in `1..=2^28`.
    pub fn limits(&self) -> Result<Limits, Error> {
        if self.max_len == 0 || self.max_len > MAX_PERIOD_SEARCH {
            return Err(Error::invalid("max_len", format!("must be between 1 and {MAX_PERIOD_SEARCH}")));
        }
        Limits::new(self.max_len, DEFAULT_MAX_WORK)
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
        let limits = self.limits()?;
        if self.n == 0 {
            // no cell: no coordinate value at all
            return Ok(vec![0]);
        }
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
        let max_len = limits.max_len();
        let steps = count as f64 * (self.n.min(max_len as u64) as f64);
        if steps > MAX_STEPS {
            return Err(Error::TooLarge {
                what: format!("the analysis of a move set of {count} members"),
                estimate: format!("about {steps:.1e} steps"),
                limit: format!("{MAX_STEPS:.0e}"),
                remedy: Remedy::Smaller("moves"),
            });
        }
        let search = max_len.min(usize::try_from(self.n).unwrap_or(usize::MAX));
        ctx.budget.check_memory(8.0 * search as f64, "the period search", "max_len")?;
        // a finite set's work is bounded by MAX_STEPS above, not by `max_work`
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
                self.n, max_len
            ),
            estimate: format!("{} values", self.n),
            limit: format!("{SCAN_LIMIT}"),
            remedy: Remedy::Raise("max_len"),
        })
    }
}

impl BoardToken {
    /// One coordinate of an infinite move set as a heap of size `0..=n−1`
    /// (`None` on a board of side 1, whose one coordinate has value 0, and on
    /// the empty board, which has none).
    fn coordinate_heap(&self) -> Result<Option<Heap>, Error> {
        let limits = self.limits()?;
        if self.n <= 1 {
            return Ok(None);
        }
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

    /// The misère work budget of the token's quotient.
    fn misere_work(&self) -> u64 {
        self.misere.max_work()
    }

    /// The sum of `dims` subtraction heaps in `0..=n−1`, through the
    /// quotient of the subtraction game (no heap at all on the empty board);
    /// refuses an invalid `max_len` as a count in normal play does, though
    /// the quotient does not use it.
    fn misere_histogram(&self, ctx: &mut Context<'_>) -> Result<crate::count::MisereHistogram, Error> {
        self.limits()?;
        let game = HeapGame::Subtraction(self.moves.clone());
        let heap = match self.n.checked_sub(1) {
            Some(top) => Heap::with_range(game, 0, top)?,
            None => Heap::with_range(game, 0, 0)?.with_min(1),
        }
        .with_misere_limits(self.misere);
        crate::misere::histograms::token_histogram(heap.misere_histogram(ctx)?, self.dims)
    }
}

/// Ordered placements of `tokens` distinguishable tokens on `{0..n−1}^dims`.
///
/// ```
/// use grundy::{Board, BoardRules, Counter, Outcome, SubtractionSet};
///
/// // Seed 001: W(3, 2) = 40 winning placements of two tokens on a 3×3 board.
/// let moves = SubtractionSet::new(vec![2, 3, 5, 7]).unwrap();
/// let board = Board::new(BoardRules { n: 3, dims: 2, moves }, 2).unwrap();
/// assert_eq!(board.count_exact(Outcome::Winning).unwrap(), 40u32.into());
/// ```
pub type Board = Copies<BoardToken>;

impl Board {
    /// `tokens` tokens on the board of `rules`.
    pub fn new(rules: BoardRules, tokens: u64) -> Result<Self, Error> {
        Ok(Copies::of(BoardToken::new(rules)?, tokens))
    }

    /// The same board with another length limit for the period search
    /// (checked by a count, see [`BoardToken::with_max_len`]).
    pub fn with_max_len(self, max_len: usize) -> Self {
        self.map(|token| token.with_max_len(max_len))
    }

    /// The same board with other limits for the misère quotient of its
    /// subtraction game.
    pub fn with_misere_limits(self, misere: MisereLimits) -> Self {
        self.map(|token| token.with_misere_limits(misere))
    }
}
