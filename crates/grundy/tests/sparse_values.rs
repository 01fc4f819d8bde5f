//! Values of your own, few but large: the count works in the span of the
//! values over GF(2), so its cost follows the number of distinct values, not
//! their size. Compared with a brute force over the values themselves.

use grundy::{Arithmetic, Budget, Context, Counter, Error, Modulus, Order, Outcome, Sum, Values};
use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::HashMap;

/// How many choices of `k` copies (ordered tuples, multisets or sets of
/// positions) of a component with `(value, count)` positions have each XOR: a
/// DP over the values on a map, so values of any size.
fn xor_counts(hist: &[(u64, u128)], k: usize, order: Order) -> Vec<HashMap<u64, BigUint>> {
    // by[j][x]: choices of j copies with XOR x
    let mut by = vec![HashMap::<u64, BigUint>::new(); k + 1];
    by[0].insert(0, BigUint::from(1u8));
    if order == Order::Ordered {
        for j in 1..=k {
            let mut next = HashMap::new();
            for (&x, c) in &by[j - 1] {
                for &(v, m) in hist {
                    *next.entry(x ^ v).or_default() += c * BigUint::from(m);
                }
            }
            by[j] = next;
        }
        return by;
    }
    for &(v, count) in hist {
        // ways[t]: choices of t copies among the `count` positions of value v
        let ways: Vec<BigUint> = (0..=k as u128)
            .map(|t| {
                let (mut num, mut den) = (BigUint::from(1u8), BigUint::from(1u8));
                for i in 0..t {
                    let f = if order == Order::Multiset { count + i } else { count.saturating_sub(i) };
                    num *= BigUint::from(f);
                    den *= BigUint::from(i + 1);
                }
                num / den
            })
            .collect();
        let mut next = vec![HashMap::<u64, BigUint>::new(); k + 1];
        for (j, row) in by.iter().enumerate() {
            for (&x, c) in row {
                for (t, w) in ways.iter().enumerate().take(k + 1 - j) {
                    let y = if t % 2 == 1 { x ^ v } else { x };
                    *next[j + t].entry(y).or_default() += c * w;
                }
            }
        }
        by = next;
    }
    by
}

/// The losing positions of a sum of components, each `(histogram, copies)`,
/// by brute force: the XOR distributions of the parts combined.
fn brute_losing(parts: &[(Vec<(u64, u128)>, usize)], order: Order) -> BigUint {
    let mut acc: HashMap<u64, BigUint> = HashMap::from([(0, BigUint::from(1u8))]);
    for (hist, k) in parts {
        let dist = xor_counts(hist, *k, order).swap_remove(*k);
        let mut next = HashMap::new();
        for (&x, a) in &acc {
            for (&y, b) in &dist {
                *next.entry(x ^ y).or_default() += a * b;
            }
        }
        acc = next;
    }
    acc.remove(&0).unwrap_or_default()
}

/// Values mostly huge, some small, a few repeated.
fn values() -> impl Strategy<Value = Vec<(u64, u128)>> {
    let value = prop_oneof![any::<u64>(), 0u64..16, (0u32..64).prop_map(|s| 1u64 << s), Just(u64::MAX)];
    prop::collection::vec((value, 1u128..4), 0..7)
}

