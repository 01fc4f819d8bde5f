//! grundy: count the winning and losing positions of sums of impartial games,
//! exactly or modulo any modulus.
//!
//! The pipeline: the Grundy value of one component ([`heap`], [`games`]) → a
//! histogram of values → the K-fold XOR convolution ([`xor`]) → a count
//! ([`count`]) in a [`ring::Ring`]: exact, or modulo any `M`. The [`oracle`] plays
//! the real games move by move and is the slow reference for every closed form.
//!
//! ```
//! use grundy::count::Outcome;
//! use grundy::games::divisor_nim::DivisorNim;
//! use grundy::ring::Arithmetic;
//!
//! // Winning triples of Divisor Nim piles in 1..=10 (seed 002: S(10) = 692).
//! let game = DivisorNim::new(10, 3).unwrap();
//! assert_eq!(game.solve(Arithmetic::Exact, Outcome::Winning).unwrap(), 692u32.into());
//! // The same count modulo an even modulus.
//! assert_eq!(game.solve(Arithmetic::Modulo(100), Outcome::Winning).unwrap(), 92u32.into());
//! ```

pub mod count;
pub mod error;
pub mod games;
pub mod heap;
pub mod number;
pub mod parse;
pub mod ring;
pub mod xor;
