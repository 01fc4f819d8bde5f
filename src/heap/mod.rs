//! Nim-value sequences of heap games and their certified periodicity.
//!
//! A heap game assigns a nim-value `g(i)` to each heap size `i >= 0`. The
//! sequences here are always eventually periodic for the games we certify, and a
//! certified `(preperiod, period)` turns a histogram over `1..=N` or `0..N` into
//! `O(preperiod + period)` work, whatever `N` is.

pub mod period;
pub mod subtraction;

pub use period::{Periodic, histogram_range};
pub use subtraction::SubtractionSet;
