//! `grundy seeds`: every seed's published checkpoints and full-size target.
//!
//! Checkpoints are compared with the values the seeds publish; a mismatch makes
//! the command exit with status 1 after printing every line.

use super::CliResult;
use super::output::timed;
use clap::Args;
use grundy::count::Outcome;
use grundy::error::Error;
use grundy::games::board::Board;
use grundy::games::coprime_nim::CoprimeNim;
use grundy::games::divisor_nim::DivisorNim;
use grundy::games::silver_dollar::SilverDollar;
use grundy::heap::SubtractionSet;
use grundy::ring::Arithmetic::{self, Exact, Modulo};
use num_bigint::BigUint;
use serde_json::json;

#[derive(Args, Debug)]
pub struct SeedsArgs {
    /// Print one JSON object per line instead of a table.
    #[arg(long)]
    json: bool,
}

/// One line of the seeds table.
struct Entry {
    game: &'static str,
    params: String,
    modulus: Option<&'static str>,
    published: Option<&'static str>,
    solve: Box<dyn Fn() -> Result<BigUint, Error>>,
}

fn board(n: u64, tokens: u64, arith: Arithmetic) -> Result<BigUint, Error> {
    let moves = SubtractionSet::new(vec![2, 3, 5, 7])?;
    Board::new(n, tokens, 2, moves)?.solve(arith, Outcome::Winning)
}

fn entries() -> Vec<Entry> {
    let mut v = Vec::new();
    let mut add =
        |game, params: String, modulus, published, solve: Box<dyn Fn() -> Result<BigUint, Error>>| {
            v.push(Entry { game, params, modulus, published, solve })
        };
    for (n, c, want) in [(3, 1, "4"), (3, 2, "40"), (9, 3, "450304")] {
        add("board", format!("n={n} tokens={c}"), None, Some(want), Box::new(move || board(n, c, Exact)));
    }
    add(
        "board",
        "n=10000019 tokens=100".into(),
        Some("10^9"),
        None,
        Box::new(|| board(10_000_019, 100, Modulo(1_000_000_000))),
    );
    for (n, want) in [(10, "692"), (100, "735494")] {
        add(
            "divisor-nim",
            format!("n={n} piles=3"),
            None,
            Some(want),
            Box::new(move || DivisorNim::new(n, 3)?.solve(Exact, Outcome::Winning)),
        );
    }
    add(
        "divisor-nim",
        "n=123456787654321 piles=3".into(),
        Some("1234567890"),
        None,
        Box::new(|| DivisorNim::new(123_456_787_654_321, 3)?.solve(Modulo(1_234_567_890), Outcome::Winning)),
    );
    let coprime = |n: u64, k: u64, arith: Arithmetic| CoprimeNim::new(n, k)?.solve(arith, Outcome::Losing);
    for (n, k, want) in [(5, 2, "6"), (10, 5, "9964"), (10, 10, "472400303")] {
        add(
            "coprime-nim",
            format!("n={n} piles={k}"),
            None,
            Some(want),
            Box::new(move || coprime(n, k, Exact)),
        );
    }
    add(
        "coprime-nim",
        "n=1000 piles=1000".into(),
        Some("10^9+7"),
        Some("954021836"),
        Box::new(move || coprime(1000, 1000, Modulo(1_000_000_007))),
    );
    add(
        "coprime-nim",
        "n=10^7 piles=10^7".into(),
        Some("10^9+7"),
        None,
        Box::new(move || coprime(10_000_000, 10_000_000, Modulo(1_000_000_007))),
    );
    let silver = |n: u64, c: u64, arith: Arithmetic| SilverDollar::new(n, c)?.solve(arith, Outcome::Winning);
    for (n, c, want) in [(10, 2, "324"), (100, 10, "1514704946113500")] {
        add(
            "silver-dollar",
            format!("n={n} coins={c}"),
            None,
            Some(want),
            Box::new(move || silver(n, c, Exact)),
        );
    }
    add(
        "silver-dollar",
        "n=10^6 coins=100".into(),
        Some("1000036000099"),
        None,
        Box::new(move || silver(1_000_000, 100, Modulo(1_000_036_000_099))),
    );
    v
}

pub fn run(a: &SeedsArgs) -> CliResult {
    let mut failures = 0;
    let (_, total) = timed(|| {
        for e in entries() {
            let (value, secs) = timed(|| (e.solve)());
            let value = value?.to_string();
            let status = match e.published {
                Some(p) if p == value => "ok",
                Some(_) => {
                    failures += 1;
                    "MISMATCH"
                }
                None => "target",
            };
            let modulus = e.modulus.map_or(String::new(), |m| format!(" mod {m}"));
            if a.json {
                println!(
                    "{}",
                    json!({"game": e.game, "parameters": e.params, "modulus": e.modulus, "value": value, "published": e.published, "status": status, "seconds": secs})
                );
            } else {
                println!(
                    "{:<14} {:<40} {:>20}  {:<8} {:>8.4}s",
                    e.game,
                    format!("{}{}", e.params, modulus),
                    value,
                    status,
                    secs
                );
            }
        }
        Ok::<(), Error>(())
    });
    if !a.json {
        println!("total {total:.3}s");
    }
    if failures > 0 {
        eprintln!("error: {failures} checkpoint(s) differ from the published values");
        std::process::exit(1);
    }
    Ok(())
}
