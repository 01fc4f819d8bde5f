//! Games one heap apart: when heap 1 of a code is dead (no move from it), the
//! code's game on heap `n + 1` is another code's game on heap `n`
//! ([`shifted_code`]), and repeating the shift while it applies gives the
//! code's *reduced* game ([`reduced_code`]): `g_c(n) = g_R(n − t)` for
//! `n ≥ t`, and `g_c(n) = 0` for `n ≤ t`.
//!
//! # The shift
//!
//! Let `c` be a finite code without `!` whose digit `d₁` lacks bit 1 (heap 1
//! has no move: `d₀ ∈ {0, 4, 8, C}` cannot take or leave one heap, a split
//! needs two tokens and every other move removes at least two). Write a
//! generator of `c` as `(k, b)`: bit `b` of `d_k`, a move removing `k`
//! tokens and leaving `h(b)` nonempty heaps (`h(1) = 0`, `h(2) = 1`,
//! `h(4) = 2`, `h(8) = 3`). The *shifted code* `σ(c)` has the generators
//! `(k + h(b) − 1, b′)` for each generator `(k, b)` of `c` and every `b′`
//! with `h(b′) ≤ h(b)`:
//!
//! ```text
//! σ(c)_j = (d_{j+1} & 1 ? 1 : 0) | (d_j & 2 ? 3 : 0) | (d_{j−1} & 4 ? 7 : 0) | (d_{j−2} & 8 ? 15 : 0)
//! ```
//!
//! (so `σ(0.6) = 0.37`, `σ(0.04) = 0.007`, `σ(4!.0)` is not defined).
//!
//! **Claim.** `g_c(n + 1) = g_σ(c)(n)` for every `n ≥ 0`.
//!
//! **Proof.** Map a position of `c` with heaps `a_i ≥ 1` to the position of
//! `σ(c)` with heaps `a_i − 1` (heaps of size 0 dropped). The options of heap
//! `n + 1` under `c` map onto the options of heap `n` under `σ(c)`: an option
//! of generator `(k, b)` leaves `h(b)` heaps `a_i ≥ 1` with `Σa_i = n + 1 − k`,
//! and maps to heaps `a_i − 1 ≥ 0` with sum `n − (k + h(b) − 1)`: the option
//! of `σ(c)`'s generator `(k + h(b) − 1, b′)` with `h(b′)` the number of
//! nonzero `a_i − 1`, which `σ(c)` has since `h(b′) ≤ h(b)`. Conversely an
//! option of `σ(c)`'s generator `(j, b′)`, which came from some `(k, b)` with
//! `j = k + h(b) − 1`, `h(b′) ≤ h(b)`, leaves heaps `p_i ≥ 1` with
//! `Σp_i = n − j`; the heaps `p_i + 1`, with `h(b) − h(b′)` heaps `1` added,
//! are `h(b)` heaps of sum `n + 1 − k`: an option of `(k, b)` at heap
//! `n + 1`, mapped to it. (Without `!` a generator allows every composition,
//! so both directions are options; under `!` two added heaps `1` would be
//! equal, so codes with `!` are refused.) By strong induction on `n`, with
//! `g_c(a) = g_σ(c)(a − 1)` for `1 ≤ a ≤ n` — for `a = 1` both are 0, heap 1
//! of `c` having no move and heap 0 being empty — each option has the same
//! value (a XOR of values of heaps mapped to each other) and the mex is the
//! same. ∎
//!
//! # The reduced game
//!
//! `σ` applies again while the shifted code's heap 1 is dead; each shift
//! moves the generators of bit 1 one index down (and no generator below
//! index 1... down to index 1, where it stops the shifts), so a code reduces
//! in at most its length plus three shifts to `R(c) = σ^t(c)`, with
//! `g_c(n) = g_R(n − t)` for `n ≥ t` and `g_c(n) = 0` for `n < t` (heaps
//! `1..=t` of `c` are heap 0 of `R` shifted, and dead). Two codes whose reduced
//! games have the same values ([`super::value_classes`]' rule applied to the
//! reduced codes) have the same values when they reduce by the same `t`
//! (`0.6` and `0.62`: both reduce once to `0.37`; `0.404` and `0.406`: both
//! twice to `0.13737`), and values shifted by the difference of their `t`
//! otherwise (`0.37` is `0.6` one heap earlier).

use crate::heap::OctalCode;

/// The code `σ(c)` of the module docs, whose values are `code`'s one heap
/// earlier (`g_σ(n) = g_c(n + 1)`), when heap 1 of `code` is dead and the
/// shift is proved for it: a finite code without `!` whose `d₁` lacks bit 1;
/// `None` otherwise.
///
/// ```
/// use grundy::census::shifted_code;
/// use grundy::heap::OctalCode;
///
/// let s = |c: &str| shifted_code(&OctalCode::parse(c).unwrap()).map(|s| s.text().to_string());
/// assert_eq!(s("0.6").as_deref(), Some("0.37"));
/// assert_eq!(s("0.62").as_deref(), Some("0.37"));
/// assert_eq!(s("4.0").as_deref(), Some("0.7"));
/// assert_eq!(s("0.8").as_deref(), Some("0.00F"));
/// // heap 1 moves (bit 1 of d₁), `!`, a repeating group: not shifted
/// assert_eq!((s("0.77"), s("4!.0"), s("0.0[6]")), (None, None, None));
/// ```
pub fn shifted_code(code: &OctalCode) -> Option<OctalCode> {
    let written = code.written();
    if code.group().is_some() || written.iter().any(|d| d.distinct) || code.digit(1) & 1 != 0 {
        return None;
    }
    let bit = |k: Option<usize>, b: u8| k.is_some_and(|k| code.digit(k) & b != 0);
    // σ(c)_0 is 0: its bit 1 would come from bit 1 of d₁, which heap 1 lacks
    let digits: Vec<u8> = std::iter::once(0)
        .chain((1..written.len() + 2).map(|j| {
            [
                (bit(Some(j + 1), 1), 1),
                (bit(Some(j), 2), 3),
                (bit(j.checked_sub(1), 4), 7),
                (bit(j.checked_sub(2), 8), 15),
            ]
            .iter()
            .filter(|(set, _)| *set)
            .fold(0, |d, (_, bits)| d | bits)
        }))
        .collect();
    code_of(&digits)
}

