//! A progress bar on stderr for long runs: shown only when stderr is a terminal
//! and only once a stage has taken about a second (`GRUNDY_PROGRESS_AFTER_MS`
//! sets that delay in milliseconds, for tests).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// The environment variable that sets the delay before the bar shows, in
/// milliseconds (a second by default).
pub const DELAY_VARIABLE: &str = "GRUNDY_PROGRESS_AFTER_MS";

/// Drives an indicatif bar from the library's `(stage, done, total)` reports.
pub struct Progress {
    start: Instant,
    bar: Option<ProgressBar>,
    enabled: bool,
    delay: Duration,
}

impl Progress {
    /// A bar, not yet shown.
    pub fn new() -> Self {
        let delay = std::env::var(DELAY_VARIABLE).ok().and_then(|ms| ms.trim().parse().ok());
        Progress {
            start: Instant::now(),
            bar: None,
            enabled: std::io::stderr().is_terminal(),
            delay: Duration::from_millis(delay.unwrap_or(1000)),
        }
    }

    /// Reports progress; creates the bar once the stage has run for the
    /// delay. Never asks the computation to stop.
    pub fn report(&mut self, stage: &str, done: u64, total: u64) -> bool {
        if !self.enabled {
            return true;
        }
        if self.bar.is_none() && done < total && self.start.elapsed() >= self.delay {
            let bar = ProgressBar::new(total);
            let style =
                ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {percent}% (eta {eta})")
                    .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_message(stage.to_string());
            bar.set_length(total);
            bar.set_position(done);
        }
        if done >= total {
            // the stage is over: clear the bar before any answer is printed
            if let Some(bar) = self.bar.take() {
                bar.finish_and_clear();
            }
            self.start = Instant::now();
        }
        true
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
