//! A census of take-and-break codes: every code of a family, one game at a
//! time, each reduced to a canonical representative so that games with the
//! same rules are computed once.
//!
//! [`census_codes`] lists the codes `d₀.d₁…d_D` of a family, [`canonical_code`]
//! names a code's representative, [`same_rules`] compares two codes' option
//! sets, [`census_estimate`] guesses a game's cost for scheduling (longest
//! first) and [`census_total_work`] the census's, [`value_classes`] groups the
//! games whose values are shown equal (computed once too; [`pruned_code`]
//! and [`shifted_code`] prove more of them, [`shift_classes`] the games whose
//! values are another's shifted, `docs/theory/census-equivalences.md`) and [`census_game`]
//! computes one game on one thread, as a [`GameRecord`] whose
//! [`GameRecord::to_json`] is the file a census keeps per game in its
//! [`CensusFolder`]; [`census_resume`] checks a certified record read back
//! before it stands for a computation. The command line's `census --out` and
//! Python's `grundy.census` read and write the same files with this code.
//!
//! The other files grundy keeps live here too: [`saved`] is the format of a
//! sequence's saved nim-values (`sequence --save/--resume`, Python's
//! `sequence(save=…, resume=…)`), and [`OutputFile`] the one writer of an
//! output file that never replaces what is not ours.
//!
//! # When two codes are the same game
//!
//! Two codes are *equivalent* when every heap `n` has the same set of options
//! under both, an option being the multiset of nonempty heaps a move leaves
//! (the empty multiset when it leaves nothing). [`same_rules`] decides this by
//! comparing the codes' digits at the indices `0 ≤ k ≤ K` only, where
//! `K = max(s, s′) + q + q′ − gcd(q, q′) − 1` bounds the indices at which the
//! two codes' digits can first differ, a code's digits being periodic with
//! period `q` from index `s` on: a repeating group of length `q` from index
//! `s`, or for a finite code `q = 1` and `s` its number of digits `d₀…d_t`
//! (so `K = t + 1` for two finite codes of `t + 1` digits). Comparing the
//! option sets of the heaps `0 ≤ n ≤ K + 6` decides the same (the claim
//! below); the tests compare both ways.
//!
//! **Claim.** Codes `c`, `c′` have equal option sets at every heap if and only if
//! they have equal option sets at every heap `n ≤ K + 6`, and if and only if
//! they have the same *generators*: the triples `(k, b, δ)` with bit `b` of
//! `d_k` set and `δ` the `!` flag of `d_k` when `b ∈ {4, 8}` (`δ = false` for
//! `b ∈ {1, 2}`, where `!` changes nothing).
//!
//! **Proof.** Let `h(1) = 0, h(2) = 1, h(4) = 2, h(8) = 3` be the number of heaps
//! a move of bit `b` leaves. A move of generator `(k, b, δ)` from heap `n`
//! leaves `h(b)` nonempty heaps whose sizes sum to `n − k`. So an option `P` of
//! heap `n` has a *shape* `(n − ΣP, |P|)` that names the generator's `k` and `b`:
//! the option set of heap `n` is the disjoint union, over the generators, of
//! the options that each generator produces at `n`, and two codes agree at `n`
//! exactly when each `(k, b)` produces the same options at `n` under both. If
//! the generators are the same, so is everything each produces: the codes
//! agree at every heap. Conversely, let `(k, b)` be a pair the codes treat
//! differently (present in one only, or present in both with a different `δ`):
//!
//! * present without `!` in `c` and absent in `c′` (or present with `!`): at
//!   `n = k + h(b)` it produces the option of `h(b)` heaps of size 1 (the empty
//!   option for `b = 1`, `k ≥ 1`), which `c′` does not have (under `!`, a split
//!   into heaps of size 1 leaves equal heaps);
//! * present with `!` in `c` and absent in `c′`: at `n = k + 3` (`b = 4`, heaps
//!   `{1, 2}`) or `n = k + 6` (`b = 8`, heaps `{1, 2, 3}`) it produces an option
//!   that `c′` lacks (`b ∈ {1, 2}` cannot carry `!`).
//!
//! So different generators show at a heap `n ≤ k + 6` for some `k` where the
//! digits differ, and `k ≤ K`: two eventually periodic digit sequences that
//! agree below `S + q + q′ − gcd(q, q′)`, `S = max(s, s′)`, agree everywhere.
//! Their common digits `w` from index `S` to there have periods `q` and `q′`,
//! hence period `g = gcd(q, q′)` (Fine and Wilf), and both sequences continue
//! `w` with period `g`: the digit at `S + i` is `w[i mod q] = w[i mod g]` in
//! one and `w[i mod q′] = w[i mod g]` in the other. Without `!`, `n ≤ K + 3`
//! suffices (`n ≤ K + 2` for octal codes, digits below 8). Since a `!` is
//! written only after a digit that splits (`OctalCode::parse`), two digits
//! have the same generators exactly when they are equal. ∎
//!
//! So the equivalences are the trivial ones: trailing zero digits (`0.770` is
//! `0.77`), the short form `.77`, lower- and upper-case hexadecimal digits, and
//! the ways of writing a repeating group (`0.3[3]`, `0.[33]` and `0.[3]` are
//! Nim). [`canonical_code`] writes the representative: `d₀`, the written
//! digits without trailing zeros, the shortest group from the earliest index
//! (uppercase hexadecimal, `!` after each digit that has it; `d₀.0` when no
//! digit follows the point). Games whose *values* are related (a shifted
//! sequence: `0.07` is `0.137` one heap later) are different games: the
//! census plan ([`census_plan`]) computes the one with the fewest shifts
//! and builds the others' records from its values ([`census_shifted`],
//! [`shift_classes`], [`CensusTask::derived`]).
//!
//! # When two games have the same values
//!
//! Different games may still share every nim-value, and a census computes
//! such a *value class* once ([`value_classes`]): two codes are put in one
//! class when their digits differ in bit 1 only (taking a whole heap of
//! exactly `k` tokens), at indices of their written digits, and their values
//! agree at the heaps up to the largest such index `k*`.
//!
//! **Claim.** Then `g_c(n) = g_c′(n)` at every heap `n`.
//!
//! **Proof.** The move of bit 1 of `d_k` exists at heap `n = k` alone (it
//! leaves nothing); every other generator is common to both codes. So heaps
//! `n` other than those indices `k` have the same options under both codes,
//! and each option is a multiset of smaller heaps. By strong induction on
//! `n`: the values agree up to `k*` by the check, and past `k*` an option's
//! value is the XOR of the values of smaller heaps, equal under both codes,
//! so the mex is equal. ∎
//!
//! The check is exact for such codes: if the values differ at some heap up
//! to `k*` the sequences differ. `0.024` and `0.025` are one class (heap 3
//! has value 1 with or without the move taking it whole, which reaches 0
//! like the move leaving heap 1), `0.004` and `0.005` are not. A game whose
//! class has another leader keeps its own record (the values and what they
//! show are the leader's: `computed` counts the leader's values, which under
//! a work limit can differ by a heap or two from what the game's own,
//! slightly different, work would reach).
//!
//! Two more rules group codes, each proved in its module: a move whose every
//! option has the value of another move's option at the same heap can be
//! dropped ([`pruned_code`]: `0.62` is `0.6`), and a code whose heap 1 is dead
//! is another code one heap later ([`shifted_code`]: `0.6` is `0.37` shifted).
//! Codes that reach games of one class by the same number of shifts have the
//! same values; by different numbers, shifted values ([`shift_classes`]).

