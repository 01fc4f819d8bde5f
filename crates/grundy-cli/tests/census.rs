//! `grundy census`: agreement with the published record of the 511 octal games
//! 0.d1d2d3 (tests/data/octal_record.tsv), resuming an interrupted census, and
//! bad input.

use grundy::heap::OctalCode;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Values each game of the record test may compute: every published period
/// whose certificate fits is certified within this.
const RECORD_LEN: usize = 1 << 14;

fn grundy() -> Command {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
}

/// Runs a census of `codes` (given on stdin) with `args`, returning the rows.
fn census(codes: &[&str], args: &[&str]) -> Vec<Value> {
    let out = census_output(codes, args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    rows(&out)
}

fn census_output(codes: &[&str], args: &[&str]) -> Output {
    let mut child = grundy()
        .args(["census", "--json", "--codes", "-"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // a census refusing its arguments may end before it reads its list: a closed pipe is no failure
    match stdin.write_all(codes.join("\n").as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.expect("writes"),
    }
    drop(stdin);
    child.wait_with_output().expect("ends")
}

fn rows(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON row"))
        .collect()
}

/// The published `(preperiod, period)` pairs of each solved code.
type Solved = HashMap<String, HashSet<(usize, usize)>>;

/// The published `(preperiod, period)` of each solved code, and the codes
/// published as unsolved.
fn record() -> (Solved, HashSet<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/octal_record.tsv");
    let text = std::fs::read_to_string(path).expect("the record");
    let mut solved = Solved::new();
    let mut all = HashSet::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        all.insert(f[0].to_string());
        if let (Ok(e), Ok(p)) = (f[2].parse(), f[3].parse()) {
            solved.entry(f[0].to_string()).or_default().insert((e, p));
        }
    }
    let unsolved = all.into_iter().filter(|c| !solved.contains_key(c)).collect();
    (solved, unsolved)
}

/// Every code 0.d1d2d3 computed to 2^14 values: each certified period is the
/// published one (preperiod = first heap from which the period holds, heap 0
/// counted), each published period whose certificate fits in 2^14 values is
/// certified, and no code published as unsolved is certified. 0.56's
/// published preperiods disagree (326638, 326640): it is beyond 2^14 and is
/// checked by `grundy census` to 2^20 in `docs/commands.md` (326640).
#[test]
fn census_agrees_with_the_published_record() {
    let (solved, unsolved) = record();
    assert_eq!(solved.len() + unsolved.len(), 511);
    let len = RECORD_LEN.to_string();
    let out = grundy()
        .args(["census", "--digits", "3", "--json", "--max-len", &len, "--max-work", "10^12"])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows = rows(&out);
    assert_eq!(rows.len(), 511);
    let (mut compared, mut reachable) = (0, 0);
    for row in &rows {
        let canonical = row["canonical"].as_str().unwrap();
        let published = solved.get(canonical);
        let cheap: Vec<&(usize, usize)> = published
            .into_iter()
            .flatten()
            .filter(|&&(e, p)| {
                let code = OctalCode::parse(canonical).unwrap();
                e + p + code.certificate_length(e, p).unwrap() <= RECORD_LEN
            })
            .collect();
        reachable += usize::from(!cheap.is_empty());
        match row["status"].as_str().unwrap() {
            "periodic" => {
                let found =
                    (row["preperiod"].as_u64().unwrap() as usize, row["period"].as_u64().unwrap() as usize);
                assert!(
                    !unsolved.contains(canonical),
                    "{canonical}: published unsolved, certified {found:?}"
                );
                let published = published.unwrap_or_else(|| panic!("{canonical} is not in the record"));
                assert_eq!(published.len(), 1, "{canonical}: the sources disagree: {published:?}");
                assert!(published.contains(&found), "{canonical}: {found:?}, published {published:?}");
                compared += 1;
            }
            "open" => assert!(cheap.is_empty(), "{canonical}: open at {len}, published {cheap:?}"),
            other => panic!("{canonical}: {other}"),
        }
    }
    eprintln!("{compared} codes certified and compared with the record, {} open", rows.len() - compared);
    assert_eq!(compared, reachable, "every cheap published period compared");
    assert!(compared >= 300, "{compared} codes compared");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-census-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Open games that take a while each (about a tenth of a second to a second).
const SLOW: [&str; 8] = ["0.004", "0.005", "0.006", "0.014", "0.015", "0.016", "0.024", "0.026"];

/// A census killed (SIGKILL) after some games and run again computes only the
/// games that were not finished: the finished ones come back `"resumed": true`
/// from files that are not written again.
#[test]
fn a_killed_census_resumes_without_recomputing_finished_games() {
    let dir = temp_dir("kill");
    let out = dir.to_str().unwrap();
    let mut child = grundy()
        .args(["census", "--json", "--codes", "-", "--jobs", "1", "--max-len", "2^15", "--out", out])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    child.stdin.take().unwrap().write_all(SLOW.join("\n").as_bytes()).unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut finished = Vec::new();
    for _ in 0..3 {
        let row: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
        finished.push(row["canonical"].as_str().unwrap().to_string());
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let mtime = |c: &str| std::fs::metadata(dir.join(format!("{c}.json"))).unwrap().modified().unwrap();
    let before: Vec<_> = finished.iter().map(|c| mtime(c)).collect();
    let kept = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".json"))
        .count();
    let again = census(&SLOW, &["--max-len", "2^15", "--out", out]);
    assert_eq!(again.len(), SLOW.len());
    let resumed: HashSet<&str> =
        again.iter().filter(|r| r["resumed"] == true).map(|r| r["canonical"].as_str().unwrap()).collect();
    assert_eq!(resumed.len(), kept, "every finished game resumed, no other");
    for (c, t) in finished.iter().zip(before) {
        assert!(resumed.contains(c.as_str()), "{c} recomputed");
        assert_eq!(mtime(c), t, "{c} written again");
    }
    // a third run computes nothing; results as a fresh census's
    let third = census(&SLOW, &["--max-len", "2^15", "--out", out]);
    assert!(third.iter().all(|r| r["resumed"] == true));
    let fresh = census(&SLOW, &["--max-len", "2^15"]);
    assert_eq!(stable(&third), stable(&fresh));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two census processes on one folder (as on two machines sharing it) claim
/// games through it: each game is computed by one of them, the other reads
/// its record back, both print every row, and no claim is left behind.
#[test]
fn two_processes_on_one_folder_compute_each_game_once() {
    let dir = temp_dir("shared");
    let out = dir.to_str().unwrap();
    let args = ["--max-len", "2^15", "--jobs", "1", "--out", out];
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| census(&SLOW, &args));
        let b = s.spawn(|| census(&SLOW, &args));
        (a.join().unwrap(), b.join().unwrap())
    });
    let computed = |rows: &[Value]| -> Vec<String> {
        rows.iter()
            .filter(|r| r["resumed"] == false)
            .map(|r| r["canonical"].as_str().unwrap().to_string())
            .collect()
    };
    let (mut ca, cb) = (computed(&a), computed(&b));
    assert_eq!((a.len(), b.len()), (SLOW.len(), SLOW.len()));
    ca.extend(cb);
    ca.sort();
    let mut all: Vec<String> = SLOW.iter().map(|c| c.to_string()).collect();
    all.sort();
    assert_eq!(ca, all, "every game computed once, by one of the two");
    assert_eq!(stable(&a), stable(&b));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "claims or temporary files left: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game claimed by a process on another machine that has stopped beating
/// is taken over once its claim has been silent for `--stale-claim` seconds;
/// the claim of a process gone from this machine is taken over at once.
#[test]
fn dead_claims_are_taken_over() {
    let dir = temp_dir("stale");
    let out = dir.to_str().unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    let claim = |code: &str, owner: &str| {
        std::fs::write(dir.join(format!(".{code}.json.claim")), format!("{owner}\n0\n")).unwrap()
    };
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    // a process of this machine that has ended
    let mut ended = Command::new("true").spawn().unwrap();
    let pid = ended.id();
    ended.wait().unwrap();
    claim("0.004", &format!("{} {pid} 1", host.trim()));
    let mut child = grundy()
        .args([
            "census",
            "--json",
            "--codes",
            "-",
            "--max-len",
            "2^12",
            "--out",
            out,
            "--stale-claim",
            "1000000",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"0.004").unwrap();
    let done = ended_within(child, 120, "the claim of an ended process was not taken over");
    assert!(
        done.status.success() && rows(&done)[0]["resumed"] == false,
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    claim("0.005", "another-machine 4242 17");
    let started = std::time::Instant::now();
    let rows = census(&SLOW[..2], &["--max-len", "2^12", "--out", out, "--stale-claim", "1"]);
    assert_eq!(rows.iter().map(|r| r["resumed"] == true).collect::<Vec<_>>(), [true, false], "{rows:?}");
    assert!(started.elapsed() >= std::time::Duration::from_secs(1), "the silent claim was waited for");
    let records = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| !e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".values"));
    assert_eq!(records.count(), 2, "two records, no claim left");
    let bad = census_output(&SLOW[..1], &["--out", out, "--stale-claim", "0"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty() && String::from_utf8_lossy(&bad.stderr).contains("--stale-claim"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C (SIGINT) stops a census with status 130, keeping the finished games.
#[test]
fn an_interrupted_census_says_what_is_kept() {
    let dir = temp_dir("int");
    let out = dir.to_str().unwrap();
    let mut child = grundy()
        .args(["census", "--json", "--codes", "-", "--jobs", "1", "--max-len", "2^16", "--out", out])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().unwrap().write_all(SLOW.join("\n").as_bytes()).unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let _ = lines.next().unwrap().unwrap();
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let err = String::from_utf8_lossy(&out.stderr);
    // after the line that says what the kept values will take
    let err =
        err.lines().filter(|l| !l.starts_with("census: games to compute")).collect::<Vec<_>>().join("\n");
    assert!(err.starts_with("interrupted: ") && err.contains("run the same command again"), "{err}");
    assert_eq!(err.lines().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for (codes, args) in [
        (&["0.7x"][..], &[][..]),
        (&[""][..], &[][..]),
        (&["0.77"][..], &["--jobs", "0"][..]),
        (&["0.77"][..], &["--max-len", "0"][..]),
        (&["0.77"][..], &["--digits", "2"][..]),
    ] {
        let out = census_output(codes, args);
        assert_eq!(out.status.code(), Some(2), "{codes:?} {args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: ") && err.lines().count() == 1, "{err}");
        assert!(out.stdout.is_empty());
    }
    for args in
        [&["census"][..], &["census", "--digits", "0"], &["census", "--digits", "2", "--first-digit", "3"]]
    {
        let out = grundy().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
    // a target that is not a regular file is refused
    let dir = temp_dir("bad");
    std::fs::create_dir_all(dir.join("0.77.json")).unwrap();
    let out = census_output(&["0.77"], &["--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn equivalent_codes_share_one_game() {
    let rows = census(&["0.77", ".77", "0.770", "0.3[3]", "0.[3]", "0.07"], &["--max-len", "4096"]);
    assert_eq!(rows.len(), 6);
    let by_code: HashMap<&str, &Value> = rows.iter().map(|r| (r["code"].as_str().unwrap(), r)).collect();
    assert_eq!(by_code["0.770"]["canonical"], "0.77");
    assert_eq!(by_code["0.770"]["equivalent"], serde_json::json!(["0.77", ".77"]));
    assert_eq!(by_code["0.77"]["preperiod"], 71);
    assert_eq!(by_code["0.3[3]"]["status"], "arithmetic-periodic");
    assert_eq!(by_code["0.3[3]"]["saltus"], 1);
    assert_eq!(by_code["0.07"]["equivalent"], serde_json::json!([]));
    assert_eq!(by_code["0.07"]["period"], 34);
}

/// Games shown to have the same values (`grundy::census::value_classes`: digits that
/// differ in the move taking a whole heap of exactly `k` only, with the same
/// value at heap `k`) are computed once: the other games' rows name the game
/// computed in `values_of`, and no file of their own is written. Computed
/// alone, each has the record its row claims.
#[test]
fn games_with_the_same_values_are_computed_once() {
    let dir = temp_dir("classes");
    let args = ["--max-len", "2^12", "--out", dir.to_str().unwrap()];
    let rows = census(&["0.024", "0.77", "0.025", "0.771", "0.004", "0.005"], &args);
    let by_code: HashMap<&str, &Value> = rows.iter().map(|r| (r["code"].as_str().unwrap(), r)).collect();
    assert_eq!(by_code["0.025"]["values_of"], "0.024");
    assert_eq!(by_code["0.771"]["values_of"], "0.77");
    assert_eq!(by_code["0.771"]["canonical"], "0.771");
    for code in ["0.024", "0.77", "0.004", "0.005"] {
        assert_eq!(by_code[code]["values_of"], Value::Null, "{code}");
    }
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    // the records, and the values of the open games computed
    assert_eq!(
        files,
        [
            "0.004.json",
            "0.004.values",
            "0.005.json",
            "0.005.values",
            "0.024.json",
            "0.024.values",
            "0.77.json"
        ]
    );
    // what a follower's row claims, its own computation finds
    let keys = ["status", "preperiod", "period", "computed", "max_value", "max_at", "split", "stopped"];
    for code in ["0.025", "0.771"] {
        let alone = census(&[code], &["--max-len", "2^12"]);
        assert_eq!(alone[0]["values_of"], Value::Null);
        for key in keys {
            assert_eq!(alone[0][key], by_code[code][key], "{code} {key}");
        }
    }
    // resumed from the leaders' files alone
    let again = census(&["0.025", "0.024"], &args);
    assert!(again.iter().all(|r| r["resumed"] == true));
    assert_eq!(again.iter().find(|r| r["code"] == "0.025").unwrap()["values_of"], "0.024");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Games whose values are another's shifted (`grundy::census::shift_classes`:
/// `0.6` is `0.37` one heap later) are computed once: `0.6`, given first,
/// runs after `0.37` and is built from its values — its row names `0.37` in
/// `values_of` with `shift` 1, and it keeps no values file of its own (an
/// open game computed from its rules keeps one) — and its record is the one
/// `0.6` computed alone has. The table says so; a second run on the same
/// `--out` reads both records back.
#[test]
fn games_whose_values_are_shifted_are_built_from_their_leader() {
    let dir = temp_dir("shift");
    let list = dir.with_extension("codes");
    std::fs::write(&list, "0.6\n0.37\n").unwrap();
    let args = ["--max-len", "2^14", "--out", dir.to_str().unwrap()];
    let run = |table: bool| {
        let mut command = grundy();
        command.args(["census", "--codes", list.to_str().unwrap()]).args(args);
        if !table {
            command.arg("--json");
        }
        let out = command.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out
    };
    let first = rows(&run(false));
    let by_code: HashMap<&str, &Value> = first.iter().map(|r| (r["code"].as_str().unwrap(), r)).collect();
    assert_eq!(
        (&by_code["0.6"]["values_of"], &by_code["0.6"]["shift"]),
        (&serde_json::json!("0.37"), &serde_json::json!(1))
    );
    assert_eq!((&by_code["0.37"]["values_of"], &by_code["0.37"]["shift"]), (&Value::Null, &Value::Null));
    assert!(first.iter().all(|r| r["resumed"] == false && r["status"] == "open"), "{first:?}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["0.37.json", "0.37.values", "0.6.json"]);
    // what the derived row claims, 0.6 computed alone finds
    let alone = census(&["0.6"], &["--max-len", "2^14"]);
    assert_eq!((&alone[0]["values_of"], &alone[0]["shift"]), (&Value::Null, &Value::Null));
    let own = |r: &Value| {
        let mut r = r.clone();
        for key in ["seconds", "values_of", "shift"] {
            r.as_object_mut().unwrap().remove(key);
        }
        r
    };
    assert_eq!(own(by_code["0.6"]), own(&alone[0]));
    // read back, both of them, as records of their own
    let again = run(true);
    let text = String::from_utf8_lossy(&again.stdout);
    assert_eq!(text.matches("(resumed)").count(), 2, "{text}");
    assert!(!text.contains("shifted"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
    // computed now, the table names the leader and the shift
    let table =
        grundy().args(["census", "--codes", list.to_str().unwrap(), "--max-len", "2^14"]).output().unwrap();
    let text = String::from_utf8_lossy(&table.stdout);
    let line = text.lines().find(|l| l.starts_with("0.6 ")).unwrap();
    assert!(line.ends_with("values of 0.37 shifted 1"), "{line}");
    std::fs::remove_file(&list).unwrap();
}

/// Nontrivial solved games with long preperiods, each in a second or so: 0.56's
/// sources disagree (OEIS A071436: last exception 326637, so preperiod
/// 326638; Czajka: 326640); grundy certifies 326640, as Czajka, and its
/// values show the last exception at heap 326639 (g(326639) != g(326639 + 144)).
#[test]
fn long_preperiods_agree_with_the_record() {
    let rows = census(&["0.56", "0.127", "0.16"], &["--max-len", "2^20"]);
    let found: HashMap<&str, (u64, u64)> = rows
        .iter()
        .map(|r| {
            (r["code"].as_str().unwrap(), (r["preperiod"].as_u64().unwrap(), r["period"].as_u64().unwrap()))
        })
        .collect();
    assert_eq!(found["0.56"], (326640, 144));
    assert_eq!(found["0.127"], (46578, 4));
    assert_eq!(found["0.16"], (105351, 149459));
    let (solved, _) = record();
    for (code, (e, p)) in found {
        assert!(solved[code].contains(&(e as usize, p as usize)), "{code}");
    }
}

/// The rows of a census without what differs from run to run.
fn stable(rows: &[Value]) -> Vec<Value> {
    let mut v: Vec<Value> = rows
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.as_object_mut().unwrap().remove("seconds");
            r.as_object_mut().unwrap().remove("resumed");
            r.as_object_mut().unwrap().remove("extended_from");
            r
        })
        .collect();
    v.sort_by_key(|r| r["code"].as_str().unwrap().to_string());
    v
}

/// `text` with `from` replaced by `to` and the record's checksum recomputed,
/// as a user who read the format could.
fn forged(text: &str, from: &str, to: &str) -> String {
    let edited = text.replacen(from, to, 1);
    assert_ne!(edited, text, "{from}");
    let at = edited.find(",\"checksum\":\"fnv1a64:").unwrap();
    let member = &edited[at..at + ",\"checksum\":\"fnv1a64:".len() + 17];
    let body = edited.replacen(member, "", 1);
    let sum = grundy::census::Fnv1a64::new().update(body.trim_end().as_bytes()).value();
    edited.replacen(member, &format!(",\"checksum\":\"fnv1a64:{sum:016x}\""), 1)
}

/// A record whose period, preperiod, status or limits were edited, by hand or
/// with its checksum recomputed, a damaged record, one of an older format and
/// one of another game: each is computed again with a warning on stderr
/// naming the file, its row is a fresh census's, and the file is replaced by
/// a sound record, which the next census reads back without a word.
#[test]
fn a_damaged_or_edited_record_is_computed_again_with_a_warning() {
    let dir = temp_dir("damaged");
    let out = dir.to_str().unwrap();
    let codes = ["0.07", "0.004", "0.3[3]"];
    let args = ["--max-len", "4096", "--out", out];
    let fresh = census(&codes, &args);
    let file = |c: &str| dir.join(format!("{c}.json"));
    let original: HashMap<&str, String> =
        ["0.07", "0.004", "0.r3"].iter().map(|c| (*c, std::fs::read_to_string(file(c)).unwrap())).collect();
    let old_format = {
        let t = &original["0.07"];
        let at = t.find(",\"checksum\"").unwrap();
        format!("{}{}", &t[..at], &t[at + ",\"checksum\":\"fnv1a64:".len() + 17..])
            .replace("\"format\":2", "\"format\":1")
    };
    let t = |c: &str| original[c].clone();
    let damages: Vec<(&str, String)> = vec![
        ("0.07", t("0.07").replace("\"period\":34", "\"period\":35")),
        ("0.07", forged(&t("0.07"), "\"period\":34", "\"period\":35")),
        ("0.07", forged(&t("0.07"), "\"period\":34", "\"period\":68")),
        ("0.07", forged(&t("0.07"), "\"period\":34", "\"period\":17")),
        ("0.07", forged(&t("0.07"), "\"preperiod\":53", "\"preperiod\":52")),
        ("0.07", forged(&t("0.07"), "\"period\":34", "\"period\":0")),
        ("0.07", forged(&t("0.07"), "\"period\":34", "\"period\":-1")),
        ("0.07", forged(&t("0.07"), "\"period\":34", "\"period\":null")),
        ("0.07", forged(&t("0.07"), "\"status\":\"periodic\"", "\"status\":\"open\"")),
        ("0.07", forged(&t("0.07"), "\"status\":\"periodic\"", "\"status\":\"bogus\"")),
        ("0.07", forged(&t("0.07"), "\"max_value\":9", "\"max_value\":10")),
        ("0.07", t("0.07").replace("\"max_len\":4096", "\"max_len\":8192")),
        ("0.07", old_format),
        ("0.07", t("0.07")[..100].to_string()),
        ("0.07", String::new()),
        ("0.07", "\u{0}\u{1}binary".to_string()),
        ("0.07", t("0.004")),
        ("0.004", t("0.004").replace("\"max_value\":96", "\"max_value\":97")),
        ("0.004", t("0.004").replace("\"status\":\"open\"", "\"status\":\"periodic\"")),
        ("0.r3", forged(&t("0.r3"), "\"saltus\":1", "\"saltus\":2")),
        ("0.r3", forged(&t("0.r3"), "\"saltus\":1", "\"saltus\":0")),
    ];
    for (name, text) in damages {
        std::fs::write(file(name), &text).unwrap();
        let out = census_output(&codes, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{text}: {err}");
        // the warning, after the line that says what the kept values will take
        let warnings: Vec<&str> =
            err.lines().filter(|l| !l.starts_with("census: games to compute")).collect();
        assert!(
            warnings.len() == 1
                && warnings[0].starts_with("warning: ")
                && err.contains(&format!("{name}.json")),
            "{text}: {err}"
        );
        let found = rows(&out);
        assert_eq!(stable(&found), stable(&fresh), "{text}");
        let row = found
            .iter()
            .find(|r| {
                r["canonical"].as_str().map(grundy::census::GameRecord::file_name)
                    == Some(format!("{name}.json"))
            })
            .unwrap();
        assert_eq!(row["resumed"], false, "{text}");
        // replaced by a sound record, read back without a word
        let again = census_output(&codes, &args);
        assert!(
            again.status.success() && again.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&again.stderr)
        );
        assert!(rows(&again).iter().all(|r| r["resumed"] == true));
        assert!(grundy::census::GameRecord::from_json(&std::fs::read_to_string(file(name)).unwrap()).is_ok());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `grundy` with `args` through `sh` with `limits` first (`ulimit`
/// lines), SIGXFSZ ignored so that a write past the file size limit fails
/// as on a full disk instead of killing the process.
fn limited(limits: &str, args: &[&str], stdin: &str) -> Output {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let script =
        format!("{limits}; trap '' XFSZ; exec '{}' {}", env!("CARGO_BIN_EXE_grundy"), quoted.join(" "));
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// Refused before any work, with empty stdout: a folder no file can be
/// written in (`/proc/self`; a read-only one when the tests do not run as
/// root, who may write anywhere; one where no file may grow, as on a full
/// disk), a file, and a folder holding a FIFO or a folder named as a record
/// (never opened: a FIFO would block) even when other games could be
/// resumed first.
#[test]
fn the_out_folder_is_checked_before_any_work() {
    let refused = |out: &Output, why: &str| {
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
        assert!(err.starts_with("error: --out ") && err.contains(why) && err.lines().count() == 1, "{err}");
    };
    refused(&census_output(&["0.77"], &["--out", "/proc/self"]), "cannot write in it");
    let dir = temp_dir("checked");
    let out = dir.to_str().unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("file"), "").unwrap();
    refused(&census_output(&["0.77"], &["--out", dir.join("file").to_str().unwrap()]), "is not a folder");
    let full = limited("ulimit -f 0", &["census", "--codes", "-", "--out", out], "0.77");
    refused(&full, "cannot write in it");
    // read-only: refused unless the tests run as root (then the folder is writable after all)
    let ro = dir.join("ro");
    std::fs::create_dir(&ro).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(ro.join("probe"), "").is_err() {
        refused(&census_output(&["0.77"], &["--out", ro.to_str().unwrap()]), "Permission denied");
    } else {
        eprintln!("running as root: the read-only folder is writable, not tested");
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    // an open record that could be resumed, then a FIFO and a folder named as records
    census(&["0.004"], &["--max-len", "1024", "--out", out]);
    let fifo = dir.join("0.07.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    std::fs::create_dir(dir.join("0.77.json")).unwrap();
    for codes in [&["0.004", "0.07"][..], &["0.004", "0.77"]] {
        let out = census_output(codes, &["--max-len", "1024", "--out", out]);
        refused(&out, "exists and is not a regular file");
    }
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A write that fails after rows were printed (a file that may not grow past
/// 512 bytes, as a full disk: the long code's record is longer) stops the
/// census with status 2 and says on stderr how many rows were printed, each
/// kept in the folder; no temporary file is left behind. (The long code's
/// record name is cut and completed by its checksum: its code is longer than
/// a file name may be.)
#[test]
fn a_write_failure_after_rows_says_which_were_printed() {
    let dir = temp_dir("full");
    let out = dir.to_str().unwrap();
    census(&["0.004"], &["--max-len", "1024", "--out", out, "--keep-values", "none"]);
    let long = format!("0.{}", "7".repeat(400));
    let codes = format!("0.004\n{long}\n");
    let args = [
        "census",
        "--json",
        "--codes",
        "-",
        "--max-len",
        "1024",
        "--jobs",
        "1",
        "--out",
        out,
        "--keep-values",
        "none",
    ];
    let run = limited("ulimit -f 1", &args, &codes);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{err}");
    let printed = rows(&run);
    assert_eq!(printed.len(), 1, "{err}");
    assert_eq!((printed[0]["code"].as_str(), &printed[0]["resumed"]), (Some("0.004"), &Value::Bool(true)));
    assert!(err.starts_with("error: --out ") && err.contains("cannot write 0.777"), "{err}");
    assert!(err.contains("File too large"), "{err}");
    assert!(err.contains("stopped after the row printed above, each kept in"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["0.004.json"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The output of `child` once it ends, or a failure `why` (and the child
/// killed) when it runs `seconds` more.
fn ended_within(mut child: std::process::Child, seconds: u64, why: &str) -> Output {
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed().as_secs() > seconds {
            child.kill().unwrap();
            panic!("{why}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// Every code with six octal digits, or five hexadecimal ones, would take
/// days: refused before any game starts, naming the flag that raises the
/// limit (it used to start at once and run for hours).
#[test]
fn a_census_too_large_for_its_work_limit_is_refused() {
    for args in [&["--digits", "6"][..], &["--digits", "5", "--hex"]] {
        let child =
            grundy().arg("census").args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let out = ended_within(child, 600, &format!("{args:?}: not refused"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(out.stdout.is_empty());
        assert!(err.contains("mex steps") && err.contains("raise --max-total-work"), "{err}");
    }
}

/// A census of one 300-digit hexadecimal code stops on Ctrl-C (its canonical
/// code used to take minutes, deaf to it): the signal is sent two seconds in,
/// and the census must end with status 130 well within the minute the old
/// canonical-code step alone took (generous: any stage answers within a
/// fraction of a second).
#[test]
fn ctrl_c_stops_a_census_of_a_long_code() {
    let code = format!("0.{}", "F".repeat(300));
    let mut child = grundy()
        .args(["census", "--codes", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(code.as_bytes()).unwrap();
    std::thread::sleep(std::time::Duration::from_secs(2));
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let out = ended_within(child, 60, "still running a minute after Ctrl-C");
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
}

/// `--first-digit` echoes what was given (`16` used to be read as
/// hexadecimal and reported as "not 22").
#[test]
fn a_bad_first_digit_is_named_as_given() {
    for bad in ["16", "A", "12", "4,x"] {
        let out = grundy().args(["census", "--digits", "2", "--first-digit", bad]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let item = bad.split(',').next_back().unwrap();
        assert!(err.contains(&format!("'{item}' is not 0, 4, 8 or C")), "{bad}: {err}");
    }
    let out = grundy()
        .args(["census", "--digits", "1", "--first-digit", "c,4", "--json", "--max-len", "64"])
        .output();
    assert_eq!(rows(&out.unwrap()).len(), 8 + 8);
}

/// The statistics of an open game are the same in its census row and in
/// `sequence --json` (which gives them for uncertified games only), and the
/// table shows the rare heaps with heap 0 and the last rare heap.
#[test]
fn open_games_show_the_published_statistics_in_census_and_sequence() {
    for code in ["0.6", "4!.0", "0.106"] {
        let row = &census(&[code], &["--max-len", "5000"])[0];
        let out = grundy()
            .args(["sequence", "--game", code, "--len", "3", "--max-len", "5000", "--json"])
            .output()
            .unwrap();
        let seq: Value = serde_json::from_slice(&out.stdout).unwrap();
        let stats = &seq["statistics"];
        for key in ["computed", "max_at", "max_value", "split"] {
            assert_eq!(stats[key], row[key], "{code}: {key}");
        }
        let split = &row["split"];
        let (rare, heaps) = (split["rare"].as_u64().unwrap(), split["rare_heaps"].as_u64().unwrap());
        assert!(heaps == rare || heaps == rare + 1, "{code}: {split}");
        assert_eq!(split["mask_hex"], format!("{:x}", split["mask"].as_u64().unwrap()), "{code}");
        let table = grundy()
            .args(["census", "--codes", "-", "--max-len", "5000"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        table.stdin.as_ref().unwrap().write_all(code.as_bytes()).unwrap();
        let text = String::from_utf8(table.wait_with_output().unwrap().stdout).unwrap();
        let header: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
        assert!(header.windows(4).any(|w| w == ["rare", "heaps", "last", "rare"]), "{text}");
        let line: Vec<&str> = text.lines().nth(1).unwrap().split_whitespace().collect();
        let shown = format!("{heaps} {}", split["last_rare"]);
        assert!(line.windows(2).any(|w| w.join(" ") == shown), "{code}: {shown} not in {line:?}");
    }
    // certified: no statistics in `sequence --json`
    let out = grundy().args(["sequence", "--game", "0.07", "--len", "3", "--json"]).output().unwrap();
    let seq: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(seq.get("statistics").is_none(), "{seq}");
}

/// The values files in `dir`, by name.
fn values_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".values"))
        .collect();
    names.sort();
    names
}

/// How many values a values file holds (its header's `values:` line).
fn values_in(path: &Path) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(300)]).into_owned();
    let line = text.lines().find_map(|l| l.strip_prefix("values: ")).expect("a values line");
    line.parse().unwrap()
}

/// Open games, a periodic one and games that stop at the work limit, to one
/// length and work limit, then to larger ones on the same folder: each open
/// game goes on from its kept values (`extended_from`), and every row equals
/// a census from nothing at the larger limits; the values files are those of
/// the open games, holding their values to the end.
#[test]
fn a_census_with_larger_limits_extends_from_the_kept_values() {
    let dir = temp_dir("extend");
    let out = dir.to_str().unwrap();
    let codes = ["0.6", "0.004", "0.16", "0.77", "0.106"];
    for (small, large) in [(["2^12", "10^12"], ["2^13", "10^12"]), (["2^20", "10^7"], ["2^20", "4*10^7"])] {
        let _ = std::fs::remove_dir_all(&dir);
        let args = |l: [&str; 2]| {
            vec!["--max-len", l[0], "--max-work", l[1], "--out", out]
                .into_iter()
                .map(String::from)
                .collect::<Vec<_>>()
        };
        let first = census(&codes, &args(small).iter().map(String::as_str).collect::<Vec<_>>());
        let open: HashMap<String, u64> = first
            .iter()
            .filter(|r| r["status"] == "open")
            .map(|r| (r["canonical"].as_str().unwrap().to_string(), r["computed"].as_u64().unwrap()))
            .collect();
        assert!(open.len() >= 3, "{first:?}");
        let mut names: Vec<String> = open.keys().map(|c| format!("{c}.values")).collect();
        names.sort();
        assert_eq!(values_files(&dir), names);
        let again = census(&codes, &args(large).iter().map(String::as_str).collect::<Vec<_>>());
        let fresh = census(&codes, &["--max-len", large[0], "--max-work", large[1]]);
        // a certified record stands as it was made (its limits those it ran with)
        let open_rows =
            |rows: &[Value]| stable(rows).into_iter().filter(|r| r["status"] == "open").collect::<Vec<_>>();
        assert_eq!(open_rows(&again), open_rows(&fresh), "{large:?}");
        assert_eq!(open_rows(&again).len(), open.len(), "{large:?}");
        for r in &again {
            let c = r["canonical"].as_str().unwrap();
            assert_eq!(r["extended_from"].as_u64(), Some(open.get(c).copied().unwrap_or(0)), "{c}");
            if r["status"] == "open" {
                assert_eq!(
                    values_in(&dir.join(format!("{c}.values"))) as u64,
                    r["computed"].as_u64().unwrap()
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A census killed (SIGKILL) in the middle of a long game has checkpointed its
/// values (`--checkpoint-work`): run again, it goes on from them and ends as
/// a census from nothing.
#[test]
fn a_census_killed_mid_game_goes_on_from_its_last_checkpoint() {
    let dir = temp_dir("checkpoint");
    let out = dir.to_str().unwrap();
    let args = ["--max-len", "2^19", "--checkpoint-work", "2*10^7", "--out", out];
    let mut child = grundy()
        .args(["census", "--json", "--codes", "-"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    child.stdin.take().unwrap().write_all(b"0.6").unwrap();
    let values = dir.join("0.6.values");
    let start = std::time::Instant::now();
    while !values.exists() {
        assert!(start.elapsed().as_secs() < 60, "no checkpoint");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    let killed = child.wait_with_output().unwrap();
    assert!(killed.stdout.is_empty(), "the game finished before the kill");
    let kept = values_in(&values);
    assert!(kept > 0 && kept < 1 << 19, "{kept}");
    let again = census(&["0.6"], &args);
    assert_eq!(again[0]["extended_from"].as_u64(), Some(kept as u64));
    assert_eq!(stable(&again), stable(&census(&["0.6"], &["--max-len", "2^19"])));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--keep-values none` leaves no values file, `all` one per game; a damaged
/// values file is computed again from heap 0 with a warning naming it, and
/// replaced; a file that is not a save is refused before any work; `sequence
/// --resume` goes on from a census's values file, and a census from a
/// `sequence --save` file put in its place.
#[test]
fn values_files_are_kept_as_asked_checked_and_shared_with_sequence() {
    let dir = temp_dir("keep");
    let out = dir.to_str().unwrap();
    let codes = ["0.6", "0.77"];
    census(&codes, &["--max-len", "2^12", "--out", out, "--keep-values", "none"]);
    assert!(values_files(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
    census(&codes, &["--max-len", "2^12", "--out", out, "--keep-values", "all"]);
    assert_eq!(values_files(&dir), ["0.6.values", "0.77.values"]);
    // damaged: computed again with a warning, and replaced
    let path = dir.join("0.6.values");
    let good = std::fs::read(&path).unwrap();
    let mut bad = good.clone();
    *bad.last_mut().unwrap() ^= 1;
    std::fs::write(&path, &bad).unwrap();
    let out2 = census_output(&["0.6"], &["--max-len", "2^13", "--out", out]);
    let err = String::from_utf8_lossy(&out2.stderr);
    assert!(out2.status.success() && err.contains("checksum") && err.contains("0.6.values"), "{err}");
    assert_eq!(rows(&out2)[0]["extended_from"], 0);
    assert_eq!(stable(&rows(&out2)), stable(&census(&["0.6"], &["--max-len", "2^13"])));
    assert_eq!(values_in(&path), 1 << 13);
    // sequence --resume reads it
    let seq = grundy()
        .args(["sequence", "--game", "0.6", "--len", "9000", "--max-len", "9000", "--json", "--resume"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(seq.status.success(), "{}", String::from_utf8_lossy(&seq.stderr));
    let plain = grundy()
        .args(["sequence", "--game", "0.6", "--len", "9000", "--max-len", "9000", "--json"])
        .output()
        .unwrap();
    assert!(seq.stdout == plain.stdout, "sequence --resume from a census's values differs");
    // a sequence --save file in its place: the census goes on from it
    std::fs::remove_file(&path).unwrap();
    let saved = grundy()
        .args(["sequence", "--game", "0.6", "--len", "5000", "--max-len", "5000", "--save"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(saved.status.success(), "{}", String::from_utf8_lossy(&saved.stderr));
    let from_save = census(&["0.6"], &["--max-len", "2^14", "--out", out]);
    assert!(from_save[0]["extended_from"].as_u64().unwrap() >= 5000, "{from_save:?}");
    assert_eq!(stable(&from_save), stable(&census(&["0.6"], &["--max-len", "2^14"])));
    // not a save: refused before any work, the file untouched
    std::fs::write(&path, "my notes").unwrap();
    let refused = census_output(&["0.6"], &["--max-len", "2^15", "--out", out]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(refused.status.code() == Some(2) && refused.stdout.is_empty(), "{err}");
    assert!(err.contains("not a file of saved nim-values"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes");
    std::fs::remove_file(&path).unwrap();
    // the disk estimate binds
    let big = census_output(&["0.6"], &["--max-len", "2^30", "--out", out, "--max-values-disk", "10^6"]);
    let err = String::from_utf8_lossy(&big.stderr);
    assert!(big.status.code() == Some(2) && err.contains("--max-values-disk"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A census that keeps values says, in one line on stderr before any game
/// starts (not only beside a progress bar on a terminal), how many games it
/// will compute and the disk their values will take; one that keeps none,
/// or computes nothing, says nothing.
#[test]
fn the_values_disk_is_shown_up_front() {
    let dir = temp_dir("note");
    let out = dir.to_str().unwrap();
    let codes = ["0.6", "0.77"];
    let first = census_output(&codes, &["--max-len", "2^12", "--out", out]);
    assert!(first.status.success());
    let err = String::from_utf8_lossy(&first.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("census: games to compute: 2, about ")
            && err.contains(&format!("their values kept in {out} (--keep-values open): about 8.2 KiB a game, at most 16.5 KiB in all")),
        "{err}"
    );
    // read back: nothing to compute, nothing said
    let again = census_output(&codes, &["--max-len", "2^12", "--out", out]);
    assert!(again.status.success() && again.stderr.is_empty(), "{}", String::from_utf8_lossy(&again.stderr));
    let none = census_output(&["0.6"], &["--max-len", "2^13", "--out", out, "--keep-values", "none"]);
    assert!(none.status.success() && none.stderr.is_empty(), "{}", String::from_utf8_lossy(&none.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}
