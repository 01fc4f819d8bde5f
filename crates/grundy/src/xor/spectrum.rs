//! The Walsh–Hadamard transform of a histogram, as a multiset of values grouped
//! by the low bits of the transform index.
//!
//! For a histogram `h` of values below `2^B`, `Ŵ(s) = Σ_v (−1)^{popcount(v & s)} h[v]`
//! for `0 <= s < 2^B`. A sum of components needs `Σ_s Π_i Ŵ_i(s)^{K_i}`; the
//! component with the most bits may be structured (a run of ones, a histogram
//! too large to transform densely), while the others have at most `low` bits, so
//! their transforms depend on `s mod 2^low` only. Grouping the large transform by
//! `r = s mod 2^low` gives `Σ_r Π_{i small} Ŵ_i(r)^{K_i} · Σ_{s ≡ r} Ŵ(s)^K`, and
//! the inner sum needs the values of class `r` with their multiplicities only.

use super::interval::Pairs;
use std::borrow::Cow;
use std::ops::Range;

/// The transform values of one histogram, grouped into classes by `s mod 2^low`.
///
/// ```
/// use grundy::Budget;
/// use grundy::count::Histogram;
///
/// // h = [3, 1]: Ŵ(0) = 4, Ŵ(1) = 2.
/// let s = Histogram::dense(vec![3, 1]).unwrap().spectrum(0, &Budget::default()).unwrap();
/// assert_eq!(s.classes(), 1);
/// assert_eq!(s.class(0)[..], [(2, 1), (4, 1)]);
/// ```
///
/// Every value stands for `value^power` (a histogram of XORs of `power`
/// independent draws has the `power`-th power of the base transform).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spectrum {
    /// `B`: indices run over `0..2^B`.
    bits: u32,
    /// Each stored value stands for `value^power`.
    power: u64,
    /// `classes[offsets[r]..offsets[r + 1]]` is class `r`: `(value, how many
    /// indices of the class have it)`.
    terms: Vec<(i128, u128)>,
    offsets: Vec<usize>,
    /// Terms made when read, after each class's stored ones.
    pairs: Option<Pairs>,
}

impl Spectrum {
    /// A spectrum from its classes (each a list of `(value, multiplicity)`).
    pub(crate) fn from_classes(bits: u32, classes: Vec<Vec<(i128, u128)>>) -> Self {
        let mut terms = Vec::with_capacity(classes.iter().map(Vec::len).sum());
        let mut offsets = Vec::with_capacity(classes.len() + 1);
        offsets.push(0);
        for class in classes {
            terms.extend(class);
            offsets.push(terms.len());
        }
        Spectrum { bits, power: 1, terms, offsets, pairs: None }
    }

    /// A spectrum from its terms, class `r` at `terms[offsets[r]..offsets[r + 1]]`.
    pub(crate) fn from_parts(bits: u32, terms: Vec<(i128, u128)>, offsets: Vec<usize>) -> Self {
        debug_assert!(offsets.first() == Some(&0) && offsets.last() == Some(&terms.len()));
        Spectrum { bits, power: 1, terms, offsets, pairs: None }
    }

    /// A spectrum with a single class, from its `(value, multiplicity)` terms.
    pub(crate) fn from_terms(bits: u32, terms: Vec<(i128, u128)>) -> Self {
        let len = terms.len();
        Spectrum { bits, power: 1, terms, offsets: vec![0, len], pairs: None }
    }

    /// A spectrum with one class per index `s < 2^bits`, from the full transform.
    pub(crate) fn from_transform(bits: u32, transform: Vec<i128>) -> Self {
        let offsets = (0..=transform.len()).collect();
        let terms = transform.into_iter().map(|v| (v, 1)).collect();
        Spectrum { bits, power: 1, terms, offsets, pairs: None }
    }

    /// A spectrum with a single class: the multiset of all transform values,
    /// equal values merged.
    pub(crate) fn single_class(bits: u32, mut values: Vec<i128>) -> Self {
        values.sort_unstable();
        let distinct = 1 + values.windows(2).filter(|w| w[0] != w[1]).count();
        let mut terms: Vec<(i128, u128)> = Vec::with_capacity(distinct);
        for x in values {
            match terms.last_mut() {
                Some((y, m)) if *y == x => *m += 1,
                _ => terms.push((x, 1)),
            }
        }
        let len = terms.len();
        Spectrum { bits, power: 1, terms, offsets: vec![0, len], pairs: None }
    }

