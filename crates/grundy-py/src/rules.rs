//! `grundy.HeapGame`: a heap game of your own, from a Python options function.

use crate::errors::type_name;
use crate::run::Pending;
use grundy::{Error, HeapRules};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString};

/// A heap game given by its options: ``options(n)`` returns the positions
/// reachable in one move from a heap of ``n`` tokens, each an int (the one heap
/// left) or a tuple of heap sizes (the heaps left: ``()`` for none, ``(a, b)``
/// for a split). Every heap left must be smaller than ``n``; heaps of size 0
/// stand for nothing.
///
/// Use it wherever ``game=`` is accepted (:func:`grundy.heaps`,
/// :func:`grundy.sequence`): nim-values are computed by memoized mex, calling
/// ``options`` once per heap size. No period is certified for such a game, so
/// ``heaps`` needs every size up to ``n`` computed (``n < max_len``).
///
/// An exception raised by ``options`` (Ctrl-C included) comes out of the call
/// that computes the values, unchanged.
///
/// >>> take_1_or_2 = grundy.HeapGame(lambda n: [n - k for k in (1, 2) if k <= n])
/// >>> grundy.sequence(6, game=take_1_or_2).values
/// [0, 1, 2, 0, 1, 2]
#[pyclass(frozen, module = "grundy", name = "HeapGame")]
pub struct HeapGame {
    options: Py<PyAny>,
    name: String,
}

#[pymethods]
impl HeapGame {
    #[new]
    #[pyo3(signature = (options, name=None))]
    fn new(options: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<Self> {
        let name =
            named_options(options, name, "options(n) returns the positions reachable from a heap of n")?;
        Ok(HeapGame { options: options.clone().unbind(), name })
    }

    /// The name given to the game (by default the options function's name).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The options function.
    #[getter]
    fn options(&self, py: Python<'_>) -> Py<PyAny> {
        self.options.clone_ref(py)
    }

    fn __repr__(&self) -> String {
        format!("grundy.HeapGame(name={:?})", self.name)
    }
}

/// The name of an options function: `name` if given, else the function's
/// `__name__` (or its repr); refuses an `options` that is not callable,
/// saying what it should do (`does`).
pub fn named_options(options: &Bound<'_, PyAny>, name: Option<String>, does: &str) -> PyResult<String> {
    if !options.is_callable() {
        return Err(PyTypeError::new_err(format!(
            "`options` must be callable ({does}), not {}",
            type_name(options)
        )));
    }
    match name {
        Some(name) => Ok(name),
        None => match options.getattr("__name__") {
            Ok(n) => Ok(n.str()?.to_string()),
            Err(_) => Ok(options.repr()?.to_string()),
        },
    }
}

impl HeapGame {
    /// The library's rules calling the options function (re-attaching to Python
    /// for each call); its exception is kept in `pending` and ends the
    /// computation.
    pub fn rules(&self, py: Python<'_>, pending: &Pending) -> grundy::HeapGame {
        let options = self.options.clone_ref(py);
        let pending = pending.clone();
        let rules = HeapRules::try_new(self.name.clone(), move |n| {
            Python::attach(|py| {
                options_of(options.bind(py), n).map_err(|err| {
                    let message = format!("options({n}) raised {}", err.value(py));
                    pending.set(err);
                    Error::InvalidRule(message)
                })
            })
        });
        grundy::HeapGame::Rules(rules)
    }
}

/// The options of a heap of `n`, read from what `options(n)` returns.
fn options_of(options: &Bound<'_, PyAny>, n: u64) -> PyResult<Vec<Vec<u64>>> {
    let returned = options.call1((n,))?;
    let bad = |item: &Bound<'_, PyAny>, why: &str| {
        let text = item.repr().map(|r| r.to_string()).unwrap_or_default();
        format!("`options({n})` returned the option {text}: {why}")
    };
    let shape = "an option is a heap size (an int) or a tuple of heap sizes";
    let Ok(items) = returned.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "`options({n})` must return an iterable of options, not {}",
            type_name(&returned)
        )));
    };
    let heap = |item: &Bound<'_, PyAny>, option: &Bound<'_, PyAny>| -> PyResult<u64> {
        if !item.is_instance_of::<PyInt>() || item.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(bad(option, shape)));
        }
        item.extract::<u64>().map_err(|_| PyValueError::new_err(bad(option, "heap sizes are 0 to 2^64 - 1")))
    };
    let mut out = Vec::new();
    for item in items {
        let item = item?;
        if item.is_instance_of::<PyInt>() {
            out.push(vec![heap(&item, &item)?]);
            continue;
        }
        let parts = match item.is_instance_of::<PyString>() || item.is_instance_of::<PyBytes>() {
            true => None,
            false => item.try_iter().ok(),
        };
        let Some(parts) = parts else {
            return Err(PyTypeError::new_err(bad(&item, shape)));
        };
        out.push(parts.map(|part| heap(&part?, &item)).collect::<PyResult<Vec<u64>>>()?);
    }
    Ok(out)
}
