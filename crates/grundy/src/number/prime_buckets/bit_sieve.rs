//! The odd numbers of a block as bits, and the sieve of Eratosthenes on them:
//! shared by the π table ([`super::pi_table`]), the hard leaves
//! ([`super::hard`]) and the `P2` term ([`super::p2`]).
//!
//! A block starting at an even `low` holds bit `i` for the odd number
//! `low + 2i + 1` (even numbers are not stored; the prime 2 is handled apart),
//! so crossing off the odd multiples of an odd prime `p` steps `p` bits at a
//! time. Two savings on the plain sieve:
//!
//! * the odd multiples of `3, 5, 7, 11, 13` are not crossed off but copied from
//!   a pattern of period `3·5·7·11·13 = 15015` odd numbers ([`lay_pattern`]);
//! * with that pattern laid, the multiples `p·k` with `3 | k` or `5 | k` are
//!   already clear, and the wheel modulo 30 visits only the `k` prime to 30:
//!   8 of every 15 odd multiples ([`cross_off_wheel`]).
//!
//! The survivors up to a bit are a popcount of the words before it, resumed
//! across calls with increasing bits ([`count_upto`]). Cost: the sieve of a
//! block of `n` numbers below `h` by the primes up to `√h` crosses off
//! `O(n·log log h)` bits (plus `n/64` words copied from the pattern); counting
//! all its survivors in increasing order reads each word once.

/// Clears the bits of the odd multiples `>= from` of the odd number `p` in a
/// block whose bit `i` stands for `low + 2i + 1` (`low` even).
#[inline]
fn cross_off(block: &mut [u64], low: u64, p: u64, from: u64) {
    let bits = block.len() * 64;
    let step = p as usize;
    let mut i = first_odd_multiple(low, p, from);
    while i < bits {
        block[i >> 6] &= !(1u64 << (i & 63));
        i += step;
    }
}

/// The residues modulo 30 prime to 30, and half the gap from each to the next.
const WHEEL: [u64; 8] = [1, 7, 11, 13, 17, 19, 23, 29];
const WHEEL_HALF_GAP: [usize; 8] = [3, 2, 1, 2, 1, 2, 3, 1];

/// [`cross_off`] in a block whose multiples of 3 and 5 are already clear (a
/// laid pattern): only the multiples `p·k` with `k` prime to 30 are visited,
/// 8 of every 15 odd ones. Returns how many bits were set before.
#[inline]
pub(crate) fn cross_off_wheel(block: &mut [u64], low: u64, p: u64, from: u64) -> u64 {
    let bits = block.len() as u64 * 64;
    let k = from.max(low + 1).div_ceil(p);
    // the first k' >= k prime to 30 (k mod 30 <= 29 = WHEEL[7])
    let mut j = WHEEL.iter().position(|&w| w >= k % 30).unwrap_or(0);
    let i = (p * (k - k % 30 + WHEEL[j]) - low - 1) / 2;
    if i >= bits {
        return 0;
    }
    let (mut i, bits) = (i as usize, bits as usize);
    let mut cleared = 0u64;
    while i < bits {
        let w = &mut block[i >> 6];
        cleared += (*w >> (i & 63)) & 1;
        *w &= !(1u64 << (i & 63));
        i += p as usize * WHEEL_HALF_GAP[j];
        j = (j + 1) & 7;
    }
    cleared
}

/// The bit index of the least odd multiple of `p` that is `>= from` and `> low`.
#[inline]
fn first_odd_multiple(low: u64, p: u64, from: u64) -> usize {
    let mut m = from.max(low + 1).div_ceil(p) * p;
    if m.is_multiple_of(2) {
        m += p;
    }
    ((m - low - 1) / 2) as usize
}

/// The odd primes `3..=13` whose multiples are laid down as a pattern.
const PATTERN_PRIMES: [u64; 5] = [3, 5, 7, 11, 13];
/// The pattern's period in odd numbers: `3·5·7·11·13`.
const PATTERN_PERIOD: usize = 15_015;

/// Bit `i` set when `2i + 1` has no factor among [`PATTERN_PRIMES`], for
/// `i < PATTERN_PERIOD + 64` (one word past a period, to read across its end).
fn pattern() -> &'static [u64] {
    static PATTERN: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    PATTERN.get_or_init(|| {
        let mut bits = vec![0u64; (PATTERN_PERIOD + 64).div_ceil(64) + 1];
        for i in 0..PATTERN_PERIOD + 64 {
            let n = 2 * i as u64 + 1;
            if PATTERN_PRIMES.iter().all(|&q| !n.is_multiple_of(q)) {
                bits[i >> 6] |= 1 << (i & 63);
            }
        }
        bits
    })
}

/// Sets the block (bit `i` for `low + 2i + 1`, `low` a multiple of 128) to the
/// odd numbers with no factor among [`PATTERN_PRIMES`] (those primes included).
pub(crate) fn lay_pattern(block: &mut [u64], low: u64) {
    let pattern = pattern();
    let mut o = ((low / 2) % PATTERN_PERIOD as u64) as usize;
    for w in block.iter_mut() {
        let (i, sh) = (o >> 6, o & 63);
        *w = if sh == 0 { pattern[i] } else { (pattern[i] >> sh) | (pattern[i + 1] << (64 - sh)) };
        o += 64;
        if o >= PATTERN_PERIOD {
            o -= PATTERN_PERIOD;
        }
    }
}

/// Sets the block (bit `i` for `low + 2i + 1`) to the odd numbers without an odd
/// prime factor `q` from `primes` with `q² <= n`, except `q` itself: above
/// `max primes` these are the odd primes of the block. `primes` must hold the
/// odd primes in order from 3.
pub(crate) fn sieve_odd_block(block: &mut [u64], low: u64, primes: &[u32]) {
    let high = low + 128 * block.len() as u64;
    if primes.len() < PATTERN_PRIMES.len() || high <= 13 * 13 {
        block.fill(u64::MAX);
        for &q in primes {
            let q = u64::from(q);
            if q * q >= high {
                break;
            }
            cross_off(block, low, q, q * q);
        }
        return;
    }
    lay_pattern(block, low);
    // the pattern primes themselves, where the block holds them
    for q in PATTERN_PRIMES.into_iter().filter(|&q| q > low && q < high) {
        let i = ((q - low - 1) / 2) as usize;
        block[i >> 6] |= 1 << (i & 63);
    }
    for &q in &primes[PATTERN_PRIMES.len()..] {
        let q = u64::from(q);
        if q * q >= high {
            break;
        }
        cross_off_wheel(block, low, q, q * q);
    }
}

/// Counts the set bits of `block` up to index `i` incrementally: `pos` words are
/// already summed in `acc`.
#[inline]
pub(crate) fn count_upto(block: &[u64], i: usize, pos: &mut usize, acc: &mut u64) -> u64 {
    let w = i >> 6;
    if *pos < w {
        // on locals (the references would be stored every word), in a loop the
        // compiler unrolls
        *acc += block[*pos..w].iter().map(|&b| u64::from(b.count_ones())).sum::<u64>();
        *pos = w;
    }
    *acc + u64::from((block[w] & (u64::MAX >> (63 - (i & 63)))).count_ones())
}
