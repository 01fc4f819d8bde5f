//! Misère nim-values and genera of heaps, and the presentations of misère
//! quotients, against the oracle that plays whole misère games.
//!
//! The oracle knows no mex, genus or quotient: `γ_k(H_n)` is the `x` for
//! which `H_n + 2_k + *x` is a misère P-position (Lemma 0 of
//! `misere/quotient/genus.rs`), found by playing that sum; `g⁺(H_n)` is the mex
//! search of normal play on the heap alone.

mod common;

use common::{octal_digits, two_digit_codes};
use grundy::misere::{BipartiteMonoid, GenusTable, Presentation};
use grundy::misere::{MisereLimits, MisereQuotient};
use grundy::{Context, HeapGame};
use grundy_reference::{Game, MisereSolver, OctalHeaps, Pair, Solver, SubtractionBy, SubtractionHeap, Sum};
use proptest::prelude::*;

type Nim = Sum<SubtractionBy<fn(u64) -> bool>>;

fn nim() -> Nim {
    Sum(SubtractionBy((|_| true) as fn(u64) -> bool))
}

/// `γ_k` of the position `heap` by play: the `x` with `heap + 2_k + *x` a misère P-position.
fn oracle_gamma<G: Game>(solver: &mut MisereSolver<Pair<G, Nim>>, heap: &G::Pos, k: usize) -> u32 {
    (0..64u64)
        .find(|&x| {
            let mut nims = vec![2; k];
            nims.push(x);
            nims.sort_unstable();
            !solver.is_winning(&(heap.clone(), nims))
        })
        .expect("some x below 64") as u32
}

fn game(code: &str) -> HeapGame {
    HeapGame::parse(None, Some(code)).unwrap()
}

fn genus_table(game: &HeapGame, n: usize) -> GenusTable {
    let t = GenusTable::of_game(game, n, u64::MAX, &mut Context::default()).unwrap();
    assert!(t.complete());
    t
}

/// Every `γ_k`, `k <= 6`, of heaps `1..=n` of an octal code (the listed terms
/// and their periodic extension), and `g⁺`.
fn check_code(code: &str, n: u64) {
    let Ok(g) = HeapGame::parse(None, Some(code)) else {
        return; // a code without moves is refused
    };
    let t = genus_table(&g, n as usize);
    let mut misere = MisereSolver::new(Pair(OctalHeaps { digits: octal_digits(code) }, nim()));
    let mut normal = Solver::new(OctalHeaps { digits: octal_digits(code) });
    for n in 1..=t.len() {
        let heap = vec![n as u64];
        assert_eq!(t.normal(n), Some(normal.grundy(&heap)), "{code} heap {n} g⁺");
        for k in 0..=6 {
            assert_eq!(t.gamma_at(n, k), Some(oracle_gamma(&mut misere, &heap, k)), "{code} heap {n} γ_{k}");
        }
        assert_eq!(t.misere(n), Some(t.gamma(n).unwrap()[0]));
    }
}

#[test]
fn every_octal_code_of_up_to_two_digits() {
    for d1 in 0..8 {
        check_code(&format!("0.{d1}"), 7);
        for d2 in 0..8 {
            check_code(&format!("0.{d1}{d2}"), 7);
        }
    }
}

#[test]
fn a_sample_of_longer_codes() {
    for code in ["0.137", "0.777", "0.456", "4.07", "0.165", "0.643", "4.37", "0.073", "0.312"] {
        check_code(code, 6);
    }
}

#[test]
fn subtraction_games() {
    for moves in [vec![1, 2], vec![1, 3, 4], vec![2, 5, 7], vec![3, 5]] {
        let list: Vec<String> = moves.iter().map(u64::to_string).collect();
        let g = HeapGame::parse(Some(&list.join(",")), None).unwrap();
        let t = genus_table(&g, 14);
        let mut misere = MisereSolver::new(Pair(SubtractionHeap(moves.clone()), nim()));
        let mut normal = Solver::new(SubtractionHeap(moves.clone()));
        for n in 1..=t.len() {
            let heap = n as u64;
            assert_eq!(t.normal(n), Some(normal.grundy(&heap)), "{moves:?} heap {heap}");
            for k in 0..=6 {
                assert_eq!(
                    t.gamma_at(n, k),
                    Some(oracle_gamma(&mut misere, &heap, k)),
                    "{moves:?} heap {heap} γ_{k}"
                );
            }
        }
    }
}

/// `g⁻(H_n) = 0` exactly when `Φ(n)` lies in the P-portion (both say "H_n is
/// a misère P-position").
#[test]
fn misere_values_agree_with_the_quotient() {
    let mut checked = 0;
    for (code, g) in two_digit_codes() {
        let Ok(q) = MisereQuotient::of_heaps(&g, 9, MisereLimits::default()) else {
            continue;
        };
        let t = genus_table(&g, q.bound());
        for (i, &v) in t.misere_values().iter().enumerate() {
            let phi = q.phi(i as u64 + 1).unwrap();
            assert_eq!(v == 0, q.monoid().is_p(phi), "{code} heap {}", i + 1);
            checked += 1;
        }
    }
    assert!(checked > 400, "{checked}");
}

/// The value of a monomial, from the table.
fn value(m: &BipartiteMonoid, p: &Presentation, exps: &[u32]) -> u32 {
    p.generators().zip(exps).fold(m.identity(), |acc, ((_, _, g), &e)| m.mul(acc, m.pow(g, e as u64)))
}

