//! Raw nim-value computation of octal games (no period shortcut), one line
//! per game: seconds, the value of the last heap and the share of losing
//! heaps (heap 0 included), the two figures `ogsolve` prints, so that `scripts/bench-octal.sh`
//! can set the two programs side by side on identical values.
//!
//! `cargo bench --bench octal_raw -- [--threads T] N CODE...` (default: 10^6
//! values of the seven games of issue 11, one thread, as `ogsolve`'s
//! solvers; `--threads 2` computes two heaps at once where that pays).

use grundy::heap::OctalCode;
use grundy::heap::RareValues;
use std::time::Instant;

fn main() {
    // cargo bench passes `--bench` along; keep `--threads T` and the rest.
    let mut threads = 1;
    let mut args = Vec::new();
    let mut all = std::env::args().skip(1);
    while let Some(a) = all.next() {
        if a == "--threads" {
            threads = all.next().and_then(|t| t.parse().ok()).expect("--threads T");
        } else if let Some(t) = a.strip_prefix("--threads=") {
            threads = t.parse().expect("--threads=T");
        } else if !a.starts_with("--") {
            args.push(a);
        }
    }
    let (len, codes) = match args.split_first() {
        Some((n, codes)) if !codes.is_empty() => (n.parse::<usize>().expect("N"), codes.to_vec()),
        _ => {
            (1_000_000, ["0.77", "0.07", "0.137", "0.16", "0.106", "0.6", "0.14"].map(String::from).to_vec())
        }
    };
    println!("{:<8} {:>9} {:>10} {:>7} {:>9}", "code", "heaps", "seconds", "g(N)", "losing %");
    for code in codes {
        let c = OctalCode::parse(&code).expect("an octal code");
        let start = Instant::now();
        let mut r = RareValues::new(&c).with_threads(threads);
        r.reserve_total(len + 1);
        r.extend_to(len + 1);
        let secs = start.elapsed().as_secs_f64();
        let g = r.values();
        // as ogsolve counts them: the heaps 0..=N with value 0, over N + 1
        let losing = g.iter().take(len + 1).filter(|&v| v == 0).count() as f64 * 100.0 / (len + 1) as f64;
        println!("{code:<8} {len:>9} {secs:>10.4} {:>7} {losing:>9.2}", g.get(len).unwrap_or(0));
    }
}
