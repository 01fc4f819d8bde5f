//! The limits of a nim-value computation: how many values the period search
//! may compute ([`Limits::max_len`]), how many mex steps it may spend
//! ([`Limits::max_work`]) and on how many threads ([`Limits::threads`]), with
//! their defaults and the bound on a request's linear work. Why a computation
//! stopped is [`Stop`].

#[cfg(doc)]
use super::RareValues;
use crate::error::Error;
#[cfg(doc)]
use crate::error::Stop;

/// How far a nim-value computation may go looking for a period, and on how
/// many threads.
///
/// The requested values are always computed; beyond them the search stops at
/// `max_len` values or once `max_work` mex steps (pairs of heaps examined, values
/// read by subtraction moves) have been spent, whichever comes first.
///
/// `threads` (all cores unless set): the take-and-break codes computed by
/// the rare/common split compute several heaps at once when a heap costs
/// enough work; the values, the work counted and so every answer are the same
/// for any number of threads.
///
/// ```
/// use grundy::heap::Limits;
///
/// let limits = Limits::new(1 << 22, 10_000_000_000).unwrap().with_threads(1);
/// assert_eq!((limits.max_len(), limits.threads()), (1 << 22, 1));
/// assert!(Limits::new(0, 1).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    max_len: usize,
    max_work: u64,
    threads: usize,
}

/// The number of cores (at least 1): the default number of threads.
pub(crate) fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most values a computation may keep: `2^30` (1 to 4 GiB of values,
/// as their lanes are 1 to 4 bytes wide, and as much again for the period
/// search).
pub const MAX_LEN: usize = 1 << 30;

impl Limits {
    /// The default length limit of the period search, `2^20` values.
    pub const DEFAULT_MAX_LEN: usize = DEFAULT_MAX_LEN;

    /// The most values a computation may keep, `2^30`.
    pub const MAX_LEN: usize = MAX_LEN;

    /// The default work budget of the period search beyond the values asked
    /// for, in mex steps (about half a second).
    pub const DEFAULT_MAX_WORK: u64 = DEFAULT_MAX_WORK;

    /// At most `max_len` values (`1..=2^30`) and `max_work` mex steps.
    pub fn new(max_len: usize, max_work: u64) -> Result<Self, Error> {
        if max_len == 0 || max_len > MAX_LEN {
            return Err(Error::invalid("max_len", format!("must be between 1 and {MAX_LEN}")));
        }
        Ok(Limits { max_len, max_work, threads: all_cores() })
    }

    /// No work budget, at most `max_len` values (clamped to `1..=2^30`).
    pub fn length(max_len: usize) -> Self {
        Limits { max_len: max_len.clamp(1, MAX_LEN), max_work: u64::MAX, threads: all_cores() }
    }

    /// The same limits on at most `threads` threads (0 is taken as 1).
    pub fn with_threads(self, threads: usize) -> Self {
        Limits { threads: threads.max(1), ..self }
    }

    /// The most threads the computation may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The most values the period search computes.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The most mex steps the period search spends.
    pub fn max_work(&self) -> u64 {
        self.max_work
    }
}

/// The default work budget of the period search beyond the values asked for:
/// about half a second here (a unit is roughly a nanosecond, see
/// [`RareValues::work`]), so that a request for a few values answers at once.
pub const DEFAULT_MAX_WORK: u64 = 400_000_000;

/// The most mex steps that the values asked for may need before any split is
/// scanned (moves leaving at most one heap, per value): about ten seconds
/// (`--max-work` raises it).
pub const MAX_LINEAR_WORK: f64 = 1.0e10;

/// The default length limit of the period search.
pub const DEFAULT_MAX_LEN: usize = 1 << 20;

impl Default for Limits {
    fn default() -> Self {
        Limits { max_len: DEFAULT_MAX_LEN, max_work: DEFAULT_MAX_WORK, threads: all_cores() }
    }
}
