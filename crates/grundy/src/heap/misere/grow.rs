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
//! become fresh and the candidate is rebuilt, a few times at most; then the
//! learner takes over (`adjoin.rs`).
//!
//! Cost: `O(states · Σ|options|)` for `f` and (A), states
//! `= |Q_{n−1}| · CAP_NEW · CAP_FRESH^{|F|}`, and one search of `stuck.rs`.

use super::extend::{intersections, least_sums, relabelled};
use super::automaton::{Automaton, Known};
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

/// The quotient of heaps `<= n` if a candidate is proved, trying fresh heaps
/// named by the failed checks.
pub(super) fn grown(known: &Known, all_opts: &[Vec<Vec<u32>>], size: &[u64]) -> Result<Option<Known>, Error> {
    let n = known.m + 1;
    let total = |o: &[u32]| o.iter().map(|&k| size[k as usize]).sum::<u64>();
    if (1..=n).any(|k| all_opts[k].iter().any(|o| total(o) >= size[k])) {
        return Ok(None);
    }
    let mut fresh: Vec<u32> = Vec::new();
    loop {
        let witness = match candidate(known, all_opts, size, &fresh)? {
            Attempt::Proved(k) => return Ok(Some(k)),
            Attempt::Witness(w) => w,
            Attempt::TooLarge => return Ok(None),
        };
        let mut more: Vec<u32> = witness.into_iter().filter(|&k| k as usize != n && !fresh.contains(&k)).collect();
        more.sort_unstable();
        more.dedup();
        if more.is_empty() || fresh.len() + more.len() > MAX_FRESH {
            return Ok(None);
        }
        fresh.extend(more);
    }
}

enum Attempt {
    Proved(Known),
    /// The letters of a sum the candidate gets wrong.
    Witness(Vec<u32>),
    TooLarge,
}

/// The counted heaps (`fresh`, then `n`), their caps, and the folding of a count.
struct Counters {
    letters: Vec<u32>,
    caps: Vec<usize>,
}

impl Counters {
    fn fold(&self, j: usize, c: usize) -> usize {
        if c < self.caps[j] { c } else { self.caps[j] - 2 + (c - self.caps[j]) % 2 }
    }
    fn index(&self, letter: u32) -> Option<usize> {
        self.letters.iter().position(|&l| l == letter)
    }
    /// The mixed-radix index of counts.
    fn code(&self, counts: &[usize]) -> usize {
        counts.iter().zip(&self.caps).fold(0, |acc, (&c, &cap)| acc * cap + c)
    }
    fn combos(&self) -> usize {
        self.caps.iter().product()
    }
    fn counts(&self, mut code: usize) -> Vec<usize> {
        let mut out = vec![0; self.caps.len()];
        for j in (0..self.caps.len()).rev() {
            out[j] = code % self.caps[j];
            code /= self.caps[j];
        }
        out
    }
}

