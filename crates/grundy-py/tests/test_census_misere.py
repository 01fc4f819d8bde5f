"""grundy.census(..., play="misere") against `grundy census --play misere
--json`: the same records, the same `<canonical>.misere.json` files (a census
started in one resumes in the other), the same refusals; and claims: a
census from Python and one from the command line on one folder compute each
game once, in normal and in misère play."""

import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import grundy

from conftest import as_flags, cli_path
from test_census import SLOW, by_code, cli_rows, cpu_seconds

#: Certified quotients (a moment each), equivalent codes among them, and wild games stopped by the work budget.
CODES = ["0.31", ".31", "0.75", "0.77", "0.34", "0.6", "0.16", "4.7"]
WORK = 2_000_000
#: Wild games that take a second or two each within this budget.
WILD = ["0.6", "0.16", "4.7", "0.07", "0.137", "0.004", "0.014", "0.106"]
WILD_WORK = 6_000_000


def misere_rows(cli, codes, *args):
    return cli_rows(cli, codes, "--play", "misere", "--misere-work", WORK, *args)


def test_records_are_the_command_lines(cli):
    py = grundy.census(CODES, play="misere", misere_work=WORK)
    assert [r["code"] for r in py] == CODES
    assert by_code(py) == by_code(misere_rows(cli, CODES))
    rows = by_code(py)
    assert rows["0.31"]["equivalent"] == [".31"] and rows[".31"]["canonical"] == "0.31"
    assert (rows["0.31"]["order"], rows["0.31"]["certified"], rows["0.6"]["certified"]) == (6, True, False)
    assert rows["0.6"]["stopped_by"] == "misere_work"
    # the independent check, as --verify shows it
    verified = grundy.census(CODES[:5], play="misere", misere_work=WORK, verify=True, verify_size=16)
    expected = by_code(misere_rows(cli, CODES[:5], "--verify", "--verify-size", 16))
    assert by_code(verified) == expected
    for r in verified:
        checked = (True, 16) if r["certified"] else (None, None)
        assert (r["verified"], (r["verification"] or {}).get("max_total")) == checked, r["code"]
    # any executor, and census_iter
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        rows = list(grundy.census_iter(CODES, play="misere", misere_work=WORK, executor=ex, misere_len=40))
    assert by_code(rows) == by_code(misere_rows(cli, CODES, "--misere-len", 40))


def test_python_census_resumes_in_the_cli_and_back(cli, tmp_path):
    half, rest = CODES[:4], CODES[4:]
    py = grundy.census(half, play="misere", misere_work=WORK, out=tmp_path)
    assert not any(r["resumed"] for r in py)
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert sorted(files) == ["0.31.misere.json", "0.75.misere.json", "0.77.misere.json"]
    rows = misere_rows(cli, CODES, "--out", tmp_path)
    assert {r["code"] for r in rows if r["resumed"]} == set(half)
    # the files Python wrote are untouched, those of the command line read back
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name in files} == files
    again = grundy.census(CODES, play="misere", misere_work=WORK, out=tmp_path)
    assert all(r["resumed"] for r in again)
    assert by_code(again) == by_code(rows)
    # other limits: computed again, and the file replaced
    longer = grundy.census(rest, play="misere", misere_work=2 * WORK, out=tmp_path)
    assert not any(r["resumed"] for r in longer)
    assert by_code(longer) == by_code(cli_rows(cli, rest, "--play", "misere", "--misere-work", 2 * WORK))
    assert not any(p.name.startswith(".") for p in tmp_path.iterdir())


def test_a_damaged_record_is_computed_again_with_a_warning(cli, tmp_path):
    codes = ["0.31", "0.75"]
    fresh = by_code(grundy.census(codes, play="misere", out=tmp_path))
    path = tmp_path / "0.31.misere.json"
    record = path.read_text()
    for text in [record.replace('"order":6', '"order":7'), record[:40], "not json\n"]:
        path.write_text(text)
        with pytest.warns(RuntimeWarning, match=r"0\.31\.misere\.json: .*computing it again"):
            rows = grundy.census(codes, play="misere", out=tmp_path)
        assert by_code(rows) == fresh
        assert {r["code"]: r["resumed"] for r in rows} == {"0.31": False, "0.75": True}
        assert path.read_text() == record
        # the command line reads the replaced record back without a word
        done = cli.run(["census", "--play", "misere", "--json", "--codes", "-", "--out", tmp_path], "\n".join(codes))
        assert done.returncode == 0 and done.stderr == "", done.stderr
        assert all(json.loads(line)["resumed"] for line in done.stdout.splitlines())
    # a record that is not a regular file is refused before any work
    path.unlink()
    path.mkdir()
    with pytest.raises(ValueError, match="not a regular file"):
        grundy.census(codes, play="misere", out=tmp_path)


def cli_refusal(cli, *args):
    done = cli.run(["census", "--codes", "-", *map(str, args)], "0.75\n0.6\n")
    assert done.returncode == 2 and done.stdout == ""
    return done.stderr.strip()


@pytest.mark.parametrize(
    "kwargs, flags, error",
    [
        ({"misere_total_work": 3_000_000}, ["--misere-total-work", 3_000_000], grundy.TooLargeError),
        ({"misere_work": 0}, ["--misere-work", 0], ValueError),
        ({"misere_len": 0}, ["--misere-len", 0], ValueError),
        ({"verify_size": 0}, ["--verify-size", 0], ValueError),
        ({"verify": True, "verify_size": 201}, ["--verify", "--verify-size", 201], ValueError),
    ],
)
def test_refusals_are_the_command_lines(cli, kwargs, flags, error):
    said = cli_refusal(cli, "--play", "misere", *flags)
    with pytest.raises(error) as e:
        grundy.census(["0.75", "0.6"], play="misere", **kwargs)
    # the command line's message, its flags named as Python's arguments
    assert "error: " + as_flags(str(e.value)) == said


