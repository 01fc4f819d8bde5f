//! Silver dollar benchmarks: the NTT carry DP modulo `M`, on even and odd coin
//! counts. (Its plain `O(m²)` reference is not public: the unit tests of
//! `games/silver_dollar.rs` check the two agree.)
//!
//! Run with `cargo bench --bench silver_dollar`.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::ring::Modular;
use grundy::{Modulus, Outcome, SilverDollar};
use std::hint::black_box;
use std::time::Duration;

fn silver(c: &mut Criterion) {
    let cases = [
        (1_000_000u64, 100u64, 1_000_036_000_099u64),
        (1_000_000_000_000_000_000, 1_000, 1_000_000_007),
        // an even and an odd coin count (odd and even m): odd m needs a second
        // carry DP, for Count(N + 1; k − 1)
        (1_000_000_000_000_000_000, 9_999, 1_000_000_007),
        (1_000_000_000_000_000_000, 10_000, 1_000_000_007),
        (1_000_000_000_000_000_000, 99_999, 1_000_000_007),
        (1_000_000_000_000_000_000, 100_000, 1_000_000_007),
    ];
    for (n, coins, m) in cases {
        let g = SilverDollar::new(n, coins).unwrap();
        let ring = Modular::new(Modulus::new(m).unwrap());
        let mut group = c.benchmark_group(format!("W({n:e},{coins}) mod {m}"));
        group.sample_size(10).measurement_time(Duration::from_secs(10));
        group.bench_function("fast", |b| b.iter(|| g.carry_count(black_box(&ring), Outcome::Winning)));
        group.finish();
    }
}

criterion_group!(benches, silver);
criterion_main!(benches);
