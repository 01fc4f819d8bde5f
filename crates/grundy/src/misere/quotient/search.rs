//! Misère counts by a direct search where the quotient stops.
//!
//! When the quotient of the heaps `min..=n` a count needs is out of reach
//! (its learner ran out of `misere_work`, memory or `max_order`, or no
//! certificate was found within `misere_len`), the count is answered by
//! deciding the misère outcome of every multiset of `K` heaps, using the
//! quotient `(Q_B, P, Φ_B)` of the heaps up to the bound `B` the learner did
//! reach. The search rests on three facts (sections of
//! `docs/theory/misere.md`):
//!
//! 1. **The recursion** ([Lemma 1.2](../../../../docs/theory/misere.md#lem-outcome)):
//!    `o⁻(G) = P` iff `G` has an option and every option is `N`. Positions
//!    are finite multisets of heaps, options as the rules give them
//!    (`heap_options`: octal and hexadecimal splits included); every move
//!    leads to a position of the same kind, so the recursion is well
//!    founded (Definition 1.1) and the search memoizes on the sorted
//!    multiset.
//! 2. **Identical game trees** (proved here). Number the heaps by *tree
//!    classes*: the optionless heaps are class `0` (the game `0`, deleted
//!    from every sum, [Definition 1.3](../../../../docs/theory/misere.md#def-heap)),
//!    and heaps `h`, `h'` share a class iff their sets of options, each
//!    written as the multiset of its heaps' classes with class `0` dropped,
//!    are equal. *Claim: heaps of one class are the same game tree.* By
//!    strong induction on `max(h, h')`: their options are sums of heaps
//!    smaller than them, class by class the same trees, so the two option
//!    sets are the same set of games, and a game is its set of options. A
//!    position is therefore the same game after replacing every heap by the
//!    least heap of its class (its *representative*), which is what the
//!    search does; nothing else is merged — in particular two equal heaps
//!    are never cancelled, which misère play does not allow.
//! 3. **The known part of the quotient** ([Theorem 5.10](../../../../docs/theory/misere.md#thm-soundness)
//!    with [Lemma 2.3(c)](../../../../docs/theory/misere.md#lem-congruence)):
//!    `Q_B` decides every sum of heaps `<= B`: such a position is `P` iff
//!    `Φ_B(h₁)·…·Φ_B(h_m) ∈ P`. A position all of whose representatives are
//!    `<= B` is answered by that product, in `O(m)`, and never expanded.
//!
//! **The order of the search.** A position is opened once: all its options
//! are generated, and one known to be `P` (in the memo, or made of heaps
//! `<= B` and decided by its product, computed from prefix and suffix
//! products without writing the option out) ends it at once; the others are
//! searched those whose normal nim-values have XOR `0` first (the likely `P`
//! options). Only the order changes, never an outcome.
//!
//! **What is not done, and why.** A position with a heap `> B` is searched
//! whole: its heaps `<= B` are *not* replaced by their element of `Q_B`.
//! `≡` on the sums of heaps `<= B` is indistinguishability by sums of heaps
//! `<= B` only ([Definition 2.2](../../../../docs/theory/misere.md#def-quotient));
//! adjoining heap `B + 1` may split a class of `Q_B`
//! ([5.1](../../../../docs/theory/misere.md#lem-refine); Dawson's Kayles
//! at heap 25), and then two sums `S ≡ S'` of heaps `<= B` have
//! `o⁻(S + X) ≠ o⁻(S' + X)` for some `X` containing heap `B + 1`. Replacing
//! `S` by its element would answer such positions wrongly.
//!
//! **Counting from multiset classes.** The roots are the multisets of `K`
//! tree classes of the sizes in `min..=n` (class `c` holding `w_c` sizes, the
//! optionless sizes in class `0`); a multiset with `m_c` heaps of class `c`
//! stands for `K!/Π m_c! · Π w_c^{m_c}` ordered tuples of sizes,
//! `Π C(w_c + m_c − 1, m_c)` multisets and `Π C(w_c, m_c)` sets, all of one
//! outcome (fact 2). The counts are exact (`u128`, big integers past it).
//!
//! **Limits.** Before the search: the roots (`C(c + K − 1, K)` for `c`
//! classes) must fit the work budget `misere_work`, heaps must be at most
//! [`SEARCH_MAX_HEAP`], and the memo's memory for the positions it may hold
//! (at most one per step, and at most the multisets of representatives of
//! at most `T` tokens with one above `B`, `T` the most tokens a follower of
//! the roots has) must fit the context's `max_memory`. The search then
//! charges one step of `misere_work` per option it generates (per 64 heaps
//! of the position), and is refused, naming `misere_work`, when they are
//! spent: like the quotient's, the budget bounds a refusal as well as an
//! answer, and it is deterministic. It polls the context (Ctrl-C) every
//! [`super::budget::POLL_STEPS`] steps.

