//! An independent check of a misère quotient of an octal code: a second
//! proof, by other means than the learner's Theorem V (`docs/theory/misere.md` §3), that a claimed
//! bipartite monoid `(Q, P)` with pretending function `Φ` decides misère play
//! on the sums of small heaps.
//!
//! # What is checked
//!
//! Given the code, a table `Q × Q → Q`, an identity `e`, a P-portion `P ⊆ Q`
//! and `Φ(1..=H)`, [`check_quotient`] verifies
//!
//! 1. **the table is a commutative monoid**: every entry is an element,
//!    `e·x = x`, `x·y = y·x` and `(x·y)·z = x·(y·z)` for all elements;
//! 2. **the outcomes**: for every sum `G` of heaps of sizes `1..=H` whose sizes
//!    total at most `S` (every multiset, the empty sum included),
//!    `G` is a misère P-position exactly when `Φ(G) = Π Φ(h) ∈ P`.
//!
//! Item 2 is proved by induction over the sums, not by playing each one out.
//! The set `A_{H,S}` of those sums is closed under options: a move replaces
//! one heap `h` by heaps that are smaller and total at most `h`. Misère
//! outcomes are fixed by the rule *`G` is P exactly when `G` has a move and
//! every option of `G` is N* (a sum without a move is N: the player to move
//! has made no last move and wins). The check shows, for every `G` in the
//! set, `Φ(G) ∈ P ⟺ (G has a move and Φ(G′) ∉ P for every option G′)`.
//! Every play from a sum ends, so induction along the option relation gives
//! `Φ(G) ∈ P ⟺ G is P` for all of `A_{H,S}`: the options' outcomes are
//! already those the table predicts.
//!
//! The moves are generated here from the code's digits directly (bit 1 of
//! `d_k`: take a whole heap of `k`; bit 2: take `k` from a larger heap; bit 4:
//! take `k` and leave two nonempty heaps; bit 8: three; `!`: the heaps left
//! pairwise different), not from the learner's option lists, and the
//! products are read from the claimed table only. A quotient that claims a
//! wrong P-portion, a wrong table entry that some sum in the set reaches, or a
//! wrong `Φ(h)` for a heap `h <= min(H, S)` fails, with a witness sum.

use crate::count::Context;
use crate::error::{Error, Remedy};
use crate::heap::OctalCode;

/// The default work budget of a check ([`check_work`] steps, about a
/// nanosecond each): a few seconds.
pub const DEFAULT_VERIFY_WORK: u64 = 4_000_000_000;

/// A claimed quotient as [`check_quotient`] reads it: `x·y = table[x·order + y]`.
#[derive(Clone, Copy, Debug)]
pub struct ClaimedQuotient<'a> {
    /// The number of elements.
    pub order: usize,
    /// The multiplication table, `order²` entries, row by row.
    pub table: &'a [u32],
    /// The identity element.
    pub identity: u32,
    /// Whether each element is in the P-portion.
    pub p: &'a [bool],
    /// `Φ(h)` for the heaps `h = 0..=H` (`Φ(0)` is not read).
    pub phi: &'a [u32],
}

/// What [`check_quotient`] verified, or the first obligation that fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientCheck {
    /// The largest heap of the sums checked (`H`).
    pub max_heap: usize,
    /// The largest total size of the sums checked (`S`).
    pub max_total: usize,
    /// How many sums were checked (the empty sum included).
    pub sums: u64,
    /// `None` when everything holds; else the failure in words, with a witness.
    pub failure: Option<String>,
}

impl QuotientCheck {
    /// Whether every obligation holds.
    pub fn verified(&self) -> bool {
        self.failure.is_none()
    }
}

/// The moves of heap `n` under `code`, each the sorted multiset of nonempty
/// heaps it leaves, read from the digits `d_0 … d_n`.
pub fn octal_moves(code: &OctalCode, n: usize) -> Vec<Vec<usize>> {
    let mut moves = Vec::new();
    for k in 0..=n {
        let rule = code.rule(k);
        let rest = n - k;
        if k >= 1 && rest == 0 && rule.bits & 1 != 0 {
            moves.push(vec![]);
        }
        if k >= 1 && rest >= 1 && rule.bits & 2 != 0 {
            moves.push(vec![rest]);
        }
        if rule.bits & 4 != 0 {
            for a in (1..=rest / 2).filter(|&a| !rule.distinct || 2 * a != rest) {
                moves.push(vec![a, rest - a]);
            }
        }
        if rule.bits & 8 != 0 && rest >= 3 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    let c = rest - a - b;
                    if !rule.distinct || (a != b && b != c) {
                        moves.push(vec![a, b, c]);
                    }
                }
            }
        }
    }
    moves
}

/// The number of multisets of sizes `1..=max_heap` totalling at most
/// `max_total` (partitions with bounded parts, summed), saturating.
pub fn sums_count(max_heap: usize, max_total: usize) -> u128 {
    let mut ways = vec![0u128; max_total + 1];
    ways[0] = 1;
    for h in 1..=max_heap.min(max_total) {
        for s in h..=max_total {
            ways[s] = ways[s].saturating_add(ways[s - h]);
        }
    }
    ways.iter().fold(0u128, |a, &w| a.saturating_add(w))
}

