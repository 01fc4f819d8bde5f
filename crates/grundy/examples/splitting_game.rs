//! A splitting game of your own: take one token, or split a heap into two
//! unequal nonempty heaps. Three heaps of sizes up to 1000: losing positions.
//!
//! Run with `cargo run --release -p grundy --example splitting_game`.

use grundy::{Counter, HeapGame, HeapRules, Heaps, Outcome};

fn main() -> Result<(), grundy::Error> {
    let rules = HeapRules::new("take one or split unequally", |n| {
        let take = (n >= 1).then(|| vec![n - 1]);
        take.into_iter().chain((1..n.div_ceil(2)).map(|a| vec![a, n - a])).collect()
    });
    println!("values: {:?}", rules.values(16)?);
    let heaps = Heaps::new(HeapGame::Rules(rules), 1000, 3)?;
    println!("losing: {}", heaps.count_exact(Outcome::Losing)?);
    Ok(())
}
