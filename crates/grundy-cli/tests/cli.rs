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
        &["board", "--n", "3", "--tokens", "2", "--moves", ""],
        &["board", "--n", "3", "--tokens", "2", "--moves", "2,x"],
        &["board", "--n", "3", "--tokens", "2", "--moves", "0,1"],
        &["board", "--n", "3", "--tokens", "2", "--moves", "-1"],
        &["board", "--n", "3", "--tokens", "2", "--dims", "0"],
        &["board", "--n", "3", "--tokens", "2", "--modulus", "0"],
        &["board", "--n", "1e18", "--tokens", "1e18"],
        &["divisor-nim", "--n", "0"],
        &["divisor-nim", "--n", "18446744073709551616"],
        &["coprime-nim", "--n", "10"],
        &["coprime-nim", "--n", "10^7", "--piles", "10^7"],
        &["silver-dollar", "--n", "3", "--coins", "3"],
        &["silver-dollar", "--n", "10", "--coins", "-1"],
        &["silver-dollar", "--n", "10", "--coins", "2", "--count", "maybe"],
        &["sequence", "--game", "0.6", "--threads", "0"],
        &["sequence", "--game", "0.6", "--threads", "two"],
        &["heaps", "--game", "0.6", "--n", "10", "--piles", "2", "--threads", "0"],
        &["sequence", "--game", "4!.0", "--len", "2^30+1"],
        &["nonsense"],
        &[],
    ];
    for args in cases {
        refused(args);
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
fn seeds_table_has_a_legend_and_a_header_row() {
    let out = stdout(&grundy(&["seeds"]));
    let mut lines = out.lines();
    let legend = lines.next().unwrap();
    assert!(legend.starts_with('#') && legend.contains("'ok'") && legend.contains("'target'"), "{legend}");
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(header, ["game", "parameters", "value", "status", "seconds"]);
}

#[test]
fn seeds_json_gives_parameters_as_an_object() {
    let out = stdout(&grundy(&["seeds", "--json"]));
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["parameters"].is_object(), "{line}");
        assert!(v["parameters"]["n"].is_u64(), "{line}");
    }
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["parameters"], serde_json::json!({"n": 3, "tokens": 1}));
}