use super::budget::{QuotientBudget, memory_error};
use super::class_counts::{Class, Coefficient, Sum, coefficient, each_composition};
use super::{MisereLimits, MisereQuotient, heap_options};
use crate::count::{BipartiteMonoid, Context, MisereSearch, Order};
use crate::error::{Error, Remedy};
use crate::heap::HeapGame;
use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use std::cell::Cell;

/// The largest heap a direct search takes (heaps are bytes in its memo).
pub const SEARCH_MAX_HEAP: u64 = 255;

/// Bytes of the memo per position held, beside its heaps: the key's box and
/// allocation, the value, the table's slot and its growth.
const BYTES_PER_POSITION: u64 = 96;

/// Most tokens for which the bound on the positions is counted (a table of
/// that many entries per class); beyond, the bound is the work budget's.
const MAX_TOKENS_COUNTED: u64 = 1 << 14;

/// The misère count of copies of heaps `min..=n` of a game by a direct
/// search (module docs), with the quotient of the heaps up to the bound it
/// reached, and the refusal of the quotient for messages.
#[derive(Debug)]
pub struct HeapSearch {
    game: HeapGame,
    min: u64,
    n: u64,
    known: Option<MisereQuotient>,
    limits: MisereLimits,
    refused: Error,
}

impl HeapSearch {
    /// The search for heaps `min..=n` (`1 <= min <= n` or `min = 0`), with
    /// the quotient `known` reached, the limits (`misere_work` is the
    /// search's budget) and the quotient's refusal.
    pub fn new(
        game: HeapGame,
        (min, n): (u64, u64),
        known: Option<MisereQuotient>,
        limits: MisereLimits,
        refused: Error,
    ) -> Self {
        HeapSearch { game, min, n, known, limits, refused }
    }

    /// The bound `B` of the known quotient (0 when none).
    pub fn known_bound(&self) -> usize {
        self.known.as_ref().map_or(0, |q| q.bound())
    }

    /// A refusal of the search, after the quotient's: `estimate` against
    /// `limit`, raise `raise`.
    fn refuse(&self, copies: u64, estimate: String, limit: String, raise: &'static str) -> Error {
        let quotient = match &self.refused {
            Error::TooLarge { what, estimate, limit, .. } => {
                format!("{what} would need {estimate} (limit {limit})")
            }
            other => other.to_string(),
        };
        Error::TooLarge {
            what: format!(
                "{quotient}, and a direct search of the misère outcomes of {copies} heaps of {} in {}..={} (the quotient known for heaps up to {})",
                self.game.describe(),
                self.min,
                self.n,
                self.known_bound()
            ),
            estimate,
            limit,
            remedy: Remedy::SmallerOrRaise("n", raise),
        }
    }
}

impl MisereSearch for HeapSearch {
    fn count(&self, copies: u64, order: Order, ctx: &mut Context<'_>) -> Result<[BigUint; 2], Error> {
        let work = self.limits.max_work();
        if self.n > SEARCH_MAX_HEAP {
            // beyond what a search takes: the quotient's refusal, as it was
            return Err(self.refused.clone());
        }
        let rules = Rules::new(&self.game, self.n as usize, self.known.as_ref())?;
        let roots = rules.roots(self.min, self.n);
        let estimate = rules.estimate(&roots, copies);
        if estimate.roots > work as f64 {
            let e = format!("{:.3e} multisets of heap classes, each a search", estimate.roots);
            return Err(self.refuse(copies, e, format!("`misere_work` {work}"), "misere_work"));
        }
        let held = estimate.positions.min(work as f64);
        let bytes = held * (BYTES_PER_POSITION as f64 + estimate.heaps);
        if bytes > ctx.budget.max_memory as f64 {
            let what = format!(
                "the memo of a direct misère search of {copies} heaps of {} up to {} ({held:.3e} positions)",
                self.game.describe(),
                self.n
            );
            return Err(memory_error(&what, bytes as u64, ctx.budget.max_memory));
        }
        let total = estimate.roots as u64;
        ctx.progress("misère search", 0, total)?;
        let done = Cell::new(0u64);
        let max_memory = ctx.budget.max_memory;
        let mut poll = || ctx.progress("misère search", done.get(), total).is_ok();
        let mut budget = QuotientBudget::new(work).within(max_memory, 2).with_poll(&mut poll);
        let mut solver = Solver { rules: &rules, memo: FxHashMap::default() };
        let result = count_roots(&mut solver, &roots, copies, order, &mut budget, &done);
        match result {
            Err(Error::TooLarge { limit, .. }) if limit.starts_with("`misere_work`") => {
                let e = format!(
                    "more than {work} steps (at most {:.3e} positions of {} moves each)",
                    estimate.positions, estimate.moves
                );
                Err(self.refuse(copies, e, limit, "misere_work"))
            }
            r => r,
        }
    }

