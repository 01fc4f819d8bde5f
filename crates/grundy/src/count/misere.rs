//! Counting sums under misère play: through a finite quotient, or by the tame
//! rule beside the normal-play count.
//!
//! # The tame rule and its count
//!
//! Conway's genus (ONAG ch. 12, WW ch. 13) calls a game *tame* when it and all
//! its followers have a *fickle* genus (`0^{120}`, `1^{031}`: normal value 0 or
//! 1, misère value the other) or a *firm* one (`a^{a, a⊕2}`: misère value =
//! normal value); sums of tame games are tame, fickle + fickle is fickle and
//! anything + firm is firm. A sum of tame games is a misère P-position iff
//!
//! * some component is firm and the nim-sum of the normal values is 0, or
//! * every component is fickle and the nim-sum is 1.
//!
//! Misère Nim (Bouton) is the case of nim-heaps: `*0` and `*1` are fickle, every
//! `*n` with `n >= 2` firm.
//!
//! **Counting rule** (proved here). Let a component have `f_0` fickle positions
//! of normal value 0 and `f_1` of value 1. Split the positions of the sum whose
//! nim-sum is 0 into those with a firm component (misère P) and the all-fickle
//! ones (misère N); the misère P-positions are the former plus the all-fickle
//! positions of nim-sum 1. So
//!
//! ```text
//! misère P = normal P − (E − O),
//! ```
//!
//! `E` (`O`) the all-fickle positions of nim-sum 0 (1). `E − O` is the sum over
//! all-fickle positions of `(−1)^{number of value-1 components}`, the character
//! `s = 1` of the group algebra of `Z/2` taken over fickle positions only: for
//! ordered `K`-tuples `(f_0 − f_1)^K`, for multisets the coefficient of `t^K` of
//! `(1 − t)^{−f_0} (1 + t)^{−f_1}` and for sets of `(1 + t)^{f_0} (1 − t)^{f_1}`
//! (the series of [`super::Order`] at `P = f_0 + f_1`, `w = f_0 − f_1`). Several
//! tame components multiply their characters. No division occurs: the count
//! works in every ring, exactly as fast as normal play.

use super::Coefficients;
use super::component::Component;
use super::context::Context;
use super::histogram::Positions;
use super::normal::count_parts;
use super::order::Order;
use super::series::Series;
use super::{Outcome, Play};
use crate::error::Error;
use crate::misere::algebra::MisereHistogram;
use crate::misere::algebra::monoid::{BipartiteMonoid, Multiple, check_work, copies_refused};
use std::sync::Arc;

