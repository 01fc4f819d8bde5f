//! Heap games as one type ([`HeapGame`]): a subtraction set, a take-and-break
//! code or rules of your own; parsing, description, the certificate length of
//! a period, the work estimate that refuses a huge request before any work,
//! and the dispatch of a computation to the sequencer of its kind.

use super::group::GroupValues;
use super::lanes::Lanes;
use super::rules::RuleValues;
use super::search::Run;
use super::sequencer::{Checkpointer, Keeper, Known};
use super::subtraction::{FamilyValues, SubtractionValues};
use super::{Analysis, Family, HeapRules, Limits, MAX_LINEAR_WORK, OctalCode, RareValues, SubtractionSet};
#[cfg(doc)]
use super::{RESUME_CHECK, find_period};
use crate::count::Context;
use crate::error::Error;

/// A heap game: a subtraction set, a take-and-break code, or rules of your own.
///
/// ```
/// use grundy::HeapGame;
///
/// let kayles = HeapGame::octal("0.77").unwrap();
/// assert_eq!(kayles.describe(), "octal 0.77");
/// let analysis = kayles.analyze(12, Default::default()).unwrap();
/// assert_eq!(analysis.values[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// let period = analysis.periodic.unwrap();
/// assert_eq!((period.preperiod(), period.period()), (71, 12));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum HeapGame {
    /// Remove `s` tokens for `s` in a set (finite, a family, or all but a list).
    Subtraction(SubtractionSet),
    /// A take-and-break code: octal, hexadecimal, with `!` and repeating groups.
    Octal(OctalCode),
    /// Options given by a function ([`HeapRules`]); no period is certified.
    Rules(HeapRules),
}

/// About how many members of a family lie in `[1, n]`.
fn family_count(f: Family, n: f64) -> f64 {
    match f {
        Family::Squares => n.sqrt(),
        Family::Primes => n / n.ln().max(1.0),
        Family::PowersOfTwo => n.log2().max(1.0),
        Family::Fibonacci => n.ln().max(1.0) * 2.1,
    }
}

/// The mex steps of the first `len` values of a code with a repeating group
/// (other than an `all-but` set), counted as [`group::GroupValues`] spends
/// them: heap `n` costs `a + b·n + c·n²`, so `len` values cost
/// `a·len + b·len²/2 + c·len³/3`.
///
/// The bit sets of split values have about `W = n/64` words at heap `n`: the
/// values of these games grow like the heap sizes (the group's moves that
/// leave one heap reach a value of every heap in a residue class, so the
/// values are distinct there). Per heap `n`, the moves that leave at most
/// one heap cost one step per digit; a two-heap split of `n − k` (a written
/// digit, or once per kind of group digit) inserts `n/2` values at 2 steps;
/// a three-heap split translates `n` pair sets of `W` words at 3 steps a word
/// and 6 a set (`3n²/64 + 6n`), or lists `n²/12` triples of different parts
/// under `!` (2 steps each); the group's split set is merged into each view
/// at 2 steps a word.
fn group_work(c: &OctalCode, len: f64) -> f64 {
    let group = c.group().map_or(&[][..], |g| g.1);
    let (a, mut b, mut cc) = ((c.written().len() + group.len() + 1) as f64, 0.0, 0.0);
    let mut pairs_built = false;
    let mut split = |bits: u8, distinct: bool, views: f64| {
        if bits & 4 != 0 {
            b += 1.0 + 2.0 * views / 64.0;
        }
        if bits & 8 != 0 {
            if distinct {
                cc += 1.0 / 6.0;
            } else {
                cc += 3.0 / 64.0;
                b += 6.0;
                if !pairs_built {
                    b += 1.5;
                    pairs_built = true;
                }
            }
            b += 2.0 * views / 64.0;
        }
    };
    for d in c.written() {
        split(d.bits, d.distinct, 0.0);
    }
    let mut kinds: Vec<(u8, bool)> = Vec::new();
    for d in group {
        for bit in [4u8, 8] {
            if d.bits & bit != 0 && !kinds.contains(&(bit, d.distinct)) {
                kinds.push((bit, d.distinct));
            }
        }
    }
    for (bit, distinct) in kinds {
        let views = group.iter().filter(|d| d.bits & bit != 0 && d.distinct == distinct).count();
        split(bit, distinct, views as f64);
    }
    a * len + b * len * len / 2.0 + cc * len * len * len / 3.0
}

