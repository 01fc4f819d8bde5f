//! A component from values of your own: an explicit list of Grundy values, or a
//! histogram of them.

use super::component::Component;
use super::context::Context;
use super::histogram::{Histogram, MAX_TOTAL, Positions};
use crate::error::Error;
use crate::xor::value_bits;

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
        let mut merged: Vec<(u64, u128)> = Vec::with_capacity(counts.len());
        let mut total: u128 = 0;
        for (v, c) in counts {
            total = total
                .checked_add(c)
                .filter(|&t| t <= MAX_TOTAL)
                .ok_or_else(|| Error::invalid("values", "have more than 2^126 positions in all"))?;
            match merged.last_mut() {
                Some((w, d)) if *w == v => *d += c,
                _ => merged.push((v, c)),
            }
        }
        Ok(Values { counts: merged, total })
    }

    /// The `(value, count)` pairs, ascending by value.
    pub fn counts(&self) -> &[(u64, u128)] {
        &self.counts
    }
}

impl Component for Values {
    fn positions(&self) -> Positions {
        Positions::count(self.total)
    }

    /// The dense histogram up to the largest value: `16·2^b` bytes for values
    /// below `2^b`, checked against the budget.
    fn histogram(&self, ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        let top = self.counts.last().map_or(0, |&(v, _)| v);
        let len = top.checked_add(1).ok_or_else(|| Error::invalid("values", "must be below 2^64 - 1"))?;
        let bits = value_bits(usize::try_from(len).unwrap_or(usize::MAX));
        ctx.budget.check_memory(
            48.0 * 2f64.powi(bits as i32),
            "a histogram of values this large",
            "values",
        )?;
        let mut dense = vec![0u128; len as usize];
        for &(v, c) in &self.counts {
            dense[v as usize] = c;
        }
        Histogram::dense(dense)
    }
}
