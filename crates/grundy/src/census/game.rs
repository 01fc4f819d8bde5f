//! The work of a census, one game at a time: its estimate
//! ([`census_estimate_in`]) and the census's total ([`census_total_work`]),
//! its computation ([`census_game`]), and the check of a certified record
//! read back from a census folder before it is resumed ([`census_resume`]).

use super::record::{GameRecord, GameStatus};
use super::shift::shifted_record;
#[cfg(test)]
use super::statistics::RareSplit;
use super::statistics::split_of;
use super::values::{ValuesKept, census_game_kept, census_game_values, parse_canonical};
use crate::count::Context;
use crate::error::{Error, Remedy, Stop};
#[cfg(test)]
use crate::heap::OctalCode;
use crate::heap::{HeapGame, Limits};

/// A census's default length limit per game: `2^18` values.
pub const CENSUS_MAX_LEN: usize = 1 << 18;

/// A census's default work limit per game: `10^12` mex steps (about a quarter
/// of an hour at most).
pub const CENSUS_MAX_WORK: u64 = 1_000_000_000_000;

/// A census's default work limit in all ([`census_total_work`]): `1.5·10^14`
/// mex steps. The estimates run high: the 511 three-digit octal codes to
/// `2^22` values are estimated at `9.7·10^13` and took three hours of one
/// core; all six-digit octal codes to `2^18` values (`4·10^14`) and the
/// three-digit hexadecimal codes (`1.9·10^14`) are refused.
pub const CENSUS_MAX_TOTAL_WORK: u64 = 150_000_000_000_000;

/// The values a scheduling probe computes ([`census_estimate_in`]).
const PROBE_LEN: usize = 2048;

/// The most work a scheduling probe does (mex steps, a fraction of a second):
/// a probe that needs more stops and its game's cost is extrapolated.
const PROBE_WORK: u64 = 200_000_000;

/// The games a census probes to estimate its total work when it has many
/// ([`census_sample`]).
const SAMPLE: usize = 64;

/// [`census_estimate_in`] without progress reports.
pub fn census_estimate(code: &str, limits: Limits) -> Result<f64, Error> {
    census_estimate_in(code, limits, &mut Context::default())
}

/// A rough cost of [`census_game`] in mex steps, for scheduling the longest
/// games first and for a census's total ([`census_total_work`]), reporting
/// progress to `ctx` (which may stop it): the first 2048 values are computed
/// on one thread, within `2·10^8` mex steps. A game certified by then costs
/// what that took; a probe stopped by its work limit after `L` values is
/// extrapolated quadratically, `work · (max_len / L)²`; otherwise the moves
/// leaving one heap ([`HeapGame::linear_work`]) plus, per two-heap split
/// digit, the pairs a scan of the rare heaps examines, `max_len² · f / 2`
/// with `f` the rare fraction of the probe (at most 1/2: a full scan). The
/// estimate is capped by `max_work`.
///
/// ```
/// use grundy::census::census_estimate;
/// use grundy::heap::Limits;
///
/// let limits = Limits::new(1 << 18, 1_000_000_000_000).unwrap();
/// // Kayles is certified within the probe; 0.004 is open and runs to 2^18 values
/// let kayles = census_estimate("0.77", limits).unwrap();
/// let open = census_estimate("0.004", limits).unwrap();
/// assert!(kayles < 1e6 && open > 1e9);
/// ```
pub fn census_estimate_in(code: &str, limits: Limits, ctx: &mut Context<'_>) -> Result<f64, Error> {
    let (code, _) = parse_canonical(code)?;
    let game = HeapGame::Octal(code.clone());
    let probe = Limits::new(PROBE_LEN.min(limits.max_len()), limits.max_work().min(PROBE_WORK))?;
    let a = game.analyze_in(0, probe.with_threads(1), ctx)?;
    let (len, max_work) = (limits.max_len() as f64, limits.max_work() as f64);
    if a.stop == Stop::Certified || a.computed >= limits.max_len() {
        return Ok(a.work as f64);
    }
    if a.stop == Stop::MaxWork {
        let scale = len / a.computed.max(1) as f64;
        return Ok((a.work as f64 * scale * scale).clamp(a.work as f64, max_work));
    }
    let fraction = match split_of(&code, &a.values[..a.computed]) {
        Some(s) => (s.rare as f64 / a.computed as f64).min(0.5),
        None => 0.5,
    };
    let split_digits = (0..code.written().len()).filter(|&k| code.digit(k) & 12 != 0).count() as f64;
    let estimate = game.linear_work(limits.max_len()) + split_digits * len * len * fraction / 2.0;
    Ok(estimate.min(max_work))
}

