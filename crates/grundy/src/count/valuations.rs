//! Binomials with valuations: the unordered-count coefficients modulo `p^k`
//! for a prime `p <= K`, and modulo `2^W` (see [`super::series`]).
//!
//! When `p` divides `K!`, `F_K / K!` cannot be taken modulo `p^k`. The
//! convolution of the two binomial series has integer terms, and each binomial
//! `C(x + j − 1, j)` (multisets) or `C(x, j)` (sets) is carried along `j` as
//! `p^v · u`: every factor is split into a power of `p` and a unit, the
//! exponents add up and the units multiply modulo `p^k` (the denominator's
//! units through their inverses). A product of two binomials is `0` modulo
//! `p^k` once its valuation reaches `k`. Cost `O(K)` per value and prime power.

use crate::error::Error;
use crate::residue::{Montgomery, inverse_mod};
use rayon::prelude::*;

/// Arithmetic modulo one prime power, for binomials carried as `p^v · unit`.
pub(super) trait PrimePower: Sync {
    /// A residue.
    type E: Copy + Send + Sync;
    /// `k` of `p^k`: a valuation of `k` or more is `0`.
    fn exponent(&self) -> u32;
    fn one(&self) -> Self::E;
    fn zero(&self) -> Self::E;
    fn mul(&self, a: Self::E, b: Self::E) -> Self::E;
    fn add(&self, a: Self::E, b: Self::E) -> Self::E;
    fn sub(&self, a: Self::E, b: Self::E) -> Self::E;
    /// `p^v` for `v < k`.
    fn p_power(&self, v: u32) -> Self::E;
    /// `x = p^a · u` for `x > 0`: `(a, u)`.
    fn split(&self, x: u128) -> (u32, Self::E);
    /// The inverse of a unit.
    fn inverse(&self, u: Self::E) -> Self::E;
    /// The plain residue, as a `u128`.
    fn value(&self, a: Self::E) -> u128;

    /// Calls `f(i, split of x_i)` for `i = 1..=len`, `x_i = x0 + i − 1`
    /// (multisets) or `x0 − i + 1` (sets), stopping before a zero factor.
    fn numerators(&self, x0: u128, set: bool, len: usize, mut f: impl FnMut(usize, (u32, Self::E))) {
        for (i, x) in factors(x0, set, len) {
            f(i, self.split(x));
        }
    }
}

/// The numerators `(i, x_i)` for `i = 1..=len`: `x_i = x0 + i − 1` (multisets)
/// or `x0 − i + 1` (sets), up to the first zero.
fn factors(x0: u128, set: bool, len: usize) -> impl Iterator<Item = (usize, u128)> {
    (1..=len)
        .map(move |i| {
            let d = (i - 1) as u128;
            (i, if set { x0.saturating_sub(d) } else { x0 + d })
        })
        .take_while(|&(_, x)| x > 0)
}

/// Modulo `2^w`, `w <= 128`, in wrapping `u128` arithmetic.
pub(super) struct TwoPower {
    width: u32,
}

impl TwoPower {
    pub(super) fn new(width: u32) -> Self {
        TwoPower { width: width.min(128) }
    }
}

impl PrimePower for TwoPower {
    type E = u128;
    fn exponent(&self) -> u32 {
        self.width
    }
    fn one(&self) -> u128 {
        1
    }
    fn zero(&self) -> u128 {
        0
    }
    fn mul(&self, a: u128, b: u128) -> u128 {
        a.wrapping_mul(b)
    }
    fn add(&self, a: u128, b: u128) -> u128 {
        a.wrapping_add(b)
    }
    fn sub(&self, a: u128, b: u128) -> u128 {
        a.wrapping_sub(b)
    }
    fn p_power(&self, v: u32) -> u128 {
        1u128 << v
    }
    fn split(&self, x: u128) -> (u32, u128) {
        let a = x.trailing_zeros();
        (a, x >> a)
    }
    /// Newton's iteration `y ← y·(2 − u·y)` doubles the correct low bits of an
    /// odd `u`'s inverse (`u·u ≡ 1 mod 8` starts with three).
    fn inverse(&self, u: u128) -> u128 {
        let mut y = u;
        for _ in 0..6 {
            y = y.wrapping_mul(2u128.wrapping_sub(u.wrapping_mul(y)));
        }
        y
    }
    fn value(&self, a: u128) -> u128 {
        if self.width >= 128 { a } else { a & ((1u128 << self.width) - 1) }
    }
}

