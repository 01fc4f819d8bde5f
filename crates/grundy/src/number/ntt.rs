//! Polynomial multiplication modulo any `M <= 2^64 − 1` by number-theoretic
//! transforms over five primes and the Chinese remainder theorem.
//!
//! A coefficient of the product of two polynomials with coefficients below `M`
//! is below `L·M² < 2^17·2^128 = 2^145` for `L <= 2^17` terms in the shorter
//! factor. The five NTT primes `c·2^k + 1` below `2^31` multiply to about
//! `2^151`, so the exact integer coefficient is recovered from its five
//! residues (Garner's mixed-radix form) and reduced modulo `M`; smaller moduli
//! need fewer primes (three for `M < 2^30` and `L <= 2^17`). Each prime's
//! transform runs with a compile-time modulus and precomputed twiddle factors
//! multiplied by Shoup's method; the forward transform leaves its output in
//! bit-reversed order and the inverse takes it so (no permutation pass); the
//! primes run in parallel. Cost `O(L log L)` per product.
//! [`PolyMultiplier::multiply_parity`] returns only the even or only the odd
//! coefficients: the values at `±ω^i` give the even and odd parts at `ω^{2i}`,
//! so the inverse transform and the CRT run at half the length.
//!
//! [`PolyMultiplier`] keeps the transforms of a fixed factor, as the carry DP
//! of the silver dollar game multiplies by the same column polynomial at every
//! bit level.

use super::factor::factorize;
use crate::residue::{inverse_mod, pow_mod};
use rayon::prelude::*;
use std::sync::OnceLock;

/// The NTT primes: `15·2^27+1`, `27·2^26+1`, `63·2^25+1`, `7·2^26+1`, `119·2^23+1`.
pub const PRIMES: [u64; 5] = [2_013_265_921, 1_811_939_329, 2_113_929_217, 469_762_049, 998_244_353];

/// The longest transform every prime supports (`2^23`).
pub const MAX_LEN: usize = 1 << 23;

/// The most terms the shorter factor may have for exact recovery.
pub const MAX_SHORT_LEN: usize = 1 << 17;

/// A primitive root of each prime, found by testing `g^((p−1)/q) ≠ 1`.
fn generators() -> &'static [u64; 5] {
    static G: OnceLock<[u64; 5]> = OnceLock::new();
    G.get_or_init(|| {
        PRIMES.map(|p| {
            let qs = factorize(p - 1);
            (2..p)
                .find(|&g| qs.iter().all(|&(q, _)| pow_mod(g, (p - 1) / q, p) != 1))
                .expect("a primitive root")
        })
    })
}

/// `x · w mod P` by Shoup's method, `w_shoup = ⌊w · 2^64 / P⌋` precomputed
/// (`w < P`, any `x`).
#[inline(always)]
pub(super) fn mul_shoup<const P: u64>(x: u64, w: u64, w_shoup: u64) -> u64 {
    let q = ((x as u128 * w_shoup as u128) >> 64) as u64;
    let r = x.wrapping_mul(w).wrapping_sub(q.wrapping_mul(P));
    if r >= P { r - P } else { r }
}

pub(super) fn shoup(w: u64, p: u64) -> u64 {
    (((w as u128) << 64) / p as u128) as u64
}

/// Twiddle factors of one prime for transforms up to length `size`, stage by
/// stage: entry `h + j` (`h` a power of two, `j < h`) is `ω_{2h}^{±j}`, with
/// its Shoup companion beside it.
struct Twiddles {
    forward: Vec<(u64, u64)>,
    inverse: Vec<(u64, u64)>,
    /// `ω_size^{−rev(j)}` for `j < size/2` (`rev` reversing `log₂ size − 1`
    /// bits): the twist that turns the odd part of a product into the
    /// transform of its odd coefficients.
    odd_twist: Vec<(u64, u64)>,
}

