//! `Σ`, the closed form left over from the identity (see [`super`]): with
//! `a = π(y)` and `c = π(√x)`,
//!
//! ```text
//! Σ = c − 1 + Σ_{a<b<=c} (b − 2) = c − 1 + (c(c+1) − a(a+1))/2 − 2(c − a),
//! ```
//!
//! the `c − 1` of `π(x) = φ(x, c) + c − 1` and the `−b + 2` of
//! `φ(x/p_b, b−1) = π(x/p_b) − b + 2` for the primes `y < p_b <= √x`, whose
//! `π(x/p_b)` are `B` ([`super::b`]). `O(1)` once `c` is known (from the
//! segmented `π` table of [`super::a`]).

/// `Σ` for `a = π(y) <= c = π(√x)`, modulo `2^64`.
pub(super) fn sigma(a: u64, c: u64) -> u64 {
    // c(c+1) and a(a+1) are even; c <= 2^32
    let triangle = |n: u64| n * (n + 1) / 2;
    (c.wrapping_sub(1)).wrapping_add(triangle(c) - triangle(a)).wrapping_sub(2 * (c - a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sigma_is_the_sum() {
        for c in 0..60u64 {
            for a in 0..=c {
                let sum: i64 = (a + 1..=c).map(|b| b as i64 - 2).sum::<i64>() + c as i64 - 1;
                assert_eq!(sigma(a, c), sum as u64, "a={a} c={c}");
            }
        }
    }
}
