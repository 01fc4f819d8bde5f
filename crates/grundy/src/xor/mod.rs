//! XOR convolution powers: how many ordered K-tuples of components have nim-sum 0.
//!
//! Let `h[v]` count the positions of one component with Grundy value `v`, for
//! `v < 2^b`. The number of ordered K-tuples whose values XOR to `s` is the K-fold
//! XOR convolution `h^{*K}[s]`. With the unnormalized Walsh–Hadamard transform
//! `(Hh)[j] = Σ_v (−1)^{popcount(v & j)} h[v]`, which turns XOR convolution into a
//! pointwise product and satisfies `H·H = 2^b·I`,
//!
//! ```text
//! h^{*K}[0] = 2^{-b} · Σ_j (Hh)[j]^K .
//! ```
//!
//! Only index 0 is needed, so the inverse transform collapses to that sum. The
//! transform of a histogram of nonnegative counts is bounded by `Σ h` in absolute
//! value, so it is computed exactly in `i128`; the division by `2^b` is delegated to
//! the ring ([`crate::ring::Ring::power_sum_shifted`]), which makes it correct for even moduli.
//! Cost: `O(b·2^b)` for the transform plus one `K`-th power per distinct nonzero
//! transform value.
//!
//! [`xor_power_by_squaring`] is the independent reference: repeated squaring of the
//! convolution itself, `O(4^b log K)` ring operations and no division at all.

mod dyadic;
mod interval;
mod run;
mod span;
mod sparse;
mod spectrum;
mod walsh_hadamard;

pub use dyadic::DyadicHistogram;
pub use run::RunHistogram;
pub use span::{Span, SpanHistogram};
pub use sparse::SparseHistogram;
pub(crate) use sparse::merged;
pub use spectrum::Spectrum;
pub use walsh_hadamard::{walsh_hadamard, walsh_hadamard_observed};

/// The largest total count a histogram may have: transform values are computed
/// exactly in `i128`, and `|Ŵ(s)| <= Σ h`.
pub const MAX_TOTAL: u128 = 1 << 126;

#[cfg(test)]
use crate::ring::{Counting, Ring};

/// The number of bits `b` such that every index of `hist` is below `2^b`.
pub fn value_bits(len: usize) -> u32 {
    len.max(1).next_power_of_two().trailing_zeros()
}

/// The distinct transform values of `hist` with their multiplicities, dropping
/// zeros when `k > 0` (they contribute `0^k = 0`). Returns the terms and `b`.
/// Counts must add up to at most `2^126` (see [`MAX_TOTAL`]);
/// larger ones are clamped.
#[cfg(test)]
pub(crate) fn transform_terms(hist: &[u128], k: u128) -> (Vec<(i128, u128)>, u32) {
    let b = value_bits(hist.len());
    let mut v: Vec<i128> = hist.iter().map(|&c| c.min(MAX_TOTAL) as i128).collect();
    v.resize(1usize << b, 0);
    walsh_hadamard(&mut v);
    v.sort_unstable();
    let mut terms: Vec<(i128, u128)> = Vec::new();
    for x in v {
        if k > 0 && x == 0 {
            continue;
        }
        match terms.last_mut() {
            Some((y, m)) if *y == x => *m += 1,
            _ => terms.push((x, 1)),
        }
    }
    (terms, b)
}

/// `h^{*K}[0]`: the number of ordered K-tuples of components whose Grundy values
/// XOR to 0, by the Walsh–Hadamard transform (a direct path for tests; counts go
/// through [`crate::Sum`]).
#[cfg(test)]
pub(crate) fn zero_xor_count<R: Counting>(ring: &R, hist: &[u128], k: u128) -> R::Elem {
    let (terms, b) = transform_terms(hist, k);
    ring.power_sum_shifted(&terms, k, b)
}

/// A class of a spectrum written out: each value repeated by its
/// multiplicity, sorted (for tests).
#[cfg(test)]
pub(crate) fn expanded(class: &[(i128, u128)]) -> Vec<i128> {
    let mut out: Vec<i128> = class.iter().flat_map(|&(v, m)| std::iter::repeat_n(v, m as usize)).collect();
    out.sort_unstable();
    out
}

/// Direct XOR convolution of two vectors of equal power-of-two length.
#[cfg(test)]
pub(crate) fn xor_convolve<R: Ring>(ring: &R, a: &[R::Elem], b: &[R::Elem]) -> Vec<R::Elem> {
    let mut out = vec![ring.zero(); a.len()];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i ^ j] = ring.add(&out[i ^ j], &ring.mul(x, y));
        }
    }
    out
}

/// The whole distribution `h^{*K}` by repeated squaring of the XOR convolution:
/// the slow reference for [`zero_xor_count`], exact in every ring.
#[cfg(test)]
pub(crate) fn xor_power_by_squaring<R: Ring>(ring: &R, hist: &[u128], k: u128) -> Vec<R::Elem> {
    let len = 1usize << value_bits(hist.len());
    let mut base: Vec<R::Elem> = hist.iter().map(|&c| ring.of_u128(c)).collect();
    base.resize(len, ring.zero());
    let mut one = vec![ring.zero(); len];
    one[0] = ring.one();
    crate::residue::power::power(one, base, k, |x, y| xor_convolve(ring, x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::{Exact, Modular, Modulus};
    use num_bigint::BigInt;
    use proptest::prelude::*;

    #[test]
    fn transform_is_self_inverse_up_to_length() {
        let orig: Vec<i128> = vec![5, -3, 0, 7, 1, 1, 2, 9];
        let mut v = orig.clone();
        walsh_hadamard(&mut v);
        walsh_hadamard(&mut v);
        let scaled: Vec<i128> = orig.iter().map(|x| x * 8).collect();
        assert_eq!(v, scaled);
    }

    #[test]
    fn seed_example_divisor_nim_ten() {
        // C_0..C_3 for N = 10 from the Divisor Nim seed: 308 losing triples.
        let hist = [5u128, 3, 1, 1];
        assert_eq!(zero_xor_count(&Exact, &hist, 3), BigInt::from(308));
    }

    proptest! {
        #[test]
        fn transform_matches_repeated_squaring(
            hist in prop::collection::vec(0u128..1000, 1..9),
            k in 0u128..12,
            m in 1u64..=u64::MAX,
        ) {
            let exact = xor_power_by_squaring(&Exact, &hist, k);
            prop_assert_eq!(zero_xor_count(&Exact, &hist, k), exact[0].clone());
            let ring = Modular::new(Modulus::new(m).unwrap());
            let slow = xor_power_by_squaring(&ring, &hist, k);
            prop_assert_eq!(zero_xor_count(&ring, &hist, k), slow[0]);
            prop_assert_eq!(slow[0], ring.of_bigint(&exact[0]));
        }

        #[test]
        fn even_moduli_large_exponents(
            hist in prop::collection::vec(0u128..1_000_000_000, 1..17),
            k in 0u128..1_000_000_000_000_000_000,
            twos in 1u32..40,
            odd in 0u64..1_000_000,
        ) {
            let m = (2 * odd + 1) << twos;
            let ring = Modular::new(Modulus::new(m).unwrap());
            let slow = xor_power_by_squaring(&ring, &hist, k);
            prop_assert_eq!(zero_xor_count(&ring, &hist, k), slow[0]);
        }
    }
}
