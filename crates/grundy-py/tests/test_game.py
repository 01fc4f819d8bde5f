"""grundy.Game: games on any Python positions, from an options function.

Every count is compared with the pure-Python oracle of brute.py, which plays
the whole sum (a position is the tuple of every component's position, a
move changes one of them, no Grundy values), under normal and misère play;
and the built-in games written as a Game agree with the built-in counts.
"""

import sys
from itertools import product
from math import gcd

import pytest

import grundy
from brute import KNIGHTISH, Solver, board_token, kept, misere_wins, octal_options, sum_moves
from conftest import MODULI

ORDERS = ["ordered", "multiset", "set"]


# --- the games, as options functions -------------------------------------------------


def pair_of_heaps(n):
    """Two heaps that move together: take 1..3 from both, or 1 from either one."""

    def options(pair):
        a, b = pair
        together = [(a - k, b - k) for k in (1, 2, 3) if k <= min(a, b)]
        return together + [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)

    return options, [(a, b) for a in range(n) for b in range(n)]


def wythoff(n):
    """A queen moving towards the corner: left, down or diagonally, any distance."""

    def options(cell):
        x, y = cell
        return (
            [(x - k, y) for k in range(1, x + 1)]
            + [(x, y - k) for k in range(1, y + 1)]
            + [(x - k, y - k) for k in range(1, min(x, y) + 1)]
        )

    return options, [(x, y) for x in range(n) for y in range(n)]


def kayles_options(n):
    """Kayles on a row of n pins: knock down one pin or two adjacent ones,
    leaving the rows on either side (a tuple of parts)."""
    return [(a, n - t - a) for t in (1, 2) for a in range(0, n - t + 1)]


GAMES = {
    "board": board_token(5, KNIGHTISH),
    "pair": pair_of_heaps(5),
    "wythoff": wythoff(4),
}


# --- the oracle ------------------------------------------------------------------------


def tagged(options_list):
    """The moves of one component of a sum of several games: (game, position)."""
    return lambda tp: ((tp[0], q) for q in options_list[tp[0]](tp[1]))


def brute(components, count="losing", order="ordered", play="normal"):
    """The count over a sum of (options, positions, copies), played out whole."""
    options_list = [c[0] for c in components]
    moves = sum_moves(tagged(options_list))
    wins = Solver(moves).wins if play == "normal" else misere_wins(moves)
    total = 0
    choices = []
    for i, (_, positions, copies) in enumerate(components):
        tagged_positions = [(i, p) for p in positions]
        choices.append([t for t in product(range(len(positions)), repeat=copies) if kept(t, order)])
    for pick in product(*choices):
        position = tuple(
            sorted((i, components[i][1][j]) for i, indices in enumerate(pick) for j in indices)
        )
        if wins(position) == (count == "winning"):
            total += 1
    return total


# --- values ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_values_are_the_brute_force_grundy_values(name):
    options, positions = GAMES[name]
    game = grundy.Game(options, positions)
    solver = Solver(options)
    assert game.values == [solver.grundy(p) for p in positions]
    assert game.positions == positions
    assert len(game) == len(positions)
    assert all(game.grundy(p) == solver.grundy(p) for p in positions)
    histogram = {}
    for v in game.values:
        histogram[v] = histogram.get(v, 0) + 1
    assert game.histogram == dict(sorted(histogram.items()))


def test_wythoff_values_are_zero_exactly_at_the_golden_pairs():
    options, positions = wythoff(30)
    game = grundy.Game(options, positions)
    phi = (1 + 5**0.5) / 2
    cold = {(int(k * phi), int(k * phi) + k) for k in range(30)}
    cold |= {(b, a) for a, b in cold}
    assert {p for p, v in zip(positions, game.values) if v == 0} == {p for p in positions if p in cold}


# --- counts against the oracle ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("play", ["normal", "misere"])
def test_sums_of_one_game_count_as_played_out(name, order, play):
    options, positions = GAMES[name]
    game = grundy.Game(options, positions)
    for copies in (1, 2):
        for count in ("losing", "winning"):
            want = brute([(options, positions, copies)], count, order, play)
            got = grundy.Sum([game.copies(copies)]).count(count=count, order=order, play=play)
            assert got == want, (name, copies, count, order, play)


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("play", ["normal", "misere"])
def test_sums_of_different_games_count_as_played_out(order, play):
    board = board_token(3, KNIGHTISH)
    pair = pair_of_heaps(3)
    queen = wythoff(3)
    parts = [(board, 1), (pair, 2), (queen, 1)]
    games = [grundy.Game(*g) for g, _ in parts]
    for count in ("losing", "winning"):
        want = brute([(g[0], g[1], k) for g, k in parts], count, order, play)
        got = grundy.Sum([g.copies(k) for g, (_, k) in zip(games, parts)]).count(count=count, order=order, play=play)
        assert got == want, (count, order, play)