mod claim;
mod dominance;
mod folder;
mod game;
pub(crate) mod json;
mod output_file;
pub(crate) mod plan;
mod record;
pub mod saved;
mod shift;
mod statistics;
mod values;

pub use claim::{Claim, ClaimTimes, Claimed, Owner, Sighting};
pub use dominance::pruned_code;
pub use folder::{CensusFolder, Kept};
pub use game::{
    CENSUS_MAX_LEN, CENSUS_MAX_TOTAL_WORK, CENSUS_MAX_WORK, Resumed, ShiftPart, census_claimed,
    census_estimate, census_estimate_in, census_game, census_resume, census_resume_kept, census_sample,
    census_total_work,
};
pub use output_file::OutputFile;
pub use plan::{
    CensusGame, CensusPlan, CensusTask, ClaimWay, Derived, TaskRun, census_games, census_order, census_plan,
    census_task,
};
pub use record::{Fnv1a64, GameRecord, GameStatus};
pub use shift::{census_shifted, reduced_code, shifted_code};
pub use statistics::{RareSplit, ValueStatistics};
pub use values::{
    CENSUS_CHECKPOINT_WORK, CENSUS_MAX_VALUES_DISK, Extended, KeepValues, ValuesKept, census_game_kept,
    census_values_check, census_values_disk, census_values_note,
};

