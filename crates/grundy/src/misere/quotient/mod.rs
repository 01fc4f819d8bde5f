//! Misère quotients of heap games (Plambeck–Siegel): the finite commutative
//! monoid that decides misère play on sums of heaps up to a bound.
//!
//! * [`learn`](self) — the quotient of heaps `1..=n`, learned and verified by
//!   Theorem V (`docs/theory/misere.md` §3, restated in `learn.rs`);
//! * minimisation to the reduced bipartite monoid (`reduce.rs`);
//! * `find_period` — the periodicity certificate, Theorem P;
//! * options of a heap from the same rules as normal play (`options.rs`);
//! * misère nim-values and the genus of each heap (`genus.rs`), and the
//!   quotient's presentation by generators and relations
//!   ([`MisereQuotient::presentation`], [`crate::count::Presentation`]).
//!
//! **Theorem P** (proved in `docs/theory/misere.md` §6, with Lemma P.1). Let the game be an
//! octal code with finitely many digits (bits 1, 2, 4, no `!`, no repeating
//! group; finite subtraction sets are such codes), `t` its largest removal,
//! `n₀ >= 1`, `p >= 1`, `N = 2n₀ + 2p + t − 1`. If in `Q_N` (the quotient of
//! heaps `<= N`) `Φ(n + p) = Φ(n)` for `n₀ <= n <= N − p`, then `Q_N` is the
//! quotient of all heaps, with `Φ(n) = Φ(n − p)` for `n > N`. (The options of
//! `H_m`, `m > N`, leave a part `a >= (m − t)/2 >= n₀ + p`; shifting it by `p`
//! matches the options of `H_{m−p}` value for value, so the set of option values
//! is periodic, and induction on the sum gives the outcomes.) Counts of heaps
//! beyond a bound without a certificate are refused.

mod adjoin;
mod automaton;
mod budget;
mod class_counts;
mod extend;
mod frontier;
mod genus;
mod grow;
mod learn;
mod memo;
mod options;
mod reduce;
mod search;
mod stuck;

pub use genus::GenusTable;
pub use options::heap_options;
pub use search::HeapSearch;

use crate::count::{BipartiteMonoid, Context, Presentation};
use crate::error::{Error, Remedy};
use crate::heap::HeapGame;
use budget::QuotientBudget;
use learn::Caps;
use std::sync::Arc;

/// How far a misère quotient computation may go: the largest heap adjoined
/// (`misere_len`), the work budget in steps (`misere_work`) and the most
/// elements of a quotient. Its memory is bounded by the context's
/// [`crate::Budget::max_memory`].
///
/// [`MisereLimits::new`] refuses invalid values (as [`crate::heap::Limits::new`]
/// does); the `with_*` setters take any value, and a computation refuses
/// limits that are not valid before it starts.
///
/// ```
/// use grundy::misere::MisereLimits;
///
/// let limits = MisereLimits::default().with_max_len(40);
/// assert_eq!(limits.max_len(), 40);
/// assert!(MisereLimits::new(0, 1000).is_err());
/// assert!(MisereLimits::new(40, 0).is_err());
/// assert_eq!(MisereLimits::new(40, 1000)?.max_work(), 1000);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MisereLimits {
    max_len: usize,
    max_order: usize,
    max_work: u64,
    /// `(shown, beyond)`: once heaps up to `shown` are adjoined, at most
    /// `beyond` more steps ([`MisereLimits::with_beyond`]).
    beyond: Option<(usize, u64)>,
}

/// The default largest heap of a misère quotient computation (`misere_len`).
pub const DEFAULT_MISERE_LEN: usize = 200;

/// The default work budget of a misère quotient computation (`misere_work`,
/// steps of `budget.rs`): under a second on one core (0.2–0.5 s measured
/// where it runs out; misère Kayles is certified with 4.6 million steps).
pub const DEFAULT_MISERE_WORK: u64 = crate::misere::algebra::monoid::DEFAULT_MISERE_WORK;

/// The default work budget of `sequence --play misere`, which shows how
/// far a quotient goes rather than answering a count: about five seconds.
pub const DEFAULT_MISERE_EXPLORE_WORK: u64 = 100_000_000;

impl Default for MisereLimits {
    fn default() -> Self {
        MisereLimits {
            max_len: DEFAULT_MISERE_LEN,
            max_order: 4096,
            max_work: DEFAULT_MISERE_WORK,
            beyond: None,
        }
    }
}

