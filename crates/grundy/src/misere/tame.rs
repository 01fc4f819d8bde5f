//! Tameness ([`is_tame`]): whether a code's misère quotient is a quotient of
//! misère Nim (`docs/theory/misere.md` §10), what a misère census record keeps
//! as `tame`.

use super::check::octal_moves;
use crate::count::BipartiteMonoid;
use crate::heap::OctalCode;
use rustc_hash::FxHashSet;

/// The normal-play values `g(0..=n)` of an octal code, by mex over
/// [`octal_moves`].
fn normal_values(code: &OctalCode, n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    for k in 0..=n {
        let seen: FxHashSet<u32> =
            octal_moves(code, k).iter().map(|o| o.iter().fold(0, |x, &a| x ^ g[a])).collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
    }
    g
}

/// Whether the quotient is *tame*: isomorphic, through heap `n ↦ *g(n)`, to
/// a quotient of misère Nim (`docs/theory/misere.md` Definition 10.1 and
/// Corollary 10.4). Misère Nim's quotient has the elements `(v, big)`: the
/// XOR `v` of the heaps and whether one is `>= 2` (`v ∈ {0, 1}` when none
/// is), `(v, b)(v′, b′) = (v ⊕ v′, b ∨ b′)`, P-portion `{(1, small), (0,
/// big)}`. Heap `n` goes to `(g(n), big)` where `big` is `g(n) >= 2`, or for
/// `g(n) ∈ {0, 1}` whether the heap is *firm* (its misère outcome alone is
/// that of `*g(n)` taken with a `*2 + *2`: P for `g = 0`, N for `g = 1`).
/// The quotient is tame when that map extends to a homomorphism
/// `Q → Nim's quotient` (checked on every product of an element with a
/// heap's image: the heaps generate `Q`) that is one-to-one and keeps the
/// P-portion.
pub fn is_tame(code: &OctalCode, m: &BipartiteMonoid, phi: &[u32]) -> bool {
    let g = normal_values(code, phi.len().saturating_sub(1));
    let nim = |n: usize| {
        let firm = match g[n] {
            0 => m.is_p(phi[n]),
            1 => !m.is_p(phi[n]),
            _ => true,
        };
        (g[n], firm)
    };
    let nim_p = |(v, big): (u32, bool)| if big { v == 0 } else { v == 1 };
    let mut image: Vec<Option<(u32, bool)>> = vec![None; m.order()];
    image[m.identity() as usize] = Some((0, false));
    let mut queue = vec![m.identity()];
    let mut i = 0;
    while i < queue.len() {
        let x = queue[i];
        let Some((v, b)) = image[x as usize] else { return false };
        for (n, &heap) in phi.iter().enumerate().skip(1) {
            let (w, c) = nim(n);
            let want = (v ^ w, b || c);
            let y = m.mul(x, heap) as usize;
            match image[y] {
                None => {
                    image[y] = Some(want);
                    queue.push(y as u32);
                }
                Some(have) if have != want => return false,
                Some(_) => {}
            }
        }
        i += 1;
    }
    let mut seen = FxHashSet::default();
    (0..m.order()).all(|x| match image[x] {
        Some(t) => seen.insert(t) && nim_p(t) == m.is_p(x as u32) && (t.1 || t.0 <= 1),
        None => false,
    })
}
