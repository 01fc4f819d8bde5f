//! `grundy census`: every take-and-break code of a family (or of a list), each
//! game computed once on one core, all cores busy, longest games first, and
//! the results kept one file per game so that an interrupted census goes on
//! where it stopped.
//!
//! Codes with the same rules ([`grundy::census::same_rules`]) share one canonical
//! game ([`grundy::census::canonical_code`]), and games shown to have the same values
//! ([`grundy::census::value_classes`]) one computation, that of the class's first
//! game; each code still gets its row (`values_of` names the game computed).
//! Games whose values are another's shifted ([`grundy::census::shift_classes`])
//! are built from that game's values once it is done (the plan's derived
//! tasks, [`grundy::census::CensusPlan::after`]): their rows name it in
//! `values_of` and the heaps of the shift in `shift`.
//! With `--out DIR` each computed game's record ([`grundy::census::GameRecord::to_json`],
//! with its format and checksum) goes to `DIR/<canonical>.json` through the
//! library's [`grundy::census::CensusFolder`], and its rows are printed once it is
//! there; a later census with the same `--out` reads the records back
//! (`"resumed": true`) instead of computing them again: an open one when it
//! ran with the same `--max-len` and `--max-work`, a certified one once its
//! certificate is verified ([`grundy::census::census_resume`]). A record that is
//! damaged, edited or of an older format is computed again, with a warning on
//! stderr. Python's `grundy.census(out=…)` reads and writes the same files
//! with the same code.
//!
//! Before any work, the folder must be one a file can be written in, no
//! record may exist as anything but a regular file, and the census's
//! estimated work must be within `--max-total-work`
//! ([`grundy::census::census_total_work`]); nothing is printed before. A failure
//! after rows were printed (a full disk) says on stderr how many were, each
//! kept in the folder, and stops every game.

use crate::census_jobs::run_games;
use crate::output::{emit, interrupted, stop_on_ctrl_c};
use crate::{CliError, CliResult, MACHINE_BUDGET};
use clap::Args;
use grundy::census::{
    CENSUS_CHECKPOINT_WORK, CENSUS_MAX_LEN, CENSUS_MAX_TOTAL_WORK, CENSUS_MAX_VALUES_DISK, CENSUS_MAX_WORK,
    CensusFolder, CensusGame, CensusPlan, ClaimTimes, ClaimWay, KeepValues, Owner, Resumed, Sighting,
    TaskRun, ValuesKept, census_codes, census_order, census_plan, census_sample, census_task,
    census_values_check, census_values_disk, census_values_note,
};
use grundy::heap::{Limits, OctalCode};
use grundy::{Context, Error};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::fs;
use std::io::{IsTerminal, Read};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

