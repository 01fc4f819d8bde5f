//! Python arguments to library values, with range checks: a Python `int` of any
//! size becomes a `u64` (`OverflowError` above `2^64 − 1`, `ValueError` below 0,
//! `TypeError` for anything but an int), strings become the library's choices.

use crate::errors::{lib, to_py, type_name};
use crate::rules::HeapGame as PyHeapGame;
use crate::run::{Pending, Progress, detached_with};
use grundy::heap::Limits;
use grundy::{Arithmetic, Counter, HeapGame, Modulus, Order, Outcome, Play, SubtractionSet};
use num_bigint::BigUint;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString};

/// A Python int in `0..=2^64 − 1`, for the parameter `name`.
pub fn u64_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(not_an_int(obj, name));
    }
    obj.extract::<u64>().map_err(|e| out_of_range(obj, name, e, "2^64 - 1"))
}

/// A Python int in `0..=2^128 − 1` (a count of positions).
pub fn u128_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u128> {
    if obj.is_instance_of::<PyBool>() {
        return Err(not_an_int(obj, name));
    }
    obj.extract::<u128>().map_err(|e| out_of_range(obj, name, e, "2^128 - 1"))
}

/// [`u64_arg`] for an optional parameter, `default` when absent or `None`.
pub fn u64_or(obj: Option<&Bound<'_, PyAny>>, name: &str, default: u64) -> PyResult<u64> {
    match obj {
        Some(o) if !o.is_none() => u64_arg(o, name),
        _ => Ok(default),
    }
}

/// [`u64_arg`] for a count of values kept in memory.
pub fn usize_arg(obj: Option<&Bound<'_, PyAny>>, name: &str, default: usize) -> PyResult<usize> {
    let v = u64_or(obj, name, default as u64)?;
    Ok(usize::try_from(v).unwrap_or(usize::MAX))
}

/// Why `obj` did not convert: negative, too large, or not an int at all.
fn out_of_range(obj: &Bound<'_, PyAny>, name: &str, err: PyErr, max: &str) -> PyErr {
    if !err.is_instance_of::<PyOverflowError>(obj.py()) {
        return not_an_int(obj, name);
    }
    match obj.lt(0) {
        Ok(true) => PyValueError::new_err(format!("`{name}` must be nonnegative, not {obj}")),
        Ok(false) => PyOverflowError::new_err(format!("`{name}` must be at most {max}")),
        Err(e) => e,
    }
}

fn not_an_int(obj: &Bound<'_, PyAny>, name: &str) -> PyErr {
    PyTypeError::new_err(format!("`{name}` must be an int, not {}", type_name(obj)))
}

/// The ints of an iterable (not a string), each checked by [`u64_arg`].
pub fn u64_list(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u64>> {
    let iter = match obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        true => None,
        false => obj.try_iter().ok(),
    };
    let Some(iter) = iter else {
        return Err(PyTypeError::new_err(format!(
            "`{name}` must be a list of ints or a string, not {}",
            type_name(obj)
        )));
    };
    iter.map(|item| u64_arg(&item?, name)).collect()
}

/// A library number as a Python int, of any size.
pub fn to_int<'py>(py: Python<'py>, value: &BigUint) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(small) = u64::try_from(value) {
        return Ok(small.into_pyobject(py)?.into_any());
    }
    // int.from_bytes is linear in the length (a decimal string would not be)
    let bytes = PyBytes::new(py, &value.to_bytes_le());
    py.get_type::<PyInt>().call_method1("from_bytes", (bytes, "little"))
}

/// The subtraction set of a move list: a list of ints, or a string such as
/// `"1,3,4"` (number expressions allowed).
pub fn subtraction_set(moves: &Bound<'_, PyAny>) -> PyResult<SubtractionSet> {
    match moves.cast::<PyString>() {
        Ok(text) => lib(SubtractionSet::parse(&text.to_cow()?)),
        Err(_) => lib(SubtractionSet::new(u64_list(moves, "moves")?)),
    }
}

