//! Learning the misère quotient of heaps `1..=n` (`docs/theory/misere.md` 5.8, Lemma 5.9): the minimal
//! automaton of the commutative language of misère P-positions, learned from
//! a memoized outcome search with Rivest–Schapire counterexamples, and
//! verified by Theorem V (`docs/theory/misere.md` §3): (C) commutativity, (A) no P-to-P move, (B)
//! every nonempty N-position has a move to P (a finite search over
//! signatures). When the loop stops, the hypothesis *is* the quotient (up to
//! minimisation, [`super::reduce`]).
//!
//! **Theorem V** (proved in `docs/theory/misere.md` §3, restated). Let `δ` be a transition
//! function on states with start `q₀`, `Φ(G) = δ*(q₀, G)`, `P` a set of states,
//! such that (C) `δ(δ(q,i),j) = δ(δ(q,j),i)` on reachable states, (Z)
//! `q₀ ∉ P`, (A) no reachable `y`, heap `k`, option `o` of `k` with `δ(y,k) ∈ P`
//! and `δ*(y,o) ∈ P`, (B) every `G ≠ 0` with `Φ(G) ∉ P` has a present heap `k`
//! and an option `o` with `δ*(Φ(G − H_k), o) ∈ P`. Then `G` is a misère
//! P-position iff `Φ(G) ∈ P`, for every sum `G` of heaps `≤ n`. (Induction on
//! `G`: every option of `G` is `(G − H_k) + o`.) (B) depends only on the
//! signature `(Φ(G); Φ(G − H_k) per class present; types present)`, which
//! evolves by a function of itself and the heap added, so a breadth-first
//! search over the finitely many signatures decides it.

use super::automaton::{Automaton, Known};
use super::budget::QuotientBudget;
use super::memo::Memo;
use crate::error::{Error, Remedy};
use std::collections::HashMap;

/// How far the learning may go.
#[derive(Clone, Copy, Debug)]
pub(super) struct Caps {
    pub max_states: usize,
}

pub(super) struct Learner<'a> {
    /// `opts[k]`: the options of heap `k` (lists of nonempty heaps), `k` in `1..=n`.
    opts: Vec<Vec<Vec<u32>>>,
    memo: Memo,
    known: Option<Known>,
    s: Vec<Vec<u16>>,
    access: Vec<Vec<u32>>,
    t: Vec<Vec<u16>>,
    /// `ext[i][k]`: the row of `s_i + H_k` over the tests (`k = 0`: of `s_i`).
    ext: Vec<Vec<Vec<bool>>>,
    caps: Caps,
    /// Charged a step per query, position expanded and option looked up,
    /// and by the searches of `frontier.rs` and `stuck.rs` (`budget.rs`);
    /// its owner sets it.
    pub work: QuotientBudget<'a>,
    /// `size[k]`: the tokens of heap `k`.
    size: Vec<u64>,
    /// With the frontier on, a commutative candidate and its frontier `T`
    /// (`frontier.rs`): sums of fewer tokens are answered by it.
    helper: Option<(Automaton, u64)>,
    /// The bytes of the helper ([`Automaton::bytes`], counted once when it
    /// is taken: the memo asks at every insertion).
    helper_bytes: u64,
    frontier: bool,
    /// A position's copy, its options made in place (`open`).
    scratch: Vec<u16>,
}

/// An option still to search: its counts `arena[at.0..at.0 + at.1]` in
/// [`Learner::is_p`]'s stack, and the helper's prediction of it.
struct Pending {
    at: (usize, usize),
    guess: bool,
}

/// What [`Learner::decide`] reads off a sum, kept for the sum `w` a heap is
/// moved from (less that heap) so that each option's is a step away
/// ([`Learner::rest`]): its element of the known quotient if its heaps are
/// known, its helper state if the helper commutes, its tokens, its packed
/// memo key if it packs.
struct Rest {
    element: Option<u32>,
    state: Option<u32>,
    tokens: u64,
    key: Option<u128>,
}

/// The heaps present in the sum with counts `v`.
fn present(v: &[u16]) -> impl Iterator<Item = usize> + '_ {
    (1..=v.len()).filter(|&k| v[k - 1] > 0)
}

fn trimmed(v: &[u16]) -> &[u16] {
    let len = v.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
    &v[..len]
}

fn plus(a: &[u16], b: &[u16]) -> Vec<u16> {
    a.iter().zip(b).map(|(x, y)| x + y).collect()
}