    fn refusal(&self) -> Error {
        self.refused.clone()
    }
}

/// The game as the search sees it: tree classes, their options, and `Φ_B`.
struct Rules<'q> {
    /// The representative (least heap of its tree class) of each heap
    /// `0..=n`, `0` for the optionless ones.
    rep: Vec<u8>,
    /// The options of each representative: sorted representatives, `0`s dropped.
    options: Vec<Vec<Vec<u8>>>,
    /// The most tokens of a follower of each heap.
    most: Vec<u64>,
    /// The known quotient and `Φ_B` of the representatives up to its bound.
    known: Option<(&'q BipartiteMonoid, Vec<u32>, u8)>,
    /// The normal-play nim-value of each heap `0..=n` (the mex rule).
    nim: Vec<u32>,
}

/// What a search may cost, known before it starts.
struct Estimate {
    /// Multisets of classes to decide.
    roots: f64,
    /// At most this many positions with a heap above `B` (the memo's keys).
    positions: f64,
    /// At most this many heaps in a position.
    heaps: f64,
    /// At most this many options of one position.
    moves: usize,
}

impl<'q> Rules<'q> {
    fn new(game: &HeapGame, n: usize, known: Option<&'q MisereQuotient>) -> Result<Self, Error> {
        let mut rep = vec![0u8; n + 1];
        // the representative of each class, keyed by its options in representatives
        let mut classes: FxHashMap<Vec<Vec<u8>>, u8> = FxHashMap::default();
        let mut options = vec![Vec::new(); n + 1];
        let mut most = vec![0u64; n + 1];
        let (mut nim, mut mex) = (vec![0u32; n + 1], crate::heap::mex::Mex::new());
        for h in 1..=n {
            let opts = heap_options(game, h as u64)?;
            if opts.iter().flatten().any(|&a| a as usize >= h) {
                return Err(Error::InvalidRule(format!("an option of heap {h} leaves a heap as large")));
            }
            nim[h] =
                mex.of(opts.len(), opts.iter().map(|o| o.iter().fold(0u32, |x, &a| x ^ nim[a as usize])));
            most[h] = opts
                .iter()
                .map(|o| o.iter().fold(0u64, |s, &a| s.saturating_add(most[a as usize])))
                .fold(h as u64, u64::max);
            let mut key: Vec<Vec<u8>> = opts
                .iter()
                .map(|o| {
                    let mut r: Vec<u8> = o.iter().map(|&a| rep[a as usize]).filter(|&r| r > 0).collect();
                    r.sort_unstable();
                    r
                })
                .collect();
            key.sort();
            key.dedup();
            if key.is_empty() {
                continue;
            }
            rep[h] = *classes.entry(key.clone()).or_insert(h as u8);
            if rep[h] as usize == h {
                options[h] = key;
            }
        }
        let known = known.filter(|q| q.bound() > 0).map(|q| {
            let bound = q.bound().min(n);
            let phi = (0..=bound).map(|h| q.phi(h as u64).unwrap_or(q.monoid().identity())).collect();
            (q.monoid().as_ref(), phi, bound as u8)
        });
        Ok(Rules { rep, options, most, known, nim })
    }

    /// The classes of the sizes `min..=n`.
    fn roots(&self, min: u64, n: u64) -> Vec<Class> {
        let mut weight: FxHashMap<u8, u64> = FxHashMap::default();
        for h in min..=n {
            *weight.entry(self.rep[h as usize]).or_default() += 1;
        }
        let mut classes: Vec<Class> = weight.into_iter().collect();
        classes.sort_unstable();
        classes
    }