impl Twiddles {
    fn new(p: u64, g: u64, size: usize) -> Self {
        let mut forward = vec![(0, 0); size.max(2)];
        let mut inverse = vec![(0, 0); size.max(2)];
        let mut h = 1;
        while h < size {
            let w = pow_mod(g, (p - 1) / (2 * h) as u64, p);
            let wi = pow_mod(w, p - 2, p);
            let (mut x, mut y) = (1u64, 1u64);
            for j in 0..h {
                forward[h + j] = (x, shoup(x, p));
                inverse[h + j] = (y, shoup(y, p));
                x = x * w % p;
                y = y * wi % p;
            }
            h <<= 1;
        }
        Twiddles { forward, inverse, odd_twist: odd_twist(p, g, size) }
    }
}

/// `ω_size^{−rev(j)}` for `j < size/2` (`rev` reversing `log₂ size − 1` bits),
/// with Shoup companions: [`Twiddles::odd_twist`] for transforms of length `size`.
fn odd_twist(p: u64, g: u64, size: usize) -> Vec<(u64, u64)> {
    let half = size / 2;
    let bits = half.trailing_zeros();
    let wi = pow_mod(pow_mod(g, (p - 1) / size as u64, p), p - 2, p);
    let mut powers = Vec::with_capacity(half);
    let mut t = 1u64;
    for _ in 0..half {
        powers.push(t);
        t = t * wi % p;
    }
    (0..half)
        .map(|j| {
            let t = powers[if bits == 0 { 0 } else { j.reverse_bits() >> (usize::BITS - bits) }];
            (t, shoup(t, p))
        })
        .collect()
}

/// Forward transform (decimation in frequency): natural order in, bit-reversed
/// order out.
pub(super) fn forward<const P: u64>(a: &mut [u64], tw: &[(u64, u64)]) {
    let n = a.len();
    let mut h = n / 2;
    while h >= 1 {
        let roots = &tw[h..2 * h];
        for block in a.chunks_exact_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for ((u, v), &(w, ws)) in lo.iter_mut().zip(hi.iter_mut()).zip(roots) {
                let (x, y) = (*u, *v);
                let s = x + y;
                *u = if s >= P { s - P } else { s };
                *v = mul_shoup::<P>(x + P - y, w, ws);
            }
        }
        h /= 2;
    }
}

/// Inverse transform without the division by the length (decimation in
/// time): bit-reversed order in, natural order out.
pub(super) fn inverse<const P: u64>(a: &mut [u64], tw: &[(u64, u64)]) {
    let n = a.len();
    let mut h = 1;
    while h < n {
        let roots = &tw[h..2 * h];
        for block in a.chunks_exact_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for ((u, v), &(w, ws)) in lo.iter_mut().zip(hi.iter_mut()).zip(roots) {
                let x = *u;
                let y = mul_shoup::<P>(*v, w, ws);
                let s = x + y;
                *u = if s >= P { s - P } else { s };
                *v = if x >= y { x - y } else { x + P - y };
            }
        }
        h *= 2;
    }
}

/// One prime's share of a product: `a` (reduced here) times the transformed
/// fixed factor `fixed_hat` (already divided by the length, which may be
/// shorter than the twiddles': their stages are a prefix). With `parity`
/// `None` all coefficients come back; with `Some(β)` only those of parity `β`
/// (in order), from a transform of half the length: the two halves of the
/// evaluation points `±ω^i` give the even and odd parts at `ω^{2i}`, the odd
/// ones turned by `odd_twist` (made for this length).
fn product_residues<const P: u64>(
    a: &[u64],
    fixed_hat: &[u64],
    tw: &Twiddles,
    odd_twist: &[(u64, u64)],
    parity: Option<usize>,
) -> Vec<u64> {
    let size = fixed_hat.len();
    let mut v: Vec<u64> = Vec::with_capacity(size);
    v.extend(a.iter().map(|&x| x % P));
    v.resize(size, 0);
    forward::<P>(&mut v, &tw.forward);
    v.iter_mut().zip(fixed_hat).for_each(|(x, &y)| *x = *x * y % P);
    match parity {
        None => {
            inverse::<P>(&mut v, &tw.inverse);
            v
        }
        Some(beta) => {
            let mut half: Vec<u64> = v
                .chunks_exact(2)
                .zip(odd_twist)
                .map(|(pair, &(t, ts))| {
                    let (x, y) = (pair[0], pair[1]);
                    if beta == 0 {
                        let s = x + y;
                        if s >= P { s - P } else { s }
                    } else {
                        mul_shoup::<P>(x + P - y, t, ts)
                    }
                })
                .collect();
            inverse::<P>(&mut half, &tw.inverse);
            half
        }
    }
}

