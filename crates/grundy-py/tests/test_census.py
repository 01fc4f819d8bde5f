"""grundy.census against `grundy census --json`: the same records, the same
per-game files (a census started in one resumes in the other), and on a real
Dask cluster that loses a worker mid-census."""

import concurrent.futures
import json
import os
import signal

import pytest

import grundy

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
    files = {p.name: p.read_text() for p in tmp_path.iterdir()}
    rows = cli_rows(cli, CODES, "--max-len", MAX_LEN, "--out", tmp_path)
    resumed = {r["code"] for r in rows if r["resumed"]}
    assert resumed == set(half)
    # the files Python wrote are untouched, those of the command line read back
    assert {p.name: p.read_text() for p in tmp_path.iterdir() if p.name in files} == files
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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0.024.json", "0.77.json"]
    # the command line resumes the class from its leader's file, whatever the order
    back = cli_rows(cli, codes[::-1], "--max-len", MAX_LEN, "--out", tmp_path)
    assert all(r["resumed"] for r in back)
    assert by_code(back) == by_code(py)


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
    expected = by_code(cli_rows(cli, codes, "--max-len", max_len))
    assert by_code(got) == expected
    # and every game is in the folder, read back by the command line
    again = cli_rows(cli, codes, "--max-len", max_len, "--out", tmp_path)
    assert all(r["resumed"] for r in again)
    assert by_code(again) == expected
