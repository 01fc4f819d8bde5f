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
//! 5. Classes whose values are another's shifted ([`super::shift_classes`]:
//!    a class with `t` shifts has at heap `n` the value a class with `t′ < t`
//!    has at heap `n − (t − t′)`) share one computation: among the tasks of
//!    a shift group, the one with the fewest shifts *leads* and is computed
//!    as any other ([`CensusTask::leads`]); each other task of the group is
//!    *derived* ([`CensusTask::derived`]): it runs after its leader, is
//!    handed the leader's values in memory ([`Resumed::values`]) and builds
//!    its record from them with `delay = t − t_leader`
//!    ([`super::census_shifted`]: the first [`crate::heap::RESUME_CHECK`]
//!    values checked by its own rules, the period looked for at the lengths a
//!    run from nothing looks at). Classes read back in step 4 take no part:
//!    a derived record that stands is read back as any other. The values
//!    pass in memory, not through the folder, because the folder keeps them
//!    only as `keep_values` says (by default not those of a certified
//!    game): a driver hands the leader's [`Resumed::values`] to the derived
//!    tasks it starts once the leader is done (the command line's threads;
//!    Python's executors and Dask workers as an argument), and drops them
//!    once those are done. A derived task without them (the leader's record
//!    was read back, written by another process meanwhile), or whose
//!    leader's values end too early (a leader stopped by `max_work`), is
//!    computed from its own rules as in step 4, keeping its values in the
//!    folder as any game; a record built from the leader's values keeps
//!    none. The rule: the derived record is the one the game computed from
//!    nothing has (but the seconds), except that under a `max_work` that
//!    would stop that run it can reach further (the leader's values past
//!    the check cost it no work). The cost: a derived task computes its
//!    first [`crate::heap::RESUME_CHECK`] values once per length looked at
//!    ([`CensusPlan::estimate`]) instead of all its values, and a leader's
//!    values take 4 bytes a value to `max_len` from when it is done until
//!    its derived tasks are.
//!
//! The drivers then estimate the tasks ([`CensusPlan::estimate`], checked
//! against the census's total by [`super::census_total_work`]) and run them
//! longest first ([`census_order`]), each derived task once its leader is
//! done ([`CensusPlan::after`]).
//!
//! # One game ([`census_task`])
//!
//! Without a folder the game is computed (a kept record checked first,
//! [`census_resume_kept`]), as its part in its shift group says
//! ([`ShiftPart`], [`CensusTask::part`]). With one, the game is claimed first
//! ([`CensusFolder::claim`]): a game another process holds is handed back
//! ([`TaskRun::Held`], to be tried again after the others) or waited for
//! ([`ClaimWay::Wait`]); once held, a record another process wrote meanwhile
//! stands ([`census_claimed`]), otherwise the game is computed, and its
//! record is written before the claim is released, so that no process ever
//! sees a game neither claimed nor recorded.

#[cfg(doc)]
use super::census_resume_kept;
use super::game::{Way, resume_part};
use super::{
    CensusFolder, Claimed, GameRecord, Kept, Owner, Resumed, ShiftPart, Sighting, ValuesKept, canonical_code,
    census_claimed, census_estimate_in, shift_classes, value_classes,
};
use crate::count::Context;
use crate::error::Error;
use crate::heap::{Limits, OctalCode, RESUME_CHECK};
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
    /// Whether derived tasks wait for its values (it leads a shift group,
    /// step 5 of the module docs).
    pub leads: bool,
    /// For a derived task, its leader and the delay of its values.
    pub derived: Option<Derived>,
}

/// A derived task's place in its shift group (step 5 of the module docs):
/// its values are those of task `leader`, `delay` heaps later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Derived {
    /// The leader, an index into [`CensusPlan::tasks`].
    pub leader: usize,
    /// The heaps its values come after the leader's (at least 1).
    pub delay: usize,
}