/// The finite code of the digits `d₀, d₁, …` (no `!`), `None` when it has
/// no move.
pub(super) fn code_of(digits: &[u8]) -> Option<OctalCode> {
    let last = digits.iter().rposition(|&d| d != 0)?;
    let mut text = format!("{:X}.", digits[0]);
    let digit = |k: usize| {
        let d = digits.get(k).copied().unwrap_or(0);
        char::from_digit(u32::from(d), 16).unwrap_or('0').to_ascii_uppercase()
    };
    text.extend((1..=last.max(1)).map(digit));
    OctalCode::parse(&text).ok()
}

/// The reduced game `R(c)` of `code` and the number `t` of shifts to it
/// (module docs): `g_c(n) = g_R(n − t)` for `n ≥ t`, `g_c(n) = 0` for
/// `n ≤ t`; `(code, 0)` when heap 1 of `code` moves or the shift is not
/// proved for it ([`shifted_code`]).
///
/// ```
/// use grundy::census::reduced_code;
/// use grundy::heap::OctalCode;
///
/// let r = |c: &str| {
///     let (r, t) = reduced_code(&OctalCode::parse(c).unwrap());
///     (r.text().to_string(), t)
/// };
/// assert_eq!(r("0.6"), ("0.37".to_string(), 1));
/// assert_eq!(r("0.404"), ("0.13737".to_string(), 2));
/// assert_eq!(r("0.406"), ("0.13737".to_string(), 2));
/// assert_eq!(r("0.77"), ("0.77".to_string(), 0));
/// ```
pub fn reduced_code(code: &OctalCode) -> (OctalCode, usize) {
    // each shift moves the take-all generators one index down, to index 1 at
    // the latest: at most the code's length and three shifts (module docs)
    let (mut reduced, mut t) = (code.clone(), 0);
    for _ in 0..code.written().len() + 8 {
        match shifted_code(&reduced) {
            Some(next) => (reduced, t) = (next, t + 1),
            None => break,
        }
    }
    (reduced, t)
}

/// The codes the rules of the census are tested on, each with the values
/// the quadratic reference computes of it: `0.d₁d₂d₃` and `4.d₁d₂d₃` (300),
/// the hexadecimal `0.d₁d₂` and `8.d₁d₂` (90), and `extra` (200).
#[cfg(test)]
pub(super) fn small_families(extra: &[&str]) -> Vec<(String, usize)> {
    use crate::census::census_codes;
    let mut codes: Vec<(String, usize)> = Vec::new();
    codes.extend(census_codes(3, &[0, 4], false).unwrap_or_default().into_iter().map(|c| (c, 300)));
    codes.extend(census_codes(2, &[0, 8], true).unwrap_or_default().into_iter().map(|c| (c, 90)));
    codes.extend(extra.iter().map(|c| (c.to_string(), 200)));
    codes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::census_codes;

    /// Every code of the three-digit octal families `0.d₁d₂d₃` and
    /// `4.d₁d₂d₃`, the two-digit hexadecimal ones `0.d₁d₂` and `8.d₁d₂`, and
    /// codes with `!` and groups: where the shift is defined, the code's
    /// values one heap later are the shifted code's (the reference computes
    /// both games from their options); where it is not, heap 1 moves or the
    /// code has `!` or a group (the proof's conditions).
    #[test]
    fn a_shifted_code_has_the_values_one_heap_later() {
        let codes =
            small_families(&["4!.0", "0.4!", "0.64!", "8!.0", "0.0[6]", "0.0[4]", "0.06[4]", "4.0[4]"]);
        let (mut shifted, mut refused) = (0, 0);
        for (text, len) in &codes {
            let c = OctalCode::parse(text).unwrap();
            match shifted_code(&c) {
                Some(s) => {
                    let (a, b) = (c.values_quadratic(len + 1), s.values_quadratic(*len));
                    assert_eq!(a[1..], b[..], "{text} and {}", s.text());
                    shifted += 1;
                }
                None => {
                    let bang = c.written().iter().any(|d| d.distinct);
                    assert!(c.digit(1) & 1 != 0 || bang || c.group().is_some(), "{text} refused");
                    refused += 1;
                }
            }
        }
        assert!(shifted > 700 && refused > 700, "{shifted} shifted, {refused} refused");
    }

    /// A reduced code's values are the code's `t` heaps earlier, and the
    /// `t + 1` first values of the code are 0.
    #[test]
    fn a_reduced_code_has_the_values_t_heaps_later() {
        let mut deep = 0;
        for text in census_codes(3, &[0, 4], false).unwrap() {
            let c = OctalCode::parse(&text).unwrap();
            let (r, t) = reduced_code(&c);
            let (a, b) = (c.values_quadratic(300 + t), r.values_quadratic(300));
            assert_eq!(a[t..], b[..], "{text} and {} ({t} shifts)", r.text());
            assert!(a[..=t].iter().all(|&v| v == 0), "{text}");
            assert!(shifted_code(&r).is_none());
            deep += usize::from(t >= 2);
        }
        assert!(deep > 20, "{deep} codes reduce twice or more");
    }
}
