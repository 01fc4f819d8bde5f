//! grundy: count the winning and losing positions of sums of impartial games,
//! exactly or modulo any modulus `1 <= M <= 2^64 − 1`.
//!
//! See the crate's README for the tutorial; the types below each carry an example.
//!
//! The pipeline: the Grundy value of one component ([`heap`], [`games`], or your
//! own [`Component`]) → a [`Histogram`] of values → the K-fold XOR convolution
//! (the Walsh–Hadamard transform, [`count`]) → a count in a [`ring::Ring`]:
//! exact, or modulo any `M`.

pub mod count;
pub mod error;
pub mod games;
pub mod heap;
pub mod modular;
pub mod number;
pub mod parse;
pub mod ring;
pub mod xor;

pub use count::{Component, Context, Copies, Counter, Histogram, Observer, Outcome, Positions, Sum, Values};
pub use error::{Budget, Error, Remedy};
pub use games::board::{Board, BoardToken};
pub use games::coprime_nim::{CoprimeNim, CoprimePile, Method};
pub use games::divisor_nim::{DivisorNim, DivisorPile};
pub use games::heaps::{Heap, Heaps};
pub use games::silver_dollar::SilverDollar;
pub use heap::{
    Analysis, ArithmeticPeriodic, Family, HeapGame, HeapRules, Limits, OctalCode, Periodic, Stop,
    SubtractionSet,
};
pub use ring::{Arithmetic, Modulus};
