//! Heap games as one type ([`HeapGame`]): a subtraction set, a take-and-break
//! code or rules of your own, each a [`HeapFamily`] ([`super::family`]: how
//! to add one); parsing, the refusal of a huge request before any work, the
//! memory check of a computation, and the hand-over of the computation to
//! the family's engine.

use super::lanes::Lanes;
use super::search::Search;
use super::sequencer::{Checkpointer, Keeper, Known};
use super::{Analysis, Family, HeapFamily, HeapRules, Limits, MAX_LINEAR_WORK, OctalCode, SubtractionSet};
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

impl HeapGame {
    /// The game's family: its options, cost model and certificate rule
    /// ([`HeapFamily`]). The one place that lists the variants.
    ///
    /// ```
    /// use grundy::HeapGame;
    ///
    /// let game = HeapGame::subtraction([1, 2])?;
    /// assert_eq!(game.ruleset().options(5)?, [vec![4], vec![3]]);
    /// assert_eq!(game.ruleset().certificate_length(0, 3), Some(2));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn ruleset(&self) -> &dyn HeapFamily {
        match self {
            HeapGame::Subtraction(s) => s,
            HeapGame::Octal(c) => c,
            HeapGame::Rules(r) => r,
        }
    }

    /// The options of a heap of `n`: the multisets of nonempty heaps one
    /// move leaves, each sorted, without repeats, in increasing order.
    ///
    /// ```
    /// use grundy::HeapGame;
    ///
    /// // Kayles: take one or two pins, from an end or from inside the row
    /// let kayles = HeapGame::octal("0.77")?;
    /// assert_eq!(kayles.options(3)?, [vec![1], vec![1, 1], vec![2]]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, Error> {
        let mut out = self.ruleset().options(n)?;
        for o in &mut out {
            o.retain(|&a| a > 0);
            o.sort_unstable();
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

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
        self.ruleset().describe()
    }

    /// How many agreements certify `(e, p)`; `None` when the game cannot be
    /// certified this way (a subtraction member beyond `usize`, an infinite
    /// set, a code with a repeating group, rules given by a function).
    pub fn certificate_length(&self, e: usize, p: usize) -> Option<usize> {
        self.ruleset().certificate_length(e, p)
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
        self.ruleset().counts_up()
    }

    /// An estimate of the steps that the first `len` values cost apart from
    /// the rare-value split scans: the moves that leave at most one heap, per
    /// value (`|S ∩ [1, len]|` for a family), and the splits that no shortcut
    /// covers (a repeating group's; three-heap splits, whose estimate
    /// computes the first few hundred values to see how fast they grow).
    pub fn linear_work(&self, len: usize) -> f64 {
        self.ruleset().linear_work(len)
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
        let search = Search { known, known_work, want, limits, every, keep };
        self.ruleset().search(search, ctx)
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
