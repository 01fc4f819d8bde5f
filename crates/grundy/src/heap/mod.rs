//! Nim-value sequences of heap games and their certified periodicity.
//!
//! A heap game assigns a nim-value `g(i)` to each heap size `i >= 0`. Games with
//! a finite subtraction set are always eventually periodic; octal and
//! hexadecimal games often are, and the Guy–Smith theorem and its analogues
//! ([`OctalCode::certificate_length`]) certify it from a finite prefix. A
//! certified `(preperiod, period)` turns a histogram over `1..=N` or `0..N`
//! into `O(preperiod + period)` work, whatever `N` is. Games whose moves remove
//! any number of tokens (Nim `0.[3]`, `all-but` sets) may instead be
//! arithmetic-periodic, `g(n + p) = g(n) + s` ([`arith`]); their histograms
//! over huge ranges are structured ([`crate::xor::DyadicHistogram`]).

pub mod arith;
pub(crate) mod bits;
pub(crate) mod group;
pub mod misere;
pub mod octal;
pub(crate) mod pair_scan;
pub mod period;
pub mod rare;
pub mod rules;
pub mod subtraction;

pub use arith::ArithmeticPeriodic;
pub use octal::{Digit, OctalCode};
pub use period::{Periodic, find_period, find_period_by, histogram_range};
pub use rare::RareValues;
pub use rules::HeapRules;
pub use subtraction::{Family, SubtractionSet};

use crate::count::Context;
use crate::error::Error;
use group::GroupValues;
use rules::RuleValues;
use subtraction::FamilyValues;

/// A heap game: a subtraction set, a take-and-break code, or rules of your own.
///
/// ```
/// use grundy::HeapGame;
///
/// let kayles = HeapGame::parse(None, Some("0.77")).unwrap();
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

/// Why a nim-value computation stopped: certified, or which limit ended it.
///
/// ```
/// use grundy::{HeapGame, Limits, Stop};
///
/// let open = HeapGame::parse(None, Some("0.16")).unwrap();
/// let a = open.analyze(10, Limits::new(4096, u64::MAX).unwrap()).unwrap();
/// assert_eq!(a.stop, Stop::MaxLen);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The period was certified.
    Certified,
    /// The length limit (`max_len`) was reached.
    MaxLen,
    /// The work budget (`max_work` mex steps) ran out.
    MaxWork,
}

/// How far a nim-value computation may go looking for a period.
///
/// The requested values are always computed; beyond them the search stops at
/// `max_len` values or once `max_work` mex steps (pairs of heaps examined, values
/// read by subtraction moves) have been spent, whichever comes first.
///
/// ```
/// use grundy::Limits;
///
/// let limits = Limits::new(1 << 22, 10_000_000_000).unwrap();
/// assert_eq!(limits.max_len(), 1 << 22);
/// assert!(Limits::new(0, 1).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    max_len: usize,
    max_work: u64,
}

/// The most values a computation may keep: `2^30` (4 GiB of values).
pub const MAX_LEN: usize = 1 << 30;

impl Limits {
    /// At most `max_len` values (`1..=2^30`) and `max_work` mex steps.
    pub fn new(max_len: usize, max_work: u64) -> Result<Self, Error> {
        if max_len == 0 || max_len > MAX_LEN {
            return Err(Error::invalid("max_len", format!("must be between 1 and {MAX_LEN}")));
        }
        Ok(Limits { max_len, max_work })
    }

    /// No work budget, at most `max_len` values (clamped to `1..=2^30`).
    pub fn length(max_len: usize) -> Self {
        Limits { max_len: max_len.clamp(1, MAX_LEN), max_work: u64::MAX }
    }

    /// The most values the period search computes.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The most mex steps the period search spends.
    pub fn max_work(&self) -> u64 {
        self.max_work
    }
}

/// The default work budget of the period search beyond the values asked for:
/// about half a second here (a unit is roughly a nanosecond, see
/// [`RareValues::work`]), so that a request for a few values answers at once.
pub const DEFAULT_MAX_WORK: u64 = 400_000_000;

/// The most mex steps that the values asked for may need before any split is
/// scanned (moves leaving at most one heap, per value): about ten seconds
/// (`--max-work` raises it).
pub const MAX_LINEAR_WORK: f64 = 1.0e10;

