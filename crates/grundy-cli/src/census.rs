//! `grundy census`: every take-and-break code of a family (or of a list), each
//! game computed once on one core, all cores busy, longest games first, and
//! the results kept one file per game so that an interrupted census goes on
//! where it stopped.
//!
//! Codes with the same rules ([`grundy::same_rules`]) share one canonical
//! game ([`grundy::canonical_code`]), and games shown to have the same values
//! ([`grundy::value_classes`]) one computation, that of the class's first
//! game; each code still gets its row (`values_of` names the game computed).
//! With `--out DIR` each computed game's record ([`grundy::GameRecord::to_json`])
//! goes to `DIR/<canonical>.json`, written to a temporary file renamed over the
//! target (targets that exist as anything but a regular file are refused); a
//! later census with the same `--out` reads the records back (`"resumed":
//! true`) instead of computing them again: a certified record always, an open
//! one when it ran with the same `--max-len` and `--max-work`. Python's
//! `grundy.census(out=…)` reads and writes the same files.

use crate::output::{emit, interrupted, stop_on_ctrl_c};
use crate::{CliError, CliResult, MACHINE_BUDGET};
use clap::Args;
use grundy::{
    Context, Error, GameRecord, Limits, OctalCode, canonical_code, census_codes, census_estimate,
    census_game, value_classes,
};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::fs;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The default work limit per game: 10^12 mex steps (about a quarter of an
/// hour at most).
const DEFAULT_CENSUS_WORK: u64 = 1_000_000_000_000;

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
    #[arg(long, default_value = "262144", value_parser = crate::number)]
    max_len: u64,
    /// Work limit of each game, in mex steps (units of about a nanosecond).
    #[arg(long, value_parser = crate::number, default_value_t = DEFAULT_CENSUS_WORK)]
    max_work: u64,
    /// Games computed at once, each on one core (default: every core).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// One JSON object per line instead of a table.
    #[arg(long)]
    json: bool,
    /// Keep each game's result in DIR (one file per canonical code) and resume from the files there.
    #[arg(long, value_name = "DIR")]
    out: Option<String>,
}

