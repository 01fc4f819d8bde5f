//! Running the library with the GIL released, interruptible by Ctrl-C.
//!
//! A computation runs inside `py.detach` (other Python threads go on) in a
//! [`Context`] with the library's default [`Budget`] (exact answers of at most ten
//! million digits, 4 GiB of memory). Its observer, called by the library between
//! stages and now and then within long ones (prime counting, nim-value
//! computations), re-attaches to Python at most every [`SIGNAL_INTERVAL`] and
//! runs the signal handlers; when one raises (Ctrl-C: `KeyboardInterrupt`) the
//! exception is kept and the observer says stop, so the library ends with
//! `Error::Interrupted` and the kept exception is raised in its place. A
//! [`crate::rules::HeapGame`]'s options function that raises is handled the
//! same way.

use crate::errors::to_py;
use grundy::{Budget, Context, Error};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often a running computation looks for signals (Ctrl-C) at most.
pub const SIGNAL_INTERVAL: Duration = Duration::from_millis(20);

/// A Python exception that stopped a computation, to be raised once it has
/// ended: from a signal handler, or from an options function.
#[derive(Clone, Default)]
pub struct Pending(Arc<Mutex<Option<PyErr>>>);

impl Pending {
    /// Keeps `err` unless an earlier exception is kept already.
    pub fn set(&self, err: PyErr) {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if slot.is_none() {
            *slot = Some(err);
        }
    }

    fn take(&self) -> Option<PyErr> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

/// Runs `work` with the GIL released (see the module docs); a library error
/// becomes its Python exception, unless a pending Python exception stopped the
/// work, which is raised instead.
pub fn detached<T: Send>(
    py: Python<'_>,
    pending: &Pending,
    work: impl FnOnce(&mut Context<'_>) -> Result<T, Error> + Send,
) -> PyResult<T> {
    detached_until(py, pending, &AtomicBool::new(false), work)
}

/// [`detached`], stopped as well once `stop` is set (by any thread: signals
/// reach only the main thread, so work on other threads is stopped this way);
/// it then ends with `KeyboardInterrupt`.
pub fn detached_until<T: Send>(
    py: Python<'_>,
    pending: &Pending,
    stop: &AtomicBool,
    work: impl FnOnce(&mut Context<'_>) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let result = py.detach(|| {
        let mut last = Instant::now();
        let mut observer = |_stage: &str, _done: u64, _total: u64| {
            if stop.load(Ordering::Relaxed) {
                return false;
            }
            if last.elapsed() < SIGNAL_INTERVAL {
                return true;
            }
            last = Instant::now();
            match Python::attach(|py| py.check_signals()) {
                Ok(()) => true,
                Err(err) => {
                    pending.set(err);
                    false
                }
            }
        };
        let mut ctx = Context::new(Budget::default()).with_observer(&mut observer);
        work(&mut ctx)
    });
    result.map_err(|e| pending.take().unwrap_or_else(|| to_py(e)))
}
