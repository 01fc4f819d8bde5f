//! The generic counter: sums of components with multiplicities, in any ring.

use super::Coefficients;
use super::Play;
use super::component::Component;
use super::context::Context;
use super::copies::Copies;
use super::misere::count_parts_as;
use super::order::Order;
use super::{Counter, Outcome};
use crate::error::Error;
use std::sync::Arc;

/// A sum of components, each taken some number of times: ordered tuples of
/// positions, one from each copy of each component, or with
/// [`Sum::with_order`] multisets or sets of the copies of each component (the
/// components still told apart).
///
/// ```
/// use grundy::{Counter, CoprimePile, DivisorPile, Modulus, Outcome, Sum};
///
/// // One Divisor Nim pile in 1..=100 plus two Coprime Nim piles in 1..=99.
/// let sum = Sum::new()
///     .with(DivisorPile::new(100).unwrap(), 1)
///     .with(CoprimePile::new(100).unwrap(), 2);
/// let m = Modulus::new(1_000_000_007).unwrap();
/// let losing = sum.count_mod(m, Outcome::Losing).unwrap();
/// let winning = sum.count_mod(m, Outcome::Winning).unwrap();
/// assert_eq!((losing + winning) % m.get(), 100 * 99 * 99);
/// ```
#[derive(Clone, Default)]
pub struct Sum {
    parts: Vec<(Arc<dyn Component>, u64)>,
    order: Order,
    play: Play,
}

impl Sum {
    /// The empty sum (one position, the empty one, which is losing).
    pub fn new() -> Self {
        Sum::default()
    }

    /// `copies` copies of one component.
    pub fn of(component: impl Component + 'static, copies: u64) -> Self {
        Sum::new().with(component, copies)
    }

    /// The sum with `copies` more copies of `component`.
    pub fn with(self, component: impl Component + 'static, copies: u64) -> Self {
        self.with_shared(Arc::new(component), copies)
    }

    /// [`Sum::with`] for a component shared with other sums.
    pub fn with_shared(mut self, component: Arc<dyn Component>, copies: u64) -> Self {
        self.parts.push((component, copies));
        self
    }

    /// The same sum, the copies of each component told apart as `order` says:
    /// a position is a multiset (or a set) of the copies of each component, one
    /// for every component.
    ///
    /// ```
    /// use grundy::{Counter, Order, Outcome, Sum, Values};
    ///
    /// // Values 0, 1, 1: multisets of two lose when both values agree, {a, a} or
    /// // {b, b} or {b, c} among the two positions b, c of value 1, and {a, a}.
    /// let values = Values::new([0, 1, 1]).unwrap();
    /// let pairs = Sum::of(values.clone(), 2).with_order(Order::Multiset);
    /// assert_eq!(pairs.count_exact(Outcome::Losing).unwrap(), 4u32.into());
    /// // With one more position of value 0 told apart: {0} ⊕ multiset of two.
    /// let more = pairs.with(Values::new([0]).unwrap(), 1);
    /// assert_eq!(more.count_exact(Outcome::Losing).unwrap(), 4u32.into());
    /// ```
    pub fn with_order(self, order: Order) -> Self {
        Sum { order, ..self }
    }

    /// How the copies of each component are told apart.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The same sum under another play convention ([`Play::Misere`]: whoever
    /// moves last loses; the components must share one misère quotient, or
    /// all be tame).
    pub fn with_play(self, play: Play) -> Self {
        Sum { play, ..self }
    }

    /// The play convention.
    pub fn play(&self) -> Play {
        self.play
    }
}

impl<C: Component> Counter for Copies<C> {
    fn log10_total(&self) -> f64 {
        self.order.log10_positions(self.component.positions().log10(), self.copies)
    }
    fn count_in<R: Coefficients>(
        &self,
        ring: &R,
        outcome: Outcome,
        ctx: &mut Context<'_>,
    ) -> Result<R::Elem, Error> {
        count_parts_as(ring, &[(&self.component, self.copies)], self.order, self.play, outcome, ctx)
    }
}

impl Counter for Sum {
    fn log10_total(&self) -> f64 {
        self.parts.iter().map(|(c, k)| self.order.log10_positions(c.positions().log10(), *k)).sum()
    }

    fn count_in<R: Coefficients>(
        &self,
        ring: &R,
        outcome: Outcome,
        ctx: &mut Context<'_>,
    ) -> Result<R::Elem, Error> {
        let parts: Vec<(&dyn Component, u64)> = self.parts.iter().map(|(c, k)| (c.as_ref(), *k)).collect();
        count_parts_as(ring, &parts, self.order, self.play, outcome, ctx)
    }
}
