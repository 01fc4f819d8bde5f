//! The coefficients that count unordered positions, exactly or modulo any `M`.
//!
//! For one component with `P` positions, `K` copies and a transform value
//! `w = Ŵ(s) = e − o` (`e + o = P`), [`crate::count::Order`] needs
//!
//! ```text
//! multisets:  c(w) = [t^K] (1 − t)^{−e} (1 + t)^{−o} = Σ_j C(e+j−1, j) · (−1)^{K−j} C(o+K−j−1, K−j)
//! sets:       c(w) = [t^K] (1 + t)^{e} (1 − t)^{o}   = Σ_j C(e, j) · (−1)^{K−j} C(o, K−j)
//! ```
//!
//! (the products of the two binomial series). Two ways compute it.
//!
//! # A three-term recurrence: `F_K(w) = K!·c(w)`, an integer polynomial
//!
//! `f = (1 − t)^{−e}(1 + t)^{−o}` has `f'/f = e/(1−t) − o/(1+t) = (w + P·t)/(1 − t²)`,
//! and `f = (1 + t)^{e}(1 − t)^{o}` has `f'/f = (w − P·t)/(1 − t²)`. With `σ = +1`
//! for multisets and `σ = −1` for sets, `(1 − t²) f' = (w + σP·t) f`; the
//! coefficient of `t^n` reads `(n+1) f_{n+1} − (n−1) f_{n−1} = w f_n + σP f_{n−1}`.
//! Multiplied by `n!`, with `F_n = n!·f_n`:
//!
//! ```text
//! F_0 = 1,   F_1 = w,   F_{n+1} = w·F_n + n·(σP + n − 1)·F_{n−1}.
//! ```
//!
//! The recurrence determines every coefficient, so `F_n` is, by induction, a
//! polynomial in `w` and `P` with integer coefficients, monic of degree `n` in
//! `w`, with only the powers `w^n, w^{n−2}, …` (`w·F_n` and `F_{n−1}` both have
//! the parity of `n + 1`). Hence `c(w) = F_K(w) / K!`:
//!
//! * exactly, `F_K` with big integers and one exact division per value;
//! * modulo `n` prime to `K!`, `F_K(w)·(K!)^{−1}`, which needs only `P mod n` and
//!   `w mod n`: `P` and `w` may be astronomically large (a board token of
//!   `n^dims` cells, `w = Â^dims`). For a few values the recurrence costs `2K`
//!   products per value; for many, the coefficients of `F_K` as a polynomial in
//!   `x = w²` are computed once (`K²/4` products: `G_{n+1}[i] = G_n[i] +
//!   c_n·G_{n−1}[i−1]` for the coefficient `G_n[i]` of `w^{n−2i}`) and each value
//!   costs a Horner evaluation of `K/2` products.
//!
//! # Binomials with valuations: modulo `p^k` for a prime `p <= K`, and `2^W`
//!
//! When `p` divides `K!`, `F_K / K!` cannot be taken modulo `p^k`. The
//! convolution above has integer terms, and each binomial
//! `C(x + j − 1, j) = Π_{i<=j} (x + i − 1)/i` (multisets) or
//! `C(x, j) = Π_{i<=j} (x − i + 1)/i` (sets) is carried along `j` as `p^v · u`:
//! every factor is split into a power of `p` and a unit (prime to `p`), the
//! exponents add up (the total `v >= 0` is the valuation of an integer) and the
//! units multiply modulo `p^k`, the denominator's units through their inverses.
//! A product of two binomials is `p^{v+v'}·u·u'`, which is `0` modulo `p^k` once
//! `v + v' >= k`. A set binomial meets the factor `x − x = 0` at `j = x + 1` and
//! is `0` from there on (`C(x, j) = 0` for `j > x`). This needs `e` and `o`
//! exactly, so `P` must fit (below `2^126`); the powers of two run modulo `2^W`
//! for `W` up to 128 in wrapping `u128` arithmetic (units are odd and invertible
//! modulo `2^128`), the odd prime powers in Montgomery form. Cost `O(K)` per
//! value and prime power.
//!
//! # Modulo any `M`
//!
//! The count `2^{−b} Σ_s c(w(s))` is computed in the lifted ring, modulo
//! `q·2^W` for the odd part `q` of `M = 2^a·q` and `W = a + b` (see
//! [`crate::ring::Counting`]): modulo every prime power of `q` up to `K` and
//! modulo `2^W` by valuations, modulo the product of the larger prime powers of
//! `q` by `F_K`, and the residues modulo `q` joined by the Chinese remainder
//! theorem.

