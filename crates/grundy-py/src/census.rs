//! The per-game work of `grundy.census` (orchestrated in Python by
//! `python/grundy/census.py`, locally or on a Dask cluster): one game computed
//! or its kept record checked with the GIL released ([`census_task`]), the
//! records passed as the JSON lines the library writes, and the census
//! folder read and written by the library ([`CensusFolder`]), so that the
//! command line's `census --out` and Python read and write the same files with
//! the same code.

use crate::args::{u64_arg, u64_or};
use crate::errors::lib;
use crate::run::{Pending, Progress, detached, detached_until};
use grundy::census::{
    CENSUS_CHECKPOINT_WORK, CENSUS_MAX_LEN, CENSUS_MAX_TOTAL_WORK, CENSUS_MAX_VALUES_DISK, CENSUS_MAX_WORK,
    ClaimTimes, ClaimWay, GameRecord, KeepValues, Owner, ShiftPart, TaskRun, ValuesKept,
};
use grundy::heap::{Limits, OctalCode};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The census defaults as module attributes: ``CENSUS_MAX_LEN``,
/// ``CENSUS_MAX_WORK``, ``CENSUS_MAX_TOTAL_WORK`` and ``CENSUS_FORMAT``.
pub fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CENSUS_MAX_LEN", CENSUS_MAX_LEN)?;
    m.add("CENSUS_MAX_WORK", CENSUS_MAX_WORK)?;
    m.add("CENSUS_MAX_TOTAL_WORK", CENSUS_MAX_TOTAL_WORK)?;
    m.add("CENSUS_CHECKPOINT_WORK", CENSUS_CHECKPOINT_WORK)?;
    m.add("CENSUS_MAX_VALUES_DISK", CENSUS_MAX_VALUES_DISK)?;
    m.add("CENSUS_FORMAT", GameRecord::FORMAT)
}

fn census_limits(
    max_len: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<Limits> {
    let max_len = u64_or(max_len, "max_len", CENSUS_MAX_LEN as u64)?;
    lib(Limits::new(
        usize::try_from(max_len).unwrap_or(usize::MAX),
        u64_or(max_work, "max_work", CENSUS_MAX_WORK)?,
    ))
}

/// A flag that stops every :func:`census_task` given it (signals reach only
/// Python's main thread; the games run on others).
#[pyclass(frozen)]
pub struct CensusStop(pub(crate) Arc<AtomicBool>);

/// The flag of ``stop``, or one never set.
pub(crate) fn stop_flag(stop: Option<&CensusStop>) -> Arc<AtomicBool> {
    stop.map_or_else(|| Arc::new(AtomicBool::new(false)), |s| s.0.clone())
}

/// How a task of this process claims its game in a census folder, as
/// the command line does (``grundy::census::ClaimWay``): with `defer`, one
/// try (a game another live process holds is handed back, and the caller
/// submits it again, without `defer`, after the others); without, waited
/// for (a claim silent for two minutes taken over) until the task is stopped.
pub(crate) fn claim_way(owner: &Owner, defer: bool) -> ClaimWay<'_> {
    let times = ClaimTimes::default();
    match defer {
        true => ClaimWay::Try { owner, seen: None, times },
        false => ClaimWay::Wait { owner, times, every: Duration::from_millis(500) },
    }
}

#[pymethods]
impl CensusStop {
    #[new]
    fn new() -> Self {
        CensusStop(Arc::new(AtomicBool::new(false)))
    }

    /// Stops the games given this flag at their next check.
    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether :meth:`set` was called.
    fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
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
    let record = detached(py, &Pending::default(), |ctx| grundy::census::census_game(&code, limits, ctx))?;
    Ok(record.to_json())
}

/// What :func:`census_task` returns: the record (a JSON line), whether it is
/// the kept one, why the kept one was not used, the kept values the
/// computation went on from, why the kept values were not used, a leader's
/// values (``bytes``) and a derived record's shift; or ``None`` for a game
/// deferred because another process holds it.
type TaskDone =
    Option<(String, bool, Option<String>, usize, Option<String>, Option<Py<PyBytes>>, Option<usize>)>;

/// Values as ``bytes``: four little-endian bytes each.
fn values_bytes(py: Python<'_>, values: &[u32]) -> Py<PyBytes> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    PyBytes::new(py, &bytes).unbind()
}

