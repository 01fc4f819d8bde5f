"""grundy.misere_quotient and grundy.sequence(..., play="misere"): every field
equal to `grundy sequence --play misere --json`, the quotient's outcomes of
sums of heaps against a pure-Python misère search that plays the sums out,
the table's buffer, the refusals (in the command line's words) and Ctrl-C."""

import signal
import sys
import threading
import time
from itertools import combinations_with_replacement

import pytest

import brute
import grundy
from conftest import as_flags

# (Python keyword arguments, command-line flags): codes certified, uncertified
# (a small misere_len or misere_work ends them), and a subtraction set
CASES = [
    (dict(game="0.77", length=30), ["--game", "0.77", "--len", 30]),
    (dict(game="0.77"), ["--game", "0.77"]),
    (dict(game="0.75", length=25), ["--game", "0.75", "--len", 25]),
    (dict(game="0.6", length=20, misere_len=12), ["--game", "0.6", "--len", 20, "--misere-len", 12]),
    (dict(game="0.6", length=20, misere_work=10**6), ["--game", "0.6", "--len", 20, "--misere-work", "10^6"]),
    (dict(game="4.7", length=20), ["--game", "4.7", "--len", 20]),
    (dict(game="0.137", length=20), ["--game", "0.137", "--len", 20]),
    (dict(game="0.137", length=20, genus_work=1000), ["--game", "0.137", "--len", 20, "--genus-work", 1000]),
    (dict(moves=[1, 3, 4], length=30), ["--moves", "1,3,4", "--len", 30]),
    (dict(moves="2,3", length=0), ["--moves", "2,3", "--len", 0]),
]


def as_json(q):
    """The quotient's fields under the names and in the form of `--json`."""
    return dict(
        certified=q.certified,
        game=q.game,
        genus=q.genus,
        genus_len=q.genus_len,
        identity=q.identity,
        misere_len=q.bound,
        misere_values=q.misere_values,
        order=q.order,
        outcomes=q.outcomes,
        p_portion=q.p_portion,
        period={"from": q.preperiod, "period": q.period} if q.certified else None,
        play="misere",
        presentation=q.presentation,
        pretending=q.pretending,
        stopped=q.stopped,
        table=q.table,
        work=q.work,
    )


@pytest.mark.parametrize("kwargs, args", CASES, ids=[" ".join(map(str, c[1])) for c in CASES])
def test_the_quotient_is_the_command_lines(cli, kwargs, args):
    want = cli.json("sequence", *args, "--play", "misere")
    q = grundy.misere_quotient(**kwargs)
    assert as_json(q) == want
    assert q.length == len(want["pretending"])
    assert (q.preperiod is None) == (q.period is None) == (not q.certified)
    assert (q.stopped_by is None) == (q.stopped is None)


def test_sequence_with_misere_play_is_the_quotient():
    q = grundy.misere_quotient("0.75", length=25)
    for play in ["misere", "misère"]:
        s = grundy.sequence(25, game="0.75", play=play)
        assert isinstance(s, grundy.MisereQuotient)
        assert as_json(s) == as_json(q)
    w = grundy.sequence(20, game="0.6", play="misere", misere_len=12, misere_work=10**7, genus_work=10**4)
    assert as_json(w) == as_json(grundy.misere_quotient("0.6", length=20, misere_len=12, misere_work=10**7, genus_work=10**4))
    assert isinstance(grundy.sequence(25, game="0.75"), grundy.Sequence)


def the_game(kwargs):
    return brute.game_options(kwargs.get("game"), kwargs.get("moves"))


# (quotient's arguments, largest heap in the sums, most heaps in a sum)
SUMS = [
    (dict(game="0.77", length=40), 12, 3),
    (dict(game="0.75", length=40), 12, 3),
    (dict(game="0.6", length=12, misere_len=11), 11, 3),
    (dict(game="0.137", length=12, misere_len=11), 11, 3),
    (dict(game="4.7", length=10, misere_len=9), 9, 3),
    (dict(moves=[1, 3, 4], length=40), 14, 3),
]


