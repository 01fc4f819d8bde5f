//! Minimisation (notes §1): the coarsest congruence `x ~ y ⟺ ∀z: xz ∈ P ⟺ yz ∈ P`,
//! by Moore's partition refinement from `{P, Q∖P}`, splitting by the class of
//! `x·H_k` for each heap `k` (the heaps generate, so they suffice). `~` is a
//! congruence and `P` a union of its classes, so the classes form a reduced
//! bipartite monoid; by the key lemma of §1 it is the misère quotient.

use super::automaton::Automaton;

/// The reduced quotient of a verified automaton.
pub(super) struct Reduced {
    pub order: usize,
    pub table: Vec<u32>,
    pub identity: u32,
    pub p: Vec<bool>,
    /// `phi[k]` for heaps `0..=n`.
    pub phi: Vec<u32>,
}

/// Moore's partition refinement: the coarsest partition of the states finer
/// than `initial` (labels) and stable under the given letters (`x ~ y` ⇒
/// `δ(x, k) ~ δ(y, k)`): split every class by the classes of its successors
/// until nothing splits. Returns each state's class and the class count.
pub(super) fn refine(a: &Automaton, initial: Vec<u32>, letters: &[u32]) -> (Vec<u32>, usize) {
    let mut class = initial;
    let mut count = 0;
    loop {
        let mut ids: rustc_hash::FxHashMap<Vec<u32>, u32> = Default::default();
        let next: Vec<u32> = (0..a.states() as u32)
            .map(|q| {
                let mut sig = vec![class[q as usize]];
                sig.extend(letters.iter().map(|&k| class[a.step(q, k) as usize]));
                let len = ids.len() as u32;
                *ids.entry(sig).or_insert(len)
            })
            .collect();
        let new_count = ids.len();
        class = next;
        if new_count == count {
            return (class, count);
        }
        count = new_count;
    }
}

pub(super) fn reduce(a: &Automaton) -> Reduced {
    let letters: Vec<u32> = (1..=a.n as u32).collect();
    let (class, count) = refine(a, a.p.iter().map(|&b| b as u32).collect(), &letters);
    // labels in order of first appearance (state 0, the empty sum, is 0)
    let mut label = vec![u32::MAX; count];
    let mut rep = Vec::with_capacity(count);
    for (q, &c) in class.iter().enumerate() {
        let c = c as usize;
        if label[c] == u32::MAX {
            label[c] = rep.len() as u32;
            rep.push(q as u32);
        }
    }
    let cls = |q: u32| label[class[q as usize] as usize];
    let mut table = vec![0u32; count * count];
    for x in 0..count {
        for y in 0..count {
            table[x * count + y] = cls(a.run(rep[x], &a.access[rep[y] as usize]));
        }
    }
    let p = rep.iter().map(|&q| a.p[q as usize]).collect();
    let phi = (0..=a.n as u32).map(|k| if k == 0 { cls(0) } else { cls(a.step(0, k)) }).collect();
    Reduced { order: count, table, identity: cls(0), p, phi }
}

/// Element labels that depend only on the quotient and its pretending
/// function, not on how it was computed: the identity is 0, then elements
/// in order of first appearance along `Φ(1), Φ(2), …`, then the rest in
/// breadth-first order of products `x·Φ(k)`. Returns `new[old]`.
pub(super) fn canonical_labels(order: usize, table: &[u32], identity: u32, phi: &[u32]) -> Vec<u32> {
    let mut new = vec![u32::MAX; order];
    let mut seq: Vec<u32> = Vec::with_capacity(order);
    let mut label = |x: u32, seq: &mut Vec<u32>| {
        if new[x as usize] == u32::MAX {
            new[x as usize] = seq.len() as u32;
            seq.push(x);
        }
    };
    label(identity, &mut seq);
    for &x in phi {
        label(x, &mut seq);
    }
    let mut head = 0;
    while head < seq.len() {
        let x = seq[head];
        for &g in phi {
            label(table[x as usize * order + g as usize], &mut seq);
        }
        head += 1;
    }
    new
}
