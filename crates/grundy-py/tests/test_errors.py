"""Bad arguments raise the right exception with a message naming the parameter,
and never bring the interpreter down."""

import pytest

import grundy

ERRORS = [
    # numbers: beyond 2^64 - 1, negative, not an int
    (lambda: grundy.divisor_nim(2**64), OverflowError, "`n` must be at most 2^64 - 1"),
    (lambda: grundy.divisor_nim(10**100), OverflowError, "`n` must be at most 2^64 - 1"),
    (lambda: grundy.divisor_nim(-1), ValueError, "`n` must be nonnegative, not -1"),
    (lambda: grundy.divisor_nim(10.0), TypeError, "`n` must be an int, not float"),
    (lambda: grundy.divisor_nim("10"), TypeError, "`n` must be an int, not str"),
    (lambda: grundy.divisor_nim(None), TypeError, "`n` must be an int, not NoneType"),
    (lambda: grundy.divisor_nim(True), TypeError, "`n` must be an int, not bool"),
    (lambda: grundy.divisor_nim(10, piles=-3), ValueError, "`piles` must be nonnegative"),
    (lambda: grundy.board(5, 2**64), OverflowError, "`tokens` must be at most 2^64 - 1"),
    (lambda: grundy.board(5, 2, dims=-1), ValueError, "`dims` must be nonnegative"),
    (lambda: grundy.heaps(5, 2, game="0.77", min=2**70), OverflowError, "`min`"),
    (lambda: grundy.heaps(5, 2, game="0.77", max_work=-1), ValueError, "`max_work`"),
    (lambda: grundy.heaps(0, 2, game="0.77"), ValueError, "`min` 0 admits the empty heap"),
    (lambda: grundy.sequence(20000, game="8.[3]"), ValueError, "raise `max_work`"),
    (lambda: grundy.sequence(-1, game="0.77"), ValueError, "`length` must be nonnegative"),
    (lambda: grundy.sequence(5, game="0.77", threads=0), ValueError, "`threads` must be at least 1"),
    (lambda: grundy.heaps(5, 2, game="0.77", threads=-2), ValueError, "`threads` must be nonnegative"),
    (lambda: grundy.sequence(2**28 + 1, game="0.77"), ValueError, "`length` is limited to 268435456"),
    (lambda: grundy.prime_pi(-5), ValueError, "`n` must be nonnegative"),
    (lambda: grundy.prime_pi(2**64), OverflowError, "`n` must be at most 2^64 - 1"),
    # the modulus
    (lambda: grundy.divisor_nim(10, modulus=0), ValueError, "`modulus` must be at least 1"),
    (lambda: grundy.divisor_nim(10, modulus=2**64), OverflowError, "`modulus` must be at most 2^64 - 1"),
    (lambda: grundy.divisor_nim(10, modulus=-7), ValueError, "`modulus` must be nonnegative"),
    (lambda: grundy.divisor_nim(10, modulus=7.0), TypeError, "`modulus` must be an int, not float"),
    (lambda: grundy.silver_dollar(10, 2, modulus=0), ValueError, "`modulus` must be at least 1"),
    # choices
    (lambda: grundy.divisor_nim(10, count="draw"), ValueError, "`count` must be winning or losing, not 'draw'"),
    (lambda: grundy.divisor_nim(10, order="sorted"), ValueError, "`order` must be ordered, multiset or set"),
    (lambda: grundy.count([1], 2, order="bag"), ValueError, "`order` must be ordered, multiset or set, not 'bag'"),
    (lambda: grundy.coprime_nim(10, 2, method="fast"), ValueError, "`method` must be auto, sieve or sublinear"),
    # move lists and games
    (lambda: grundy.board(5, 2, moves=[]), ValueError, "`moves` is empty"),
    (lambda: grundy.board(5, 2, moves=[0, 1]), ValueError, "`moves` must be positive"),
    (lambda: grundy.board(5, 2, moves=[-1]), ValueError, "`moves` must be nonnegative"),
    (lambda: grundy.board(5, 2, moves=[2**64]), OverflowError, "`moves` must be at most"),
    (lambda: grundy.board(5, 2, moves=3), TypeError, "`moves` must be a list of ints or a string, not int"),
    (lambda: grundy.heaps(5, 2, moves=["1"]), TypeError, "`moves` must be an int, not str"),
    (lambda: grundy.heaps(5, 2, moves=[1.5]), TypeError, "`moves` must be an int, not float"),
    (lambda: grundy.heaps(5, 2, moves="1,,2"), ValueError, "cannot read the move list"),
    (lambda: grundy.heaps(5, 2, game=77), TypeError, "`game` must be an octal code"),
    (lambda: grundy.heaps(5, 2, game=lambda n: []), TypeError, "grundy.HeapGame"),
    (lambda: grundy.sequence(5, game=""), ValueError, "cannot read the game code"),
    (lambda: grundy.sequence(5), ValueError, "`game` is missing"),
    # your own values
    (lambda: grundy.count("0123", 2), TypeError, "`values` must be an iterable of ints, not str"),
    (lambda: grundy.count(5, 2), TypeError, "`values` must be an iterable of ints, not int"),
    (lambda: grundy.count([1, -1], 2), ValueError, "`values` must be nonnegative"),
    (lambda: grundy.count([1, 2**64], 2), OverflowError, "`values` must be at most 2^64 - 1"),
    (lambda: grundy.count([1, None], 2), TypeError, "`values` must be an int, not NoneType"),
    (lambda: grundy.count([(1,)], 2, histogram=True), TypeError, "(value, count) pairs"),
    (lambda: grundy.count([(1, 2, 3)], 2, histogram=True), TypeError, "(value, count) pairs"),
    (lambda: grundy.count([1], 2, histogram=True), TypeError, "(value, count) pairs"),
    (lambda: grundy.count([(1, -2)], 2, histogram=True), ValueError, "`values` must be nonnegative"),
    (lambda: grundy.count([(1, 2**128)], 2, histogram=True), OverflowError, "at most 2^128 - 1"),
    (lambda: grundy.count([(1, 2**125), (2, 2**125 + 1)], 2, histogram=True), ValueError, "more than 2^126 positions"),
    # large values are counted in their span, or from their dependencies; a span of
    # rank 40 whose dependencies involve every value is refused
    (
        lambda: grundy.count([1 << j for j in range(40)] + [(1 << j) ^ (1 << (j + 1) % 40) ^ (1 << (j + 3) % 40) for j in range(40)], 2),
        grundy.TooLargeError,
        "give fewer distinct values",
    ),
    # too large, not certified
    (lambda: grundy.divisor_nim(10**18, 10**9), grundy.TooLargeError, "pass a `modulus`"),
    (lambda: grundy.silver_dollar(10**18, 10**5), grundy.TooLargeError, "pass a `modulus`"),
    (lambda: grundy.prime_pi(2**64 - 1), grundy.TooLargeError, "choose a smaller `n`"),
    (lambda: grundy.prime_pi(10**17, method="lucy"), grundy.TooLargeError, "choose a smaller `n`"),
    (lambda: grundy.prime_pi(10, method="meissel"), ValueError, "`method` must be gourdon, lmo or lucy"),
    (lambda: grundy.sequence(10**8, moves=list(range(1, 2000))), grundy.TooLargeError, "choose a smaller `length`"),
    (
        lambda: grundy.heaps(10**7, 2, game="0.16", max_len=4096),
        grundy.NotCertifiedError,
        "raise `max_len`",
    ),
]


