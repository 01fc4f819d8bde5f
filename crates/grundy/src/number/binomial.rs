//! Exact binomial coefficients with big integers.

use num_bigint::BigUint;
use num_traits::One;

/// The product `lo · (lo+1) ⋯ (hi−1)` by a balanced product tree, so that the big
/// multiplications pair numbers of similar size (`O(M(size) log k)`). The bounds
/// are `u128` so that a range may end just past `2^64 − 1`.
pub fn range_product(lo: u128, hi: u128) -> BigUint {
    if hi <= lo {
        return BigUint::one();
    }
    if hi - lo <= 16 {
        return (lo..hi).fold(BigUint::one(), |acc, x| acc * x);
    }
    let mid = lo + (hi - lo) / 2;
    range_product(lo, mid) * range_product(mid, hi)
}

/// `C(n, k)` exactly: `n(n−1)⋯(n−k+1) / k!` with both products as trees.
pub fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::ZERO;
    }
    let (n, k) = (n as u128, k.min(n - k) as u128);
    range_product(n - k + 1, n + 1) / range_product(1, k + 1)
}

/// The row `C(n, 0), C(n, 1), …, C(n, n)` by `C(n, i+1) = C(n, i)·(n−i)/(i+1)`.
pub fn binomial_row(n: u64) -> Vec<BigUint> {
    let mut row = Vec::with_capacity(n as usize + 1);
    let mut c = BigUint::one();
    for i in 0..=n {
        row.push(c.clone());
        c = c * (n - i) / (i + 1);
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_pascal() {
        let mut row = vec![BigUint::one()];
        for n in 0..60u64 {
            assert_eq!(binomial_row(n), row);
            for (k, c) in row.iter().enumerate() {
                assert_eq!(&binomial(n, k as u64), c);
            }
            assert_eq!(binomial(n, n + 1), BigUint::ZERO);
            let mut next = vec![BigUint::one(); row.len() + 1];
            for k in 1..row.len() {
                next[k] = &row[k - 1] + &row[k];
            }
            row = next;
        }
    }

    #[test]
    fn top_of_the_u64_range() {
        // n + 1 = 2^64 must not wrap: C(2^64 − 1, 1) = 2^64 − 1, C(2^64 − 1, 2) = (2^64 − 1)(2^63 − 1).
        let n = u64::MAX;
        assert_eq!(binomial(n, 1), BigUint::from(n));
        assert_eq!(binomial(n, 2), BigUint::from(n) * BigUint::from((1u64 << 63) - 1));
        assert_eq!(binomial(n, n), BigUint::one());
        assert_eq!(binomial(n, n - 1), BigUint::from(n));
        assert_eq!(range_product(u64::MAX as u128, 1u128 << 64), BigUint::from(u64::MAX));
    }
}
