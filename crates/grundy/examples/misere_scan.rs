//! Scans misère quotients: `misere_scan CODE... [--len N]`, printing |Q_n| as heaps are adjoined.
use grundy::HeapGame;
use grundy::heap::misere::{MisereLimits, MisereQuotient};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let len: usize = args.iter().position(|a| a == "--len").map_or(14, |i| args[i + 1].parse().unwrap());
    for code in args.iter().filter(|a| a.contains('.')) {
        let game = HeapGame::parse(None, Some(code)).unwrap();
        let t = Instant::now();
        let q = MisereQuotient::certify(&game, MisereLimits::default().with_max_len(len));
        match q {
            Ok(q) => println!(
                "{code}: |Q| = {} |P| = {} period {:?} bound {} phi {:?} ({:.2?})",
                q.monoid().order(),
                q.monoid().p_portion().len(),
                q.period(),
                q.bound(),
                q.phi_values(),
                t.elapsed()
            ),
            Err(e) => {
                let q = MisereQuotient::of_heaps(&game, len, MisereLimits::default());
                println!("{code}: {e} | at {len}: {:?} ({:.2?})", q.map(|q| q.monoid().order()), t.elapsed())
            }
        }
    }
}