/// The most steps a probe of [`triple_work`] spends.
const PROBE_WORK: f64 = 1.0e7;

/// The steps of the three-heap splits of the first `len` values of a code
/// without a repeating group, counted as `bits::TripleSplits` spends them.
///
/// A split of `m` translates the pair sets of the heaps `j < m` at 3 steps a
/// word and 6 a set; a pair set holds XORs of values below `2^bits(v)`, `v`
/// the largest value so far, in a power of two of words, at most
/// `2v/64`. With values growing like `ρ·j` that is `Σ_j 3·2ρj/64 + 6 =
/// 3ρm²/64 + 6m` a split, so `ρ·len³/64 + 3·len²` for each digit with 8
/// over the first `len` heaps, plus the pair sets built once (`3j/2` each,
/// `3·len²/4`). Under `!` the triples `a < b < c` of `m` are listed, `m/2`
/// steps for each `a <= m/3`: `m²/6`, so `len³/18` for each such digit.
///
/// `ρ` is measured on the first values (as many as [`PROBE_WORK`] steps
/// compute, at most 512): their largest over their number, at least `1/16`
/// (codes whose values grow like the heap sizes have `ρ` near 1, `0.08`
/// about `1/4`). Measured: within 25 % of the work counted on `0.08` at 8000
/// values, `0.8` at 4000 and a code of 100 `F` digits at 2048.
fn triple_work(c: &OctalCode, len: f64) -> f64 {
    let (mut plain, mut distinct) = (0.0f64, 0.0f64);
    for d in c.written().iter().filter(|d| d.bits & 8 != 0) {
        *(if d.distinct { &mut distinct } else { &mut plain }) += 1.0;
    }
    let listed = distinct * len.powi(3) / 18.0;
    if plain == 0.0 {
        return listed;
    }
    let probe = (64.0 * PROBE_WORK / plain).cbrt().min(512.0).min(len).max(1.0) as usize;
    let mut values = RareValues::new(c).with_threads(1);
    values.extend_to(probe);
    let top = values.values().iter().max().unwrap_or(0);
    let growth = (top as f64 / probe as f64).max(1.0 / 16.0);
    listed + plain * (growth * len.powi(3) / 64.0 + 3.0 * len * len) + 0.75 * len * len
}

