"""Every counting function against the pure-Python oracle that plays the games,
exactly and modulo every modulus in MODULI."""

import pytest

import brute
import grundy
from conftest import MODULI


def split_or_take(n):
    """Take one token, or split a heap into two unequal nonempty heaps."""
    return ([n - 1] if n >= 1 else []) + [(a, n - a) for a in range(1, (n + 1) // 2)]


def mixed_options(n):
    """Options as ints and tuples, with empty heaps and moves to nothing."""
    out = [(0,)] if n in (1, 2) else []
    out += [n - 2] if n >= 2 else []
    out += [(0, n - 3, 0)] if n >= 3 else []
    out += [()] if n == 4 else []
    return out


SPLIT = grundy.HeapGame(split_or_take)
MIXED = grundy.HeapGame(mixed_options, name="mixed")

# (function, keyword arguments): the oracle of the same name takes the same arguments
CASES = [
    ("board", dict(n=3, tokens=1)),
    ("board", dict(n=3, tokens=2)),
    ("board", dict(n=3, tokens=3)),
    ("board", dict(n=4, tokens=3)),
    ("board", dict(n=1, tokens=2)),
    ("board", dict(n=5, tokens=0)),
    # the empty board: one placement of no token, none of a token
    ("board", dict(n=0, tokens=0)),
    ("board", dict(n=0, tokens=2)),
    ("board", dict(n=0, tokens=1, moves="squares", dims=3)),
    ("board", dict(n=9, tokens=2, moves=[1, 2], dims=1)),
    ("board", dict(n=5, tokens=2, moves="1,3,2^2")),
    ("board", dict(n=6, tokens=1, moves=(1, 4), dims=3)),
    ("board", dict(n=6, tokens=2, moves="squares")),
    ("board", dict(n=8, tokens=3, moves=[2, 3], dims=1)),
    ("divisor_nim", dict(n=10)),
    ("divisor_nim", dict(n=12, piles=2)),
    ("divisor_nim", dict(n=1, piles=4)),
    ("divisor_nim", dict(n=16, piles=1)),
    ("divisor_nim", dict(n=5, piles=0)),
    ("coprime_nim", dict(n=5, piles=2)),
    ("coprime_nim", dict(n=10, piles=3)),
    ("coprime_nim", dict(n=16, piles=2, method="sieve")),
    ("coprime_nim", dict(n=16, piles=2, method="sublinear")),
    ("coprime_nim", dict(n=9, piles=4)),
    ("coprime_nim", dict(n=12, piles=5)),
    ("coprime_nim", dict(n=1, piles=3)),
    ("coprime_nim", dict(n=2, piles=2)),
    ("silver_dollar", dict(n=10, coins=2)),
    ("silver_dollar", dict(n=9, coins=3)),
    ("silver_dollar", dict(n=8, coins=4)),
    ("silver_dollar", dict(n=13, coins=4)),
    ("silver_dollar", dict(n=6, coins=0)),
    ("silver_dollar", dict(n=6, coins=5)),
    ("silver_dollar", dict(n=11, coins=1)),
    ("heaps", dict(n=8, piles=2, game="0.77")),
    ("heaps", dict(n=10, piles=3, game="0.77")),
    ("heaps", dict(n=12, piles=3, game="4.07")),
    ("heaps", dict(n=5, piles=3, game=".77")),
    ("heaps", dict(n=9, piles=2, game="0.07")),
    ("heaps", dict(n=8, piles=2, game="0.137")),
    ("heaps", dict(n=7, piles=2, game="4.07")),
    ("heaps", dict(n=8, piles=2, game="0.6")),
    ("heaps", dict(n=10, piles=3, moves=[1, 3, 4])),
    ("heaps", dict(n=9, piles=2, moves="2,5", min=0)),
    ("heaps", dict(n=12, piles=2, moves=(3,), min=4)),
    ("heaps", dict(n=8, piles=2, game=SPLIT)),
    ("heaps", dict(n=9, piles=3, game=MIXED, min=0)),
    ("heaps", dict(n=3, piles=2, game="0.77", min=5)),
    ("heaps", dict(n=10, piles=2, game="4!.0")),
    ("heaps", dict(n=9, piles=3, game="4!.0", min=0)),
    ("heaps", dict(n=9, piles=2, game="0.[3]")),
    ("heaps", dict(n=8, piles=3, game="0.1[3]")),
    ("heaps", dict(n=9, piles=2, game="0.8")),
    ("heaps", dict(n=9, piles=2, game="0.F!2")),
    ("heaps", dict(n=8, piles=2, game="8.A")),
    ("heaps", dict(n=9, piles=2, game="C.[4!]")),
    ("heaps", dict(n=10, piles=2, moves="squares", min=0)),
    ("heaps", dict(n=10, piles=2, moves="primes")),
    ("heaps", dict(n=10, piles=2, moves="powers-of-2")),
    ("heaps", dict(n=10, piles=2, moves="fibonacci")),
    ("heaps", dict(n=10, piles=3, moves="all-but:1,3")),
    ("count", dict(values=[0, 1, 1, 2, 3], piles=2)),
    ("count", dict(values=(4, 0, 7, 7, 1), piles=3)),
    ("count", dict(values=[(0, 2), (5, 1), (3, 4), (5, 1)], piles=3, histogram=True)),
    ("count", dict(values={2: 3, 6: 2}, piles=2, histogram=True)),
    ("count", dict(values=[], piles=2)),
    ("count", dict(values=[3, 5], piles=0)),
]


def case_id(case):
    func, kwargs = case
    args = ",".join(f"{k}={v.name if isinstance(v, grundy.HeapGame) else v}" for k, v in kwargs.items())
    return f"{func}({args})"


@pytest.mark.parametrize("func, kwargs", CASES, ids=[case_id(c) for c in CASES])
def test_counts_match_the_games_played(func, kwargs):
    win, lose = getattr(brute, func)(**kwargs)
    call = getattr(grundy, func)
    for outcome, want in (("winning", win), ("losing", lose)):
        got = call(**kwargs, count=outcome)
        assert type(got) is int and got == want, (outcome, got, want)
        for m in MODULI:
            got = call(**kwargs, count=outcome, modulus=m)
            assert type(got) is int and got == want % m, (outcome, m, got, want)


# every case but the silver dollar's (coins are already indistinguishable) again
# as multisets and as sets of components
UNORDERED = [
    (func, dict(kwargs, order=order))
    for func, kwargs in CASES
    if func != "silver_dollar"
    for order in ("multiset", "set")
]


@pytest.mark.parametrize("func, kwargs", UNORDERED, ids=[case_id(c) for c in UNORDERED])
def test_unordered_counts_match_the_games_played(func, kwargs):
    test_counts_match_the_games_played(func, kwargs)


def test_the_silver_dollar_refuses_unordered_counts():
    with pytest.raises(TypeError):
        grundy.silver_dollar(10, 2, order="multiset")


def test_an_iterator_of_values_is_read_once():
    win, lose = brute.count([9, 9, 1], 2)
    assert grundy.count(iter([9, 9, 1]), 2) == lose
    assert grundy.count((v for v in [9, 9, 1]), 2, count="winning") == win


def test_default_counts_are_the_command_lines():
    assert grundy.board(3, 2) == brute.board(3, 2)[0]
    assert grundy.divisor_nim(10) == brute.divisor_nim(10)[0]
    assert grundy.coprime_nim(10, 3) == brute.coprime_nim(10, 3)[1]
    assert grundy.silver_dollar(10, 2) == brute.silver_dollar(10, 2)[0]
    assert grundy.heaps(6, 2, game="0.77") == brute.heaps(6, 2, game="0.77")[1]
    assert grundy.count([0, 1, 1], 2) == brute.count([0, 1, 1], 2)[1]


def test_prime_pi_matches_a_sieve():
    for n in [0, 1, 2, 3, 4, 10, 100, 1000, 4096, 65535, 65536, 100003, 10**6]:
        want = brute.prime_pi(n)
        assert grundy.prime_pi(n) == want, n
        assert grundy.prime_pi(n, method="lucy") == want, n
        assert grundy.prime_pi(n, method="lmo") == want, n
        assert grundy.prime_pi(n, method="gourdon") == want, n


def recurrence_values(options, length):
    """g(0..length) by mex over single-heap options, a split worth the XOR of its
    parts: longer than the whole-position search reaches, to check periods."""
    g = []
    for h in range(length):
        seen = set()
        for option in options(h):
            parts = (option,) if isinstance(option, int) else option
            x = 0
            for a in parts:
                x ^= g[a]
            seen.add(x)
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


SEQUENCES = [
    dict(game="0.77"),
    dict(game="0.07"),
    dict(game=".137"),
    dict(game="4.07"),
    dict(game="0.51"),
    dict(moves=[1, 3, 4]),
    dict(moves="2,5,7"),
    dict(moves=(6,)),
    dict(game=SPLIT),
    dict(game=MIXED),
]


@pytest.mark.parametrize("kwargs", SEQUENCES, ids=[case_id(("sequence", k)) for k in SEQUENCES])
def test_sequence_values_and_period(kwargs):
    options = brute.game_options(**kwargs)
    short = 18
    played = brute.heap_values(options, short)
    s = grundy.sequence(short, **kwargs)
    assert s.values == played
    assert len(s) == short and s.saltus is None
    if isinstance(kwargs.get("game"), grundy.HeapGame):
        assert not s.certified and s.period is None and s.preperiod is None
        assert grundy.sequence(60, **kwargs).values == recurrence_values(options, 60)
        return
    assert s.certified and s.stopped == "certified"
    e, p = s.preperiod, s.period
    length = e + 4 * p + 50
    g = recurrence_values(options, length)
    assert grundy.sequence(length, **kwargs).values == g
    assert all(g[i] == g[i - p] for i in range(e + p, length)), "not periodic"
    assert e == 0 or g[e - 1] != g[e - 1 + p], "preperiod not exact"
    assert not any(
        all(g[i] == g[i - q] for i in range(e + q, length)) for q in range(1, p)
    ), "period not fundamental"


@pytest.mark.parametrize("piles", [0, 1, 3])
def test_n_0_with_min_0_is_the_empty_heap_alone(piles):
    assert grundy.heaps(0, piles, game="0.77", min=0) == brute.heaps(0, piles, game="0.77", min=0)[1] == 1
    assert grundy.heaps(0, piles, game="0.77", min=0, count="winning") == 0


def test_an_empty_range_of_heap_sizes():
    assert grundy.heaps(5, 2, game="0.77", min=6) == brute.heaps(5, 2, game="0.77", min=6)[1] == 0
    assert grundy.heaps(5, 0, game="0.77", min=6) == brute.heaps(5, 0, game="0.77", min=6)[1] == 1


@pytest.mark.parametrize("game", ["0.[7]", "0.[B]", "0.[F]"])
def test_codes_that_count_up(game):
    assert grundy.heaps(6, 3, game=game) == brute.heaps(6, 3, game=game)[1] == 24
    # g(n) = n, certified: two heaps up to 10^18 lose exactly when equal
    assert grundy.heaps(10**18, 2, game=game) == 10**18