impl MisereLimits {
    /// The default largest heap adjoined, `DEFAULT_MISERE_LEN` (200).
    pub const DEFAULT_MAX_LEN: usize = DEFAULT_MISERE_LEN;
    /// The default work budget of a count: 10^7 steps, under a second.
    pub const DEFAULT_MAX_WORK: u64 = DEFAULT_MISERE_WORK;
    /// The default work budget of an exploration (`sequence --play misere`) of
    /// 100 heaps or more: 10^8 steps.
    pub const DEFAULT_EXPLORE_WORK: u64 = DEFAULT_MISERE_EXPLORE_WORK;
    /// The least default budget of an exploration, and the least of its
    /// search for a certificate beyond the heaps shown:
    /// [`MisereLimits::explore_work`], [`MisereLimits::certify_work`].
    pub const MIN_EXPLORE_WORK: u64 = 5_000_000;
    /// The largest order [`MisereLimits::with_max_order`] accepts, `2^14`:
    /// the largest monoid counted (its table has `q²` entries).
    pub const MAX_ORDER: usize = crate::misere::algebra::monoid::MAX_ORDER;

    /// Heaps up to `max_len` (at least 1) and `max_work` steps (at least 1),
    /// the default order; refused otherwise.
    pub fn new(max_len: usize, max_work: u64) -> Result<Self, Error> {
        let limits = MisereLimits::default().with_max_len(max_len).with_max_work(max_work);
        limits.check_len()?;
        limits.check_work()?;
        Ok(limits)
    }

    /// The default work budget of an exploration that shows the heaps
    /// `0..len` ([`MisereQuotient::explore`] for `sequence --play misere
    /// --len`): scaled to the request, `len² · 10^4` steps, at least
    /// [`MisereLimits::MIN_EXPLORE_WORK`] (`5·10^6`: every `len` up to 22)
    /// and at most [`MisereLimits::DEFAULT_EXPLORE_WORK`] (10^8, from `len`
    /// 100 on).
    ///
    /// **Why this floor.** A step costs 40–90 ns (measured at `--len 20`
    /// over 1,024 codes: `0.d₁d₂d₃`, `4.d₁d₂d₃`, `8.31` and `4!.0`), so `5·10^6` steps is
    /// under half a second for any code, where the count's default
    /// [`MisereLimits::DEFAULT_MAX_WORK`] (10^7) took up to a second on the
    /// wild codes that spend all of it (`0.217`, `0.207`, `8.31`). It is
    /// also the floor of [`MisereLimits::certify_work`], so the whole budget
    /// of a small `len` may go to a certificate: Kayles (`0.77`, 4.6·10^6
    /// steps) and `0.15` (2.7·10^6) are certified at every `len`. The price:
    /// of those 1,024 codes, 737 show all 20 heaps at `--len 20` (748 under
    /// 10^7), and 59 show fewer than under 10^7 (35 one heap fewer, 23 two,
    /// `0.174` five); a larger `--misere-work` shows them.
    ///
    /// ```
    /// use grundy::misere::MisereLimits;
    ///
    /// assert_eq!(MisereLimits::explore_work(20), MisereLimits::MIN_EXPLORE_WORK);
    /// assert_eq!(MisereLimits::explore_work(50), 25_000_000);
    /// assert_eq!(MisereLimits::explore_work(u64::MAX), MisereLimits::DEFAULT_EXPLORE_WORK);
    /// ```
    pub fn explore_work(len: u64) -> u64 {
        len.saturating_mul(len)
            .saturating_mul(10_000)
            .clamp(Self::MIN_EXPLORE_WORK, DEFAULT_MISERE_EXPLORE_WORK)
    }