/// The values of ``bytes`` of :func:`values_bytes` (``ValueError`` naming
/// ``leader`` when their length is no multiple of four).
fn bytes_values(bytes: &[u8]) -> PyResult<Vec<u32>> {
    if !bytes.len().is_multiple_of(4) {
        return Err(PyValueError::new_err("leader: values are four bytes each"));
    }
    Ok(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

/// One game of a census, ``code``, given the certified record its folder kept
/// (``kept``, a JSON line, or ``None``): the record checked
/// (``grundy::census::census_resume_kept``), or the game computed — with
/// ``out`` (the census folder), going on from the values kept there and
/// keeping its values as ``keep_values`` says (``"none"``, ``"open"``,
/// ``"all"``), written every ``checkpoint_work`` mex steps while it runs.
/// Returns ``(record, resumed, rejected, extended_from, values_warning)``:
/// the record as a JSON line, whether it is the kept one, why the kept one
/// was not used, the kept values the computation went on from, and why the
/// kept values were not used. ``stop`` (a :class:`CensusStop`) stops it from
/// any thread, with ``KeyboardInterrupt``.
///
/// With ``out`` the game is claimed first, as ``grundy census --out`` claims
/// it (:func:`claim`), and its record is written to ``out`` before the
/// claim is released; a game another process holds returns ``None`` with
/// ``defer`` (submit it again later without), and is waited for without.
///
/// In a shift group (``grundy::census::ShiftPart``, :attr:`CensusPlan.derived`):
/// ``lead=True`` hands the game's values back as ``bytes`` (four
/// little-endian bytes a value) for its derived games; a derived game is
/// given its ``delay`` and its leader's values in ``leader`` (``None`` when
/// the leader handed back none: computed as itself) and builds its record
/// from them, returning the delay as ``shift`` (``None`` when it was
/// computed as itself or read back).
#[pyfunction]
#[pyo3(signature = (code, kept=None, *, max_len=None, max_work=None, stop=None, out=None, keep_values="open", checkpoint_work=None, defer=false, lead=false, leader=None, delay=None))]
#[allow(clippy::too_many_arguments)]
pub fn census_task(
    py: Python<'_>,
    code: &str,
    kept: Option<&str>,
    max_len: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
    stop: Option<&CensusStop>,
    out: Option<std::path::PathBuf>,
    keep_values: &str,
    checkpoint_work: Option<&Bound<'_, PyAny>>,
    defer: bool,
    lead: bool,
    leader: Option<&Bound<'_, PyBytes>>,
    delay: Option<usize>,
) -> PyResult<TaskDone> {
    let limits = census_limits(max_len, max_work)?;
    let leader = leader.map(|b| bytes_values(b.as_bytes())).transpose()?;
    let kept = kept.map(|k| lib(GameRecord::from_json(k))).transpose()?;
    let keep = lib(KeepValues::parse(keep_values))?;
    let every = u64_or(checkpoint_work, "checkpoint_work", CENSUS_CHECKPOINT_WORK)?.max(1);
    let folder = out.map(|d| lib(grundy::census::CensusFolder::open(d))).transpose()?;
    let stop = stop_flag(stop);
    let code = code.to_string();
    let done = detached_until(py, &Pending::default(), &stop, &Progress::default(), |ctx| {
        let owner = Owner::this_process();
        let claim = claim_way(&owner, defer);
        let values = folder.as_ref().map(|folder| ValuesKept { folder, keep, every });
        let part = match (delay, lead) {
            (Some(delay), _) => ShiftPart::Derived { leader: leader.as_deref(), delay },
            (None, true) => ShiftPart::Leader,
            (None, false) => ShiftPart::Alone,
        };
        let (folder, kept) = (folder.as_ref(), kept.as_ref());
        Ok(match grundy::census::census_task(folder, &code, kept, limits, values, part, claim, ctx)? {
            TaskRun::Held(_) => None,
            TaskRun::Done(done) => Some(done),
        })
    })?;
    Ok(done.map(|d| {
        let values = d.values.as_deref().map(|v| values_bytes(py, v));
        (d.record.to_json(), d.resumed, d.rejected, d.extended_from, d.values_warning, values, d.shift)
    }))
}

/// The estimated bytes of one game's values file to ``max_len`` values
/// (``grundy::census::census_values_disk``), checked for ``games`` games
/// against ``max_values_disk`` (``TooLargeError`` naming it); returns the
/// estimate of one game.
#[pyfunction]
#[pyo3(signature = (games, *, max_len=None, max_values_disk=None))]
pub fn census_values_disk(
    games: usize,
    max_len: Option<&Bound<'_, PyAny>>,
    max_values_disk: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let limits = census_limits(max_len, None)?;
    let per_game = grundy::census::census_values_disk(limits.max_len());
    let bound = u64_or(max_values_disk, "max_values_disk", CENSUS_MAX_VALUES_DISK)?;
    lib(grundy::census::census_values_check(per_game, games, bound))?;
    Ok(per_game)
}

/// :func:`census_values_disk`'s check of ``games`` games, and the line a
/// census shows before any game starts when it keeps values (as ``grundy
/// census`` prints it on stderr): the games, their estimated ``work``, the
/// folder ``out``, ``keep_values``, the disk a game and in all.
#[pyfunction]
#[pyo3(signature = (games, work, out, keep_values, *, max_len=None, max_values_disk=None))]
pub fn census_values_note(
    games: usize,
    work: f64,
    out: std::path::PathBuf,
    keep_values: &str,
    max_len: Option<&Bound<'_, PyAny>>,
    max_values_disk: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let per_game = census_values_disk(games, max_len, max_values_disk)?;
    let total = per_game.saturating_mul(games as u64);
    Ok(grundy::census::census_values_note(games, work, &out, keep_values, per_game, total))
}

/// A rough cost of :func:`census_game` (mex steps), to schedule the longest
/// games first and to check a census's total: a probe of the first 2048
/// values.
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
    detached(py, &Pending::default(), |ctx| grundy::census::census_estimate_in(&code, limits, ctx))
}

/// The indices of a census's games whose estimates stand for all of ``games``
/// (``grundy::census::census_sample``).
#[pyfunction]
pub fn census_sample(games: usize) -> Vec<usize> {
    grundy::census::census_sample(games)
}

/// The estimated work of a census of ``games`` games from the estimates of
/// some of them; a census over ``max_total_work`` is refused with
/// ``TooLargeError`` (``grundy::census::census_total_work``).
#[pyfunction]
#[pyo3(signature = (estimates, games, *, max_total_work=None))]
pub fn census_total_work(
    estimates: Vec<f64>,
    games: usize,
    max_total_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<f64> {
    let limit = u64_or(max_total_work, "max_total_work", CENSUS_MAX_TOTAL_WORK)?;
    lib(grundy::census::census_total_work(&estimates, games, limit))
}

/// A census folder (``grundy::census::CensusFolder``): made if missing, and checked
/// to be a folder a file can be written in (``ValueError`` naming ``out``).
#[pyclass(frozen)]
pub struct CensusFolder(pub(crate) grundy::census::CensusFolder);

#[pymethods]
impl CensusFolder {
    #[new]
    fn new(out: std::path::PathBuf) -> PyResult<Self> {
        lib(grundy::census::CensusFolder::open(out)).map(CensusFolder)
    }

    /// Refuses (``ValueError``) a record of ``canonical`` that exists as
    /// anything but a regular file.
    fn check(&self, canonical: &str) -> PyResult<()> {
        lib(self.0.check(canonical))
    }

    /// The path of the record of ``canonical``.
    fn record_path(&self, canonical: &str) -> std::path::PathBuf {
        self.0.record_path(canonical)
    }

    /// The path of the values file of ``canonical`` (``<canonical>.values``,
    /// the format of ``sequence --save``).
    fn values_path(&self, canonical: &str) -> std::path::PathBuf {
        self.0.values_path(canonical)
    }

    /// Writes a record (a JSON line of :func:`census_task`) to its file,
    /// through a temporary file renamed over it.
    fn write(&self, record: &str) -> PyResult<()> {
        lib(GameRecord::from_json(record).and_then(|r| self.0.write(&r)))
    }
}

/// The plan of a census (``grundy::census::census_plan``, as ``grundy
/// census`` makes it): the codes grouped by game, the value classes, the
/// classes whose records ``out`` keeps (read back), the tasks to run and the
/// damaged records to warn of; ``estimate(k)`` is task ``k``'s estimated work.
#[pyclass(frozen)]
pub struct CensusPlan {
    plan: grundy::census::CensusPlan,
    limits: Limits,
}

#[pymethods]
impl CensusPlan {
    #[new]
    #[pyo3(signature = (codes, out=None, *, max_len=None, max_work=None))]
    fn new(
        codes: Vec<String>,
        out: Option<&CensusFolder>,
        max_len: Option<&Bound<'_, PyAny>>,
        max_work: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let limits = census_limits(max_len, max_work)?;
        let plan = lib(grundy::census::census_plan(&codes, out.map(|f| &f.0), limits))?;
        Ok(CensusPlan { plan, limits })
    }

    /// The games: ``(canonical, codes)``, in the order their first code came.
    #[getter]
    fn games(&self) -> Vec<(String, Vec<String>)> {
        self.plan.games.iter().map(|g| (g.canonical.clone(), g.codes.clone())).collect()
    }

    /// The value classes: lists of indices into :attr:`games`, each
    /// computed once, as its first game unless a record says otherwise.
    #[getter]
    fn classes(&self) -> Vec<Vec<usize>> {
        self.plan.classes.clone()
    }

    /// The classes read back: ``(class, game, record)``, the record a JSON line.
    #[getter]
    fn ready(&self) -> Vec<(usize, usize, String)> {
        self.plan.ready.iter().map(|(c, g, r)| (*c, *g, r.to_json())).collect()
    }

    /// The tasks: ``(class, game, kept)``, ``kept`` the certified record to
    /// check (a JSON line) or ``None``.
    #[getter]
    fn tasks(&self) -> Vec<(usize, usize, Option<String>)> {
        self.plan.tasks.iter().map(|t| (t.class, t.game, t.kept.as_ref().map(GameRecord::to_json))).collect()
    }

    /// Per task, ``None`` or ``(leader, delay)`` for a derived task of a
    /// shift group: it runs once task ``leader`` is done, given its values
    /// (``lead=True`` in :func:`census_task` hands them back), which are its
    /// own ``delay`` heaps later.
    #[getter]
    fn derived(&self) -> Vec<Option<(usize, usize)>> {
        self.plan.tasks.iter().map(|t| t.derived.map(|d| (d.leader, d.delay))).collect()
    }

    /// Per task, whether it leads a shift group: derived tasks wait for its
    /// values.
    #[getter]
    fn leads(&self) -> Vec<bool> {
        self.plan.tasks.iter().map(|t| t.leads).collect()
    }

    /// The damaged records, computed again: ``(path, why)``.
    #[getter]
    fn damaged(&self) -> Vec<(std::path::PathBuf, String)> {
        self.plan.damaged.clone()
    }

    /// The estimated work of task ``k`` (mex steps), computed with the GIL released.
    fn estimate(&self, py: Python<'_>, k: usize) -> PyResult<f64> {
        detached(py, &Pending::default(), |ctx| self.plan.estimate(k, self.limits, ctx))
    }
}

/// The order to run tasks of these estimated costs: longest first, ties in
/// the order given (``grundy::census::census_order``).
#[pyfunction]
pub fn census_order(estimates: Vec<f64>) -> Vec<usize> {
    grundy::census::census_order(&estimates)
}

/// The canonical representative of a code's game: the same text for exactly
/// the codes with the same rules (``"0.770"`` and ``".77"`` are ``"0.77"``).
#[pyfunction]
pub fn canonical_code(code: &str) -> PyResult<String> {
    Ok(grundy::census::canonical_code(&lib(OctalCode::parse(code))?))
}

/// The value classes of ``codes`` (``grundy::census::value_classes``): lists of
/// indices into ``codes``, the codes of each shown to have the same nim-value
/// at every heap; a census computes the first of each.
#[pyfunction]
pub fn value_classes(codes: Vec<String>) -> PyResult<Vec<Vec<usize>>> {
    let parsed = codes.iter().map(|c| lib(OctalCode::parse(c))).collect::<PyResult<Vec<_>>>()?;
    Ok(grundy::census::value_classes(&parsed))
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
    lib(grundy::census::census_codes(digits, &first_digit.unwrap_or_else(|| vec![0]), hex))
}
