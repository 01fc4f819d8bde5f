//! Subtraction games: a move removes `s` tokens from a heap, for `s` in a finite set `S`.
//!
//! `g(i) = mex{ g(i − s) : s ∈ S, s <= i }`. The mex of at most `|S|` values is at
//! most `|S|`, so every value lies in `0..=|S|`.

use super::period::Periodic;
use super::{HeapGame, Limits};
use crate::error::Error;

/// A finite set of positive subtraction amounts, sorted and without repeats.
///
/// ```
/// use grundy::SubtractionSet;
///
/// let s = SubtractionSet::parse("1, 3, 2^2").unwrap();
/// assert_eq!(s.moves(), &[1, 3, 4]);
/// assert_eq!(s.values(8), vec![0, 1, 0, 1, 2, 3, 2, 0]);
/// assert!(SubtractionSet::parse("0,1").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionSet {
    moves: Vec<u64>,
}

impl SubtractionSet {
    /// A set from its members; rejects an empty set and a zero member.
    pub fn new(mut moves: Vec<u64>) -> Result<Self, Error> {
        if moves.is_empty() {
            return Err(Error::invalid("moves", "is empty: the game has no moves"));
        }
        if moves.contains(&0) {
            return Err(Error::invalid("moves", "must be positive: 0 is not a move"));
        }
        moves.sort_unstable();
        moves.dedup();
        Ok(SubtractionSet { moves })
    }

    /// Parses a comma-separated list such as `2,3,5,7`, each item a number
    /// expression (`10^3`, `2^20+1`); an error names the offending item.
    pub fn parse(text: &str) -> Result<Self, Error> {
        if text.trim().is_empty() {
            return Err(Error::invalid("moves", "is empty: the game has no moves"));
        }
        let moves = text
            .split(',')
            .enumerate()
            .map(|(i, item)| {
                crate::parse::expression(item.trim())
                    .map_err(|e| Error::parse("move list", format!("item {} '{}': {e}", i + 1, item.trim())))
            })
            .collect::<Result<Vec<u64>, Error>>()?;
        Self::new(moves)
    }

    /// The members, ascending.
    pub fn moves(&self) -> &[u64] {
        &self.moves
    }

    /// The largest member.
    pub fn max(&self) -> u64 {
        *self.moves.last().expect("nonempty")
    }

    /// The members that can ever be played on heaps below `limit`.
    pub fn restricted_below(&self, limit: u64) -> Vec<u64> {
        self.moves.iter().copied().filter(|&s| s < limit).collect()
    }

    /// `g(0..len)` by the plain recurrence, `O(len·|S|)`.
    pub fn values(&self, len: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(len);
        let mut seen = vec![false; self.moves.len() + 2];
        for i in 0..len {
            for &s in &self.moves {
                if s as usize <= i {
                    let v = g[i - s as usize] as usize;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
            }
            let mex = seen.iter().position(|&x| !x).expect("mex bounded by |S|");
            seen.iter_mut().for_each(|x| *x = false);
            g.push(mex as u32);
        }
        g
    }

    /// The histogram of `g` over heap sizes `0..n` by a direct scan with a rolling
    /// window of the last `max(S)` values: `O(n·|S|)` time, `O(max S)` memory.
    /// This is the reference path for [`SubtractionSet::periodic`].
    pub fn histogram_by_scan(&self, n: u64) -> Vec<u128> {
        let moves: Vec<usize> = self.restricted_below(n).into_iter().map(|s| s as usize).collect();
        let window = moves.last().map_or(1, |&s| s + 1);
        let mut ring = vec![0u32; window];
        let mut hist = vec![0u128; moves.len() + 1];
        let mut seen = vec![false; moves.len() + 2];
        let mut pos = 0usize; // i mod window
        for i in 0..n {
            for &s in &moves {
                if s as u64 <= i {
                    let j = if pos >= s { pos - s } else { pos + window - s };
                    seen[ring[j] as usize] = true;
                }
            }
            let mex = seen.iter().position(|&x| !x).expect("mex bounded");
            seen.iter_mut().for_each(|x| *x = false);
            ring[pos] = mex as u32;
            hist[mex] += 1;
            pos += 1;
            if pos == window {
                pos = 0;
            }
        }
        hist
    }

    /// The certified periodic structure of `g`, computing at most `max_len` values.
    ///
    /// `g(i)` depends only on the `s = max S` values before it once `i >= s`, and
    /// for `i < s` on fewer, so if `g(i + p) = g(i)` for `s` consecutive `i >= e`,
    /// the windows that determine all later values coincide and the sequence is
    /// periodic from `e` on: agreement on `max(S)` consecutive values proves it.
    pub fn periodic(&self, max_len: usize) -> Option<Periodic> {
        HeapGame::Subtraction(self.clone()).analyze(0, Limits::length(max_len)).ok()?.periodic
    }
}
