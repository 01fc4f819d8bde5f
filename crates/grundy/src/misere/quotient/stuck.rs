//! Check (B) of Theorem V (`docs/theory/misere.md` §3, and §4 for this search): is there a nonempty sum `G` predicted N (`Φ(G) ∉ P`)
//! with no predicted move to P? Such a sum is *stuck*; Theorem V needs none.
//!
//! # The search, and why it is finite and exact
//!
//! Let `δ` be the verified-commutative hypothesis automaton (check (C) has
//! passed), `q₀` its start, and for a heap `k` let
//! `good_k = {y : some option o of H_k has δ*(y, o) ∈ P}`. A move of `G` takes a
//! present heap `k` to an option `o`: the result has state `δ*(Φ(G − H_k), o)`.
//! So `G` is stuck iff `G ≠ 0`, `Φ(G) ∉ P`, and `Φ(G − H_k) ∉ good_k` for every
//! present `k`.
//!
//! * **Heaps of one class move alike.** Call `c(k) = δ(q₀, k)` the class of heap
//!   `k`. Heaps of one class have the same transition from every state (each state
//!   `q` is `δ*(q₀, w)` for its access word `w`, and by (C)
//!   `δ(q, i) = δ*(δ(q₀, i), w)`), so swapping one heap of `G` for another of its
//!   class changes no state, and `y_c(G) := Φ(G − H_k)` is the same for every
//!   present `k` of class `c`.
//! * **One heap per class suffices.** Let `I_c = ⋂_{c(k) = c} good_k`. Then some
//!   sum with class multiset `m` is stuck iff `m ≠ 0`, `Φ(m) ∉ P`, and
//!   `y_c(m) ∉ I_c` for every class `c` present. (If `G` is stuck, each present
//!   class has a present `k` with `y_c ∉ good_k ⊇ I_c`. Conversely, pick for each
//!   present class a heap `k_c` with `y_c ∉ good_{k_c}` and let every heap of
//!   class `c` be `k_c`: that sum is stuck.) So a search over class multisets
//!   decides (B), and the types of heaps (`good_k`) never enter its states.
//! * **Only the future of `y_c` matters.** Adding a heap `j` of class `c' ≠ c`
//!   maps `y_c ↦ δ(y_c, j)`; adding one of class `c` sets `y_c := Φ(G)`; at the end
//!   only `y_c ∈ I_c` is asked. So `y_c` may be replaced by its class under
//!   `y ≈_c y' ⟺ ∀ words w over the other classes: δ*(y, w) ∈ I_c ⟺ δ*(y', w) ∈ I_c`,
//!   a right congruence for those letters found by Moore's partition refinement
//!   from `{I_c, rest}`.
//!
//! The search state (signature) is `(Φ(G); [y_c]_{≈_c} or absent, per class)`;
//! adding a heap maps it by a function of itself and the class added, so a
//! breadth-first search from the empty sum visits every reachable signature,
//! finitely many, and finds a stuck one iff one exists. Its parent links replay
//! to a witness sum, made of one chosen heap per class as above.
//!
//! Cost: `O(signatures × classes²)` steps, plus the refinements
//! (`O(classes² × states × rounds)`); the signature count is capped.

use super::automaton::{Automaton, StateSet};
use super::budget::QuotientBudget;
use crate::error::{Error, Remedy};
use rustc_hash::FxHashSet;

/// The most signatures the search may visit before it refuses.
pub(super) const MAX_SIGNATURES: usize = 2_000_000;

const ABSENT: u32 = u32::MAX;

/// A stuck signature: the search's parent links (signature, class added) and
/// the stuck signature's index.
type Found = Option<(Vec<(u32, u32)>, usize)>;

/// `≈_c` for one class: labels of states, and the transition of labels by
/// the other classes' letters.
struct Projection {
    label: Vec<u32>,
    /// `step[l · classes + d]`: the label of `δ(y, rep_d)` for `y` labelled `l`
    /// (unused for `d = c`).
    step: Vec<u32>,
    /// Whether label `l` lies in `I_c`.
    in_i: Vec<bool>,
}