    /// The default work budget of an exploration that shows the heaps
    /// `0..len`, spent beyond heap `len − 1` looking for a certificate
    /// ([`MisereLimits::with_beyond`]): scaled to the request, `len⁴`
    /// steps, at least [`MisereLimits::MIN_EXPLORE_WORK`] (`5·10^6`, a few tenths of a second: every `len` up to 47;
    /// enough for Kayles, `0.77`, and `0.15` to be certified at any `len`)
    /// and at most [`MisereLimits::DEFAULT_EXPLORE_WORK`] (`10^8`, from
    /// `len` 100 on, where it is the whole budget of
    /// [`MisereLimits::explore_work`]). A small `len` needs the quotient of
    /// few heaps, and a certificate that needs far more steps than they did
    /// is not looked for at its price: a wild game's quotient grows beyond
    /// any such budget within a few heaps, a tame one's stops growing.
    ///
    /// ```
    /// use grundy::misere::MisereLimits;
    ///
    /// assert_eq!(MisereLimits::certify_work(20), 5_000_000);
    /// assert_eq!(MisereLimits::certify_work(50), 6_250_000);
    /// assert_eq!(MisereLimits::certify_work(100), MisereLimits::explore_work(100));
    /// assert_eq!(MisereLimits::certify_work(u64::MAX), MisereLimits::DEFAULT_EXPLORE_WORK);
    /// ```
    pub fn certify_work(len: u64) -> u64 {
        let square = len.saturating_mul(len);
        square.saturating_mul(square).clamp(Self::MIN_EXPLORE_WORK, DEFAULT_MISERE_EXPLORE_WORK)
    }

    /// Once the heaps up to `shown` are adjoined (within `max_work` steps
    /// in all), at most `beyond` more steps: the heaps after them are
    /// adjoined only looking for a certificate (so not at all for a game
    /// Theorem P does not apply to), and when those steps run out the
    /// quotient of the heaps reached is returned, saying why (as when
    /// `max_work` runs out). A computation without it spends all of
    /// `max_work` wherever it goes.
    ///
    /// ```
    /// use grundy::HeapGame;
    /// use grundy::misere::{MisereLimits, MisereQuotient};
    ///
    /// // 0.6 (wild): heaps up to 5 shown, 10^5 steps beyond them
    /// let game = HeapGame::parse(None, Some("0.6"))?;
    /// let limits = MisereLimits::new(200, 10_000_000)?.with_beyond(5, 100_000);
    /// let q = MisereQuotient::explore(&game, limits, &mut Default::default())?;
    /// assert!(q.bound() >= 5 && q.period().is_none());
    /// assert!(q.stopped().is_some() && q.spent() <= 10_000_000);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn with_beyond(self, shown: usize, beyond: u64) -> Self {
        MisereLimits { beyond: Some((shown, beyond)), ..self }
    }

    /// Heaps up to `max_len` (`misere_len`, at least 1) are adjoined looking for a certificate.
    pub fn with_max_len(self, max_len: usize) -> Self {
        MisereLimits { max_len, ..self }
    }
    /// At most `max_order` elements (from 2 to 2^14, the largest monoid counted).
    pub fn with_max_order(self, max_order: usize) -> Self {
        MisereLimits { max_order, ..self }
    }
    /// At most `max_work` steps (`misere_work`, at least 1) in all: every
    /// search the computation makes is charged (a step is a signature, a
    /// candidate's state or a position searched, a few hundred
    /// nanoseconds); when they are spent, the heap being adjoined is given
    /// up.
    pub fn with_max_work(self, max_work: u64) -> Self {
        MisereLimits { max_work, ..self }
    }
    /// The largest heap adjoined.
    pub fn max_len(&self) -> usize {
        self.max_len
    }
    /// The work budget in steps.
    pub fn max_work(&self) -> u64 {
        self.max_work
    }

    /// Refuses a largest heap of 0.
    fn check_len(&self) -> Result<(), Error> {
        if self.max_len == 0 {
            return Err(Error::invalid("misere_len", "must be at least 1"));
        }
        Ok(())
    }

    /// Refuses a work budget of 0 steps, and orders outside `2..=MAX_ORDER`.
    fn check_work(&self) -> Result<(), Error> {
        let most = crate::misere::algebra::monoid::MAX_ORDER;
        if self.max_work == 0 {
            return Err(Error::invalid("misere_work", "must be at least 1"));
        }
        if !(2..=most).contains(&self.max_order) {
            return Err(Error::invalid("max_order", format!("must be between 2 and {most}")));
        }
        Ok(())
    }
}