fn too_large(what: String, estimate: String, limit: String) -> Error {
    Error::TooLarge { what, estimate, limit, remedy: Remedy::Smaller("misere_len") }
}

impl<'a> Learner<'a> {
    /// A learner; with `frontier` on, outcome queries below a candidate's
    /// frontier are answered by the candidate (`frontier.rs`).
    pub fn new(caps: Caps, frontier: bool) -> Self {
        Learner {
            size: vec![0],
            helper: None,
            helper_bytes: 0,
            frontier,
            scratch: Vec::new(),
            opts: vec![vec![]],
            memo: Default::default(),
            known: None,
            s: vec![vec![]],
            access: vec![vec![]],
            t: vec![vec![]],
            ext: vec![vec![vec![false]]],
            caps,
            work: QuotientBudget::default(),
        }
    }

    pub fn n(&self) -> usize {
        self.opts.len() - 1
    }

    pub fn set_known(&mut self, known: Known) {
        self.known = Some(known);
    }

    fn vec_of(&self, word: &[u32]) -> Vec<u16> {
        let mut v = vec![0u16; self.n()];
        for &k in word {
            v[k as usize - 1] += 1;
        }
        v
    }

    /// The outcome of a trimmed position if known without a search.
    fn quick(&self, v: &[u16]) -> Option<bool> {
        self.decide(v, || self.element(v), || self.state(v), || self.tokens(v), None)
    }

    /// [`Learner::quick`] given what it reads off the sum `v` (trimmed):
    /// its element of the known quotient, its state in the helper and its
    /// tokens (each asked for only when it decides), and its packed memo key
    /// if known (else it is packed here, [`Memo::get`]). `open` passes them
    /// computed a step away from the position moved from.
    fn decide(
        &self,
        v: &[u16],
        element: impl FnOnce() -> u32,
        state: impl FnOnce() -> u32,
        tokens: impl FnOnce() -> u64,
        key: Option<u128>,
    ) -> Option<bool> {
        if v.is_empty() {
            return Some(false);
        }
        if let Some(k) = &self.known
            && v.len() <= k.m
        {
            return Some(k.p[element() as usize]);
        }
        if let Some((a, t)) = &self.helper
            && v.len() <= a.n
            && tokens() < *t
        {
            return Some(a.p[state() as usize]);
        }
        match key {
            Some(key) => self.memo.get_packed(key),
            None => self.memo.get(v),
        }
    }

    /// The element of the known quotient of the sum `v`, its heaps all known.
    fn element(&self, v: &[u16]) -> u32 {
        let k = self.known.as_ref().expect("a known quotient");
        let mut x = k.identity;
        for (i, &c) in v.iter().enumerate() {
            for _ in 0..c {
                x = k.table[x as usize * k.order + k.phi[i + 1] as usize];
            }
        }
        x
    }

    /// The helper's state of the sum `v` (its heaps in increasing order), its
    /// heaps all letters of the helper.
    fn state(&self, v: &[u16]) -> u32 {
        let (a, _) = self.helper.as_ref().expect("a helper");
        let mut q = 0;
        for (i, &c) in v.iter().enumerate() {
            for _ in 0..c {
                q = a.step(q, i as u32 + 1);
            }
        }
        q
    }

    /// The tokens of the sum `v`.
    fn tokens(&self, v: &[u16]) -> u64 {
        v.iter().enumerate().map(|(i, &c)| u64::from(c) * self.size[i + 1]).sum()
    }

    /// Takes `a` as the helper if the frontier is on and `a`'s frontier is
    /// beyond the present helper's.
    pub fn offer_helper(&mut self, a: &Automaton) -> Result<(), Error> {
        if !self.frontier || a.n != self.n() {
            return Ok(());
        }
        let t = super::frontier::frontier(
            a,
            &self.opts,
            &self.size,
            &mut super::stuck::MAX_SIGNATURES.clone(),
            &mut self.work,
        )?
        .tokens;
        if self.helper.as_ref().is_none_or(|(h, old)| h.n != a.n || t > *old) {
            let bytes = a.bytes();
            self.work.room(bytes, "the misère learner's helper")?;
            self.helper = Some((a.clone(), t));
            self.helper_bytes = bytes;
            self.work.hold(self.held());
        }
        Ok(())
    }

