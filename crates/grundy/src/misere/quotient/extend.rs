//! A heap that adds nothing to the quotient: `Q_n = Q_{n−1}` with `Φ(n) = x`,
//! found and proved without searching a single position.
//!
//! Let `(Q, P)` be the quotient of heaps `1..n−1` with pretending function `Φ`
//! (verified), and let heap `n` have options that are sums of smaller heaps.
//! For a candidate `x ∈ Q`, extend `Φ` by `Φ(n) = x` and take the automaton on
//! the elements of `Q` with `δ(q, k) = q·Φ(k)` and start `1`. Theorem V's
//! checks read:
//!
//! * (C) and (Z) hold: `Q` is a commutative monoid and `1 ∉ P`;
//! * (A) holds for heaps below `n` (it is a fact about outcomes of sums of
//!   those heaps, which `Q` decides); for heap `n` it is the finite test
//!   "no `y ∈ Q` and option `o` of `H_n` with `y·x ∈ P` and `y·Φ(o) ∈ P`";
//! * (B) is the search of `stuck.rs` over all heaps `1..=n`.
//!
//! If they pass, `G ↦ Φ(G) ∈ P` decides every sum of heaps `<= n`, so `Q_n` is
//! this automaton reduced (`docs/theory/misere.md` 5.1, Lemma 2.5). `Q` is already reduced by the heaps below
//! `n`, and more letters only refine, so `Q_n = Q` and `Φ_n(n) = x`. At most one
//! `x` passes: two passing `x ≠ x'` would both be `H_n`'s class in the reduced
//! `Q`. If none passes, heap `n` splits or enlarges the quotient, and the
//! learner (`learn.rs`) finds how.
//!
//! Cost: `O(|Q|² · |Opt(H_n)|)` for (A) over all candidates, and one search
//! of `stuck.rs` per surviving candidate.

use super::automaton::{Automaton, Known};
use super::automaton::{Intersections, StateSet};
use super::budget::QuotientBudget;
use super::stuck::{good_states, search};
use crate::error::Error;

/// The quotient as an automaton on its elements: `δ(q, k) = q·Φ(k)` for the
/// letters `1..=phi.len() − 1`, start the identity (element 0).
pub(super) fn monoid_automaton(known: &Known, phi: &[u32]) -> Automaton {
    let order = known.order;
    let n = phi.len() - 1;
    let mut delta = Vec::with_capacity(order * (n + 1));
    for q in 0..order {
        delta.push(0);
        delta.extend(phi[1..].iter().map(|&v| known.table[q * order + v as usize]));
    }
    Automaton { delta, p: known.p.clone(), n, access: vec![] }
}

/// `I_x = ⋂ good_k` over the heaps `k` with `Φ(k) = x` (`None`: no such heap),
/// the data check (B) depends on (`stuck.rs`).
pub(super) fn intersections(known: &Known, all_opts: &[Vec<Vec<u32>>]) -> Intersections {
    let a = monoid_automaton(known, &known.phi);
    let mut inter: Vec<Option<StateSet>> = vec![None; known.order];
    for k in 1..=known.m {
        let g = good_states(&a, &all_opts[k]);
        match &mut inter[known.phi[k] as usize] {
            Some(i) => i.intersect(&g),
            slot => *slot = Some(g),
        }
    }
    inter
}

