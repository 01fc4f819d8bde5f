//! Subtraction games: a move removes `s` tokens from a heap, for `s` in a set `S`.
//!
//! `g(i) = mex{ g(i − s) : s ∈ S, s <= i }`. `S` is a finite list, an infinite
//! family (squares, primes, powers of 2, Fibonacci numbers) or every positive
//! integer but a finite list (`all-but`).
//!
//! * A finite set: every value lies in `0..=|S|`, and agreement on `max S`
//!   consecutive values certifies a period ([`SubtractionSet::periodic`]).
//! * A family: each value costs `O(|S ∩ [1, n]|)` (`O(√n)` for squares,
//!   `O(log n)` for powers of 2 and Fibonacci numbers, `O(n / ln n)` for
//!   primes), so `n` values cost `O(n · |S ∩ [1, n]|)`; no period theorem
//!   applies and the values are computed directly.
//! * `all-but:T`: the code `0.…[3]` with digit 0 at `T`
//!   ([`OctalCode::all_but`]); each value costs `O(max T)`, and the sequence is
//!   arithmetic-periodic, certified by [`super::arith`].

use super::OctalCode;
use super::mex::Mex;
use super::period::{Periodic, histogram_of};
use super::{HeapGame, Limits};
use crate::error::Error;
use crate::number::factor::is_prime;
use crate::number::roots::isqrt;

/// The largest member an `all-but` set may exclude.
pub const MAX_EXCLUDED: u64 = 1 << 20;

/// An infinite family of subtraction amounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// 1, 4, 9, 16, …
    Squares,
    /// 2, 3, 5, 7, 11, …
    Primes,
    /// 1, 2, 4, 8, …
    PowersOfTwo,
    /// 1, 2, 3, 5, 8, … (each Fibonacci number once)
    Fibonacci,
}

