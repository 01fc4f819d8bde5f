//! Coprime Nim: a move subtracts `a` with `1 <= a <= n` and `gcd(a, n) = 1`.
//!
//! Grundy values (seed 003): `g(1) = 1`, `g(even) = 0`, and for odd `n > 1`,
//! `g(n) = π(spf(n))`, the prime index of the smallest prime factor. Over the
//! pile sizes `1..=X` with `X = N − 1` the histogram is `c₀ = ⌊X/2⌋`, `c₁ = 1`,
//! and `c_{π(p)}` = the number of odd `y <= X` with smallest prime factor `p`.
//!
//! Two ways to the histogram:
//! * the sieve: every bucket from an odd Eratosthenes sieve, `O(X log log X)` time
//!   and `X/2` bytes, then a transform of length `2^⌈log₂ π(X)⌉`;
//! * sublinear: the buckets of primes `p <= √X` and `π(X)` from the
//!   Lagarias–Miller–Odlyzko special-leaf sum with every leaf filed under its
//!   bucket ([`crate::number::prime_buckets`], about `X^{2/3}` time, `O(√X)`
//!   memory; Lucy_Hedgehog's `X^{3/4}` DP in [`crate::number::lucy`] is the
//!   reference), every larger prime counting once, and the XOR power of that
//!   head-plus-run histogram ([`crate::xor::RunHistogram`]), which never
//!   materializes the run.

use crate::count::{Component, Context, Copies, Histogram, Positions};
use crate::error::{Budget, Error};
use crate::misere::quotient::MisereLimits;
use crate::number::prime_buckets::{self, bucket_counts};
use crate::number::roots::isqrt;
use crate::number::sieve::odd_spf_buckets;
use crate::xor::RunHistogram;

/// One Coprime Nim pile of any size in `1..=n−1` (the seed's `N`; an empty
/// range for `n <= 1`).
///
/// ```
/// use grundy::{Component, Context, CoprimePile};
///
/// // Piles 1..=9: value 0 for the even piles, 1 for pile 1, and π(spf(n)) for
/// // odd n > 1: 2 for 3 and 9, 3 for 5, 4 for 7.
/// let h = CoprimePile::new(10).unwrap().histogram(&mut Context::default()).unwrap();
/// assert_eq!(h.to_dense().unwrap(), vec![4, 1, 2, 1, 1]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoprimePile {
    n: u64,
    method: CoprimeMethod,
    misere: MisereLimits,
}

impl CoprimePile {
    /// Piles in `1..=n−1`; any `n` is valid.
    pub fn new(n: u64) -> Result<Self, Error> {
        Ok(CoprimePile { n, method: CoprimeMethod::Auto, misere: MisereLimits::default() })
    }

    /// The same pile with other limits for its misère quotient (the work
    /// budget `misere_work`; piles are adjoined up to `8 · misere_len`).
    pub fn with_misere_limits(self, misere: MisereLimits) -> Self {
        CoprimePile { misere, ..self }
    }

    /// The same pile, its histogram obtained by `method`.
    pub fn with_method(self, method: CoprimeMethod) -> Self {
        CoprimePile { method, ..self }
    }

    /// One more than the largest pile.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The method that is used at this `n`.
    pub fn method(&self) -> CoprimeMethod {
        self.method.resolve(self.n)
    }
}

impl Component for CoprimePile {
    fn positions(&self) -> Positions {
        Positions::count(self.n.saturating_sub(1) as u128)
    }

    fn histogram(&self, ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        match self.method() {
            CoprimeMethod::Sieve => Ok(Histogram::Dense(histogram_by_sieve(self.n, &ctx.budget)?)),
            _ => Ok(Histogram::Run(histogram_sublinear(self.n, ctx)?)),
        }
    }

