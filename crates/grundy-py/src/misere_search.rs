//! Misère counts of sums of [`crate::game::Game`] components, by a memoized
//! search over multisets of positions.
//!
//! Grundy values do not decide misère play (whoever moves last loses), and a
//! game given by an options function has no known misère quotient, so a sum of
//! such components is played out: a sum is a multiset of positions (positions
//! without options dropped: they add nothing to a sum, in misère play too);
//! the empty sum is won by the player to move (who cannot move), and any other
//! sum is lost by the player to move exactly when every option is won by the
//! player to move then. An option replaces one position of the multiset by
//! the parts of one of its options. The search is iterative and memoized
//! over sorted multisets; every multiset counted is searched, so the request
//! must be small: at most `misere_work` states searched in all.

use crate::game::Solution;
use grundy::{BigUint, Context, Error, Order, Outcome};
use std::collections::HashMap;
use std::sync::Arc;

/// The default of `misere_work` for a search: states searched.
pub const DEFAULT_MISERE_STATES: u64 = 1_000_000;

/// The most copies a searched sum may hold in all.
pub const MAX_COPIES: u64 = 4096;

/// A refused search: the message, naming `misere_work`.
pub struct Refused(pub String);

/// One position of a sum: the part of the sum it is in (its game) and its number there.
type Element = u64;

fn element(part: usize, v: u32) -> Element {
    ((part as u64) << 32) | v as u64
}

/// The winning and losing counts of the sums of `parts` (each a game's
/// positions with its number of copies), told apart as `order` says; the
/// count of `outcome` and the total.
pub fn count(
    parts: &[(Arc<Solution>, u64)],
    order: Order,
    outcome: Outcome,
    max_states: u64,
    ctx: &mut Context<'_>,
) -> Result<Result<BigUint, Refused>, Error> {
    let copies: u64 = parts.iter().map(|(_, k)| *k).fold(0, u64::saturating_add);
    if copies > MAX_COPIES {
        return Ok(Err(Refused(format!(
            "a misère count of Game components plays every sum out: at most {MAX_COPIES} copies in all, not {copies}"
        ))));
    }
    // every counted sum is searched: refuse when there are more than the states allowed
    let mut sums = 1f64;
    for (solution, k) in parts {
        sums *= choices(solution.roots.len() as u64, *k, order);
    }
    if sums > max_states as f64 {
        return Ok(Err(Refused(format!(
            "a misère count of Game components searches every sum counted: about {sums:.3e} here, beyond \
             `misere_work` ({max_states} states); raise `misere_work`, or count fewer positions"
        ))));
    }
    let lists: Vec<Vec<(Vec<Element>, BigUint)>> =
        parts.iter().enumerate().map(|(i, (s, k))| choices_of(i, s, *k, order)).collect();
    let mut search = Search { parts, memo: HashMap::new(), states: 0, max_states };
    let total_sums: u64 = lists.iter().map(|l| l.len() as u64).product();
    let (mut losing, mut total) = (BigUint::from(0u32), BigUint::from(0u32));
    let mut at = vec![0usize; lists.len()];
    for done in 0..total_sums {
        let mut state: Vec<Element> = Vec::new();
        let mut weight = BigUint::from(1u32);
        for (list, &i) in lists.iter().zip(&at) {
            state.extend_from_slice(&list[i].0);
            weight *= &list[i].1;
        }
        state.sort_unstable();
        match search.is_losing(state, ctx)? {
            Ok(true) => losing += &weight,
            Ok(false) => {}
            Err(refused) => return Ok(Err(refused)),
        }
        total += weight;
        ctx.progress("misère sums", done + 1, total_sums)?;
        // the next choice, the last part fastest
        for (slot, list) in at.iter_mut().zip(&lists).rev() {
            *slot += 1;
            if *slot < list.len() {
                break;
            }
            *slot = 0;
        }
    }
    Ok(Ok(match outcome {
        Outcome::Losing => losing,
        Outcome::Winning => total - losing,
    }))
}

/// The number of ways to choose `k` of `r` positions as `order` says
/// (multisets for ordered tuples too: each is searched once).
fn choices(r: u64, k: u64, order: Order) -> f64 {
    let (top, k) = match order {
        Order::Set => (r as f64, k as f64),
        _ => ((r + k) as f64 - 1.0, k as f64),
    };
    if k > top {
        return if k == 0.0 { 1.0 } else { 0.0 };
    }
    let mut c = 1f64;
    for i in 0..(k as u64) {
        c = c * (top - i as f64) / (i + 1) as f64;
    }
    c
}

