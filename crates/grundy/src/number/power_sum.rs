//! Sums of K-th powers `Σ mᵢ·vᵢ^K` of long integers, with the last squaring of
//! every term done in the transform domain.
//!
//! An exact count of K-tuples is such a sum over the distinct values of a
//! Walsh–Hadamard spectrum ([`crate::count`]); each power is `K` squarings and
//! products by the short base, and the last squaring is the most expensive
//! step (the lengths double at each one). Write `K = 2j + b` (`b ∈ {0, 1}`),
//! `yᵢ = vᵢ^j` and `cᵢ = mᵢ·vᵢ^b`: then `Σ mᵢ vᵢ^K = Σ cᵢ·yᵢ²`. The
//! transforms are linear, so the terms whose squares have the same transform
//! length share one sum in the transform domain: for each prime `p`,
//! `Σ cᵢ·ŷᵢ²` pointwise, then one inverse transform and one Garner
//! recombination with carries for the whole group, where a power on its own
//! pays an inverse transform and a recombination per term (about half of the
//! last squaring's cost).
//!
//! The recombination is exact while every coefficient of the group's sum is
//! below `p₀p₁p₂` ([`super::long_mul`]): a coefficient of `Σ cᵢ·yᵢ²` is at
//! most `Σ cᵢ · w · (2^64 − 1)² < (Σ cᵢ)·w·2^128` for factors of at most `w`
//! words, so a group is closed before `(Σ cᵢ)·w` would pass
//! `⌊p₀p₁p₂ / 2^128⌋ ≈ 2^61`; a term whose `cᵢ` alone passes it, or whose
//! square is short enough for num-bigint, is added on its own.
//!
//! Cost: the powers `yᵢ` as [`long_mul::pow`], plus per term three forward
//! transforms at the square's length, plus per group three inverse
//! transforms and one recombination. Memory: one term's `yᵢ` and six
//! transform vectors at a time.

use super::long_mul::{self, Radix, add_square_for, by_transform, from_words, inverse_for, recombine, words};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use rayon::prelude::*;

/// `⌊p₀p₁p₂ / 2^128⌋`: a group's `(Σ cᵢ)·w` stays at most this.
fn coefficient_room() -> u128 {
    let product = long_mul::PRIMES.iter().fold(BigUint::from(1u8), |acc, &p| acc * p);
    (product >> 128u32).to_u128().unwrap_or(0)
}

/// The terms of one transform length whose squares are summed together.
struct Group {
    /// The transform length (a power of two).
    size: usize,
    /// The longest factor's words (the coefficients' count is below `2·words`).
    words: usize,
    /// `Σ cᵢ` so far.
    weight: u128,
    /// The transform-domain sums, one per prime.
    sums: Vec<Vec<u64>>,
}

impl Group {
    fn new(size: usize) -> Self {
        Group { size, words: 0, weight: 0, sums: vec![vec![0; size]; 3] }
    }

    /// Whether `c·y²` (`y` of `w` words) can join with the bound kept.
    fn admits(&self, size: usize, w: usize, c: u128, room: u128) -> bool {
        let words = self.words.max(w) as u128;
        size == self.size
            && self.weight.checked_add(c).and_then(|s| s.checked_mul(words)).is_some_and(|x| x <= room)
    }

    fn add(&mut self, y: &[u64], c: u64) {
        self.sums.par_iter_mut().enumerate().for_each(|(i, acc)| add_square_for(i, acc, y, c));
        self.words = self.words.max(y.len());
        self.weight += c as u128;
    }

    /// `Σ cᵢ·yᵢ²` over the group.
    fn finish(mut self) -> BigUint {
        if self.weight == 0 {
            return BigUint::zero();
        }
        self.sums.par_iter_mut().enumerate().for_each(|(i, acc)| inverse_for(i, acc));
        from_words(&recombine(&self.sums, 2 * self.words, Radix::Binary))
    }
}

