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

use super::record::GameRecord;
use super::values::{parse_canonical, record_of};
use crate::count::Context;
use crate::error::{Error, Stop};
use crate::heap::{HeapGame, Known, Limits, OctalCode};
use std::time::Instant;

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

/// The census record of `code` from the values `leader = g_a(0..k)` of a
/// game `a` of its shift group ([`super::shift_classes`]) whose number of
/// shifts is `delay` fewer than `code`'s: as [`super::census_game`] computes
/// it within `limits` when no work limit stops it, without computing most
/// of its values (`leader` long enough: to `max_len − delay`, or filled to
/// there by its period, as [`HeapGame::analyze`] fills a certified game's
/// values to the length it is asked for).
///
/// **The relation.** `code` (`b`, `t_b` shifts) and `a` (`t_a = t_b − d`
/// shifts) reduce to games `N_b`, `N_a` with the same values, so
/// `g_b(n) = g_N(n − t_b) = g_a(n − d)` for `n ≥ t_b` (module docs: heap
/// `m ≥ t` of a code is heap `m − t` of its reduced game), and `g_b(n) = 0`
/// for `n < t_b`, where `g_a(n − d) = 0` too for `d ≤ n < t_b` (heaps below
/// `t_a` of `a` are dead). Hence `g_b = (0, …, 0, g_a(0), g_a(1), …)` with
/// `d` zeros: `g_b(n) = g_a(n − d)` for `n ≥ d` and `0` for `n < d`.
///
/// **The record.** A run from nothing looks for the period at the lengths
/// `min(64·2^j, max_len)` and stops at the first that certifies it. Here, for
/// each such length `L` in turn that the derived values reach, `b`'s own
/// analysis ([`HeapGame::analyze_kept`]) is handed the first `L` derived
/// values as known values and limited to `L`: it computes the first
/// [`crate::heap::RESUME_CHECK`] of them again from `b`'s rules (a derivation
/// wrong there is an error, not a record) and looks for the period at `L`
/// first, as the run from nothing does; the first `L` that certifies, or
/// `max_len`, gives the record, built from that analysis as for a computed
/// game (status with its minimal preperiod, values computed, largest value
/// and its heap, rare/common split), never by shifting `a`'s. When the
/// derived values end before that (`leader` too short), `b` is computed from
/// nothing instead. The work of the known values past the check is not
/// counted: under a work limit that would stop `b` computed from nothing,
/// the record reaches further than that run would.
///
/// ```
/// use grundy::census::{GameRecord, census_game, census_shifted};
/// use grundy::heap::{HeapGame, Limits};
///
/// let limits = Limits::new(6000, u64::MAX)?;
/// // 0.6 reduces by one shift to 0.37 (none): 0.6 is 0.37 one heap later
/// let leader = HeapGame::octal("0.37")?.analyze(0, limits)?.values;
/// let derived = census_shifted("0.6", &leader, 1, limits, &mut Default::default())?;
/// let direct = census_game("0.6", limits, &mut Default::default())?;
/// assert_eq!(GameRecord { seconds: 0.0, ..derived }, GameRecord { seconds: 0.0, ..direct });
/// // the values of 0.37 are not those of 0.6: caught by the check
/// assert!(census_shifted("0.6", &leader, 0, limits, &mut Default::default()).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn census_shifted(
    code: &str,
    leader: &[u32],
    delay: usize,
    limits: Limits,
    ctx: &mut Context<'_>,
) -> Result<GameRecord, Error> {
    match shifted_record(code, leader, delay, limits, ctx)? {
        Some(record) => Ok(record),
        None => super::census_game(code, limits, ctx),
    }
}

