//! `φ(t, k)` for the first `k <= 6` primes in `O(1)`: the bins `j <= c`
//! (`c(p_j) = φ(⌊x/p_j⌋, j−1)`), the ordinary leaves and the special leaves
//! with `b = c + 1` ([`super::ordinary`]).
//!
//! `φ(t, k)` counts the `1 <= n <= t` with no prime factor among
//! `p_1, …, p_k`. Whether `n` survives depends only on `n mod P_k`, with the
//! primorial `P_k = p_1⋯p_k`, and each period holds
//! `ϕ(P_k) = (p_1 − 1)⋯(p_k − 1)` survivors, so
//!
//! ```text
//! φ(t, k) = ⌊t/P_k⌋·ϕ(P_k) + φ(t mod P_k, k).
//! ```
//!
//! The tables hold `φ(r, k)` for `r < P_k`, `k <= 6` (`P_6 = 30030`): about
//! 33,000 counts of 16 bits, built once per process ([`PhiTiny::shared`]). A
//! value then costs a division and a look-up. Six is LMO's `c`: the special
//! leaves with `b <= c + 1` are all read from these tables.

/// The first primes, whose `φ` is periodic and read from [`PhiTiny`].
pub(crate) const TINY_PRIMES: [u64; 6] = [2, 3, 5, 7, 11, 13];

/// `φ(t, k)` for `k <= 6` in `O(1)`: `φ(t, k) = ⌊t/P⌋·ϕ(P) + φ(t mod P, k)` with
/// `P = p_1⋯p_k`, since the survivors repeat with period `P`.
pub(crate) struct PhiTiny {
    /// `tables[k][r]` = `φ(r, k)` for `r < P_k`.
    tables: Vec<Vec<u16>>,
    primorial: [u64; 7],
    totient: [u64; 7],
}

impl Default for PhiTiny {
    fn default() -> Self {
        let (mut primorial, mut totient) = ([1u64; 7], [1u64; 7]);
        for k in 1..=6 {
            primorial[k] = primorial[k - 1] * TINY_PRIMES[k - 1];
            totient[k] = totient[k - 1] * (TINY_PRIMES[k - 1] - 1);
        }
        let tables = (0..=6)
            .map(|k| {
                let mut count = 0u16;
                (0..primorial[k])
                    .map(|r| {
                        if r > 0 && TINY_PRIMES[..k].iter().all(|&p| r % p != 0) {
                            count += 1;
                        }
                        count
                    })
                    .collect()
            })
            .collect();
        PhiTiny { tables, primorial, totient }
    }
}

impl PhiTiny {
    /// The tables, built once.
    pub(crate) fn shared() -> &'static PhiTiny {
        static TINY: std::sync::OnceLock<PhiTiny> = std::sync::OnceLock::new();
        TINY.get_or_init(PhiTiny::default)
    }

    /// `φ(t, k)`, `k <= 6`.
    pub(crate) fn phi(&self, t: u64, k: usize) -> u64 {
        let p = self.primorial[k];
        (t / p) * self.totient[k] + u64::from(self.tables[k][(t % p) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phi_tiny_matches_counting() {
        let t = PhiTiny::default();
        for k in 0..=6 {
            let mut n = 0;
            for v in 0..70_000u64 {
                if v > 0 && TINY_PRIMES[..k].iter().all(|&p| v % p != 0) {
                    n += 1;
                }
                assert_eq!(t.phi(v, k), n, "phi({v}, {k})");
            }
        }
    }
}
