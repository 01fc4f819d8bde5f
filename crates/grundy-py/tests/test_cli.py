"""Every function against the command line's answers, exact and modulo every
modulus in MODULI, and its refusals against the command line's messages."""

import random

import pytest

import grundy
from conftest import MODULI, as_flags, modulus_flags

_rng = random.Random(12)
RANDOM_VALUES = [_rng.randrange(40) for _ in range(300)]
RANDOM_PAIRS = [(_rng.randrange(1 << 12), _rng.randrange(1, 10**15)) for _ in range(50)]


def lines(items):
    return "".join(f"{' '.join(map(str, i)) if isinstance(i, tuple) else i}\n" for i in items)


# (function, keyword arguments, command-line arguments, standard input)
CASES = [
    ("board", dict(n=9, tokens=3), ["board", "--n", 9, "--tokens", 3], None),
    ("board", dict(n=10**18, tokens=100), ["board", "--n", "10^18", "--tokens", 100], None),
    (
        "board",
        dict(n=10000019, tokens=100, moves=[1, 3, 4], dims=3),
        ["board", "--n", 10000019, "--tokens", 100, "--moves", "1,3,4", "--dims", 3],
        None,
    ),
    ("board", dict(n=1000, tokens=7, moves="2^3,5"), ["board", "--n", 1000, "--tokens", 7, "--moves", "2^3,5"], None),
    ("divisor_nim", dict(n=123456787654321), ["divisor-nim", "--n", 123456787654321], None),
    ("divisor_nim", dict(n=2**64 - 1, piles=1000), ["divisor-nim", "--n", 2**64 - 1, "--piles", 1000], None),
    ("coprime_nim", dict(n=10**7, piles=10**7), ["coprime-nim", "--n", 10**7, "--piles", 10**7], None),
    ("coprime_nim", dict(n=1000, piles=1000), ["coprime-nim", "--n", 1000, "--piles", 1000], None),
    (
        "coprime_nim",
        dict(n=5000, piles=3, method="sieve"),
        ["coprime-nim", "--n", 5000, "--piles", 3, "--method", "sieve"],
        None,
    ),
    (
        "coprime_nim",
        dict(n=5000, piles=3, method="sublinear"),
        ["coprime-nim", "--n", 5000, "--piles", 3, "--method", "sublinear"],
        None,
    ),
    ("silver_dollar", dict(n=10**6, coins=100), ["silver-dollar", "--n", 10**6, "--coins", 100], None),
    ("silver_dollar", dict(n=2**64 - 1, coins=3), ["silver-dollar", "--n", 2**64 - 1, "--coins", 3], None),
    ("silver_dollar", dict(n=5000, coins=999), ["silver-dollar", "--n", 5000, "--coins", 999], None),
    (
        "heaps",
        dict(n=10**18, piles=10**18, game="0.77"),
        ["heaps", "--game", "0.77", "--n", "10^18", "--piles", "10^18"],
        None,
    ),
    ("heaps", dict(n=1000, piles=5, game="0.07"), ["heaps", "--game", "0.07", "--n", 1000, "--piles", 5], None),
    (
        "heaps",
        dict(n=10**12, piles=3, moves=[1, 3, 4], min=0),
        ["heaps", "--moves", "1,3,4", "--n", 10**12, "--piles", 3, "--min", 0],
        None,
    ),
    ("heaps", dict(n=5000, piles=2, game="0.16"), ["heaps", "--game", "0.16", "--n", 5000, "--piles", 2], None),
    (
        "heaps",
        dict(n=10**6, piles=4, game="0.16", max_len=4096),
        ["heaps", "--game", "0.16", "--n", 10**6, "--piles", 4, "--max-len", 4096],
        None,
    ),
    ("count", dict(values=RANDOM_VALUES, piles=7), ["count", "--values", "-", "--piles", 7], lines(RANDOM_VALUES)),
    (
        "count",
        dict(values=RANDOM_PAIRS, piles=10**6, histogram=True),
        ["count", "--values", "-", "--piles", 10**6, "--histogram"],
        lines(RANDOM_PAIRS),
    ),
]


