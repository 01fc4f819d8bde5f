//! `grundy prime-pi`: π(N) by the prime-counting DP that Coprime Nim uses, the
//! yardstick for what the sublinear path costs.

use crate::output::{emit, timed};
use crate::progress::Progress;
use crate::{CliResult, MACHINE_BUDGET};
use clap::Args;
use grundy::Error;
use grundy::number::lucy::lucy_sieve;
use serde_json::json;

#[derive(Args, Debug)]
pub struct PrimePiArgs {
    /// Count the primes up to N.
    #[arg(long, value_parser = crate::number)]
    n: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(a: &PrimePiArgs) -> CliResult {
    MACHINE_BUDGET.check_memory(16.0 * (a.n as f64).sqrt(), "prime counting for this `n`", "n")?;
    let mut bar = Progress::new();
    let (pi, seconds) = timed(|| lucy_sieve(a.n, |_, _| {}, &mut |d, t| bar.report("counting primes", d, t)));
    let pi = pi.ok_or(Error::Interrupted)?;
    if a.json {
        // "value" as every command has it; "pi" kept for scripts that use it.
        emit(json!({"n": a.n, "value": pi.to_string(), "pi": pi.to_string(), "seconds": seconds}));
    } else {
        emit(pi);
    }
    Ok(())
}