use super::valuations::{OddPower, TwoPower, Valuations};
use super::{Order, Positions};
use crate::error::{Budget, Error, Remedy};
use crate::number::binomial::range_product;
use crate::residue::{Montgomery, inverse_mod, mul_mod, pow_mod};
use num_bigint::BigInt;
use num_traits::One;
#[cfg(test)]
use num_traits::Zero;
use rayon::prelude::*;

/// The most coefficient steps (values times copies times prime powers) a
/// modular request may plan: about a minute.
pub const MAX_WORK: f64 = 2.0e10;

/// The most big-integer word operations an exact request may plan.
pub const MAX_EXACT_WORK: f64 = 5.0e9;

/// The largest number of positions of one component for which the binomials
/// with valuations run (they need `e` and `o` exactly).
pub const MAX_EXACT_POSITIONS: u128 = crate::xor::MAX_TOTAL;

/// Multisets or sets: the sign `σ` of the recurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Multiset,
    Set,
}

/// The series of `copies` unordered copies of one component: each transform
/// value `v` given stands for `w = v^power`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Series {
    kind: Kind,
    positions: Positions,
    copies: u64,
    power: u64,
}

impl Series {
    /// The series for `order` (`None` for ordered tuples, which have none).
    pub fn new(order: Order, positions: Positions, copies: u64, power: u64) -> Option<Self> {
        let kind = match order {
            Order::Ordered => return None,
            Order::Multiset => Kind::Multiset,
            Order::Set => Kind::Set,
        };
        Some(Series { kind, positions, copies, power })
    }

    /// The same series for values that stand for their `power`-th power.
    pub fn with_power(self, power: u64) -> Self {
        Series { power, ..self }
    }

    fn is_set(&self) -> bool {
        self.kind == Kind::Set
    }

    /// `P` and `w = v^power` exactly, when `P` is below [`MAX_EXACT_POSITIONS`].
    fn exact_sizes(&self, values: &[i128]) -> Result<(u128, Vec<i128>), Error> {
        let Positions { base, exponent } = self.positions;
        let too_large = || Error::TooLarge {
            what: "an unordered count modulo a modulus that is even or has a prime factor up to `copies`"
                .into(),
            estimate: format!("components of {} positions", self.positions),
            limit: "2^126 positions".into(),
            remedy: Remedy::Smaller("n"),
        };
        let p = u32::try_from(exponent)
            .ok()
            .and_then(|x| base.checked_pow(x))
            .filter(|&p| p <= MAX_EXACT_POSITIONS)
            .ok_or_else(too_large)?;
        let mut ws = Vec::with_capacity(values.len());
        for &v in values {
            let w = u32::try_from(self.power).ok().and_then(|x| v.checked_pow(x)).ok_or_else(too_large)?;
            if w.unsigned_abs() > p || (p - w.unsigned_abs()) % 2 != 0 {
                return Err(Error::Internal(format!("transform value {w} of a histogram of {p} positions")));
            }
            ws.push(w);
        }
        Ok((p, ws))
    }
}

/// `[t^K]` of the series of `series` at each value, exactly: `F_K(w) / K!`.
pub fn exact_coefficients(series: &Series, values: &[i128], budget: &Budget) -> Result<Vec<BigInt>, Error> {
    let k = series.copies;
    let p = BigInt::from(series.positions.base).pow(exponent_u32(series.positions.exponent)?);
    check_exact_bits(k, p.bits() as f64, values.len(), budget)?;
    let sigma_p = if series.is_set() { -p } else { p };
    // c_n = n·(σP + n − 1) for n = 1..K−1
    let steps: Vec<BigInt> = (1..k).map(|n| (&sigma_p + (n - 1)) * n).collect();
    let factorial = BigInt::from(range_product(1, k as u128 + 1));
    let power = exponent_u32(series.power)?;
    Ok(values
        .par_iter()
        .map(|&v| {
            let w = BigInt::from(v).pow(power);
            let (mut prev, mut cur) = (BigInt::one(), w.clone());
            if k == 0 {
                return BigInt::one();
            }
            for c in &steps {
                let next = &w * &cur + c * &prev;
                prev = std::mem::replace(&mut cur, next);
            }
            cur / &factorial
        })
        .collect())
}