fn residues_for(
    which: usize,
    a: &[u64],
    fixed_hat: &[u64],
    tw: &Twiddles,
    odd_twist: &[(u64, u64)],
    parity: Option<usize>,
) -> Vec<u64> {
    match which {
        0 => product_residues::<{ PRIMES[0] }>(a, fixed_hat, tw, odd_twist, parity),
        1 => product_residues::<{ PRIMES[1] }>(a, fixed_hat, tw, odd_twist, parity),
        2 => product_residues::<{ PRIMES[2] }>(a, fixed_hat, tw, odd_twist, parity),
        3 => product_residues::<{ PRIMES[3] }>(a, fixed_hat, tw, odd_twist, parity),
        _ => product_residues::<{ PRIMES[4] }>(a, fixed_hat, tw, odd_twist, parity),
    }
}

fn forward_for(which: usize, a: &mut [u64], tw: &Twiddles) {
    match which {
        0 => forward::<{ PRIMES[0] }>(a, &tw.forward),
        1 => forward::<{ PRIMES[1] }>(a, &tw.forward),
        2 => forward::<{ PRIMES[2] }>(a, &tw.forward),
        3 => forward::<{ PRIMES[3] }>(a, &tw.forward),
        _ => forward::<{ PRIMES[4] }>(a, &tw.forward),
    }
}

/// Garner constants: `inv[i][j] = p_j^{-1} mod p_i` for `j < i`, with their
/// Shoup companions.
fn garner_inverses() -> &'static [[(u64, u64); 5]; 5] {
    static INV: OnceLock<[[(u64, u64); 5]; 5]> = OnceLock::new();
    INV.get_or_init(|| {
        let mut inv = [[(0u64, 0u64); 5]; 5];
        for i in 0..5 {
            for j in 0..i {
                let v = inverse_mod(PRIMES[j] % PRIMES[i], PRIMES[i]).unwrap_or(0);
                inv[i][j] = (v, shoup(v, PRIMES[i]));
            }
        }
        inv
    })
}

/// `p_0·p_1⋯p_{i−1} mod m` for `i < 5`: the weights of Garner's mixed-radix
/// digits modulo `m`.
fn garner_radices(m: u64) -> [u64; 5] {
    let mm = m as u128;
    let mut radix = [0u64; 5];
    let mut r = 1 % mm;
    for (slot, &p) in radix.iter_mut().zip(&PRIMES) {
        *slot = r as u64;
        r = r * (p as u128 % mm) % mm;
    }
    radix
}

/// `x · w mod p` by Shoup's method for a modulus `p < 2^63` known at run time.
fn mul_shoup_dyn(x: u64, w: u64, w_shoup: u64, p: u64) -> u64 {
    let q = ((x as u128 * w_shoup as u128) >> 64) as u64;
    let r = x.wrapping_mul(w).wrapping_sub(q.wrapping_mul(p));
    if r >= p { r - p } else { r }
}

