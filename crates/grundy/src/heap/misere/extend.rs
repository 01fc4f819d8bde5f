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
//! this automaton reduced (notes §1). `Q` is already reduced by the heaps below
//! `n`, and more letters only refine, so `Q_n = Q` and `Φ_n(n) = x`. At most one
//! `x` passes: two passing `x ≠ x'` would both be `H_n`'s class in the reduced
//! `Q`. If none passes, heap `n` splits or enlarges the quotient, and the
//! learner (`learn.rs`) finds how.
//!
//! Cost: `O(|Q|² · |Opt(H_n)|)` for (A) over all candidates, and one search
//! of `stuck.rs` per surviving candidate.

use super::learn::{Automaton, Known};
use super::stuck::{Intersections, StateSet, good_states, search};
use crate::error::Error;

/// The quotient as an automaton on its elements: `δ(q, k) = q·Φ(k)` for the
/// letters `1..=phi.len() − 1`, start the identity (element 0).
fn monoid_automaton(known: &Known, phi: &[u32]) -> Automaton {
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
pub(super) fn unchanged(known: &Known, all_opts: &[Vec<Vec<u32>>]) -> Result<Option<(u32, Intersections)>, Error> {
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
            if search(&a, &reps, &sets)?.is_some() {
                continue;
            }
        }
        return Ok(Some((x, inter)));
    }
    Ok(None)
}

/// The automaton with states `0` and `start` swapped, so that the start is `0`.
fn relabelled(a: Automaton, start: u32) -> Automaton {
    if start == 0 {
        return a;
    }
    let swap = |q: u32| if q == 0 { start } else if q == start { 0 } else { q };
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
    Automaton { delta, p, n: a.n, access: a.access }
}

/// How many copies of the new heap the candidate tabulates.
const MAX_COPIES: usize = 12;

