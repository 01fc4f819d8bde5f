//! The statistics of the two open games that the published table gives at
//! `2^21` values, reproduced: Flammenkamp's table of octal games as
//! re-verified by Czajka (github.com/tczajka/octal-games, `UnsolvedGames.md`,
//! commit 30baeb79):
//!
//! ```text
//! game     | n    | largest idx | largest | rare mask | num rare | last rare
//! Grundy's | 2^21 | 763622      | 231     | fe        | 1274     | 82860
//! .6       | 2^21 | 1274955     | 319     | 1ee       | 1584     | 20627
//! ```
//!
//! `num rare` counts heap 0. Each game is `2^21` values of a census game (a
//! few seconds of one core in release): the tests run in release only, as
//! `scripts/test-all.sh` (and so CI) runs them.

use grundy::census::census_game;
use grundy::heap::Limits;

/// `(largest idx, largest, rare mask, num rare, last rare)` of `code` at `2^21` values.
fn row(code: &str) -> (usize, u32, String, usize, Option<usize>) {
    let limits = Limits::new(1 << 21, u64::MAX).unwrap();
    let r = census_game(code, limits, &mut Default::default()).unwrap();
    assert_eq!(r.computed, 1 << 21, "{code}");
    let split = r.split.unwrap();
    (r.max_at, r.max_value, split.hex_mask(), split.heaps, split.last)
}

#[test]
#[cfg_attr(debug_assertions, ignore = "2^21 values: run in release (cargo test --release)")]
fn grundys_game_at_2_21_is_the_published_row() {
    assert_eq!(row("4!.0"), (763622, 231, "fe".to_string(), 1274, Some(82860)));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "2^21 values: run in release (cargo test --release)")]
fn dot_6_at_2_21_is_the_published_row() {
    assert_eq!(row("0.6"), (1274955, 319, "1ee".to_string(), 1584, Some(20627)));
}
