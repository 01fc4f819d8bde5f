//! The heap-ruleset notation on the command line: hexadecimal codes, `!`,
//! repeating groups, move families, `all-but` sets, `--min 0`, saltus output
//! and one-line errors.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("runs")
}

fn ok(args: &[&str]) -> String {
    let o = grundy(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).trim_end().to_string()
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).unwrap()
}

/// The explicit list of the members of a family up to `n`.
fn listed(member: impl Fn(u64) -> bool, n: u64) -> String {
    let list: Vec<String> = (1..=n).filter(|&s| member(s)).map(|s| s.to_string()).collect();
    list.join(",")
}

#[test]
fn every_code_notation_gives_values() {
    for (code, start) in [
        ("4!.0", "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0"),
        ("0.[3]", "0 1 2 3 4 5 6 7 8 9 10"),
        ("0.[7]", "0 1 2 3 4 5 6 7 8 9 10"),
        ("0.1[3]", "0 1 1 2 2 3 3 4 4 5 5"),
        ("0.[37]", "0 1 2 3 4 5 6 7"),
        ("4.[3]", "0 1 2 4 3 5 6 8 7"),
        ("0.8", "0 0 0 0 1 1 1 2 2 2"),
        ("0.F", "0 1 0 1 0 1"),
        ("c.1", "0 1 1 2 2 0 4 3 3 5 5"),
        ("C.1", "0 1 1 2 2 0 4 3 3 5 5"),
        (".77", "0 1 2 3 1 4 3 2 1 4 2 6"),
        ("0.77", "0 1 2 3 1 4 3 2 1 4 2 6"),
    ] {
        let v = json(&["sequence", "--game", code, "--len", "30", "--json"]);
        let values: Vec<String> = v["values"].as_array().unwrap().iter().map(|x| x.to_string()).collect();
        assert!(values.join(" ").starts_with(start), "{code}: {}", values.join(" "));
    }
}

#[test]
fn saltus_is_reported_certified_or_observed() {
    let v = json(&["sequence", "--game", "0.77", "--len", "5", "--json"]);
    assert!(v["saltus"].is_null());
    assert_eq!(v["certified"], true);
    let v = json(&["sequence", "--game", "0.[3]", "--len", "5", "--json"]);
    assert_eq!(
        (v["saltus"].as_u64(), v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(1), Some(1), Some(0))
    );
    assert_eq!(v["certified"], true);
    assert!(v["observed_to"].is_null());
    let v = json(&["sequence", "--moves", "all-but:1,3", "--len", "5", "--json"]);
    assert_eq!((v["saltus"].as_u64(), v["period"].as_u64()), (Some(1), Some(2)));
    assert_eq!(v["certified"], true);
    let v = json(&["sequence", "--game", "0.1[3]", "--len", "5", "--max-len", "5000", "--json"]);
    assert_eq!((v["saltus"].as_u64(), v["period"].as_u64()), (Some(1), Some(2)));
    assert_eq!(v["certified"], false);
    assert_eq!(v["observed_to"].as_u64(), Some(4999));
    let plain = ok(&["sequence", "--game", "0.1[3]", "--len", "5", "--max-len", "5000"]);
    assert!(
        plain.contains("saltus: 1") && plain.contains("observed up to n = 4999, not certified"),
        "{plain}"
    );
    let plain = ok(&["sequence", "--game", "0.[3]", "--len", "5"]);
    assert!(plain.contains("saltus: 1") && plain.contains("certified: yes"), "{plain}");
}