@pytest.mark.parametrize("kwargs, top, most", SUMS, ids=[str(s[0]) for s in SUMS])
def test_outcomes_of_sums_are_those_of_a_search(kwargs, top, most):
    q = grundy.misere_quotient(**kwargs)
    assert q.bound >= top
    wins = brute.misere_wins(brute.heap_moves(the_game(kwargs)))
    for k in range(most + 1):
        for heaps in combinations_with_replacement(range(1, top + 1), k):
            want = "N" if wins(heaps) else "P"
            assert q.outcome(heaps) == want, heaps
            # the class of a sum is the product of its parts' classes
            if k >= 2:
                parts = q.multiply(q.element(heaps[:1]), q.element(heaps[1:]))
                assert q.element(heaps) == parts, heaps
    # a heap alone: the outcomes listed
    for k in range(1, min(q.length, top + 1)):
        assert q.outcomes[k] == ("N" if wins((k,)) else "P"), k
    assert q.outcome([]) == "N" == q.outcomes[0]  # the player to move cannot move: wins
    assert q.element([]) == q.identity == q.pretending[0]


def test_a_certified_quotient_answers_heaps_beyond_its_bound():
    q = grundy.misere_quotient("0.75", length=10)
    assert q.certified and q.bound < 30
    wins = brute.misere_wins(brute.heap_moves(brute.octal_options("0.75")))
    for heaps in [(30,), (1, 30), (2, 31), (29, 3, 1), (33, 2)]:
        assert q.outcome(heaps) == ("N" if wins(tuple(sorted(heaps))) else "P"), heaps
    # the period extends the pretending function
    assert q.element([2**64 - 1]) == q.pretending[q.preperiod + (2**64 - 1 - q.preperiod) % q.period]


def test_a_heap_game_of_your_own_has_the_quotient_of_its_code():
    def kayles(h):
        return [tuple(x for x in (a, h - t - a) if x > 0) for t in (1, 2) if t <= h for a in range(h - t + 1)]

    # heaps up to 19 both: rules have no periodicity theorem, so no heap is adjoined beyond those shown
    own = grundy.misere_quotient(grundy.HeapGame(kayles), length=20, misere_len=30)
    code = grundy.misere_quotient("0.77", length=20, misere_len=19)
    assert own.game == "rules kayles" and not own.certified and own.bound == 19
    assert {k: v for k, v in as_json(own).items() if k != "game"} == {
        k: v for k, v in as_json(code).items() if k != "game"
    }

    def broken(h):
        if h == 7:
            raise RuntimeError("no heap 7")
        return kayles(h)

    with pytest.raises(RuntimeError, match="no heap 7"):
        grundy.misere_quotient(grundy.HeapGame(broken), length=20)


def test_the_table_is_a_commutative_monoid_with_the_p_portion():
    q = grundy.misere_quotient("0.77", length=30)
    t, e = q.table, q.identity
    n = q.order
    assert len(t) == n and all(len(row) == n for row in t)
    for x in range(n):
        assert t[e][x] == x == t[x][e]
        for y in range(n):
            assert t[x][y] == t[y][x] == q.multiply(x, y)
    for x, y, z in [(1, 2, 3), (4, 5, 6), (7, 7, 2), (n - 1, 1, n - 2)]:
        assert t[t[x][y]][z] == t[x][t[y][z]]
    assert q.p_portion == sorted(q.p_portion) and q.outcome([1]) == "P"
    assert [q.element([k]) for k in range(q.length)] == q.pretending


def test_the_table_is_a_buffer():
    q = grundy.misere_quotient("0.77", length=30)
    view = q.array
    assert view.readonly and view.shape == (q.order, q.order) and view.itemsize == q.itemsize == 1
    assert view.tolist() == q.table
    np = pytest.importorskip("numpy")
    a = np.asarray(q)
    assert a.shape == (q.order, q.order) and a.dtype == np.uint8 and not a.flags.writeable
    assert a.tolist() == q.table and np.shares_memory(a, q.to_numpy())
    # a larger quotient (the widths of the buffer are those of Sequence's, test_arrays.py)
    big = grundy.misere_quotient("4.7", length=20)
    assert big.order > 100 and np.asarray(big).tolist() == big.table == big.array.tolist()


