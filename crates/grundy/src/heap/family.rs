//! Heap families: what a kind of heap game must tell ([`HeapFamily`]), and
//! the families there are — subtraction sets ([`super::SubtractionSet`]),
//! take-and-break codes ([`super::OctalCode`]) and rules given by a function
//! ([`super::HeapRules`]), one file each under `heap/family/`.
//!
//! A family tells the options of a heap of `n` — the multisets of smaller
//! heaps one move can leave — which define the game: its nim-values
//! (`g(n) = mex{ g(a₁) ⊕ … ⊕ g(a_j) }` over the options `{a₁, …, a_j}`,
//! Sprague–Grundy), its misère quotient
//! ([`crate::misere::heap_options`]) and what a census compares. The options
//! exist once, here; everything else a family tells makes the computation
//! fast or certain, never different: its own computation of the values
//! ([`HeapFamily::search`], by default the mex over the options), the mex
//! steps that computation costs ([`HeapFamily::linear_work`], which refuses a
//! huge request before any work), and the rules that certify a period from a
//! finite prefix ([`HeapFamily::certificate_length`], an `all-but` set's
//! arithmetic period, a code that counts up; in misère play,
//! [`HeapFamily::misere_removal`]).
//!
//! [`HeapGame`] is the one type the rest of the library and its users name:
//! each variant holds a family, and [`HeapGame::ruleset`] hands it out as a
//! `&dyn HeapFamily`. The dispatch is once per request (a search, a work
//! estimate, a heap's options), never per move: a family's search runs its
//! own engine, monomorphized.
//!
//! # Adding a family
//!
//! 1. A new file `heap/family/NAME.rs`: the family's type (documented, with
//!    its parser if it has a text form) and `impl HeapFamily for` it —
//!    [`HeapFamily::describe`] and [`HeapFamily::options`] at least; its own
//!    engine (a `Sequencer`, run by `search.on(self, engine, ctx)`), cost
//!    model and certificate rules (normal play's period,
//!    [`HeapFamily::certificate_length`]; misère play's,
//!    [`HeapFamily::misere_removal`]) when it has them.
//! 2. Here: `mod NAME;` and `pub use NAME::Type;` (the `heap` module
//!    re-exports this module's public names).
//! 3. `heap/game.rs`: a variant `HeapGame::Name(Type)`, its arm in
//!    [`HeapGame::ruleset`], and `From<Type> for HeapGame`.
//!
//! Normal play, misère play, the work estimates and the census then know the
//! family; the command line and Python reach it once they parse its text.

mod octal;
mod rules;
mod subtraction;

#[cfg(doc)]
use super::HeapGame;
use super::{Analysis, OctalCode, Search};
use crate::count::Context;
use crate::error::Error;

