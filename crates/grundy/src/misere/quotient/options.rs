//! The options of one heap as the multisets of nonempty heaps a move leaves:
//! the same options as normal play's, told by the game's family
//! ([`crate::heap::HeapFamily::options`]).

use crate::HeapGame;
use crate::error::Error;

/// The options of heap `n` of a heap game (zeros dropped, each sorted, no
/// duplicates): [`HeapGame::options`].
pub fn heap_options(game: &HeapGame, n: u64) -> Result<Vec<Vec<u64>>, Error> {
    game.options(n)
}
