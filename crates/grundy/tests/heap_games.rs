//! Heap games: octal nim-values against the game search, periods, and counts.

use grundy::heap::{HeapGame, Limits, OctalCode, RareValues, SubtractionSet, find_period};
use grundy_reference::{OctalHeaps, Solver};

/// Every code d0.d1d2d3 with d0 in {0, 4} that allows a move: the digits as a
/// vector and the text.
fn all_short_codes() -> Vec<(Vec<u8>, String)> {
    let mut out = Vec::new();
    for d0 in [0u8, 4] {
        for len in 0..=3u32 {
            for x in 0..8u32.pow(len) {
                let mut digits = vec![d0];
                let mut y = x;
                for _ in 0..len {
                    digits.push((y % 8) as u8);
                    y /= 8;
                }
                let text = format!("{d0}.{}", digits[1..].iter().map(|d| d.to_string()).collect::<String>());
                // a code whose digits are all 0 has no moves: not a game
                if digits.iter().any(|&d| d != 0) {
                    out.push((digits, text));
                }
            }
        }
    }
    out
}

#[test]
fn every_octal_code_of_up_to_three_digits_matches_the_game_search() {
    for (digits, text) in all_short_codes() {
        if text.ends_with('.') {
            continue; // "0." has no digits: not a code
        }
        let code = OctalCode::parse(&text).unwrap();
        let mut oracle = Solver::new(OctalHeaps { digits });
        let want: Vec<u32> =
            (0..=20u64).map(|n| oracle.grundy(&if n == 0 { vec![] } else { vec![n] })).collect();
        assert_eq!(code.values_quadratic(21), want, "{text} quadratic");
        let mut fast = RareValues::new(&code);
        fast.extend_to(21);
        assert_eq!(fast.values().to_vec(), want, "{text} rare values");
    }
}

#[test]
fn rare_values_match_quadratic_on_longer_prefixes() {
    for (_, text) in all_short_codes().into_iter().step_by(7) {
        if text.ends_with('.') {
            continue;
        }
        let code = OctalCode::parse(&text).unwrap();
        let mut fast = RareValues::new(&code);
        fast.extend_to(1500);
        assert_eq!(fast.values().to_vec(), code.values_quadratic(1500), "{text}");
    }
}

/// The codes whose largest value is exactly 64 (one past the word marks):
/// the rare splits of their two or three sizes are marked in one pass
/// (`heap/split_mex/marks.rs`), against the quadratic mex, past the heap
/// where 64 first appears (333 for `0.64x`–`0.67x`, 22 778 for `0.56x`).
#[test]
fn rare_values_match_quadratic_where_the_values_reach_64() {
    let codes = [
        ("0.645", 4000),
        ("0.656", 4000),
        ("0.667", 4000),
        ("0.674", 4000),
        ("0.561", 24000),
        ("0.562", 24000),
    ];
    for (text, len) in codes {
        let code = OctalCode::parse(text).unwrap();
        let mut fast = RareValues::new(&code);
        fast.extend_to(len);
        let want = code.values_quadratic(len);
        assert_eq!(want.iter().max(), Some(&64), "{text}");
        assert_eq!(fast.values().to_vec(), want, "{text}");
    }
}

/// Games whose values pass 64 but rarely keep one word of marks for the
/// values below 64 and compute a heap whose mex is 64 or more again by the
/// byte table (`heap/split_mex/small.rs`, capped): against the quadratic mex
/// past the heaps where 65 and more first appear (`0.354`: 64 at heap 399,
/// then 66, 68, 71 at 405, 482, 516, and from 542 on too many values past 64
/// for the word; `0.207`: 65 and 67 at 7509 and 8557; `0.324`: 66 at 6786).
#[test]
fn capped_word_marks_match_quadratic_where_the_values_pass_64() {
    for (text, len, largest) in [("0.354", 1200, 78), ("0.207", 9000, 67), ("0.324", 7000, 66)] {
        let code = OctalCode::parse(text).unwrap();
        let mut fast = RareValues::new(&code);
        fast.extend_to(len);
        let want = code.values_quadratic(len);
        assert!(want.iter().max().is_some_and(|&m| m >= largest), "{text}");
        assert_eq!(fast.values().to_vec(), want, "{text}");
    }
}

