//! `grundy seeds`: every seed's published checkpoints and full-size target.
//!
//! Checkpoints are compared with the values the seeds publish; a mismatch, or a
//! computation that fails, makes the command exit with status 1 after printing
//! every line.

use crate::CliResult;
use crate::output::{emit, timed};
use clap::Args;
use grundy::Arithmetic::{self, Exact};
use grundy::{
    Board, BoardRules, CoprimeNim, Counter, DivisorNim, Error, Modulus, Outcome, SilverDollar, SubtractionSet,
};
use num_bigint::BigUint;
use serde_json::{Map, Value, json};

#[derive(Args, Debug)]
pub struct SeedsArgs {
    /// Print one JSON object per line instead of a table.
    #[arg(long)]
    json: bool,
}

/// One line of the seeds table.
struct Entry {
    game: &'static str,
    /// As shown in the table, e.g. `n=10^7 piles=10^7`.
    params: String,
    /// The same parameters as JSON numbers.
    values: Map<String, Value>,
    modulus: Option<&'static str>,
    published: Option<&'static str>,
    solve: Box<dyn Fn() -> Result<BigUint, Error>>,
}

fn board(n: u64, tokens: u64, arith: Arithmetic) -> Result<BigUint, Error> {
    let moves = SubtractionSet::new(vec![2, 3, 5, 7])?;
    Board::new(BoardRules { n, dims: 2, moves }, tokens)?.count(arith, Outcome::Winning)
}

/// Counting modulo `m`.
fn modulo(m: u64) -> Result<Arithmetic, Error> {
    Ok(Arithmetic::Modulo(Modulus::new(m)?))
}

fn entries() -> Vec<Entry> {
    let mut v = Vec::new();
    let mut add =
        |game, params: String, modulus, published, solve: Box<dyn Fn() -> Result<BigUint, Error>>| {
            let values = parameter_values(&params);
            v.push(Entry { game, params, values, modulus, published, solve })
        };
    for (n, c, want) in [(3, 1, "4"), (3, 2, "40"), (9, 3, "450304")] {
        add("board", format!("n={n} tokens={c}"), None, Some(want), Box::new(move || board(n, c, Exact)));
    }
    add(
        "board",
        "n=10000019 tokens=100".into(),
        Some("10^9"),
        None,
        Box::new(|| board(10_000_019, 100, modulo(1_000_000_000)?)),
    );
    for (n, want) in [(10, "692"), (100, "735494")] {
        add(
            "divisor-nim",
            format!("n={n} piles=3"),
            None,
            Some(want),
            Box::new(move || DivisorNim::new(n, 3)?.count(Exact, Outcome::Winning)),
        );
    }
    add(
        "divisor-nim",
        "n=123456787654321 piles=3".into(),
        Some("1234567890"),
        None,
        Box::new(|| DivisorNim::new(123_456_787_654_321, 3)?.count(modulo(1_234_567_890)?, Outcome::Winning)),
    );
    let coprime = |n: u64, k: u64, arith: Arithmetic| CoprimeNim::new(n, k)?.count(arith, Outcome::Losing);
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
        Box::new(move || coprime(1000, 1000, modulo(1_000_000_007)?)),
    );
    add(
        "coprime-nim",
        "n=10^7 piles=10^7".into(),
        Some("10^9+7"),
        None,
        Box::new(move || coprime(10_000_000, 10_000_000, modulo(1_000_000_007)?)),
    );
    let silver = |n: u64, c: u64, arith: Arithmetic| SilverDollar::new(n, c)?.count(arith, Outcome::Winning);
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
        Box::new(move || silver(1_000_000, 100, modulo(1_000_036_000_099)?)),
    );
    v
}

/// `n=10^7 piles=3` as the object `{"n": 10000000, "piles": 3}`.
fn parameter_values(params: &str) -> Map<String, Value> {
    params
        .split_whitespace()
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.to_string(), grundy::parse_u64(v).map_or_else(|_| json!(v), |x| json!(x))))
        .collect()
}

/// What the status column means, printed above the table.
const LEGEND: &str =
    "# status 'ok': equals the value the seed publishes; 'target': a full-size run with no published value";

pub fn run(a: &SeedsArgs) -> CliResult {
    if report(entries(), a.json) > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// Prints the table (or JSON lines) and returns how many lines failed: a
/// checkpoint that differs from its published value, or a computation that
/// returned an error.
fn report(entries: Vec<Entry>, json: bool) -> usize {
    let mut failures = 0;
    let mut errors = Vec::new();
    let a = SeedsArgs { json };
    if !a.json {
        emit(LEGEND);
        emit(format!(
            "{:<14} {:<40} {:>20}  {:<8} {:>9}",
            "game", "parameters", "value", "status", "seconds"
        ));
    }
    let ((), total) = timed(|| {
        for e in entries {
            let (value, secs) = timed(|| (e.solve)());
            let value = match value {
                Ok(v) => v.to_string(),
                Err(err) => {
                    errors.push(format!("{} {}: {}", e.game, e.params, crate::message(&err)));
                    "-".to_string()
                }
            };
            let status = match e.published {
                _ if value == "-" => "FAILED",
                Some(p) if p == value => "ok",
                Some(_) => {
                    failures += 1;
                    "MISMATCH"
                }
                None => "target",
            };
            let modulus = e.modulus.map_or(String::new(), |m| format!(" mod {m}"));
            if a.json {
                emit(json!({
                    "game": e.game,
                    "parameters": Value::Object(e.values.clone()),
                    "modulus": e.modulus,
                    "value": value,
                    "published": e.published,
                    "status": status,
                    "seconds": secs,
                }));
            } else {
                emit(format!(
                    "{:<14} {:<40} {:>20}  {:<8} {:>8.4}s",
                    e.game,
                    format!("{}{}", e.params, modulus),
                    value,
                    status,
                    secs
                ));
            }
        }
    });
    if !a.json {
        emit(format!("total {total:.3}s"));
    }
    for err in &errors {
        eprintln!("error: {err}");
    }
    if failures > 0 {
        eprintln!("error: {failures} checkpoint(s) differ from the published values");
    }
    failures + errors.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(published: Option<&'static str>, solve: Box<dyn Fn() -> Result<BigUint, Error>>) -> Entry {
        Entry {
            game: "test",
            params: "n=1".into(),
            values: parameter_values("n=1"),
            modulus: None,
            published,
            solve,
        }
    }

    #[test]
    fn a_failed_computation_counts_as_a_failure() {
        let failing = entry(Some("1"), Box::new(|| Err(Error::Interrupted)));
        assert_eq!(report(vec![failing], false), 1);
        let target = entry(None, Box::new(|| Err(Error::Interrupted)));
        assert_eq!(report(vec![target], true), 1);
    }

    #[test]
    fn mismatches_count_and_matches_do_not() {
        let good = entry(Some("4"), Box::new(|| Ok(BigUint::from(4u8))));
        let bad = entry(Some("5"), Box::new(|| Ok(BigUint::from(4u8))));
        assert_eq!(report(vec![good], false), 0);
        let bad_again = entry(Some("5"), Box::new(|| Ok(BigUint::from(4u8))));
        assert_eq!(report(vec![bad, bad_again], false), 2);
    }

    #[test]
    fn parameters_become_numbers() {
        let v = parameter_values("n=10^7 piles=3");
        assert_eq!(v["n"], 10_000_000);
        assert_eq!(v["piles"], 3);
    }
}