#[test]
fn families_equal_their_explicit_lists() {
    let squares = |s: u64| (1..=s).any(|r| r * r == s);
    let primes = |s: u64| s >= 2 && (2..s).all(|d| !s.is_multiple_of(d));
    let all_but = |s: u64| s != 1 && s != 3;
    for (family, list) in [
        ("squares", listed(squares, 60)),
        ("primes", listed(primes, 60)),
        ("all-but:1,3", listed(all_but, 60)),
    ] {
        assert_eq!(
            ok(&["heaps", "--moves", family, "--n", "60", "--piles", "3", "--min", "0"]),
            ok(&["heaps", "--moves", &list, "--n", "60", "--piles", "3", "--min", "0"]),
            "heaps {family}"
        );
        assert_eq!(
            ok(&["board", "--moves", family, "--n", "61", "--tokens", "2"]),
            ok(&["board", "--moves", &list, "--n", "61", "--tokens", "2"]),
            "board {family}"
        );
        let a = json(&["sequence", "--moves", family, "--len", "61", "--json"]);
        let b = json(&["sequence", "--moves", &list, "--len", "61", "--json"]);
        assert_eq!(a["values"], b["values"], "sequence {family}");
    }
    let fib = listed(|s| [1, 2, 3, 5, 8, 13, 21, 34, 55].contains(&s), 60);
    let pow2 = listed(|s: u64| s.is_power_of_two(), 60);
    for (family, list) in [("fibonacci", fib), ("powers-of-2", pow2)] {
        assert_eq!(
            ok(&["heaps", "--moves", family, "--n", "60", "--piles", "2"]),
            ok(&["heaps", "--moves", &list, "--n", "60", "--piles", "2"]),
            "{family}"
        );
    }
}

#[test]
fn the_empty_heap_counts_with_min_zero() {
    // Nim pairs in 0..=3 lose exactly when equal
    assert_eq!(ok(&["heaps", "--game", "0.[3]", "--n", "3", "--piles", "2", "--min", "0"]), "4");
    assert_eq!(ok(&["heaps", "--game", "4!.0", "--n", "2", "--piles", "2", "--min", "0"]), "9");
    assert_eq!(ok(&["heaps", "--moves", "squares", "--n", "1", "--piles", "1", "--min", "0"]), "1");
}

#[test]
fn huge_nim_and_all_but_counts() {
    let m = "10^9+7";
    let lose = ok(&["heaps", "--game", "0.[3]", "--n", "10^18", "--piles", "10^18", "--modulus", m]);
    let win = ok(&[
        "heaps",
        "--game",
        "0.[3]",
        "--n",
        "10^18",
        "--piles",
        "10^18",
        "--modulus",
        m,
        "--count",
        "winning",
    ]);
    let (lose, win): (u64, u64) = (lose.parse().unwrap(), win.parse().unwrap());
    // N^K mod M with N = K = 10^18
    let p = 1_000_000_007u64;
    let (mut acc, mut base, mut e) = (1u128, (10u64.pow(18) % p) as u128, 10u64.pow(18));
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * base % p as u128;
        }
        base = base * base % p as u128;
        e >>= 1;
    }
    assert_eq!((lose + win) % p, acc as u64);
    assert_eq!(ok(&["heaps", "--game", "0.[3]", "--n", "10^18", "--piles", "2"]), "1000000000000000000");
}

#[test]
fn bad_notation_is_one_line_naming_the_culprit() {
    for (args, culprit) in [
        (&["sequence", "--game", "0.7G"][..], "'G'"),
        (&["sequence", "--game", "0.3!"], "'!'"),
        (&["sequence", "--game", "0.[3"], "not closed"),
        (&["sequence", "--game", "0.[]"], "']'"),
        (&["sequence", "--game", "0.[3]3"], "'3'"),
        (&["sequence", "--game", "2.7"], "'2'"),
        (&["sequence", "--game", "0.[0]"], "no moves"),
        (&["sequence", "--moves", "cubes"], "'cubes'"),
        (&["sequence", "--moves", "all-but:1,x"], "'x'"),
        (&["sequence", "--moves", "all-but:"], "all-but"),
        (&["heaps", "--moves", "squares,1", "--n", "5", "--piles", "2"], "'squares'"),
        (&["board", "--moves", "primes,x", "--n", "5", "--tokens", "2"], "'primes'"),
        (&["heaps", "--moves", "squares", "--n", "10^9", "--piles", "2"], "--max-len"),
        (&["heaps", "--game", "0.1[3]", "--n", "10^18", "--piles", "2"], "--max-len"),
    ] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(culprit), "{args:?}: {err}");
        assert!(!err.contains('`'), "{args:?}: {err}");
    }
}

#[test]
fn help_documents_the_notation() {
    for cmd in ["sequence", "heaps"] {
        let help = ok(&[cmd, "--help"]);
        for word in
            ["hexadecimal", "'!'", "4!.0", "0.[3]", "squares", "all-but:LIST", "fibonacci", "powers-of-2"]
        {
            assert!(help.contains(word), "{cmd} --help lacks {word}");
        }
    }
    assert!(ok(&["board", "--help"]).contains("all-but:LIST"));
}