#[cfg(test)]
use crate::HeapGame;
use crate::error::Error;
use crate::heap::{Digit, OctalCode};
use rustc_hash::FxHashMap;

/// The most codes one census may list (`2^24`).
pub const MAX_CENSUS_CODES: usize = 1 << 24;

/// The codes `d₀.d₁…d_D` of a family: `D = digits` digits after the point,
/// each `0`–`7` (`0`–`F` when `hex`), for each first digit `d₀` in `first`
/// (`0`, `4`, `8` or `12`); codes with no moves (`0.000`) are left out. The
/// codes are listed in numerical order, first digit first.
///
/// ```
/// use grundy::census::census_codes;
///
/// let codes = census_codes(3, &[0], false).unwrap();
/// assert_eq!(codes.len(), 511);
/// assert_eq!((codes[0].as_str(), codes[510].as_str()), ("0.001", "0.777"));
/// assert_eq!(census_codes(1, &[4], true).unwrap().len(), 16);
/// ```
pub fn census_codes(digits: usize, first: &[u8], hex: bool) -> Result<Vec<String>, Error> {
    if digits == 0 {
        return Err(Error::invalid("digits", "must be at least 1"));
    }
    if first.is_empty() {
        return Err(Error::invalid("first_digit", "must name at least one digit"));
    }
    if let Some(d) = first.iter().find(|&&d| d & 3 != 0 || d > 12) {
        return Err(Error::invalid("first_digit", format!("must be 0, 4, 8 or C, not {d}")));
    }
    let base: usize = if hex { 16 } else { 8 };
    let per_head = (digits as u32)
        .checked_mul(base.trailing_zeros())
        .and_then(|bits| 1usize.checked_shl(bits))
        .filter(|&n| n.saturating_mul(first.len()) <= MAX_CENSUS_CODES)
        .ok_or_else(|| {
            Error::invalid("digits", format!("lists more than {MAX_CENSUS_CODES} codes; give fewer digits"))
        })?;
    let mut heads: Vec<u8> = first.to_vec();
    heads.sort_unstable();
    heads.dedup();
    let mut codes = Vec::with_capacity(per_head * heads.len());
    for d0 in heads {
        for i in 0..per_head {
            if d0 == 0 && i == 0 {
                continue;
            }
            let mut text = format!("{d0:X}.");
            for place in (0..digits).rev() {
                let d = (i / base.pow(place as u32)) % base;
                text.push(char::from_digit(d as u32, 16).unwrap_or('0').to_ascii_uppercase());
            }
            codes.push(text);
        }
    }
    Ok(codes)
}

/// The shortest `(start, group)` describing the digits from the group on:
/// `None` for a finite code.
fn shortest_group(code: &OctalCode) -> Option<(usize, Vec<Digit>)> {
    let (start, group) = code.group()?;
    let len = group.len();
    let q = (1..=len).find(|&q| len.is_multiple_of(q) && (q..len).all(|i| group[i] == group[i - q]))?;
    let mut s = start;
    while s > 1 && code.rule(s - 1) == code.rule(s - 1 + q) {
        s -= 1;
    }
    Some((s, (s..s + q).map(|k| code.rule(k)).collect()))
}

fn digit_text(d: Digit) -> String {
    let c = char::from_digit(u32::from(d.bits), 16).unwrap_or('0').to_ascii_uppercase();
    if d.distinct { format!("{c}!") } else { c.to_string() }
}

