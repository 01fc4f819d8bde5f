//! The misère oracle: whole games played move by move under the misère rule
//! (whoever moves last **loses**).
//!
//! A position with no move is a win for the player to move (an N-position);
//! any other position is a P-position exactly when every move leads to an
//! N-position. Nothing here uses misère Nim's rule, a quotient or a genus: the
//! positions are the same as the normal-play oracle's ([`crate::Sum`] of piles
//! or tokens, [`crate::OctalHeaps`], [`crate::RuleHeaps`], …), only the rule at
//! the leaves differs.

use crate::{BoardToken, Game, Sum, Unordered, for_each_sorted_tuple, for_each_tuple};
use std::collections::HashMap;

/// Memoized misère search over one game.
pub struct MisereSolver<G: Game> {
    game: G,
    winning: HashMap<G::Pos, bool>,
}

impl<G: Game> MisereSolver<G> {
    /// A solver with an empty memo table.
    pub fn new(game: G) -> Self {
        MisereSolver { game, winning: HashMap::new() }
    }

    /// Whether the player to move wins under misère play: there is no move
    /// (the opponent moved last), or some move leads to a losing position.
    pub fn is_winning(&mut self, pos: &G::Pos) -> bool {
        if let Some(&w) = self.winning.get(pos) {
            return w;
        }
        let moves = self.game.moves(pos);
        let win = moves.is_empty() || moves.iter().any(|p| !self.is_winning(p));
        self.winning.insert(pos.clone(), win);
        win
    }
}

/// Misère Nim's rule (Bouton): heaps form a P-position iff their nim-sum is 0
/// and some heap exceeds 1, or every heap is at most 1 and the nim-sum is 1.
/// For tests only; the solver never uses it.
pub fn misere_nim_is_losing(heaps: &[u64]) -> bool {
    let x = heaps.iter().fold(0, |a, &h| a ^ h);
    if heaps.iter().any(|&h| h >= 2) { x == 0 } else { x == 1 }
}

/// Counts `(winning, losing)` positions `heaps(t)` over the tuples `t` of
/// `len` entries in `0..base`: ordered tuples, or sorted ones (`kind`).
fn count_tuples<G: Game>(
    solver: &mut MisereSolver<G>,
    base: u64,
    len: usize,
    kind: Option<Unordered>,
    mut pos: impl FnMut(&[u64]) -> G::Pos,
) -> (u64, u64) {
    let (mut win, mut lose) = (0, 0);
    let mut visit = |t: &[u64]| {
        if solver.is_winning(&pos(t)) { win += 1 } else { lose += 1 }
    };
    match kind {
        None => for_each_tuple(base, len, &mut visit),
        Some(kind) => for_each_sorted_tuple(base, len, kind, &mut visit),
    }
    (win, lose)
}

/// Counts `(winning, losing)` misère positions of `piles` piles with sizes in
/// `lo..=hi`: ordered tuples (`kind = None`), multisets or sets.
pub fn misere_pile_counts<G: Game<Pos = u64>>(
    game: G,
    lo: u64,
    hi: u64,
    piles: usize,
    kind: Option<Unordered>,
) -> (u64, u64) {
    let mut solver = MisereSolver::new(Sum(game));
    count_tuples(&mut solver, (hi + 1).saturating_sub(lo), piles, kind, |t| {
        let mut parts: Vec<u64> = t.iter().map(|x| x + lo).collect();
        parts.sort_unstable();
        parts
    })
}

/// Counts `(winning, losing)` misère positions of `heaps` heaps with sizes in
/// `lo..=hi` of a game whose positions are sorted lists of nonempty heaps
/// ([`crate::OctalHeaps`], [`crate::RuleHeaps`], [`crate::TakeBreakHeaps`]):
/// ordered tuples (`kind = None`), multisets or sets.
pub fn misere_heap_counts<G: Game<Pos = Vec<u64>>>(
    game: G,
    lo: u64,
    hi: u64,
    heaps: usize,
    kind: Option<Unordered>,
) -> (u64, u64) {
    let mut solver = MisereSolver::new(game);
    count_tuples(&mut solver, (hi + 1).saturating_sub(lo), heaps, kind, |t| {
        let mut parts: Vec<u64> = t.iter().map(|x| x + lo).filter(|&x| x > 0).collect();
        parts.sort_unstable();
        parts
    })
}