def test_other_refusals():
    said = "`verify` checks misère quotients; give `play` misere"
    with pytest.raises(ValueError, match=said):
        grundy.census(["0.75"], verify=True)
    with pytest.raises(ValueError, match="play: 'misère' is not one of normal, misere"):
        grundy.census(["0.75"], play="misère")
    with pytest.raises(TypeError):
        grundy.census(["0.75"], play="misere", misere_work="many")
    with pytest.raises(ValueError, match="game code"):
        grundy.census(["0.75", "9.x"], play="misere")


def test_dask_workers(cli, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        rows = grundy.census(CODES, play="misere", misere_work=WORK, out=tmp_path, executor=client)
    assert by_code(rows) == by_code(misere_rows(cli, CODES))
    again = misere_rows(cli, CODES, "--out", tmp_path)
    assert all(r["resumed"] for r in again)


MISERE_CHILD = """
import json, signal, sys
import grundy
signal.signal(signal.SIGINT, signal.default_int_handler)
print("ready", flush=True)
try:
    grundy.census({codes!r}, play="misere", misere_work=10**12, misere_total_work=10**14, out=sys.argv[1])
    print("finished", flush=True)
except KeyboardInterrupt as e:
    print(json.dumps(sorted(r["code"] for r in e.records)), flush=True)
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads /proc")
def test_ctrl_c_stops_every_game_and_keeps_what_finished(cli, tmp_path):
    """Ctrl-C stops the wild games (hours each at this budget) within a
    moment, measured in the CPU the child uses after the signal; the
    certified ones finished are in ``records`` and in ``out``."""
    cheap = ["0.31", "0.75"]
    script = MISERE_CHILD.format(codes=cheap + ["0.6", "0.16"])
    child = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().startswith("ready")
        deadline = time.monotonic() + 300
        while not all((tmp_path / f"{c}.misere.json").exists() for c in cheap) or cpu_seconds(child.pid) < 3:
            assert time.monotonic() < deadline and child.poll() is None
            time.sleep(0.1)
        before = cpu_seconds(child.pid)
        child.send_signal(signal.SIGINT)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        report = child.stdout.read().splitlines()
    finally:
        if child.poll() is None:
            child.kill()
    assert usage.ru_utime + usage.ru_stime - before < 10
    assert child.returncode == 0 and report[-1] != "finished", report
    assert json.loads(report[-1]) == cheap
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["0.31.misere.json", "0.75.misere.json"], names


def computed(rows):
    """The games a census computed itself (not read back, not another's values)."""
    return [r["canonical"] for r in rows if not r["resumed"] and r.get("values_of") is None]


@pytest.mark.parametrize("play", ["normal", "misere"])
def test_a_python_and_a_command_line_census_on_one_folder_compute_each_game_once(cli, tmp_path, play):
    """Both start together on the same games (each a second or two); claims
    in the folder make each game computed by exactly one of them, the other
    reading its record back; whatever the timing, the rows agree and no
    claim is left behind. Without claims both compute the games they reach
    at the same time."""
    if play == "normal":
        codes, py_args, cli_args = SLOW, {"max_len": 1 << 15}, ["--max-len", 1 << 15]
    else:
        codes, py_args, cli_args = WILD, {"play": "misere", "misere_work": WILD_WORK}, [
            "--play", "misere", "--misere-work", WILD_WORK
        ]
    command = [cli_path(), "census", "--json", "--jobs", "1", "--codes", "-", "--out", str(tmp_path), *map(str, cli_args)]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    child.stdin.write("\n".join(codes))
    child.stdin.close()
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        py = grundy.census(codes, out=tmp_path, executor=ex, **py_args)
    out = child.stdout.read()
    assert child.wait(600) == 0
    theirs = [json.loads(line) for line in out.splitlines()]
    assert len(py) == len(theirs) == len(codes)
    both = computed(py) + computed(theirs)
    assert sorted(both) == sorted(codes), (computed(py), computed(theirs))
    drop = ("seconds", "resumed", "extended_from")
    assert by_code(py, drop=drop) == by_code(theirs, drop=drop)
    assert not any(p.name.startswith(".") for p in tmp_path.iterdir())


def test_a_game_held_by_another_process_is_waited_for_and_read_back(cli, tmp_path):
    """A claim held by a live process (this one, as seen from another
    machine's point of view: a live owner is never taken over) makes the
    census leave the game and wait; once the holder writes the record and
    releases the claim, the census reads it back instead of computing it."""
    done = grundy.census(["0.75"], play="misere", out=tmp_path / "elsewhere")
    record = (tmp_path / "elsewhere" / "0.75.misere.json").read_text()
    host = open("/proc/sys/kernel/hostname").read().strip() if os.path.exists("/proc/sys/kernel/hostname") else "h"
    claim = tmp_path / ".0.75.misere.json.claim"
    claim.write_text(f"{host}-other 1 1\n0\n")
    got = []
    runner = threading.Thread(target=lambda: got.extend(grundy.census(["0.31", "0.75"], play="misere", out=tmp_path)))
    runner.start()
    # the other game is done while this one waits
    deadline = time.monotonic() + 120
    while not (tmp_path / "0.31.misere.json").exists():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert runner.is_alive() and not (tmp_path / "0.75.misere.json").exists()
    # the holder finishes: its record, then its claim released
    (tmp_path / "0.75.misere.json").write_text(record)
    claim.unlink()
    runner.join(120)
    assert not runner.is_alive()
    assert {r["code"]: r["resumed"] for r in got} == {"0.31": False, "0.75": True}
    assert by_code(got)["0.75"] == by_code(done)["0.75"]
