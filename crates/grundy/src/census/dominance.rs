//! Moves that never change a value: a generator of a code whose every
//! option has the value of an option of another generator at the same heap
//! can be dropped without changing any nim-value ([`pruned_code`]).
//!
//! Write a generator of a finite code without `!` as `(k, b)`: bit `b` of
//! `d_k`, a move removing `k` tokens and leaving `h(b)` nonempty heaps
//! (`h(1) = 0`, `h(2) = 1`, `h(4) = 2`, `h(8) = 3`). Call `(k, b)`
//! *dominated* by another generator `(j, b′)` of the code when `j < k`,
//! `m = h(b′) − h(b) ≥ 1`, and some `m` positive sizes `s_1…s_m` with sum
//! `k − j` have values of XOR 0 (`g(s_1) ⊕ … ⊕ g(s_m) = 0`).
//!
//! **Claim.** Dropping every dominated generator leaves every value unchanged.
//!
//! **Proof.** An option of `(k, b)` at heap `n` leaves heaps `a_1…a_h`
//! (`h = h(b)`, each `a_i ≥ 1`, sum `n − k`); the heaps `a_1…a_h, s_1…s_m`
//! are `h(b′)` positive heaps of sum `n − j`, an option of `(j, b′)` at the
//! same heap `n` (without `!`, every composition is an option), of the same
//! value since the `s_i` add XOR 0. Domination is transitive (the sizes of
//! two steps together have XOR 0, and the counts add up), and a dominated
//! generator is dominated by one of smaller index, so following dominators
//! down ends at a generator that is not dominated: the generators kept
//! produce, at every heap, every option value of the dropped ones. By strong
//! induction on `n` — the sizes `s_i < k` and all the heaps of an option are
//! below `n`, where the values agree — both codes have the same set of
//! option values at `n`, hence the same mex. ∎
//!
//! `0.62` is `0.6`: `(2, 2)` (take two, leave a heap) is dominated by
//! `(1, 4)` (take one, split) with the size `1`, a dead heap. `0.566` is
//! `0.564` by `(1, 4)` and the size `2`, whose value is 0.

use super::shift::code_of;
use crate::heap::OctalCode;

/// The number of heaps bit `b` of a digit leaves.
fn heaps_left(b: u8) -> usize {
    b.trailing_zeros() as usize
}

/// Whether some `m` positive sizes of sum `s` have values `g` of XOR 0.
fn zero_sum(g: &[u32], m: usize, s: usize) -> bool {
    match m {
        1 => g[s] == 0,
        2 => (1..s).any(|p| g[p] == g[s - p]),
        3 => (1..s).any(|p| (1..s - p).any(|q| g[p] ^ g[q] == g[s - p - q])),
        _ => false,
    }
}

/// The code without its dominated generators (module docs): the same
/// nim-value at every heap. `None` for a code the rule is not proved for (a
/// repeating group or `!`) or with nothing dominated.
///
/// ```
/// use grundy::census::pruned_code;
/// use grundy::heap::OctalCode;
///
/// let p = |c: &str| pruned_code(&OctalCode::parse(c).unwrap()).map(|p| p.text().to_string());
/// assert_eq!(p("0.62").as_deref(), Some("0.6"));
/// assert_eq!(p("0.406").as_deref(), Some("0.404"));
/// assert_eq!(p("0.566").as_deref(), Some("0.564"));
/// assert_eq!((p("0.6"), p("0.77"), p("0.64!")), (None, None, None));
/// ```
pub fn pruned_code(code: &OctalCode) -> Option<OctalCode> {
    let written = code.written();
    if code.group().is_some() || written.iter().any(|d| d.distinct) {
        return None;
    }
    let g = code.values_quadratic(written.len());
    let generators: Vec<(usize, u8)> = (0..written.len())
        .flat_map(|k| {
            [1u8, 2, 4, 8].into_iter().filter(move |&b| written[k].bits & b != 0).map(move |b| (k, b))
        })
        .collect();
    let dominated = |&(k, b): &(usize, u8)| {
        generators.iter().any(|&(j, c)| {
            j < k && heaps_left(c) > heaps_left(b) && zero_sum(&g, heaps_left(c) - heaps_left(b), k - j)
        })
    };
    let mut digits: Vec<u8> = written.iter().map(|d| d.bits).collect();
    let mut dropped = false;
    for generator @ (k, b) in &generators {
        if dominated(generator) {
            digits[*k] &= !b;
            dropped = true;
        }
    }
    if dropped { code_of(&digits) } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::shift::small_families;

    /// Every three-digit octal code `0.d₁d₂d₃` and `4.d₁d₂d₃`, the two-digit
    /// hexadecimal ones `0.d₁d₂` and `8.d₁d₂`: the pruned code has the code's
    /// values (the reference computes both from their options), and codes with
    /// `!` or a group are refused.
    #[test]
    fn a_pruned_code_has_the_same_values() {
        // `!`: a part added by a dominating split may equal another part
        let codes = small_families(&["4!.06", "4!.2", "0.4!6", "0.4!26", "0.64!", "0.6[2]", "0.4[6]"]);
        let mut pruned = 0;
        for (text, len) in &codes {
            let c = OctalCode::parse(text).unwrap();
            if let Some(p) = pruned_code(&c) {
                assert_eq!(c.values_quadratic(*len), p.values_quadratic(*len), "{text} and {}", p.text());
                pruned += 1;
            }
        }
        assert!(pruned > 300, "{pruned} pruned");
        for text in ["0.64!", "4!.06", "0.6[2]", "0.4!6"] {
            assert!(pruned_code(&OctalCode::parse(text).unwrap()).is_none(), "{text}");
        }
    }
}