fn period(game: &HeapGame) -> (usize, usize) {
    let a = game.analyze(0, Limits::length(1 << 16)).unwrap();
    let p = a.periodic.expect("certified");
    (p.preperiod(), p.period())
}

#[test]
fn known_periods() {
    let octal = |c: &str| HeapGame::Octal(OctalCode::parse(c).unwrap());
    assert_eq!(period(&octal("0.77")), (71, 12), "Kayles");
    assert_eq!(period(&octal("0.07")), (53, 34), "Dawson's Kayles");
    assert_eq!(period(&octal("0.137")), (52, 34), "Dawson's chess");
    // 0.4 has g = 0,0,0,1,...: the e = 0 pitfall must not certify period 1.
    let (e, p) = period(&octal("0.4"));
    assert!(!(e == 0 && p == 1));
    assert_eq!(period(&HeapGame::Subtraction(SubtractionSet::new(vec![1, 2, 3]).unwrap())), (0, 4));
    assert_eq!(period(&octal("0.3333")), (0, 5));
    // 0.16 has no known period: nothing may be certified in a short prefix.
    let open = octal("0.16").analyze(100, Limits::length(4096)).unwrap();
    assert!(open.periodic.is_none());
    assert_eq!(open.values.len(), 4096);
}

#[test]
fn certified_periods_hold_far_beyond_the_certificate() {
    for (_, text) in all_short_codes().into_iter().step_by(3) {
        if text.ends_with('.') {
            continue;
        }
        let code = OctalCode::parse(&text).unwrap();
        let game = HeapGame::Octal(code.clone());
        let a = game.analyze(0, Limits::length(4096)).unwrap();
        if let Some(seq) = a.periodic {
            let mut fast = RareValues::new(&code);
            fast.extend_to(3 * a.computed + 200);
            let values = fast.values().to_vec();
            for (i, &v) in values.iter().enumerate() {
                assert_eq!(
                    seq.value(i as u64),
                    v,
                    "{text} at {i} (e={}, p={})",
                    seq.preperiod(),
                    seq.period()
                );
            }
            // fundamental: no smaller period fits the long prefix from e on
            for q in 1..seq.period() {
                let fits = (seq.preperiod()..values.len() - q).all(|i| values[i] == values[i + q]);
                assert!(!fits, "{text}: period {q} < {} also fits", seq.period());
            }
        }
    }
}

#[test]
fn subtraction_game_as_octal_code_agrees() {
    for moves in [vec![1u64, 3, 4], vec![2, 3, 5, 7], vec![2, 5, 6]] {
        let set = SubtractionSet::new(moves.clone()).unwrap();
        let code = OctalCode::from_subtraction(&moves).unwrap();
        assert_eq!(set.values(300), code.values_quadratic(300), "{moves:?}");
        let a = period(&HeapGame::Subtraction(set));
        let b = period(&HeapGame::Octal(code));
        assert_eq!(a, b, "{moves:?}");
    }
}

mod counts {
    use grundy::heap::{HeapGame, Limits, OctalCode, SubtractionSet};
    use grundy::{Arithmetic, Counter, Heaps, Modulus, Outcome};
    use grundy_reference::{OctalHeaps, Solver, SubtractionHeap, Sum, for_each_tuple};
    use num_bigint::BigUint;