/// The games of a census of `games` whose estimates stand for all when its
/// total is checked before the others are probed ([`census_total_work`]):
/// every game up to 512, else 64 evenly spaced ones.
///
/// ```
/// use grundy::census::census_sample;
///
/// assert_eq!(census_sample(3), [0, 1, 2]);
/// assert_eq!(census_sample(512).len(), 512);
/// let sample = census_sample(30_000);
/// assert_eq!((sample.len(), sample[1]), (64, 468));
/// ```
pub fn census_sample(games: usize) -> Vec<usize> {
    if games <= 8 * SAMPLE {
        return (0..games).collect();
    }
    (0..SAMPLE).map(|i| i * games / SAMPLE).collect()
}

/// The estimated work of a census of `games` games, from the estimates
/// ([`census_estimate_in`]) of some of them (all, or a [`census_sample`]):
/// their mean times `games`. A census over `max_total_work` mex steps is
/// refused (an [`Error::TooLarge`] naming `max_len` and `max_total_work`).
///
/// ```
/// use grundy::census::census_total_work;
///
/// assert_eq!(census_total_work(&[1e9, 3e9], 2, u64::MAX).unwrap(), 4e9);
/// let e = census_total_work(&[1e12; 64], 30_000, 100_000_000_000_000).unwrap_err();
/// assert!(e.to_string().contains("raise `max_total_work`"), "{e}");
/// ```
pub fn census_total_work(estimates: &[f64], games: usize, max_total_work: u64) -> Result<f64, Error> {
    if estimates.is_empty() {
        return Ok(0.0);
    }
    let total = estimates.iter().sum::<f64>() / estimates.len() as f64 * games as f64;
    if total > max_total_work as f64 {
        let sampled = if estimates.len() < games {
            format!(", from a sample of {} games", estimates.len())
        } else {
            String::new()
        };
        return Err(Error::TooLarge {
            what: format!("a census of {games} games"),
            estimate: format!("about {total:.1e} mex steps{sampled}"),
            limit: format!("{:.1e}", max_total_work as f64),
            remedy: Remedy::SmallerOrRaise("max_len", "max_total_work"),
        });
    }
    Ok(total)
}

/// Computes one game of a census on one thread: `code`'s canonical game
/// ([`canonical_code`](super::canonical_code)) until its period is certified or the limits stop it
/// (on one thread whatever `limits` says: a census computes its games side
/// by side), reporting progress to `ctx`.
///
/// ```
/// use grundy::census::{GameStatus, census_game};
/// use grundy::heap::Limits;
///
/// let r = census_game("0.770", Limits::new(1 << 12, u64::MAX).unwrap(), &mut Default::default()).unwrap();
/// assert_eq!(r.canonical, "0.77");
/// assert_eq!(r.status, GameStatus::Periodic { preperiod: 71, period: 12 });
/// assert_eq!((r.max_value, r.max_at), (8, 27));
/// assert!(r.to_json().starts_with("{\"canonical\":\"0.77\","));
/// ```
pub fn census_game(code: &str, limits: Limits, ctx: &mut Context<'_>) -> Result<GameRecord, Error> {
    census_game_kept(code, limits, None, ctx).map(|e| e.record)
}

/// A game of a census, computed or resumed ([`census_resume`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Resumed {
    /// Its record.
    pub record: GameRecord,
    /// Whether the record is the one read back (checked), not computed now.
    pub resumed: bool,
    /// Why the record read back was not used, when it was not: the game was
    /// computed again.
    pub rejected: Option<String>,
    /// The values kept in the folder that the computation went on from (0:
    /// from heap 0, or not computed), see [`census_game_kept`].
    pub extended_from: usize,
    /// Why the values kept in the folder were not used, when they were not.
    pub values_warning: Option<String>,
    /// The game's values, for a shift group's leader ([`ShiftPart::Leader`])
    /// computed (or checked) now: `g(0..computed)`, filled to `max_len` from
    /// a certified period; `None` otherwise.
    pub values: Option<Vec<u32>>,
    /// The delay of a record built now from its leader's values
    /// ([`ShiftPart::Derived`], [`super::census_shifted`]): its values are the
    /// leader's `shift` heaps later; `None` for a record computed from the
    /// game's own rules or read back.
    pub shift: Option<usize>,
}

