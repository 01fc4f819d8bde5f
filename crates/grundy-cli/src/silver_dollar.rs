//! `grundy silver-dollar`: coins and a silver dollar on a strip.

use crate::output::{params, run_count};
use crate::{CliResult, CountOptions};
use clap::Args;
use grundy::count::Outcome;
use grundy::games::silver_dollar::SilverDollar;
use grundy::parse::parse_u64;
use serde_json::json;

#[derive(Args, Debug)]
pub struct SilverArgs {
    /// Squares on the strip.
    #[arg(long, value_parser = parse_u64)]
    n: u64,
    /// Worthless coins; the silver dollar is one more coin.
    #[arg(long, value_parser = parse_u64)]
    coins: u64,
    #[command(flatten)]
    opts: CountOptions,
}

pub fn run(a: &SilverArgs) -> CliResult {
    let game = SilverDollar::new(a.n, a.coins)?;
    run_count(
        "silver-dollar",
        params(&[("n", json!(a.n)), ("coins", json!(a.coins))]),
        &a.opts,
        Outcome::Winning,
        |ar, o| game.solve(ar, o),
    )
}