#[test]
fn prime_pi_json_has_value_and_pi() {
    let v: serde_json::Value =
        serde_json::from_str(&ok_line(&["prime-pi", "--n", "1000", "--json"])).unwrap();
    assert_eq!(v["value"], "168");
    assert_eq!(v["pi"], "168");
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    // the second output (about 2 MB) overflows any pipe buffer, so the write fails
    for args in [&["seeds", "--json"][..], &["sequence", "--moves", "1", "--len", "10^6"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 300];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // stdout is dropped here: the reader has gone, like `| head -c 300`
        let out = child.wait_with_output().unwrap();
        assert!(out.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn a_missing_subcommand_lists_every_subcommand() {
    let o = grundy(&[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let help = stdout(&grundy(&["--help"]));
    let names: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&n| n != "help")
        .collect();
    assert!(names.len() >= 8 && names.contains(&"prime-pi"), "{names:?}");
    for name in names {
        assert!(err.contains(name), "{name} missing from: {err}");
    }
}

#[test]
fn silver_dollar_exact_at_the_largest_strip() {
    assert_eq!(ok_line(&["silver-dollar", "--n", "2^64-1", "--coins", "0"]), "18446744073709551615");
    let want = (num_bigint::BigUint::from(u64::MAX - 1)).pow(2).to_string();
    assert_eq!(ok_line(&["silver-dollar", "--n", "2^64-1", "--coins", "1"]), want);
    for coins in ["2", "3", "5", "10"] {
        let exact: num_bigint::BigUint =
            ok_line(&["silver-dollar", "--n", "2^64-1", "--coins", coins]).parse().unwrap();
        let m = 1_000_000_007u64;
        let modular = ok_line(&["silver-dollar", "--n", "2^64-1", "--coins", coins, "--modulus", "10^9+7"]);
        assert_eq!((exact % m).to_string(), modular, "coins={coins}");
    }
}

#[test]
fn coprime_nim_with_no_pile_sizes() {
    // piles run over 1..=N-1, empty for N = 1 (and N = 0)
    assert_eq!(ok_line(&["coprime-nim", "--n", "1", "--piles", "3"]), "0");
    assert_eq!(ok_line(&["coprime-nim", "--n", "1", "--piles", "0"]), "1");
    assert_eq!(ok_line(&["coprime-nim", "--n", "1", "--piles", "2", "--count", "winning"]), "0");
    assert_eq!(ok_line(&["coprime-nim", "--n", "0", "--piles", "1"]), "0");
}

#[test]
fn move_lists_take_number_expressions_and_name_bad_items() {
    assert_eq!(
        ok_line(&["heaps", "--moves", "10^3,2", "--n", "3000", "--piles", "2"]),
        ok_line(&["heaps", "--moves", "1000,2", "--n", "3000", "--piles", "2"])
    );
    assert_eq!(
        ok_line(&["board", "--n", "50", "--tokens", "2", "--moves", "2^1,3,5,7"]),
        ok_line(&["board", "--n", "50", "--tokens", "2"])
    );
    let o = grundy(&["heaps", "--moves", "2 3", "--n", "3", "--piles", "2"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains("'2 3'") && !err.contains("too large"), "{err}");
}

#[test]
fn games_without_moves_are_refused_alike() {
    for args in [
        &["sequence", "--game", "0."][..],
        &["sequence", "--game", "."],
        &["sequence", "--game", "0.0"],
        &["sequence", "--moves", ""],
        &["heaps", "--game", "0.000", "--n", "5", "--piles", "2"],
    ] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1);
        assert!(err.contains("no moves"), "{args:?}: {err}");
    }
}

#[test]
fn more_room_never_loses_a_certified_period() {
    for max_len in ["3000000", "8388608", "16777216"] {
        let line =
            ok_line(&["sequence", "--moves", "999983,1000003", "--len", "3", "--max-len", max_len, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["certified"], true, "--max-len {max_len}");
        assert_eq!(v["period"], 1_999_986);
    }
}

#[test]
fn boards_certify_long_periods_and_take_max_len() {
    let a = ok_line(&[
        "board",
        "--n",
        "10^18",
        "--tokens",
        "3",
        "--modulus",
        "10^9",
        "--moves",
        "999983,1000003",
    ]);
    assert!(a.parse::<u64>().unwrap() < 1_000_000_000);
    ok_line(&["board", "--n", "10^18", "--tokens", "3", "--modulus", "10^9", "--moves", "1048576,1048577,3"]);
    let o = grundy(&[
        "board",
        "--n",
        "10^18",
        "--tokens",
        "3",
        "--modulus",
        "10^9",
        "--moves",
        "999983,1000003",
        "--max-len",
        "10^6",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--max-len"));
}

#[test]
fn a_small_request_reports_the_budget_that_stopped_the_search() {
    let line = ok_line(&["sequence", "--game", "0.04", "--len", "10", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["values"], serde_json::json!([0, 0, 0, 0, 1, 1, 1, 2, 2, 0]));
    assert_eq!(v["certified"], false);
    assert_eq!(v["stopped"], "max-work");
    let out = stdout(&grundy(&["sequence", "--game", "0.04", "--len", "10"]));
    assert!(out.contains("work budget") && out.contains("--max-work"), "{out}");
    // a larger budget searches further
    let line = ok_line(&["sequence", "--game", "0.04", "--len", "10", "--max-work", "10^9", "--json"]);
    let w: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert!(w["computed"].as_u64() > v["computed"].as_u64());
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
        &["sequence", "--game", "0.7G"],
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
    assert_eq!(ok_line(&["prime-pi", "--n", "10^10", "--method", "lucy"]), "455052511");
    assert_eq!(ok_line(&["prime-pi", "--n", "10^10", "--method", "lmo"]), "455052511");
    assert_eq!(ok_line(&["prime-pi", "--n", "10^10", "--method", "gourdon"]), "455052511");
}

/// Writes `text` to a fresh temporary file and returns its path.
fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

mod common;

use common::with_stdin;

#[test]
fn count_values_of_a_built_in_game_give_the_built_in_answer() {
    for n in [10u64, 100, 1000] {
        // Divisor Nim: g(x) = v2(x) over piles 1..=n
        let values: String = (1..=n).map(|x| format!("{}\n", x.trailing_zeros())).collect();
        let path = temp_file(&format!("divisor-{n}"), &format!("# v2 of 1..={n}\n{values}"));
        let p = path.to_str().unwrap();
        for piles in ["1", "3", "10"] {
            for extra in [&[][..], &["--modulus", "10^9+7"], &["--modulus", "2^40"]] {
                let mut count = vec!["count", "--values", p, "--piles", piles, "--count", "winning"];
                count.extend_from_slice(extra);
                let n_text = n.to_string();
                let mut builtin = vec!["divisor-nim", "--n", &n_text, "--piles", piles];
                builtin.extend_from_slice(extra);
                assert_eq!(ok_line(&count), ok_line(&builtin), "n={n} piles={piles} {extra:?}");
            }
        }
        // the same as a histogram on stdin
        let mut hist = std::collections::BTreeMap::new();
        for x in 1..=n {
            *hist.entry(x.trailing_zeros()).or_insert(0u64) += 1;
        }
        let text: String = hist.iter().map(|(v, c)| format!("{v} {c}\n")).collect();
        let o = with_stdin(
            &["count", "--values", "-", "--histogram", "--piles", "3", "--count", "winning"],
            &text,
        );
        assert!(o.status.success());
        assert_eq!(stdout(&o).trim(), ok_line(&["divisor-nim", "--n", &n.to_string()]));
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn count_values_match_the_whole_game_search() {
    use grundy_reference::{Solver, SubtractionHeap, Sum, for_each_tuple};
    // heaps 0..=9 of the subtraction game {1, 3, 4}: values from the oracle's mex
    let moves = vec![1u64, 3, 4];
    let mut single = Solver::new(SubtractionHeap(moves.clone()));
    let values: String = (0..10u64).map(|h| format!("{}\n", single.grundy(&h))).collect();
    let mut whole = Solver::new(Sum(SubtractionHeap(moves)));
    for piles in 0..=3usize {
        let (mut win, mut lose) = (0u64, 0u64);
        for_each_tuple(10, piles, |t| {
            let mut heaps = t.to_vec();
            heaps.sort_unstable();
            if whole.is_winning(&heaps) { win += 1 } else { lose += 1 }
        });
        let k = piles.to_string();
        let o = with_stdin(&["count", "--values", "-", "--piles", &k], &values);
        assert_eq!(stdout(&o).trim(), lose.to_string(), "K={piles}");
        let o = with_stdin(
            &["count", "--values", "-", "--piles", &k, "--count", "winning", "--modulus", "7"],
            &values,
        );
        assert_eq!(stdout(&o).trim(), (win % 7).to_string(), "K={piles}");
    }
}

#[test]
fn count_values_errors_name_the_line() {
    for (input, flags, needle) in [
        ("1\n2\nx\n", &[][..], "line 3"),
        ("1\n\n# ok\n5 6\n", &[][..], "line 4"),
        ("0 1\n1\n", &["--histogram"][..], "line 2"),
        ("0 1\n1 -3\n", &["--histogram"][..], "line 2"),
    ] {
        let mut args = vec!["count", "--values", "-", "--piles", "2"];
        args.extend_from_slice(flags);
        let o = with_stdin(&args, input);
        assert_eq!(o.status.code(), Some(2), "{input:?}");
        assert!(o.stdout.is_empty());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1);
        assert!(err.contains(needle), "{input:?}: {err}");
    }
    let o = grundy(&["count", "--values", "/nonexistent/values", "--piles", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
    // JSON and the default count
    let o = with_stdin(&["count", "--values", "-", "--piles", "2", "--json"], "0\n1\n1\n");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["game"], "count");
    assert_eq!(v["count"], "losing");
    assert_eq!(v["value"], "5");
}

/// The command's count as a number.
fn count_of(args: &[&str]) -> u64 {
    ok_line(args).parse().unwrap()
}

#[test]
fn order_flag_counts_multisets_and_sets_like_the_oracle() {
    use grundy_reference::{
        CoprimePile, DivisorPile, SubtractionHeap, Unordered, unordered_board_counts, unordered_pile_counts,
    };
    for (order, kind) in [("multiset", Unordered::Multiset), ("set", Unordered::Set)] {
        let (win, lose) = unordered_board_counts(3, 2, 2, &[2, 3, 5, 7], kind);
        assert_eq!(count_of(&["board", "--n", "3", "--tokens", "2", "--order", order]), win);
        let (win, _) = unordered_pile_counts(DivisorPile, 1, 7, 3, kind);
        assert_eq!(count_of(&["divisor-nim", "--n", "7", "--order", order]), win);
        let (_, lose_c) = unordered_pile_counts(CoprimePile, 1, 9, 3, kind);
        assert_eq!(count_of(&["coprime-nim", "--n", "10", "--piles", "3", "--order", order]), lose_c);
        let (_, lose_h) = unordered_pile_counts(SubtractionHeap(vec![1, 3, 4]), 1, 8, 3, kind);
        assert_eq!(
            count_of(&["heaps", "--moves", "1,3,4", "--n", "8", "--piles", "3", "--order", order]),
            lose_h
        );
        let modular = count_of(&[
            "board",
            "--n",
            "3",
            "--tokens",
            "2",
            "--order",
            order,
            "--count",
            "losing",
            "--modulus",
            "7",
        ]);
        assert_eq!(modular, lose % 7);
    }
    // piles 1..=4 of Divisor Nim have values 0, 1, 0, 2
    assert_eq!(
        ok_line(&["divisor-nim", "--n", "4", "--piles", "2", "--order", "multiset", "--count", "losing"]),
        "5"
    );
    assert_eq!(
        ok_line(&["divisor-nim", "--n", "4", "--piles", "2", "--order", "set", "--count", "losing"]),
        "1"
    );
    // more different piles than there are pile sizes: no set at all
    assert_eq!(ok_line(&["divisor-nim", "--n", "4", "--piles", "5", "--order", "set"]), "0");
}

#[test]
fn count_command_takes_the_order_too() {
    use grundy_reference::{Unordered, unordered_xor_by_positions};
    let path = std::env::temp_dir().join(format!("grundy-values-{}.txt", std::process::id()));
    let values = [0u64, 1, 1, 2, 3, 5, 5, 5, 6];
    std::fs::write(&path, values.iter().map(|v| format!("{v}\n")).collect::<String>()).unwrap();
    let file = path.to_str().unwrap();
    for (order, kind) in [("multiset", Unordered::Multiset), ("set", Unordered::Set)] {
        for k in [2usize, 4] {
            let want = unordered_xor_by_positions(&values, k, kind)[0];
            let piles = k.to_string();
            let line = ok_line(&["count", "--values", file, "--piles", &piles, "--order", order, "--json"]);
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert_eq!(v["value"], want.to_string(), "{order} K={k}");
            assert_eq!(v["order"], order);
        }
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn json_reports_the_order_of_every_counting_command() {
    let commands: &[&[&str]] = &[
        &["board", "--n", "3", "--tokens", "2"],
        &["divisor-nim", "--n", "10"],
        &["coprime-nim", "--n", "10", "--piles", "3"],
        &["heaps", "--game", "0.77", "--n", "10", "--piles", "3"],
        &["silver-dollar", "--n", "10", "--coins", "2"],
    ];
    for args in commands {
        let plain = ok_line(args);
        let with = |extra: &[&str]| ok_line(&[args, extra].concat());
        // the default is ordered, and naming it changes nothing
        assert_eq!(with(&["--order", "ordered"]), plain, "{args:?}");
        let v: serde_json::Value = serde_json::from_str(&with(&["--json"])).unwrap();
        assert_eq!(v["order"], "ordered", "{args:?}");
        assert_eq!(v["value"], plain, "{args:?}");
        if args[0] != "silver-dollar" {
            let v: serde_json::Value = serde_json::from_str(&with(&["--json", "--order", "set"])).unwrap();
            assert_eq!(v["order"], "set", "{args:?}");
        }
    }
}

/// Runs a request that must be refused: exit status 2, nothing on stdout and
/// one line on stderr, which is returned.
fn refused(args: &[&str]) -> String {
    let o = grundy(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    assert!(o.stdout.is_empty(), "{args:?} printed {:?}", stdout(&o));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

#[test]
fn prime_pi_is_refused_by_its_estimates_before_any_work() {
    // by the time estimate (the memory would fit): at once, one line, status 2
    for args in [["prime-pi", "--n", "2^64-1"], ["prime-pi", "--n", "10^17 --method lucy"]] {
        let args: Vec<&str> = args.iter().flat_map(|a| a.split_whitespace()).collect();
        let err = refused(&args);
        assert!(err.contains("steps (limit 1e12 steps); choose a smaller --n"), "{args:?}: {err}");
    }
    // Lucy's DP at 2^64 - 1 by its memory
    let err = refused(&["prime-pi", "--n", "2^64-1", "--method", "lucy"]);
    assert!(err.contains("GiB of memory") && err.contains("--n"), "{err}");
}

#[test]
fn unordered_refusals_are_one_line_in_flag_words() {
    let cases = [
        ("silver-dollar --n 10 --coins 2 --order multiset", "--order"),
        ("silver-dollar --n 10 --coins 2 --order set", "indistinguishable"),
        ("divisor-nim --n 10 --order bag", "--order"),
        ("heaps --moves 1 --n 1e18 --piles 1e18 --order multiset --modulus 7", "--piles"),
        ("board --n 5 --tokens 1e18 --order set --modulus 7", "--tokens"),
        // beyond 2^126 cells, an even modulus
        ("board --n 1e18 --dims 3 --tokens 2 --order multiset --modulus 2^40", "--n"),
    ];
    for (args, needle) in cases {
        let args: Vec<&str> = args.split_whitespace().collect();
        let err = refused(&args);
        assert!(err.contains(needle) && !err.contains('`') && !err.contains("copies"), "{args:?}: {err}");
    }
    // beyond 2^126 cells a modulus whose prime factors exceed the number of tokens still works
    let args = "board --n 1e18 --dims 3 --tokens 2 --order multiset --modulus 10^9+7";
    ok_line(&args.split_whitespace().collect::<Vec<_>>());
}

#[test]
fn sequence_saves_and_resumes_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("0.106.values");
    let path = file.to_str().unwrap();
    // 0.106 has no period within these lengths: every value is computed
    let short = ["sequence", "--game", "0.106", "--len", "5000", "--max-len", "5000", "--json"];
    let long = ["sequence", "--game", "0.106", "--len", "20000", "--max-len", "20000", "--json"];
    let saved = grundy(&[&short[..], &["--save", path]].concat());
    assert_eq!(stdout(&saved), stdout(&grundy(&short)));
    let header = std::fs::read(&file).unwrap();
    assert!(header.starts_with(b"grundy nim-values 1\ngame: octal 0.106\nvalues: 5000\n"));
    let resumed = grundy(&[&long[..], &["--resume", path, "--save", path]].concat());
    assert!(resumed.status.success(), "{}", String::from_utf8_lossy(&resumed.stderr));
    assert_eq!(stdout(&resumed), stdout(&grundy(&long)));
    assert!(
        std::fs::read(&file).unwrap().starts_with(b"grundy nim-values 1\ngame: octal 0.106\nvalues: 20000\n")
    );
    // another game, a damaged file and a missing one: one line, status 2
    let mut damaged = std::fs::read(&file).unwrap();
    *damaged.last_mut().unwrap() ^= 1;
    let broken = dir.join("damaged.values");
    std::fs::write(&broken, damaged).unwrap();
    for (args, reason) in [
        (vec!["sequence", "--game", "0.77", "--resume", path], "not of octal 0.77"),
        (vec!["sequence", "--game", "0.106", "--resume", broken.to_str().unwrap()], "checksum"),
        (vec!["sequence", "--game", "0.106", "--resume", "/nonexistent/file"], "cannot read"),
    ] {
        let o = grundy(&args);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty() && err.lines().count() == 1 && err.contains(reason), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sequence_save_replaces_only_regular_files() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-save-target-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let target = dir.join("target.txt");
    std::fs::write(&target, "untouched").unwrap();
    let link = dir.join("link");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let folder = dir.join("folder");
    std::fs::create_dir(&folder).unwrap();
    // a temporary file that is a link is refused too (it would be followed)
    let plain = dir.join("plain.values");
    std::os::unix::fs::symlink(&target, dir.join("plain.values.partial")).unwrap();
    for path in [&fifo, &link, &folder, &plain] {
        let args = ["sequence", "--game", "0.77", "--len", "20", "--save", path.to_str().unwrap()];
        let o = grundy(&args);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(o.stdout.is_empty() && err.lines().count() == 1, "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{err}");
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::symlink_metadata(&folder).unwrap().is_dir());
    assert!(!plain.exists());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "untouched");
    // a regular file is replaced (with --force: it is not a save of ours)
    let args = ["sequence", "--game", "0.77", "--len", "20", "--save", target.to_str().unwrap(), "--force"];
    assert!(grundy(&args).status.success());
    assert!(std::fs::read(&target).unwrap().starts_with(b"grundy nim-values 1\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resume_then_save_writes_the_save_even_with_nothing_new() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-resave-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.values"), dir.join("b.values"));
    let run = |extra: &[&str]| {
        let args =
            [&["sequence", "--game", "0.106", "--len", "3000", "--max-len", "3000"][..], extra].concat();
        let o = grundy(&args);
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let first = run(&["--save", a.to_str().unwrap()]);
    // --len at most the saved count: nothing new is computed, and B is written all the same
    let again = run(&["--resume", a.to_str().unwrap(), "--save", b.to_str().unwrap()]);
    assert_eq!(first, again);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A few values, however large (up to 2^64 - 1), cost what a few values cost:
/// counted in their span over GF(2), not in a table up to the largest value.
#[test]
fn count_of_a_few_large_values_answers_at_once() {
    // 2^40 ^ 2^30 = 2^40 + 2^30: the 3! orders of those three lose
    let four = format!("{}\n{}\n{}\n{}\n", 1u64 << 40, (1u64 << 40) + (1 << 30), 1u64 << 30, 5u64 << 50);
    let path = temp_file("four-large", &four);
    let p = path.to_str().unwrap();
    assert_eq!(ok_line(&["count", "--values", p, "--piles", "3"]), "6");
    assert_eq!(ok_line(&["count", "--values", p, "--piles", "2"]), "4");
    assert_eq!(ok_line(&["count", "--values", p, "--piles", "3", "--modulus", "5"]), "1");
    assert_eq!(ok_line(&["count", "--values", p, "--piles", "3", "--count", "winning"]), "58");
    // one value at 2^27 (23 s and 4.2 GB with a table up to the value)
    let path = temp_file("two-to-27", "0\n134217728\n");
    assert_eq!(ok_line(&["count", "--values", path.to_str().unwrap(), "--piles", "2"]), "2");
    // the largest value there is
    let path = temp_file("largest", "18446744073709551615\n18446744073709551615 # again\n7\n");
    assert_eq!(ok_line(&["count", "--values", path.to_str().unwrap(), "--piles", "2"]), "5");
    // many independent values: counted from their dependencies (3 distinct powers of two never XOR to 0)
    let many: String = (0..40).map(|j| format!("{}\n", 1u64 << j)).collect();
    let path = temp_file("rank-40", &many);
    assert_eq!(ok_line(&["count", "--values", path.to_str().unwrap(), "--piles", "3"]), "0");
    // and as many more that involve them all: refused up front, one line naming what to do
    let tangled: String = (0..40)
        .map(|j| format!("{}\n", (1u64 << j) ^ (1 << ((j + 1) % 40)) ^ (1 << ((j + 3) % 40))))
        .collect();
    let path = temp_file("rank-40-tangled", &(many + &tangled));
    let o = grundy(&["count", "--values", path.to_str().unwrap(), "--piles", "3", "--modulus", "7"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.lines().count() == 1, "{err}");
    assert!(err.contains("rank 40") && err.contains("give fewer distinct values"), "{err}");
}

/// Losing ordered `piles`-tuples of heaps in `min..=n` from the plain
/// definition of the code's values ([`grundy::heap::OctalCode::values_quadratic`]).
fn brute_heaps(code: &str, min: usize, n: usize, piles: u32) -> u64 {
    let g = grundy::heap::OctalCode::parse(code).unwrap().values_quadratic(n + 1);
    let size = (n + 1 - min.min(n + 1)) as u64;
    (0..size.pow(piles))
        .filter(|&t| {
            let mut x = 0;
            let mut t = t;
            for _ in 0..piles {
                x ^= g[min + (t % size) as usize];
                t /= size;
            }
            x == 0
        })
        .count() as u64
}

#[test]
fn codes_that_count_up_answer_at_once_at_any_size() {
    for code in ["0.[F]", "0.[B]", "0.[7]"] {
        for (n, piles) in [(12, 2), (9, 3)] {
            let want = brute_heaps(code, 1, n, piles).to_string();
            let got =
                ok_line(&["heaps", "--game", code, "--n", &n.to_string(), "--piles", &piles.to_string()]);
            assert_eq!(got, want, "{code} n={n}");
        }
        // g(n) = n: two heaps lose exactly when equal, N of them
        for n in ["20000", "10^5", "10^7", "10^18"] {
            // 10^18 heaps cannot be computed one by one: answering at all proves the certificate
            let got = ok_line(&["heaps", "--game", code, "--n", n, "--piles", "2", "--modulus", "1000"]);
            assert_eq!(got, "0", "{code} --n {n}");
        }
        let o = grundy(&["sequence", "--game", code, "--len", "20000", "--max-len", "64"]);
        assert!(o.status.success(), "{code}");
        assert!(stdout(&o).contains("certified: yes"), "{code}");
    }
}

#[test]
fn slow_group_codes_are_refused_before_any_work() {
    // splits without removal (d0 = 8): cubic work, no theorem here
    assert_eq!(
        ok_line(&["heaps", "--game", "8.[3]", "--n", "10", "--piles", "3"]),
        brute_heaps("8.[3]", 1, 10, 3).to_string()
    );
    assert_eq!(ok_line(&["heaps", "--game", "8.[3]", "--n", "100", "--piles", "2"]), "100");
    for args in [
        &["heaps", "--game", "8.[3]", "--n", "20000", "--piles", "2", "--modulus", "1000"][..],
        &["heaps", "--game", "8.[3]", "--n", "10^5", "--piles", "2", "--modulus", "1000"],
        &["heaps", "--game", "4.[3]", "--n", "10^6", "--piles", "2", "--modulus", "1000"],
        &["sequence", "--game", "8.[3]", "--len", "20000"],
    ] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        // refused by the estimate of the work, not after it
        assert!(err.contains("would need") && err.contains("--max-work"), "{args:?}: {err}");
    }
}

#[test]
fn the_empty_heap_alone_with_min_0_and_n_0() {
    assert_eq!(ok_line(&["heaps", "--game", "0.77", "--n", "0", "--piles", "3", "--min", "0"]), "1");
    assert_eq!(ok_line(&["heaps", "--game", "0.77", "--n", "0", "--piles", "0", "--min", "0"]), "1");
    assert_eq!(
        ok_line(&["heaps", "--game", "0.77", "--n", "0", "--piles", "2", "--min", "0", "--count", "winning"]),
        "0"
    );
    assert_eq!(ok_line(&["heaps", "--game", "0.77", "--n", "1", "--piles", "3", "--min", "0"]), "4");
    // an empty range: no position for one heap or more, one for none
    assert_eq!(ok_line(&["heaps", "--game", "0.77", "--n", "5", "--piles", "2", "--min", "6"]), "0");
    assert_eq!(ok_line(&["heaps", "--game", "0.77", "--n", "5", "--piles", "0", "--min", "6"]), "1");
    let o = grundy(&["heaps", "--game", "0.77", "--n", "0", "--piles", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--min 0"));
}

#[test]
fn error_messages_have_no_runs_of_spaces() {
    for args in [
        &["heaps", "--moves", "all-but:3,5", "--n", "10^18", "--piles", "2", "--modulus", "1000"][..],
        &["heaps", "--moves", "all-but:3,5", "--n", "10^18", "--piles", "2"],
        &["heaps", "--game", "8.[3]", "--n", "10^5", "--piles", "2"],
    ] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.is_empty() && !err.contains("  "), "{args:?}: {err:?}");
    }
}

#[test]
fn misere_sequence_json_has_the_genus_and_the_presentation() {
    let line = ok_line(&["sequence", "--game", "0.31", "--play", "misere", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    let len = v["genus_len"].as_u64().unwrap() as usize;
    assert_eq!(len, v["misere_len"].as_u64().unwrap() as usize);
    assert_eq!(v["genus"].as_array().unwrap().len(), len);
    assert_eq!(v["genus"][0], serde_json::json!({"gamma": [0, 3, 1], "normal": 1, "symbol": "1^031"}));
    // g⁻ = 0 exactly at the misère P-positions
    for (i, g) in v["misere_values"].as_array().unwrap().iter().enumerate() {
        assert_eq!(g == 0, v["outcomes"][i + 1] == "P", "heap {}", i + 1);
    }
    let p = &v["presentation"];
    assert_eq!(p["relations"], serde_json::json!(["a^2 = 1", "b^3 = b"]));
    assert_eq!(p["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(p["generators"][1], serde_json::json!({"heap": 2, "name": "b"}));
    assert_eq!(p["elements"].as_array().unwrap().len(), v["order"].as_u64().unwrap() as usize);
}

/// `--misere-work`: a count beyond the heaps the budget reaches is refused
/// naming that bound and the flag; a larger budget reaches further; the
/// sequence shows the quotient as far as it got and which flag to raise.
#[test]
fn the_misere_work_budget_names_its_bound_and_flag() {
    let refused = |args: &[&str]| {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("raise --misere-work"), "{err}");
        err
    };
    let err = refused(&["heaps", "--game", "0.07", "--n", "100", "--piles", "3", "--play", "misere"]);
    assert!(err.contains("none was found with heaps up to 24,"), "{err}");
    let err = refused(&[
        "heaps",
        "--game",
        "0.07",
        "--n",
        "20",
        "--piles",
        "3",
        "--play",
        "misere",
        "--misere-work",
        "1000",
    ]);
    assert!(err.contains("could not be adjoined"), "{err}");
    // heaps up to 20 are within the default budget
    let sum = ["heaps", "--game", "0.07", "--n", "20", "--piles", "3", "--play", "misere"];
    assert!(ok_line(&sum).parse::<u64>().is_ok());
    refused(&["divisor-nim", "--n", "400", "--play", "misere"]);
    refused(&["coprime-nim", "--n", "400", "--piles", "3", "--play", "misere"]);
    refused(&[
        "board",
        "--n",
        "400",
        "--tokens",
        "2",
        "--moves",
        "1,4,5",
        "--play",
        "misere",
        "--misere-work",
        "100",
    ]);
    let bound = |work: &str| {
        let args = ["sequence", "--game", "0.07", "--play", "misere", "--misere-work", work, "--json"];
        let v: serde_json::Value = serde_json::from_str(&ok_line(&args)).unwrap();
        assert!(v["stopped"].as_str().unwrap().contains("would need more than"), "{v}");
        assert!(v["work"].as_u64().unwrap() > work.parse::<u64>().unwrap());
        v["misere_len"].as_u64().unwrap()
    };
    assert!(bound("10000") < bound("10000000"));
    let text = stdout(&grundy(&["sequence", "--game", "0.07", "--play", "misere", "--misere-work", "10^7"]));
    let line = text.lines().find(|l| l.starts_with("certified:")).unwrap();
    assert!(line.contains("heaps up to 24;") && line.ends_with("(raise --misere-work)"), "{line}");
}

/// Misère counts whose powers in the quotient's algebra would run for minutes
/// (118 s, over 120 s, over 120 s measured) are refused by estimate, in one
/// line naming `--misere-work` and `--modulus`; modulo M they answer, and so
/// does a board whose token is a power of 10^5 or 2^64-1 coordinates (46 s
/// then refused, and never ending).
#[test]
fn long_misere_powers_are_refused_by_estimate_or_answered_modulo_m() {
    for args in [
        &["coprime-nim", "--n", "47", "--piles", "10^6", "--play", "misere"][..],
        &["heaps", "--game", "0.77", "--n", "10^18", "--piles", "10^5", "--play", "misere"],
        &["divisor-nim", "--n", "19", "--piles", "10^6", "--play", "misere"],
    ] {
        let o = grundy(args);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(
            (o.status.code(), o.stdout.is_empty(), err.lines().count()),
            (Some(2), true, 1),
            "{args:?}: {err}"
        );
        assert!(err.contains("(limit --misere-work 10000000 steps); pass a --modulus"), "{err}");
        assert!(err.ends_with("or raise --misere-work\n"), "{err}");
        let modular: Vec<&str> = args.iter().copied().chain(["--modulus", "10^9+7"]).collect();
        assert!(ok_line(&modular).parse::<u64>().is_ok(), "{modular:?}");
    }
    for dims in ["10^5", "2^64-1"] {
        let args =
            ["board", "--n", "10^18", "--tokens", "3", "--dims", dims, "--play", "misere", "--modulus", "7"];
        assert!(ok_line(&args).parse::<u64>().unwrap() < 7, "{args:?}");
    }
}

#[test]
fn the_genus_work_budget_says_where_it_stopped() {
    let args =
        ["sequence", "--game", "0.77", "--play", "misere", "--misere-len", "12", "--genus-work", "300"];
    let o = grundy(&args);
    assert!(o.status.success());
    let out = stdout(&o);
    let line = out.lines().find(|l| l.starts_with("genus (")).unwrap();
    assert!(line.contains("is beyond --genus-work 300"), "{line}");
    let mut json = args.to_vec();
    json.push("--json");
    let v: serde_json::Value = serde_json::from_str(&ok_line(&json)).unwrap();
    let len = v["genus_len"].as_u64().unwrap();
    assert!(0 < len && len < 12, "{len}");
    assert_eq!(v["misere_values"].as_array().unwrap().len() as u64, len);
}

#[test]
fn threads_change_no_output() {
    // heaps computed two or three at once where that pays: the same values,
    // verdict and counts (the work budget stops at the same heap)
    for game in ["0.6", "4!.0", "0.07", "0.77"] {
        let args = ["sequence", "--game", game, "--len", "12000", "--max-len", "12000"];
        let one = grundy(&[&args[..], &["--threads", "1"]].concat());
        assert!(one.status.success());
        for threads in ["2", "3"] {
            assert_eq!(
                stdout(&grundy(&[&args[..], &["--threads", threads]].concat())),
                stdout(&one),
                "{game}"
            );
        }
        let budget = ["sequence", "--game", game, "--len", "10", "--max-work", "3e7", "--json"];
        let one = stdout(&grundy(&[&budget[..], &["--threads", "1"]].concat()));
        assert_eq!(stdout(&grundy(&[&budget[..], &["--threads", "2"]].concat())), one, "{game}");
    }
    let heaps = ["heaps", "--game", "0.6", "--n", "9000", "--piles", "3", "--modulus", "10^9+7"];
    assert_eq!(
        ok_line(&[&heaps[..], &["--threads", "1"]].concat()),
        ok_line(&[&heaps[..], &["--threads", "2"]].concat())
    );
}

/// `sequence --play misere --len` is bounded as for normal play (the values
/// are written as they are computed, none is kept): past 2^30 it is refused
/// at once in one line, status 2, nothing on stdout (it aborted allocating
/// 32 GiB); invalid budgets are refused, not clamped.
#[test]
fn misere_sequence_lengths_are_bounded_like_normal_ones() {
    for len in ["2^30+1", "2^31", "10^18+1", "2^64-1"] {
        let err = refused(&["sequence", "--game", "0.77", "--play", "misere", "--len", len]);
        assert!(err.contains("--len is limited to 1073741824"), "{err}");
    }
    // a long answer of a certified game: every value, from the period
    let text = stdout(&grundy(&["sequence", "--game", "0.77", "--play", "misere", "--len", "2^16"]));
    let phi = text.lines().find(|l| l.starts_with("pretending function: ")).unwrap();
    let values: Vec<&str> = phi["pretending function: ".len()..].split(' ').collect();
    assert_eq!(values.len(), 1 << 16);
    assert_eq!(values[71 + 12 * 5000], values[71]);
    for (flag, value) in [("--misere-len", "0"), ("--misere-work", "0")] {
        let err = refused(&["sequence", "--game", "0.77", "--play", "misere", flag, value]);
        assert!(err.contains(&format!("{flag} must be at least 1")), "{err}");
    }
}

/// Every stage of the misère quotient estimates its memory before it
/// allocates: the sequence stops at the heap whose stage would pass
/// `--max-memory`, saying so, and a count that needs it is refused in one
/// line naming the limit and the flag.
#[test]
fn misere_memory_is_estimated_before_it_is_allocated() {
    let args = ["sequence", "--game", "0.6", "--play", "misere", "--max-memory", "10^6"];
    let o = grundy(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let line = out.lines().find(|l| l.starts_with("certified:")).unwrap();
    assert!(line.contains("of memory") && line.ends_with("(raise --max-memory)"), "{line}");
    // the quotient of heaps up to 16 does not fit 10^6 bytes, and the count
    // is answered by a direct search (issue 32), as the quotient answers it
    let count = ["heaps", "--game", "0.6", "--n", "16", "--piles", "2", "--play", "misere"];
    let searched = ok_line(&[&count[..], &["--max-memory", "10^6"]].concat());
    assert_eq!(searched, ok_line(&[&count[..], &["--max-memory", "10^9"]].concat()));
    // a search whose memo may not fit is refused before it starts
    let count = ["heaps", "--game", "0.6", "--n", "40", "--piles", "3", "--play", "misere"];
    let err = refused(&[&count[..], &["--max-memory", "10^6"]].concat());
    assert!(
        err.contains("of memory (limit --max-memory 976.6 KiB)") && err.contains("raise --max-memory"),
        "{err}"
    );
}

/// `sequence --play misere --len L` needs the quotient of the heaps below
/// `L`: by default the heaps up to `L − 1` get a budget scaled to `L`
/// (`L²·10^4` steps, at least 5·10^6: every `L` up to 22), and the search
/// for a certificate beyond them `L⁴` steps, at least 5·10^6, within that
/// budget; so it answers in under half a second, saying how far the quotient
/// holds and why it stopped. The wild codes that spent the count's 10^7
/// steps before took up to a second (`0.217`, `0.207`, `8.31`), and the
/// quotient beyond heap `L − 1` took the rest of the 10^7 before that (0.9 s
/// for `0.16 --len 10`). What it shows of the heaps below `L` is what the
/// quotient of exactly those heaps shows. An explicit `--misere-work` is
/// the budget of both.
#[test]
fn a_short_misere_sequence_spends_a_budget_scaled_to_its_length() {
    let run = |args: &[&str]| -> serde_json::Value {
        let base = ["sequence", "--play", "misere", "--json"];
        serde_json::from_str(&ok_line(&[&base[..], args].concat())).unwrap()
    };
    let tests = [
        ("0.16", 10),
        ("0.6", 12),
        ("4!.0", 20),
        ("0.6", 20),
        ("0.07", 5),
        ("0.75", 5),
        ("0.217", 20),
        ("8.31", 20),
    ];
    for (game, len) in tests {
        let l = len.to_string();
        let v = run(&["--game", game, "--len", &l]);
        let work = v["work"].as_u64().unwrap();
        // the budget, and the last search's charge
        assert!(work <= 5_100_000, "{game}: {work} steps");
        let shown = v["pretending"].as_array().unwrap().len() as u64;
        let reached = v["misere_len"].as_u64().unwrap();
        let certified = v["certified"].as_bool().unwrap();
        assert_eq!(shown, if certified { len } else { (reached + 1).min(len) }, "{game}");
        // the quotient of the heaps shown alone: the same values, reached
        // with the whole budget if at all, and at most 5·10^6 steps (and the
        // last search's charge) spent beyond it
        let alone = run(&["--game", game, "--len", &l, "--misere-len", &(len - 1).to_string()]);
        let (bound, spent) = (alone["misere_len"].as_u64().unwrap(), alone["work"].as_u64().unwrap());
        assert!(reached >= bound && (bound == len - 1 || reached == bound), "{game}: {reached} {bound}");
        assert!(work <= spent + 5_500_000, "{game}: {work} steps, {spent} for the heaps shown");
        for key in ["outcomes", "pretending", "misere_values", "genus"] {
            assert_eq!(v[key], alone[key], "{game} {key}");
        }
    }
    // the twenty values of Grundy's game are within that budget (4.4
    // million steps), and tame 0.75 and Kayles (4.6 million steps to heap
    // 167) are certified beyond them at the shortest length
    assert_eq!(run(&["--game", "4!.0", "--len", "20"])["pretending"].as_array().unwrap().len(), 20);
    assert_eq!(run(&["--game", "0.75", "--len", "5"])["certified"], true);
    assert_eq!(run(&["--game", "0.77", "--len", "1"])["certified"], true);
    let v = run(&["--game", "0.16", "--len", "10", "--misere-work", "2e7"]);
    assert!(v["work"].as_u64().unwrap() > 19_000_000, "{v}");
}