def run_python(func, kwargs, **more):
    """The count, or the refusal in the command line's words."""
    try:
        return getattr(grundy, func)(**kwargs, **more)
    except ValueError as e:
        return "error: " + as_flags(str(e))


def run_cli(cli, args, stdin, modulus, outcome):
    return cli.count_or_error(*args, *modulus_flags(modulus), "--count", outcome, stdin=stdin)


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{' '.join(map(str, c[2][1:]))}"[:80] for c in CASES])
@pytest.mark.parametrize("outcome", ["winning", "losing"])
def test_counts_match_the_command_line(cli, case, outcome):
    func, kwargs, args, stdin = case
    exact = run_python(func, kwargs, count=outcome)
    assert exact == run_cli(cli, args, stdin, None, outcome)
    for m in MODULI:
        got = run_python(func, kwargs, count=outcome, modulus=m)
        assert got == run_cli(cli, args, stdin, m, outcome), m
        if isinstance(exact, int):
            assert got == exact % m


def test_the_json_value_is_the_same(cli):
    report = cli.json("coprime-nim", "--n", 10**4, "--piles", 20)
    assert int(report["value"]) == grundy.coprime_nim(10**4, 20)


SEQUENCES = [
    (dict(game="0.77"), ["--game", "0.77"], 100),
    (dict(game="0.07"), ["--game", "0.07"], 10),
    (dict(game="0.137"), ["--game", "0.137"], 300),
    (dict(moves=[1, 3, 4]), ["--moves", "1,3,4"], 50),
    (dict(moves="10^3,2"), ["--moves", "10^3,2"], 20),
    (dict(game="0.16"), ["--game", "0.16"], 200),
    (dict(game="0.16", max_len=4096), ["--game", "0.16", "--max-len", 4096], 200),
    (dict(game="0.16", max_work=10**6), ["--game", "0.16", "--max-work", 10**6], 200),
    (dict(game="0.77", max_len=64), ["--game", "0.77", "--max-len", 64], 30),
    (dict(moves="all-but:1,3"), ["--moves", "all-but:1,3"], 40),
    (dict(game="0.[3]"), ["--game", "0.[3]"], 20),
    (dict(game="4!.0", max_work=10**6), ["--game", "4!.0", "--max-work", 10**6], 30),
    (dict(moves="squares", max_len=1000), ["--moves", "squares", "--max-len", 1000], 30),
]


@pytest.mark.parametrize("kwargs, args, length", SEQUENCES, ids=[" ".join(map(str, s[1])) for s in SEQUENCES])
def test_sequence_matches_the_command_line(cli, kwargs, args, length):
    want = cli.json("sequence", *args, "--len", length)
    s = grundy.sequence(length, **kwargs)
    got = dict(
        game=s.game,
        values=s.values,
        preperiod=s.preperiod,
        period=s.period,
        saltus=s.saltus,
        observed_to=s.observed_to,
        certified=s.certified,
        computed=s.computed,
        stopped=s.stopped,
    )
    if not s.certified:
        got["statistics"] = s.statistics
    else:
        assert s.statistics is None
    assert got == want


@pytest.mark.parametrize("n", [0, 1, 10**9, 2**40, 12345678901, 10**12, 10**13])
def test_prime_pi_matches_the_command_line(cli, n):
    assert grundy.prime_pi(n) == cli.count("prime-pi", "--n", n)
    assert grundy.prime_pi(n, method="lmo") == grundy.prime_pi(n)
    assert grundy.prime_pi(n, method="gourdon") == cli.count("prime-pi", "--n", n, "--method", "gourdon")


@pytest.mark.parametrize("n", [0, 1, 10**9, 12345678901])
def test_prime_pi_by_lucy_matches_the_command_line(cli, n):
    assert grundy.prime_pi(n, method="lucy") == cli.count("prime-pi", "--n", n, "--method", "lucy")