    /// The same spectrum with the terms `pairs` after each class's stored
    /// ones (`offsets` must give `pairs.step` classes).
    pub(crate) fn with_pairs(self, pairs: Pairs) -> Self {
        debug_assert_eq!(self.offsets.len(), pairs.step + 1);
        debug_assert_eq!(pairs.low.len(), pairs.step * pairs.per);
        Spectrum { pairs: Some(pairs), ..self }
    }

    /// The same spectrum with every value standing for its `copies`-th power.
    pub(crate) fn powered(mut self, copies: u64) -> Self {
        self.power = self.power.saturating_mul(copies);
        self
    }

    /// The spectrum over `F₂^bits` (`bits >=` its own) of the same histogram:
    /// each value taken `2^{bits − B}` times (the characters of `F₂^bits`
    /// restrict to those of the smaller space, `2^{bits − B}` to each; see
    /// [`crate::xor::SpanHistogram`]).
    pub(crate) fn spread(mut self, bits: u32) -> Self {
        let extra = bits.saturating_sub(self.bits);
        for t in &mut self.terms {
            t.1 <<= extra;
        }
        if let Some(p) = &mut self.pairs {
            p.each <<= extra;
        }
        self.bits = self.bits.max(bits);
        self
    }

    /// `B`.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Each value stands for `value^power`.
    pub fn power(&self) -> u64 {
        self.power
    }

    /// The number of classes.
    pub fn classes(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of terms of class `r`.
    pub fn class_len(&self, r: usize) -> usize {
        self.offsets[r + 1] - self.offsets[r] + self.pairs.as_ref().map_or(0, |p| p.len(r))
    }

    /// The number of terms, every class together.
    pub fn len(&self) -> usize {
        self.terms.len() + self.pairs.as_ref().map_or(0, Pairs::total)
    }

    /// Whether there is no term.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Class `r`: its `(value, multiplicity)` pairs (made when some are not
    /// stored: a long class is better read in pieces, [`Spectrum::class_piece`]).
    pub fn class(&self, r: usize) -> Cow<'_, [(i128, u128)]> {
        self.class_piece(r, 0..self.class_len(r))
    }

    /// Terms `range` of class `r`, borrowed when they are stored, else made
    /// (`O(1)` each: a value of the low block and of an interval's
    /// transform).
    pub fn class_piece(&self, r: usize, range: Range<usize>) -> Cow<'_, [(i128, u128)]> {
        let stored = &self.terms[self.offsets[r]..self.offsets[r + 1]];
        let n = stored.len();
        match &self.pairs {
            Some(p) if range.end > n => {
                let mut piece = Vec::with_capacity(range.len());
                piece.extend_from_slice(&stored[range.start.min(n)..n]);
                p.extend(r, range.start.max(n) - n..range.end - n, &mut piece);
                Cow::Owned(piece)
            }
            _ => Cow::Borrowed(&stored[range]),
        }
    }

    /// The value of the first term of class `r` (0 when it has none).
    pub fn first_value(&self, r: usize) -> i128 {
        self.class_piece(r, 0..self.class_len(r).min(1)).first().map_or(0, |t| t.0)
    }

    /// All `(value, multiplicity)` pairs, every class together (made when
    /// some are not stored).
    pub fn terms(&self) -> Cow<'_, [(i128, u128)]> {
        match self.pairs {
            None => Cow::Borrowed(&self.terms),
            Some(_) => Cow::Owned((0..self.classes()).flat_map(|r| self.class(r).into_owned()).collect()),
        }
    }

    /// The number of indices the terms stand for, `Σ m` (`2^B` when every
    /// index is held).
    pub fn indices(&self) -> u128 {
        let pairs = self.pairs.as_ref().map_or(0, |p| p.each * p.total() as u128);
        self.terms.iter().map(|t| t.1).sum::<u128>() + pairs
    }

    /// Whether the pairs' low block is held in `i64` (`None`: no pairs).
    #[cfg(test)]
    pub(crate) fn narrow_pairs(&self) -> Option<bool> {
        self.pairs.as_ref().map(|p| matches!(p.low, super::interval::LowBlock::Narrow(_)))
    }

    /// Calls `f` with every value, class by class.
    pub fn for_each_value(&self, mut f: impl FnMut(i128)) {
        self.terms.iter().for_each(|t| f(t.0));
        if let Some(p) = &self.pairs {
            for r in 0..self.classes() {
                (0..p.len(r)).for_each(|i| f(p.term(r, i).0));
            }
        }
    }
}
