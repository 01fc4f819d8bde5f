//! The counting functions: one per subcommand of the command line, keyword
//! arguments named as its flags, every count a Python `int`.

use crate::args::{Request, heap_game, limits, subtraction_set, u64_arg, u64_or, u128_arg, usize_arg};
use crate::errors::{lib, type_name};
use crate::run::{Pending, Progress, detached};
use grundy::misere::MisereLimits;
use grundy::primes::PrimeMethod;
use grundy::{
    Board, BoardRules, BoardToken, CoprimeMethod, CoprimeNim, DivisorNim, Heaps, SilverDollar,
    SubtractionSet, Sum, Values,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

/// Counts the placements of ``tokens`` distinguishable tokens on the board
/// ``{0..n-1}^dims`` that are won by the player to move (``count="winning"``) or
/// lost (``"losing"``); a move lowers one coordinate of one token by a member
/// of ``moves`` (a list of ints, or a string such as ``"2,3,5,7"``), staying
/// at least 0. Cells may be shared.
///
/// Exact when ``modulus`` is None, otherwise modulo ``modulus`` (1 to 2^64 − 1).
/// ``max_len`` bounds the period search of one coordinate. ``progress=True``
/// shows a bar on stderr (tqdm if installed), or give a callable
/// ``progress(done, total)``.
///
/// >>> grundy.board(3, 2)
/// 40
#[pyfunction]
#[pyo3(signature = (n, tokens, moves=None, dims=None, modulus=None, count="winning", order="ordered", *, max_len=None, play="normal", misere_work=None, progress=None))]
#[pyo3(
    text_signature = "(n, tokens, moves=(2, 3, 5, 7), dims=2, modulus=None, count='winning', order='ordered', *, max_len=16777216, play='normal', misere_work=10000000, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn board<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    tokens: &Bound<'py, PyAny>,
    moves: Option<&Bound<'py, PyAny>>,
    dims: Option<&Bound<'py, PyAny>>,
    modulus: Option<&Bound<'py, PyAny>>,
    count: &str,
    order: &str,
    max_len: Option<&Bound<'py, PyAny>>,
    play: &str,
    misere_work: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = Request::new(modulus, count, order)?.with_play(play)?;
    let misere = misere_limits(misere_work)?;
    let moves = match moves {
        Some(m) if !m.is_none() => subtraction_set(m)?,
        _ => lib(SubtractionSet::new(vec![2, 3, 5, 7]))?,
    };
    let (n, tokens, dims) = (u64_arg(n, "n")?, u64_arg(tokens, "tokens")?, u64_or(dims, "dims", 2)?);
    let max_len = usize_arg(max_len, "max_len", BoardToken::DEFAULT_MAX_LEN)?;
    let game = lib(Board::new(BoardRules { n, dims, moves }, tokens))?.with_max_len(max_len);
    // an invalid max_len is refused even by a count that would not search for a period
    lib(game.component().limits())?;
    let progress = Progress::new(py, progress, "grundy.board")?;
    let board = game.with_misere_limits(misere).with_order(request.order()).with_play(request.play());
    request.count_showing(py, &board, &progress)
}