/// The canonical representative of a code's game (see the module docs): the
/// same text for exactly the codes with the same rules ([`same_rules`]).
///
/// ```
/// use grundy::census::canonical_code;
/// use grundy::heap::OctalCode;
///
/// let c = |s: &str| canonical_code(&OctalCode::parse(s).unwrap());
/// assert_eq!(c("0.770"), "0.77");
/// assert_eq!(c(".77"), "0.77");
/// assert_eq!(c("0.3[3]"), "0.[3]");
/// assert_eq!(c("4!.000"), "4!.0");
/// assert_eq!(c("0.1f"), "0.1F");
/// ```
pub fn canonical_code(code: &OctalCode) -> String {
    let written = code.written();
    let mut text = digit_text(written[0]);
    text.push('.');
    match shortest_group(code) {
        Some((s, group)) => {
            for k in 1..s {
                text.push_str(&digit_text(code.rule(k)));
            }
            text.push('[');
            for d in group {
                text.push_str(&digit_text(d));
            }
            text.push(']');
        }
        None if written.len() == 1 => text.push('0'),
        None => {
            for &d in &written[1..] {
                text.push_str(&digit_text(d));
            }
        }
    }
    text
}

/// `(s, q)`: the digits are periodic with period `q` from index `s` on.
fn eventual_period(code: &OctalCode) -> (usize, usize) {
    match code.group() {
        Some((s, group)) => (s, group.len()),
        None => (code.written().len(), 1),
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The largest heap whose option sets decide whether two codes have the same
/// rules: `K + 6` ([`last_difference`], module docs).
#[cfg(test)]
fn rules_bound(a: &OctalCode, b: &OctalCode) -> usize {
    last_difference(a, b) + 6
}

/// `K = max(s, s′) + q + q′ − gcd(q, q′) − 1`: the largest index where the
/// digit sequences of `a` and `b` can first differ (they agree everywhere if
/// they agree up to it, module docs).
fn last_difference(a: &OctalCode, b: &OctalCode) -> usize {
    let (sa, qa) = eventual_period(a);
    let (sb, qb) = eventual_period(b);
    sa.max(sb) + qa + qb - gcd(qa, qb) - 1
}

/// Whether two codes are the same game: the same options at every heap,
/// decided by their digits at the indices `0..=K` (`K` as in the module docs,
/// which prove that these suffice): linear in the codes' lengths.
///
/// ```
/// use grundy::census::same_rules;
/// use grundy::heap::OctalCode;
///
/// let p = |s: &str| OctalCode::parse(s).unwrap();
/// assert!(same_rules(&p("0.[3]"), &p("0.33[33]")));
/// assert!(same_rules(&p("0.160"), &p(".16")));
/// assert!(!same_rules(&p("0.161"), &p("0.36")));
/// assert!(!same_rules(&p("0.4!"), &p("0.4")));
/// ```
pub fn same_rules(a: &OctalCode, b: &OctalCode) -> bool {
    (0..=last_difference(a, b)).all(|k| a.rule(k) == b.rule(k))
}

/// The option sets of heaps `0..=last` compared: the reference [`same_rules`]
/// is tested against (at `last = K + 6` they decide the same, module docs).
#[cfg(test)]
fn same_rules_to(a: &OctalCode, b: &OctalCode, last: usize) -> bool {
    let (a, b) = (HeapGame::Octal(a.clone()), HeapGame::Octal(b.clone()));
    (0..=last as u64).all(|n| a.options(n).ok() == b.options(n).ok())
}

/// The value classes of `codes` (module docs): the indices of the codes,
/// grouped so that the codes of a group have the same nim-value at every
/// heap, shown by their rules and their first values; each group in the order
/// of `codes`, the groups in the order of their first codes. Codes with the
/// same rules ([`same_rules`]) are always grouped, and so are codes that
/// reduce, dropping dominated moves ([`pruned_code`]) and shifting
/// ([`shifted_code`]), by the same number of shifts to games grouped so
/// (`0.6` and `0.62`, both `0.37` one heap later; `0.564` and `0.566`).
///
/// ```
/// use grundy::census::value_classes;
/// use grundy::heap::OctalCode;
///
/// let codes: Vec<OctalCode> = ["0.024", "0.004", "0.025", "0.005", "0.6", "0.62"]
///     .iter()
///     .map(|c| OctalCode::parse(c).unwrap())
///     .collect();
/// assert_eq!(value_classes(&codes), vec![vec![0, 2], vec![1], vec![3], vec![4, 5]]);
/// ```
pub fn value_classes(codes: &[OctalCode]) -> Vec<Vec<usize>> {
    let classes = take_all_classes(codes, |_| 0);
    // the classes whose first codes reduce alike, by as many shifts
    let reduced: Vec<(OctalCode, usize)> = classes.iter().map(|c| normal_form(&codes[c[0]])).collect();
    let leaders: Vec<OctalCode> = reduced.iter().map(|(r, _)| r.clone()).collect();
    let mut merged: Vec<Vec<usize>> = take_all_classes(&leaders, |j| reduced[j].1)
        .into_iter()
        .map(|group| {
            let mut members: Vec<usize> = group.iter().flat_map(|&j| classes[j].iter().copied()).collect();
            members.sort_unstable();
            members
        })
        .collect();
    merged.sort_unstable_by_key(|members| members[0]);
    merged
}

/// A code's game with its dominated generators dropped ([`pruned_code`]) and
/// shifted ([`shifted_code`]) while it can be, and the number `t` of shifts:
/// `g_c(n) = g_N(n − t)` for `n ≥ t` (each step keeps the values or shifts
/// them by one heap). The steps are at most the code's length and eight
/// (a shift moves the take-all generators down by one; the bound only keeps
/// the loop finite whatever the codes).
fn normal_form(code: &OctalCode) -> (OctalCode, usize) {
    let (mut form, mut t) = (code.clone(), 0);
    for _ in 0..code.written().len() + 8 {
        if let Some(pruned) = pruned_code(&form) {
            form = pruned;
        }
        match shifted_code(&form) {
            Some(next) => (form, t) = (next, t + 1),
            None => break,
        }
    }
    (form, t)
}

/// The value classes of the same-values rule of the module docs (codes whose
/// generators differ only in bit 1 at written indices, with the same first
/// values), among codes of the same `tag`: each group in the order of
/// `codes`, the groups in the order of their first codes.
fn take_all_classes(codes: &[OctalCode], tag: impl Fn(usize) -> usize) -> Vec<Vec<usize>> {
    // codes that can share values have the same digits but for bit 1: only
    // the classes of the same first such digits are compared (a few, not all)
    let mut classes: Vec<Vec<usize>> = Vec::new();
    let mut buckets: FxHashMap<ClassKey, Vec<usize>> = FxHashMap::default();
    for (i, code) in codes.iter().enumerate() {
        let key = (tag(i), std::array::from_fn(|k| without_take_all(code.rule(k))));
        let bucket = buckets.entry(key).or_default();
        match bucket.iter().find(|&&j| shares_values(&codes[classes[j][0]], code)) {
            Some(&j) => classes[j].push(i),
            None => {
                bucket.push(classes.len());
                classes.push(vec![i]);
            }
        }
    }
    classes
}

/// The value classes of `codes` ([`value_classes`]) whose values are the
/// same up to a shift: the classes (indices into `classes`) whose first codes
/// reduce (as in [`value_classes`]) to games of one value class, each with its
/// number of shifts `t` — a code of a class with `t` has the value at heap
/// `n` that a code of a class with `t′` has at heap `n − t + t′`. Groups of
/// one class are left out; each group in the order of `classes`.
///
/// ```
/// use grundy::census::{shift_classes, value_classes};
/// use grundy::heap::OctalCode;
///
/// let codes: Vec<OctalCode> = ["0.6", "0.37", "0.62", "0.77"].iter().map(|c| OctalCode::parse(c).unwrap()).collect();
/// let classes = value_classes(&codes);
/// assert_eq!(classes, vec![vec![0, 2], vec![1], vec![3]]);
/// // 0.6 (and 0.62) is 0.37 one heap later
/// assert_eq!(shift_classes(&codes, &classes), vec![vec![(0, 1), (1, 0)]]);
/// ```
pub fn shift_classes(codes: &[OctalCode], classes: &[Vec<usize>]) -> Vec<Vec<(usize, usize)>> {
    let reduced: Vec<(OctalCode, usize)> = classes.iter().map(|c| normal_form(&codes[c[0]])).collect();
    let leaders: Vec<OctalCode> = reduced.iter().map(|(r, _)| r.clone()).collect();
    take_all_classes(&leaders, |_| 0)
        .into_iter()
        .filter(|group| group.len() > 1)
        .map(|group| group.into_iter().map(|j| (j, reduced[j].1)).collect())
        .collect()
}

/// A tag and the digits without bit 1 ([`take_all_classes`]' buckets).
type ClassKey = (usize, [(u8, bool); CLASS_KEY_DIGITS]);

/// The digits [`value_classes`] buckets codes by (any number would do: codes
/// of a class agree at every index but in bit 1).
const CLASS_KEY_DIGITS: usize = 24;

/// A digit without its bit 1, and its `!` where it matters (bits 4 and 8):
/// the generators other than taking a whole heap (module docs).
fn without_take_all(d: Digit) -> (u8, bool) {
    (d.bits & !1, d.distinct && d.bits & 12 != 0)
}

/// Whether the claim of the module docs shows that `a` and `b` have the same
/// value at every heap: their generators differ only in bit 1 at indices of
/// their written digits, and their values agree up to the largest of them
/// (or they have the same rules). `false` means only that it does not.
fn shares_values(a: &OctalCode, b: &OctalCode) -> bool {
    let ((sa, _), (sb, _)) = (eventual_period(a), eventual_period(b));
    let mut take_all = Vec::new();
    for k in 0..=last_difference(a, b) {
        let (x, y) = (a.rule(k), b.rule(k));
        if without_take_all(x) != without_take_all(y) {
            return false;
        }
        if (x.bits ^ y.bits) & 1 != 0 {
            take_all.push(k);
        }
    }
    let Some(&top) = take_all.last() else {
        // the same generators: the same rules
        return true;
    };
    // the indices must be written digits: a repeating group repeats them forever
    let in_group = |c: &OctalCode, s: usize| c.group().is_some() && top >= s;
    if in_group(a, sa) || in_group(b, sb) {
        return false;
    }
    a.values_quadratic(top + 1) == b.values_quadratic(top + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair of codes among small families: [`same_rules`] (at the
    /// proved bound) agrees with a comparison of many more heaps and with the
    /// canonical texts.
    #[test]
    fn equivalence_matches_option_sets_far_beyond_the_bound() {
        let mut codes: Vec<String> = Vec::new();
        for d0 in ["0", "4", "4!", "8", "8!"] {
            for d1 in ["0", "1", "3", "4", "4!", "8", "8!", "C!", "F"] {
                for d2 in ["", "0", "2", "4!", "8"] {
                    codes.push(format!("{d0}.{d1}{d2}"));
                }
            }
        }
        for g in [
            "0.[3]", "0.3[3]", "0.[33]", "0.33[3]", "0.[4!]", "0.4![4!]", "0.[4]", "0.1[3]", "0.[37]",
            "0.3[73]",
        ] {
            codes.push(g.to_string());
        }
        let parsed: Vec<(OctalCode, String)> = codes
            .iter()
            .filter_map(|c| OctalCode::parse(c).ok())
            .map(|c| {
                let k = canonical_code(&c);
                (c, k)
            })
            .collect();
        for (a, ka) in &parsed {
            assert!(same_rules(a, &OctalCode::parse(ka).unwrap()), "{} vs {ka}", a.text());
            for (b, kb) in &parsed {
                let quick = same_rules(a, b);
                assert_eq!(quick, same_rules_to(a, b, 40), "{} {}", a.text(), b.text());
                assert_eq!(quick, ka == kb, "{} {}", a.text(), b.text());
            }
        }
    }

    /// Every three-digit octal code, and codes with `!` and groups: the
    /// codes [`value_classes`] groups have the same values far past the heaps
    /// it compares (sound), and two finite codes whose digits differ in bit 1
    /// only and whose values agree that far are grouped (exact).
    #[test]
    fn value_classes_are_sound_and_exact() {
        let mut texts = census_codes(3, &[0], false).unwrap();
        for extra in [
            "0.4!", "0.5!", "4.07", "4.17", "4!.0", "4!.1", "0.[3]", "0.1[3]", "0.0[3]", "0.2[3]", "0.16[3]",
            // differ in bit 1 in their group, agree up to the last index compared, not after
            "0.2[4]", "0.2[5]",
        ] {
            texts.push(extra.to_string());
        }
        let codes: Vec<OctalCode> = texts.iter().map(|t| OctalCode::parse(t).unwrap()).collect();
        let values: Vec<Vec<u32>> = codes.iter().map(|c| c.values_quadratic(300)).collect();
        let classes = value_classes(&codes);
        let mut class_of = vec![usize::MAX; codes.len()];
        for (j, class) in classes.iter().enumerate() {
            for &i in class {
                assert_eq!(class_of[i], usize::MAX, "{} in two classes", texts[i]);
                class_of[i] = j;
                assert_eq!(values[i], values[class[0]], "{} grouped with {}", texts[i], texts[class[0]]);
            }
        }
        assert!(class_of.iter().all(|&j| j != usize::MAX));
        let finite = |c: &OctalCode| c.group().is_none();
        let mut grouped = 0;
        for i in 0..codes.len() {
            for j in 0..i {
                let take_all_only = (0..8).all(|k| codes[i].rule(k).bits & !1 == codes[j].rule(k).bits & !1)
                    && (0..8).all(|k| codes[i].rule(k).distinct == codes[j].rule(k).distinct);
                if finite(&codes[i]) && finite(&codes[j]) && take_all_only && values[i] == values[j] {
                    assert_eq!(class_of[i], class_of[j], "{} and {}", texts[i], texts[j]);
                    grouped += 1;
                }
            }
        }
        // 0.024 ~ 0.025, 0.06 ~ 0.061, … (and none of 0.004 ~ 0.005)
        assert!(grouped > 50, "{grouped} pairs");
        let class = |t: &str| class_of[texts.iter().position(|x| x == t).unwrap()];
        assert_eq!(class("0.024"), class("0.025"));
        assert_ne!(class("0.004"), class("0.005"));
    }

    /// The bound `K` is tight: `0.[12]` and `0.[121]` agree at the indices
    /// below `K = 1 + 2 + 3 − 1 − 1 = 4` and differ at 4 (a word of length
    /// `q + q′ − gcd − 1` can have both periods without their gcd), so a
    /// comparison stopping one index earlier would call them the same game.
    /// Long codes are compared in time linear in their length.
    #[test]
    fn the_digit_bound_is_tight_and_linear() {
        let (a, b) = (OctalCode::parse("0.[12]").unwrap(), OctalCode::parse("0.[121]").unwrap());
        assert_eq!(last_difference(&a, &b), 4);
        assert!((1..4).all(|k| a.rule(k) == b.rule(k)) && a.rule(4) != b.rule(4));
        assert!(!same_rules(&a, &b));
        assert!(!same_rules_to(&a, &b, 40));
        // 3000-digit groups of coprime lengths: lcm 9·10^6, bound 6000
        let group = |len: usize| format!("0.[{}]", "7".repeat(len - 1) + "6");
        let (c, d) = (OctalCode::parse(&group(3000)).unwrap(), OctalCode::parse(&group(2999)).unwrap());
        assert!(last_difference(&c, &d) < 6000);
        assert!(!same_rules(&c, &d));
        let long = "F".repeat(300);
        let e = OctalCode::parse(&format!("0.{long}")).unwrap();
        assert!(same_rules(&e, &OctalCode::parse(&format!("0.{long}000")).unwrap()));
        assert_eq!(canonical_code(&e), format!("0.{long}"));
    }

    /// The equivalences of the published lookup table (tczajka/octal-games,
    /// `GameLookup.md`: "for equivalent games, nim sequences are same"; "a
    /// game in which taking a 1-element heap is not allowed is considered
    /// equivalent to the game with all heap sizes reduced by 1") among the
    /// three-digit codes: `0.6 = 0.62`, `0.244 = 0.246`, `0.404 = 0.406 =
    /// 0.424 = 0.426` are value classes and `0.37` is `0.6` one heap earlier.
    /// Every class the shifts merge and every shift group has its values,
    /// computed for each code on its own, equal (or shifted) to `2^15` heaps.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "2^15 values of many games: run in release (cargo test --release)")]
    fn published_equivalences_are_classes_checked_to_2_15_heaps() {
        let texts = census_codes(3, &[0], false).unwrap();
        let codes: Vec<OctalCode> = texts.iter().map(|t| OctalCode::parse(t).unwrap()).collect();
        let at = |t: &str| texts.iter().position(|x| x == t).unwrap();
        let classes = value_classes(&codes);
        let class_of = |i: usize| classes.iter().position(|c| c.contains(&i)).unwrap();
        for group in [&["0.600", "0.620"][..], &["0.244", "0.246"], &["0.404", "0.406", "0.424", "0.426"]] {
            assert!(group.iter().all(|t| class_of(at(t)) == class_of(at(group[0]))), "{group:?}");
        }
        let shifts = shift_classes(&codes, &classes);
        let shift_of = |i: usize| shifts.iter().flatten().find(|(j, _)| *j == class_of(i)).map(|&(_, t)| t);
        let group_of = |i: usize| shifts.iter().position(|g| g.iter().any(|(j, _)| *j == class_of(i)));
        assert_eq!(group_of(at("0.370")), group_of(at("0.600")));
        let (t37, t6) = (shift_of(at("0.370")).unwrap(), shift_of(at("0.600")).unwrap());
        assert_eq!(t6, t37 + 1, "0.6 is 0.37 one heap later");
        for group in [
            &["0.566", "0.564"][..],
            &["0.742", "0.740"],
            &["0.746", "0.744"],
            &["0.762", "0.760"],
            &["0.766", "0.764"],
        ] {
            assert!(group.iter().all(|t| class_of(at(t)) == class_of(at(group[0]))), "{group:?}");
        }
        // every merge beyond the take-all rule, and every shift, computed code by code
        let len = 1 << 15;
        let values = |i: usize| {
            let mut r = crate::heap::RareValues::new(&codes[i]);
            r.extend_to(len);
            r.into_values()
        };
        let take_all = take_all_classes(&codes, |_| 0);
        let (mut merged, mut shifted) = (0, 0);
        for class in &classes {
            if take_all.iter().any(|c| c == class) {
                continue;
            }
            let first = values(class[0]);
            for &i in &class[1..] {
                assert_eq!(values(i), first, "{} and {}", texts[i], texts[class[0]]);
                merged += 1;
            }
        }
        for group in &shifts {
            let (lead, t) = group[0];
            let first = values(classes[lead][0]);
            for &(j, u) in &group[1..] {
                let other = values(classes[j][0]);
                let (a, b) = if t >= u {
                    (&first[t - u..], &other[..len - t + u])
                } else {
                    (&first[..len - u + t], &other[u - t..])
                };
                assert_eq!(
                    a, b,
                    "{} ({t} shifts) and {} ({u})",
                    texts[classes[lead][0]], texts[classes[j][0]]
                );
                shifted += 1;
            }
        }
        eprintln!(
            "{merged} codes merged beyond the take-all rule, {shifted} shifted classes; {} classes",
            classes.len()
        );
        assert!(merged >= 20 && shifted >= 10, "{merged} merged, {shifted} shifted");
    }

    #[test]
    fn a_bang_triple_shows_only_at_its_index_plus_six() {
        // 0.18! and 0.1 differ only by (2, 8, !): heaps {1, 2, 3} from heap 8
        let (c, d) = (OctalCode::parse("0.18!").unwrap(), OctalCode::parse("0.1").unwrap());
        assert!(same_rules_to(&c, &d, 7));
        assert!(!same_rules_to(&c, &d, 8));
        assert!(!same_rules(&c, &d));
        assert!(rules_bound(&c, &d) >= 8);
    }
}