/// The misère quotient of the heaps `1..=bound` of a game, with its pretending
/// function, and a certificate when it holds for every heap size.
///
/// ```
/// use grundy::HeapGame;
/// use grundy::misere::{MisereLimits, MisereQuotient};
///
/// // 0.75: |Q| = 8, |P| = 2, Φ periodic with period 2 (`docs/theory/misere.md`, Appendix A).
/// let game = HeapGame::parse(None, Some("0.75"))?;
/// let q = MisereQuotient::certify(&game, MisereLimits::default())?;
/// assert_eq!((q.monoid().order(), q.monoid().p_portion().len()), (8, 2));
/// assert_eq!(q.period().map(|p| p.1), Some(2));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereQuotient {
    monoid: Arc<BipartiteMonoid>,
    phi: Vec<u32>,
    bound: usize,
    period: Option<(usize, usize)>,
    /// Why the next heap could not be adjoined, when the computation stopped
    /// before the bound it was asked for, and the limit that would let it go on.
    stopped: Option<Stopped>,
    /// The steps of `misere_work` spent.
    spent: u64,
}

/// A quotient reached, not yet checked as a monoid (only the one returned is).
struct Reached {
    order: usize,
    table: Vec<u32>,
    identity: u32,
    p: Vec<bool>,
    phi: Vec<u32>,
    bound: usize,
    period: Option<(usize, usize)>,
}

impl Reached {
    fn quotient(self, stopped: Option<Stopped>, spent: u64) -> Result<MisereQuotient, Error> {
        let monoid = BipartiteMonoid::new(self.order, self.table, self.identity, self.p)?;
        Ok(MisereQuotient {
            monoid: Arc::new(monoid),
            phi: self.phi,
            bound: self.bound,
            period: self.period,
            stopped,
            spent,
        })
    }
}

/// Why a computation stopped early: the refusal met adjoining `heap`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Stopped {
    heap: usize,
    what: String,
    estimate: String,
    limit: String,
    /// The limit whose raise would let it go on, if any.
    raise: Option<&'static str>,
}

impl Stopped {
    fn why(&self) -> String {
        format!("heap {} could not be adjoined: {} would need {}", self.heap, self.what, self.estimate)
    }
}

/// `Φ(1..=m)`-periodicity certified by Theorem P: the least `p` (and least
/// `n₀ >= 1` for it) with `Φ(k + p) = Φ(k)` for `n₀ <= k <= m − p` and
/// `m >= 2n₀ + 2p + t − 1 − slack`. `slack` is 0 except in the test that
/// weakens the bound on purpose.
fn find_period(phi: &[u32], t: usize, slack: usize) -> Option<(usize, usize)> {
    let m = phi.len() - 1;
    for p in 1..m {
        let mut n0 = m - p + 1;
        while n0 > 1 && phi[n0 - 1 + p] == phi[n0 - 1] {
            n0 -= 1;
        }
        if n0 > m - p {
            continue;
        }
        if m + slack + 1 >= 2 * n0 + 2 * p + t {
            return Some((n0, p));
        }
    }
    None
}

/// How one computation runs: `slack` weakens Theorem P's bound (only in the
/// test that does so on purpose), `fast` tries the shortcuts of `adjoin.rs`
/// before the learner, `partial` returns the quotient reached when a budget
/// runs out instead of the error.
#[derive(Clone, Copy)]
pub(crate) struct Mode {
    pub slack: usize,
    pub fast: bool,
    pub partial: bool,
}

impl MisereQuotient {
    /// The quotient of heaps `1..=n` exactly (no certificate is looked for).
    pub fn of_heaps(game: &HeapGame, n: usize, limits: MisereLimits) -> Result<Self, Error> {
        Self::compute(&|k| heap_options(game, k), n, None, limits, &mut Context::default())
    }

    /// The quotient of all heaps: heaps are adjoined until Theorem P certifies
    /// the period, up to `limits.max_len()`; refused (naming `misere_len`)
    /// when no certificate is found or the game has no theorem.
    pub fn certify(game: &HeapGame, limits: MisereLimits) -> Result<Self, Error> {
        let q = Self::for_game(game, limits.max_len, true, limits, &mut Context::default())?;
        match q.period {
            Some(_) => Ok(q),
            None => Err(not_certified(game, &q, None)),
        }
    }

    /// The quotient for heaps up to `n`: computed exactly up to `n` when
    /// `n <= limits.max_len()` (stopping early at a certificate); otherwise
    /// up to the limit, and it must be certified.
    pub fn for_heaps_up_to(
        game: &HeapGame,
        n: u64,
        limits: MisereLimits,
        ctx: &mut Context<'_>,
    ) -> Result<Self, Error> {
        Self::for_heaps_or_reached(game, n, limits, ctx)?.map_err(|(_, refused)| refused)
    }