#[derive(Args, Debug)]
pub struct CensusArgs {
    /// Every code 0.d1…dD with D digits after the point (0-7; 0-F with --hex); codes with no moves are skipped.
    #[arg(long, value_name = "D", conflicts_with = "codes")]
    digits: Option<usize>,
    /// The digits before the point, with --digits: a list of 0, 4, 8, C (4: split into two heaps, 8: into three).
    #[arg(long, value_name = "LIST", default_value = "0", requires = "digits")]
    first_digit: String,
    /// Hexadecimal digits 0-F after the point (bit 8: leave three heaps), with --digits.
    #[arg(long, requires = "digits")]
    hex: bool,
    /// The codes to compute, one per line (# starts a comment), from a file or - for stdin.
    #[arg(long, value_name = "FILE|-")]
    codes: Option<String>,
    /// How many values of each game may be computed while looking for its period.
    #[arg(long, default_value_t = CENSUS_MAX_LEN as u64, value_parser = crate::number)]
    max_len: u64,
    /// Work limit of each game, in mex steps (units of about a nanosecond).
    #[arg(long, value_parser = crate::number, default_value_t = CENSUS_MAX_WORK)]
    max_work: u64,
    /// Work limit of the whole census, in mex steps: the sum of its games' estimates (each at most --max-work), checked before any game starts.
    #[arg(long, value_parser = crate::number, default_value_t = CENSUS_MAX_TOTAL_WORK)]
    max_total_work: u64,
    /// Games computed at once, each on one core (default: every core).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// One JSON object per line instead of a table.
    #[arg(long)]
    json: bool,
    /// Keep each game's result in DIR (one file per canonical code) and resume from the files there; several census processes on one DIR (on one machine or several sharing it) compute each game once.
    #[arg(long, value_name = "DIR")]
    out: Option<String>,
    /// With --out: a game claimed by another process whose claim has not changed for this many seconds is taken over (its process is taken for dead; a process gone from this machine is seen at once).
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0, requires = "out")]
    stale_claim: f64,
    /// With --out: which games keep their nim-values in DIR/<canonical>.values (the format of sequence --save), so that a census with a larger --max-len or --max-work, or one run again after a kill, goes on from them: none, open (the games left open; the default) or all.
    #[arg(long, value_name = "WHICH", default_value = "open", value_parser = ["none", "open", "all"])]
    keep_values: String,
    /// With --out: a running game's values are written to its values file every this many mex steps (and when stopped), so a killed census loses at most that much work a game.
    #[arg(long, value_name = "STEPS", value_parser = crate::number, default_value_t = CENSUS_CHECKPOINT_WORK, requires = "out")]
    checkpoint_work: u64,
    /// With --out: the most bytes the values files of the games to compute may take, estimated before any game starts (two bytes a value to --max-len a game).
    #[arg(long, value_name = "BYTES", value_parser = crate::number, default_value_t = CENSUS_MAX_VALUES_DISK)]
    max_values_disk: u64,
    #[command(flatten)]
    misere: crate::census_misere::MisereArgs,
}

/// The codes asked for, in order, without repeats.
fn input_codes(a: &CensusArgs) -> Result<Vec<String>, CliError> {
    let codes = match (&a.codes, a.digits) {
        (Some(path), _) => read_codes(path)?,
        (None, Some(d)) => {
            let first = a
                .first_digit
                .split(',')
                .map(|d| match d.trim() {
                    d @ ("0" | "4" | "8" | "C" | "c") => Ok(u8::from_str_radix(d, 16).unwrap_or(0)),
                    d => Err(CliError::Message(format!("--first-digit: '{d}' is not 0, 4, 8 or C"))),
                })
                .collect::<Result<Vec<u8>, _>>()?;
            census_codes(d, &first, a.hex)?
        }
        (None, None) => {
            return Err(CliError::Message("give --digits D or --codes FILE (or - for stdin)".into()));
        }
    };
    let mut seen = std::collections::HashSet::new();
    Ok(codes.into_iter().filter(|c| seen.insert(c.clone())).collect())
}

/// The codes of a file (or stdin): one per line, `#` to the end of a line is a
/// comment; each must parse.
fn read_codes(path: &str) -> Result<Vec<String>, CliError> {
    let mut text = String::new();
    let read = if path == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text).map(|_| ()))
    };
    read.map_err(|e| CliError::Message(format!("--codes {path}: cannot read it: {e}")))?;
    let mut codes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("").trim();
        if code.is_empty() {
            continue;
        }
        OctalCode::parse(code).map_err(|e| {
            CliError::Message(format!("--codes {path}, line {}: {}", i + 1, crate::message(&e)))
        })?;
        codes.push(code.to_string());
    }
    if codes.is_empty() {
        return Err(CliError::Message(format!("--codes {path}: no codes in it")));
    }
    Ok(codes)
}

