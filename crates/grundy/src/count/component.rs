//! One component of a sum: its positions and the histogram of their Grundy values.

use super::context::Context;
use super::copies::Copies;
use super::histogram::{Histogram, Positions};
use crate::error::Error;
use crate::misere::algebra::MisereHistogram;
use crate::misere::algebra::monoid::DEFAULT_MISERE_WORK;

/// One component of a sum of games: a set of positions, each with a Grundy
/// value. A heap of a heap game with its size in `1..=N`, a Coprime Nim pile,
/// a token on a board, or values of your own ([`crate::Values`]).
///
/// Implement it for a game of your own: give the number of positions and the
/// histogram of their Grundy values; [`crate::Sum`] counts every sum of such
/// components, exactly or modulo any `M`.
///
/// ```
/// use grundy::{Component, Context, Counter, Error, Outcome, Sum};
/// use grundy::count::{Histogram, Positions};
///
/// /// A heap of Nim with 0..8 tokens: the value of a heap is its size.
/// struct SmallNim;
///
/// impl Component for SmallNim {
///     fn positions(&self) -> Positions {
///         Positions::count(8)
///     }
///     fn histogram(&self, _ctx: &mut Context<'_>) -> Result<Histogram, Error> {
///         Histogram::dense(vec![1; 8])
///     }
/// }
///
/// // Two heaps lose exactly when they are equal: 8 of the 64 pairs.
/// let pairs = Sum::of(SmallNim, 2);
/// assert_eq!(pairs.count_exact(Outcome::Losing).unwrap(), 8u32.into());
/// ```
pub trait Component: Send + Sync {
    /// The number of positions (cheap: no histogram is computed).
    fn positions(&self) -> Positions;

    /// The histogram of Grundy values over the positions. Long computations
    /// report progress to `ctx` and stop when it says so.
    fn histogram(&self, ctx: &mut Context<'_>) -> Result<Histogram, Error>;

    /// A lower estimate of the number of distinct values of the transform of
    /// the histogram, known without computing it (cheap). An unordered count
    /// needs a series coefficient per distinct value, and refuses before any
    /// histogram is computed when even this many are beyond its budget. By
    /// default 1.
    fn least_transform_values(&self) -> usize {
        1
    }

    /// `copies` copies of this component: the one way to say "K of these"
    /// (a [`crate::Sum`] of several kinds says it per kind, `Sum::with`).
    ///
    /// ```
    /// use grundy::{Component, Counter, Heap, HeapGame, Outcome};
    ///
    /// // Three Kayles heaps of sizes 1..=3 (values 1, 2, 3): 6 losing triples.
    /// let three = Heap::new(HeapGame::octal("0.77")?, 3)?.copies(3);
    /// assert_eq!(three.count_exact(Outcome::Losing)?, 6u32.into());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    fn copies(self, copies: u64) -> Copies<Self>
    where
        Self: Sized,
    {
        Copies::of(self, copies)
    }

    /// How the positions count under misère play ([`crate::Play::Misere`]):
    /// their histogram over the game's misère quotient, or the tame rule. By
    /// default misère play is refused, naming `play`.
    fn misere_histogram(&self, _ctx: &mut Context<'_>) -> Result<MisereHistogram, Error> {
        Err(Error::invalid("play", "misere is not available for this component"))
    }

    /// The work budget of this component's misère count (`misere_work`, in
    /// steps): its quotient's, which bounds the powers taken in the
    /// quotient's algebra as well. By default
    /// [`crate::misere::MisereLimits::DEFAULT_MAX_WORK`].
    fn misere_work(&self) -> u64 {
        DEFAULT_MISERE_WORK
    }
}
