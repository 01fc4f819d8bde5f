//! Nim-value sequences of heap games and their certified periodicity.
//!
//! A heap game assigns a nim-value `g(i)` to each heap size `i >= 0`. Games with
//! a finite subtraction set are always eventually periodic; octal and
//! hexadecimal games often are, and the Guy–Smith theorem and its analogues
//! ([`OctalCode::certificate_length`]) certify it from a finite prefix. A
//! certified `(preperiod, period)` turns a histogram over `1..=N` or `0..N`
//! into `O(preperiod + period)` work, whatever `N` is. Games whose moves remove
//! any number of tokens (Nim `0.[3]`, `all-but` sets) may instead be
//! arithmetic-periodic, `g(n + p) = g(n) + s` ([`ArithmeticPeriodic`]); their histograms
//! over huge ranges are structured ([`crate::count::DyadicHistogram`]).

mod analysis;
pub(crate) mod arith;
pub(crate) mod bits;
pub(crate) mod certificate;
pub mod family;
mod game;
pub(crate) mod group;
mod lanes;
mod limits;
pub(crate) mod mex;
pub(crate) mod octal;
pub(crate) mod pair_scan;
pub(crate) mod period;
mod pipeline;
pub(crate) mod rare;
pub(crate) mod rules;
mod search;
mod sequencer;
mod split_mex;
pub(crate) mod subtraction;

pub use crate::error::Stop;
pub use analysis::Analysis;
pub use arith::ArithmeticPeriodic;
pub use family::*;
pub use game::HeapGame;
pub use lanes::Lanes;
pub use limits::Limits;
pub(crate) use limits::{DEFAULT_MAX_WORK, MAX_LEN, MAX_LINEAR_WORK};
pub use octal::{Digit, OctalCode};
pub use period::{Period, PeriodSummary, Periodic, find_period, histogram_of, histogram_range};
pub use rare::RareValues;
pub use rules::HeapRules;
pub use search::Search;
pub use sequencer::{Checkpoint, Checkpointer, Keeper, Known, Moment, RESUME_CHECK};
pub use subtraction::{Family, SubtractionSet};