/// Counts the ``piles``-tuples (ordered; multisets or sets with ``order``) of Divisor Nim piles in ``1..=n`` won by
/// the player to move (``count="winning"``) or lost (``"losing"``); a move
/// subtracts a proper divisor of a pile.
///
/// Exact when ``modulus`` is None, otherwise modulo ``modulus`` (1 to 2^64 − 1).
/// ``order="multiset"`` counts sorted tuples ``a1 <= … <= aK``, ``"set"``
/// pairwise different components. ``progress=True`` shows a bar on stderr
/// (tqdm if installed), or give a callable ``progress(done, total)``.
///
/// >>> grundy.divisor_nim(10)
/// 692
#[pyfunction]
#[pyo3(signature = (n, piles=None, modulus=None, count="winning", order="ordered", *, play="normal", misere_work=None, progress=None))]
#[pyo3(
    text_signature = "(n, piles=3, modulus=None, count='winning', order='ordered', *, play='normal', misere_work=10000000, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn divisor_nim<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    piles: Option<&Bound<'py, PyAny>>,
    modulus: Option<&Bound<'py, PyAny>>,
    count: &str,
    order: &str,
    play: &str,
    misere_work: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = Request::new(modulus, count, order)?.with_play(play)?;
    let game = lib(DivisorNim::new(u64_arg(n, "n")?, u64_or(piles, "piles", 3)?))?
        .with_misere_limits(misere_limits(misere_work)?);
    let progress = Progress::new(py, progress, "grundy.divisor_nim")?;
    request.count_showing(py, &game.with_order(request.order()).with_play(request.play()), &progress)
}

/// Counts the ``piles``-tuples (ordered; multisets or sets with ``order``) of Coprime Nim piles in ``1..=n-1`` lost
/// by the player to move (``count="losing"``) or won (``"winning"``); a move
/// subtracts from a pile a number coprime to it.
///
/// ``method`` is ``"auto"`` (the cheaper one), ``"sieve"`` or ``"sublinear"``
/// (prime counting: ``n = 10**13`` takes seconds). Exact when ``modulus`` is
/// None, otherwise modulo ``modulus`` (1 to 2^64 − 1). ``progress=True`` shows
/// a bar on stderr (tqdm if installed) of the prime counting and the sum, or
/// give a callable ``progress(done, total)``.
///
/// >>> grundy.coprime_nim(10, 5)
/// 9964
#[pyfunction]
#[pyo3(signature = (n, piles, modulus=None, count="losing", order="ordered", method="auto", *, play="normal", misere_work=None, progress=None))]
#[pyo3(
    text_signature = "(n, piles, modulus=None, count='losing', order='ordered', method='auto', *, play='normal', misere_work=10000000, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn coprime_nim<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    piles: &Bound<'py, PyAny>,
    modulus: Option<&Bound<'py, PyAny>>,
    count: &str,
    order: &str,
    method: &str,
    play: &str,
    misere_work: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = Request::new(modulus, count, order)?.with_play(play)?;
    let method = coprime_method(method)?;
    let game = lib(CoprimeNim::new(u64_arg(n, "n")?, u64_arg(piles, "piles")?))?
        .with_method(method)
        .with_misere_limits(misere_limits(misere_work)?);
    let progress = Progress::new(py, progress, "grundy.coprime_nim")?;
    request.count_showing(py, &game.with_order(request.order()).with_play(request.play()), &progress)
}

/// Coprime Nim's prime counting method, by its name.
pub fn coprime_method(method: &str) -> PyResult<CoprimeMethod> {
    match method {
        "auto" => Ok(CoprimeMethod::Auto),
        "sieve" => Ok(CoprimeMethod::Sieve),
        "sublinear" => Ok(CoprimeMethod::Sublinear),
        _ => Err(PyValueError::new_err(format!("`method` must be auto, sieve or sublinear, not '{method}'"))),
    }
}

/// Counts the configurations of ``coins`` coins and one silver dollar on a
/// strip of ``n`` squares won by the player to move (``count="winning"``) or
/// lost (``"losing"``): every set of ``coins + 1`` occupied squares, times
/// every choice of the coin that is the dollar. A move slides a coin left
/// without jumping, or pockets the leftmost coin; pocketing the dollar wins.
///
/// Exact when ``modulus`` is None, otherwise modulo ``modulus`` (1 to 2^64 − 1).
/// ``progress=True`` shows a bar on stderr (tqdm if installed) of the carry
/// DP's bit levels, or give a callable ``progress(done, total)``.
///
/// >>> grundy.silver_dollar(10, 2)
/// 324
#[pyfunction]
#[pyo3(signature = (n, coins, modulus=None, count="winning", *, play="normal", progress=None))]
#[pyo3(text_signature = "(n, coins, modulus=None, count='winning', *, play='normal', progress=None)")]
pub fn silver_dollar<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    coins: &Bound<'py, PyAny>,
    modulus: Option<&Bound<'py, PyAny>>,
    count: &str,
    play: &str,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = Request::new(modulus, count, "ordered")?.with_play(play)?;
    request.normal_only("the silver dollar game is one strip of coins, not a sum of components")?;
    let game = lib(SilverDollar::new(u64_arg(n, "n")?, u64_arg(coins, "coins")?))?;
    let progress = Progress::new(py, progress, "grundy.silver_dollar")?;
    request.count_showing(py, &game, &progress)
}

