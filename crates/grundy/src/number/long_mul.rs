//! Products of long integers by number-theoretic transforms over three primes.
//!
//! The integers are written in a radix `β` (`2^64` for binary integers,
//! `10^19` for the decimal conversion of [`super::decimal`]) as digit vectors
//! `a = Σ aᵢ βⁱ`; their product is the convolution `cₖ = Σ_{i+j=k} aᵢ bⱼ`
//! followed by carries. A coefficient is below `L·β² <= 2^{27}·2^{128} = 2^{155}`
//! for `L <= 2^27` digits in the shorter factor, and the three primes
//! `p = c·2^32 + 1` just below `2^63` multiply to about `2^{189}`: the exact
//! coefficient is recovered from its three residues (Garner's mixed-radix
//! form, into 64 + 128 bits) and carried. Each prime's transform is the cyclic
//! one of [`super::ntt`] (Shoup's multiplication by precomputed twiddles,
//! bit-reversed order between the forward and the inverse transform), the
//! pointwise products are Montgomery's (`x·y·2^{−64}`), and the factor
//! `2^{64}/len` that undoes both is applied in the Garner step. Cost
//! `O(L log L)`; below [`THRESHOLD`] digits in the shorter factor num-bigint's
//! Karatsuba/Toom-3 products are faster and are used instead.

use super::ntt::{forward, inverse, mul_shoup, shoup};
use crate::residue::{inverse_mod, mul_mod, pow_mod};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use rayon::prelude::*;
use std::sync::{Arc, RwLock};

/// The transform primes `c·2^32 + 1` (`c = 2^31 − 7, 2^31 − 23, 2^31 − 37`),
/// each in `(2^62, 2^63)`, so that sums of two residues stay below `2^64`.
pub const PRIMES: [u64; 3] = [0x7fff_fff9_0000_0001, 0x7fff_ffe9_0000_0001, 0x7fff_ffdb_0000_0001];

/// The longest transform used (the primes allow `2^32`; the coefficient bound
/// above needs the shorter factor within `2^27` digits).
pub const MAX_LEN: usize = 1 << 27;

/// Digits (64-bit words) of the shorter factor from which the transforms beat
/// num-bigint's Toom-3 (measured on one thread: the transforms take 1.24 times
/// Toom-3's time at 4096 words, 0.70 times at 16 384).
pub const THRESHOLD: usize = 8192;

/// The radix in which a digit vector is read: its carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Radix {
    /// `2^64`: the words of a binary integer.
    Binary,
    /// `10^19`: the decimal radix of [`super::decimal`].
    Decimal,
}

/// `10^19`, the largest power of ten below `2^64`.
pub const DECIMAL: u64 = 10_000_000_000_000_000_000;

/// Carries a stream of convolution coefficients (each `lo + 2^64·hi`, below
/// `p₀p₁p₂ < 2^{189}`) into digits of the radix.
pub(crate) struct Carrier {
    radix: Radix,
    carry: u128,
}

impl Carrier {
    pub(crate) fn new(radix: Radix) -> Self {
        Carrier { radix, carry: 0 }
    }

    /// The next digit, after adding the coefficient `lo + 2^64·hi`.
    #[inline]
    pub(crate) fn push(&mut self, lo: u64, hi: u128) -> u64 {
        let (low, c) = lo.overflowing_add(self.carry as u64);
        // hi < 2^125 and, by induction, carry < 2^127: no overflow
        let high = hi + (self.carry >> 64) + c as u128;
        match self.radix {
            Radix::Binary => {
                self.carry = high;
                low
            }
            Radix::Decimal => {
                // high < 2^93 < 10^19·2^64: (high·2^64 + low) = q·10^19 + r
                // by long division, one word at a time
                let d = DECIMAL as u128;
                let (q1, r1) = (high / d, high % d);
                let bottom = (r1 << 64) | low as u128;
                let (q0, r) = (bottom / d, bottom % d);
                self.carry = (q1 << 64) | q0;
                r as u64
            }
        }
    }

    /// The digits of what is left in the carry.
    pub(crate) fn flush(mut self, out: &mut Vec<u64>) {
        while self.carry != 0 {
            let digit = self.push(0, 0);
            out.push(digit);
        }
    }
}

