"""A census of take-and-break codes from Python, on this machine or a cluster.

``census(codes, ...)`` computes every game of ``codes`` (codes with the same
rules share one canonical game, and games shown to have the same values one
computation: ``values_of`` names it; games whose values are another's shifted
are built from its values once it is done: ``values_of`` names it and
``shift`` the heaps of the shift) and returns one record per code: a dict
with the fields of ``grundy census --json``. The per-game work is the
extension's ``census_task`` (Rust, one thread, the GIL released); this module
only schedules it, longest games first:

* ``executor=None``: a thread pool with one thread per core;
* any ``concurrent.futures.Executor``: ``executor.submit(...)`` per game;
* a ``dask.distributed.Client``: the games are tasks on its workers (a worker
  that dies has its games rescheduled by Dask), and the results stream back as
  they finish.

Before any game starts the census's work is estimated, and a census over
``max_total_work`` mex steps is refused (``TooLargeError``), as
``grundy census --max-total-work`` does.

With ``out=DIR`` each game's record is written to ``DIR`` by the same library
code as ``grundy census --out DIR`` (the folder checked before any work, a
temporary file renamed over the target, a format number and a checksum in
every record), and games already there are read back (``"resumed": True``):
an open record made with the same limits as it is, a certified one once its
certificate is verified. A record that is damaged, edited or of an older
format is computed again with a ``RuntimeWarning``. A census started in Python
can be finished by the command line and vice versa.

With ``out``, each computed game also keeps its nim-values in
``DIR/<canonical>.values`` (the format of ``grundy sequence --save``; which
games: ``keep_values``, ``"open"`` by default, ``"all"`` or ``"none"``), written
every ``checkpoint_work`` mex steps while it runs: a census with a larger
``max_len`` or ``max_work`` goes on from them (``extended_from`` in its
records; the records equal those of a census from nothing), and a killed
census or a lost Dask worker loses at most the work since the last
checkpoint. The values files of the games to compute are estimated first
(two bytes a value) and a census over ``max_values_disk`` bytes is refused
(``TooLargeError``); a census that keeps values says what they will take in a
:class:`CensusValuesNote` warning before any game starts. The workers must see ``out`` (a shared folder on a
cluster).

:func:`census` returns the records in the order of the codes given;
:func:`census_iter` yields them as the games finish (those read back from
``out`` first). :func:`records_frame` makes a pandas ``DataFrame`` of them.

Ctrl-C (``KeyboardInterrupt``) stops every game within a moment: the games on
threads of this process at their next check (signals reach only the main
thread, so they are stopped by a flag), a Dask client's pending games are
cancelled (those running on its workers finish there, unused). What finished
is kept: in ``out`` when given, and in the exception's ``records`` attribute
(``census``: every record finished; ``census_iter``: those finished but not
yet yielded).

With ``out``, each game is claimed before it is computed, as ``grundy
census --out`` claims it (a file ``.<record>.claim`` beside the record,
holding the owner and a heartbeat; a claim silent for two minutes, or whose
process is gone from this machine, is taken over): several censuses on one
folder — Python, the command line, Dask workers, on one machine or several
sharing the folder — compute each game once. A game another process holds
is left for after the others, then waited for, and its record read back.

``play="misere"`` makes a census of misère quotients, as ``grundy census
--play misere``: per code the quotient's order, P-portion, certificate (a
period and from where) or where and why it stopped, the orders of the
quotients of the heaps up to each bound, tame or wild (the fields of its
``--json`` rows). Each code goes as far as ``misere_len`` heaps and
``misere_work`` steps; a census of more than ``misere_total_work`` steps
(the codes computed times ``misere_work``) is refused before any starts;
``verify=True`` proves each certified quotient a second time with the
independent checker, on the sums of heaps totalling at most
``verify_size``. With ``out`` the records are the command line's
``<canonical>.misere.json`` files, read back and claimed as the normal ones.

>>> [r["status"] for r in census(["0.77", ".77"], max_len=4096)]
['periodic', 'periodic']
>>> [(r["order"], r["certified"]) for r in census(["0.31"], play="misere")]
[(6, True)]
"""

