//! The oracle: a memoized game search that plays the real moves.
//!
//! Nothing here uses a closed form, a Grundy-value formula or the Sprague–Grundy
//! theorem for sums: [`Solver::is_winning`] explores positions of the whole game
//! (several tokens, piles or coins at once) under the normal-play rule, and
//! [`Solver::grundy`] computes mex values of single components from their moves.
//! It is exponential and only for small sizes: the slow reference that every fast
//! path in grundy is tested against.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::collections::HashMap;
use std::hash::Hash;

pub mod misere;
pub use misere::{
    MisereSolver, misere_board_counts, misere_heap_counts, misere_nim_is_losing, misere_pile_counts,
};

/// An impartial game given by its positions and moves (normal play: a player
/// with no move loses).
pub trait Game {
    /// A position.
    type Pos: Clone + Eq + Hash;
    /// All positions reachable in one move.
    fn moves(&self, pos: &Self::Pos) -> Vec<Self::Pos>;
}

/// Memoized search over one game.
pub struct Solver<G: Game> {
    game: G,
    grundy: HashMap<G::Pos, u32>,
    winning: HashMap<G::Pos, bool>,
}

impl<G: Game> Solver<G> {
    /// A solver with empty memo tables.
    pub fn new(game: G) -> Self {
        Solver { game, grundy: HashMap::new(), winning: HashMap::new() }
    }

    /// The Grundy value: the mex of the values of the moves.
    pub fn grundy(&mut self, pos: &G::Pos) -> u32 {
        if let Some(&g) = self.grundy.get(pos) {
            return g;
        }
        let mut seen: Vec<u32> = self.game.moves(pos).iter().map(|p| self.grundy(p)).collect();
        seen.sort_unstable();
        seen.dedup();
        let mex =
            seen.iter().enumerate().find(|&(i, &v)| i as u32 != v).map_or(seen.len(), |(i, _)| i) as u32;
        self.grundy.insert(pos.clone(), mex);
        mex
    }

    /// Whether the player to move wins: some move leads to a losing position.
    pub fn is_winning(&mut self, pos: &G::Pos) -> bool {
        if let Some(&w) = self.winning.get(pos) {
            return w;
        }
        let win = self.game.moves(pos).iter().any(|p| !self.is_winning(p));
        self.winning.insert(pos.clone(), win);
        win
    }
}

/// A heap from which a move removes a member of a subtraction set.
pub struct SubtractionHeap(pub Vec<u64>);

impl Game for SubtractionHeap {
    type Pos = u64;
    fn moves(&self, &n: &u64) -> Vec<u64> {
        self.0.iter().filter(|&&s| s <= n).map(|&s| n - s).collect()
    }
}

/// One token on a board: a move lowers one coordinate by a member of the set.
pub struct BoardToken {
    /// The subtraction set.
    pub moves: Vec<u64>,
}

impl Game for BoardToken {
    type Pos = Vec<u64>;
    fn moves(&self, cell: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (d, &x) in cell.iter().enumerate() {
            for &s in &self.moves {
                if s <= x {
                    let mut next = cell.clone();
                    next[d] = x - s;
                    out.push(next);
                }
            }
        }
        out
    }
}

/// A pile in Divisor Nim: subtract a proper divisor `d < n`.
#[derive(Clone, Copy)]
pub struct DivisorPile;

impl Game for DivisorPile {
    type Pos = u64;
    fn moves(&self, &n: &u64) -> Vec<u64> {
        (1..n).filter(|d| n % d == 0).map(|d| n - d).collect()
    }
}

/// A pile in Coprime Nim: subtract `1 <= a <= n` with `gcd(a, n) = 1`.
#[derive(Clone, Copy)]
pub struct CoprimePile;

impl Game for CoprimePile {
    type Pos = u64;
    fn moves(&self, &n: &u64) -> Vec<u64> {
        (1..=n).filter(|&a| num_integer::gcd(a, n) == 1).map(|a| n - a).collect()
    }
}

/// Heaps of an octal game, played as a whole: a position is the sorted list of
/// nonempty heaps, and a move acts on one heap as the code's digit allows
/// (take all of it, leave one heap, or leave two nonempty heaps).
pub struct OctalHeaps {
    /// `digits[k]` for `k >= 0` (`digits[0]` is 0 or 4).
    pub digits: Vec<u8>,
}

impl Game for OctalHeaps {
    type Pos = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        replace_one(heaps, |h| {
            let mut out = Vec::new();
            for (k, &d) in self.digits.iter().enumerate() {
                let k = k as u64;
                if k > h {
                    break;
                }
                if d & 1 != 0 && k == h && k > 0 {
                    out.push(vec![]);
                }
                if d & 2 != 0 && k < h && k > 0 {
                    out.push(vec![h - k]);
                }
                if d & 4 != 0 && h >= k + 2 {
                    out.extend((1..=(h - k) / 2).map(|a| vec![a, h - k - a]));
                }
            }
            out
        })
    }
}