impl CensusTask {
    /// Its part in its shift group, given its leader's values if it is
    /// derived and they were handed back ([`Resumed::values`]).
    pub fn part<'a>(&self, leader: Option<&'a [u32]>) -> ShiftPart<'a> {
        match (self.derived, self.leads) {
            (Some(d), _) => ShiftPart::Derived { leader, delay: d.delay },
            (None, true) => ShiftPart::Leader,
            (None, false) => ShiftPart::Alone,
        }
    }

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
    ///
    /// A derived task costs the check of its first [`RESUME_CHECK`] values
    /// at each length the period is looked for from [`RESUME_CHECK`] on
    /// (`64·2^j` up to `max_len`), and about one more for the shorter
    /// lengths, each of which computes its values again; or its estimate as
    /// a game computed from nothing when that is less —
    /// or when that reaches `max_work`: a leader stopped by its work limit
    /// may hand back too few values, and the game is then computed from
    /// nothing. (The values taken from the leader past the check cost no
    /// work of their own: see [`super::census_shifted`] on work limits.)
    pub fn estimate(&self, k: usize, limits: Limits, ctx: &mut Context<'_>) -> Result<f64, Error> {
        let task = self.tasks.get(k).ok_or_else(|| Error::invalid("task", format!("{k} is not a task")))?;
        let (code, within) = (&self.games[task.game].canonical, task.limits(limits)?);
        let whole = census_estimate_in(code, within, ctx)?;
        if task.derived.is_none() || whole >= within.max_work() as f64 {
            return Ok(whole);
        }
        let check = Limits::new(RESUME_CHECK.min(within.max_len()), within.max_work())?;
        let (mut looks, mut look) = (2.0, 64);
        while look < within.max_len() {
            looks += f64::from(u8::from(look >= RESUME_CHECK));
            look *= 2;
        }
        Ok(whole.min(looks * census_estimate_in(code, check, ctx)?))
    }

    /// The task that task `k` runs after: its leader when it is derived
    /// (step 5 of the module docs), handing it its values.
    pub fn after(&self, k: usize) -> Option<usize> {
        self.tasks.get(k)?.derived.map(|d| d.leader)
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
    let task_of = |class, game, kept| CensusTask { class, game, kept, leads: false, derived: None };
    for (i, class) in classes.iter().enumerate() {
        let mut task = Some(task_of(i, class[0], None));
        for &g in class {
            let Some(folder) = folder else { break };
            match folder.kept(&games[g].canonical, limits)? {
                Kept::Resume(record) => {
                    ready.push((i, g, record));
                    task = None;
                }
                Kept::Check(record) => task = Some(task_of(i, g, Some(record))),
                Kept::Damaged(why) => {
                    // computed again as itself, so that its file is replaced
                    damaged.push((folder.record_path(&games[g].canonical), why));
                    task = Some(task_of(i, g, None));
                }
                Kept::Missing | Kept::Stale => continue,
            }
            break;
        }
        tasks.extend(task);
    }
    derive(&mut tasks, &shift_classes(&parsed, &classes));
    Ok(CensusPlan { games, classes, ready, tasks, damaged })
}