/// Twiddle factors of one prime for transforms up to length `size`, stage by
/// stage: entry `h + j` (`h` a power of two, `j < h`) is `ω_{2h}^{±j}`, with its
/// Shoup companion beside it.
struct Twiddles {
    size: usize,
    forward: Vec<(u64, u64)>,
    inverse: Vec<(u64, u64)>,
}

impl Twiddles {
    fn new<const P: u64>(size: usize) -> Self {
        // a root of order 2^32: c-th power of a quadratic non-residue
        let nonresidue = (2..).find(|&x| pow_mod(x, (P - 1) / 2, P) == P - 1).unwrap_or(3);
        let root = pow_mod(nonresidue, (P - 1) >> 32, P);
        let mut forward = vec![(0, 0); size.max(2)];
        let mut inverse = vec![(0, 0); size.max(2)];
        let mut h = 1;
        while h < size {
            let w = pow_mod(root, (1u64 << 32) / (2 * h as u64), P);
            let wi = pow_mod(w, P - 2, P);
            let (ws, wis) = (shoup(w, P), shoup(wi, P));
            let (mut x, mut y) = (1u64, 1u64);
            for j in 0..h {
                forward[h + j] = (x, shoup(x, P));
                inverse[h + j] = (y, shoup(y, P));
                x = mul_shoup::<P>(x, w, ws);
                y = mul_shoup::<P>(y, wi, wis);
            }
            h <<= 1;
        }
        Twiddles { size, forward, inverse }
    }
}

/// The twiddles of prime `which` for transforms of at least `size`, computed
/// once for the longest length asked so far and kept (16 bytes a point and
/// direction: 32 MiB a prime at `2^20` points).
fn twiddles(which: usize, size: usize) -> Arc<Twiddles> {
    static CACHE: [RwLock<Option<Arc<Twiddles>>>; 3] =
        [RwLock::new(None), RwLock::new(None), RwLock::new(None)];
    let slot = &CACHE[which];
    if let Ok(guard) = slot.read()
        && let Some(t) = guard.as_ref()
        && t.size >= size
    {
        return Arc::clone(t);
    }
    let built = Arc::new(match which {
        0 => Twiddles::new::<{ PRIMES[0] }>(size),
        1 => Twiddles::new::<{ PRIMES[1] }>(size),
        _ => Twiddles::new::<{ PRIMES[2] }>(size),
    });
    if let Ok(mut guard) = slot.write() {
        let keep = guard.as_ref().is_some_and(|t| t.size >= size);
        if !keep {
            *guard = Some(Arc::clone(&built));
        }
    }
    built
}

/// `x·y·2^{−64} mod P` (Montgomery), `minus_inverse = −P^{−1} mod 2^64`, for `x, y < P`.
#[inline(always)]
fn mul_montgomery<const P: u64>(x: u64, y: u64, minus_inverse: u64) -> u64 {
    let t = x as u128 * y as u128;
    let m = (t as u64).wrapping_mul(minus_inverse);
    // t + m·P < 2^126 + 2^127, and a multiple of 2^64
    let u = ((t + m as u128 * P as u128) >> 64) as u64;
    if u >= P { u - P } else { u }
}

/// `−P^{−1} mod 2^64` by Newton's iteration (each step doubles the bits).
const fn minus_inverse(p: u64) -> u64 {
    let mut x = p; // right to 3 bits for odd p
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(x)));
        i += 1;
    }
    x.wrapping_neg()
}

/// The digits reduced modulo `P` and padded with zeros to `size`.
fn reduced<const P: u64>(a: &[u64], size: usize) -> Vec<u64> {
    let mut v = Vec::with_capacity(size);
    v.extend(a.iter().map(|&x| x % P));
    v.resize(size, 0);
    v
}

/// The cyclic convolution of `a` and `b` (`a` squared for `None`) modulo `P`,
/// at length `size`, times `2^{−64}·size` (undone in [`garner`]).
fn residues<const P: u64>(a: &[u64], b: Option<&[u64]>, size: usize, tw: &Twiddles) -> Vec<u64> {
    let minus_inv = const { minus_inverse(P) };
    let mut fa = reduced::<P>(a, size);
    forward::<P>(&mut fa, &tw.forward);
    match b {
        Some(b) => {
            let mut fb = reduced::<P>(b, size);
            forward::<P>(&mut fb, &tw.forward);
            fa.iter_mut().zip(&fb).for_each(|(x, &y)| *x = mul_montgomery::<P>(*x, y, minus_inv));
        }
        None => fa.iter_mut().for_each(|x| *x = mul_montgomery::<P>(*x, *x, minus_inv)),
    }
    inverse::<P>(&mut fa, &tw.inverse);
    fa
}

