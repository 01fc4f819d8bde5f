//! `grundy.sequence`: the nim-values of a heap game and its certified period.

use crate::args::{heap_game, limits, u64_arg};
use crate::errors::lib;
use crate::run::{Pending, Progress, detached_with};
use grundy::census::ValueStatistics;
use grundy::census::saved::{self, SavedRun};
use grundy::heap::{Analysis, Limits, Stop};
use grundy::{Error, HeapGame};
use pyo3::exceptions::{PyIndexError, PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyMemoryView, PySlice};
use std::path::PathBuf;

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
///
/// The values are kept in one buffer of unsigned ints of the narrowest width
/// that holds them (1, 2 or 4 bytes): ``seq[i]``, ``seq[a:b]``, ``iter(seq)``
/// and ``len(seq)`` read it; ``seq.array`` is a read-only ``memoryview`` of
/// it and ``numpy.asarray(seq)`` (or ``seq.to_numpy()``) a read-only numpy
/// array sharing it, both without a copy. ``values`` builds a Python list of
/// them on first use (8 bytes or more per value) and keeps it.
#[pyclass(frozen, module = "grundy")]
pub struct Sequence {
    /// The values, native-endian unsigned ints of `width` bytes each: a
    /// `bytes` object, immutable, so every view of it is read-only.
    buffer: Py<PyBytes>,
    /// 1, 2 or 4.
    width: usize,
    /// How many values.
    len: usize,
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
            let list = PyList::new(py, (0..self.len).map(|i| self.get(py, i)))?;
            Ok::<_, PyErr>(list.unbind())
        })?;
        Ok(list.clone_ref(py))
    }

    /// The values as a read-only ``memoryview`` of format ``"B"``, ``"H"`` or
    /// ``"I"`` (1, 2 or 4 bytes per value, the narrowest that holds them),
    /// sharing the sequence's buffer: no copy.
    #[getter]
    fn array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let view = PyMemoryView::from(self.buffer.bind(py).as_any())?;
        view.call_method1("cast", (self.format(),))
    }

    /// The bytes per value of ``array``: 1, 2 or 4.
    #[getter]
    fn itemsize(&self) -> usize {
        self.width
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
        let dict = PyDict::new(py);
        let endian = if cfg!(target_endian = "little") { '<' } else { '>' };
        let typestr = if self.width == 1 { "|u1".to_string() } else { format!("{endian}u{}", self.width) };
        let address = self.buffer.bind(py).as_bytes().as_ptr() as usize;
        dict.set_item("version", 3)?;
        dict.set_item("shape", (self.len,))?;
        dict.set_item("typestr", typestr)?;
        dict.set_item("data", (address, true))?;
        Ok(dict)
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
        let shown = limit.map_or(self.len, |l| l.min(self.len));
        let values: Vec<u32> = (0..shown).map(|i| self.get(py, i)).collect();
        let title = if shown < self.len {
            format!("{} (the first {shown} of {} values)", self.game, self.len)
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
            ("length", self.len.to_string()),
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
        if self.len > 0 {
            html.push_str(&self.svg(py, Some(HTML_PLOT_VALUES))?);
        }
        html.push_str("</div>");
        Ok(html)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let shown: Vec<String> = (0..self.len.min(20)).map(|i| self.get(py, i).to_string()).collect();
        let more = if self.len > 20 { format!(", … ({} values)", self.len) } else { String::new() };
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
        self.len
    }

    /// ``seq[i]`` (negative ``i`` from the end) is an int; ``seq[a:b:c]`` a list.
    fn __getitem__<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            return self.array(py)?.get_item(slice)?.call_method0("tolist");
        }
        let i: isize = index.extract()?;
        let at = if i < 0 { i + self.len as isize } else { i };
        if at < 0 || at as usize >= self.len {
            return Err(PyIndexError::new_err("Sequence index out of range"));
        }
        Ok(self.get(py, at as usize).into_pyobject(py)?.into_any())
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
/// >>> s = grundy.sequence(12, game="0.77")
/// >>> s.values, s.preperiod, s.period, s.certified
/// ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 71, 12, True)
#[pyfunction]
#[pyo3(signature = (length, game=None, moves=None, *, max_len=None, max_work=None, threads=None, save=None, resume=None, force=false, progress=None))]
#[pyo3(
    text_signature = "(length, game=None, moves=None, *, max_len=1048576, max_work=400000000, threads=None, save=None, resume=None, force=False, progress=None)"
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
) -> PyResult<Sequence> {
    let pending = Pending::default();
    let game = heap_game(game, moves, &pending)?;
    let length = u64_arg(length, "length")?;
    if length > MAX_LENGTH {
        return Err(PyValueError::new_err(format!("`length` is limited to {MAX_LENGTH}")));
    }
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
        let statistics = (!summary.certified).then(|| {
            ValueStatistics::of(game, &analysis.values[..analysis.computed.min(analysis.values.len())])
        });
        let top = shown.iter().copied().max().unwrap_or(0);
        let width = if top <= u8::MAX as u32 {
            1
        } else if top <= u16::MAX as u32 {
            2
        } else {
            4
        };
        let buffer = PyBytes::new_with(py, length * width, |bytes| {
            match width {
                1 => bytes.iter_mut().zip(shown).for_each(|(b, &v)| *b = v as u8),
                2 => bytes
                    .chunks_exact_mut(2)
                    .zip(shown)
                    .for_each(|(b, &v)| b.copy_from_slice(&(v as u16).to_ne_bytes())),
                _ => bytes
                    .chunks_exact_mut(4)
                    .zip(shown)
                    .for_each(|(b, &v)| b.copy_from_slice(&v.to_ne_bytes())),
            }
            Ok(())
        })?;
        Ok(Sequence {
            buffer: buffer.unbind(),
            width,
            len: length,
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

    /// The value at `i < len`.
    fn get(&self, py: Python<'_>, i: usize) -> u32 {
        let bytes = self.buffer.bind(py).as_bytes();
        match self.width {
            1 => bytes[i] as u32,
            2 => u16::from_ne_bytes([bytes[2 * i], bytes[2 * i + 1]]) as u32,
            _ => u32::from_ne_bytes(bytes[4 * i..4 * i + 4].try_into().expect("4 bytes")),
        }
    }

    /// The struct format of `array`.
    fn format(&self) -> &'static str {
        match self.width {
            1 => "B",
            2 => "H",
            _ => "I",
        }
    }
}
