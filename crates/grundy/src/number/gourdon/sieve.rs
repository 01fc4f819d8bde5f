//! The segmented sieve of Eratosthenes of the passes `A`, `B` and `D`, on the
//! layout of [`crate::number::prime_buckets::bit_sieve`] (a block starting at an
//! even `low` holds bit `i` for the odd number `low + 2i + 1`), for runs of
//! consecutive segments:
//!
//! * *pre-sieved patterns*: the odd numbers free of a group of small odd primes
//!   repeat with period their product, so a block starts as a copy of that
//!   pattern; for finding primes ([`Sieve::primes`]) the groups `3…13`,
//!   `17·19·23`, `29·31·37` and `41·43·47` are laid (one word operation per 64
//!   numbers each, where crossing off `17, 19, 23` alone would clear about
//!   `0.15·n/2` bits);
//! * *a wheel modulo 30*: the pattern has cleared the multiples of 3 and 5, so
//!   a prime `p` crosses off only `p·k` with `k` prime to 30 (8 of every 15 odd
//!   multiples), from `p²` on;
//! * *kept positions*: each prime keeps its next multiple ([`Multiple`]) from
//!   segment to segment, so a run of segments computes each start once (a
//!   division and a wheel search, which for the larger primes cost more than
//!   their few multiples in a segment).
//!
//! Cost: `O(n·log log n)` bits cleared for `n` numbers, `n/64` word operations
//! per pattern, and per segment a step per prime up to the square root of its end.

use std::sync::OnceLock;

/// The residues modulo 30 prime to 30, and half the gap from each to the next.
const WHEEL: [u64; 8] = [1, 7, 11, 13, 17, 19, 23, 29];
const HALF_GAP: [u64; 8] = [3, 2, 1, 2, 1, 2, 3, 1];

/// The groups of odd primes laid as patterns when sieving for primes; the first
/// alone when sieving for `φ` ([`lay_first`]).
const GROUPS: [&[u64]; 4] = [&[3, 5, 7, 11, 13], &[17, 19, 23], &[29, 31, 37], &[41, 43, 47]];

/// The largest prime of the patterns.
pub(super) const LAST_PATTERN_PRIME: u64 = 47;

/// Bit `i` set when `2i + 1` has no factor in the group, for `i < period + 128`.
struct Pattern {
    period: usize,
    bits: Vec<u64>,
}

fn patterns() -> &'static [Pattern] {
    static PATTERNS: OnceLock<Vec<Pattern>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        GROUPS
            .iter()
            .map(|group| {
                let period = group.iter().product::<u64>() as usize;
                let mut bits = vec![0u64; (period + 128).div_ceil(64) + 1];
                for i in 0..period + 128 {
                    let n = 2 * i as u64 + 1;
                    if group.iter().all(|&q| !n.is_multiple_of(q)) {
                        bits[i >> 6] |= 1 << (i & 63);
                    }
                }
                Pattern { period, bits }
            })
            .collect()
    })
}

/// Sets (`and = false`) or intersects the block with the pattern.
#[inline]
fn apply(block: &mut [u64], low: u64, pattern: &Pattern, and: bool) {
    let bits = &pattern.bits;
    let mut o = ((low / 2) % pattern.period as u64) as usize;
    for w in block.iter_mut() {
        let (i, sh) = (o >> 6, o & 63);
        let v = if sh == 0 { bits[i] } else { (bits[i] >> sh) | (bits[i + 1] << (64 - sh)) };
        *w = if and { *w & v } else { v };
        o += 64;
        if o >= pattern.period {
            o -= pattern.period;
        }
    }
}

/// Sets the block to the odd numbers free of `3, 5, 7, 11, 13` (those primes
/// cleared too): the state after `p_1, …, p_6` for `φ`.
pub(super) fn lay_first(block: &mut [u64], low: u64) {
    apply(block, low, &patterns()[0], false);
}

/// The next multiple `p·k` of an odd prime `p >= 7` to cross off (`k` prime to
/// 30), as the odd index `(p·k − 1)/2` and the position of `k mod 30` in the wheel.
#[derive(Clone, Copy, Debug)]
pub(super) struct Multiple {
    p: u64,
    index: u64,
    wheel: usize,
}

