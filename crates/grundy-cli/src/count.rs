//! `grundy count`: sums of components given by your own Grundy values.
//!
//! The file (or `-` for stdin) holds one Grundy value per line, or with
//! `--histogram` a line `value count` per value. Blank lines and `#` comments
//! are ignored; anything else is refused with the line named.

use crate::output::{params, run_count};
use crate::{CliError, CliResult, CountOptions};
use clap::Args;
use grundy::{Outcome, Sum, Values};
use serde_json::json;
use std::io::Read;

/// The positions counted unless `--count` says otherwise.
pub const COUNT: Outcome = Outcome::Losing;

#[derive(Args, Debug)]
pub struct CountArgs {
    /// The file of Grundy values, one per line (- reads stdin).
    #[arg(long, value_name = "FILE")]
    values: String,
    /// Number of components in a position.
    #[arg(long, value_parser = crate::number)]
    piles: u64,
    /// Each line is `value count`: that many positions have that value.
    #[arg(long)]
    histogram: bool,
    #[command(flatten)]
    opts: CountOptions,
}

/// Reads the values file into `(value, count)` pairs.
fn read_pairs(text: &str, histogram: bool) -> Result<Vec<(u64, u128)>, String> {
    let mut pairs = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: String| format!("--values line {}: '{}': {why}", i + 1, raw.trim());
        let fields: Vec<&str> = line.split_whitespace().collect();
        let value = |s: &str| crate::number(s).map_err(|e| bad(format!("not a value: {e}")));
        match (histogram, fields.as_slice()) {
            (false, [v]) => pairs.push((value(v)?, 1)),
            (true, [v, c]) => {
                let count =
                    c.parse::<u128>().map_err(|_| bad("not a count (a nonnegative integer)".into()))?;
                pairs.push((value(v)?, count));
            }
            (false, _) => {
                return Err(bad("expected one Grundy value (with --histogram: value count)".into()));
            }
            (true, _) => return Err(bad("expected 'value count'".into())),
        }
    }
    Ok(pairs)
}

pub fn run(a: &CountArgs) -> CliResult {
    a.opts.normal_only("Grundy values alone do not determine misère outcomes")?;
    let mut text = String::new();
    let read = if a.values == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(&a.values).map(|t| text = t)
    };
    read.map_err(|e| CliError::Message(format!("--values {}: {e}", a.values)))?;
    let pairs = read_pairs(&text, a.histogram).map_err(CliError::Message)?;
    let values = Values::from_histogram(pairs)?;
    let parameters =
        params(&[("values", json!(a.values)), ("piles", json!(a.piles)), ("histogram", json!(a.histogram))]);
    let sum = Sum::of(values, a.piles).with_order(a.opts.order());
    run_count("count", parameters, &a.opts, COUNT, "piles", &sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_comments_and_errors() {
        assert_eq!(read_pairs("1\n\n# c\n2 # two\n1\n", false).unwrap(), vec![(1, 1), (2, 1), (1, 1)]);
        assert_eq!(read_pairs("0 5\n3 2\n", true).unwrap(), vec![(0, 5), (3, 2)]);
        let e = read_pairs("1\n2\nx\n", false).unwrap_err();
        assert!(e.contains("line 3") && e.contains("'x'"), "{e}");
        assert!(read_pairs("1 2\n", false).unwrap_err().contains("line 1"));
        assert!(read_pairs("1\n", true).unwrap_err().contains("line 1"));
        assert!(read_pairs("1 -2\n", true).unwrap_err().contains("not a count"));
    }
}