impl HeapGame {
    /// A take-and-break game by its code: octal (`"0.77"`, Kayles),
    /// hexadecimal, with `!` and a repeating group (`"4!.0"`, `"0.[3]"`).
    ///
    /// ```
    /// use grundy::HeapGame;
    ///
    /// let kayles = HeapGame::octal("0.77")?;
    /// assert_eq!(kayles.describe(), "octal 0.77");
    /// assert_eq!("0.77".parse::<HeapGame>()?.describe(), "octal 0.77");
    /// assert!(HeapGame::octal("0.x7").is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn octal(code: &str) -> Result<Self, Error> {
        OctalCode::parse(code).map(HeapGame::Octal)
    }

    /// The subtraction game of a finite move set: remove `s` tokens, `s` a
    /// member.
    ///
    /// ```
    /// use grundy::HeapGame;
    ///
    /// assert_eq!(HeapGame::subtraction([1, 2, 3])?.describe(), "subtraction {1,2,3}");
    /// assert!(HeapGame::subtraction([]).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn subtraction(moves: impl IntoIterator<Item = u64>) -> Result<Self, Error> {
        SubtractionSet::new(moves.into_iter().collect()).map(HeapGame::Subtraction)
    }

    /// The subtraction game of an infinite family (squares, primes, …).
    ///
    /// ```
    /// use grundy::HeapGame;
    /// use grundy::heap::Family;
    ///
    /// assert_eq!(HeapGame::family(Family::Squares).describe(), "subtraction squares");
    /// ```
    pub fn family(family: Family) -> Self {
        HeapGame::Subtraction(SubtractionSet::family(family))
    }

    /// A game of your own: the positions a heap of `n` leaves, each a list of
    /// heap sizes below `n` (see [`HeapRules::new`]).
    pub fn rules(
        name: impl Into<String>,
        options: impl Fn(u64) -> Vec<Vec<u64>> + Send + Sync + 'static,
    ) -> Self {
        HeapGame::Rules(HeapRules::new(name, options))
    }

    /// The command line's and Python's reading: exactly one of a move list
    /// (`moves`: numbers, or a family such as `squares` or `all-but:3,5`) and
    /// a code (`game`), as [`HeapGame::subtraction`] / [`HeapGame::family`]
    /// and [`HeapGame::octal`] read them.
    pub fn parse(moves: Option<&str>, game: Option<&str>) -> Result<Self, Error> {
        match (moves, game) {
            (Some(m), None) => Ok(HeapGame::Subtraction(SubtractionSet::parse(m)?)),
            (None, Some(g)) => HeapGame::octal(g),
            (Some(_), Some(_)) => Err(Error::invalid("moves", "and `game` exclude each other: give one")),
            (None, None) => {
                Err(Error::invalid("game", "is missing: give `moves` (a list) or `game` (a code)"))
            }
        }
    }

    /// A description: the move list, the code or the rules' name.
    pub fn describe(&self) -> String {
        match self {
            HeapGame::Subtraction(s) if s.finite_moves().is_some() => format!("subtraction {{{}}}", s.text()),
            HeapGame::Subtraction(s) => format!("subtraction {}", s.text()),
            HeapGame::Octal(c) if c.is_octal() => format!("octal {}", c.text()),
            HeapGame::Octal(c) => format!("code {}", c.text()),
            HeapGame::Rules(r) => format!("rules {}", r.name()),
        }
    }

    /// How many agreements certify `(e, p)`; `None` when the game cannot be
    /// certified this way (a subtraction member beyond `usize`, an infinite
    /// set, a code with a repeating group, rules given by a function).
    pub fn certificate_length(&self, e: usize, p: usize) -> Option<usize> {
        match self {
            HeapGame::Subtraction(s) => s.max().and_then(|m| usize::try_from(m).ok()),
            HeapGame::Octal(c) => c.certificate_length(e, p),
            HeapGame::Rules(_) => None,
        }
    }

    /// Refuses a request for `len` values whose moves leaving at most one heap
    /// alone (a lower bound of the work) exceed `MAX_LINEAR_WORK` steps: a huge
    /// code or set is refused before any work, naming `parameter`.
    pub fn check_request(&self, len: usize, parameter: &'static str) -> Result<(), Error> {
        self.check_request_within(len, parameter, 0)
    }

    /// [`HeapGame::check_request`] with the limit raised to `max_work` mex
    /// steps when that is more than `MAX_LINEAR_WORK`: the error names both
    /// `parameter` and `max_work`.
    ///
    /// ```
    /// use grundy::HeapGame;
    ///
    /// // Lasker's Nim with three-way splits: cubic work, refused before any
    /// let game = HeapGame::octal("8.[3]").unwrap();
    /// let e = game.check_request_within(100_001, "n", 400_000_000).unwrap_err();
    /// assert!(e.to_string().contains("raise `max_work`"));
    /// assert!(game.check_request_within(100_001, "n", 1e17 as u64).is_ok());
    /// assert!(game.check_request_within(101, "n", 0).is_ok());
    /// ```
    pub fn check_request_within(
        &self,
        len: usize,
        parameter: &'static str,
        max_work: u64,
    ) -> Result<(), Error> {
        let work = self.linear_work(len);
        let limit = MAX_LINEAR_WORK.max(max_work as f64);
        if work > limit {
            return Err(Error::TooLarge {
                what: format!("{len} nim-values of {}", self.describe()),
                estimate: format!("about {work:.1e} mex steps"),
                limit: format!("{limit:.0e}"),
                remedy: crate::error::Remedy::SmallerOrRaise(parameter, "max_work"),
            });
        }
        Ok(())
    }

    /// Whether the game is a code that counts up, `g(n) = n`
    /// ([`OctalCode::counts_up`], certified at once).
    pub fn counts_up(&self) -> bool {
        matches!(self, HeapGame::Octal(c) if c.counts_up())
    }

    /// The excluded set of a game that is an `all-but` subtraction game (as a
    /// set or as a code), whose arithmetic periodicity can be certified.
    pub(super) fn all_but(&self) -> Option<Vec<u64>> {
        match self {
            HeapGame::Subtraction(s) => s.excluded().map(<[u64]>::to_vec),
            HeapGame::Octal(c) => c.as_all_but(),
            HeapGame::Rules(_) => None,
        }
    }

    /// An estimate of the steps that the first `len` values cost apart from
    /// the rare-value split scans: the moves that leave at most one heap, per
    /// value (`|S ∩ [1, len]|` for a family), and the splits that no shortcut
    /// covers (a repeating group's; three-heap splits, whose estimate
    /// computes the first few hundred values to see how fast they grow).
    pub fn linear_work(&self, len: usize) -> f64 {
        if let HeapGame::Octal(c) = self {
            if c.counts_up() {
                // certified at 64 values, the rest filled in
                return len.min(64) as f64 * 4.0 + len as f64;
            }
            if c.group().is_some() && c.as_all_but().is_none() {
                return group_work(c, len as f64);
            }
        }
        let per_value = match self {
            HeapGame::Subtraction(s) => match (s.finite_moves(), s.as_family(), s.excluded()) {
                (Some(m), _, _) => m.len() as f64,
                (_, Some(f), _) => family_count(f, len as f64),
                (_, _, Some(t)) => t.last().map_or(1.0, |&x| x as f64 + 1.0),
                _ => 1.0,
            },
            HeapGame::Octal(c) => {
                let rules = match c.max_removal() {
                    Some(t) => t as f64 + 1.0,
                    None => c.written().len() as f64 + c.group().map_or(1, |g| g.1.len()) as f64,
                };
                // a group's splits of every size (`len/2` pairs per value)
                let group_splits = c.group().is_some() && c.splits();
                let per_value = rules + if group_splits { len as f64 / 2.0 } else { 0.0 };
                // three-heap splits, which no shortcut covers
                return per_value * len as f64 + triple_work(c, len as f64);
            }
            HeapGame::Rules(_) => 1.0,
        };
        per_value * len as f64
    }

    /// Computes the first `want` values, then goes on until the period is
    /// certified or the [`Limits`] stop the search (see [`Limits`]); the values
    /// are filled in from the period up to `want` when it is certified.
    pub fn analyze(&self, want: usize, limits: Limits) -> Result<Analysis, Error> {
        self.analyze_in(want, limits, &mut Context::default())
    }

    /// [`HeapGame::analyze`], reporting progress to `ctx` as thousandths of the
    /// larger of the length and work limits used up.
    ///
    /// The period is looked for at lengths `64·2^j`, at `want`, at the length
    /// of the values a resumed run starts from, and where the search stops. A longer prefix certifies every period that a shorter one
    /// certifies (`find_period`), so raising `max_len` or `max_work` never
    /// loses a certificate that lower limits found.
    pub fn analyze_in(&self, want: usize, limits: Limits, ctx: &mut Context<'_>) -> Result<Analysis, Error> {
        self.analyze_resumed(Lanes::Wide(&[]), want, limits, ctx, &mut |_| Ok(()))
    }

    /// [`HeapGame::analyze_in`] for a long run that must never be lost:
    /// starts from `known = g(0..k)` of an earlier run and hands the values so
    /// far to `keep` at every length `64·2^j` past `k`, when the observer
    /// interrupts, and at the end (before the period fills in more).
    ///
    /// The known values are checked: the first `RESUME_CHECK` of them are
    /// computed again and must agree (a file of another game fails here);
    /// the rest are taken as they are, updating the computation's state as if
    /// computed, so the run goes on exactly where the earlier one stopped.
    ///
    /// The values are handed to `keep` in the lanes the computation keeps
    /// them in ([`Lanes`]: one byte a value while every value is below 256),
    /// and `known` may come in any lanes.
    ///
    /// Memory: `8·L` bytes are checked against `ctx`'s budget before any
    /// work, for `L` the most values the run may compute (`max(want,
    /// max_len)`), plus the known values: the values themselves (at most 4
    /// bytes each) beside the period search's table (4 bytes a value) or the
    /// 32-bit values handed back at the end, whichever is larger.
    ///
    /// ```
    /// use grundy::{Context, HeapGame};
    /// use grundy::heap::{Lanes, Limits};
    ///
    /// let kayles = HeapGame::octal("0.77").unwrap();
    /// let mut kept = Vec::new();
    /// let limits = Limits::new(300, u64::MAX).unwrap();
    /// let mut keep = |g: Lanes<'_>| { kept = g.to_vec(); Ok(()) };
    /// kayles.analyze_resumed(Lanes::Wide(&[]), 300, limits, &mut Context::default(), &mut keep).unwrap();
    /// let whole = kayles.analyze(300, limits).unwrap();
    /// assert_eq!(kept, whole.values[..kept.len()]);
    /// let again = kayles
    ///     .analyze_resumed((&kept[..150]).into(), 300, limits, &mut Context::default(), &mut |_| Ok(()))
    ///     .unwrap();
    /// assert_eq!(again.values, whole.values);
    /// let foreign = Lanes::Bytes(&[0, 1, 1]);
    /// assert!(kayles.analyze_resumed(foreign, 10, limits, &mut Context::default(), &mut |_| Ok(())).is_err());
    /// ```
    pub fn analyze_resumed(
        &self,
        known: Lanes<'_>,
        want: usize,
        limits: Limits,
        ctx: &mut Context<'_>,
        keep: &mut Keeper<'_>,
    ) -> Result<Analysis, Error> {
        let known = Known { values: known, work: None };
        self.analyze_kept(known, want, limits, u64::MAX, ctx, &mut |g, _| keep(g))
    }

    /// [`HeapGame::analyze_resumed`] from `known` values whose work may be
    /// known (see [`Known`]: then the work limit counts from heap 0 as for a
    /// run from nothing), handing the values and their work to `keep` also
    /// every `every` mex steps ([`super::Moment::Pulse`]; `u64::MAX` never) — a long
    /// computation killed between two lengths `64·2^j` loses at most that
    /// much work. A pulse does not look for the period (the lengths looked at
    /// are those of [`HeapGame::analyze_in`]), so the analysis is the same
    /// whatever `every`.
    ///
    /// ```
    /// use grundy::{Context, HeapGame};
    /// use grundy::heap::{Known, Limits, Moment};
    ///
    /// let game = HeapGame::octal("0.6").unwrap();
    /// let limits = Limits::new(5000, 3_000_000).unwrap();
    /// let whole = game.analyze(0, limits).unwrap();
    /// let mut pulses = Vec::new();
    /// let mut keep = |g: grundy::heap::Lanes<'_>, at: grundy::heap::Checkpoint| {
    ///     if at.moment == Moment::Pulse {
    ///         pulses.push((g.to_vec(), at.work));
    ///     }
    ///     Ok(())
    /// };
    /// let none = Known { values: grundy::heap::Lanes::Wide(&[]), work: None };
    /// let pulsed = game.analyze_kept(none, 0, limits, 100_000, &mut Context::default(), &mut keep).unwrap();
    /// assert_eq!((pulsed.values.len(), pulsed.work), (whole.values.len(), whole.work));
    /// // from any pulse, with its work: the run from nothing, to the value and the step
    /// let (values, work) = &pulses[pulses.len() / 2];
    /// let known = Known { values: values[..].into(), work: Some(*work) };
    /// let again = game.analyze_kept(known, 0, limits, u64::MAX, &mut Context::default(), &mut |_, _| Ok(())).unwrap();
    /// assert_eq!((again.values, again.work, again.stop), (whole.values, whole.work, whole.stop));
    /// ```
    pub fn analyze_kept(
        &self,
        known: Known<'_>,
        want: usize,
        limits: Limits,
        every: u64,
        ctx: &mut Context<'_>,
        keep: &mut Checkpointer<'_>,
    ) -> Result<Analysis, Error> {
        let Known { values: known, work: known_work } = known;
        let cap = want.max(limits.max_len()).max(known.len()).max(1);
        let known_bytes = (known.len() * known.width()) as f64;
        ctx.budget.check_memory(8.0 * cap as f64 + known_bytes, "the nim-values", "max_len")?;
        let run = Run { known, known_work, want, limits, every, keep };
        match self {
            HeapGame::Octal(c) if c.group().is_some() => self.search(GroupValues::new(c), run, ctx),
            HeapGame::Octal(c) => self.search(RareValues::new(c).with_threads(limits.threads()), run, ctx),
            HeapGame::Subtraction(s) => match (s.finite_moves(), s.as_family(), s.as_code()) {
                (Some(set), _, _) => self.search(SubtractionValues::new(set), run, ctx),
                (_, Some(f), _) => self.search(FamilyValues::new(f), run, ctx),
                (_, _, Some(code)) => self.search(GroupValues::new(&code), run, ctx),
                _ => Err(Error::Internal("a subtraction set of no kind".into())),
            },
            HeapGame::Rules(r) => self.search(RuleValues::new(r), run, ctx),
        }
    }
}

