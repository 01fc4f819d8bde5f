"""A pure-Python oracle: plays the real games with a memoized win/lose search.

Nothing here uses a Grundy-value formula or the Sprague-Grundy theorem for
sums: a position of a sum is the whole tuple of tokens, piles, heaps or coins,
a move changes one of them as the game's rules say, and a position is winning
when some move reaches a losing one (normal play). Exponential, for small
sizes only.
"""

from itertools import combinations, product
from math import gcd
import sys

sys.setrecursionlimit(100_000)


class Solver:
    """Memoized search over one game, given by `moves(position)`."""

    def __init__(self, moves):
        self.moves = moves
        self.winning = {}
        self.values = {}

    def wins(self, pos):
        """Whether the player to move wins: some move leads to a losing position."""
        known = self.winning.get(pos)
        if known is None:
            known = any(not self.wins(nxt) for nxt in self.moves(pos))
            self.winning[pos] = known
        return known

    def grundy(self, pos):
        """The mex of the values of the moves (of the whole position)."""
        known = self.values.get(pos)
        if known is None:
            seen = {self.grundy(nxt) for nxt in self.moves(pos)}
            known = next(v for v in range(len(seen) + 1) if v not in seen)
            self.values[pos] = known
        return known


def sum_moves(component_moves):
    """Moves of a sum of components: one component moves; positions sorted."""

    def moves(parts):
        for i, part in enumerate(parts):
            for nxt in component_moves(part):
                yield tuple(sorted(parts[:i] + (nxt,) + parts[i + 1 :]))

    return moves


def kept(t, order):
    """Whether the ordered tuple `t` stands for a position of that order: every
    tuple for "ordered", the sorted ones for "multiset", the strictly increasing
    ones for "set" (each multiset or set exactly once)."""
    if order == "ordered":
        return True
    pairs = list(zip(t, t[1:]))
    if order == "multiset":
        return all(a <= b for a, b in pairs)
    return all(a < b for a, b in pairs)


def count_tuples(solver, tuples, order="ordered", position=lambda t: tuple(sorted(t))):
    """(winning, losing) over tuples of component positions, ordered or not."""
    win = lose = 0
    for t in tuples:
        if not kept(t, order):
            continue
        if solver.wins(position(t)):
            win += 1
        else:
            lose += 1
    return win, lose


def parse_moves(moves):
    """A move list: ints, or a string of comma-separated numbers ("1,3,4", "2^3")."""
    if isinstance(moves, str):
        return tuple(eval(m.replace("^", "**"), {}) for m in moves.split(","))
    return tuple(moves)


def board(n, tokens, moves=(2, 3, 5, 7), dims=2, order="ordered"):
    """(winning, losing) placements of `tokens` tokens on {0..n-1}^dims."""
    moves = parse_moves(moves)

    def token_moves(cell):
        for d, x in enumerate(cell):
            for s in moves:
                if s <= x:
                    yield cell[:d] + (x - s,) + cell[d + 1 :]

    solver = Solver(sum_moves(token_moves))
    cells = list(product(range(n), repeat=dims))
    return count_tuples(solver, product(cells, repeat=tokens), order)


def divisor_nim(n, piles=3, order="ordered"):
    """(winning, losing) tuples of piles in 1..=n; a move subtracts a proper divisor."""
    solver = Solver(sum_moves(lambda p: (p - d for d in range(1, p) if p % d == 0)))
    return count_tuples(solver, product(range(1, n + 1), repeat=piles), order)


def coprime_nim(n, piles, method=None, order="ordered"):
    """(winning, losing) tuples of piles in 1..=n-1; a move subtracts a coprime number."""
    solver = Solver(sum_moves(lambda p: (p - a for a in range(1, p + 1) if gcd(a, p) == 1)))
    return count_tuples(solver, product(range(1, n), repeat=piles), order)


def silver_dollar(n, coins):
    """(winning, losing) configurations of `coins` coins and the dollar on n squares.

    A position is the occupied squares (ascending) and the dollar's index among
    them, or None once the dollar is pocketed (by the last mover, who wins).
    Moves: slide a coin left, not onto or over another coin nor off the strip;
    or pocket the leftmost coin.
    """

    def moves(pos):
        if pos is None:
            return
        squares, dollar = pos
        yield None if dollar == 0 else (squares[1:], dollar - 1)
        for i, x in enumerate(squares):
            floor = squares[i - 1] + 1 if i else 0
            for to in range(floor, x):
                yield (squares[:i] + (to,) + squares[i + 1 :], dollar)

    solver = Solver(moves)
    win = lose = 0
    for squares in combinations(range(n), coins + 1):
        for dollar in range(coins + 1):
            if solver.wins((squares, dollar)):
                win += 1
            else:
                lose += 1
    return win, lose


def octal_options(code):
    """The options function of an octal code d0.d1d2...: the heaps a move leaves."""
    before, after = ("0" + code if code.startswith(".") else code).split(".")
    digits = [int(before)] + [int(c, 8) for c in after]

    def options(h):
        for k, d in enumerate(digits):
            if k > h:
                break
            if d & 1 and k == h and k > 0:
                yield ()
            if d & 2 and 0 < k < h:
                yield (h - k,)
            if d & 4 and h >= k + 2:
                for a in range(1, (h - k) // 2 + 1):
                    yield (a, h - k - a)

    return options


def subtraction_options(moves):
    """The options function of a subtraction set."""
    return lambda h: ((h - s,) for s in moves if s <= h)


def heap_moves(options):
    """Moves of a multiset of heaps: one heap is replaced by the heaps of one option."""

    def moves(heaps):
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1 :]
            for option in options(h):
                parts = (option,) if isinstance(option, int) else tuple(option)
                yield tuple(sorted(rest + tuple(a for a in parts if a > 0)))

    return moves


def game_options(game=None, moves=None):
    """The options function of an octal code, a grundy.HeapGame or a move list."""
    if moves is not None:
        return subtraction_options(parse_moves(moves))
    return octal_options(game) if isinstance(game, str) else game.options


def heaps(n, piles, game=None, moves=None, min=1, order="ordered"):
    """(winning, losing) tuples of heaps in min..=n of a heap game (empty heaps dropped)."""
    solver = Solver(heap_moves(game_options(game, moves)))
    tuples = product(range(min, n + 1), repeat=piles)
    return count_tuples(solver, tuples, order, lambda t: tuple(sorted(h for h in t if h > 0)))


def heap_values(options, length):
    """The nim-values of single heaps 0..length-1, by the mex over whole positions."""
    solver = Solver(heap_moves(options))
    return [solver.grundy((h,) if h else ()) for h in range(length)]


def count(values, piles, histogram=False, order="ordered"):
    """(winning, losing) tuples of components, a component of value v being a
    nim heap of v tokens (a move takes any number of its tokens); with
    `histogram`, `values` holds (value, count) pairs or is a dict. Positions are
    told apart by their index in the list, so unordered tuples are of indices."""
    if histogram:
        pairs = values.items() if isinstance(values, dict) else values
        values = [v for v, c in pairs for _ in range(c)]
    values = list(values)
    solver = Solver(sum_moves(lambda v: range(v)))
    tuples = product(range(len(values)), repeat=piles)
    return count_tuples(solver, tuples, order, lambda t: tuple(sorted(values[i] for i in t)))


def prime_pi(n):
    """The number of primes up to n, by a sieve."""
    if n < 2:
        return 0
    sieve = bytearray([1]) * (n + 1)
    sieve[0] = sieve[1] = 0
    for p in range(2, int(n**0.5) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytes(len(range(p * p, n + 1, p)))
    return sum(sieve)
