//! The golden commands: what the command line printed for a fixed set of
//! commands across every subcommand and option (counts, JSON, errors), so
//! that a change of structure is proved to change no behaviour.
//!
//! `tests/golden/commands.txt` lists the commands, `tests/golden/expected.txt`
//! what each printed: standard output, standard error (lines marked `! `) and
//! the exit status when it is not 0, with timings masked. Run with
//! `GRUNDY_BLESS=1` to write `expected.txt` anew after a deliberate change,
//! and read its diff before committing it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Output with every `"seconds":NUMBER` replaced by `"seconds":…`.
fn untimed(text: &str) -> String {
    let key = "\"seconds\":";
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(key) {
        let (head, tail) = rest.split_at(at + key.len());
        out.push_str(head);
        out.push('…');
        rest = &tail[tail.find([',', '}']).unwrap_or(tail.len())..];
    }
    out.push_str(rest);
    out
}

/// What one command printed, in the golden file's form.
fn record(command: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(command.split_whitespace())
        .current_dir(folder())
        .output()
        .expect("runs");
    let mut out = format!("$ grundy {command}\n");
    if o.status.code() != Some(0) {
        out.push_str(&format!("[exit {:?}]\n", o.status.code()));
    }
    for line in untimed(&String::from_utf8_lossy(&o.stdout)).lines() {
        out.push_str(&format!("{line}\n"));
    }
    for line in String::from_utf8_lossy(&o.stderr).lines() {
        out.push_str(&format!("! {line}\n"));
    }
    out
}

#[test]
fn every_golden_command_prints_what_it_printed_before() {
    let commands = std::fs::read_to_string(folder().join("commands.txt")).unwrap();
    let commands: Vec<&str> =
        commands.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    assert!(commands.len() >= 60, "at least 60 golden commands");
    let now: String = commands.iter().map(|c| record(c)).collect();
    let path = folder().join("expected.txt");
    if std::env::var_os("GRUNDY_BLESS").is_some() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let before =
        std::fs::read_to_string(&path).expect("tests/golden/expected.txt (GRUNDY_BLESS=1 writes it)");
    for (a, b) in before.split("$ grundy ").zip(now.split("$ grundy ")) {
        assert_eq!(b, a, "the output changed");
    }
    assert_eq!(before, now, "the golden commands changed");
}