import concurrent.futures
import inspect
import json
import os
import warnings

from . import _grundy, _progress

#: The default length limit per game, as ``grundy census``: ``2^18`` values.
DEFAULT_MAX_LEN = _grundy.CENSUS_MAX_LEN
#: The default work limit per game, as ``grundy census``: ``10^12`` mex steps.
DEFAULT_MAX_WORK = _grundy.CENSUS_MAX_WORK
#: The default work limit of a whole census, as ``grundy census``: ``1.5·10^14`` mex steps.
DEFAULT_MAX_TOTAL_WORK = _grundy.CENSUS_MAX_TOTAL_WORK
#: The version of the per-game file format.
FORMAT = _grundy.CENSUS_FORMAT
#: The mex steps between two checkpoints of a running game's values: ``2·10^11``.
DEFAULT_CHECKPOINT_WORK = _grundy.CENSUS_CHECKPOINT_WORK
#: The default bound on the disk a census's values files may take: ``2^36`` bytes.
DEFAULT_MAX_VALUES_DISK = _grundy.CENSUS_MAX_VALUES_DISK
#: The values ``keep_values`` may take.
KEEP_VALUES = ("none", "open", "all")
#: The values ``play`` may take.
PLAYS = ("normal", "misere")
#: The largest heap a misère census adjoins by default, as ``grundy census --play misere``.
DEFAULT_MISERE_LEN = _grundy.MISERE_CENSUS_LEN
#: The default work budget of each code of a misère census, in steps.
DEFAULT_MISERE_WORK = _grundy.MISERE_CENSUS_WORK
#: The default work limit of a whole misère census: codes computed times ``misere_work``.
DEFAULT_MISERE_TOTAL_WORK = _grundy.MISERE_CENSUS_TOTAL_WORK
#: The default largest total size of the sums ``verify`` checks.
DEFAULT_VERIFY_SIZE = _grundy.MISERE_VERIFY_SIZE



class CensusValuesNote(UserWarning):
    """The warning a census with ``out`` issues before any game starts when it
    keeps values: the games to compute, their estimated work, and the disk
    their values files will take, a game and in all (the line ``grundy
    census --out`` prints on stderr). Silence it with
    ``warnings.simplefilter("ignore", grundy.CensusValuesNote)``."""


census_codes = _grundy.census_codes
canonical_code = _grundy.canonical_code


def solve(code, max_len=DEFAULT_MAX_LEN, max_work=DEFAULT_MAX_WORK):
    """One game of a census: its record as a line of JSON."""
    return _grundy.census_game(code, max_len=max_len, max_work=max_work)


def task(code, kept, max_len, max_work, stop=None, out=None, keep_values="open", checkpoint_work=None, defer=False, shift=None):
    """The task a worker runs: one game computed (going on from the values
    kept in ``out``, and keeping its own there), or its kept certified record
    (a JSON line) checked; ``(record, resumed, rejected, extended_from,
    values_warning, values, shift)``, the record written to ``out`` under the
    game's claim; ``None`` with ``defer`` when another process holds the
    game. ``shift`` is its part in its shift group: ``{"lead": True}`` hands
    its ``values`` back (``bytes``), ``{"leader": values, "delay": d}``
    builds its record from its leader's values (``shift`` then ``d``)."""
    values = {"out": out, "keep_values": keep_values, "checkpoint_work": checkpoint_work, **(shift or {})}
    return _grundy.census_task(code, kept, max_len=max_len, max_work=max_work, stop=stop, defer=defer, **values)


def misere_task(code, misere_len, misere_work, stop=None, out=None, defer=False):
    """The task a worker runs in a misère census: one code's quotient
    computed, or read back from ``out`` when another process wrote it while
    this one waited for its claim; ``(record, resumed)``, the record written
    to ``out`` under the game's claim; ``None`` with ``defer`` when another
    process holds the game."""
    limits = {"misere_len": misere_len, "misere_work": misere_work}
    return _grundy.misere_census_task(code, stop=stop, out=out, defer=defer, **limits)


def _is_dask(executor):
    return type(executor).__module__.split(".")[0] == "distributed"


