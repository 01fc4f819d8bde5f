//! `grundy board`: tokens on an n^dims board.

use crate::output::{params, run_count};
use crate::{CliResult, CountOptions};
use clap::Args;
use grundy::{Board, BoardRules, BoardToken, Outcome, SubtractionSet};

use serde_json::json;

/// The positions counted unless `--count` says otherwise.
pub const COUNT: Outcome = Outcome::Winning;

#[derive(Args, Debug)]
pub struct BoardArgs {
    /// Side length: coordinates run over 0..N-1 (0 is the empty board: one placement of no token, none of any token).
    #[arg(long, value_parser = crate::number)]
    n: u64,
    /// Number of tokens (cells may be shared; told apart unless --order says otherwise).
    #[arg(long, value_parser = crate::number)]
    tokens: u64,
    #[arg(long, default_value = "2,3,5,7", help = crate::MOVES_HELP)]
    moves: String,
    /// Coordinates per token.
    #[arg(long, default_value = "2", value_parser = crate::number)]
    dims: u64,
    /// How many nim-values of one coordinate may be computed while looking for a certified period.
    #[arg(long, value_parser = crate::number, default_value_t = BoardToken::DEFAULT_MAX_LEN as u64)]
    max_len: u64,
    #[command(flatten)]
    opts: CountOptions,
}

pub fn run(a: &BoardArgs) -> CliResult {
    let moves = SubtractionSet::parse(&a.moves)?;
    let max_len = usize::try_from(a.max_len).unwrap_or(usize::MAX);
    let board = Board::new(BoardRules { n: a.n, dims: a.dims, moves: moves.clone() }, a.tokens)?
        .with_max_len(max_len)
        .with_order(a.opts.order())
        .with_misere_limits(a.opts.misere())
        .with_play(a.opts.play());
    // an invalid --max-len is refused before the count, even by a count that
    // would not search for a period (no token, misère play)
    board.component().limits()?;
    let parameters = params(&[
        ("n", json!(a.n)),
        ("tokens", json!(a.tokens)),
        ("moves", moves.finite_moves().map_or_else(|| json!(moves.text()), |m| json!(m))),
        ("dims", json!(a.dims)),
    ]);
    run_count("board", parameters, &a.opts, COUNT, "tokens", &board)
}
