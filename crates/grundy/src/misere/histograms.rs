//! The built-in games under misère play: heaps of a heap game (tame Nim, or a
//! misère quotient), board tokens (one subtraction heap per coordinate),
//! Divisor and Coprime Nim piles (their own quotients, piles as heaps).

use crate::count::{BipartiteMonoid, Context, MisereHistogram, Searched};
use crate::error::{Error, Remedy};
use crate::heap::HeapGame;
use crate::misere::quotient::{HeapSearch, MisereLimits, MisereQuotient, is_nim};
use std::sync::Arc;

/// Heaps of `game` in `min..=n`: Nim by the tame rule (`*0`, `*1` fickle), any
/// other game through its misère quotient (certified, or exact up to `n`).
pub(crate) fn heap_histogram(
    game: &HeapGame,
    min: u64,
    n: u64,
    limits: MisereLimits,
    ctx: &mut Context<'_>,
) -> Result<MisereHistogram, Error> {
    if is_nim(game) {
        let has = |k: u64| u128::from(min <= k && k <= n);
        return Ok(MisereHistogram::Tame { fickle: [has(0), has(1)] });
    }
    if min > n {
        return Ok(MisereHistogram::Quotient {
            monoid: Arc::new(BipartiteMonoid::new(1, vec![0], 0, vec![false])?),
            counts: vec![0],
        });
    }
    match MisereQuotient::for_heaps_or_reached(game, n, limits, ctx)? {
        Ok(q) => {
            let counts = q.histogram(min, n)?;
            Ok(MisereHistogram::Quotient { monoid: q.monoid().clone(), counts })
        }
        // out of the quotient's reach: a direct search, with the part it reached
        Err((known, refused)) => {
            let search = HeapSearch::new(game.clone(), (min, n), known, limits, refused);
            Ok(MisereHistogram::Search(Searched(Arc::new(search))))
        }
    }
}

/// Piles in `lo..=hi` of a game whose pile `k` moves to the piles `moves(k)`
/// (no splitting; pile 0 is nothing), through the quotient of piles `<= hi`,
/// computed exactly (no certificate applies).
pub(crate) fn pile_histogram(
    moves: impl Fn(u64) -> Vec<u64>,
    (lo, hi): (u64, u64),
    limits: MisereLimits,
    ctx: &mut Context<'_>,
) -> Result<MisereHistogram, Error> {
    let most = limits.max_len().saturating_mul(8);
    if hi as usize > most {
        return Err(Error::TooLarge {
            what: format!("the misère quotient of piles up to {hi}"),
            estimate: format!("{hi} piles adjoined one by one"),
            limit: format!("{most} piles"),
            remedy: Remedy::Smaller("n"),
        });
    }
    let options = |k: u64| Ok(moves(k).into_iter().map(|m| if m == 0 { vec![] } else { vec![m] }).collect());
    let q =
        MisereQuotient::compute(&options, hi.max(1) as usize, None, limits.with_max_len(hi as usize), ctx)?;
    let counts = q.histogram(lo.max(1), hi)?;
    // pile 0 (lo = 0) is the empty game, the identity
    let mut counts = counts;
    if lo == 0 {
        counts[q.monoid().identity() as usize] += 1;
    }
    Ok(MisereHistogram::Quotient { monoid: q.monoid().clone(), counts })
}

/// A token on `{0..n−1}^dims`: the sum of `dims` subtraction heaps, so its
/// histogram over the quotient is the `dims`-th power of a coordinate's in the
/// monoid algebra, kept as that power ([`MisereHistogram::Power`]).
pub(crate) fn token_histogram(coordinate: MisereHistogram, dims: u64) -> Result<MisereHistogram, Error> {
    match coordinate {
        MisereHistogram::Tame { fickle } if dims == 1 => Ok(MisereHistogram::Tame { fickle }),
        MisereHistogram::Tame { .. } => Err(Error::invalid(
            "play",
            "misere boards with Nim moves need `dims` 1 (a token is then one Nim heap)",
        )),
        MisereHistogram::Quotient { monoid, counts } => {
            Ok(MisereHistogram::Power { monoid, counts, power: dims })
        }
        MisereHistogram::Power { monoid, counts, power } => {
            let power = power.checked_mul(dims).ok_or_else(|| Error::invalid("dims", "is too large"))?;
            Ok(MisereHistogram::Power { monoid, counts, power })
        }
        MisereHistogram::Search(searched) => Err(searched.0.refusal()),
    }
}