    fn estimate(&self, classes: &[Class], copies: u64) -> Estimate {
        // multisets of `copies` of the classes: C(c + K − 1, c − 1)
        let roots = (1..classes.len()).fold(1.0f64, |r, i| r * (copies as f64 + i as f64) / i as f64);
        let most = classes.iter().map(|&(r, _)| self.most[r as usize]).max().unwrap_or(0);
        let tokens = most.saturating_mul(copies);
        let reps: Vec<usize> = (1..self.rep.len()).filter(|&h| self.rep[h] as usize == h).collect();
        let moves = reps.iter().map(|&h| self.options[h].len()).sum();
        let bound = self.known.as_ref().map_or(0, |k| k.2 as usize);
        let positions = match tokens <= MAX_TOKENS_COUNTED {
            // multisets of representatives of at most `tokens` tokens, less those all <= B
            true => {
                let t = tokens as usize;
                let (mut all, mut small) = (vec![0f64; t + 1], vec![0f64; t + 1]);
                all[0] = 1.0;
                small[0] = 1.0;
                for &h in &reps {
                    for s in h..=t {
                        all[s] += all[s - h];
                        if h <= bound {
                            small[s] += small[s - h];
                        }
                    }
                }
                all.iter().sum::<f64>() - small.iter().sum::<f64>()
            }
            false => f64::INFINITY,
        };
        let least = reps.first().copied().unwrap_or(1) as f64;
        Estimate { roots, positions: positions.max(0.0), heaps: tokens as f64 / least, moves }
    }

    /// Whether the normal-play nim-values of `pos`'s heaps have XOR `0`: a
    /// guess of its misère outcome (right for every position of a tame
    /// game with a heap of value `>= 2`), used only to order the search.
    fn predicted_p(&self, pos: &[u8]) -> bool {
        pos.iter().fold(0u32, |x, &h| x ^ self.nim[h as usize]) == 0
    }

    /// For a position with at most one heap `> B` (`pos` sorted, so it is
    /// the last), the product in `Q_B` of its heaps `<= B` but the `k`-th,
    /// for each `k` (with a heap `> B`, only the last entry is used: only its
    /// options can leave heaps `<= B` alone); `None` without a known quotient
    /// or with two heaps `> B`.
    fn others(&self, pos: &[u8]) -> Option<Vec<u32>> {
        let (q, phi, bound) = self.known.as_ref()?;
        let big = pos.iter().filter(|&&h| h > *bound).count();
        if big > 1 {
            return None;
        }
        let m = pos.len();
        let element = |h: u8| if h > *bound { q.identity() } else { phi[h as usize] };
        let mut suffix = vec![q.identity(); m + 1];
        for k in (0..m).rev() {
            suffix[k] = q.mul(element(pos[k]), suffix[k + 1]);
        }
        let mut prefix = q.identity();
        let mut others = Vec::with_capacity(m);
        for k in 0..m {
            others.push(q.mul(prefix, suffix[k + 1]));
            prefix = q.mul(prefix, element(pos[k]));
        }
        Some(others)
    }

    /// The outcome of option `j` of heap `pos[i]` when it is made only of
    /// heaps `<= B`: `others[i]` times its parts' elements.
    fn decided_option(&self, pos: &[u8], others: &[u32], i: usize, j: usize) -> Option<bool> {
        let (q, phi, bound) = self.known.as_ref()?;
        let h = *pos.get(i)?;
        let parts = self.options[h as usize].get(j)?;
        let big = pos.last().is_some_and(|&l| l > *bound);
        if (big && i + 1 != pos.len()) || parts.iter().any(|&a| a > *bound) {
            return None;
        }
        let x = parts.iter().fold(others[i], |x, &a| q.mul(x, phi[a as usize]));
        Some(q.is_p(x))
    }

    /// The outcome of a position decided without a search: the empty one
    /// is `N`, one of heaps `<= B` is the product of their elements.
    fn decided(&self, pos: &[u8]) -> Option<bool> {
        let Some(&last) = pos.last() else {
            return Some(false);
        };
        let (q, phi, bound) = self.known.as_ref()?;
        if last > *bound {
            return None;
        }
        let x = pos.iter().fold(q.identity(), |x, &h| q.mul(x, phi[h as usize]));
        Some(q.is_p(x))
    }
}

/// The memoized search (`true`: a P-position).
struct Solver<'r, 'q> {
    rules: &'r Rules<'q>,
    memo: FxHashMap<Box<[u8]>, bool>,
}

/// Where the options of a position are generated: heap `i` (the first of
/// its equal heaps), option `j`.
struct Cursor {
    i: usize,
    j: usize,
}