impl Multiple {
    /// The first `p·k` with `k >= kmin` and `p·k > low`, `k` prime to 30.
    pub(super) fn new(p: u64, kmin: u64, low: u64) -> Multiple {
        let k = kmin.max((low + 1).div_ceil(p));
        // the first k' >= k prime to 30 (k mod 30 <= 29 = WHEEL[7])
        let wheel = WHEEL.iter().position(|&w| w >= k % 30).unwrap_or(7);
        let k = k - k % 30 + WHEEL[wheel];
        Multiple { p, index: (p * k - 1) / 2, wheel }
    }

    /// Clears the multiples in the block starting at `low` (even), and moves on
    /// past it.
    #[inline(always)]
    pub(super) fn cross(&mut self, block: &mut [u64], low: u64) {
        self.cross_off::<false>(block, low, &mut [], 0);
    }

    /// [`Multiple::cross`], returning how many bits were set before, each also
    /// taken off `counters[word >> shift]` (the bits of each `2^shift` words).
    #[inline(always)]
    pub(super) fn cross_counting(
        &mut self,
        block: &mut [u64],
        low: u64,
        counters: &mut [u32],
        shift: u32,
    ) -> u64 {
        self.cross_off::<true>(block, low, counters, shift)
    }

    /// The multiples go round the wheel: a turn of 8 is `15p` odd numbers, so
    /// whole turns are crossed off with the 8 offsets of the turn computed once.
    #[inline(always)]
    fn cross_off<const COUNT: bool>(
        &mut self,
        block: &mut [u64],
        low: u64,
        counters: &mut [u32],
        shift: u32,
    ) -> u64 {
        let base = low / 2;
        let end = base + 64 * block.len() as u64;
        let (mut i, mut j) = (self.index, self.wheel);
        let mut cleared = 0;
        let mut clear = |b: u64| {
            let (w, bit) = ((b >> 6) as usize, b & 63);
            if COUNT {
                let set = (block[w] >> bit) & 1;
                cleared += set;
                counters[w >> shift] -= set as u32;
            }
            block[w] &= !(1u64 << bit);
        };
        let turn = 15 * self.p;
        if i + turn <= end {
            let mut offsets = [0u64; 8];
            let mut acc = 0;
            for (t, o) in offsets.iter_mut().enumerate() {
                *o = acc;
                acc += self.p * HALF_GAP[(j + t) & 7];
            }
            while i + turn <= end {
                let b = i - base;
                for o in offsets {
                    clear(b + o);
                }
                i += turn;
            }
        }
        while i < end {
            clear(i - base);
            i += self.p * HALF_GAP[j];
            j = (j + 1) & 7;
        }
        (self.index, self.wheel) = (i, j);
        cleared
    }
}

/// A sieve for primes over consecutive blocks: the patterns, then the odd
/// primes above [`LAST_PATTERN_PRIME`] from their squares on.
pub(super) struct Sieve {
    multiples: Vec<Multiple>,
    low: u64,
}

impl Sieve {
    /// For blocks from `low` (a multiple of 128) on; `primes` must hold the
    /// primes up to the square root of the last block's end (others are ignored).
    pub(super) fn new(primes: &[u32], low: u64) -> Sieve {
        let multiples = primes
            .iter()
            .map(|&p| u64::from(p))
            .filter(|&p| p > LAST_PATTERN_PRIME)
            .map(|p| Multiple::new(p, p, low))
            .collect();
        Sieve { multiples, low }
    }

    /// Sets the next block to its odd primes (the bit of 1 stays set), and
    /// moves on past it.
    pub(super) fn primes(&mut self, block: &mut [u64]) {
        let low = self.low;
        let high = low + 128 * block.len() as u64;
        for (i, pattern) in patterns().iter().enumerate() {
            apply(block, low, pattern, i > 0);
        }
        // the pattern primes themselves, where the block holds them
        for &q in GROUPS.iter().flat_map(|g| g.iter()).filter(|&&q| q > low && q < high) {
            let i = ((q - low - 1) / 2) as usize;
            block[i >> 6] |= 1 << (i & 63);
        }
        for m in &mut self.multiples {
            if m.p * m.p >= high {
                break;
            }
            m.cross(block, low);
        }
        self.low = high;
    }
}