@pytest.mark.parametrize("modulus", MODULI)
def test_a_game_counts_modulo_any_m(modulus):
    options, positions = GAMES["pair"]
    game = grundy.Game(options, positions)
    exact = grundy.Sum([game.copies(3)]).count()
    assert exact == brute([(options, positions, 3)])
    assert grundy.Sum([game.copies(3)]).count(modulus=modulus) == exact % modulus
    misere = grundy.Sum([game.copies(2)]).count(play="misere")
    assert grundy.Sum([game.copies(2)]).count(play="misere", modulus=modulus) == misere % modulus


def test_sums_of_parts_are_played_as_the_multiset_of_parts():
    # a move splits a heap into two smaller nonempty ones, or takes one token
    def options(n):
        return [(n - 1,)] * (n >= 1) + [(a, n - a) for a in range(1, n)]

    positions = list(range(1, 7))
    game = grundy.Game(options, positions, sum_of_parts=True)
    # the oracle plays multisets of heaps
    def moves(heaps):
        for i, h in enumerate(heaps):
            for option in options(h):
                yield tuple(sorted(heaps[:i] + heaps[i + 1 :] + option))

    solver = Solver(moves)
    assert game.values == [solver.grundy((h,)) for h in positions]
    for play in ("normal", "misere"):
        wins = solver.wins if play == "normal" else misere_wins(moves)
        want = sum(not wins(tuple(sorted(t))) for t in product(positions, repeat=2))
        assert grundy.Sum([game.copies(2)]).count(play=play) == want


# --- built-in games written as a Game --------------------------------------------------


def kayles():
    return grundy.Game(kayles_options, range(1, 25), sum_of_parts=True, name="Kayles")


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("modulus", [None, 7, 10**9 + 7])
def test_kayles_as_a_game_is_the_octal_game(order, modulus):
    game = kayles()
    assert game.values == grundy.sequence(25, game="0.77").values[1:]
    for piles in (1, 2, 3, 5):
        for count in ("losing", "winning"):
            want = grundy.heaps(24, piles, game="0.77", count=count, order=order, modulus=modulus)
            got = grundy.Sum([game.copies(piles)]).count(count=count, order=order, modulus=modulus)
            assert got == want


@pytest.mark.parametrize("order", ORDERS)
def test_kayles_as_a_game_is_the_octal_game_in_misere_play(order):
    game = grundy.Game(kayles_options, range(1, 9), sum_of_parts=True)
    for piles in (1, 2, 3):
        for count in ("losing", "winning"):
            want = grundy.heaps(8, piles, game="0.77", count=count, order=order, play="misere")
            got = grundy.Sum([game.copies(piles)]).count(count=count, order=order, play="misere")
            assert got == want


def test_octal_games_as_games_are_the_octal_games():
    for code in ("0.07", "0.137", "4.7", "0.6"):
        options = octal_options(code)
        game = grundy.Game(lambda h: [tuple(o) if not isinstance(o, int) else (o,) for o in options(h)],
                           range(1, 30), sum_of_parts=True)
        assert game.values == grundy.sequence(30, game=code).values[1:], code
        assert grundy.Sum([game.copies(3)]).count() == grundy.heaps(29, 3, game=code), code


def test_a_board_token_as_a_game_is_the_board():
    for n, moves, dims in [(6, (2, 3, 5, 7), 2), (5, (1, 2), 3), (9, (1, 4), 1)]:
        def options(cell):
            return [cell[:d] + (cell[d] - s,) + cell[d + 1 :] for d in range(dims) for s in moves if s <= cell[d]]

        game = grundy.Game(options, list(product(range(n), repeat=dims)))
        for tokens in (1, 2, 3):
            for order in ORDERS:
                want = grundy.board(n, tokens, moves=list(moves), dims=dims, order=order)
                assert grundy.Sum([game.copies(tokens)]).count(count="winning", order=order) == want
        want = grundy.board(n, 2, moves=list(moves), dims=dims, play="misere", count="losing")
        assert grundy.Sum([game.copies(2)]).count(play="misere") == want


def test_divisor_and_coprime_piles_as_games_are_the_built_in_ones():
    divisor = grundy.Game(lambda p: [p - d for d in range(1, p) if p % d == 0], range(1, 31))
    coprime = grundy.Game(lambda p: [p - a for a in range(1, p + 1) if gcd(a, p) == 1], range(1, 30))
    for piles in (1, 2, 4):
        for order in ORDERS:
            assert grundy.Sum([divisor.copies(piles)]).count(count="winning", order=order) == grundy.divisor_nim(
                30, piles, order=order
            )
            assert grundy.Sum([coprime.copies(piles)]).count(order=order) == grundy.coprime_nim(30, piles, order=order)
    # misère: the library's quotients of small piles
    divisor = grundy.Game(lambda p: [p - d for d in range(1, p) if p % d == 0], range(1, 11))
    coprime = grundy.Game(lambda p: [p - a for a in range(1, p + 1) if gcd(a, p) == 1], range(1, 10))
    for piles in (1, 2, 3):
        assert grundy.Sum([divisor.copies(piles)]).count(play="misere", count="winning") == grundy.divisor_nim(
            10, piles, play="misere"
        )
        assert grundy.Sum([coprime.copies(piles)]).count(play="misere") == grundy.coprime_nim(10, piles, play="misere")


