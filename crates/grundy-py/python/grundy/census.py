"""A census of take-and-break codes from Python, on this machine or a cluster.

``census(codes, ...)`` computes every game of ``codes`` (codes with the same
rules share one canonical game, and games shown to have the same values one
computation: ``values_of`` names it) and returns one record per code: a dict
with the fields of ``grundy census --json``. The per-game work is the
extension's ``census_game`` (Rust, one thread, the GIL released); this module
only schedules it, longest games first:

* ``executor=None``: a thread pool with one thread per core;
* any ``concurrent.futures.Executor``: ``executor.submit(...)`` per game;
* a ``dask.distributed.Client``: the games are tasks on its workers (a worker
  that dies has its games rescheduled by Dask), and the results stream back as
  they finish.

With ``out=DIR`` each game's record is written to ``DIR`` exactly as
``grundy census --out DIR`` writes it (a temporary file renamed over the
target), and games already there are read back (``"resumed": True``), so a
census started in Python can be finished by the command line and vice versa.

>>> [r["status"] for r in census(["0.77", ".77"], max_len=4096)]
['periodic', 'periodic']
"""

import concurrent.futures
import json
import os
import stat
import tempfile

from . import _grundy

#: The default length limit per game, as ``grundy census``: ``2^18`` values.
DEFAULT_MAX_LEN = 1 << 18
#: The default work limit per game, as ``grundy census``: ``10^12`` mex steps.
DEFAULT_MAX_WORK = 10**12
#: The version of the per-game file format.
FORMAT = 1

census_codes = _grundy.census_codes
canonical_code = _grundy.canonical_code


def solve(code, max_len=DEFAULT_MAX_LEN, max_work=DEFAULT_MAX_WORK):
    """One game of a census: its record as a line of JSON (the task a worker runs)."""
    return _grundy.census_game(code, max_len=max_len, max_work=max_work)


def _is_dask(executor):
    return type(executor).__module__.split(".")[0] == "distributed"


def _path(out, canonical):
    return os.path.join(out, _grundy.census_file_name(canonical))


def _resumable(out, canonical, max_len, max_work):
    """The record kept in ``out`` for ``canonical``, if it stands for a new run."""
    path = _path(out, canonical)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(mode):
        raise ValueError(f"{path} exists and is not a regular file")
    with open(path, encoding="utf-8") as f:
        try:
            record = json.loads(f.read())
        except ValueError:
            record = None
    if not isinstance(record, dict) or record.get("canonical") != canonical or record.get("format") != FORMAT:
        raise ValueError(f"{path} is not a census record of {canonical}; remove it")
    same_limits = record.get("max_len") == max_len and record.get("max_work") == max_work
    return record if record.get("status") != "open" or same_limits else None


def _write(out, canonical, text):
    """Writes a record through a temporary file renamed over the target."""
    path = _path(out, canonical)
    try:
        mode = os.lstat(path).st_mode
        if not stat.S_ISREG(mode):
            raise ValueError(f"{path} exists and is not a regular file")
    except FileNotFoundError:
        pass
    fd, tmp = tempfile.mkstemp(dir=out, prefix="." + os.path.basename(path) + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _rows(games, members, lead, record, resumed):
    """The rows of a value class whose game ``lead`` has the record
    ``record``: one per code, each game's own canonical code, and for the
    other games ``values_of`` (the game computed) and no seconds."""
    for canonical in members:
        codes = games[canonical]
        for code in codes:
            row = {k: v for k, v in record.items() if k != "format"}
            row["code"] = code
            row["equivalent"] = [c for c in codes if c != code]
            row["resumed"] = resumed
            row["values_of"] = None
            if canonical != lead:
                row.update(canonical=canonical, values_of=lead, seconds=0.0)
            yield row


def census_iter(codes, max_len=DEFAULT_MAX_LEN, max_work=DEFAULT_MAX_WORK, out=None, executor=None):
    """:func:`census`, yielding the records as the games finish (those read
    back from ``out`` first)."""
    if isinstance(codes, str):
        codes = [codes]
    games = {}
    for code in dict.fromkeys(codes):
        games.setdefault(_grundy.canonical_code(code), []).append(code)
    # games shown to have the same values are computed once, as the first
    canonicals = list(games)
    classes = {}
    for members in _grundy.value_classes(canonicals):
        classes[canonicals[members[0]]] = [canonicals[i] for i in members]
    if out is not None:
        out = os.fspath(out)
        os.makedirs(out, exist_ok=True)
    todo = []
    for canonical, members in classes.items():
        # the record of any game of the class
        kept = None
        for member in members if out is not None else []:
            record = _resumable(out, member, max_len, max_work)
            if record is not None:
                kept = (member, record)
                break
        if kept is None:
            todo.append(canonical)
        else:
            yield from _rows(games, members, kept[0], kept[1], True)
    if not todo:
        return
    # longest first (a probe of each game)
    cost = {c: _grundy.census_estimate(c, max_len=max_len, max_work=max_work) for c in todo}
    todo.sort(key=lambda c: -cost[c])
    own = executor is None
    if own:
        executor = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
    futures = {}
    try:
        if _is_dask(executor):
            from distributed import as_completed

            for i, c in enumerate(todo):
                f = executor.submit(solve, c, max_len, max_work, pure=False, priority=len(todo) - i)
                futures[f] = c
        else:
            as_completed = concurrent.futures.as_completed
            for c in todo:
                futures[executor.submit(solve, c, max_len, max_work)] = c
        for f in as_completed(list(futures)):
            c = futures[f]
            text = f.result()
            if out is not None:
                _write(out, c, text)
            yield from _rows(games, classes[c], c, json.loads(text), False)
    finally:
        if own:
            executor.shutdown(wait=False, cancel_futures=True)
        elif _is_dask(executor):
            for f in futures:
                if not f.done():
                    f.cancel()


def census(codes, max_len=DEFAULT_MAX_LEN, max_work=DEFAULT_MAX_WORK, out=None, executor=None):
    """Computes every game of ``codes`` (a list of codes such as ``"0.77"``, or
    :func:`census_codes`) and returns one record per code, in the order the
    games finished: dicts with the fields of ``grundy census --json`` —
    ``code``, ``canonical``, ``equivalent`` (the other codes of the same game),
    ``status`` (``"periodic"``, ``"arithmetic-periodic"`` or ``"open"``),
    ``preperiod``, ``period``, ``saltus``, ``computed``, ``max_value``,
    ``max_at``, ``split``, ``stopped``, ``seconds``, ``max_len``, ``max_work``,
    ``resumed`` and ``values_of`` (``None``, or the game computed for this one:
    a different game shown to have the same values). See the module docs for
    ``out`` and ``executor``."""
    return list(census_iter(codes, max_len=max_len, max_work=max_work, out=out, executor=executor))