/// A position being expanded: the options that were not decided when it
/// was opened, those predicted `P` first ([`Rules::predicted_p`]), and the
/// next one to look at.
struct Frame {
    pos: Box<[u8]>,
    pending: Vec<Box<[u8]>>,
    next: usize,
}

/// A position opened: decided by its options already known, or to expand.
enum Opened {
    Decided(bool),
    Open(Frame),
}

impl Solver<'_, '_> {
    fn known(&self, pos: &[u8]) -> Option<bool> {
        self.rules.decided(pos).or_else(|| self.memo.get(pos).copied())
    }

    /// Writes the option of `pos` at `c` into `buf` and moves `c` on;
    /// `false` when there is none left.
    fn next_option(&self, pos: &[u8], c: &mut Cursor, buf: &mut Vec<u8>) -> bool {
        loop {
            let Some(&h) = pos.get(c.i) else {
                return false;
            };
            let opts = &self.rules.options[h as usize];
            if let Some(o) = opts.get(c.j) {
                c.j += 1;
                buf.clear();
                let mut rest = o.iter().copied().peekable();
                for (k, &x) in pos.iter().enumerate() {
                    if k == c.i {
                        continue;
                    }
                    while let Some(y) = rest.next_if(|&y| y < x) {
                        buf.push(y);
                    }
                    buf.push(x);
                }
                buf.extend(rest);
                return true;
            }
            while pos.get(c.i) == Some(&h) {
                c.i += 1;
            }
            c.j = 0;
        }
    }

    /// Opens `pos` (not decided itself): every option is generated once
    /// (one step each); an option known to be `P` decides `pos` as `N` at
    /// once, and when every option is known `N` it is `P` (Lemma 1.2: every
    /// heap left has an option, so a position has an option while it has a
    /// heap). Otherwise the undecided options wait, those whose heaps' normal
    /// nim-values have XOR `0` first: only the order of the search changes,
    /// never its answer. An option made only of heaps `<= B` is decided by
    /// its product in `Q_B` without being written out: the product of the
    /// other heaps (prefix and suffix products) times its parts'.
    fn open(&self, pos: Box<[u8]>, budget: &mut QuotientBudget<'_>) -> Result<Opened, Error> {
        let (mut cursor, mut buf) = (Cursor { i: 0, j: 0 }, Vec::new());
        let mut pending: Vec<Box<[u8]>> = Vec::new();
        let len = pos.len() as u64;
        let others = self.rules.others(&pos);
        loop {
            let (i, j) = (cursor.i, cursor.j);
            if let Some(v) = others.as_ref().and_then(|o| self.rules.decided_option(&pos, o, i, j)) {
                // the option at the cursor, decided without writing it
                budget.spend(1 + len / 64)?;
                if v {
                    return Ok(Opened::Decided(false));
                }
                if !self.skip_option(&pos, &mut cursor) {
                    break;
                }
                continue;
            }
            if !self.next_option(&pos, &mut cursor, &mut buf) {
                break;
            }
            budget.spend(1 + len / 64)?;
            match self.known(&buf) {
                Some(true) => return Ok(Opened::Decided(false)),
                Some(false) => {}
                None => pending.push(buf.as_slice().into()),
            }
        }
        if pending.is_empty() {
            return Ok(Opened::Decided(true));
        }
        pending.sort_by_key(|o| !self.rules.predicted_p(o));
        pending.dedup();
        Ok(Opened::Open(Frame { pos, pending, next: 0 }))
    }

    /// Moves `c` past the option it is at; `false` when none is left there.
    fn skip_option(&self, pos: &[u8], c: &mut Cursor) -> bool {
        loop {
            let Some(&h) = pos.get(c.i) else {
                return false;
            };
            if c.j < self.rules.options[h as usize].len() {
                c.j += 1;
                return true;
            }
            while pos.get(c.i) == Some(&h) {
                c.i += 1;
            }
            c.j = 0;
        }
    }

    /// Keeps the outcome of `pos` in the memo, within the memory budget.
    fn remember(&mut self, pos: Box<[u8]>, v: bool, budget: &QuotientBudget<'_>) -> Result<(), Error> {
        if self.memo.len() == self.memo.capacity() {
            let more = self.memo.len().max(1 << 10);
            self.memo.try_reserve(more).map_err(|_| {
                budget.refused("the memo of a direct misère search", (self.memo.len() + more) as u64 * 64)
            })?;
        }
        self.memo.insert(pos, v);
        Ok(())
    }