/// Counts the ``piles``-tuples (ordered; multisets or sets with ``order``) of heaps with sizes in ``min..=n`` of one
/// heap game lost by the player to move (``count="losing"``) or won
/// (``"winning"``).
///
/// Give exactly one of ``game`` (an octal code such as ``"0.77"`` for Kayles, or
/// a :class:`grundy.HeapGame`) and ``moves`` (a subtraction set: a list of ints,
/// or a string such as ``"1,3,4"``). ``n`` may be as large as 2^64 − 1 when the
/// period is certified within ``max_len`` values and ``max_work`` mex steps,
/// computed on up to ``threads`` threads (default: all cores; the answer is the
/// same for any number). With ``play="misere"`` the misère quotient adjoins
/// heaps up to ``misere_len`` looking for its certificate, within
/// ``misere_work`` steps (about a second by default; ``board``,
/// ``divisor_nim`` and ``coprime_nim`` take ``misere_work`` too): a count
/// that needs more is refused, naming the heaps reached.
/// ``progress=True`` shows a bar on stderr (tqdm if installed), or give a
/// callable ``progress(done, total)``.
/// Exact when ``modulus`` is None, otherwise modulo ``modulus`` (1 to 2^64 − 1).
///
/// >>> grundy.heaps(3, 2, game="0.77")
/// 3
#[pyfunction]
#[pyo3(signature = (n, piles, game=None, moves=None, min=None, modulus=None, count="losing", order="ordered", *, max_len=None, max_work=None, play="normal", misere_len=None, misere_work=None, threads=None, progress=None))]
#[pyo3(
    text_signature = "(n, piles, game=None, moves=None, min=1, modulus=None, count='losing', order='ordered', *, max_len=1048576, max_work=400000000, play='normal', misere_len=200, misere_work=10000000, threads=None, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn heaps<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    piles: &Bound<'py, PyAny>,
    game: Option<&Bound<'py, PyAny>>,
    moves: Option<&Bound<'py, PyAny>>,
    min: Option<&Bound<'py, PyAny>>,
    modulus: Option<&Bound<'py, PyAny>>,
    count: &str,
    order: &str,
    max_len: Option<&Bound<'py, PyAny>>,
    max_work: Option<&Bound<'py, PyAny>>,
    play: &str,
    misere_len: Option<&Bound<'py, PyAny>>,
    misere_work: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = Request::new(modulus, count, order)?.with_play(play)?;
    let misere = misere_limits(misere_work)?.with_max_len(usize_arg(
        misere_len,
        "misere_len",
        MisereLimits::DEFAULT_MAX_LEN,
    )?);
    let game = heap_game(game, moves, &request.pending)?;
    let (n, piles, min) = (u64_arg(n, "n")?, u64_arg(piles, "piles")?, u64_or(min, "min", 1)?);
    let heaps = lib(Heaps::with_range(game, min, n, piles))?
        .with_limits(limits(max_len, max_work, threads)?)
        .with_misere_limits(misere);
    let progress = Progress::new(py, progress, "grundy.heaps")?;
    request.count_showing(py, &heaps.with_order(request.order()).with_play(request.play()), &progress)
}

