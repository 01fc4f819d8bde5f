//! Number theory: sieves by smallest prime factor and exact binomials.

/// Defines `$name`, which runs `$inner` (an `#[inline(always)]` function)
/// compiled with the `popcnt` instruction where the CPU has one: the passes count
/// bits all the time, and without it `count_ones` is a dozen instructions. One
/// type parameter with one bound may follow the name.
macro_rules! popcnt_dispatch {
    ($(#[$m:meta])* fn $name:ident $(<$g:ident: $b:path>)? ($($arg:ident: $ty:ty),*) -> $ret:ty = $inner:ident) => {
        $(#[$m])*
        fn $name $(<$g: $b>)? ($($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "popcnt")]
                fn fast $(<$g: $b>)? ($($arg: $ty),*) -> $ret {
                    $inner $(::<$g>)? ($($arg),*)
                }
                if std::arch::is_x86_feature_detected!("popcnt") {
                    // SAFETY: `fast` needs only popcnt, which the CPU was just seen to have.
                    return unsafe { fast $(::<$g>)? ($($arg),*) };
                }
            }
            $inner $(::<$g>)? ($($arg),*)
        }
    };
}

pub mod binomial;
pub mod binomial_mod;
pub mod decimal;
pub mod factor;
pub mod gourdon;
pub mod long_mul;
pub mod lucy;
pub mod ntt;
pub mod power_sum;
pub mod prime_buckets;
pub mod roots;
pub mod sieve;

use crate::error::{Budget, Error, Remedy};

/// The most steps prime counting ([`prime_buckets`] or [`lucy`]) may plan. A
/// step is about a nanosecond of one core, so the limit is about eight minutes
/// on two cores: `π(10^18)` by the special-leaf sum is within it, `π(2^64 − 1)`
/// is not, and Lucy's DP stops short of `10^17`.
pub const MAX_PRIME_COUNT_WORK: f64 = 1.0e12;

/// Refuses prime counting whose estimated work (`steps`, see
/// [`MAX_PRIME_COUNT_WORK`]) or memory (`bytes`) is beyond the limits, before
/// any work starts; `parameter` names what to make smaller.
pub(crate) fn check_prime_counting(
    steps: f64,
    bytes: f64,
    budget: &Budget,
    parameter: &'static str,
) -> Result<(), Error> {
    let what = format!("prime counting for this `{parameter}`");
    budget.check_memory(bytes, &what, parameter)?;
    if steps > MAX_PRIME_COUNT_WORK {
        return Err(Error::TooLarge {
            what,
            estimate: format!("about {steps:.1e} steps"),
            limit: format!("{MAX_PRIME_COUNT_WORK:.0e} steps"),
            remedy: Remedy::Smaller(parameter),
        });
    }
    Ok(())
}

/// `π(10^k)` for `k = 0, …, 18`: the published values (OEIS A006880) that the
/// tests of the prime counting check.
#[cfg(test)]
pub(crate) const PRIME_COUNTS_OF_POWERS_OF_TEN: [u64; 19] = [
    0,
    4,
    25,
    168,
    1_229,
    9_592,
    78_498,
    664_579,
    5_761_455,
    50_847_534,
    455_052_511,
    4_118_054_813,
    37_607_912_018,
    346_065_536_839,
    3_204_941_750_802,
    29_844_570_422_669,
    279_238_341_033_925,
    2_623_557_157_654_233,
    24_739_954_287_740_860,
];

/// The `x` next to the squares and cubes of some primes (`p^k − 1`, `p^k`,
/// `p^k + 1` below `2·10^10`), where the bounds of the prime counting
/// (`√x`, `∛x`, `x/p²`, `x/p³`) cross a prime: for the tests.
#[cfg(test)]
pub(crate) fn near_prime_squares_and_cubes() -> Vec<u64> {
    let primes = [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 97, 101, 997, 1_009, 2_003, 65_521, 65_537, 99_991];
    let powers = primes.iter().flat_map(|&p| [p.checked_pow(2), p.checked_pow(3)]).flatten();
    powers.filter(|&q| q < 20_000_000_000).flat_map(|q| [q - 1, q, q + 1]).collect()
}

/// The smallest prime factor of `n >= 2`, by trial division (`O(√n)`).
#[cfg(test)]
pub(crate) fn smallest_prime_factor(n: u64) -> u64 {
    let mut d = 2u64;
    while d.saturating_mul(d) <= n {
        if n.is_multiple_of(d) {
            return d;
        }
        d += 1;
    }
    n
}

/// `π(x)`, the number of primes up to `x`, by trial division (a slow reference).
#[cfg(test)]
pub(crate) fn prime_count_trial(x: u64) -> u64 {
    (2..=x).filter(|&q| smallest_prime_factor(q) == q).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command line's budget (12 GiB).
    const MACHINE: Budget = Budget { max_exact_digits: 1.0e7, max_memory: 12 << 30 };

    fn refusal(result: Result<(), Error>) -> String {
        match result {
            Err(e @ Error::TooLarge { .. }) => e.to_string(),
            other => panic!("not refused as too large: {other:?}"),
        }
    }

    #[test]
    fn prime_counting_is_refused_by_its_estimates() {
        // the special-leaf sum: 10^17 (about a minute) and 10^18 accepted,
        // 2^64 − 1 refused by its time though its memory fits
        for x in [0, 1, 10, 10u64.pow(12), 10u64.pow(17), 10u64.pow(18)] {
            assert_eq!(prime_buckets::check(x, 0.0, &MACHINE), Ok(()), "{x}");
        }
        assert!(prime_buckets::memory_estimate(u64::MAX) < MACHINE.max_memory as f64);
        let e = refusal(prime_buckets::check(u64::MAX, 0.0, &MACHINE));
        assert!(e.contains("steps (limit 1e12 steps); choose a smaller `n`"), "{e}");
        // Lucy's DP: its own, smaller limit; 2^64 − 1 is beyond its memory
        assert_eq!(lucy::check(10u64.pow(16), &MACHINE), Ok(()));
        let e = refusal(lucy::check(10u64.pow(17), &MACHINE));
        assert!(e.contains("steps (limit 1e12 steps)"), "{e}");
        let e = refusal(lucy::check(u64::MAX, &MACHINE));
        assert!(e.contains("GiB of memory"), "{e}");
    }
}