/// Refuses [`exact_coefficients`] at `values` distinct values whose work or
/// memory is beyond the limits: callable before the values are known, with a
/// lower estimate of their number.
pub fn check_exact(series: &Series, values: usize, budget: &Budget) -> Result<(), Error> {
    let bits = (series.positions.log10() * std::f64::consts::LOG2_10).floor() + 1.0;
    check_exact_bits(series.copies, bits, values, budget)
}

/// [`check_exact`] for `k` copies of a component of `bits`-bit `P`.
fn check_exact_bits(k: u64, bits: f64, values: usize, budget: &Budget) -> Result<(), Error> {
    let words = k as f64 * (bits + 64.0) / 64.0 + 1.0;
    let work = values as f64 * k as f64 * words;
    if work > MAX_EXACT_WORK {
        return Err(Error::TooLarge {
            what: format!("an exact count of unordered positions of {k} components"),
            estimate: format!("about {work:.1e} big-integer word operations"),
            limit: format!("{MAX_EXACT_WORK:.0e}"),
            remedy: Remedy::Modulus,
        });
    }
    // the steps c_n, and three values of F per thread
    let threads = rayon::current_num_threads() as f64;
    let memory = k as f64 * (bits + 128.0) / 8.0 + threads * 3.0 * 8.0 * words;
    budget.check_memory(memory, "the steps of the exact recurrence", "copies")
}

fn exponent_u32(x: u64) -> Result<u32, Error> {
    u32::try_from(x).map_err(|_| Error::TooLarge {
        what: "an exact power".into(),
        estimate: format!("an exponent of {x}"),
        limit: format!("{}", u32::MAX),
        remedy: Remedy::Modulus,
    })
}

/// The coefficient by the binomial convolution with big integers, from `e` and
/// `o`: the slow reference for tests.
#[cfg(test)]
pub(crate) fn coefficient_by_binomials(order: Order, e: u128, o: u128, k: u64) -> BigInt {
    // C(n, j), n possibly beyond u64: the falling product over j!
    let choose = |n: u128, j: u64| -> BigInt {
        if n < j as u128 {
            return BigInt::zero();
        }
        BigInt::from(range_product(n + 1 - j as u128, n + 1) / range_product(1, j as u128 + 1))
    };
    // multisets of size j from x items
    let multichoose = |x: u128, j: u64| {
        if j == 0 {
            BigInt::one()
        } else if x == 0 {
            BigInt::zero()
        } else {
            choose(x + j as u128 - 1, j)
        }
    };
    let mut sum = BigInt::zero();
    for j in 0..=k {
        let l = k - j;
        let term = match order {
            Order::Set => choose(e, j) * choose(o, l),
            _ => multichoose(e, j) * multichoose(o, l),
        };
        if l.is_multiple_of(2) { sum += term } else { sum -= term }
    }
    sum
}

/// `[t^K]` of the series at each value, modulo `q` (odd, with its prime
/// factorization) and modulo `2^width`: the pairs `(mod q, mod 2^width)`.
pub fn residues(
    series: &Series,
    q: u64,
    factors: &[(u64, u32)],
    width: u32,
    values: &[i128],
    budget: &Budget,
) -> Result<Vec<(u64, u128)>, Error> {
    check_residues(series, factors, width, values.len(), budget)?;
    let k = series.copies;
    let small: Vec<(u64, u32)> = factors.iter().copied().filter(|&(p, _)| p <= k).collect();
    let large: u64 = factors.iter().filter(|&&(p, _)| p > k).map(|&(p, e)| p.pow(e)).product();

    // residues modulo each part of q, then the CRT
    let mut moduli: Vec<u64> = Vec::new();
    let mut parts: Vec<Vec<u64>> = Vec::new();
    if large > 1 {
        let engine = Invertible::new(series, large, values.len())?;
        parts.push(engine.coefficients(series, values));
        moduli.push(large);
    }
    let exact = if small.is_empty() && width == 0 { None } else { Some(series.exact_sizes(values)?) };
    if let Some((p_total, ws)) = &exact {
        for &(p, e) in &small {
            let engine = Valuations::new(OddPower::new(p, e)?, k, series.is_set());
            parts.push(engine.coefficients(*p_total, ws));
            moduli.push(p.pow(e));
        }
    }
    let crt: Vec<u64> = moduli
        .iter()
        .map(|&m| {
            let rest = q / m;
            mul_mod(rest % q, inverse_mod(rest % m, m).unwrap_or(0), q)
        })
        .collect();
    let odd: Vec<u64> = (0..values.len())
        .map(|i| {
            parts
                .iter()
                .zip(&crt)
                .fold(0u64, |acc, (r, &c)| ((acc as u128 + mul_mod(r[i], c, q) as u128) % q as u128) as u64)
        })
        .collect();
    let two: Vec<u128> = match &exact {
        Some((p_total, ws)) if width > 0 => {
            Valuations::new(TwoPower::new(width), k, series.is_set()).coefficients(*p_total, ws)
        }
        _ => vec![0; values.len()],
    };
    Ok(odd.into_iter().zip(two).collect())
}