/// The misère count of the sum of `parts` (component, copies), or the
/// normal-play count ([`count_parts`]) for [`Play::Normal`].
///
/// Misère sums count through one quotient (every part's histogram over the
/// same monoid: the product of the parts' elements of `R[Q]`), or through the
/// tame rule (every part tame); other mixtures are refused naming `play`.
pub fn count_parts_as<R: Coefficients>(
    ring: &R,
    parts: &[(&dyn Component, u64)],
    order: Order,
    play: Play,
    outcome: Outcome,
    ctx: &mut Context<'_>,
) -> Result<R::Elem, Error> {
    if play == Play::Normal {
        return count_parts(ring, parts, order, outcome, ctx);
    }
    let active: Vec<(&dyn Component, u64)> = parts.iter().copied().filter(|&(_, k)| k > 0).collect();
    if active.is_empty() {
        // the empty position: no move, a win for the player to move
        return Ok(match outcome {
            Outcome::Losing => ring.zero(),
            Outcome::Winning => ring.one(),
        });
    }
    if active.iter().any(|(c, _)| c.positions().base == 0 && c.positions().exponent > 0) {
        // a component with no position at all, taken at least once: no position
        return Ok(ring.zero());
    }
    let mut histograms = Vec::with_capacity(active.len());
    for (c, _) in &active {
        histograms.push(c.misere_histogram(ctx)?);
    }
    if let Some(searched) = histograms.iter().find_map(MisereHistogram::searched) {
        // only copies of the searched component alone are searched
        let [(_, copies)] = active.as_slice() else {
            return Err(searched.refusal());
        };
        let [losing, all] = searched.count(*copies, order, ctx)?;
        let losing = ring.of_bigint(&losing.into());
        return Ok(match outcome {
            Outcome::Losing => losing,
            Outcome::Winning => ring.sub(&ring.of_bigint(&all.into()), &losing),
        });
    }
    if histograms.iter().all(|h| matches!(h, MisereHistogram::Tame { .. })) {
        let normal = count_parts(ring, &active, order, outcome, ctx)?;
        let mut correction = ring.one();
        for (h, (_, k)) in histograms.iter().zip(&active) {
            let MisereHistogram::Tame { fickle } = h else { unreachable!() };
            let c = tame_correction(ring, *fickle, *k, order, ctx)?;
            correction = ring.mul(&correction, &c);
        }
        return Ok(match outcome {
            Outcome::Losing => ring.sub(&normal, &correction),
            Outcome::Winning => ring.add(&normal, &correction),
        });
    }
    let mut shared: Option<&Arc<BipartiteMonoid>> = None;
    let mut powers = Vec::with_capacity(active.len());
    for (h, (_, k)) in histograms.iter().zip(&active) {
        let Some((monoid, counts, power)) = h.quotient_parts() else {
            return Err(mixed());
        };
        if shared.is_some_and(|s| !Arc::ptr_eq(s, monoid) && **s != **monoid) {
            return Err(mixed());
        }
        shared = Some(monoid);
        powers.push(Multiple { counts, power, copies: *k, order });
    }
    let monoid = shared.expect("a part");
    // every power and product planned before any is taken
    let (mut work, mut bytes, mut bits) = (0.0, 0.0f64, 0.0);
    for (i, &m) in powers.iter().enumerate() {
        work += monoid.copies_cost(ring, m)?;
        bytes = bytes.max(monoid.copies_bytes(ring, m));
        if i > 0 {
            work += monoid.product_cost(ring, bits, m.bits());
        }
        bits += m.bits();
    }
    let max_work = active.iter().map(|(c, _)| c.misere_work()).min().unwrap_or(u64::MAX);
    let copies = powers.iter().map(|m| m.copies).sum();
    check_work(ring, work, max_work, copies_refused(monoid, copies))?;
    ctx.budget.check_memory(bytes, "the powers in the misère quotient's algebra", "copies")?;
    let mut acc: Option<Vec<R::Elem>> = None;
    for &m in &powers {
        let part = monoid.copies_in(ring, m, ctx)?;
        acc = Some(match acc {
            None => part,
            Some(a) => monoid.algebra_mul_in(ring, &a, &part, 1.0, ctx)?,
        });
    }
    let acc = acc.expect("a part");
    let losing = monoid.p_sum(ring, &acc);
    Ok(match outcome {
        Outcome::Losing => losing,
        Outcome::Winning => ring.sub(&monoid.total(ring, &acc), &losing),
    })
}

fn mixed() -> Error {
    Error::invalid(
        "play",
        "misère counts sums of heaps of one game only (these components have different misère quotients)",
    )
}

/// `E − O` over the all-fickle positions of `copies` copies (module docs).
fn tame_correction<R: Coefficients>(
    ring: &R,
    [f0, f1]: [u128; 2],
    copies: u64,
    order: Order,
    ctx: &mut Context<'_>,
) -> Result<R::Elem, Error> {
    let w = ring.sub(&ring.of_u128(f0), &ring.of_u128(f1));
    let Some(series) = Series::new(order, Positions::count(f0 + f1), copies, 1) else {
        return Ok(ring.pow(&w, copies as u128));
    };
    let w = i128::try_from(f0)
        .ok()
        .zip(i128::try_from(f1).ok())
        .map(|(a, b)| a - b)
        .ok_or_else(|| Error::Internal(format!("fickle counts {f0} and {f1} beyond i128")))?;
    let lifted = ring.lift(0);
    let c = ring.series_coefficients(&lifted, &series, &[w], &ctx.budget)?;
    Ok(ring.unlift(&lifted, &c[0], 0))
}
