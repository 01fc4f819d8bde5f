//! Grundy values from elsewhere: read one value per line from stdin (or, with
//! no input, use a built-in list), and count the losing positions of 10
//! components.
//!
//! Run with `seq 0 9 | cargo run --release -p grundy --example own_values`.

use grundy::{Counter, Outcome, Sum, Values};
use std::io::{BufRead, IsTerminal};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stdin = std::io::stdin();
    let mut values: Vec<u64> = Vec::new();
    if !stdin.is_terminal() {
        for line in stdin.lock().lines() {
            let line = line?;
            if !line.trim().is_empty() {
                values.push(line.trim().parse()?);
            }
        }
    }
    if values.is_empty() {
        values = vec![0, 1, 1, 2, 3, 0, 2];
    }
    let sum = Sum::of(Values::new(values)?, 10);
    println!("{}", sum.count_exact(Outcome::Losing)?);
    Ok(())
}