@pytest.mark.parametrize("call, kind, fragment", ERRORS)
def test_bad_arguments_raise(call, kind, fragment):
    with pytest.raises(kind) as raised:
        call()
    assert fragment in str(raised.value)
    assert grundy.divisor_nim(10) == 692  # the interpreter goes on


def test_a_string_argument_of_another_type_is_a_type_error():
    for call in (
        lambda: grundy.divisor_nim(10, count=1),
        lambda: grundy.divisor_nim(10, order=None),
        lambda: grundy.coprime_nim(10, 2, method=0),
    ):
        with pytest.raises(TypeError) as raised:
            call()
        # PyO3 names the argument in a note of the exception (Python 3.11 on)
        assert any("while processing" in note for note in getattr(raised.value, "__notes__", ["while processing"]))


def test_the_error_classes_are_value_errors():
    assert issubclass(grundy.TooLargeError, ValueError)
    assert issubclass(grundy.NotCertifiedError, ValueError)
    assert grundy.TooLargeError.__module__ == "grundy"


class Boom(Exception):
    pass


def test_an_exception_in_options_comes_out_unchanged():
    boom = Boom("no options today")

    def options(n):
        if n == 7:
            raise boom
        return [n - 1] if n else []

    game = grundy.HeapGame(options)
    for call in (lambda: grundy.sequence(10, game=game), lambda: grundy.heaps(20, 3, game=game)):
        with pytest.raises(Boom) as raised:
            call()
        assert raised.value is boom
    assert grundy.sequence(7, game=game).values == [0, 1, 0, 1, 0, 1, 0]


BAD_OPTIONS = [
    (lambda n: None, TypeError, "`options(0)` must return an iterable of options, not NoneType"),
    (lambda n: [n], ValueError, "invalid rule: the options of a heap of 0 include a heap of 0"),
    (lambda n: [(n - 1, n)] if n else [], ValueError, "the options of a heap of 1 include a heap of 1"),
    (lambda n: [-1], ValueError, "`options(0)` returned the option -1: heap sizes are 0 to 2^64 - 1"),
    (lambda n: ["x"], TypeError, "`options(0)` returned the option 'x'"),
    (lambda n: [(1, "a")] if n > 1 else [], TypeError, "returned the option (1, 'a')"),
    (lambda n: [1.0], TypeError, "returned the option 1.0"),
    (lambda n: [True], TypeError, "returned the option True"),
    (lambda n, m: [], TypeError, "missing 1 required positional argument"),
]


@pytest.mark.parametrize("options, kind, fragment", BAD_OPTIONS)
def test_bad_options_are_refused(options, kind, fragment):
    with pytest.raises(kind) as raised:
        grundy.sequence(5, game=grundy.HeapGame(options))
    assert fragment in str(raised.value)


def test_a_heap_game_needs_a_function():
    with pytest.raises(TypeError, match="`options` must be callable"):
        grundy.HeapGame(5)


def test_a_heap_game_without_a_period_is_not_certified():
    game = grundy.HeapGame(lambda n: [n - 1] if n else [], name="take one")
    assert repr(game) == 'grundy.HeapGame(name="take one")'
    with pytest.raises(grundy.NotCertifiedError, match="heap 1000000 needs a certified period"):
        grundy.heaps(10**6, 2, game=game, max_len=100)
    s = grundy.sequence(10, game=game)
    assert s.values == [0, 1] * 5 and not s.certified and s.stopped == "max-len"
