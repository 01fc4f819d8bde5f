//! Every heap ruleset against the whole-game search: hexadecimal codes with
//! three-heap splits, the `!` rule and repeating groups, infinite subtraction
//! sets, their periods and arithmetic periods, and the counts of their sums.

use grundy::heap::{HeapGame, Limits, OctalCode, SubtractionSet, find_period};
use grundy_reference::{Solver, SubtractionBy, TakeBreakHeaps};

/// A digit as the oracle reads it: (bits, `!`).
type Rule = (u8, bool);

/// Every digit with and without `!` (only where a split can use it).
fn digit_options() -> Vec<Rule> {
    let mut out = Vec::new();
    for d in 0u8..16 {
        out.push((d, false));
        if d & 12 != 0 {
            out.push((d, true));
        }
    }
    out
}

fn write(rule: Rule) -> String {
    format!("{:X}{}", rule.0, if rule.1 { "!" } else { "" })
}

/// A code from its written digits and group, as text and as the oracle's rule.
#[derive(Clone)]
struct Code {
    digits: Vec<Rule>,
    group: Vec<Rule>,
}

impl Code {
    fn text(&self) -> String {
        let mut t = write(self.digits[0]);
        t.push('.');
        self.digits[1..].iter().for_each(|&r| t.push_str(&write(r)));
        if !self.group.is_empty() {
            t.push('[');
            self.group.iter().for_each(|&r| t.push_str(&write(r)));
            t.push(']');
        }
        t
    }

    fn rule(&self, k: u64) -> Rule {
        let k = k as usize;
        match self.digits.get(k) {
            Some(&r) => r,
            None if self.group.is_empty() => (0, false),
            None => self.group[(k - self.digits.len()) % self.group.len()],
        }
    }

    /// `g(0..len)` by the whole-game search.
    fn oracle(&self, len: u64) -> Vec<u32> {
        let me = self.clone();
        let mut s = Solver::new(TakeBreakHeaps { rule: move |k| me.rule(k) });
        (0..len).map(|n| s.grundy(&if n == 0 { vec![] } else { vec![n] })).collect()
    }

    fn has_moves(&self) -> bool {
        self.digits.iter().chain(&self.group).any(|r| r.0 != 0)
    }
}

fn d0_options() -> Vec<Rule> {
    vec![(0, false), (4, false), (4, true), (8, false), (8, true), (12, false), (12, true)]
}