    /// Through the misère quotient of piles `1..=n−1` (a move subtracts a
    /// number coprime to the pile).
    fn misere_work(&self) -> u64 {
        self.misere.max_work()
    }
    fn misere_histogram(&self, ctx: &mut Context<'_>) -> Result<crate::count::MisereHistogram, Error> {
        let moves = |k: u64| (1..=k).filter(|&a| num_integer::gcd(a, k) == 1).map(|a| k - a).collect();
        crate::misere::histograms::pile_histogram(moves, (1, self.n.saturating_sub(1)), self.misere, ctx)
    }

    /// `√X / ln √X` (`X = N − 1`), below `π(√X)`, the length of the head of
    /// the histogram: the transform's distinct values, counted at `N = 10^6,
    /// 10^7, …, 10^15`, are 1.3 to 3.3 times `π(√X)` (294 694 at `10^13`).
    fn least_transform_values(&self) -> usize {
        let r = isqrt(self.n.saturating_sub(1)) as f64;
        // π(r) > r / ln r from r = 17 on
        if r < 17.0 { 1 } else { (r / r.ln()) as usize }
    }
}

/// Ordered `piles`-tuples of Coprime Nim piles in `1..=n−1`.
///
/// ```
/// use grundy::{Counter, CoprimeNim, Outcome};
///
/// // Seed 003: L(10, 5) = 9964 losing positions.
/// assert_eq!(CoprimeNim::new(10, 5).unwrap().count_exact(Outcome::Losing).unwrap(), 9964u32.into());
/// ```
pub type CoprimeNim = Copies<CoprimePile>;

impl CoprimeNim {
    /// `piles` piles in `1..=n−1`.
    pub fn new(n: u64, piles: u64) -> Result<Self, Error> {
        Ok(Copies::of(CoprimePile::new(n)?, piles))
    }

    /// The same question, the histogram obtained by `method`.
    pub fn with_method(self, method: CoprimeMethod) -> Self {
        self.map(|pile| pile.with_method(method))
    }

    /// The same question with other limits for the misère quotient.
    pub fn with_misere_limits(self, misere: MisereLimits) -> Self {
        self.map(|pile| pile.with_misere_limits(misere))
    }
}

/// How a Coprime Nim pile's histogram is obtained: by the sieve over every
/// pile size, by sublinear prime counting, or by whichever is cheaper at the
/// pile's `N` (not to be confused with [`crate::primes::PrimeMethod`], how
/// [`crate::primes::prime_pi`] counts primes).
///
/// ```
/// use grundy::CoprimeMethod;
///
/// assert_eq!(CoprimeMethod::Auto.resolve(100), CoprimeMethod::Sieve);
/// assert_eq!(CoprimeMethod::Auto.resolve(10_000_000), CoprimeMethod::Sublinear);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoprimeMethod {
    /// The cheaper of the two at the given `N`.
    Auto,
    /// The odd sieve over every pile size.
    Sieve,
    /// Prime counting by the special-leaf sum and the head-plus-run transform.
    Sublinear,
}

/// The former name of [`CoprimeMethod`], kept so that code written with it
/// still compiles.
#[deprecated(note = "renamed `CoprimeMethod`: it says what the method chooses")]
pub type Method = CoprimeMethod;

/// Below this `N` the sieve is at least as fast (measured: both take
/// microseconds there; above it the sieve's linear cost dominates).
pub const SIEVE_CROSSOVER: u64 = 1 << 12;

impl CoprimeMethod {
    /// The concrete method used at `N`.
    pub fn resolve(self, n: u64) -> CoprimeMethod {
        match self {
            CoprimeMethod::Auto if n <= SIEVE_CROSSOVER => CoprimeMethod::Sieve,
            CoprimeMethod::Auto => CoprimeMethod::Sublinear,
            m => m,
        }
    }
}

/// Estimated bytes for the sublinear path at `N` beyond the prime counting's
/// (its tables, bins and segments, `prime_buckets::memory_estimate`): the
/// transform of the low block `2^s` that holds the head, 8 bytes a value in
/// `i64` written over the buckets, which are the head ([`head_of`]), when its
/// total (at most `X`) is below `2^63`, else 16 bytes a value beside them
/// (the pairs of its terms are made when summed,
/// [`RunHistogram::into_spectrum`]).
fn beyond_prime_counting(n: u64) -> f64 {
    let xf = n.saturating_sub(1) as f64;
    let r = xf.sqrt();
    let head_len = 1.26 * r / r.ln().max(1.0) + 2.0;
    let block = head_len.log2().ceil().exp2();
    let bytes = if n <= 1 << 63 { 8.0 * block } else { 8.0 * head_len + 16.0 * block };
    bytes + 1e4
}

