//! grundy: count the winning and losing positions of sums of impartial games,
//! exactly or modulo any modulus.
//!
//! The pipeline: the Grundy value of one component ([`heap`], [`games`]) → a
//! histogram of values → the K-fold XOR convolution ([`xor`]) → a count
//! ([`count`]) in a [`ring::Ring`]: exact, or modulo any `M`. The [`oracle`] plays
//! the real games move by move and is the slow reference for every closed form.

pub mod count;
pub mod error;
pub mod games;
pub mod heap;
pub mod number;
pub mod oracle;
pub mod ring;
pub mod xor;
