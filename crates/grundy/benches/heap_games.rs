//! Heap-game benchmarks: each fast path beside its reference path.
//!
//! Run with `cargo bench --bench heap_games`; compare the paired lines.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::heap::OctalCode;
use grundy::heap::RareValues;
use grundy::{
    Arithmetic, Board, BoardRules, Counter, HeapGame, Modulus, Outcome, SubtractionSet, Sum, Values,
};
use std::hint::black_box;
use std::time::Duration;

fn board(c: &mut Criterion) {
    let mut g = c.benchmark_group("board n=10000019 tokens=100 mod 1e9");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let set = SubtractionSet::new(vec![2, 3, 5, 7]).unwrap();
    let b = Board::new(BoardRules { n: 10_000_019, dims: 2, moves: set.clone() }, 100).unwrap();
    let m = Arithmetic::Modulo(Modulus::new(1_000_000_000).unwrap());
    g.bench_function("period (fast)", |x| x.iter(|| b.count(black_box(m), Outcome::Winning).unwrap()));
    g.bench_function("O(n) scan (reference)", |x| {
        x.iter(|| {
            let hist = set.histogram_by_scan(black_box(10_000_019));
            let coordinate =
                Values::from_histogram(hist.into_iter().enumerate().map(|(v, c)| (v as u64, c))).unwrap();
            Sum::of(coordinate, 200).count(m, Outcome::Winning).unwrap()
        })
    });
    g.finish();
    let huge = Board::new(
        BoardRules { n: 1_000_000_000_000_000_000, dims: 2, moves: set },
        1_000_000_000_000_000_000,
    )
    .unwrap();
    c.bench_function("board n=tokens=1e18 mod 1e9", |x| {
        x.iter(|| huge.count(black_box(m), Outcome::Winning).unwrap())
    });
}

fn octal(c: &mut Criterion) {
    for code in ["0.77", "0.137"] {
        let oc = OctalCode::parse(code).unwrap();
        let mut g = c.benchmark_group(format!("octal {code}"));
        g.sample_size(10).measurement_time(Duration::from_secs(8));
        g.bench_function("20000 values quadratic (reference)", |x| {
            x.iter(|| oc.values_quadratic(black_box(20_000)))
        });
        g.bench_function("100000 values quadratic (reference)", |x| {
            x.iter(|| oc.values_quadratic(black_box(100_000)))
        });
        g.bench_function("100000 values rare-value mex (fast)", |x| {
            x.iter(|| {
                let mut r = RareValues::new(&oc);
                r.extend_to(black_box(100_000));
                r.into_values()
            })
        });
        g.bench_function("20000 values rare-value mex (fast)", |x| {
            x.iter(|| {
                let mut r = RareValues::new(&oc);
                r.extend_to(black_box(20_000));
                r.into_values()
            })
        });
        if code == "0.77" {
            // Kayles has a sparse set; Dawson's chess has none, so its mex stays
            // quadratic (a vector search of all pairs): 10^6 values take seconds.
            g.bench_function("1e6 values rare-value mex (fast)", |x| {
                x.iter(|| {
                    let mut r = RareValues::new(&oc);
                    r.extend_to(black_box(1_000_000));
                    r.into_values()
                })
            });
        }
        let game = HeapGame::Octal(oc.clone());
        g.bench_function("1e6 values via certified period", |x| {
            x.iter(|| game.analyze(black_box(1_000_000), grundy::heap::Limits::default()))
        });
        g.finish();
    }
}

criterion_group!(benches, board, octal);
criterion_main!(benches);