/// Refuses [`residues`] at `values` distinct values whose work or memory is
/// beyond the limits: callable before the values are known, with a lower
/// estimate of their number.
pub fn check_residues(
    series: &Series,
    factors: &[(u64, u32)],
    width: u32,
    values: usize,
    budget: &Budget,
) -> Result<(), Error> {
    let k = series.copies;
    // an engine per prime power up to K, one for the rest of q, one for 2^width
    let small = factors.iter().filter(|&&(p, _)| p <= k).count();
    let large = factors.iter().any(|&(p, _)| p > k);
    let engines = small + usize::from(large) + usize::from(width > 0);
    let work = values as f64 * k as f64 * engines as f64;
    if work > MAX_WORK {
        return Err(Error::TooLarge {
            what: format!("a count of unordered positions of {k} components"),
            estimate: format!("about {work:.1e} steps"),
            limit: format!("{MAX_WORK:.0e}"),
            remedy: Remedy::Smaller("copies"),
        });
    }
    let threads = rayon::current_num_threads() as f64;
    let memory = (k as f64 + 1.0) * (24.0 + 64.0 * threads) + values as f64 * 16.0 * engines as f64;
    budget.check_memory(memory, "the coefficients of an unordered count", "copies")
}

/// Modulo `n` prime to `K!`: `F_K(w)·(K!)^{−1}` (see the module documentation).
struct Invertible {
    mg: Montgomery,
    k: u64,
    /// `c_j = j·(σP + j − 1)` for `j = 1..K−1`, in Montgomery form.
    steps: Vec<u64>,
    /// `(K!)^{−1}` in Montgomery form.
    scale: u64,
    /// `F_K`'s coefficients of `w^K, w^{K−2}, …` when there are many values.
    poly: Option<Vec<u64>>,
}

impl Invertible {
    fn new(series: &Series, n: u64, values: usize) -> Result<Self, Error> {
        let internal =
            || Error::Internal(format!("K! for K = {} is not invertible modulo {n}", series.copies));
        let mg = Montgomery::new(n).ok_or_else(internal)?;
        let k = series.copies;
        let Positions { base, exponent } = series.positions;
        let p = pow_mod((base % n as u128) as u64, exponent, n);
        let sigma_p = if series.is_set() { mg.sub(0, mg.to_mont(p)) } else { mg.to_mont(p) };
        let one = mg.to_mont(1);
        let (mut steps, mut j_mont, mut factorial) = (Vec::with_capacity(k as usize), one, one);
        for _ in 1..k {
            // j·(σP + j − 1) with j_mont = j
            let shifted = mg.add(sigma_p, mg.sub(j_mont, one));
            steps.push(mg.mul(j_mont, shifted));
            factorial = mg.mul(factorial, j_mont);
            j_mont = mg.add(j_mont, one);
        }
        if k > 0 {
            factorial = mg.mul(factorial, j_mont);
        }
        let inv = inverse_mod(mg.from_mont(factorial), n).ok_or_else(internal)?;
        let scale = mg.to_mont(inv);
        let mut engine = Invertible { mg, k, steps, scale, poly: None };
        // Horner on K/2 coefficients pays once the values outnumber K/6.
        if 6 * values as u64 > k && k >= 8 {
            engine.poly = Some(engine.polynomial());
        }
        Ok(engine)
    }