def _executor_kind(executor):
    """``"own"``, ``"threads"`` (games stopped by a flag on Ctrl-C), ``"dask"``
    or ``"other"``; anything else is refused."""
    if executor is None:
        return "own"
    if _is_dask(executor):
        return "dask"
    if isinstance(executor, concurrent.futures.ThreadPoolExecutor):
        return "threads"
    if isinstance(executor, concurrent.futures.Executor):
        return "other"
    raise TypeError(
        "`executor` must be None, a concurrent.futures.Executor or a dask.distributed.Client, "
        f"not {type(executor).__name__}"
    )


def _rows(games, members, lead, text, resumed, extended_from=0, leader=None, shift=None):
    """The rows of a value class whose game ``lead`` has the record ``text``
    (a JSON line): one per code, each game's own canonical code, and for the
    other games ``values_of`` (the game computed), ``shift`` 0 and no
    seconds. A record built from the values of the game ``leader`` shifted
    by ``shift`` heaps names it in ``values_of`` of every row, with
    ``shift``; ``shift`` is ``None`` in the rows of a record computed (or
    read back) as itself."""
    record = {k: v for k, v in json.loads(text).items() if k not in ("format", "checksum")}
    for canonical in members:
        codes = games[canonical]
        for code in codes:
            row = dict(record)
            row["code"] = code
            row["equivalent"] = [c for c in codes if c != code]
            row["resumed"] = resumed
            row["extended_from"] = extended_from
            row["values_of"] = None
            row["shift"] = None
            if canonical != lead:
                row.update(canonical=canonical, values_of=lead, shift=0, seconds=0.0)
            if shift is not None:
                row.update(values_of=leader, shift=shift)
            yield row


def _warn(text):
    warnings.warn(text, RuntimeWarning, stacklevel=3)


def census_iter(
    codes,
    max_len=DEFAULT_MAX_LEN,
    max_work=DEFAULT_MAX_WORK,
    out=None,
    executor=None,
    max_total_work=DEFAULT_MAX_TOTAL_WORK,
    progress=None,
    keep_values="open",
    checkpoint_work=DEFAULT_CHECKPOINT_WORK,
    max_values_disk=DEFAULT_MAX_VALUES_DISK,
    play="normal",
    misere_len=DEFAULT_MISERE_LEN,
    misere_work=DEFAULT_MISERE_WORK,
    misere_total_work=DEFAULT_MISERE_TOTAL_WORK,
    verify=False,
    verify_size=DEFAULT_VERIFY_SIZE,
):
    """:func:`census`, yielding the records as the games finish (those read
    back from ``out`` first), not in the order of ``codes``. ``progress=True`` shows a bar on stderr (tqdm if
    installed) of the records yielded; or give a callable ``progress(done, total)``.
    ``progress=None`` (the default) shows the bar when stderr is a terminal or
    in a notebook; ``progress=False`` never. :func:`census` takes the same
    arguments."""
    if isinstance(codes, str):
        codes = [codes]
    codes = list(codes)
    if keep_values not in KEEP_VALUES:
        raise ValueError(f"keep_values: {keep_values!r} is not one of {', '.join(KEEP_VALUES)}")
    if play not in PLAYS:
        raise ValueError(f"play: {play!r} is not one of {', '.join(PLAYS)}")
    misere = {"misere_len": misere_len, "misere_work": misere_work, "misere_total_work": misere_total_work}
    _grundy.misere_census_request_check(play == "misere", verify, verify_size=verify_size, **misere)
    if play == "misere":
        verified = verify_size if verify else None
        records = _misere_iter(codes, out, executor, misere_len, misere_work, misere_total_work, verified)
    else:
        values = (keep_values, checkpoint_work, max_values_disk)
        records = _census_iter(codes, max_len, max_work, out, executor, max_total_work, values)
    report, close = _progress.reporter(progress, "grundy.census", auto=True)
    total = len(dict.fromkeys(codes))
    try:
        for done, record in enumerate(records, 1):
            report(done, total)
            yield record
    finally:
        close()