/// Refuses the sublinear path at `N` whose time or memory estimate is beyond
/// the limits, before any work starts: the prime counting's own check
/// ([`prime_buckets::check`], the one `grundy prime-pi` makes) with the
/// histogram's bytes added.
pub fn check_sublinear(n: u64, budget: &Budget) -> Result<(), Error> {
    prime_buckets::check(n.saturating_sub(1), beyond_prime_counting(n), budget)
}

/// The histogram over pile sizes `1..=N−1` as a head (buckets of the primes up
/// to `√(N−1)`) and a run of ones (every larger prime up to `π(N−1)`).
pub fn histogram_sublinear(n: u64, ctx: &mut Context<'_>) -> Result<RunHistogram, Error> {
    check_sublinear(n, &ctx.budget)?;
    let x = n.saturating_sub(1);
    let mut progress = |done: u64, total: u64| ctx.progress("counting primes", done, total).is_ok();
    // The buckets of the primes p <= √x in order (that of p at π(p) − 1); the head
    // has the bucket of an odd p at index π(p), the even piles at 0 and pile 1 at 1.
    let (counts, pi) = bucket_counts(x, &mut progress).ok_or(Error::Interrupted)?;
    let head = head_of(x, counts);
    let run_start = head.len() as u64;
    RunHistogram::new_u64(head, run_start, pi)
}

/// The head `[⌊x/2⌋, [x ≥ 1], counts[1], counts[2], …]` (the bucket of 2
/// is the even piles, pile 1 has value 1), in the counts' own buffer: 8
/// bytes a prime up to `√x`, which the low block's transform in `i64` then
/// takes over ([`RunHistogram::new_u64`]), no second copy of the head.
fn head_of(x: u64, mut counts: Vec<u64>) -> Vec<u64> {
    if counts.is_empty() {
        counts.push(0);
    }
    counts[0] = x / 2;
    counts.insert(1, u64::from(x >= 1));
    counts
}

/// Estimated bytes for the sieve path at `N`: the odd sieve plus the transform.
pub fn sieve_memory(n: u64) -> f64 {
    let x = n.saturating_sub(1) as f64;
    let primes = 1.3 * x / x.ln().max(1.0) + 2.0;
    let transform = primes.log2().ceil().exp2();
    x / 2.0 + transform * 16.0 * 2.5 + primes * 8.0
}

/// The histogram of Grundy values over pile sizes `1..=N−1` by the odd sieve.
pub fn histogram_by_sieve(n: u64, budget: &Budget) -> Result<Vec<u128>, Error> {
    budget.check_memory(sieve_memory(n), "the sieve for this `n`", "n")?;
    let x = n.saturating_sub(1);
    let mut hist = vec![(x / 2) as u128, u128::from(x >= 1)];
    hist.extend(odd_spf_buckets(x).into_iter().map(u128::from));
    Ok(hist)
}

#[cfg(test)]
mod tests {
    use super::head_of;

    /// The head is the counts with the bucket of 2 replaced by the even
    /// piles and pile 1 (value 1) put after it.
    #[test]
    fn the_head_is_the_counts_with_the_even_piles_and_pile_one() {
        for len in 0..40u64 {
            let counts: Vec<u64> = (0..len).map(|i| 1000 + 7 * i).collect();
            let x = 1000 + len;
            let mut want = vec![x / 2, 1];
            want.extend(counts.iter().skip(1));
            assert_eq!(head_of(x, counts), want, "len {len}");
        }
        assert_eq!(head_of(0, Vec::new()), vec![0, 0]);
        assert_eq!(head_of(1, Vec::new()), vec![0, 1]);
    }
}
