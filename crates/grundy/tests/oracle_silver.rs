//! The silver dollar game against the oracle, which plays the coins on the strip.

mod common;

use common::assert_matches_oracle;
use grundy::{Counter, SilverDollar};
use grundy_reference::silver_dollar_counts;

#[test]
fn every_strip_up_to_twelve_squares() {
    for n in 1..=12u32 {
        for coins in 0..n {
            let oracle = silver_dollar_counts(n, coins);
            let game = SilverDollar::new(n as u64, coins as u64).unwrap();
            assert_matches_oracle(&format!("silver n={n} coins={coins}"), oracle, |a, o| game.count(a, o));
        }
    }
}

#[test]
fn too_many_coins_is_refused() {
    assert!(SilverDollar::new(5, 5).is_err());
    assert!(SilverDollar::new(5, 4).is_ok());
}

#[test]
fn longer_strips_with_few_coins() {
    for n in 13..=15u32 {
        for coins in 0..=3u32 {
            let oracle = silver_dollar_counts(n, coins);
            let game = SilverDollar::new(n as u64, coins as u64).unwrap();
            assert_matches_oracle(&format!("silver n={n} coins={coins}"), oracle, |a, o| game.count(a, o));
        }
    }
}

/// The oracle's losing count of `coins` coins and the dollar on `n` squares,
/// 0 when the strip is too short for them.
fn oracle_losing(n: u32, coins: u32) -> i128 {
    if coins + 1 > n { 0 } else { i128::from(silver_dollar_counts(n, coins).1) }
}

/// An even coin count from odd ones on the neighbouring boards
/// (`docs/theory/silver-dollar.md`, Theorem 1):
/// `(c+1)·L(n, c) = (c−1)·L(n+2, c+1) − (c−2)·L(n+1, c+1) − L(n, c+1) − (c+1)·L(n, c−1)`
/// for even `c >= 2`, checked on the game played out for every strip up to
/// 13 squares: the oracle knows nothing of gaps, staircases or carries.
#[test]
fn even_counts_are_odd_counts_of_the_neighbouring_boards() {
    let mut checked = 0;
    for n in 3..=11u32 {
        for coins in (2..n).step_by(2) {
            let c = i128::from(coins);
            let right = (c - 1) * oracle_losing(n + 2, coins + 1)
                - (c - 2) * oracle_losing(n + 1, coins + 1)
                - oracle_losing(n, coins + 1)
                - (c + 1) * oracle_losing(n, coins - 1);
            assert_eq!((c + 1) * oracle_losing(n, coins), right, "n={n} coins={coins}");
            checked += 1;
        }
    }
    assert_eq!(checked, 25);
}