/// Counts the ``piles``-tuples (ordered; multisets or sets with ``order``) of components whose positions have the
/// Grundy values you give, lost by the player to move (``count="losing"``) or
/// won (``"winning"``): ``values`` is an iterable of ints, one per position,
/// or with ``histogram=True`` of ``(value, count)`` pairs (or a dict
/// ``{value: count}``), ``count`` positions of that value.
///
/// Exact when ``modulus`` is None, otherwise modulo ``modulus`` (1 to 2^64 − 1).
///
/// >>> grundy.count([0, 1, 1, 2, 3], 2)
/// 7
#[pyfunction]
#[pyo3(signature = (values, piles, histogram=false, modulus=None, count="losing", order="ordered", *, play="normal"))]
#[allow(clippy::too_many_arguments)]
pub fn count<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    piles: &Bound<'py, PyAny>,
    histogram: bool,
    modulus: Option<&Bound<'py, PyAny>>,
    count: &str,
    order: &str,
    play: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let request = Request::new(modulus, count, order)?.with_play(play)?;
    request.normal_only("Grundy values alone do not determine misère outcomes")?;
    let values = values_arg(values, histogram)?;
    request.count(py, &Sum::of(values, u64_arg(piles, "piles")?).with_order(request.order()))
}

/// The values or `(value, count)` pairs of `values`, merged.
pub fn values_arg(values: &Bound<'_, PyAny>, histogram: bool) -> PyResult<Values> {
    let items = match values.cast::<PyDict>() {
        Ok(dict) if histogram => dict.items().into_any(),
        _ => values.clone(),
    };
    let iter = match items.is_instance_of::<PyString>() || items.is_instance_of::<PyBytes>() {
        true => None,
        false => items.try_iter().ok(),
    };
    let Some(iter) = iter else {
        let what = if histogram { "(value, count) pairs" } else { "ints" };
        let why = format!("`values` must be an iterable of {what}, not {}", type_name(values));
        return Err(PyTypeError::new_err(why));
    };
    // Plain values are kept at 8 bytes each (sized by `len()` when the
    // iterable has one), sorted and merged into (value, count) pairs: the
    // pairs, 32 bytes a distinct value, are what the count holds meanwhile.
    let py = values.py();
    let hint = items.len().unwrap_or(0);
    let mut plain: Vec<u64> = Vec::new();
    let mut pairs: Vec<(u64, u128)> = Vec::new();
    match histogram {
        false => plain.reserve_exact(hint),
        true => pairs.reserve_exact(hint),
    }
    for (i, item) in iter.enumerate() {
        if i % (1 << 16) == 0 {
            // Ctrl-C while a long iterable is read
            py.check_signals()?;
        }
        let item = item?;
        match histogram {
            false => plain.push(u64_arg(&item, "values")?),
            true => pairs.push(pair(&item)?),
        }
    }
    if !histogram {
        pairs = merged(py, plain)?;
    }
    py.check_signals()?;
    lib(Values::from_histogram(pairs))
}

