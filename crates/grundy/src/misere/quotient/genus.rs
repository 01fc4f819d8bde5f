//! Misère nim-values and the genus of each heap (Conway, *On Numbers and
//! Games*, ch. 12; Berlekamp–Conway–Guy, *Winning Ways*, ch. 13).
//!
//! # Definitions
//!
//! For a game `G`: `g⁺(G)` is its normal-play nim-value (mex of the options'
//! `g⁺`); the misère nim-value is `g⁻(G) = 1` if `G` has no option and
//! `g⁻(G) = mex{g⁻(G')}` otherwise. With `2_k` the sum of `k` copies of the
//! nim-heap `*2`, `γ_k(G) = g⁻(G + 2_k)`, and the genus is
//! `g⁺^{γ₀γ₁γ₂…}`: `0 = 0^{120}`, `*1 = 1^{031}`, `*n = n^{n, n⊕2}` (`n >= 2`).
//!
//! **Lemma 0** (what `g⁻` says). `G + *x` is a misère P-position iff
//! `g⁻(G) = x`. *Proof.* Induction on `G + *x`. If it has no option
//! (`G` has none, `x = 0`) it is N and `g⁻(G) = 1 ≠ 0`. Otherwise it is P iff
//! every option is N: the options `G' + *x` are N iff `g⁻(G') ≠ x`, the
//! options `G + *y` (`y < x`) iff `g⁻(G) ≠ y`; so P iff `x ∉ {g⁻(G')}` and
//! `g⁻(G) >= x`, which is `x = g⁻(G)` both when `G` has no option
//! (`g⁻(G) = 1`, `x >= 1`) and when it has (`g⁻(G) = mex`). ∎ In particular
//! `G` is a misère P-position iff `g⁻(G) = 0`, so `g⁻(H_n) = 0 ⟺ Φ(n) ∈ P`
//! for the quotient's pretending function; the tests check both.
//!
//! **Lemma 1.** `g⁻(G + *1) = g⁻(G) ⊕ 1`. *Proof.* Induction on `G`. If `G`
//! has no option, `G + *1` has the one option `G` of value 1, so its value is
//! `0`. Otherwise let `m = mex S`, `S = {g⁻(G')}`; the options of `G + *1` have
//! the values `(S ⊕ 1) ∪ {m}` (induction). `S ⊇ {0..m−1} ∌ m`. For even `m`,
//! `{0..m−1} ⊕ 1 = {0..m−1}`, `m` is there, `m + 1 ∈ S ⊕ 1` would need
//! `m ∈ S`: the mex is `m + 1`. For odd `m`, `{0..m−1} ⊕ 1 ⊇ {0..m−2}` and
//! `m − 1 ∈ S ⊕ 1` would need `m ∈ S`: the mex is `m − 1`. ∎
//!
//! So with `F_k(G) = γ_k(G)`, the options of `G + 2_k` (`k >= 1`) are
//! `G' + 2_k`, `G + 2_{k−1} + *1` and `G + 2_{k−1}`, of values `F_k(G')`,
//! `F_{k−1}(G) ⊕ 1`, `F_{k−1}(G)`:
//!
//! ```text
//! F_k(G) = mex({F_k(G')} ∪ {2m, 2m + 1}),   m = ⌊F_{k−1}(G) / 2⌋,   k >= 1.
//! ```
//!
//! # Where the alternation starts: the stopping rule
//!
//! Let `c(G)` be such that `F_{k+2}(G) = F_k(G)` for every `k >= c(G)`, and
//! `M(G) = max c(G')` over the options (`0` if none).
//!
//! **Lemma 2** (transfer). If `K >= M(G)` and `F_{K+2}(G) = F_K(G)`, then
//! `F_{k+2}(G) = F_k(G)` for every `k >= K`. *Proof.* Induction on `k`: for
//! `k + 1 >= M`, `F_{k+3}(G') = F_{k+1}(G')` for every option, and
//! `F_{k+2}(G) = F_k(G)` gives the same pair `{2m, 2m+1}`; the formula gives
//! `F_{k+3}(G) = F_{k+1}(G)`. ∎
//!
//! **Lemma 3** (existence, Conway's alternation). Such a `K` exists, at most
//! `max(M, 1) + 2`. *Proof.* For `k >= M` the options' values depend only on
//! the parity `e` of `k`: sets `A_e` with `a_e = mex A_e`. For `k >= max(M, 1)`,
//! `F_k = φ_e(⌊F_{k−1}/2⌋)` with `φ_e(m) = a_e` unless `a_e ∈ {2m, 2m+1}`, and
//! then `φ_e(m) = b_e := mex(A_e ∪ {2⌊a_e/2⌋, 2⌊a_e/2⌋ + 1}) >= 2⌊a_e/2⌋ + 2`.
//! So `F_k ∈ {a_e, b_e}` and `F_{k+2} = ψ_e(F_k)`, `ψ_e(x) = φ_e(⌊φ_{e'}(⌊x/2⌋)/2⌋)`.
//! `ψ_e(a_e) = a_e`: with `α = ⌊a_e/2⌋`, `α' = ⌊a_{e'}/2⌋`, `β' = ⌊b_{e'}/2⌋ > α'`:
//! if `α = α'`, `φ_{e'}(α) = b_{e'}`, whose half `β' ≠ α`, so `φ_e` gives `a_e`;
//! if `α ≠ α'`, `φ_{e'}(α) = a_{e'}`, half `α' ≠ α`, and again `a_e`. A map of
//! `{a_e, b_e}` into itself fixing `a_e` satisfies `ψ∘ψ = ψ`, so
//! `F_{k+4} = F_{k+2}` for `k >= max(M, 1)`. ∎
//!
//! The computation takes `c(G)` = the least `K >= M(G)` with
//! `F_{K+2}(G) = F_K(G)` (Lemma 2 makes it a valid `c`, Lemma 3 bounds the
//! search; exceeding the bound is reported as an internal error), computing
//! `F_0 … F_{c+1}` for each position and extending by the period. The genus
//! printed is `γ₀ … γ_{s+1}` with `s` the least index from which `γ` is
//! 2-periodic: found from `c` backwards, so it is exact, not "looks periodic".
//! (The alternating pair need not be `g⁺, g⁺ ⊕ 2`: `{0, {*3}}` has genus
//! `1^20`, a unit test.)
//!
//! # The computation
//!
//! Positions are sorted multisets of heaps of the game (heaps with no move are
//! dropped: a sum with such a component is the same game tree without it); by
//! Lemma 1 and the formula, the copies of `*2` and `*1` need no positions of
//! their own. Each position's options (replace one heap by one of its
//! options) are interned; positions are evaluated in a depth-first order with
//! an explicit stack, each once. The work — one unit per heap and per
//! position evaluated, and per option listed or generated — is bounded by
//! `max_work`: heaps `1, 2, …` are done in order until the budget runs out,
//! and [`GenusTable::len`] says how far it got (the work of an unfinished heap
//! is not reported). Memory: one key (the multiset) and `c + 2` values per
//! position, so `O(max_work)` words; the bytes of the keys and values are
//! counted as they are made, and the computation is refused (naming
//! `max_memory`) before they pass the context's [`crate::Budget::max_memory`].