fn residues_for(which: usize, a: &[u64], b: Option<&[u64]>, size: usize) -> Vec<u64> {
    let tw = twiddles(which, size);
    match which {
        0 => residues::<{ PRIMES[0] }>(a, b, size, &tw),
        1 => residues::<{ PRIMES[1] }>(a, b, size, &tw),
        _ => residues::<{ PRIMES[2] }>(a, b, size, &tw),
    }
}

/// Adds `c · â²` (pointwise, with Montgomery's `2^{−64}` as [`residues`]
/// leaves it) to `acc`, where `â` is the transform of `a` modulo `P` at the
/// length of `acc`: the transform-domain form of `acc += c·a²`.
fn add_square<const P: u64>(acc: &mut [u64], a: &[u64], c: u64, tw: &Twiddles) {
    let minus_inv = const { minus_inverse(P) };
    let mut fa = reduced::<P>(a, acc.len());
    forward::<P>(&mut fa, &tw.forward);
    let c = c % P;
    let cs = shoup(c, P);
    for (s, &x) in acc.iter_mut().zip(&fa) {
        let t = mul_shoup::<P>(mul_montgomery::<P>(x, x, minus_inv), c, cs);
        let sum = *s + t;
        *s = if sum >= P { sum - P } else { sum };
    }
}

/// `acc += c · â²` for prime `which` (see [`add_square`]); `acc.len()` a
/// power of two at least 2.
pub(super) fn add_square_for(which: usize, acc: &mut [u64], a: &[u64], c: u64) {
    let tw = twiddles(which, acc.len());
    match which {
        0 => add_square::<{ PRIMES[0] }>(acc, a, c, &tw),
        1 => add_square::<{ PRIMES[1] }>(acc, a, c, &tw),
        _ => add_square::<{ PRIMES[2] }>(acc, a, c, &tw),
    }
}

/// The inverse transform of prime `which` in place: a sum built by
/// [`add_square_for`] becomes residues as [`residues`] returns them.
pub(super) fn inverse_for(which: usize, acc: &mut [u64]) {
    let tw = twiddles(which, acc.len());
    match which {
        0 => inverse::<{ PRIMES[0] }>(acc, &tw.inverse),
        1 => inverse::<{ PRIMES[1] }>(acc, &tw.inverse),
        _ => inverse::<{ PRIMES[2] }>(acc, &tw.inverse),
    }
}

/// The constants of the Garner step at one transform length.
struct Garner {
    /// `2^64 / size mod pᵢ` (undoes Montgomery's `2^{−64}` and the unscaled
    /// inverse transform), with Shoup companions.
    scale: [(u64, u64); 3],
    /// `p₀^{−1} mod p₁`, `p₀^{−1} mod p₂`, `p₁^{−1} mod p₂`, with Shoup companions.
    inv01: (u64, u64),
    inv02: (u64, u64),
    inv12: (u64, u64),
}

impl Garner {
    fn new(size: usize) -> Self {
        let with_shoup = |x: u64, p: u64| (x, shoup(x, p));
        let scale = std::array::from_fn(|i| {
            let p = PRIMES[i];
            let r = ((1u128 << 64) % p as u128) as u64;
            let inv_size = pow_mod(size as u64 % p, p - 2, p);
            with_shoup(mul_mod(r, inv_size, p), p)
        });
        let inv = |a: u64, p: u64| with_shoup(inverse_mod(a % p, p).unwrap_or(0), p);
        Garner {
            scale,
            inv01: inv(PRIMES[0], PRIMES[1]),
            inv02: inv(PRIMES[0], PRIMES[2]),
            inv12: inv(PRIMES[1], PRIMES[2]),
        }
    }

