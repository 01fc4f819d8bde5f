//! `grundy census --play misere`: the misère quotient of every code of a
//! family (or a list), as far as `--misere-len` and `--misere-work` let each
//! go, one code per core at a time ([`grundy::misere::census`]).
//!
//! Codes with the same rules share one canonical game, computed once. With
//! `--out DIR` each game's [`MisereRecord`] goes to `DIR/<canonical>.misere.json`
//! (beside the normal census's `<canonical>.json`), and a later census with
//! the same limits reads it back (`"resumed": true`; a certified one after
//! the independent checker has verified it on small sums); a damaged or
//! edited record is computed again with a warning. Before any work the codes,
//! the folder and the census's total budget (`codes × --misere-work` within
//! `--misere-total-work`) are checked, and each job's memory is the machine's
//! budget shared among the jobs. `--verify` proves every certified row a
//! second time with [`grundy::misere::check`], on the sums of heaps totalling
//! at most `--verify-size`, and says so in the row.

use crate::census_jobs::run_games;
use crate::output::{emit, interrupted, stop_on_ctrl_c};
use crate::{CliError, CliResult, MACHINE_BUDGET};
use clap::Args;
use grundy::census::{CensusFolder, CensusGame, ClaimTimes, ClaimWay, Owner, Sighting};
use grundy::misere::MisereLimits;
use grundy::misere::census::{
    MISERE_CENSUS_LEN, MISERE_CENSUS_TOTAL_WORK, MISERE_CENSUS_WORK, MISERE_VERIFY_SIZE, MiserePlan,
    MisereRecord, misere_census_plan, misere_census_request, misere_census_task,
};
use grundy::{Context, Error};
use serde_json::{Map, Value, json};
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Args, Debug)]
pub struct MisereArgs {
    /// Normal play (each code's nim-values and their period) or misère play (each code's misère quotient).
    #[arg(long, value_enum, default_value = "normal")]
    play: crate::PlayArg,
    /// With --play misere: the largest heap adjoined to a code's quotient while looking for its certificate.
    #[arg(long, value_parser = crate::number, default_value_t = MISERE_CENSUS_LEN as u64)]
    misere_len: u64,
    /// With --play misere: the work budget of each code's quotient, in steps of a few hundred nanoseconds; a code that needs more is shown as far as it got, with the heap that could not be adjoined.
    #[arg(long, value_parser = crate::number, default_value_t = MISERE_CENSUS_WORK)]
    misere_work: u64,
    /// With --play misere: the work limit of the whole census, in steps: the codes computed times --misere-work, checked before any starts.
    #[arg(long, value_parser = crate::number, default_value_t = MISERE_CENSUS_TOTAL_WORK)]
    misere_total_work: u64,
    /// With --play misere: prove every certified quotient a second time with the independent checker (its own moves; every sum of heaps totalling at most --verify-size) and say so in the row.
    #[arg(long)]
    verify: bool,
    /// With --verify: the largest total size of the sums checked.
    #[arg(long, value_parser = crate::number, default_value_t = MISERE_VERIFY_SIZE)]
    verify_size: u64,
}

impl MisereArgs {
    /// Whether the census is in misère play.
    pub fn misere(&self) -> bool {
        matches!(self.play, crate::PlayArg::Misere)
    }

    /// Refuses `--verify` in normal play (it checks a misère quotient).
    pub fn check_normal(&self) -> CliResult {
        misere_census_request(self.misere(), self.verify, self.verify_size, 0, 0, 0)?;
        Ok(())
    }
}

/// What the census is asked for besides the misère flags.
pub struct Request<'a> {
    pub codes: Vec<String>,
    pub jobs: usize,
    pub json: bool,
    pub out: Option<&'a str>,
    /// `--stale-claim`.
    pub claim_times: ClaimTimes,
}

