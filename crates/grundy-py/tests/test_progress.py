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


@pytest.mark.parametrize(
    "call",
    [
        lambda progress: grundy.board(2000, 3, modulus=10**9 + 7, progress=progress),
        lambda progress: grundy.divisor_nim(10**5, 3, modulus=10**9 + 7, progress=progress),
        lambda progress: grundy.coprime_nim(10**9, 3, modulus=10**9 + 7, progress=progress),
        lambda progress: grundy.silver_dollar(10**6, 50, modulus=10**9 + 7, progress=progress),
        lambda progress: grundy.board(40, 2, play="misere", progress=progress),
    ],
)
def test_every_counting_function_reports_progress(call):
    seen, report = recorder()
    assert call(report) == call(None) == call(False)
    assert well_formed(seen), seen


def test_board_divisor_coprime_and_silver_dollar_show_a_bar(capfd, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    grundy.board(30, 2, progress=True)
    grundy.divisor_nim(100, progress=True)
    grundy.coprime_nim(10**6, 2, progress=True)
    grundy.silver_dollar(100, 3, progress=True)
    err = capfd.readouterr().err
    for label in ["grundy.board:", "grundy.divisor_nim:", "grundy.coprime_nim: counting primes", "grundy.silver_dollar:"]:
        assert label in err, err
    with pytest.raises(TypeError, match="`progress` must be"):
        grundy.silver_dollar(10, 2, progress="yes")


class Terminal:
    """A stderr that is a terminal (and keeps what is written)."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_the_census_shows_a_bar_by_default_in_a_terminal(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    grundy.census(["0.77", "0.07"])
    assert "grundy.census: games 2/2" in terminal.text
    # progress=False: none, even in a terminal
    terminal.text = ""
    grundy.census(["0.77"], progress=False)
    assert terminal.text == ""


def test_the_census_shows_a_bar_by_default_in_a_notebook(capfd, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    kernel_shell = type("ZMQInteractiveShell", (), {"kernel": object()})()
    ipython = type(sys)("IPython")
    ipython.get_ipython = lambda: kernel_shell
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    grundy.census(["0.77"])
    assert "grundy.census: games 1/1" in capfd.readouterr().err
    # a terminal IPython (no kernel) whose stderr is no terminal: no bar
    ipython.get_ipython = lambda: type("TerminalInteractiveShell", (), {})()
    list(grundy.census_iter(["0.77"]))
    assert capfd.readouterr().err == ""


def test_the_census_is_quiet_by_default_when_no_one_sees_stderr(capfd):
    # pytest's captured stderr is no terminal, and there is no notebook
    grundy.census(["0.77", "0.07"])
    assert capfd.readouterr().err == ""
