//! The command-line contract: output formats, defaults and bad input.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn ok_line(args: &[&str]) -> String {
    let o = grundy(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "exactly one line: {out:?}");
    out.trim_end().to_string()
}

#[test]
fn plain_output_is_the_count() {
    assert_eq!(ok_line(&["board", "--n", "3", "--tokens", "2"]), "40");
    assert_eq!(
        ok_line(&[
            "board", "--n", "9", "--tokens", "3", "--moves", "2,3,5,7", "--dims", "2"
        ]),
        "450304"
    );
    assert_eq!(ok_line(&["divisor-nim", "--n", "10"]), "692");
    assert_eq!(
        ok_line(&["divisor-nim", "--n", "100", "--piles", "3"]),
        "735494"
    );
    assert_eq!(
        ok_line(&["coprime-nim", "--n", "10", "--piles", "5"]),
        "9964"
    );
    assert_eq!(
        ok_line(&[
            "coprime-nim",
            "--n",
            "1000",
            "--piles",
            "1000",
            "--modulus",
            "10^9+7"
        ]),
        "954021836"
    );
    assert_eq!(
        ok_line(&["silver-dollar", "--n", "10", "--coins", "2"]),
        "324"
    );
    assert_eq!(
        ok_line(&["silver-dollar", "--n", "100", "--coins", "10"]),
        "1514704946113500"
    );
}

#[test]
fn count_flag_switches_between_winning_and_losing() {
    let total: u64 = 81;
    let win: u64 = ok_line(&["board", "--n", "3", "--tokens", "2", "--count", "winning"])
        .parse()
        .unwrap();
    let lose: u64 = ok_line(&["board", "--n", "3", "--tokens", "2", "--count", "losing"])
        .parse()
        .unwrap();
    assert_eq!(win + lose, total);
    assert_eq!(
        ok_line(&[
            "coprime-nim",
            "--n",
            "5",
            "--piles",
            "2",
            "--count",
            "winning"
        ]),
        "10"
    );
}

#[test]
fn json_output_has_the_documented_fields() {
    let line = ok_line(&["divisor-nim", "--n", "10", "--modulus", "1000", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["game"], "divisor-nim");
    assert_eq!(v["parameters"]["n"], 10);
    assert_eq!(v["parameters"]["piles"], 3);
    assert_eq!(v["modulus"], 1000);
    assert_eq!(v["count"], "winning");
    assert_eq!(v["value"], "692");
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    let line = ok_line(&["coprime-nim", "--n", "5", "--piles", "2", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert!(v["modulus"].is_null());
    assert_eq!(v["count"], "losing");
    assert_eq!(v["value"], "6");
}

#[test]
fn bad_input_is_one_line_on_stderr_with_status_2() {
    let cases: &[&[&str]] = &[
        &["board", "--tokens", "2"],
        &["board", "--n", "abc", "--tokens", "2"],
        &["board", "--n", "0", "--tokens", "2"],
        &["board", "--n", "3", "--tokens", "2", "--moves", ""],
        &["board", "--n", "3", "--tokens", "2", "--moves", "2,x"],
        &["board", "--n", "3", "--tokens", "2", "--moves", "0,1"],
        &["board", "--n", "3", "--tokens", "2", "--moves", "-1"],
        &["board", "--n", "3", "--tokens", "2", "--dims", "0"],
        &["board", "--n", "3", "--tokens", "2", "--modulus", "0"],
        &["board", "--n", "1e18", "--tokens", "1e18"],
        &["divisor-nim", "--n", "0"],
        &["divisor-nim", "--n", "18446744073709551616"],
        &["coprime-nim", "--n", "1", "--piles", "2"],
        &["coprime-nim", "--n", "10"],
        &["coprime-nim", "--n", "10^7", "--piles", "10^7"],
        &["silver-dollar", "--n", "3", "--coins", "3"],
        &["silver-dollar", "--n", "10", "--coins", "-1"],
        &[
            "silver-dollar",
            "--n",
            "10",
            "--coins",
            "2",
            "--count",
            "maybe",
        ],
        &["nonsense"],
        &[],
    ];
    for args in cases {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?} printed {:?}", stdout(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn seeds_command_checks_every_checkpoint() {
    let o = grundy(&["seeds"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(!out.contains("MISMATCH"));
    assert_eq!(out.lines().filter(|l| l.contains(" ok ")).count(), 11);
    assert_eq!(out.lines().filter(|l| l.contains(" target ")).count(), 4);
}