use crate::count::Context;
use crate::error::Error;
use crate::heap::HeapGame;
use crate::heap::mex::Mex;
use std::collections::HashMap;

/// The genus `g⁺^{γ₀γ₁…}` of one game (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Genus {
    normal: u32,
    /// `γ₀ … γ_{s+1}`: `γ_{k+2} = γ_k` for `k >= s`, `s` least.
    gamma: Vec<u32>,
}

impl Genus {
    fn gamma_at(&self, k: usize) -> u32 {
        let s = self.gamma.len() - 2;
        self.gamma[if k < s { k } else { s + (k - s) % 2 }]
    }

    fn symbol(&self) -> String {
        let sep = if self.gamma.iter().any(|&g| g > 9) { "," } else { "" };
        let gamma: Vec<String> = self.gamma.iter().map(u32::to_string).collect();
        format!("{}^{}", self.normal, gamma.join(sep))
    }
}

/// The misère nim-value and genus of heaps `1..=len()` of a heap game,
/// computed within a work budget (module docs). Heap `n` is asked for by its
/// size; sizes outside `1..=len()` give `None`.
///
/// ```
/// use grundy::misere::GenusTable;
///
/// // misère Nim heaps 1, 2, 3: 1^031, 2^20, 3^31
/// let nim = |n: u64| Ok((0..n).map(|k| if k == 0 { vec![] } else { vec![k] }).collect());
/// let t = GenusTable::compute(&nim, 3, 10_000, &mut Default::default())?;
/// let symbols: Vec<String> = (1..=t.len()).filter_map(|n| t.symbol(n)).collect();
/// assert_eq!(symbols, ["1^031", "2^20", "3^31"]);
/// assert_eq!((t.misere(1), t.gamma(1), t.gamma_at(1, 6)), (Some(0), Some(&[0, 3, 1][..]), Some(1)));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusTable {
    genera: Vec<Genus>,
    requested: usize,
    work: u64,
}