/// The rows of a value class ([`grundy::census::value_classes`]) whose game
/// `games[computed]` has the record `record`: one per code asked for, each
/// game's own canonical code, and for the other games `values_of` (the game
/// computed), `shift` 0 and no seconds. A record built from a leader's
/// values ([`Resumed::shift`]) names `leader` (its game's canonical code) in
/// `values_of` of every row, with the delay in `shift`; `shift` is null in
/// the rows of a record computed (or read back) as itself.
fn rows(
    games: &[CensusGame],
    class: &[usize],
    computed: usize,
    done: &Resumed,
    leader: Option<&str>,
) -> Result<Vec<Map<String, Value>>, CliError> {
    let (record, resumed) = (&done.record, done.resumed);
    let text = record.to_json();
    let Ok(Value::Object(mut fields)) = serde_json::from_str::<Value>(&text) else {
        return Err(CliError::Message(format!("internal error: a bad record: {text}")));
    };
    fields.remove("format");
    fields.remove("checksum");
    let lead = &games[computed].canonical;
    let mut rows = Vec::new();
    for &g in class {
        let game = &games[g];
        for code in &game.codes {
            let mut row = fields.clone();
            row.insert("code".into(), json!(code));
            let others: Vec<&String> = game.codes.iter().filter(|c| *c != code).collect();
            row.insert("equivalent".into(), json!(others));
            row.insert("resumed".into(), json!(resumed));
            row.insert("extended_from".into(), json!(done.extended_from));
            if game.canonical == *lead {
                row.insert("values_of".into(), Value::Null);
                row.insert("shift".into(), Value::Null);
            } else {
                row.insert("canonical".into(), json!(game.canonical));
                row.insert("values_of".into(), json!(lead));
                row.insert("shift".into(), json!(0));
                row.insert("seconds".into(), json!(0.0));
            }
            if let (Some(d), Some(leader)) = (done.shift, leader) {
                row.insert("values_of".into(), json!(leader));
                row.insert("shift".into(), json!(d));
            }
            rows.push(row);
        }
    }
    Ok(rows)
}

/// A row as a line of the table.
fn table_line(row: &Map<String, Value>) -> String {
    let s = |k: &str| row.get(k).map_or(String::new(), |v| v.as_str().map_or(v.to_string(), str::to_string));
    let status = match s("status").as_str() {
        "periodic" => format!("periodic: preperiod {}, period {}", s("preperiod"), s("period")),
        "arithmetic-periodic" => format!(
            "arithmetic-periodic: preperiod {}, period {}, saltus {}",
            s("preperiod"),
            s("period"),
            s("saltus")
        ),
        _ => format!("open: computed to {}", s("computed")),
    };
    let (split, heaps, last) = match row.get("split") {
        Some(Value::Object(m)) => (
            format!(
                "{:#x} {} ({} rare)",
                m.get("mask").and_then(Value::as_u64).unwrap_or(0),
                m.get("mode").and_then(Value::as_str).unwrap_or(""),
                m.get("rare").and_then(Value::as_u64).unwrap_or(0)
            ),
            m.get("rare_heaps").map_or(String::new(), Value::to_string),
            m.get("last_rare").filter(|v| !v.is_null()).map_or("-".to_string(), Value::to_string),
        ),
        _ => ("-".to_string(), "-".to_string(), "-".to_string()),
    };
    let same: Vec<String> = match row.get("equivalent") {
        Some(Value::Array(v)) => v.iter().filter_map(|c| c.as_str().map(str::to_string)).collect(),
        _ => vec![],
    };
    let seconds = row.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
    let resumed = match row.get("extended_from").and_then(Value::as_u64) {
        _ if row.get("resumed") == Some(&json!(true)) => " (resumed)".to_string(),
        Some(n) if n > 0 => format!(" (from {n} kept values)"),
        _ => String::new(),
    };
    let values_of =
        match (row.get("values_of").and_then(Value::as_str), row.get("shift").and_then(Value::as_u64)) {
            (Some(lead), Some(d)) if d > 0 => format!("  values of {lead} shifted {d}"),
            (Some(lead), _) => format!("  same values as {lead}"),
            (None, _) => String::new(),
        };
    format!(
        "{:<10} {:<10} {:<40} {:>6} at {:<8} {:<26} {:>10} {:>9} {:>8.2}s{resumed}{}{values_of}",
        s("code"),
        s("canonical"),
        status,
        s("max_value"),
        s("max_at"),
        split,
        heaps,
        last,
        seconds,
        if same.is_empty() { String::new() } else { format!("  same game: {}", same.join(" ")) }
    )
}

