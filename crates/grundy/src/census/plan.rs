//! The plan of a census and the run of one of its games: the decisions every
//! census driver makes — `grundy census`, Python's `grundy.census` on its
//! own threads, on an executor or on Dask workers — written once, so that
//! the drivers only hand the games out and print their rows.
//!
//! # The plan ([`census_plan`])
//!
//! 1. The codes asked for are grouped by game: codes with the same rules
//!    share one canonical code ([`super::canonical_code`]); each game keeps
//!    the codes asked for, in order, each once.
//! 2. With a census folder, every game's record is checked to be absent or a
//!    regular file ([`CensusFolder::check`]) before anything is read.
//! 3. Games shown to have the same values ([`super::value_classes`]) form a
//!    class, computed once.
//! 4. For each class, the folder's records of its games are looked at in
//!    order ([`CensusFolder::kept`]): the first record that stands
//!    ([`Kept::Resume`]) makes the class ready, read back without work; the
//!    first certified one ([`Kept::Check`]) makes it a task that checks that
//!    record; a damaged one makes its own game the task (so its file is
//!    replaced) and is reported in [`CensusPlan::damaged`]; stale and missing
//!    records are passed over. A class with none of these is a task on its
//!    first game.
//!
//! The drivers then estimate the tasks ([`CensusPlan::estimate`], checked
//! against the census's total by [`super::census_total_work`]) and run them
//! longest first ([`census_order`]).
//!
//! # One game ([`census_task`])
//!
//! Without a folder the game is computed (a kept record checked first,
//! [`census_resume_kept`]). With one, the game is claimed first
//! ([`CensusFolder::claim`]): a game another process holds is handed back
//! ([`TaskRun::Held`], to be tried again after the others) or waited for
//! ([`ClaimWay::Wait`]); once held, a record another process wrote meanwhile
//! stands ([`census_claimed`]), otherwise the game is computed, and its
//! record is written before the claim is released, so that no process ever
//! sees a game neither claimed nor recorded.

use super::{
    CensusFolder, Claimed, GameRecord, Kept, Owner, Resumed, Sighting, ValuesKept, canonical_code,
    census_claimed, census_estimate_in, census_resume_kept, value_classes,
};
use crate::count::Context;
use crate::error::Error;
use crate::heap::{Limits, OctalCode};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

/// A game of a census: its canonical code and the codes asked for that are
/// this game, in the order asked, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusGame {
    /// The canonical code ([`canonical_code`]).
    pub canonical: String,
    /// The codes asked for with these rules.
    pub codes: Vec<String>,
}

/// A computation of a census: the value class it stands for, the game of
/// the class computed, and the certified record the folder keeps of that
/// game, to check before it stands (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct CensusTask {
    /// The class, an index into [`CensusPlan::classes`].
    pub class: usize,
    /// The game computed, an index into [`CensusPlan::games`].
    pub game: usize,
    /// The certified record to check ([`Kept::Check`]), if any.
    pub kept: Option<GameRecord>,
}

impl CensusTask {
    /// The limits of its work: a kept record is checked by computing as many
    /// values as it did, within the census's work limit.
    pub fn limits(&self, limits: Limits) -> Result<Limits, Error> {
        match &self.kept {
            Some(r) => Limits::new(r.computed, limits.max_work()),
            None => Ok(limits),
        }
    }
}

/// What a census does, decided before any game starts (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct CensusPlan {
    /// The games, in the order their first code was asked for.
    pub games: Vec<CensusGame>,
    /// The value classes: indices into `games`, the first of each its leader.
    pub classes: Vec<Vec<usize>>,
    /// The classes read back: `(class, game, record)`, the record of that
    /// game of the class that stands.
    pub ready: Vec<(usize, usize, GameRecord)>,
    /// The classes to compute (or whose certified record to check).
    pub tasks: Vec<CensusTask>,
    /// The records found damaged, computed again: their paths and why.
    pub damaged: Vec<(PathBuf, String)>,
}