def _census_iter(codes, max_len, max_work, out, executor, max_total_work, values):
    """The records of :func:`census_iter`; ``values`` is ``(keep_values,
    checkpoint_work, max_values_disk)``."""
    kind = _executor_kind(executor)
    # the folder before any work: writable; then the plan, as grundy census
    # makes it (grundy::census::plan): the games, their value classes, the
    # records the folder keeps, the tasks
    folder = None if out is None else _grundy.CensusFolder(out)
    plan = _grundy.CensusPlan(list(dict.fromkeys(codes)), folder, max_len=max_len, max_work=max_work)
    names = [canonical for canonical, _ in plan.games]
    games = dict(plan.games)
    classes = {names[members[0]]: [names[i] for i in members] for members in plan.classes}
    for path, why in plan.damaged:
        _warn(f"{path}: {why}; computing it again")
    ready = [(names[plan.classes[c][0]], names[g], text) for c, g, text in plan.ready]
    tasks = [(names[plan.classes[c][0]], names[g], kept) for c, g, kept in plan.tasks]
    # shift groups: each derived task runs once its leader is done, given its values
    derived, leads = plan.derived, plan.leads
    followers = {}
    for k, d in enumerate(derived):
        if d is not None:
            followers.setdefault(d[0], []).append(k)
    # the work, estimated before any game starts: a sample, then every game (longest first)
    sample = _grundy.census_sample(len(tasks))
    cost = {k: plan.estimate(k) for k in sample}
    _grundy.census_total_work(list(cost.values()), len(tasks), max_total_work=max_total_work)
    for k in range(len(tasks)):
        if k not in cost:
            cost[k] = plan.estimate(k)
    _grundy.census_total_work(list(cost.values()), len(tasks), max_total_work=max_total_work)
    order = _grundy.census_order([cost[k] for k in range(len(tasks))])
    # the values files, estimated before any game starts too
    # and shown in one line before any game starts, as grundy census prints it
    # (about the games computed afresh: a kept certified record is only checked)
    if folder is not None and values[0] != "none" and tasks:
        _grundy.census_values_disk(len(tasks), max_len=max_len, max_values_disk=values[2])
        fresh = [k for k in range(len(tasks)) if tasks[k][2] is None]
        if fresh:
            work = sum(cost[k] for k in fresh)
            limits = {"max_len": max_len, "max_values_disk": values[2]}
            note = _grundy.census_values_note(len(fresh), work, os.fspath(out), values[0], **limits)
            warnings.warn(note, CensusValuesNote, stacklevel=3)

    for leader, member, text in ready:
        yield from _rows(games, classes[leader], member, text, True)
    if not order:
        return
    kept = (None if out is None else os.fspath(out), values[0], values[1])

    def job(t, stop, defer):
        k, values = t
        shift = {"lead": leads[k]}
        if derived[k] is not None:
            shift.update(leader=values, delay=derived[k][1])
        return task, (tasks[k][1], tasks[k][2], max_len, max_work, stop, *kept, defer, shift)

    def finish(t, result):
        """The rows of a finished task (its record written to ``out`` by the task)."""
        k = t[0]
        first, member, _ = tasks[k]
        text, resumed, rejected, extended_from, values_warning, _, shift = result
        if rejected is not None and folder is not None:
            _warn(f"{folder.record_path(member)}: {rejected}; computed again")
        if values_warning is not None:
            _warn(values_warning)
        leader = None if derived[k] is None else tasks[derived[k][0]][1]
        return list(_rows(games, classes[first], member, text, resumed, extended_from, leader, shift))

    def release(t, result):
        """The derived tasks of a finished leader, handed its values."""
        return [(j, result[5]) for j in followers.get(t[0], ())]

    yield from _run([(k, None) for k in order if derived[k] is None], executor, kind, job, finish, release)


