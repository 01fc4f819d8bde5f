//! The options of one heap as the multisets of nonempty heaps a move leaves:
//! the same moves as normal play ([`crate::heap::octal`]'s digits and split
//! sizes, subtraction sets, [`crate::HeapRules`]).

use crate::error::Error;
use crate::heap::{HeapGame, OctalCode};

/// The options of heap `n` of a code: digit bit 1 (`k = n`: nothing left), 2
/// (`k < n`: one heap), 4 and 8 (two or three nonempty heaps, pairwise
/// different under `!`), `k` tokens removed.
pub fn code_options(code: &OctalCode, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let reach = code.max_removal().map_or(n, |t| (t as u64).min(n));
    for k in 1..=reach {
        let d = code.digit(k as usize);
        if k == n && d & 1 != 0 {
            out.push(vec![]);
        }
        if k < n && d & 2 != 0 {
            out.push(vec![n - k]);
        }
    }
    for (m, distinct) in code.split_sizes(n as usize) {
        let m = m as u64;
        out.extend((1..=m / 2).filter(|&a| !distinct || 2 * a != m).map(|a| vec![a, m - a]));
    }
    for (m, distinct) in code.triple_sizes(n as usize) {
        let m = m as u64;
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                let c = m - a - b;
                if !distinct || (a != b && b != c) {
                    out.push(vec![a, b, c]);
                }
            }
        }
    }
    out
}

/// The options of heap `n` of a heap game (zeros dropped, each sorted, no duplicates).
pub fn heap_options(game: &HeapGame, n: u64) -> Result<Vec<Vec<u64>>, Error> {
    let mut out = match game {
        HeapGame::Octal(c) => code_options(c, n),
        HeapGame::Subtraction(s) => match (s.finite_moves(), s.as_code()) {
            (Some(m), _) => {
                m.iter().filter(|&&x| x <= n).map(|&x| if x == n { vec![] } else { vec![n - x] }).collect()
            }
            (_, Some(code)) => code_options(&code, n),
            _ => (1..=n)
                .filter(|&x| s.contains(x))
                .map(|x| if x == n { vec![] } else { vec![n - x] })
                .collect(),
        },
        HeapGame::Rules(r) => r.options(n)?,
    };
    for o in &mut out {
        o.retain(|&a| a > 0);
        o.sort_unstable();
    }
    out.sort();
    out.dedup();
    Ok(out)
}