/// A candidate for `Q_n` when heap `n` enlarges the quotient without splitting
/// an old class, proved by Theorem V or rejected (`None`).
///
/// **The candidate.** Every sum of heaps `<= n` is `Y + c·H_n` with `Y` a sum of
/// smaller heaps. Suppose (the guess) that its outcome `f(x, c)` depends only on
/// `x = Φ(Y)` and `c`. Then `f(x, 0) = [x ∈ P]`, and for `c >= 1` the options of
/// `Y + c·H_n` are `Y' + c·H_n` (`Y'` an option of `Y`) and `Y + (c−1)·H_n + o`
/// (`o` an option of `H_n`), so `f(x, c)` is P iff `f(Φ(Y'), c)` and
/// `f(x·Φ(o), c − 1)` are all N, evaluated at one sum `Y = r(x)` per element.
/// Taking `r(x)` a sum of least total size in its class makes this a
/// recursion when every move removes at least one token (checked here;
/// otherwise `None`): `Y'` is smaller than `r(x)`, and `r(Φ(Y'))` no larger
/// than `Y'`. The values
/// `f(·, c)` are tabulated for `c <= MAX_COPIES` and folded back at the first
/// repeat (`f(·, c) = f(·, c − q)`, `q` = 1 or 2).
///
/// **The proof.** The automaton on pairs `(x, c)` (heaps below `n` act on `x`,
/// heap `n` on `c`) commutes, and `(1, 0) ∉ P`; if (A) and (B) hold, Theorem V
/// makes it exact for every sum, guess or no guess, and `Q_n` is its reduction.
/// If a check fails the guess was wrong (a class split) and the caller learns.
pub(super) fn grown(known: &Known, all_opts: &[Vec<Vec<u32>>], size: &[u64]) -> Result<Option<Known>, Error> {
    let order = known.order;
    let n = known.m + 1;
    let mul = |x: u32, y: u32| known.table[x as usize * order + y as usize];
    let value = |o: &[u32]| o.iter().fold(known.identity, |v, &k| mul(v, known.phi[k as usize]));
    let total = |o: &[u32]| o.iter().map(|&k| size[k as usize]).sum::<u64>();
    if (1..=n).any(|k| all_opts[k].iter().any(|o| total(o) >= size[k])) {
        return Ok(None);
    }
    let (dist, mut reps) = least_sums(known, size);
    reps.iter_mut().for_each(|r| r.sort_unstable_by(|a, b| b.cmp(a)));
    // f[c][x], by c, and for each c by the least total of x
    let mut by_rep: Vec<u32> = (0..order as u32).collect();
    by_rep.sort_by_key(|&x| dist[x as usize]);
    let heap_n: Vec<u32> = all_opts[n].iter().map(|o| value(o)).collect();
    let mut f: Vec<Vec<bool>> = vec![known.p.clone()];
    let mut fold = None;
    for c in 1..=MAX_COPIES {
        let mut col = vec![false; order];
        let mut done = vec![false; order];
        for &x in &by_rep {
            let rep = &reps[x as usize];
            let mut p = heap_n.iter().all(|&v| !f[c - 1][mul(x, v) as usize]);
            for (i, &k) in rep.iter().enumerate().filter(|&(i, &k)| i == 0 || rep[i - 1] != k) {
                let rest = value(&[&rep[..i], &rep[i + 1..]].concat());
                for o in &all_opts[k as usize] {
                    let y = mul(rest, value(o));
                    if !done[y as usize] {
                        return Err(Error::Internal("a misère candidate out of order".into()));
                    }
                    p &= !col[y as usize];
                }
            }
            col[x as usize] = p;
            done[x as usize] = true;
        }
        f.push(col);
        if let Some(q) = (1..=2.min(c)).find(|&q| f[c] == f[c - q]) {
            fold = Some((c - q, q));
            break;
        }
    }
    let Some((start, period)) = fold else { return Ok(None) };
    // states (x, c) for c < start + period: x·(start+period) + c
    let w = start + period;
    let states = order * w;
    let id = |x: u32, c: usize| (x as usize * w + c) as u32;
    let mut delta = Vec::with_capacity(states * (n + 1));
    let mut p = Vec::with_capacity(states);
    let mut access = Vec::with_capacity(states);
    for x in 0..order as u32 {
        for (c, column) in f.iter().enumerate().take(w) {
            delta.push(0);
            delta.extend(known.phi[1..].iter().map(|&v| id(mul(x, v), c)));
            delta.push(id(x, if c + 1 < w { c + 1 } else { start }));
            p.push(column[x as usize]);
            let mut word = reps[x as usize].clone();
            word.extend(std::iter::repeat_n(n as u32, c));
            access.push(word);
        }
    }
    let a = relabelled(Automaton { delta, p, n, access }, id(known.identity, 0));
    // (A): no reachable y, heap k, option o with δ(y, k) ∈ P and δ*(y, o) ∈ P
    for y in 0..states as u32 {
        for k in 1..=n as u32 {
            if a.p[a.step(y, k) as usize] && all_opts[k as usize].iter().any(|o| a.p[a.run(y, o) as usize]) {
                return Ok(None);
            }
        }
    }
    if super::stuck::find_stuck(&a, all_opts)?.is_some() {
        return Ok(None);
    }
    let r = super::reduce::reduce(&a);
    let mut k = Known { m: n, phi: r.phi, order: r.order, table: r.table, identity: r.identity, p: r.p, inter: vec![] };
    k.inter = intersections(&k, all_opts);
    Ok(Some(k))
}

/// The least total heap size of a sum in each class, with such a sum (a word
/// of letters): Dijkstra's shortest paths from the identity, an edge `x → x·Φ(k)`
/// costing the size of heap `k` (a commutative product is a path in any order).
fn least_sums(known: &Known, size: &[u64]) -> (Vec<u64>, Vec<Vec<u32>>) {
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
        for (k, (&v, &s)) in known.phi.iter().zip(size).enumerate().skip(1) {
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
