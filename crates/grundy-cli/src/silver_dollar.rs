//! `grundy silver-dollar`: coins and a silver dollar on a strip.

use crate::output::{params, run_count};
use crate::{CliResult, CountOptions};
use clap::Args;
use grundy::{Outcome, SilverDollar};

use serde_json::json;

/// The positions counted unless `--count` says otherwise.
pub const COUNT: Outcome = Outcome::Winning;

#[derive(Args, Debug)]
pub struct SilverArgs {
    /// Squares on the strip.
    #[arg(long, value_parser = crate::number)]
    n: u64,
    /// Worthless coins; the silver dollar is one more coin.
    #[arg(long, value_parser = crate::number)]
    coins: u64,
    #[command(flatten)]
    opts: CountOptions,
}

pub fn run(a: &SilverArgs) -> CliResult {
    a.opts.normal_only("the silver dollar game is one strip of coins, not a sum of components")?;
    let game = SilverDollar::new(a.n, a.coins)?.with_order(a.opts.order());
    run_count(
        "silver-dollar",
        params(&[("n", json!(a.n)), ("coins", json!(a.coins))]),
        &a.opts,
        COUNT,
        "coins",
        &game,
    )
}
