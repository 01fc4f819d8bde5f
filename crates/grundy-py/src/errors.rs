//! The library's errors as Python exceptions.
//!
//! Messages are the library's own, parameters named in backticks as the Python
//! keyword arguments are named (`` `n` ``, `` `modulus` ``, `` `max_len` ``).

use grundy::Error;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    grundy,
    TooLargeError,
    PyValueError,
    "A valid request too large to answer within the budget: an exact answer of more than ten \
     million digits, or more than 4 GiB of memory or the work limit. The message says what to do \
     (pass a `modulus`, choose a smaller parameter, raise a limit)."
);

create_exception!(
    grundy,
    NotCertifiedError,
    PyValueError,
    "Heap sizes beyond the computed nim-values were asked for, and no period was certified to \
     extend them; the message says which limit (`max_len`, `max_work`) to raise."
);

/// The Python exception for a library error: `ValueError` for a bad parameter,
/// notation or rule, its subclasses [`TooLargeError`] and [`NotCertifiedError`],
/// `KeyboardInterrupt` for an interrupted computation, `RuntimeError` for a bug.
pub fn to_py(e: Error) -> PyErr {
    let message = e.to_string();
    match e {
        Error::InvalidParameter { .. } | Error::Parse { .. } | Error::InvalidRule(_) => {
            PyValueError::new_err(message)
        }
        Error::TooLarge { .. } => TooLargeError::new_err(message),
        Error::NotCertified { .. } => NotCertifiedError::new_err(message),
        Error::Interrupted => PyKeyboardInterrupt::new_err(message),
        _ => PyRuntimeError::new_err(message),
    }
}

/// `result` with a library error turned into its Python exception.
pub fn lib<T>(result: Result<T, Error>) -> PyResult<T> {
    result.map_err(to_py)
}

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".into())
}
