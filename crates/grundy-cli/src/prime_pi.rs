//! `grundy prime-pi`: π(N) by Gourdon's variant of the special-leaf sum (the
//! default), by the prime counting behind Coprime Nim (the
//! Lagarias–Miller–Odlyzko special-leaf sum), or by Lucy_Hedgehog's DP as the
//! reference: the yardstick for what the sublinear path costs.

use crate::CliResult;
use crate::output::{emit, timed, with_context};
use clap::{Args, ValueEnum};
use grundy::primes::{PrimeMethod, prime_pi};
use serde_json::json;

#[derive(Args, Debug)]
pub struct PrimePiArgs {
    /// Count the primes up to N.
    #[arg(long, value_parser = crate::number)]
    n: u64,
    /// gourdon: about N^(2/3)/log^2 N time (the default, N up to about 6e18); lmo: about N^(2/3),
    /// the prime counting of coprime-nim; lucy: the N^(3/4) DP kept as the reference (N up to about
    /// 2e16). Larger N are refused by the time or memory estimate.
    #[arg(long, value_enum, default_value = "gourdon")]
    method: PiMethod,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PiMethod {
    Gourdon,
    Lmo,
    Lucy,
}

pub fn run(a: &PrimePiArgs) -> CliResult {
    let method = match a.method {
        PiMethod::Gourdon => PrimeMethod::Gourdon,
        PiMethod::Lmo => PrimeMethod::Lmo,
        PiMethod::Lucy => PrimeMethod::Lucy,
    };
    // the time and memory estimates are checked before any work (the checks coprime-nim makes)
    let (pi, seconds) = timed(|| with_context(|ctx| prime_pi(a.n, method, ctx)));
    let pi = pi?;
    if a.json {
        // "value" as every command has it; "pi" kept for scripts that use it.
        emit(json!({"n": a.n, "value": pi.to_string(), "pi": pi.to_string(), "seconds": seconds}));
    } else {
        emit(pi);
    }
    Ok(())
}
