//! The numbers up to `x` counted by smallest prime factor, and `π(x)`, in about
//! `x^{2/3}` time: the Lagarias–Miller–Odlyzko special-leaf sum with the
//! trivial/easy/hard split of Deléglise and Rivat, every leaf's contribution
//! filed under the largest prime factor of its divisor.
//!
//! # What is computed
//!
//! For a prime `p`, the *bucket* `c(p) = #{2 <= n <= x : spf(n) = p}` (`p` itself
//! included). Write `p_1 = 2, p_2 = 3, …`, and `φ(t, b)` for the number of
//! `1 <= n <= t` with no prime factor among `p_1, …, p_b` (`n = 1` counts). Then
//! `c(p_j) = φ(⌊x/p_j⌋, j−1)` (`n = p_j·k` with `k` free of the smaller primes).
//! Every prime `p > √x` has `c(p) = 1`, and the buckets of all primes add up to
//! `x − 1`, so
//!
//! ```text
//! π(x) = π(√x) + (x − 1) − Σ_{p <= √x} c(p).                       (1)
//! ```
//!
//! # The buckets as sums over a tree
//!
//! Legendre's identity `φ(t, b) = φ(t, b−1) − φ(⌊t/p_b⌋, b−1)` (remove the
//! survivors divisible by `p_b`; `⌊⌊t/u⌋/v⌋ = ⌊t/(uv)⌋`) unfolds `φ(x, a)` into a
//! binary tree whose nodes are signed terms `μ(m)·φ(⌊x/m⌋, b)`, `m` squarefree
//! with every prime factor above `p_b`. A node with `b >= 1` has the children
//! `(m, b−1)` and `(m·p_b, b−1)`, the second with sign `μ(m·p_b) = −μ(m)`. Fully
//! unfolded, the leaves are `(m, 0)` for every `m | p_1⋯p_a`, which is
//! `φ(x, a) = Σ_{m | P(p_a)} μ(m)⌊x/m⌋`.
//!
//! The root's right spine is `φ(x, a) = φ(x, 0) − Σ_{j=1}^{a} φ(⌊x/p_j⌋, j−1)`:
//! the node `(p_j, j−1)` has value `−c(p_j)`. Every node below it has `m = p_j·m'`
//! with `m'` made of primes below `p_j` only (each step multiplies by a prime of
//! smaller index than all before), so **the subtree of `(p_j, j−1)` holds exactly
//! the nodes whose `m` has largest prime factor `p_j`**, and its leaves, however
//! far it is unfolded, add up to `−c(p_j)`. So any truncated unfolding of `φ(x, a)`
//! yields every bucket `c(p_j)`, `j <= a`, at once: file each leaf's value under
//! the largest prime factor `P⁺(m)` of its `m` and negate the bins.
//!
//! # The truncation (LMO), with `y ∈ [∛x, √x]`, `a = π(y)`, `c = min(6, a)`
//!
//! * Bins `j <= c`: `c(p_j) = φ(⌊x/p_j⌋, j−1)` directly; `φ(t, k)` for `k <= 6` is
//!   periodic modulo `p_1⋯p_k <= 30030` and read from a table ([`PhiTiny`]).
//! * Bins `c < j <= a`: unfold the subtree of `(p_j, j−1)`, splitting a node
//!   `(m, b)` only while `b > c` and `m <= y`. Every node on the way from
//!   `(p_j, j−1)` to a node `(m, b)` has a divisor of `m` as its own `m`, so a node
//!   with `m <= y` is always reached. The leaves are
//!   - *ordinary*: `(m, c)` with `1 < m <= y` squarefree, least prime factor
//!     `p⁻(m) > p_c`: value `μ(m)·φ(⌊x/m⌋, c)` (table);
//!   - *special*: `(m·p_b, b−1)` with `c < b`, `m <= y < m·p_b`, `m` squarefree,
//!     `p⁻(m) > p_b`: value `−μ(m)·φ(⌊x/(m·p_b)⌋, b−1)`. Here `m > 1` (else
//!     `p_b > y`), so the leaf lies in the bin of `P⁺(m·p_b) = P⁺(m)`.
//!
//!   Conversely every leaf is of one of these kinds: a node is split only with
//!   `m <= y` and `b > c`, so a leaf is either `(m, c)` reached with `m <= y`, or
//!   the right child `(m·p_b, b−1)` of a split node with `m·p_b > y` (a left
//!   child keeps its `m <= y` and is split again or ordinary). Every `m` and `b`
//!   meeting the conditions is a leaf of exactly one subtree, that of `P⁺(m)`,
//!   so the sum over all ordinary and special leaves filed by `P⁺(m)` and
//!   negated is the bucket of each `p_j`, `c < j <= a`. (`φ(x, a)` itself is
//!   never needed.) With `t = ⌊x/(m·p_b)⌋ < x/y` (as `m·p_b > y`) and `t >= 1`
//!   (as `m·p_b <= y² <= x`), a special leaf with `b = c+1` is read from the
//!   `φ(·, c)` table, and one with `b >= c+2` is
//!   - *trivial*, `t < p_b`: `φ = 1` (a survivor above 1 has a prime factor `>= p_b`).
//!     Only `m = q` prime: a composite `m` has two prime factors above `p_b`, so
//!     `m > p_b²`, while `m <= √x` and `x < m·p_b²` would give `m < p_b²`.
//!     For `m = q` prime these are counted per `q` without visiting them:
//!     `t < p_b ⟺ p_b² q > x ⟺ p_b > ⌊√⌊x/q⌋⌋`, which implies `p_b q > √(xq) >= y`,
//!     so `q`'s bin gets `−#{p : max(p_{c+1}, ⌊√⌊x/q⌋⌋) < p < q}`, a difference of
//!     two `π`s;
//!   - *easy*, `p_b <= t < p_b²`: a survivor above 1 is then a prime `>= p_b`, so
//!     `φ = π(t) − b + 2`, and `t < √x` since also `t < x/p_b²` (as `m > p_b`):
//!     read from a table of `π` up to `√x` ([`PiTable`]). For `m = q` prime and
//!     `t <= q` the consecutive `q' >= q` up to `⌊x/(p_b·p_{π(t)})⌋` all have
//!     `⌊x/(p_b q')⌋ ∈ [p_{π(t)}, t]`, hence the same `φ` (Deléglise–Rivat's
//!     clustered leaves): their bins, consecutive indices, get it as one range
//!     increment in a difference array, so clustering survives the filing;
//!   - *hard*, `t >= p_b²` (`⟺ m <= ⌊x/p_b³⌋`): `φ(t, b−1)` from a segmented sieve
//!     of `[1, x/y)` in which the primes `p_1, …, p_{b−1}` are crossed off, counted
//!     by popcounts. Hard leaves need `p_b³ < p_b³·m <= x`, `p_b < x^{1/4}`.
//!
//!   The sieve runs in segments on both cores. A segment counts survivors from its
//!   own start only; it reports, per `b`, how many survive in it, and once the
//!   segments before it are done the leaves are visited again and given the
//!   survivors below the segment (a prefix sum over segments).
//! * Primes `y < p <= √x`: `p > ∛x`, so the numbers `<= x/p` free of primes below
//!   `p` are `1` and the primes in `[p, x/p]` (a product of two is `>= p² > x/p`):
//!   `c(p) = π(⌊x/p⌋) − π(p) + 2`. The values `⌊x/p⌋` lie in `[√x, x/y]`: a
//!   segmented sieve of that interval counts the primes up to each (the `P2`
//!   sum of LMO, term by term).
//!
//! Then (1) gives `π(x)`. All bin arithmetic is modulo `2^64`: the final bins are
//! exact buckets below `2^64`, so intermediate wrap-around is harmless.
//!
//! # Cost
//!
//! With `y = α·∛x`: ordinary and `b = c+1` leaves `O(y)`; the tables `O(√x)`
//! time and `√x/8` bytes (a bit per odd number plus a count per 64 of them);
//! easy leaves one table look-up each (a cluster one); the hard sieve crosses off
//! `O((x/y)·log log x)` bits, and per segment and prime `p_b < x^{1/4}` one
//! popcount pass up to its last leaf, about `(x/y)·π(√y) + x/(√y·log y)` bits; the
//! `P2` sieve `O((x/y) log log x)`. With `α = log₁₀³x/500` (LMO's `α = O(log³ x)`)
//! this is `O(x^{2/3})` up to logarithms; measured on one core it is about
//! `2–3×` the time of primecount's π at `10^12 … 10^15` and `30×` faster than
//! Lucy's DP at `10^13`. Memory: `O(√x)` bits, the primes up to `√x` with their
//! buckets (12 bytes each), `O(y)` words (factor tables; per thread one bin
//! array and one segment).