/// A take-and-break code, as [`HeapGame::octal`] reads it.
impl std::str::FromStr for HeapGame {
    type Err = Error;
    fn from_str(code: &str) -> Result<Self, Error> {
        HeapGame::octal(code)
    }
}

impl From<HeapRules> for HeapGame {
    fn from(rules: HeapRules) -> Self {
        HeapGame::Rules(rules)
    }
}

impl From<SubtractionSet> for HeapGame {
    fn from(set: SubtractionSet) -> Self {
        HeapGame::Subtraction(set)
    }
}

impl From<OctalCode> for HeapGame {
    fn from(code: OctalCode) -> Self {
        HeapGame::Octal(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::DEFAULT_MAX_WORK;

    /// The work the first `len` values of `code` count, on one thread (the
    /// count is the same on any number).
    fn counted(code: &str, len: usize) -> f64 {
        let game = HeapGame::octal(code).unwrap();
        let limits = Limits::new(len, 0).unwrap().with_threads(1);
        game.analyze(len, limits).unwrap().work as f64
    }

    #[test]
    fn three_heap_splits_are_estimated_within_a_factor_of_the_work_counted() {
        let hundred_f = format!("0.{}", "F".repeat(100));
        // values growing like n/4 (0.08), n/3 (0.8), n (eight digits 8, a hundred F), and `!`
        for (code, len) in
            [("0.08", 3000), ("0.8", 2000), ("0.88888888", 800), (hundred_f.as_str(), 600), ("0.8!", 1500)]
        {
            let game = HeapGame::octal(code).unwrap();
            let (estimate, work) = (game.linear_work(len), counted(code, len));
            let ratio = estimate / work;
            assert!(
                (0.7..=2.0).contains(&ratio),
                "{code} at {len}: estimate {estimate:.3e}, counted {work:.3e}"
            );
        }
    }

    #[test]
    fn a_request_beyond_the_budget_is_refused_naming_the_flags() {
        // 0.08 to 30000 ran 59 s, accepted: about 1e11 steps now
        let game = HeapGame::octal("0.08").unwrap();
        let e = game.check_request_within(30_001, "n", DEFAULT_MAX_WORK).unwrap_err().to_string();
        assert!(e.contains("choose a smaller `n` or raise `max_work`"), "{e}");
        assert!(game.check_request_within(30_001, "n", 2e11 as u64).is_ok());
        assert!(game.check_request_within(3_001, "n", 0).is_ok());
        let hundred_f = HeapGame::octal(&format!("0.{}", "F".repeat(100))).unwrap();
        assert!(hundred_f.check_request_within(4097, "n", DEFAULT_MAX_WORK).is_err());
    }
}
