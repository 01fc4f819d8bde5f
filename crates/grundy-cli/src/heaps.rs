//! `grundy heaps`: ordered K-tuples of heaps of a heap game.

use crate::output::{params, run_count};
use crate::{CliResult, CountOptions};
use clap::Args;
use grundy::heap::Limits;
use grundy::misere::MisereLimits;
use grundy::{HeapGame, Heaps, Outcome};
use serde_json::json;

/// The positions counted unless `--count` says otherwise.
pub const COUNT: Outcome = Outcome::Losing;

#[derive(Args, Debug)]
pub struct HeapsArgs {
    #[arg(long, help = crate::MOVES_HELP)]
    moves: Option<String>,
    #[arg(long, help = crate::GAME_HELP)]
    game: Option<String>,
    /// Largest heap: heap sizes run over MIN..=N (0 only with --min 0; games without a periodicity theorem, such as --moves squares, are computed directly up to max(--max-len, 10^7)).
    #[arg(long, value_parser = crate::number)]
    n: u64,
    /// Number of heaps.
    #[arg(long, value_parser = crate::number)]
    piles: u64,
    /// Smallest heap: heap sizes run over MIN..=N (0 includes the empty heap).
    #[arg(long, default_value = "1", value_parser = crate::number)]
    min: u64,
    /// How many nim-values may be computed while looking for a certified period.
    #[arg(long, default_value = "1048576", value_parser = crate::number)]
    max_len: u64,
    /// Work budget of the period search, in mex steps (units of about a nanosecond).
    #[arg(long, value_parser = crate::number, default_value_t = Limits::DEFAULT_MAX_WORK)]
    max_work: u64,
    /// With --play misere: the largest heap adjoined to the misère quotient while looking for its certificate.
    #[arg(long, value_parser = crate::number, default_value_t = MisereLimits::DEFAULT_MAX_LEN as u64)]
    misere_len: u64,
    /// Threads of the nim-value computation (default: all cores); the answer is the same for any number.
    #[arg(long, value_parser = crate::threads)]
    threads: Option<usize>,
    #[command(flatten)]
    opts: CountOptions,
}

pub fn run(a: &HeapsArgs) -> CliResult {
    let game = HeapGame::parse(a.moves.as_deref(), a.game.as_deref())?;
    let limits = crate::with_threads(
        Limits::new(usize::try_from(a.max_len).unwrap_or(usize::MAX), a.max_work)?,
        a.threads,
    );
    let misere = a.opts.misere().with_max_len(usize::try_from(a.misere_len).unwrap_or(usize::MAX));
    let heaps = Heaps::with_range(game, a.min, a.n, a.piles)?
        .with_limits(limits)
        .with_misere_limits(misere)
        .with_order(a.opts.order())
        .with_play(a.opts.play());
    let parameters = params(&[
        ("game", json!(heaps.component().game().describe())),
        ("n", json!(a.n)),
        ("piles", json!(a.piles)),
        ("min", json!(a.min)),
    ]);
    run_count("heaps", parameters, &a.opts, COUNT, "piles", &heaps)
}
