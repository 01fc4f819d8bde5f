//! Requests at the edges: the empty board, and a refusal that names every
//! limit that binds.

mod common;

use common::{answer, ok_line, refused, with_stdin};

#[test]
fn the_empty_board_has_one_placement_of_no_token_and_none_of_a_token() {
    for moves in ["2,3,5,7", "1", "squares", "all-but:2"] {
        for dims in ["1", "2", "3"] {
            let count = |tokens: &str, play: &str, outcome: &str, extra: &[&str]| {
                let args = ["board", "--n", "0", "--tokens", tokens, "--moves", moves, "--dims", dims];
                ok_line(&[&args[..], &["--play", play, "--count", outcome], extra].concat())
            };
            // no token: the empty position, lost by the player to move in normal play, won in misère play
            assert_eq!(count("0", "normal", "losing", &[]), "1", "{moves} {dims}");
            assert_eq!(count("0", "normal", "winning", &[]), "0", "{moves} {dims}");
            assert_eq!(count("0", "misere", "winning", &[]), "1", "{moves} {dims}");
            assert_eq!(count("0", "misere", "losing", &[]), "0", "{moves} {dims}");
            for tokens in ["1", "3", "10^18"] {
                for play in ["normal", "misere"] {
                    for outcome in ["winning", "losing"] {
                        assert_eq!(count(tokens, play, outcome, &["--modulus", "7"]), "0", "{moves} {dims}");
                        // (an exact unordered count of 10^18 tokens is refused by its estimate, board or not)
                        for order in ["multiset", "set"].into_iter().filter(|_| tokens != "10^18") {
                            let got = count(tokens, play, outcome, &["--order", order]);
                            assert_eq!(got, "0", "{moves} {dims} {tokens} {play} {outcome} {order}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn an_uncertified_heap_names_both_the_work_budget_and_the_length_limit() {
    // Grundy's game: the default work budget stops the search long before
    // 2^20 values, and 2^20 values (the length limit) do not reach heap 2^20
    let e = refused(&["heaps", "--game", "4!.0", "--n", "2^20", "--piles", "2"]);
    assert!(e.contains("raise --max-work") && e.contains("--max-len (1048576) above 1048576"), "{e}");
}

#[test]
fn three_heap_splits_are_refused_by_their_estimate_naming_the_flags() {
    // 0.08 to 30000 ran 59 s and 100 F digits to 4096 over a minute, both accepted with no estimate
    let hundred_f = format!("0.{}", "F".repeat(100));
    for (code, n) in [("0.08", "30000"), (hundred_f.as_str(), "4096")] {
        let e = refused(&["heaps", "--game", code, "--n", n, "--piles", "2", "--modulus", "7"]);
        assert!(e.contains("mex steps") && e.contains("choose a smaller --n or raise --max-work"), "{e}");
        let e = refused(&["sequence", "--game", code, "--len", n]);
        assert!(e.contains("choose a smaller --len or raise --max-work"), "{e}");
    }
    // a small request of the same game answers
    assert_eq!(
        ok_line(&["heaps", "--game", "0.08", "--n", "300", "--piles", "2", "--modulus", "7"]).len(),
        1
    );
}

/// The request: a few values spanning 30 bits (a table of 2^30
/// counts, 16 GiB, was refused), with and without --histogram, against a
/// brute force over the tuples.
#[test]
fn few_values_spanning_many_bits_are_counted_with_or_without_a_histogram() {
    let run = |args: &[&str], input: &str| answer(args, &with_stdin(args, input));
    // thirty powers of two, and eight values more that depend on them
    let mut values: Vec<(u64, u32)> = (0..30).map(|j| (1u64 << j, 1 + j % 2)).collect();
    values.extend((0..8).map(|j| ((1u64 << j) ^ (1 << (j + 20)) ^ (1 << 29), 1)));
    let plain: String =
        values.iter().flat_map(|&(v, c)| std::iter::repeat_n(format!("{v}\n"), c as usize)).collect();
    let histogram: String = values.iter().map(|(v, c)| format!("{v} {c}\n")).collect();
    // the positions, one per line, for the brute force
    let positions: Vec<u64> = values.iter().flat_map(|&(v, c)| std::iter::repeat_n(v, c as usize)).collect();
    for piles in [2usize, 3, 4] {
        let mut losing = 0u64;
        let n = positions.len();
        let mut index = vec![0usize; piles];
        loop {
            losing += u64::from(index.iter().fold(0, |x, &i| x ^ positions[i]) == 0);
            let Some(j) = (0..piles).rev().find(|&j| index[j] + 1 < n) else { break };
            index[j] += 1;
            index[j + 1..].iter_mut().for_each(|i| *i = 0);
        }
        let p = piles.to_string();
        for modulus in [None, Some(7u64)] {
            let m = modulus.map(|m| m.to_string());
            let extra: Vec<&str> = m.iter().flat_map(|m| ["--modulus", m.as_str()]).collect();
            let want = modulus.map_or(losing, |m| losing % m).to_string();
            let plain_args = [&["count", "--values", "-", "--piles", &p][..], &extra].concat();
            assert_eq!(run(&plain_args, &plain), want, "piles {piles} {modulus:?}");
            let histogram_args = [&plain_args[..], &["--histogram"]].concat();
            assert_eq!(run(&histogram_args, &histogram), want, "piles {piles} {modulus:?} --histogram");
        }
    }
}