fn candidate(known: &Known, all_opts: &[Vec<Vec<u32>>], size: &[u64], fresh: &[u32]) -> Result<Attempt, Error> {
    let n = known.m + 1;
    let order = known.order;
    let mul = |x: u32, y: u32| known.table[x as usize * order + y as usize];
    let mut letters = fresh.to_vec();
    letters.push(n as u32);
    let mut caps = vec![CAP_FRESH; fresh.len()];
    caps.push(CAP_NEW);
    let ctr = Counters { letters, caps };
    let counted = |k: usize| ctr.letters.contains(&(k as u32));
    let (dist, mut reps) = least_sums(known, size, |k| !counted(k));
    reps.iter_mut().for_each(|r| r.sort_unstable_by(|a, b| b.cmp(a)));
    let xs: Vec<u32> = (0..order as u32).filter(|&x| dist[x as usize] != u64::MAX).collect();
    let mut slot = vec![usize::MAX; order];
    for (i, &x) in xs.iter().enumerate() {
        slot[x as usize] = i;
    }
    let combos = ctr.combos();
    let states = xs.len() * combos;
    if states > MAX_STATES {
        return Ok(Attempt::TooLarge);
    }
    let id = |x: u32, counts: &[usize]| slot[x as usize] * combos + ctr.code(counts);
    // a move's result: the class of its uncounted heaps and the counted ones
    let split = |o: &[u32], mut x: u32, counts: &mut Vec<usize>| -> u32 {
        for &k in o {
            match ctr.index(k) {
                Some(j) => counts[j] = ctr.fold(j, counts[j] + 1),
                None => x = mul(x, known.phi[k as usize]),
            }
        }
        x
    };
    let key = |s: usize| {
        let (x, counts) = (xs[s / combos], ctr.counts(s % combos));
        dist[x as usize] + counts.iter().zip(&ctr.letters).map(|(&c, &l)| c as u64 * size[l as usize]).sum::<u64>()
    };
    let mut by_size: Vec<usize> = (0..states).collect();
    by_size.sort_by_key(|&s| key(s));
    let mut f = vec![false; states];
    let mut done = vec![false; states];
    for &s in &by_size {
        let (x, counts) = (xs[s / combos], ctr.counts(s % combos));
        let rep = &reps[x as usize];
        let mut targets: Vec<usize> = Vec::new();
        for (i, &k) in rep.iter().enumerate().filter(|&(i, &k)| i == 0 || rep[i - 1] != k) {
            let rest = [&rep[..i], &rep[i + 1..]].concat();
            let rest = rest.iter().fold(known.identity, |v, &h| mul(v, known.phi[h as usize]));
            for o in &all_opts[k as usize] {
                let mut c = counts.clone();
                let y = split(o, rest, &mut c);
                targets.push(id(y, &c));
            }
        }
        for (j, &l) in ctr.letters.iter().enumerate() {
            if counts[j] == 0 {
                continue;
            }
            for o in &all_opts[l as usize] {
                let mut c = counts.clone();
                c[j] -= 1;
                let y = split(o, x, &mut c);
                targets.push(id(y, &c));
            }
        }
        if targets.iter().any(|&t| !done[t]) {
            return Ok(Attempt::TooLarge); // not evaluated first: no candidate
        }
        f[s] = !targets.is_empty() && targets.iter().all(|&t| !f[t]);
        done[s] = true;
    }
    // the automaton on the states, with the access word of each
    let mut delta = Vec::with_capacity(states * (n + 1));
    let mut access = Vec::with_capacity(states);
    for s in 0..states {
        let (x, counts) = (xs[s / combos], ctr.counts(s % combos));
        delta.push(0);
        for k in 1..=n {
            delta.push(match ctr.index(k as u32) {
                Some(j) => {
                    let mut c = counts.clone();
                    c[j] = ctr.fold(j, c[j] + 1);
                    id(x, &c)
                }
                None => id(mul(x, known.phi[k]), &counts),
            } as u32);
        }
        let mut word = reps[x as usize].clone();
        for (j, &l) in ctr.letters.iter().enumerate() {
            word.extend(std::iter::repeat_n(l, counts[j]));
        }
        access.push(word);
    }
    let start = id(known.identity, &vec![0; ctr.letters.len()]) as u32;
    let a = relabelled(Automaton { delta, p: f, n, access }, start);
    // (A): no state y, heap k, option o with δ(y, k) ∈ P and δ*(y, o) ∈ P
    for y in 0..states as u32 {
        for k in 1..=n as u32 {
            if a.p[a.step(y, k) as usize] && all_opts[k as usize].iter().any(|o| a.p[a.run(y, o) as usize]) {
                let mut w = a.access[y as usize].clone();
                w.push(k);
                return Ok(Attempt::Witness(w));
            }
        }
    }
    if let Some(w) = find_stuck(&a, all_opts)? {
        return Ok(Attempt::Witness(w));
    }
    let r = reduce(&a);
    let mut k = Known { m: n, phi: r.phi, order: r.order, table: r.table, identity: r.identity, p: r.p, inter: vec![] };
    k.inter = intersections(&k, all_opts);
    Ok(Attempt::Proved(k))
}