/// Moore's refinement of `{I_c, rest}` by the letters `reps[d]`, `d ≠ c`.
fn project(
    a: &Automaton,
    reps: &[u32],
    c: usize,
    i_c: &StateSet,
    work: &mut QuotientBudget,
) -> Result<Projection, Error> {
    let states = a.states();
    let others: Vec<u32> = reps.iter().enumerate().filter(|&(d, _)| d != c).map(|(_, &j)| j).collect();
    let initial = (0..states as u32).map(|y| i_c.contains(y) as u32).collect();
    let (label, count) = super::reduce::refine(a, initial, &others, work)?;
    let classes = reps.len();
    let mut step = vec![ABSENT; count * classes];
    let mut in_i = vec![false; count];
    for y in 0..states as u32 {
        let l = label[y as usize] as usize;
        in_i[l] = i_c.contains(y);
        for (d, &j) in reps.iter().enumerate() {
            if d != c {
                step[l * classes + d] = label[a.step(y, j) as usize];
            }
        }
    }
    Ok(Projection { label, step, in_i })
}

/// The classes `c(k) = δ(q₀, k)` of the heaps: for each class its least
/// heap and `I_c`; and `good_k` per heap.
struct Classes {
    reps: Vec<u32>,
    inter: Vec<StateSet>,
    good: Vec<StateSet>,
}

///
/// With `by_type`, heaps are grouped by class and `good_k` together (their
/// *type*): heaps of one type are interchangeable in every sum, so that
/// `I_t = good_k` exactly and the search's stuck signatures are exactly
/// those of stuck sums of the types' heaps.
fn classes(a: &Automaton, opts: &[Vec<Vec<u32>>], by_type: bool) -> Classes {
    let n = a.n as u32;
    let states = a.states();
    let good: Vec<StateSet> = (0..=n as usize).map(|k| good_states(a, &opts[k])).collect();
    let mut members: Vec<Vec<u32>> = Vec::new();
    for k in 1..=n {
        let alike = |m: &Vec<u32>| {
            a.step(0, m[0]) == a.step(0, k) && (!by_type || good[m[0] as usize] == good[k as usize])
        };
        match members.iter_mut().find(|m| alike(m)) {
            Some(m) => m.push(k),
            None => members.push(vec![k]),
        }
    }
    let reps = members.iter().map(|m| m[0]).collect();
    let mut inter: Vec<StateSet> = (0..members.len()).map(|_| StateSet::full(states)).collect();
    for (i, m) in members.iter().enumerate() {
        for &k in m {
            inter[i].intersect(&good[k as usize]);
        }
    }
    Classes { reps, inter, good }
}

/// A stuck sum (heaps as a word), or `None` when check (B) holds.
pub(super) fn find_stuck(
    a: &Automaton,
    opts: &[Vec<Vec<u32>>],
    work: &mut QuotientBudget,
) -> Result<Option<Vec<u32>>, Error> {
    let c = classes(a, opts, false);
    Ok(search(a, &c.reps, &c.inter, work)?.map(|(parent, id)| witness(a, &parent, id, &c.reps, &c.good)))
}

/// The least stuck sums, as far as the search went.
pub(super) enum Stuck {
    /// A stuck sum of the least tokens there are (a word), with its tokens.
    At(u64, Vec<u32>),
    /// No stuck sum has fewer tokens than this (`u64::MAX`: none at all).
    Beyond(u64),
}