/// Every code `d0.d1d2`.
fn two_digit_codes() -> Vec<Code> {
    let mut out = Vec::new();
    for d0 in d0_options() {
        for d1 in digit_options() {
            for d2 in digit_options() {
                let c = Code { digits: vec![d0, d1, d2], group: vec![] };
                if c.has_moves() {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// The values by the library's fast path (with any period it certifies on the
/// way) and by its reference path, which must agree with the game search.
fn check_values(c: &Code, len: usize) {
    let text = c.text();
    let code = OctalCode::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let want = c.oracle(len as u64);
    assert_eq!(code.values_quadratic(len), want, "{text} by definition");
    let game = HeapGame::Octal(code);
    let fast = game.analyze(len, Limits::length(4 * len)).unwrap();
    assert_eq!(fast.values[..len], want[..], "{text} fast");
}

#[test]
fn every_hexadecimal_code_of_two_digits_matches_the_game_search() {
    for c in two_digit_codes() {
        check_values(&c, 11);
    }
}

#[test]
fn codes_with_a_repeating_group_match_the_game_search() {
    let mut codes = Vec::new();
    for d0 in [(0, false), (4, false), (4, true), (8, false)] {
        for written in std::iter::once(None).chain(digit_options().into_iter().map(Some)) {
            for g in digit_options().into_iter().filter(|r| r.0 != 0) {
                let mut digits = vec![d0];
                digits.extend(written);
                codes.push(Code { digits, group: vec![g] });
            }
        }
    }
    for g1 in digit_options() {
        for g2 in digit_options() {
            if g1.0 != 0 || g2.0 != 0 {
                codes.push(Code { digits: vec![(0, false)], group: vec![g1, g2] });
            }
        }
    }
    for c in codes {
        check_values(&c, 10);
    }
}

#[test]
fn grundys_game_and_nim_have_their_known_values() {
    let grundy = Code { digits: vec![(4, true)], group: vec![] };
    let want = grundy.oracle(36);
    // as published (OEIS A002188), checked here against the game search
    assert_eq!(want[..21], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    let game = HeapGame::Octal(OctalCode::parse("4!.0").unwrap());
    assert_eq!(game.analyze(36, Limits::length(36)).unwrap().values, want);
    let long = game.analyze(3000, Limits::length(3000)).unwrap().values;
    assert_eq!(long, OctalCode::parse("4!.0").unwrap().values_quadratic(3000));
    for text in ["0.[3]", "0.[7]", "0.[37]"] {
        let nim = HeapGame::Octal(OctalCode::parse(text).unwrap());
        let values = nim.analyze(500, Limits::length(500)).unwrap().values;
        assert!(values.iter().enumerate().all(|(i, &v)| v as usize == i), "{text}");
    }
}

/// The subtraction sets that are not finite lists, with their membership
/// test for the oracle.
/// A membership test.
type Member = Box<dyn Fn(u64) -> bool>;

fn infinite_sets() -> Vec<(&'static str, Member)> {
    let is_prime = |n: u64| n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d));
    let fib = |n: u64| {
        let (mut a, mut b) = (1u64, 2u64);
        while a < n {
            (a, b) = (b, a + b);
        }
        a == n
    };
    vec![
        ("squares", Box::new(|n: u64| (1..=n).any(|r| r * r == n))),
        ("primes", Box::new(is_prime)),
        ("powers-of-2", Box::new(|n: u64| n.is_power_of_two())),
        ("fibonacci", Box::new(fib)),
        ("all-but:1,3", Box::new(|n: u64| n != 1 && n != 3 && n > 0)),
        ("all-but:2", Box::new(|n: u64| n != 2 && n > 0)),
        ("all-but:1,2,3,5,8", Box::new(|n: u64| ![1, 2, 3, 5, 8].contains(&n) && n > 0)),
    ]
}

#[test]
fn infinite_subtraction_sets_match_the_game_search_and_the_plain_mex() {
    for (text, member) in infinite_sets() {
        let set = SubtractionSet::parse(text).unwrap();
        let mut oracle = Solver::new(SubtractionBy(member));
        let want: Vec<u32> = (0..60).map(|n| oracle.grundy(&n)).collect();
        assert_eq!(set.values(60), want, "{text} plain mex");
        let long = HeapGame::Subtraction(set.clone()).analyze(5000, Limits::length(5000)).unwrap();
        assert_eq!(long.values[..5000], set.values(5000)[..], "{text} fast");
    }
}

#[test]
fn all_but_sets_are_the_codes_they_stand_for() {
    for t in [vec![], vec![1], vec![2, 5], vec![1, 3, 4]] {
        let list: Vec<String> = t.iter().map(u64::to_string).collect();
        let set = if t.is_empty() {
            SubtractionSet::all_but(vec![]).unwrap()
        } else {
            SubtractionSet::parse(&format!("all-but:{}", list.join(","))).unwrap()
        };
        let code = set.as_code().unwrap();
        assert_eq!(code.values_quadratic(80), set.values(80), "{t:?}");
        assert_eq!(code.as_all_but(), Some(t.clone()));
    }
}

/// Certificate rules against the truth: every period certified from any
/// prefix of up to 150 values holds on 700 values (100 and 300 with three
/// different heaps), from the exact preperiod.
/// Weakening a bound by one makes some prefix certify a false period (see the
/// report of each rule in `OctalCode::certificate_length`).
#[test]
fn no_prefix_certifies_a_false_period_for_hexadecimal_and_bang_codes() {
    for c in two_digit_codes() {
        let code = OctalCode::parse(&c.text()).unwrap();
        // three different heaps are listed one by one: shorter prefixes
        let distinct_triples = c.digits.iter().any(|r| r.0 & 8 != 0 && r.1);
        let (long, short) = if distinct_triples { (300, 100) } else { (700, 150) };
        let game = HeapGame::Octal(code);
        let truth = game.analyze(long, Limits::length(long)).unwrap().values;
        for len in 1..=short {
            let prefix = &truth[..len];
            if let Some((e, p)) =
                find_period(prefix, |e, p| game.certificate_length(e, p).unwrap_or(usize::MAX))
            {
                assert!(
                    (e..truth.len() - p).all(|i| truth[i] == truth[i + p]),
                    "{}: prefix of {len} certifies a false period ({e}, {p})",
                    c.text()
                );
                assert!(e == 0 || truth[e - 1] != truth[e - 1 + p], "{}: preperiod {e} not exact", c.text());
            }
        }
    }
}

mod counts {
    use super::*;
    use grundy::{Arithmetic, Counter, Heaps, Modulus, Outcome};
    use grundy_reference::for_each_tuple;
    use num_bigint::BigUint;

    /// Ordered tuples of `piles` heaps in `min..=n`, against the search of the
    /// whole game (every heap of every pile in one position).
    fn check(game: HeapGame, winning_of: &mut dyn FnMut(&[u64]) -> bool, what: &str) {
        for piles in 0..=3usize {
            for n in 1..=7u64 {
                for min in [0u64, 1, 2] {
                    let (mut win, mut lose) = (0u64, 0u64);
                    for_each_tuple((n + 1).saturating_sub(min), piles, |t| {
                        let heaps: Vec<u64> = t.iter().map(|x| x + min).filter(|&x| x > 0).collect();
                        if winning_of(&heaps) { win += 1 } else { lose += 1 }
                    });
                    let h = Heaps::new(game.clone(), n, piles as u64).unwrap().with_min(min);
                    for (o, want) in [(Outcome::Winning, win), (Outcome::Losing, lose)] {
                        let got = h.count(Arithmetic::Exact, o).unwrap();
                        assert_eq!(got, BigUint::from(want), "{what} n={n} K={piles} min={min} {o:?}");
                        let m = Modulus::new(6).unwrap();
                        assert_eq!(h.count(Arithmetic::Modulo(m), o).unwrap(), BigUint::from(want % 6));
                    }
                }
            }
        }
    }

    #[test]
    fn code_heap_counts_match_the_whole_game_search() {
        let codes = [
            Code { digits: vec![(4, true)], group: vec![] },
            Code { digits: vec![(0, false), (8, false)], group: vec![] },
            Code { digits: vec![(0, false), (4, true)], group: vec![] },
            Code { digits: vec![(0, false), (12, true), (3, false)], group: vec![] },
            Code { digits: vec![(8, true), (1, false)], group: vec![] },
            Code { digits: vec![(0, false)], group: vec![(3, false)] },
            Code { digits: vec![(0, false), (1, false)], group: vec![(3, false)] },
            Code { digits: vec![(4, false)], group: vec![(3, false)] },
            Code { digits: vec![(0, false)], group: vec![(3, false), (7, false)] },
        ];
        for c in codes {
            let me = c.clone();
            let mut s = Solver::new(TakeBreakHeaps { rule: move |k| me.rule(k) });
            let mut win = |heaps: &[u64]| {
                let mut v = heaps.to_vec();
                v.sort_unstable();
                s.is_winning(&v)
            };
            let game = HeapGame::Octal(OctalCode::parse(&c.text()).unwrap());
            check(game, &mut win, &c.text());
        }
    }

    #[test]
    fn infinite_set_heap_counts_match_the_whole_game_search() {
        for (text, member) in infinite_sets() {
            let mut s = Solver::new(grundy_reference::Sum(SubtractionBy(member)));
            let mut win = |heaps: &[u64]| {
                let mut v = heaps.to_vec();
                v.sort_unstable();
                s.is_winning(&v)
            };
            check(HeapGame::Subtraction(SubtractionSet::parse(text).unwrap()), &mut win, text);
        }
    }

    /// `K`-tuples in `[0, n]^K` with XOR 0, by a digit DP over the bits of `n`
    /// (state: which coordinates still follow `n`'s bits).
    fn nim_zero_tuples_from_zero(n: u64, k: usize) -> BigUint {
        let mut ways = vec![BigUint::ZERO; 1 << k];
        ways[(1 << k) - 1] = BigUint::from(1u32);
        for bit in (0..64).rev() {
            let nb = n >> bit & 1;
            let mut next = vec![BigUint::ZERO; 1 << k];
            for (tight, w) in ways.iter().enumerate().filter(|(_, w)| **w != BigUint::ZERO) {
                for choice in 0usize..1 << k {
                    if choice.count_ones() % 2 == 1 {
                        continue;
                    }
                    // a tight coordinate may take 1 only where n has 1
                    if nb == 0 && choice & tight != 0 {
                        continue;
                    }
                    let still = if nb == 1 { tight & choice } else { tight };
                    next[still] += w;
                }
            }
            ways = next;
        }
        ways.iter().sum()
    }

    /// The same over `[1, n]^K`, by inclusion and exclusion of zero coordinates.
    fn nim_zero_tuples(n: u64, k: usize) -> BigUint {
        let mut plus = BigUint::ZERO;
        let mut minus = BigUint::ZERO;
        let mut binom = BigUint::from(1u32);
        for j in 0..=k {
            let term = &binom * nim_zero_tuples_from_zero(n, k - j);
            if j % 2 == 0 {
                plus += term
            } else {
                minus += term
            }
            binom = binom * BigUint::from(k - j) / BigUint::from(j + 1);
        }
        plus - minus
    }

    fn nim() -> HeapGame {
        HeapGame::Octal(OctalCode::parse("0.[3]").unwrap())
    }

    #[test]
    fn nim_counts_match_a_digit_dp_and_brute_force() {
        for n in 1..=12u64 {
            for k in 0..=4usize {
                let mut brute = 0u64;
                for_each_tuple(n, k, |t| brute += u64::from(t.iter().fold(0, |a, &x| a ^ (x + 1)) == 0));
                assert_eq!(nim_zero_tuples(n, k), BigUint::from(brute), "dp n={n} k={k}");
                let h = Heaps::new(nim(), n, k as u64).unwrap();
                assert_eq!(h.count_exact(Outcome::Losing).unwrap(), BigUint::from(brute), "n={n} k={k}");
            }
        }
        for n in
            [1000u64, 12_345, 1 << 20, (1 << 20) + 1, 10u64.pow(9) + 7, 10u64.pow(18), u64::MAX - 1, u64::MAX]
        {
            for k in 1..=4usize {
                let h = Heaps::new(nim(), n, k as u64).unwrap();
                assert_eq!(h.count_exact(Outcome::Losing).unwrap(), nim_zero_tuples(n, k), "n={n} k={k}");
            }
        }
    }

    #[test]
    fn huge_counts_exact_versus_modular() {
        let moduli = [1u64, 2, 7, 1 << 40, 1_000_000_000, 1_234_567_890, 1_000_000_007, u64::MAX];
        let games = [
            nim(),
            HeapGame::Subtraction(SubtractionSet::parse("all-but:1,3").unwrap()),
            HeapGame::Subtraction(SubtractionSet::parse("all-but:2,3,7").unwrap()),
            HeapGame::Octal(OctalCode::parse("0.1[3]").unwrap()),
        ];
        for game in games {
            for (n, k) in [(10u64.pow(18), 3u64), (12_345_678_901, 5), (999_999, 2), (10u64.pow(18), 40)] {
                for min in [0u64, 1, 7] {
                    let Ok(h) = Heaps::new(game.clone(), n, k).map(|h| h.with_min(min)) else { continue };
                    for o in [Outcome::Losing, Outcome::Winning] {
                        let exact = match h.count(Arithmetic::Exact, o) {
                            Ok(v) => v,
                            Err(e) => {
                                // 0.1[3] is only observed to be arithmetic-periodic
                                assert!(game.describe().contains("0.1[3]"), "{}: {e}", game.describe());
                                continue;
                            }
                        };
                        for m in moduli {
                            let got = h.count(Arithmetic::Modulo(Modulus::new(m).unwrap()), o).unwrap();
                            assert_eq!(got, &exact % m, "{} n={n} k={k} min={min} m={m}", game.describe());
                        }
                    }
                }
            }
        }
    }

    /// Block histograms (forced by a small `max_len`) beside other components
    /// in a sum, against the same sums with dense histograms.
    #[test]
    fn block_histograms_in_sums_match_dense_ones() {
        use grundy::{Heap, Sum, Values};
        for (text, n, min) in
            [("0.[3]", 1000u64, 1u64), ("0.[3]", 777, 0), ("all-but:1,3", 900, 3), ("all-but:2,3,7", 513, 0)]
        {
            let game =
                HeapGame::parse(text.contains(':').then_some(text), (!text.contains(':')).then_some(text))
                    .unwrap();
            let blocks = Heap::new(game.clone(), n).unwrap().with_min(min).with_limits(Limits::length(100));
            let dense = Heap::new(game, n).unwrap().with_min(min);
            let other = Values::new([0, 1, 1, 5, 6, 7, 7, 7]).unwrap();
            for k in [1u64, 2, 3] {
                let a = Sum::new().with(blocks.clone(), k).with(other.clone(), 2);
                let b = Sum::new().with(dense.clone(), k).with(other.clone(), 2);
                for o in [Outcome::Losing, Outcome::Winning] {
                    assert_eq!(
                        a.count_exact(o).unwrap(),
                        b.count_exact(o).unwrap(),
                        "{text} n={n} min={min} k={k}"
                    );
                    let m = Modulus::new(1 << 40).unwrap();
                    assert_eq!(a.count_mod(m, o).unwrap(), b.count_mod(m, o).unwrap());
                }
            }
        }
    }

    #[test]
    fn nim_at_ten_to_the_eighteen_modulo_a_prime() {
        let h = Heaps::new(nim(), 10u64.pow(18), 10u64.pow(18)).unwrap();
        let m = Modulus::new(1_000_000_007).unwrap();
        let losing = h.count_mod(m, Outcome::Losing).unwrap();
        let winning = h.count_mod(m, Outcome::Winning).unwrap();
        // losing + winning = N^K mod M
        let nk = BigUint::from(10u64.pow(18))
            .modpow(&BigUint::from(10u64.pow(18)), &BigUint::from(1_000_000_007u64));
        assert_eq!(BigUint::from((losing + winning) % 1_000_000_007), nk);
        // two heaps lose exactly when equal
        let two = Heaps::new(nim(), 10u64.pow(18), 2).unwrap();
        assert_eq!(two.count_exact(Outcome::Losing).unwrap(), BigUint::from(10u64.pow(18)));
    }

    #[test]
    fn games_without_a_theorem_are_computed_directly_and_refused_beyond() {
        let squares = HeapGame::Subtraction(SubtractionSet::parse("squares").unwrap());
        let h = Heaps::new(squares.clone(), 10u64.pow(8), 2).unwrap();
        let e = h.count_exact(Outcome::Losing).unwrap_err().to_string();
        assert!(e.contains("no periodicity theorem") && e.contains("`max_len`"), "{e}");
        let small = Heaps::new(squares, 2000, 2).unwrap().with_min(0);
        let values = SubtractionSet::parse("squares").unwrap().values(2001);
        let mut hist = vec![0u64; 64];
        values.iter().for_each(|&v| hist[v as usize] += 1);
        let pairs: u64 = hist.iter().map(|c| c * c).sum();
        assert_eq!(small.count_exact(Outcome::Losing).unwrap(), BigUint::from(pairs));
    }
}
