//! Minimisation (`docs/theory/misere.md`, Lemmas 2.5–2.7): the coarsest congruence `x ~ y ⟺ ∀z: xz ∈ P ⟺ yz ∈ P`,
//! by Moore's partition refinement from `{P, Q∖P}`, splitting by the class of
//! `x·H_k` for each heap `k` (the heaps generate, so they suffice). `~` is a
//! congruence and `P` a union of its classes, so the classes form a reduced
//! bipartite monoid; by the key lemma (Lemma 2.5 there) it is the misère quotient.

use super::automaton::Automaton;
use super::budget::QuotientBudget;
use crate::error::{Error, Remedy};

/// The reduced quotient of a verified automaton.
pub(super) struct Reduced {
    pub order: usize,
    pub table: Vec<u32>,
    pub identity: u32,
    pub p: Vec<bool>,
    /// `phi[k]` for heaps `0..=n`.
    pub phi: Vec<u32>,
}

impl Reduced {
    /// The reduced quotient as the proved quotient of heaps `1..=m` (its
    /// check-(B) data still to be computed).
    pub(super) fn known(self, m: usize) -> super::automaton::Known {
        let Reduced { order, table, identity, p, phi } = self;
        super::automaton::Known { m, phi, order, table, identity, p, inter: vec![] }
    }
}

/// Moore's partition refinement: the coarsest partition of the states finer
/// than `initial` (labels) and stable under the given letters (`x ~ y` ⇒
/// `δ(x, k) ~ δ(y, k)`): split every class by the classes of its successors
/// until nothing splits. Returns each state's class and the class count.
/// Each round charges `work` a step per state and eight letters.
pub(super) fn refine(
    a: &Automaton,
    initial: Vec<u32>,
    letters: &[u32],
    work: &mut QuotientBudget,
) -> Result<(Vec<u32>, usize), Error> {
    let states = a.states();
    let width = letters.len() + 1;
    // the rows, two labellings and the map of distinct rows (a key and a label per state)
    let bytes = states as u64 * (4 * width as u64 + 8 + 48);
    work.room(bytes, "the minimisation of a misère automaton")?;
    let mut class = initial;
    let mut count = 0;
    // each state's class and its successors' classes, one row per state
    let mut rows = vec![0u32; states * width];
    loop {
        work.spend((states as u64 * width as u64).div_ceil(8))?;
        for (q, row) in rows.chunks_exact_mut(width).enumerate() {
            row[0] = class[q];
            for (slot, &k) in row[1..].iter_mut().zip(letters) {
                *slot = class[a.step(q as u32, k) as usize];
            }
        }
        let mut ids: rustc_hash::FxHashMap<&[u32], u32> = Default::default();
        let next: Vec<u32> = rows
            .chunks_exact(width)
            .map(|row| {
                let len = ids.len() as u32;
                *ids.entry(row).or_insert(len)
            })
            .collect();
        let new_count = ids.len();
        class = next;
        if new_count == count {
            return Ok((class, count));
        }
        count = new_count;
    }
}