/// Values sorted and merged into `(value, count)` pairs, stopping on Ctrl-C:
/// runs of `RUN` values are sorted one at a time, then merged by a heap of
/// run heads, with a signal check between runs and every `2^16` values out
/// (values already in order are merged in one pass).
fn merged(py: Python<'_>, mut plain: Vec<u64>) -> PyResult<Vec<(u64, u128)>> {
    const RUN: usize = 1 << 22;
    if plain.is_sorted() {
        // one run: no heap
        let mut pairs = Vec::with_capacity(plain.chunk_by(|a, b| a == b).count());
        for (i, run) in plain.chunk_by(|a, b| a == b).enumerate() {
            if i.is_multiple_of(1 << 16) {
                py.check_signals()?;
            }
            pairs.push((run[0], run.len() as u128));
        }
        return Ok(pairs);
    }
    for run in plain.chunks_mut(RUN) {
        py.check_signals()?;
        run.sort_unstable();
    }
    let runs: Vec<&[u64]> = plain.chunks(RUN).collect();
    let distinct = runs.iter().map(|r| r.chunk_by(|a, b| a == b).count()).sum::<usize>();
    let mut pairs: Vec<(u64, u128)> = Vec::with_capacity(distinct);
    let mut heads: std::collections::BinaryHeap<std::cmp::Reverse<(u64, usize, usize)>> = runs
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.is_empty())
        .map(|(i, r)| std::cmp::Reverse((r[0], i, 0)))
        .collect();
    let mut out = 0usize;
    while let Some(std::cmp::Reverse((v, i, at))) = heads.pop() {
        out += 1;
        if out.is_multiple_of(1 << 16) {
            py.check_signals()?;
        }
        match pairs.last_mut() {
            Some((last, c)) if *last == v => *c += 1,
            _ => pairs.push((v, 1)),
        }
        if let Some(&next) = runs[i].get(at + 1) {
            heads.push(std::cmp::Reverse((next, i, at + 1)));
        }
    }
    pairs.shrink_to_fit();
    Ok(pairs)
}

/// A `(value, count)` pair of a histogram.
fn pair(item: &Bound<'_, PyAny>) -> PyResult<(u64, u128)> {
    let parts: Option<Vec<Bound<'_, PyAny>>> = match item.is_instance_of::<PyString>() {
        true => None,
        false => item.try_iter().ok().and_then(|it| it.collect::<PyResult<Vec<_>>>().ok()),
    };
    match parts.as_deref() {
        Some([value, count]) => Ok((u64_arg(value, "values")?, u128_arg(count, "values")?)),
        _ => Err(PyTypeError::new_err(format!(
            "`values` with histogram=True holds (value, count) pairs, not {}",
            item.repr()?
        ))),
    }
}

/// The number of primes up to ``n``, by the prime counting behind
/// :func:`grundy.coprime_nim`, as ``grundy prime-pi`` computes it.
///
/// ``method`` is ``"gourdon"`` (the default, as ``grundy prime-pi``'s:
/// Gourdon's variant of the special-leaf sum, about ``n**(2/3) / log(n)**2``
/// time; up to about ``6 * 10**18``), ``"lmo"`` (the Lagarias–Miller–Odlyzko
/// special-leaf sum behind Coprime Nim's buckets, about ``n**(2/3)`` time, up
/// to about ``6 * 10**18``) or ``"lucy"`` (Lucy_Hedgehog's ``n**(3/4)`` DP,
/// kept as the reference, up to about ``2 * 10**16``). Larger ``n`` are
/// refused by the time or memory estimate before any work.
///
/// >>> grundy.prime_pi(100)
/// 25
#[pyfunction]
#[pyo3(signature = (n, method="gourdon"))]
pub fn prime_pi(py: Python<'_>, n: &Bound<'_, PyAny>, method: &str) -> PyResult<u64> {
    let n = u64_arg(n, "n")?;
    let method = match method {
        "gourdon" => PrimeMethod::Gourdon,
        "lmo" => PrimeMethod::Lmo,
        "lucy" => PrimeMethod::Lucy,
        _ => {
            return Err(PyValueError::new_err(format!(
                "`method` must be gourdon, lmo or lucy, not '{method}'"
            )));
        }
    };
    // the checks of the command line's prime-pi come first, inside the library
    detached(py, &Pending::default(), |ctx| grundy::primes::prime_pi(n, method, ctx))
}

/// The misère quotient's limits with ``misere_work`` (default
/// [`MisereLimits::DEFAULT_MAX_WORK`]).
pub fn misere_limits(misere_work: Option<&Bound<'_, PyAny>>) -> PyResult<MisereLimits> {
    Ok(MisereLimits::default().with_max_work(u64_or(
        misere_work,
        "misere_work",
        MisereLimits::DEFAULT_MAX_WORK,
    )?))
}
