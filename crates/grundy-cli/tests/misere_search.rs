//! Misère counts the quotient refuses at its budget, answered by a direct
//! search (issue 32 item 1), or refused by its estimate in one line.

mod common;

use common::{ok_line, refused};
use grundy_reference::{OctalHeaps, Unordered, misere_heap_counts};

/// `heaps --game 0.6 --n 18 --piles 2 --play misere --count losing`: refused
/// before the search (the quotient of heaps up to 18 is beyond the default
/// `--misere-work`), now the whole-game oracle's count, at every order, with
/// `--min`, exactly and modulo M.
#[test]
fn two_heaps_of_0_6_up_to_18_answer_as_the_oracle_does() {
    let oracle = |min, kind| misere_heap_counts(OctalHeaps { digits: vec![0, 6] }, min, 18, 2, kind);
    for (order, kind) in
        [("ordered", None), ("multiset", Some(Unordered::Multiset)), ("set", Some(Unordered::Set))]
    {
        for min in [1u64, 3] {
            let (win, lose) = oracle(min, kind);
            let min_s = min.to_string();
            let args = |count: &'static str| {
                vec![
                    "heaps", "--game", "0.6", "--n", "18", "--piles", "2", "--play", "misere", "--count",
                    count, "--order", order, "--min", &min_s,
                ]
            };
            assert_eq!(ok_line(&args("losing")), lose.to_string(), "{order} min {min}");
            assert_eq!(ok_line(&args("winning")), win.to_string(), "{order} min {min}");
            let mut modular = args("losing");
            modular.extend(["--modulus", "7"]);
            assert_eq!(ok_line(&modular), (lose % 7).to_string(), "{order} min {min}");
        }
    }
    let (_, lose) = oracle(1, None);
    assert_eq!(lose, 100);
}

/// Beyond what a search takes, or more multisets of heap classes than
/// `--misere-work` steps: refused before any search, one line naming the
/// bound and the flag, exit 2, nothing on stdout.
#[test]
fn refused_by_the_search_estimate_in_one_line() {
    let err = refused(&["heaps", "--game", "0.6", "--n", "300", "--piles", "3", "--play", "misere"]);
    assert!(err.contains("for heaps up to 300") && !err.contains("direct search"), "{err}");
    assert!(err.contains("raise --misere-work"), "{err}");
    let args =
        ["heaps", "--game", "0.6", "--n", "200", "--piles", "3", "--play", "misere", "--misere-work", "10^5"];
    let err = refused(&args);
    assert!(err.contains("multisets of heap classes, each a search (limit --misere-work 100000)"), "{err}");
    assert!(err.ends_with("choose a smaller --n or raise --misere-work\n"), "{err}");
}
