//! Counting primes: `π(N)`, the number of primes `p <= N`, by combinatorial
//! methods that never list the primes up to `N`.
//!
//! Coprime Nim's Grundy values are prime indices (an odd pile `n > 1` has
//! value `π(p)`, `p` the smallest prime factor of `n`; even piles have value
//! 0 and the pile of 1 value 1), so its histograms over `1..N` need `π` at
//! the values `⌊N/k⌋`. [`prime_pi`] counts the primes
//! up to `N` alone, by the method [`PrimeMethod`] names: Gourdon's variant of
//! the special-leaf sum (the default, about `N^{2/3}/log² N` time), the
//! Lagarias–Miller–Odlyzko sum with Deléglise and Rivat's refinements (about
//! `N^{2/3}`), or Lucy_Hedgehog's dynamic programme over the values `⌊N/i⌋`
//! (about `N^{3/4}`, the reference). All three are exact for every `N` up to
//! about `6·10^18` (Lucy's to `2·10^16`), and every call is checked against
//! the [`Context`](crate::Context)'s budget before any work.

pub use crate::games::prime_count::{PrimeMethod, prime_pi};