/// Counts `(winning, losing)` misère placements of `tokens` tokens on
/// `{0..n−1}^dims` (a move lowers one coordinate of one token by a member of
/// `moves`): ordered tuples of tokens (`kind = None`), multisets or sets.
pub fn misere_board_counts(
    n: u64,
    tokens: usize,
    dims: usize,
    moves: &[u64],
    kind: Option<Unordered>,
) -> (u64, u64) {
    let cells: Vec<Vec<u64>> = {
        let mut all = Vec::new();
        for_each_tuple(n, dims, |c| all.push(c.to_vec()));
        all
    };
    let mut solver = MisereSolver::new(Sum(BoardToken { moves: moves.to_vec() }));
    count_tuples(&mut solver, cells.len() as u64, tokens, kind, |t| {
        let mut parts: Vec<Vec<u64>> = t.iter().map(|&i| cells[i as usize].clone()).collect();
        parts.sort();
        parts
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CoprimePile, DivisorPile, OctalHeaps, SubtractionBy};

    /// Every sum of Nim heaps of size at most 5, up to 4 heaps: the search
    /// agrees with Bouton's misère rule.
    #[test]
    fn misere_nim_rule_holds_exhaustively() {
        let mut solver = MisereSolver::new(Sum(SubtractionBy(|_| true)));
        for k in 0..=4 {
            for_each_tuple(6, k, |t| {
                let mut heaps = t.to_vec();
                heaps.sort_unstable();
                assert_eq!(!solver.is_winning(&heaps), misere_nim_is_losing(&heaps), "{heaps:?}");
            });
        }
        // and as an octal game 0.333… (remove any number, 6 digits suffice below 6)
        let mut octal = MisereSolver::new(OctalHeaps { digits: vec![0, 3, 3, 3, 3, 3, 3] });
        for k in 0..=4 {
            for_each_tuple(6, k, |t| {
                let mut heaps: Vec<u64> = t.iter().copied().filter(|&h| h > 0).collect();
                heaps.sort_unstable();
                assert_eq!(!octal.is_winning(&heaps), misere_nim_is_losing(&heaps), "{heaps:?}");
            });
        }
    }

    #[test]
    fn counts_of_misere_nim() {
        // heaps 1..=3, two of them: P = (2,2), (3,3); (1,1) is N (nim-sum 0, all <= 1)
        let nim = || SubtractionBy(|_| true);
        assert_eq!(misere_pile_counts(nim(), 1, 3, 2, None), (7, 2));
        assert_eq!(misere_pile_counts(nim(), 1, 3, 1, None), (2, 1));
        // the empty sum has no move: the player to move wins
        assert_eq!(misere_pile_counts(nim(), 1, 3, 0, None), (1, 0));
        assert_eq!(misere_pile_counts(nim(), 1, 3, 3, Some(Unordered::Multiset)).1, 2); // {1,1,1}, {1,2,3}
        assert_eq!(misere_pile_counts(nim(), 1, 3, 3, Some(Unordered::Set)).1, 1);
        // as heaps of an octal game, with empty heaps allowed
        let (w, l) = misere_heap_counts(OctalHeaps { digits: vec![0, 3, 3, 3] }, 0, 3, 2, None);
        assert_eq!((w, l), (12, 4)); // (0,1), (1,0), (2,2), (3,3)
    }

    #[test]
    fn terminal_piles_are_wins() {
        // A Divisor Nim pile of 1 and a Coprime pile of 0 have no move.
        assert!(MisereSolver::new(DivisorPile).is_winning(&1));
        assert!(!MisereSolver::new(DivisorPile).is_winning(&2));
        assert!(MisereSolver::new(CoprimePile).is_winning(&0));
        assert!(!MisereSolver::new(CoprimePile).is_winning(&1));
        assert_eq!(misere_board_counts(2, 1, 1, &[1], None), (1, 1));
    }
}