    /// `G_K`: the coefficients of `w^K, w^{K−2}, …` of `F_K`.
    fn polynomial(&self) -> Vec<u64> {
        let mg = &self.mg;
        let one = mg.to_mont(1);
        let (mut prev, mut cur) = (vec![one], vec![one]);
        for (n, &c) in (1usize..).zip(&self.steps) {
            // G_{n+1}[i] = G_n[i] + c_n·G_{n−1}[i−1]
            let len = n.div_ceil(2) + 1;
            let mut next = cur.clone();
            next.resize(len, 0);
            for (i, &g) in prev.iter().enumerate() {
                next[i + 1] = mg.add(next[i + 1], mg.mul(c, g));
            }
            prev = std::mem::replace(&mut cur, next);
        }
        cur
    }

    /// `F_K(w)` by the recurrence (Montgomery form in and out).
    fn recurrence(&self, w: u64) -> u64 {
        let mg = &self.mg;
        if self.k == 0 {
            return mg.to_mont(1);
        }
        let (mut prev, mut cur) = (mg.to_mont(1), w);
        for &c in &self.steps {
            let next = mg.add(mg.mul(w, cur), mg.mul(c, prev));
            prev = std::mem::replace(&mut cur, next);
        }
        cur
    }

    /// `F_K` at up to [`LANES`] values at once by Horner's rule in `x = w²` on
    /// `g = G_K` (Montgomery form in and out): independent chains keep the
    /// multiplier busy. Below `2^63` the sum `h·x + c` is left unreduced in
    /// `[0, 2n)`, which REDC still takes (`2n·n < n·2^64`).
    fn horner(&self, g: &[u64], ws: &[u64], out: &mut [u64]) {
        let mg = &self.mg;
        let n = mg.modulus();
        let mut x = [0u64; LANES];
        for (x, &w) in x.iter_mut().zip(ws) {
            *x = mg.mul(w, w);
        }
        let mut h = [0u64; LANES];
        if n < 1 << 63 {
            for &c in g {
                for (h, &x) in h.iter_mut().zip(&x) {
                    *h = mg.mul(*h, x) + c;
                }
            }
            h.iter_mut().for_each(|h| *h = if *h >= n { *h - n } else { *h });
        } else {
            for &c in g {
                for (h, &x) in h.iter_mut().zip(&x) {
                    *h = mg.add(mg.mul(*h, x), c);
                }
            }
        }
        for ((o, &h), &w) in out.iter_mut().zip(&h).zip(ws) {
            *o = if self.k % 2 == 1 { mg.mul(h, w) } else { h };
        }
    }

    /// The residues of the coefficients at `w = v^power` for each value.
    fn coefficients(&self, series: &Series, values: &[i128]) -> Vec<u64> {
        let mg = &self.mg;
        let n = mg.modulus();
        let residue = |v: i128| {
            let r = v.rem_euclid(n as i128) as u64;
            mg.to_mont(if series.power == 1 { r } else { pow_mod(r, series.power, n) })
        };
        let mut out = vec![0u64; values.len()];
        out.par_chunks_mut(LANES).zip(values.par_chunks(LANES)).for_each(|(out, values)| {
            let mut ws = [0u64; LANES];
            for (w, &v) in ws.iter_mut().zip(values) {
                *w = residue(v);
            }
            match &self.poly {
                Some(g) => self.horner(g, &ws[..values.len()], out),
                None => out.iter_mut().zip(&ws).for_each(|(o, &w)| *o = self.recurrence(w)),
            }
            out.iter_mut().for_each(|o| *o = mg.from_mont(mg.mul(*o, self.scale)));
        });
        out
    }
}