/// The presentation gives back the monoid: normal forms are distinct and
/// closed under divisors, each relation holds and has normal proper divisors,
/// the table rebuilt from normal forms and relations alone is the table, every
/// monomial up to degree `max_degree` rewrites to the normal form of its
/// value, and every heap's value is generated.
fn check_presentation(what: &str, q: &MisereQuotient, max_degree: u32) {
    let m = q.monoid();
    let p = q.presentation().unwrap();
    let order = m.order() as u32;
    let r = p.generators().len();
    for (_, heap, g) in p.generators() {
        assert_eq!(q.phi(heap as u64), Some(g), "{what}");
    }
    let mut normals = std::collections::HashSet::new();
    for x in 0..order {
        let nf = p.normal_form(x).to_vec();
        assert_eq!(value(m, &p, &nf), x, "{what}");
        assert_eq!(p.rewrite(&nf), nf, "{what}");
        assert!(normals.insert(nf), "{what}");
    }
    let is_normal = |e: &Vec<u32>| normals.contains(e);
    for (lhs, x) in p.relations() {
        assert_eq!(value(m, &p, lhs), *x, "{what}");
        assert!(!is_normal(lhs), "{what}");
        for i in (0..r).filter(|&i| lhs[i] > 0) {
            let mut d = lhs.clone();
            d[i] -= 1;
            assert!(is_normal(&d), "{what}: a proper divisor of a relation is not normal");
        }
    }
    for x in 0..order {
        for y in 0..order {
            let sum: Vec<u32> = p.normal_form(x).iter().zip(p.normal_form(y)).map(|(a, b)| a + b).collect();
            assert_eq!(p.rewrite(&sum), p.normal_form(m.mul(x, y)), "{what} {x}·{y}");
        }
    }
    // every monomial of degree <= max_degree
    let mut level = vec![vec![0u32; r]];
    for _ in 0..max_degree {
        let mut next = Vec::new();
        for e in &level {
            for i in 0..r {
                let mut f = e.clone();
                f[i] += 1;
                assert_eq!(p.rewrite(&f), p.normal_form(value(m, &p, &f)), "{what} {f:?}");
                next.push(f);
            }
        }
        next.sort_unstable();
        next.dedup();
        level = next;
    }
}

#[test]
fn presentations_give_back_the_table_for_every_two_digit_code() {
    let mut checked = 0;
    for (code, g) in two_digit_codes() {
        for n in [3, 6, 10] {
            if let Ok(q) = MisereQuotient::of_heaps(&g, n, MisereLimits::default()) {
                check_presentation(&format!("{code} heaps ≤ {n}"), &q, 4);
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "{checked}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn presentations_give_back_the_table_for_longer_codes(digits in proptest::collection::vec(0u8..8, 3), n in 4usize..12) {
        let code = format!("0.{}{}{}", digits[0], digits[1], digits[2]);
        if let Ok(g) = HeapGame::parse(None, Some(&code))
            && let Ok(q) = MisereQuotient::of_heaps(&g, n, MisereLimits::default().with_max_order(256))
        {
            check_presentation(&format!("{code} heaps ≤ {n}"), &q, 3);
        }
    }
}

fn words(q: &MisereQuotient) -> (Vec<String>, Vec<String>, Vec<String>) {
    let p = q.presentation().unwrap();
    let gens = p.generators().map(|(name, heap, _)| format!("{name}={heap}")).collect();
    // the P-portion as words, sorted (element labels are arbitrary)
    let mut pw: Vec<String> = q.monoid().p_portion().into_iter().map(|x| p.word_of(x)).collect();
    pw.sort();
    (gens, p.relation_strings(), pw)
}

/// Plambeck–Siegel's misère Nim quotient of heaps up to 3,
/// `⟨a, b | a² = 1, b³ = b⟩`, `P = {a, b²}`, 6 elements; the same for Kayles'
/// heaps up to 3 (they are nim-heaps).
#[test]
fn misere_nim_up_to_three_is_t2() {
    for code in ["0.[3]", "0.77"] {
        let q = MisereQuotient::of_heaps(&game(code), 3, MisereLimits::default()).unwrap();
        assert_eq!(q.monoid().order(), 6);
        let (gens, relations, p) = words(&q);
        assert_eq!(gens, ["a=1", "b=2"], "{code}");
        assert_eq!(relations, ["a^2 = 1", "b^3 = b"], "{code}");
        assert_eq!(p, ["a", "b^2"], "{code}");
        assert_eq!(q.presentation().unwrap().word_of(q.phi(3).unwrap()), "a b");
    }
}

/// Kayles' heaps up to 5 (`docs/theory/misere.md`, Appendix A; first computed by an
/// independent prototype outside the repository, checked here against the oracle): heap 5 is a second involution, `P = {a, b², ae}`.
#[test]
fn kayles_up_to_five() {
    let q = MisereQuotient::of_heaps(&game("0.77"), 5, MisereLimits::default()).unwrap();
    assert_eq!(q.monoid().order(), 12);
    let (gens, relations, p) = words(&q);
    assert_eq!(gens, ["a=1", "b=2", "c=5"]);
    assert_eq!(relations, ["a^2 = 1", "c^2 = 1", "b^3 = b"]);
    assert_eq!(p, ["a", "a c", "b^2"]);
}

/// 0.75's quotient of order 8 (computed here; its order, P-portion and
/// period are the figures of `docs/theory/misere.md`, Appendix A).
#[test]
fn quotient_of_0_75() {
    let q = MisereQuotient::certify(&game("0.75"), MisereLimits::default()).unwrap();
    let (gens, relations, p) = words(&q);
    assert_eq!(gens, ["a=1", "b=2", "c=5"]);
    assert_eq!(relations, ["a^2 = 1", "b c = a b", "c^2 = b^2", "b^3 = b"]);
    assert_eq!(p, ["a", "b^2"]);
}
