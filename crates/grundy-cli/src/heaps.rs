//! `grundy heaps`: ordered K-tuples of heaps of a heap game.

use crate::output::{params, run_count};
use crate::progress::Progress;
use crate::{CliResult, CountOptions};
use clap::Args;
use grundy::count::Outcome;
use grundy::games::heaps::Heaps;
use grundy::heap::{DEFAULT_MAX_WORK, HeapGame, Limits};
use grundy::parse::parse_u64;
use serde_json::json;

#[derive(Args, Debug)]
pub struct HeapsArgs {
    /// A subtraction set, comma separated (e.g. 1,3,4).
    #[arg(long)]
    moves: Option<String>,
    /// An octal code (e.g. 0.77 for Kayles).
    #[arg(long)]
    game: Option<String>,
    /// Largest heap: heap sizes run over 1..=N.
    #[arg(long, value_parser = parse_u64)]
    n: u64,
    /// Number of heaps.
    #[arg(long, value_parser = parse_u64)]
    piles: u64,
    /// How many nim-values may be computed while looking for a certified period.
    #[arg(long, default_value = "1048576", value_parser = parse_u64)]
    max_len: u64,
    /// Work budget of the period search, in mex steps (units of about a nanosecond).
    #[arg(long, value_parser = parse_u64, default_value_t = DEFAULT_MAX_WORK)]
    max_work: u64,
    #[command(flatten)]
    opts: CountOptions,
}

pub fn run(a: &HeapsArgs) -> CliResult {
    let game = HeapGame::from_options(a.moves.as_deref(), a.game.as_deref())?;
    let max_len = usize::try_from(a.max_len).unwrap_or(usize::MAX);
    let heaps = Heaps::new(game, a.n, a.piles, Limits { max_len, max_work: a.max_work })?;
    let parameters =
        params(&[("game", json!(heaps.game.describe())), ("n", json!(a.n)), ("piles", json!(a.piles))]);
    let mut bar = Progress::new("computing nim-values");
    run_count("heaps", parameters, &a.opts, Outcome::Losing, |ar, o| {
        heaps.solve_with(ar, o, &mut |done, total| bar.report(done, total))
    })
}