use super::roots::{div, div_inv, icbrt, isqrt};
use super::sieve::primes_up_to;
use crate::error::{Budget, Error};
use rayon::prelude::*;
use std::sync::Mutex;

/// Defines `$name`, which runs `$inner` (an `#[inline(always)]` function)
/// compiled with the `popcnt` instruction where the CPU has one: the passes count
/// bits all the time, and without it `count_ones` is a dozen instructions.
macro_rules! popcnt_dispatch {
    ($(#[$m:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $inner:ident) => {
        $(#[$m])*
        fn $name($($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "popcnt")]
                fn fast($($arg: $ty),*) -> $ret {
                    $inner($($arg),*)
                }
                if std::arch::is_x86_feature_detected!("popcnt") {
                    // SAFETY: `fast` needs only popcnt, which the CPU was just seen to have.
                    return unsafe { fast($($arg),*) };
                }
            }
            $inner($($arg),*)
        }
    };
}

/// The first primes, whose `φ` is periodic and read from [`PhiTiny`].
const TINY_PRIMES: [u64; 6] = [2, 3, 5, 7, 11, 13];

/// `φ(t, k)` for `k <= 6` in `O(1)`: `φ(t, k) = ⌊t/P⌋·ϕ(P) + φ(t mod P, k)` with
/// `P = p_1⋯p_k`, since the survivors repeat with period `P`.
pub struct PhiTiny {
    /// `tables[k][r]` = `φ(r, k)` for `r < P_k`.
    tables: Vec<Vec<u16>>,
    primorial: [u64; 7],
    totient: [u64; 7],
}

impl Default for PhiTiny {
    fn default() -> Self {
        let (mut primorial, mut totient) = ([1u64; 7], [1u64; 7]);
        for k in 1..=6 {
            primorial[k] = primorial[k - 1] * TINY_PRIMES[k - 1];
            totient[k] = totient[k - 1] * (TINY_PRIMES[k - 1] - 1);
        }
        let tables = (0..=6)
            .map(|k| {
                let mut count = 0u16;
                (0..primorial[k])
                    .map(|r| {
                        if r > 0 && TINY_PRIMES[..k].iter().all(|&p| r % p != 0) {
                            count += 1;
                        }
                        count
                    })
                    .collect()
            })
            .collect();
        PhiTiny { tables, primorial, totient }
    }
}

impl PhiTiny {
    /// The tables, built once.
    pub fn shared() -> &'static PhiTiny {
        static TINY: std::sync::OnceLock<PhiTiny> = std::sync::OnceLock::new();
        TINY.get_or_init(PhiTiny::default)
    }

    /// `φ(t, k)`, `k <= 6`.
    pub fn phi(&self, t: u64, k: usize) -> u64 {
        let p = self.primorial[k];
        (t / p) * self.totient[k] + u64::from(self.tables[k][(t % p) as usize])
    }
}

/// `π(n)` for `n <= limit` in `O(1)`: one bit per odd number and the count of
/// primes before each 64-bit word; also the list of the primes.
pub struct PiTable {
    limit: u64,
    /// `[bits, before]` per 128 numbers: bit `i` of word `w` is set when
    /// `128w + 2i + 1` is prime; `before` counts the odd primes below `128w`.
    words: Vec<[u64; 2]>,
}