/// How [`super::census_task`] computes a game, by its part in its shift
/// group (step 5 of the census plan, [`super::census_plan`]; [`super::CensusTask::part`] says
/// which).
#[derive(Clone, Copy, Debug, Default)]
pub enum ShiftPart<'a> {
    /// In no shift group with a derived task: computed as itself.
    #[default]
    Alone,
    /// A leader: computed as itself, its values handed back
    /// ([`Resumed::values`]) for the derived tasks.
    Leader,
    /// A derived game: built from its leader's values `delay` heaps later
    /// ([`super::census_shifted`]), or computed as itself when `leader` is
    /// `None` (the leader handed back none) or ends too early.
    Derived {
        /// The leader's values, if the leader handed them back.
        leader: Option<&'a [u32]>,
        /// The heaps the game's values come after the leader's.
        delay: usize,
    },
}

/// One game of a census, `code` ([`census_game`]), given the certified record
/// its census folder kept, if any (`kept`, of the same game: a
/// [`super::Kept::Check`]): the record stands when its game, computed again to
/// the same number of values within `limits`' work, has the same status,
/// preperiod, period, saltus, largest value and split (the certificate of its
/// period is then verified: the claim cannot be a hand-edited one); otherwise
/// the game is computed with `limits` and [`Resumed::rejected`] says why. A
/// certified game costs about as much as its record did; the saving of a
/// resumed census is in its open games, which are read back as they are.
///
/// ```
/// use grundy::census::{census_game, census_resume};
/// use grundy::heap::Limits;
///
/// let limits = Limits::new(4096, u64::MAX).unwrap();
/// let kept = census_game("0.07", limits, &mut Default::default()).unwrap();
/// assert!(census_resume("0.07", Some(&kept), limits, &mut Default::default()).unwrap().resumed);
/// // a record edited by hand, its checksum recomputed: read back, then caught
/// let mut forged = kept.clone();
/// forged.status = grundy::census::GameStatus::Periodic { preperiod: 53, period: 35 };
/// let again = census_resume("0.07", Some(&forged), limits, &mut Default::default()).unwrap();
/// assert!(!again.resumed && again.rejected.unwrap().contains("period 35"));
/// assert_eq!(again.record.status, grundy::census::GameStatus::Periodic { preperiod: 53, period: 34 });
/// ```
pub fn census_resume(
    code: &str,
    kept: Option<&GameRecord>,
    limits: Limits,
    ctx: &mut Context<'_>,
) -> Result<Resumed, Error> {
    census_resume_kept(code, kept, limits, None, ctx)
}

/// [`census_resume`], a game computed going on from the values its folder
/// keeps and keeping its values there ([`census_game_kept`], when `values`
/// is given).
pub fn census_resume_kept(
    code: &str,
    kept: Option<&GameRecord>,
    limits: Limits,
    values: Option<ValuesKept<'_>>,
    ctx: &mut Context<'_>,
) -> Result<Resumed, Error> {
    resume_part(code, kept, limits, Way { values, part: ShiftPart::Alone }, ctx)
}

/// How a game of a census is computed: going on from and keeping its values
/// in the folder (`values`), as its part in its shift group says (`part`).
#[derive(Clone, Copy)]
pub(super) struct Way<'a> {
    /// The values kept in the census folder.
    pub values: Option<ValuesKept<'a>>,
    /// Its part in its shift group.
    pub part: ShiftPart<'a>,
}

/// [`census_resume_kept`] for a game of the census plan's part `way.part`:
/// a leader hands its values back ([`Resumed::values`], also when its kept
/// record stands: the check computed them), a derived game is built from its
/// leader's values ([`compute`]), its kept record checked that way too.
pub(super) fn resume_part(
    code: &str,
    kept: Option<&GameRecord>,
    limits: Limits,
    way: Way<'_>,
    ctx: &mut Context<'_>,
) -> Result<Resumed, Error> {
    let rejected = match kept {
        Some(kept) => match check(kept, limits, way.part, ctx)? {
            Ok(values) => return Ok(Resumed { values, ..Resumed::read_back(kept.clone()) }),
            Err(why) => Some(why),
        },
        None => None,
    };
    let done = compute(code, limits, limits.max_len(), way, ctx)?;
    Ok(Resumed { rejected, ..done })
}

