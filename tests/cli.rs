//! The command-line contract: output formats, defaults and bad input.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn ok_line(args: &[&str]) -> String {
    let o = grundy(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "exactly one line: {out:?}");
    out.trim_end().to_string()
}

#[test]
fn plain_output_is_the_count() {
    assert_eq!(ok_line(&["board", "--n", "3", "--tokens", "2"]), "40");
    assert_eq!(
        ok_line(&["board", "--n", "9", "--tokens", "3", "--moves", "2,3,5,7", "--dims", "2"]),
        "450304"
    );
    assert_eq!(ok_line(&["divisor-nim", "--n", "10"]), "692");
    assert_eq!(ok_line(&["divisor-nim", "--n", "100", "--piles", "3"]), "735494");
    assert_eq!(ok_line(&["coprime-nim", "--n", "10", "--piles", "5"]), "9964");
    assert_eq!(
        ok_line(&["coprime-nim", "--n", "1000", "--piles", "1000", "--modulus", "10^9+7"]),
        "954021836"
    );
    assert_eq!(ok_line(&["silver-dollar", "--n", "10", "--coins", "2"]), "324");
    assert_eq!(ok_line(&["silver-dollar", "--n", "100", "--coins", "10"]), "1514704946113500");
}

#[test]
fn count_flag_switches_between_winning_and_losing() {
    let total: u64 = 81;
    let win: u64 = ok_line(&["board", "--n", "3", "--tokens", "2", "--count", "winning"]).parse().unwrap();
    let lose: u64 = ok_line(&["board", "--n", "3", "--tokens", "2", "--count", "losing"]).parse().unwrap();
    assert_eq!(win + lose, total);
    assert_eq!(ok_line(&["coprime-nim", "--n", "5", "--piles", "2", "--count", "winning"]), "10");
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
        &["silver-dollar", "--n", "10", "--coins", "2", "--count", "maybe"],
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

#[test]
fn sequence_prints_values_and_certified_period() {
    let o = grundy(&["sequence", "--game", "0.77", "--len", "12"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("values: 0 1 2 3 1 4 3 2 1 4 2 6\n"), "{out}");
    assert!(out.contains("preperiod: 71\n") && out.contains("period: 12\n"), "{out}");
    let line = ok_line(&["sequence", "--moves", "1,3,4", "--len", "8", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0]));
    assert_eq!(v["period"], 7);
    assert_eq!(v["preperiod"], 0);
    assert_eq!(v["certified"], true);
    let line = ok_line(&["sequence", "--game", "0.16", "--len", "5", "--max-len", "300", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["certified"], false);
    assert!(v["period"].is_null());
}

#[test]
fn sequence_plot_writes_an_svg() {
    let path = std::env::temp_dir().join(format!("grundy-plot-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    let o = grundy(&["sequence", "--game", "0.07", "--len", "120", "--plot", p]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("preperiod 53") && svg.contains("period 34"));
    std::fs::remove_file(&path).ok();
}

#[test]
fn heaps_counts_through_the_period_at_any_size() {
    // Kayles, 2 heaps in 1..=3: values 1,2,3 -> 3 losing pairs (equal heaps).
    assert_eq!(ok_line(&["heaps", "--game", "0.77", "--n", "3", "--piles", "2"]), "3");
    let line = ok_line(&[
        "heaps",
        "--game",
        "0.77",
        "--n",
        "1e18",
        "--piles",
        "1e18",
        "--modulus",
        "10^9",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["game"], "heaps");
    assert_eq!(v["count"], "losing");
    ok_line(&[
        "board",
        "--n",
        "1e18",
        "--tokens",
        "1e18",
        "--modulus",
        "1e9",
        "--moves",
        "1,3,4",
        "--dims",
        "3",
    ]);
}

#[test]
fn heap_game_errors() {
    let cases: &[&[&str]] = &[
        &["sequence", "--game", "0.78"],
        &["sequence", "--game", "1.7"],
        &["sequence", "--moves", "1,2", "--game", "0.7"],
        &["sequence"],
        &["sequence", "--moves", "1,a"],
        &["heaps", "--game", "0.16", "--n", "1e6", "--piles", "2", "--max-len", "100"],
        &["heaps", "--game", "0.77", "--n", "0", "--piles", "2"],
    ];
    for args in cases {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1, "{args:?}");
    }
    let o = grundy(&["sequence", "--game", "0.7x"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("'x'"));
}

#[test]
fn coprime_methods_agree_on_the_command_line() {
    for n in ["5", "4097", "100000"] {
        let a = ok_line(&["coprime-nim", "--n", n, "--piles", "7", "--modulus", "2^40", "--method", "sieve"]);
        let b =
            ok_line(&["coprime-nim", "--n", n, "--piles", "7", "--modulus", "2^40", "--method", "sublinear"]);
        let c = ok_line(&["coprime-nim", "--n", n, "--piles", "7", "--modulus", "2^40"]);
        assert_eq!(a, b, "n={n}");
        assert_eq!(a, c, "n={n}");
    }
    let v: serde_json::Value = serde_json::from_str(&ok_line(&[
        "coprime-nim",
        "--n",
        "10^7",
        "--piles",
        "10^7",
        "--modulus",
        "10^9+7",
        "--json",
    ]))
    .unwrap();
    assert_eq!(v["parameters"]["method"], "sublinear");
    assert_eq!(ok_line(&["prime-pi", "--n", "1000000"]), "78498");
}
