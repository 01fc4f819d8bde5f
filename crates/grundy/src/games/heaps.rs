//! Sums of heaps of one heap game: ordered `K`-tuples of heap sizes in `min..=N`.
//!
//! The histogram of nim-values over `min..=N` comes from the certified period in
//! `O(preperiod + period)`, so `N` and `K` may be as large as `10^18`; from a
//! certified arithmetic periodicity with a saltus `2^τ` (Nim `0.[3]`, `all-but`
//! sets) it is a [`crate::xor::DyadicHistogram`] of a few blocks, as large.
//! Without either, `N` is limited to the computed range: games that no
//! periodicity theorem covers (subtraction by squares, primes, …, codes with
//! a repeating group other than `all-but` sets and codes that count up, see
//! [`crate::heap::arith`]) have their values computed directly up to
//! [`DIRECT_LIMIT`] (or `max_len`, if larger), when their estimated work is
//! within the budget ([`HeapGame::check_request_within`]).

use crate::count::MisereHistogram;
use crate::count::{Component, Context, Copies, Histogram, Positions};
use crate::error::{Error, Remedy};
use crate::heap::{
    ArithmeticPeriodic, HeapGame, Limits, MAX_LEN, MAX_LINEAR_WORK, histogram_of, histogram_range,
};
use crate::misere::quotient::MisereLimits;

/// How far the values of a game without a periodicity theorem are computed
/// directly by default: `10^7` heaps (about a minute for subtraction by squares).
pub const DIRECT_LIMIT: u64 = 10_000_000;

/// What a heap's histogram is made from.
enum Source {
    Dense(Vec<u128>),
    Arithmetic(ArithmeticPeriodic),
}

/// One heap of a heap game, of any size in `min..=n` (`1..=n` unless set).
///
/// ```
/// use grundy::{Component, Context, Heap, HeapGame};
/// use grundy::heap::OctalCode;
///
/// let kayles = HeapGame::Octal(OctalCode::parse("0.77").unwrap());
/// let heap = Heap::new(kayles, 1_000_000_000_000_000_000).unwrap();
/// let h = heap.histogram(&mut Context::default()).unwrap();
/// assert_eq!(h.positions().to_string(), "1000000000000000000");
/// ```
#[derive(Clone, Debug)]
pub struct Heap {
    game: HeapGame,
    min: u64,
    n: u64,
    limits: Limits,
    misere: MisereLimits,
}

impl Heap {
    /// Heaps of `game` in `1..=n`, `n >= 1`, with the default [`Limits`].
    pub fn new(game: HeapGame, n: u64) -> Result<Self, Error> {
        Self::with_range(game, 1, n)
    }

    /// Heaps of `game` in `min..=n`, with the default [`Limits`]. `n = 0` is
    /// allowed only with `min = 0` (the empty heap alone); otherwise `n >= 1`.
    /// `min > n >= 1` leaves no size at all (no position for one heap or more).
    ///
    /// ```
    /// use grundy::{Component, Heap, HeapGame};
    ///
    /// let kayles = HeapGame::octal("0.77").unwrap();
    /// let empty = Heap::with_range(kayles.clone(), 0, 0).unwrap();
    /// assert_eq!(empty.positions().to_string(), "1");
    /// assert!(Heap::with_range(kayles, 1, 0).is_err());
    /// ```
    pub fn with_range(game: HeapGame, min: u64, n: u64) -> Result<Self, Error> {
        if n == 0 && min > 0 {
            return Err(Error::invalid(
                "n",
                "must be at least 1 (heap sizes run over min..=n); `min` 0 admits the empty heap and `n` 0",
            ));
        }
        Ok(Heap { game, min, n, limits: Limits::default(), misere: MisereLimits::default() })
    }

    /// The same heap with sizes in `min..=n` (`min = 0` includes the empty
    /// heap; `min > n` leaves no size at all).
    pub fn with_min(self, min: u64) -> Self {
        Heap { min, ..self }
    }

    /// The same heap with other limits for the period search.
    pub fn with_limits(self, limits: Limits) -> Self {
        Heap { limits, ..self }
    }

    /// The same heap with other limits for the misère quotient (`misere_len`:
    /// the largest heap adjoined looking for a certificate).
    pub fn with_misere_limits(self, misere: MisereLimits) -> Self {
        Heap { misere, ..self }
    }

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The smallest and largest heap size.
    pub fn range(&self) -> (u64, u64) {
        (self.min, self.n)
    }

    /// Whether no periodicity theorem covers the game, so that its values
    /// are computed directly (up to [`DIRECT_LIMIT`]).
    fn direct_only(&self) -> bool {
        self.game.ruleset().direct_only()
    }

    /// The nim-value histogram over `min..=n`: computed directly when `n` is
    /// below the length limit (a period found on the way saves the rest),
    /// otherwise from a certified period; written out in full.
    pub fn value_histogram(&self, ctx: &mut Context<'_>) -> Result<Vec<u128>, Error> {
        match self.source(ctx)? {
            Source::Dense(h) => Ok(h),
            Source::Arithmetic(a) => a.histogram(self.min, self.n)?.dense().ok_or_else(|| Error::TooLarge {
                what: "the histogram written out".into(),
                estimate: format!("values up to about {}", a.value(self.n)),
                limit: "2^20 values".into(),
                remedy: Remedy::Smaller("n"),
            }),
        }
    }