/// The default length limit of the period search.
pub const DEFAULT_MAX_LEN: usize = 1 << 20;

impl Default for Limits {
    fn default() -> Self {
        Limits { max_len: DEFAULT_MAX_LEN, max_work: DEFAULT_MAX_WORK }
    }
}

/// What is known of a game's nim-sequence after a computation.
///
/// ```
/// use grundy::{HeapGame, Limits, Stop};
///
/// let dawson = HeapGame::parse(None, Some("0.07")).unwrap();
/// let a = dawson.analyze(0, Limits::default()).unwrap();
/// assert_eq!(a.stop, Stop::Certified);
/// let p = a.periodic.unwrap();
/// assert_eq!((p.preperiod(), p.period()), (53, 34));
/// ```
#[derive(Clone, Debug)]
pub struct Analysis {
    /// `g(0..len)`: every value computed (or filled in from a certified period).
    pub values: Vec<u32>,
    /// How many values were computed from the rules.
    pub computed: usize,
    /// The mex steps spent.
    pub work: u64,
    /// The certified preperiod and fundamental period, if proved.
    pub periodic: Option<Periodic>,
    /// Arithmetic periodicity `g(n + p) = g(n) + s`, `s > 0`: certified (then
    /// `stop` is [`Stop::Certified`]) or only observed on the computed values.
    pub arithmetic: Option<ArithmeticPeriodic>,
    /// What ended the computation.
    pub stop: Stop,
}

/// What an [`Analysis`] says of the period, as `sequence` reports it: the plain
/// period if one is certified, otherwise the arithmetic period (certified or
/// only observed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodSummary {
    /// The first heap from which the (arithmetic) period holds.
    pub preperiod: Option<usize>,
    /// The period.
    pub period: Option<usize>,
    /// The saltus `s` of `g(n + p) = g(n) + s`, for arithmetic periodicity.
    pub saltus: Option<u64>,
    /// Whether what is shown is proved.
    pub certified: bool,
    /// For arithmetic periodicity that is only observed: the last `n` checked.
    pub observed_to: Option<usize>,
}

impl Analysis {
    /// The period, or the arithmetic period, as reported.
    pub fn summary(&self) -> PeriodSummary {
        let arith = self.arithmetic.as_ref();
        let period = self
            .periodic
            .as_ref()
            .map(|p| (p.preperiod(), p.period()))
            .or_else(|| arith.map(|a| (a.preperiod, a.period)));
        PeriodSummary {
            preperiod: period.map(|p| p.0),
            period: period.map(|p| p.1),
            saltus: arith.map(|a| a.saltus),
            certified: self.periodic.is_some() || arith.is_some_and(|a| a.certified),
            observed_to: arith.filter(|a| !a.certified).map(|a| a.observed_to - 1),
        }
    }

    /// What stopped the search and how to go further, for messages.
    pub fn stop_advice(&self) -> String {
        match self.stop {
            Stop::Certified => "certified".to_string(),
            Stop::MaxLen => "the length limit was reached; raise `max_len`".to_string(),
            Stop::MaxWork => {
                format!("the work budget of {} mex steps ran out; raise `max_work`", self.work)
            }
        }
    }
}

/// Where a long computation keeps its values: called with `g(0..len)` (see
/// [`HeapGame::analyze_resumed`]).
pub type Keeper<'k> = dyn FnMut(&[u32]) -> Result<(), Error> + 'k;

/// How many known values a resumed run computes again to check them.
pub const RESUME_CHECK: usize = 4096;

/// The request of one search: values known from an earlier run, values
/// wanted, limits, and where to keep the values.
struct Run<'r, 'k> {
    known: &'r [u32],
    want: usize,
    limits: Limits,
    keep: &'r mut Keeper<'k>,
}

/// Feeds `known` to a fresh sequencer: the first [`RESUME_CHECK`] values are
/// computed and compared, the rest pushed as they are.
fn resume(seq: &mut impl Sequencer, known: &[u32]) -> Result<(), Error> {
    for (n, &v) in known.iter().enumerate() {
        if n >= seq.values().len() {
            if n >= RESUME_CHECK {
                seq.push_known(v);
                continue;
            }
            seq.push_next()?;
        }
        let g = seq.values()[n];
        if g != v {
            return Err(Error::invalid(
                "known values",
                format!("do not belong to this game: g({n}) is {g}, not {v}"),
            ));
        }
    }
    Ok(())
}