/// Every position reached by replacing one heap `h` of `heaps` by one of
/// `options(h)` (the heaps a move leaves), sorted.
fn replace_one(heaps: &[u64], options: impl Fn(u64) -> Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for parts in options(h) {
            let mut next: Vec<u64> =
                heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            next.extend(parts);
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

/// A heap from which a move removes any member of a set given by its
/// membership test (squares, primes, every number but a few, …).
pub struct SubtractionBy<F: Fn(u64) -> bool>(pub F);

impl<F: Fn(u64) -> bool> Game for SubtractionBy<F> {
    type Pos = u64;
    fn moves(&self, &n: &u64) -> Vec<u64> {
        (1..=n).filter(|&s| (self.0)(s)).map(|s| n - s).collect()
    }
}

/// Heaps of a take-and-break game, played as a whole: a position is the sorted
/// list of nonempty heaps. `rule(k)` gives the moves that remove `k` tokens
/// from one heap as bits (1: take the whole heap, 2: leave one nonempty heap,
/// 4: leave two, 8: leave three) and whether the heaps a split leaves must have
/// pairwise different sizes. Every split is listed in every order, so nothing
/// here assumes that the order of the parts does not matter.
pub struct TakeBreakHeaps<F: Fn(u64) -> (u8, bool)> {
    /// The moves removing `k` tokens.
    pub rule: F,
}

impl<F: Fn(u64) -> (u8, bool)> Game for TakeBreakHeaps<F> {
    type Pos = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        replace_one(heaps, |h| {
            let mut out = Vec::new();
            for k in 0..=h {
                let (bits, distinct) = (self.rule)(k);
                let left = h - k;
                if bits & 1 != 0 && k > 0 && left == 0 {
                    out.push(vec![]);
                }
                if bits & 2 != 0 && k > 0 && left > 0 {
                    out.push(vec![left]);
                }
                if bits & 4 != 0 {
                    out.extend((1..left).filter(|&a| !distinct || 2 * a != left).map(|a| vec![a, left - a]));
                }
                if bits & 8 != 0 {
                    for a in 1..left {
                        for b in 1..left - a {
                            let c = left - a - b;
                            if !distinct || (a != b && b != c && a != c) {
                                out.push(vec![a, b, c]);
                            }
                        }
                    }
                }
            }
            out
        })
    }
}

/// Heaps of a game given by the options of a heap (each option the multiset of
/// heaps a move leaves), played as a whole: a position is the sorted list of
/// nonempty heaps, and a move replaces one heap by the heaps of one option.
pub struct RuleHeaps<F: Fn(u64) -> Vec<Vec<u64>>>(pub F);

impl<F: Fn(u64) -> Vec<Vec<u64>>> Game for RuleHeaps<F> {
    type Pos = Vec<u64>;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for option in (self.0)(h) {
                let mut next: Vec<u64> =
                    heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                next.extend(option.into_iter().filter(|&a| a > 0));
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }
}

/// Two games played side by side: a move is a move in either of them.
pub struct Pair<A: Game, B: Game>(pub A, pub B);

impl<A: Game, B: Game> Game for Pair<A, B> {
    type Pos = (A::Pos, B::Pos);
    fn moves(&self, (a, b): &(A::Pos, B::Pos)) -> Vec<(A::Pos, B::Pos)> {
        let mut out: Vec<(A::Pos, B::Pos)> = self.0.moves(a).into_iter().map(|x| (x, b.clone())).collect();
        out.extend(self.1.moves(b).into_iter().map(|y| (a.clone(), y)));
        out
    }
}

/// The disjunctive sum of several components of one game, played as a whole: a
/// move changes exactly one component. Positions are kept sorted, since the
/// order of components does not change who wins.
pub struct Sum<G: Game>(pub G);

impl<G: Game> Game for Sum<G>
where
    G::Pos: Ord,
{
    type Pos = Vec<G::Pos>;
    fn moves(&self, parts: &Vec<G::Pos>) -> Vec<Vec<G::Pos>> {
        let mut out = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            for next in self.0.moves(part) {
                let mut whole = parts.clone();
                whole[i] = next;
                whole.sort();
                out.push(whole);
            }
        }
        out
    }
}

/// The silver dollar game with pocketing on a strip of `squares` squares.
///
/// A position is the sorted list of occupied squares with the index of the
/// dollar among them, or `None` once the dollar has been pocketed (then the
/// player who pocketed it made the last move, so normal play declares the right
/// winner). Moves: slide one coin left by one or more squares, not onto or over
/// another coin nor off the strip; or pocket the leftmost coin.
pub struct SilverDollarStrip;