impl CensusPlan {
    /// The estimated work of task `k` ([`census_estimate_in`] of its game
    /// within [`CensusTask::limits`]), to order the tasks and to check the
    /// census's total before any game starts.
    pub fn estimate(&self, k: usize, limits: Limits, ctx: &mut Context<'_>) -> Result<f64, Error> {
        let task = self.tasks.get(k).ok_or_else(|| Error::invalid("task", format!("{k} is not a task")))?;
        census_estimate_in(&self.games[task.game].canonical, task.limits(limits)?, ctx)
    }
}

/// The plan of a census of `codes` (each a code such as `"0.77"`), its
/// records in `folder` if given, for games computed within `limits` (see the
/// module docs). Errors: a code that is not one, a record that is not a
/// regular file, a folder that cannot be read.
///
/// ```
/// use grundy::census::census_plan;
/// use grundy::heap::Limits;
///
/// let codes = ["0.6", "0.60", "0.62", "0.77"].map(String::from);
/// let plan = census_plan(&codes, None, Limits::new(1 << 10, u64::MAX)?)?;
/// // 0.6 and 0.60 are one game; 0.6 and 0.62 have the same values
/// assert_eq!(plan.games[0].codes, ["0.6", "0.60"]);
/// assert_eq!(plan.classes, [vec![0, 1], vec![2]]);
/// assert_eq!(plan.tasks.len(), 2);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn census_plan(
    codes: &[String],
    folder: Option<&CensusFolder>,
    limits: Limits,
) -> Result<CensusPlan, Error> {
    let games = census_games(codes)?;
    if let Some(folder) = folder {
        for game in &games {
            folder.check(&game.canonical)?;
        }
    }
    let parsed = games.iter().map(|g| OctalCode::parse(&g.canonical)).collect::<Result<Vec<_>, _>>()?;
    let classes = value_classes(&parsed);
    let (mut ready, mut tasks, mut damaged) = (Vec::new(), Vec::new(), Vec::new());
    for (i, class) in classes.iter().enumerate() {
        let mut task = Some(CensusTask { class: i, game: class[0], kept: None });
        for &g in class {
            let Some(folder) = folder else { break };
            match folder.kept(&games[g].canonical, limits)? {
                Kept::Resume(record) => {
                    ready.push((i, g, record));
                    task = None;
                }
                Kept::Check(record) => task = Some(CensusTask { class: i, game: g, kept: Some(record) }),
                Kept::Damaged(why) => {
                    // computed again as itself, so that its file is replaced
                    damaged.push((folder.record_path(&games[g].canonical), why));
                    task = Some(CensusTask { class: i, game: g, kept: None });
                }
                Kept::Missing | Kept::Stale => continue,
            }
            break;
        }
        tasks.extend(task);
    }
    Ok(CensusPlan { games, classes, ready, tasks, damaged })
}

/// The games of `codes` (step 1 of the plan): grouped by canonical code, in
/// the order their first code comes, each code once. Errors: a code that is
/// not one.
pub fn census_games(codes: &[String]) -> Result<Vec<CensusGame>, Error> {
    let mut games: Vec<CensusGame> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for code in codes {
        let canonical = canonical_code(&OctalCode::parse(code)?);
        let i = *index.entry(canonical.clone()).or_insert_with(|| {
            games.push(CensusGame { canonical, codes: Vec::new() });
            games.len() - 1
        });
        if !games[i].codes.contains(code) {
            games[i].codes.push(code.clone());
        }
    }
    Ok(games)
}

/// The order in which to run tasks of these estimated costs: longest first
/// (so the last to finish is a short one), ties in the order given.
///
/// ```
/// assert_eq!(grundy::census::census_order(&[1.0, 5.0, 1.0, 3.0]), [1, 3, 0, 2]);
/// ```
pub fn census_order(estimates: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..estimates.len()).collect();
    order.sort_by(|&x, &y| estimates[y].total_cmp(&estimates[x]).then(x.cmp(&y)));
    order
}

/// How [`census_task`] claims its game in a census folder.
pub enum ClaimWay<'a> {
    /// One try: a game another live process holds is handed back
    /// ([`TaskRun::Held`]); `seen` is what an earlier try of this game
    /// returned (a claim unchanged since then for `times.stale` is taken over).
    Try {
        /// This process.
        owner: &'a Owner,
        /// The earlier sighting of the claim, if any.
        seen: Option<&'a Sighting>,
        /// When a claim is stale.
        times: super::ClaimTimes,
    },
    /// Waits while another live process holds the game, looking again every
    /// `every`, until it is this process's ([`CensusFolder::claim_waiting`])
    /// or the context's observer says stop.
    Wait {
        /// This process.
        owner: &'a Owner,
        /// When a claim is stale.
        times: super::ClaimTimes,
        /// How often to look again.
        every: Duration,
    },
}

