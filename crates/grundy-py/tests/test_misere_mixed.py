"""Misère play of a sum mixing grundy.Game components with built-in ones
(heaps, boards, Divisor and Coprime Nim piles): the built-in components are
played out from their rules and the whole sum searched. Compared with a
pure-Python oracle that plays the whole sum move by move, every order, both
outcomes, both orders of the components; and each built-in component's rules
with the library's own misère counts (beside a game of one optionless
position, which adds nothing)."""

from itertools import product
from math import gcd

import pytest

import grundy
from brute import KNIGHTISH, board_token as token, kept, misere_wins, octal_options, sum_moves

ORDERS = ["ordered", "multiset", "set"]


def brute(components, count, order):
    """The misère count over a sum of (options, positions, copies), played whole:
    a position is the sorted tuple of (component, its position) of every copy."""
    options = [c[0] for c in components]
    wins = misere_wins(sum_moves(lambda tp: ((tp[0], q) for q in options[tp[0]](tp[1]))))
    choices = [
        [t for t in product(range(len(positions)), repeat=copies) if kept(t, order)]
        for _, positions, copies in components
    ]
    total = 0
    for pick in product(*choices):
        position = tuple(sorted((i, components[i][1][j]) for i, idx in enumerate(pick) for j in idx))
        total += wins(position) == (count == "winning")
    return total


def heaps_of(code, n, low=1):
    """Heaps low..=n of an octal game as one component: a position is the sorted
    tuple of heaps a heap has become (its splits included)."""
    heap_options = octal_options(code)

    def options(heaps):
        for i, h in enumerate(heaps):
            for parts in heap_options(h):
                yield tuple(sorted(heaps[:i] + heaps[i + 1 :] + tuple(p for p in parts if p)))

    return options, [(h,) if h else () for h in range(low, n + 1)]


def board_of(n, moves):
    def options(cell):
        return [cell[:i] + (c - m,) + cell[i + 1 :] for i, c in enumerate(cell) for m in moves if m <= c]

    return options, list(product(range(n), repeat=2))


def divisor_of(n):
    return (lambda a: [a - d for d in range(1, a) if a % d == 0]), list(range(1, n + 1))


def coprime_of(n):
    return (lambda a: [a - k for k in range(1, a + 1) if gcd(k, a) == 1]), list(range(1, n))


CASES = {
    # (grundy component, its oracle), the Game beside it
    "kayles+token": ((grundy.Heaps("0.77", 5), heaps_of("0.77", 5)), token(3, KNIGHTISH)),
    "dawson+token": ((grundy.Heaps("0.07", 6, min=0), heaps_of("0.07", 6, 0)), token(3, KNIGHTISH)),
    "splits+token": ((grundy.Heaps("4.7", 5), heaps_of("4.7", 5)), token(3, KNIGHTISH)),
    "subtraction+token": (
        (grundy.Heaps(None, 6, moves=[1, 3]), heaps_of("0.303", 6)),  # take 1 or 3 = 0.303 (take-all too)
        token(3, KNIGHTISH),
    ),
    "board+token": ((grundy.Board(3, moves=[1, 2]), board_of(3, [1, 2])), token(3, KNIGHTISH)),
    "divisor+token": ((grundy.DivisorPile(6), divisor_of(6)), token(3, KNIGHTISH)),
    "coprime+token": ((grundy.CoprimePile(7), coprime_of(7)), token(3, KNIGHTISH)),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("order", ORDERS)
def test_a_game_with_built_in_components_is_played_out_in_misere_play(name, order):
    (builtin, oracle), (options, positions) = CASES[name]
    game = grundy.Game(options, positions)
    for (k_builtin, k_game), count in product([(1, 2), (2, 1)], ("losing", "winning")):
        oracle_parts = [(*oracle, k_builtin), (options, positions, k_game)]
        want = brute(oracle_parts, count, order)
        first = grundy.Sum([builtin.copies(k_builtin), game.copies(k_game)])
        second = grundy.Sum([game.copies(k_game), builtin.copies(k_builtin)])
        assert first.count(count=count, order=order, play="misere") == want, (k_builtin, k_game, count)
        assert second.count(count=count, order=order, play="misere") == want, (k_builtin, k_game, count)
        assert second.count(count=count, order=order, play="misere", modulus=7) == want % 7


def test_both_outcomes_add_up_and_differ_from_normal_play():
    game = grundy.Game(*token(3, KNIGHTISH))
    s = grundy.Sum([grundy.Heaps("0.77", 5).copies(2), game])
    misere = [s.count(count=c, play="misere") for c in ("losing", "winning")]
    assert sum(misere) == 5 * 5 * 9
    assert misere[0] != s.count(count="losing")


NOTHING = grundy.Game(lambda p: [], [0])  # one position without a move: adds nothing to a sum


@pytest.mark.parametrize(
    "component, function",
    [
        (grundy.Heaps("0.77", 9), lambda k, **kw: grundy.heaps(9, k, game="0.77", **kw)),
        (grundy.Heaps("0.137", 8, min=0), lambda k, **kw: grundy.heaps(8, k, game="0.137", min=0, **kw)),
        (grundy.Heaps(None, 9, moves=[1, 2, 5]), lambda k, **kw: grundy.heaps(9, k, moves=[1, 2, 5], **kw)),
        (grundy.Board(4, moves=[1, 3]), lambda k, **kw: grundy.board(4, k, moves=[1, 3], **kw)),
        (grundy.DivisorPile(9), lambda k, **kw: grundy.divisor_nim(9, k, **kw)),
        (grundy.CoprimePile(9), lambda k, **kw: grundy.coprime_nim(9, k, **kw)),
    ],
)
def test_the_rules_played_out_are_the_librarys(component, function):
    """Beside a game that adds nothing, the search over a built-in component's
    positions counts what the library's misère quotient counts."""
    for k in (1, 2, 3):
        for order in ORDERS:
            for count in ("losing", "winning"):
                searched = grundy.Sum([component.copies(k), NOTHING]).count(count=count, order=order, play="misere")
                assert searched == function(k, count=count, order=order, play="misere"), (k, order, count)


def test_too_large_to_play_out_is_refused_naming_the_limit():
    game = grundy.Game(*token(3, KNIGHTISH))
    with pytest.raises(grundy.TooLargeError, match="plays grundy.Heaps.*`misere_work`"):
        grundy.Sum([grundy.Heaps("0.77", 10**6), game]).count(play="misere")
    with pytest.raises(grundy.TooLargeError, match="`misere_work`"):
        grundy.Sum([grundy.Heaps("0.77", 60), game]).count(play="misere", misere_work=1000)
    with pytest.raises(grundy.TooLargeError, match="`misere_work`"):
        grundy.Sum([grundy.Board(100, dims=3), game]).count(play="misere")
    # values do not decide misère play
    with pytest.raises(ValueError, match="misere is not available for a sum of grundy.Game components with grundy.Values"):
        grundy.Sum([grundy.Values([0, 1]), game]).count(play="misere")