    /// Restarts the table from the given states (access words, the empty
    /// word first) and tests (the empty test first): rows found by queries
    /// like any others, so any choice is sound; a good one (the elements of
    /// the quotient so far, and sums telling them apart) saves the
    /// counterexamples that would find them.
    pub fn reseed(&mut self, states: Vec<Vec<u32>>, tests: Vec<Vec<u32>>) -> Result<(), Error> {
        self.t = Vec::new();
        for t in tests {
            let v = self.vec_of(&t);
            if !self.t.contains(&v) {
                self.t.push(v);
            }
        }
        self.s = Vec::new();
        self.access = Vec::new();
        self.ext = Vec::new();
        let mut rows = std::collections::HashSet::new();
        for w in states {
            self.table_room(self.s.len() + 1, self.t.len())?;
            let v = self.vec_of(&w);
            let ext = self.ext_rows(&v)?;
            if rows.insert(ext[0].clone()) {
                self.s.push(v);
                self.access.push(w);
                self.ext.push(ext);
            }
        }
        Ok(())
    }

    /// Records an outcome in the memo. The memo lives as long as the
    /// computation: its bytes (keys, and slots of the table) are held in
    /// the budget, and before its table grows (doubling: both tables live
    /// while it is rehashed) the growth is checked against the memory limit
    /// and reserved with `try_reserve`.
    fn remember(&mut self, pos: &[u16], b: bool) -> Result<(), Error> {
        if let Some((more, grown)) = self.memo.growth(pos) {
            let what = "the misère outcome search";
            self.work.room(grown, what)?;
            self.memo.try_reserve(pos, more).map_err(|_| self.work.refused(what, grown))?;
        }
        self.memo.insert(pos, b);
        self.work.hold(self.held());
        Ok(())
    }

    /// The bytes the learner holds: the memo, the table and the helper.
    fn held(&self) -> u64 {
        self.memo.bytes() + self.table_bytes(self.s.len(), self.t.len()) + self.helper_bytes
    }

    /// The bytes of a table of `states` states and `tests` tests: a row of
    /// outcomes per state and heap `0..=n` (a vector, its capacity up to
    /// twice its length), and the positions of the states and tests.
    fn table_bytes(&self, states: usize, tests: usize) -> u64 {
        let n = self.n() as u64;
        let rows = states as u64 * (n + 1);
        rows * (48 + 2 * tests as u64) + (states + tests) as u64 * (48 + 2 * n)
    }

    /// Checks, before the table grows to `states` states and `tests` tests,
    /// that it fits beside what the learner holds.
    fn table_room(&mut self, states: usize, tests: usize) -> Result<(), Error> {
        self.work.hold(self.held());
        let more =
            self.table_bytes(states, tests).saturating_sub(self.table_bytes(self.s.len(), self.t.len()));
        self.work.room(more, "the misère learner's table")
    }

    /// Whether the sum with counts `v` (heap `k` at index `k − 1`) is a misère
    /// P-position: it has a move and every move leads to an N-position.
    ///
    /// A depth-first search on one flat stack of counts (`arena`, a position
    /// `(start, len)` in it): a frame is a position and the options of it
    /// still to search (`pending`), written above it, popped with it; an
    /// option becomes a frame in place, nothing is allocated per position.
    pub fn is_p(&mut self, v: &[u16]) -> Result<bool, Error> {
        self.work.spend(1)?;
        let v = trimmed(v);
        if let Some(b) = self.quick(v) {
            return Ok(b);
        }
        let mut arena = v.to_vec();
        let mut pending: Vec<Pending> = Vec::new();
        // per frame: its position, and the lengths of `arena` and `pending` below its options
        let mut frames: Vec<((usize, usize), (usize, usize))> = Vec::new();
        let mut next = (0, v.len());
        loop {
            let below = (arena.len(), pending.len());
            let mut r = match self.open(next, &mut arena, &mut pending)? {
                None => {
                    frames.push((next, below));
                    None
                }
                Some(b) => {
                    self.remember(&arena[next.0..next.0 + next.1], b)?;
                    Some(b)
                }
            };
            loop {
                // a child's result: a P child makes its parent N
                if let Some(b) = r {
                    let Some(&((start, len), (a, q))) = frames.last() else { return Ok(b) };
                    if !b {
                        r = None;
                        continue;
                    }
                    frames.pop();
                    self.remember(&arena[start..start + len], false)?;
                    arena.truncate(a);
                    pending.truncate(q);
                    r = Some(false);
                    continue;
                }
                let &((start, len), (a, q)) = frames.last().expect("a frame");
                if pending.len() == q {
                    // every option is N
                    frames.pop();
                    self.remember(&arena[start..start + len], true)?;
                    arena.truncate(a);
                    r = Some(true);
                    continue;
                }
                let w = pending.pop().expect("an option").at;
                match self.quick(&arena[w.0..w.0 + w.1]) {
                    Some(b) => r = Some(b),
                    None => {
                        next = w;
                        break;
                    }
                }
            }
        }
    }