impl Family {
    /// The name used in move lists: `squares`, `primes`, `powers-of-2`, `fibonacci`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Squares => "squares",
            Family::Primes => "primes",
            Family::PowersOfTwo => "powers-of-2",
            Family::Fibonacci => "fibonacci",
        }
    }

    /// The smallest member above `x`, if below `2^64`.
    pub fn next_after(self, x: u64) -> Option<u64> {
        match self {
            Family::Squares => (isqrt(x) + 1).checked_mul(isqrt(x) + 1),
            Family::Primes => (x.checked_add(1)?..=u64::MAX).find(|&p| is_prime(p)),
            Family::PowersOfTwo => x.checked_add(1)?.checked_next_power_of_two(),
            Family::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= x {
                    (a, b) = (b, a.checked_add(b)?);
                }
                Some(a)
            }
        }
    }

    const ALL: [Family; 4] = [Family::Squares, Family::Primes, Family::PowersOfTwo, Family::Fibonacci];

    /// Whether `s` belongs to the family.
    pub fn contains(self, s: u64) -> bool {
        match self {
            Family::Squares => s > 0 && isqrt(s).pow(2) == s,
            Family::Primes => is_prime(s),
            Family::PowersOfTwo => s.is_power_of_two(),
            Family::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a < s {
                    (a, b) = (b, a.saturating_add(b));
                }
                a == s
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Members {
    Finite(Vec<u64>),
    Family(Family),
    /// Every positive integer except these (sorted, no repeats).
    AllBut(Vec<u64>),
}

/// A set of positive subtraction amounts: a finite list, a family, or all but
/// a finite list.
///
/// ```
/// use grundy::SubtractionSet;
///
/// let s = SubtractionSet::parse("1, 3, 2^2").unwrap();
/// assert_eq!(s.values(8), vec![0, 1, 0, 1, 2, 3, 2, 0]);
/// assert!(SubtractionSet::parse("0,1").is_err());
/// let squares = SubtractionSet::parse("squares").unwrap();
/// assert_eq!(squares.values(8), [0, 1, 0, 1, 2, 0, 1, 0]);
/// let set = SubtractionSet::parse("all-but:1,3").unwrap();
/// assert!(set.contains(2) && !set.contains(3) && set.contains(10_u64.pow(18)));
/// assert!(SubtractionSet::parse("cubes").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionSet {
    members: Members,
}

impl SubtractionSet {
    /// A finite set from its members; rejects an empty set and a zero member.
    pub fn new(mut moves: Vec<u64>) -> Result<Self, Error> {
        if moves.is_empty() {
            return Err(Error::invalid("moves", "is empty: the game has no moves"));
        }
        if moves.contains(&0) {
            return Err(Error::invalid("moves", "must be positive: 0 is not a move"));
        }
        moves.sort_unstable();
        moves.dedup();
        Ok(SubtractionSet { members: Members::Finite(moves) })
    }

    /// An infinite family.
    pub fn family(family: Family) -> Self {
        SubtractionSet { members: Members::Family(family) }
    }

    /// Every positive integer except `excluded` (none excluded: Nim); rejects
    /// a zero member.
    pub fn all_but(mut excluded: Vec<u64>) -> Result<Self, Error> {
        if excluded.contains(&0) {
            return Err(Error::invalid("moves", "must be positive: 0 is not a move"));
        }
        if excluded.iter().any(|&s| s > MAX_EXCLUDED) {
            return Err(Error::invalid(
                "moves",
                format!(
                    "may exclude members up to {MAX_EXCLUDED} only (an all-but set is written as a code that long)"
                ),
            ));
        }
        excluded.sort_unstable();
        excluded.dedup();
        Ok(SubtractionSet { members: Members::AllBut(excluded) })
    }

    /// Parses a comma-separated list such as `2,3,5,7`, each item a number
    /// expression (`10^3`, `2^20+1`), a family (`squares`, `primes`,
    /// `powers-of-2`, `fibonacci`) or `all-but:LIST`; an error names the
    /// offending item.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::invalid("moves", "is empty: the game has no moves"));
        }
        if let Some(family) = Family::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(text)) {
            return Ok(Self::family(family));
        }
        if text.get(..8).is_some_and(|head| head.eq_ignore_ascii_case("all-but:")) {
            let rest = text.get(8..).unwrap_or("");
            if rest.trim().is_empty() {
                return Err(Error::parse(
                    "move list",
                    "'all-but:' needs a list of excluded moves, e.g. all-but:1,3",
                ));
            }
            return Self::all_but(parse_list(rest)?);
        }
        let known = "squares, primes, powers-of-2, fibonacci, all-but:LIST";
        if !text.contains(',') && (text.starts_with(|c: char| c.is_ascii_alphabetic()) || text.contains(':'))
        {
            return Err(Error::parse(
                "move list",
                format!("unknown family '{text}' (known: {known}, or a list of numbers)"),
            ));
        }
        let family = text.split(',').map(str::trim).find(|item| {
            Family::ALL.iter().any(|f| f.name().eq_ignore_ascii_case(item)) || item.contains(':')
        });
        if let Some(item) = family {
            return Err(Error::parse(
                "move list",
                format!("'{item}' cannot be combined with other members: give a family ({known}) alone"),
            ));
        }
        Self::new(parse_list(text)?)
    }

    /// The members of a finite set, ascending; `None` for an infinite set.
    pub fn finite_moves(&self) -> Option<&[u64]> {
        match &self.members {
            Members::Finite(m) => Some(m),
            _ => None,
        }
    }

    /// The family, if the set is one.
    pub fn as_family(&self) -> Option<Family> {
        match self.members {
            Members::Family(f) => Some(f),
            _ => None,
        }
    }

    /// The excluded members of an `all-but` set.
    pub fn excluded(&self) -> Option<&[u64]> {
        match &self.members {
            Members::AllBut(t) => Some(t),
            _ => None,
        }
    }

    /// The code of an `all-but` set (digit 0 at the excluded members, group `[3]`).
    pub fn as_code(&self) -> Option<OctalCode> {
        self.excluded().and_then(OctalCode::all_but)
    }

    /// The largest member of a finite set.
    pub fn max(&self) -> Option<u64> {
        self.finite_moves().and_then(|m| m.last().copied())
    }

    /// Whether `s` is a member.
    pub fn contains(&self, s: u64) -> bool {
        match &self.members {
            Members::Finite(m) => m.binary_search(&s).is_ok(),
            Members::Family(f) => f.contains(s),
            Members::AllBut(t) => s > 0 && t.binary_search(&s).is_err(),
        }
    }

    /// The set as written: `1,3,4`, `squares`, `all-but:1,3`.
    pub fn text(&self) -> String {
        let list = |m: &[u64]| m.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match &self.members {
            Members::Finite(m) => list(m),
            Members::Family(f) => f.name().to_string(),
            Members::AllBut(t) => format!("all-but:{}", list(t)),
        }
    }

    /// The members below `limit`, ascending (`None` for an infinite set:
    /// they may be too many to list).
    pub fn restricted_below(&self, limit: u64) -> Option<Vec<u64>> {
        Some(self.finite_moves()?.iter().copied().filter(|&s| s < limit).collect())
    }

    /// `g(0..len)` by the plain recurrence: for each heap every member up to it
    /// is tried, `O(len · |S ∩ [1, len]|)`. The reference path for every set.
    pub fn values(&self, len: usize) -> Vec<u32> {
        let members: Vec<usize> = (1..len).filter(|&s| self.contains(s as u64)).collect();
        let mut g: Vec<u32> = Vec::with_capacity(len);
        let mut mex = Mex::new();
        for i in 0..len {
            let playable = &members[..members.partition_point(|&s| s <= i)];
            let value = mex.of(playable.len(), playable.iter().map(|&s| g[i - s]));
            g.push(value);
        }
        g
    }

    /// The histogram of `g` over heap sizes `0..n` by a direct scan: for a
    /// finite set with a rolling window of the last `max(S)` values, `O(n·|S|)`
    /// time and `O(max S)` memory; for an infinite set from [`SubtractionSet::values`].
    /// This is the reference path for [`SubtractionSet::periodic`].
    pub fn histogram_by_scan(&self, n: u64) -> Vec<u128> {
        let Some(moves) = self.restricted_below(n) else {
            return histogram_of(self.values(usize::try_from(n).unwrap_or(usize::MAX)));
        };
        let moves: Vec<usize> = moves.into_iter().map(|s| s as usize).collect();
        let window = moves.last().map_or(1, |&s| s + 1);
        let mut ring = vec![0u32; window];
        let mut hist = vec![0u128; moves.len() + 1];
        let mut mex = Mex::new();
        let mut pos = 0usize; // i mod window
        for i in 0..n {
            let mut marks = mex.clear(moves.len());
            for &s in &moves {
                if s as u64 <= i {
                    let j = if pos >= s { pos - s } else { pos + window - s };
                    marks.mark(ring[j]);
                }
            }
            let value = marks.smallest_unmarked();
            ring[pos] = value;
            hist[value as usize] += 1;
            pos += 1;
            if pos == window {
                pos = 0;
            }
        }
        hist
    }

    /// The certified periodic structure of `g`, computing at most `max_len` values.
    ///
    /// For a finite set, `g(i)` depends only on the `s = max S` values before it
    /// once `i >= s`, and for `i < s` on fewer, so if `g(i + p) = g(i)` for `s`
    /// consecutive `i >= e`, the windows that determine all later values
    /// coincide and the sequence is periodic from `e` on: agreement on `max(S)`
    /// consecutive values proves it. Infinite sets are never periodic this way.
    pub fn periodic(&self, max_len: usize) -> Option<Periodic> {
        HeapGame::Subtraction(self.clone()).analyze(0, Limits::length(max_len)).ok()?.periodic
    }
}

