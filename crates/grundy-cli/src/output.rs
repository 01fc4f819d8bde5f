//! Printing a count: the bare decimal value, or one JSON object.

use crate::progress::Progress;
use crate::{CliError, CountOptions, MACHINE_BUDGET, renamed_message};
use grundy::{Context, Counter, Order, Outcome, Play};
use num_bigint::BigUint;
use serde_json::{Map, Value, json};
use std::fmt::Display;
use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Writes one line to stdout. A reader that closed the pipe early (`| head`)
/// ends the program quietly with status 0, as `grep` or `rg` do; any other
/// write error is reported on stderr with status 2.
pub fn emit(line: impl Display) {
    let mut out = std::io::stdout().lock();
    finish(writeln!(out, "{line}").and_then(|()| out.flush()));
}

/// Ends the program after a failed write: quietly on a closed pipe, otherwise
/// with the error on stderr and status 2.
pub fn finish(result: std::io::Result<()>) {
    if let Err(e) = result {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the answer: {e}");
        std::process::exit(2);
    }
}

/// Buffered output written piece by piece (long lists of values are never
/// built as one string), with the same handling of write errors as [`emit`].
pub struct Stream(std::io::BufWriter<std::io::StdoutLock<'static>>);

impl Stream {
    /// Standard output, buffered.
    pub fn new() -> Self {
        Stream(std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock()))
    }

    /// Writes `text`.
    pub fn put(&mut self, text: impl Display) -> &mut Self {
        finish(write!(self.0, "{text}"));
        self
    }

    /// Writes the values separated by `separator`.
    pub fn values(&mut self, values: &[u32], separator: &str) -> &mut Self {
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                finish(self.0.write_all(separator.as_bytes()));
            }
            finish(write!(self.0, "{v}"));
        }
        self
    }

    /// Ends the line and flushes.
    pub fn line(&mut self) {
        finish(writeln!(self.0).and_then(|()| self.0.flush()));
    }
}

/// A finished count, ready to print.
pub struct Report {
    pub game: &'static str,
    pub parameters: Map<String, Value>,
    pub modulus: Option<u64>,
    pub outcome: Outcome,
    pub order: Order,
    pub play: Play,
    pub value: BigUint,
    pub seconds: f64,
}

impl Report {
    /// The JSON object: game, parameters, modulus (or null), count, order,
    /// value as a decimal string, and seconds taken.
    pub fn to_json(&self) -> Value {
        json!({
            "game": self.game,
            "parameters": Value::Object(self.parameters.clone()),
            "modulus": self.modulus,
            "count": self.outcome.name(),
            "order": self.order.name(),
            "play": self.play.name(),
            "value": grundy::ring::to_decimal(&self.value),
            "seconds": self.seconds,
        })
    }

    /// Prints the report as the options ask: one line on stdout either way.
    pub fn print(&self, opts: &CountOptions) {
        if opts.json {
            emit(self.to_json());
        } else {
            emit(grundy::ring::to_decimal(&self.value));
        }
    }
}

/// Times `f`, which returns the value counted.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let v = f();
    (v, start.elapsed().as_secs_f64())
}

/// Builds a parameters map from name/value pairs.
pub fn params(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
}

/// Set by Ctrl-C once [`stop_on_ctrl_c`] is in force: the computation stops
/// at its next progress report.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C stop the computation cleanly (an `interrupted` error) instead
/// of killing the process, so that what was computed can be saved.
pub fn stop_on_ctrl_c() -> Result<(), CliError> {
    ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::Relaxed))
        .map_err(|e| CliError::Message(format!("cannot catch Ctrl-C: {e}")))
}

/// Whether Ctrl-C was pressed since [`stop_on_ctrl_c`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Runs `f` with a context holding the machine's budget and a progress bar.
pub fn with_context<T>(f: impl FnOnce(&mut Context<'_>) -> T) -> T {
    let mut bar = Progress::new();
    let mut observer = |stage: &str, done: u64, total: u64| {
        bar.report(stage, done, total) && !INTERRUPTED.load(Ordering::Relaxed)
    };
    let mut ctx = Context::new(MACHINE_BUDGET).with_observer(&mut observer);
    f(&mut ctx)
}

/// Runs one count with the shared options and prints its report. The counter
/// was built with `opts`' order; `copies` is the flag that gives the number of
/// components (the library's `copies`).
pub fn run_count(
    game: &'static str,
    parameters: Map<String, Value>,
    opts: &CountOptions,
    default: Outcome,
    copies: &str,
    counter: &impl Counter,
) -> crate::CliResult {
    let outcome = opts.outcome(default);
    let (value, seconds) = timed(|| {
        with_context(|ctx| {
            ctx.budget.max_memory = opts.max_memory;
            counter.count_with(opts.arithmetic(), outcome, ctx)
        })
    });
    let value = value.map_err(|e| CliError::Message(renamed_message(&e, &[("copies", copies)])))?;
    let modulus = opts.modulus.map(|m| m.get());
    Report { game, parameters, modulus, outcome, order: opts.order(), play: opts.play(), value, seconds }
        .print(opts);
    Ok(())
}