    /// [`MisereQuotient::for_heaps_up_to`], or, when it is refused for a
    /// limit (work, memory, order, `misere_len`, no certificate), the
    /// quotient of the heaps up to the bound it reached (`None` when not
    /// even heap 1 was adjoined) with the refusal.
    pub(crate) fn for_heaps_or_reached(
        game: &HeapGame,
        n: u64,
        limits: MisereLimits,
        ctx: &mut Context<'_>,
    ) -> Result<Result<Self, (Option<Self>, Error)>, Error> {
        let bound = n.min(limits.max_len as u64) as usize;
        let q = match Self::for_game(game, bound, true, limits, ctx) {
            Ok(q) => q,
            Err(refused @ Error::TooLarge { .. }) => return Ok(Err((None, refused))),
            Err(e) => return Err(e),
        };
        if n > q.bound as u64 && q.period.is_none() {
            let refused = not_certified(game, &q, Some(n));
            return Ok(Err((Some(q), refused)));
        }
        Ok(Ok(q))
    }

    /// The quotient of heaps up to `limits.max_len()`, stopping early at a
    /// certificate, or at the last heap that could be adjoined within the
    /// search budgets ([`MisereQuotient::stopped`] says why); never refused
    /// for lack of a certificate.
    pub fn explore(game: &HeapGame, limits: MisereLimits, ctx: &mut Context<'_>) -> Result<Self, Error> {
        Self::for_game(game, limits.max_len, true, limits, ctx)
    }

    fn for_game(
        game: &HeapGame,
        n: usize,
        certify: bool,
        limits: MisereLimits,
        ctx: &mut Context<'_>,
    ) -> Result<Self, Error> {
        limits.check_len()?;
        let t = theorem_p_removal(game).filter(|_| certify);
        // the heaps beyond those shown are adjoined only looking for a
        // certificate (`with_beyond`): none when Theorem P does not apply
        let n = match (t, limits.beyond) {
            (None, Some((shown, _))) => n.min(shown.max(1)),
            _ => n,
        };
        let run = Mode { slack: 0, fast: true, partial: true };
        Self::compute_with_slack(&|k| heap_options(game, k), n, t, limits, ctx, run)
    }

    /// The quotient of heaps `1..=n` of the game whose heap `k` has the
    /// options `options(k)` (multisets of smaller heaps); with `t = Some(_)`
    /// (Theorem P applies with largest removal `t`) the computation stops at
    /// the first certified bound.
    pub fn compute(
        options: &dyn Fn(u64) -> Result<Vec<Vec<u64>>, Error>,
        n: usize,
        t: Option<usize>,
        limits: MisereLimits,
        ctx: &mut Context<'_>,
    ) -> Result<Self, Error> {
        Self::compute_with_slack(options, n, t, limits, ctx, Mode { slack: 0, fast: true, partial: false })
    }

