//! Sums of heaps of one heap game: ordered `K`-tuples of heap sizes in `min..=N`.
//!
//! The histogram of nim-values over `min..=N` comes from the certified period in
//! `O(preperiod + period)`, so `N` and `K` may be as large as `10^18`; without a
//! certified period `N` is limited to the computed range.

use crate::count::{Component, Context, Copies, Histogram, Positions};
use crate::error::Error;
use crate::heap::{HeapGame, Limits, histogram_range};

/// One heap of a heap game, of any size in `min..=n` (`1..=n` unless set).
///
/// ```
/// use grundy::{Component, Context, Heap, HeapGame, OctalCode};
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
}

impl Heap {
    /// Heaps of `game` in `1..=n`, `n >= 1`, with the default [`Limits`].
    pub fn new(game: HeapGame, n: u64) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::invalid("n", "must be at least 1 (heap sizes run over 1..=n)"));
        }
        Ok(Heap { game, min: 1, n, limits: Limits::default() })
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

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The smallest and largest heap size.
    pub fn range(&self) -> (u64, u64) {
        (self.min, self.n)
    }

    /// The nim-value histogram over `min..=n`: computed directly when `n` is
    /// below the length limit (a period found on the way saves the rest),
    /// otherwise from a certified period.
    pub fn value_histogram(&self, ctx: &mut Context<'_>) -> Result<Vec<u128>, Error> {
        if self.min > self.n {
            return Ok(vec![0]);
        }
        let direct = self.n < self.limits.max_len() as u64;
        if direct {
            self.game.check_request(self.n as usize + 1, "n")?;
        }
        let (want, limits) = match direct {
            true => (self.n as usize + 1, Limits::new(self.n as usize + 1, self.limits.max_work())?),
            false => (0, self.limits),
        };
        let analysis = self.game.analyze_in(want, limits, ctx)?;
        if let Some(seq) = &analysis.periodic {
            return Ok(histogram_range(seq, self.min as u128, self.n as u128 + 1));
        }
        if self.n < analysis.values.len() as u64 {
            let mut hist = vec![0u128];
            for &v in &analysis.values[self.min as usize..=self.n as usize] {
                if hist.len() <= v as usize {
                    hist.resize(v as usize + 1, 0);
                }
                hist[v as usize] += 1;
            }
            return Ok(hist);
        }
        Err(Error::NotCertified { computed: analysis.computed, needed: self.n, stop: analysis.stop })
    }
}

impl Component for Heap {
    fn positions(&self) -> Positions {
        Positions::count((self.n as u128 + 1).saturating_sub(self.min as u128))
    }
    fn histogram(&self, ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        Histogram::dense(self.value_histogram(ctx)?)
    }
}

/// Ordered `piles`-tuples of heaps of one heap game.
///
/// ```
/// use grundy::{Counter, HeapGame, Heaps, Modulus, OctalCode, Outcome};
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

    /// The same question with heap sizes in `min..=n`.
    pub fn with_min(self, min: u64) -> Self {
        self.map(|heap| heap.with_min(min))
    }

    /// The same question with other limits for the period search.
    pub fn with_limits(self, limits: Limits) -> Self {
        self.map(|heap| heap.with_limits(limits))
    }
}
