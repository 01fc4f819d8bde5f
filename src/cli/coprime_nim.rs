//! `grundy coprime-nim`: subtract a number coprime to the pile.

use super::output::{params, run_count};
use super::{CliResult, CountOptions, numbers::parse_u64};
use clap::Args;
use grundy::count::Outcome;
use grundy::games::coprime_nim::CoprimeNim;
use serde_json::json;

#[derive(Args, Debug)]
pub struct CoprimeArgs {
    /// One more than the largest pile: piles run over 1..=N-1.
    #[arg(long, value_parser = parse_u64)]
    n: u64,
    /// Number of piles.
    #[arg(long, value_parser = parse_u64)]
    piles: u64,
    #[command(flatten)]
    opts: CountOptions,
}

pub fn run(a: &CoprimeArgs) -> CliResult {
    let game = CoprimeNim::new(a.n, a.piles)?;
    run_count(
        "coprime-nim",
        params(&[("n", json!(a.n)), ("piles", json!(a.piles))]),
        &a.opts,
        Outcome::Losing,
        |ar, o| game.solve(ar, o),
    )
}
