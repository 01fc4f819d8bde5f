//! Every stage checks for an interrupt: the observer is called often enough
//! that Ctrl-C stops a long count within a fraction of a second.
//!
//! Measured in CPU time, not wall-clock time: between two calls of the
//! observer (and from the start to the first, from the last to the end) the
//! process may spend at most [`MAX_GAP`] CPU seconds, on all its threads
//! together. CPU time does not grow when the machine is loaded (a loaded
//! machine only stretches the wall clock), so the bound holds at any load.
//! The test is alone in its file: the process's CPU time is its alone.
#![cfg(target_os = "linux")]

use grundy::heap::Limits;
use grundy::{
    Arithmetic, Budget, Context, CoprimeNim, Counter, HeapGame, Heaps, Modulus, Outcome, SilverDollar,
};

/// The most CPU seconds between two reports (the uninterruptible stages
/// found were 2 to 4 CPU seconds on these requests).
const MAX_GAP: f64 = 1.0;

/// The CPU time of this process (every thread), in seconds, from
/// `/proc/self/stat` (user and system time, in clock ticks of 10 ms).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    // the fields after the command name (which is in parentheses)
    let fields: Vec<&str> = stat.rsplit_once(')').unwrap().1.split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

/// The longest stretch of CPU time without a report while `counter` counts,
/// with the stages around it.
fn longest_gap(counter: &impl Counter, arith: Arithmetic) -> (f64, String) {
    let mut last = (cpu_seconds(), "the start".to_string());
    let mut worst = (0.0, String::new());
    let mut observer = |stage: &str, done: u64, total: u64| {
        let now = cpu_seconds();
        if now - last.0 > worst.0 {
            worst = (now - last.0, format!("{} -> {stage} {done}/{total}", last.1));
        }
        last = (now, format!("{stage} {done}/{total}"));
        true
    };
    {
        let mut ctx = Context::new(Budget::default()).with_observer(&mut observer);
        counter.count_with(arith, Outcome::Losing, &mut ctx).unwrap();
    }
    let end = cpu_seconds();
    if end - last.0 > worst.0 {
        worst = (end - last.0, format!("{} -> the end", last.1));
    }
    worst
}

#[test]
fn long_counts_report_at_least_every_cpu_second() {
    let m = Arithmetic::Modulo(Modulus::new(1_000_000_007).unwrap());
    let check = |what: &str, (seconds, between): (f64, String)| {
        eprintln!("{what}: at most {seconds:.2} CPU seconds between reports ({between})");
        assert!(seconds <= MAX_GAP, "{what}: {seconds:.2} CPU seconds without a report, {between}");
    };
    // prime counting (the first pass of A was one stage) and the run's transform
    check("coprime-nim 10^16", longest_gap(&CoprimeNim::new(10u64.pow(16), 2).unwrap(), m));
    // the carry DP reported nothing at all
    check(
        "silver-dollar 10^18, 10^5 coins",
        longest_gap(&SilverDollar::new(10u64.pow(18), 100_000).unwrap(), m),
    );
    // three-heap splits of 100 digits: a report came every 1024 heaps only
    let game = HeapGame::octal(&format!("0.{}", "F".repeat(100))).unwrap();
    let heaps = Heaps::new(game, 1500, 2).unwrap().with_limits(Limits::new(1 << 20, 1 << 40).unwrap());
    check("heaps of a code of 100 F digits to 1500", longest_gap(&heaps, m));
}
