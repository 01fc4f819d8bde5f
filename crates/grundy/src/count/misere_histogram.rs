//! What one component tells a misère count ([`MisereHistogram`]): its
//! positions' images in the game's misère quotient, or the tame rule's data.

use super::monoid::BipartiteMonoid;
use std::sync::Arc;

/// How the positions of one component count under misère play.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MisereHistogram {
    /// Every position maps to an element of a bipartite monoid (the misère
    /// quotient of the game's heaps): `counts[x]` positions map to `x`.
    Quotient {
        /// The quotient with its P-portion.
        monoid: Arc<BipartiteMonoid>,
        /// Positions per element.
        counts: Vec<u128>,
    },
    /// A tame component (misère Nim heaps): its normal-play histogram decides,
    /// corrected over the fickle positions, `fickle[v]` of normal value `v`.
    Tame {
        /// Fickle positions of normal value 0 and 1.
        fickle: [u128; 2],
    },
}
