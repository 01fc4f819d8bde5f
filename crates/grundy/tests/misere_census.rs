//! The misère census ([`grundy::misere::census`]) and the independent checker
//! ([`grundy::misere::check`]): every two-digit quotient proved a second way,
//! weakened quotients refused, the orders of `Q_n` against the learner's, the
//! records kept and read back, and the published figures.

use grundy::HeapGame;
use grundy::census::{CensusFolder, census_codes};
use grundy::heap::OctalCode;
use grundy::misere::census::{
    MisereKept, MisereRecord, is_tame, misere_census_game, misere_kept, misere_record_path, misere_write,
    orders_by_bound,
};
use grundy::misere::check::{ClaimedQuotient, QuotientCheck, check_quotient, octal_moves, sums_count};
use grundy::misere::{MisereLimits, MisereQuotient, heap_options};

/// A new, empty census folder under the temporary directory, named after
/// `name` and this process: its path and the folder.
fn fresh_folder(name: &str) -> (std::path::PathBuf, CensusFolder) {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = CensusFolder::open(&dir).unwrap();
    (dir, folder)
}

/// The sums the tests check: heaps totalling at most this.
const TOTAL: usize = 20;

/// A small budget: every two-digit code within a second or two.
fn limits() -> MisereLimits {
    MisereLimits::new(200, 2_000_000).unwrap()
}

fn quotient(code: &str, limits: MisereLimits) -> MisereQuotient {
    let game = HeapGame::octal(code).unwrap();
    MisereQuotient::explore(&game, limits, &mut Default::default()).unwrap()
}

/// `Φ(0..=h)`, from the period beyond the bound.
fn phi(q: &MisereQuotient, h: usize) -> Vec<u32> {
    (0..=h as u64).map(|k| q.phi(k).unwrap()).collect()
}

/// The checker on `q`'s claim with `p` and `phi` in place of its own.
fn check_with(
    code: &str,
    q: &MisereQuotient,
    p: &[bool],
    phi: &[u32],
    table: &[u32],
    total: usize,
) -> QuotientCheck {
    let m = q.monoid();
    let claimed = ClaimedQuotient { order: m.order(), table, identity: m.identity(), p, phi };
    let h = phi.len() - 1;
    check_quotient(&OctalCode::parse(code).unwrap(), claimed, h, total, u64::MAX, &mut Default::default())
        .unwrap()
}

fn p_flags(q: &MisereQuotient) -> Vec<bool> {
    (0..q.monoid().order() as u32).map(|x| q.monoid().is_p(x)).collect()
}

#[test]
fn every_two_digit_quotient_passes_the_independent_check() {
    let mut certified = 0;
    for code in census_codes(2, &[0], false).unwrap() {
        let q = quotient(&code, limits());
        // a certified quotient decides every heap; an open one the heaps up to its bound
        let h = if q.period().is_some() { TOTAL } else { q.bound().min(TOTAL) };
        let report = check_with(&code, &q, &p_flags(&q), &phi(&q, h), q.monoid().table(), TOTAL);
        assert!(report.verified(), "{code}: {:?}", report.failure);
        assert_eq!(report.sums as u128, sums_count(h, TOTAL), "{code}");
        certified += usize::from(q.period().is_some());
    }
    assert!(certified >= 29, "{certified} certified");
}