def test_repr_and_notebook_table():
    q = grundy.misere_quotient("0.75", length=10)
    assert repr(q) == (
        'grundy.MisereQuotient(game="octal 0.75", order=8, identity=0, p_portion=[1, 7], bound=21, certified=True)'
    )
    html = q._repr_html_()
    assert html.count("<td") == q.order**2 + 6  # the table's cells, and the summary's
    assert "Φ(n + 2) = Φ(n) for n ≥ 8" in html
    # a shaded cell is a P-portion element
    assert html.count('<td style="background:#ddd">') == sum(q.table[x][y] in q.p_portion for x in range(8) for y in range(8))
    big = grundy.misere_quotient("0.6", length=20, misere_work=10**6)
    assert big.order > 64 and "is not shown" in big._repr_html_() and "stopped" in big._repr_html_()


# refusals: the library's message, in the command line's words
REFUSALS = [
    (dict(game="0.77", misere_len=0), ["--game", "0.77", "--misere-len", 0]),
    (dict(game="0.77", misere_work=0), ["--game", "0.77", "--misere-work", 0]),
    (dict(game="0.7G"), ["--game", "0.7G"]),
    (dict(game="0.77", moves="1"), ["--game", "0.77", "--moves", "1"]),
]


@pytest.mark.parametrize("kwargs, args", REFUSALS, ids=[" ".join(map(str, r[1])) for r in REFUSALS])
def test_refusals_are_the_command_lines(cli, kwargs, args):
    with pytest.raises(ValueError) as refused:
        grundy.misere_quotient(**kwargs)
    assert not isinstance(refused.value, grundy.TooLargeError)
    want = cli.count_or_error("sequence", *args, "--play", "misere")
    assert "error: " + as_flags(str(refused.value)) == want


def test_a_budget_that_adjoins_no_heap_is_too_large(cli):
    with pytest.raises(grundy.TooLargeError) as refused:
        grundy.misere_quotient("0.77", misere_work=1)
    want = cli.count_or_error("sequence", "--game", "0.77", "--play", "misere", "--misere-work", 1)
    assert "error: " + as_flags(str(refused.value)) == want


def test_bad_requests_are_refused():
    q = grundy.misere_quotient("0.6", length=20, misere_len=12)
    assert not q.certified and q.stopped is None
    with pytest.raises(grundy.NotCertifiedError, match="heap 13 .* up to 12 .*raise `misere_len`"):
        q.element([1, 13])
    with pytest.raises(IndexError, match=f"element {q.order} is not in the quotient"):
        q.multiply(0, q.order)
    with pytest.raises(ValueError, match="`heaps` must be nonnegative"):
        q.outcome([-1])
    with pytest.raises(TypeError):
        q.outcome(3)
    with pytest.raises(ValueError, match="`length` is limited to 268435456"):
        grundy.misere_quotient("0.77", length=2**28 + 1)
    with pytest.raises(ValueError, match='`max_len` is not an option of play="misere"'):
        grundy.sequence(10, game="0.77", play="misere", max_len=10)
    with pytest.raises(ValueError, match='`save` is not an option of play="misere"'):
        grundy.sequence(10, game="0.77", play="misere", save="x")
    with pytest.raises(ValueError, match='`misere_work` is not an option of play="normal"'):
        grundy.sequence(10, game="0.77", misere_work=10)
    with pytest.raises(ValueError, match="`play` must be normal or misere, not 'x'"):
        grundy.sequence(10, game="0.77", play="x")


def test_progress_is_reported():
    seen = []
    q = grundy.misere_quotient("0.77", length=30, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1]
    assert as_json(q) == as_json(grundy.misere_quotient("0.77", length=30))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_ctrl_c_stops_a_long_quotient():
    # Dawson's Kayles with 10^9 steps runs for minutes; the signal comes 3 s in
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        signal.raise_signal(signal.SIGINT)

    timer = threading.Timer(3.0, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.misere_quotient("0.07", misere_work=10**9)
    finally:
        timer.cancel()
    assert sent, "the call ended before the signal"
    assert time.monotonic() - sent[0] < 1.5