/// The codes asked for, in order, without repeats.
fn input_codes(a: &CensusArgs) -> Result<Vec<String>, CliError> {
    let codes = match (&a.codes, a.digits) {
        (Some(path), _) => read_codes(path)?,
        (None, Some(d)) => {
            let first = a
                .first_digit
                .split(',')
                .map(|d| match u8::from_str_radix(d.trim(), 16) {
                    Ok(v) => Ok(v),
                    Err(_) => Err(CliError::Message(format!(
                        "--first-digit: '{}' is not a digit 0, 4, 8 or C",
                        d.trim()
                    ))),
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

/// A game to compute or read back: its canonical code and the codes asked for.
struct Game {
    canonical: String,
    codes: Vec<String>,
}

/// The record in `dir` for `canonical` if it can stand for a new computation
/// with `limits`: certified, or open with the same limits.
fn resumable(dir: &Path, canonical: &str, limits: Limits) -> Result<Option<Map<String, Value>>, CliError> {
    let path = dir.join(GameRecord::file_name(canonical));
    let meta = match fs::symlink_metadata(&path) {
        Ok(m) => m,
        Err(_) => return Ok(None),
    };
    if !meta.file_type().is_file() {
        return Err(CliError::Message(format!("{} exists and is not a regular file", path.display())));
    }
    let text = fs::read_to_string(&path)
        .map_err(|e| CliError::Message(format!("cannot read {}: {e}", path.display())))?;
    let bad =
        || CliError::Message(format!("{} is not a census record of {canonical}; remove it", path.display()));
    let Ok(Value::Object(record)) = serde_json::from_str::<Value>(&text) else {
        return Err(bad());
    };
    if record.get("canonical").and_then(Value::as_str) != Some(canonical)
        || record.get("format").and_then(Value::as_u64) != Some(u64::from(grundy::GameRecord::FORMAT))
    {
        return Err(bad());
    }
    let same_limits = record.get("max_len").and_then(Value::as_u64) == Some(limits.max_len() as u64)
        && record.get("max_work").and_then(Value::as_u64) == Some(limits.max_work());
    let certified = record.get("status").and_then(Value::as_str) != Some("open");
    Ok((certified || same_limits).then_some(record))
}

/// Writes `text` to `dir/name` through a temporary file renamed over it.
fn write_atomic(dir: &Path, name: &str, text: &str) -> Result<(), CliError> {
    let target = dir.join(name);
    let fail = |e: std::io::Error| CliError::Message(format!("cannot write {}: {e}", target.display()));
    if let Ok(m) = fs::symlink_metadata(&target)
        && !m.file_type().is_file()
    {
        return Err(CliError::Message(format!("{} exists and is not a regular file", target.display())));
    }
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    if let Ok(m) = fs::symlink_metadata(&tmp)
        && m.file_type().is_file()
    {
        fs::remove_file(&tmp).map_err(fail)?;
    }
    let mut file = fs::OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(fail)?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.write_all(b"\n"))
        .and_then(|()| file.sync_all())
        .map_err(fail)?;
    fs::rename(&tmp, &target).map_err(fail)
}

/// The rows of a value class ([`grundy::value_classes`]) whose game
/// `games[computed]` has the record `record`: one per code asked for, each
/// game's own canonical code, and for the other games `values_of` (the game
/// computed) and no seconds.
fn rows(
    games: &[Game],
    class: &[usize],
    computed: usize,
    record: &Map<String, Value>,
    resumed: bool,
) -> Vec<Map<String, Value>> {
    let lead = &games[computed].canonical;
    let mut rows = Vec::new();
    for &g in class {
        let game = &games[g];
        for code in &game.codes {
            let mut row = record.clone();
            row.remove("format");
            row.insert("code".into(), json!(code));
            let others: Vec<&String> = game.codes.iter().filter(|c| *c != code).collect();
            row.insert("equivalent".into(), json!(others));
            row.insert("resumed".into(), json!(resumed));
            if game.canonical == *lead {
                row.insert("values_of".into(), Value::Null);
            } else {
                row.insert("canonical".into(), json!(game.canonical));
                row.insert("values_of".into(), json!(lead));
                row.insert("seconds".into(), json!(0.0));
            }
            rows.push(row);
        }
    }
    rows
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
    let split = match row.get("split") {
        Some(Value::Object(m)) => format!(
            "{:#x} {} ({} rare)",
            m.get("mask").and_then(Value::as_u64).unwrap_or(0),
            m.get("mode").and_then(Value::as_str).unwrap_or(""),
            m.get("rare").and_then(Value::as_u64).unwrap_or(0)
        ),
        _ => "-".to_string(),
    };
    let same: Vec<String> = match row.get("equivalent") {
        Some(Value::Array(v)) => v.iter().filter_map(|c| c.as_str().map(str::to_string)).collect(),
        _ => vec![],
    };
    let seconds = row.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
    let resumed = if row.get("resumed") == Some(&json!(true)) { " (resumed)" } else { "" };
    let values_of = match row.get("values_of").and_then(Value::as_str) {
        Some(lead) => format!("  same values as {lead}"),
        None => String::new(),
    };
    format!(
        "{:<10} {:<10} {:<40} {:>6} at {:<8} {:<26} {:>8.2}s{resumed}{}{values_of}",
        s("code"),
        s("canonical"),
        status,
        s("max_value"),
        s("max_at"),
        split,
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

pub fn run(a: &CensusArgs) -> CliResult {
    let codes = input_codes(a)?;
    let limits = Limits::new(usize::try_from(a.max_len).unwrap_or(usize::MAX), a.max_work)?;
    let jobs = match a.jobs {
        Some(0) => return Err(CliError::Message("--jobs must be at least 1".into())),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // the games, in the order their first code was asked for
    let mut games: Vec<Game> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for code in codes {
        let canonical = canonical_code(&OctalCode::parse(&code)?);
        let i = *index.entry(canonical.clone()).or_insert_with(|| {
            games.push(Game { canonical, codes: Vec::new() });
            games.len() - 1
        });
        games[i].codes.push(code);
    }
    let dir = match &a.out {
        Some(d) => {
            let dir = PathBuf::from(d);
            fs::create_dir_all(&dir)
                .map_err(|e| CliError::Message(format!("--out {d}: cannot create it: {e}")))?;
            if !fs::metadata(&dir).is_ok_and(|m| m.is_dir()) {
                return Err(CliError::Message(format!("--out {d} is not a folder")));
            }
            Some(dir)
        }
        None => None,
    };
    if !a.json {
        emit(format!(
            "{:<10} {:<10} {:<40} {:>6} at {:<8} {:<26} {:>9}",
            "code", "canonical", "status", "max", "heap", "rare/common split", "seconds"
        ));
    }
    // games shown to have the same values are computed once, as the first
    let parsed = games.iter().map(|g| OctalCode::parse(&g.canonical)).collect::<Result<Vec<_>, _>>()?;
    let classes = value_classes(&parsed);
    // read back what an earlier census finished: the record of any game of a class
    let mut todo: Vec<usize> = Vec::new();
    for (i, class) in classes.iter().enumerate() {
        let mut kept = None;
        if let Some(d) = dir.as_deref() {
            for &g in class {
                if let Some(record) = resumable(d, &games[g].canonical, limits)? {
                    kept = Some((g, record));
                    break;
                }
            }
        }
        match kept {
            Some((g, record)) => print_rows(&rows(&games, class, g, &record, true), a.json, None),
            None => todo.push(i),
        }
    }
    stop_on_ctrl_c()?;
    // longest first, by a probe of each game (in parallel)
    let estimates = parallel(&todo, jobs, |&i| census_estimate(&games[classes[i][0]].canonical, limits))?;
    let mut order: Vec<(f64, usize)> = estimates.into_iter().zip(todo.iter().copied()).collect();
    order.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
    let order: Vec<usize> = order.into_iter().map(|(_, i)| i).collect();

    let bar = (std::io::stderr().is_terminal() && !order.is_empty()).then(|| {
        let bar = ProgressBar::new(order.len() as u64);
        let style = ProgressStyle::with_template(
            "census [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar
    });
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<(usize, Result<GameRecord, Error>)>();
    let mut failure: Option<CliError> = None;
    let mut done = 0usize;
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(order.len()) {
            let send = send.clone();
            let (next, order, games, classes) = (&next, &order, &games, &classes);
            scope.spawn(move || {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= order.len() || interrupted() {
                        break;
                    }
                    let i = order[k];
                    let mut observer = |_: &str, _: u64, _: u64| !interrupted();
                    let mut ctx = Context::new(MACHINE_BUDGET).with_observer(&mut observer);
                    let result = census_game(&games[classes[i][0]].canonical, limits, &mut ctx);
                    if send.send((i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (i, result) in receive {
            let record = match result {
                Ok(r) => r,
                Err(Error::Interrupted) => continue,
                Err(e) => {
                    failure.get_or_insert(CliError::Message(format!(
                        "{}: {}",
                        games[classes[i][0]].canonical,
                        crate::message(&e)
                    )));
                    next.store(order.len(), Ordering::Relaxed);
                    continue;
                }
            };
            let text = record.to_json();
            if let Some(dir) = &dir
                && let Err(e) =
                    write_atomic(dir, &GameRecord::file_name(&games[classes[i][0]].canonical), &text)
            {
                failure.get_or_insert(e);
                next.store(order.len(), Ordering::Relaxed);
            }
            let Ok(Value::Object(map)) = serde_json::from_str::<Value>(&text) else {
                failure.get_or_insert(CliError::Message(format!("internal error: a bad record: {text}")));
                continue;
            };
            print_rows(&rows(&games, &classes[i], classes[i][0], &map, false), a.json, bar.as_ref());
            done += 1;
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(e) = failure {
        return Err(e);
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

/// `f` of each item on `jobs` threads, in the items' order.
fn parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T) -> Result<R, Error> + Sync,
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
                    if k >= items.len() || send.send((k, f(&items[k]))).is_err() {
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
    results.into_iter().map(|r| r.unwrap_or(Err(Error::Interrupted)).map_err(CliError::from)).collect()
}
