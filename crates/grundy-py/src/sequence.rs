//! `grundy.sequence`: the nim-values of a heap game and its certified period.

use crate::args::{check_length, heap_game, limits, u64_arg};
use crate::errors::lib;
use crate::misere_quotient::{MisereArgs, explore};
use crate::packed::Packed;
use crate::run::{Pending, Progress, detached_with};
use grundy::census::ValueStatistics;
use grundy::census::saved::{self, SavedRun};
use grundy::heap::{Analysis, Limits, Stop};
use grundy::{Error, HeapGame, Play};
use pyo3::exceptions::{PyIndexError, PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PySlice};
use std::path::PathBuf;

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
///
/// The values are kept in one buffer of unsigned ints of the narrowest width
/// that holds them (1, 2 or 4 bytes): ``seq[i]``, ``seq[a:b]``, ``iter(seq)``
/// and ``len(seq)`` read it; ``seq.array`` is a read-only ``memoryview`` of
/// it and ``numpy.asarray(seq)`` (or ``seq.to_numpy()``) a read-only numpy
/// array sharing it, both without a copy. ``values`` builds a Python list of
/// them on first use (8 bytes or more per value) and keeps it.
#[pyclass(frozen, module = "grundy")]
pub struct Sequence {
    /// The values, in the narrowest width that holds them.
    values: Packed,
    /// `values`, built on first use.
    list: PyOnceLock<Py<PyList>>,
    /// The certified plain period `(preperiod, period)`, drawn as two bands
    /// (as `grundy sequence --plot` draws them).
    bands: Option<(usize, usize)>,
    /// The first heap from which the period holds, or ``None`` if not certified.
    #[pyo3(get)]
    preperiod: Option<usize>,
    /// The fundamental period, or ``None`` if not certified.
    #[pyo3(get)]
    period: Option<usize>,
    /// The saltus ``s`` of an arithmetic period ``g(n + p) = g(n) + s``, or ``None``.
    #[pyo3(get)]
    saltus: Option<u64>,
    /// For an arithmetic period that is only observed: the last ``n`` checked.
    #[pyo3(get)]
    observed_to: Option<usize>,
    /// Whether the period is proved.
    #[pyo3(get)]
    certified: bool,
    /// How many values were computed from the rules.
    #[pyo3(get)]
    computed: usize,
    /// What ended the search: ``"certified"``, ``"max-len"`` or ``"max-work"``.
    #[pyo3(get)]
    stopped: &'static str,
    /// The game, as the library describes it (``"octal 0.77"``).
    #[pyo3(get)]
    game: String,
    /// For an uncertified game, the statistics the published tables give of
    /// an open game (those of ``grundy sequence --json``).
    statistics: Option<ValueStatistics>,
}

/// At most this many values are drawn by ``_repr_html_`` (an SVG path of
/// about 20 bytes per value).
const HTML_PLOT_VALUES: usize = 2000;

