//! Built-in components played out: a range of heaps of a heap game, a token
//! on a board, a Divisor Nim or a Coprime Nim pile as a finite graph of
//! positions and options ([`Graph`]), so that a misère sum of them with
//! [`crate::game::Game`] components is decided by the search over multisets of
//! positions ([`crate::misere_search`]), as a sum of Games alone is.
//!
//! The rules are those the library counts (the tests check each against the
//! library's own misère counts, through a sum with a game of one optionless
//! position, which adds nothing):
//!
//! * heaps `min..=n` of a heap game: position `h` is heap `h` (`0..=n`
//!   numbered); an option is the multiset of nonempty heaps a move leaves
//!   ([`grundy::misere::heap_options`], splits included), each smaller than `h`;
//! * a token on `{0..n-1}^dims`: position `Σ cᵢ·nⁱ`; a move lowers one
//!   coordinate by a member of the moves, staying at least 0;
//! * a Divisor Nim pile `1..=n`: a move subtracts a proper divisor `d < a`
//!   of the pile `a`;
//! * a Coprime Nim pile `1..=n-1`: a move subtracts `1 <= k <= a` with
//!   `gcd(k, a) = 1` (pile 1 goes to 0).
//!
//! Every position and every option generated is charged to `misere_work`
//! (the positions are counted before any is made): a component too large to
//! play out is refused naming it.

use crate::game::Solution;
use crate::graph::{Graph, Solved};
use crate::misere_search::Refused;
use grundy::heap::HeapGame;
use grundy::{BoardRules, Context, Error};

/// The rules of a built-in component, to play its positions out.
#[derive(Clone, Debug)]
pub enum Playable {
    /// Heaps `min..=n` of a heap game.
    Heaps { game: HeapGame, min: u64, n: u64 },
    /// One token on a board.
    Board(BoardRules),
    /// One Divisor Nim pile of any size in `1..=n`.
    DivisorPile(u64),
    /// One Coprime Nim pile of any size in `1..=n-1`.
    CoprimePile(u64),
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Playable {
    /// The positions of the graph (numbered `0..len`), or `None` past `u32`.
    fn len(&self) -> Option<u64> {
        let len = match self {
            Playable::Heaps { n, .. } | Playable::DivisorPile(n) => n.checked_add(1)?,
            Playable::CoprimePile(n) => (*n).max(1),
            Playable::Board(r) => u32::try_from(r.dims).ok().and_then(|d| r.n.checked_pow(d))?,
        };
        (len <= u32::MAX as u64).then_some(len)
    }

    /// The positions the component stands for.
    fn roots(&self) -> Vec<u32> {
        match self {
            Playable::Heaps { min, n, .. } => (*min as u32..=*n as u32).collect(),
            Playable::DivisorPile(n) => (1..=*n as u32).collect(),
            Playable::CoprimePile(n) => (1..(*n).max(1) as u32).collect(),
            Playable::Board(_) => (0..self.len().unwrap_or(0) as u32).collect(),
        }
    }

    /// The options of position `v`, each the positions it leaves.
    fn options(&self, v: u64) -> Result<Vec<Vec<u64>>, Error> {
        Ok(match self {
            Playable::Heaps { game, .. } => {
                let options = grundy::misere::heap_options(game, v)?;
                if let Some(bad) = options.iter().flatten().find(|&&h| h >= v) {
                    return Err(Error::InvalidRule(format!(
                        "heap {v} has an option leaving heap {bad}, not smaller"
                    )));
                }
                options
            }
            Playable::DivisorPile(_) => {
                (1..v).filter(|&d| v.is_multiple_of(d)).map(|d| vec![v - d]).collect()
            }
            Playable::CoprimePile(_) => (1..=v).filter(|&k| gcd(k, v) == 1).map(|k| vec![v - k]).collect(),
            Playable::Board(r) => {
                let mut out = Vec::new();
                let mut place = 1u64;
                for _ in 0..r.dims {
                    let c = v / place % r.n;
                    for m in (1..=c).filter(|&m| r.moves.contains(m)) {
                        out.push(vec![v - m * place]);
                    }
                    place *= r.n;
                }
                out
            }
        })
    }

    /// The component's positions and options as a solved graph, its
    /// positions the roots; `work` states are left of `misere_work`
    /// (`max_states`), charged one per position and per option.
    pub fn solution(
        &self,
        work: &mut u64,
        max_states: u64,
        name: &str,
        ctx: &mut Context<'_>,
    ) -> Result<Result<Solution, Refused>, Error> {
        let refused = |what: String| {
            Ok(Err(Refused(format!(
                "a misère count of grundy.Game components with {name} plays {name} out: {what}, beyond \
                 `misere_work` ({max_states} positions and options); raise `misere_work`, or count fewer positions"
            ))))
        };
        let len = match self.len() {
            Some(len) if len <= *work => len,
            Some(len) => return refused(format!("its {len} positions")),
            None => return refused("more than 2^32 positions".into()),
        };
        *work -= len;
        let mut graph = Graph::new();
        for v in 0..len {
            for option in self.options(v)? {
                if *work == 0 {
                    return refused(format!("the options of its positions up to {v}"));
                }
                *work -= 1;
                graph.push_option(option.into_iter().map(|u| u as u32));
            }
            graph.end_position();
            if v % 4096 == 4095 {
                ctx.progress("playing out the components", v + 1, len)?;
            }
        }
        match graph.solve(ctx)? {
            Solved::Values(values) => Ok(Ok(Solution { graph, values, roots: self.roots() })),
            Solved::Cycle(_) => Err(Error::Internal(format!("{name} has a cycle of positions"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::SubtractionSet;

    fn values(p: &Playable) -> Vec<u32> {
        let s = p.solution(&mut 1_000_000, 1_000_000, "it", &mut Context::default()).unwrap().ok().unwrap();
        s.roots.iter().map(|&r| s.values[r as usize]).collect()
    }

    #[test]
    fn the_grundy_values_are_the_known_ones() {
        // Divisor Nim: the 2-adic valuation; Kayles from its known start; a 2-d board of moves {1}: x xor y parity
        assert_eq!(values(&Playable::DivisorPile(8)), [0, 1, 0, 2, 0, 1, 0, 3]);
        let kayles = Playable::Heaps { game: HeapGame::octal("0.77").unwrap(), min: 0, n: 8 };
        assert_eq!(values(&kayles), [0, 1, 2, 3, 1, 4, 3, 2, 1]);
        // Coprime Nim: 0 for even piles, else the index of the least prime factor (1 for pile 1)
        assert_eq!(values(&Playable::CoprimePile(10)), [1, 0, 2, 0, 3, 0, 4, 0, 2]);
        let board =
            Playable::Board(BoardRules { n: 3, dims: 2, moves: SubtractionSet::new(vec![1]).unwrap() });
        assert_eq!(values(&board), [0, 1, 0, 1, 0, 1, 0, 1, 0]);
    }

    #[test]
    fn too_many_positions_or_options_are_refused_naming_misere_work() {
        let kayles = Playable::Heaps { game: HeapGame::octal("0.77").unwrap(), min: 1, n: 100 };
        for work in [50, 150] {
            let e = kayles.solution(&mut { work }, work, "grundy.Heaps", &mut Context::default()).unwrap();
            assert!(e.err().is_some_and(|r| r.0.contains("`misere_work`")));
        }
    }
}