/// A resumable computation of `g(0), g(1), …` that counts its work.
trait Sequencer {
    /// The values so far.
    fn values(&self) -> &[u32];
    /// Mex steps spent so far.
    fn work(&self) -> u64;
    /// Computes `g(len)` for the current length.
    fn push_next(&mut self) -> Result<(), Error>;
    /// Appends `g(len)` known from a saved run, as if computed.
    fn push_known(&mut self, v: u32);
    /// Makes room for `len` values in all (so that growing never holds two
    /// copies of a long sequence at once).
    fn reserve_total(&mut self, len: usize);
    /// The values, without a copy.
    fn into_values(self) -> Vec<u32>;
}

impl Sequencer for RareValues<'_> {
    fn values(&self) -> &[u32] {
        RareValues::values(self)
    }
    fn work(&self) -> u64 {
        RareValues::work(self)
    }
    fn push_next(&mut self) -> Result<(), Error> {
        let len = RareValues::values(self).len();
        self.extend_to(len + 1);
        Ok(())
    }
    fn push_known(&mut self, v: u32) {
        RareValues::push_known(self, v)
    }
    fn reserve_total(&mut self, len: usize) {
        RareValues::reserve_total(self, len)
    }
    fn into_values(self) -> Vec<u32> {
        RareValues::into_values(self)
    }
}

/// A sequencer whose values and work are its fields `g` and `work`, with an
/// inherent `push_next`.
macro_rules! field_sequencer {
    ($ty:ty) => {
        impl Sequencer for $ty {
            fn values(&self) -> &[u32] {
                &self.g
            }
            fn work(&self) -> u64 {
                self.work
            }
            fn push_next(&mut self) -> Result<(), Error> {
                <$ty>::push_next(self)
            }
            fn push_known(&mut self, v: u32) {
                <$ty>::push_known(self, v)
            }
            fn reserve_total(&mut self, len: usize) {
                self.g.reserve(len.saturating_sub(self.g.len()));
            }
            fn into_values(self) -> Vec<u32> {
                self.g
            }
        }
    };
}

field_sequencer!(RuleValues<'_>);
field_sequencer!(GroupValues<'_>);
field_sequencer!(FamilyValues);

/// A subtraction game's values, one at a time: `|{s ∈ S : s <= n}|` steps each.
struct SubtractionValues<'a> {
    set: &'a [u64],
    g: Vec<u32>,
    seen: Vec<bool>,
    work: u64,
}

impl SubtractionValues<'_> {
    /// Computes `g(len)`.
    fn push_next(&mut self) -> Result<(), Error> {
        let n = self.g.len();
        let playable = self.set.partition_point(|&s| s <= n as u64);
        for &s in &self.set[..playable] {
            self.seen[self.g[n - s as usize] as usize] = true;
        }
        let mex = self.seen.iter().position(|&x| !x).expect("mex bounded by |S|");
        self.seen[..=playable].iter_mut().for_each(|x| *x = false);
        self.g.push(mex as u32);
        self.work += playable as u64 + 1;
        Ok(())
    }

    /// Appends `g(len)` known from elsewhere (a saved run).
    fn push_known(&mut self, v: u32) {
        self.g.push(v);
    }
}