#[pymethods]
impl Sequence {
    /// The nim-values of heaps ``0..length``, as a list (built on first use,
    /// then kept: 8 bytes per value and more; ``array`` and ``numpy.asarray``
    /// give them without a copy).
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        let list = self.list.get_or_try_init(py, || {
            let list = PyList::new(py, (0..self.values.len()).map(|i| self.values.get(py, i)))?;
            Ok::<_, PyErr>(list.unbind())
        })?;
        Ok(list.clone_ref(py))
    }

    /// The values as a read-only ``memoryview`` of format ``"B"``, ``"H"`` or
    /// ``"I"`` (1, 2 or 4 bytes per value, the narrowest that holds them),
    /// sharing the sequence's buffer: no copy.
    #[getter]
    fn array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.values.memoryview(py, None)
    }

    /// The bytes per value of ``array``: 1, 2 or 4.
    #[getter]
    fn itemsize(&self) -> usize {
        self.values.width()
    }

    /// For an uncertified game, the statistics the published tables give of
    /// an open game, as ``grundy sequence --json`` prints them: a dict with
    /// ``computed``, ``max_value``, ``max_at`` (its first heap) and ``split``
    /// (the rare/common split of an octal code computed that way: ``mask``,
    /// ``mask_hex``, ``mode``, ``rare``, ``rare_heaps`` counting heap 0,
    /// ``last_rare``; else None). None for a certified game.
    #[getter]
    fn statistics<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.statistics.map(|s| py.import("json")?.call_method1("loads", (s.to_json(),))).transpose()
    }

    /// numpy's array interface: ``numpy.asarray(seq)`` is a read-only array of
    /// ``uint8``, ``uint16`` or ``uint32`` over the sequence's buffer (its
    /// ``base`` is the sequence, which it keeps alive), without a copy.
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.values.array_interface(py, &[self.values.len()])
    }

    /// ``numpy.asarray(self)``: a read-only numpy array sharing the values'
    /// buffer (needs numpy).
    fn to_numpy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("numpy")?.call_method1("asarray", (slf,))
    }

    /// Draws the values with matplotlib (needs matplotlib: ``pip install
    /// grundy[plot]``), the preperiod and the first period shaded as
    /// ``grundy sequence --plot`` draws them, on ``ax`` (by default a new
    /// figure's axes); other keyword arguments go to ``ax.plot``. Returns the
    /// axes.
    #[pyo3(signature = (ax=None, **kwargs))]
    fn plot<'py>(
        slf: &Bound<'py, Self>,
        ax: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let plot = py.import("grundy._plot")?.getattr("plot")?;
        plot.call((slf, ax, slf.get().bands), kwargs)
    }

    /// The SVG chart of the values, as ``grundy sequence --plot`` draws it: the
    /// first ``limit`` values (all by default).
    #[pyo3(signature = (limit=None))]
    fn svg(&self, py: Python<'_>, limit: Option<usize>) -> PyResult<String> {
        let shown = limit.map_or(self.values.len(), |l| l.min(self.values.len()));
        let values: Vec<u32> = (0..shown).map(|i| self.values.get(py, i)).collect();
        let title = if shown < self.values.len() {
            format!("{} (the first {shown} of {} values)", self.game, self.values.len())
        } else {
            self.game.clone()
        };
        py.detach(|| grundy_plot::svg(&title, &values, self.bands)).map_err(PyValueError::new_err)
    }

    /// The summary and the SVG chart (of at most the first 2000 values), for notebooks.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let show = |v: Option<usize>| v.map_or("None".to_string(), |v| v.to_string());
        let mut rows = vec![
            ("game", html_escape(&self.game)),
            ("length", self.values.len().to_string()),
            ("preperiod", show(self.preperiod)),
            ("period", show(self.period)),
        ];
        if let Some(s) = self.saltus {
            rows.push(("saltus", s.to_string()));
        }
        if let Some(n) = self.observed_to {
            rows.push(("observed to", n.to_string()));
        }
        rows.push(("certified", if self.certified { "True" } else { "False" }.to_string()));
        rows.push(("stopped", self.stopped.to_string()));
        let mut html = String::from("<div class=\"grundy-sequence\"><table>");
        for (name, value) in rows {
            html.push_str(&format!("<tr><th style=\"text-align:left\">{name}</th><td>{value}</td></tr>"));
        }
        html.push_str("</table>");
        if self.values.len() > 0 {
            html.push_str(&self.svg(py, Some(HTML_PLOT_VALUES))?);
        }
        html.push_str("</div>");
        Ok(html)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let shown: Vec<String> =
            (0..self.values.len().min(20)).map(|i| self.values.get(py, i).to_string()).collect();
        let more = if self.values.len() > 20 {
            format!(", … ({} values)", self.values.len())
        } else {
            String::new()
        };
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

    fn __len__(&self) -> usize {
        self.values.len()
    }

    /// ``seq[i]`` (negative ``i`` from the end) is an int; ``seq[a:b:c]`` a list.
    fn __getitem__<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            return self.array(py)?.get_item(slice)?.call_method0("tolist");
        }
        let i: isize = index.extract()?;
        let at = if i < 0 { i + self.values.len() as isize } else { i };
        if at < 0 || at as usize >= self.values.len() {
            return Err(PyIndexError::new_err("Sequence index out of range"));
        }
        Ok(self.values.get(py, at as usize).into_pyobject(py)?.into_any())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.array(py)?.try_iter()?.into_any())
    }
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Returns the first ``length`` nim-values of a heap game and its certified
/// period, as ``grundy sequence`` prints them.
///
/// Give exactly one of ``game`` (an octal code such as ``"0.77"``, or a
/// :class:`grundy.HeapGame`) and ``moves`` (a subtraction set: a list of ints,
/// or a string such as ``"1,3,4"``). The period search goes on past ``length``
/// until the period is certified, ``max_len`` values exist, or ``max_work`` mex
/// steps (about a nanosecond each) are spent. ``threads`` (default: all cores)
/// bounds the threads of the computation; the values are the same for any
/// number. ``progress=True`` shows a bar on stderr (tqdm if installed), or
/// give a callable ``progress(done, total)``.
///
/// ``save=PATH`` keeps the computed values in the file ``PATH`` at every
/// doubling of their number, when interrupted (Ctrl-C: the
/// ``KeyboardInterrupt`` says how many are saved) and at the end;
/// ``resume=PATH`` starts from the values saved there (checked: the same
/// game, the checksum, the first values computed again). The files are
/// those of ``grundy sequence --save/--resume``: either side resumes the
/// other's. A save replaces only an earlier save, any other regular file
/// only with ``force=True``; it is written to ``PATH.partial`` and renamed,
/// so an interrupted write leaves the previous save whole. A file that is
/// not a save, of another game or damaged is refused with a ``ValueError``
/// naming it.
///
/// ``play="misere"`` returns the game's misère quotient instead, as
/// ``grundy sequence --play misere --json`` gives it: a
/// :class:`grundy.MisereQuotient` whose pretending function and outcomes
/// cover heaps ``0 .. length`` (see :func:`grundy.misere_quotient`: its
/// limits ``misere_len``, ``misere_work`` and ``genus_work`` are taken here
/// as well; the period search's ``max_len``, ``max_work``, ``threads`` and
/// the files of ``save`` and ``resume`` are those of normal play only).
///
/// >>> s = grundy.sequence(12, game="0.77")
/// >>> s.values, s.preperiod, s.period, s.certified
/// ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 71, 12, True)
#[pyfunction]
#[pyo3(signature = (length, game=None, moves=None, *, max_len=None, max_work=None, threads=None, save=None, resume=None, force=false, progress=None, play="normal", misere_len=None, misere_work=None, genus_work=None))]
#[pyo3(
    text_signature = "(length, game=None, moves=None, *, max_len=1048576, max_work=400000000, threads=None, save=None, resume=None, force=False, progress=None, play='normal', misere_len=200, misere_work=None, genus_work=2000000)"
)]
#[allow(clippy::too_many_arguments)]
pub fn sequence(
    py: Python<'_>,
    length: &Bound<'_, PyAny>,
    game: Option<&Bound<'_, PyAny>>,
    moves: Option<&Bound<'_, PyAny>>,
    max_len: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    save: Option<PathBuf>,
    resume: Option<PathBuf>,
    force: bool,
    progress: Option<&Bound<'_, PyAny>>,
    play: &str,
    misere_len: Option<&Bound<'_, PyAny>>,
    misere_work: Option<&Bound<'_, PyAny>>,
    genus_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let pending = Pending::default();
    let game = heap_game(game, moves, &pending)?;
    let length = u64_arg(length, "length")?;
    let given = |arg: Option<&Bound<'_, PyAny>>| arg.is_some_and(|a| !a.is_none());
    let normal = [("max_len", given(max_len)), ("max_work", given(max_work)), ("threads", given(threads))]
        .into_iter()
        .chain([("save", save.is_some()), ("resume", resume.is_some()), ("force", force)]);
    let misere = [
        ("misere_len", given(misere_len)),
        ("misere_work", given(misere_work)),
        ("genus_work", given(genus_work)),
    ];
    let (other, play) = match lib(play.parse::<Play>())? {
        Play::Normal => (misere.into_iter().find(|a| a.1), "normal"),
        Play::Misere => (normal.into_iter().find(|a| a.1), "misere"),
    };
    if let Some((name, _)) = other {
        return Err(PyValueError::new_err(format!(
            "`{name}` is not an option of play={play:?}: leave it out"
        )));
    }
    if play == "misere" {
        let args = MisereArgs::new(length, misere_len, misere_work, genus_work)?;
        let progress = Progress::new(py, progress, "grundy.sequence")?;
        let q = explore(py, &game, length, args, &pending, &progress)?;
        return Ok(Py::new(py, q)?.into_any());
    }
    check_length(length)?;
    let length = length as usize;
    let mut limits = limits(max_len, max_work, threads)?;
    if let HeapGame::Rules(_) = game {
        // no period can be certified: values beyond those asked for serve nothing
        limits = lib(Limits::new(limits.max_len().min(length.max(1)), limits.max_work()))?
            .with_threads(limits.threads());
    }
    lib(game.check_request_within(length, "length", limits.max_work()))?;
    // the save file is checked and the resumed values read before any work
    let out = save.as_ref().map(|path| saved::save_file(path, force));
    let mut run = lib(py.detach(|| SavedRun::new(&game, resume.as_deref(), out)))?;
    let progress = Progress::new(py, progress, "grundy.sequence")?;
    let analysis = detached_with(py, &pending, &progress, |ctx| {
        ctx.budget.check_memory(12.0 * length as f64, "the list of values", "length")?;
        run.analyze(&game, length, limits, ctx)
    });
    progress.close(py)?;
    let analysis = match (analysis, &save) {
        (Err(e), Some(path)) if e.is_instance_of::<PyKeyboardInterrupt>(py) => {
            let saved = PyKeyboardInterrupt::new_err(format!(
                "{} values are saved in {}; go on with resume={:?}",
                run.kept(),
                path.display(),
                path.display().to_string()
            ));
            saved.set_cause(py, Some(e));
            return Err(saved);
        }
        (analysis, _) => analysis?,
    };
    Ok(Py::new(py, Sequence::new(py, &game, analysis, length)?)?.into_any())
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
        let statistics = (!summary.certified).then(|| {
            ValueStatistics::of(game, &analysis.values[..analysis.computed.min(analysis.values.len())])
        });
        Ok(Sequence {
            values: Packed::new(py, shown)?,
            list: PyOnceLock::new(),
            bands: analysis.periodic.as_ref().map(|p| (p.preperiod(), p.period())),
            preperiod: summary.preperiod,
            period: summary.period,
            saltus: summary.saltus,
            observed_to: summary.observed_to,
            statistics,
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
