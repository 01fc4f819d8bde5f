//! The per-game work of `grundy.census` (orchestrated in Python by
//! `python/grundy/census.py`, locally or on a Dask cluster): one game computed
//! with the GIL released, its record returned as the JSON line the command
//! line's `census --out` writes, so that both read each other's files.

use crate::args::{u64_arg, u64_or};
use crate::errors::lib;
use crate::run::{Pending, detached};
use grundy::{GameRecord, Limits, OctalCode};
use pyo3::prelude::*;

/// The census's default length limit (`2^18` values), as `grundy census`.
pub const CENSUS_MAX_LEN: u64 = 1 << 18;
/// The census's default work limit (`10^12` mex steps), as `grundy census`.
pub const CENSUS_MAX_WORK: u64 = 1_000_000_000_000;

fn census_limits(
    max_len: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<Limits> {
    let max_len = u64_or(max_len, "max_len", CENSUS_MAX_LEN)?;
    lib(Limits::new(
        usize::try_from(max_len).unwrap_or(usize::MAX),
        u64_or(max_work, "max_work", CENSUS_MAX_WORK)?,
    ))
}

/// Computes one game of a census on one thread (the GIL released) and
/// returns its record as one line of JSON: the canonical code, status,
/// preperiod, period, saltus, values computed, largest value and its heap, the
/// rare/common split, seconds and the limits (the file ``census --out`` keeps).
#[pyfunction]
#[pyo3(signature = (code, *, max_len=None, max_work=None))]
pub fn census_game(
    py: Python<'_>,
    code: &str,
    max_len: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let limits = census_limits(max_len, max_work)?;
    let code = code.to_string();
    let record = detached(py, &Pending::default(), |ctx| grundy::census_game(&code, limits, ctx))?;
    Ok(record.to_json())
}

/// A rough cost of :func:`census_game` (mex steps), to schedule the longest
/// games first: a probe of the first 2048 values.
#[pyfunction]
#[pyo3(signature = (code, *, max_len=None, max_work=None))]
pub fn census_estimate(
    py: Python<'_>,
    code: &str,
    max_len: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<f64> {
    let limits = census_limits(max_len, max_work)?;
    let code = code.to_string();
    detached(py, &Pending::default(), |_| grundy::census_estimate(&code, limits))
}

/// The canonical representative of a code's game: the same text for exactly
/// the codes with the same rules (``"0.770"`` and ``".77"`` are ``"0.77"``).
#[pyfunction]
pub fn canonical_code(code: &str) -> PyResult<String> {
    Ok(grundy::canonical_code(&lib(OctalCode::parse(code))?))
}

/// The value classes of ``codes`` (``grundy::value_classes``): lists of
/// indices into ``codes``, the codes of each shown to have the same nim-value
/// at every heap; a census computes the first of each.
#[pyfunction]
pub fn value_classes(codes: Vec<String>) -> PyResult<Vec<Vec<usize>>> {
    let parsed = codes.iter().map(|c| lib(OctalCode::parse(c))).collect::<PyResult<Vec<_>>>()?;
    Ok(grundy::value_classes(&parsed))
}

/// The file name of a canonical code's record in a census folder.
#[pyfunction]
pub fn census_file_name(canonical: &str) -> String {
    GameRecord::file_name(canonical)
}

/// Every code ``d0.d1…dD`` with ``digits`` digits (0-7, or 0-F with ``hex``)
/// for each first digit in ``first_digit`` (0, 4, 8, 12), codes with no moves
/// left out, as ``grundy census --digits``.
#[pyfunction]
#[pyo3(signature = (digits, first_digit=None, hex=false))]
pub fn census_codes(
    digits: &Bound<'_, PyAny>,
    first_digit: Option<Vec<u8>>,
    hex: bool,
) -> PyResult<Vec<String>> {
    let digits = usize::try_from(u64_arg(digits, "digits")?).unwrap_or(usize::MAX);
    lib(grundy::census_codes(digits, &first_digit.unwrap_or_else(|| vec![0]), hex))
}