/// Values evaluated together by Horner's rule.
const LANES: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn series(order: Order, p: u128, k: u64) -> Series {
        Series::new(order, Positions::count(p), k, 1).unwrap()
    }

    /// `[t^K]` by multiplying out the two binomial series term by term.
    fn by_series(order: Order, e: u128, o: u128, k: u64) -> BigInt {
        coefficient_by_binomials(order, e, o, k)
    }

    #[test]
    fn small_cases_by_hand() {
        // multisets of 2 from e = 2 even, o = 1 odd positions: XOR 0 when both even (3) or both odd (1)
        assert_eq!(by_series(Order::Multiset, 2, 1, 2), BigInt::from(3 + 1 - 2));
        assert_eq!(by_series(Order::Set, 3, 0, 4), BigInt::zero());
        assert_eq!(by_series(Order::Set, 3, 0, 3), BigInt::one());
        assert_eq!(by_series(Order::Multiset, 0, 0, 0), BigInt::one());
        assert_eq!(by_series(Order::Multiset, 0, 0, 3), BigInt::zero());
    }

    /// Residues modulo `q` and `2^width` of exact coefficients.
    fn reduce(exact: &BigInt, q: u64, width: u32) -> (u64, u128) {
        use num_integer::Integer;
        let odd = exact.mod_floor(&BigInt::from(q));
        let two = exact.mod_floor(&(BigInt::one() << width));
        (u64::try_from(odd).unwrap(), u128::try_from(two).unwrap())
    }

    fn order(set: bool) -> Order {
        if set { Order::Set } else { Order::Multiset }
    }

    proptest! {
        #[test]
        fn recurrence_matches_binomials(e in 0u128..60, o in 0u128..60, k in 0u64..40, set in any::<bool>()) {
            let p = e + o;
            let w = e as i128 - o as i128;
            let got = exact_coefficients(&series(order(set), p, k), &[w], &Budget::default()).unwrap();
            prop_assert_eq!(&got[0], &by_series(order(set), e, o, k));
        }

        #[test]
        fn residues_match_exact(
            e in 0u128..1_000_000_000_000, o in 0u128..1_000_000_000_000, k in 0u64..60,
            set in any::<bool>(), m in 1u64..=u64::MAX, twos in 0u32..64, width in 0u32..=128,
        ) {
            let q = ((m >> twos) | 1).max(1);
            let factors = crate::number::factor::factorize(q);
            let w = e as i128 - o as i128;
            let s = series(order(set), e + o, k);
            let got = residues(&s, q, &factors, width, &[w], &Budget::default()).unwrap()[0];
            prop_assert_eq!(got, reduce(&by_series(order(set), e, o, k), q, width));
        }

        /// Many values at once: Horner's rule on `F_K`'s coefficients in lanes
        /// (a last lane partly filled), beside the recurrence for a few.
        #[test]
        fn many_values_match_exact(
            p in 0u128..1_000_000_000_000_000_000_000_000,
            picks in prop::collection::vec(any::<u128>(), 1..30),
            k in 0u64..90, set in any::<bool>(), m in 1u64..=u64::MAX, width in 0u32..=128,
        ) {
            let q = m | 1;
            let factors = crate::number::factor::factorize(q);
            // values w = e − o with e + o = p
            let ws: Vec<i128> = picks.iter().map(|&x| 2 * (x % (p + 1)) as i128 - p as i128).collect();
            let s = series(order(set), p, k);
            let got = residues(&s, q, &factors, width, &ws, &Budget::default()).unwrap();
            let exact = exact_coefficients(&s, &ws, &Budget::default()).unwrap();
            for ((g, x), &w) in got.iter().zip(&exact).zip(&ws) {
                prop_assert_eq!(*g, reduce(x, q, width), "w = {}", w);
            }
        }
    }

    /// `K` equal to a prime of `M`, one below and one above: `K!` is invertible
    /// modulo that prime exactly when it exceeds `K`.
    #[test]
    fn copies_next_to_a_prime_of_the_modulus() {
        for p in [3u64, 5, 7, 11, 13, 1_000_003] {
            for k in [p - 1, p, p + 1, 2 * p, p * p + 1] {
                if k > 3000 {
                    continue;
                }
                let q = p.pow(2) * 1_000_000_007;
                let factors = crate::number::factor::factorize(q);
                let ws: Vec<i128> = (0..=30).map(|i| 2 * i - 30).collect();
                for set in [false, true] {
                    let s = series(order(set), 30, k);
                    let got = residues(&s, q, &factors, 5, &ws, &Budget::default()).unwrap();
                    let exact = exact_coefficients(&s, &ws, &Budget::default()).unwrap();
                    for (g, x) in got.iter().zip(&exact) {
                        assert_eq!(*g, reduce(x, q, 5), "p={p} K={k} set={set}");
                    }
                }
            }
        }
    }

    #[test]
    fn values_that_no_histogram_has_are_internal_errors() {
        let s = series(Order::Multiset, 10, 3);
        for w in [11i128, -12, 3] {
            let got = residues(&s, 1, &[], 8, &[w], &Budget::default());
            assert!(matches!(got, Err(Error::Internal(_))), "{w}: {got:?}");
        }
    }
}
