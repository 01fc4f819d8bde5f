//! The normal-play count of a sum of components: the XOR power of their
//! histograms, `losing = 2^{−B} Σ_s Π_i c_i(s)`, in any counting ring and
//! order (`count_parts`); misère counts build on it for tame components.

use super::Coefficients;
use super::Outcome;
use super::component::Component;
use super::context::Context;
use super::histogram::{Histogram, Positions, to_common_span};
use super::order::Order;
use super::series::Series;
use crate::error::{Budget, Error, Remedy};
use crate::ring::Ring;
use crate::xor::Spectrum;
use rayon::prelude::*;
use std::ops::Range;

/// The losing or winning positions of the sum of `parts` (component, copies),
/// the copies of each component told apart as `order` says, in `ring`:
/// `losing = 2^{−B} Σ_s Π_i c_i(s)`, `total = Π_i c_i(0)`, where `c_i(s)` is
/// `Ŵ_i(s)^{K_i}` for ordered tuples and the coefficient of the unordered series
/// otherwise (see [`Order`]).
///
/// The component with the most bits `B` is transformed in classes of
/// `s mod 2^low`, `low` the most bits among the others, whose transforms are
/// written out (`2^low` values each). Cost: the transforms, plus one power (or
/// series coefficient) per distinct transform value of the largest component
/// and `2^low` products.
pub fn count_parts<R: Coefficients>(
    ring: &R,
    parts: &[(&dyn Component, u64)],
    order: Order,
    outcome: Outcome,
    ctx: &mut Context<'_>,
) -> Result<R::Elem, Error> {
    let active: Vec<(&dyn Component, u64)> = parts.iter().copied().filter(|&(_, k)| k > 0).collect();
    let total = match order {
        Order::Ordered => active.iter().fold(ring.one(), |acc, (c, k)| {
            let p = c.positions();
            let power = ring.pow(&ring.of_u128(p.base), p.exponent as u128 * *k as u128);
            ring.mul(&acc, &power)
        }),
        _ => unordered_total(ring, &active, order, &ctx.budget)?,
    };
    check_unordered(ring, &active, order, &ctx.budget)?;
    let losing = if active.is_empty() {
        ring.one()
    } else {
        let mut histograms = Vec::with_capacity(active.len());
        for (c, _) in &active {
            histograms.push(c.histogram(ctx)?);
        }
        to_common_span(&mut histograms, &ctx.budget)?;
        let parts = (histograms.into_iter().zip(&active))
            .map(|(histogram, (c, k))| Part { histogram, copies: *k, positions: c.positions() })
            .collect();
        zero_xor_sum(ring, parts, order, ctx)?
    };
    Ok(outcome.select(ring, &total, losing))
}

/// Refuses an unordered count whose series coefficients would be beyond their
/// budget at the least number of distinct transform values each component
/// promises ([`Component::least_transform_values`]): before any histogram is
/// computed (prime counting, say), with the same check the coefficients make.
fn check_unordered<R: Coefficients>(
    ring: &R,
    parts: &[(&dyn Component, u64)],
    order: Order,
    budget: &Budget,
) -> Result<(), Error> {
    // the width of the lifted ring only matters for being nonzero, as `lift(0)`'s
    let lifted = ring.lift(0);
    for (c, k) in parts {
        if let Some(series) = Series::new(order, c.positions(), *k, 1) {
            ring.check_series(&lifted, &series, c.least_transform_values(), budget)?;
        }
    }
    Ok(())
}

/// `Π_i c_i(0)`: the coefficients at `w = P_i`, `C(P + K − 1, K)` or `C(P, K)`.
fn unordered_total<R: Coefficients>(
    ring: &R,
    parts: &[(&dyn Component, u64)],
    order: Order,
    budget: &Budget,
) -> Result<R::Elem, Error> {
    let lifted = ring.lift(0);
    let mut total = lifted.one();
    for (c, k) in parts {
        let p = c.positions();
        let base = i128::try_from(p.base).map_err(|_| Error::TooLarge {
            what: "a component".into(),
            estimate: format!("{} positions", p.base),
            limit: "2^127 - 1".into(),
            remedy: Remedy::Smaller("n"),
        })?;
        if let Some(series) = Series::new(order, p, *k, p.exponent) {
            let c = ring.series_coefficients(&lifted, &series, &[base], budget)?;
            total = lifted.mul(&total, &c[0]);
        }
    }
    Ok(ring.unlift(&lifted, &total, 0))
}

/// One component of a sum, ready to count.
struct Part {
    histogram: Histogram,
    copies: u64,
    positions: Positions,
}