impl GenusTable {
    /// The default work budget: positions evaluated plus options generated
    /// (about 100 ns each).
    pub const DEFAULT_WORK: u64 = 2_000_000;

    /// The genus of heaps `1..=bound` of the game whose heap `n` has the
    /// options `options(n)` (multisets of smaller heaps), as far as
    /// `max_work` goes: the heaps done in order while within the budget.
    pub fn compute(
        options: &dyn Fn(u64) -> Result<Vec<Vec<u64>>, Error>,
        bound: usize,
        max_work: u64,
        ctx: &mut Context<'_>,
    ) -> Result<Self, Error> {
        let mut s = Search::new(max_work, ctx.budget.max_memory);
        let mut genera = Vec::new();
        // heap sizes are kept as u32; the work budget ends far below
        for n in 1..=bound.min(u32::MAX as usize) {
            if !s.add_heap(n, options(n as u64)?)? {
                break;
            }
            let root = s.intern(if s.heaps[n].is_empty() { vec![] } else { vec![n as u32] })?;
            if !s.evaluate(root, ctx)? {
                break;
            }
            let e = s.entries[root as usize].as_ref().expect("evaluated");
            let mut start = e.c as usize;
            while start > 0 && e.vals[start + 1] == e.vals[start - 1] {
                start -= 1;
            }
            genera.push(Genus { normal: s.normal[n], gamma: e.vals[..start + 2].to_vec() });
            ctx.progress("genus", n as u64, bound as u64)?;
        }
        Ok(GenusTable { genera, requested: bound, work: s.work })
    }

    /// [`GenusTable::compute`] for a heap game, its heaps' options given by its rules (as in normal play).
    pub fn of_game(
        game: &HeapGame,
        bound: usize,
        max_work: u64,
        ctx: &mut Context<'_>,
    ) -> Result<Self, Error> {
        Self::compute(&|n| super::heap_options(game, n), bound, max_work, ctx)
    }

    fn heap(&self, n: usize) -> Option<&Genus> {
        self.genera.get(n.checked_sub(1)?)
    }

    /// `g⁺(H_n)`, the normal-play nim-value.
    pub fn normal(&self, n: usize) -> Option<u32> {
        self.heap(n).map(|g| g.normal)
    }

    /// `g⁻(H_n) = γ₀`, the misère nim-value (0 exactly for misère P-positions).
    pub fn misere(&self, n: usize) -> Option<u32> {
        self.heap(n).map(|g| g.gamma[0])
    }

    /// `γ₀ … γ_{s+1}` of `H_n`, up to where the alternation starts (`γ_s`)
    /// and one more: the last two repeat for ever.
    pub fn gamma(&self, n: usize) -> Option<&[u32]> {
        self.heap(n).map(|g| g.gamma.as_slice())
    }

    /// `γ_k(H_n)` for any `k`, by the period beyond the listed terms.
    pub fn gamma_at(&self, n: usize, k: usize) -> Option<u32> {
        self.heap(n).map(|g| g.gamma_at(k))
    }

    /// The genus symbol `g⁺^γ₀γ₁…` of `H_n` as Conway writes it (`0^120`,
    /// `2^20`), the exponents separated by commas when one has two digits
    /// (`12^12,14`).
    pub fn symbol(&self, n: usize) -> Option<String> {
        self.heap(n).map(Genus::symbol)
    }

    /// How many heaps got their genus (`1..=len()`).
    pub fn len(&self) -> usize {
        self.genera.len()
    }

