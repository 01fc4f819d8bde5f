//! Heap-ruleset benchmarks: each fast path beside its reference path.
//!
//! Run with `cargo bench -p grundy --bench rulesets`; compare the paired lines.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::heap::RareValues;
use grundy::heap::{Limits, OctalCode};
use grundy::{Arithmetic, Counter, HeapGame, Heaps, Modulus, Outcome, SubtractionSet, Sum, Values};
use std::hint::black_box;
use std::time::Duration;

fn grundys_game(c: &mut Criterion) {
    let code = OctalCode::parse("4!.0").unwrap();
    let mut g = c.benchmark_group("grundy's game 4!.0");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("20000 values quadratic (reference)", |x| {
        x.iter(|| code.values_quadratic(black_box(20_000)))
    });
    for len in [20_000usize, 1_000_000] {
        g.bench_function(format!("{len} values rare-value mex (fast)"), |x| {
            x.iter(|| {
                let mut r = RareValues::new(&code);
                r.extend_to(black_box(len));
                r.into_values()
            })
        });
    }
    g.finish();
}

/// A dense histogram of `values` as a component of its own.
fn dense(values: impl Iterator<Item = u32>) -> Values {
    let mut hist = vec![0u128; 1];
    for v in values {
        if hist.len() <= v as usize {
            hist.resize(v as usize + 1, 0);
        }
        hist[v as usize] += 1;
    }
    Values::from_histogram(hist.into_iter().enumerate().map(|(v, c)| (v as u64, c))).unwrap()
}

fn nim(c: &mut Criterion) {
    let m = Arithmetic::Modulo(Modulus::new(1_000_000_007).unwrap());
    let game = HeapGame::Octal(OctalCode::parse("0.[3]").unwrap());
    let mut g = c.benchmark_group("heaps 0.[3] K=1e18 mod 1e9+7");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let huge = Heaps::new(game.clone(), 1_000_000_000_000_000_000, 1_000_000_000_000_000_000).unwrap();
    g.bench_function("n=1e18 dyadic blocks (fast)", |x| {
        x.iter(|| huge.count(black_box(m), Outcome::Losing).unwrap())
    });
    let n = (1u64 << 20) - 1;
    // a small length limit makes the heap use its certified arithmetic period
    let mid = Heaps::new(game, n, 1_000_000_000_000_000_000).unwrap().with_limits(Limits::length(1 << 10));
    g.bench_function("n=2^20-1 dyadic blocks (fast)", |x| {
        x.iter(|| mid.count(black_box(m), Outcome::Losing).unwrap())
    });
    g.bench_function("n=2^20-1 dense histogram (reference)", |x| {
        x.iter(|| {
            Sum::of(dense(1..=black_box(n as u32)), 1_000_000_000_000_000_000)
                .count(m, Outcome::Losing)
                .unwrap()
        })
    });
    g.finish();
}

fn squares(c: &mut Criterion) {
    let set = SubtractionSet::parse("squares").unwrap();
    let heaps = Heaps::new(HeapGame::Subtraction(set.clone()), 100_000, 3).unwrap().with_min(0);
    let mut g = c.benchmark_group("heaps squares min 0 n=1e5 K=3");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("family values (fast)", |x| {
        x.iter(|| heaps.count(black_box(Arithmetic::Exact), Outcome::Losing).unwrap())
    });
    g.bench_function("plain mex (reference)", |x| {
        x.iter(|| {
            Sum::of(dense(set.values(black_box(100_001)).into_iter()), 3)
                .count(Arithmetic::Exact, Outcome::Losing)
                .unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, grundys_game, nim, squares);
criterion_main!(benches);