    /// The integer `x < p₀p₁p₂` with the given (scaled) residues, as
    /// `lo + 2^64·hi`: `x = r₀ + p₀(t₁ + p₁t₂)`.
    #[inline]
    fn combine(&self, raw: [u64; 3]) -> (u64, u128) {
        const P0: u64 = PRIMES[0];
        const P1: u64 = PRIMES[1];
        const P2: u64 = PRIMES[2];
        let r0 = mul_shoup::<P0>(raw[0], self.scale[0].0, self.scale[0].1);
        let r1 = mul_shoup::<P1>(raw[1], self.scale[1].0, self.scale[1].1);
        let r2 = mul_shoup::<P2>(raw[2], self.scale[2].0, self.scale[2].1);
        // p₀ < 2p₁ < 4p₂: one subtraction reduces r₀ modulo p₁, t₁ modulo p₂
        let r0_1 = if r0 >= P1 { r0 - P1 } else { r0 };
        let r0_2 = if r0 >= P2 { r0 - P2 } else { r0 };
        let t1 = mul_shoup::<P1>(r1 + P1 - r0_1, self.inv01.0, self.inv01.1);
        let t1_2 = if t1 >= P2 { t1 - P2 } else { t1 };
        let u = mul_shoup::<P2>(r2 + P2 - r0_2, self.inv02.0, self.inv02.1);
        let t2 = mul_shoup::<P2>(u + P2 - t1_2, self.inv12.0, self.inv12.1);
        let y = t1 as u128 + P1 as u128 * t2 as u128;
        let lo = P0 as u128 * (y as u64) as u128;
        let hi = P0 as u128 * (y >> 64);
        let (low, c) = (lo as u64).overflowing_add(r0);
        (low, hi + (lo >> 64) + c as u128)
    }
}

/// The product of the digit vectors `a` and `b` (`a`'s square for `None`) in
/// `radix`, by the transforms, with no high zero digits. Every digit must be
/// below the radix and the shorter factor within 2^27 digits.
pub fn multiply_digits(a: &[u64], b: Option<&[u64]>, radix: Radix) -> Vec<u64> {
    let lb = b.map_or(a.len(), <[u64]>::len);
    if a.is_empty() || lb == 0 {
        return Vec::new();
    }
    let len = a.len() + lb - 1;
    let size = len.next_power_of_two().max(2);
    let raw: Vec<Vec<u64>> = (0..3).into_par_iter().map(|i| residues_for(i, a, b, size)).collect();
    recombine(&raw, len, radix)
}

/// The integer whose first `len` convolution coefficients have the residues
/// `raw[i]` modulo `PRIMES[i]` (scaled as [`residues`] leaves them, at the
/// transform length `raw[i].len()`), carried into digits of `radix`, with no
/// high zero digits. Every coefficient must be below `p₀p₁p₂`.
pub(super) fn recombine(raw: &[Vec<u64>], len: usize, radix: Radix) -> Vec<u64> {
    let garner = Garner::new(raw[0].len());
    let mut carrier = Carrier::new(radix);
    let mut out = Vec::with_capacity(len + 2);
    for ((&r0, &r1), &r2) in raw[0].iter().zip(&raw[1]).zip(&raw[2]).take(len) {
        let (lo, hi) = garner.combine([r0, r1, r2]);
        out.push(carrier.push(lo, hi));
    }
    carrier.flush(&mut out);
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// Whether a product of factors of `short <= long` words goes to the transforms.
pub(super) fn by_transform(short: usize, long: usize) -> bool {
    short >= THRESHOLD && short + long <= MAX_LEN
}

/// The binary integer of the words `w` (least significant first).
pub fn from_words(w: &[u64]) -> BigUint {
    let halves: Vec<u32> = w.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]).collect();
    BigUint::new(halves)
}

/// `a · b`: by the transforms for long factors, num-bigint's product otherwise.
pub fn mul(a: &BigUint, b: &BigUint) -> BigUint {
    let (la, lb) = (words(a), words(b));
    if !by_transform(la.min(lb), la.max(lb)) {
        return a * b;
    }
    from_words(&multiply_digits(&a.to_u64_digits(), Some(&b.to_u64_digits()), Radix::Binary))
}

/// `a²`: one forward transform per prime for long `a`.
pub fn square(a: &BigUint) -> BigUint {
    let la = words(a);
    if !by_transform(la, la) {
        return a * a;
    }
    from_words(&multiply_digits(&a.to_u64_digits(), None, Radix::Binary))
}

/// `a^k` by squaring from the top bit of `k` down (`a^0 = 1`, also for `a = 0`).
pub fn pow(a: &BigUint, k: u128) -> BigUint {
    if k == 0 {
        return BigUint::one();
    }
    if a.is_zero() || a.is_one() {
        return a.clone();
    }
    crate::residue::power::power_from_top(a.clone(), k, |acc| square(&acc), |acc| mul(&acc, a))
}

