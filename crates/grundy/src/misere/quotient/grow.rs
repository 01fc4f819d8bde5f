//! A heap that enlarges the quotient: a candidate for `Q_n` built from
//! `Q_{n−1}` without searching positions, proved by Theorem V or rejected.
//!
//! **The candidate.** Choose a few *fresh* heaps `F` (at first none) and
//! count them, and heap `n`, separately: a sum of heaps `<= n` is
//! `Y + Σ_j c_j·H_j` with `Y` a sum of the other heaps and `j` over
//! `F ∪ {n}`. Suppose (the guess) that its outcome `f(x, c)` depends only on
//! `x = Φ(Y)` and the counts `c`, each count folded back by 2 past a cap
//! (misère outcomes of many equal heaps settle to a parity). Then `f` is the
//! recursion "P iff nonempty and every option is N", evaluated at one sum
//! `r(x) + Σ c_j·H_j` per state, `r(x)` a sum of least total size in its
//! class: every move removes at least one token (checked; otherwise no
//! candidate), so an option's state has a smaller representative and is
//! evaluated first.
//!
//! **The proof.** The automaton on the states `(x, c)` (other heaps act on
//! `x`, a counted heap on its count) commutes, and its start is not in P; if
//! checks (A) and (B) hold, Theorem V makes it exact for every sum of heaps
//! `<= n`, guess or no guess, and `Q_n` is its reduction. If a check fails,
//! the sum it points at (a stuck sum, or a move from P to P) names heaps
//! whose class in `Q_{n−1}` did not tell their future with heap `n`: they
//! become fresh and the candidate is rebuilt, a few times at most.
//!
//! **Recalibration** (the idea of Siegel's MisereSolver, 2006–07, read from
//! its description and source, not its code). When fresh heaps do not
//! suffice (a class of `Q_{n−1}` splits: Dawson's Kayles at heap 25), the
//! first candidate is reduced and improved round by round. Each round takes
//! the candidate's *least* failure (`frontier.rs`): a sum of the fewest
//! tokens that breaks "P iff every option is N" under the prediction. Its
//! options are predicted right (the frontier lemma), so its true outcome is
//! the opposite of its prediction, known without a search. The heaps of
//! that sum are then counted apart from the reduced candidate, fewest
//! first, until a candidate built as above predicts it right; that one is
//! reduced and checked. Candidates are right on more and more small sums;
//! rounds, and the signatures their frontiers settle, are capped, then the
//! learner takes over (`adjoin.rs`). Whatever the rounds do, a quotient is
//! returned only when Theorem V proves it.
//!
//! Cost: `O(states · Σ|options|)` for `f` and (A), states
//! `= |base| · Π caps` (at most [`MAX_STATES`]), one search of `stuck.rs`
//! per check, one weighted search per frontier.

use super::automaton::{Automaton, Known};
use super::budget::QuotientBudget;
use super::extend::{intersections, least_sums, monoid_automaton, relabelled};
use super::frontier::frontier;
use super::reduce::reduce;
use super::stuck::find_stuck;
use crate::error::Error;

/// Counts `0..CAP` of heap `n`; `CAP` folds back to `CAP − 2`.
const CAP_NEW: usize = 6;
/// Counts `0..CAP` of a fresh heap, folded the same way.
const CAP_FRESH: usize = 4;
/// At most this many fresh heaps.
const MAX_FRESH: usize = 4;
/// At most this many states in a candidate.
const MAX_STATES: usize = 1 << 17;
/// At most this many signatures settled by the frontiers of one heap's
/// recalibrations (a search of `stuck.rs`, about a microsecond each).
const MAX_WORK: usize = 1_000_000;
/// At most this many recalibrations per heap.
const MAX_ROUNDS: usize = 64;
/// At most this many heaps counted apart by one recalibration.
const MAX_RECOUNT: usize = 6;

/// What growing gives: the quotient of heaps `<= n`, or the candidates that
/// failed (commutative automata, right below their frontier, `frontier.rs`).
pub(super) enum Grown {
    Proved(Known),
    Failed(Vec<Automaton>),
}