/// Modulo an odd prime power `p^k < 2^64`, in Montgomery form.
pub(super) struct OddPower {
    p: u64,
    k: u32,
    q: u64,
    mg: Montgomery,
}

impl OddPower {
    pub(super) fn new(p: u64, k: u32) -> Result<Self, Error> {
        let q = p.pow(k);
        let mg = Montgomery::new(q).ok_or_else(|| Error::Internal(format!("{p}^{k} is even")))?;
        Ok(OddPower { p, k, q, mg })
    }
}

impl PrimePower for OddPower {
    type E = u64;
    fn exponent(&self) -> u32 {
        self.k
    }
    fn one(&self) -> u64 {
        self.mg.to_mont(1)
    }
    fn zero(&self) -> u64 {
        0
    }
    fn mul(&self, a: u64, b: u64) -> u64 {
        self.mg.mul(a, b)
    }
    fn add(&self, a: u64, b: u64) -> u64 {
        self.mg.add(a, b)
    }
    fn sub(&self, a: u64, b: u64) -> u64 {
        self.mg.sub(a, b)
    }
    fn p_power(&self, v: u32) -> u64 {
        self.mg.to_mont(self.p.pow(v))
    }
    fn split(&self, mut x: u128) -> (u32, u64) {
        let mut a = 0;
        while x.is_multiple_of(self.p as u128) {
            x /= self.p as u128;
            a += 1;
        }
        (a, self.mg.to_mont((x % self.q as u128) as u64))
    }
    fn inverse(&self, u: u64) -> u64 {
        let plain = self.mg.from_mont(u);
        self.mg.to_mont(inverse_mod(plain, self.q).unwrap_or(0))
    }
    fn value(&self, a: u64) -> u128 {
        self.mg.from_mont(a) as u128
    }

    /// The factors step by one, so their residues modulo `p` and `p^k` do too:
    /// only every `p`-th factor is divided out exactly.
    fn numerators(&self, x0: u128, set: bool, len: usize, mut f: impl FnMut(usize, (u32, u64))) {
        let one = self.one();
        let mut r = (x0 % self.p as u128) as u64;
        let mut unit = self.mg.to_mont((x0 % self.q as u128) as u64);
        for (i, x) in factors(x0, set, len) {
            f(i, if r == 0 { self.split(x) } else { (0, unit) });
            if set {
                r = if r == 0 { self.p - 1 } else { r - 1 };
                unit = self.mg.sub(unit, one);
            } else {
                r = if r + 1 == self.p { 0 } else { r + 1 };
                unit = self.mg.add(unit, one);
            }
        }
    }
}

/// The binomial convolution modulo one prime power (see the module documentation).
///
/// `C(x + j − 1, j) = N_j(x) / j!` with `N_j` the product of the first `j`
/// numerators: per value only `N_j` is carried (one product a step), and the
/// denominators, the same for every value, are folded in once: `D_j` is the
/// valuation and inverse unit of `j!`, and a term of the convolution takes
/// `1/(j!·(K−j)!)` from the table `pair`.
pub(super) struct Valuations<A: PrimePower> {
    arith: A,
    k: usize,
    set: bool,
    /// For `j = 0..=K`: `v_p(j!) + v_p((K−j)!)`.
    pair_valuation: Vec<u64>,
    /// For `j = 0..=K`: the inverse of the unit part of `j!·(K−j)!`.
    pair_unit: Vec<A::E>,
    /// `p^v` for `v < k`.
    powers: Vec<A::E>,
}

/// The numerator products of `e` and of `o`, as `(valuation, unit)`, for one value.
type Buffers<E> = (Vec<(u64, E)>, Vec<(u64, E)>);

