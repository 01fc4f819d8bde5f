//! grundy: count the winning and losing positions of **sums of impartial games**,
//! exactly or modulo any modulus `1 <= M <= 2^64 − 1`, for parameters far
//! beyond brute force.
//!
//! A position of a sum is one position of each component (a heap, a pile, a
//! token); it is losing for the player to move exactly when the components'
//! Grundy values XOR to 0 (Sprague–Grundy). grundy computes the Grundy values
//! of one component, their histogram, and the XOR convolution power by the
//! Walsh–Hadamard transform, in any ring: exact big integers or `Z/MZ`, even
//! and composite `M` included.
//!
//! # Tutorial
//!
//! More worked questions (Project Euler 306 and 310, Grundy's game, Lasker's
//! Nim from a closure, sums of different games), each answered with the
//! command line, Python and this library, are in the repository's
//! `docs/cookbook.md`.
//!
//! ## A built-in game
//!
//! Three heaps of Kayles (octal code `0.77`), each of any size up to `10^18`:
//! how many of the `(10^18)^3` positions are losing, modulo `10^9 + 7`? The
//! nim-sequence of Kayles is certified periodic (preperiod 71, period 12), so
//! the histogram over `1..=10^18` costs a few microseconds.
//!
//! ```
//! use grundy::{Counter, HeapGame, Heaps, Modulus, Outcome};
//!
//! let kayles = HeapGame::octal("0.77")?;
//! let heaps = Heaps::new(kayles, 1_000_000_000_000_000_000, 3)?;
//! let m = Modulus::new(1_000_000_007)?;
//! let losing = heaps.count_mod(m, Outcome::Losing)?;
//! assert!(losing < m.get());
//!
//! // Small sizes exactly: two Kayles heaps in 1..=3 have values 1, 2, 3, so the
//! // losing pairs are the three equal ones.
//! let small = Heaps::new(HeapGame::octal("0.77")?, 3, 2)?;
//! assert_eq!(small.count_exact(Outcome::Losing)?, 3u32.into());
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! The other built-in games work the same way: [`Board`] (tokens on a board,
//! moves from a subtraction set), [`DivisorNim`], [`CoprimeNim`] (to `N = 10^13`
//! and beyond by prime counting), and [`SilverDollar`] (a carry digit-DP).
//!
//! ```
//! use grundy::{Counter, CoprimeNim, Modulus, Outcome};
//!
//! // Seed 003's checkpoint: L(1000, 1000) ≡ 954021836 (mod 10^9 + 7).
//! let game = CoprimeNim::new(1000, 1000)?;
//! assert_eq!(game.count_mod(Modulus::new(1_000_000_007)?, Outcome::Losing)?, 954_021_836);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! ## A sum of different games
//!
//! Every game above is built from a [`Component`]; a [`Sum`] takes several
//! components, each any number of times: here a Kayles heap, two Coprime Nim
//! piles and a token on a 30×30 board.
//!
//! ```
//! use grundy::{BoardRules, BoardToken, CoprimePile, Counter, Heap, HeapGame, Modulus, Outcome, Sum, SubtractionSet};
//!
//! let kayles = HeapGame::octal("0.77")?;
//! let sum = Sum::new()
//!     .with(Heap::new(kayles, 1000)?, 1)
//!     .with(CoprimePile::new(100)?, 2)
//!     .with(BoardToken::new(BoardRules { n: 30, dims: 2, moves: SubtractionSet::new(vec![2, 3, 5, 7])? })?, 1);
//! let exact = sum.count_exact(Outcome::Winning)?;
//! let m = Modulus::new(1 << 40)?;
//! assert_eq!(sum.count_mod(m, Outcome::Winning)?, (exact % m.get()).try_into().unwrap());
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! ## Your own heap game
//!
//! Give the options of a heap of `n` tokens, each the multiset of heaps a move
//! leaves (so splitting games work): grundy computes the nim-values by memoized
//! mex and counts sums of heaps like any built-in game.
//!
//! ```
//! use grundy::{Counter, HeapGame, HeapRules, Heaps, Outcome};
//!
//! // Take one token, or split a heap into two unequal nonempty heaps.
//! let rules = HeapRules::new("take one or split unequally", |n| {
//!     let mut options = vec![];
//!     if n >= 1 {
//!         options.push(vec![n - 1]);
//!     }
//!     for a in 1..n.div_ceil(2) {
//!         options.push(vec![a, n - a]);
//!     }
//!     options
//! });
//! let values = rules.values(8)?;
//! let heaps = Heaps::new(HeapGame::Rules(rules), 200, 3)?;
//! let losing = heaps.count_exact(Outcome::Losing)?;
//! assert!(losing > 0u32.into());
//! # assert_eq!(values.len(), 8);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! ## Your own values
//!
//! Grundy values from any other source (a paper, another program) count through
//! the same engine: a list of values, or a histogram of `(value, count)` pairs.
//!
//! ```
//! use grundy::{Counter, Modulus, Outcome, Sum, Values};
//!
//! // 10^15 positions of value 0, 3 of value 1, one of value 5; 10^6 of them in a row.
//! let values = Values::from_histogram([(0, 1_000_000_000_000_000), (1, 3), (5, 1)])?;
//! let sum = Sum::of(values, 1_000_000);
//! let m = Modulus::new(998_244_353)?;
//! let losing = sum.count_mod(m, Outcome::Losing)?;
//! let winning = sum.count_mod(m, Outcome::Winning)?;
//! assert!(losing < m.get() && winning < m.get());
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! ## Limits, errors, progress
//!
//! Nothing panics on bad input: constructors refuse invalid values with an
//! [`Error`] naming the parameter, and every request is checked against a
//! [`Budget`] (exact answers of at most ten million digits, 4 GiB by default)
//! before work starts. A [`Context`] carries the budget and an observer that
//! sees progress and may stop a long computation.
//!
//! ```
//! use grundy::{Counter, Error, Outcome, SilverDollar};
//!
//! assert!(matches!(SilverDollar::new(3, 3), Err(Error::InvalidParameter { parameter: "coins", .. })));
//! let huge = SilverDollar::new(1_000_000_000_000_000_000, 100_000)?;
//! assert!(matches!(huge.count_exact(Outcome::Winning), Err(Error::TooLarge { .. })));
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! # Modules
//!
//! The everyday names are here, at the crate root: the built-in games,
//! [`Sum`], [`Component`], [`Counter`], [`Play`], [`Order`], [`Outcome`],
//! [`Context`] with its [`Observer`] and [`Budget`], [`Error`], [`Modulus`].
//! What people implement or inspect is in public modules:
//!
//! * [`count`]: the counting engine behind [`Component`] and [`Counter`]:
//!   histograms of Grundy values in their structured forms, spectra (their
//!   Walsh–Hadamard transforms), and the series coefficients of unordered
//!   counts;
//! * [`ring`]: the numbers counted with, the [`ring::Ring`] and
//!   [`ring::Counting`] traits and the rings [`ring::Exact`] and
//!   [`ring::Modular`];
//! * [`heap`]: heap games (octal and hexadecimal codes, subtraction sets,
//!   rules of your own), their nim-value sequences and the certificates of
//!   their periods;
//! * [`misere`]: misère quotients, their monoid algebra, presentations and
//!   genera;
//! * [`census`]: the census of a family of take-and-break codes;
//! * [`primes`]: counting primes, `π(N)`.
//!
//! # Layers
//!
//! Inside, the modules form layers, from the top, and a file imports only
//! from its own layer or below (`tests/layers.rs` reads the `use` lines and
//! fails on an upward import or a cycle):
//!
//! ```text
//! misere primes         public modules that gather items from below (misère play, prime counting)
//! games census          built-in games, each a Component (silver dollar: its own carry DP); the census of codes
//! heap                  nim-value sequences of heap games and their certificates
//! count                 Component, Sum, histograms, orders and their coefficients
//! xor                   Walsh–Hadamard transforms over a histogram's structure
//! ring                  the numbers counted with: exact, modulo any M, the lifted ring
//! number                primes and prime buckets (one file per term), factoring, binomials, NTT
//! residue parse error   Montgomery arithmetic, number expressions, errors
//! ```
//!
//! The crate's own tests use only this public interface; the slow references
//! beside the fast paths are unit tests inside the crate or live in the
//! `grundy-reference` crate.

#![deny(missing_docs)]
#![deny(unnameable_types)]

pub mod census;
pub mod count;
mod error;
mod games;
pub mod heap;
pub mod misere;
mod number;
mod parse;
pub mod primes;
mod residue;
pub mod ring;
mod xor;

pub use count::{Component, Context, Counter, Observer, Order, Outcome, Play, Sum, Values};
pub use error::{Budget, Error, Remedy};
pub use games::board::{Board, BoardRules, BoardToken};
/// [`CoprimeMethod`] by its former name, deprecated (hidden from the root's
/// documentation, so not among its items).
#[doc(hidden)]
#[allow(deprecated)]
pub use games::coprime_nim::Method;
pub use games::coprime_nim::{CoprimeMethod, CoprimeNim, CoprimePile};
pub use games::divisor_nim::{DivisorNim, DivisorPile};
pub use games::heaps::{Heap, Heaps};
pub use games::silver_dollar::SilverDollar;
pub use heap::{HeapGame, HeapRules, SubtractionSet};
pub use num_bigint::BigUint;
pub use parse::parse_u64;
pub use ring::{Arithmetic, Modulus};

/// The README's Rust examples, compiled and run as doctests so that they
/// cannot drift from the library.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

/// The cookbook's Rust recipes (`docs/cookbook.md`), doctests as well.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/cookbook.md")]
struct CookbookDoctests;
