//! `grundy.sequence`: the nim-values of a heap game and its certified period.

use crate::args::{heap_game, limits, u64_arg};
use crate::errors::lib;
use crate::run::{Pending, detached};
use grundy::{Analysis, Error, HeapGame, Limits, Stop};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// The most values a call returns, as the command line prints at most (`2^28`).
pub const MAX_LENGTH: u64 = 1 << 28;

/// The nim-values of a heap game, with what is known of their period.
///
/// ``values`` are the nim-values of the heaps ``0, 1, …, length − 1``. When the
/// period is proved (Guy–Smith-type theorems for take-and-break codes,
/// ``max(moves)`` agreeing values for finite subtraction sets), ``certified`` is
/// true and ``preperiod`` and ``period`` give it: ``g(n + period) = g(n)`` for
/// every ``n >= preperiod``, ``period`` the smallest such. An arithmetic period
/// ``g(n + period) = g(n) + saltus`` is given with its ``saltus``: certified
/// (all-but subtraction sets) or only observed up to ``observed_to``.
/// Otherwise ``preperiod`` and ``period`` are ``None``, and ``stopped`` says
/// which limit ended the search: ``"max-len"`` or ``"max-work"``.
#[pyclass(frozen, get_all, module = "grundy")]
pub struct Sequence {
    /// The nim-values of heaps ``0..length``.
    values: Py<PyList>,
    /// The first heap from which the period holds, or ``None`` if not certified.
    preperiod: Option<usize>,
    /// The fundamental period, or ``None`` if not certified.
    period: Option<usize>,
    /// The saltus ``s`` of an arithmetic period ``g(n + p) = g(n) + s``, or ``None``.
    saltus: Option<u64>,
    /// For an arithmetic period that is only observed: the last ``n`` checked.
    observed_to: Option<usize>,
    /// Whether the period is proved.
    certified: bool,
    /// How many values were computed from the rules.
    computed: usize,
    /// What ended the search: ``"certified"``, ``"max-len"`` or ``"max-work"``.
    stopped: &'static str,
    /// The game, as the library describes it (``"octal 0.77"``).
    game: String,
}

#[pymethods]
impl Sequence {
    fn __repr__(&self, py: Python<'_>) -> String {
        let values = self.values.bind(py);
        let shown: Vec<String> = values.iter().take(20).map(|v| v.to_string()).collect();
        let more = if values.len() > 20 { format!(", … ({} values)", values.len()) } else { String::new() };
        let show = |v: Option<usize>| v.map_or("None".to_string(), |v| v.to_string());
        format!(
            "grundy.Sequence(game={:?}, values=[{}{more}], preperiod={}, period={}, certified={})",
            self.game,
            shown.join(", "),
            show(self.preperiod),
            show(self.period),
            if self.certified { "True" } else { "False" }
        )
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.values.bind(py).len()
    }
}

/// Returns the first ``length`` nim-values of a heap game and its certified
/// period, as ``grundy sequence`` prints them.
///
/// Give exactly one of ``game`` (an octal code such as ``"0.77"``, or a
/// :class:`grundy.HeapGame`) and ``moves`` (a subtraction set: a list of ints,
/// or a string such as ``"1,3,4"``). The period search goes on past ``length``
/// until the period is certified, ``max_len`` values exist, or ``max_work`` mex
/// steps (about a nanosecond each) are spent.
///
/// >>> s = grundy.sequence(12, game="0.77")
/// >>> s.values, s.preperiod, s.period, s.certified
/// ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 71, 12, True)
#[pyfunction]
#[pyo3(signature = (length, game=None, moves=None, *, max_len=None, max_work=None))]
#[pyo3(text_signature = "(length, game=None, moves=None, *, max_len=1048576, max_work=400000000)")]
pub fn sequence(
    py: Python<'_>,
    length: &Bound<'_, PyAny>,
    game: Option<&Bound<'_, PyAny>>,
    moves: Option<&Bound<'_, PyAny>>,
    max_len: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<Sequence> {
    let pending = Pending::default();
    let game = heap_game(game, moves, &pending)?;
    let length = u64_arg(length, "length")?;
    if length > MAX_LENGTH {
        return Err(PyValueError::new_err(format!("`length` is limited to {MAX_LENGTH}")));
    }
    let length = length as usize;
    let mut limits = limits(max_len, max_work)?;
    if let HeapGame::Rules(_) = game {
        // no period can be certified: values beyond those asked for serve nothing
        limits = lib(Limits::new(limits.max_len().min(length.max(1)), limits.max_work()))?;
    }
    lib(game.check_request_within(length, "length", limits.max_work()))?;
    let analysis = detached(py, &pending, |ctx| {
        ctx.budget.check_memory(12.0 * length as f64, "the list of values", "length")?;
        game.analyze_in(length, limits, ctx)
    })?;
    Sequence::new(py, &game, analysis, length)
}

impl Sequence {
    fn new(py: Python<'_>, game: &HeapGame, analysis: Analysis, length: usize) -> PyResult<Self> {
        let shown = analysis.values.get(..length).ok_or_else(|| {
            crate::errors::to_py(Error::Internal(format!(
                "{} values computed, {length} asked for",
                analysis.values.len()
            )))
        })?;
        let summary = analysis.summary();
        Ok(Sequence {
            values: PyList::new(py, shown)?.unbind(),
            preperiod: summary.preperiod,
            period: summary.period,
            saltus: summary.saltus,
            observed_to: summary.observed_to,
            certified: summary.certified,
            computed: analysis.computed,
            stopped: match analysis.stop {
                Stop::Certified => "certified",
                Stop::MaxLen => "max-len",
                Stop::MaxWork => "max-work",
            },
            game: game.describe(),
        })
    }
}
