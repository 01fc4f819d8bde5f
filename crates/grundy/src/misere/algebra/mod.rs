//! The misère quotient's algebra, and what a component tells a misère count.
//!
//! * [`BipartiteMonoid`] ([`monoid`]): a finite commutative monoid with its
//!   P-portion, and counting in its monoid algebra `Z[Q]` (or `(Z/MZ)[Q]`):
//!   products, powers and their work estimates;
//! * [`Presentation`] ([`presentation`]): a quotient written by generators and
//!   relations;
//! * [`MisereHistogram`] ([`histogram`]): one component's positions per element
//!   of its quotient (or the tame rule's data, or a search);
//! * [`MisereSearch`] ([`searched`]): a component whose misère count is decided
//!   position by position, as the count layer sees it.
//!
//! This folder sits in the count layer (the counting code multiplies these
//! histograms; the algebra uses the count's [`Context`](crate::count::Context)
//! and [`Order`](crate::count::Order)); the quotient's learner
//! ([`crate::misere::quotient`]) sits above the heap games whose quotients it
//! learns. The theorems are proved in `docs/theory/misere.md`.

pub(crate) mod histogram;
pub(crate) mod monoid;
pub(crate) mod presentation;
pub(crate) mod searched;

pub use histogram::MisereHistogram;
pub use monoid::BipartiteMonoid;
pub use presentation::Presentation;
pub use searched::{MisereSearch, Searched};