    /// `o⁻(root) = P`, by the recursion of Lemma 1.2 on an explicit stack.
    fn is_p(&mut self, root: &[u8], budget: &mut QuotientBudget<'_>) -> Result<bool, Error> {
        if let Some(v) = self.known(root) {
            return Ok(v);
        }
        let mut stack = match self.open(root.into(), budget)? {
            Opened::Decided(v) => {
                self.remember(root.into(), v, budget)?;
                return Ok(v);
            }
            Opened::Open(f) => vec![f],
        };
        // the value of the frame on top, once known
        let mut finished: Option<bool> = None;
        loop {
            if let Some(v) = finished.take() {
                let f = stack.pop().expect("a frame");
                self.remember(f.pos, v, budget)?;
                if stack.is_empty() {
                    return Ok(v);
                }
                // a P option makes the parent N; an N option lets it go on
                if v {
                    finished = Some(false);
                }
                continue;
            }
            let top = stack.last_mut().expect("a frame");
            let Some(option) = top.pending.get(top.next).cloned() else {
                // every option was N
                finished = Some(true);
                continue;
            };
            top.next += 1;
            // decided meanwhile (below another option), or opened now
            let v = match self.known(&option) {
                Some(v) => v,
                None => match self.open(option.clone(), budget)? {
                    Opened::Decided(v) => {
                        self.remember(option, v, budget)?;
                        v
                    }
                    Opened::Open(f) => {
                        stack.push(f);
                        continue;
                    }
                },
            };
            if v {
                finished = Some(false);
            }
        }
    }
}

/// `[losing, all]` over the multisets of `copies` classes, each counted for
/// the tuples, multisets or sets of sizes it stands for.
fn count_roots(
    solver: &mut Solver<'_, '_>,
    classes: &[Class],
    copies: u64,
    order: Order,
    budget: &mut QuotientBudget<'_>,
    done: &Cell<u64>,
) -> Result<[BigUint; 2], Error> {
    let mut sums = [Sum::default(), Sum::default()];
    let mut pos = Vec::new();
    let mut m = vec![0u64; classes.len()];
    let mut visit = |m: &[u64]| -> Result<(), Error> {
        done.set(done.get() + 1);
        let c = coefficient(order, copies, classes, m);
        if c == Coefficient::Small(0) {
            return Ok(());
        }
        pos.clear();
        for (&(r, _), &k) in classes.iter().zip(m) {
            if r > 0 {
                pos.extend(std::iter::repeat_n(r, k as usize));
            }
        }
        budget.spend(1 + pos.len() as u64 / 64)?;
        if solver.is_p(&pos, budget)? {
            sums[0].add(&c);
        }
        sums[1].add(&c);
        Ok(())
    };
    if !classes.is_empty() {
        each_composition(&mut m, 0, copies, &mut visit)?;
    }
    let [losing, all] = sums;
    Ok([losing.total(), all.total()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate's counts hold: every multiset of classes is visited once,
    /// and the memo never holds more positions than the bound says.
    #[test]
    fn the_estimate_bounds_the_search() {
        for code in ["0.6", "0.16", "4.7", "0.07", "0.137", "0.77"] {
            let game = HeapGame::parse(None, Some(code)).unwrap();
            for (len, n, copies) in [(3usize, 12u64, 2u64), (5, 9, 3), (2, 7, 4), (4, 14, 2)] {
                let limits = MisereLimits::default().with_max_len(len);
                let known = MisereQuotient::explore(&game, limits, &mut Context::default()).unwrap();
                let rules = Rules::new(&game, n as usize, Some(&known)).unwrap();
                let classes = rules.roots(1, n);
                let estimate = rules.estimate(&classes, copies);
                let mut solver = Solver { rules: &rules, memo: FxHashMap::default() };
                let done = Cell::new(0);
                let mut budget = QuotientBudget::new(u64::MAX);
                count_roots(&mut solver, &classes, copies, Order::Set, &mut budget, &done).unwrap();
                assert_eq!(done.get() as f64, estimate.roots, "{code} {n} {copies}");
                let held = solver.memo.len() as f64;
                assert!(held <= estimate.positions, "{code} {n} {copies}: {held} > {}", estimate.positions);
                let longest = solver.memo.keys().map(|k| k.len()).max().unwrap_or(0) as f64;
                assert!(longest <= estimate.heaps, "{code} {n} {copies}: {longest} heaps");
            }
        }
    }
}
