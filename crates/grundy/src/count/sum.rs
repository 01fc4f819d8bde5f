//! The generic counter: sums of components with multiplicities, in any ring.

use super::component::Component;
use super::context::Context;
use super::histogram::Histogram;
use super::{Counter, Outcome};
use crate::error::Error;
use crate::ring::{Counting, Ring};
use rayon::prelude::*;
use std::sync::Arc;

/// A sum of components, each taken some number of times: ordered tuples of
/// positions, one from each copy of each component.
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
}

/// `copies` copies of one component: the questions of the built-in games
/// ([`crate::DivisorNim`] is `Copies<DivisorPile>`, and so on).
///
/// ```
/// use grundy::{Copies, Counter, DivisorPile, Outcome};
///
/// let three = Copies::of(DivisorPile::new(10).unwrap(), 3);
/// assert_eq!(three.count_exact(Outcome::Winning).unwrap(), 692u32.into());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copies<C> {
    component: C,
    copies: u64,
}

impl<C: Component> Copies<C> {
    /// `copies` copies of `component`.
    pub fn of(component: C, copies: u64) -> Self {
        Copies { component, copies }
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
        Copies { component: f(self.component), copies: self.copies }
    }

    /// [`Copies::map`] for a change that may be refused.
    pub fn try_map(self, f: impl FnOnce(C) -> Result<C, Error>) -> Result<Self, Error> {
        Ok(Copies { component: f(self.component)?, copies: self.copies })
    }
}

impl<C: Component> Counter for Copies<C> {
    fn log10_total(&self) -> f64 {
        self.copies as f64 * self.component.positions().log10()
    }
    fn count_in<R: Counting>(
        &self,
        ring: &R,
        outcome: Outcome,
        ctx: &mut Context<'_>,
    ) -> Result<R::Elem, Error> {
        count_parts(ring, &[(&self.component, self.copies)], outcome, ctx)
    }
}

impl Counter for Sum {
    fn log10_total(&self) -> f64 {
        self.parts.iter().map(|(c, k)| *k as f64 * c.positions().log10()).sum()
    }

    fn count_in<R: Counting>(
        &self,
        ring: &R,
        outcome: Outcome,
        ctx: &mut Context<'_>,
    ) -> Result<R::Elem, Error> {
        let parts: Vec<(&dyn Component, u64)> = self.parts.iter().map(|(c, k)| (c.as_ref(), *k)).collect();
        count_parts(ring, &parts, outcome, ctx)
    }
}

/// The losing or winning positions of the sum of `parts` (component, copies)
/// in `ring`: `losing = 2^{−B} Σ_s Π_i Ŵ_i(s)^{K_i}`, `total = Π_i P_i^{K_i}`.
///
/// The component with the most bits `B` is transformed in classes of
/// `s mod 2^low`, `low` the most bits among the others, whose transforms are
/// written out (`2^low` values each). Cost: the transforms, plus one power per
/// transform term of the largest component and `2^low` products.
pub fn count_parts<R: Counting>(
    ring: &R,
    parts: &[(&dyn Component, u64)],
    outcome: Outcome,
    ctx: &mut Context<'_>,
) -> Result<R::Elem, Error> {
    let active: Vec<(&dyn Component, u64)> = parts.iter().copied().filter(|&(_, k)| k > 0).collect();
    let total = active.iter().fold(ring.one(), |acc, (c, k)| {
        let p = c.positions();
        let power = ring.pow(&ring.of_u128(p.base), p.exponent as u128 * *k as u128);
        ring.mul(&acc, &power)
    });
    let losing = if active.is_empty() {
        ring.one()
    } else {
        let mut hists = Vec::with_capacity(active.len());
        for (c, k) in &active {
            hists.push((c.histogram(ctx)?, *k));
        }
        zero_xor_sum(ring, &hists, ctx)?
    };
    Ok(outcome.select(ring, &total, losing))
}

/// `2^{−B} Σ_s Π_i Ŵ_i(s)^{K_i}`: the positions whose values XOR to 0.
fn zero_xor_sum<R: Counting>(
    ring: &R,
    parts: &[(Histogram, u64)],
    ctx: &mut Context<'_>,
) -> Result<R::Elem, Error> {
    let bits: Vec<u32> = parts.iter().map(|(h, _)| h.bits()).collect();
    let big = (0..parts.len()).max_by_key(|&i| (bits[i], std::cmp::Reverse(i))).unwrap_or(0);
    let b = bits[big];
    let low = (0..parts.len()).filter(|&i| i != big).map(|i| bits[i]).max().unwrap_or(0);
    let budget = ctx.budget;
    budget.check_memory(64.0 * (1u64 << low) as f64, "the transforms of the components", "n")?;
    let big_spectrum = parts[big].0.spectrum(low, &budget)?;
    let big_exponent = parts[big].1 as u128 * big_spectrum.power() as u128;
    let mut others = Vec::new();
    for (i, (h, k)) in parts.iter().enumerate().filter(|&(i, _)| i != big) {
        let s = h.spectrum(bits[i], &budget)?;
        let exponent = *k as u128 * s.power() as u128;
        others.push((s, exponent, (1usize << bits[i]) - 1));
    }
    let lifted = ring.lift(b);
    let class_sum = |r: usize| {
        let mut factor = lifted.one();
        for (s, exponent, mask) in &others {
            let (v, _) = s.class(r & mask)[0];
            factor = lifted.mul(&factor, &lifted.pow(&lifted.of_i128(v), *exponent));
        }
        if factor == lifted.zero() {
            return factor;
        }
        lifted.mul(&factor, &lifted.power_sum(big_spectrum.class(r), big_exponent))
    };
    let classes = big_spectrum.classes();
    let sum = if classes > 1 {
        (0..classes).into_par_iter().map(class_sum).reduce(|| lifted.zero(), |a, c| lifted.add(&a, &c))
    } else {
        class_sum(0)
    };
    Ok(ring.unlift(&lifted, &sum, b))
}
