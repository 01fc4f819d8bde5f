//! The one error type: why a request was refused, with a message that says what
//! to do.
//!
//! Messages are one line and name the library's parameters in backticks
//! (`` `n` ``, `` `max_len` ``), so that a front end can put its own names in
//! their place (the command line writes `--n`, `--max-len`).

use std::fmt;

/// A refused request.
///
/// ```
/// use grundy::{Error, Modulus};
///
/// let e = Modulus::new(0).unwrap_err();
/// assert!(matches!(e, Error::InvalidParameter { parameter: "modulus", .. }));
/// assert_eq!(e.to_string(), "`modulus` must be at least 1");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Error {
    /// A parameter outside its range.
    InvalidParameter {
        /// The parameter, as the library names it (`n`, `piles`, `max_len`).
        parameter: &'static str,
        /// What is wrong, completing "`parameter` …".
        reason: String,
    },
    /// Text in a notation (a number expression, a move list, a game code, a
    /// values file) that could not be read.
    Parse {
        /// What was being read: "number", "move list", "game code", "values".
        what: &'static str,
        /// Where and why, e.g. "character 'x' at position 4: not an octal digit".
        reason: String,
    },
    /// A valid request too large to answer within the [`Budget`]: an exact
    /// answer too long to print, or memory or work beyond the limit.
    TooLarge {
        /// What would be too large, e.g. "the exact answer".
        what: String,
        /// The estimate, e.g. "about 1.2e8 decimal digits".
        estimate: String,
        /// The limit it exceeds, e.g. "1e7 digits".
        limit: String,
        /// What to do instead.
        remedy: Remedy,
    },
    /// Heap sizes beyond the computed nim-values were asked for, and no period
    /// was certified to extend them. The message names every limit that
    /// binds: the one that stopped the search and, when the length limit is
    /// not above the largest heap, the length limit too (with the work that
    /// computing every heap directly would take).
    NotCertified {
        /// Values computed.
        computed: usize,
        /// The largest heap that was asked for.
        needed: u64,
        /// What stopped the search.
        stop: Stop,
        /// The search's length limit (`max_len`), when it may be raised
        /// (below the most values any search computes).
        max_len: Option<usize>,
        /// Whether raising `max_len` above `needed` computes every heap up to
        /// `needed` directly (`needed` is below the most values any search
        /// computes).
        direct: bool,
        /// The estimated mex steps of that direct computation
        /// ([`crate::HeapGame::linear_work`]) when they are more than a
        /// request may plan without raising `max_work`.
        direct_work: Option<f64>,
    },
    /// A user-supplied rule broke the contract it promised (an option of a heap
    /// game that is not smaller than the heap, say).
    InvalidRule(String),
    /// The observer asked the computation to stop.
    Interrupted,
    /// A consistency check inside grundy failed: a bug, please report it.
    Internal(String),
}

/// Why a nim-value computation stopped: certified, or which limit ended it.
///
/// ```
/// use grundy::HeapGame;
/// use grundy::heap::{Limits, Stop};
///
/// let open = HeapGame::octal("0.16").unwrap();
/// let a = open.analyze(10, Limits::new(4096, u64::MAX).unwrap()).unwrap();
/// assert_eq!(a.stop, Stop::MaxLen);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The period was certified.
    Certified,
    /// The length limit (`max_len`) was reached.
    MaxLen,
    /// The work budget (`max_work` mex steps) ran out.
    MaxWork,
}