/// A comma-separated list of number expressions; an error names the item.
fn parse_list(text: &str) -> Result<Vec<u64>, Error> {
    text.split(',')
        .enumerate()
        .map(|(i, item)| {
            crate::parse::expression(item.trim())
                .map_err(|e| Error::parse("move list", format!("item {} '{}': {e}", i + 1, item.trim())))
        })
        .collect()
}

/// A subtraction game's values, one at a time: `|{s ∈ S : s <= n}|` steps each.
pub(super) struct SubtractionValues<'a> {
    set: &'a [u64],
    pub(super) g: Vec<u32>,
    mex: Mex,
    pub(super) work: u64,
}

impl<'a> SubtractionValues<'a> {
    /// The values of the finite set `set` (ascending), none computed yet.
    pub(super) fn new(set: &'a [u64]) -> Self {
        SubtractionValues { set, g: Vec::new(), mex: Mex::new(), work: 0 }
    }

    /// Computes `g(len)`.
    pub(super) fn push_next(&mut self) -> Result<(), Error> {
        let n = self.g.len();
        let playable = self.set.partition_point(|&s| s <= n as u64);
        let g = &self.g;
        let value = self.mex.of(playable, self.set[..playable].iter().map(|&s| g[n - s as usize]));
        self.g.push(value);
        self.work += playable as u64 + 1;
        Ok(())
    }