/// Step 5 of the module docs: in each shift group (`(class, shifts)` pairs,
/// [`shift_classes`]), the task with the fewest shifts leads and the group's
/// other tasks are derived from it.
fn derive(tasks: &mut [CensusTask], groups: &[Vec<(usize, usize)>]) {
    let of_class: HashMap<usize, usize> = tasks.iter().enumerate().map(|(k, t)| (t.class, k)).collect();
    for group in groups {
        let members: Vec<(usize, usize)> =
            group.iter().filter_map(|&(class, t)| Some((*of_class.get(&class)?, t))).collect();
        let Some(&(leader, t0)) = members.iter().min_by_key(|&&(_, t)| t) else { continue };
        for &(k, t) in &members {
            if t > t0 {
                tasks[k].derived = Some(Derived { leader, delay: t - t0 });
                tasks[leader].leads = true;
            }
        }
    }
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

/// One game of a census (see the module docs): `canonical` computed as its
/// `part` in its shift group says ([`CensusTask::part`]: a leader hands its
/// values back in [`Resumed::values`], a derived game is built from its
/// leader's and says so in [`Resumed::shift`]), or `kept` (a certified
/// record of it the folder keeps) checked the same way; with `folder`,
/// claimed first by `claim`, going on from the values kept there and keeping
/// its values as `values` says, its record written before the claim is
/// released. Errors: the game's own, and the folder's (naming `out`);
/// [`Error::Interrupted`] when the context's observer says stop.
#[allow(clippy::too_many_arguments)]
pub fn census_task(
    folder: Option<&CensusFolder>,
    canonical: &str,
    kept: Option<&GameRecord>,
    limits: Limits,
    values: Option<ValuesKept<'_>>,
    part: ShiftPart<'_>,
    claim: ClaimWay<'_>,
    ctx: &mut Context<'_>,
) -> Result<TaskRun, Error> {
    let Some(folder) = folder else {
        return resume_part(canonical, kept, limits, Way { values: None, part }, ctx).map(TaskRun::Done);
    };
    claimed_task(folder, &GameRecord::file_name(canonical), claim, ctx, |ctx| {
        let done = census_claimed(folder, canonical, kept, limits, values, part, ctx)?;
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
    use crate::census::{ClaimTimes, census_game, census_resume_kept};

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

    /// Runs the tasks of `plan` as a driver does: each derived task after
    /// its leader, handed its values; the records by task.
    fn run_tasks(plan: &CensusPlan, folder: Option<&CensusFolder>, limits: Limits) -> Vec<Resumed> {
        let me = Owner::this_process();
        let mut order: Vec<usize> = (0..plan.tasks.len()).collect();
        order.sort_by_key(|&k| plan.after(k).is_some());
        let mut values: HashMap<usize, Vec<u32>> = HashMap::new();
        let mut done: Vec<Option<Resumed>> = vec![None; plan.tasks.len()];
        for k in order {
            let task = &plan.tasks[k];
            let leader = plan.after(k).and_then(|l| values.get(&l)).map(Vec::as_slice);
            let claim = ClaimWay::Try { owner: &me, seen: None, times: ClaimTimes::default() };
            let canonical = &plan.games[task.game].canonical;
            let ctx = &mut Context::default();
            let run = census_task(
                folder,
                canonical,
                task.kept.as_ref(),
                limits,
                None,
                task.part(leader),
                claim,
                ctx,
            );
            let Ok(TaskRun::Done(mut r)) = run else { panic!("{canonical}: {run:?}") };
            if let Some(v) = r.values.take() {
                assert!(task.leads, "{canonical} handed back values it does not lead");
                values.insert(k, v);
            }
            done[k] = Some(r);
        }
        done.into_iter().map(Option::unwrap).collect()
    }

    /// Shift groups among the codes asked for (`0.6` and `0.62` are `0.37`
    /// one heap later, `0.404` is `0.13737` two heaps later, certified `0.07`
    /// is `0.137` one heap later): the plan
    /// computes the leader of each once and derives the other class from its
    /// values with the delay of their shifts; every derived record equals the
    /// game's record computed from nothing (but for the seconds), in memory
    /// and through a folder, where a second plan reads them all back and a
    /// certified derived record is checked from its leader's values.
    #[test]
    fn a_shift_group_is_computed_once_and_its_derived_records_are_the_games_own() {
        let limits = Limits::new(1 << 13, u64::MAX).unwrap();
        let list = codes(&["0.6", "0.37", "0.62", "0.404", "0.13737", "0.77", "0.07", "0.137"]);
        let plan = census_plan(&list, None, limits).unwrap();
        let name = |k: usize| plan.games[plan.tasks[k].game].canonical.as_str();
        let derived: Vec<(&str, &str, usize)> = (0..plan.tasks.len())
            .filter_map(|k| plan.tasks[k].derived.map(|d| (name(k), name(d.leader), d.delay)))
            .collect();
        assert_eq!(derived, [("0.6", "0.37", 1), ("0.404", "0.13737", 2), ("0.07", "0.137", 1)]);
        let leads: Vec<&str> = (0..plan.tasks.len()).filter(|&k| plan.tasks[k].leads).map(name).collect();
        assert_eq!(leads, ["0.37", "0.13737", "0.137"]);
        assert_eq!((plan.after(0), plan.after(plan.tasks.len())), (Some(1), None));
        // a derived task is estimated at its check, less than its leader
        let ctx = &mut Context::default();
        let (lead, follow) = (plan.estimate(1, limits, ctx).unwrap(), plan.estimate(0, limits, ctx).unwrap());
        assert!(follow > 0.0 && follow < lead, "{follow} {lead}");
        let timeless = |r: &GameRecord| GameRecord { seconds: 0.0, ..r.clone() };
        let f = folder("shift");
        for folder in [None, Some(&f)] {
            let done = run_tasks(&plan, folder, limits);
            for (k, r) in done.iter().enumerate() {
                let direct = crate::census::census_game(name(k), limits, ctx).unwrap();
                assert_eq!(timeless(&r.record), timeless(&direct), "{}", name(k));
                assert_eq!(r.shift, plan.tasks[k].derived.map(|d| d.delay), "{}", name(k));
                assert!(!r.resumed && r.values.is_none());
            }
        }
        // read back: the open records stand, the certified ones are checked (the derived from the leader)
        let again = census_plan(&list, Some(&f), limits).unwrap();
        let done = run_tasks(&again, Some(&f), limits);
        assert_eq!(again.ready.len() + again.tasks.len(), plan.tasks.len());
        assert!(done.iter().all(|r| r.resumed && r.shift.is_none()), "{done:?}");
        assert!(again.tasks.iter().any(|t| t.derived.is_some() && t.kept.is_some()), "{:?}", again.tasks);
        // a derived task whose leader handed back nothing is computed as itself
        let k = plan.tasks.iter().position(|t| t.derived.is_some()).unwrap();
        let alone = census_resume_kept(name(k), None, limits, None, ctx).unwrap();
        let part = plan.tasks[k].part(None);
        let claim = ClaimWay::Try { owner: &Owner::this_process(), seen: None, times: ClaimTimes::default() };
        let Ok(TaskRun::Done(r)) = census_task(None, name(k), None, limits, None, part, claim, ctx) else {
            panic!("done")
        };
        assert_eq!((timeless(&r.record), r.shift), (timeless(&alone.record), None));
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
        let alone = ShiftPart::Alone;
        let run = |claim, ctx: &mut Context<'_>| {
            census_task(Some(&f), "0.77", None, limits, None, alone, claim, ctx)
        };
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
            census_task(None, "0.77", None, limits, None, alone, try_once(), &mut Context::default())
        else {
            panic!("done")
        };
        assert_eq!(bare.record.status, done.record.status);
        std::fs::remove_dir_all(f.path()).unwrap();
    }
}