/// `code` computed within `limits` as its part says: a derived game from its
/// leader's values when they reach far enough ([`shifted_record`]: the
/// check of the first values by its own rules, no values file), otherwise
/// (and every other game) from its own rules going on from and keeping its
/// values in the folder ([`census_game_values`]); a leader's values are
/// handed back filled to `fill`.
fn compute(
    code: &str,
    limits: Limits,
    fill: usize,
    way: Way<'_>,
    ctx: &mut Context<'_>,
) -> Result<Resumed, Error> {
    if let ShiftPart::Derived { leader: Some(leader), delay } = way.part
        && let Some(record) = shifted_record(code, leader, delay, limits, ctx)?
    {
        return Ok(Resumed { resumed: false, shift: Some(delay), ..Resumed::read_back(record) });
    }
    let fill = matches!(way.part, ShiftPart::Leader).then_some(fill);
    let (e, values) = census_game_values(code, limits, way.values, fill, ctx)?;
    Ok(Resumed {
        record: e.record,
        resumed: false,
        rejected: None,
        extended_from: e.from,
        values_warning: e.warning,
        values,
        shift: None,
    })
}

/// A game this process has claimed in `folder` ([`super::Claim`]): the
/// record another process wrote while it held the game stands as a resumed
/// one (an open record of the same limits as it is, a certified one once
/// checked); otherwise the game is computed ([`census_resume_kept`], its
/// `kept` record checked first). The command line and Python both call it
/// once their claim is held, so a game finished elsewhere is not computed
/// again. `part` is the game's part in its shift group
/// ([`super::CensusTask::part`]; [`ShiftPart::Alone`] outside one).
pub fn census_claimed(
    folder: &super::CensusFolder,
    canonical: &str,
    kept: Option<&GameRecord>,
    limits: Limits,
    values: Option<ValuesKept<'_>>,
    part: ShiftPart<'_>,
    ctx: &mut Context<'_>,
) -> Result<Resumed, Error> {
    let way = Way { values, part };
    match (kept, folder.kept(canonical, limits)?) {
        (_, super::Kept::Resume(record)) => Ok(Resumed::read_back(record)),
        (None, super::Kept::Check(record)) => resume_part(canonical, Some(&record), limits, way, ctx),
        (kept, _) => resume_part(canonical, kept, limits, way, ctx),
    }
}

impl Resumed {
    /// A record read back, standing as it is.
    pub fn read_back(record: GameRecord) -> Self {
        Resumed {
            record,
            resumed: true,
            rejected: None,
            extended_from: 0,
            values_warning: None,
            values: None,
            shift: None,
        }
    }
}