/// The work of [`check_quotient`] in steps (a product read, about a
/// nanosecond): the associativity check's `order³`, and per sum its heaps
/// times the options of a heap.
pub fn check_work(code: &OctalCode, order: usize, max_heap: usize, max_total: usize) -> u128 {
    let h = max_heap.min(max_total);
    let options = (1..=h).map(|n| octal_moves(code, n).len() as u128).max().unwrap_or(0);
    let cube = (order as u128).pow(3);
    cube.saturating_add(sums_count(h, max_total).saturating_mul(options + 1).saturating_mul(h as u128 + 1))
}

/// Checks the claimed quotient of `code` (module docs): the table is a
/// commutative monoid, and every sum of heaps `1..=max_heap` totalling at
/// most `max_total` is a misère P-position exactly when its product lies in
/// the P-portion. The work ([`check_work`]) is estimated first and refused
/// beyond `max_work` (naming `verify_work`); the context's observer is asked
/// every 2^16 sums whether to go on. A failed obligation is not an error: it
/// is the report's `failure`.
///
/// ```
/// use grundy::heap::OctalCode;
/// use grundy::misere::check::{ClaimedQuotient, check_quotient};
///
/// // 0.1 (take a heap of 1): Q = {1, a}, a² = 1, P = {a}, Φ(1) = a
/// let code = OctalCode::parse("0.1")?;
/// let (table, p) = ([0, 1, 1, 0], [false, true]);
/// let q = ClaimedQuotient { order: 2, table: &table, identity: 0, p: &p, phi: &[0, 1] };
/// let report = check_quotient(&code, q, 1, 12, 1 << 20, &mut Default::default())?;
/// assert!(report.verified() && report.sums == 13);
/// // the P-portion flipped: the empty sum (no move: N) is claimed P
/// let wrong = ClaimedQuotient { p: &[true, true], ..q };
/// assert!(!check_quotient(&code, wrong, 1, 12, 1 << 20, &mut Default::default())?.verified());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn check_quotient(
    code: &OctalCode,
    q: ClaimedQuotient<'_>,
    max_heap: usize,
    max_total: usize,
    max_work: u64,
    ctx: &mut Context<'_>,
) -> Result<QuotientCheck, Error> {
    let h = max_heap.min(max_total);
    let mut report = QuotientCheck { max_heap, max_total, sums: 0, failure: None };
    if q.phi.len() <= h {
        return Err(Error::invalid(
            "phi",
            format!("gives Φ of heaps up to {}, not up to {h}", q.phi.len() - 1),
        ));
    }
    let work = check_work(code, q.order, max_heap, max_total);
    if work > u128::from(max_work) {
        return Err(Error::TooLarge {
            what: format!(
                "the check of a quotient of order {} on sums of heaps up to {h} totalling at most {max_total}",
                q.order
            ),
            estimate: format!("about {work} steps"),
            limit: format!("`verify_work` {max_work}"),
            remedy: Remedy::Raise("verify_work"),
        });
    }
    if let Some(why) = monoid_failure(q, ctx)? {
        report.failure = Some(why);
        return Ok(report);
    }
    let order = q.order;
    let mul = |x: u32, y: u32| q.table[x as usize * order + y as usize];
    let product = |heaps: &[usize]| heaps.iter().fold(q.identity, |x, &a| mul(x, q.phi[a]));
    if let Some(&bad) = q.phi[1..=h].iter().find(|&&x| x as usize >= order) {
        report.failure = Some(format!("Φ has {bad}, not an element"));
        return Ok(report);
    }
    // the products of each heap's options
    let options: Vec<Vec<u32>> = (0..=h)
        .map(|n| {
            let mut o: Vec<u32> =
                if n == 0 { vec![] } else { octal_moves(code, n).iter().map(|m| product(m)).collect() };
            o.sort_unstable();
            o.dedup();
            o
        })
        .collect();
    let mut walk = Walk { q, options: &options, max_total, report, ctx };
    walk.visit(&mut Vec::new(), h, 0)?;
    Ok(walk.report)
}

/// The depth-first walk over the sums (heaps in non-increasing order).
struct Walk<'q, 'c, 'o> {
    q: ClaimedQuotient<'q>,
    /// The products of each heap's options, without repeats.
    options: &'o [Vec<u32>],
    max_total: usize,
    report: QuotientCheck,
    ctx: &'o mut Context<'c>,
}

