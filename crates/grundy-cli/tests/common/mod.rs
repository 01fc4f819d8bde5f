//! What the command-line tests share: running the binary and reading what a
//! request printed or why it was refused.
#![allow(dead_code)]

use std::process::{Command, Output, Stdio};

/// Runs grundy with `args` (stdin empty).
pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).stdin(Stdio::null()).output().expect("runs")
}

/// Runs grundy with `input` on stdin.
pub fn with_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The stdout of a request that succeeded, trimmed.
pub fn answer(args: &[&str], o: &Output) -> String {
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).trim_end().to_string()
}

/// What a request that must succeed printed, trimmed.
pub fn ok_line(args: &[&str]) -> String {
    answer(args, &grundy(args))
}

/// The one-line error of a request that must be refused: exit status 2,
/// nothing on stdout, one line on stderr.
pub fn refusal(args: &[&str], o: &Output) -> String {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(o.stdout.is_empty() && err.lines().count() == 1, "{args:?}: {err}");
    err
}

/// [`refusal`] of a request run now.
pub fn refused(args: &[&str]) -> String {
    refusal(args, &grundy(args))
}
