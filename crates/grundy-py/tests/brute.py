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
    if isinstance(moves, str) and moves[0].isalpha():
        member = family(moves)
        moves = [s for s in range(1, n) if member(s)]
    else:
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


def parse_code(code):
    """The digits of a take-and-break code d0.d1d2... (hexadecimal, '!' after a
    digit, a repeating group in brackets) as a function k -> (bits, distinct)."""
    if code.startswith("."):
        code = "0" + code
    before, after = code.split(".", 1)
    text = before + after
    digits, group, i = [], None, 0
    while i < len(text):
        if text[i] == "[":
            group = len(digits)
            i += 1
            continue
        if text[i] == "]":
            i += 1
            continue
        distinct = i + 1 < len(text) and text[i + 1] == "!"
        digits.append((int(text[i], 16), distinct))
        i += 2 if distinct else 1

    def digit(k):
        if k < len(digits):
            return digits[k]
        if group is None:
            return (0, False)
        return digits[group + (k - group) % (len(digits) - group)]

    return digit, (len(digits) if group is None else None)


def octal_options(code):
    """The options function of a take-and-break code: the heaps a move leaves."""
    digit, length = parse_code(code)

    def options(h):
        for k in range(0, h + 1):
            if length is not None and k >= length:
                break
            bits, distinct = digit(k)
            rest = h - k
            if bits & 1 and rest == 0 and k > 0:
                yield ()
            if bits & 2 and rest > 0 and k > 0:
                yield (rest,)
            if bits & 4:
                for a in range(1, rest // 2 + 1):
                    if not (distinct and a == rest - a):
                        yield (a, rest - a)
            if bits & 8:
                for a in range(1, rest + 1):
                    for b in range(a, rest - a + 1):
                        c = rest - a - b
                        if c >= b and not (distinct and (a == b or b == c)):
                            yield (a, b, c)

    return options


def family(name):
    """Membership in a family of subtraction amounts: squares, primes, ..., all-but:LIST."""
    if name.startswith("all-but:"):
        excluded = {int(x) for x in name[len("all-but:") :].split(",")}
        return lambda s: s > 0 and s not in excluded

    def is_fib(s):
        a, b = 1, 2
        while a < s:
            a, b = b, a + b
        return a == s

    return {
        "squares": lambda s: s > 0 and int(s**0.5 + 0.5) ** 2 == s,
        "primes": lambda s: s > 1 and all(s % d for d in range(2, int(s**0.5) + 1)),
        "powers-of-2": lambda s: s > 0 and s & (s - 1) == 0,
        "fibonacci": lambda s: s > 0 and is_fib(s),
    }[name]


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
    """The options function of a code, a grundy.HeapGame, a move list or a family."""
    if isinstance(moves, str) and moves[0].isalpha():
        member = family(moves)
        return lambda h: ((h - s,) for s in range(1, h + 1) if member(s))
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


def misere_wins(moves):
    """Misère: the player to move wins with no move at all, or by a move to a lost position."""
    memo = {}

    def wins(pos):
        if pos not in memo:
            nxt = list(moves(pos))
            memo[pos] = not nxt or any(not wins(m) for m in nxt)
        return memo[pos]

    return wins


def board_token(n, steps):
    """A token on an n×n board moving by one of `steps` (dx, dy), staying on the board."""

    def options(cell):
        x, y = cell
        return [(x - dx, y - dy) for dx, dy in steps if 0 <= x - dx < n and 0 <= y - dy < n]

    return options, list(product(range(n), repeat=2))


#: moves that lower x + y: every play ends
KNIGHTISH = [(2, 1), (1, 2), (2, -1), (-1, 2), (1, 0)]