/// The elements that some sum of heaps totalling at most `total` reaches.
fn reached(q: &MisereQuotient, phi: &[u32], total: usize) -> Vec<bool> {
    let m = q.monoid();
    let mut seen = vec![false; m.order()];
    // by total: the products of the sums of each total
    let mut by_total: Vec<Vec<(u32, usize)>> = vec![vec![(m.identity(), phi.len())]];
    seen[m.identity() as usize] = true;
    for t in 1..=total {
        let mut next = Vec::new();
        for a in 1..phi.len().min(t + 1) {
            for &(x, top) in &by_total[t - a] {
                if a <= top {
                    let y = m.mul(x, phi[a]);
                    seen[y as usize] = true;
                    next.push((y, a));
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        by_total.push(next);
    }
    seen
}

#[test]
fn a_weakened_quotient_fails_the_check() {
    for code in ["0.75", "0.31", "0.71", "0.34", "0.53", "0.72"] {
        let q = quotient(code, limits());
        let m = q.monoid();
        let (order, phi) = (m.order(), phi(&q, TOTAL));
        let p = p_flags(&q);
        // every P-flag flipped, one at a time: refused exactly when a sum checked reaches the element
        let reached = reached(&q, &phi, TOTAL);
        assert!(reached.iter().filter(|&&r| r).count() * 10 >= order * 9, "{code}");
        for x in 0..order {
            let mut flipped = p.clone();
            flipped[x] = !flipped[x];
            let r = check_with(code, &q, &flipped, &phi, m.table(), TOTAL);
            assert_eq!(r.verified(), !reached[x], "{code}: flipping element {x}");
        }
        // each heap's Φ moved to another element
        for h in 1..=8 {
            let mut moved = phi.clone();
            moved[h] = (moved[h] + 1) % order as u32;
            let r = check_with(code, &q, &p, &moved, m.table(), TOTAL);
            assert!(!r.verified(), "{code}: Φ({h}) moved passes");
        }
        // a product changed on both sides (still commutative), and on one side
        let mut table = m.table().to_vec();
        let (x, y) = (phi[1] as usize, phi[2] as usize);
        let other = (table[x * order + y] + 1) % order as u32;
        table[x * order + y] = other;
        table[y * order + x] = other;
        assert!(
            !check_with(code, &q, &p, &phi, &table, TOTAL).verified(),
            "{code}: a changed product passes"
        );
        let mut one_sided = m.table().to_vec();
        one_sided[x * order + (x + 1) % order] = (one_sided[x * order + (x + 1) % order] + 1) % order as u32;
        let r = check_with(code, &q, &p, &phi, &one_sided, TOTAL);
        assert!(r.failure.is_some_and(|f| f.contains("commutative") || f.contains("identity")), "{code}");
    }
    // the identity taken for another element
    let q = quotient("0.75", limits());
    let m = q.monoid();
    let claimed = ClaimedQuotient {
        order: m.order(),
        table: m.table(),
        identity: (m.identity() + 1) % m.order() as u32,
        p: &p_flags(&q),
        phi: &phi(&q, 8),
    };
    let r =
        check_quotient(&OctalCode::parse("0.75").unwrap(), claimed, 8, 8, u64::MAX, &mut Default::default());
    assert!(r.unwrap().failure.is_some_and(|f| f.contains("identity")));
}

#[test]
fn an_associativity_failure_is_found() {
    // {e, a, z}: a·a = z, z·a = z, but a·z = e, made commutative; (a·a)·a = z, a·(a·a) = e
    let table = [0, 1, 2, 1, 2, 0, 2, 0, 2];
    let q = ClaimedQuotient { order: 3, table: &table, identity: 0, p: &[false, true, false], phi: &[0, 1] };
    let r = check_quotient(&OctalCode::parse("0.1").unwrap(), q, 1, 4, u64::MAX, &mut Default::default())
        .unwrap();
    assert!(r.failure.is_some_and(|f| f.contains("associative")));
}

#[test]
fn the_work_is_estimated_and_refused_beyond_the_budget() {
    let q = quotient("0.75", limits());
    let m = q.monoid();
    let (p, phi) = (p_flags(&q), phi(&q, 40));
    let claimed =
        ClaimedQuotient { order: m.order(), table: m.table(), identity: m.identity(), p: &p, phi: &phi };
    let e = check_quotient(
        &OctalCode::parse("0.75").unwrap(),
        claimed,
        40,
        40,
        1_000_000,
        &mut Default::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("verify_work"), "{e}");
}

#[test]
fn the_checkers_moves_are_the_learners() {
    for code in census_codes(3, &[0, 4], false).unwrap().into_iter().step_by(7).chain([
        "4!.7".into(),
        "0.[37]".into(),
        "8.1".into(),
    ]) {
        let parsed = OctalCode::parse(&code).unwrap();
        let game = HeapGame::Octal(parsed.clone());
        for n in 0..=18usize {
            let mut mine: Vec<Vec<u64>> = octal_moves(&parsed, n)
                .into_iter()
                .map(|o| o.into_iter().map(|a| a as u64).collect())
                .collect();
            for o in &mut mine {
                o.sort_unstable();
            }
            mine.sort();
            mine.dedup();
            assert_eq!(mine, heap_options(&game, n as u64).unwrap(), "{code} heap {n}");
        }
    }
}

#[test]
fn the_orders_of_smaller_bounds_are_the_learners() {
    for code in ["0.77", "0.75", "0.07", "0.16", "0.53", "0.04", "0.6", "4.7"] {
        let game = HeapGame::octal(code).unwrap();
        let n = 12;
        let q = MisereQuotient::of_heaps(&game, n, Default::default()).unwrap();
        let mut phi = vec![q.monoid().identity()];
        phi.extend_from_slice(q.phi_values());
        let orders = orders_by_bound(q.monoid(), &phi);
        for k in 1..=n {
            let learned = MisereQuotient::of_heaps(&game, k, Default::default()).unwrap().monoid().order();
            let from_orders = orders.iter().rev().find(|&&(b, _)| b <= k).unwrap().1;
            assert_eq!(from_orders, learned, "{code}: |Q_{k}|");
        }
    }
}

#[test]
fn tame_quotients_are_those_of_misere_nim() {
    // Nim (0.[3]) and codes that play as Nim heaps of values 0 and 1 are tame; 0.75 and Kayles are wild
    for (code, tame) in
        [("0.[3]", true), ("0.3", true), ("0.1", true), ("0.32", true), ("0.75", false), ("0.77", false)]
    {
        let q = quotient(code, MisereLimits::new(30, 2_000_000).unwrap());
        let mut phi = vec![q.monoid().identity()];
        phi.extend_from_slice(q.phi_values());
        let parsed = OctalCode::parse(code).unwrap();
        assert_eq!(is_tame(&parsed, q.monoid(), &phi), tame, "{code}");
        if tame && q.monoid().order() > 2 {
            // a heap sent elsewhere breaks the map to misère Nim
            let mut moved = phi.clone();
            moved[1] = moved[2];
            assert!(!is_tame(&parsed, q.monoid(), &moved), "{code}");
        }
    }
    // every tame two-digit quotient has the order of a Nim quotient: 1, 2 or 2^k + 2
    for code in census_codes(2, &[0], false).unwrap() {
        let r = misere_census_game(&code, limits(), &mut Default::default()).unwrap();
        let nim_order = r.order <= 2 || (r.order - 2).is_power_of_two();
        assert!(!r.tame || nim_order, "{code}: tame of order {}", r.order);
    }
}

#[test]
fn records_are_kept_read_back_and_refused_when_damaged() {
    let (dir, folder) = fresh_folder("grundy-misere-census");
    let mut ctx = Default::default();
    let r = misere_census_game("0.75", limits(), &mut ctx).unwrap();
    let open = misere_census_game("0.6", limits(), &mut ctx).unwrap();
    assert!(r.certified() && !open.certified() && open.table.is_none());
    assert_eq!(MisereRecord::from_json(&r.to_json()).unwrap().to_json(), r.to_json());
    assert_eq!(misere_kept(&folder, "0.75", limits(), &mut ctx).unwrap(), MisereKept::Missing);
    misere_write(&folder, &r).unwrap();
    misere_write(&folder, &open).unwrap();
    assert!(misere_record_path(&folder, "0.75").ends_with("0.75.misere.json"));
    let back = |ctx: &mut _| misere_kept(&folder, "0.75", limits(), ctx).unwrap();
    assert!(
        matches!(back(&mut ctx), MisereKept::Resume(k) if k.to_json() == MisereRecord::from_json(&r.to_json()).unwrap().to_json())
    );
    assert!(matches!(misere_kept(&folder, "0.6", limits(), &mut ctx).unwrap(), MisereKept::Resume(_)));
    // other limits: computed again
    let other = MisereLimits::new(100, 2_000_000).unwrap();
    assert_eq!(misere_kept(&folder, "0.75", other, &mut ctx).unwrap(), MisereKept::Stale);
    // an edit breaks the checksum
    let path = misere_record_path(&folder, "0.75");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("\"p_size\":2", "\"p_size\":3")).unwrap();
    assert!(matches!(back(&mut ctx), MisereKept::Damaged(w) if w.contains("checksum")));
    // a wrong P-portion with its checksum recomputed: the independent check refuses it
    let mut wrong = r.clone();
    wrong.p_portion = (0..r.order as u32).filter(|x| !r.p_portion.contains(x)).take(2).collect();
    misere_write(&folder, &wrong).unwrap();
    assert!(
        matches!(back(&mut ctx), MisereKept::Damaged(w) if w.contains("fails the check")),
        "{:?}",
        back(&mut ctx)
    );
    // a table that is no monoid
    let mut broken = r.clone();
    if let Some(t) = &mut broken.table {
        t[9] = (t[9] + 1) % 8;
    }
    misere_write(&folder, &broken).unwrap();
    assert!(matches!(back(&mut ctx), MisereKept::Damaged(w) if w.contains("not a monoid")));
    std::fs::write(&path, "{").unwrap();
    assert!(matches!(back(&mut ctx), MisereKept::Damaged(w) if w.contains("not JSON")));
    // the normal record's name is another file
    assert_eq!(grundy::census::GameRecord::file_name("0.75"), "0.75.json");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A command line and a Python census share a folder: one reading a record
/// while the other writes it (its temporary file `FILE.partial` half
/// written) neither fails nor removes the other's temporary file, and
/// writing names a temporary file of its own (a shared `FILE.partial` made
/// the reader's check fail with "File exists" in CI).
#[test]
fn writers_sharing_a_folder_leave_each_others_temporary_files_alone() {
    let (dir, folder) = fresh_folder("grundy-misere-shared");
    let mut ctx = Default::default();
    let r = misere_census_game("0.75", limits(), &mut ctx).unwrap();
    // the other writer's temporary file, half written, under every name it might use
    let path = misere_record_path(&folder, "0.75");
    let theirs =
        [format!("{}.partial", path.display()), format!("{}/.0.75.misere.json.1.0.tmp", dir.display())];
    for t in &theirs {
        std::fs::write(t, "{\"canon").unwrap();
    }
    assert_eq!(misere_kept(&folder, "0.75", limits(), &mut ctx).unwrap(), MisereKept::Missing);
    misere_write(&folder, &r).unwrap();
    assert!(matches!(misere_kept(&folder, "0.75", limits(), &mut ctx).unwrap(), MisereKept::Resume(_)));
    for t in &theirs {
        assert_eq!(std::fs::read_to_string(t).unwrap(), "{\"canon", "{t} was touched");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Published figures, each with its source. Conventions: a heap without a
/// move is the game 0 (the identity); orders count every element, the
/// identity included.
#[test]
fn the_published_figures() {
    let census = |code: &str| misere_census_game(code, limits(), &mut Default::default()).unwrap();
    // 0.75: |Q| = 8, |P| = 2, Φ of period 2; the only misère quotient of order 8
    // (Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) #G05;
    // Siegel, "The structure and classification of misère quotients", arXiv math/0703070;
    // docs/theory/misere.md Appendix A)
    let r = census("0.75");
    assert_eq!((r.order, r.p_portion.len(), r.period.map(|p| p.1), r.tame), (8, 2, Some(2), false));
    // 0.71: |Q| = 36, |P| = 9, period 6; 0.31: |Q| = 6, |P| = 2, period 2 (docs/theory/misere.md Appendix A,
    // after Plambeck–Siegel, JCTA 115 (2008))
    let r = census("0.71");
    assert_eq!((r.order, r.p_portion.len(), r.period.map(|p| p.1)), (36, 9, Some(6)));
    let r = census("0.31");
    assert_eq!((r.order, r.p_portion.len(), r.period.map(|p| p.1)), (6, 2, Some(2)));
    // Kayles 0.77: |Q_n| = 2, 6, 6, 6, 12, 12, 12, 12, 18 for n = 1..9 (docs/theory/misere.md Appendix A);
    // misère Kayles is wild (Sibert and Conway's analysis; Plambeck, Theoretical Computer Science 96 (1992) 361-388)
    let r = census("0.77");
    assert_eq!(&r.orders[..4], &[(1, 2), (2, 6), (5, 12), (9, 18)]);
    assert!(!r.tame);
    // every misère quotient of impartial games has even order (Plambeck–Siegel, JCTA 2008, as cited in
    // Rubinstein-Salzedo and Zhou, "Finite cardinalities of misère quotients", arXiv 2603.18244, §1):
    // each two-digit quotient that contains a game other than 0
    // and a finite quotient with |P| = 2 has order 2^n + 2 or 2^n + 4 (Siegel, "The structure and
    // classification of misère quotients", arXiv math/0703070, abstract,
    // http://www.arxitics.com/articles/math/0703070): every quotient of the heaps up to a bound is one
    let mut p2 = 0;
    for code in census_codes(2, &[0], false).unwrap() {
        let r = census(&code);
        assert!(r.order % 2 == 0, "{code}: order {}", r.order);
        if r.p_portion.len() == 2 {
            let (a, b) = (r.order.wrapping_sub(2), r.order.wrapping_sub(4));
            assert!(a.is_power_of_two() || b.is_power_of_two(), "{code}: |P| = 2, order {}", r.order);
            p2 += 1;
        }
    }
    assert!(p2 >= 9, "{p2} quotients with |P| = 2");
}

/// The plan of a misère census: codes grouped by game, records that stand
/// read back, damaged ones listed and computed again, stale and missing
/// ones computed; a record that is not a regular file refused first.
#[test]
fn the_misere_plan_reads_back_what_stands_and_recomputes_the_rest() {
    use grundy::misere::census::misere_census_plan;
    let (dir, folder) = fresh_folder("grundy-misere-plan");
    let mut ctx = Default::default();
    let other = MisereLimits::new(100, 2_000_000).unwrap();
    misere_write(&folder, &misere_census_game("0.75", limits(), &mut ctx).unwrap()).unwrap();
    misere_write(&folder, &misere_census_game("0.6", other, &mut ctx).unwrap()).unwrap();
    std::fs::write(misere_record_path(&folder, "0.07"), "{").unwrap();
    let codes: Vec<String> = ["0.75", "0.750", "0.6", "0.07", "0.77"].map(String::from).to_vec();
    let plan = misere_census_plan(&codes, Some(&folder), limits(), &mut ctx).unwrap();
    let names: Vec<&str> = plan.games.iter().map(|g| g.canonical.as_str()).collect();
    assert_eq!(names, ["0.75", "0.6", "0.07", "0.77"]);
    assert_eq!(plan.games[0].codes, ["0.75", "0.750"]);
    assert_eq!(plan.ready.iter().map(|(g, _)| *g).collect::<Vec<_>>(), [0]);
    assert_eq!(plan.tasks, [1, 2, 3]);
    assert_eq!(plan.damaged.len(), 1);
    assert_eq!(plan.damaged[0].0, misere_record_path(&folder, "0.07"));
    // without a folder every game is computed
    let bare = misere_census_plan(&codes, None, limits(), &mut ctx).unwrap();
    assert!(bare.ready.is_empty() && bare.damaged.is_empty() && bare.tasks == [0, 1, 2, 3]);
    // a record that is not a regular file is refused before any is read
    std::fs::create_dir(misere_record_path(&folder, "0.77")).unwrap();
    assert!(misere_census_plan(&codes, Some(&folder), limits(), &mut ctx).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