    /// Whether no heap got its genus.
    pub fn is_empty(&self) -> bool {
        self.genera.is_empty()
    }

    /// Whether every heap asked for got its genus within the budget.
    pub fn complete(&self) -> bool {
        self.genera.len() == self.requested
    }

    /// The work spent (heaps and positions evaluated, options listed and generated).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// `g⁻(H_n)` for `n` in `1..=len()`.
    pub fn misere_values(&self) -> Vec<u32> {
        self.genera.iter().map(|g| g.gamma[0]).collect()
    }
}

/// One evaluated position: `F_0 … F_{c+1}` and `c`.
struct Entry {
    vals: Vec<u32>,
    c: u32,
}

impl Entry {
    fn at(&self, k: usize) -> u32 {
        let c = self.c as usize;
        self.vals[if k < self.vals.len() { k } else { c + (k - c) % 2 }]
    }
}

/// The memo of positions.
struct Search {
    /// `heaps[n]`: the options of heap `n`, heaps without moves dropped.
    heaps: Vec<Vec<Vec<u32>>>,
    /// `normal[n] = g⁺(H_n)`.
    normal: Vec<u32>,
    ids: HashMap<Box<[u32]>, u32>,
    keys: Vec<Box<[u32]>>,
    entries: Vec<Option<Entry>>,
    work: u64,
    max_work: u64,
    /// The bytes of the keys and entries made, and their limit.
    bytes: u64,
    max_memory: u64,
    /// When to report progress next (and look for an interruption).
    next_progress: u64,
    mex: Mex,
}

impl Search {
    fn new(max_work: u64, max_memory: u64) -> Self {
        Search {
            heaps: vec![vec![]],
            normal: vec![0],
            ids: HashMap::new(),
            keys: Vec::new(),
            entries: Vec::new(),
            work: 0,
            max_work,
            bytes: 0,
            max_memory,
            next_progress: 1 << 16,
            mex: Mex::new(),
        }
    }

    /// Records heap `n`'s options (heaps below `n`), and its `g⁺`; `false`
    /// (nothing recorded) when the work budget cannot pay one unit per option.
    fn add_heap(&mut self, n: usize, options: Vec<Vec<u64>>) -> Result<bool, Error> {
        let work = self.work.saturating_add(1 + options.len() as u64);
        if work > self.max_work {
            return Ok(false);
        }
        self.work = work;
        let mut opts = Vec::with_capacity(options.len());
        let mut seen = Vec::with_capacity(options.len());
        for o in options {
            if o.iter().any(|&a| a as usize >= n) {
                return Err(Error::InvalidRule(format!("an option of heap {n} leaves a heap as large")));
            }
            seen.push(o.iter().fold(0, |x, &a| x ^ self.normal[a as usize]));
            let mut o: Vec<u32> =
                o.into_iter().filter(|&a| !self.heaps[a as usize].is_empty()).map(|a| a as u32).collect();
            o.sort_unstable();
            opts.push(o);
        }
        self.normal.push(self.mex.of(seen.len(), seen));
        self.heaps.push(opts);
        Ok(true)
    }

    fn intern(&mut self, key: Vec<u32>) -> Result<u32, Error> {
        if let Some(&id) = self.ids.get(key.as_slice()) {
            return Ok(id);
        }
        // the key twice (map and list, with the allocator's header), a slot
        // of the map over its load factor, twice while it grows, and an entry
        self.bytes += 2 * (4 * key.len() as u64 + 32) + 64 + 40;
        if self.bytes > self.max_memory {
            return Err(super::budget::memory_error("the misère genus", self.bytes, self.max_memory));
        }
        let id = self.keys.len() as u32;
        let key: Box<[u32]> = key.into_boxed_slice();
        self.ids.insert(key.clone(), id);
        self.keys.push(key);
        self.entries.push(None);
        Ok(id)
    }

