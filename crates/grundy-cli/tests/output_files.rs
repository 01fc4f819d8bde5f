//! `sequence --plot` and `--save`: every output path checked before any work,
//! only regular files replaced and only our own unless `--force`, nothing
//! followed, nothing blocked on.
#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs grundy; a run that has not ended after two minutes (a FIFO it
/// blocks on) is killed and fails the test.
fn grundy(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("{args:?} did not end (blocked)");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn refused(args: &[&str]) -> String {
    common::refusal(args, &grundy(args))
}

fn ok(args: &[&str]) {
    common::answer(args, &grundy(args));
}

fn folder(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-output-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const KAYLES: [&str; 5] = ["sequence", "--game", "0.77", "--len", "100"];

#[test]
fn output_paths_are_checked_before_any_work() {
    let d = folder("before");
    // the input is read after the output paths are checked: its error would come first otherwise
    let missing_input = d.join("no-such-save");
    for flag in ["--plot", "--save"] {
        let e =
            refused(&[&KAYLES[..], &["--resume", s(&missing_input), flag, "/nonexistent/x.svg"]].concat());
        assert!(e.contains(flag) && e.contains("/nonexistent/x.svg"), "{e}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn plot_and_save_replace_only_files_of_ours_unless_forced() {
    let d = folder("ours");
    for flag in ["--plot", "--save"] {
        let notes = d.join(format!("notes{flag}.txt"));
        std::fs::write(&notes, "my notes").unwrap();
        let e = refused(&[&KAYLES[..], &[flag, s(&notes)]].concat());
        assert!(e.contains("not written by grundy") && e.contains("--force"), "{e}");
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
        // with --force it is replaced; then it is ours, and replaced again without
        ok(&[&KAYLES[..], &[flag, s(&notes), "--force"]].concat());
        let first = std::fs::read(&notes).unwrap();
        assert_ne!(first, b"my notes");
        ok(&[&KAYLES[..], &[flag, s(&notes)]].concat());
        assert_eq!(std::fs::read(&notes).unwrap(), first);
        assert!(!d.join(format!("notes{flag}.txt.partial")).exists());
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn plot_refuses_links_fifos_and_folders_and_follows_nothing() {
    let d = folder("kinds");
    let target = d.join("target.svg");
    std::fs::write(&target, "untouched").unwrap();
    let link = d.join("link.svg");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let nowhere = d.join("nowhere.svg");
    let dangling = d.join("dangling.svg");
    std::os::unix::fs::symlink(&nowhere, &dangling).unwrap();
    let fifo = d.join("fifo.svg");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let sub = d.join("folder.svg");
    std::fs::create_dir(&sub).unwrap();
    for path in [&link, &dangling, &fifo, &sub] {
        for force in [&[][..], &["--force"]] {
            let e = refused(&[&KAYLES[..], &["--plot", s(path)], force].concat());
            assert!(e.contains("not a regular file"), "{path:?}: {e}");
        }
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "untouched");
    assert!(!nowhere.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_plot_is_written_whole_through_a_temporary_file() {
    let d = folder("whole");
    let chart = d.join("kayles.svg");
    ok(&[&KAYLES[..], &["--plot", s(&chart)]].concat());
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1, "a temporary file is left");
    std::fs::remove_dir_all(&d).unwrap();
}