    pub(crate) fn compute_with_slack(
        options: &dyn Fn(u64) -> Result<Vec<Vec<u64>>, Error>,
        n: usize,
        t: Option<usize>,
        limits: MisereLimits,
        ctx: &mut Context<'_>,
        run: Mode,
    ) -> Result<Self, Error> {
        limits.check_work()?;
        let caps = Caps { max_states: limits.max_order * 4 };
        let n = n.max(1);
        // the observer hears of every heap adjoined, and is asked within every
        // stage whether to go on (`budget.rs`)
        let heap = std::cell::Cell::new(0u64);
        let max_memory = ctx.budget.max_memory;
        let mut poll = || ctx.progress("misère quotient", heap.get(), n as u64).is_ok();
        let work =
            QuotientBudget::new(limits.max_work).within(max_memory, limits.max_order).with_poll(&mut poll);
        let mut steps = adjoin::Steps::new(caps, work, run.fast);
        let mut last: Option<Reached> = None;
        // past the heaps shown, the steps left are those beyond them
        let beyond = |m: usize, steps: &mut adjoin::Steps<'_>| {
            if let Some((shown, more)) = limits.beyond
                && m == shown
            {
                let cap = steps.spent().saturating_add(more);
                steps.work().cap(cap);
            }
        };
        beyond(0, &mut steps);
        // A heap without options is the game 0 itself: it maps to the identity
        // and is dropped from options; the learner sees the other heaps only
        // (its letters), so that every nonempty sum it sees has a move.
        let mut letter: Vec<Option<u32>> = vec![None];
        let mut letters = 0u32;
        for m in 1..=n {
            let mut opts = Vec::new();
            for o in options(m as u64)? {
                if o.iter().any(|&a| a as usize >= m) {
                    return Err(Error::InvalidRule(format!("an option of heap {m} leaves a heap as large")));
                }
                let mut o: Vec<u32> = o.into_iter().filter_map(|a| letter[a as usize]).collect();
                o.sort_unstable();
                opts.push(o);
            }
            // a step per option, per 64 products read by the relabelling below
            // (its elements, as many as the last quotient's at least, times
            // its elements and heaps), and per eight heaps the period's search
            // and `Φ` read
            let (order, m64) = (last.as_ref().map_or(1, |q| q.order) as u64, m as u64);
            let charge = 1 + opts.len() as u64 + (order * (order + m64)).div_ceil(64) + m64.div_ceil(8);
            let adjoined = match steps.work().spend(charge) {
                Err(e) => Err(e),
                Ok(()) if opts.is_empty() => {
                    letter.push(None);
                    Ok(())
                }
                Ok(()) => {
                    letters += 1;
                    letter.push(Some(letters));
                    steps.adjoin(opts, m as u64)
                }
            }
            .and_then(|()| {
                // the quotient's table copied, relabelled, and the last one kept
                let order = steps.order() as u64;
                steps.work().room(3 * 4 * order * order, "the table of a misère quotient")
            });
            match adjoined {
                // a budget ran out: the quotient up to the heap before, saying why
                Err(Error::TooLarge { what, estimate, limit, remedy }) if run.partial && last.is_some() => {
                    let raise = match remedy {
                        Remedy::Raise(limit) => Some(limit),
                        _ => None,
                    };
                    let stopped = Stopped { heap: m, what, estimate, limit, raise };
                    return last.expect("a quotient").quotient(Some(stopped), steps.spent());
                }
                // refused: say how far the quotient got
                Err(Error::TooLarge { what, estimate, limit, remedy }) => {
                    return Err(Error::TooLarge {
                        what: format!("{what}, adjoining heap {m} to the quotient of heaps up to {}", m - 1),
                        estimate,
                        limit,
                        remedy: match remedy {
                            Remedy::Raise(limit) => Remedy::SmallerOrRaise("n", limit),
                            other => other,
                        },
                    });
                }
                r => r?,
            }
            let r = steps.quotient();
            if r.order > limits.max_order {
                return Err(reduce::too_many(m, r.order, limits.max_order));
            }
            heap.set(m as u64);
            beyond(m, &mut steps);
            steps.work().poll()?;
            let phi: Vec<u32> = letter.iter().map(|l| l.map_or(r.identity, |l| r.phi[l as usize])).collect();
            // labels independent of how the quotient was found
            let new = reduce::canonical_labels(r.order, &r.table, r.identity, &phi[1..]);
            let mut table = vec![0u32; r.order * r.order];
            let mut p = vec![false; r.order];
            for x in 0..r.order {
                p[new[x] as usize] = r.p[x];
                for y in 0..r.order {
                    table[new[x] as usize * r.order + new[y] as usize] =
                        new[r.table[x * r.order + y] as usize];
                }
            }
            let phi: Vec<u32> = phi.iter().map(|&x| new[x as usize]).collect();
            let period = t.and_then(|t| find_period(&phi, t, run.slack));
            let q = Reached {
                order: r.order,
                table,
                identity: new[r.identity as usize],
                p,
                phi,
                bound: m,
                period,
            };
            if period.is_some() {
                return q.quotient(None, steps.spent());
            }
            last = Some(q);
        }
        last.expect("at least one heap").quotient(None, steps.spent())
    }

    /// The quotient with its P-portion.
    pub fn monoid(&self) -> &Arc<BipartiteMonoid> {
        &self.monoid
    }

    /// The largest heap adjoined.
    pub fn bound(&self) -> usize {
        self.bound
    }

    /// Why the computation stopped before the bound it was asked for (a
    /// budget of the outcome search or of check (B) ran out), if it did.
    pub fn stopped(&self) -> Option<String> {
        self.stopped.as_ref().map(Stopped::why)
    }

    /// The limit that would have let the computation go on when it stopped
    /// early (`"misere_work"` when its work budget ran out).
    pub fn stopped_by(&self) -> Option<&'static str> {
        self.stopped.as_ref().and_then(|s| s.raise)
    }

    /// The steps of the work budget (`misere_work`) the computation spent.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// `(n₀, p)` when Theorem P certifies the quotient for every heap size.
    pub fn period(&self) -> Option<(usize, usize)> {
        self.period
    }

    /// `Φ(1..=bound)` (element labels; `Φ(0)` is the identity).
    pub fn phi_values(&self) -> &[u32] {
        &self.phi[1..]
    }

    /// The quotient's presentation: generators from the heaps `1..=bound` in
    /// order (a heap is a generator when `Φ` of it is not generated by the
    /// earlier ones), relations rewriting every monomial to its least
    /// (degree, then lex) form.
    pub fn presentation(&self) -> Result<Presentation, Error> {
        Presentation::new(&self.monoid, self.phi_values())
    }

    /// `Φ(k)`, from the period beyond the bound; `None` beyond an uncertified bound.
    pub fn phi(&self, k: u64) -> Option<u32> {
        if k as usize <= self.bound {
            return Some(self.phi[k as usize]);
        }
        let (n0, p) = self.period?;
        let (n0, p) = (n0 as u64, p as u64);
        Some(self.phi[(n0 + (k - n0) % p) as usize])
    }

    /// How many heaps of each size in `min..=n` map to each element: directly
    /// up to the bound, from the period beyond it (`n` up to `2^64 − 1`).
    pub fn histogram(&self, min: u64, n: u64) -> Result<Vec<u128>, Error> {
        let mut counts = vec![0u128; self.monoid.order()];
        // Φ is periodic from n₀ with period p on 1..=bound already (Theorem P);
        // uncertified, the heaps asked for are all below the bound
        let (n0, p) = match self.period {
            Some(period) => period,
            None if n <= self.bound as u64 => (self.bound + 1, 1),
            None => return Err(Error::Internal("an uncertified misère bound".into())),
        };
        crate::heap::period::periodic_range_counts(
            n0 as u128,
            p as u128,
            min as u128,
            n as u128 + 1,
            |k, c| counts[self.phi[k] as usize] += c,
        );
        Ok(counts)
    }
}

