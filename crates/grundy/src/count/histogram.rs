//! Histograms of Grundy values: how many positions of one component have each
//! value, plain or in a structured form that is never written out.

use super::context::Context;
use crate::error::{Budget, Error, Remedy};
use crate::ring::Ring;
use crate::xor::{
    DyadicHistogram, MAX_TOTAL, RunHistogram, Span, SpanHistogram, SparseHistogram, Spectrum, merged,
    value_bits, walsh_hadamard_observed,
};

/// How the Grundy values of one component's positions are distributed.
///
/// ```
/// use grundy::count::Histogram;
///
/// // Divisor Nim piles 1..=10: values v₂(n) are 0 five times, 1 three times, 2 and 3 once.
/// let h = Histogram::dense(vec![5, 3, 1, 1]).unwrap();
/// assert_eq!(h.positions().to_string(), "10");
/// assert_eq!(h.bits(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Histogram {
    /// `counts[v]` positions have value `v`.
    Dense(Vec<u128>),
    /// A head of counts followed by a long run of ones (Coprime Nim: every
    /// prime above `√N` is the value of exactly one pile).
    Run(RunHistogram),
    /// A few long blocks of values, never written out (the values of Nim heaps
    /// over `1..=10^18`, of any arithmetic-periodic game with a saltus that is
    /// a power of two).
    Dyadic(DyadicHistogram),
    /// Few values, however large, given on the span of the values: a table of
    /// `2^r` counts, `r` the rank of the span over GF(2) (values of your own,
    /// [`crate::Values`]; see `SpanHistogram`).
    Spanned(SpanHistogram),
    /// Few values on a span too large for a table, given as `(value, count)`
    /// pairs: the transform comes from their linear dependencies and equal
    /// counts (see `SparseHistogram`), a table only when a sum of several
    /// components needs one.
    Sparse(SparseHistogram),
    /// The XOR of `copies` independent draws from `base` (a board token: the
    /// XOR of its coordinates).
    Power {
        /// One draw.
        base: Box<Histogram>,
        /// How many draws.
        copies: u64,
    },
}

/// A number of positions, `base^exponent` (a board token has `n^dims` cells).
///
/// ```
/// use grundy::count::Positions;
///
/// let cells = Positions { base: 1000, exponent: 3 };
/// assert_eq!(cells.to_string(), "1000000000");
/// assert!((cells.log10() - 9.0).abs() < 1e-9);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Positions {
    /// The base.
    pub base: u128,
    /// The exponent.
    pub exponent: u64,
}

impl Positions {
    /// `count` positions.
    pub fn count(count: u128) -> Self {
        Positions { base: count, exponent: 1 }
    }

    /// `log₁₀` of the number (0 for 0 positions), for size estimates.
    pub fn log10(&self) -> f64 {
        if self.base == 0 { 0.0 } else { self.exponent as f64 * (self.base as f64).log10() }
    }

    /// The number in a ring.
    pub fn in_ring<R: Ring>(&self, ring: &R) -> R::Elem {
        ring.pow(&ring.of_u128(self.base), self.exponent as u128)
    }

    /// The number as an integer, if it has at most `max_digits` decimal digits.
    pub fn to_biguint(&self, max_digits: f64) -> Option<num_bigint::BigUint> {
        use num_traits::Pow;
        (self.log10() <= max_digits).then(|| Pow::pow(num_bigint::BigUint::from(self.base), self.exponent))
    }
}

/// The number in decimal, or `base^exponent` beyond 10^5 digits.
impl std::fmt::Display for Positions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.to_biguint(1e5) {
            Some(x) => write!(f, "{x}"),
            None => write!(f, "{}^{}", self.base, self.exponent),
        }
    }
}

impl Histogram {
    /// A dense histogram, refused when its total exceeds `MAX_TOTAL`.
    pub fn dense(counts: Vec<u128>) -> Result<Self, Error> {
        let total = counts.iter().try_fold(0u128, |acc, &c| acc.checked_add(c));
        match total {
            Some(t) if t <= MAX_TOTAL => Ok(Histogram::Dense(counts)),
            _ => Err(Error::invalid("histogram", "counts add up to more than 2^126")),
        }
    }