/// The heap game of exactly one of `game` (an octal code, or a
/// [`PyHeapGame`]) and `moves` (a list of ints, or a string the library
/// parses: a move list, or a family of moves as the library names them).
pub fn heap_game<'py>(
    game: Option<&Bound<'py, PyAny>>,
    moves: Option<&Bound<'py, PyAny>>,
    pending: &Pending,
) -> PyResult<HeapGame> {
    let given = |o: Option<&Bound<'py, PyAny>>| o.filter(|o| !o.is_none()).cloned();
    match (given(game), given(moves)) {
        (Some(game), None) => {
            if let Ok(own) = game.cast::<PyHeapGame>() {
                return Ok(own.get().rules(game.py(), pending));
            }
            match game.cast::<PyString>() {
                Ok(code) => lib(HeapGame::parse(None, Some(&code.to_cow()?))),
                Err(_) => Err(PyTypeError::new_err(format!(
                    "`game` must be an octal code (a string such as '0.77') or a grundy.HeapGame, not {}",
                    type_name(&game)
                ))),
            }
        }
        (None, Some(moves)) => match moves.cast::<PyString>() {
            Ok(text) => lib(HeapGame::parse(Some(&text.to_cow()?), None)),
            Err(_) => Ok(HeapGame::Subtraction(lib(SubtractionSet::new(u64_list(&moves, "moves")?))?)),
        },
        // the library's own words for both and for neither
        (Some(_), Some(_)) => lib(HeapGame::parse(Some(""), Some(""))),
        (None, None) => lib(HeapGame::parse(None, None)),
    }
}

/// The period search's limits from `max_len` and `max_work`, on `threads`
/// threads (all cores when `None`; at least one).
pub fn limits(
    max_len: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Limits> {
    let max_len = usize_arg(max_len, "max_len", Limits::DEFAULT_MAX_LEN)?;
    let limits = lib(Limits::new(max_len, u64_or(max_work, "max_work", Limits::DEFAULT_MAX_WORK)?))?;
    match threads.filter(|t| !t.is_none()) {
        None => Ok(limits),
        Some(t) => match usize_arg(Some(t), "threads", 1)? {
            0 => Err(PyValueError::new_err("`threads` must be at least 1, not 0")),
            n => Ok(limits.with_threads(n)),
        },
    }
}

/// What every counting function is asked: exactly or modulo `M`, which
/// positions, in which order, and the exception that may stop it.
pub struct Request {
    arith: Arithmetic,
    outcome: Outcome,
    order: Order,
    play: Play,
    /// An exception raised by an options function or a signal handler.
    pub pending: Pending,
}

impl Request {
    /// Reads `modulus` (`None`: exact), `count` (`"winning"` or `"losing"`) and `order`.
    pub fn new(modulus: Option<&Bound<'_, PyAny>>, count: &str, order: &str) -> PyResult<Self> {
        let arith = match modulus {
            Some(m) if !m.is_none() => Arithmetic::Modulo(lib(Modulus::new(u64_arg(m, "modulus")?))?),
            _ => Arithmetic::Exact,
        };
        let outcome = count.parse::<Outcome>().map_err(to_py)?;
        let order = order.parse::<Order>().map_err(to_py)?;
        Ok(Request { arith, outcome, order, play: Play::Normal, pending: Pending::default() })
    }

    /// The same request under `play` (`"normal"` or `"misere"`).
    pub fn with_play(self, play: &str) -> PyResult<Self> {
        Ok(Request { play: play.parse::<Play>().map_err(to_py)?, ..self })
    }

    /// The play convention.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Refuses misère play for a count that normal play alone defines, saying why.
    pub fn normal_only(&self, why: &str) -> PyResult<()> {
        match self.play {
            Play::Normal => Ok(()),
            Play::Misere => Err(PyValueError::new_err(format!("`play` misere is not available here: {why}"))),
        }
    }

    /// How the components are told apart: ordered tuples, multisets or sets.
    pub fn order(&self) -> Order {
        self.order
    }

    /// Whether the winning or the losing positions are counted.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// An exact count as the request's answer: itself, or modulo `M`.
    pub fn reduce(&self, value: BigUint) -> BigUint {
        match self.arith {
            Arithmetic::Exact => value,
            Arithmetic::Modulo(m) => value % m.get(),
        }
    }

    /// The count of `counter` as a Python int, computed with the GIL released.
    pub fn count<'py>(&self, py: Python<'py>, counter: &impl Counter) -> PyResult<Bound<'py, PyAny>> {
        self.count_showing(py, counter, &Progress::default())
    }

    /// [`Request::count`], reporting progress to `progress`.
    pub fn count_showing<'py>(
        &self,
        py: Python<'py>,
        counter: &impl Counter,
        progress: &Progress,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (arith, outcome) = (self.arith, self.outcome);
        let value = detached_with(py, &self.pending, progress, |ctx| counter.count_with(arith, outcome, ctx));
        progress.close(py)?;
        to_int(py, &value?)
    }
}

/// The most values a call returns, as the command line prints at most (`2^28`).
pub const MAX_LENGTH: u64 = 1 << 28;

/// Refuses a `length` beyond [`MAX_LENGTH`].
pub fn check_length(length: u64) -> PyResult<()> {
    if length > MAX_LENGTH {
        return Err(pyo3::exceptions::PyValueError::new_err(format!("`length` is limited to {MAX_LENGTH}")));
    }
    Ok(())
}