/// [`census_shifted`] without its fallback: `None` when the derived values
/// end before a length that gives the record (`leader` too short, or a work
/// limit reached by the check), where [`census_shifted`] computes the game
/// from nothing — the census plan's derived tasks then compute it as an
/// ordinary one, keeping its values ([`super::plan`]).
pub(super) fn shifted_record(
    code: &str,
    leader: &[u32],
    delay: usize,
    limits: Limits,
    ctx: &mut Context<'_>,
) -> Result<Option<GameRecord>, Error> {
    let (parsed, canonical) = parse_canonical(code)?;
    let game = HeapGame::Octal(parsed);
    let limits = limits.with_threads(1);
    let start = Instant::now();
    let max_len = limits.max_len();
    let len = (leader.len() + delay).min(max_len);
    let mut values = vec![0; len];
    for (n, v) in values.iter_mut().enumerate().skip(delay) {
        *v = leader[n - delay];
    }
    let mut look = 64.min(max_len);
    while look <= len {
        let known = Known { values: values[..look].into(), work: None };
        let within = Limits::new(look, limits.max_work())?.with_threads(1);
        let a = game.analyze_kept(known, 0, within, u64::MAX, ctx, &mut |_, _| Ok(()))?;
        if a.stop == Stop::MaxWork {
            break;
        }
        if a.stop == Stop::Certified || look == max_len {
            return Ok(Some(record_of(canonical, &game, &a, limits, start)));
        }
        look = (2 * look).min(max_len);
    }
    Ok(None)
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

    /// Every game of every shift group among the two- and three-digit codes
    /// `0.d₁d₂`, `0.d₁d₂d₃` and `4.d₁d₂d₃`: its record derived from the
    /// values of its group's game with the fewest shifts ([`census_shifted`])
    /// equals its record computed from nothing, field by field but the
    /// seconds, from the leader's values to `max_len` and from a third of
    /// them — at `2^13` values (most certified, some open, the values past
    /// the resume check pushed as known) and at 100 (open games) — and the
    /// values without their zero prefix (or with one zero too many) are
    /// refused.
    #[test]
    fn a_record_derived_from_a_shifted_game_is_the_record_computed() {
        use crate::census::{GameStatus, census_game, census_plan, shift_classes};
        let mut codes = census_codes(2, &[0], false).unwrap();
        codes.extend(census_codes(3, &[0, 4], false).unwrap());
        let any = Limits::new(1 << 13, u64::MAX).unwrap();
        let plan = census_plan(&codes, None, any).unwrap();
        let parsed: Vec<OctalCode> =
            plan.games.iter().map(|g| OctalCode::parse(&g.canonical).unwrap()).collect();
        let groups = shift_classes(&parsed, &plan.classes);
        let ctx = &mut Context::default();
        let timeless = |r: GameRecord| GameRecord { seconds: 0.0, ..r };
        let (mut derived, mut open, mut refused) = (0, 0, 0);
        for len in [1 << 13, 100] {
            let limits = Limits::new(len, u64::MAX).unwrap();
            for group in &groups {
                let &(first, t0) = group.iter().min_by_key(|(_, t)| *t).unwrap();
                let leader = &plan.games[plan.classes[first][0]].canonical;
                // filled to max_len when certified
                let a = HeapGame::octal(leader).unwrap().analyze(len, limits).unwrap();
                let values = &a.values[..a.computed.max(len)];
                for &(class, t) in group {
                    for &g in &plan.classes[class] {
                        let code = &plan.games[g].canonical;
                        let d = t - t0;
                        let shifted = census_shifted(code, values, d, limits, ctx).unwrap();
                        let direct = census_game(code, limits, ctx).unwrap();
                        assert_eq!(timeless(shifted), timeless(direct.clone()), "{code} from {leader} ({d})");
                        // too few leader values: computed from nothing, the same record
                        let short = census_shifted(code, &values[..len / 3], d, limits, ctx).unwrap();
                        assert_eq!(timeless(short), timeless(direct.clone()), "{code} from {leader} (short)");
                        derived += usize::from(d > 0);
                        open += usize::from(d > 0 && direct.status == GameStatus::Open);
                        if d > 0 {
                            for wrong in [d - 1, d + 1] {
                                let r = census_shifted(code, values, wrong, limits, ctx);
                                refused += usize::from(r.is_err());
                            }
                        }
                    }
                }
            }
        }
        assert!(derived >= 40 && open >= 20, "{derived} derived, {open} open");
        assert_eq!(refused, 2 * derived, "every wrong delay is refused");
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