/// What [`census_task`] (or [`crate::misere::census::misere_census_task`]) did.
#[derive(Debug)]
pub enum TaskRun<R = Resumed> {
    /// Another live process holds the game: try again later with this
    /// sighting.
    Held(Sighting),
    /// The game's record: computed (and written to the folder, if any) or
    /// read back.
    Done(R),
}

/// One game of a census (see the module docs): `canonical` computed, or
/// `kept` (a certified record of it the folder keeps) checked; with
/// `folder`, claimed first by `claim`, going on from the values kept there
/// and keeping its values as `values` says, its record written before the
/// claim is released. Errors: the game's own, and the folder's (naming
/// `out`); [`Error::Interrupted`] when the context's observer says stop.
pub fn census_task(
    folder: Option<&CensusFolder>,
    canonical: &str,
    kept: Option<&GameRecord>,
    limits: Limits,
    values: Option<ValuesKept<'_>>,
    claim: ClaimWay<'_>,
    ctx: &mut Context<'_>,
) -> Result<TaskRun, Error> {
    let Some(folder) = folder else {
        return census_resume_kept(canonical, kept, limits, None, ctx).map(TaskRun::Done);
    };
    claimed_task(folder, &GameRecord::file_name(canonical), claim, ctx, |ctx| {
        let done = census_claimed(folder, canonical, kept, limits, values, ctx)?;
        if !done.resumed {
            folder.write(&done.record)?;
        }
        Ok(done)
    })
}

