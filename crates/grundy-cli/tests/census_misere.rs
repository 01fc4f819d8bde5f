//! `grundy census --play misere`: the rows of each code's misère quotient,
//! `--verify`, the records kept in `--out` beside the normal ones and read
//! back, and refusals before any work.

use serde_json::Value;
mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

/// A small budget per code: each within a second or two.
const WORK: &str = "2000000";

/// `census --play misere --codes -` of `codes` with `args` (and a small
/// `--misere-work` unless given).
fn census(codes: &[&str], args: &[&str]) -> Output {
    let work: &[&str] = if args.contains(&"--misere-work") { &[] } else { &["--misere-work", WORK] };
    let all: Vec<&str> =
        ["census", "--play", "misere", "--codes", "-"].iter().chain(work).chain(args).copied().collect();
    common::with_stdin(&all, &codes.join("\n"))
}

fn rows(out: &Output) -> Vec<Value> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

fn row<'a>(rows: &'a [Value], code: &str) -> &'a Value {
    rows.iter().find(|r| r["code"] == code).unwrap_or_else(|| panic!("no row of {code}"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-census-misere-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn rows_give_the_quotient_its_certificate_or_where_it_stopped() {
    let rows = rows(&census(&["0.75", ".75", "0.77", "0.6", "0.31"], &["--json", "--jobs", "2"]));
    assert_eq!(rows.len(), 5);
    let r = row(&rows, "0.75");
    assert_eq!((r["order"].as_u64(), r["p_size"].as_u64()), (Some(8), Some(2)));
    assert_eq!(r["period"]["period"], 2);
    assert_eq!(
        (&r["certified"], &r["tame"], &r["play"]),
        (&Value::Bool(true), &Value::Bool(false), &Value::from("misere"))
    );
    assert_eq!(r["equivalent"], serde_json::json!([".75"]));
    assert_eq!(row(&rows, ".75")["canonical"], "0.75");
    assert!(r.get("verified").is_none() && r.get("checksum").is_none() && r.get("format").is_none());
    assert_eq!(r["table"].as_array().map(Vec::len), Some(8));
    let open = row(&rows, "0.6");
    assert_eq!(
        (&open["certified"], &open["period"], &open["table"]),
        (&Value::Bool(false), &Value::Null, &Value::Null)
    );
    assert_eq!(open["stopped_by"], "misere_work");
    assert!(open["stopped"].as_str().unwrap().contains("could not be adjoined"), "{open}");
    // the orders end at the quotient's order, at a heap within the bound
    let orders = open["orders"].as_array().unwrap();
    let last = orders.last().unwrap();
    assert_eq!(last[1], open["order"]);
    assert!(last[0].as_u64() <= open["pretending"].as_array().map(|p| p.len() as u64 - 1));
    assert_eq!(row(&rows, "0.31")["tame"], true);
}

#[test]
fn verify_proves_every_certified_row_again() {
    let rows =
        rows(&census(&["0.75", "0.71", "0.34", "0.6"], &["--json", "--verify", "--verify-size", "18"]));
    for code in ["0.75", "0.71", "0.34"] {
        let r = row(&rows, code);
        assert_eq!(r["verified"], true, "{r}");
        assert_eq!(r["verification"]["max_total"], 18);
    }
    assert_eq!(row(&rows, "0.6")["verified"], Value::Null);
    // the table says so
    let out = census(&["0.75", "0.6"], &["--verify"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("code") && lines[0].contains("verified"), "{text}");
    let line = lines.iter().find(|l| l.starts_with("0.75 ")).unwrap();
    assert!(
        line.contains("certified: period 2 from heap") && line.contains(" wild ") && line.contains(" yes "),
        "{line}"
    );
    let line = lines.iter().find(|l| l.starts_with("0.6 ")).unwrap();
    assert!(line.contains("open: heaps to") && line.contains("stopped by misere_work"), "{line}");
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    names
}

#[test]
fn out_keeps_misere_records_beside_the_normal_ones_and_resumes() {
    let dir = temp("out");
    let out = dir.to_str().unwrap();
    let first = rows(&census(&["0.75", "0.6"], &["--json", "--out", out]));
    assert!(first.iter().all(|r| r["resumed"] == false));
    // the normal census in the same folder keeps its own files (records, and
    // the values of the game it leaves open)
    let normal = common::with_stdin(&["census", "--json", "--codes", "-", "--out", out], "0.75\n0.6\n");
    assert!(normal.status.success());
    let want = ["0.6.json", "0.6.misere.json", "0.6.values", "0.75.json", "0.75.misere.json"];
    assert_eq!(files(&dir), want);
    // read back, not computed
    let again = census(&["0.75", "0.6"], &["--json", "--out", out]);
    let again_rows = rows(&again);
    assert!(again_rows.iter().all(|r| r["resumed"] == true), "{again_rows:?}");
    for (a, b) in first.iter().zip(&again_rows) {
        assert_eq!(
            (&a["order"], &a["pretending"], &a["orders"]),
            (&b["order"], &b["pretending"], &b["orders"])
        );
    }
    // other limits: computed again
    let other = rows(&census(&["0.75"], &["--json", "--out", out, "--misere-len", "100"]));
    assert_eq!(other[0]["resumed"], false);
    assert_eq!(other[0]["misere_len"], 100);
    // a damaged record: a warning, computed again, replaced
    let path = dir.join("0.75.misere.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("\"order\":8", "\"order\":9")).unwrap();
    let out_damaged = census(&["0.75"], &["--json", "--out", out, "--misere-len", "100"]);
    let stderr = String::from_utf8_lossy(&out_damaged.stderr);
    assert!(
        stderr.contains("warning") && stderr.contains("checksum") && stderr.contains("computing it again"),
        "{stderr}"
    );
    assert_eq!(rows(&out_damaged)[0]["order"], 8);
    assert!(std::fs::read_to_string(&path).unwrap().contains("\"order\":8"));
    // a record that is not a regular file is refused before any work
    std::fs::remove_file(dir.join("0.6.misere.json")).unwrap();
    std::fs::create_dir(dir.join("0.6.misere.json")).unwrap();
    let refused = census(&["0.75", "0.6"], &["--json", "--out", out]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a regular file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refusals_come_before_any_row() {
    for (args, said) in [
        (vec!["--misere-total-work", "3000000"], "--misere-total-work"),
        (vec!["--misere-work", "0"], "--misere-work"),
        (vec!["--misere-len", "0"], "--misere-len"),
        (vec!["--verify-size", "0"], "--verify-size"),
        (vec!["--jobs", "0"], "--jobs"),
    ] {
        let out = census(&["0.75", "0.6"], &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(stderr.contains(said) && stderr.lines().count() == 1, "{args:?}: {stderr}");
    }
    let normal = common::with_stdin(&["census", "--codes", "-", "--verify"], "0.75\n");
    assert_eq!(normal.status.code(), Some(2));
    assert!(normal.stdout.is_empty() && String::from_utf8_lossy(&normal.stderr).contains("--play misere"));
    // one code within the total: answered
    assert!(census(&["0.75"], &["--misere-total-work", "3000000"]).status.success());
}

#[test]
fn sequence_verify_checks_any_printed_quotient() {
    let args =
        ["sequence", "--game", "0.75", "--play", "misere", "--len", "10", "--verify", "--verify-size", "14"];
    let text = common::answer(&args, &common::grundy(&args));
    assert!(text.lines().last().unwrap().starts_with("verified: yes, by the independent checker"), "{text}");
    assert!(text.contains("up to 14 totalling at most 14"), "{text}");
    // an open quotient is checked on the heaps it holds for
    let args = [
        "sequence",
        "--game",
        "0.6",
        "--play",
        "misere",
        "--len",
        "8",
        "--json",
        "--verify",
        "--verify-size",
        "30",
    ];
    let v: Value = serde_json::from_str(&common::answer(&args, &common::grundy(&args))).unwrap();
    assert_eq!(v["verified"]["verified"], true);
    assert_eq!(v["verified"]["max_heap"], v["misere_len"]);
    // without --verify the object is as it was; --verify without misère play is refused
    let args = ["sequence", "--game", "0.75", "--play", "misere", "--len", "10", "--json"];
    assert!(!common::answer(&args, &common::grundy(&args)).contains("verified"));
    let said = common::refused(&["sequence", "--game", "0.75", "--verify"]);
    assert!(said.contains("--play misere"), "{said}");
    let said = common::refused(&[
        "sequence",
        "--moves",
        "1,2",
        "--play",
        "misere",
        "--verify",
        "--verify-size",
        "0",
    ]);
    assert!(said.contains("--verify-size"), "{said}");
}

/// Two misère census processes on one folder claim games through it, as the
/// normal census does: each game is computed by exactly one of them (the
/// other reads its record back, whatever the timing), both print every row
/// alike, and no claim is left behind.
#[test]
fn two_processes_on_one_folder_compute_each_game_once() {
    let dir = temp("shared");
    let out = dir.to_str().unwrap();
    let wild = ["0.6", "0.16", "4.7", "0.07", "0.137", "0.004"];
    let args = ["--json", "--jobs", "1", "--misere-work", "6000000", "--out", out];
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| rows(&census(&wild, &args)));
        let b = s.spawn(|| rows(&census(&wild, &args)));
        (a.join().unwrap(), b.join().unwrap())
    });
    let computed = |rows: &[Value]| -> Vec<String> {
        rows.iter()
            .filter(|r| r["resumed"] == false)
            .map(|r| r["canonical"].as_str().unwrap().to_string())
            .collect()
    };
    let mut both = computed(&a);
    both.extend(computed(&b));
    both.sort();
    let mut all: Vec<String> = wild.iter().map(|c| c.to_string()).collect();
    all.sort();
    assert_eq!(both, all, "every game computed once, by one of the two");
    let stable = |rows: &[Value]| -> Vec<(String, Value)> {
        let mut v: Vec<(String, Value)> = rows
            .iter()
            .map(|r| {
                let mut r = r.clone();
                for k in ["seconds", "resumed"] {
                    r.as_object_mut().unwrap().remove(k);
                }
                (r["code"].as_str().unwrap().to_string(), r)
            })
            .collect();
        v.sort_by(|x, y| x.0.cmp(&y.0));
        v
    };
    assert_eq!(stable(&a), stable(&b));
    let left: Vec<String> = files(&dir).into_iter().filter(|n| n.starts_with('.')).collect();
    assert!(left.is_empty(), "claims or temporary files left: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