/// How one part's transform values become the factors of `Σ_s Π_i c_i(s)`.
enum Weights<E> {
    /// Ordered tuples: `v^exponent`.
    Power(u128),
    /// Unordered: the series coefficient of every distinct value, by value.
    Table(Vec<(i128, E)>),
}

/// The weights of `spectrum`'s values in `lifted` (`ring.lift(B)`).
fn weights<R: Coefficients>(
    ring: &R,
    lifted: &R::Lift,
    spectrum: &Spectrum,
    part: &Part,
    order: Order,
    budget: &Budget,
) -> Result<Weights<<R::Lift as Ring>::Elem>, Error> {
    let Some(series) = Series::new(order, part.positions, part.copies, spectrum.power()) else {
        return Ok(Weights::Power(part.copies as u128 * spectrum.power() as u128));
    };
    // Unordered counts weigh every index, zeros too: the spectrum must hold them all.
    let indices = spectrum.indices();
    if indices != 1u128 << spectrum.bits() {
        return Err(Error::Internal(format!(
            "a spectrum of {} bits covers {indices} indices",
            spectrum.bits()
        )));
    }
    let mut values: Vec<i128> = Vec::with_capacity(spectrum.len());
    spectrum.for_each_value(|v| values.push(v));
    values.sort_unstable();
    values.dedup();
    let coefficients = ring.series_coefficients(lifted, &series, &values, budget)?;
    Ok(Weights::Table(values.into_iter().zip(coefficients).collect()))
}

impl<E: Clone + Sync> Weights<E> {
    /// The factor of the value `v`.
    fn at<L: Ring<Elem = E>>(&self, lifted: &L, v: i128) -> E {
        match self {
            Weights::Power(k) => lifted.pow(&lifted.of_i128(v), *k),
            Weights::Table(table) => match table.binary_search_by_key(&v, |t| t.0) {
                Ok(i) => table[i].1.clone(),
                Err(_) => lifted.zero(),
            },
        }
    }

    /// `Σ m · factor(v)` over a class of `(v, m)`.
    fn class_sum<L: Ring<Elem = E>>(&self, lifted: &L, class: &[(i128, u128)]) -> E {
        match self {
            Weights::Power(k) => lifted.power_sum(class, *k),
            Weights::Table(_) => lifted.weighted_sum(class, |v| self.at(lifted, v)),
        }
    }

    /// [`Weights::class_sum`] with `tick(n)` after every term (`n` terms done).
    fn class_sum_observed<L: Ring<Elem = E>>(
        &self,
        lifted: &L,
        class: &[(i128, u128)],
        tick: &mut dyn FnMut(usize) -> Result<(), Error>,
    ) -> Result<E, Error> {
        match self {
            Weights::Power(k) => lifted.power_sum_observed(class, *k, tick),
            Weights::Table(_) => {
                let mut sum = lifted.zero();
                for (i, term) in class.iter().enumerate() {
                    sum = lifted.add(&sum, &self.class_sum(lifted, std::slice::from_ref(term)));
                    tick(i + 1)?;
                }
                Ok(sum)
            }
        }
    }
}