/// The quotient of heaps `<= n` if a candidate is proved: first `Q_{n−1}`
/// with heap `n` and the fresh heaps named by failed checks counted apart;
/// then recalibration from the first candidate (`recalibrate`).
pub(super) fn grown(
    known: &Known,
    all_opts: &[Vec<Vec<u32>>],
    size: &[u64],
    spent: &mut QuotientBudget,
) -> Result<Grown, Error> {
    let n = known.m + 1;
    let total = |o: &[u32]| o.iter().map(|&k| size[k as usize]).sum::<u64>();
    if (1..=n).any(|k| all_opts[k].iter().any(|o| total(o) >= size[k])) {
        return Ok(Grown::Failed(vec![]));
    }
    let failed = match fresh_candidates(known, all_opts, size, spent)? {
        Ok(k) => return Ok(Grown::Proved(k)),
        Err(failed) => failed,
    };
    let Some(first) = failed.first() else { return Ok(Grown::Failed(failed)) };
    // the reduced candidate predicts alike, on fewer states
    let Some(mut base) = reduced(first, spent)? else { return Ok(Grown::Failed(failed)) };
    let mut truths: Vec<(Vec<u32>, bool)> = Vec::new();
    let mut work = MAX_WORK;
    for round in 0..=MAX_ROUNDS {
        if round > 0 && proved(&base, all_opts, spent)? {
            return Ok(Grown::Proved(finish(base, all_opts)));
        }
        let f = frontier(&monoid_automaton(&base, &base.phi), all_opts, size, &mut work, spent)?;
        let Some(least) = f.least.filter(|_| round < MAX_ROUNDS) else { break };
        truths.push(least);
        let Some(next) = recalibrate(&base, n, all_opts, size, &truths, spent)? else { break };
        let Some(next) = reduced(&next, spent)? else { break };
        base = next;
    }
    Ok(Grown::Failed(failed))
}

/// `Q_{n−1}` with heap `n` and fresh heaps counted apart, fresh heaps named
/// by the failed checks: the quotient if a candidate is proved, else the
/// candidates that failed.
pub(super) fn fresh_candidates(
    known: &Known,
    all_opts: &[Vec<Vec<u32>>],
    size: &[u64],
    spent: &mut QuotientBudget,
) -> Result<Result<Known, Vec<Automaton>>, Error> {
    let n = known.m + 1;
    let mut failed = Vec::new();
    let mut fresh: Vec<u32> = Vec::new();
    let mut work = MAX_WORK;
    loop {
        let mut counted: Vec<(u32, usize)> = fresh.iter().map(|&k| (k, CAP_FRESH)).collect();
        counted.push((n as u32, CAP_NEW));
        let Some(a) = build(known, n, all_opts, size, &counted, spent)? else { break };
        // checked reduced (fewer states), the least failure as the witness
        let Some(base) = reduced(&a, spent)? else { break };
        if proved(&base, all_opts, spent)? {
            return Ok(Ok(finish(base, all_opts)));
        }
        let Some((witness, _)) =
            frontier(&monoid_automaton(&base, &base.phi), all_opts, size, &mut work, spent)?.least
        else {
            break;
        };
        failed.push(a);
        spent.keep(failed.iter().map(Automaton::bytes).sum());
        let mut more: Vec<u32> =
            witness.into_iter().filter(|&k| k as usize != n && !fresh.contains(&k)).collect();
        more.sort_unstable();
        more.dedup();
        if more.is_empty() || fresh.len() + more.len() > MAX_FRESH {
            break;
        }
        fresh.extend(more);
    }
    Ok(Err(failed))
}

/// **Recalibration** (after Siegel's MisereSolver, 2006–07): the candidate
/// `base` (reduced, heaps `<= n`) predicts the last of `truths` (sums with
/// their outcomes) wrongly. Some heaps of that sum are taken out of `base`
/// and counted apart (fewest first, at most [`MAX_RECOUNT`] of them, caps
/// covering their counts in the sum); the first candidate so built that
/// predicts every one of `truths` right is the next one. Every candidate is
/// still proved or rejected by Theorem V: the choice only steers the search.
fn recalibrate(
    base: &Known,
    n: usize,
    all_opts: &[Vec<Vec<u32>>],
    size: &[u64],
    truths: &[(Vec<u32>, bool)],
    spent: &mut QuotientBudget,
) -> Result<Option<Automaton>, Error> {
    let Some((witness, _)) = truths.last() else { return Ok(None) };
    let mut heaps: Vec<u32> = witness.to_vec();
    heaps.sort_unstable();
    heaps.dedup();
    let count = |k: u32| witness.iter().filter(|&&h| h == k).count();
    let cap = |k: u32| (count(k) + 2).max(if k as usize == n { CAP_NEW } else { CAP_FRESH });
    for r in 1..=heaps.len().min(MAX_RECOUNT) {
        for subset in subsets(&heaps, r) {
            let counted: Vec<(u32, usize)> = subset.iter().map(|&k| (k, cap(k))).collect();
            if let Some(a) = build(base, n, all_opts, size, &counted, spent)?
                && truths.iter().rev().take(1).all(|(w, t)| a.p[a.run(0, w) as usize] == *t)
            {
                return Ok(Some(a));
            }
        }
    }
    Ok(None)
}

