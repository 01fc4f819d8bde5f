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
//! same way. The same observer reports progress to a [`Progress`]: a Python
//! callable `progress(done, total)`, or the package's bar on stderr
//! (`progress=True`).

use crate::errors::{to_py, type_name};
use grundy::{Budget, Context, Error};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBool;
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

    /// Whether an exception is kept.
    fn is_set(&self) -> bool {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).is_some()
    }

    fn take(&self) -> Option<PyErr> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

/// Where a computation's progress goes: nowhere, a Python callable
/// `progress(done, total)`, or the package's own bar on stderr
/// (`grundy._progress.Bar`, called with the stage as well, closed at the end).
#[derive(Default)]
pub struct Progress {
    callback: Option<Py<PyAny>>,
    /// Whether `callback` is the package's bar (told the stage, and closed).
    bar: bool,
}

impl Progress {
    /// The progress asked for by the argument `progress`: `None` or `False`
    /// for none, `True` for a bar labelled `label`, or a callable.
    pub fn new(py: Python<'_>, arg: Option<&Bound<'_, PyAny>>, label: &str) -> PyResult<Self> {
        let Some(arg) = arg.filter(|a| !a.is_none()) else {
            return Ok(Progress::default());
        };
        if arg.is_instance_of::<PyBool>() {
            if !arg.is_truthy()? {
                return Ok(Progress::default());
            }
            let bar = py.import("grundy._progress")?.getattr("Bar")?.call1((label,))?;
            return Ok(Progress { callback: Some(bar.unbind()), bar: true });
        }
        if !arg.is_callable() {
            return Err(PyTypeError::new_err(format!(
                "`progress` must be True, False, None or a callable progress(done, total), not {}",
                type_name(arg)
            )));
        }
        Ok(Progress { callback: Some(arg.clone().unbind()), bar: false })
    }

    /// Tells the callable that `done` of `total` steps of `stage` are done.
    pub fn report(&self, py: Python<'_>, stage: &str, done: u64, total: u64) -> PyResult<()> {
        match (&self.callback, self.bar) {
            (None, _) => Ok(()),
            (Some(bar), true) => bar.call1(py, (done, total, stage)).map(drop),
            (Some(callback), false) => callback.call1(py, (done, total)).map(drop),
        }
    }

    /// Whether progress is reported at all.
    pub fn is_on(&self) -> bool {
        self.callback.is_some()
    }

    /// Closes the package's bar (a callable of the user's is left as it is).
    pub fn close(&self, py: Python<'_>) -> PyResult<()> {
        match (&self.callback, self.bar) {
            (Some(bar), true) => bar.call_method0(py, "close").map(drop),
            _ => Ok(()),
        }
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
    detached_until(py, pending, &AtomicBool::new(false), &Progress::default(), work)
}

/// [`detached`], reporting progress to `progress` (at most every
/// [`SIGNAL_INTERVAL`], and once more at the end of each stage reached);
/// an exception it raises stops the work and is raised in its place.
pub fn detached_with<T: Send>(
    py: Python<'_>,
    pending: &Pending,
    progress: &Progress,
    work: impl FnOnce(&mut Context<'_>) -> Result<T, Error> + Send,
) -> PyResult<T> {
    detached_until(py, pending, &AtomicBool::new(false), progress, work)
}

/// [`detached`], stopped as well once `stop` is set (by any thread: signals
/// reach only the main thread, so work on other threads is stopped this way);
/// it then ends with `KeyboardInterrupt`. Progress goes to `progress`.
pub fn detached_until<T: Send>(
    py: Python<'_>,
    pending: &Pending,
    stop: &AtomicBool,
    progress: &Progress,
    work: impl FnOnce(&mut Context<'_>) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let mut shown: Option<(String, u64, u64)> = None;
    let result = py.detach(|| {
        let mut last = Instant::now();
        let mut observer = |stage: &str, done: u64, total: u64| {
            // a stop is for good: work that went on past one (a stage that
            // asks again) hears it every time after
            if stop.load(Ordering::Relaxed) || pending.is_set() {
                return false;
            }
            let new_stage = progress.is_on() && shown.as_ref().is_none_or(|(s, _, _)| s != stage);
            if new_stage && let Some((s, _, t)) = shown.take() {
                // the stage left behind ends complete
                if let Err(err) = Python::attach(|py| progress.report(py, &s, t, t)) {
                    pending.set(err);
                    return false;
                }
            }
            if progress.is_on() {
                shown = Some((stage.to_string(), done, total));
            }
            if last.elapsed() < SIGNAL_INTERVAL && !new_stage {
                return true;
            }
            last = Instant::now();
            match Python::attach(|py| {
                py.check_signals().and_then(|()| progress.report(py, stage, done, total))
            }) {
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
    // an exception kept (Ctrl-C, a raising progress callback) is raised
    // even when the work ended without it: it is never swallowed
    if let Some(err) = pending.take() {
        return Err(err);
    }
    let value = result.map_err(to_py)?;
    if let Some((stage, _, total)) = &shown {
        progress.report(py, stage, *total, *total)?;
    }
    Ok(value)
}
