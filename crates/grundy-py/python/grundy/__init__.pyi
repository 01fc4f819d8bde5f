"""Type stubs of grundy: count the winning and losing positions of sums of
impartial games, exactly or modulo any M in [1, 2^64 - 1]."""

import os
from typing import Any, Callable, Dict, Final, Iterable, Iterator, List, Literal, Mapping, Optional, Sequence as _Seq, Tuple, Union, overload

__version__: Final[str]

Count = Literal["winning", "losing"]
Order = Literal["ordered", "multiset", "set"]
Play = Literal["normal", "misere"]
#: What an options function returns for one move: the heap left, or the heaps left.
Option = Union[int, Tuple[int, ...], _Seq[int]]
#: A move list: ints, or a string the library parses ("1,3,4", "10^3,2").
Moves = Union[Iterable[int], str]
#: ``progress=``: None or False (none), True (a bar on stderr), or a callable progress(done, total).
Progress = Union[bool, None, Callable[[int, int], object]]

class TooLargeError(ValueError):
    """A valid request too large to answer within the budget (exact digits,
    memory, work); the message says what to do."""

class NotCertifiedError(ValueError):
    """Heap sizes beyond the computed nim-values were asked for, and no period
    was certified; the message says which limit to raise."""

class CensusValuesNote(UserWarning):
    """The warning a census with ``out`` issues before any game starts when it
    keeps values: the games, their work and the disk their values will take
    (the line ``grundy census --out`` prints on stderr)."""

class MisereQuotient:
    """The misère quotient of a heap game (Plambeck–Siegel), as ``grundy
    sequence --play misere --json`` gives it: a commutative monoid of
    ``order`` elements ``0 .. order - 1``; a sum of heaps has the class that is
    the product of its heaps' classes (the pretending function), and is lost by
    the player to move exactly when that class is in the P-portion. The
    multiplication table lives in one read-only buffer: ``q.array`` (a
    memoryview of shape ``(order, order)``) and ``numpy.asarray(q)`` share it;
    ``q.table`` is a list of rows. In a notebook the table is shown."""

    @property
    def game(self) -> str:
        """The game, as the library describes it ("octal 0.77")."""
    @property
    def order(self) -> int:
        """The number of elements."""
    @property
    def identity(self) -> int:
        """The class of the empty sum (and of a heap without moves)."""
    @property
    def p_portion(self) -> list[int]:
        """The classes of the sums lost by the player to move, increasing."""
    @property
    def table(self) -> list[list[int]]:
        """The multiplication table: ``table[x][y]`` is ``x·y``."""
    @property
    def array(self) -> memoryview:
        """The table as a read-only memoryview of shape (order, order), format
        "B", "H" or "I", without a copy."""
    @property
    def itemsize(self) -> Literal[1, 2, 4]:
        """The bytes per entry of ``array``."""
    @property
    def __array_interface__(self) -> Dict[str, Any]:
        """numpy's array interface: ``numpy.asarray(q)`` is the table, a read-only
        uint8, uint16 or uint32 array of shape (order, order), without a copy."""
    def to_numpy(self) -> Any:
        """``numpy.asarray(q)``: the multiplication table (needs numpy)."""
    @property
    def length(self) -> int:
        """How many heaps ``pretending`` and ``outcomes`` cover: ``length`` when
        certified, else at most ``bound + 1``."""
    @property
    def pretending(self) -> list[int]:
        """The class of each heap ``0 .. length - 1`` (heap 0: the identity)."""
    @property
    def outcomes(self) -> list[Literal["P", "N"]]:
        """The misère outcome of each heap ``0 .. length - 1`` alone."""
    @property
    def misere_values(self) -> list[int]:
        """The misère nim-values of heaps ``1 .. genus_len``."""
    @property
    def genus(self) -> list[Dict[str, Any]]:
        """The genus of heaps ``1 .. genus_len``: dicts of ``normal`` (the
        nim-value), ``gamma`` (misère values with 0, 1, 2, … copies of heap 2)
        and ``symbol`` (``"1^031"``)."""
    @property
    def genus_len(self) -> int:
        """The heaps whose genus is given."""
    @property
    def genus_complete(self) -> bool:
        """Whether ``genus_work`` sufficed for every heap asked for."""
    @property
    def presentation(self) -> Dict[str, Any]:
        """Generators (``{"heap": k, "name": "a"}``) and relations (``"a^2 = 1"``),
        each element's normal form (``elements``) and the P-portion's
        (``p_portion``)."""
    @property
    def certified(self) -> bool:
        """Whether the quotient is proved for every heap size."""
    @property
    def preperiod(self) -> Optional[int]:
        """The first heap from which the pretending function is periodic, or None."""
    @property
    def period(self) -> Optional[int]:
        """The period of the pretending function, or None if not certified."""
    @property
    def bound(self) -> int:
        """The largest heap adjoined (``--json``'s ``misere_len``)."""
    @property
    def stopped(self) -> Optional[str]:
        """Why the next heap could not be adjoined, when a budget ran out."""
    @property
    def stopped_by(self) -> Optional[str]:
        """The limit to raise when it stopped early ("misere_work"), or None."""
    @property
    def work(self) -> int:
        """The steps of ``misere_work`` spent."""
    def multiply(self, a: int, b: int) -> int:
        """The product of two elements."""
    def element(self, heaps: Iterable[int]) -> int:
        """The class of a sum of heaps (any size when certified, else up to
        ``bound``: ``NotCertifiedError`` beyond)."""
    def outcome(self, heaps: Iterable[int]) -> Literal["P", "N"]:
        """The misère outcome of a sum of heaps: "P" when the player to move loses."""
    def _repr_html_(self) -> str:
        """The summary and the multiplication table, P-portion shaded, for notebooks."""

