//! The games: each turns its parameters into a histogram of component Grundy
//! values (or, for the silver dollar game, a carry digit-DP) and a count.

pub mod board;
pub mod coprime_nim;
pub mod divisor_nim;
pub mod heaps;
pub mod silver_dollar;