fn order() -> impl Strategy<Value = Order> {
    prop_oneof![Just(Order::Ordered), Just(Order::Multiset), Just(Order::Set)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// One component: exact and modular counts against the brute force.
    #[test]
    fn one_component_of_large_values(hist in values(), k in 0usize..5, order in order(), m in 1u64..=u64::MAX) {
        let game = Sum::of(Values::from_histogram(hist.clone()).unwrap(), k as u64).with_order(order);
        let want = brute_losing(&[(hist, k)], order);
        prop_assert_eq!(game.count_exact(Outcome::Losing).unwrap(), want.clone());
        let modulus = Modulus::new(m).unwrap();
        prop_assert_eq!(BigUint::from(game.count_mod(modulus, Outcome::Losing).unwrap()), want % m);
    }

    /// Several components, large values and small dense ones together: one
    /// common span for all.
    #[test]
    fn sums_of_large_and_small_values(
        parts in prop::collection::vec((values(), 0usize..3), 1..4),
        small in prop::collection::vec(1u128..3, 1..9),
        order in order(),
        m in 1u64..=u64::MAX,
    ) {
        let mut parts = parts;
        // a component with every value below 2^b: a plain dense histogram
        parts.push((small.iter().enumerate().map(|(v, &c)| (v as u64, c)).collect(), 2));
        let mut sum = Sum::new().with_order(order);
        for (hist, k) in &parts {
            sum = sum.with(Values::from_histogram(hist.clone()).unwrap(), *k as u64);
        }
        let want = brute_losing(&parts, order);
        prop_assert_eq!(sum.count_exact(Outcome::Losing).unwrap(), want.clone());
        let got = sum.count(Arithmetic::Modulo(Modulus::new(m).unwrap()), Outcome::Losing).unwrap();
        prop_assert_eq!(got, want % m);
    }
}

/// The values of the issue: four lines above 2^28, and one value at 2^27,
/// answered without a table up to the largest value.
#[test]
fn a_few_large_values_cost_what_a_few_values_cost() {
    // a dense table up to u64::MAX cannot exist: answering at all proves the span is used
    let four = [1u64 << 28, (1 << 40) + 5, u64::MAX, 3 << 60];
    let hist: Vec<(u64, u128)> = four.iter().map(|&v| (v, 1)).collect();
    for k in [1u64, 2, 3, 10] {
        let sum = Sum::of(Values::new(four).unwrap(), k);
        assert_eq!(
            sum.count_exact(Outcome::Losing).unwrap(),
            brute_losing(&[(hist.clone(), k as usize)], Order::Ordered)
        );
    }
    // 0 and 2^27: pairs lose when equal
    let pairs = Sum::of(Values::new([0, 1 << 27]).unwrap(), 2);
    assert_eq!(pairs.count_exact(Outcome::Losing).unwrap(), 2u8.into());
}

/// `r` independent values `2^63 + 2^j` and, when `tangled`, as many more
/// that each involve several of them (`v_j ⊕ v_{j+1} ⊕ v_{j+3}`): a span of
/// rank `r` whose dependencies involve every value.
fn high_rank(r: u32, tangled: bool) -> Vec<u64> {
    let basis: Vec<u64> = (0..r).map(|j| (1u64 << 63) | (1 << j)).collect();
    let more = (0..r as usize)
        .filter(|_| tangled)
        .map(|j| basis[j] ^ basis[(j + 1) % basis.len()] ^ basis[(j + 3) % basis.len()]);
    basis.iter().copied().chain(more).collect()
}

/// Many values whose dependencies involve them all: neither the table of 2^r
/// counts nor the transform from the dependencies fits, refused up front in
/// one line that says what to do.
#[test]
fn a_span_of_high_rank_is_refused_up_front() {
    let values = Values::new(high_rank(40, true)).unwrap();
    let e = Sum::of(values, 3).count_mod(Modulus::new(7).unwrap(), Outcome::Losing).unwrap_err();
    assert!(matches!(e, Error::TooLarge { .. }), "{e:?}");
    let text = e.to_string();
    assert!(text.contains("rank 40") && text.contains("give fewer distinct values"), "{text}");
    assert_eq!(text.lines().count(), 1);
    // a rank that fits a larger budget is counted
    let values = Values::new(high_rank(22, true)).unwrap();
    let mut ctx = Context::new(Budget { max_memory: 1 << 20, ..Budget::default() });
    let e = Sum::of(values.clone(), 2).count_with(Arithmetic::Exact, Outcome::Losing, &mut ctx).unwrap_err();
    assert!(e.to_string().contains("rank 22"), "{e}");
    assert_eq!(Sum::of(values, 2).count_exact(Outcome::Losing).unwrap(), 44u8.into());
}

/// Few values on a span of high rank (the thirty powers of two, a
/// table of 2^30 counts, 16 GiB, refused): counted from their dependencies,
/// at once, whatever the rank (up to 64), against the brute force.
#[test]
fn few_independent_values_of_high_rank_are_counted_from_their_dependencies() {
    for (values, counts) in [
        ((0..30).map(|j| 1u64 << j).collect::<Vec<_>>(), vec![1u128; 30]),
        ((0..64).map(|j| 1u64 << j).collect(), (0..64).map(|j| 1 + j % 3).collect()),
        (high_rank(40, false), vec![2; 40]),
        // independent values and a few tangled ones, with 0
        ([high_rank(30, false), vec![0, (1 << 3) ^ (1 << 7), 5 << 61]].concat(), vec![1; 33]),
    ] {
        let hist: Vec<(u64, u128)> = values.iter().copied().zip(counts).collect();
        for k in 0..=4usize {
            for order in [Order::Ordered, Order::Multiset, Order::Set] {
                let sum = Sum::of(Values::from_histogram(hist.clone()).unwrap(), k as u64).with_order(order);
                let want = brute_losing(&[(hist.clone(), k)], order);
                assert_eq!(
                    sum.count_exact(Outcome::Losing).unwrap(),
                    want,
                    "{} values, k {k}, {order}",
                    hist.len()
                );
                for m in [7u64, 1 << 40, u64::MAX] {
                    let got =
                        sum.count(Arithmetic::Modulo(Modulus::new(m).unwrap()), Outcome::Losing).unwrap();
                    assert_eq!(got, want.clone() % m, "k {k} {order} mod {m}");
                }
            }
        }
    }
}

/// 21 to 26 random (so independent) values and a few combinations of them,
/// with counts often equal: a span of rank above 20 counted from the values'
/// dependencies.
fn tangled_values() -> impl Strategy<Value = Vec<(u64, u128)>> {
    let basis = prop::collection::vec((any::<u64>(), 1u128..3), 21..26);
    let combos = prop::collection::vec((any::<u32>(), 1u128..4), 0..4);
    (basis, combos).prop_map(|(basis, combos)| {
        let mut hist = basis.clone();
        for (subset, c) in combos {
            let v = basis
                .iter()
                .enumerate()
                .filter(|(j, _)| (subset >> (j % 32)) & 1 == 1)
                .fold(0, |x, (_, b)| x ^ b.0);
            hist.push((v, c));
        }
        hist
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A span of high rank: counted from the dependencies, against the brute force.
    #[test]
    fn high_rank_spans_of_few_values(hist in tangled_values(), k in 0usize..4, order in order(), m in 1u64..=u64::MAX) {
        let game = Sum::of(Values::from_histogram(hist.clone()).unwrap(), k as u64).with_order(order);
        let want = brute_losing(&[(hist, k)], order);
        prop_assert_eq!(game.count_exact(Outcome::Losing).unwrap(), want.clone());
        let modulus = Modulus::new(m).unwrap();
        prop_assert_eq!(BigUint::from(game.count_mod(modulus, Outcome::Losing).unwrap()), want % m);
    }
}
