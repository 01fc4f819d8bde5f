//! Coprime Nim benchmarks: the sublinear path beside the sieve, and prime
//! counting by Gourdon's variant of the special-leaf sum (the fast path) beside
//! the Lagarias–Miller–Odlyzko/Deléglise–Rivat sum and Lucy_Hedgehog's DP (the
//! references) in the same run.
//!
//! Run with `cargo bench --bench coprime`.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::count::Histogram;
use grundy::primes::{PrimeMethod, prime_pi};
use grundy::{Budget, Context, CoprimeMethod, CoprimeNim, Counter, Modulus, Outcome};
use std::hint::black_box;
use std::time::Duration;

fn solve(n: u64, method: CoprimeMethod) -> String {
    let g = CoprimeNim::new(n, n).unwrap().with_method(method);
    g.count_mod(Modulus::new(1_000_000_007).unwrap(), Outcome::Losing).unwrap().to_string()
}

/// `π(n)` by `method`, within the default budget.
fn pi(n: u64, method: PrimeMethod) -> u64 {
    prime_pi(n, method, &mut Context::default()).unwrap()
}

fn coprime(c: &mut Criterion) {
    // the transform of a histogram as long as Coprime Nim's head at N = 10^15
    // (2^21 values): the blocked Walsh–Hadamard transform and its spectrum
    let mut g = c.benchmark_group("Walsh-Hadamard 2^21");
    g.sample_size(20);
    let h = Histogram::dense((0..1u128 << 21).map(|i| i % 1000).collect()).unwrap();
    let budget = Budget::default();
    g.bench_function("spectrum of a dense histogram", |b| b.iter(|| h.spectrum(0, &budget).unwrap()));
    g.finish();
    let mut g = c.benchmark_group("L(1e7,1e7) mod 1e9+7");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("sublinear (fast)", |b| {
        b.iter(|| solve(black_box(10_000_000), CoprimeMethod::Sublinear))
    });
    g.bench_function("sieve (reference)", |b| b.iter(|| solve(black_box(10_000_000), CoprimeMethod::Sieve)));
    g.finish();
    // 10^13: issue 11's target, L(N, N) at most 0.4 of Lucy's π(N) in the same run
    for n in [10_000_000_000u64, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000] {
        let mut g = c.benchmark_group(format!("N=K={n:e}"));
        g.sample_size(10).measurement_time(Duration::from_secs(if n > 1_000_000_000_000 { 50 } else { 10 }));
        g.bench_function("L(N,K) sublinear", |b| b.iter(|| solve(black_box(n), CoprimeMethod::Sublinear)));
        for (name, method) in [
            ("pi(N) Gourdon (fast)", PrimeMethod::Gourdon),
            ("pi(N) LMO special leaves (reference)", PrimeMethod::Lmo),
            ("pi(N) Lucy (reference)", PrimeMethod::Lucy),
        ] {
            g.bench_function(name, |b| b.iter(|| pi(black_box(n), method)));
        }
        g.finish();
    }
}

criterion_group!(benches, coprime);
criterion_main!(benches);