/// What to do about a request that is too large.
///
/// ```
/// use grundy::Remedy;
///
/// assert_eq!(Remedy::Smaller("n").to_string(), "choose a smaller `n`");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Remedy {
    /// Count modulo a modulus instead of exactly.
    Modulus,
    /// Choose a smaller value of this parameter.
    Smaller(&'static str),
    /// Raise the limit with this name.
    Raise(&'static str),
    /// Give fewer of these.
    Fewer(&'static str),
    /// Choose a smaller value of the first parameter, or raise the limit
    /// named second.
    SmallerOrRaise(&'static str, &'static str),
    /// Count modulo a modulus instead of exactly, or raise the limit with
    /// this name.
    ModulusOrRaise(&'static str),
}

impl fmt::Display for Remedy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Remedy::Modulus => f.write_str("pass a `modulus` to count modulo M"),
            Remedy::Smaller(p) => write!(f, "choose a smaller `{p}`"),
            Remedy::Raise(p) => write!(f, "raise `{p}`"),
            Remedy::Fewer(what) => write!(f, "give fewer {what}"),
            Remedy::SmallerOrRaise(p, limit) => write!(f, "choose a smaller `{p}` or raise `{limit}`"),
            Remedy::ModulusOrRaise(limit) => {
                write!(f, "pass a `modulus` to count modulo M or raise `{limit}`")
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidParameter { parameter, reason } => write!(f, "`{parameter}` {reason}"),
            Error::Parse { what, reason } => write!(f, "cannot read the {what}: {reason}"),
            Error::TooLarge { what, estimate, limit, remedy } => {
                write!(f, "{what} would need {estimate} (limit {limit}); {remedy}")
            }
            Error::NotCertified { computed, needed, stop, max_len, direct, direct_work } => {
                write!(
                    f,
                    "heap {needed} needs a certified period, but none was certified within {computed} computed values ("
                )?;
                match stop {
                    Stop::MaxWork => f.write_str("the work budget ran out; raise `max_work`")?,
                    _ => f.write_str("the length limit was reached; raise `max_len`")?,
                }
                // the length limit binds too when it may be raised
                if let (Stop::MaxWork, Some(len)) = (stop, max_len) {
                    write!(f, ", and `max_len` ({len})")?;
                }
                match (stop, direct, max_len) {
                    (_, true, _) => {
                        write!(f, " above {needed} to compute every heap up to {needed} directly")?
                    }
                    (Stop::MaxWork, false, Some(_)) => f.write_str(" to look further")?,
                    _ => {}
                }
                if let (true, Some(work)) = (direct, direct_work) {
                    write!(f, ", which needs about {work:.1e} mex steps: raise `max_work` to that as well")?;
                }
                f.write_str(")")
            }
            Error::InvalidRule(reason) => write!(f, "invalid rule: {reason}"),
            Error::Interrupted => f.write_str("interrupted"),
            Error::Internal(what) => write!(f, "internal error (please report): {what}"),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// An [`Error::InvalidParameter`].
    pub(crate) fn invalid(parameter: &'static str, reason: impl Into<String>) -> Self {
        Error::InvalidParameter { parameter, reason: reason.into() }
    }

    /// An [`Error::Parse`].
    pub(crate) fn parse(what: &'static str, reason: impl Into<String>) -> Self {
        Error::Parse { what, reason: reason.into() }
    }
}

/// The limits a request is checked against before any work starts.
///
/// The defaults suit a library call on an ordinary machine; a front end that
/// knows its machine sets its own (the command line allows 12 GiB).
///
/// ```
/// use grundy::Budget;
///
/// let generous = Budget { max_memory: 16 << 30, ..Budget::default() };
/// assert!(generous.check_memory(10e9, "a table", "n").is_ok());
/// assert!(Budget::default().check_memory(10e9, "a table", "n").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The longest exact answer, in decimal digits.
    pub max_exact_digits: f64,
    /// The most memory a request may plan to use, in bytes.
    pub max_memory: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_exact_digits: 1.0e7, max_memory: 4 << 30 }
    }
}

impl Budget {
    /// Refuses an exact answer of more than [`Budget::max_exact_digits`] digits;
    /// `digits` is an upper estimate.
    pub fn check_exact_digits(&self, digits: f64) -> Result<(), Error> {
        if digits > self.max_exact_digits {
            return Err(Error::TooLarge {
                what: "the exact answer".into(),
                estimate: format!("about {digits:.3e} decimal digits"),
                limit: format!("{:.0e} digits", self.max_exact_digits),
                remedy: Remedy::Modulus,
            });
        }
        Ok(())
    }

    /// The budget left once `bytes` are held already.
    pub(crate) fn less(&self, bytes: f64) -> Budget {
        let left = (self.max_memory as f64 - bytes).max(0.0);
        Budget { max_memory: left as u64, ..*self }
    }

    /// Refuses a plan of more than [`Budget::max_memory`] bytes; `smaller` names
    /// the parameter whose reduction helps.
    pub fn check_memory(&self, bytes: f64, what: &str, smaller: &'static str) -> Result<(), Error> {
        if bytes > self.max_memory as f64 {
            return Err(Error::TooLarge {
                what: what.into(),
                estimate: format!("about {:.1} GiB of memory", bytes / (1u64 << 30) as f64),
                limit: format!("{:.1} GiB", self.max_memory as f64 / (1u64 << 30) as f64),
                remedy: Remedy::Smaller(smaller),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message as the heap count makes it (`2^30` values at the most, `10^10` steps without `max_work`).
    fn not_certified(stop: Stop, needed: u64, max_len: usize, work: f64) -> String {
        let most = 1u64 << 30;
        let max_len = (max_len < most as usize).then_some(max_len);
        let (direct, direct_work) = (needed < most, (work > 1e10).then_some(work));
        Error::NotCertified { computed: 68_414, needed, stop, max_len, direct, direct_work }.to_string()
    }

    #[test]
    fn a_search_that_stopped_names_every_limit_that_binds() {
        // the work budget stopped it, and the length limit is not above the heap: both
        let both = not_certified(Stop::MaxWork, 1 << 20, 1 << 20, 3.0e6);
        assert!(
            both.contains("raise `max_work`") && both.contains("`max_len` (1048576) above 1048576"),
            "{both}"
        );
        assert!(!both.contains("as well"), "{both}");
        // computing every heap directly needs more than the work allowed without `max_work`
        let heavy = not_certified(Stop::MaxLen, 1 << 20, 1 << 20, 4.0e11);
        assert!(
            heavy.contains("raise `max_len` above 1048576") && heavy.contains("raise `max_work` to that"),
            "{heavy}"
        );
        // beyond the most values any search computes, only the length limit is named
        let far = not_certified(Stop::MaxLen, 1_000_000_000_000, 1 << 20, 1e13);
        assert!(far.ends_with("(the length limit was reached; raise `max_len`)"), "{far}");
        let far = not_certified(Stop::MaxWork, 1_000_000_000_000, 1 << 20, 1e13);
        assert!(
            far.ends_with(
                "(the work budget ran out; raise `max_work`, and `max_len` (1048576) to look further)"
            ),
            "{far}"
        );
        let far = not_certified(Stop::MaxWork, 1_000_000_000_000, 1 << 30, 1e13);
        assert!(far.ends_with("(the work budget ran out; raise `max_work`)"), "{far}");
    }
}
