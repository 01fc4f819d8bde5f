//! `grundy prime-pi`: π(N) by the prime-counting DP that Coprime Nim uses, the
//! yardstick for what the sublinear path costs.

use crate::CliResult;
use crate::output::{emit, timed};
use crate::progress::Progress;
use clap::Args;
use grundy::error::check_memory;
use grundy::number::lucy::lucy_sieve;
use grundy::parse::parse_u64;
use serde_json::json;

#[derive(Args, Debug)]
pub struct PrimePiArgs {
    /// Count the primes up to N.
    #[arg(long, value_parser = parse_u64)]
    n: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(a: &PrimePiArgs) -> CliResult {
    check_memory(16.0 * (a.n as f64).sqrt(), "prime counting for this --n", "choose a smaller --n")?;
    let mut bar = Progress::new("counting primes");
    let (pi, seconds) = timed(|| lucy_sieve(a.n, |_, _| {}, &mut |d, t| bar.report(d, t)));
    if a.json {
        // "value" as every command has it; "pi" kept for scripts that use it.
        emit(json!({"n": a.n, "value": pi.to_string(), "pi": pi.to_string(), "seconds": seconds}));
    } else {
        emit(pi);
    }
    Ok(())
}
