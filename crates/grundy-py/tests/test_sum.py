"""grundy.Sum of component objects: one game's copies count as the functions
of the same game do (a contract: the functions stay as they are), and sums of
different games count as the oracle plays them out."""

from itertools import product
from math import gcd

import pytest

import grundy
from conftest import MODULI
from test_game import ORDERS, brute

PLAYS = ["normal", "misere"]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("play", PLAYS)
def test_copies_of_one_component_count_as_the_functions(order, play):
    for count in ("losing", "winning"):
        kw = dict(count=count, order=order, play=play)
        for k in (1, 2, 3):
            assert grundy.Sum([grundy.Heaps("0.77", 20, min=3).copies(k)]).count(**kw) == grundy.heaps(
                20, k, game="0.77", min=3, **kw
            )
            assert grundy.Sum([grundy.Heaps(None, 30, moves=[1, 3, 4]).copies(k)]).count(**kw) == grundy.heaps(
                30, k, moves=[1, 3, 4], **kw
            )
            assert grundy.Sum([grundy.Board(5, moves="1,2", dims=2).copies(k)]).count(**kw) == grundy.board(
                5, k, moves="1,2", **kw
            )
            assert grundy.Sum([grundy.DivisorPile(10).copies(k)]).count(**kw) == grundy.divisor_nim(10, k, **kw)
            assert grundy.Sum([grundy.CoprimePile(10).copies(k)]).count(**kw) == grundy.coprime_nim(10, k, **kw)
            if play == "normal":
                values = [0, 1, 1, 2, 3, 7]
                assert grundy.Sum([grundy.Values(values).copies(k)]).count(**kw) == grundy.count(values, k, **kw)


@pytest.mark.parametrize("modulus", MODULI)
def test_a_sum_of_four_different_games_counts_modulo_any_m(modulus):
    parts = [
        grundy.Heaps("0.77", 10**6),
        grundy.CoprimePile(1000).copies(2),
        grundy.Board(30).copies(1),
        grundy.DivisorPile(500).copies(3),
    ]
    exact = grundy.Sum(parts).count(count="winning")
    assert grundy.Sum(parts).count(count="winning", modulus=modulus) == exact % modulus
    total = 10**6 * 999**2 * 900 * 500**3
    assert exact + grundy.Sum(parts).count() == total


def test_sums_of_different_games_count_as_played_out():
    # components: a subtraction heap in 1..=6, a coprime pile in 1..=4 (twice),
    # a board token on 3x3 with moves 1, 2, and values [0, 1, 1] as nim heaps
    subtraction = (lambda h: [h - s for s in (1, 3, 4) if s <= h], list(range(1, 7)))
    coprime = (lambda p: [p - a for a in range(1, p + 1) if gcd(a, p) == 1], list(range(1, 5)))
    cells = list(product(range(3), repeat=2))
    board = (lambda c: [c[:d] + (c[d] - s,) + c[d + 1 :] for d in (0, 1) for s in (1, 2) if s <= c[d]], cells)
    nim = (lambda h: list(range(h)), [0, 1, 1])
    for order in ORDERS:
        want = {
            count: brute(
                [(subtraction[0], subtraction[1], 1), (coprime[0], coprime[1], 2), (board[0], board[1], 1)]
                + [(nim[0], nim[1], 2)],
                count,
                order,
            )
            for count in ("losing", "winning")
        }
        parts = [
            grundy.Heaps(None, 6, moves=[1, 3, 4]),
            grundy.CoprimePile(5).copies(2),
            grundy.Board(3, moves=[1, 2]),
            grundy.Values([0, 1, 1]).copies(2),
        ]
        for count, n in want.items():
            assert grundy.Sum(parts).count(count=count, order=order) == n, (count, order)


def test_a_heap_game_from_python_in_a_sum():
    take = grundy.HeapGame(lambda n: [n - k for k in (1, 2) if k <= n])
    s = grundy.Sum([grundy.Heaps(take, 9).copies(2), grundy.Heaps("0.77", 4)])
    assert s.count() == sum(
        1 for a, b, c in product(range(1, 10), range(1, 10), range(1, 5)) if (a % 3) ^ (b % 3) ^ [0, 1, 2, 3, 1][c] == 0
    )

    class Mine(Exception):
        pass

    def bad(n):
        raise Mine("bad rules")

    with pytest.raises(Mine):
        grundy.Sum([grundy.Heaps(grundy.HeapGame(bad), 5)]).count()


def test_components_refuse_bad_arguments():
    with pytest.raises(TypeError, match="a grundy.Sum holds components"):
        grundy.Sum([3])
    with pytest.raises(TypeError, match="list of components"):
        grundy.Sum(3)
    with pytest.raises(TypeError, match="'n'"):
        grundy.Heaps("0.77")
    with pytest.raises(ValueError):
        grundy.Heaps("0.77", 5, moves=[1])
    with pytest.raises(ValueError, match="`method` must be"):
        grundy.CoprimePile(5, method="magic")
    with pytest.raises(OverflowError):
        grundy.DivisorPile(2**64)
    with pytest.raises(ValueError, match="nonnegative"):
        grundy.Board(3).copies(-1)


def test_the_empty_sum_has_one_losing_position():
    assert grundy.Sum([]).count() == 1 and grundy.Sum([]).count(count="winning") == 0


def test_reprs_and_parts_show_the_sum():
    s = grundy.Sum([grundy.Heaps("0.77", 5), grundy.DivisorPile(7).copies(2)])
    assert repr(s) == 'grundy.Sum([grundy.Heaps("octal 0.77", 5, min=1), grundy.DivisorPile(7).copies(2)])'
    assert [p.copies for p in s.parts] == [1, 2]


def test_a_sum_reports_progress():
    seen = []
    parts = [grundy.CoprimePile(10**7).copies(3)]
    grundy.Sum(parts).count(modulus=10**9 + 7, progress=lambda d, t: seen.append((d, t)))
    assert seen and all(0 <= d <= t for d, t in seen)