field_sequencer!(SubtractionValues<'_>);

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

impl HeapGame {
    /// Builds a game from exactly one of a move list (`moves`) and a code
    /// (`game`).
    pub fn parse(moves: Option<&str>, game: Option<&str>) -> Result<Self, Error> {
        match (moves, game) {
            (Some(m), None) => Ok(HeapGame::Subtraction(SubtractionSet::parse(m)?)),
            (None, Some(g)) => Ok(HeapGame::Octal(OctalCode::parse(g)?)),
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
    /// alone (a lower bound of the work) exceed [`MAX_LINEAR_WORK`] steps: a huge
    /// code or set is refused before any work, naming `parameter`.
    pub fn check_request(&self, len: usize, parameter: &'static str) -> Result<(), Error> {
        self.check_request_within(len, parameter, 0)
    }

    /// [`HeapGame::check_request`] with the limit raised to `max_work` mex
    /// steps when that is more than [`MAX_LINEAR_WORK`]: the error names both
    /// `parameter` and `max_work`.
    ///
    /// ```
    /// use grundy::HeapGame;
    ///
    /// // Lasker's Nim with three-way splits: cubic work, refused before any
    /// let game = HeapGame::parse(None, Some("8.[3]")).unwrap();
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
                estimate: format!("at least {work:.1e} mex steps"),
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
    fn all_but(&self) -> Option<Vec<u64>> {
        match self {
            HeapGame::Subtraction(s) => s.excluded().map(<[u64]>::to_vec),
            HeapGame::Octal(c) => c.as_all_but(),
            HeapGame::Rules(_) => None,
        }
    }

    /// An estimate of the steps that the first `len` values cost apart from
    /// the rare-value split scans: the moves that leave at most one heap, per
    /// value (`|S ∩ [1, len]|` for a family), and the splits that no shortcut
    /// covers (a repeating group's, three-heap splits).
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
                // splits with no shortcut: a group's splits of every size
                // (`len/2` pairs per value), three-heap splits (`len`
                // translations, or `len²/12` triples under `!`)
                let digits = || c.written().iter().chain(c.group().map_or(&[][..], |g| g.1));
                let n = len as f64;
                let group_splits = c.group().is_some() && c.splits();
                let triples = digits().any(|d| d.bits & 8 != 0);
                let distinct_triples = digits().any(|d| d.bits & 8 != 0 && d.distinct);
                rules
                    + if group_splits { n / 2.0 } else { 0.0 }
                    + if triples { n } else { 0.0 }
                    + if distinct_triples { n * n / 12.0 } else { 0.0 }
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
    /// certifies ([`find_period`]), so raising `max_len` or `max_work` never
    /// loses a certificate that lower limits found.
    pub fn analyze_in(&self, want: usize, limits: Limits, ctx: &mut Context<'_>) -> Result<Analysis, Error> {
        self.analyze_resumed(&[0; 0], want, limits, ctx, &mut |_| Ok(()))
    }

    /// [`HeapGame::analyze_in`] for a long run that must never be lost:
    /// starts from `known = g(0..k)` of an earlier run and hands the values so
    /// far to `keep` at every length `64·2^j` past `k`, when the observer
    /// interrupts, and at the end (before the period fills in more).
    ///
    /// The known values are checked: the first [`RESUME_CHECK`] of them are
    /// computed again and must agree (a file of another game fails here);
    /// the rest are taken as they are, updating the computation's state as if
    /// computed, so the run goes on exactly where the earlier one stopped.
    ///
    /// ```
    /// use grundy::{Context, HeapGame, Limits};
    ///
    /// let kayles = HeapGame::parse(None, Some("0.77")).unwrap();
    /// let mut kept = Vec::new();
    /// let limits = Limits::new(300, u64::MAX).unwrap();
    /// let mut keep = |g: &[u32]| { kept = g.to_vec(); Ok(()) };
    /// kayles.analyze_resumed(&[], 300, limits, &mut Context::default(), &mut keep).unwrap();
    /// let whole = kayles.analyze(300, limits).unwrap();
    /// assert_eq!(kept, whole.values[..kept.len()]);
    /// let again = kayles
    ///     .analyze_resumed(&kept[..150], 300, limits, &mut Context::default(), &mut |_| Ok(()))
    ///     .unwrap();
    /// assert_eq!(again.values, whole.values);
    /// assert!(kayles.analyze_resumed(&[0, 1, 1], 10, limits, &mut Context::default(), &mut |_| Ok(())).is_err());
    /// ```
    pub fn analyze_resumed(
        &self,
        known: &[u32],
        want: usize,
        limits: Limits,
        ctx: &mut Context<'_>,
        keep: &mut Keeper<'_>,
    ) -> Result<Analysis, Error> {
        let cap = want.max(limits.max_len).max(known.len()).max(1);
        ctx.budget.check_memory(8.0 * cap as f64, "the nim-values", "max_len")?;
        let run = Run { known, want, limits, keep };
        match self {
            HeapGame::Octal(c) if c.group().is_some() => self.search(GroupValues::new(c), run, ctx),
            HeapGame::Octal(c) => self.search(RareValues::new(c), run, ctx),
            HeapGame::Subtraction(s) => match (s.finite_moves(), s.as_family(), s.as_code()) {
                (Some(set), _, _) => {
                    let seen = vec![false; set.len() + 2];
                    self.search(SubtractionValues { set, g: vec![], seen, work: 0 }, run, ctx)
                }
                (_, Some(f), _) => self.search(FamilyValues::new(f), run, ctx),
                (_, _, Some(code)) => self.search(GroupValues::new(&code), run, ctx),
                _ => Err(Error::Internal("a subtraction set of no kind".into())),
            },
            HeapGame::Rules(r) => self.search(RuleValues::new(r), run, ctx),
        }
    }

    fn search(
        &self,
        mut seq: impl Sequencer,
        run: Run<'_, '_>,
        ctx: &mut Context<'_>,
    ) -> Result<Analysis, Error> {
        let Run { known, want, limits, keep } = run;
        let cap = want.max(limits.max_len).max(known.len()).max(1);
        seq.reserve_total(cap);
        resume(&mut seq, known)?;
        // a resumed run looks for the period in what it was given first
        let mut checkpoint = known.len().max(64);
        // Progress in thousandths of the larger of the two fractions used up.
        let report = |ctx: &mut Context<'_>, len: usize, work: u64| {
            let frac = (len as f64 / cap as f64).max(work as f64 / limits.max_work.max(1) as f64);
            ctx.progress("computing nim-values", (frac.min(1.0) * 1000.0) as u64, 1000)
        };
        loop {
            let len = seq.values().len();
            let target = if len < want { checkpoint.min(want) } else { checkpoint.min(cap) };
            while seq.values().len() < target {
                if seq.values().len() >= want && seq.work() >= limits.max_work {
                    break;
                }
                seq.push_next()?;
                if seq.values().len().is_multiple_of(1024)
                    && let Err(e) = report(ctx, seq.values().len(), seq.work())
                {
                    keep(seq.values())?;
                    return Err(e);
                }
            }
            if seq.values().len() > known.len() {
                keep(seq.values())?;
            }
            let work = seq.work();
            let values = seq.values();
            let len = values.len();
            let certified = find_period(values, |e, p| self.certificate_length(e, p).unwrap_or(usize::MAX));
            let done = |periodic: Option<Periodic>, arithmetic, values: Vec<u32>, stop: Stop| Analysis {
                values,
                computed: len,
                work,
                periodic,
                arithmetic,
                stop,
            };
            if let Some((e, p)) = certified {
                report(ctx, cap, 0)?;
                let periodic = Periodic::new(values[..e + p].to_vec(), e, p)?;
                let filled: Vec<u32> = (0..want.max(len) as u64).map(|i| periodic.value(i)).collect();
                return Ok(done(Some(periodic), None, filled, Stop::Certified));
            }
            let excluded = self.all_but();
            let t = excluded.as_ref().map(|t| t.last().map_or(0, |&x| x as usize));
            if let Some(a) = t.and_then(|t| arith::certified_all_but(values, t)) {
                report(ctx, cap, 0)?;
                let filled: Vec<u32> = (0..want.max(len) as u64)
                    .map(|i| u32::try_from(a.value(i)).unwrap_or(u32::MAX))
                    .collect();
                return Ok(done(None, Some(a), filled, Stop::Certified));
            }
            if self.counts_up() {
                let a = ArithmeticPeriodic::counting_up(values).ok_or_else(|| {
                    Error::Internal(format!("a code that counts up has g(n) != n below {len}"))
                })?;
                report(ctx, cap, 0)?;
                let filled: Vec<u32> = (0..want.max(len)).map(|i| i as u32).collect();
                return Ok(done(None, Some(a), filled, Stop::Certified));
            }
            let stop = if len >= cap {
                Some(Stop::MaxLen)
            } else if len >= want && seq.work() >= limits.max_work {
                Some(Stop::MaxWork)
            } else {
                None
            };
            if let Some(stop) = stop {
                report(ctx, cap, 0)?;
                let observed = arith::observed(values);
                return Ok(done(None, observed, seq.into_values(), stop));
            }
            if len >= checkpoint {
                // the next length 64·2^j
                checkpoint = (len / 64 + 1).next_power_of_two() * 64;
            }
        }
    }
}