/// The integer with residues `r[i] mod PRIMES[i]` (for the first `r.len()`
/// primes), reduced modulo `m`, given `radix = garner_radices(m)`. The digits
/// `t_i < p_i < 2^31` of `x = t_0 + t_1·p_0 + t_2·p_0p_1 + …` come with one
/// Shoup product each step (a residue below `2^31` is below twice any of the
/// primes); `Σ t_i·(p_0⋯p_{i−1} mod m) < 5·2^95` is then reduced once.
fn garner(r: &[u64], m: u64, radix: &[u64; 5]) -> u64 {
    let inv = garner_inverses();
    let mut t = [0u64; 5];
    for i in 0..r.len() {
        let p = PRIMES[i];
        let mut x = r[i];
        for j in 0..i {
            // t_j < 2^31 < 5·p for every prime, and Shoup takes any factor
            x = mul_shoup_dyn(x + 5 * p - t[j], inv[i][j].0, inv[i][j].1, p);
        }
        t[i] = x;
    }
    let acc: u128 = t[..r.len()].iter().zip(radix).map(|(&d, &w)| d as u128 * w as u128).sum();
    (acc % m as u128) as u64
}

/// The product of `a` and `b` (coefficients below `m`) modulo `m`, by schoolbook.
pub fn multiply_schoolbook(a: &[u64], b: &[u64], m: u64) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u128; a.len() + b.len() - 1];
    let mm = m as u128;
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] = (out[i + j] + x as u128 * y as u128) % mm;
        }
    }
    out.into_iter().map(|x| x as u64).collect()
}

/// Multiplies polynomials by one fixed polynomial modulo `m`.
pub struct PolyMultiplier {
    m: u64,
    fixed: Vec<u64>,
    /// The transform length, `fixed.len() + other_len` rounded up to a power of two.
    size: usize,
    /// `fixed`'s transforms, one per prime, at length `size` (bit-reversed
    /// order, divided by `size`).
    fixed_hat: Vec<Vec<u64>>,
    /// Each prime's twiddle factors for length `size`.
    twiddles: Vec<Twiddles>,
    /// Shorter transforms of the low coefficients of `fixed`, made on first
    /// use: entry `j` is for length `2^j` ([`PolyMultiplier::multiply_parity`]).
    low: Vec<OnceLock<LowTransforms>>,
    other_len: usize,
    /// How many primes the products need: their product must exceed the
    /// largest possible coefficient, `min(len) · (m − 1)²`.
    primes: usize,
}

/// The transforms of `fixed[..min(len, s/2)]` at a length `s` shorter than
/// the multiplier's, one per prime (divided by `s`), with their odd twists.
struct LowTransforms {
    hat: Vec<Vec<u64>>,
    odd_twist: Vec<Vec<(u64, u64)>>,
}

/// The fewest primes whose product exceeds `short · (m − 1)²`.
fn primes_needed(short: usize, m: u64) -> usize {
    let bound = (short.max(1) as f64).log2() + 2.0 * (m.max(2) as f64).log2() + 1.0;
    let mut bits = 0.0;
    for (i, &p) in PRIMES.iter().enumerate() {
        bits += (p as f64).log2();
        if bits > bound {
            return i + 1;
        }
    }
    PRIMES.len()
}

impl PolyMultiplier {
    /// Prepares products of `fixed` with polynomials of up to `other_len` terms.
    ///
    /// # Panics
    /// If the shorter factor exceeds [`MAX_SHORT_LEN`] terms or the product
    /// exceeds [`MAX_LEN`] (callers check sizes first).
    pub fn new(fixed: &[u64], other_len: usize, m: u64) -> Self {
        assert!(fixed.len().min(other_len) <= MAX_SHORT_LEN, "factor too long for exact recovery");
        let size = (fixed.len() + other_len).max(2).next_power_of_two();
        assert!(size <= MAX_LEN, "product too long for the NTT primes");
        let primes = primes_needed(fixed.len().min(other_len), m);
        let prepared: Vec<(Vec<u64>, Twiddles)> = (0..primes)
            .into_par_iter()
            .map(|i| {
                let p = PRIMES[i];
                let tw = Twiddles::new(p, generators()[i], size);
                let mut v: Vec<u64> = fixed.iter().map(|&x| x % p).collect();
                v.resize(size, 0);
                forward_for(i, &mut v, &tw);
                // the inverse transforms leave the division by the length here
                let inv_size = pow_mod(size as u64 % p, p - 2, p);
                v.iter_mut().for_each(|x| *x = *x * inv_size % p);
                (v, tw)
            })
            .collect();
        let (fixed_hat, twiddles) = prepared.into_iter().unzip();
        let low = (0..size.trailing_zeros()).map(|_| OnceLock::new()).collect();
        PolyMultiplier { m, fixed: fixed.to_vec(), size, fixed_hat, twiddles, low, other_len, primes }
    }

