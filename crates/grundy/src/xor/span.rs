//! XOR powers of a histogram with few distinct values, however large: work in
//! the span of the values instead of in all of `GF(2)^64`.
//!
//! # The mathematics
//!
//! Read a value `v < 2^64` as a vector of `F₂^64`; XOR is vector addition. The
//! values of a histogram `h` span a subspace `V` of rank `r <= min(d, 64)`
//! (`d` the number of distinct values), and every XOR of values lies in `V`, so
//! the XOR-convolution power `h^{*K}` lives on `V`.
//!
//! Gaussian elimination gives the reduced row echelon basis `b_1, …, b_r` of
//! `V`: the pivot `p_j` of `b_j` is its highest set bit, and bit `p_j` is set in
//! `b_j` only. Then for `v ∈ V`, `v = ⊕_{j : bit p_j of v is set} b_j` (each
//! pivot bit of `v` comes from its own basis vector alone), so the coordinates
//! of `v` are its pivot bits: `φ(v) = pext(v, p_1 | … | p_r)`, an `r`-bit
//! number. `φ` is linear and bijective from `V` onto `F₂^r`: an isomorphism of
//! groups `(V, ⊕) → (F₂^r, ⊕)`.
//!
//! XOR convolution commutes with a group isomorphism: with `φ_* h` the
//! histogram `(φ_* h)[φ(v)] = h[v]`, `φ_*(h * g) = φ_* h * φ_* g`, because
//! `φ(u) ⊕ φ(w) = φ(u ⊕ w)` and `φ` is a bijection, so the pairs `(u, w)` with
//! `u ⊕ w = v` are the pairs `(φ(u), φ(w))` with `φ(u) ⊕ φ(w) = φ(v)`. Hence
//! `φ_*(h^{*K}) = (φ_* h)^{*K}` and, as `φ(0) = 0`, the number of tuples with
//! nim-sum 0 is `(φ_* h)^{*K}[0]`, computed on `2^r` indices however large the
//! values are. The same holds for multisets and sets of copies (their
//! generating functions are group-algebra elements; the isomorphism extends to
//! the group algebras, see [`crate::count::Order`]), and for sums of several
//! components once all of them are mapped by the basis of their common span.
//!
//! The transform over `F₂^B` (`B` the bits of the largest value) follows as
//! well: the characters of `F₂^B` restrict to characters of `V`, each one of the
//! `2^r` characters of `V` (that is, of `F₂^r` through `φ`) being the restriction
//! of `2^{B−r}` of them. So the multiset of the `2^B` transform values is that of
//! the `2^r` values of `φ_* h`, each taken `2^{B−r}` times. When `V` contains the
//! unit vectors `e_0, …, e_{l−1}`, their pivots are the bits `0..l` and `φ`
//! fixes every value below `2^l`, so the classes by `s mod 2^l` correspond too.

/// A subspace of `F₂^64` by its reduced row echelon basis (see the module
/// documentation).
///
/// ```
/// use grundy::count::Span;
///
/// let span = Span::of([1 << 40, (1 << 40) | 6, 2]);
/// assert_eq!(span.rank(), 3);
/// // the coordinates of (1 << 40) ^ 4 are its pivot bits 40, 2, 1: 0b110
/// assert_eq!(span.coordinates((1 << 40) | 4), 0b110);
/// assert_eq!(span.element(0b110), (1 << 40) | 4);
/// assert!(span.contains(6) && !span.contains(8));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// The basis, ascending by pivot: coordinate bit `j` is basis vector `j`.
    basis: Vec<u64>,
    /// The pivots, one bit each.
    mask: u64,
}

impl Span {
    /// The span of `values`.
    pub fn of(values: impl IntoIterator<Item = u64>) -> Self {
        let mut span = Span::default();
        for v in values {
            span.insert(v);
        }
        span
    }

    /// `v` with every pivot bit cleared by its basis vector: 0 exactly when
    /// `v` lies in the span.
    fn reduce(&self, mut v: u64) -> u64 {
        if v & !self.low_mask() == 0 && self.is_low() {
            return 0;
        }
        for &b in self.basis.iter().rev() {
            if v & (1 << (63 - b.leading_zeros())) != 0 {
                v ^= b;
            }
        }
        v
    }

    /// `2^r − 1`.
    fn low_mask(&self) -> u64 {
        u64::MAX.checked_shr(64 - self.rank()).unwrap_or(0)
    }

    /// Whether the span is all of `F₂^r`: the values below `2^r`, their
    /// coordinates the values themselves.
    pub fn is_low(&self) -> bool {
        self.mask == self.low_mask()
    }

    /// Adds `v` to the span; whether the rank grew.
    pub fn insert(&mut self, v: u64) -> bool {
        let v = self.reduce(v);
        if v == 0 {
            return false;
        }
        let pivot = 1u64 << (63 - v.leading_zeros());
        // v has no pivot bit of the basis; clear its pivot from the others
        for b in &mut self.basis {
            if *b & pivot != 0 {
                *b ^= v;
            }
        }
        let at = self.basis.partition_point(|&b| b < v);
        self.basis.insert(at, v);
        self.mask |= pivot;
        true
    }

    /// Whether `v` lies in the span.
    pub fn contains(&self, v: u64) -> bool {
        self.reduce(v) == 0
    }

    /// `r`, the dimension.
    pub fn rank(&self) -> u32 {
        self.basis.len() as u32
    }

    /// The bits of the largest element: every element is below `2^bits`.
    pub fn bits(&self) -> u32 {
        64 - self.mask.leading_zeros()
    }

