//! The built-in games: each is a [`crate::Component`] (or, for the silver
//! dollar game, a carry digit-DP) with a [`crate::Counter`] for its sums.

pub mod board;
pub mod coprime_nim;
pub mod divisor_nim;
pub mod heaps;
pub mod prime_count;
pub mod silver_dollar;

#[cfg(test)]
mod tests;
