//! Misère play: the misère quotient of a heap game and its algebra.
//!
//! Under misère play the player who makes the last move loses, and the
//! Sprague–Grundy theory no longer applies to sums. Plambeck and Siegel's
//! *misère quotient* takes its place: for a set `A` of games closed under
//! sums and options (the sums of heaps of one game, sizes up to a bound), two
//! sums `G` and `H` are indistinguishable when `G + X` and `H + X` have the
//! same misère outcome for every `X` in `A`. The classes form a finite
//! commutative monoid `Q` (a sum's class is the product of its parts'
//! classes) with a *P-portion* `P ⊆ Q`: the classes of the losing sums. Such a
//! pair `(Q, P)` is a *bipartite monoid* ([`BipartiteMonoid`]).
//!
//! * [`MisereQuotient`] learns the quotient of heaps `1..=n` of a
//!   [`HeapGame`](crate::HeapGame), verifies it, and certifies its
//!   periodicity (then it is the quotient of every heap) within
//!   [`MisereLimits`];
//! * [`Presentation`] writes a quotient by generators (one per heap class)
//!   and relations;
//! * [`GenusTable`] holds each heap's genus `g^{γ₀γ₁γ₂…}`: its normal value
//!   `g`, its misère value `γ₀` and the misère values of its sums with
//!   copies of a heap of size 2;
//! * [`MisereHistogram`] is what a [`Component`](crate::Component) tells a
//!   misère count: how many of its positions fall in each class of the
//!   quotient (or the tame rule's data, for components that play like misère
//!   Nim), returned by [`Component::misere_histogram`](crate::Component::misere_histogram).
//!
//! * [`census`] computes the quotient of each code of a census and keeps it
//!   as a record; [`check`] verifies a claimed quotient independently of the
//!   learner (its own moves, induction over the sums of small heaps).
//!
//! A count in misère play ([`Play::Misere`](crate::Play::Misere)) multiplies
//! the components' histograms in the monoid algebra `Z[Q]` (or `(Z/MZ)[Q]`)
//! and sums the result over the P-portion.

pub use algebra::{BipartiteMonoid, MisereHistogram, Presentation};
pub use quotient::{GenusTable, MisereLimits, MisereQuotient, certifiable, heap_options};

pub(crate) mod algebra;
pub mod census;
pub mod check;
pub(crate) mod histograms;
mod orders;
pub(crate) mod quotient;
mod tame;

use crate::Error;

/// The limits of the quotient shown by `sequence --play misere --len len`
/// (and by Python's `grundy.misere_quotient(length=len)`): heaps up to
/// `max_len`; `work` steps when given, else the budget scaled to `len`
/// ([`MisereLimits::explore_work`] for the heaps shown, of which at most
/// [`MisereLimits::certify_work`] go to looking for a certificate beyond heap
/// `len − 1`). Refused as [`MisereLimits::new`] refuses.
///
/// ```
/// use grundy::misere::{MisereLimits, exploration_limits};
///
/// assert_eq!(exploration_limits(20, 200, Some(1000))?.max_work(), 1000);
/// assert_eq!(exploration_limits(100, 200, None)?.max_work(), MisereLimits::explore_work(100));
/// assert!(exploration_limits(20, 0, None).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn exploration_limits(len: u64, max_len: u64, work: Option<u64>) -> Result<MisereLimits, Error> {
    let bound = usize::try_from(max_len).unwrap_or(usize::MAX);
    Ok(match work {
        Some(work) => MisereLimits::new(bound, work)?,
        None => MisereLimits::new(bound, MisereLimits::explore_work(len))?.with_beyond(
            usize::try_from(len.saturating_sub(1)).unwrap_or(usize::MAX),
            MisereLimits::certify_work(len),
        ),
    })
}