    /// The outcome of the position `arena[pos]` if one option decides it or
    /// it has none; else `None`, its options not known yet written on
    /// `arena` and pushed on `pending`, those the helper predicts P last
    /// (searched first: a P option ends the search of an N position).
    fn open(
        &mut self,
        pos: (usize, usize),
        arena: &mut Vec<u16>,
        pending: &mut Vec<Pending>,
    ) -> Result<Option<bool>, Error> {
        // each option made in place in a copy of the position (its heaps are
        // smaller than the one moved), written out only when it is not known
        let mut w = std::mem::take(&mut self.scratch);
        w.clear();
        w.extend_from_slice(&arena[pos.0..pos.0 + pos.1]);
        // a step per position and option looked up
        let options: usize = present(&w).map(|k| self.opts[k].len()).sum();
        if let Err(e) = self.work.spend(1 + options as u64) {
            self.scratch = w;
            return Err(e);
        }
        self.memo.prefetch_options(&w, present(&w).map(|k| (k, &self.opts[k][..])));
        let below = (arena.len(), pending.len());
        let mut moved = false;
        let mut found = false;
        'moves: for k in 1..=pos.1 {
            if w[k - 1] == 0 {
                continue;
            }
            w[k - 1] -= 1;
            let rest = self.rest(&w);
            w[k - 1] += 1;
            for o in &self.opts[k] {
                moved = true;
                w[k - 1] -= 1;
                o.iter().for_each(|&a| w[a as usize - 1] += 1);
                let option = trimmed(&w);
                let state = || rest.state.map_or_else(|| self.state(option), |q| self.helper_run(q, o));
                let element = || rest.element.map_or_else(|| self.element(option), |x| self.known_run(x, o));
                let tokens = || rest.tokens + o.iter().map(|&a| self.size[a as usize]).sum::<u64>();
                let key = rest.key.and_then(|key| super::memo::packed_plus(key, o, &w));
                match self.decide(option, element, state, tokens, key) {
                    Some(true) => {
                        found = true;
                        break 'moves;
                    }
                    Some(false) => {}
                    None => {
                        let guess = self.guess_with(option, state);
                        pending.push(Pending { at: (arena.len(), option.len()), guess });
                        arena.extend_from_slice(option);
                    }
                }
                w[k - 1] += 1;
                o.iter().for_each(|&a| w[a as usize - 1] -= 1);
            }
        }
        self.scratch = w;
        if found {
            arena.truncate(below.0);
            pending.truncate(below.1);
            return Ok(Some(false));
        }
        if pending.len() == below.1 {
            return Ok(Some(moved));
        }
        // a stable partition: predicted N first
        pending[below.1..].sort_by_key(|p| p.guess);
        Ok(None)
    }

    /// What [`Learner::decide`] reads off the sum `w` (counts, not
    /// trimmed), from which each option of a heap is a move away: `w` is
    /// the position less the heap moved (`open`), an option is `w + o`.
    fn rest(&self, w: &[u16]) -> Rest {
        let v = trimmed(w);
        let known = self.known.as_ref().is_some_and(|k| v.len() <= k.m);
        // the helper's state of `w + o` is its state of `w` run on `o` only
        // if it commutes on its reachable states, which a frontier implies
        // (`frontier.rs`); else each option's is run from the start
        let commutes = self.helper.as_ref().is_some_and(|(a, t)| *t > 0 && v.len() <= a.n);
        Rest {
            element: known.then(|| self.element(v)),
            state: commutes.then(|| self.state(v)),
            tokens: self.tokens(v),
            key: super::memo::pack(v).ok(),
        }
    }

    /// The known quotient's element `x` times the heaps `o`.
    fn known_run(&self, x: u32, o: &[u32]) -> u32 {
        let k = self.known.as_ref().expect("a known quotient");
        o.iter().fold(x, |x, &a| k.table[x as usize * k.order + k.phi[a as usize] as usize])
    }

    /// The helper's state `q` run on the heaps `o`.
    fn helper_run(&self, q: u32, o: &[u32]) -> u32 {
        self.helper.as_ref().expect("a helper").0.run(q, o)
    }

    /// The helper's prediction of `v`, right or wrong (only an order of
    /// search), given its state of `v` (asked for only when the helper
    /// predicts `v`).
    fn guess_with(&self, v: &[u16], state: impl FnOnce() -> u32) -> bool {
        match &self.helper {
            Some((a, _)) if v.len() <= a.n => a.p[state() as usize],
            _ => false,
        }
    }

    fn row(&mut self, g: &[u16]) -> Result<Vec<bool>, Error> {
        let tests = self.t.clone();
        tests.iter().map(|t| self.is_p(&plus(g, t))).collect()
    }

    fn unit(&self, k: usize) -> Vec<u16> {
        let mut e = vec![0u16; self.n()];
        e[k - 1] = 1;
        e
    }

    /// The rows of `s + H_k` for `k` in `0..=n`.
    fn ext_rows(&mut self, s: &[u16]) -> Result<Vec<Vec<bool>>, Error> {
        let mut rows = vec![self.row(s)?];
        for k in 1..=self.n() {
            let g = plus(s, &self.unit(k));
            rows.push(self.row(&g)?);
        }
        Ok(rows)
    }

    /// Adjoins the next heap with its options (each a list of nonempty heaps smaller than it).
    pub fn add_heap(&mut self, options: Vec<Vec<u32>>, size: u64) -> Result<(), Error> {
        self.opts.push(options);
        self.size.push(size);
        let n = self.n();
        self.table_room(self.s.len(), self.t.len())?;
        for v in self.s.iter_mut().chain(self.t.iter_mut()) {
            v.resize(n, 0);
        }
        for i in 0..self.s.len() {
            let g = plus(&self.s[i], &self.unit(n));
            let row = self.row(&g)?;
            self.ext[i].push(row);
        }
        Ok(())
    }

    fn add_test(&mut self, v: Vec<u16>) -> Result<(), Error> {
        if self.t.contains(&v) {
            return Err(Error::Internal("a misère counterexample gave a test already present".into()));
        }
        self.table_room(self.s.len(), self.t.len() + 1)?;
        self.t.push(v.clone());
        for i in 0..self.s.len() {
            for k in 0..=self.n() {
                let mut g = plus(&self.s[i], &v);
                if k > 0 {
                    g[k - 1] += 1;
                }
                let b = self.is_p(&g)?;
                self.ext[i][k].push(b);
            }
        }
        Ok(())
    }

    /// Closes the table: every `s + H_k` has the row of some state.
    fn close(&mut self) -> Result<Automaton, Error> {
        let n = self.n();
        let mut rows: HashMap<Vec<bool>, u32> = HashMap::new();
        for (i, e) in self.ext.iter().enumerate() {
            rows.insert(e[0].clone(), i as u32);
        }
        let mut delta = Vec::new();
        let mut i = 0;
        while i < self.s.len() {
            delta.push(0);
            for k in 1..=n {
                let r = self.ext[i][k].clone();
                let q = match rows.get(&r) {
                    Some(&q) => q,
                    None => {
                        let q = self.s.len() as u32;
                        if q as usize >= self.caps.max_states {
                            return Err(too_large(
                                format!("the misère quotient of heaps up to {n}"),
                                format!("more than {} elements", self.caps.max_states),
                                format!("{} elements", self.caps.max_states),
                            ));
                        }
                        self.table_room(self.s.len() + 1, self.t.len())?;
                        let g = plus(&self.s[i], &self.unit(k));
                        let mut word = self.access[i].clone();
                        word.push(k as u32);
                        let ext = self.ext_rows(&g)?;
                        self.s.push(g);
                        self.access.push(word);
                        self.ext.push(ext);
                        rows.insert(r, q);
                        q
                    }
                };
                delta.push(q);
            }
            i += 1;
        }
        let p = self.ext.iter().map(|e| e[0][0]).collect();
        Ok(Automaton { delta, p, n, access: self.access.clone() })
    }

    /// Whether the hypothesis predicts `word` wrongly.
    fn wrong(&mut self, a: &Automaton, word: &[u32]) -> Result<bool, Error> {
        let predicted = a.p[a.run(0, word) as usize];
        Ok(predicted != self.is_p(&self.vec_of(word))?)
    }

    /// The first of `words` predicted wrongly.
    fn first_wrong(&mut self, a: &Automaton, words: Vec<Vec<u32>>) -> Result<Vec<u32>, Error> {
        for w in words {
            if self.wrong(a, &w)? {
                return Ok(w);
            }
        }
        Err(Error::Internal("a failed misère check without a counterexample".into()))
    }

    fn word_of(v: &[u16]) -> Vec<u32> {
        v.iter().enumerate().flat_map(|(i, &c)| std::iter::repeat_n(i as u32 + 1, c as usize)).collect()
    }

    /// Theorem V's checks; a counterexample word when one fails.
    fn counterexample(&mut self, a: &Automaton) -> Result<Option<Vec<u32>>, Error> {
        let n = a.n as u32;
        let states = a.states() as u32;
        // (C)
        for q in 0..states {
            for i in 1..=n {
                for j in i + 1..=n {
                    let (x, y) = (a.step(a.step(q, i), j), a.step(a.step(q, j), i));
                    if x != y {
                        let (rx, ry) = (&self.ext[x as usize][0], &self.ext[y as usize][0]);
                        let col = (0..rx.len()).find(|&c| rx[c] != ry[c]).expect("distinct rows");
                        let test = Self::word_of(&self.t[col]);
                        let cat = |mut w: Vec<u32>, tail: &[u32]| {
                            w.extend_from_slice(tail);
                            w
                        };
                        let mut ij = a.access[q as usize].clone();
                        ij.extend([i, j]);
                        let mut ji = a.access[q as usize].clone();
                        ji.extend([j, i]);
                        let words = vec![
                            cat(a.access[x as usize].clone(), &test),
                            cat(a.access[y as usize].clone(), &test),
                            cat(ij, &test),
                            cat(ji, &test),
                        ];
                        return self.first_wrong(a, words).map(Some);
                    }
                }
            }
        }
        self.offer_helper(a)?;
        // (A)
        for y in 0..states {
            for k in 1..=n {
                if !a.p[a.step(y, k) as usize] {
                    continue;
                }
                for o in &self.opts[k as usize] {
                    if a.p[a.run(y, o) as usize] {
                        let mut wk = a.access[y as usize].clone();
                        wk.push(k);
                        let mut wo = a.access[y as usize].clone();
                        wo.extend_from_slice(o);
                        return self.first_wrong(a, vec![wk, wo]).map(Some);
                    }
                }
            }
        }
        // (B): a stuck sum, if any (`stuck.rs`)
        if let Some(g) = super::stuck::find_stuck(a, &self.opts, &mut self.work)? {
            let mut candidates = vec![g.clone()];
            for pos in 0..g.len() {
                for o in &self.opts[g[pos] as usize] {
                    let mut w: Vec<u32> = g[..pos].to_vec();
                    w.extend_from_slice(&g[pos + 1..]);
                    w.extend_from_slice(o);
                    candidates.push(w);
                }
            }
            return self.first_wrong(a, candidates).map(Some);
        }
        Ok(None)
    }

    /// Learns until Theorem V holds; returns the verified automaton.
    pub fn learn(&mut self) -> Result<Automaton, Error> {
        loop {
            let a = self.close()?;
            let Some(w) = self.counterexample(&a)? else {
                return Ok(a);
            };
            // Rivest–Schapire: a breakpoint of alpha(i) = o(s_{q_i} + w[i..])
            let mut states = vec![0u32];
            for &k in &w {
                states.push(a.step(*states.last().unwrap(), k));
            }
            let alpha = |me: &mut Self, i: usize| -> Result<bool, Error> {
                let g = plus(&me.s[states[i] as usize], &me.vec_of(&w[i..]));
                me.is_p(&g)
            };
            let (mut lo, mut hi) = (0, w.len());
            let a_lo = alpha(self, 0)?;
            if a_lo == alpha(self, hi)? {
                return Err(Error::Internal("a misère counterexample that is predicted right".into()));
            }
            while hi - lo > 1 {
                let mid = (lo + hi) / 2;
                if alpha(self, mid)? == a_lo { lo = mid } else { hi = mid }
            }
            let v = self.vec_of(&w[hi..]);
            self.add_test(v)?;
        }
    }
}
