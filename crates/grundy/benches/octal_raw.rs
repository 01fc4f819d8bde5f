//! Raw nim-value computation of octal games (no period shortcut), one line
//! per game: seconds, the value of the last heap and the share of losing
//! heaps, the two figures `ogsolve` prints, so that `scripts/bench-octal.sh`
//! can set the two programs side by side on identical values.
//!
//! `cargo bench --bench octal_raw -- N CODE...` (default: 10^6 values of the
//! seven games of issue 11). One thread, as `ogsolve`'s solvers.

use grundy::OctalCode;
use grundy::heap::RareValues;
use std::time::Instant;

fn main() {
    // cargo bench passes `--bench` along; keep only what follows.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let (len, codes) = match args.split_first() {
        Some((n, codes)) if !codes.is_empty() => (n.parse::<usize>().expect("N"), codes.to_vec()),
        _ => {
            (1_000_000, ["0.77", "0.07", "0.137", "0.16", "0.106", "0.6", "0.14"].map(String::from).to_vec())
        }
    };
    rayon::ThreadPoolBuilder::new().num_threads(1).build_global().expect("one thread");
    println!("{:<8} {:>9} {:>10} {:>7} {:>9}", "code", "heaps", "seconds", "g(N)", "losing %");
    for code in codes {
        let c = OctalCode::parse(&code).expect("an octal code");
        let start = Instant::now();
        let mut r = RareValues::new(&c);
        r.extend_to(len + 1);
        let secs = start.elapsed().as_secs_f64();
        let g = r.values();
        let losing = g[1..].iter().filter(|&&v| v == 0).count() as f64 * 100.0 / len as f64;
        println!("{code:<8} {len:>9} {secs:>10.4} {:>7} {losing:>9.2}", g[len]);
    }
}