/// Prints the rows of a game.
fn print_rows(rows: &[Map<String, Value>], json_lines: bool, bar: Option<&ProgressBar>) {
    let show = || {
        for row in rows {
            if json_lines {
                emit(Value::Object(row.clone()));
            } else {
                emit(table_line(row));
            }
        }
    };
    match bar {
        Some(bar) => bar.suspend(show),
        None => show(),
    }
}

/// Where a census is: the rows printed so far and what the folder keeps,
/// for the message of a failure after the first row.
struct Printed<'a> {
    rows: usize,
    out: Option<&'a str>,
}

impl Printed<'_> {
    /// `e` with what became of the rows printed before it.
    fn failure(&self, e: CliError) -> CliError {
        if self.rows == 0 {
            return e;
        }
        let text = match e {
            CliError::Library(e) => crate::message(&e),
            CliError::Message(m) | CliError::Interrupted(m) => m,
        };
        let kept = match self.out {
            Some(d) => format!(", each kept in {d}; run the same command again to go on"),
            None => String::new(),
        };
        let rows = match self.rows {
            1 => "the row".to_string(),
            n => format!("the {n} rows"),
        };
        CliError::Message(format!("{text}; stopped after {rows} printed above{kept}"))
    }
}

/// The census: everything checked (codes, limits, the folder, the records it
/// keeps, the estimated work) before the first row is printed; then the
/// resumed rows, then each computation's rows as it finishes, its record
/// written to the folder first.
pub fn run(a: &CensusArgs) -> CliResult {
    let codes = input_codes(a)?;
    let limits = Limits::new(usize::try_from(a.max_len).unwrap_or(usize::MAX), a.max_work)?;
    if !(a.stale_claim.is_finite() && (0.01..=1e9).contains(&a.stale_claim)) {
        return Err(CliError::Message(format!(
            "--stale-claim: {} is not a number of seconds from 0.01 to 10^9",
            a.stale_claim
        )));
    }
    let claim_times = ClaimTimes::stale_after(Duration::from_secs_f64(a.stale_claim));
    let jobs = match a.jobs {
        Some(0) => return Err(CliError::Message("--jobs must be at least 1".into())),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if a.misere.misere() {
        let r =
            crate::census_misere::Request { codes, jobs, json: a.json, out: a.out.as_deref(), claim_times };
        return crate::census_misere::run(&a.misere, r);
    }
    a.misere.check_normal()?;
    // the folder before any work: writable; then the plan (see grundy::census::plan)
    let folder = a.out.as_deref().map(CensusFolder::open).transpose()?;
    let plan = census_plan(&codes, folder.as_ref(), limits)?;
    // from here Ctrl-C stops the work cleanly (before, it ends the program)
    stop_on_ctrl_c()?;
    for (path, why) in &plan.damaged {
        warn(&format!("{}: {why}; computing it again", path.display()));
    }
    let CensusPlan { games, classes, ready, tasks, .. } = &plan;
    // the work, estimated before any game starts: a sample, then every game (longest first)
    let estimate = |k: &usize, ctx: &mut Context<'_>| plan.estimate(*k, limits, ctx);
    let sample = census_sample(tasks.len());
    let sampled = parallel(&sample, jobs, estimate)?;
    grundy::census::census_total_work(&sampled, tasks.len(), a.max_total_work)?;
    let rest: Vec<usize> = (0..tasks.len()).filter(|k| sample.binary_search(k).is_err()).collect();
    let mut estimates = vec![0.0; tasks.len()];
    for (&k, e) in sample.iter().zip(sampled).chain(rest.iter().zip(parallel(&rest, jobs, estimate)?)) {
        estimates[k] = e;
    }
    grundy::census::census_total_work(&estimates, tasks.len(), a.max_total_work)?;
    // the values kept, estimated before any game starts too
    let keep = match a.keep_values.as_str() {
        "none" => KeepValues::None,
        "all" => KeepValues::All,
        _ => KeepValues::Open,
    };
    if let (Some(folder), false) = (&folder, keep == KeepValues::None || tasks.is_empty()) {
        let per_game = census_values_disk(limits.max_len());
        let total = census_values_check(per_game, tasks.len(), a.max_values_disk)?;
        // an up-front line on stderr, terminal or not (a batch job's log keeps
        // it), about the games computed afresh (a kept certified record is only checked)
        let fresh: Vec<usize> = (0..tasks.len()).filter(|&k| tasks[k].kept.is_none()).collect();
        if !fresh.is_empty() {
            let work = fresh.iter().map(|&k| estimates[k]).sum::<f64>();
            let all = per_game.saturating_mul(fresh.len() as u64).min(total);
            let note = census_values_note(fresh.len(), work, folder.path(), &a.keep_values, per_game, all);
            eprintln!("{}", crate::flags(&note));
        }
    }
    let values = folder.as_ref().map(|folder| ValuesKept { folder, keep, every: a.checkpoint_work.max(1) });
    let order = census_order(&estimates);

    if !a.json {
        emit(format!(
            "{:<10} {:<10} {:<40} {:>6} at {:<8} {:<26} {:>10} {:>9} {:>9}",
            "code",
            "canonical",
            "status",
            "max",
            "heap",
            "rare/common split",
            "rare heaps",
            "last rare",
            "seconds"
        ));
    }
    let mut printed = Printed { rows: 0, out: a.out.as_deref() };
    for (i, g, record) in ready {
        let rows = rows(games, &classes[*i], *g, &Resumed::read_back(record.clone()), None)?;
        print_rows(&rows, a.json, None);
        printed.rows += rows.len();
    }
    let bar = (std::io::stderr().is_terminal() && !order.is_empty()).then(|| {
        let bar = ProgressBar::new(order.len() as u64);
        let style = ProgressStyle::with_template(
            "census [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar
    });
    // set on a failure: the games in flight stop, no other starts
    let failed = AtomicBool::new(false);
    let stopped = || interrupted() || failed.load(Ordering::Relaxed);
    let owner = Owner::this_process();
    let mut failure: Option<CliError> = None;
    let mut done = 0usize;
    // a derived task runs after its leader (at its place in `order`), handed its values
    let mut place = vec![0; order.len()];
    for (i, &k) in order.iter().enumerate() {
        place[k] = i;
    }
    let after: Vec<Option<usize>> = order.iter().map(|&k| plan.after(k).map(|l| place[l])).collect();
    let leaders = LeaderValues::new(&plan);
    let run = |k: usize, seen: Option<&Sighting>, ctx: &mut Context<'_>| {
        let k = order[k];
        let task = &tasks[k];
        let claim = ClaimWay::Try { owner: &owner, seen, times: claim_times };
        let canonical = &games[task.game].canonical;
        let leader = plan.after(k).and_then(|l| leaders.get(l));
        let part = task.part(leader.as_deref().map(Vec::as_slice));
        let kept = task.kept.as_ref();
        let mut run = census_task(folder.as_ref(), canonical, kept, limits, values, part, claim, ctx)?;
        if let TaskRun::Done(done) = &mut run {
            leaders.done(k, done.values.take());
        }
        Ok(run)
    };
    run_games(order.len(), jobs, MACHINE_BUDGET, &stopped, &after, &run, |k, result| {
        let k = order[k];
        let task = &tasks[k];
        let canonical = &games[task.game].canonical;
        // the record is written (or the game failed): others may have it now
        let finished = match result {
            Ok(f) => f,
            Err(e) => {
                let e = match e {
                    Error::Interrupted => None,
                    // the folder's own errors name --out and the file
                    e @ Error::InvalidParameter { parameter: "out", .. } => Some(e.into()),
                    e => Some(CliError::Message(format!("{canonical}: {}", crate::message(&e)))),
                };
                if let Some(e) = e {
                    failure.get_or_insert(e);
                    failed.store(true, Ordering::Relaxed);
                }
                return;
            }
        };
        if let (Some(why), Some(folder)) = (&finished.rejected, &folder) {
            let path =
                folder.record_path(&task.kept.as_ref().map_or(canonical.clone(), |r| r.canonical.clone()));
            let shown = format!("{}: {why}; computed again", path.display());
            match &bar {
                Some(bar) => bar.suspend(|| warn(&shown)),
                None => warn(&shown),
            }
        }
        if failure.is_some() {
            return;
        }
        if let Some(why) = &finished.values_warning {
            match &bar {
                Some(bar) => bar.suspend(|| warn(why)),
                None => warn(why),
            }
        }
        let leader = plan.after(k).map(|l| games[tasks[l].game].canonical.as_str());
        match rows(games, &classes[task.class], task.game, &finished, leader) {
            Ok(rows) => {
                print_rows(&rows, a.json, bar.as_ref());
                printed.rows += rows.len();
            }
            Err(e) => {
                failure.get_or_insert(e);
                failed.store(true, Ordering::Relaxed);
            }
        }
        done += 1;
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(e) = failure {
        return Err(printed.failure(e));
    }
    if done < order.len() {
        let kept = match &a.out {
            Some(d) => format!("their results are kept in {d}; run the same command again to go on"),
            None => "give --out DIR to keep finished games across runs".to_string(),
        };
        return Err(CliError::Interrupted(format!("{done} of {} games computed; {kept}", order.len())));
    }
    Ok(())
}

/// A leader's values (once it is done) and its derived tasks not done yet.
type Handed = (Option<Arc<Vec<u32>>>, usize);

/// The values the leaders of shift groups hand their derived tasks (step 5
/// of the plan of [`grundy::census::census_plan`]), kept from when a leader is done
/// until its derived tasks are.
struct LeaderValues {
    /// Per leader task: its values (once done) and the derived tasks not done yet.
    kept: Mutex<HashMap<usize, Handed>>,
    /// Per task: the task it is derived from.
    after: Vec<Option<usize>>,
}

impl LeaderValues {
    fn new(plan: &CensusPlan) -> Self {
        let after: Vec<Option<usize>> = (0..plan.tasks.len()).map(|k| plan.after(k)).collect();
        let mut kept = HashMap::new();
        for &leader in after.iter().flatten() {
            kept.entry(leader).or_insert((None, 0)).1 += 1;
        }
        LeaderValues { kept: Mutex::new(kept), after }
    }

    /// The values leader `k` handed back, if it did.
    fn get(&self, k: usize) -> Option<Arc<Vec<u32>>> {
        self.kept.lock().ok()?.get(&k)?.0.clone()
    }

    /// Task `k` is done, handing back `values` (a leader's): kept for its
    /// derived tasks; a derived task's leader's values are dropped once its
    /// last derived task is done.
    fn done(&self, k: usize, values: Option<Vec<u32>>) {
        let Ok(mut kept) = self.kept.lock() else { return };
        if let (Some(values), Some(entry)) = (values, kept.get_mut(&k)) {
            entry.0 = Some(Arc::new(values));
        }
        if let Some(leader) = self.after.get(k).copied().flatten()
            && let Some(entry) = kept.get_mut(&leader)
        {
            entry.1 = entry.1.saturating_sub(1);
            if entry.1 == 0 {
                kept.remove(&leader);
            }
        }
    }
}

/// A warning on stderr.
fn warn(text: &str) {
    eprintln!("warning: {}", crate::flags(text));
}

/// `f` of each item on `jobs` threads, in the items' order; each call gets a
/// context that stops it on Ctrl-C, and no item starts after Ctrl-C.
fn parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T, &mut Context<'_>) -> Result<R, Error> + Sync,
) -> Result<Vec<R>, CliError> {
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<Result<R, Error>>> = (0..items.len()).map(|_| None).collect();
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()) {
            let send = send.clone();
            let (next, f) = (&next, &f);
            scope.spawn(move || {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= items.len() || interrupted() {
                        break;
                    }
                    let mut observer = |_: &str, _: u64, _: u64| !interrupted();
                    let mut ctx = Context::new(MACHINE_BUDGET).with_observer(&mut observer);
                    if send.send((k, f(&items[k], &mut ctx))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (k, r) in receive {
            results[k] = Some(r);
        }
    });
    if interrupted() {
        return Err(CliError::Interrupted("while estimating the games; no game computed".into()));
    }
    results.into_iter().map(|r| r.unwrap_or(Err(Error::Interrupted)).map_err(CliError::from)).collect()
}
