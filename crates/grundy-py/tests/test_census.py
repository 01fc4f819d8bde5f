"""grundy.census against `grundy census --json`: the same records, the same
per-game files (a census started in one resumes in the other), and on a real
Dask cluster that loses a worker mid-census."""

import concurrent.futures
import importlib
import json
import os
import re
import signal
import stat
import subprocess
import sys
import time

import pytest

import grundy
from conftest import as_flags

census_module = importlib.import_module("grundy.census")

CODES = ["0.77", ".77", "0.770", "0.07", "0.137", "0.3[3]", "4!.0", "0.004", "0.014", "0.16"]
#: Open games that take a moment each at this length: the Dask test kills a worker among them.
SLOW = ["0.004", "0.005", "0.006", "0.014", "0.015", "0.016", "0.024", "0.026"]
MAX_LEN = 1 << 13


def cli_rows(cli, codes, *args):
    out = cli("census", "--json", "--codes", "-", *args, stdin="\n".join(codes))
    return [json.loads(line) for line in out.splitlines()]


def by_code(rows, drop=("seconds", "resumed")):
    return {r["code"]: {k: v for k, v in r.items() if k not in drop} for r in rows}


def test_records_are_the_command_lines(cli):
    py = grundy.census(CODES, max_len=MAX_LEN)
    assert len(py) == len(CODES)
    assert by_code(py) == by_code(cli_rows(cli, CODES, "--max-len", MAX_LEN))
    row = by_code(py)["0.770"]
    assert row["canonical"] == "0.77" and row["equivalent"] == ["0.77", ".77"]
    assert (row["preperiod"], row["period"], row["status"]) == (71, 12, "periodic")
    assert by_code(py)["0.3[3]"]["saltus"] == 1


def test_any_executor(cli):
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        rows = list(grundy.census_iter(CODES[:5], max_len=MAX_LEN, executor=ex))
    assert by_code(rows) == by_code(cli_rows(cli, CODES[:5], "--max-len", MAX_LEN))


def test_python_census_resumes_in_the_cli_and_back(cli, tmp_path):
    half, rest = CODES[:5], CODES[5:]
    py = grundy.census(half, max_len=MAX_LEN, out=tmp_path)
    assert not any(r["resumed"] for r in py)
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    rows = cli_rows(cli, CODES, "--max-len", MAX_LEN, "--out", tmp_path)
    resumed = {r["code"] for r in rows if r["resumed"]}
    assert resumed == set(half)
    # the files Python wrote are untouched, those of the command line read back
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name in files} == files
    again = grundy.census(CODES, max_len=MAX_LEN, out=tmp_path)
    assert all(r["resumed"] for r in again)
    assert by_code(again) == by_code(rows)
    assert by_code(again, drop=("resumed",)) == by_code(cli_rows(cli, CODES, "--max-len", MAX_LEN, "--out", tmp_path), drop=("resumed",))
    assert set(rest) <= set(by_code(again))


def test_games_with_the_same_values_are_computed_once(cli, tmp_path):
    codes = ["0.024", "0.77", "0.025", "0.771"]
    py = grundy.census(codes, max_len=MAX_LEN, out=tmp_path)
    assert by_code(py) == by_code(cli_rows(cli, codes, "--max-len", MAX_LEN))
    rows = by_code(py)
    assert (rows["0.025"]["values_of"], rows["0.771"]["values_of"], rows["0.024"]["values_of"]) == ("0.024", "0.77", None)
    assert rows["0.771"]["canonical"] == "0.771"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".json") == ["0.024.json", "0.77.json"]
    # the command line resumes the class from its leader's file, whatever the order
    back = cli_rows(cli, codes[::-1], "--max-len", MAX_LEN, "--out", tmp_path)
    assert all(r["resumed"] for r in back)
    assert by_code(back) == by_code(py)