class HeapGame:
    """A heap game given by its options: ``options(n)`` returns the positions
    reachable in one move from a heap of ``n``, each an int (the heap left) or a
    tuple of heap sizes (the heaps left), every heap smaller than ``n``. Usable
    wherever ``game=`` is; an exception raised by ``options`` comes out unchanged."""

    def __init__(self, options: Callable[[int], Iterable[Option]], name: Optional[str] = None) -> None: ...
    @property
    def name(self) -> str:
        """The name given to the game (by default the options function's name)."""
    @property
    def options(self) -> Callable[[int], Iterable[Option]]:
        """The options function."""

class Sequence:
    """The nim-values of a heap game, with what is known of their period.

    The values live in one read-only buffer of the narrowest unsigned width that
    holds them (1, 2 or 4 bytes): ``seq[i]``, ``seq[a:b]``, ``iter(seq)``,
    ``len(seq)`` read it; ``seq.array`` (a memoryview) and ``numpy.asarray(seq)``
    share it without a copy; ``seq.values`` is a list built on first use."""

    @property
    def values(self) -> list[int]:
        """The nim-values of heaps 0..length-1, as a list (built on first use, then
        kept: 8 bytes per value and more; ``array`` and ``numpy.asarray`` give them
        without a copy)."""
    @property
    def array(self) -> memoryview:
        """The values as a read-only memoryview of format "B", "H" or "I", sharing
        the sequence's buffer (no copy)."""
    @property
    def itemsize(self) -> Literal[1, 2, 4]:
        """The bytes per value of ``array``."""
    @property
    def __array_interface__(self) -> Dict[str, Any]:
        """numpy's array interface: ``numpy.asarray(seq)`` is a read-only uint8,
        uint16 or uint32 array over the sequence's buffer, without a copy."""
    @property
    def preperiod(self) -> Optional[int]:
        """The first heap from which the period holds, or None if not certified."""
    @property
    def period(self) -> Optional[int]:
        """The fundamental period, or None if not certified."""
    @property
    def saltus(self) -> Optional[int]:
        """The saltus s of an arithmetic period g(n + p) = g(n) + s, or None."""
    @property
    def observed_to(self) -> Optional[int]:
        """For an arithmetic period that is only observed: the last n checked."""
    @property
    def certified(self) -> bool:
        """Whether the period is proved."""
    @property
    def statistics(self) -> Optional[Dict[str, Any]]:
        """For an uncertified game, the statistics the published tables give of an
        open game, as ``grundy sequence --json`` prints them: computed, max_value,
        max_at, split (mask, mask_hex, mode, rare, rare_heaps, last_rare; or None).
        None for a certified game."""
    @property
    def computed(self) -> int:
        """How many values were computed from the rules."""
    @property
    def stopped(self) -> Literal["certified", "max-len", "max-work"]:
        """What ended the period search."""
    @property
    def game(self) -> str:
        """The game, as the library describes it ("octal 0.77")."""
    def to_numpy(self) -> Any:
        """``numpy.asarray(self)``: a read-only numpy array sharing the values'
        buffer (needs numpy)."""
    def plot(self, ax: Any = None, **kwargs: Any) -> Any:
        """Draws the values with matplotlib (``pip install grundy[plot]``), the
        preperiod and first period shaded as ``grundy sequence --plot`` draws them,
        on ``ax`` (by default a new figure's); other keyword arguments go to
        ``ax.plot``. Returns the matplotlib Axes."""
    def svg(self, limit: Optional[int] = None) -> str:
        """The SVG chart ``grundy sequence --plot`` draws, of the first ``limit``
        values (all by default)."""
    def _repr_html_(self) -> str:
        """The summary and the SVG chart (of at most 2000 values), for notebooks."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> List[int]: ...
    def __iter__(self) -> Iterator[int]: ...

def board(
    n: int,
    tokens: int,
    moves: Moves = (2, 3, 5, 7),
    dims: int = 2,
    modulus: Optional[int] = None,
    count: Count = "winning",
    order: Order = "ordered",
    *,
    max_len: int = 16777216,
    play: Play = "normal",
    misere_work: int = 10000000,
    progress: Progress = None,
) -> int:
    """Placements of ``tokens`` distinguishable tokens on ``{0..n-1}^dims``; a move
    lowers one coordinate of one token by a member of ``moves``."""

def divisor_nim(
    n: int,
    piles: int = 3,
    modulus: Optional[int] = None,
    count: Count = "winning",
    order: Order = "ordered",
    *,
    play: Play = "normal",
    misere_work: int = 10000000,
    progress: Progress = None,
) -> int:
    """Ordered ``piles``-tuples of piles in ``1..=n``; a move subtracts a proper divisor."""

def coprime_nim(
    n: int,
    piles: int,
    modulus: Optional[int] = None,
    count: Count = "losing",
    order: Order = "ordered",
    method: Literal["auto", "sieve", "sublinear"] = "auto",
    *,
    play: Play = "normal",
    misere_work: int = 10000000,
    progress: Progress = None,
) -> int:
    """Ordered ``piles``-tuples of piles in ``1..=n-1``; a move subtracts a number
    coprime to the pile."""

def silver_dollar(
    n: int,
    coins: int,
    modulus: Optional[int] = None,
    count: Count = "winning",
    *,
    play: Play = "normal",
    progress: Progress = None,
) -> int:
    """``coins`` coins and a silver dollar on a strip of ``n`` squares; pocketing
    the dollar wins."""

def heaps(
    n: int,
    piles: int,
    game: Union[str, HeapGame, None] = None,
    moves: Optional[Moves] = None,
    min: int = 1,
    modulus: Optional[int] = None,
    count: Count = "losing",
    order: Order = "ordered",
    *,
    max_len: int = 1048576,
    max_work: int = 400000000,
    play: Play = "normal",
    misere_len: int = 200,
    misere_work: int = 10000000,
    threads: Optional[int] = None,
    progress: Progress = None,
) -> int:
    """Ordered ``piles``-tuples of heaps in ``min..=n`` of one heap game: exactly
    one of ``game`` (an octal code or a HeapGame) and ``moves`` (a subtraction set)."""

def count(
    values: Union[Iterable[int], Iterable[Tuple[int, int]], Mapping[int, int]],
    piles: int,
    histogram: bool = False,
    modulus: Optional[int] = None,
    count: Count = "losing",
    order: Order = "ordered",
    *,
    play: Play = "normal",
) -> int:
    """Ordered ``piles``-tuples of components whose positions have the Grundy
    values given (ints, or ``(value, count)`` pairs with ``histogram=True``)."""

@overload
def sequence(
    length: int,
    game: Union[str, HeapGame, None] = None,
    moves: Optional[Moves] = None,
    *,
    max_len: int = 1048576,
    max_work: int = 400000000,
    threads: Optional[int] = None,
    save: Union[str, "os.PathLike[str]", None] = None,
    resume: Union[str, "os.PathLike[str]", None] = None,
    force: bool = False,
    progress: Progress = None,
    play: Literal["misere", "misère"],
    misere_len: int = 200,
    misere_work: Optional[int] = None,
    genus_work: int = 2000000,
) -> MisereQuotient:
    """The misère quotient of a heap game, its pretending function and
    outcomes for heaps ``0 .. length - 1``, as ``grundy sequence --play misere
    --json`` gives them (see ``misere_quotient``; ``max_len``, ``max_work``,
    ``threads``, ``save``, ``resume`` and ``force`` are refused with it)."""
@overload
def sequence(
    length: int,
    game: Union[str, HeapGame, None] = None,
    moves: Optional[Moves] = None,
    *,
    max_len: int = 1048576,
    max_work: int = 400000000,
    threads: Optional[int] = None,
    save: Union[str, "os.PathLike[str]", None] = None,
    resume: Union[str, "os.PathLike[str]", None] = None,
    force: bool = False,
    progress: Progress = None,
    play: Literal["normal"] = "normal",
    misere_len: int = 200,
    misere_work: Optional[int] = None,
    genus_work: int = 2000000,
) -> Sequence:
    """The first ``length`` nim-values of a heap game and its certified period;
    ``save``/``resume`` keep and resume them in the files of ``grundy sequence
    --save/--resume`` (``force=True`` replaces a file that is not a save).
    ``misere_len``, ``misere_work`` and ``genus_work`` are refused with
    ``play="normal"``."""

def misere_quotient(
    game: Union[str, HeapGame, None] = None,
    moves: Optional[Moves] = None,
    *,
    length: int = 100,
    misere_len: int = 200,
    misere_work: Optional[int] = None,
    genus_work: int = 2000000,
    progress: Progress = None,
) -> MisereQuotient:
    """The misère quotient of a heap game, as ``grundy sequence --game CODE
    --play misere --len LENGTH --json`` gives it: heaps adjoined up to
    ``misere_len`` until the period is certified, within ``misere_work`` steps
    (by default scaled to ``length``: 5·10^6 up to 22, 10^8 from 100 on); when
    the budget runs out, the quotient of the heaps reached (``stopped`` says
    why). ``genus_work`` bounds the genus computation."""

def prime_pi(n: int, method: Literal["gourdon", "lmo", "lucy"] = "gourdon") -> int:
    """The number of primes up to ``n``: ``"gourdon"`` (the default, as ``grundy
    prime-pi``'s) is Gourdon's special-leaf sum in about ``n**(2/3) / log(n)**2``
    time, ``"lmo"`` the Lagarias–Miller–Odlyzko one in about ``n**(2/3)`` (both
    up to about ``6 * 10**18``), ``"lucy"`` the ``n**(3/4)`` reference DP (up to
    about ``2 * 10**16``); larger ``n`` are refused by the time or memory estimate."""

#: One game of a census, as ``grundy census --json`` prints it.
CensusRecord = dict

def canonical_code(code: str) -> str:
    """The canonical representative of a code's game (``"0.770"`` -> ``"0.77"``)."""

def census_codes(digits: int, first_digit: Optional[_Seq[int]] = None, hex: bool = False) -> list[str]:
    """Every code ``d0.d1…dD`` of a family, as ``grundy census --digits``."""

def census(
    codes: Union[str, Iterable[str]],
    max_len: int = 262144,
    max_work: int = 1000000000000,
    out: Optional[str] = None,
    executor: Optional[object] = None,
    max_total_work: int = 150000000000000,
    progress: Progress = None,
    keep_values: str = "open",
    checkpoint_work: int = 200000000000,
    max_values_disk: int = 68719476736,
    play: str = "normal",
    misere_len: int = 200,
    misere_work: int = 30000000,
    misere_total_work: int = 20000000000,
    verify: bool = False,
    verify_size: int = 24,
) -> list[CensusRecord]:
    """Every game of ``codes``, one record per code in the order of ``codes``
    (``grundy census --json``'s fields), locally or on a
    ``concurrent.futures.Executor`` or Dask ``Client``; ``out`` keeps and
    resumes the per-game files of ``grundy census --out``, and the games'
    nim-values (``keep_values``: ``"none"``, ``"open"`` or ``"all"``; written
    every ``checkpoint_work`` mex steps; a census whose values files are
    estimated over ``max_values_disk`` bytes is refused), from which a census
    with larger limits goes on (``extended_from``); a census estimated over
    ``max_total_work`` mex steps is refused. Ctrl-C stops every game; the
    ``KeyboardInterrupt`` carries the finished records in ``records`` (and
    ``out`` keeps them). ``progress=None`` shows a bar of the games finished
    when stderr is a terminal or in a notebook. With ``out`` every game is
    claimed first, as ``grundy census --out`` claims it, so censuses sharing
    the folder (Python, the command line, Dask workers) compute each game
    once. ``play="misere"``: the misère quotient of each code, as ``grundy
    census --play misere --json`` (``misere_len`` heaps and ``misere_work``
    steps a code, the census within ``misere_total_work``; ``verify`` proves
    each certified quotient again on sums totalling at most
    ``verify_size``), its records ``out/<code>.misere.json``."""

def census_iter(
    codes: Union[str, Iterable[str]],
    max_len: int = 262144,
    max_work: int = 1000000000000,
    out: Optional[str] = None,
    executor: Optional[object] = None,
    max_total_work: int = 150000000000000,
    progress: Progress = None,
    keep_values: str = "open",
    checkpoint_work: int = 200000000000,
    max_values_disk: int = 68719476736,
    play: str = "normal",
    misere_len: int = 200,
    misere_work: int = 30000000,
    misere_total_work: int = 20000000000,
    verify: bool = False,
    verify_size: int = 24,
) -> Iterable[CensusRecord]:
    """:func:`census`, yielding the records as the games finish (not in the
    order of ``codes``)."""

def records_frame(records: Iterable[CensusRecord]) -> Any:
    """The records of :func:`census` as a pandas ``DataFrame`` (a column per
    field, ``split`` spread over ``split_mask`` … ``split_last_rare``);
    ``ImportError`` when pandas is not installed."""

class Copies:
    """``copies`` copies of one component in a :class:`Sum` (``component.copies(k)``)."""

    @property
    def component(self) -> "Component": ...
    @property
    def copies(self) -> int: ...

class Game:
    """An impartial game on any hashable positions: ``options(position)`` returns
    the positions one move reaches. The Grundy values of ``positions`` (distinct)
    are computed at once by a memoized search in Rust (the GIL held only to call
    ``options``; an iterative mex, so deep games do not overflow the stack); a
    cycle of moves raises ValueError, more than ``max_positions`` positions
    reached raise TooLargeError. With ``sum_of_parts=True`` every option is a
    tuple of independent parts (``()`` for none), worth the XOR of their values."""

    def __init__(
        self,
        options: Callable[[Any], Iterable[Any]],
        positions: Iterable[Any],
        *,
        sum_of_parts: bool = False,
        max_positions: int = 10000000,
        name: Optional[str] = None,
        progress: Progress = None,
    ) -> None: ...
    @property
    def name(self) -> str:
        """The name given to the game (by default the options function's name)."""
    @property
    def options(self) -> Callable[[Any], Iterable[Any]]:
        """The options function."""
    @property
    def sum_of_parts(self) -> bool:
        """Whether options are tuples of independent parts."""
    @property
    def positions(self) -> List[Any]:
        """The given positions, in the order given."""
    @property
    def values(self) -> List[int]:
        """The Grundy values of the given positions, in the order given."""
    @property
    def histogram(self) -> Dict[int, int]:
        """``{value: count}`` over the given positions, ascending by value."""
    @property
    def reached(self) -> int:
        """How many positions the search reached."""
    def grundy(self, position: Any) -> int:
        """The Grundy value of a position reached (KeyError for another)."""
    def copies(self, copies: int) -> Copies: ...
    def __len__(self) -> int: ...

class Heaps:
    """One heap of a heap game, of any size in ``min..=n``: exactly one of
    ``game`` (an octal code or a HeapGame) and ``moves`` (a subtraction set)."""

    def __init__(
        self,
        game: Union[str, HeapGame, None],
        n: int,
        min: int = 1,
        *,
        moves: Optional[Moves] = None,
        max_len: int = 1048576,
        max_work: int = 400000000,
        misere_len: int = 200,
        misere_work: int = 10000000,
        threads: Optional[int] = None,
    ) -> None: ...
    def copies(self, copies: int) -> Copies: ...

class Board:
    """One token on ``{0..n-1}^dims``; a move lowers one coordinate by a member of ``moves``."""

    def __init__(
        self,
        n: int,
        moves: Moves = (2, 3, 5, 7),
        dims: int = 2,
        *,
        max_len: int = 16777216,
        misere_work: int = 10000000,
    ) -> None: ...
    def copies(self, copies: int) -> Copies: ...

class DivisorPile:
    """One Divisor Nim pile of any size in ``1..=n``."""

    def __init__(self, n: int, *, misere_work: int = 10000000) -> None: ...
    def copies(self, copies: int) -> Copies: ...

class CoprimePile:
    """One Coprime Nim pile of any size in ``1..=n-1``."""

    def __init__(
        self, n: int, method: Literal["auto", "sieve", "sublinear"] = "auto", *, misere_work: int = 10000000
    ) -> None: ...
    def copies(self, copies: int) -> Copies: ...

class Values:
    """A component whose positions have the Grundy values given (ints, or
    ``(value, count)`` pairs with ``histogram=True``)."""

    def __init__(
        self, values: Union[Iterable[int], Iterable[Tuple[int, int]], Mapping[int, int]], histogram: bool = False
    ) -> None: ...
    def copies(self, copies: int) -> Copies: ...

Component = Union[Game, Heaps, Board, DivisorPile, CoprimePile, Values]

class Sum:
    """A sum of components, each any number of times (``component.copies(k)``)."""

    def __init__(self, parts: Iterable[Union[Component, Copies]]) -> None: ...
    @property
    def parts(self) -> List[Copies]:
        """The components, each with its copies."""
    def count(
        self,
        count: Count = "losing",
        modulus: Optional[int] = None,
        order: Order = "ordered",
        play: Play = "normal",
        *,
        misere_work: Optional[int] = None,
        progress: Progress = None,
    ) -> int:
        """The positions of the sum lost (``count="losing"``) or won by the player
        to move; under misère play a sum of Games alone is played out (at most
        ``misere_work`` states, 10^6 by default)."""