    /// The transforms of `fixed`'s first `size/2` coefficients at length
    /// `size` (a power of two below `self.size`), made once.
    fn low_transforms(&self, size: usize) -> &LowTransforms {
        self.low[size.trailing_zeros() as usize].get_or_init(|| {
            let head = &self.fixed[..self.fixed.len().min(size / 2)];
            let (hat, odd_twist) = (0..self.primes)
                .into_par_iter()
                .map(|i| {
                    let p = PRIMES[i];
                    let mut v: Vec<u64> = head.iter().map(|&x| x % p).collect();
                    v.resize(size, 0);
                    forward_for(i, &mut v, &self.twiddles[i]);
                    let inv_size = pow_mod(size as u64 % p, p - 2, p);
                    v.iter_mut().for_each(|x| *x = *x * inv_size % p);
                    (v, odd_twist(p, generators()[i], size))
                })
                .unzip();
            LowTransforms { hat, odd_twist }
        })
    }

    /// `a · fixed mod m` (all `a.len() + fixed.len() − 1` coefficients).
    pub fn multiply(&self, a: &[u64]) -> Vec<u64> {
        if a.is_empty() || self.fixed.is_empty() {
            return Vec::new();
        }
        let out_len = a.len() + self.fixed.len() - 1;
        let odd: Vec<&[(u64, u64)]> = self.twiddles.iter().map(|tw| &tw.odd_twist[..]).collect();
        self.combine(a, None, out_len, &self.fixed_hat, &odd)
    }

    /// The coefficients `β, β + 2, β + 4, …` of `a · fixed mod m`, the first
    /// `count` of them (zeros past the product's end): half the inverse
    /// transform and half the CRT work of [`PolyMultiplier::multiply`].
    /// Only the coefficients below `n = 2·count − 1 + β` are read, which need
    /// only the terms below `n` of both factors: when those fit a shorter
    /// transform (length `s` with both parts at most `s/2` terms, so that the
    /// cyclic product does not wrap), it runs at that length.
    pub fn multiply_parity(&self, a: &[u64], beta: usize, count: usize) -> Vec<u64> {
        assert!(beta < 2, "a parity is 0 or 1");
        if a.is_empty() || self.fixed.is_empty() {
            return vec![0; count];
        }
        let out_len = a.len() + self.fixed.len() - 1;
        let len = ((out_len + 1 - beta) / 2).min(count);
        let mut out = if len == 0 {
            Vec::new()
        } else {
            let read = 2 * len - 1 + beta;
            let a = &a[..a.len().min(read)];
            let short = (2 * a.len().max(self.fixed.len().min(read))).next_power_of_two();
            if short < self.size {
                let low = self.low_transforms(short);
                self.combine(a, Some(beta), len, &low.hat, &low.odd_twist)
            } else {
                let odd: Vec<&[(u64, u64)]> = self.twiddles.iter().map(|tw| &tw.odd_twist[..]).collect();
                self.combine(a, Some(beta), len, &self.fixed_hat, &odd)
            }
        };
        out.resize(count, 0);
        out
    }

