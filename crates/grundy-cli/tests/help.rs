//! What `--help` offers is what the command accepts: each counting
//! subcommand's default `--count`, no flag that a subcommand always refuses,
//! sizes said to be non-negative, and both spellings of misère.

mod common;

use common::{grundy, refused};
use std::process::Command;

fn help(subcommand: &str) -> String {
    let o = grundy(&[subcommand, "--help"]);
    assert!(o.status.success(), "{subcommand}");
    String::from_utf8(o.stdout).unwrap()
}

/// Each counting subcommand with the smallest request it answers.
const COUNTING: [(&str, &[&str]); 6] = [
    ("board", &["--n", "3", "--tokens", "2"]),
    ("divisor-nim", &["--n", "10"]),
    ("coprime-nim", &["--n", "10", "--piles", "2"]),
    ("silver-dollar", &["--n", "10", "--coins", "2"]),
    ("heaps", &["--game", "0.77", "--n", "5", "--piles", "2"]),
    ("count", &["--values", "-", "--piles", "2"]),
];

#[test]
fn each_counting_subcommand_states_the_count_it_gives_by_default() {
    for (sub, args) in COUNTING {
        let text = help(sub);
        let at = text.find("--count <COUNT>").unwrap_or_else(|| panic!("{sub}: no --count"));
        let stated = text[at..].split("[default: ").nth(1).and_then(|d| d.split(']').next());
        let stated = stated.unwrap_or_else(|| panic!("{sub} --help states no default --count"));
        // what the answer says it counted when --count is left out
        let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg(sub)
            .args(args)
            .arg("--json")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(o.status.success(), "{sub}: {}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["count"], stated, "{sub}");
    }
}

#[test]
fn flags_a_subcommand_always_refuses_are_not_offered() {
    for (sub, hidden) in [
        ("silver-dollar", &["--order", "--play", "--misere-work"][..]),
        ("count", &["--play", "--misere-work"]),
    ] {
        let text = help(sub);
        for flag in hidden {
            assert!(!text.contains(flag), "{sub} --help offers {flag}");
        }
    }
    // given all the same, they are refused with the reason
    let e = refused(&["silver-dollar", "--n", "10", "--coins", "2", "--order", "set"]);
    assert!(e.contains("indistinguishable"), "{e}");
    let e = refused(&["silver-dollar", "--n", "10", "--coins", "2", "--play", "misere"]);
    assert!(e.contains("not a sum"), "{e}");
    let e = refused(&["count", "--values", "/dev/null", "--piles", "2", "--play", "misere"]);
    assert!(e.contains("do not determine misère"), "{e}");
    // and the subcommands that accept them still offer them
    for sub in ["board", "heaps", "divisor-nim", "coprime-nim"] {
        let text = help(sub);
        assert!(text.contains("--play") && text.contains("--order"), "{sub}");
    }
}

#[test]
fn a_negative_size_is_said_to_be_negative() {
    let cases: [(&[&str], &str); 13] = [
        (&["heaps", "--game", "0.77", "--piles", "2", "--n"], "-5"),
        (&["heaps", "--game", "0.77", "--n", "5", "--piles"], "-2"),
        (&["heaps", "--game", "0.77", "--n", "5", "--piles", "2", "--min"], "-1"),
        (&["board", "--tokens", "2", "--n"], "-3"),
        (&["board", "--n", "3", "--tokens"], "-1"),
        (&["board", "--n", "3", "--tokens", "2", "--dims"], "-2"),
        (&["sequence", "--game", "0.77", "--len"], "-10"),
        (&["sequence", "--game", "0.77", "--max-len"], "-1"),
        (&["divisor-nim", "--n"], "-7"),
        (&["coprime-nim", "--n", "10", "--piles"], "-3"),
        (&["silver-dollar", "--n", "10", "--coins"], "-2"),
        (&["count", "--values", "/dev/null", "--piles"], "-4"),
        (&["board", "--n", "3", "--tokens", "2", "--modulus"], "-7"),
    ];
    for (args, value) in cases {
        let args = [args, &[value]].concat();
        let e = refused(&args);
        assert!(e.contains(&format!("'{value}'")) && e.contains("non-negative"), "{args:?}: {e}");
        assert!(!e.contains("unexpected argument"), "{args:?}: {e}");
    }
}

#[test]
fn misere_is_spelled_either_way() {
    for args in [
        &["heaps", "--game", "0.77", "--n", "6", "--piles", "3"][..],
        &["board", "--n", "4", "--tokens", "2", "--moves", "1,2"],
        &["divisor-nim", "--n", "12", "--piles", "2"],
    ] {
        let plain = grundy(&[args, &["--play", "misere"]].concat());
        let accented = grundy(&[args, &["--play", "misère"]].concat());
        assert!(plain.status.success() && accented.status.success(), "{args:?}");
        assert_eq!(plain.stdout, accented.stdout, "{args:?}");
    }
}

#[cfg(unix)]
#[test]
fn help_to_a_closed_pipe_ends_quietly() {
    use std::os::fd::{FromRawFd, OwnedFd};
    // a pipe whose reader is gone before the help is written
    let mut ends = [0; 2];
    assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
    let (reader, writer) = unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
    drop(reader);
    for args in [&["--help"][..], &["heaps", "--help"], &["--version"]] {
        let writer = writer.try_clone().unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).stdout(writer).output().unwrap();
        assert!(o.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(o.status.code(), Some(0), "{args:?}");
    }
}