/// The census in misère play (module docs).
pub fn run(a: &MisereArgs, r: Request<'_>) -> CliResult {
    let limits = MisereLimits::new(usize::try_from(a.misere_len).unwrap_or(usize::MAX), a.misere_work)?;
    let verify_size = misere_census_request(true, a.verify, a.verify_size, 0, 0, 0)?;
    let folder = r.out.map(CensusFolder::open).transpose()?;
    let jobs = r.jobs.max(1);
    let max_memory = MACHINE_BUDGET.max_memory / jobs as u64;
    // the plan (grundy::misere::census::misere_census_plan): the folder's
    // records checked first, then those that stand read back
    let plan = {
        let mut observer = |_: &str, _: u64, _: u64| !interrupted();
        let mut ctx = context(max_memory).with_observer(&mut observer);
        stop_on_ctrl_c()?;
        misere_census_plan(&r.codes, folder.as_ref(), limits, &mut ctx)?
    };
    for (path, why) in &plan.damaged {
        eprintln!("warning: {}: {why}; computing it again", path.display());
    }
    let MiserePlan { games, ready, tasks, .. } = &plan;
    // the work before any game starts: each game spends at most --misere-work steps
    misere_census_request(true, a.verify, a.verify_size, tasks.len(), a.misere_work, a.misere_total_work)?;
    if !r.json {
        emit(format!(
            "{:<10} {:<10} {:>6} {:>5}  {:<46} {:<5} {:<8} {:>8}  orders (heap:order)",
            "code", "canonical", "order", "|P|", "status", "tame", "verified", "seconds"
        ));
    }
    let print = |game: &CensusGame, record: &MisereRecord, resumed: bool| -> Result<usize, CliError> {
        let verified = match a.verify {
            false => None,
            true => verification(record, verify_size, max_memory)?,
        };
        for row in rows(game, record, resumed, a.verify, verified.as_ref()) {
            emit(if r.json { Value::Object(row).to_string() } else { table_line(&row) });
        }
        Ok(game.codes.len())
    };
    let mut printed = 0;
    for (i, record) in ready {
        printed += print(&games[*i], record, true)?;
    }
    // set on a failure: the games in flight stop, no other starts
    let failed = AtomicBool::new(false);
    let stopped = || interrupted() || failed.load(Ordering::Relaxed);
    let owner = Owner::this_process();
    let mut failure: Option<CliError> = None;
    let mut done = 0;
    let run = |k: usize, seen: Option<&Sighting>, ctx: &mut Context<'_>| {
        let claim = ClaimWay::Try { owner: &owner, seen, times: r.claim_times };
        misere_census_task(folder.as_ref(), &games[tasks[k]].canonical, limits, claim, ctx)
    };
    let budget = context(max_memory).budget;
    run_games(tasks.len(), jobs, budget, &stopped, &[], &run, |k, result| {
        if failure.is_some() {
            return;
        }
        let game = &games[tasks[k]];
        let written = result.map_err(|e| match e {
            Error::Interrupted => None,
            // the folder's own errors name --out and the file
            e @ Error::InvalidParameter { parameter: "out", .. } => Some(e.into()),
            e => Some(CliError::Message(format!("{}: {}", game.canonical, crate::message(&e)))),
        });
        match written.map(|(record, resumed)| print(game, &record, resumed)) {
            Ok(Ok(n)) => {
                printed += n;
                done += 1;
            }
            Ok(Err(e)) | Err(Some(e)) => failure = Some(e),
            Err(None) => {}
        }
        if failure.is_some() {
            failed.store(true, Ordering::Relaxed);
        }
    });
    let kept = match r.out {
        Some(d) => format!("each kept in {d}; run the same command again to go on"),
        None => "give --out DIR to keep finished games across runs".to_string(),
    };
    if let Some(e) = failure {
        let text = match e {
            CliError::Library(e) => crate::message(&e),
            CliError::Message(m) | CliError::Interrupted(m) => m,
        };
        return Err(CliError::Message(format!("{text}; stopped after {printed} rows printed above, {kept}")));
    }
    if done < tasks.len() {
        return Err(CliError::Interrupted(format!("{done} of {} games computed; {kept}", tasks.len())));
    }
    Ok(())
}

/// A context within the job's share of the machine's memory.
fn context<'a>(max_memory: u64) -> Context<'a> {
    let mut ctx = Context::new(MACHINE_BUDGET);
    ctx.budget.max_memory = max_memory;
    ctx
}

/// The independent check of a certified record (`None` for an open one).
fn verification(record: &MisereRecord, size: usize, max_memory: u64) -> Result<Option<Value>, CliError> {
    let mut observer = |_: &str, _: u64, _: u64| !interrupted();
    let mut ctx = context(max_memory).with_observer(&mut observer);
    let text = record.verification_json(size, &mut ctx)?;
    Ok(text.and_then(|t| serde_json::from_str(&t).ok()))
}

/// The rows of a game: one per code asked for, the record's fields (without
/// its format and checksum) with `code`, `equivalent` (the other codes of the
/// game), `resumed` and, with `--verify`, `verified`.
fn rows(
    game: &CensusGame,
    record: &MisereRecord,
    resumed: bool,
    verify: bool,
    check: Option<&Value>,
) -> Vec<Map<String, Value>> {
    let Ok(Value::Object(mut fields)) = serde_json::from_str::<Value>(&record.to_json()) else {
        return vec![];
    };
    fields.remove("format");
    fields.remove("checksum");
    game.codes
        .iter()
        .map(|code| {
            let mut row = fields.clone();
            row.insert("code".into(), json!(code));
            let others: Vec<&String> = game.codes.iter().filter(|c| *c != code).collect();
            row.insert("equivalent".into(), json!(others));
            row.insert("resumed".into(), json!(resumed));
            if verify {
                row.insert("verified".into(), check.map_or(Value::Null, |c| c["verified"].clone()));
                row.insert("verification".into(), check.cloned().unwrap_or(Value::Null));
            }
            row
        })
        .collect()
}

/// A row as a line of the table.
fn table_line(row: &Map<String, Value>) -> String {
    let s = |k: &str| row.get(k).map_or(String::new(), |v| v.as_str().map_or(v.to_string(), str::to_string));
    let status = match row.get("period") {
        Some(Value::Object(p)) => format!("certified: period {} from heap {}", p["period"], p["from"]),
        _ => format!(
            "open: heaps to {}, stopped by {}",
            row.get("pretending").and_then(Value::as_array).map_or(0, |p| p.len().saturating_sub(1)),
            row.get("stopped_by").and_then(Value::as_str).unwrap_or("-")
        ),
    };
    let tame = if row.get("tame") == Some(&json!(true)) { "tame" } else { "wild" };
    let verified = match row.get("verified") {
        Some(Value::Bool(true)) => "yes",
        Some(Value::Bool(false)) => "NO",
        Some(_) => "-",
        None => "",
    };
    let orders: Vec<String> = row
        .get("orders")
        .and_then(Value::as_array)
        .map(|v| v.iter().map(|p| format!("{}:{}", p[0], p[1])).collect())
        .unwrap_or_default();
    let seconds = row.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
    let resumed = if row.get("resumed") == Some(&json!(true)) { " (resumed)" } else { "" };
    format!(
        "{:<10} {:<10} {:>6} {:>5}  {:<46} {:<5} {:<8} {:>7.2}s  {}{resumed}",
        s("code"),
        s("canonical"),
        s("order"),
        s("p_size"),
        status,
        tame,
        verified,
        seconds,
        orders.join(" ")
    )
}
