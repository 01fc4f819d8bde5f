//! Misère counts a quotient could not answer, decided by a direct search of
//! the positions ([`MisereSearch`]): the count layer's view of it, so that a
//! component of a higher layer (heaps of a heap game) can hand its count to
//! [`super::count_parts_as`] without the count layer knowing the game.

use crate::count::Context;
use crate::count::Order;
use crate::error::Error;
use num_bigint::BigUint;
use std::fmt;
use std::sync::Arc;

/// A component whose misère count is decided position by position: for
/// `copies` copies told apart as `order` says, the number of P-positions and
/// of all positions, exactly.
pub trait MisereSearch: Send + Sync + fmt::Debug {
    /// `[losing, all]` positions of `copies` copies, or a refusal naming the
    /// limit that binds. Polls `ctx` (Ctrl-C) within every stage.
    fn count(&self, copies: u64, order: Order, ctx: &mut Context<'_>) -> Result<[BigUint; 2], Error>;

    /// Why the quotient could not answer: the refusal a sum that cannot be
    /// searched (the component beside other components) reports.
    fn refusal(&self) -> Error;
}

/// A shared [`MisereSearch`], compared by identity.
#[derive(Clone, Debug)]
pub struct Searched(pub Arc<dyn MisereSearch>);

impl PartialEq for Searched {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Searched {}
