//! `grundy prime-pi`: π(N) by the prime counting behind Coprime Nim (the
//! Lagarias–Miller–Odlyzko special-leaf sum, or Lucy_Hedgehog's DP as the
//! reference), the yardstick for what the sublinear path costs.

use crate::output::{emit, timed};
use crate::progress::Progress;
use crate::{CliResult, MACHINE_BUDGET};
use clap::{Args, ValueEnum};
use grundy::Error;
use grundy::number::lucy::{self, lucy_sieve};
use grundy::number::prime_buckets;
use serde_json::json;

#[derive(Args, Debug)]
pub struct PrimePiArgs {
    /// Count the primes up to N.
    #[arg(long, value_parser = crate::number)]
    n: u64,
    /// lmo: about N^(2/3) time (the default, N up to about 6e18); lucy: the N^(3/4) DP kept as the
    /// reference (N up to about 2e16). Larger N are refused by the time or memory estimate.
    #[arg(long, value_enum, default_value = "lmo")]
    method: PiMethod,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PiMethod {
    Lmo,
    Lucy,
}

pub fn run(a: &PrimePiArgs) -> CliResult {
    // The time and memory estimates, before any work (the checks coprime-nim makes).
    match a.method {
        PiMethod::Lmo => prime_buckets::check(a.n, 0.0, &MACHINE_BUDGET)?,
        PiMethod::Lucy => lucy::check(a.n, &MACHINE_BUDGET)?,
    }
    let mut bar = Progress::new();
    let mut progress = |d, t| bar.report("counting primes", d, t);
    let (pi, seconds) = match a.method {
        PiMethod::Lmo => timed(|| prime_buckets::prime_pi_with_progress(a.n, &mut progress)),
        PiMethod::Lucy => timed(|| lucy_sieve(a.n, |_, _| {}, &mut progress)),
    };
    let pi = pi.ok_or(Error::Interrupted)?;
    if a.json {
        // "value" as every command has it; "pi" kept for scripts that use it.
        emit(json!({"n": a.n, "value": pi.to_string(), "pi": pi.to_string(), "seconds": seconds}));
    } else {
        emit(pi);
    }
    Ok(())
}
