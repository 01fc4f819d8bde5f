"""Ctrl-C stops grundy.Game's search and a misère count of Games, soon after
the signal (in CPU time, as test_interrupt measures it)."""

import sys

import pytest

from test_interrupt import MAX_CPU_AFTER_SIGNAL, interrupted

KAYLES = "def kayles(n): return [(a, n - t - a) for t in (1, 2) for a in range(n - t + 1)]"

GAME_CALLS = [
    # the search numbering positions (the options function is cheap; the slices check signals)
    ("", "grundy.Game(lambda p: [p + 1, p + 2], [0], max_positions=10**8)"),
    # the misère search over multisets of rows (its states report to the observer)
    (
        KAYLES + "\ngame = grundy.Game(kayles, range(1, 40), sum_of_parts=True)",
        "grundy.Sum([game.copies(3)]).count(play='misere', misere_work=10**9)",
    ),
]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
@pytest.mark.parametrize("setup, call", GAME_CALLS, ids=["search", "misere"])
def test_ctrl_c_stops_a_game(setup, call):
    out, code, spent = interrupted(setup, call, 0.5)
    assert out.strip() == "KeyboardInterrupt" and code == 0
    assert spent < MAX_CPU_AFTER_SIGNAL, f"spent {spent:.2f} CPU seconds after the signal"
