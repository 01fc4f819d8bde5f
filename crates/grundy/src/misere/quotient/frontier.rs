//! How far a candidate is right before it is proved: the least number of
//! tokens of a sum it may predict wrongly.
//!
//! **Lemma (the frontier)** (`docs/theory/misere.md` Lemmas 5.6–5.7). Let `δ` be a commutative automaton on the
//! heaps `1..=n` (check (C) of Theorem V holds) with start `q₀ ∉ P` (check
//! (Z)), `Φ(G) = δ*(q₀, G)`, every move remove at least one token (an
//! option's heaps total less than the heap), and `T` at most the token
//! count of every sum that is *locally wrong*: predicted P with an option
//! predicted P, or nonempty, predicted N, with no option predicted P. Then
//! `Φ(G) ∈ P` iff `G` is a misère P-position, for every sum `G` of fewer than
//! `T` tokens. (Induction on tokens: the options of `G` have fewer tokens and
//! are predicted right; `G` is not locally wrong, so its prediction is the
//! rule "nonempty and every option N", which is its outcome; `0` is N and
//! predicted N.) This is Theorem V's argument cut at `T`, and Siegel's
//! observation that candidate quotients are right below their
//! lexicographically least failure (MisereSolver, 2007).
//!
//! The locally wrong sums predicted P are `Y + H_k` with `δ(y, k) ∈ P` and
//! `δ*(y, o) ∈ P` for an option `o` (check (A) failing at `y = Φ(Y)`): the
//! least has `dist(y) + |H_k|` tokens, `dist` the least token count of a sum
//! reaching `y` (Dijkstra). The others are the stuck sums of check (B); a
//! lower bound on their tokens is the least weighted signature search of
//! `stuck.rs`. So `T = min` of the two is exact for (A) and a lower bound
//! for (B), which the lemma allows.
//!
//! The learner (`learn.rs`) answers its outcome queries below `T` by the
//! candidate instead of searching: exact by the lemma, and a search above
//! `T` stops wherever it reaches fewer tokens.
//!
//! Cost: `O(states · n · |Opt|)` for (A), one weighted search for (B).

use super::automaton::Automaton;
use super::budget::QuotientBudget;
use super::stuck::{Stuck, least_stuck};
use crate::error::Error;

/// A candidate's frontier: no sum of fewer than `tokens` tokens is locally
/// wrong, and `least` is one of exactly `tokens` tokens (a word) with its
/// outcome (the opposite of the prediction: its options are predicted
/// right), when the search found it.
pub(super) struct Frontier {
    pub tokens: u64,
    pub least: Option<(Vec<u32>, bool)>,
}

/// The frontier of `a`, the weighted search of (B) settling at most
/// `budget` signatures (less what it settled is left) (`tokens` 0 when the lemma does not apply: `a` does
/// not commute on its reachable states, its start is in P, or a move does
/// not remove a token), `size[k]` the tokens of heap `k`; `work` is charged
/// a step per state and heap, and the search's steps.
pub(super) fn frontier(
    a: &Automaton,
    opts: &[Vec<Vec<u32>>],
    size: &[u64],
    budget: &mut usize,
    work: &mut QuotientBudget,
) -> Result<Frontier, Error> {
    let n = a.n as u32;
    let none = Frontier { tokens: 0, least: None };
    let total = |o: &[u32]| o.iter().map(|&k| size[k as usize]).sum::<u64>();
    if a.p[0] || (1..=a.n).any(|k| opts[k].iter().any(|o| total(o) >= size[k])) {
        return Ok(none);
    }
    work.spend((a.states() * a.n) as u64)?;
    let (dist, prev) = distances(a, size);
    let reachable: Vec<u32> = (0..a.states() as u32).filter(|&q| dist[q as usize] != u64::MAX).collect();
    for &q in &reachable {
        for i in 1..=n {
            for j in i + 1..=n {
                if a.step(a.step(q, i), j) != a.step(a.step(q, j), i) {
                    return Ok(none);
                }
            }
        }
    }
    // (A): the least `Y + H_k` predicted P with an option predicted P (it is N)
    let mut least: Option<(u64, u32, u32)> = None;
    for &y in &reachable {
        for k in 1..=n {
            let t = dist[y as usize] + size[k as usize];
            if least.is_none_or(|(b, ..)| t < b)
                && a.p[a.step(y, k) as usize]
                && opts[k as usize].iter().any(|o| a.p[a.run(y, o) as usize])
            {
                least = Some((t, y, k));
            }
        }
    }
    let cutoff = least.map_or(u64::MAX, |(t, ..)| t);
    Ok(match least_stuck(a, opts, size, cutoff, budget, work)? {
        // (B): the least stuck sum (it is P)
        Stuck::At(t, word) => Frontier { tokens: t, least: Some((word, true)) },
        Stuck::Beyond(t) if t < cutoff => Frontier { tokens: t, least: None },
        Stuck::Beyond(_) => match least {
            Some((t, y, k)) => {
                let mut word = Vec::new();
                let mut q = y;
                while q != 0 {
                    let (p, h) = prev[q as usize];
                    word.push(h);
                    q = p;
                }
                word.push(k);
                Frontier { tokens: t, least: Some((word, false)) }
            }
            None => Frontier { tokens: u64::MAX, least: None },
        },
    })
}

/// The least tokens of a sum reaching each state from the start (`u64::MAX`:
/// none), with the last step of such a sum: Dijkstra, an edge `q → δ(q, k)`
/// costing `|H_k|`.
fn distances(a: &Automaton, size: &[u64]) -> (Vec<u64>, Vec<(u32, u32)>) {
    let mut dist = vec![u64::MAX; a.states()];
    let mut prev = vec![(0u32, 0u32); a.states()];
    let mut heap = std::collections::BinaryHeap::new();
    dist[0] = 0;
    heap.push(std::cmp::Reverse((0u64, 0u32)));
    while let Some(std::cmp::Reverse((d, q))) = heap.pop() {
        if d > dist[q as usize] {
            continue;
        }
        for k in 1..=a.n as u32 {
            let r = a.step(q, k) as usize;
            let nd = d + size[k as usize];
            if nd < dist[r] {
                dist[r] = nd;
                prev[r] = (q, k);
                heap.push(std::cmp::Reverse((nd, r as u32)));
            }
        }
    }
    (dist, prev)
}