def test_a_subtraction_game_as_a_game_is_heaps_with_moves():
    game = grundy.Game(lambda h: [h - s for s in (1, 3, 4) if s <= h], range(1, 41))
    assert grundy.Sum([game.copies(4)]).count(modulus=1000) == grundy.heaps(40, 4, moves=[1, 3, 4], modulus=1000)


# --- what the search refuses, and how it behaves ------------------------------------


def test_a_cycle_is_refused_naming_it():
    with pytest.raises(ValueError, match=r"cycle of moves: 0 -> 1 -> 2 -> 0.*finite"):
        grundy.Game(lambda p: [(p + 1) % 3], [0])
    with pytest.raises(ValueError, match=r"cycle of moves: 'a' -> 'a'"):
        grundy.Game(lambda p: [p], ["a"])


def test_max_positions_bounds_the_search():
    with pytest.raises(grundy.TooLargeError, match=r"more than 100 positions.*raise `max_positions`"):
        grundy.Game(lambda p: [p + 1], [0], max_positions=100)
    # exactly at the bound: accepted
    game = grundy.Game(lambda p: [p - 1] if p else [], [99], max_positions=100)
    assert game.reached == 100 and game.values == [1]
    with pytest.raises(grundy.TooLargeError, match="max_positions"):
        grundy.Game(lambda p: [p - 1] if p else [], [100], max_positions=100)


def test_a_deep_game_does_not_overflow_the_stack():
    depth = 300_000
    game = grundy.Game(lambda p: [p - 1] if p else [], [depth])
    assert game.values == [depth % 2] and game.reached == depth + 1


def test_bad_options_are_refused_clearly():
    with pytest.raises(TypeError, match="`options` must be callable"):
        grundy.Game(3, [1])
    with pytest.raises(TypeError, match=r"`options\(1\)` must return an iterable"):
        grundy.Game(lambda p: 7, [1])
    with pytest.raises(TypeError, match=r"returned the position \[0\], which is not hashable"):
        grundy.Game(lambda p: [[0]], [1])
    with pytest.raises(TypeError, match="`positions` holds"):
        grundy.Game(lambda p: [], [[1]])
    with pytest.raises(TypeError, match="sum_of_parts=True every option is a tuple"):
        grundy.Game(lambda p: [p - 1] if p else [], [3], sum_of_parts=True)
    with pytest.raises(ValueError, match="holds 1 twice"):
        grundy.Game(lambda p: [], [1, 2, 1])
    with pytest.raises(TypeError, match="`positions` must be an iterable"):
        grundy.Game(lambda p: [], 5)


def test_an_exception_of_options_comes_out_unchanged():
    class Mine(Exception):
        pass

    def options(p):
        if p == 3:
            raise Mine("no")
        return [p + 1]

    with pytest.raises(Mine, match="no"):
        grundy.Game(options, [0])


def test_the_positions_reached_are_valued_and_others_are_not():
    game = grundy.Game(lambda h: [h - s for s in (1, 2) if s <= h], [5])
    assert game.reached == 6
    assert [game.grundy(h) for h in range(6)] == [0, 1, 2, 0, 1, 2]
    with pytest.raises(KeyError):
        game.grundy(6)


def test_misere_refuses_what_it_cannot_count():
    game = grundy.Game(kayles_options, range(1, 30), sum_of_parts=True)
    with pytest.raises(grundy.TooLargeError, match="misere_work"):
        grundy.Sum([game.copies(3)]).count(play="misere", misere_work=1000)
    with pytest.raises(ValueError, match="misere is not available for a sum of grundy.Game components with grundy.Values"):
        grundy.Sum([game, grundy.Values([0, 1, 1])]).count(play="misere")
    with pytest.raises(ValueError, match="misere_work"):
        grundy.Sum([game]).count(misere_work=5)


def test_progress_is_reported_to_a_callable():
    seen = []
    grundy.Game(lambda p: [p - 1] if p else [], [200_000], progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] == 200_001
    assert all(0 <= d <= t for d, t in seen)


def test_a_progress_callable_that_raises_stops_the_search():
    def stop(done, total):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        grundy.Game(lambda p: [p - 1] if p else [], [200_000], progress=stop)


def test_progress_true_draws_a_line_on_stderr(capfd, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # the plain line, tqdm or not
    grundy.Game(lambda p: [p - 1] if p else [], [200_000], progress=True)
    err = capfd.readouterr().err
    assert "grundy.Game(<lambda>)" in err and "200001/200001" in err
    with pytest.raises(TypeError, match="`progress` must be"):
        grundy.Game(lambda p: [], [0], progress="yes")
