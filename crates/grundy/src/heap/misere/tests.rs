use super::*;

fn code(c: &str) -> HeapGame {
    HeapGame::parse(None, Some(c)).unwrap()
}

#[test]
fn published_small_quotients() {
    // notes §6.1: (code, |Q|, |P|, period)
    for (c, order, p, period) in [("0.75", 8, 2, 2), ("0.71", 36, 9, 6), ("0.31", 6, 2, 2)] {
        let q = MisereQuotient::certify(&code(c), MisereLimits::default()).unwrap();
        assert_eq!(q.monoid().order(), order, "{c}");
        assert_eq!(q.monoid().p_portion().len(), p, "{c}");
        assert_eq!(q.period().unwrap().1, period, "{c}");
    }
}

#[test]
fn kayles_small_bounds() {
    // notes §6.1 / §7: |Q_n| = 2, 6, 6, 6, 12, ...
    let kayles = code("0.77");
    let orders: Vec<usize> = (1..=9)
        .map(|n| MisereQuotient::of_heaps(&kayles, n, MisereLimits::default()).unwrap().monoid().order())
        .collect();
    assert_eq!(orders, [2, 6, 6, 6, 12, 12, 12, 12, 18]);
    let q3 = MisereQuotient::of_heaps(&kayles, 3, MisereLimits::default()).unwrap();
    // ⟨a, b | a² = 1, b³ = b⟩: Φ(1) = a is an involution in P, Φ(2) = b with b³ = b
    let m = q3.monoid();
    let (a, b) = (q3.phi(1).unwrap(), q3.phi(2).unwrap());
    assert_eq!(m.mul(a, a), m.identity());
    assert_eq!(m.pow(b, 3), b);
    assert!(m.is_p(a) && m.is_p(m.mul(b, b)));
    assert_eq!(m.p_portion().len(), 2);
}

#[test]
fn nim_quotients_have_order_two_to_the_m_plus_two() {
    let nim = code("0.[3]");
    for (n, order) in [(1, 2), (3, 6), (7, 10)] {
        assert_eq!(
            MisereQuotient::of_heaps(&nim, n, MisereLimits::default()).unwrap().monoid().order(),
            order
        );
    }
}

#[test]
fn a_heap_without_moves_is_zero() {
    // 0.12: heap 2 has no move (d1 = 1 takes a whole heap of 1 only; d2 = 2 needs a heap > 2)
    let q = MisereQuotient::certify(&code("0.12"), MisereLimits::default()).unwrap();
    assert_eq!(q.phi(2), Some(q.monoid().identity()));
    eprintln!(
        "0.12: order {} P {:?} phi {:?} period {:?}",
        q.monoid().order(),
        q.monoid().p_portion(),
        q.phi_values(),
        q.period()
    );
}
