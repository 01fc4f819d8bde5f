//! Take-and-break games given by a code: octal and hexadecimal digits, the
//! `!` rule and repeating groups.
//!
//! A code `d₀.d₁d₂d₃…` gives, for each `k >= 1`, the ways to remove `k` tokens
//! from a heap as the bits of the hexadecimal digit `d_k`: 1 = when that leaves
//! nothing (the heap had exactly `k`), 2 = leaving one nonempty heap, 4 = leaving
//! two nonempty heaps, 8 = leaving three nonempty heaps. `d₀` is 0, 4, 8 or C:
//! splitting a heap into two (4) or three (8) nonempty heaps without removing
//! anything. Kayles is `0.77`, Dawson's Kayles `0.07`, Dawson's chess `0.137`;
//! the subtraction game with set `S` is the code with digit 3 at `S`.
//!
//! * `!` directly after a digit: when that digit's move leaves two or more
//!   heaps, they must have pairwise different sizes. Grundy's game is `4!.0`.
//! * `[digits]` at the end: that group repeats forever, so `0.[3]` is Nim
//!   (remove any number) and `0.1[3]` removes one token only from a heap of one.
//!
//! `g(n) = mex` of: `0` for each `k = n` with bit 1; `g(n−k)` for each `k < n`
//! with bit 2; `g(a) ⊕ g(n−k−a)` for the two-heap splits and
//! `g(a) ⊕ g(b) ⊕ g(n−k−a−b)` for the three-heap splits of `n − k` (parts
//! pairwise different under `!`).
//!
//! This module parses codes ([`OctalCode::parse`]), answers what a code allows
//! (the moves of a heap, its kinds of split) and computes `g` by the plain
//! definition ([`OctalCode::values_quadratic`], the reference path); the
//! certificate of a period is in [`super::certificate`].

use super::mex::Mex;
use crate::error::Error;

/// One digit of a code: the moves that remove `k` tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Digit {
    /// The sum of 1 (take the whole heap), 2 (leave one heap), 4 (leave two), 8 (leave three).
    pub bits: u8,
    /// `!`: the heaps left by a split have pairwise different sizes.
    pub distinct: bool,
}

/// A parsed code (octal or hexadecimal, with `!` and a repeating group).
///
/// ```
/// use grundy::heap::OctalCode;
///
/// let kayles = OctalCode::parse("0.77").unwrap();
/// assert_eq!(kayles.values_quadratic(8), vec![0, 1, 2, 3, 1, 4, 3, 2]);
/// let grundy_game = OctalCode::parse("4!.0").unwrap();
/// assert_eq!(grundy_game.values_quadratic(10), [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
/// let nim = OctalCode::parse("0.[3]").unwrap();
/// assert_eq!(nim.values_quadratic(5), [0, 1, 2, 3, 4]);
/// assert!(OctalCode::parse("0.7G").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCode {
    /// `digits[k]` for the written digits before the group; `digits[0]` is `d₀`.
    digits: Vec<Digit>,
    /// The repeating group, for `k >= digits.len()`; empty when there is none.
    group: Vec<Digit>,
    text: String,
    /// `(k, !)` for each written digit `d_k` with bit 4, `k` ascending, and
    /// whether some digit has bit 8: what the rare/common search reads for
    /// every heap, found once.
    two: Vec<(usize, bool)>,
    three: bool,
    /// [`OctalCode::nearest_part`], found once (read for every heap).
    nearest: usize,
}

/// The kinds of move, as digit bits.
pub(super) const TAKE_ALL: u8 = 1;
pub(super) const LEAVE_ONE: u8 = 2;
pub(super) const LEAVE_TWO: u8 = 4;
pub(super) const LEAVE_THREE: u8 = 8;

