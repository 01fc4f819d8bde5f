//! `grundy sequence`: nim-values of a heap game with its certified period.

use super::numbers::parse_u64;
use super::progress::Progress;
use super::{CliResult, plot};
use clap::Args;
use grundy::error::Error;
use grundy::games::heaps::MAX_COMPUTE;
use grundy::heap::HeapGame;
use serde_json::json;

#[derive(Args, Debug)]
pub struct SequenceArgs {
    /// A subtraction set, comma separated (e.g. 1,3,4).
    #[arg(long)]
    moves: Option<String>,
    /// An octal code (e.g. 0.77 for Kayles, 4.07).
    #[arg(long)]
    game: Option<String>,
    /// How many nim-values to print (heap sizes 0..L-1).
    #[arg(long, default_value = "100", value_parser = parse_u64)]
    len: u64,
    /// How many values may be computed while looking for a certified period.
    #[arg(long, default_value = "1048576", value_parser = parse_u64)]
    max_len: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Draw the sequence as an SVG chart into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<String>,
}

pub fn run(a: &SequenceArgs) -> CliResult {
    let game = HeapGame::from_options(a.moves.as_deref(), a.game.as_deref())?;
    if a.len > MAX_COMPUTE || a.max_len > MAX_COMPUTE {
        return Err(Error::input(format!("--len and --max-len are limited to {MAX_COMPUTE}")));
    }
    if a.max_len == 0 {
        return Err(Error::input("--max-len must be at least 1"));
    }
    let mut bar = Progress::new("computing nim-values");
    let analysis = game.analyze_with(a.len as usize, a.max_len as usize, &mut |d, t| bar.report(d, t));
    let shown = &analysis.values[..(a.len as usize).min(analysis.values.len())];
    if let Some(path) = &a.plot {
        plot::draw(path, &game.describe(), shown, analysis.periodic.as_ref())?;
    }
    let period = analysis.periodic.as_ref().map(|p| (p.preperiod, p.period));
    if a.json {
        println!(
            "{}",
            json!({
                "game": game.describe(),
                "values": shown,
                "preperiod": period.map(|p| p.0),
                "period": period.map(|p| p.1),
                "certified": period.is_some(),
                "computed": analysis.computed,
            })
        );
        return Ok(());
    }
    let list: Vec<String> = shown.iter().map(u32::to_string).collect();
    println!("values: {}", list.join(" "));
    match period {
        Some((e, p)) => {
            println!("preperiod: {e}");
            println!("period: {p}");
            println!("certified: yes, from {} computed values", analysis.computed);
        }
        None => {
            println!("preperiod: unknown");
            println!("period: unknown");
            println!(
                "certified: no, periodicity not proved within {} values (raise --max-len)",
                analysis.computed
            );
        }
    }
    if shown.len() < a.len as usize {
        println!(
            "note: only {} values shown: no period certified to extend them beyond --max-len",
            shown.len()
        );
    }
    Ok(())
}
