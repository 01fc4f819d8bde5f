//! Three Kayles heaps of any size up to 10^18: losing positions modulo 10^9 + 7.
//!
//! Run with `cargo run --release -p grundy --example kayles`.

use grundy::{Counter, HeapGame, Heaps, Modulus, Outcome};

fn main() -> Result<(), grundy::Error> {
    let kayles = HeapGame::octal("0.77")?;
    let heaps = Heaps::new(kayles, 1_000_000_000_000_000_000, 3)?;
    let losing = heaps.count_mod(Modulus::new(1_000_000_007)?, Outcome::Losing)?;
    println!("{losing}");
    Ok(())
}