/// The subsets of `items` with `r` elements, in lexicographic order.
fn subsets(items: &[u32], r: usize) -> Vec<Vec<u32>> {
    if r == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        for mut rest in subsets(&items[i + 1..], r - 1) {
            rest.insert(0, items[i]);
            out.push(rest);
        }
    }
    out
}

/// The reduced quotient of a candidate's automaton (heaps `1..=n`); `None`
/// when it has more elements than a quotient may have (were the candidate
/// proved, the quotient would be refused; the learner may still find a
/// smaller one), found before its table is built.
fn reduced(a: &Automaton, spent: &mut QuotientBudget) -> Result<Option<Known>, Error> {
    let Ok(r) = reduce(a, spent)? else { return Ok(None) };
    Ok(Some(r.known(a.n)))
}

/// Whether Theorem V proves a reduced candidate: as an automaton on its
/// elements (`δ(x, k) = x·Φ(k)`, start the identity), (C) commutativity on
/// the elements, (Z), (A) and (B) hold.
fn proved(k: &Known, all_opts: &[Vec<Vec<u32>>], spent: &mut QuotientBudget) -> Result<bool, Error> {
    let a = monoid_automaton(k, &k.phi);
    let commutes = (0..a.states() as u32).all(|q| {
        (1..=a.n as u32).all(|i| (i + 1..=a.n as u32).all(|j| a.run(q, &[i, j]) == a.run(q, &[j, i])))
    });
    let no_p_to_p = (0..a.states() as u32).all(|y| {
        (1..=a.n as u32).all(|h| {
            !a.p[a.step(y, h) as usize] || all_opts[h as usize].iter().all(|o| !a.p[a.run(y, o) as usize])
        })
    });
    Ok(commutes && !a.p[0] && no_p_to_p && find_stuck(&a, all_opts, spent)?.is_none())
}

/// A proved reduced candidate as the quotient, with the sets of check (B).
fn finish(mut k: Known, all_opts: &[Vec<Vec<u32>>]) -> Known {
    k.inter = intersections(&k, all_opts);
    k
}

/// The counted heaps (`fresh`, then `n`), their caps, and the folding of a
/// count. Counts are kept as one mixed-radix code (the first heap's count
/// the most significant digit), stepped digit by digit.
struct Counters {
    letters: Vec<u32>,
    caps: Vec<usize>,
    /// `radix[j]`: the weight of count `j` in a code, the product of the caps after it.
    radix: Vec<usize>,
    /// `index[k]`: the position of heap `k` among the counted ones, if counted.
    index: Vec<Option<usize>>,
}

impl Counters {
    /// The heaps `counted` (with their caps), among heaps `1..=n`.
    fn new(counted: &[(u32, usize)], n: usize) -> Self {
        let caps: Vec<usize> = counted.iter().map(|c| c.1).collect();
        let radix = (0..caps.len()).map(|j| caps[j + 1..].iter().product()).collect();
        let mut index = vec![None; n + 1];
        for (j, &(k, _)) in counted.iter().enumerate() {
            index[k as usize] = Some(j);
        }
        Counters { letters: counted.iter().map(|c| c.0).collect(), caps, radix, index }
    }
    fn fold(&self, j: usize, c: usize) -> usize {
        if c < self.caps[j] { c } else { self.caps[j] - 2 + (c - self.caps[j]) % 2 }
    }
    /// Count `j` of the counts coded `code`.
    fn digit(&self, code: usize, j: usize) -> usize {
        code / self.radix[j] % self.caps[j]
    }
    /// The code of the counts `code` with one more heap `j` (folded).
    fn bump(&self, code: usize, j: usize) -> usize {
        let c = self.digit(code, j);
        code - c * self.radix[j] + self.fold(j, c + 1) * self.radix[j]
    }
    fn index(&self, letter: u32) -> Option<usize> {
        self.index.get(letter as usize).copied().flatten()
    }
    fn combos(&self) -> usize {
        self.caps.iter().product()
    }
}

