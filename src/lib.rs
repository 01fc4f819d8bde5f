//! grundy: count the winning and losing positions of sums of impartial games,
//! exactly or modulo any modulus.
//!
//! The pipeline: the Grundy value of one component → a histogram of values →
//! the K-fold XOR convolution ([`xor`]) → a count in a [`ring::Ring`].

pub mod ring;
pub mod xor;