/// Odd numbers per sieve block when building tables (a 32 KiB bit block).
const TABLE_BLOCK_WORDS: usize = 1 << 12;

impl PiTable {
    /// The table up to `limit` (`limit < 2^32`), by a segmented sieve on all cores.
    pub fn new(limit: u64) -> Self {
        let words = (limit / 128 + 1) as usize;
        let primes = primes_up_to(isqrt(limit));
        let base = primes.get(1..).unwrap_or(&[]); // the odd ones
        let mut bits = vec![0u64; words];
        bits.par_chunks_mut(TABLE_BLOCK_WORDS).enumerate().for_each(|(i, block)| {
            sieve_odd_block(block, (i * TABLE_BLOCK_WORDS * 128) as u64, base);
        });
        bits[0] &= !1; // 1 is not prime
        // clear the bits above limit
        let last = ((limit.saturating_sub(1)) / 2) as usize; // index of the last odd <= limit
        for i in last + 1..words * 64 {
            bits[i >> 6] &= !(1u64 << (i & 63));
        }
        if limit < 1 {
            bits[0] = 0;
        }
        let mut acc = 0u64;
        let words = bits
            .iter()
            .map(|&w| {
                acc += u64::from(w.count_ones());
                [w, acc - u64::from(w.count_ones())]
            })
            .collect();
        PiTable { limit, words }
    }

    /// `π(n)`, `n <= limit`.
    #[inline]
    pub fn pi(&self, n: u64) -> u64 {
        assert!(n <= self.limit.max(1), "pi({n}) above {}", self.limit);
        if n < 2 {
            return 0;
        }
        let i = ((n - 1) / 2) as usize;
        let [bits, before] = self.words[i >> 6];
        1 + before + u64::from((bits & (u64::MAX >> (63 - (i & 63)))).count_ones())
    }