    fn source(&self, ctx: &mut Context<'_>) -> Result<Source, Error> {
        if self.min > self.n {
            return Ok(Source::Dense(vec![0]));
        }
        let limit = match self.direct_only() {
            true => (self.limits.max_len() as u64).max(DIRECT_LIMIT),
            false => self.limits.max_len() as u64,
        };
        let direct = self.n < limit;
        if direct {
            self.game.check_request_within(self.n as usize + 1, "n", self.limits.max_work())?;
        }
        let (want, limits) = match direct {
            true => (self.n as usize + 1, Limits::new(self.n as usize + 1, self.limits.max_work())?),
            false => (0, self.limits),
        };
        if !direct && self.direct_only() {
            return Err(Error::TooLarge {
                what: format!(
                    "the nim-values up to {} of {}, which no periodicity theorem covers (computed one by one)",
                    self.n,
                    self.game.describe()
                ),
                estimate: format!("{} nim-values", self.n as u128 + 1),
                limit: format!("{limit} (`max_len`, at least {DIRECT_LIMIT})"),
                remedy: Remedy::Smaller("n"),
            });
        }
        let analysis = self.game.analyze_in(want, limits, ctx)?;
        if let Some(seq) = &analysis.periodic {
            return Ok(Source::Dense(histogram_range(seq, self.min as u128, self.n as u128 + 1)));
        }
        if self.n < analysis.values.len() as u64 {
            let values = &analysis.values[self.min as usize..=self.n as usize];
            return Ok(Source::Dense(histogram_of(values.iter().copied())));
        }
        match analysis.arithmetic {
            Some(a) if a.certified => Ok(Source::Arithmetic(a)),
            _ => {
                // every heap up to n computed directly: more than max_len values, and their work
                let direct = self.n < MAX_LEN as u64;
                let work = match direct {
                    true => self.game.linear_work(self.n as usize + 1),
                    false => 0.0,
                };
                Err(Error::NotCertified {
                    computed: analysis.computed,
                    needed: self.n,
                    stop: analysis.stop,
                    max_len: (limits.max_len() < MAX_LEN).then_some(limits.max_len()),
                    direct,
                    direct_work: (work > MAX_LINEAR_WORK.max(limits.max_work() as f64)).then_some(work),
                })
            }
        }
    }
}

impl Component for Heap {
    fn positions(&self) -> Positions {
        Positions::count((self.n as u128 + 1).saturating_sub(self.min as u128))
    }
    fn histogram(&self, ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        match self.source(ctx)? {
            Source::Dense(h) => Histogram::dense(h),
            Source::Arithmetic(a) => Ok(Histogram::Dyadic(a.histogram(self.min, self.n)?)),
        }
    }
    fn misere_work(&self) -> u64 {
        self.misere.max_work()
    }
    fn misere_histogram(&self, ctx: &mut Context<'_>) -> Result<MisereHistogram, Error> {
        crate::misere::histograms::heap_histogram(&self.game, self.min, self.n, self.misere, ctx)
    }
}

/// Ordered `piles`-tuples of heaps of one heap game.
///
/// ```
/// use grundy::{Counter, HeapGame, Heaps, Modulus, Outcome};
/// use grundy::heap::OctalCode;
///
/// // Three Kayles heaps of any size up to 10^18, losing positions mod 10^9+7.
/// let kayles = HeapGame::Octal(OctalCode::parse("0.77").unwrap());
/// let heaps = Heaps::new(kayles, 1_000_000_000_000_000_000, 3).unwrap();
/// let m = Modulus::new(1_000_000_007).unwrap();
/// assert!(heaps.count_mod(m, Outcome::Losing).unwrap() < 1_000_000_007);
/// ```
pub type Heaps = Copies<Heap>;

impl Heaps {
    /// `piles` heaps of `game` in `1..=n`.
    pub fn new(game: HeapGame, n: u64, piles: u64) -> Result<Self, Error> {
        Ok(Copies::of(Heap::new(game, n)?, piles))
    }

    /// `piles` heaps of `game` in `min..=n` (see [`Heap::with_range`]: `n = 0`
    /// needs `min = 0`).
    ///
    /// ```
    /// use grundy::{Counter, HeapGame, Heaps, Outcome};
    ///
    /// // three empty heaps: one position, and it is lost
    /// let kayles = HeapGame::octal("0.77").unwrap();
    /// let heaps = Heaps::with_range(kayles, 0, 0, 3).unwrap();
    /// assert_eq!(heaps.count_exact(Outcome::Losing).unwrap(), 1u8.into());
    /// ```
    pub fn with_range(game: HeapGame, min: u64, n: u64, piles: u64) -> Result<Self, Error> {
        Ok(Copies::of(Heap::with_range(game, min, n)?, piles))
    }

    /// The same question with heap sizes in `min..=n`.
    pub fn with_min(self, min: u64) -> Self {
        self.map(|heap| heap.with_min(min))
    }

    /// The same question with other limits for the period search.
    pub fn with_limits(self, limits: Limits) -> Self {
        self.map(|heap| heap.with_limits(limits))
    }

    /// The same question with other limits for the misère quotient.
    pub fn with_misere_limits(self, misere: MisereLimits) -> Self {
        self.map(|heap| heap.with_misere_limits(misere))
    }
}