/// The claimed part of a census task, normal or misère: the record file
/// `name` of `folder` claimed by `claim` ([`TaskRun::Held`] when another
/// live process holds it and `claim` is a [`ClaimWay::Try`]), then `work`
/// (which reads back or computes the game and writes its record), then the
/// claim released — also when `work` fails, the claim being dropped.
pub(crate) fn claimed_task<R>(
    folder: &CensusFolder,
    name: &str,
    claim: ClaimWay<'_>,
    ctx: &mut Context<'_>,
    work: impl FnOnce(&mut Context<'_>) -> Result<R, Error>,
) -> Result<TaskRun<R>, Error> {
    let claim = match claim {
        ClaimWay::Try { owner, seen, times } => match folder.claim_record(name, owner, seen, times)? {
            Claimed::Mine(claim) => claim,
            Claimed::Held(seen) => return Ok(TaskRun::Held(seen)),
        },
        ClaimWay::Wait { owner, times, every } => {
            folder.claim_waiting(name, owner, times, every, || ctx.progress("claim", 0, 1).is_err())?
        }
    };
    let done = work(ctx)?;
    claim.release();
    Ok(TaskRun::Done(done))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::{ClaimTimes, census_game};

    fn folder(name: &str) -> CensusFolder {
        let dir = std::env::temp_dir().join(format!("grundy-plan-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        CensusFolder::open(&dir).unwrap()
    }

    fn codes(list: &[&str]) -> Vec<String> {
        list.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn the_plan_reads_back_checks_recomputes_and_warns_as_the_folder_says() {
        let f = folder("kept");
        let limits = Limits::new(1 << 9, u64::MAX).unwrap();
        let other = Limits::new(1 << 8, u64::MAX).unwrap();
        let ctx = &mut Context::default();
        // 0.6 open at these limits (stands), 0.77 certified (checked), 0.16 open at
        // other limits (stale), 0.07 damaged, 0.4 none
        f.write(&census_game("0.6", limits, ctx).unwrap()).unwrap();
        f.write(&census_game("0.77", limits, ctx).unwrap()).unwrap();
        f.write(&census_game("0.16", other, ctx).unwrap()).unwrap();
        std::fs::write(f.record_path("0.07"), "{").unwrap();
        // 0.62 is in 0.6's class, asked first: the class stands by 0.6's record
        let plan =
            census_plan(&codes(&["0.62", "0.6", "0.60", "0.77", "0.16", "0.07", "0.4"]), Some(&f), limits)
                .unwrap();
        let names: Vec<&str> = plan.games.iter().map(|g| g.canonical.as_str()).collect();
        assert_eq!(names, ["0.62", "0.6", "0.77", "0.16", "0.07", "0.4"]);
        assert_eq!(plan.games[1].codes, ["0.6", "0.60"]);
        assert_eq!(plan.classes[0], [0, 1]);
        assert_eq!(plan.ready.len(), 1);
        assert_eq!((plan.ready[0].0, plan.ready[0].1), (0, 1));
        let tasks: Vec<(&str, bool)> = plan.tasks.iter().map(|t| (names[t.game], t.kept.is_some())).collect();
        assert_eq!(tasks, [("0.77", true), ("0.16", false), ("0.07", false), ("0.4", false)]);
        assert_eq!(plan.damaged.len(), 1);
        assert_eq!(plan.damaged[0].0, f.record_path("0.07"));
        // a kept record is checked to as many values as it has
        let k = plan.tasks.iter().position(|t| t.kept.is_some()).unwrap();
        let computed = plan.tasks[k].kept.as_ref().unwrap().computed;
        assert_eq!(plan.tasks[k].limits(limits).unwrap().max_len(), computed);
        assert!(plan.estimate(k, limits, ctx).unwrap() > 0.0);
        assert!(plan.estimate(plan.tasks.len(), limits, ctx).is_err());
        // without a folder, every class is a task on its first game
        let bare = census_plan(&codes(&["0.62", "0.6", "0.77"]), None, limits).unwrap();
        assert!(bare.ready.is_empty() && bare.damaged.is_empty());
        assert_eq!(bare.tasks.iter().map(|t| t.game).collect::<Vec<_>>(), [0, 2]);
        // a record that is not a regular file is refused before anything is read
        std::fs::create_dir(f.record_path("0.4")).unwrap();
        assert!(census_plan(&codes(&["0.4"]), Some(&f), limits).is_err());
        std::fs::remove_dir_all(f.path()).unwrap();
    }

    #[test]
    fn a_held_game_is_handed_back_or_waited_for_and_a_task_writes_before_it_releases() {
        let f = folder("task");
        let limits = Limits::new(1 << 9, u64::MAX).unwrap();
        let me = Owner::this_process();
        let times = ClaimTimes::default();
        let Ok(Claimed::Mine(held)) = f.claim("0.77", &me, None, times) else { panic!("claimed") };
        let try_once = || ClaimWay::Try { owner: &me, seen: None, times };
        let run =
            |claim, ctx: &mut Context<'_>| census_task(Some(&f), "0.77", None, limits, None, claim, ctx);
        assert!(matches!(run(try_once(), &mut Context::default()), Ok(TaskRun::Held(_))));
        // waiting stops when the observer says so
        let mut stop = |_: &str, _: u64, _: u64| false;
        let mut ctx = Context::default().with_observer(&mut stop);
        let wait = ClaimWay::Wait { owner: &me, times, every: Duration::from_millis(10) };
        assert_eq!(run(wait, &mut ctx).unwrap_err(), Error::Interrupted);
        assert!(!f.record_path("0.77").exists());
        held.release();
        let Ok(TaskRun::Done(done)) = run(try_once(), &mut Context::default()) else { panic!("done") };
        assert!(!done.resumed);
        // the record is there and the claim gone; the next task reads it back
        assert!(f.record_path("0.77").exists() && !f.claim_path("0.77").exists());
        let Ok(TaskRun::Done(again)) = run(try_once(), &mut Context::default()) else { panic!("done") };
        assert!(again.resumed, "{again:?}");
        assert_eq!(again.record.to_json(), done.record.to_json());
        // without a folder: computed, nothing claimed
        let Ok(TaskRun::Done(bare)) =
            census_task(None, "0.77", None, limits, None, try_once(), &mut Context::default())
        else {
            panic!("done")
        };
        assert_eq!(bare.record.status, done.record.status);
        std::fs::remove_dir_all(f.path()).unwrap();
    }
}
