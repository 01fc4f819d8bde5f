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