# Refusals by the library: the same message, in each front end's words.
REFUSALS = [
    (lambda: grundy.divisor_nim(0), ["divisor-nim", "--n", 0]),
    (lambda: grundy.board(5, 2, dims=0), ["board", "--n", 5, "--tokens", 2, "--dims", 0]),
    (lambda: grundy.board(5, 2, moves="0,1"), ["board", "--n", 5, "--tokens", 2, "--moves", "0,1"]),
    (lambda: grundy.board(5, 2, moves="1,x"), ["board", "--n", 5, "--tokens", 2, "--moves", "1,x"]),
    (lambda: grundy.board(5, 2, max_len=0), ["board", "--n", 5, "--tokens", 2, "--max-len", 0]),
    (lambda: grundy.silver_dollar(3, 3), ["silver-dollar", "--n", 3, "--coins", 3]),
    (lambda: grundy.silver_dollar(10**6, 200_000), ["silver-dollar", "--n", 10**6, "--coins", 200_000]),
    (lambda: grundy.silver_dollar(10**18, 10**4), ["silver-dollar", "--n", "10^18", "--coins", "10^4"]),
    # by the time estimate, before any work (each method its own limit)
    (lambda: grundy.prime_pi(2**64 - 1), ["prime-pi", "--n", 2**64 - 1]),
    (lambda: grundy.prime_pi(5 * 10**16, method="lucy"), ["prime-pi", "--n", 5 * 10**16, "--method", "lucy"]),
    (lambda: grundy.heaps(10, 2), ["heaps", "--n", 10, "--piles", 2]),
    (
        lambda: grundy.heaps(10, 2, game="0.77", moves="1"),
        ["heaps", "--n", 10, "--piles", 2, "--game", "0.77", "--moves", "1"],
    ),
    (lambda: grundy.heaps(10, 2, game="0.7G"), ["heaps", "--n", 10, "--piles", 2, "--game", "0.7G"]),
    (lambda: grundy.heaps(10, 2, game="0.00"), ["heaps", "--n", 10, "--piles", 2, "--game", "0.00"]),
    (lambda: grundy.heaps(10, 2, moves=""), ["heaps", "--n", 10, "--piles", 2, "--moves", ""]),
    (
        lambda: grundy.heaps(10**7, 2, game="0.16", max_len=4096),
        ["heaps", "--n", 10**7, "--piles", 2, "--game", "0.16", "--max-len", 4096],
    ),
    (
        lambda: grundy.heaps(10**7, 2, game="0.16", max_work=1000),
        ["heaps", "--n", 10**7, "--piles", 2, "--game", "0.16", "--max-work", 1000],
    ),
    (lambda: grundy.heaps(10**18, 10**18, game="0.77"), ["heaps", "--n", "10^18", "--piles", "10^18", "--game", "0.77"]),
    (lambda: grundy.sequence(10, game="0.77", max_len=0), ["sequence", "--game", "0.77", "--len", 10, "--max-len", 0]),
]


@pytest.mark.parametrize("call, args", REFUSALS, ids=[" ".join(map(str, r[1])) for r in REFUSALS])
def test_refusals_match_the_command_line(cli, call, args):
    with pytest.raises(ValueError) as refused:
        call()
    assert "error: " + as_flags(str(refused.value)) == cli.count_or_error(*args)


def test_a_huge_value_is_counted_alike(cli):
    assert grundy.count([2**64 - 1], 2) == 1
    want = cli.count_or_error("count", "--values", "-", "--piles", 2, stdin=f"{2**64 - 1}\n")
    assert grundy.count([2**64 - 1], 2) == want


def test_values_of_a_high_rank_are_refused_alike(cli):
    independent = [1 << j for j in range(40)]
    # counted from their dependencies, alike
    stdin = "".join(f"{v}\n" for v in independent)
    assert grundy.count(independent, 3) == cli.count_or_error("count", "--values", "-", "--piles", 3, stdin=stdin) == 0
    # with as many more that involve them all: refused alike
    values = independent + [(1 << j) ^ (1 << (j + 1) % 40) ^ (1 << (j + 3) % 40) for j in range(40)]
    with pytest.raises(ValueError) as refused:
        grundy.count(values, 3, modulus=7)
    stdin = "".join(f"{v}\n" for v in values)
    want = cli.count_or_error("count", "--values", "-", "--piles", 3, "--modulus", 7, stdin=stdin)
    # the same refusal, each against its own memory limit (Python 4 GiB, the command line 12 GiB)
    got = "error: " + as_flags(str(refused.value))
    assert got.split("(limit")[0] == want.split("(limit")[0]
    assert "rank 40" in got
