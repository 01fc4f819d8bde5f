"""progress=: a callable told (done, total) as a long call runs, or a bar on
stderr (tqdm's if installed, else one line); an exception it raises stops the call."""

import sys

import pytest

import grundy


def recorder():
    seen = []
    return seen, lambda done, total: seen.append((done, total))


def well_formed(seen):
    return bool(seen) and all(0 <= d <= t for d, t in seen) and seen[-1][0] == seen[-1][1]


def test_heaps_and_sequence_report_progress():
    seen, report = recorder()
    quiet = grundy.heaps(10**6, 3, game="0.6", max_work=10**10, modulus=7)
    assert grundy.heaps(10**6, 3, game="0.6", max_work=10**10, modulus=7, progress=report) == quiet
    assert well_formed(seen)
    seen, report = recorder()
    assert grundy.sequence(1000, game="0.6", progress=report).values == grundy.sequence(1000, game="0.6").values
    assert well_formed(seen)


def test_census_reports_the_games_finished():
    seen, report = recorder()
    records = grundy.census(["0.77", "0.07", "0.770"], progress=report)
    assert len(records) == 3 and seen == [(1, 3), (2, 3), (3, 3)]


def test_a_bar_is_one_line_on_stderr_without_tqdm(capfd, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    grundy.sequence(1000, game="0.6", progress=True)
    grundy.census(["0.77"], progress=True)
    err = capfd.readouterr().err
    assert "grundy.sequence:" in err and "grundy.census: games 1/1" in err
    assert err.endswith("\n")


def test_a_bar_uses_tqdm_when_installed(capfd, monkeypatch):
    made = []

    class FakeTqdm:
        def __init__(self, total, desc, file):
            made.append(desc)
            self.total, self.n = total, 0

        def refresh(self):
            pass

        def close(self):
            made.append("closed")

    fake = type(sys)("tqdm")
    fake.tqdm = FakeTqdm
    monkeypatch.setitem(sys.modules, "tqdm", fake)
    grundy.census(["0.77", "0.07"], progress=True)
    assert made == ["grundy.census: games", "closed"]


def test_a_raising_progress_stops_the_call():
    def stop(done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        grundy.heaps(10**6, 3, game="0.6", max_work=10**10, modulus=7, progress=stop)
    with pytest.raises(TypeError, match="`progress` must be"):
        grundy.sequence(10, game="0.6", progress=3)
    with pytest.raises(TypeError, match="`progress` must be"):
        list(grundy.census_iter(["0.6"], progress="yes"))
