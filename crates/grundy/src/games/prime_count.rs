//! `π(N)`, the number of primes up to `N`: by Gourdon's variant of the
//! special-leaf sum (about `N^{2/3}/log² N` time, the default), by the
//! special-leaf sum of Lagarias, Miller and Odlyzko with Deléglise and Rivat's
//! refinements that gives Coprime Nim its buckets (about `N^{2/3}`), or by
//! Lucy_Hedgehog's dynamic programme over the values `⌊N/i⌋` (about `N^{3/4}`,
//! kept as the reference). Each checks its time and memory estimates against
//! the context's budget before any work.

use crate::count::Context;
use crate::error::Error;
use crate::number::{gourdon, lucy, prime_buckets};

/// How [`prime_pi`] counts the primes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PrimeMethod {
    /// The special-leaf sum (Lagarias–Miller–Odlyzko, Deléglise–Rivat) behind
    /// Coprime Nim's buckets: about `N^{2/3}` time and `N^{1/2}` bits of memory;
    /// `N` up to about `6·10^18`.
    Lmo,
    /// Gourdon's variant of the special-leaf sum (`π(N)` alone): about
    /// `N^{2/3}/log² N` time and `N^{1/3}·log³ N` memory; `N` up to about `6·10^18`.
    #[default]
    Gourdon,
    /// Lucy_Hedgehog's DP: about `N^{3/4}` time and `N^{1/2}` memory; the
    /// reference, `N` up to about `2·10^16`.
    Lucy,
}

/// `π(n)` by `method`, refused up front when its time or memory estimate
/// exceeds `ctx`'s budget; progress goes to `ctx`'s observer, which may stop it
/// ([`Error::Interrupted`]).
///
/// ```
/// use grundy::Context;
/// use grundy::primes::{PrimeMethod, prime_pi};
///
/// assert_eq!(prime_pi(10_000_000_000, PrimeMethod::Gourdon, &mut Context::default())?, 455_052_511);
/// assert_eq!(prime_pi(10_000_000_000, PrimeMethod::Lmo, &mut Context::default())?, 455_052_511);
/// assert_eq!(prime_pi(1_000_000, PrimeMethod::Lucy, &mut Context::default())?, 78_498);
/// assert!(prime_pi(u64::MAX, PrimeMethod::default(), &mut Context::default()).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn prime_pi(n: u64, method: PrimeMethod, ctx: &mut Context<'_>) -> Result<u64, Error> {
    match method {
        PrimeMethod::Lmo => prime_buckets::check_lmo(n, 0.0, &ctx.budget)?,
        PrimeMethod::Gourdon => gourdon::check(n, &ctx.budget)?,
        PrimeMethod::Lucy => lucy::check(n, &ctx.budget)?,
    }
    let mut progress = |done: u64, total: u64| ctx.progress("counting primes", done, total).is_ok();
    let pi = match method {
        PrimeMethod::Lmo => prime_buckets::prime_pi_with_progress(n, &mut progress),
        PrimeMethod::Gourdon => gourdon::prime_pi_with_progress(n, &mut progress),
        PrimeMethod::Lucy => lucy::lucy_sieve(n, |_, _| {}, &mut progress),
    };
    pi.ok_or(Error::Interrupted)
}