/// A stuck sum of the least tokens (`size[k]`: the tokens of heap `k`), or
/// how far none is when that is `cutoff` or more: the signature search of
/// [`search`] over heap *types* (`classes`), in order of least cost
/// (Dijkstra), a heap of type `t` costing the tokens of the least heap of
/// its type, so that a signature's cost is the least tokens of a sum
/// reaching it. A signature is not expanded when the one with a type fewer
/// (not the empty sum) was settled before: that one is stuck whenever it is
/// (fewer conditions), with a cost no larger, and its successors match its
/// successors at the same added cost (the type dropped is set alike when
/// added again). When `budget` (signatures settled) runs out, the cost
/// reached is the bound. Each signature settled charges `work` a step per
/// successor.
///
/// Only the types no other type of the class *covers* are searched: `u`
/// covers `t` when `good_u ⊆ good_t` and `u`'s least heap is no larger (a
/// stuck sum stays stuck, with no more tokens, when `u`'s heap replaces
/// `t`'s: same class, so the same states, and a smaller `good`).
pub(super) fn least_stuck(
    a: &Automaton,
    opts: &[Vec<Vec<u32>>],
    size: &[u64],
    cutoff: u64,
    budget: &mut usize,
    work: &mut QuotientBudget,
) -> Result<Stuck, Error> {
    let mut c = classes(a, opts, true);
    let covered = |t: usize| {
        let (k, class) = (c.reps[t], a.step(0, c.reps[t]));
        (0..c.reps.len()).any(|u| {
            let j = c.reps[u];
            u != t
                && a.step(0, j) == class
                && size[j as usize] <= size[k as usize]
                && c.good[j as usize].is_subset(&c.good[k as usize])
                && (c.good[j as usize] != c.good[k as usize] || j < k)
        })
    };
    let kept: Vec<usize> = (0..c.reps.len()).filter(|&t| !covered(t)).collect();
    c.reps = kept.iter().map(|&t| c.reps[t]).collect();
    c.inter = kept.iter().map(|&t| c.inter[t].clone()).collect();
    let cost: Vec<u64> = c.reps.iter().map(|&k| size[k as usize]).collect();
    let proj: Vec<Projection> =
        (0..c.reps.len()).map(|d| project(a, &c.reps, d, &c.inter[d], work)).collect::<Result<_, _>>()?;
    match packer(a, &proj) {
        Packing::One(w) => {
            dijkstra(a, &c.reps, &proj, &cost, (cutoff, budget, work), (|sig: &[u32]| pack(&w, sig), false))
        }
        Packing::Four(l) => {
            dijkstra(a, &c.reps, &proj, &cost, (cutoff, budget, work), (|sig: &[u32]| pack4(&l, sig), false))
        }
        Packing::Wide => {
            dijkstra(a, &c.reps, &proj, &cost, (cutoff, budget, work), (|sig: &[u32]| sig.to_vec(), true))
        }
    }
}

