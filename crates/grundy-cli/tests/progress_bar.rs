//! The progress bar, seen as a user sees it: on a terminal (a pseudo-terminal
//! here) the values asked for show their progress, values computed over
//! values asked, whatever the work budget (which a long request spends at
//! once). The bar's usual one-second delay is set to none
//! (`GRUNDY_PROGRESS_AFTER_MS=0`), so the first report draws it: what is
//! checked is what the bar says, never how long anything took.
#![cfg(unix)]

use std::fs::File;
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

/// Runs grundy with stderr on a fresh pseudo-terminal (120 columns); returns
/// whether it succeeded, its stdout and what it wrote to the terminal.
fn on_a_terminal(args: &[&str]) -> (bool, String, String) {
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize { ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0 };
    let made =
        unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
    assert_eq!(made, 0, "openpty: {}", std::io::Error::last_os_error());
    let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command.args(args).env("GRUNDY_PROGRESS_AFTER_MS", "0").stdin(Stdio::null()).stdout(Stdio::piped());
    let child = command.stderr(slave).spawn().expect("runs");
    // our copy of the terminal's end goes with the command: once the child
    // exits, reading the other end ends
    drop(command);
    let reader = std::thread::spawn(move || {
        let (mut master, mut seen) = (master, Vec::new());
        let mut buf = [0u8; 4096];
        // Linux reports the closed terminal as an error (EIO), others as the end
        while let Ok(n @ 1..) = master.read(&mut buf) {
            seen.extend_from_slice(&buf[..n]);
        }
        seen
    });
    let out = child.wait_with_output().unwrap();
    let terminal = reader.join().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&terminal).into_owned(),
    )
}

/// The percentages the bar showed with `stage`, in order.
fn shown(terminal: &str, stage: &str) -> Vec<u32> {
    terminal
        .split(stage)
        .skip(1)
        .filter_map(|frame| {
            let at = frame.find('%')?;
            let digits: String = frame[..at]
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            digits.parse().ok()
        })
        .collect()
}

#[test]
fn the_values_asked_for_show_their_progress() {
    // a work budget spent at once, as the default one is by a long request
    for args in [
        &["sequence", "--game", "0.6", "--len", "2^17", "--max-len", "2^17", "--max-work", "1", "--json"][..],
        &["heaps", "--game", "4!.0", "--n", "10^5", "--piles", "2", "--max-work", "1"],
    ] {
        let (ok, out, terminal) = on_a_terminal(args);
        assert!(ok && !out.is_empty(), "{args:?}: {terminal}");
        let percents = shown(&terminal, "computing nim-values");
        assert!(!percents.is_empty(), "{args:?}: no bar on the terminal: {terminal:?}");
        assert!(percents.iter().all(|&p| p < 100), "{args:?}: {percents:?}");
        assert!(percents.windows(2).all(|w| w[0] <= w[1]), "{args:?}: {percents:?}");
    }
}

#[test]
fn no_bar_when_stderr_is_not_a_terminal() {
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "sequence",
            "--game",
            "0.6",
            "--len",
            "2^16",
            "--max-len",
            "2^16",
            "--max-work",
            "1",
            "--json",
        ])
        .env("GRUNDY_PROGRESS_AFTER_MS", "0")
        .output()
        .unwrap();
    assert!(o.status.success() && o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
}