/// A silver-dollar position: occupied squares ascending, and the dollar's index.
pub type StripPos = Option<(Vec<u32>, usize)>;

impl Game for SilverDollarStrip {
    type Pos = StripPos;
    fn moves(&self, pos: &StripPos) -> Vec<StripPos> {
        let Some((coins, dollar)) = pos else {
            return Vec::new();
        };
        let mut out = Vec::new();
        // pocket the leftmost coin
        if *dollar == 0 {
            out.push(None);
        } else {
            out.push(Some((coins[1..].to_vec(), dollar - 1)));
        }
        // regular moves
        for i in 0..coins.len() {
            let floor = if i == 0 { 0 } else { coins[i - 1] + 1 };
            for to in floor..coins[i] {
                let mut next = coins.clone();
                next[i] = to;
                out.push(Some((next, *dollar)));
            }
        }
        out
    }
}

/// Calls `f` on every ordered tuple in `0..base` of the given length
/// (lexicographic), e.g. every ordered placement of tokens or piles.
pub fn for_each_tuple(base: u64, len: usize, mut f: impl FnMut(&[u64])) {
    let mut t = vec![0u64; len];
    if base == 0 && len > 0 {
        return;
    }
    loop {
        f(&t);
        let mut i = len;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            t[i] += 1;
            if t[i] < base {
                break;
            }
            t[i] = 0;
        }
    }
}

/// Counts `(winning, losing)` placements of `tokens` tokens on `{0..n−1}^dims`
/// by searching the whole multi-token game.
pub fn board_counts(n: u64, tokens: usize, dims: usize, moves: &[u64]) -> (u64, u64) {
    let mut solver = Solver::new(Sum(BoardToken { moves: moves.to_vec() }));
    let (mut win, mut lose) = (0, 0);
    for_each_tuple(n, tokens * dims, |coords| {
        let mut parts: Vec<Vec<u64>> = coords.chunks(dims.max(1)).map(|c| c.to_vec()).collect();
        parts.truncate(tokens);
        parts.sort();
        if solver.is_winning(&parts) { win += 1 } else { lose += 1 }
    });
    (win, lose)
}

/// Counts `(winning, losing)` ordered tuples of `piles` piles with sizes in
/// `lo..=hi`, by searching the whole multi-pile game.
pub fn pile_counts<G: Game<Pos = u64>>(game: G, lo: u64, hi: u64, piles: usize) -> (u64, u64) {
    let mut solver = Solver::new(Sum(game));
    let (mut win, mut lose) = (0, 0);
    for_each_tuple((hi + 1).saturating_sub(lo), piles, |t| {
        let mut parts: Vec<u64> = t.iter().map(|x| x + lo).collect();
        parts.sort();
        if solver.is_winning(&parts) { win += 1 } else { lose += 1 }
    });
    (win, lose)
}

/// Counts `(winning, losing)` silver-dollar configurations: every set of
/// `coins + 1` occupied squares among `n`, times every choice of the dollar.
pub fn silver_dollar_counts(n: u32, coins: u32) -> (u64, u64) {
    let m = coins as usize + 1;
    let mut solver = Solver::new(SilverDollarStrip);
    let (mut win, mut lose) = (0, 0);
    for mask in 0u64..(1u64 << n) {
        if mask.count_ones() as usize != m {
            continue;
        }
        let squares: Vec<u32> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
        for dollar in 0..m {
            if solver.is_winning(&Some((squares.clone(), dollar))) { win += 1 } else { lose += 1 }
        }
    }
    (win, lose)
}

/// Positions of indistinguishable components: multisets (`a₁ <= … <= a_K`) or
/// sets (`a₁ < … < a_K`) of component positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unordered {
    /// Sorted tuples with repetition.
    Multiset,
    /// Strictly increasing tuples.
    Set,
}

/// Calls `f` on every sorted tuple of the given length over `0..base`:
/// nondecreasing for multisets, increasing for sets (lexicographic).
pub fn for_each_sorted_tuple(base: u64, len: usize, kind: Unordered, mut f: impl FnMut(&[u64])) {
    fn go(base: u64, len: usize, strict: bool, from: u64, t: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
        if t.len() == len {
            f(t);
            return;
        }
        for x in from..base {
            t.push(x);
            go(base, len, strict, if strict { x + 1 } else { x }, t, f);
            t.pop();
        }
    }
    go(base, len, kind == Unordered::Set, 0, &mut Vec::with_capacity(len), &mut f);
}