/// A valuation standing for a zero product.
const ZERO: u64 = u64::MAX / 4;

impl<A: PrimePower> Valuations<A> {
    pub(super) fn new(arith: A, k: u64, set: bool) -> Self {
        let k = k as usize;
        // valuations of 0!, …, K! and the units of 1, …, K
        let units: Vec<(u32, A::E)> = (1..=k as u128).map(|i| arith.split(i)).collect();
        let mut valuations = Vec::with_capacity(k + 1);
        valuations.push(0u64);
        let mut top = arith.one();
        for &(v, u) in &units {
            valuations.push(valuations.last().copied().unwrap_or(0) + v as u64);
            top = arith.mul(top, u);
        }
        // inverse units of K!, (K−1)!, …, 0! by one inversion
        let mut inverses = vec![arith.inverse(top); k + 1];
        for j in (1..=k).rev() {
            inverses[j - 1] = arith.mul(inverses[j], units[j - 1].1);
        }
        let pair_valuation = (0..=k).map(|j| valuations[j] + valuations[k - j]).collect();
        let pair_unit = (0..=k).map(|j| arith.mul(inverses[j], inverses[k - j])).collect();
        let powers = (0..arith.exponent().min(128)).map(|v| arith.p_power(v)).collect();
        Valuations { arith, k, set, pair_valuation, pair_unit, powers }
    }

    /// The numerator products `N_j` of `C(x + j − 1, j)` (multisets) or `C(x, j)`
    /// (sets) for `j = 0..=K`, as `(valuation, unit)`, the valuation [`ZERO`]
    /// once a factor is zero.
    fn numerators(&self, x: u128, out: &mut Vec<(u64, A::E)>) {
        let a = &self.arith;
        out.clear();
        out.push((0, a.one()));
        let (mut v, mut u) = (0u64, a.one());
        a.numerators(x, self.set, self.k, |_, (nv, nu)| {
            v += nv as u64;
            u = a.mul(u, nu);
            out.push((v, u));
        });
        out.resize(self.k + 1, (ZERO, a.one()));
    }

    /// `Σ_j (−1)^{K−j} C_j(e) C_{K−j}(o)` from the numerator products of `e`
    /// and `o`: `N_j(e)·N_{K−j}(o) / (j!·(K−j)!)`.
    fn coefficient(&self, e: u128, o: u128, bufs: &mut Buffers<A::E>) -> u128 {
        let a = &self.arith;
        self.numerators(e, &mut bufs.0);
        self.numerators(o, &mut bufs.1);
        let top = a.exponent() as u64;
        let (mut plus, mut minus) = (a.zero(), a.zero());
        for (j, &(va, ua)) in bufs.0.iter().enumerate() {
            let (vb, ub) = bufs.1[self.k - j];
            // a product of integers, so at least the denominator's valuation
            let v = (va + vb).saturating_sub(self.pair_valuation[j]);
            if v >= top || va >= ZERO || vb >= ZERO {
                continue;
            }
            let term = a.mul(a.mul(ua, ub), a.mul(self.pair_unit[j], self.powers[v as usize]));
            if (self.k - j).is_multiple_of(2) {
                plus = a.add(plus, term);
            } else {
                minus = a.add(minus, term);
            }
        }
        a.value(a.sub(plus, minus))
    }

    /// The residues at every `w`, for `P = p_total` positions.
    pub(super) fn coefficients<T: TryFrom<u128> + Default + Send>(
        &self,
        p_total: u128,
        ws: &[i128],
    ) -> Vec<T> {
        ws.par_iter()
            .map_init(
                || (Vec::with_capacity(self.k + 1), Vec::with_capacity(self.k + 1)),
                |bufs, &w| {
                    // e = (P + w)/2 without leaving u128 (P + |w| <= 2^127)
                    let e = if w >= 0 { (p_total + w as u128) / 2 } else { (p_total - w.unsigned_abs()) / 2 };
                    let o = p_total - e;
                    T::try_from(self.coefficient(e, o, bufs)).unwrap_or_default()
                },
            )
            .collect()
    }
}
