//! Unordered positions (multisets and sets of components): the targets of the
//! `--order` option, each beside the ordered count of the same game.
//!
//! Run with `cargo bench --bench unordered`; compare the paired lines.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::heap::OctalCode;
use grundy::{
    Arithmetic, Board, BoardRules, CoprimeNim, Counter, DivisorNim, HeapGame, Heaps, Modulus, Order, Outcome,
    SubtractionSet,
};
use std::hint::black_box;
use std::time::Duration;

fn modulo(m: u64) -> Arithmetic {
    Arithmetic::Modulo(Modulus::new(m).unwrap())
}

fn heaps(c: &mut Criterion) {
    let games = [
        ("moves 1,2,3", HeapGame::Subtraction(SubtractionSet::new(vec![1, 2, 3]).unwrap())),
        ("kayles 0.77", HeapGame::Octal(OctalCode::parse("0.77").unwrap())),
    ];
    for (name, game) in games {
        let mut g = c.benchmark_group(format!("heaps {name} n=1e18 mod 1e9+7"));
        g.sample_size(10).measurement_time(Duration::from_secs(3));
        for k in [1000u64, 100_000] {
            let h = Heaps::new(game.clone(), 1_000_000_000_000_000_000, k).unwrap();
            for order in [Order::Ordered, Order::Multiset, Order::Set] {
                let h = h.clone().with_order(order);
                g.bench_function(format!("K={k} {order}"), |x| {
                    x.iter(|| h.count(black_box(modulo(1_000_000_007)), Outcome::Losing).unwrap())
                });
            }
        }
        g.finish();
    }
}

fn coprime(c: &mut Criterion) {
    let game = CoprimeNim::new(10_000_000_000, 1000).unwrap();
    for m in [1_000_000_007u64, 1 << 40, 1_000_000_000] {
        let mut g = c.benchmark_group(format!("coprime n=1e10 K=1000 mod {m}"));
        g.sample_size(10).measurement_time(Duration::from_secs(5));
        for order in [Order::Ordered, Order::Multiset, Order::Set] {
            let game = game.with_order(order);
            g.bench_function(order.name(), |x| {
                x.iter(|| game.count(black_box(modulo(m)), Outcome::Losing).unwrap())
            });
        }
        g.finish();
    }
}

fn exact(c: &mut Criterion) {
    let mut g = c.benchmark_group("exact K=100 at seed sizes");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    let moves = SubtractionSet::new(vec![2, 3, 5, 7]).unwrap();
    for order in [Order::Ordered, Order::Multiset, Order::Set] {
        let coprime = CoprimeNim::new(10_000_000, 100).unwrap().with_order(order);
        g.bench_function(format!("coprime n=1e7 {order}"), |x| {
            x.iter(|| coprime.count(black_box(Arithmetic::Exact), Outcome::Losing).unwrap())
        });
        let board = Board::new(BoardRules { n: 10_000_019, dims: 2, moves: moves.clone() }, 100)
            .unwrap()
            .with_order(order);
        g.bench_function(format!("board n=10000019 {order}"), |x| {
            x.iter(|| board.count(black_box(Arithmetic::Exact), Outcome::Winning).unwrap())
        });
        let divisor = DivisorNim::new(123_456_787_654_321, 100).unwrap().with_order(order);
        g.bench_function(format!("divisor n=123456787654321 {order}"), |x| {
            x.iter(|| divisor.count(black_box(Arithmetic::Exact), Outcome::Winning).unwrap())
        });
    }
    g.finish();
}

/// The coefficients alone: 16 680 distinct values (as many as Coprime Nim has
/// at `n = 10^10`), `K = 1000`.
fn coefficients(c: &mut Criterion) {
    use grundy::count::{Coefficients, Series};
    use grundy::ring::{Counting, Modular};
    let mut g = c.benchmark_group("series 16680 values K=1000 P=1e10");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    let p = 10_000_000_000u128;
    let values: Vec<i128> =
        (0..16_680i128).map(|i| (i * 599_479 % 20_000_000_001) - 10_000_000_000).collect();
    let values: Vec<i128> = values.into_iter().map(|v| if v % 2 == 0 { v } else { v + 1 }).collect();
    let budget = grundy::Budget::default();
    let series = Series::new(Order::Multiset, grundy::count::Positions::count(p), 1000, 1).unwrap();
    // modulo a prime, an odd prime power, and 2^64 (2^63 lifted by one bit)
    for (name, m, shift) in
        [("mod 1000000007", 1_000_000_007u64, 0), ("mod 1953125", 1_953_125, 0), ("mod 2^64", 1 << 63, 1)]
    {
        let ring = Modular::new(Modulus::new(m).unwrap());
        let lifted = ring.lift(shift);
        g.bench_function(name, |x| {
            x.iter(|| ring.series_coefficients(&lifted, &series, black_box(&values), &budget).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, coefficients, heaps, coprime, exact);
criterion_main!(benches);
