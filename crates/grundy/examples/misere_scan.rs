//! Scans misère quotients: `misere_scan CODE... [--len N] [--work W]`, printing the quotient
//! reached (|Q|, |P|, period, bound, Φ), why it stopped, the steps of `misere_work` spent and the time.
use grundy::HeapGame;
use grundy::misere::{MisereLimits, MisereQuotient};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str, default: u64| {
        args.iter().position(|a| a == name).map_or(default, |i| args[i + 1].parse().unwrap())
    };
    let len = flag("--len", 14) as usize;
    let work = flag("--work", MisereLimits::default().max_work());
    for code in args.iter().filter(|a| a.contains('.')) {
        let game = HeapGame::parse(None, Some(code)).unwrap();
        let t = Instant::now();
        let limits = MisereLimits::default().with_max_len(len).with_max_work(work);
        match MisereQuotient::explore(&game, limits, &mut Default::default()) {
            Ok(q) => println!(
                "{code}: |Q| = {} |P| = {} period {:?} bound {} phi {:?} stopped {:?} steps {} ({:.2?})",
                q.monoid().order(),
                q.monoid().p_portion().len(),
                q.period(),
                q.bound(),
                q.phi_values(),
                q.stopped(),
                q.spent(),
                t.elapsed()
            ),
            Err(e) => println!("{code}: {e} ({:.2?})", t.elapsed()),
        }
    }
}
