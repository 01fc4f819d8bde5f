//! Counts of the built-in games against independent paths inside the crate:
//! the grouped transform against the written-out XOR convolution.

use super::board::{BoardRules, BoardToken};
use super::coprime_nim::{CoprimeMethod, CoprimePile};
use super::divisor_nim::histogram;
use super::heaps::Heap;
use crate::count::{Component, Context, Counter, Outcome, Sum};
use crate::heap::{HeapGame, OctalCode, SubtractionSet};
use crate::ring::{Arithmetic, Exact, Modular, Modulus, Ring};
use crate::xor::{xor_convolve, xor_power_by_squaring, zero_xor_count};
use proptest::prelude::*;

/// Moduli exercised: odd prime, even, composite, 2^k, tiny, and 2^64-1.
const MODULI: [u64; 8] = [1, 2, 7, 1 << 40, 1_000_000_000, 1_234_567_890, 1_000_000_007, u64::MAX];

/// Larger mixed sums: the grouped-transform path against the plain XOR
/// convolution of the written-out histograms.
#[test]
fn mixed_sums_match_the_dense_convolution() {
    let kayles = HeapGame::Octal(OctalCode::parse("0.77").unwrap());
    let parts: Vec<(Box<dyn Component>, u64)> = vec![
        (Box::new(Heap::new(kayles, 1000).unwrap()), 2),
        (Box::new(CoprimePile::new(5000).unwrap()), 1),
        (Box::new(CoprimePile::new(20_000).unwrap().with_method(CoprimeMethod::Sublinear)), 2),
        (
            Box::new(
                BoardToken::new(BoardRules {
                    n: 50,
                    dims: 3,
                    moves: SubtractionSet::new(vec![2, 3, 5, 7]).unwrap(),
                })
                .unwrap(),
            ),
            1,
        ),
    ];
    let mut ctx = Context::default();
    let mut dist = vec![Exact.one()];
    let mut sum = Sum::new();
    for (c, k) in &parts {
        let dense = c.histogram(&mut ctx).unwrap().to_dense().unwrap();
        let power = xor_power_by_squaring(&Exact, &dense, *k as u128);
        let len = dist.len().max(power.len());
        dist.resize(len, Exact.zero());
        let mut p = power;
        p.resize(len, Exact.zero());
        dist = xor_convolve(&Exact, &dist, &p);
    }
    let shared: Vec<(std::sync::Arc<dyn Component>, u64)> =
        parts.into_iter().map(|(c, k)| (std::sync::Arc::from(c), k)).collect();
    for (c, k) in shared {
        sum = sum.with_shared(c, k);
    }
    let losing = sum.count_exact(Outcome::Losing).unwrap();
    assert_eq!(num_bigint::BigInt::from(losing), dist[0]);
    for m in MODULI {
        let modular = sum.count(Arithmetic::Modulo(Modulus::new(m).unwrap()), Outcome::Losing).unwrap();
        assert_eq!(num_bigint::BigInt::from(modular), &dist[0] % m);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn divisor_transform_vs_squaring(n in 1u64..=u64::MAX, k in 0u128..1_000_000_000_000_000_000, m in 1u64..=u64::MAX) {
        let hist = histogram(n);
        let ring = Modular::new(Modulus::new(m).unwrap());
        let slow = xor_power_by_squaring(&ring, &hist, k);
        prop_assert_eq!(zero_xor_count(&ring, &hist, k), slow[0]);
    }
}