/// Counts `(winning, losing)` multisets or sets of `piles` piles with sizes in
/// `lo..=hi`, by searching the whole multi-pile game.
pub fn unordered_pile_counts<G: Game<Pos = u64>>(
    game: G,
    lo: u64,
    hi: u64,
    piles: usize,
    kind: Unordered,
) -> (u64, u64) {
    let mut solver = Solver::new(Sum(game));
    let (mut win, mut lose) = (0, 0);
    for_each_sorted_tuple((hi + 1).saturating_sub(lo), piles, kind, |t| {
        let parts: Vec<u64> = t.iter().map(|x| x + lo).collect();
        if solver.is_winning(&parts) { win += 1 } else { lose += 1 }
    });
    (win, lose)
}

/// Counts `(winning, losing)` multisets or sets of `tokens` cells of
/// `{0..n−1}^dims`, by searching the whole multi-token game.
pub fn unordered_board_counts(
    n: u64,
    tokens: usize,
    dims: usize,
    moves: &[u64],
    kind: Unordered,
) -> (u64, u64) {
    let cells: Vec<Vec<u64>> = {
        let mut all = Vec::new();
        for_each_tuple(n, dims, |c| all.push(c.to_vec()));
        all
    };
    let mut solver = Solver::new(Sum(BoardToken { moves: moves.to_vec() }));
    let (mut win, mut lose) = (0, 0);
    for_each_sorted_tuple(cells.len() as u64, tokens, kind, |t| {
        let mut parts: Vec<Vec<u64>> = t.iter().map(|&i| cells[i as usize].clone()).collect();
        parts.sort();
        if solver.is_winning(&parts) { win += 1 } else { lose += 1 }
    });
    (win, lose)
}

/// How many multisets or sets of `k` positions with the given Grundy values
/// have each XOR, by a DP over the positions one at a time choosing how many
/// copies of each, tracking the count chosen and the XOR so far (exact; panics
/// beyond `u128`).
pub fn unordered_xor_by_positions(values: &[u64], k: usize, kind: Unordered) -> Vec<u128> {
    let top = values.iter().copied().max().unwrap_or(0);
    let len = (top + 1).next_power_of_two() as usize;
    // dp[j][x]: ways to choose j copies so far with XOR x
    let mut dp = vec![vec![0u128; len]; k + 1];
    dp[0][0] = 1;
    for &v in values {
        let v = v as usize;
        let old = dp.clone();
        for j in 1..=k {
            for x in 0..len {
                // the last copy chosen is of this position: from before it
                // (sets) or from any number of its copies already (multisets)
                let from = match kind {
                    Unordered::Set => old[j - 1][x ^ v],
                    Unordered::Multiset => dp[j - 1][x ^ v],
                };
                dp[j][x] = old[j][x].checked_add(from).expect("fits in u128");
            }
        }
    }
    dp.swap_remove(k)
}

/// How many multisets or sets of `k` positions have each XOR, for `count`
/// positions of each `value` (pairs `(value, count)`, counts as large as you
/// like): a DP over the values choosing how many copies have each value, with
/// `count` multichoose `t` (or `count` choose `t`) ways, in big integers.
pub fn unordered_xor_by_values(hist: &[(u64, u128)], k: usize, kind: Unordered) -> Vec<BigUint> {
    let top = hist.iter().map(|h| h.0).max().unwrap_or(0);
    let len = (top + 1).next_power_of_two() as usize;
    let mut dp = vec![vec![BigUint::zero(); len]; k + 1];
    dp[0][0] = BigUint::one();
    for &(v, count) in hist {
        // ways[t]: choices of t copies among `count` positions
        let ways: Vec<BigUint> = (0..=k as u128)
            .map(|t| {
                // the t factors from `bottom` up, over t!
                let bottom = match kind {
                    Unordered::Multiset if t > 0 && count == 0 => return BigUint::zero(),
                    Unordered::Multiset => count,
                    Unordered::Set if t > count => return BigUint::zero(),
                    Unordered::Set => count + 1 - t,
                };
                let mut num = BigUint::one();
                let mut den = BigUint::one();
                for i in 0..t {
                    num *= BigUint::from(bottom + i);
                    den *= BigUint::from(i + 1);
                }
                num / den
            })
            .collect();
        let mut next = vec![vec![BigUint::zero(); len]; k + 1];
        for (j, row) in dp.iter().enumerate() {
            for (x, c) in row.iter().enumerate().filter(|(_, c)| !c.is_zero()) {
                for (t, w) in ways.iter().enumerate().take(k + 1 - j) {
                    let y = if t % 2 == 1 { x ^ v as usize } else { x };
                    next[j + t][y] += c * w;
                }
            }
        }
        dp = next;
    }
    dp.swap_remove(k)
}