/// `Σ mᵢ·vᵢ^k` over the terms `(vᵢ, mᵢ)` (`0^0 = 1`), calling `tick(n)`
/// after every term with the number of terms done so far (the short terms,
/// computed in parallel, all at once), and stopping with its error.
pub fn power_sum_observed<E>(
    terms: &[(u128, u128)],
    k: u128,
    tick: &mut dyn FnMut(usize) -> Result<(), E>,
) -> Result<BigUint, E> {
    if k < 2 {
        let sum = terms.iter().map(|&(v, m)| long_mul::pow(&BigUint::from(v), k) * m).sum();
        tick(terms.len())?;
        return Ok(sum);
    }
    let (j, b) = (k / 2, k & 1);
    // `vᵢ^j` has at most `⌈j·bits(vᵢ)/64⌉` words: below the transforms'
    // threshold the terms are independent products, summed in parallel
    let short = |&(v, m): &(u128, u128)| {
        let bound = j.saturating_mul(128 - v.leading_zeros() as u128).div_ceil(64);
        v == 0 || m == 0 || bound < long_mul::THRESHOLD as u128
    };
    type Terms = Vec<(u128, u128)>;
    let (few, mut order): (Terms, Terms) = terms.iter().copied().partition(short);
    let mut total: BigUint = few.par_iter().map(|&(v, m)| long_mul::pow(&BigUint::from(v), k) * m).sum();
    let mut done = few.len();
    tick(done)?;
    // longest squares first: equal transform lengths are consecutive
    order.sort_unstable_by_key(|t| std::cmp::Reverse(t.0));
    let room = coefficient_room();
    let mut group: Option<Group> = None;
    for (v, m) in order {
        let y = long_mul::pow(&BigUint::from(v), j);
        let c = if b == 1 { BigUint::from(m) * v } else { BigUint::from(m) };
        let w = words(&y);
        let small_c = c.to_u64().filter(|&c| (c as u128).saturating_mul(w as u128) <= room);
        match (small_c, by_transform(w, w)) {
            (Some(c), true) => {
                let size = (2 * w - 1).next_power_of_two().max(2);
                if !group.as_ref().is_some_and(|g| g.admits(size, w, c as u128, room)) {
                    if let Some(full) = group.take() {
                        total += full.finish();
                    }
                    group = Some(Group::new(size));
                }
                if let Some(g) = group.as_mut() {
                    g.add(&y.to_u64_digits(), c);
                }
            }
            _ => total += long_mul::square(&y) * c,
        }
        done += 1;
        tick(done)?;
    }
    if let Some(full) = group {
        total += full.finish();
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn power_sum(terms: &[(u128, u128)], k: u128) -> BigUint {
        let never = power_sum_observed::<std::convert::Infallible>(terms, k, &mut |_| Ok(()));
        never.unwrap_or_else(|e| match e {})
    }

    fn naive(terms: &[(u128, u128)], k: u128) -> BigUint {
        terms.iter().map(|&(v, m)| num_traits::Pow::pow(BigUint::from(v), k) * m).sum()
    }

    /// Bases long enough for the transforms after `k/2` squarings
    /// (`THRESHOLD` words is 2^19 bits: `v ≈ 2^20`, `k/2 ≈ 2^15`).
    #[test]
    fn long_powers_summed_in_the_transform_domain() {
        let k = 70_001;
        let terms = [(1_000_003u128, 5u128), (999_999, 1), (1_048_575, 7), (3, 2), (0, 9), (1_000_003, 0)];
        assert_eq!(power_sum(&terms, k), naive(&terms, k));
        assert_eq!(power_sum(&terms, k - 1), naive(&terms, k - 1));
    }

    /// Coefficients at the bound: sixteen terms each as heavy as a group may
    /// be (the middle coefficients of a square of random-looking digits are
    /// about a quarter of the bound, so sixteen such terms in one group
    /// would pass `p₀p₁p₂` four times), terms too heavy for any group,
    /// `u128` multiplicities.
    #[test]
    fn heavy_multiplicities_close_groups() {
        let room = coefficient_room();
        let k = 40_000;
        let w = words(&long_mul::pow(&BigUint::from(1u128 << 30), k / 2)) as u128;
        let mut terms: Vec<(u128, u128)> = (0..16).map(|i| ((1 << 30) - 1 - 2 * i, room / w)).collect();
        terms.extend([((1 << 30) - 99, u128::MAX), ((1 << 30) - 101, u64::MAX as u128)]);
        assert_eq!(power_sum(&terms, k), naive(&terms, k));
        assert_eq!(power_sum(&terms, k + 1), naive(&terms, k + 1));
    }

    #[test]
    fn short_and_trivial_exponents() {
        let terms = [(0u128, 3u128), (1, 4), (u128::MAX, 2), (12, u128::MAX)];
        for k in [0, 1, 2, 3, 17] {
            assert_eq!(power_sum(&terms, k), naive(&terms, k), "k = {k}");
        }
        assert_eq!(power_sum(&[], 5), BigUint::zero());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]
        /// Random terms with transforms of several lengths in one sum.
        #[test]
        fn random_sums_match_num_bigint(
            terms in prop::collection::vec((1u128..1 << 24, 1u128..1 << 40), 1..6),
            k in 40_000u128..90_000,
        ) {
            prop_assert_eq!(power_sum(&terms, k), naive(&terms, k));
        }
    }
}