    /// The first `len` coefficients (of parity `parity`, if given) of `a`
    /// times the fixed factor transformed as `hats` (one per prime).
    fn combine<H: AsRef<[u64]> + Sync, T: AsRef<[(u64, u64)]> + Sync>(
        &self,
        a: &[u64],
        parity: Option<usize>,
        len: usize,
        hats: &[H],
        odd_twists: &[T],
    ) -> Vec<u64> {
        assert!(a.len() <= self.other_len, "factor longer than prepared");
        let residues: Vec<Vec<u64>> = (0..self.primes)
            .into_par_iter()
            .map(|i| residues_for(i, a, hats[i].as_ref(), &self.twiddles[i], odd_twists[i].as_ref(), parity))
            .collect();
        let radix = garner_radices(self.m);
        (0..len)
            .into_par_iter()
            .with_min_len(1 << 12)
            .map(|k| {
                let mut r = [0u64; 5];
                for (slot, res) in r.iter_mut().zip(&residues) {
                    *slot = res[k];
                }
                garner(&r[..self.primes], self.m, &radix)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn prime_counts_follow_the_modulus() {
        assert_eq!(primes_needed(1 << 17, 1_000_000_007), 3);
        assert_eq!(primes_needed(1 << 17, u64::MAX), 5);
        assert_eq!(primes_needed(10, 2), 1);
    }

    #[test]
    fn extreme_coefficients_are_recovered() {
        for m in [u64::MAX, (1 << 63) + 1, 1 << 40, 1_000_036_000_099, 1_000_000_007, 1 << 30, 2, 1] {
            let a = vec![m - 1; 3000];
            let b = vec![m - 1; 2000];
            let mult = PolyMultiplier::new(&b, a.len(), m);
            assert_eq!(mult.multiply(&a), multiply_schoolbook(&a, &b, m), "m={m}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        #[test]
        fn matches_schoolbook(
            a in prop::collection::vec(any::<u64>(), 1..300),
            b in prop::collection::vec(any::<u64>(), 1..300),
            m in 1u64..=u64::MAX,
        ) {
            let a: Vec<u64> = a.into_iter().map(|x| x % m).collect();
            let b: Vec<u64> = b.into_iter().map(|x| x % m).collect();
            let mult = PolyMultiplier::new(&b, a.len(), m);
            prop_assert_eq!(mult.multiply(&a), multiply_schoolbook(&a, &b, m));
        }

        #[test]
        fn parity_products_match_schoolbook(
            a in prop::collection::vec(any::<u64>(), 1..300),
            b in prop::collection::vec(any::<u64>(), 1..300),
            m in 1u64..=u64::MAX,
            extra in 0usize..40,
        ) {
            let a: Vec<u64> = a.into_iter().map(|x| x % m).collect();
            let b: Vec<u64> = b.into_iter().map(|x| x % m).collect();
            let mult = PolyMultiplier::new(&b, a.len() + extra, m);
            let full = multiply_schoolbook(&a, &b, m);
            for beta in 0..2 {
                let count = a.len() + b.len() / 2 + extra;
                let want: Vec<u64> = (0..count).map(|c| full.get(2 * c + beta).copied().unwrap_or(0)).collect();
                prop_assert_eq!(mult.multiply_parity(&a, beta, count), want);
            }
        }

        /// Few wanted coefficients: the shorter transforms of the fixed
        /// factor's low terms (and a factor longer than them) give the same.
        #[test]
        fn short_parity_products_match_schoolbook(
            a in prop::collection::vec(any::<u64>(), 1..700),
            b in prop::collection::vec(any::<u64>(), 1..700),
            m in 1u64..=u64::MAX,
            counts in prop::collection::vec(1usize..400, 1..6),
        ) {
            let a: Vec<u64> = a.into_iter().map(|x| x % m).collect();
            let b: Vec<u64> = b.into_iter().map(|x| x % m).collect();
            let mult = PolyMultiplier::new(&b, a.len(), m);
            let full = multiply_schoolbook(&a, &b, m);
            for count in counts {
                for beta in 0..2 {
                    let want: Vec<u64> = (0..count).map(|c| full.get(2 * c + beta).copied().unwrap_or(0)).collect();
                    prop_assert_eq!(mult.multiply_parity(&a, beta, count), want, "count {}", count);
                }
            }
        }
    }
}