def _misere_rows(codes, text, resumed, verify_size):
    """The rows of a misère game whose record is ``text`` (a JSON line): one
    per code asked for, as ``grundy census --play misere --json`` prints
    them (with ``verify``, the independent check in ``verified`` and
    ``verification``)."""
    record = {k: v for k, v in json.loads(text).items() if k not in ("format", "checksum")}
    check = None
    if verify_size is not None:
        checked = _grundy.misere_census_verify(text, verify_size=verify_size)
        check = None if checked is None else json.loads(checked)
    for code in codes:
        row = dict(record)
        row.update(code=code, equivalent=[c for c in codes if c != code], resumed=resumed)
        if verify_size is not None:
            row.update(verified=None if check is None else check["verified"], verification=check)
        yield row


def _misere_iter(codes, out, executor, misere_len, misere_work, misere_total_work, verify_size):
    """The records of a misère census (:func:`census_iter` with
    ``play="misere"``); ``verify_size`` is ``None`` without ``verify``."""
    kind = _executor_kind(executor)
    limits = {"misere_len": misere_len, "misere_work": misere_work}
    # the folder before any work: writable; then the plan, as grundy census
    # --play misere makes it: the games, the records that stand, the tasks
    folder = None if out is None else _grundy.CensusFolder(out)
    plan = _grundy.misere_census_plan(list(dict.fromkeys(codes)), folder, **limits)
    games = dict(plan[0])
    names = [canonical for canonical, _ in plan[0]]
    ready = [(names[g], text) for g, text in plan[1]]
    tasks = [names[g] for g in plan[2]]
    for path, why in plan[3]:
        _warn(f"{path}: {why}; computing it again")
    # the work before any game starts: each game spends at most misere_work steps
    _grundy.misere_census_request_check(
        True, verify_size is not None, games=len(tasks), misere_total_work=misere_total_work, **limits
    )
    for canonical, text in ready:
        yield from _misere_rows(games[canonical], text, True, verify_size)
    place = None if out is None else os.fspath(out)

    def job(canonical, stop, defer):
        return misere_task, (canonical, misere_len, misere_work, stop, place, defer)

    def finish(canonical, result):
        text, resumed = result
        return list(_misere_rows(games[canonical], text, resumed, verify_size))

    yield from _run(tasks, executor, kind, job, finish)


def _run(tasks, executor, kind, job, finish, release=None):
    """Runs the tasks on the executor, yielding each one's rows (``finish(t,
    result)``) once its record is written; ``job(t, stop, defer)`` is the
    function a task calls and its arguments. A task deferred because another
    process holds its game is submitted again, to wait for it, after the
    others. ``release(t, result)`` lists the tasks to submit once ``t`` is
    done (before any task not started yet, on Dask). Stops every game on any
    exception (Ctrl-C)."""
    stop = _grundy.CensusStop() if kind in ("own", "threads") else None
    if kind == "own":
        executor = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
    futures = {}
    used = set()

    def submit(t, defer, priority):
        function, args = job(t, stop, defer)
        if kind == "dask":
            f = executor.submit(function, *args, pure=False, priority=priority)
        else:
            f = executor.submit(function, *args)
        futures[f] = t
        return f

    try:
        if kind == "dask":
            from distributed import wait
        else:
            wait = concurrent.futures.wait
        pending = {submit(t, True, len(tasks) - i) for i, t in enumerate(tasks)}
        while pending:
            done, pending = wait(pending, return_when="FIRST_COMPLETED")
            pending = set(pending)
            for f in done:
                used.add(f)
                result = f.result()
                if result is None:
                    pending.add(submit(futures[f], False, 0))
                else:
                    for t in release(futures[f], result) if release else ():
                        pending.add(submit(t, True, len(tasks) + 1))
                    yield from finish(futures[f], result)
    except BaseException as e:
        # every game stops; what finished meanwhile is kept (in out) and handed over
        if stop is not None:
            stop.set()
        for f in futures:
            if not f.done():
                f.cancel()
        kept = []
        if stop is not None:
            concurrent.futures.wait(list(futures))
        for f in futures:
            if f not in used and f.done() and not f.cancelled() and f.exception() is None:
                used.add(f)
                try:
                    if f.result() is not None:
                        kept.extend(finish(futures[f], f.result()))
                except Exception:  # a folder that fails now: the first error stands
                    pass
        if isinstance(e, KeyboardInterrupt):
            e.records = kept
        raise
    finally:
        if kind == "own":
            executor.shutdown(wait=True, cancel_futures=True)