/// Whether Theorem P applies to the game (a finite octal code or
/// subtraction set), so that its quotient can be certified for every heap
/// size; for the others a quotient holds for the heaps adjoined only.
///
/// ```
/// use grundy::HeapGame;
/// use grundy::misere::certifiable;
///
/// assert!(certifiable(&HeapGame::parse(None, Some("0.77"))?));
/// assert!(!certifiable(&HeapGame::parse(None, Some("4!.0"))?));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn certifiable(game: &HeapGame) -> bool {
    theorem_p_removal(game).is_some()
}

/// The largest removal `t` of a game Theorem P applies to, as its family
/// tells ([`crate::heap::HeapFamily::misere_removal`]), `None` for the others.
fn theorem_p_removal(game: &HeapGame) -> Option<usize> {
    game.ruleset().misere_removal()
}

fn not_certified(game: &HeapGame, q: &MisereQuotient, needed: Option<u64>) -> Error {
    let bound = q.bound;
    Error::TooLarge {
        what: format!(
            "the misère quotient of {} for heaps up to {}",
            game.describe(),
            needed.map_or("any size".to_string(), |n| n.to_string())
        ),
        estimate: match &q.stopped {
            None => format!("a certified period, and none was found with heaps up to {bound}"),
            Some(s) => format!(
                "a certified period; none was found with heaps up to {bound}, and heap {} could not be adjoined: {} would need {}",
                s.heap, s.what, s.estimate
            ),
        },
        limit: match &q.stopped {
            None => format!("`misere_len` {bound}"),
            Some(s) => s.limit.clone(),
        },
        remedy: match &q.stopped {
            None => Remedy::SmallerOrRaise("n", "misere_len"),
            Some(Stopped { raise: Some(limit), .. }) => Remedy::SmallerOrRaise("n", limit),
            Some(_) => Remedy::Smaller("n"),
        },
    }
}

/// Whether the game is Nim (every heap moves to every smaller heap, nothing
/// else): tame, counted by [`crate::count::MisereHistogram::Tame`].
pub fn is_nim(game: &HeapGame) -> bool {
    game.ruleset().all_but().is_some_and(|t| t.is_empty())
}

#[cfg(test)]
mod tests;