impl OctalCode {
    /// Parses `d₀.d₁d₂…` with `!` and a final `[group]`; an error names the
    /// offending character and its position.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let trimmed = text.trim();
        let bad = |i: usize, c: char, why: &str| {
            Error::parse("game code", format!("'{trimmed}': character '{c}' at position {}: {why}", i + 1))
        };
        let mut chars: Vec<char> = trimmed.chars().collect();
        let mut shift = 0;
        if chars.first() == Some(&'.') {
            // ".77" is the common short form of "0.77"
            chars.insert(0, '0');
            shift = 1;
        }
        let pos = |i: usize| i.saturating_sub(shift);
        let Some(dot) = chars.iter().position(|&c| c == '.') else {
            return Err(Error::parse("game code", format!("'{trimmed}': expected a point, as in 0.77")));
        };
        let head_len = if chars.get(1) == Some(&'!') { 2 } else { 1 };
        if dot != head_len {
            let i = head_len.min(dot);
            return Err(bad(pos(i), chars[i], "expected one digit (0, 4, 8 or C) before the point"));
        }
        let d0 = match chars[0].to_digit(16) {
            Some(d) if d & 3 == 0 => d as u8,
            _ => return Err(bad(0, chars[0], "the digit before the point must be 0, 4, 8 or C")),
        };
        let mut digits = vec![Digit { bits: d0, distinct: false }];
        let mut group: Vec<Digit> = Vec::new();
        let mut in_group = false;
        let mut closed = false;
        let mark_distinct = |list: &mut Vec<Digit>, i: usize| -> Result<(), Error> {
            match list.last_mut() {
                Some(d) if d.bits & (LEAVE_TWO | LEAVE_THREE) != 0 && !d.distinct => {
                    d.distinct = true;
                    Ok(())
                }
                Some(d) if d.distinct => Err(bad(pos(i), '!', "a second '!' after the same digit")),
                Some(_) => Err(bad(pos(i), '!', "'!' follows a digit whose moves leave at most one heap")),
                None => Err(bad(pos(i), '!', "'!' must follow a digit")),
            }
        };
        if head_len == 2 {
            mark_distinct(&mut digits, 1)?;
        }
        for (i, &c) in chars.iter().enumerate().skip(dot + 1) {
            if closed {
                return Err(bad(pos(i), c, "nothing may follow the repeating group"));
            }
            match c {
                '[' if in_group => return Err(bad(pos(i), c, "groups do not nest")),
                '[' => in_group = true,
                ']' if !in_group => return Err(bad(pos(i), c, "']' without '['")),
                ']' if group.is_empty() => return Err(bad(pos(i), c, "the repeating group is empty")),
                ']' => closed = true,
                '!' if in_group && !group.is_empty() => mark_distinct(&mut group, i)?,
                '!' if in_group => return Err(bad(pos(i), c, "'!' must follow a digit")),
                '!' if i == dot + 1 => return Err(bad(pos(i), c, "'!' must follow a digit")),
                '!' => mark_distinct(&mut digits, i)?,
                _ => match c.to_digit(16) {
                    Some(d) => {
                        let list = if in_group { &mut group } else { &mut digits };
                        list.push(Digit { bits: d as u8, distinct: false });
                    }
                    None => return Err(bad(pos(i), c, "not a hexadecimal digit 0-9, A-F")),
                },
            }
        }
        if in_group && !closed {
            return Err(Error::parse(
                "game code",
                format!("'{trimmed}': the repeating group is not closed by ']'"),
            ));
        }
        if group.iter().all(|d| d.bits == 0) {
            group.clear();
        }
        if group.is_empty() {
            while digits.len() > 1 && digits.last().is_some_and(|d| d.bits == 0) {
                digits.pop();
            }
        }
        if digits.iter().chain(&group).all(|d| d.bits == 0) {
            return Err(Error::invalid(
                "game",
                format!("'{trimmed}' allows no moves: the game has no moves (every digit is 0)"),
            ));
        }
        Ok(OctalCode::assemble(digits, group, trimmed.to_string()))
    }

    /// The code of the digits and group given, written `text`.
    fn assemble(digits: Vec<Digit>, group: Vec<Digit>, text: String) -> Self {
        let two =
            digits.iter().enumerate().filter(|(_, d)| d.bits & LEAVE_TWO != 0).map(|(k, d)| (k, d.distinct));
        let two = two.collect();
        let three = digits.iter().chain(&group).any(|d| d.bits & LEAVE_THREE != 0);
        let mut code = OctalCode { digits, group, text, two, three, nearest: 0 };
        code.nearest = code.nearest_part_of_digits();
        code
    }

    /// The code of the subtraction game with set `moves` (digit 3 at each member).
    pub fn from_subtraction(moves: &[u64]) -> Option<Self> {
        let top = usize::try_from(*moves.iter().max()?).ok()?;
        let mut digits = vec![Digit::default(); top + 1];
        for &s in moves {
            digits[s as usize].bits = 3;
        }
        let text = format!("0.{}", digits[1..].iter().map(|d| d.bits.to_string()).collect::<String>());
        Some(OctalCode::assemble(digits, Vec::new(), text))
    }

    /// The code of the subtraction game whose set is every positive integer
    /// except those in `excluded`: digit 0 at the excluded ones, 3 elsewhere,
    /// and the group `[3]` after the largest. `None` if an excluded member is 0
    /// or too large to index.
    pub fn all_but(excluded: &[u64]) -> Option<Self> {
        if excluded.contains(&0) {
            return None;
        }
        let top = usize::try_from(excluded.iter().copied().max().unwrap_or(0)).ok()?;
        let mut digits = vec![Digit { bits: 3, distinct: false }; top + 1];
        digits[0].bits = 0;
        for &s in excluded {
            digits[s as usize].bits = 0;
        }
        let written: String = digits[1..].iter().map(|d| d.bits.to_string()).collect();
        let text = format!("0.{written}[3]");
        Some(OctalCode::assemble(digits, vec![Digit { bits: 3, distinct: false }], text))
    }

    /// The code as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the code is octal in the classical sense: digits 0-7, no `!`, no group.
    pub fn is_octal(&self) -> bool {
        self.group.is_empty() && self.digits.iter().all(|d| d.bits < 8 && !d.distinct)
    }

    /// The digit for removing `k` tokens (a zero digit beyond a finite code).
    pub fn rule(&self, k: usize) -> Digit {
        match self.digits.get(k) {
            Some(&d) => d,
            None if self.group.is_empty() => Digit::default(),
            None => self.group[(k - self.digits.len()) % self.group.len()],
        }
    }

    /// The digit bits `d_k` (0 beyond a finite code).
    pub fn digit(&self, k: usize) -> u8 {
        self.rule(k).bits
    }

    /// The repeating group and the `k` where it starts, if any.
    pub fn group(&self) -> Option<(usize, &[Digit])> {
        (!self.group.is_empty()).then_some((self.digits.len(), self.group.as_slice()))
    }

    /// The written digits before the group, `d₀` first.
    pub fn written(&self) -> &[Digit] {
        &self.digits
    }

    /// `t`: the largest number of tokens a move removes; `None` for a code
    /// with a repeating group (moves remove any number).
    pub fn max_removal(&self) -> Option<usize> {
        self.group.is_empty().then(|| self.digits.len() - 1)
    }

    /// The largest `k` of a finite code whose digit has one of `bits` (and
    /// `!` as asked, `None` for either); `None` if there is no such digit.
    pub(super) fn max_removal_with(&self, bits: u8, distinct: Option<bool>) -> Option<usize> {
        self.digits.iter().rposition(|d| d.bits & bits != 0 && distinct.is_none_or(|x| d.distinct == x))
    }

    /// Whether some move splits a heap into two or three.
    pub fn splits(&self) -> bool {
        self.digits.iter().chain(&self.group).any(|d| d.bits & (LEAVE_TWO | LEAVE_THREE) != 0)
    }

    /// Whether some move splits a heap into three.
    pub fn splits_in_three(&self) -> bool {
        self.three
    }

    /// The largest `k <= n` to look at: `n` with a group, else `min(n, t)`.
    fn reach(&self, n: usize) -> usize {
        match self.max_removal() {
            Some(t) => t.min(n),
            None => n,
        }
    }

    /// The heap sizes `m = n − k >= min` that a move of kind `bit` splits, with
    /// the `!` flag of its digit.
    fn sizes(&self, n: usize, bit: u8, min: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        (0..=self.reach(n)).filter_map(move |k| {
            let d = self.rule(k);
            (d.bits & bit != 0 && n >= k + min).then_some((n - k, d.distinct))
        })
    }

    /// The heap sizes `m = n − k` that a two-heap split of heap `n` divides,
    /// with whether the parts must differ (`!`).
    pub fn split_sizes(&self, n: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        let listed = self.listed_splits(n).iter().map(move |&(k, d)| (n - k, d));
        let general = (!self.group.is_empty()).then(|| self.sizes(n, LEAVE_TWO, 2));
        listed.chain(general.into_iter().flatten())
    }

    /// [`OctalCode::split_sizes`] written into `out` (cleared first): for a
    /// finite code a map of a slice, which the compiler writes as a plain
    /// loop (the chained iterator cost about 120 instructions a heap, 5 % of
    /// `0.156` to `10^5` values).
    pub(super) fn split_sizes_into(&self, n: usize, out: &mut Vec<(usize, bool)>) {
        out.clear();
        out.extend(self.listed_splits(n).iter().map(|&(k, d)| (n - k, d)));
        if !self.group.is_empty() {
            out.extend(self.sizes(n, LEAVE_TWO, 2));
        }
    }

    /// A finite code's digits with bit 4 that split a heap of `n` (`n >= k + 2`),
    /// listed once; none for a code with a repeating group.
    fn listed_splits(&self, n: usize) -> &[(usize, bool)] {
        match self.group.is_empty() {
            // every listed split applies once n passes the last k + 1
            true if self.two.last().is_none_or(|&(k, _)| n >= k + 2) => &self.two,
            true => &self.two[..self.two.partition_point(|&(k, _)| n >= k + 2)],
            false => &[],
        }
    }

    /// The heap sizes `m = n − k` that a three-heap split of heap `n` divides,
    /// with whether the parts must differ (`!`).
    pub fn triple_sizes(&self, n: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        self.sizes(n, LEAVE_THREE, 3)
    }

    /// The values reached by moves that leave at most one heap:
    /// `0` for bit 1 at `k = n`, `g(n − k)` for bit 2 at `k < n`.
    pub fn single_heap_values<'a, T: Copy + Into<u32>>(
        &'a self,
        n: usize,
        g: &'a [T],
    ) -> impl Iterator<Item = u32> + 'a {
        (1..=self.reach(n)).filter_map(move |k| self.single_heap_value(n, k, g))
    }

    /// The value reached from heap `n` by removing `k` tokens (`1 <= k <= n`)
    /// and leaving at most one heap, if the code allows it: `0` for bit 1 at
    /// `k = n`, `g(n − k)` for bit 2 at `k < n`.
    pub(super) fn single_heap_value<T: Copy + Into<u32>>(&self, n: usize, k: usize, g: &[T]) -> Option<u32> {
        let d = self.digit(k);
        if k == n && d & TAKE_ALL != 0 {
            Some(0)
        } else if k < n && d & LEAVE_ONE != 0 {
            Some(g[n - k].into())
        } else {
            None
        }
    }

    /// The `d` such that the moves from a heap of `n` involve no heap above
    /// `n − d`: the smallest `k` of a digit that leaves one heap, or `k + 1`
    /// of a digit that splits (the largest part of a split of `n − k` is
    /// `n − k − 1`); `usize::MAX` when no move leaves a heap.
    pub(super) fn nearest_part(&self) -> usize {
        self.nearest
    }

    /// [`OctalCode::nearest_part`] read from the digits.
    fn nearest_part_of_digits(&self) -> usize {
        let group = self.group.iter().enumerate().map(|(i, d)| (self.digits.len() + i, d));
        let digits = self.digits.iter().enumerate().chain(group);
        digits
            .filter_map(|(k, d)| match d.bits {
                b if b & LEAVE_ONE != 0 && k > 0 => Some(k),
                b if b & (LEAVE_TWO | LEAVE_THREE) != 0 => Some(k + 1),
                _ => None,
            })
            .min()
            .unwrap_or(usize::MAX)
    }

    /// How many `k` [`OctalCode::single_heap_values`] looks at for heap `n`:
    /// `min(n, t)`, or `n` with a repeating group.
    pub(super) fn single_reach(&self, n: usize) -> usize {
        self.reach(n)
    }

    /// Whether the code counts up, `g(n) = n` (`super::arith`): `d₀ = 0` and
    /// bits 1 and 2 in every digit `d_k`, `k >= 1`, a repeating group's
    /// included (`0.[3]`, `0.[7]`, `0.[F]`, not `4.[3]` nor `0.[3]` less a digit).
    ///
    /// ```
    /// use grundy::heap::OctalCode;
    ///
    /// assert!(OctalCode::parse("0.[F]").unwrap().counts_up());
    /// assert!(OctalCode::parse("0.7[B!]").unwrap().counts_up());
    /// assert!(!OctalCode::parse("4.[3]").unwrap().counts_up());
    /// assert!(!OctalCode::parse("0.37").unwrap().counts_up());
    /// assert!(!OctalCode::parse("0.1[7]").unwrap().counts_up());
    /// ```
    pub fn counts_up(&self) -> bool {
        !self.group.is_empty()
            && self.digits[0].bits == 0
            && self.digits[1..].iter().chain(&self.group).all(|d| d.bits & 3 == 3)
    }

    /// The excluded set `T` when the code is the subtraction game whose set is
    /// every positive integer but `T` (digits 0 or 3 only, the group all 3s).
    pub fn as_all_but(&self) -> Option<Vec<u64>> {
        let group_all_3 = !self.group.is_empty() && self.group.iter().all(|d| d.bits == 3);
        let plain = self.digits[0].bits == 0 && self.digits[1..].iter().all(|d| d.bits == 0 || d.bits == 3);
        (group_all_3 && plain)
            .then(|| (1..self.digits.len()).filter(|&k| self.digits[k].bits == 0).map(|k| k as u64).collect())
    }

    /// `g(0..len)` by the plain definition: every option of every heap is
    /// listed, `O(len²)` with two-heap splits and `O(len³)` with three-heap
    /// splits. This is the reference path for every faster computation.
    pub fn values_quadratic(&self, len: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(len);
        let mut mex = Mex::new();
        for n in 0..len {
            let mut reach: Vec<u32> = self.single_heap_values(n, &g).collect();
            for (m, distinct) in self.split_sizes(n) {
                // the pairs (a, m − a) for a = 1..=top
                let top = if distinct { (m - 1) / 2 } else { m / 2 };
                let (left, right) = (&g[1..=top], &g[m - top..m]);
                reach.extend(left.iter().zip(right.iter().rev()).map(|(&l, &r)| l ^ r));
            }
            for (m, distinct) in self.triple_sizes(n) {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        let c = m - a - b;
                        if !distinct || (a < b && b < c) {
                            reach.push(g[a] ^ g[b] ^ g[c]);
                        }
                    }
                }
            }
            g.push(mex.of(reach.len(), reach.iter().copied()));
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_split_sizes_are_the_digits_read_one_by_one() {
        // the sizes listed at parse time against every digit read in turn
        for code in
            ["0.77", "0.007", "4.7", "4!.0", "0.4!4", "0.04", "8.0", "0.1[4]", "4.[4]", "0.[7]", "0.6"]
        {
            let c = OctalCode::parse(code).unwrap();
            for n in 0..40 {
                let listed: Vec<_> = c.split_sizes(n).collect();
                assert_eq!(listed, c.sizes(n, LEAVE_TWO, 2).collect::<Vec<_>>(), "{code} at {n}");
            }
            let three = (0..40).any(|n| c.sizes(n, LEAVE_THREE, 3).next().is_some());
            assert_eq!(c.splits_in_three(), three, "{code}");
        }
    }

    #[test]
    fn parse_errors_name_the_character() {
        for (code, c) in [
            ("0.7G", "'G'"),
            ("1.7", "'1'"),
            ("2.7", "'2'"),
            ("0.7x", "'x'"),
            ("07", "point"),
            ("00.7", "'0'"),
            ("0.7.7", "'.'"),
            ("0.", "no moves"),
            (".", "no moves"),
            ("0.0", "no moves"),
            ("0.000", "no moves"),
            ("0.[0]", "no moves"),
            ("0.3!", "'!'"),
            ("0.!4", "'!'"),
            ("0.4!!", "'!'"),
            ("0.[]", "']'"),
            ("0.[3", "not closed"),
            ("0.3]", "']'"),
            ("0.[3]4", "'4'"),
            ("0.[[3]]", "'['"),
            ("3.7", "'3'"),
        ] {
            let e = OctalCode::parse(code).unwrap_err();
            assert!(e.to_string().contains(c), "{code}: {e}");
        }
    }

    #[test]
    fn hexadecimal_bang_and_groups_parse() {
        for code in [
            "0.8", "0.F", "C.0", "c.1", "4!.0", "0.4!", "0.[3]", "0.[7]", "0.1[3]", "0.[37]", "4.[3]",
            "0.[4!]",
        ] {
            assert!(OctalCode::parse(code).is_ok(), "{code}");
        }
        let c = OctalCode::parse("0.1[3]").unwrap();
        assert_eq!((c.digit(1), c.digit(2), c.digit(1000)), (1, 3, 3));
        assert_eq!(c.max_removal(), None);
        let c = OctalCode::parse("0.[37]").unwrap();
        assert_eq!((c.digit(1), c.digit(2), c.digit(3), c.digit(4)), (3, 7, 3, 7));
        assert!(OctalCode::parse("4!.0").unwrap().rule(0).distinct);
        assert_eq!(OctalCode::parse("0.[3]").unwrap().as_all_but(), Some(vec![]));
        assert_eq!(OctalCode::parse("0.303[3]").unwrap().as_all_but(), Some(vec![2]));
        assert_eq!(OctalCode::parse("0.[7]").unwrap().as_all_but(), None);
    }

    #[test]
    fn short_form_without_leading_zero() {
        assert_eq!(
            OctalCode::parse(".77").unwrap().values_quadratic(30),
            OctalCode::parse("0.77").unwrap().values_quadratic(30)
        );
    }

    #[test]
    fn kayles_start() {
        let k = OctalCode::parse("0.77").unwrap();
        assert_eq!(k.values_quadratic(12), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }
}
