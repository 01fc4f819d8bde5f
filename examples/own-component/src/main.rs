//! A game of our own as a component of sums, counted by grundy in normal and
//! misère play and checked against a search of the whole sum.
//!
//! The game: a heap of tokens from which a move removes a positive square
//! number of tokens (1, 4, 9, …). A component is one such heap of any size in
//! `1..=n`. Its normal-play histogram comes from the Grundy values (by mex);
//! its misère histogram from the misère quotient of the game's heaps, which
//! grundy learns from the options we give it.

use grundy::count::{Histogram, MisereHistogram, Positions};
use grundy::misere::{MisereLimits, MisereQuotient};
use grundy::{Component, Context, Counter, Error, Outcome, Play, Sum};
use std::collections::HashMap;

/// The heap sizes a move leaves from a heap of `k`: `k − s` for each square `s <= k`.
fn moves(k: u64) -> impl Iterator<Item = u64> {
    (1u64..).map(|r| r * r).take_while(move |&s| s <= k).map(move |s| k - s)
}

/// One heap of the square-taking game, of any size in `1..=n`.
struct SquareHeap {
    n: u64,
}

impl Component for SquareHeap {
    fn positions(&self) -> Positions {
        Positions::count(u128::from(self.n))
    }

    /// The Grundy value of a heap is the mex of the values it moves to.
    fn histogram(&self, _ctx: &mut Context<'_>) -> Result<Histogram, Error> {
        let mut values: Vec<usize> = Vec::new();
        for k in 0..=self.n {
            let reached: Vec<usize> = moves(k).map(|m| values[m as usize]).collect();
            values.push((0..).find(|v| !reached.contains(v)).unwrap_or(0));
        }
        let mut counts = vec![0u128; values.iter().max().map_or(1, |&v| v + 1)];
        for &v in &values[1..] {
            counts[v] += 1;
        }
        Histogram::dense(counts)
    }

    /// The misère quotient of heaps `1..=n`, from the options of each heap: a
    /// move leaves one smaller heap, or nothing when it takes the whole heap.
    /// Each heap size counts once, at its image in the quotient.
    fn misere_histogram(&self, ctx: &mut Context<'_>) -> Result<MisereHistogram, Error> {
        let options = |k: u64| Ok(moves(k).map(|m| if m == 0 { vec![] } else { vec![m] }).collect());
        let limits = MisereLimits::default().with_max_len(self.n as usize);
        let quotient = MisereQuotient::compute(&options, self.n as usize, None, limits, ctx)?;
        let counts = quotient.histogram(1, self.n)?;
        Ok(MisereHistogram::Quotient { monoid: quotient.monoid().clone(), counts })
    }
}

/// Whether the player to move wins the sum of `heaps` (sorted, no empty
/// heaps), searching the whole game: without a move, the player to move
/// loses in normal play and wins in misère play.
fn to_move_wins(heaps: Vec<u64>, misere: bool, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    for (i, &h) in heaps.iter().enumerate() {
        for m in moves(h) {
            any_move = true;
            let mut next = heaps.clone();
            next[i] = m;
            next.retain(|&x| x > 0);
            next.sort_unstable();
            if !to_move_wins(next, misere, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    let result = if any_move { wins } else { misere };
    memo.insert(heaps, result);
    result
}

/// The losing positions of `copies` heaps, each of size `1..=n`, counted by
/// playing every position of the sum.
fn brute_force_losing(n: u64, copies: u32, misere: bool) -> u64 {
    let mut memo = HashMap::new();
    let mut losing = 0;
    for index in 0..n.pow(copies) {
        let mut heaps: Vec<u64> = (0..copies).map(|j| index / n.pow(j) % n + 1).collect();
        heaps.sort_unstable();
        if !to_move_wins(heaps, misere, &mut memo) {
            losing += 1;
        }
    }
    losing
}

fn main() -> Result<(), Error> {
    let (n, copies) = (14u64, 3u32);
    for play in [Play::Normal, Play::Misere] {
        let sum = Sum::of(SquareHeap { n }, u64::from(copies)).with_play(play);
        let counted = sum.count_exact(Outcome::Losing)?;
        let searched = brute_force_losing(n, copies, play == Play::Misere);
        println!("{copies} square-taking heaps in 1..={n}, {} play: {counted} losing positions", play.name());
        if counted != searched.into() {
            eprintln!("the search of the whole game finds {searched}");
            std::process::exit(1);
        }
    }
    println!("both agree with the search of the whole game");
    Ok(())
}