/// The number of 64-bit words of `a`.
pub(super) fn words(a: &BigUint) -> usize {
    a.bits().div_ceil(64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(words: &[u64]) -> BigUint {
        from_words(words)
    }

    #[test]
    fn montgomery_constants_invert_the_primes() {
        for p in PRIMES {
            assert_eq!(p.wrapping_mul(minus_inverse(p)), u64::MAX, "{p}");
            assert_eq!((p - 1) % (1 << 32), 0);
        }
    }

    /// Every digit at its largest: the coefficients at their bound.
    #[test]
    fn extreme_digits_are_recovered() {
        for (la, lb) in [(1, 1), (3000, 2000), (THRESHOLD, THRESHOLD + 1), (1 << 12, 1 << 12)] {
            let (a, b) = (vec![u64::MAX; la], vec![u64::MAX; lb]);
            let want = big(&a) * big(&b);
            assert_eq!(big(&multiply_digits(&a, Some(&b), Radix::Binary)), want, "{la}x{lb}");
            assert_eq!(big(&multiply_digits(&a, None, Radix::Binary)), big(&a) * big(&a), "{la}^2");
        }
    }

    #[test]
    fn decimal_digits_carry_in_radix_ten_to_the_19() {
        let nines = vec![DECIMAL - 1; 5000];
        // (10^{19n} − 1)² = 10^{38n} − 2·10^{19n} + 1
        let got = multiply_digits(&nines, None, Radix::Decimal);
        let mut want = vec![0u64; 10_000];
        want[0] = 1;
        want[5000] = DECIMAL - 2;
        want[5001..].fill(DECIMAL - 1);
        assert_eq!(got, want);
    }

    #[test]
    fn powers_match_num_bigint() {
        for (base, k) in
            [(0u64, 0u128), (0, 5), (1, 1 << 100), (2, 1), (999_999, 1000), (3, 200_000), (u64::MAX, 3001)]
        {
            let want = num_traits::Pow::pow(BigUint::from(base), k);
            assert_eq!(pow(&BigUint::from(base), k), want, "{base}^{k}");
        }
    }

    /// The Garner step at the edges of the residues (0, 1, p − 1 and `r₀`
    /// beyond `p₁ + r₁` or `p₂`, which random products almost never reach):
    /// the integer recovered has the residues it was given.
    #[test]
    fn garner_recovers_edge_residues() {
        let size = 1 << 10;
        let garner = Garner::new(size);
        let edges = |p: u64| [0, 1, 2, p / 2, PRIMES[2] - 1, PRIMES[1] - 1, PRIMES[1] + 1, p - 2, p - 1];
        for r0 in edges(PRIMES[0]) {
            for r1 in edges(PRIMES[1]).into_iter().filter(|&r| r < PRIMES[1]) {
                for r2 in edges(PRIMES[2]).into_iter().filter(|&r| r < PRIMES[2]) {
                    let r = [r0, r1, r2];
                    // the raw residues that the scaling turns into r
                    let raw: [u64; 3] = std::array::from_fn(|i| {
                        let p = PRIMES[i];
                        mul_mod(r[i], inverse_mod(garner.scale[i].0, p).unwrap(), p)
                    });
                    let (lo, hi) = garner.combine(raw);
                    let x = (BigUint::from(hi) << 64) + lo;
                    for (i, &p) in PRIMES.iter().enumerate() {
                        assert_eq!(&x % p, BigUint::from(r[i]), "residues {r:?}");
                    }
                    assert!(x < BigUint::from(PRIMES[0]) * PRIMES[1] * PRIMES[2]);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Random factors around and above the threshold, balanced or not.
        #[test]
        fn products_match_num_bigint(
            a in prop::collection::vec(any::<u64>(), THRESHOLD - 8..3 * THRESHOLD),
            b in prop::collection::vec(any::<u64>(), 1..3 * THRESHOLD),
            top in any::<u64>(),
        ) {
            let (mut a, b) = (a, b);
            *a.last_mut().unwrap() = top;
            let (x, y) = (big(&a), big(&b));
            prop_assert_eq!(mul(&x, &y), &x * &y);
            prop_assert_eq!(square(&x), &x * &x);
            prop_assert_eq!(big(&multiply_digits(&a, Some(&b), Radix::Binary)), &x * &y);
        }
    }
}