/// The reduced quotient of a verified automaton, charging `work` for the
/// refinement and a step per eight products of the table; `Err(count)`,
/// before the table is built, when it has more elements than
/// `work.max_order()`; refused when its table would not fit in memory.
pub(super) fn reduce(a: &Automaton, work: &mut QuotientBudget) -> Result<Result<Reduced, usize>, Error> {
    let letters: Vec<u32> = (1..=a.n as u32).collect();
    let (class, count) = refine(a, a.p.iter().map(|&b| b as u32).collect(), &letters, work)?;
    if count > work.max_order() {
        return Ok(Err(count));
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
    // the table, the transitions of the classes it is computed from, and
    // a column per letter of the longest access word
    let longest = rep.iter().map(|&q| a.access[q as usize].len()).max().unwrap_or(0) as u64;
    let (order, width) = (count as u64, a.n as u64 + 1);
    work.room(4 * order * (order + width + longest + 1), "the table of a misère quotient")?;
    work.spend((order * order).div_ceil(8))?;
    let cls = |q: u32| label[class[q as usize] as usize];
    // `x·y` is the class of the state `rep[x]` runs to on the access word of
    // `rep[y]`. The partition is stable under every letter, so the class of
    // `δ(q, k)` is `δ'(class of q, k)` with `δ'(c, k) = cls(δ(rep[c], k))`:
    // the words are run on the classes (a small table) instead of the states.
    let width = a.n + 1;
    let mut step = vec![0u32; count * width];
    for (c, row) in step.chunks_exact_mut(width).enumerate() {
        for (k, slot) in row.iter_mut().enumerate().skip(1) {
            *slot = cls(a.step(rep[c], k as u32));
        }
    }
    // column by column: every `x` steps through the word at once (loads
    // independent of one another, not a chain per `x`); the words in
    // lexicographic order, so that the columns of a common prefix (kept, one
    // per letter of it) are computed once
    let mut ys: Vec<usize> = (0..count).collect();
    ys.sort_by(|&y, &z| a.access[rep[y] as usize].cmp(&a.access[rep[z] as usize]));
    // the columns are written as rows (`x·y` at `y·count + x`, stores in
    // order) and the table transposed at the end
    let mut table = vec![0u32; count * count];
    // `columns[d·count..]`: the class of `x` times the word's first `d` letters
    let mut columns: Vec<u32> = (0..count as u32).collect();
    let mut last: &[u32] = &[];
    for y in ys {
        let word = &a.access[rep[y] as usize][..];
        let common = last.iter().zip(word).take_while(|(a, b)| a == b).count();
        columns.truncate((common + 1) * count);
        for &k in &word[common..] {
            let from = columns.len() - count;
            for x in 0..count {
                let c = columns[from + x];
                columns.push(step[c as usize * width + k as usize]);
            }
        }
        table[y * count..(y + 1) * count].copy_from_slice(&columns[columns.len() - count..]);
        last = word;
    }
    transpose(&mut table, count);
    let p = rep.iter().map(|&q| a.p[q as usize]).collect();
    let phi = (0..=a.n as u32).map(|k| if k == 0 { cls(0) } else { cls(a.step(0, k)) }).collect();
    Ok(Ok(Reduced { order: count, table, identity: cls(0), p, phi }))
}

/// Transposes the square matrix `t` of side `n` (row-major) in place, in
/// blocks of 32 × 32 (each block pair read and written in cache).
fn transpose(t: &mut [u32], n: usize) {
    const BLOCK: usize = 32;
    for i0 in (0..n).step_by(BLOCK) {
        for j0 in (i0..n).step_by(BLOCK) {
            for i in i0..(i0 + BLOCK).min(n) {
                for j in j0.max(i + 1)..(j0 + BLOCK).min(n) {
                    t.swap(i * n + j, j * n + i);
                }
            }
        }
    }
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

/// The refusal of a quotient of heaps up to `n` with `count` elements, more
/// than `max_order`.
pub(super) fn too_many(n: usize, count: usize, max_order: usize) -> Error {
    Error::TooLarge {
        what: format!("the misère quotient of heaps up to {n}"),
        estimate: format!("{count} elements"),
        limit: format!("{max_order} elements"),
        remedy: Remedy::Smaller("misere_len"),
    }
}

#[cfg(test)]
mod tests {
    use super::transpose;

    /// Every side up to 70 (blocks full, partial and straddling the
    /// diagonal): the transpose of `i·n + j` holds `j·n + i`.
    #[test]
    fn transpose_swaps_rows_and_columns() {
        for n in 0..=70usize {
            let mut t: Vec<u32> = (0..(n * n) as u32).collect();
            transpose(&mut t, n);
            for i in 0..n {
                for j in 0..n {
                    assert_eq!(t[i * n + j] as usize, j * n + i, "n = {n}");
                }
            }
        }
    }
}
