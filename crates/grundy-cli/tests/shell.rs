//! `grundy completions SHELL` and `grundy man`: every script parses in its
//! shell, and the man page renders. A shell or groff that is not installed is
//! skipped with a note on stderr (.ci/run installs zsh, fish and groff when it
//! can).

use std::io::Write;
use std::process::{Command, Stdio};

fn grundy(args: &[&str]) -> Vec<u8> {
    let o = Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("runs");
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

fn installed(program: &str) -> bool {
    let found =
        Command::new(program).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok();
    if !found {
        eprintln!("note: {program} is not installed: skipped");
    }
    found
}

/// Runs `program args` with `input` on stdin; returns (success, stdout, stderr).
fn run_with_input(program: &str, args: &[&str], input: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    child.stdin.take().expect("stdin").write_all(input).expect("writes");
    let o = child.wait_with_output().expect("ends");
    (o.status.success(), String::from_utf8_lossy(&o.stdout).into(), String::from_utf8_lossy(&o.stderr).into())
}

/// Every subcommand the command line has (but `help`).
const SUBCOMMANDS: [&str; 12] = [
    "board",
    "divisor-nim",
    "coprime-nim",
    "silver-dollar",
    "seeds",
    "sequence",
    "heaps",
    "prime-pi",
    "count",
    "census",
    "completions",
    "man",
];

#[test]
fn completion_scripts_name_every_subcommand_and_flag() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = String::from_utf8(grundy(&["completions", shell])).expect("utf-8");
        for word in SUBCOMMANDS.iter().chain(&["modulus", "game", "max-work", "plot"]) {
            assert!(script.contains(word), "{shell}: {word} missing");
        }
    }
}

#[test]
fn completion_scripts_parse_in_their_shells() {
    for (shell, check) in [("bash", "-n"), ("zsh", "-n"), ("fish", "--no-execute")] {
        if !installed(shell) {
            continue;
        }
        let script = grundy(&["completions", shell]);
        let (ok, _, err) = run_with_input(shell, &[check], &script);
        assert!(ok, "{shell} {check}: {err}");
    }
}

#[test]
fn bash_completion_completes_subcommands_and_flags() {
    if !installed("bash") {
        return;
    }
    let script = String::from_utf8(grundy(&["completions", "bash"])).expect("utf-8");
    let probe = format!(
        "{script}\nCOMP_WORDS=(grundy sequence --ga); COMP_CWORD=2; _grundy grundy --ga sequence; echo \"${{COMPREPLY[@]}}\"\n\
         COMP_WORDS=(grundy pri); COMP_CWORD=1; _grundy grundy pri grundy; echo \"${{COMPREPLY[@]}}\"\n"
    );
    let (ok, out, err) = run_with_input("bash", &[], probe.as_bytes());
    assert!(ok, "{err}");
    assert_eq!(out, "--game\nprime-pi\n");
}

#[test]
fn completions_refuse_an_unknown_shell() {
    let o = Command::new(env!("CARGO_BIN_EXE_grundy")).args(["completions", "tcsh"]).output().expect("runs");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("tcsh") && err.contains("bash"), "{err}");
}

#[test]
fn the_man_page_renders_with_every_subcommand() {
    let page = String::from_utf8(grundy(&["man"])).expect("utf-8");
    assert!(page.lines().any(|l| l.starts_with(".TH grundy 1")), "no .TH line");
    for sub in SUBCOMMANDS {
        assert!(page.contains(&format!(".SS \"grundy {sub}\"")), "{sub} missing");
    }
    if !installed("groff") {
        return;
    }
    // -k: the UTF-8 text of the help through preconv (as man does); -ww: every warning, on stderr
    let (ok, text, err) = run_with_input("groff", &["-k", "-man", "-Tutf8", "-ww"], page.as_bytes());
    assert!(ok && err.is_empty(), "groff: {err}");
    // bold and underline are drawn by overstriking: keep the last of each pair
    let plain: String = {
        let mut out = String::new();
        for c in text.chars() {
            if c == '\u{8}' {
                out.pop();
            } else {
                out.push(c);
            }
        }
        out
    };
    for needle in ["NAME", "SYNOPSIS", "SUBCOMMANDS", "grundy sequence", "--max-work", "--modulus"] {
        assert!(plain.contains(needle), "{needle} missing from the rendered page");
    }
}