    /// Appends `g(len)` known from elsewhere (a saved run).
    pub(super) fn push_known(&mut self, v: u32) {
        self.g.push(v);
    }
}

/// The values of a subtraction game by a family, one at a time: the members up
/// to the heap are listed as the heaps grow, and each value marks the values
/// they reach, `|S ∩ [1, n]|` steps.
pub(super) struct FamilyValues {
    family: Family,
    members: Vec<usize>,
    /// The next member not yet in `members`.
    next: Option<u64>,
    pub(super) g: Vec<u32>,
    mex: Mex,
    pub(super) work: u64,
}

impl FamilyValues {
    pub(super) fn new(family: Family) -> Self {
        let next = family.next_after(0);
        FamilyValues { family, members: Vec::new(), next, g: Vec::new(), mex: Mex::new(), work: 0 }
    }

    /// Computes `g(len)`.
    /// Lists `n` among the members if it is the next one.
    fn admit(&mut self, n: usize) {
        if self.next == Some(n as u64) {
            self.members.push(n);
            self.next = self.family.next_after(n as u64);
        }
    }

    /// Appends `g(len)` known from elsewhere (a saved run).
    pub(super) fn push_known(&mut self, v: u32) {
        self.admit(self.g.len());
        self.g.push(v);
    }

    pub(super) fn push_next(&mut self) -> Result<(), crate::error::Error> {
        let n = self.g.len();
        self.admit(n);
        let g = &self.g;
        let value = self.mex.of(self.members.len(), self.members.iter().map(|&s| g[n - s]));
        self.work += 2 * self.members.len() as u64 + 1;
        self.g.push(value);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_list_their_members() {
        let first = |f: Family| (1..40).filter(|&s| f.contains(s)).collect::<Vec<u64>>();
        assert_eq!(first(Family::Squares), [1, 4, 9, 16, 25, 36]);
        assert_eq!(first(Family::Primes), [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]);
        assert_eq!(first(Family::PowersOfTwo), [1, 2, 4, 8, 16, 32]);
        assert_eq!(first(Family::Fibonacci), [1, 2, 3, 5, 8, 13, 21, 34]);
        assert!(Family::Fibonacci.contains(12_200_160_415_121_876_738));
        for f in Family::ALL {
            for x in 0..200u64 {
                assert_eq!(f.next_after(x), (x + 1..).find(|&s| f.contains(s)), "{f:?} after {x}");
            }
        }
        assert_eq!(Family::Squares.next_after(u64::MAX - 5), None);
        assert_eq!(Family::PowersOfTwo.next_after(1 << 63), None);
    }

    #[test]
    fn family_values_match_the_plain_mex() {
        for f in Family::ALL {
            let mut seq = FamilyValues::new(f);
            for _ in 0..3000 {
                seq.push_next().unwrap();
            }
            assert_eq!(seq.g, SubtractionSet::family(f).values(3000), "{f:?}");
        }
    }

    #[test]
    fn parse_errors_name_the_item() {
        for (text, want) in [
            ("cubes", "'cubes'"),
            ("squares,1", "'squares'"),
            ("1,all-but:2", "'all-but:2'"),
            ("all-but:", "all-but"),
            ("all-but:1,x", "'x'"),
            ("all-but:0", "positive"),
            ("all-but:1,10^18", "1048576"),
            ("allbut:1", "'allbut:1'"),
            ("2,x", "'x'"),
            ("", "empty"),
        ] {
            let e = SubtractionSet::parse(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        assert_eq!(SubtractionSet::parse("Squares").unwrap(), SubtractionSet::family(Family::Squares));
        assert_eq!(SubtractionSet::parse("all-but:3,1,3").unwrap().text(), "all-but:1,3");
    }
}