def test_games_whose_values_are_shifted_are_built_from_their_leader(cli, tmp_path):
    # 0.6 is 0.37 one heap later: 0.6, given first, waits for 0.37 and is built from its values
    codes, length = ["0.6", "0.37"], 1 << 14
    py = grundy.census(codes, max_len=length, out=tmp_path)
    rows = by_code(py)
    assert (rows["0.6"]["values_of"], rows["0.6"]["shift"]) == ("0.37", 1)
    assert (rows["0.37"]["values_of"], rows["0.37"]["shift"]) == (None, None)
    assert not any(r["resumed"] for r in py)
    assert rows == by_code(cli_rows(cli, codes, "--max-len", length))
    # built, not computed: an open game computed from its rules keeps its values
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0.37.json", "0.37.values", "0.6.json"]
    # the record it claims is the one 0.6 computed alone has
    own = ("seconds", "resumed", "values_of", "shift")
    assert by_code(grundy.census(["0.6"], max_len=length), drop=own) == by_code([py[0]], drop=own)
    # read back, by Python and the command line, as records of their own
    again = grundy.census(codes, max_len=length, out=tmp_path)
    assert all(r["resumed"] and r["shift"] is None and r["values_of"] is None for r in again)
    assert by_code(again) == by_code(cli_rows(cli, codes, "--max-len", length, "--out", tmp_path))
    # on an executor, a certified pair: Dawson's Kayles is 0.137 one heap later
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        rows = by_code(grundy.census_iter(["0.07", "0.137"], max_len=MAX_LEN, executor=ex))
    assert (rows["0.07"]["values_of"], rows["0.07"]["shift"], rows["0.07"]["period"]) == ("0.137", 1, 34)


def test_an_open_record_with_other_limits_is_computed_again(tmp_path):
    grundy.census(["0.004"], max_len=1024, out=tmp_path)
    rows = grundy.census(["0.004"], max_len=2048, out=tmp_path)
    assert rows[0]["resumed"] is False and rows[0]["computed"] == 2048
    assert grundy.census(["0.77"], max_len=4096, out=tmp_path)[0]["resumed"] is False
    # a certified record stands for any limits
    assert grundy.census(["0.77"], max_len=8192, out=tmp_path)[0]["resumed"] is True


def test_bad_targets_are_refused(tmp_path):
    (tmp_path / "0.77.json").mkdir()
    with pytest.raises(ValueError, match="not a regular file"):
        grundy.census(["0.77"], out=tmp_path)
    with pytest.raises(ValueError):
        grundy.census(["0.7x"])


def test_census_codes_match_the_command_line(cli):
    codes = grundy.census_codes(2, first_digit=[0, 4])
    assert len(codes) == 63 + 64
    out = cli("census", "--digits", "2", "--first-digit", "0,4", "--json", "--max-len", 256)
    assert sorted(json.loads(l)["code"] for l in out.splitlines()) == sorted(codes)


def test_dask_cluster_losing_a_worker(cli, tmp_path):
    distributed = pytest.importorskip("distributed")
    codes = SLOW + ["0.77", "0.07", "4!.0"]
    max_len = 1 << 15
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        rows = grundy.census_iter(codes, max_len=max_len, out=tmp_path, executor=client)
        got = [next(rows)]
        # kill a worker that is running a game
        pids = client.run(os.getpid)
        busy = [w for w, tasks in client.processing().items() if tasks]
        assert busy, "no worker is running a game"
        os.kill(pids[busy[0]], signal.SIGKILL)
        got.extend(rows)
        # the nanny restarted the worker, the lost games ran again
        assert len(got) == len(codes)
        assert pids[busy[0]] not in client.run(os.getpid).values()
    # a game run again may go on from values its first run kept (extended_from): the same record
    drop = ("seconds", "resumed", "extended_from")
    expected = by_code(cli_rows(cli, codes, "--max-len", max_len), drop=drop)
    assert by_code(got, drop=drop) == expected
    # and every game is in the folder, read back by the command line
    again = cli_rows(cli, codes, "--max-len", max_len, "--out", tmp_path)
    assert all(r["resumed"] for r in again)
    assert by_code(again, drop=drop) == expected


