//! Adjoining heaps one at a time: `Q_n` from `Q_{n−1}` and the options of heap
//! `n`, by the cheapest argument that proves it.
//!
//! 1. **Unchanged** (`extend::unchanged`): `Φ(n)` is an element of `Q_{n−1}`;
//!    Theorem V on the quotient itself, no position searched.
//! 2. **Grown** (`grow.rs`): the outcome of `Y + c·H_n` depends on `Φ(Y)`
//!    and `c` only, or on that and the counts of a few heaps named by a
//!    failed check, or candidates recalibrated at their least failures
//!    (a class of `Q_{n−1}` splits); Theorem V on those states.
//! 3. **Learned** (`learn.rs`): otherwise, the automaton learned from the
//!    outcome search, verified by Theorem V. Its table starts from the
//!    elements of `Q_{n−1}`, and the failed candidates of step 2 answer its
//!    queries below their frontiers (`frontier.rs`).
//!
//! Each step ends with a quotient proved by Theorem V, so the order in which
//! they are tried changes the cost, never the answer; with `fast` off only
//! the learner runs (the reference the tests compare the shortcuts with).

use super::automaton::Known;
use super::budget::QuotientBudget;
use super::grow::Grown;
use super::learn::{Caps, Learner};
use super::reduce;
use super::{extend, grow};
use crate::error::Error;

/// The largest quotient whose elements seed the learner's table.
const MAX_SEED: usize = 128;

/// The quotient so far and what each way of extending it needs.
pub(super) struct Steps<'a> {
    /// The learner, and the budget every search below charges
    /// (`budget.rs`), `learner.work`.
    learner: Learner<'a>,
    known: Option<Known>,
    /// `opts[k]`: the options of letter `k` (index 0 unused).
    opts: Vec<Vec<Vec<u32>>>,
    /// `size[k]`: the heap size of letter `k`.
    size: Vec<u64>,
    fast: bool,
}

impl<'a> Steps<'a> {
    /// Steps within `caps`, spending `work`.
    pub fn new(caps: Caps, work: QuotientBudget<'a>, fast: bool) -> Self {
        let mut learner = Learner::new(caps, fast);
        learner.work = work;
        Steps { learner, known: None, opts: vec![vec![]], size: vec![0], fast }
    }

    /// The steps spent so far.
    pub fn spent(&self) -> u64 {
        self.learner.work.spent()
    }

    /// The budget: charged for work outside the steps below, and asked
    /// whether to go on.
    pub fn work(&mut self) -> &mut QuotientBudget<'a> {
        &mut self.learner.work
    }

    /// The quotient of the letters adjoined so far (`{1}` before the first).
    pub fn quotient(&self) -> Known {
        self.known.clone().unwrap_or(Known {
            m: 0,
            phi: vec![0],
            order: 1,
            table: vec![0],
            identity: 0,
            p: vec![false],
            inter: vec![None],
        })
    }

    /// The order of the quotient so far.
    pub fn order(&self) -> usize {
        self.known.as_ref().map_or(1, |k| k.order)
    }

    /// Adds the letters the learner has not seen.
    fn catch_up(&mut self) -> Result<(), Error> {
        for k in self.learner.n() + 1..self.opts.len() {
            self.learner.add_heap(self.opts[k].clone(), self.size[k])?;
        }
        Ok(())
    }

    /// Adjoins the next letter: a heap of `size` with options `opts` (letters).
    pub fn adjoin(&mut self, opts: Vec<Vec<u32>>, size: u64) -> Result<(), Error> {
        self.opts.push(opts);
        self.size.push(size);
        let r = self.extend();
        // the failed candidates are dropped
        self.learner.work.keep(0);
        r
    }

    /// `Q_n` from `Q_{n−1}` and the options of the letter just pushed, by
    /// the first step that proves it.
    fn extend(&mut self) -> Result<(), Error> {
        let mut failed = Vec::new();
        if let (true, Some(k)) = (self.fast, &mut self.known)
            && let Some((x, inter)) = extend::unchanged(k, &self.opts, &mut self.learner.work)?
        {
            k.phi.push(x);
            k.m += 1;
            k.inter = inter;
            return Ok(());
        }
        if let (true, Some(k)) = (self.fast, &self.known) {
            match grow::grown(k, &self.opts, &self.size, &mut self.learner.work)? {
                Grown::Proved(g) => {
                    self.known = Some(g);
                    return Ok(());
                }
                Grown::Failed(f) => failed = f,
            }
        }
        let k = self.learn(&failed)?;
        self.learner.set_known(k.clone());
        self.known = Some(k);
        Ok(())
    }

    /// `Q_n` learned from the outcome search, seeded with the quotient so far
    /// and helped by the candidates that failed.
    fn learn(&mut self, failed: &[super::automaton::Automaton]) -> Result<Known, Error> {
        // the learner catches up with the letters proved without it (their
        // rows are read off the quotient, no search)
        if let Some(k) = &self.known {
            self.learner.set_known(k.clone());
        }
        self.catch_up()?;
        if let (true, Some(k)) = (self.fast, &self.known)
            && k.order <= MAX_SEED
        {
            // the elements of the quotient so far as states, and as tests
            // (reduced: some product tells any two apart; |Q|² rows and
            // columns, so only for small quotients)
            let (_, words) = extend::least_sums(k, &self.size, |_| true);
            let mut tests = vec![vec![]];
            tests.extend(words.iter().cloned());
            self.learner.reseed(words, tests)?;
            for a in failed {
                self.learner.offer_helper(a)?;
            }
        }
        let learned = self.learner.learn()?;
        let max_order = self.learner.work.max_order();
        let r = reduce::reduce(&learned, &mut self.learner.work)?
            .map_err(|count| reduce::too_many(learned.n, count, max_order))?;
        let mut k = r.known(self.opts.len() - 1);
        k.inter = extend::intersections(&k, &self.opts);
        Ok(k)
    }
}