    /// `b`: every value is below `2^b`.
    pub fn bits(&self) -> u32 {
        match self {
            Histogram::Dense(h) => value_bits(h.len()),
            Histogram::Run(r) => r.bits(),
            Histogram::Dyadic(d) => d.bits(),
            Histogram::Spanned(h) => h.bits(),
            Histogram::Sparse(h) => h.bits(),
            Histogram::Power { base, .. } => base.bits(),
        }
    }

    /// The number of positions, `Σ h`.
    pub fn positions(&self) -> Positions {
        match self {
            Histogram::Dense(h) => Positions::count(h.iter().sum()),
            Histogram::Run(r) => Positions::count(r.total()),
            Histogram::Dyadic(d) => Positions::count(d.total()),
            Histogram::Spanned(h) => Positions::count(h.total()),
            Histogram::Sparse(h) => Positions::count(h.total()),
            Histogram::Power { base, copies } => {
                let b = base.positions();
                Positions { base: b.base, exponent: b.exponent.saturating_mul(*copies) }
            }
        }
    }

    /// The histogram written out (the XOR power by repeated convolution), for
    /// tests and small sizes; `None` beyond `2^20` values.
    pub fn to_dense(&self) -> Option<Vec<u128>> {
        match self {
            Histogram::Dense(h) => Some(h.clone()),
            Histogram::Run(r) => (r.bits() <= 20).then(|| r.dense()),
            Histogram::Dyadic(d) => d.dense(),
            Histogram::Spanned(h) => h.dense(),
            Histogram::Sparse(h) => (h.bits() <= 20).then(|| h.to_span_histogram().dense()).flatten(),
            Histogram::Power { base, copies } => {
                let b = base.to_dense()?;
                let len = 1usize << value_bits(b.len());
                let mut acc = vec![0u128; len];
                acc[0] = 1;
                for _ in 0..*copies.min(&64) {
                    let mut next = vec![0u128; len];
                    for (i, &x) in acc.iter().enumerate().filter(|p| *p.1 != 0) {
                        for (j, &y) in b.iter().enumerate() {
                            next[i ^ j] = next[i ^ j].checked_add(x.checked_mul(y)?)?;
                        }
                    }
                    acc = next;
                }
                (*copies <= 64).then_some(acc)
            }
        }
    }

    /// The transform grouped by `s mod 2^low` (see `Spectrum`).
    pub fn spectrum(&self, low: u32, budget: &Budget) -> Result<Spectrum, Error> {
        self.clone().into_spectrum(low, &mut Context::new(*budget))
    }

    /// [`Histogram::spectrum`], taking the histogram: a dense table is
    /// transformed where it lies (no copy), and the work reports to `ctx`.
    pub(crate) fn into_spectrum(self, low: u32, ctx: &mut Context<'_>) -> Result<Spectrum, Error> {
        let budget = ctx.budget;
        match self {
            Histogram::Dense(h) => dense_spectrum(h, low, ctx),
            Histogram::Run(r) => {
                budget.check_memory(r.spectrum_memory(low), "the transform of the value histogram", "n")?;
                r.into_spectrum(low, &mut |done, total| {
                    ctx.progress("transforming the value histogram", done, total).is_ok()
                })
                .ok_or(Error::Interrupted)
            }
            Histogram::Dyadic(d) => {
                let bytes = 48.0 * d.spectrum_terms(low);
                budget.check_memory(bytes, "the transform of the value histogram", "n")?;
                Ok(d.spectrum(low))
            }
            Histogram::Spanned(h) => {
                // The span with the unit vectors below 2^low: φ fixes the
                // indices of the classes (see crate::xor::SpanHistogram).
                let bits = h.bits();
                let low = low.min(bits);
                let mut span = h.span().clone();
                (0..low).for_each(|j| _ = span.insert(1 << j));
                check_span(&span, 0.0, &budget)?;
                let table = h.into_table_in(&span);
                Ok(dense_spectrum(table, low, ctx)?.spread(bits))
            }
            Histogram::Sparse(h) if low.min(h.bits()) == 0 => {
                check_sparse(&h, &budget)?;
                h.spectrum(&mut |done, total| {
                    ctx.progress("the transform of the values", done, total).is_ok()
                })
                .ok_or(Error::Interrupted)
            }
            Histogram::Sparse(h) => {
                // classes by the low bits of the index: in the span's table
                check_span(h.span(), 0.0, &budget)?;
                Histogram::Spanned(h.to_span_histogram()).into_spectrum(low, ctx)
            }
            Histogram::Power { base, copies } => Ok(base.into_spectrum(low, ctx)?.powered(copies)),
        }
    }
}