/// `2^{−B} Σ_s Π_i c_i(s)`: the positions whose values XOR to 0.
fn zero_xor_sum<R: Coefficients>(
    ring: &R,
    mut parts: Vec<Part>,
    order: Order,
    ctx: &mut Context<'_>,
) -> Result<R::Elem, Error> {
    let bits: Vec<u32> = parts.iter().map(|p| p.histogram.bits()).collect();
    let big = (0..parts.len()).max_by_key(|&i| (bits[i], std::cmp::Reverse(i))).unwrap_or(0);
    let b = bits[big];
    let low = (0..parts.len()).filter(|&i| i != big).map(|i| bits[i]).max().unwrap_or(0);
    let budget = ctx.budget;
    budget.check_memory(64.0 * (1u64 << low) as f64, "the transforms of the components", "n")?;
    let lifted = ring.lift(b);
    // each histogram is taken (a dense table transformed where it lies)
    let take = |part: &mut Part| std::mem::replace(&mut part.histogram, Histogram::Dense(Vec::new()));
    let big_spectrum = take(&mut parts[big]).into_spectrum(low, ctx)?;
    ctx.progress("the transforms of the components", 1, parts.len() as u64)?;
    let big_weights = weights(ring, &lifted, &big_spectrum, &parts[big], order, &budget)?;
    let mut others = Vec::new();
    for (i, part) in parts.iter_mut().enumerate().filter(|&(i, _)| i != big) {
        let s = take(part).into_spectrum(bits[i], ctx)?;
        let weights = weights(ring, &lifted, &s, part, order, &budget)?;
        others.push((s, weights, (1usize << bits[i]) - 1));
    }
    // the other parts' factors at class r of the largest part
    let factor_at = |r: usize| {
        let mut factor = lifted.one();
        for (s, weights, mask) in &others {
            factor = lifted.mul(&factor, &weights.at(&lifted, s.first_value(r & mask)));
        }
        factor
    };
    // Σ over class r of the largest part's terms `range` (a piece of the
    // class, made here when not stored), times the other parts' factors at r
    let piece_sum = |(r, range): &(usize, Range<usize>)| {
        let factor = factor_at(*r);
        if factor == lifted.zero() {
            return factor;
        }
        lifted.mul(&factor, &big_weights.class_sum(&lifted, &big_spectrum.class_piece(*r, range.clone())))
    };
    let per_batch = batch_terms(ring.modulus().is_some(), &parts[big]);
    let total = big_spectrum.len() as u64;
    let (mut sum, mut done, mut batch) = (lifted.zero(), 0u64, Vec::new());
    // class r cut in pieces of at most `per` terms
    let pieces = |per: usize| {
        let spectrum = &big_spectrum;
        (0..spectrum.classes()).flat_map(move |r| {
            let len = spectrum.class_len(r);
            (0..len).step_by(per).map(move |i| (r, i..(i + per).min(len)))
        })
    };
    if per_batch == 1 {
        // long exact terms: a piece at a time (its powers' last squarings
        // summed in the transform domain), reporting after every term
        for (r, range) in pieces(PIECE_TERMS) {
            let factor = factor_at(r);
            let len = range.len() as u64;
            if factor != lifted.zero() {
                let mut tick = |n: usize| ctx.progress(SUMMING, done + n as u64, total.max(1));
                let class = big_spectrum.class_piece(r, range);
                let part = big_weights.class_sum_observed(&lifted, &class, &mut tick)?;
                sum = lifted.add(&sum, &lifted.mul(&factor, &part));
            }
            done += len;
            ctx.progress(SUMMING, done, total.max(1))?;
        }
        return Ok(ring.unlift(&lifted, &sum, b));
    }
    // in batches of about `per_batch` terms (a long class cut in pieces, short
    // ones together), each on every core, reporting between batches
    let mut pieces = pieces(per_batch).peekable();
    while let Some(piece) = pieces.next() {
        done += piece.1.len() as u64;
        batch.push(piece);
        if batch.iter().map(|p| p.1.len()).sum::<usize>() < per_batch && pieces.peek().is_some() {
            continue;
        }
        let part = match batch.len() {
            1 => piece_sum(&batch[0]),
            _ => batch.par_iter().map(piece_sum).reduce(|| lifted.zero(), |a, c| lifted.add(&a, &c)),
        };
        sum = lifted.add(&sum, &part);
        batch.clear();
        ctx.progress(SUMMING, done, total.max(1))?;
    }
    Ok(ring.unlift(&lifted, &sum, b))
}

/// The stage of the sum over the largest part's transform values.
const SUMMING: &str = "summing over the transform";

/// Terms of the largest part made at once when each is summed alone (long
/// exact powers): a piece of a class, not the whole, so that a class whose
/// terms are not stored is never written out whole.
const PIECE_TERMS: usize = 1 << 16;

/// Transform values of the largest part summed between two progress reports:
/// `2^16` modulo `M` (a power and a product each, well under a millisecond in
/// all), fewer as exact powers grow (a term's power has about
/// `copies · log10(positions)` digits; multiplying such numbers costs about
/// their words to the power 1.6).
fn batch_terms(modular: bool, part: &Part) -> usize {
    const TERMS: f64 = 65_536.0;
    if modular {
        return TERMS as usize;
    }
    let words = part.copies as f64 * part.positions.log10() / 19.0 + 1.0;
    (TERMS / words.powf(1.6)).clamp(1.0, TERMS) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::Exact;

    /// A spectrum that leaves out some indices (zeros dropped, say) would make
    /// unordered counts wrong: it is refused, while ordered counts never look.
    #[test]
    fn unordered_weights_need_every_index() {
        let part =
            Part { histogram: Histogram::Dense(vec![2, 1]), copies: 2, positions: Positions::count(3) };
        let whole = Spectrum::from_classes(1, vec![vec![(3, 1), (1, 1)]]);
        let holed = Spectrum::from_classes(1, vec![vec![(3, 1)]]);
        let budget = Budget::default();
        for order in [Order::Multiset, Order::Set] {
            assert!(weights(&Exact, &Exact, &whole, &part, order, &budget).is_ok());
            let refused = weights(&Exact, &Exact, &holed, &part, order, &budget);
            assert!(matches!(refused, Err(Error::Internal(_))), "{order}");
        }
        assert!(weights(&Exact, &Exact, &holed, &part, Order::Ordered, &budget).is_ok());
    }
}
