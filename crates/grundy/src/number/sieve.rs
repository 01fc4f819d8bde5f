//! Sieves of Eratosthenes: the small primes, and the odd numbers counted by
//! their smallest prime factor.

/// The primes up to `n`, in order, by a plain sieve of Eratosthenes over the
/// odd numbers (`n` is small, about `√x` for the prime counting; a byte per
/// number up to `n`).
pub(crate) fn primes_up_to(n: u64) -> Vec<u32> {
    let n = n as usize;
    let mut composite = vec![false; n + 1];
    let mut primes = Vec::new();
    if n >= 2 {
        primes.push(2);
    }
    for i in 3..=n {
        if !composite[i] && i % 2 == 1 {
            primes.push(i as u32);
            for j in (i * i..=n).step_by(2 * i) {
                composite[j] = true;
            }
        }
    }
    primes
}

/// For `x >= 0`, returns `b` with `b[j]` = the number of odd `3 <= y <= x` whose
/// smallest prime factor is the `j`-th odd prime (`j = 0` for 3), for every odd
/// prime up to `x`.
///
/// Eratosthenes over the odd numbers only: when the odd prime `p` is reached,
/// the still unmarked odd multiples of `p` are exactly the numbers whose smallest
/// prime factor is `p`; they are `p` itself and unmarked multiples from `p²` on.
/// Primes above `√x` mark nothing and count one. Time `O(x log log x)`,
/// memory `x/2` bytes.
pub fn odd_spf_buckets(x: u64) -> Vec<u64> {
    if x < 3 {
        return Vec::new();
    }
    // index t stands for 2t + 1; t = 1..=half
    let half = ((x - 1) / 2) as usize;
    let mut marked = vec![false; half + 1];
    let mut buckets = Vec::new();
    for t in 1..=half {
        if marked[t] {
            continue;
        }
        let p = 2 * t as u64 + 1;
        let mut count = 1u64;
        if p.saturating_mul(p) <= x {
            // odd multiples p*p, p*p + 2p, ... as indices: start (p*p - 1)/2, step p
            let mut i = ((p * p - 1) / 2) as usize;
            while i <= half {
                if !marked[i] {
                    marked[i] = true;
                    count += 1;
                }
                i += p as usize;
            }
        }
        buckets.push(count);
    }
    buckets
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::smallest_prime_factor as spf;

    #[test]
    fn primes_up_to_matches_trial_division() {
        for n in 0..400u64 {
            let want: Vec<u32> = (2..=n).filter(|&p| spf(p) == p).map(|p| p as u32).collect();
            assert_eq!(primes_up_to(n), want, "n = {n}");
        }
    }

    #[test]
    fn matches_trial_division() {
        for x in 0..400u64 {
            let odd_primes: Vec<u64> = (3..=x).filter(|&p| p % 2 == 1 && spf(p) == p).collect();
            let want: Vec<u64> = odd_primes
                .iter()
                .map(|&p| (3..=x).filter(|&y| y % 2 == 1 && spf(y) == p).count() as u64)
                .collect();
            assert_eq!(odd_spf_buckets(x), want, "x = {x}");
        }
    }
}
