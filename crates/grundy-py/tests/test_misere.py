"""Misère play from Python: the same counts as the command line, and misère
Nim against Bouton's rule played out by brute force."""

from itertools import product

import pytest

import grundy


def misere_nim_losing(heaps):
    """Bouton: a misère Nim position is lost by the player to move iff its
    nim-sum is 0 with some heap above 1, or every heap is at most 1 and the
    nim-sum is 1."""
    x = 0
    for h in heaps:
        x ^= h
    return x == 1 if all(h <= 1 for h in heaps) else x == 0


def losing_by_search(options, heaps):
    """Misère outcome by playing the sum out: no move means the player to move wins."""
    memo = {}

    def lost(pos):
        pos = tuple(sorted(pos))
        if pos not in memo:
            moves = [
                pos[:i] + tuple(rest) + pos[i + 1 :] for i, h in enumerate(pos) for rest in options(h)
            ]
            memo[pos] = bool(moves) and all(not lost(m) for m in moves)
        return memo[pos]

    return lost(tuple(heaps))


@pytest.mark.parametrize("piles", [1, 2, 3])
def test_misere_nim_follows_boutons_rule(piles):
    n = 5
    want = sum(misere_nim_losing(t) for t in product(range(1, n + 1), repeat=piles))
    assert grundy.heaps(n, piles, game="0.[3]", play="misere") == want


def test_misere_kayles_small_sums_by_search():
    def kayles(h):
        out = []
        for take in (1, 2):
            for left in range(0, h - take + 1):
                right = h - take - left
                out.append(tuple(x for x in (left, right) if x > 0))
        return out

    for piles in (1, 2, 3):
        want = sum(losing_by_search(kayles, t) for t in product(range(1, 7), repeat=piles))
        assert grundy.heaps(6, piles, game="0.77", play="misere") == want


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: grundy.heaps(30, 3, game="0.75", play="misere", modulus=1000), ["heaps", "--game", "0.75", "--n", 30, "--piles", 3, "--play", "misere", "--modulus", 1000]),
        (lambda: grundy.divisor_nim(12, 3, play="misere"), ["divisor-nim", "--n", 12, "--play", "misere"]),
        (lambda: grundy.coprime_nim(12, 3, play="misere"), ["coprime-nim", "--n", 12, "--piles", 3, "--play", "misere"]),
        (lambda: grundy.board(5, 2, play="misere"), ["board", "--n", 5, "--tokens", 2, "--play", "misere"]),
        (lambda: grundy.heaps(10**18, 10**18, game="0.[3]", play="misere", modulus=10**9 + 7), ["heaps", "--game", "0.[3]", "--n", 10**18, "--piles", 10**18, "--play", "misere", "--modulus", 10**9 + 7]),
    ],
)
def test_misere_counts_match_the_command_line(cli, call, args):
    assert call() == cli.count_or_error(*args)


def test_misere_is_refused_where_grundy_values_decide_nothing():
    with pytest.raises(ValueError, match="play"):
        grundy.silver_dollar(10, 2, play="misere")
    with pytest.raises(ValueError, match="play"):
        grundy.count([0, 1, 2], 2, play="misere")
    with pytest.raises(ValueError, match="play"):
        grundy.heaps(5, 2, game="0.77", play="last")


def test_misere_work_bounds_the_quotient_and_is_named_when_refused():
    # Dawson's Kayles is wild: heaps up to 20 fit the default budget, 100 do not
    assert grundy.heaps(20, 3, game="0.07", play="misere") >= 0
    with pytest.raises(ValueError, match="misere_work"):
        grundy.heaps(100, 3, game="0.07", play="misere")
    with pytest.raises(ValueError, match="misere_work"):
        grundy.heaps(20, 3, game="0.07", play="misere", misere_work=1000)
    for call in (
        lambda w: grundy.divisor_nim(400, play="misere", misere_work=w),
        lambda w: grundy.coprime_nim(400, 3, play="misere", misere_work=w),
        lambda w: grundy.board(400, 2, moves=[1, 4, 5], play="misere", misere_work=w),
    ):
        with pytest.raises(ValueError, match="misere_work"):
            call(100)
    # a certified game is unaffected by a larger budget
    k = grundy.heaps(10**18, 3, game="0.77", play="misere", modulus=10**9 + 7)
    assert grundy.heaps(10**18, 3, game="0.77", play="misere", modulus=10**9 + 7, misere_work=10**9) == k


def test_the_empty_board_under_misere_play(cli):
    # no token: the player to move cannot move, and wins under misère play
    assert grundy.board(0, 0, play="misere", count="winning") == 1
    assert grundy.board(0, 0, play="misere", count="losing") == 0
    for tokens in [1, 3]:
        for count in ["winning", "losing"]:
            assert grundy.board(0, tokens, play="misere", count=count) == 0
    assert grundy.board(0, 0, play="misere", count="winning") == cli.count_or_error(
        "board", "--n", 0, "--tokens", 0, "--play", "misere", "--count", "winning"
    )


@pytest.mark.parametrize("spelling", ["misere", "misère"])
def test_misere_is_spelled_alike_in_python_and_on_the_command_line(cli, spelling):
    args = ["heaps", "--game", "0.77", "--n", 6, "--piles", 3, "--play", spelling]
    assert grundy.heaps(6, 3, game="0.77", play=spelling) == cli.count_or_error(*args)


def test_misere_heaps_beyond_the_quotient_are_answered_by_search():
    # 0.6 (take one token, leaving one or two nonempty heaps) is wild: the
    # quotient of heaps up to 18 is beyond the default misere_work, and the
    # library answers by a direct search of the positions
    def options(h):
        out = [(h - 1,)] if h >= 2 else []
        out += [(a, h - 1 - a) for a in range(1, (h - 1) // 2 + 1)]
        return out

    memo = {}

    def lost(pos):
        pos = tuple(sorted(pos))
        if pos not in memo:
            moves = [pos[:i] + rest + pos[i + 1 :] for i, h in enumerate(pos) for rest in options(h)]
            memo[pos] = bool(moves) and all(not lost(m) for m in moves)
        return memo[pos]

    for n, misere_len in ((18, 200), (12, 4)):
        pairs = [(a, b) for a in range(1, n + 1) for b in range(1, n + 1)]
        want = sum(lost(t) for t in pairs)
        assert grundy.heaps(n, 2, game="0.6", play="misere", misere_len=misere_len) == want
        multisets = sum(lost((a, b)) for a, b in pairs if a <= b)
        got = grundy.heaps(n, 2, game="0.6", play="misere", order="multiset", misere_len=misere_len)
        assert got == multisets
        assert grundy.heaps(n, 2, game="0.6", play="misere", modulus=7, misere_len=misere_len) == want % 7
