//! A progress bar on stderr for long runs: shown only when stderr is a terminal
//! and only once the work has taken about a second.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Drives an indicatif bar from the library's `(stage, done, total)` reports.
pub struct Progress {
    start: Instant,
    bar: Option<ProgressBar>,
    enabled: bool,
}

impl Progress {
    /// A bar, not yet shown.
    pub fn new() -> Self {
        Progress { start: Instant::now(), bar: None, enabled: std::io::stderr().is_terminal() }
    }

    /// Reports progress; creates the bar after the first second. Never asks the
    /// computation to stop.
    pub fn report(&mut self, stage: &str, done: u64, total: u64) -> bool {
        if !self.enabled {
            return true;
        }
        if self.bar.is_none() && self.start.elapsed() > Duration::from_secs(1) {
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