/// Where a weighted search stops: the cost cutoff, the signatures it may
/// settle, the budget it charges.
type Limits<'a, 'b> = (u64, &'a mut usize, &'a mut QuotientBudget<'b>);

fn dijkstra<K: std::hash::Hash + Eq>(
    a: &Automaton,
    reps: &[u32],
    proj: &[Projection],
    cost: &[u64],
    (cutoff, budget, work): Limits<'_, '_>,
    (key, wide): (impl Fn(&[u32]) -> K, bool),
) -> Result<Stuck, Error> {
    let stride = reps.len() + 1;
    let absent: Vec<u32> = proj.iter().map(|p| p.in_i.len() as u32).collect();
    let mut sigs: Vec<u32> = std::iter::once(0).chain(absent.iter().copied()).collect();
    let mut parent: Vec<(usize, u32)> = vec![(usize::MAX, 0)];
    // the least cost found per signature, `SETTLED` once settled
    const SETTLED: u64 = u64::MAX;
    let mut best: rustc_hash::FxHashMap<K, u64> = Default::default();
    // a signature, its link and its place in a bucket
    let sizes = Sizes::of::<(K, u64)>(stride, 16 + 8, wide);
    // a bucket queue: costs are small integers
    let mut buckets: Vec<Vec<usize>> = vec![vec![0]];
    let mut d = 0usize;
    let mut sig = vec![0u32; stride];
    let mut next = vec![0u32; stride];
    loop {
        while d < buckets.len() && buckets[d].is_empty() {
            d += 1;
        }
        let Some(id) = buckets.get_mut(d).and_then(Vec::pop) else { return Ok(Stuck::Beyond(u64::MAX)) };
        let cost_d = d as u64;
        if cost_d >= cutoff || *budget == 0 {
            return Ok(Stuck::Beyond(cost_d.min(cutoff)));
        }
        sig.copy_from_slice(&sigs[id * stride..(id + 1) * stride]);
        match best.get_mut(&key(&sig)) {
            Some(b) if *b == SETTLED => continue,
            Some(b) => *b = SETTLED,
            None => {
                best.insert(key(&sig), SETTLED);
            }
        }
        *budget -= 1;
        work.spend(cost.len() as u64)?;
        if id != 0 && is_stuck(a, proj, &absent, &sig) {
            let mut word = Vec::new();
            let mut at = id;
            while at != 0 {
                word.push(reps[parent[at].1 as usize]);
                at = parent[at].0;
            }
            return Ok(Stuck::At(cost_d, word));
        }
        work.spend(dominance_steps(stride))?;
        if dominated(&sig, &absent, |s| best.get(&key(s)) == Some(&SETTLED)) {
            continue;
        }
        for (e, &c) in cost.iter().enumerate() {
            successor(a, reps, proj, &absent, &sig, e, &mut next);
            let nd = cost_d + c;
            match best.entry(key(&next)) {
                std::collections::hash_map::Entry::Occupied(mut o) => {
                    // settled, or reached as cheaply
                    if *o.get() == SETTLED || *o.get() <= nd {
                        continue;
                    }
                    o.insert(nd);
                }
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(nd);
                }
            }
            if parent.len().is_multiple_of(ROOM_BLOCK) {
                room(work, &sizes, best.len(), parent.len())?;
            }
            let slot = usize::try_from(nd).unwrap_or(usize::MAX);
            if slot >= buckets.len() {
                buckets.resize_with(slot + 1, Vec::new);
            }
            buckets[slot].push(parent.len());
            parent.push((id, e as u32));
            sigs.extend_from_slice(&next);
        }
    }
}

/// How many signatures a search adds between two checks of its memory.
const ROOM_BLOCK: usize = 4096;

/// The bytes of a search's signatures: per signature kept (its fields and
/// its links) and per key (an entry of the table of those seen, over its
/// load factor, with the fields of a wide key).
struct Sizes {
    per_sig: u64,
    per_key: u64,
}

impl Sizes {
    fn of<E>(stride: usize, links: u64, wide: bool) -> Self {
        let fields = 4 * stride as u64;
        let entry = std::mem::size_of::<E>() as u64 + 1 + if wide { fields + 16 } else { 0 };
        Sizes { per_sig: fields + links, per_key: entry * 8 / 7 + 1 }
    }
}

/// Checks that a search with `keys` keys and `sigs` signatures may grow by
/// [`ROOM_BLOCK`] of each, its table of keys doubling on the way.
fn room(work: &QuotientBudget, sizes: &Sizes, keys: usize, sigs: usize) -> Result<(), Error> {
    let block = ROOM_BLOCK as u64;
    let bytes = (keys as u64 + block) * sizes.per_key * 2 + (sigs as u64 + block) * sizes.per_sig;
    work.room(bytes, "the misère check (B)")
}

/// The steps charged for one test of [`dominated`]: a key of `stride`
/// fields built and looked up per class, a step per sixteen fields.
fn dominance_steps(stride: usize) -> u64 {
    (stride as u64 * stride as u64).div_ceil(16)
}