def test_shifted_games_on_dask(cli, tmp_path):
    # a derived game's leader values travel as bytes through the Dask client to a worker process
    distributed = pytest.importorskip("distributed")
    codes = ["0.07", "0.137", "0.6", "0.37"]
    with distributed.LocalCluster(
        n_workers=1, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        rows = by_code(grundy.census_iter(codes, max_len=MAX_LEN, out=tmp_path, executor=client))
    assert [(rows[c]["values_of"], rows[c]["shift"]) for c in codes] == [("0.137", 1), (None, None), ("0.37", 1), (None, None)]
    assert rows == by_code(cli_rows(cli, codes, "--max-len", MAX_LEN))


def forged(text, old, new):
    """A record's line with ``old`` replaced by ``new`` and its checksum
    recomputed (FNV-1a over the line without its checksum member)."""
    edited = text.rstrip("\n").replace(old, new, 1)
    assert edited != text.rstrip("\n")
    member = re.search(r',"checksum":"fnv1a64:[0-9a-f]{16}"', edited).group(0)
    h = 0xCBF29CE484222325
    for b in edited.replace(member, "", 1).encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return edited.replace(member, ',"checksum":"fnv1a64:%016x"' % h, 1) + "\n"


def test_damaged_or_edited_records_are_computed_again_with_a_warning(cli, tmp_path):
    codes = ["0.07", "0.004"]
    fresh = by_code(grundy.census(codes, max_len=4096, out=tmp_path))
    record = (tmp_path / "0.07.json").read_text()
    assert json.loads(record)["format"] == census_module.FORMAT == 3
    damages = [
        record.replace('"period":34', '"period":35'),
        forged(record, '"period":34', '"period":35'),
        forged(record, '"preperiod":53', '"preperiod":54'),
        forged(record, '"period":34', '"period":0'),
        forged(record, '"status":"periodic"', '"status":"bogus"'),
        record.replace('"max_len":4096', '"max_len":8192'),
        re.sub(r',"checksum":"fnv1a64:[0-9a-f]{16}"', "", record).replace('"format":3', '"format":1'),
        record[:50],
    ]
    for text in damages:
        (tmp_path / "0.07.json").write_text(text)
        with pytest.warns(RuntimeWarning, match=r"0\.07\.json: .*comput"):
            rows = grundy.census(codes, max_len=4096, out=tmp_path)
        assert by_code(rows) == fresh, text
        assert {r["code"]: r["resumed"] for r in rows} == {"0.07": False, "0.004": True}
        # replaced by a sound record, which the command line reads back without a word
        done = cli.run(["census", "--json", "--codes", "-", "--max-len", 4096, "--out", tmp_path], "\n".join(codes))
        assert done.returncode == 0 and done.stderr == "", done.stderr
        assert all(json.loads(line)["resumed"] for line in done.stdout.splitlines())


def test_records_have_one_mode_from_python_and_the_command_line(cli, tmp_path):
    grundy.census(["0.77"], max_len=4096, out=tmp_path / "py")
    cli("census", "--codes", "-", "--max-len", 4096, "--out", tmp_path / "cli", stdin="0.77")
    (tmp_path / "plain").write_text("")
    mode = lambda p: stat.S_IMODE(os.stat(p).st_mode)
    assert mode(tmp_path / "py" / "0.77.json") == mode(tmp_path / "cli" / "0.77.json") == mode(tmp_path / "plain")
    assert sorted(os.listdir(tmp_path / "py")) == ["0.77.json"]


def test_bad_out_and_executor_are_refused_in_the_library_wording(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(ValueError, match=r"^`out` .*file is not a folder$"):
        grundy.census(["0.77"], out=tmp_path / "file")
    with pytest.raises(ValueError, match="`out` /proc/self: cannot write in it"):
        grundy.census(["0.77"], out="/proc/self")
    for executor in ["dask", object(), 3]:
        with pytest.raises(TypeError, match=r"^`executor` must be None, a concurrent.futures.Executor or a dask"):
            grundy.census(["0.77"], executor=executor)
    (tmp_path / "d").mkdir()
    os.mkfifo(tmp_path / "d" / "0.77.json")
    with pytest.raises(ValueError, match="not a regular file"):
        grundy.census(["0.77"], out=tmp_path / "d")


def test_a_census_too_large_is_refused_before_any_game():
    with pytest.raises(grundy.TooLargeError, match="raise `max_total_work`"):
        grundy.census(grundy.census_codes(3), max_len=2**18, max_total_work=10**9)


CENSUS_CHILD = """
import concurrent.futures, json, signal, sys
import grundy
signal.signal(signal.SIGINT, signal.default_int_handler)
out, mode = sys.argv[1], sys.argv[2]
codes = {codes!r}
# the default pool (longest games first), or a thread for every game (the
# periodic ones finish at once while the open ones run)
executor = None if mode == "pool" else concurrent.futures.ThreadPoolExecutor(16)
print("ready", flush=True)
try:
    grundy.census(codes, max_len={max_len}, out=out, executor=executor)
    print("finished", flush=True)
except KeyboardInterrupt as e:
    print(json.dumps(sorted(r["code"] for r in e.records)), flush=True)
"""


def cpu_seconds(pid):
    """CPU time (user and system) of a running process so far (Linux)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads /proc")
@pytest.mark.parametrize("mode", ["pool", "threads"])
def test_ctrl_c_stops_every_game_and_keeps_what_finished(cli, tmp_path, mode):
    """Ctrl-C in ``grundy.census`` stops every game in flight (they used to
    run on for minutes): measured in the CPU seconds the child uses after the
    signal, which load does not inflate, against the minutes each open game
    to 2^22 values would take. The finished games are in ``out`` (the command
    line reads each back) and in the exception's ``records``."""
    cheap = ["0.77", "0.07"]
    codes = cheap + SLOW
    script = CENSUS_CHILD.format(codes=codes, max_len=1 << 22)
    child = subprocess.Popen([sys.executable, "-c", script, str(tmp_path), mode], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().startswith("ready")
        # until games are in flight: the periodic ones kept (a thread each), or
        # CPU spent past the estimates (a fraction of a second) in the pool
        deadline = time.monotonic() + 300
        while not all((tmp_path / f"{c}.json").exists() for c in cheap) if mode == "threads" else cpu_seconds(child.pid) < 4:
            assert time.monotonic() < deadline and child.poll() is None
            time.sleep(0.1)
        time.sleep(1)
        before = cpu_seconds(child.pid)
        child.send_signal(signal.SIGINT)
        # the CPU from the signal to the end (wait4's resource usage covers the whole child)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        report = child.stdout.read().splitlines()
    finally:
        if child.poll() is None:
            child.kill()
    after = usage.ru_utime + usage.ru_stime - before
    # each open game to 2^22 values costs minutes of CPU; stopping them costs a moment
    assert after < 10, f"{after:.1f} CPU seconds after Ctrl-C"
    assert child.returncode == 0 and report[-1] != "finished", report
    records = json.loads(report[-1])
    # the records (the values files hold the values of the games stopped, to go on from)
    kept = sorted(p.name[: -len(".json")] for p in tmp_path.iterdir() if p.suffix != ".values")
    assert all(not n.startswith(".") for n in kept), kept
    assert set(records) <= set(kept) and len(kept) < len(codes), (kept, records)
    if mode == "threads":
        assert set(cheap) <= set(records), records
    # what is kept is sound: the command line reads every game of it back
    if kept:
        rows = cli_rows(cli, kept, "--max-len", 1 << 22, "--out", tmp_path)
        assert len(rows) == len(kept) and all(r["resumed"] for r in rows)


def test_records_come_in_the_order_of_the_codes():
    # the cheap games first, the costly last: they finish in another order
    codes = ["0.77", "0.07", ".77", "0.16", "0.004", "0.77", "0.014"]
    records = grundy.census(codes, max_len=MAX_LEN)
    assert [r["code"] for r in records] == list(dict.fromkeys(codes))


def test_values_are_kept_and_a_larger_census_goes_on_from_them(cli, tmp_path):
    codes = ["0.6", "0.004", "0.77"]
    first = grundy.census(codes, max_len=1 << 12, out=tmp_path)
    assert all(r["extended_from"] == 0 for r in first)
    values = sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".values")
    assert values == ["0.004.values", "0.6.values"]
    more = grundy.census(codes, max_len=1 << 13, out=tmp_path)
    drop = ("seconds", "resumed", "extended_from")
    fresh = by_code(cli_rows(cli, codes, "--max-len", 1 << 13), drop=drop)
    opened = {c: r for c, r in by_code(more, drop=drop).items() if r["status"] == "open"}
    assert opened == {c: r for c, r in fresh.items() if r["status"] == "open"}
    assert {r["code"]: r["extended_from"] for r in more} == {"0.6": 4096, "0.004": 4096, "0.77": 0}
    # the command line goes on from the values Python kept
    rows = cli_rows(cli, ["0.6"], "--max-len", 1 << 14, "--out", tmp_path)
    assert rows[0]["extended_from"] == 1 << 13
    # none keeps nothing; a bad value is refused before any work
    other = tmp_path / "none"
    grundy.census(codes, max_len=1 << 12, out=other, keep_values="none")
    assert not [p for p in other.iterdir() if p.suffix == ".values"]
    with pytest.raises(ValueError, match="keep_values"):
        grundy.census(codes, out=other, keep_values="some")


def test_a_damaged_values_file_is_computed_again_with_a_warning(tmp_path):
    grundy.census(["0.6"], max_len=1 << 12, out=tmp_path)
    path = tmp_path / "0.6.values"
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    with pytest.warns(RuntimeWarning, match="checksum"):
        again = grundy.census(["0.6"], max_len=1 << 13, out=tmp_path)
    assert again[0]["extended_from"] == 0 and again[0]["computed"] == 1 << 13


def test_records_frame():
    pandas = pytest.importorskip("pandas")
    records = grundy.census(["0.6", "0.77", ".77"], max_len=MAX_LEN)
    frame = grundy.records_frame(records)
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["code"]) == ["0.6", "0.77", ".77"]
    assert list(frame.columns[:1]) == ["code"]
    assert frame.loc[0, "split_mask_hex"] == records[0]["split"]["mask_hex"]
    assert frame.loc[1, "period"] == 12 and frame.loc[0, "status"] == "open"
    assert "split" not in frame.columns and len(grundy.records_frame([])) == 0


def test_records_frame_without_pandas(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        grundy.records_frame([])


def test_the_values_disk_is_said_up_front(cli, tmp_path):
    """A census that keeps values says what they will take before any game
    starts: a ``CensusValuesNote`` warning with the line ``grundy census
    --out`` prints on stderr; none when nothing is computed afresh or no
    values are kept."""
    import warnings

    codes = ["0.6", "0.77"]

    def notes(**kwargs):
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            grundy.census(codes, max_len=4096, **kwargs)
        return [str(w.message) for w in seen if issubclass(w.category, grundy.CensusValuesNote)]

    said = notes(out=tmp_path / "py")
    done = cli.run(["census", "--json", "--codes", "-", "--max-len", 4096, "--out", tmp_path / "cli"], "\n".join(codes))
    assert done.returncode == 0
    # the same line, but for the folder, its flag named as Python's argument and the work estimate's last digit
    line = done.stderr.strip().replace(str(tmp_path / "cli"), str(tmp_path / "py"))
    assert len(said) == 1 and said[0].startswith("census: games to compute: 2, about ")
    strip = lambda s: re.sub(r"about [0-9.e]+ mex", "about N mex", s)
    assert strip(as_flags(said[0])) == strip(line), (said, line)
    assert "about 8.2 KiB a game, at most 16.5 KiB in all" in said[0]
    assert notes(out=tmp_path / "py") == []
    assert notes(out=tmp_path / "none", keep_values="none") == []
    assert notes() == []