/// The primes up to `n`, by the sieve in segments on all cores: once to count
/// each segment's primes, once to write them in place (no list is held twice).
pub(super) fn primes_up_to(n: u64) -> Vec<u32> {
    use rayon::prelude::*;
    const SEGMENT: u64 = 1 << 18;
    let base = crate::number::sieve::primes_up_to(crate::number::roots::isqrt(n));
    // calls `f(q)` for the primes q of segment s, in order
    let each = |s: u64, f: &mut dyn FnMut(u32)| {
        let low = s * SEGMENT;
        let mut block = vec![0u64; (SEGMENT / 128) as usize];
        Sieve::new(&base, low).primes(&mut block);
        if low == 0 && n >= 2 {
            f(2);
        }
        for (i, &w) in block.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let q = low + 128 * i as u64 + 2 * u64::from(w.trailing_zeros()) + 1;
                w &= w - 1;
                if q > 1 && q <= n {
                    f(q as u32);
                }
            }
        }
    };
    let segments = n / SEGMENT + 1;
    let counts: Vec<usize> = (0..segments)
        .into_par_iter()
        .map(|s| {
            let mut c = 0;
            each(s, &mut |_| c += 1);
            c
        })
        .collect();
    let mut primes = vec![0u32; counts.iter().sum()];
    let mut parts = Vec::with_capacity(counts.len());
    let mut rest = &mut primes[..];
    for &c in &counts {
        let (part, tail) = rest.split_at_mut(c);
        parts.push(part);
        rest = tail;
    }
    parts.into_par_iter().enumerate().for_each(|(s, part)| {
        let mut i = 0;
        each(s as u64, &mut |q| {
            part[i] = q;
            i += 1;
        });
    });
    primes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::sieve::primes_up_to;

    #[test]
    fn primes_up_to_match_the_plain_sieve() {
        for n in [0u64, 1, 2, 3, 127, 128, 129, 1000, (1 << 18) - 1, 1 << 18, (1 << 18) + 1, 1_000_003] {
            assert_eq!(super::primes_up_to(n), primes_up_to(n), "{n}");
        }
    }

    #[test]
    fn blocks_hold_the_primes() {
        let limit = 200_000u64;
        let primes = primes_up_to(limit);
        for (start, words) in [(0u64, 1usize), (0, 3), (128, 2), (1280, 7), (40_960, 64)] {
            let mut sieve = Sieve::new(&primes, start);
            let mut low = start;
            while low + 128 * words as u64 <= limit {
                let mut block = vec![0u64; words];
                sieve.primes(&mut block);
                for i in 0..64 * words {
                    let n = low + 2 * i as u64 + 1;
                    let want = n == 1 || primes.binary_search(&(n as u32)).is_ok();
                    assert_eq!(block[i >> 6] >> (i & 63) & 1 == 1, want, "{n} from {start}");
                }
                low += 128 * words as u64;
            }
        }
    }

    #[test]
    fn multiples_cross_the_wheel() {
        // from the first block on, a prime crosses exactly its multiples p·k, k >= p prime to 30
        for p in [7u64, 11, 13, 17, 53, 97] {
            let mut m = Multiple::new(p, p, 0);
            for low in (0..20_000u64).step_by(256) {
                let mut block = vec![u64::MAX; 2];
                let mut counters = vec![64u32; 2];
                let cleared = m.cross_counting(&mut block, low, &mut counters, 0);
                assert_eq!(counters, block.iter().map(|w| w.count_ones()).collect::<Vec<_>>());
                let mut count = 0;
                for i in 0..128 {
                    let n = low + 2 * i as u64 + 1;
                    let crossed = n.is_multiple_of(p)
                        && n / p >= p
                        && [2, 3, 5].iter().all(|&q| !(n / p).is_multiple_of(q));
                    assert_eq!(block[i >> 6] >> (i & 63) & 1 == 0, crossed, "{n} by {p}");
                    count += u64::from(crossed);
                }
                assert_eq!(cleared, count);
            }
        }
    }
}
