//! A sum of different games: a Kayles heap up to 10^6, two Coprime Nim piles
//! below 10^7 and a token on a 1000×1000 board moving by 2, 3, 5 or 7 — every
//! position counted, winning ones modulo 2^64 − 1.
//!
//! Run with `cargo run --release -p grundy --example mixed_sum`.

use grundy::{
    BoardRules, BoardToken, CoprimePile, Counter, Heap, HeapGame, Modulus, Outcome, SubtractionSet, Sum,
};

fn main() -> Result<(), grundy::Error> {
    let sum = Sum::new()
        .with(Heap::new(HeapGame::octal("0.77")?, 1_000_000)?, 1)
        .with(CoprimePile::new(10_000_000)?, 2)
        .with(
            BoardToken::new(BoardRules { n: 1000, dims: 2, moves: SubtractionSet::new(vec![2, 3, 5, 7])? })?,
            1,
        );
    println!("{}", sum.count_mod(Modulus::new(u64::MAX)?, Outcome::Winning)?);
    Ok(())
}