/// Whether `kept` stands: `Ok` with a leader's values (filled to `max_len`)
/// when it does, `Err` with why not (computed again, see [`census_resume`]).
/// The game is computed again to as many values as `part` says: a derived
/// game from its leader's values ([`compute`]).
fn check(
    kept: &GameRecord,
    limits: Limits,
    part: ShiftPart<'_>,
    ctx: &mut Context<'_>,
) -> Result<Result<Option<Vec<u32>>, String>, Error> {
    if kept.status == GameStatus::Open {
        return Ok(Err("an open record is not checked".into()));
    }
    if kept.computed > limits.max_len() {
        return Ok(Err(format!("checking it needs {} values, more than `max_len`", kept.computed)));
    }
    let within = Limits::new(kept.computed, limits.max_work())?;
    let again = compute(&kept.canonical, within, limits.max_len(), Way { values: None, part }, ctx)?;
    if again.record.stop == Stop::MaxWork {
        return Ok(Err("checking it needs more work than `max_work`".into()));
    }
    match kept.difference(&again.record) {
        None => Ok(Ok(again.values)),
        Some(why) => Ok(Err(why)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::census_codes;

    fn run(code: &str, len: usize) -> GameRecord {
        census_game(code, Limits::new(len, u64::MAX).unwrap(), &mut Context::default()).unwrap()
    }

    fn resume(kept: &GameRecord, len: usize) -> Resumed {
        let limits = Limits::new(len, u64::MAX).unwrap();
        census_resume(&kept.canonical, Some(kept), limits, &mut Context::default()).unwrap()
    }

    /// Every three-digit octal code and codes with groups, `!` and hexadecimal
    /// digits: each record reads back as itself, each certified one is
    /// verified when resumed (at the limits it ran with and at larger ones),
    /// and every false claim about it (a period or preperiod off by one, a
    /// multiple or a divisor of the period, another largest value or split)
    /// is rejected and computed again.
    #[test]
    fn certified_records_check_and_false_claims_do_not() {
        let mut codes = census_codes(3, &[0], false).unwrap();
        codes.extend(
            ["0.[3]", "0.3[3]", "0.1[3]", "4!.0", "0.4!", "4.07", "0.F", "0.1F", "8.0"].map(String::from),
        );
        let len = 1 << 12;
        let (mut checked, mut forged) = (0, 0);
        for code in &codes {
            let r = run(code, len);
            let back = GameRecord::from_json(&r.to_json()).unwrap();
            assert_eq!(back.to_json(), r.to_json(), "{code}");
            assert_eq!(GameRecord { seconds: r.seconds, ..back }, r, "{code}");
            if r.status == GameStatus::Open {
                continue;
            }
            for limit in [len, 2 * len] {
                let again = resume(&r, limit);
                assert!(again.resumed && again.rejected.is_none() && again.record == r, "{code}: {again:?}");
            }
            checked += 1;
            let mut lies = Vec::new();
            if let GameStatus::Periodic { preperiod, period } = r.status {
                let p = |preperiod, period| GameStatus::Periodic { preperiod, period };
                lies.extend([p(preperiod + 1, period), p(preperiod, period + 1), p(preperiod, 2 * period)]);
                if preperiod > 0 {
                    lies.push(p(preperiod - 1, period));
                }
                if period > 1 {
                    lies.push(p(preperiod, period - 1));
                }
            }
            let mut records: Vec<GameRecord> =
                lies.into_iter().map(|status| GameRecord { status, ..r.clone() }).collect();
            records.push(GameRecord { max_value: r.max_value + 1, ..r.clone() });
            records.push(GameRecord { max_at: r.max_at + 1, ..r.clone() });
            if let Some(s) = r.split {
                records.push(GameRecord { split: Some(RareSplit { rare: s.rare + 1, ..s }), ..r.clone() });
            }
            for lie in records {
                let again = resume(&lie, len);
                assert!(!again.resumed && again.rejected.is_some(), "{code}: {lie:?} stood");
                assert_eq!(GameRecord { seconds: r.seconds, ..again.record }, r, "{code}");
                forged += 1;
            }
        }
        assert!(checked > 250 && forged > 1500, "{checked} checked, {forged} forged");
    }

    /// A certified record that needs more values to check than the limits
    /// allow is computed again within them, and says so.
    #[test]
    fn a_record_beyond_the_limits_is_computed_within_them() {
        let r = run("0.07", 4096);
        let again = resume(&r, 128);
        assert!(!again.resumed && again.rejected.unwrap().contains("max_len"));
        assert_eq!((again.record.status, again.record.computed), (GameStatus::Open, 128));
    }

    /// The total of a census is the mean of its sample times its games; the
    /// default accepts the three-digit census of `docs/benchmarks.md` to `2^22` values
    /// and refuses every six-digit octal code to `2^18`.
    #[test]
    fn the_default_total_accepts_the_readme_census_and_refuses_six_digits() {
        let total = |digits: usize, len: usize| {
            let codes = census_codes(digits, &[0], false).unwrap();
            let parsed: Vec<OctalCode> = codes.iter().map(|c| OctalCode::parse(c).unwrap()).collect();
            let classes = crate::census::value_classes(&parsed);
            let limits = Limits::new(len, CENSUS_MAX_WORK).unwrap();
            let sample = census_sample(classes.len());
            let estimates: Vec<f64> =
                sample.iter().map(|&k| census_estimate(&codes[classes[k][0]], limits).unwrap()).collect();
            census_total_work(&estimates, classes.len(), CENSUS_MAX_TOTAL_WORK)
        };
        let readme = total(3, 1 << 22).unwrap();
        assert!(readme > 2e13 && readme < CENSUS_MAX_TOTAL_WORK as f64 / 1.4, "{readme:e}");
        let e = total(6, CENSUS_MAX_LEN).unwrap_err();
        assert!(e.to_string().contains("raise `max_total_work`"), "{e}");
    }
}