    fn check(game: HeapGame, winning_of: &mut dyn FnMut(&[u64]) -> bool, what: &str) {
        for piles in 0..=3usize {
            for n in 1..=9u64 {
                let (mut win, mut lose) = (0u64, 0u64);
                for_each_tuple(n, piles, |t| {
                    let heaps: Vec<u64> = t.iter().map(|x| x + 1).collect();
                    if winning_of(&heaps) { win += 1 } else { lose += 1 }
                });
                // a small --max-len forces the period path for larger n
                for max_len in [10_000usize, 4] {
                    let limits = Limits::length(max_len);
                    let h = Heaps::new(game.clone(), n, piles as u64).unwrap().with_limits(limits);
                    for (o, want) in [(Outcome::Winning, win), (Outcome::Losing, lose)] {
                        match h.count(Arithmetic::Exact, o) {
                            Ok(v) => {
                                assert_eq!(v, BigUint::from(want), "{what} n={n} K={piles} {o:?}")
                            }
                            Err(e) => assert!((max_len as u64) < n + 1, "{what}: {e}"),
                        }
                        if let Ok(v) = h.count(Arithmetic::Modulo(Modulus::new(6).unwrap()), o) {
                            assert_eq!(v, BigUint::from(want % 6));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn octal_heap_counts_match_the_whole_game_search() {
        for code in ["0.77", "0.07", "0.137", "4.07", "0.51", "0.16"] {
            let c = OctalCode::parse(code).unwrap();
            let digits: Vec<u8> = (0..=c.max_removal().unwrap()).map(|k| c.digit(k)).collect();
            let mut s = Solver::new(OctalHeaps { digits });
            let mut win = |heaps: &[u64]| {
                let mut v = heaps.to_vec();
                v.sort_unstable();
                s.is_winning(&v)
            };
            check(HeapGame::Octal(c), &mut win, code);
        }
    }

    #[test]
    fn subtraction_heap_counts_match_the_whole_game_search() {
        for moves in [vec![1u64, 3, 4], vec![2, 3, 5, 7], vec![1, 2]] {
            let mut s = Solver::new(Sum(SubtractionHeap(moves.clone())));
            let mut win = |heaps: &[u64]| {
                let mut v = heaps.to_vec();
                v.sort_unstable();
                s.is_winning(&v)
            };
            check(
                HeapGame::Subtraction(SubtractionSet::new(moves.clone()).unwrap()),
                &mut win,
                "subtraction",
            );
        }
    }
}

#[test]
fn heaps_up_to_the_largest_u64() {
    use grundy::{Arithmetic, Counter, Heaps, Outcome};
    // Subtraction {1}: g alternates 0,1 from heap 0; heaps 1..=2^64-1 hold
    // 2^63 ones and 2^63 - 1 zeros, so a single heap is losing 2^63 - 1 times.
    let game = HeapGame::Subtraction(SubtractionSet::new(vec![1]).unwrap());
    let h = Heaps::new(game, u64::MAX, 1).unwrap();
    let hist = h.component().value_histogram(&mut grundy::Context::default()).unwrap();
    assert_eq!(hist, vec![(1u128 << 63) - 1, 1u128 << 63]);
    let lose = h.count(Arithmetic::Exact, Outcome::Losing).unwrap();
    assert_eq!(lose, num_bigint::BigUint::from((1u64 << 63) - 1));
}

/// Every certificate rule, checked against the truth: for every code of up to
/// three digits and every prefix length, a period certified from that prefix
/// must hold on a sequence five times longer (and from the stated preperiod).
/// Weakening any rule (the `e = 0` Guy–Smith bound `p + t + 1` to `p + t`, the
/// split bound `2e + p + t`, the no-split bound `max(e, 1) + t`, the
/// subtraction bound `max S`) makes some short prefix certify a false period.
#[test]
fn no_prefix_certifies_a_false_period() {
    let mut games: Vec<HeapGame> = all_short_codes()
        .into_iter()
        .filter(|(_, t)| !t.ends_with('.') && OctalCode::parse(t).is_ok())
        .map(|(_, t)| HeapGame::Octal(OctalCode::parse(&t).unwrap()))
        .collect();
    for moves in [vec![1u64], vec![2], vec![1, 2], vec![3, 4], vec![2, 5, 6], vec![1, 4, 5], vec![4, 9, 10]] {
        games.push(HeapGame::Subtraction(SubtractionSet::new(moves).unwrap()));
    }
    for game in games {
        let truth = game.analyze(600, Limits::length(600)).unwrap().values;
        for len in 1..=120 {
            let prefix = &truth[..len];
            let certified = find_period(prefix, |e, p| game.certificate_length(e, p).unwrap_or(usize::MAX));
            if let Some((e, p)) = certified {
                assert!(
                    (e..truth.len() - p).all(|i| truth[i] == truth[i + p]),
                    "{}: prefix of {len} certifies a false period ({e}, {p})",
                    game.describe()
                );
                assert!(
                    e == 0 || truth[e - 1] != truth[e - 1 + p],
                    "{}: preperiod {e} not exact",
                    game.describe()
                );
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// More room never loses a certificate: whatever a search certifies within
    /// some limits, a search with larger limits certifies too, with the same
    /// preperiod and period.
    #[test]
    fn more_room_never_loses_a_certificate(
        digits in proptest::collection::vec(0u8..8, 1..4),
        split in proptest::prelude::any::<bool>(),
        len_a in 1usize..3000,
        more_len in 0usize..3000,
        work_a in 0u64..3_000_000,
        more_work in 0u64..3_000_000,
        want in 0usize..500,
    ) {
        let text = format!("{}.{}", if split { 4 } else { 0 }, digits.iter().map(|d| d.to_string()).collect::<String>());
        proptest::prop_assume!(OctalCode::parse(&text).is_ok());
        let game = HeapGame::Octal(OctalCode::parse(&text).unwrap());
        let small = game.analyze(want, Limits::new(len_a, work_a).unwrap()).unwrap();
        let large = game.analyze(want, Limits::new(len_a + more_len, work_a + more_work).unwrap()).unwrap();
        if let Some(p) = &small.periodic {
            let q = large.periodic.as_ref();
            proptest::prop_assert!(q.is_some(), "{}: lost the certificate", text);
            let q = q.unwrap();
            proptest::prop_assert_eq!((p.preperiod(), p.period()), (q.preperiod(), q.period()));
        }
        proptest::prop_assert!(small.values.len() >= want && large.values.len() >= want);
    }
}

#[test]
fn more_room_never_loses_a_long_certificate() {
    // Period 1999986 is certified from about 3M values: every larger limit must
    // certify it too (a fixed comparison budget once lost it at 2^23 and 2^24).
    let game = HeapGame::Subtraction(SubtractionSet::new(vec![999_983, 1_000_003]).unwrap());
    for max_len in [3_000_000usize, 5_000_000, 1 << 23, 1 << 24] {
        let a = game.analyze(3, Limits::length(max_len)).unwrap();
        let p = a.periodic.unwrap_or_else(|| panic!("not certified with max_len {max_len}"));
        assert_eq!((p.preperiod(), p.period()), (0, 1_999_986), "max_len {max_len}");
    }
}

#[test]
fn a_small_request_stays_within_the_work_budget() {
    // 0.04 has no period in reach: the search must stop at the budget, not run on.
    for code in ["0.04", "0.106", "0.6", "0.207", "4.2162", "0.7777777777777777777777"] {
        let game = HeapGame::Octal(OctalCode::parse(code).unwrap());
        let limits = Limits::new(1 << 20, 20_000_000).unwrap();
        let a = game.analyze(10, limits).unwrap();
        if a.periodic.is_none() {
            assert_eq!(a.stop, grundy::heap::Stop::MaxWork, "{code}");
        }
        // one value's mex may overshoot the budget, never by more than a full scan
        assert!(a.work <= limits.max_work() + 30 * a.computed as u64 * 4, "{code}: {} steps", a.work);
    }
}

#[test]
fn codes_that_count_up_are_certified_and_match_the_definition() {
    use grundy::{Counter, Heaps, Outcome};
    for code in ["0.[7]", "0.[B]", "0.[F]", "0.3[7]", "0.[F!]", "0.7[B!]", "0.[37]"] {
        let c = OctalCode::parse(code).unwrap();
        assert!(c.counts_up(), "{code}");
        let want = c.values_quadratic(90);
        assert!(want.iter().enumerate().all(|(i, &v)| v as usize == i), "{code}: {want:?}");
        let game = HeapGame::Octal(c);
        let a = game.analyze(90, Limits::default()).unwrap();
        assert_eq!(a.values[..90], want[..], "{code}");
        let arith = a.arithmetic.expect("certified");
        assert!(arith.certified(), "{code}");
        assert_eq!((arith.preperiod(), arith.period(), arith.saltus()), (0, 1, 1));
        assert_eq!(arith.value(10u64.pow(18)), 10u128.pow(18));
        // two heaps up to 10^18 lose exactly when equal
        let heaps = Heaps::new(game, 10u64.pow(18), 2).unwrap();
        assert_eq!(heaps.count_exact(Outcome::Losing).unwrap(), 10u64.pow(18).into(), "{code}");
    }
    for code in ["4.[3]", "8.[3]", "0.1[7]", "0.[7]3", "0.37"] {
        if let Ok(c) = OctalCode::parse(code) {
            assert!(!c.counts_up(), "{code}");
        }
    }
}

#[test]
fn group_codes_with_cubic_work_are_refused_by_estimate() {
    let game = HeapGame::octal("8.[3]").unwrap();
    assert!(game.check_request_within(101, "n", 0).is_ok());
    let e = game.check_request_within(100_001, "n", 400_000_000).unwrap_err().to_string();
    assert!(e.contains("choose a smaller `n` or raise `max_work`"), "{e}");
    // the estimate counts the cubic cost: 20000 values are over the budget
    assert!(game.check_request_within(20_001, "n", 0).is_err());
    assert!(game.linear_work(20_001) > 1e11);
}

#[test]
fn heaps_of_size_0_only_with_min_0() {
    use grundy::{Counter, Heap, Heaps, Outcome};
    let kayles = HeapGame::octal("0.77").unwrap();
    for piles in [0u64, 1, 3] {
        let heaps = Heaps::with_range(kayles.clone(), 0, 0, piles).unwrap();
        assert_eq!(heaps.count_exact(Outcome::Losing).unwrap(), 1u8.into(), "{piles}");
        assert_eq!(heaps.count_exact(Outcome::Winning).unwrap(), 0u8.into(), "{piles}");
    }
    let one = Heaps::with_range(kayles.clone(), 0, 1, 3).unwrap();
    assert_eq!(one.count_exact(Outcome::Losing).unwrap(), 4u8.into());
    let empty = Heaps::with_range(kayles.clone(), 6, 5, 2).unwrap();
    assert_eq!(empty.count_exact(Outcome::Losing).unwrap(), 0u8.into());
    assert!(Heap::with_range(kayles.clone(), 1, 0).is_err());
    assert!(Heap::new(kayles, 0).is_err());
}

/// Exact answers long enough for the transforms of `grundy::number::long_mul`
/// (powers whose last squaring has factors beyond 8192 words: Kayles at 1000
/// heaps to the power 150 000 is about 1.5·10^6 bits) agree with the modular
/// answers, odd, even and composite moduli, both outcomes; and their decimal
/// digits with num-bigint's.
#[test]
fn long_exact_answers_agree_with_modular_ones() {
    use grundy::{Arithmetic, BigUint, Counter, Heaps, Modulus, Outcome};
    let game = HeapGame::Octal(OctalCode::parse("0.77").unwrap());
    let h = Heaps::new(game, 1000, 150_000).unwrap();
    for o in [Outcome::Losing, Outcome::Winning] {
        let exact = h.count(Arithmetic::Exact, o).unwrap();
        assert!(exact.bits() > 2 * 64 * 8192, "{o:?}: {} bits", exact.bits());
        for m in [1_000_000_007u64, 1 << 40, 6, u64::MAX] {
            let modular = h.count(Arithmetic::Modulo(Modulus::new(m).unwrap()), o).unwrap();
            assert_eq!(&exact % BigUint::from(m), modular, "{o:?} mod {m}");
        }
        assert_eq!(grundy::ring::to_decimal(&exact), exact.to_string());
    }
}