/// Refuses a sparse histogram whose transform terms (32 bytes each, held
/// twice while equal values merge) would not fit the budget.
fn check_sparse(h: &SparseHistogram, budget: &Budget) -> Result<(), Error> {
    let terms = h.spectrum_terms();
    let bytes = 64.0 * terms;
    if bytes > budget.max_memory as f64 {
        return Err(Error::TooLarge {
            what: format!(
                "the values, whose XOR span has rank {} and whose dependencies leave about {terms:.1e} transform values,",
                h.span().rank()
            ),
            estimate: format!("about {:.1} GiB of memory", bytes / (1u64 << 30) as f64),
            limit: format!("{:.1} GiB", budget.max_memory as f64 / (1u64 << 30) as f64),
            remedy: Remedy::Fewer("distinct values (or values spanning fewer bits)"),
        });
    }
    Ok(())
}

/// Refuses a span whose table of `2^r` counts (and its transform, in place),
/// with `held` bytes in use already, would not fit the budget: up front, in
/// one line.
pub(crate) fn check_span(span: &Span, held: f64, budget: &Budget) -> Result<(), Error> {
    let r = span.rank();
    let bytes = held + 16.0 * 2f64.powi(r as i32);
    if r >= 64 || bytes > budget.max_memory as f64 {
        return Err(Error::TooLarge {
            what: format!("the values, whose XOR span has rank {r} (a table of 2^{r} counts),"),
            estimate: format!("about {:.1} GiB of memory", bytes / (1u64 << 30) as f64),
            limit: format!("{:.1} GiB", budget.max_memory as f64 / (1u64 << 30) as f64),
            remedy: Remedy::Fewer("distinct values (or values spanning fewer bits)"),
        });
    }
    Ok(())
}

/// Brings the parts given on spans of their own ([`Histogram::Spanned`]) to
/// dense tables over one common span: the span of all their values and of the
/// unit vectors below `2^b` of every other part, whose values the common
/// coordinates then leave as they are (the pivots of those unit vectors are
/// the bits below `b`). XOR convolution commutes with the isomorphism of the
/// common span onto `F₂^R` (see [`crate::xor::SpanHistogram`]), so the count is
/// unchanged; a single component keeps its own table.
pub(crate) fn to_common_span(histograms: &mut [Histogram], budget: &Budget) -> Result<(), Error> {
    // a sparse part among others is counted in the table of its span
    if histograms.len() > 1 {
        for h in histograms.iter_mut() {
            if let Histogram::Sparse(s) = h {
                check_span(s.span(), 0.0, budget)?;
                *h = Histogram::Spanned(s.to_span_histogram());
            }
        }
    }
    if !histograms.iter().any(|h| matches!(h, Histogram::Spanned(_))) {
        return Ok(());
    }
    let mut span = Span::default();
    for h in histograms.iter() {
        match h {
            Histogram::Spanned(s) => s.span().basis().iter().for_each(|&b| _ = span.insert(b)),
            other => (0..other.bits().min(64)).for_each(|j| _ = span.insert(1 << j)),
        }
    }
    let held = histograms.iter().map(|h| match h {
        Histogram::Spanned(s) => 16.0 * s.table().len() as f64,
        _ => 0.0,
    });
    check_span(&span, held.sum(), budget)?;
    for h in histograms.iter_mut() {
        if let Histogram::Spanned(s) = h {
            let s = std::mem::replace(s, SpanHistogram::new(&[]));
            *h = Histogram::Dense(s.into_table_in(&span));
        }
    }
    Ok(())
}