/// The candidate on the states `(x, c)`: `x` an element of `known` (the
/// class of the heaps not counted), `c` the counts of the `counted` heaps
/// (each with its cap); `None` when it would have more than [`MAX_STATES`]
/// states or a move leads to a state not evaluated before; `spent` is
/// charged a step per state and eight heaps (its row of the automaton).
fn build(
    known: &Known,
    n: usize,
    all_opts: &[Vec<Vec<u32>>],
    size: &[u64],
    counted: &[(u32, usize)],
    spent: &mut QuotientBudget,
) -> Result<Option<Automaton>, Error> {
    let order = known.order;
    let mul = |x: u32, y: u32| known.table[x as usize * order + y as usize];
    let ctr = Counters::new(counted, n);
    let (dist, mut reps) = least_sums(known, size, |k| ctr.index(k as u32).is_none());
    reps.iter_mut().for_each(|r| r.sort_unstable_by(|a, b| b.cmp(a)));
    let xs: Vec<u32> = (0..order as u32).filter(|&x| dist[x as usize] != u64::MAX).collect();
    let mut slot = vec![usize::MAX; order];
    for (i, &x) in xs.iter().enumerate() {
        slot[x as usize] = i;
    }
    let combos = ctr.combos();
    let states = xs.len() * combos;
    if states > MAX_STATES {
        return Ok(None);
    }
    // per state: its row of the automaton, its access word, its place in the order and its outcome
    spent.room(states as u64 * (4 * (n as u64 + 1) + 96), "a misère candidate")?;
    spent.spend(states as u64 * (n as u64 + 1).div_ceil(8).max(1))?;
    // state `s` is the element `xs[s / combos]` with the counts coded `s % combos`
    let id = |x: u32, code: usize| slot[x as usize] * combos + code;
    // a move's result: the class of its uncounted heaps and the counted ones
    let split = |o: &[u32], mut x: u32, mut code: usize| -> (u32, usize) {
        for &k in o {
            match ctr.index(k) {
                Some(j) => code = ctr.bump(code, j),
                None => x = mul(x, known.phi[k as usize]),
            }
        }
        (x, code)
    };
    let key = |s: usize| {
        let (x, code) = (xs[s / combos], s % combos);
        dist[x as usize]
            + (0..ctr.letters.len())
                .map(|j| ctr.digit(code, j) as u64 * size[ctr.letters[j] as usize])
                .sum::<u64>()
    };
    let keys: Vec<u64> = (0..states).map(key).collect();
    let mut by_size: Vec<usize> = (0..states).collect();
    by_size.sort_by_key(|&s| keys[s]);
    // per element: the moves in its representative, each a heap moved (one
    // per distinct heap) and the product of the other heaps
    let moves: Vec<Vec<(u32, u32)>> = xs
        .iter()
        .map(|&x| {
            let rep = &reps[x as usize];
            let rest = |i: usize| {
                rep.iter()
                    .enumerate()
                    .filter(|&(h, _)| h != i)
                    .fold(known.identity, |v, (_, &h)| mul(v, known.phi[h as usize]))
            };
            (0..rep.len()).filter(|&i| i == 0 || rep[i - 1] != rep[i]).map(|i| (rep[i], rest(i))).collect()
        })
        .collect();
    let mut f = vec![false; states];
    let mut done = vec![false; states];
    let mut targets: Vec<usize> = Vec::new();
    for &s in &by_size {
        let (x, code) = (xs[s / combos], s % combos);
        targets.clear();
        for &(k, rest) in &moves[s / combos] {
            for o in &all_opts[k as usize] {
                let (y, c) = split(o, rest, code);
                targets.push(id(y, c));
            }
        }
        for (j, &l) in ctr.letters.iter().enumerate() {
            if ctr.digit(code, j) == 0 {
                continue;
            }
            for o in &all_opts[l as usize] {
                let (y, c) = split(o, x, code - ctr.radix[j]);
                targets.push(id(y, c));
            }
        }
        if targets.iter().any(|&t| !done[t]) {
            return Ok(None); // not evaluated first: no candidate
        }
        f[s] = !targets.is_empty() && targets.iter().all(|&t| !f[t]);
        done[s] = true;
    }
    // the automaton on the states, with the access word of each
    // per element and uncounted heap, the first state of `x·Φ(k)` (`Φ` of
    // a counted heap may not be known); per code and counted heap, the code
    // with one more of it
    let uncounted = |k: usize| k > 0 && ctr.index(k as u32).is_none();
    let first: Vec<usize> = xs
        .iter()
        .flat_map(|&x| (0..=n).map(move |k| if uncounted(k) { id(mul(x, known.phi[k]), 0) } else { 0 }))
        .collect();
    let letters = ctr.letters.len();
    let bumped: Vec<usize> = (0..combos * letters).map(|i| ctr.bump(i / letters, i % letters)).collect();
    let mut delta = Vec::with_capacity(states * (n + 1));
    let mut access = Vec::with_capacity(states);
    for s in 0..states {
        let (xi, code) = (s / combos, s % combos);
        let x = xs[xi];
        delta.push(0);
        for k in 1..=n {
            delta.push(match ctr.index(k as u32) {
                Some(j) => xi * combos + bumped[code * letters + j],
                None => first[xi * (n + 1) + k] + code,
            } as u32);
        }
        let mut word = reps[x as usize].clone();
        for (j, &l) in ctr.letters.iter().enumerate() {
            word.extend(std::iter::repeat_n(l, ctr.digit(code, j)));
        }
        access.push(word);
    }
    let start = id(known.identity, 0) as u32;
    Ok(Some(relabelled(Automaton { delta, p: f, n, access }, start)))
}