    /// The options of a position: one heap replaced by one of its options.
    fn options(&mut self, id: u32) -> Result<Vec<u32>, Error> {
        let key = self.keys[id as usize].clone();
        let mut out = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == h {
                continue;
            }
            for o in 0..self.heaps[h as usize].len() {
                let mut next: Vec<u32> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
                next.extend_from_slice(&self.heaps[h as usize][o]);
                next.sort_unstable();
                out.push(self.intern(next)?);
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// Evaluates `root` and every position below it; `false` when the work
    /// budget ran out first.
    fn evaluate(&mut self, root: u32, ctx: &mut Context<'_>) -> Result<bool, Error> {
        let mut stack: Vec<(u32, Option<Vec<u32>>)> = vec![(root, None)];
        while let Some(top) = stack.last_mut() {
            let id = top.0;
            if self.entries[id as usize].is_some() {
                stack.pop();
                continue;
            }
            let opts = match top.1.take() {
                Some(o) => o,
                None => {
                    let o = self.options(id)?;
                    let work = self.work.saturating_add(1 + o.len() as u64);
                    if work > self.max_work {
                        return Ok(false);
                    }
                    self.work = work;
                    if self.work >= self.next_progress {
                        self.next_progress = self.work + (1 << 16);
                        ctx.progress("genus", self.work, self.max_work)?;
                    }
                    o
                }
            };
            let missing: Vec<u32> =
                opts.iter().copied().filter(|&o| self.entries[o as usize].is_none()).collect();
            let top = stack.last_mut().expect("the top");
            top.1 = Some(opts);
            if missing.is_empty() {
                let (id, opts) = stack.pop().expect("the top");
                let entry = entry(&self.entries, &mut self.mex, &opts.expect("options"))?;
                self.bytes += 4 * entry.vals.len() as u64 + 16;
                self.entries[id as usize] = Some(entry);
            } else {
                stack.extend(missing.into_iter().map(|o| (o, None)));
            }
        }
        Ok(true)
    }
}

/// `F_0 … F_{c+1}` and `c` of a position from its options' entries
/// (module docs: Lemmas 1–3).
fn entry(entries: &[Option<Entry>], mex: &mut Mex, opts: &[u32]) -> Result<Entry, Error> {
    let below: Vec<&Entry> = opts.iter().map(|&o| entries[o as usize].as_ref().expect("done")).collect();
    let m = below.iter().map(|e| e.c as usize).max().unwrap_or(0);
    let bound = m.max(1) + 2;
    let mut vals = vec![if opts.is_empty() { 1 } else { mex.of(below.len(), below.iter().map(|e| e.at(0))) }];
    for k in 1.. {
        let pair = vals[k - 1] & !1;
        vals.push(mex.of(below.len() + 2, below.iter().map(|e| e.at(k)).chain([pair, pair | 1])));
        if k >= 2 && k - 2 >= m && vals[k] == vals[k - 2] {
            vals.pop();
            return Ok(Entry { vals, c: (k - 2) as u32 });
        }
        if k > bound + 2 {
            break;
        }
    }
    Err(Error::Internal(format!("a genus sequence not 2-periodic from {bound} (Lemma 3)")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(code: &str) -> HeapGame {
        HeapGame::parse(None, Some(code)).unwrap()
    }

    /// `g⁻(heaps + a·*2 + b·*1)` by the definition alone: positions carry their
    /// copies of `*2` and `*1`, no lemma is used.
    fn slow(
        options: &dyn Fn(u64) -> Vec<Vec<u64>>,
        heaps: Vec<u64>,
        a: u32,
        b: u32,
        memo: &mut HashMap<(Vec<u64>, u32, u32), u32>,
    ) -> u32 {
        if let Some(&v) = memo.get(&(heaps.clone(), a, b)) {
            return v;
        }
        let mut seen = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for o in options(h) {
                let mut next: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend(o);
                next.sort_unstable();
                seen.push(slow(options, next, a, b, memo));
            }
        }
        if a > 0 {
            seen.push(slow(options, heaps.clone(), a - 1, b + 1, memo));
            seen.push(slow(options, heaps.clone(), a - 1, b, memo));
        }
        if b > 0 {
            seen.push(slow(options, heaps.clone(), a, b - 1, memo));
        }
        let v = if seen.is_empty() { 1 } else { Mex::new().of(seen.len(), seen) };
        memo.insert((heaps, a, b), v);
        v
    }

    #[test]
    fn genus_agrees_with_the_definition() {
        for code in ["0.77", "0.07", "0.75", "0.31", "0.137", "4.07", "0.12", "0.[3]", "0.165", "0.6"] {
            let g = game(code);
            let table = GenusTable::of_game(&g, 9, u64::MAX, &mut Context::default()).unwrap();
            assert!(table.complete());
            let options = |n: u64| super::super::heap_options(&g, n).unwrap();
            let mut memo = HashMap::new();
            for n in 1..=table.len() as u64 {
                for k in 0..8u32 {
                    let want = slow(&options, vec![n], k, 0, &mut memo);
                    assert_eq!(table.gamma_at(n as usize, k as usize), Some(want), "{code} heap {n} γ_{k}");
                    // Lemma 1
                    assert_eq!(slow(&options, vec![n], k, 1, &mut memo), want ^ 1, "{code} heap {n} k {k}");
                }
            }
        }
    }

    #[test]
    fn nim_heaps_have_the_published_genus() {
        let table = GenusTable::of_game(&game("0.[3]"), 12, u64::MAX, &mut Context::default()).unwrap();
        let symbols: Vec<String> = (1..=table.len()).filter_map(|n| table.symbol(n)).collect();
        let mut want = vec!["1^031".to_string()];
        want.extend((2..=12u32).map(|n| {
            let g = Genus { normal: n, gamma: vec![n, n ^ 2] };
            g.symbol()
        }));
        assert_eq!(symbols, want);
        assert_eq!(symbols[9], "10^10,8");
        // a heap without moves is the game 0
        let zero = GenusTable::of_game(&game("0.12"), 2, u64::MAX, &mut Context::default()).unwrap();
        assert_eq!(zero.symbol(2).as_deref(), Some("0^120"));
        assert_eq!((zero.symbol(0), zero.symbol(3)), (None, None));
    }

    /// `G = {0, {*3}}` (heap 5 below; heaps 1–3 are `*1`–`*3`, heap 4 is
    /// `{*3}`): `g⁺ = 1` but `γ` alternates `2, 0` from the start.
    #[test]
    fn the_alternation_need_not_be_that_of_the_normal_value() {
        let tree = |n: u64| -> Vec<Vec<u64>> {
            match n {
                4 => vec![vec![3]],
                5 => vec![vec![], vec![4]],
                _ => (0..n).map(|k| if k == 0 { vec![] } else { vec![k] }).collect(),
            }
        };
        let t = GenusTable::compute(&|n| Ok(tree(n)), 5, u64::MAX, &mut Context::default()).unwrap();
        let symbols: Vec<String> = (1..=5).filter_map(|n| t.symbol(n)).collect();
        assert_eq!(symbols, ["1^031", "2^20", "3^31", "0^02", "1^20"]);
        let mut memo = HashMap::new();
        for k in 0..8 {
            assert_eq!(t.gamma_at(5, k as usize), Some(slow(&tree, vec![5], k, 0, &mut memo)));
        }
    }

    #[test]
    fn bad_rules_are_refused_and_endless_requests_end() {
        let bad = |n: u64| Ok(vec![vec![n]]);
        let e = GenusTable::compute(&bad, 3, 100, &mut Context::default()).unwrap_err();
        assert!(matches!(e, Error::InvalidRule(_)), "{e}");
        // no heap has a move: every heap is 0 = 0^120, one unit of work each
        let none = |_| Ok(vec![]);
        let t = GenusTable::compute(&none, usize::MAX, 1000, &mut Context::default()).unwrap();
        assert!(!t.complete() && t.len() < 1000 && t.work() <= 1000);
        assert_eq!(t.symbol(t.len()).as_deref(), Some("0^120"));
    }

    #[test]
    fn the_work_budget_stops_at_a_whole_heap() {
        let kayles = game("0.77");
        let full = GenusTable::of_game(&kayles, 14, u64::MAX, &mut Context::default()).unwrap();
        let mut last = 0;
        let w = full.work();
        for budget in [0, 10, w / 10, w / 2, w - 1, w] {
            let t = GenusTable::of_game(&kayles, 14, budget, &mut Context::default()).unwrap();
            assert!(t.work() <= budget && t.len() >= last, "{budget}");
            assert_eq!(t.genera, &full.genera[..t.len()]);
            assert_eq!(t.complete(), budget == full.work(), "{budget}");
            last = t.len();
        }
    }
}