/// The element `x` with `Q_n = Q_{n−1}`, `Φ(n) = x`, if there is one, with the
/// sets `I` of the heaps up to `n`; `all_opts[k]` are the options of every
/// letter `k <= n`, `known.inter` the sets of the heaps below `n`.
///
/// (B) is searched only when it can have changed: if `x` is already the class
/// of a heap and `I_x ⊆ good_n`, the new heap leaves every `I_c` as it was, and
/// the search's answer depends on nothing else, so it passes as it did for
/// `Q_{n−1}`.
pub(super) fn unchanged(
    known: &Known,
    all_opts: &[Vec<Vec<u32>>],
    work: &mut QuotientBudget,
) -> Result<Option<(u32, Intersections)>, Error> {
    if known.identity != 0 {
        return Err(Error::Internal("a misère quotient whose identity is not element 0".into()));
    }
    let order = known.order;
    let n = known.m + 1;
    let mul = |x: u32, y: u32| known.table[x as usize * order + y as usize];
    let value = |o: &[u32]| o.iter().fold(known.identity, |v, &k| mul(v, known.phi[k as usize]));
    let option_values: Vec<u32> = all_opts[n].iter().map(|o| value(o)).collect();
    let mut good_n = StateSet::new(order);
    for y in 0..order as u32 {
        if option_values.iter().any(|&v| known.p[mul(y, v) as usize]) {
            good_n.insert(y);
        }
    }
    'candidate: for x in 0..order as u32 {
        for y in 0..order as u32 {
            if known.p[mul(y, x) as usize] && good_n.contains(y) {
                continue 'candidate;
            }
        }
        let mut inter = known.inter.clone();
        let kept = match &mut inter[x as usize] {
            Some(i) if i.is_subset(&good_n) => true,
            Some(i) => {
                i.intersect(&good_n);
                false
            }
            slot => {
                *slot = Some(good_n.clone());
                false
            }
        };
        if !kept {
            let mut phi = known.phi.clone();
            phi.push(x);
            let a = monoid_automaton(known, &phi);
            let (reps, sets): (Vec<u32>, Vec<StateSet>) = inter
                .iter()
                .enumerate()
                .filter_map(|(c, i)| {
                    let i = i.as_ref()?;
                    let rep = phi[1..].iter().position(|&v| v as usize == c)? + 1;
                    Some((rep as u32, i.clone()))
                })
                .unzip();
            if search(&a, &reps, &sets, work)?.is_some() {
                continue;
            }
        }
        return Ok(Some((x, inter)));
    }
    Ok(None)
}

/// The automaton with states `0` and `start` swapped, so that the start is `0`.
pub(super) fn relabelled(a: Automaton, start: u32) -> Automaton {
    if start == 0 {
        return a;
    }
    let swap = |q: u32| {
        if q == 0 {
            start
        } else if q == start {
            0
        } else {
            q
        }
    };
    let w = a.n + 1;
    let states = a.states();
    let mut delta = vec![0u32; a.delta.len()];
    let mut p = vec![false; states];
    for q in 0..states as u32 {
        let from = swap(q) as usize;
        p[q as usize] = a.p[from];
        for k in 1..w {
            delta[q as usize * w + k] = swap(a.delta[from * w + k]);
        }
    }
    let mut access = a.access;
    if access.len() == states {
        access.swap(0, start as usize);
    }
    Automaton { delta, p, n: a.n, access }
}

/// The least total heap size of a sum of the letters `k` with `used(k)` in
/// each class (`u64::MAX` where there is none), with such a sum (a word of
/// letters): Dijkstra's shortest paths from the identity, an edge
/// `x → x·Φ(k)` costing the size of heap `k` (a commutative product is a path
/// in any order).
pub(super) fn least_sums(
    known: &Known,
    size: &[u64],
    used: impl Fn(usize) -> bool,
) -> (Vec<u64>, Vec<Vec<u32>>) {
    let order = known.order;
    let mut dist = vec![u64::MAX; order];
    let mut word: Vec<Vec<u32>> = vec![vec![]; order];
    let mut heap = std::collections::BinaryHeap::new();
    dist[known.identity as usize] = 0;
    heap.push(std::cmp::Reverse((0u64, known.identity)));
    while let Some(std::cmp::Reverse((d, x))) = heap.pop() {
        if d > dist[x as usize] {
            continue;
        }
        for (k, (&v, &s)) in known.phi.iter().zip(size).enumerate().skip(1).filter(|&(k, _)| used(k)) {
            let y = known.table[x as usize * order + v as usize] as usize;
            let nd = d + s;
            if nd < dist[y] {
                dist[y] = nd;
                word[y] = word[x as usize].clone();
                word[y].push(k as u32);
                heap.push(std::cmp::Reverse((nd, y as u32)));
            }
        }
    }
    (dist, word)
}
