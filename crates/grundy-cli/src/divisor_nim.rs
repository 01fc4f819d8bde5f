//! `grundy divisor-nim`: subtract a proper divisor.

use crate::output::{params, run_count};
use crate::{CliResult, CountOptions};
use clap::Args;
use grundy::{DivisorNim, Outcome};

use serde_json::json;

/// The positions counted unless `--count` says otherwise.
pub const COUNT: Outcome = Outcome::Winning;

#[derive(Args, Debug)]
pub struct DivisorArgs {
    /// Largest pile size: piles run over 1..=N.
    #[arg(long, value_parser = crate::number)]
    n: u64,
    /// Number of piles.
    #[arg(long, default_value = "3", value_parser = crate::number)]
    piles: u64,
    #[command(flatten)]
    opts: CountOptions,
}

pub fn run(a: &DivisorArgs) -> CliResult {
    let game = DivisorNim::new(a.n, a.piles)?
        .with_misere_limits(a.opts.misere())
        .with_order(a.opts.order())
        .with_play(a.opts.play());
    run_count(
        "divisor-nim",
        params(&[("n", json!(a.n)), ("piles", json!(a.piles))]),
        &a.opts,
        COUNT,
        "piles",
        &game,
    )
}