/// Whether dropping one present class of `sig` (leaving a class) gives a
/// signature `seen` holds for.
fn dominated(sig: &[u32], absent: &[u32], seen: impl Fn(&[u32]) -> bool) -> bool {
    let mut s = sig.to_vec();
    for c in 0..absent.len() {
        let l = s[c + 1];
        if l != absent[c] {
            s[c + 1] = absent[c];
            let fewer = s[1..].iter().zip(absent).any(|(&v, &ab)| v != ab);
            let hit = fewer && seen(&s);
            s[c + 1] = l;
            if hit {
                return true;
            }
        }
    }
    false
}

/// The signature after adding a heap of class `d` to `sig`.
fn successor(
    a: &Automaton,
    reps: &[u32],
    proj: &[Projection],
    absent: &[u32],
    sig: &[u32],
    d: usize,
    next: &mut [u32],
) {
    let cn = reps.len();
    let x = sig[0];
    next[0] = a.step(x, reps[d]);
    for (c, &l) in sig[1..].iter().enumerate() {
        next[c + 1] = if c == d {
            proj[c].label[x as usize]
        } else if l == absent[c] {
            l
        } else {
            proj[c].step[l as usize * cn + d]
        };
    }
}

/// Whether a signature is stuck: predicted N and no present class has a move to P.
fn is_stuck(a: &Automaton, proj: &[Projection], absent: &[u32], sig: &[u32]) -> bool {
    !a.p[sig[0] as usize]
        && sig[1..].iter().enumerate().all(|(c, &l)| l == absent[c] || !proj[c].in_i[l as usize])
}

/// How signatures (`Φ(G)`, then per class its label or the label count for
/// absent) are packed into hash keys: one `u128` when the fields fit, else
/// four `u64` (fields never straddling two), else the signature itself.
enum Packing {
    One(Vec<u32>),
    Four(Vec<(usize, u32, u32)>),
    Wide,
}

fn packer(a: &Automaton, proj: &[Projection]) -> Packing {
    let bits = |values: usize| usize::BITS - values.leading_zeros();
    let widths: Vec<u32> =
        std::iter::once(bits(a.states())).chain(proj.iter().map(|p| bits(p.in_i.len() + 1))).collect();
    if widths.iter().sum::<u32>() <= 128 {
        return Packing::One(widths);
    }
    // (word, shift, width) per field
    let mut layout = Vec::with_capacity(widths.len());
    let (mut word, mut used) = (0, 0);
    for &w in &widths {
        if used + w > 64 {
            (word, used) = (word + 1, 0);
        }
        if word >= 4 {
            return Packing::Wide;
        }
        layout.push((word, used, w));
        used += w;
    }
    Packing::Four(layout)
}

fn pack(widths: &[u32], sig: &[u32]) -> u128 {
    sig.iter().zip(widths).fold(0u128, |key, (&v, &w)| key << w | u128::from(v.min((1 << w) - 1)))
}

fn pack4(layout: &[(usize, u32, u32)], sig: &[u32]) -> [u64; 4] {
    let mut key = [0u64; 4];
    for (&v, &(word, shift, w)) in sig.iter().zip(layout) {
        key[word] |= u64::from(v.min((1 << w) - 1)) << shift;
    }
    key
}

/// The heaps `k` with some option `o` and `δ*(y, o) ∈ P`, for each state `y`.
pub(super) fn good_states(a: &Automaton, opts: &[Vec<u32>]) -> StateSet {
    let mut g = StateSet::new(a.states());
    for y in 0..a.states() as u32 {
        if opts.iter().any(|o| a.p[a.run(y, o) as usize]) {
            g.insert(y);
        }
    }
    g
}

/// The breadth-first search over signatures, given one heap `reps[c]` and the
/// set `I_c` per class: the parent links and a stuck signature, if any. Its
/// answer depends only on the automaton and the pairs (class, `I_c`).
pub(super) fn search(
    a: &Automaton,
    reps: &[u32],
    inter: &[StateSet],
    work: &mut QuotientBudget,
) -> Result<Found, Error> {
    let proj: Vec<Projection> =
        (0..reps.len()).map(|c| project(a, reps, c, &inter[c], work)).collect::<Result<_, _>>()?;
    match packer(a, &proj) {
        Packing::One(w) => bfs(a, reps, &proj, work, (|sig: &[u32]| pack(&w, sig), false)),
        Packing::Four(l) => bfs(a, reps, &proj, work, (|sig: &[u32]| pack4(&l, sig), false)),
        Packing::Wide => bfs(a, reps, &proj, work, (|sig: &[u32]| sig.to_vec(), true)),
    }
}

