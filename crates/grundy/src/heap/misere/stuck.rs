//! Check (B) of Theorem V: is there a nonempty sum `G` predicted N (`Φ(G) ∉ P`)
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
fn project(a: &Automaton, reps: &[u32], c: usize, i_c: &StateSet) -> Projection {
    let states = a.states();
    let others: Vec<u32> = reps.iter().enumerate().filter(|&(d, _)| d != c).map(|(_, &j)| j).collect();
    let initial = (0..states as u32).map(|y| i_c.contains(y) as u32).collect();
    let (label, count) = super::reduce::refine(a, initial, &others);
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
    Projection { label, step, in_i }
}

/// A stuck sum (heaps as a word), or `None` when check (B) holds.
pub(super) fn find_stuck(a: &Automaton, opts: &[Vec<Vec<u32>>]) -> Result<Option<Vec<u32>>, Error> {
    let n = a.n as u32;
    let states = a.states();
    let class_of: Vec<u32> = (0..=n).map(|k| if k == 0 { ABSENT } else { a.step(0, k) }).collect();
    let mut classes: Vec<u32> = class_of[1..].to_vec();
    classes.sort_unstable();
    classes.dedup();
    let cidx = |k: u32| classes.binary_search(&class_of[k as usize]).expect("a class");
    let mut reps = vec![0u32; classes.len()];
    for k in (1..=n).rev() {
        reps[cidx(k)] = k;
    }
    let good: Vec<StateSet> = (0..=n as usize).map(|k| good_states(a, &opts[k])).collect();
    let mut inter: Vec<StateSet> = (0..classes.len()).map(|_| StateSet::full(states)).collect();
    for k in 1..=n {
        inter[cidx(k)].intersect(&good[k as usize]);
    }
    Ok(search(a, &reps, &inter)?.map(|(parent, id)| witness(a, &parent, id, &reps, &good)))
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
pub(super) fn search(a: &Automaton, reps: &[u32], inter: &[StateSet]) -> Result<Found, Error> {
    let proj: Vec<Projection> = (0..reps.len()).map(|c| project(a, reps, c, &inter[c])).collect();
    // a signature packed into bits: Φ(G), then per class its label or `labels` for absent
    let bits = |values: usize| usize::BITS - values.leading_zeros();
    let widths: Vec<u32> =
        std::iter::once(bits(a.states())).chain(proj.iter().map(|p| bits(p.in_i.len() + 1))).collect();
    if widths.iter().sum::<u32>() <= 128 {
        let pack = |sig: &[u32]| -> u128 {
            sig.iter().zip(&widths).fold(0u128, |key, (&v, &w)| key << w | u128::from(v.min((1 << w) - 1)))
        };
        bfs(a, reps, &proj, pack)
    } else {
        bfs(a, reps, &proj, |sig: &[u32]| sig.to_vec())
    }
}

/// The breadth-first search itself, signatures deduplicated by `key`
/// (one-to-one on signatures).
fn bfs<K: std::hash::Hash + Eq>(
    a: &Automaton,
    reps: &[u32],
    proj: &[Projection],
    key: impl Fn(&[u32]) -> K,
) -> Result<Found, Error> {
    let cn = reps.len();
    let stride = cn + 1;
    // absent is the label count of its class (one past the labels)
    let absent: Vec<u32> = proj.iter().map(|p| p.in_i.len() as u32).collect();
    let mut sigs: Vec<u32> = std::iter::once(0).chain(absent.iter().copied()).collect();
    let mut seen: FxHashSet<K> = FxHashSet::default();
    seen.insert(key(&sigs));
    let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
    let mut next = vec![0u32; stride];
    let mut head = 0;
    while head < parent.len() {
        for (d, &rep) in reps.iter().enumerate() {
            let sig = &sigs[head * stride..(head + 1) * stride];
            let x = sig[0];
            next[0] = a.step(x, rep);
            for (c, &l) in sig[1..].iter().enumerate() {
                next[c + 1] = if c == d {
                    proj[c].label[x as usize]
                } else if l == absent[c] {
                    l
                } else {
                    proj[c].step[l as usize * cn + d]
                };
            }
            if !seen.insert(key(&next)) {
                continue;
            }
            // pruned when one class fewer (not the empty sum) was reached: see `search`
            let mut dominated = false;
            for c in 0..cn {
                let l = next[c + 1];
                if l != absent[c] {
                    next[c + 1] = absent[c];
                    let fewer = next[1..].iter().zip(&absent).any(|(&v, &ab)| v != ab);
                    dominated = fewer && seen.contains(&key(&next));
                    next[c + 1] = l;
                    if dominated {
                        break;
                    }
                }
            }
            if dominated {
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
            let stuck = !a.p[next[0] as usize]
                && next[1..].iter().enumerate().all(|(c, &l)| l == absent[c] || !proj[c].in_i[l as usize]);
            if stuck {
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
