//! Coprime Nim benchmarks: the sublinear path beside the sieve, and prime
//! counting by Gourdon's variant of the special-leaf sum (the fast path) beside
//! the Lagarias–Miller–Odlyzko/Deléglise–Rivat sum and Lucy_Hedgehog's DP (the
//! references) in the same run.
//!
//! Run with `cargo bench --bench coprime`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use grundy::number::{gourdon, lucy, prime_buckets};
use grundy::xor;
use grundy::{CoprimeNim, Counter, Method, Modulus, Outcome};
use std::hint::black_box;
use std::time::Duration;

fn solve(n: u64, method: Method) -> String {
    let g = CoprimeNim::new(n, n).unwrap().with_method(method);
    g.count_mod(Modulus::new(1_000_000_007).unwrap(), Outcome::Losing).unwrap().to_string()
}

fn coprime(c: &mut Criterion) {
    // the transform of Coprime Nim's head at N = 10^15 (2^21 values)
    let mut g = c.benchmark_group("Walsh-Hadamard 2^21");
    g.sample_size(20);
    let v: Vec<i128> = (0..1i128 << 21).map(|i| i % 1000).collect();
    let large = BatchSize::LargeInput;
    g.bench_function("blocked, rayon (fast)", |b| {
        b.iter_batched_ref(|| v.clone(), |w| xor::walsh_hadamard(w), large)
    });
    g.bench_function("textbook (reference)", |b| {
        b.iter_batched_ref(|| v.clone(), |w| xor::walsh_hadamard_reference(w), large)
    });
    g.finish();
    let mut g = c.benchmark_group("L(1e7,1e7) mod 1e9+7");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("sublinear (fast)", |b| b.iter(|| solve(black_box(10_000_000), Method::Sublinear)));
    g.bench_function("sieve (reference)", |b| b.iter(|| solve(black_box(10_000_000), Method::Sieve)));
    g.finish();
    // 10^13: issue 11's target, L(N, N) at most 0.4 of Lucy's π(N) in the same run
    for n in [10_000_000_000u64, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000] {
        let mut g = c.benchmark_group(format!("N=K={n:e}"));
        g.sample_size(10).measurement_time(Duration::from_secs(if n > 1_000_000_000_000 { 50 } else { 10 }));
        g.bench_function("L(N,K) sublinear", |b| b.iter(|| solve(black_box(n), Method::Sublinear)));
        g.bench_function("pi(N) Gourdon (fast)", |b| b.iter(|| gourdon::prime_pi(black_box(n))));
        g.bench_function("pi(N) LMO special leaves (reference)", |b| {
            b.iter(|| prime_buckets::prime_pi(black_box(n)))
        });
        g.bench_function("pi(N) Lucy (reference)", |b| b.iter(|| lucy::prime_pi(black_box(n))));
        g.finish();
    }
}

criterion_group!(benches, coprime);
criterion_main!(benches);