/// The breadth-first search itself, signatures deduplicated by `key`
/// (one-to-one on signatures), a step of `work` per successor.
fn bfs<K: std::hash::Hash + Eq>(
    a: &Automaton,
    reps: &[u32],
    proj: &[Projection],
    work: &mut QuotientBudget,
    (key, wide): (impl Fn(&[u32]) -> K, bool),
) -> Result<Found, Error> {
    let cn = reps.len();
    let stride = cn + 1;
    // absent is the label count of its class (one past the labels)
    let absent: Vec<u32> = proj.iter().map(|p| p.in_i.len() as u32).collect();
    let mut sigs: Vec<u32> = std::iter::once(0).chain(absent.iter().copied()).collect();
    let mut seen: FxHashSet<K> = FxHashSet::default();
    seen.insert(key(&sigs));
    let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
    let sizes = Sizes::of::<K>(stride, 8, wide);
    let mut next = vec![0u32; stride];
    let mut head = 0;
    while head < parent.len() {
        let sig = sigs[head * stride..(head + 1) * stride].to_vec();
        work.spend(cn as u64)?;
        for d in 0..cn {
            successor(a, reps, proj, &absent, &sig, d, &mut next);
            if !seen.insert(key(&next)) {
                continue;
            }
            if seen.len().is_multiple_of(ROOM_BLOCK) {
                room(work, &sizes, seen.len(), parent.len())?;
            }
            // pruned when one class fewer (not the empty sum) was reached: see `least_stuck`
            work.spend(dominance_steps(stride))?;
            if dominated(&next, &absent, |s| seen.contains(&key(s))) {
                continue;
            }
            let id = parent.len();
            if id >= MAX_SIGNATURES {
                return Err(Error::TooLarge {
                    what: format!("the misère check over heaps up to {}", a.n),
                    estimate: format!("more than {MAX_SIGNATURES} signatures"),
                    limit: format!("{MAX_SIGNATURES}"),
                    remedy: Remedy::Smaller("misere_len"),
                });
            }
            sigs.extend_from_slice(&next);
            parent.push((head as u32, d as u32));
            if is_stuck(a, proj, &absent, &next) {
                return Ok(Some((parent, id)));
            }
        }
        head += 1;
    }
    Ok(None)
}

/// The sum behind signature `id`: replay its classes with their representative
/// heaps, then give each class a heap `k` with `y_c ∉ good_k`.
fn witness(a: &Automaton, parent: &[(u32, u32)], mut id: usize, reps: &[u32], good: &[StateSet]) -> Vec<u32> {
    let mut path = Vec::new();
    while id != 0 {
        path.push(parent[id].1 as usize);
        id = parent[id].0 as usize;
    }
    path.reverse();
    let mut x = 0u32;
    let mut y = vec![ABSENT; reps.len()];
    for &d in &path {
        for (c, yc) in y.iter_mut().enumerate() {
            if c != d && *yc != ABSENT {
                *yc = a.step(*yc, reps[d]);
            }
        }
        y[d] = x;
        x = a.step(x, reps[d]);
    }
    let class0 = |k: usize| a.step(0, k as u32);
    let chosen: Vec<u32> = (0..reps.len())
        .map(|c| {
            if y[c] == ABSENT {
                return reps[c];
            }
            (1..=a.n)
                .find(|&k| class0(k) == class0(reps[c] as usize) && !good[k].contains(y[c]))
                .map_or(reps[c], |k| k as u32)
        })
        .collect();
    path.iter().map(|&d| chosen[d]).collect()
}