    /// The primes up to `limit`, in order.
    pub fn primes(&self) -> Vec<u32> {
        let mut primes = Vec::with_capacity(self.pi(self.limit) as usize);
        if self.limit >= 2 {
            primes.push(2);
        }
        for (w, &[word, _]) in self.words.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                primes.push((128 * w as u64 + 2 * u64::from(word.trailing_zeros()) + 1) as u32);
                word &= word - 1;
            }
        }
        primes
    }
}

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
fn cross_off_wheel(block: &mut [u64], low: u64, p: u64, from: u64) -> u64 {
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
fn lay_pattern(block: &mut [u64], low: u64) {
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
fn sieve_odd_block(block: &mut [u64], low: u64, primes: &[u32]) {
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
fn count_upto(block: &[u64], i: usize, pos: &mut usize, acc: &mut u64) -> u64 {
    let w = i >> 6;
    while *pos < w {
        *acc += u64::from(block[*pos].count_ones());
        *pos += 1;
    }
    *acc + u64::from((block[w] & (u64::MAX >> (63 - (i & 63)))).count_ones())
}

/// Tuning of the method; [`Params::for_x`] is the default, any values give the
/// same result (tests vary them to reach the boundaries).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// The leaf bound `y`, clamped into `[max(∛x, 2), √x]`.
    pub y: u64,
    /// Numbers per segment of the hard-leaf sieve (rounded up to a multiple of 128).
    pub segment: u64,
    /// Numbers per segment of the `P2` sieve (rounded up to a multiple of 128).
    pub p2_segment: u64,
}

impl Params {
    /// The measured defaults: `y = α·∛x` with `α = log₁₀³x / 500` (of the
    /// divisors 200, 300, 450, 500, 600 and 900 the fastest on one core at
    /// `x = 10^14`, `10^15` and `10^16`, 450–600 within 2% of each other).
    pub fn for_x(x: u64) -> Params {
        let l = (x.max(10) as f64).log10();
        let alpha = (l * l * l / 500.0).clamp(1.0, (x as f64).powf(1.0 / 6.0).max(1.0));
        Params { y: (alpha * icbrt(x) as f64) as u64, segment: 1 << 18, p2_segment: 1 << 20 }
    }
}

/// The buckets of the primes up to `√x` and `π(x)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimeBuckets {
    primes: Vec<u32>,
    counts: Vec<u64>,
    pi: u64,
}

impl PrimeBuckets {
    /// `π(x)`.
    pub fn pi(&self) -> u64 {
        self.pi
    }

    /// The primes `p <= √x`, in order.
    pub fn primes(&self) -> &[u32] {
        &self.primes
    }

    /// `counts()[i]` = the numbers `2 <= n <= x` whose smallest prime factor is
    /// `primes()[i]` (that prime included).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }
}

/// Buckets and `π(x)` with the default [`Params`]; `None` when `progress`
/// returned `false` (stop). `progress(done, total)` is called now and then.
pub fn prime_buckets(x: u64, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<PrimeBuckets> {
    prime_buckets_with(x, Params::for_x(x), progress)
}

/// The same interface as [`super::lucy::lucy_sieve`]: `on_prime(p, composites)`
/// for every prime `p <= √x` in increasing order (`composites` = bucket − 1),
/// returning `π(x)`, or `None` when `progress` said stop.
pub fn smallest_factor_counts(
    x: u64,
    mut on_prime: impl FnMut(u64, u64),
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<u64> {
    let b = prime_buckets(x, progress)?;
    for (&p, &c) in b.primes.iter().zip(&b.counts) {
        on_prime(u64::from(p), c - 1);
    }
    Some(b.pi)
}

/// `π(x)` by this method.
pub fn prime_pi(x: u64) -> u64 {
    prime_buckets(x, &mut |_, _| true).map_or(0, |b| b.pi)
}

/// Estimated peak bytes of [`prime_buckets`] at `x` on the current thread pool.
pub fn memory_estimate(x: u64) -> f64 {
    let threads = rayon::current_num_threads().max(1);
    let p = Params::for_x(x);
    let r = (x as f64).sqrt();
    let y = (p.y as f64).min(r);
    let pi = |v: f64| 1.26 * v / v.ln().max(1.0) + 2.0;
    // π table while built (bits, then bits and counts: 3/16 byte a number), the
    // primes up to √x and their buckets, lpf and jmu up to y, 1/p up to y
    let tables = r * 3.0 / 16.0 + pi(r) * 12.0 + y * 8.0 + pi(y) * 8.0;
    // bins and range increments, a segment
    let per_thread = pi(y) * 16.0 + (p.segment.max(p.p2_segment) as f64) / 16.0;
    tables + threads as f64 * per_thread + 1e6
}

/// Estimated steps of [`prime_buckets`] at `x` (a step about a nanosecond of
/// one core, see [`super::MAX_PRIME_COUNT_WORK`]): `0.3·x^{2/3}`, fitted to
/// the CPU time measured at `10^14`, `10^15` and `10^16` (0.64 s, 2.8 s and
/// 12 s; the factor falls slowly with `x`, so larger `x` are overestimated).
pub fn work_estimate(x: u64) -> f64 {
    0.3 * (x as f64).powf(2.0 / 3.0)
}

/// Refuses [`prime_buckets`] at `x` whose time or memory estimate is beyond
/// the limits ([`work_estimate`], [`super::MAX_PRIME_COUNT_WORK`], and
/// [`memory_estimate`] plus the caller's own `extra_bytes` against `budget`),
/// before any work starts. The limit on the time allows `x` up to about
/// `6·10^18`.
pub fn check(x: u64, extra_bytes: f64, budget: &Budget) -> Result<(), Error> {
    super::check_prime_counting(work_estimate(x), memory_estimate(x) + extra_bytes, budget, "n")
}

/// Progress units (measured time shares at `x = 10^15`: a unit is about a
/// nanosecond) of a hard segment sieved up to `bmax`.
fn hard_units(bmax: usize, c: usize, seg: u64) -> u64 {
    bmax.saturating_sub(c) as u64 * (seg / 256)
}

/// Progress units of a `P2` segment.
fn p2_units(seg: u64) -> u64 {
    seg
}

/// Leaves per sieve round and segment bookkeeping.
const ROUND_PER_THREAD: usize = 4;

/// Adds `sign(m)·v` to the bin of `m`, where `jmu = (bin << 1) | (μ(m) = −1)`.
#[inline]
fn file(bins: &mut [u64], jmu: u32, v: u64) {
    let j = (jmu >> 1) as usize;
    bins[j] = if jmu & 1 == 1 { bins[j].wrapping_sub(v) } else { bins[j].wrapping_add(v) };
}

/// The hard leaves of one `b`: `m` in `(lo, hi]` (`hi <= x/p³`).
#[derive(Clone, Copy, Debug)]
struct HardRange {
    p: u64,
    xp: u64,
    lo: u64,
    hi: u64,
    /// The largest `t` of a hard leaf (0 when there is none).
    tmax: u64,
}

/// Everything the passes share.
struct Plan {
    x: u64,
    y: u64,
    a: usize,
    c: usize,
    primes: Vec<u32>,
    /// `1/p` for the primes `p <= y` (index `k − 1` for `p_k`).
    inverse: Vec<f64>,
    table: PiTable,
    tiny: &'static PhiTiny,
    /// `lpf[m]` = least prime factor of `m` if `m` is squarefree, else 0 (`m <= y`).
    lpf: Vec<u32>,
    /// `jmu[m]` = `(π(P⁺(m)) << 1) | (μ(m) = −1)` for squarefree `m <= y`.
    jmu: Vec<u32>,
    hard: Vec<HardRange>,
    threads: usize,
}

impl Plan {
    /// The tables for `x >= 4` and the leaf bound `y` (clamped into
    /// `[max(∛x, 2), √x]`).
    fn new(x: u64, y: u64) -> Plan {
        let r = isqrt(x);
        let y = y.clamp(icbrt(x).max(2), r);
        let table = PiTable::new(r);
        let primes = table.primes();
        let a = table.pi(y) as usize;
        let (lpf, jmu) = factor_tables(y, &table);
        let mut plan = Plan {
            x,
            y,
            a,
            c: a.min(TINY_PRIMES.len()),
            inverse: primes[..a].iter().map(|&p| 1.0 / f64::from(p)).collect(),
            primes,
            table,
            tiny: PhiTiny::shared(),
            lpf,
            jmu,
            hard: Vec::new(),
            threads: rayon::current_num_threads().max(1),
        };
        plan.hard = hard_ranges(&plan);
        plan
    }

    fn prime(&self, b: usize) -> u64 {
        u64::from(self.primes[b - 1])
    }

    /// Calls `f(t, jmu)` for the hard leaves `(m·p_b, b−1)` of `b` with
    /// `t = ⌊x/(m·p_b)⌋` in `[low, high)`, in increasing `t`.
    #[inline(always)]
    fn hard_leaves(&self, b: usize, low: u64, high: u64, mut f: impl FnMut(u64, u32)) {
        let h = &self.hard[b];
        let upper = h.xp.checked_div(low).map_or(h.hi, |v| h.hi.min(v));
        let lower = h.lo.max(h.xp / high);
        if upper <= lower {
            return;
        }
        if h.p * h.p < upper {
            // composites possible: scan every m
            for m in (lower + 1..=upper).rev() {
                if u64::from(self.lpf[m as usize]) > h.p {
                    f(div(h.xp, m), self.jmu[m as usize]);
                }
            }
        } else {
            let (k_lo, k_hi) = (self.table.pi(lower) as usize, self.table.pi(upper) as usize);
            for k in (k_lo + 1..=k_hi).rev() {
                f(div_inv(h.xp, u64::from(self.primes[k - 1]), self.inverse[k - 1]), ((k as u32) << 1) | 1);
            }
        }
    }

    /// Runs `task` on a thread's bin array.
    fn with_bins<R>(&self, bins: &[Mutex<Vec<u64>>], task: impl FnOnce(&mut [u64]) -> R) -> R {
        let i = rayon::current_thread_index().unwrap_or(0) % bins.len();
        let mut guard = bins[i].lock().unwrap_or_else(|e| e.into_inner());
        task(&mut guard)
    }
}

/// Bits per hard segment, from the parameters.
fn round_up_128(n: u64) -> u64 {
    n.max(128).div_ceil(128) * 128
}

/// [`prime_buckets`] with explicit parameters.
pub fn prime_buckets_with(
    x: u64,
    params: Params,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<PrimeBuckets> {
    let r = isqrt(x);
    if r < 2 {
        let pi = x.min(3).saturating_sub(1);
        return progress(1, 1).then_some(PrimeBuckets { primes: Vec::new(), counts: Vec::new(), pi });
    }
    let plan = Plan::new(x, params.y);
    let a = plan.a;
    // no segment longer than the range it sieves
    let z = plan.hard.iter().map(|h| h.tmax + 1).max().unwrap_or(0);
    let seg = round_up_128(params.segment.min(z));
    let p2_end = plan.primes.get(a).map_or(0, |&p| x / u64::from(p));
    let p2_seg = round_up_128(params.p2_segment.min(p2_end.saturating_sub(r)));
    let hard_segments = hard_segment_limits(&plan, seg);
    let p2 = P2Plan::new(&plan, p2_seg);
    let hard_work: u64 = hard_segments.iter().map(|&bmax| hard_units(bmax, plan.c, seg)).sum();
    let p2_work = p2.segments * p2_units(p2_seg);
    let easy_units: Vec<u64> = (plan.c + 2..=a).map(|b| plan.easy_units(b)).collect();
    let total = hard_work + p2_work + easy_units.iter().sum::<u64>() + 1;
    if !progress(0, total) {
        return None;
    }

    // per thread: a value per bin, then range increments (a difference array)
    let bins: Vec<Mutex<Vec<u64>>> = (0..plan.threads).map(|_| Mutex::new(vec![0u64; 2 * (a + 2)])).collect();
    ordinary_and_first_leaves(&plan, &bins);
    trivial_leaves(&plan, &bins);
    let mut done = 0u64;
    let mut report = |units: u64| {
        done += units;
        progress(done.min(total - 1), total)
    };
    easy_leaves(&plan, &bins, &easy_units, &mut report)?;
    hard_leaves(&plan, &bins, seg, &hard_segments, &mut report)?;

    let mut counts = vec![0u64; plan.primes.len()];
    for (j, count) in counts.iter_mut().enumerate().take(plan.c) {
        *count = plan.tiny.phi(x / plan.prime(j + 1), j);
    }
    for b in bins {
        let b = b.into_inner().unwrap_or_else(|e| e.into_inner());
        let (point, range) = b.split_at(a + 2);
        let mut run = 0u64;
        for j in 1..=a {
            run = run.wrapping_add(range[j]);
            if j > plan.c {
                counts[j - 1] = counts[j - 1].wrapping_add(point[j]).wrapping_add(run);
            }
        }
    }
    p2.run(&plan, &mut counts, &mut report)?;
    let sum = counts.iter().fold(0u64, |s, &c| s.wrapping_add(c));
    let pi = (plan.primes.len() as u64).wrapping_add(x - 1).wrapping_sub(sum);
    if !progress(total, total) {
        return None;
    }
    Some(PrimeBuckets { primes: plan.primes, counts, pi })
}

/// `lpf` and `jmu` (see [`Plan`]) for `m <= y`, from the smallest prime factors.
fn factor_tables(y: u64, table: &PiTable) -> (Vec<u32>, Vec<u32>) {
    let y = y as usize;
    let mut lpf = vec![0u32; y + 1];
    for p in 2..=isqrt(y as u64) as usize {
        if lpf[p] == 0 {
            for m in (p * p..=y).step_by(p) {
                if lpf[m] == 0 {
                    lpf[m] = p as u32;
                }
            }
        }
    }
    let mut jmu = vec![0u32; y + 1];
    for m in 2..=y {
        let p = if lpf[m] == 0 { m } else { lpf[m] as usize };
        let k = m / p;
        if k == 1 {
            lpf[m] = p as u32;
            jmu[m] = ((table.pi(p as u64) as u32) << 1) | 1;
        } else if lpf[k] as usize <= p {
            // p² | m (lpf[k] = p), or k not squarefree (lpf[k] = 0)
            lpf[m] = 0;
        } else {
            lpf[m] = p as u32;
            jmu[m] = jmu[k] ^ 1;
        }
    }
    (lpf, jmu)
}

/// The hard-leaf ranges for every `b` (empty below `c + 2`).
fn hard_ranges(plan: &Plan) -> Vec<HardRange> {
    let (x, y) = (plan.x, plan.y);
    (0..=plan.a)
        .map(|b| {
            if b < plan.c + 2 {
                return HardRange { p: 0, xp: 0, lo: 0, hi: 0, tmax: 0 };
            }
            let p = plan.prime(b);
            let xp = x / p;
            let lo = p.max(y / p);
            let hi = y.min(xp / p / p);
            // the least m of a leaf: the first squarefree m > lo free of primes <= p
            let first = (lo + 1..=hi).find(|&m| u64::from(plan.lpf[m as usize]) > p);
            let tmax = first.map_or(0, |m| xp / m);
            HardRange { p, xp, lo, hi, tmax }
        })
        .collect()
}

/// For each hard segment, the largest `b` it must sieve: the largest with a hard
/// leaf at or above the segment's start (non-increasing along the segments).
fn hard_segment_limits(plan: &Plan, seg: u64) -> Vec<usize> {
    let z = plan.hard.iter().map(|h| h.tmax).max().unwrap_or(0);
    if z == 0 {
        return Vec::new();
    }
    let segments = (z + 1).div_ceil(seg);
    let mut bmax = plan.hard.iter().rposition(|h| h.tmax > 0).unwrap_or(0);
    (0..segments)
        .map(|s| {
            let low = s * seg;
            // the b above bmax have tmax below an earlier (smaller) low
            while bmax > 0 && plan.hard[bmax].tmax < low {
                bmax -= 1;
            }
            bmax
        })
        .collect()
}

/// Ordinary leaves `(m, c)` and the special leaves with `b = c + 1`, both by the
/// `φ(·, c)` table.
fn ordinary_and_first_leaves(plan: &Plan, bins: &[Mutex<Vec<u64>>]) {
    let (x, y, c) = (plan.x, plan.y, plan.c);
    let pc = plan.prime(c);
    let first = (c < plan.a).then(|| plan.prime(c + 1));
    let chunk = (y / (4 * plan.threads as u64)).max(1 << 12);
    (0..y.div_ceil(chunk)).into_par_iter().for_each(|i| {
        plan.with_bins(bins, |bins| {
            for m in (i * chunk + 1).max(2)..=((i + 1) * chunk).min(y) {
                let l = u64::from(plan.lpf[m as usize]);
                if l <= pc {
                    continue;
                }
                let jmu = plan.jmu[m as usize];
                // ordinary: bin gets −μ(m)·φ(x/m, c)
                file(bins, jmu ^ 1, plan.tiny.phi(x / m, c));
                if let Some(p) = first
                    && l > p
                    && m > y / p
                {
                    // special, b = c + 1: bin gets μ(m)·φ(x/(m p), c)
                    file(bins, jmu, plan.tiny.phi(x / p / m, c));
                }
            }
        })
    });
}

/// Easy special leaves (`b >= c + 2`, `p_b <= t < p_b²`); with a composite `m`
/// every leaf above the hard ones is easy.
/// In rounds of about 1/64 of the work (`units[i]` for `b = c + 2 + i`), each
/// followed by a report.
fn easy_leaves(
    plan: &Plan,
    bins: &[Mutex<Vec<u64>>],
    units: &[u64],
    report: &mut dyn FnMut(u64) -> bool,
) -> Option<()> {
    let step = units.iter().sum::<u64>() / 64 + 1;
    let mut start = 0;
    while start < units.len() {
        let (mut end, mut work) = (start, 0);
        while end < units.len() && work < step {
            work += units[end];
            end += 1;
        }
        (start..end)
            .into_par_iter()
            .with_max_len(8)
            .for_each(|i| plan.with_bins(bins, |bins| easy_leaves_of(plan, bins, plan.c + 2 + i)));
        if !report(work) {
            return None;
        }
        start = end;
    }
    Some(())
}

/// The easy leaves of `b` (`b >= c + 2`): the primes `q` with index in
/// `(k_lo, k_hi]`, and the composites `m` from `m_from` on (up to `y`; none
/// when `p_b² >= y`).
struct EasyRange {
    p: u64,
    xp: u64,
    k_lo: usize,
    k_hi: usize,
    m_from: u64,
}

impl Plan {
    fn easy_range(&self, b: usize) -> EasyRange {
        let y = self.y;
        let p = self.prime(b);
        let xp = self.x / p;
        let (xp2, xp3) = (xp / p, xp / p / p);
        // m = q prime: x/p³ < q <= x/p²
        let hi = y.min(xp2);
        let lo = p.max(y / p).max(xp3).min(hi);
        // m composite (> p², so only when p² < y): every m > x/p³ is easy
        let m_from = if p * p < y { ((y / p).max(p * p).max(xp3) + 1).min(y + 1) } else { y + 1 };
        EasyRange { p, xp, k_lo: self.table.pi(lo) as usize, k_hi: self.table.pi(hi) as usize, m_from }
    }

    /// Progress units for the easy leaves of `b`: a leaf costs about seven
    /// words of a hard segment, a composite candidate one.
    fn easy_units(&self, b: usize) -> u64 {
        let e = self.easy_range(b);
        7 * (e.k_hi - e.k_lo) as u64 + (self.y + 1 - e.m_from)
    }
}

popcnt_dispatch! {
    /// The easy leaves of one `b`.
    fn easy_leaves_of(plan: &Plan, bins: &mut [u64], b: usize) -> () = easy_for
}

/// The easy leaves of one `b`.
#[inline(always)]
fn easy_for(plan: &Plan, bins: &mut [u64], b: usize) {
    let EasyRange { p, xp, k_lo, k_hi, m_from } = plan.easy_range(b);
    let (point, range) = bins.split_at_mut(plan.a + 2);
    // m = q prime, the bin of q gets −φ
    if k_hi > k_lo {
        let hi = u64::from(plan.primes[k_hi - 1]);
        let mut k = k_lo + 1;
        while k <= k_hi {
            let q = u64::from(plan.primes[k - 1]);
            let t = div_inv(xp, q, plan.inverse[k - 1]);
            let pt = plan.table.pi(t);
            let v = pt + 2 - b as u64;
            if t > q {
                // sparse: the next q most likely has another π(t)
                point[k] = point[k].wrapping_sub(v);
                k += 1;
            } else {
                // clustered: every q' <= x/(p·p_pt) has ⌊x/(p q')⌋ in [p_pt, t]
                let end = plan
                    .table
                    .pi(div_inv(xp, plan.prime(pt as usize), plan.inverse[pt as usize - 1]).min(hi))
                    as usize;
                range[k] = range[k].wrapping_sub(v);
                range[end + 1] = range[end + 1].wrapping_add(v);
                k = end + 1;
            }
        }
    }
    // m composite
    for m in m_from..=plan.y {
        let l = u64::from(plan.lpf[m as usize]);
        if l > p && l != m {
            let t = div(xp, m);
            // never trivial: m <= y <= √x gives m² <= x, and t < p would give
            // x < m·p², so m < p², while m has two prime factors above p
            let phi = plan.table.pi(t) + 2 - b as u64;
            file(point, plan.jmu[m as usize], phi);
        }
    }
}

/// Trivial special leaves with `m = q` prime, counted per `q`.
fn trivial_leaves(plan: &Plan, bins: &[Mutex<Vec<u64>>]) {
    if plan.a < plan.c + 2 {
        return;
    }
    let first = plan.prime(plan.c + 1);
    plan.with_bins(bins, |bins| {
        for (k, bin) in bins.iter_mut().enumerate().take(plan.a + 1).skip(plan.c + 3) {
            let q = plan.prime(k);
            // p > √(x/q) already gives p·q > √(x·q) >= √x >= y
            let lower = first.max(isqrt(plan.x / q));
            let below = plan.table.pi(lower.min(q)) as usize;
            if below < k - 1 {
                *bin = bin.wrapping_sub((k - 1 - below) as u64);
            }
        }
    });
}

/// One segment `[low, high)` of the hard-leaf sieve for `b <= bmax`: files every
/// hard leaf with the survivors from `low` on, and returns, for each
/// `b >= c + 2`, the survivors of the whole segment after `p_1, …, p_{b−1}`.
#[inline(always)]
fn hard_segment(plan: &Plan, bins: &mut [u64], low: u64, high: u64, bmax: usize) -> Vec<u64> {
    let c = plan.c;
    let mut block = vec![0; ((high - low) / 128) as usize];
    // the odd multiples of p_2, …, p_c = 3, …, 13 (c = 6 wherever there are hard leaves)
    debug_assert_eq!(c, TINY_PRIMES.len());
    lay_pattern(&mut block, low);
    let mut totals = Vec::with_capacity(bmax.saturating_sub(c + 1));
    let mut alive: u64 = block.iter().map(|w| u64::from(w.count_ones())).sum();
    for b in c + 1..=bmax {
        if b >= c + 2 {
            let (mut pos, mut acc) = (0usize, 0u64);
            plan.hard_leaves(
                b,
                low,
                high,
                #[inline(always)]
                |t, jmu| {
                    let n = if t <= low {
                        0
                    } else {
                        count_upto(&block, ((t - low - 1) / 2) as usize, &mut pos, &mut acc)
                    };
                    file(bins, jmu, n);
                },
            );
            totals.push(alive);
        }
        alive -= cross_off_wheel(&mut block, low, plan.prime(b), 0);
    }
    totals
}

popcnt_dispatch! {
    /// [`hard_segment`].
    fn sieve_segment(plan: &Plan, bins: &mut [u64], low: u64, high: u64, bmax: usize) -> Vec<u64> = hard_segment
}

/// The hard special leaves by the segmented sieve of `[0, z)`.
fn hard_leaves(
    plan: &Plan,
    bins: &[Mutex<Vec<u64>>],
    seg: u64,
    limits: &[usize],
    report: &mut dyn FnMut(u64) -> bool,
) -> Option<()> {
    let c = plan.c;
    // survivors below the current segment, per b
    let mut before = vec![0u64; plan.a + 1];
    let round = plan.threads * ROUND_PER_THREAD;
    for start in (0..limits.len()).step_by(round) {
        let end = (start + round).min(limits.len());
        // 1. sieve the segments, counting from each segment's start
        let totals: Vec<Vec<u64>> = (start..end)
            .into_par_iter()
            .map(|s| {
                let (low, high) = (s as u64 * seg, (s as u64 + 1) * seg);
                plan.with_bins(bins, |bins| sieve_segment(plan, bins, low, high, limits[s]))
            })
            .collect();
        // 2. the survivors below each segment
        let mut offsets = Vec::with_capacity(end - start);
        for t in &totals {
            offsets.push(before[c + 2..c + 2 + t.len()].to_vec());
            for (i, &n) in t.iter().enumerate() {
                before[c + 2 + i] += n;
            }
        }
        // 3. the leaves again, with those survivors
        (start..end).into_par_iter().zip(offsets).for_each(|(s, offset)| {
            let (low, high) = (s as u64 * seg, (s as u64 + 1) * seg);
            plan.with_bins(bins, |bins| {
                for (i, &v) in offset.iter().enumerate() {
                    if v != 0 {
                        plan.hard_leaves(c + 2 + i, low, high, |_, jmu| file(bins, jmu, v));
                    }
                }
            });
        });
        let units: u64 = limits[start..end].iter().map(|&b| hard_units(b, c, seg)).sum();
        if !report(units) {
            return None;
        }
    }
    Some(())
}

popcnt_dispatch! {
    /// One segment `[low, high)` of the `P2` sieve: for the primes `p` with
    /// `⌊x/p⌋` in it (from the largest), the primes in `(low, ⌊x/p⌋]`; the index
    /// of the largest such `p`; and the primes in the whole segment.
    fn p2_segment(plan: &Plan, base: &[u32], low: u64, high: u64) -> (usize, Vec<u64>, u64) = p2_segment_inner
}

#[inline(always)]
fn p2_segment_inner(plan: &Plan, base: &[u32], low: u64, high: u64) -> (usize, Vec<u64>, u64) {
    let x = plan.x;
    let mut block = vec![0u64; ((high - low) / 128) as usize];
    sieve_odd_block(&mut block, low, base);
    let k_hi = plan.table.pi((x / low).min(isqrt(x))) as usize;
    let k_lo = plan.table.pi((x / high).clamp(plan.y, isqrt(x))) as usize;
    let (mut pos, mut acc) = (0usize, 0u64);
    let local: Vec<u64> = (k_lo + 1..=k_hi)
        .rev()
        .map(|k| {
            let v = div(x, plan.prime(k));
            if v <= low { 0 } else { count_upto(&block, ((v - low - 1) / 2) as usize, &mut pos, &mut acc) }
        })
        .collect();
    acc += block[pos..].iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
    (k_hi, local, acc)
}

/// The segmented sieve of `(√x, x/y]` giving `π(⌊x/p⌋)` for the primes
/// `y < p <= √x`.
struct P2Plan {
    /// Even start: `π(low0) = π(√x)`; the sieve covers `low0 + 1 ..`.
    low0: u64,
    seg: u64,
    segments: u64,
}

impl P2Plan {
    fn new(plan: &Plan, seg: u64) -> Self {
        let r = isqrt(plan.x);
        let low0 = r + (r & 1);
        let segments = match plan.primes.get(plan.a) {
            // every ⌊x/p⌋ <= x/p_{a+1} lies below the end of the last segment
            Some(&p) => ((plan.x / u64::from(p)).saturating_sub(low0) + 1).div_ceil(seg),
            None => 0,
        };
        P2Plan { low0, seg, segments }
    }

    fn run(&self, plan: &Plan, counts: &mut [u64], report: &mut dyn FnMut(u64) -> bool) -> Option<()> {
        let x = plan.x;
        let n = plan.primes.len();
        let r_pi = n as u64;
        // ⌊x/p⌋ <= low0: π = π(√x)
        for k in plan.a + 1..=n {
            let p = plan.prime(k);
            if x / p <= self.low0 {
                counts[k - 1] = r_pi + 2 - k as u64;
            }
        }
        let vmax = self.low0 + self.segments * self.seg;
        let k = plan.table.pi(isqrt(vmax).min(isqrt(x))) as usize;
        let base = &plan.primes[k.min(1)..k];
        let mut below = r_pi;
        let round = (plan.threads * ROUND_PER_THREAD) as u64;
        for start in (0..self.segments).step_by(round as usize) {
            let end = (start + round).min(self.segments);
            let results: Vec<(usize, Vec<u64>, u64)> = (start..end)
                .into_par_iter()
                .map(|s| {
                    let low = self.low0 + s * self.seg;
                    p2_segment(plan, base, low, low + self.seg)
                })
                .collect();
            for (k_hi, local, total) in results {
                for (i, n) in local.into_iter().enumerate() {
                    let k = k_hi - i;
                    counts[k - 1] = below + n + 2 - k as u64;
                }
                below += total;
            }
            if !report((end - start) * p2_units(self.seg)) {
                return None;
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::lucy::lucy_sieve;

    fn lucy(x: u64) -> (Vec<u64>, u64) {
        let mut got = Vec::new();
        let pi = lucy_sieve(x, |_, c| got.push(c + 1), &mut |_, _| true).unwrap();
        (got, pi)
    }

    fn check(x: u64, params: Params) {
        let b = prime_buckets_with(x, params, &mut |_, _| true).unwrap();
        let (want, pi) = lucy(x);
        assert_eq!(b.counts(), &want[..], "buckets at x={x} {params:?}");
        assert_eq!(b.pi(), pi, "pi({x}) {params:?}");
    }

    #[test]
    fn phi_tiny_matches_counting() {
        let t = PhiTiny::default();
        for k in 0..=6 {
            let mut n = 0;
            for v in 0..70_000u64 {
                if v > 0 && TINY_PRIMES[..k].iter().all(|&p| v % p != 0) {
                    n += 1;
                }
                assert_eq!(t.phi(v, k), n, "phi({v}, {k})");
            }
        }
    }

    #[test]
    fn pi_table_matches_trial_division() {
        for limit in [0u64, 1, 2, 3, 127, 128, 129, 255, 256, 1000] {
            let t = PiTable::new(limit);
            for n in 0..=limit {
                assert_eq!(t.pi(n), crate::number::prime_count_trial(n), "pi({n}) limit {limit}");
            }
            assert_eq!(t.primes().len() as u64, t.pi(limit));
        }
    }

    #[test]
    fn every_x_to_thirty_thousand_matches_lucy() {
        for x in 0..=30_000 {
            check(x, Params::for_x(x));
        }
    }

    #[test]
    fn every_leaf_bound_and_segment_matches_lucy() {
        for x in [1000u64, 4095, 10_000, 65_536, 100_003, 1_000_000, 12_345_678] {
            let (lo, hi) = (icbrt(x).max(2), isqrt(x));
            // below ∛x the bound is clamped up: the P2 formula needs p³ > x
            for y in [0, 2, lo - 1, lo, lo + 1, (lo + hi) / 2, hi - 1, hi, hi + 1, u64::MAX] {
                for seg in [128, 256, 640, 1 << 12] {
                    check(x, Params { y, segment: seg, p2_segment: seg });
                }
            }
        }
    }

    #[test]
    fn hard_leaf_at_a_segment_start() {
        // x where the largest hard leaf t = tmax of the last b falls on a multiple
        // of the segment: that segment must still sieve up to b
        let mut found = 0;
        for x in 1_040_000u64..1_100_000 {
            // the largest leaf bound: tmax ≈ √x − p ≈ 1024
            let y = isqrt(x);
            let plan = Plan::new(x, y);
            // the last b with hard leaves, so that no larger b keeps the segment going
            let Some(top) = plan.hard.iter().rposition(|h| h.tmax > 0) else { continue };
            let h = plan.hard[top];
            let hit = h.tmax.is_multiple_of(128);
            if hit {
                found += 1;
                check(x, Params { y, segment: 128, p2_segment: 128 });
            }
        }
        assert!(found >= 5, "only {found} cases");
    }

    #[test]
    fn lucy_interface_gives_the_same_calls() {
        for x in [0u64, 1, 4, 99, 10_007, 123_456_789] {
            let (mut got, mut want) = (Vec::new(), Vec::new());
            let pi = smallest_factor_counts(x, |p, c| got.push((p, c)), &mut |_, _| true);
            let lucy_pi = lucy_sieve(x, |p, c| want.push((p, c)), &mut |_, _| true);
            assert_eq!((pi, got), (lucy_pi, want), "x = {x}");
            assert_eq!(prime_pi(x), lucy_pi.unwrap());
        }
    }

    #[test]
    fn stops_when_progress_says_so() {
        let mut calls = 0;
        assert_eq!(prime_buckets(10_000_000, &mut |_, _| false), None);
        let b = prime_buckets(10_000_000, &mut |d, t| {
            assert!(d <= t);
            calls += 1;
            true
        });
        assert_eq!(b.map(|b| b.pi()), Some(664_579));
        assert!(calls >= 2);
    }
}
