//! Minimisation (notes §1): the coarsest congruence `x ~ y ⟺ ∀z: xz ∈ P ⟺ yz ∈ P`,
//! by Moore's partition refinement from `{P, Q∖P}`, splitting by the class of
//! `x·H_k` for each heap `k` (the heaps generate, so they suffice). `~` is a
//! congruence and `P` a union of its classes, so the classes form a reduced
//! bipartite monoid; by the key lemma of §1 it is the misère quotient.

use super::learn::Automaton;
use std::collections::HashMap;

/// The reduced quotient of a verified automaton.
pub(super) struct Reduced {
    pub order: usize,
    pub table: Vec<u32>,
    pub identity: u32,
    pub p: Vec<bool>,
    /// `phi[k]` for heaps `0..=n`.
    pub phi: Vec<u32>,
}

pub(super) fn reduce(a: &Automaton) -> Reduced {
    let states = a.states();
    let mut class: Vec<u32> = a.p.iter().map(|&b| b as u32).collect();
    let mut count = 0;
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let next: Vec<u32> = (0..states as u32)
            .map(|q| {
                let mut sig = vec![class[q as usize]];
                sig.extend((1..=a.n as u32).map(|k| class[a.step(q, k) as usize]));
                let len = ids.len() as u32;
                *ids.entry(sig).or_insert(len)
            })
            .collect();
        let new_count = ids.len();
        class = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
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