def census(codes, **options):
    """Computes every game of ``codes`` (a list of codes such as ``"0.77"``, or
    :func:`census_codes`) and returns one record per code, in the order of
    ``codes`` (a code given twice once; :func:`census_iter` yields them as the
    games finish): dicts with the fields of ``grundy census --json`` —
    ``code``, ``canonical``, ``equivalent`` (the other codes of the same game),
    ``status`` (``"periodic"``, ``"arithmetic-periodic"`` or ``"open"``),
    ``preperiod``, ``period``, ``saltus``, ``computed``, ``max_value``,
    ``max_at``, ``split`` (``None``, or the rare/common split at the end:
    ``mask``, ``mask_hex``, ``mode``, ``rare``, ``rare_heaps`` counting heap
    0 as the published tables do, ``last_rare``), ``stopped``, ``seconds``,
    ``max_len``, ``max_work``,
    ``resumed``, ``extended_from`` (the values kept in ``out`` that the
    computation went on from, 0 when none), ``values_of`` (``None``, or the game computed for this one:
    a different game shown to have the same values, or whose values this
    game's are, shifted) and ``shift`` (``None`` for a game computed or read
    back as itself; else the heaps its values come after those of
    ``values_of``: 0 for the same values, ``d`` for a game built from the
    values of ``values_of`` ``d`` heaps later — ``0.6`` from ``0.37``, 1). See the module docs for
    ``out``, ``keep_values``, ``checkpoint_work``, ``max_values_disk``,
    ``executor``, ``max_total_work``, claims and Ctrl-C: a
    ``KeyboardInterrupt`` carries every record finished in ``records``.
    ``play="misere"`` (with ``misere_len``, ``misere_work``,
    ``misere_total_work``, ``verify`` and ``verify_size``) makes a census of
    misère quotients instead, records with the fields of ``grundy census
    --play misere --json`` (module docs). The arguments are those of
    :func:`census_iter`.
    ``progress=True`` shows a bar of the games finished on stderr (tqdm if
    installed); or give a callable ``progress(done, total)``. By default
    (``progress=None``) the bar is shown when stderr is a terminal or in a
    notebook; ``progress=False`` hides it."""
    if isinstance(codes, str):
        codes = [codes]
    codes = list(codes)
    place = {code: i for i, code in enumerate(dict.fromkeys(codes))}
    records = []
    try:
        for r in census_iter(codes, **options):
            records.append(r)
    except KeyboardInterrupt as e:
        e.records = sorted(records + getattr(e, "records", []), key=lambda r: place[r["code"]])
        raise
    return sorted(records, key=lambda r: place[r["code"]])


# census takes census_iter's arguments, shown by help() and inspect
census.__signature__ = inspect.signature(census_iter).replace(return_annotation=list)


#: The fields of a record's ``split``, as columns ``split_<field>`` of :func:`records_frame`.
SPLIT_FIELDS = ("mask", "mask_hex", "mode", "rare", "rare_heaps", "last_rare")


def records_frame(records):
    """The records of :func:`census` (or :func:`census_iter`, or any list of
    them) as a pandas ``DataFrame``: one row per record in their order, a
    column per field, the ``split`` spread over the columns ``split_mask``,
    ``split_mask_hex``, ``split_mode``, ``split_rare``, ``split_rare_heaps``
    and ``split_last_rare`` (``None`` for a game without a split). pandas is
    an optional dependency: without it, ``ImportError`` says how to install
    it."""
    try:
        import pandas
    except ImportError as e:
        raise ImportError(
            "grundy.records_frame needs pandas, which is not installed: pip install pandas"
        ) from e
    rows = []
    for r in records:
        row = {k: v for k, v in r.items() if k != "split"}
        split = r.get("split") or {}
        for field in SPLIT_FIELDS:
            row[f"split_{field}"] = split.get(field)
        rows.append(row)
    columns = ["code"] + [c for c in (rows[0] if rows else {}) if c != "code"]
    return pandas.DataFrame(rows, columns=columns if rows else None)