/// Every multiset (a set with `Order::Set`) of `k` of the given positions of
/// part `part`, without the positions that have no options, with the number
/// of positions of the count it stands for: `k! / ∏ m!` ordered tuples, or one.
fn choices_of(part: usize, s: &Solution, k: u64, order: Order) -> Vec<(Vec<Element>, BigUint)> {
    let r = s.roots.len();
    let k = k as usize;
    let mut out = Vec::new();
    let distinct = order == Order::Set;
    if distinct && k > r || (r == 0 && k > 0) {
        return out;
    }
    // indices i_1 <= … <= i_k (strictly increasing for sets)
    let mut idx: Vec<usize> = (0..k).map(|j| if distinct { j } else { 0 }).collect();
    loop {
        let mut elements = Vec::with_capacity(k);
        for &i in &idx {
            let v = s.roots[i];
            if !s.graph.is_terminal(v) {
                elements.push(element(part, v));
            }
        }
        let weight = match order {
            Order::Ordered => {
                let mut w = factorial(k);
                for run in idx.chunk_by(|a, b| a == b) {
                    w /= factorial(run.len());
                }
                w
            }
            _ => BigUint::from(1u32),
        };
        out.push((elements, weight));
        // the next index vector
        let mut j = k;
        loop {
            if j == 0 {
                return out;
            }
            j -= 1;
            let most = if distinct { r - (k - j) } else { r - 1 };
            if idx[j] < most {
                idx[j] += 1;
                for l in j + 1..k {
                    idx[l] = if distinct { idx[l - 1] + 1 } else { idx[j] };
                }
                break;
            }
        }
    }
}

fn factorial(n: usize) -> BigUint {
    (1..=n as u64).fold(BigUint::from(1u32), |f, i| f * i)
}

/// The memoized search.
struct Search<'a> {
    parts: &'a [(Arc<Solution>, u64)],
    /// Sorted multisets of positions with options, to whether the player to move loses.
    memo: HashMap<Vec<Element>, bool>,
    states: u64,
    max_states: u64,
}

/// A sum being searched: its options, and the next one to look at.
struct Frame {
    state: Vec<Element>,
    options: Vec<Vec<Element>>,
    next: usize,
}

impl Search<'_> {
    /// Whether the player to move loses the sum `state` (sorted), under misère play.
    fn is_losing(
        &mut self,
        state: Vec<Element>,
        ctx: &mut Context<'_>,
    ) -> Result<Result<bool, Refused>, Error> {
        if let Some(&losing) = self.memo.get(&state) {
            return Ok(Ok(losing));
        }
        let root = state.clone();
        let mut stack = vec![self.frame(state)];
        while let Some(top) = stack.last_mut() {
            let Some(option) = top.options.get(top.next) else {
                // no option wins for the opponent's turn: the player to move
                // loses, unless there is no move at all (then the player to move wins)
                let losing = !top.options.is_empty();
                let done = stack.pop().expect("a frame");
                self.memo.insert(done.state, losing);
                continue;
            };
            match self.memo.get(option) {
                Some(true) => {
                    // a move to a sum lost by the player then to move: won
                    let done = stack.pop().expect("a frame");
                    self.memo.insert(done.state, false);
                }
                Some(false) => top.next += 1,
                None => {
                    let option = option.clone();
                    self.states += 1;
                    if self.states > self.max_states {
                        return Ok(Err(Refused(format!(
                            "the misère search of the Game components' sums reached more than `misere_work` \
                             ({}) states; raise `misere_work`, or count fewer positions",
                            self.max_states
                        ))));
                    }
                    if self.states.is_multiple_of(1 << 12) {
                        ctx.progress("misère states", self.states, self.max_states)?;
                    }
                    let frame = self.frame(option);
                    stack.push(frame);
                }
            }
        }
        Ok(Ok(self.memo.get(&root).copied().unwrap_or(false)))
    }

    /// The frame of `state`: every option, sorted.
    fn frame(&self, state: Vec<Element>) -> Frame {
        let mut options = Vec::new();
        for (i, &e) in state.iter().enumerate() {
            if i > 0 && state[i - 1] == e {
                continue; // the same moves as the copy before
            }
            let (part, v) = ((e >> 32) as usize, e as u32);
            let graph = &self.parts[part].0.graph;
            for parts in graph.options(v) {
                let mut next: Vec<Element> = Vec::with_capacity(state.len() + parts.len());
                next.extend_from_slice(&state[..i]);
                next.extend_from_slice(&state[i + 1..]);
                next.extend(parts.iter().filter(|&&u| !graph.is_terminal(u)).map(|&u| element(part, u)));
                next.sort_unstable();
                options.push(next);
            }
        }
        Frame { state, options, next: 0 }
    }
}
