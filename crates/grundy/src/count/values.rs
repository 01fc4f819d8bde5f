//! A component from values of your own: an explicit list of Grundy values, or a
//! histogram of them.

use super::component::Component;
use super::context::Context;
use super::histogram::{Histogram, Positions, check_span};
use crate::error::Error;
use crate::xor::MAX_TOTAL;
use crate::xor::{Span, SpanHistogram, SparseHistogram};

/// A component whose positions have the given Grundy values: values computed by
/// any other program, counted here at any number of copies and modulo any `M`.
///
/// ```
/// use grundy::{Counter, Outcome, Sum, Values};
///
/// // Positions with values 0, 1, 1, 2, 3: pairs with XOR 0 are (a, a).
/// let values = Values::new([0, 1, 1, 2, 3]).unwrap();
/// let pairs = Sum::of(values, 2);
/// assert_eq!(pairs.count_exact(Outcome::Losing).unwrap(), (1 + 4 + 1 + 1u32).into());
///
/// // The same from a histogram of (value, count) pairs.
/// let same = Values::from_histogram([(0, 1), (1, 2), (2, 1), (3, 1)]).unwrap();
/// assert_eq!(Sum::of(same, 2).count_exact(Outcome::Losing).unwrap(), 7u32.into());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    /// `(value, count)`, ascending by value, counts nonzero.
    counts: Vec<(u64, u128)>,
    total: u128,
}

impl Values {
    /// One position per item, with that Grundy value.
    pub fn new(values: impl IntoIterator<Item = u64>) -> Result<Self, Error> {
        Self::from_histogram(values.into_iter().map(|v| (v, 1)))
    }

    /// `count` positions with value `value` for each pair (repeated values add up).
    pub fn from_histogram(pairs: impl IntoIterator<Item = (u64, u128)>) -> Result<Self, Error> {
        let mut counts: Vec<(u64, u128)> = pairs.into_iter().filter(|&(_, c)| c > 0).collect();
        counts.sort_unstable_by_key(|&(v, _)| v);
        let mut total: u128 = 0;
        for &(_, c) in &counts {
            total = total
                .checked_add(c)
                .filter(|&t| t <= MAX_TOTAL)
                .ok_or_else(|| Error::invalid("values", "have more than 2^126 positions in all"))?;
        }
        // merged in place (no second list): the total bounds every sum
        counts.dedup_by(|next, kept| {
            let same = next.0 == kept.0;
            if same {
                kept.1 += next.1;
            }
            same
        });
        counts.shrink_to_fit();
        Ok(Values { counts, total })
    }

    /// The `(value, count)` pairs, ascending by value.
    pub fn counts(&self) -> &[(u64, u128)] {
        &self.counts
    }
}

/// Spans of rank up to this have their table (at most `2^20` counts, 16 MiB).
const SPARSE_RANK: u32 = 20;

/// The most distinct values kept as they are ([`Histogram::Sparse`]).
const SPARSE_VALUES: usize = 1 << 16;

impl Component for Values {
    fn positions(&self) -> Positions {
        Positions::count(self.total)
    }

    /// The histogram on the span of the values over GF(2) (see
    /// `SpanHistogram`): a table of `2^r` counts, `r <= 64` the rank of the
    /// span, however large the values (four values of size `2^60` make a table
    /// of at most 16 counts). Values that fill `0..2^r` give the plain dense
    /// histogram. Checked against the budget: the table (`16·2^r` bytes,
    /// transformed where it lies) and these values (`32` bytes each, held
    /// meanwhile).
    ///
    /// Few values on a span of rank above 20 whose dependencies and equal
    /// counts leave fewer transform values than the table has counts (thirty
    /// powers of two: 31 against `2^30`) are kept as they are
    /// (`SparseHistogram`), their transform read off their dependencies.
    fn histogram(&self, ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        let span = Span::of(self.counts.iter().map(|p| p.0));
        if span.rank() > SPARSE_RANK && self.counts.len() <= SPARSE_VALUES {
            let sparse = SparseHistogram::new(self.counts.clone());
            if sparse.spectrum_terms() < 2f64.powi(span.rank() as i32) {
                return Ok(Histogram::Sparse(sparse));
            }
        }
        let held = 32.0 * self.counts.capacity() as f64;
        check_span(&span, held, &ctx.budget)?;
        ctx.progress("the table of values", 0, 1)?;
        let h = SpanHistogram::in_span(span, &self.counts);
        ctx.progress("the table of values", 1, 1)?;
        match h.span().is_low() {
            true => Histogram::dense(h.into_table()),
            false => Ok(Histogram::Spanned(h)),
        }
    }
}
