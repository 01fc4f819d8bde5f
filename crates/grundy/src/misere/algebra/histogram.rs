//! What one component tells a misère count ([`MisereHistogram`]): its
//! positions' images in the game's misère quotient, or the tame rule's data.

use super::monoid::BipartiteMonoid;
use super::searched::Searched;
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
    /// A sum of `power` independent parts, each with `counts[x]` of its
    /// positions mapped to `x` (a board token: one subtraction heap per
    /// coordinate): the component's histogram is `(Σ_x counts[x] e_x)^power`
    /// in `Z[Q]`, written out only for an unordered count (the ordered
    /// copies of such a component are one power).
    Power {
        /// The quotient with its P-portion.
        monoid: Arc<BipartiteMonoid>,
        /// Positions of one part per element.
        counts: Vec<u128>,
        /// The number of parts.
        power: u64,
    },
    /// A tame component (misère Nim heaps): its normal-play histogram decides,
    /// corrected over the fickle positions, `fickle[v]` of normal value `v`.
    Tame {
        /// Fickle positions of normal value 0 and 1.
        fickle: [u128; 2],
    },
    /// The quotient is out of reach: the positions are decided by a direct
    /// search, which counts copies of this component alone.
    Search(Searched),
}

impl MisereHistogram {
    /// The search deciding the positions, for [`MisereHistogram::Search`].
    pub fn searched(&self) -> Option<&dyn super::MisereSearch> {
        match self {
            MisereHistogram::Search(s) => Some(s.0.as_ref()),
            _ => None,
        }
    }

    /// The quotient, the counts of one part and the number of parts (`1`
    /// for [`MisereHistogram::Quotient`]); `None` for a tame component.
    pub fn quotient_parts(&self) -> Option<(&Arc<BipartiteMonoid>, &[u128], u64)> {
        match self {
            MisereHistogram::Quotient { monoid, counts } => Some((monoid, counts, 1)),
            MisereHistogram::Power { monoid, counts, power } => Some((monoid, counts, *power)),
            MisereHistogram::Tame { .. } | MisereHistogram::Search(_) => None,
        }
    }
}