/// A kind of heap game: the options of a heap, the cost of its values, the
/// rule that certifies their period (module docs).
///
/// Only [`HeapFamily::describe`] and [`HeapFamily::options`] are required; the
/// others default to what holds of any family (one mex step per value, no
/// certificate, the mex over the options).
///
/// ```
/// use grundy::heap::{HeapFamily, OctalCode};
///
/// let kayles = OctalCode::parse("0.77")?;
/// assert_eq!(HeapFamily::describe(&kayles), "octal 0.77");
/// // a heap of 3: take one (2, or 1 + 1) or two (1) from it
/// assert_eq!(HeapFamily::options(&kayles, 3)?, [vec![2], vec![1], vec![1, 1]]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub trait HeapFamily: std::fmt::Debug + Send + Sync {
    /// A description: `subtraction {1,2,3}`, `octal 0.77`, `rules NAME`.
    fn describe(&self) -> String;

    /// The options of a heap of `n`: for each move, the sizes of the heaps it
    /// leaves, each smaller than `n` (zeros, order and repeats allowed:
    /// [`HeapGame::options`] tidies them). `Err` stops the computation.
    fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, Error>;

    /// An estimate of the mex steps the first `len` values cost (apart from
    /// the rare-value split scans of a code): a lower bound of the work,
    /// against which [`HeapGame::check_request_within`] refuses a request.
    fn linear_work(&self, len: usize) -> f64 {
        len as f64
    }

    /// How many agreeing values certify the period `p` from `e`; `None` when
    /// no theorem certifies a period of this family this way.
    fn certificate_length(&self, _e: usize, _p: usize) -> Option<usize> {
        None
    }

    /// The most tokens one move removes, `t`, when Theorem P
    /// (`docs/theory/misere.md` §6) certifies the period of the game's misère
    /// quotient from the heaps up to `2n₀ + 2p + t − 1`: a finite octal code
    /// (bits 1, 2, 4 only) or a finite subtraction set. `None` when no theorem
    /// does: a misère quotient of the game then holds for the heaps adjoined
    /// only ([`crate::misere::certifiable`]).
    fn misere_removal(&self) -> Option<usize> {
        None
    }

    /// The excluded set of a game that removes any number of tokens but
    /// those (an `all-but` set, as a set or as a code): its arithmetic
    /// period is certified.
    fn all_but(&self) -> Option<Vec<u64>> {
        None
    }

    /// Whether `g(n) = n` for every `n`, certified at once.
    fn counts_up(&self) -> bool {
        false
    }

    /// The take-and-break code of the game, when it has one (a code, an
    /// `all-but` set): what the misère verifier reads.
    fn as_code(&self) -> Option<OctalCode> {
        None
    }

    /// Whether no periodicity theorem covers the game although the search
    /// would go on looking (an infinite subtraction family, a code with a
    /// repeating group that neither is an `all-but` set nor counts up): a
    /// count then computes every value directly.
    fn direct_only(&self) -> bool {
        false
    }

    /// Runs `search` ([`HeapGame::analyze_kept`] made it) on the family's
    /// computation of its values: by default the memoized mex over
    /// [`HeapFamily::options`].
    fn search(&self, search: Search<'_, '_>, ctx: &mut Context<'_>) -> Result<Analysis, Error> {
        search.on(self, super::rules::RuleValues::new(self), ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HeapGame;
    use crate::heap::rules::RuleValues;
    use crate::heap::{Limits, SubtractionSet};

    /// `g(0..len)` by the memoized mex over the family's options (the
    /// default engine), whatever engine the family has of its own.
    fn by_options(family: &dyn HeapFamily, len: usize) -> Vec<u32> {
        let mut seq = RuleValues::new(family);
        while seq.g.len() < len {
            seq.push_next().unwrap();
        }
        seq.g
    }

    /// Each family's own engine agrees with the mex over its options: the
    /// options (the one list misère play and the census read) are the
    /// game's, every code `0.d₁d₂d₃`, the hexadecimal and `!` codes, codes
    /// with a repeating group, and subtraction sets of every kind.
    #[test]
    fn every_engine_computes_the_mex_over_the_options() {
        let mut games: Vec<HeapGame> = (1..512)
            .map(|i: u32| format!("0.{}{}{}", i / 64, i / 8 % 8, i % 8))
            .chain(
                ["4!.0", "0.F", "0.8!", "0.B4", "0.[3]", "0.1[3]", "0.4[7]", "0.0[1]", "8.[3]"]
                    .map(String::from),
            )
            .map(|c| HeapGame::octal(&c).unwrap())
            .collect();
        for moves in ["1,3,4", "2,5,7", "squares", "primes", "powers-of-2", "fibonacci", "all-but:1,3"] {
            games.push(HeapGame::Subtraction(SubtractionSet::parse(moves).unwrap()));
        }
        for game in &games {
            let len = 120;
            let analysis = game.analyze(len, Limits::length(len)).unwrap();
            assert_eq!(by_options(game.ruleset(), len), analysis.values[..len], "{}", game.describe());
        }
    }
}
