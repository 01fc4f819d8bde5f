//! The one error type: a request we refuse, with a message that says what to do.

use std::fmt;

/// A refused request. Its message is one line, shown on stderr with exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    /// Bad or unreasonable input.
    pub fn input(message: impl Into<String>) -> Self {
        Error { message: message.into() }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The largest exact answer we print, in decimal digits.
pub const MAX_EXACT_DIGITS: f64 = 1.0e7;

/// The memory a single request may plan to use, in bytes (the machine has 24 GiB).
pub const MEMORY_BUDGET: u64 = 12 << 30;

/// Refuses an exact answer whose estimated length exceeds [`MAX_EXACT_DIGITS`].
/// `digits` is an upper estimate of the number of decimal digits.
pub fn check_exact_digits(exact: bool, digits: f64) -> Result<(), Error> {
    if exact && digits > MAX_EXACT_DIGITS {
        return Err(Error::input(format!(
            "the exact answer would have about {digits:.3e} decimal digits (limit {MAX_EXACT_DIGITS:.0e}); pass --modulus M to count modulo M"
        )));
    }
    Ok(())
}

/// Refuses a plan whose estimated memory exceeds [`MEMORY_BUDGET`].
pub fn check_memory(bytes: f64, what: &str, advice: &str) -> Result<(), Error> {
    if bytes > MEMORY_BUDGET as f64 {
        return Err(Error::input(format!(
            "{what} would need about {:.1} GiB of memory (limit {} GiB); {advice}",
            bytes / (1u64 << 30) as f64,
            MEMORY_BUDGET >> 30
        )));
    }
    Ok(())
}
