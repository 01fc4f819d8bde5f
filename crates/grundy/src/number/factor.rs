//! Factoring 64-bit moduli: deterministic Miller–Rabin and Pollard's rho.
//!
//! Binomials modulo a composite `M` are computed modulo each prime power of `M`
//! and joined by the Chinese remainder theorem, so `M` must be factored. Miller–
//! Rabin with the first twelve primes as bases is exact for every `n < 2^64`;
//! Pollard's rho (Brent's cycle detection, batched gcds) splits composites in
//! about `n^{1/4}` steps.

use crate::residue::{mul_mod, pow_mod};

/// Whether `n` is prime (exact for all `n < 2^64`).
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let d = (n - 1) >> (n - 1).trailing_zeros();
    let s = (n - 1).trailing_zeros();
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// A nontrivial factor of the odd composite `n`.
fn rho(n: u64) -> u64 {
    for c in 1.. {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut x, mut y, mut g) = (2u64, 2u64, 1u64);
        let mut q = 1u64;
        let mut r = 1u64;
        let mut ys = y;
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..(128.min(r - k)) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = num_integer::gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            // the batch overshot: redo it one step at a time
            loop {
                ys = f(ys);
                g = num_integer::gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    unreachable!("some constant c splits n")
}

/// The prime factorization of `n >= 1` as `(p, e)` pairs, ascending.
pub fn factorize(n: u64) -> Vec<(u64, u32)> {
    let mut primes = Vec::new();
    let mut stack = vec![n];
    while let Some(mut m) = stack.pop() {
        for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
            while m % p == 0 {
                primes.push(p);
                m /= p;
            }
        }
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
        } else {
            let d = rho(m);
            stack.push(d);
            stack.push(m / d);
        }
    }
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::smallest_prime_factor;
    use proptest::prelude::*;

    #[test]
    fn primality_matches_trial_division() {
        for n in 0..20_000u64 {
            assert_eq!(is_prime(n), n >= 2 && smallest_prime_factor(n) == n, "{n}");
        }
        for p in [1_000_000_007u64, 998_244_353, 18_446_744_073_709_551_557, 1_000_003, 1_000_033] {
            assert!(is_prime(p), "{p}");
        }
        // strong pseudoprimes to several bases
        for c in [
            3_215_031_751u64,
            2_152_302_898_747,
            3_474_749_660_383,
            341_550_071_728_321,
            3_825_123_056_546_413_051,
        ] {
            assert!(!is_prime(c), "{c}");
        }
    }

    #[test]
    fn known_factorizations() {
        assert_eq!(factorize(1), vec![]);
        assert_eq!(factorize(1_000_036_000_099), vec![(1_000_003, 1), (1_000_033, 1)]);
        assert_eq!(factorize(1_234_567_890), vec![(2, 1), (3, 2), (5, 1), (3607, 1), (3803, 1)]);
        assert_eq!(factorize(1 << 63), vec![(2, 63)]);
        assert_eq!(
            factorize(u64::MAX),
            vec![(3, 1), (5, 1), (17, 1), (257, 1), (641, 1), (65537, 1), (6_700_417, 1)]
        );
        let p = 4_294_967_291u64; // the largest prime below 2^32
        assert_eq!(factorize(p * p), vec![(p, 2)]);
        assert_eq!(factorize(p * 4_294_967_279), vec![(4_294_967_279, 1), (p, 1)]);
    }

    proptest! {
        #[test]
        fn factorization_multiplies_back(n in 1u64..=u64::MAX) {
            let f = factorize(n);
            let back = f.iter().fold(1u128, |acc, &(p, e)| acc * (p as u128).pow(e));
            prop_assert_eq!(back, n as u128);
            for &(p, _) in &f {
                prop_assert!(is_prime(p));
            }
        }
    }
}
