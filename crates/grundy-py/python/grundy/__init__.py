"""grundy: count the winning and losing positions of sums of impartial games.

Exactly, or modulo any M in [1, 2^64 - 1], for parameters far beyond brute
force: one function per subcommand of the ``grundy`` command line, keyword
arguments named as its flags, every count a Python ``int``.

>>> import grundy
>>> grundy.divisor_nim(10)                      # winning triples of piles in 1..=10
692
>>> grundy.heaps(10**18, 3, game="0.77", modulus=10**9 + 7) < 10**9 + 7
True
>>> grundy.sequence(12, game="0.77").period
12
>>> grundy.misere_quotient("0.77").order         # misère Kayles' quotient
40

Bad arguments raise ``ValueError`` (``OverflowError`` for ints beyond
2^64 - 1, ``TypeError`` for the wrong type) with the library's message;
requests too large for the budget (exact answers of more than ten million
digits, more than 4 GiB of memory) raise ``grundy.TooLargeError``, a
``ValueError``. Computations release the GIL and stop on Ctrl-C with
``KeyboardInterrupt``.

The function ``grundy.census(codes)`` computes every game of a list of
take-and-break codes on all cores or on a Dask cluster.

Games of your own: ``grundy.HeapGame(options)`` for heap games,
``grundy.Game(options, positions)`` for games on any hashable positions (a
token on a board, a pair of heaps, a string). Sums of different games:
``grundy.Sum([...]).count()`` over components ``grundy.Heaps``, ``Board``,
``DivisorPile``, ``CoprimePile``, ``Values`` and ``Game``, each with
``.copies(k)``. Long calls take ``progress=True`` (a bar on stderr) or a
callable ``progress(done, total)``.
"""

from ._grundy import (
    Board,
    Copies,
    CoprimePile,
    DivisorPile,
    Game,
    HeapGame,
    Heaps,
    MisereQuotient,
    NotCertifiedError,
    Sequence,
    Sum,
    TooLargeError,
    Values,
    __version__,
    board,
    coprime_nim,
    count,
    divisor_nim,
    heaps,
    misere_quotient,
    prime_pi,
    sequence,
    silver_dollar,
)
from .census import CensusValuesNote, canonical_code, census, census_codes, census_iter, records_frame

__all__ = [
    "Board",
    "CensusValuesNote",
    "Copies",
    "CoprimePile",
    "DivisorPile",
    "Game",
    "HeapGame",
    "Heaps",
    "MisereQuotient",
    "NotCertifiedError",
    "Sequence",
    "Sum",
    "TooLargeError",
    "Values",
    "__version__",
    "board",
    "canonical_code",
    "census",
    "census_codes",
    "census_iter",
    "coprime_nim",
    "count",
    "divisor_nim",
    "heaps",
    "misere_quotient",
    "prime_pi",
    "records_frame",
    "sequence",
    "silver_dollar",
]
