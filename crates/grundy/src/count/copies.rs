//! `K` copies of one component ([`Copies`]): the question of every built-in
//! game. It is counted as a [`super::Sum`] of one part (the `Counter` impl in
//! `sum.rs`).

use super::order::Order;
use super::play::Play;
use crate::error::Error;

/// `copies` copies of one component: the questions of the built-in games
/// ([`crate::DivisorNim`] is `Copies<DivisorPile>`, and so on).
///
/// ```
/// use grundy::{Counter, DivisorPile, Outcome};
/// use grundy::count::Copies;
///
/// let three = Copies::of(DivisorPile::new(10).unwrap(), 3);
/// assert_eq!(three.count_exact(Outcome::Winning).unwrap(), 692u32.into());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copies<C> {
    pub(super) component: C,
    pub(super) copies: u64,
    pub(super) order: Order,
    pub(super) play: Play,
}

impl<C> Copies<C> {
    /// `copies` copies of `component`, as ordered tuples.
    pub fn of(component: C, copies: u64) -> Self {
        Copies { component, copies, order: Order::Ordered, play: Play::Normal }
    }

    /// The same copies told apart as `order` says: ordered tuples, multisets or
    /// sets of component positions.
    pub fn with_order(self, order: Order) -> Self {
        Copies { order, ..self }
    }

    /// How the copies are told apart.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The same copies under another play convention.
    ///
    /// ```
    /// use grundy::{Counter, HeapGame, Heaps, Outcome, Play};
    ///
    /// // Misère Nim: of the 9 pairs of heaps in 1..=3, (2, 2) and (3, 3) are lost
    /// // by the player to move; (1, 1) is won (the opponent must take the last).
    /// let nim = HeapGame::octal("0.[3]")?;
    /// let pairs = Heaps::new(nim, 3, 2)?.with_play(Play::Misere);
    /// assert_eq!(pairs.count_exact(Outcome::Losing)?, 2u32.into());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn with_play(self, play: Play) -> Self {
        Copies { play, ..self }
    }

    /// The play convention.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The component.
    pub fn component(&self) -> &C {
        &self.component
    }

    /// The number of copies.
    pub fn copies(&self) -> u64 {
        self.copies
    }

    /// The same number of copies of another component.
    pub fn map(self, f: impl FnOnce(C) -> C) -> Self {
        Copies { component: f(self.component), ..self }
    }

    /// [`Copies::map`] for a change that may be refused.
    pub fn try_map(self, f: impl FnOnce(C) -> Result<C, Error>) -> Result<Self, Error> {
        Ok(Copies { component: f(self.component)?, ..self })
    }
}