/// The transform values sorted at a time by the single-class transform.
const SORT_BLOCK: usize = 1 << 20;

/// The transform of a dense histogram, `O(b·2^b)`, computed in the table's own
/// memory: one class per index when `low >= b`, otherwise `2^low` classes with
/// equal values merged. Each further allocation is checked against the budget
/// less the table.
fn dense_spectrum(mut h: Vec<u128>, low: u32, ctx: &mut Context<'_>) -> Result<Spectrum, Error> {
    let b = value_bits(h.len());
    let total = h.iter().try_fold(0u128, |a, &c| a.checked_add(c));
    if total.is_none_or(|t| t > MAX_TOTAL) {
        return Err(Error::TooLarge {
            what: "the transform".into(),
            estimate: "more than 2^126 positions".into(),
            limit: "2^126".into(),
            remedy: Remedy::Smaller("n"),
        });
    }
    let table = 16.0 * 2f64.powi(b as i32);
    ctx.budget.check_memory(table, "the transform of the value histogram", "n")?;
    let budget = ctx.budget.less(table);
    h.resize(1usize << b, 0);
    // u128 to i128 in place (same size and alignment: the buffer is reused)
    let mut v: Vec<i128> = h.into_iter().map(|c| c as i128).collect();
    walsh_hadamard_observed(&mut v, &mut |done, total| {
        ctx.progress("transforming the value histogram", done, total).is_ok()
    })
    .ok_or(Error::Interrupted)?;
    if low >= b {
        budget.check_memory(40.0 * (1u64 << b) as f64, "the transform of the value histogram", "n")?;
        return Ok(Spectrum::from_transform(b, v));
    }
    if low == 0 {
        // sorted and merged a block at a time (reporting between blocks), the
        // merged terms checked against the budget as they grow
        let mut terms: Vec<(i128, u128)> = Vec::new();
        let blocks = v.len().div_ceil(SORT_BLOCK) as u64;
        for (i, block) in v.chunks_mut(SORT_BLOCK).enumerate() {
            ctx.progress("sorting the transform values", i as u64, blocks)?;
            block.sort_unstable();
            let runs = block.chunk_by(|x, y| x == y).count();
            if terms.len() + runs > terms.capacity() {
                let grown = (terms.len() + runs).max(2 * terms.capacity());
                budget.check_memory(32.0 * grown as f64, "the transform values", "n")?;
                terms.reserve_exact(grown - terms.len());
            }
            terms.extend(block.chunk_by(|x, y| x == y).map(|run| (run[0], run.len() as u128)));
        }
        drop(v);
        return Ok(Spectrum::from_terms(b, merged(terms)));
    }
    budget.check_memory(32.0 * table / 16.0, "the transform values", "n")?;
    let classes = 1usize << low;
    let grouped: Vec<Vec<(i128, u128)>> = (0..classes)
        .map(|r| {
            let class: Vec<i128> = v.iter().skip(r).step_by(classes).copied().collect();
            Spectrum::single_class(b, class).terms().to_vec()
        })
        .collect();
    Ok(Spectrum::from_classes(b, grouped))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_with_huge_exponents() {
        let one = Positions { base: 1, exponent: 1 << 40 };
        assert_eq!(one.to_biguint(10.0), Some(1u8.into()));
        let zero = Positions { base: 0, exponent: 1 << 32 };
        assert_eq!(zero.to_biguint(10.0), Some(0u8.into()));
        assert_eq!(Positions { base: 10, exponent: 3 }.to_string(), "1000");
        assert_eq!(Positions { base: 10, exponent: 1 << 20 }.to_string(), format!("10^{}", 1u64 << 20));
    }
}