    /// The basis, ascending by pivot.
    pub fn basis(&self) -> &[u64] {
        &self.basis
    }

    /// `φ(v)`: the coordinates of `v` (which must lie in the span), an
    /// `r`-bit number: the pivot bits of `v`, packed.
    pub fn coordinates(&self, v: u64) -> u64 {
        if self.is_low() {
            return v;
        }
        let mut out = 0;
        let mut mask = self.mask;
        let mut j = 0;
        while mask != 0 {
            let p = mask.trailing_zeros();
            out |= ((v >> p) & 1) << j;
            mask &= mask - 1;
            j += 1;
        }
        out
    }

    /// `φ^{−1}(t)`: the element with coordinates `t < 2^r`.
    pub fn element(&self, t: u64) -> u64 {
        self.basis.iter().enumerate().filter(|&(j, _)| (t >> j) & 1 == 1).fold(0, |acc, (_, &b)| acc ^ b)
    }
}

/// A histogram given on the span of its values: `table[φ(v)]` positions have
/// value `v` (see the module documentation).
///
/// ```
/// use grundy::count::SpanHistogram;
///
/// let h = SpanHistogram::new(&[(0, 2), (1 << 50, 1), ((1 << 50) | 1, 3)]);
/// assert_eq!(h.span().rank(), 2);
/// assert_eq!(h.table(), &[2, 0, 1, 3]);
/// assert_eq!(h.bits(), 51);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpanHistogram {
    span: Span,
    table: Vec<u128>,
}

impl SpanHistogram {
    /// The histogram of `(value, count)` pairs (values distinct or not): a
    /// table of `2^r` counts, `r` the rank of the values' span.
    pub fn new(pairs: &[(u64, u128)]) -> Self {
        let span = Span::of(pairs.iter().map(|p| p.0));
        Self::in_span(span, pairs)
    }

    /// The histogram of `pairs`, whose values must lie in `span`.
    pub fn in_span(span: Span, pairs: &[(u64, u128)]) -> Self {
        let mut table = vec![0u128; 1usize << span.rank()];
        for &(v, c) in pairs {
            let t = &mut table[span.coordinates(v) as usize];
            *t = t.saturating_add(c);
        }
        SpanHistogram { span, table }
    }

    /// The span of the values.
    pub fn span(&self) -> &Span {
        &self.span
    }

    /// The counts by coordinates: `2^r` of them.
    pub fn table(&self) -> &[u128] {
        &self.table
    }

    /// `B`: every value is below `2^B`.
    pub fn bits(&self) -> u32 {
        self.span.bits()
    }

    /// `Σ h`.
    pub fn total(&self) -> u128 {
        self.table.iter().sum()
    }

    /// The table of counts by coordinates.
    pub fn into_table(self) -> Vec<u128> {
        self.table
    }

    /// The table over the coordinates of a larger span `to` (which must
    /// contain this one): `ψ = φ_to ∘ φ^{−1}`, linear, so `ψ(t)` is the XOR of
    /// the images of the bits of `t`. The table itself when the spans agree.
    pub fn into_table_in(self, to: &Span) -> Vec<u128> {
        if *to == self.span {
            return self.table;
        }
        let images: Vec<u64> = self.span.basis().iter().map(|&b| to.coordinates(b)).collect();
        let mut out = vec![0u128; 1usize << to.rank()];
        let mut image = 0u64;
        // the coordinates t in Gray-code order: one image changes per step
        for i in 0..self.table.len() {
            if i > 0 {
                image ^= images[i.trailing_zeros() as usize];
            }
            let t = i ^ (i >> 1);
            out[image as usize] = self.table[t];
        }
        out
    }

    /// The histogram written out up to its largest value, `None` beyond `2^20`
    /// values (for tests).
    pub fn dense(&self) -> Option<Vec<u128>> {
        if self.bits() > 20 {
            return None;
        }
        let mut out = vec![0u128; 1 << self.bits()];
        for (t, &c) in self.table.iter().enumerate() {
            out[self.span.element(t as u64) as usize] = c;
        }
        while out.len() > 1 && out.last() == Some(&0) {
            out.pop();
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// φ is a bijection of the span onto F₂^r that respects XOR.
        #[test]
        fn coordinates_are_an_isomorphism(values in prop::collection::vec(any::<u64>(), 0..8), small in 0u32..12) {
            let values: Vec<u64> = values.into_iter().enumerate().map(|(i, v)| if i % 2 == 0 { v } else { v >> (64 - small.max(1)) }).collect();
            let span = Span::of(values.iter().copied());
            let r = span.rank();
            prop_assert!(r as usize <= values.len());
            for (j, &b) in span.basis().iter().enumerate() {
                prop_assert_eq!(span.coordinates(b), 1 << j);
            }
            for &u in &values {
                prop_assert!(span.contains(u));
                let t = span.coordinates(u);
                prop_assert!(t < 1 << r);
                prop_assert_eq!(span.element(t), u);
                for &w in &values {
                    prop_assert_eq!(span.coordinates(u ^ w), t ^ span.coordinates(w));
                }
            }
        }
    }

    #[test]
    fn gray_code_remap_matches_direct() {
        let pairs = [(0u64, 1u128), (5, 2), (9, 3), (12, 4)];
        let h = SpanHistogram::new(&pairs);
        let mut big = h.span().clone();
        big.insert(1);
        big.insert(2);
        let table = h.clone().into_table_in(&big);
        let direct = SpanHistogram::in_span(big, &pairs);
        assert_eq!(table, direct.table());
    }
}
