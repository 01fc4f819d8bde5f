//! `grundy coprime-nim`: subtract a number coprime to the pile.

use crate::output::{params, run_count};
use crate::{CliResult, CountOptions};
use clap::{Args, ValueEnum};
use grundy::{CoprimeMethod, CoprimeNim, Outcome};
use serde_json::json;

/// The positions counted unless `--count` says otherwise.
pub const COUNT: Outcome = Outcome::Losing;

#[derive(Args, Debug)]
pub struct CoprimeArgs {
    /// One more than the largest pile: piles run over 1..=N-1.
    #[arg(long, value_parser = crate::number)]
    n: u64,
    /// Number of piles.
    #[arg(long, value_parser = crate::number)]
    piles: u64,
    /// How to count the pile sizes by smallest prime factor (auto picks the cheaper).
    #[arg(long, value_enum, default_value = "auto")]
    method: MethodArg,
    #[command(flatten)]
    opts: CountOptions,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MethodArg {
    Auto,
    Sieve,
    Sublinear,
}

pub fn run(a: &CoprimeArgs) -> CliResult {
    let method = match a.method {
        MethodArg::Auto => CoprimeMethod::Auto,
        MethodArg::Sieve => CoprimeMethod::Sieve,
        MethodArg::Sublinear => CoprimeMethod::Sublinear,
    };
    let game = CoprimeNim::new(a.n, a.piles)?
        .with_method(method)
        .with_order(a.opts.order())
        .with_misere_limits(a.opts.misere())
        .with_play(a.opts.play());
    let used = match game.component().method() {
        CoprimeMethod::Sieve => "sieve",
        _ => "sublinear",
    };
    let parameters = params(&[("n", json!(a.n)), ("piles", json!(a.piles)), ("method", json!(used))]);
    run_count("coprime-nim", parameters, &a.opts, COUNT, "piles", &game)
}