impl Walk<'_, '_, '_> {
    fn mul(&self, x: u32, y: u32) -> u32 {
        self.q.table[x as usize * self.q.order + y as usize]
    }

    /// The product of the heaps of `sum` but the one at `skip`.
    fn product(&self, sum: &[usize], skip: usize) -> u32 {
        let others = sum.iter().enumerate().filter(|&(j, _)| j != skip);
        others.fold(self.q.identity, |x, (_, &b)| self.mul(x, self.q.phi[b]))
    }

    /// Checks `sum` (of total `total`), then every sum that adds heaps of at
    /// most `top` to it; `false` once a failure is found.
    fn visit(&mut self, sum: &mut Vec<usize>, top: usize, total: usize) -> Result<bool, Error> {
        self.report.sums += 1;
        if self.report.sums.is_multiple_of(1 << 16) {
            self.ctx.progress("misère quotient check", self.report.sums, 0)?;
        }
        if let Some(why) = self.failure(sum) {
            self.report.failure = Some(why);
            return Ok(false);
        }
        for a in (1..=top.min(self.max_total - total)).rev() {
            sum.push(a);
            let go_on = self.visit(sum, a, total + a)?;
            sum.pop();
            if !go_on {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `sum`'s claimed outcome (`Φ(sum) ∈ P`) is the one its options'
    /// claimed outcomes give; the failure in words if not.
    fn failure(&self, sum: &[usize]) -> Option<String> {
        let claimed_p = self.q.p[self.product(sum, usize::MAX) as usize];
        let mut has_move = false;
        let mut p_option = None;
        for (i, &a) in sum.iter().enumerate() {
            if i > 0 && sum[i - 1] == a {
                continue;
            }
            has_move |= !self.options[a].is_empty();
            let rest = self.product(sum, i);
            if self.options[a].iter().any(|&o| self.q.p[self.mul(rest, o) as usize]) {
                p_option = Some(a);
                break;
            }
        }
        if (has_move && p_option.is_none()) == claimed_p {
            return None;
        }
        let shown = match sum.is_empty() {
            true => "the empty sum".to_string(),
            false => format!("the sum of heaps {sum:?}"),
        };
        Some(match (claimed_p, p_option) {
            (true, Some(a)) => format!("{shown} is claimed P but a move in heap {a} reaches a sum claimed P"),
            (true, None) => format!("{shown} is claimed P but has no move (a misère N-position)"),
            (false, _) => format!("{shown} is claimed N but every move reaches a sum claimed N"),
        })
    }
}

/// The first failure of the monoid laws, if any.
fn monoid_failure(q: ClaimedQuotient<'_>, ctx: &mut Context<'_>) -> Result<Option<String>, Error> {
    let order = q.order;
    if order == 0 || q.table.len() != order * order || q.p.len() != order {
        return Ok(Some(format!("a quotient of order {order} needs {order}² products and {order} P-flags")));
    }
    if q.identity as usize >= order || q.table.iter().any(|&x| x as usize >= order) {
        return Ok(Some("the table has an entry that is not an element".into()));
    }
    let mul = |x: usize, y: usize| q.table[x * order + y] as usize;
    let e = q.identity as usize;
    for x in 0..order {
        if mul(e, x) != x {
            return Ok(Some(format!("{e} is not the identity: {e}·{x} = {}", mul(e, x))));
        }
        for y in 0..x {
            if mul(x, y) != mul(y, x) {
                return Ok(Some(format!("the table is not commutative: {x}·{y} ≠ {y}·{x}")));
            }
        }
    }
    for x in 0..order {
        ctx.progress("misère quotient check", x as u64, order as u64)?;
        for y in 0..order {
            let xy = mul(x, y);
            for z in 0..order {
                if mul(xy, z) != mul(x, mul(y, z)) {
                    return Ok(Some(format!("the table is not associative: ({x}·{y})·{z} ≠ {x}·({y}·{z})")));
                }
            }
        }
    }
    Ok(None)
}

/// Checks a quotient the learner computed ([`crate::misere::MisereQuotient`])
/// of an octal code or a subtraction set written as one: every sum of heaps
/// totalling at most `max_total`, each heap at most the quotient's bound
/// unless it is certified (then `Φ` continues by its period). Refused for
/// other games (`verify` names the parameter).
///
/// ```
/// use grundy::HeapGame;
/// use grundy::misere::{MisereLimits, MisereQuotient};
/// use grundy::misere::check::check_learned;
///
/// let game = HeapGame::octal("0.77")?;
/// let q = MisereQuotient::certify(&game, MisereLimits::default())?;
/// let report = check_learned(&game, &q, 16, u64::MAX, &mut Default::default())?;
/// assert!(report.verified() && report.max_heap == 16);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn check_learned(
    game: &crate::HeapGame,
    q: &crate::misere::MisereQuotient,
    max_total: usize,
    max_work: u64,
    ctx: &mut Context<'_>,
) -> Result<QuotientCheck, Error> {
    let code = game.ruleset().as_code().ok_or_else(|| {
        Error::invalid("verify", "needs a game given by an octal code or a subtraction set")
    })?;
    let h = if q.period().is_some() { max_total } else { q.bound().min(max_total) };
    let phi: Vec<u32> = (0..=h as u64).map(|k| q.phi(k).unwrap_or(0)).collect();
    let m = q.monoid();
    let p: Vec<bool> = (0..m.order() as u32).map(|x| m.is_p(x)).collect();
    let claimed =
        ClaimedQuotient { order: m.order(), table: m.table(), identity: m.identity(), p: &p, phi: &phi };
    check_quotient(&code, claimed, h, max_total, max_work, ctx)
}
