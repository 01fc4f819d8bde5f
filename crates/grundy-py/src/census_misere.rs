//! The per-game work of `grundy.census(..., play="misere")` (orchestrated in
//! Python by `python/grundy/census.py`, as the normal census): one code's
//! misère quotient computed with the GIL released ([`misere_census_task`]),
//! its record passed as the JSON line the library writes, and the census
//! folder's `<canonical>.misere.json` records read and written by the
//! library, so that `grundy census --play misere --out` and Python read and
//! write the same files with the same code and the same claims.

use crate::args::u64_or;
use crate::census::{CensusFolder, CensusStop, claim_way, stop_flag};
use crate::errors::lib;
use crate::run::{Pending, Progress, detached, detached_until};
use grundy::census::{Owner, TaskRun};
use grundy::misere::MisereLimits;
use grundy::misere::census::{
    MISERE_CENSUS_LEN, MISERE_CENSUS_TOTAL_WORK, MISERE_CENSUS_WORK, MISERE_VERIFY_SIZE, MisereRecord,
    misere_census_request,
};
use pyo3::prelude::*;

/// The misère census's defaults as module attributes: ``MISERE_CENSUS_LEN``,
/// ``MISERE_CENSUS_WORK``, ``MISERE_CENSUS_TOTAL_WORK`` and
/// ``MISERE_VERIFY_SIZE``.
pub fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MISERE_CENSUS_LEN", MISERE_CENSUS_LEN)?;
    m.add("MISERE_CENSUS_WORK", MISERE_CENSUS_WORK)?;
    m.add("MISERE_CENSUS_TOTAL_WORK", MISERE_CENSUS_TOTAL_WORK)?;
    m.add("MISERE_VERIFY_SIZE", MISERE_VERIFY_SIZE)
}

fn limits(
    misere_len: Option<&Bound<'_, PyAny>>,
    misere_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<MisereLimits> {
    let len = u64_or(misere_len, "misere_len", MISERE_CENSUS_LEN as u64)?;
    let work = u64_or(misere_work, "misere_work", MISERE_CENSUS_WORK)?;
    lib(MisereLimits::new(usize::try_from(len).unwrap_or(usize::MAX), work))
}

/// The checks of a census's request made before any work, as ``grundy
/// census`` makes them (``grundy::misere::census::misere_census_request``):
/// ``verify`` only with ``play="misere"``, ``verify_size`` from 1 to 200, the
/// limits in range, and ``games`` computed within ``misere_total_work``
/// (``TooLargeError``). Returns ``verify_size``.
#[pyfunction]
#[pyo3(signature = (misere, verify, *, games=0, misere_len=None, misere_work=None, misere_total_work=None, verify_size=None))]
#[allow(clippy::too_many_arguments)]
pub fn misere_census_request_check(
    misere: bool,
    verify: bool,
    games: usize,
    misere_len: Option<&Bound<'_, PyAny>>,
    misere_work: Option<&Bound<'_, PyAny>>,
    misere_total_work: Option<&Bound<'_, PyAny>>,
    verify_size: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    let size = u64_or(verify_size, "verify_size", MISERE_VERIFY_SIZE)?;
    let work = u64_or(misere_work, "misere_work", MISERE_CENSUS_WORK)?;
    let total = u64_or(misere_total_work, "misere_total_work", MISERE_CENSUS_TOTAL_WORK)?;
    let size = lib(misere_census_request(misere, verify, size, games, work, total))?;
    if misere {
        limits(misere_len, misere_work)?;
    }
    Ok(size)
}

/// The plan of a misère census (``grundy::misere::census::misere_census_plan``,
/// as ``grundy census --play misere`` makes it): ``(games, ready, tasks,
/// damaged)`` — the games as ``(canonical, codes)``, those ``folder``
/// keeps a standing record of as ``(game, record)`` (a JSON line), the
/// games to compute, and the damaged records as ``(path, why)``.
#[pyfunction]
#[pyo3(signature = (codes, folder=None, *, misere_len=None, misere_work=None))]
#[allow(clippy::type_complexity)]
pub fn misere_census_plan(
    py: Python<'_>,
    codes: Vec<String>,
    folder: Option<&CensusFolder>,
    misere_len: Option<&Bound<'_, PyAny>>,
    misere_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<(String, Vec<String>)>, Vec<(usize, String)>, Vec<usize>, Vec<(std::path::PathBuf, String)>)>
{
    let limits = limits(misere_len, misere_work)?;
    let folder = folder.map(|f| &f.0);
    let plan = detached(py, &Pending::default(), |ctx| {
        grundy::misere::census::misere_census_plan(&codes, folder, limits, ctx)
    })?;
    Ok((
        plan.games.into_iter().map(|g| (g.canonical, g.codes)).collect(),
        plan.ready.into_iter().map(|(g, r)| (g, r.to_json())).collect(),
        plan.tasks,
        plan.damaged,
    ))
}

/// The independent check of a certified record (a JSON line) on the sums of
/// heaps totalling at most ``verify_size``, as the JSON object a row shows
/// under ``verification`` (``None`` for an open record).
#[pyfunction]
#[pyo3(signature = (record, *, verify_size=None))]
pub fn misere_census_verify(
    py: Python<'_>,
    record: &str,
    verify_size: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<String>> {
    let record = lib(MisereRecord::from_json(record))?;
    let size = lib(misere_census_request(
        true,
        true,
        u64_or(verify_size, "verify_size", MISERE_VERIFY_SIZE)?,
        0,
        0,
        0,
    ))?;
    detached(py, &Pending::default(), |ctx| record.verification_json(size, ctx))
}

/// One code of a misère census, ``code`` (canonical), computed on this thread
/// with the GIL released: ``(record, resumed)``, the record as a JSON line.
/// With ``out`` (the census folder) the game is claimed first, as ``grundy
/// census --play misere --out`` claims it, a record another process wrote
/// meanwhile read back (``resumed``), and the record written before the
/// claim is released; a game another process holds returns ``None`` with
/// ``defer`` (submit it again later without), and is waited for without.
/// ``stop`` (a :class:`CensusStop`) stops it from any thread, with
/// ``KeyboardInterrupt``.
#[pyfunction]
#[pyo3(signature = (code, *, misere_len=None, misere_work=None, stop=None, out=None, defer=false))]
pub fn misere_census_task(
    py: Python<'_>,
    code: &str,
    misere_len: Option<&Bound<'_, PyAny>>,
    misere_work: Option<&Bound<'_, PyAny>>,
    stop: Option<&CensusStop>,
    out: Option<std::path::PathBuf>,
    defer: bool,
) -> PyResult<Option<(String, bool)>> {
    let limits = limits(misere_len, misere_work)?;
    let folder = out.map(|d| lib(grundy::census::CensusFolder::open(d))).transpose()?;
    let stop = stop_flag(stop);
    let done = detached_until(py, &Pending::default(), &stop, &Progress::default(), |ctx| {
        let owner = Owner::this_process();
        let claim = claim_way(&owner, defer);
        Ok(match grundy::misere::census::misere_census_task(folder.as_ref(), code, limits, claim, ctx)? {
            TaskRun::Held(_) => None,
            TaskRun::Done(done) => Some(done),
        })
    })?;
    Ok(done.map(|(record, resumed)| (record.to_json(), resumed)))
}
