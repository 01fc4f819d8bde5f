//! Counting in the algebra of a finite commutative monoid: the misère
//! analogue of the XOR convolution.
//!
//! # The theorem
//!
//! Let `A` be the closure of a heap game's heaps (all finite sums of them) and
//! `Q = A/≡` its misère quotient (Plambeck–Siegel, *Misère quotients for
//! impartial games*, J. Combin. Theory Ser. A 115 (2008); proofs in `docs/theory/misere.md`
//! §2 and §7, and [`crate::misere::quotient`]): `G ≡ H` iff `G + X` and `H + X` have the same
//! misère outcome for every `X ∈ A`. `≡` is a congruence for `+`, so `Q` is a
//! commutative monoid, the pretending function `Φ : A → Q` is a homomorphism,
//! and with the P-portion `P = Φ({misère P-positions})`:
//!
//! ```text
//! G = H₁ + … + H_K is a misère P-position  ⟺  Φ(H₁)·…·Φ(H_K) ∈ P.
//! ```
//!
//! (Take `X = 0` in the definition of `≡`: the outcome of `G` is a function of
//! its class.) So with the histogram `h = Σ_x h_x·e_x` of one component's
//! positions over `Q` (an element of the monoid algebra `R[Q]`, `R` the
//! counting ring), the ordered `K`-tuples that are P-positions number
//!
//! ```text
//! Σ_{x ∈ P} (h^K)_x,
//! ```
//!
//! the `K`-th power in `R[Q]` (`e_x · e_y = e_{xy}`), and the total is
//! `(Σ_x h_x)^K`. Repeated squaring costs `O(log K)` products of `q²` ring
//! multiplications each (`q = |Q|`); no division is ever needed, so every ring
//! works, exact or modulo any `M` (even `M`, `M = 1` included).
//!
//! # Multisets and sets
//!
//! Multisets of positions, each weighted `t^{size} e_{product}`, add up to
//! `Π_x (1 − t·e_{Φ(x)})^{−1}` (a free number of copies of every position);
//! sets to `Π_x (1 + t·e_{Φ(x)})`. Grouping the positions by their element,
//! with `h_q` positions mapped to `q`:
//!
//! ```text
//! multisets: Π_q Σ_j C(h_q + j − 1, j) t^j e_q^j,     sets: Π_q Σ_j C(h_q, j) t^j e_q^j,
//! ```
//!
//! truncated at `t^K`: polynomials in `t` of degree `K` with coefficients in
//! `R[Q]`. Each factor's coefficient of `t^j` is one basis element `e_q^j`,
//! so multiplying it in costs `O(K² q)`, and the whole product `O(K² q²)`
//! ring operations (the binomials are computed exactly and mapped into the
//! ring).
//!
//! # What it costs
//!
//! Every power and product is planned before any is taken
//! ([`BipartiteMonoid::copies_cost`]): a product in `R[Q]` is `q²` ring
//! products and sums ([`Ring::mul_cost`], which grows with the numbers'
//! length for exact counts: the coefficients of `h^j` have up to
//! `j·log₂(Σ_x h_x)` bits), the power the products of repeated squaring. The
//! plan is charged to the misère count's work budget (`misere_work`, the
//! steps of [`crate::misere::quotient`], [`UNITS_PER_STEP`] units a step) and a
//! request beyond it is refused naming that limit. The products check the
//! context's observer between chunks of rows, so that an interrupt stops them
//! within about [`CHUNK_UNITS`] units.

use crate::count::Context;
use crate::count::Order;
use crate::error::{Error, Remedy};
use crate::residue::power::{power, try_power};
use crate::ring::{Exact, Ring};
use num_bigint::{BigInt, BigUint};
use rayon::prelude::*;

/// The default work budget of a misère count (`misere_work`), in steps:
/// of the quotient's search (`crate::misere::quotient`) and, apart, of the
/// powers in its algebra. Under a second each.
pub const DEFAULT_MISERE_WORK: u64 = 10_000_000;

/// Units of [`Ring::op_cost`] (word operations, about a nanosecond: a
/// product and a sum modulo `M` in the loops here are two, 1.7 ns measured)
/// that one step of `misere_work` stands for: the default budget of 10^7
/// steps plans about 0.6 s of products.
pub const UNITS_PER_STEP: f64 = 64.0;

/// About how many units of a product in `R[Q]` run between two calls of the
/// observer (about 10 ms).
pub const CHUNK_UNITS: f64 = 1.0e7;

/// The stage the observer is told of.
const STAGE: &str = "misère powers";

/// The largest monoid accepted (its table has `q²` entries).
pub const MAX_ORDER: usize = 1 << 14;

/// A finite commutative monoid given by its multiplication table, with an
/// identity and a distinguished subset `P` (a *bipartite monoid*).
///
/// ```
/// use grundy::misere::BipartiteMonoid;
///
/// // Misère Nim with heaps of at most 1 token: {1, a}, a² = 1, P = {a}.
/// let q = BipartiteMonoid::new(2, vec![0, 1, 1, 0], 0, vec![false, true]).unwrap();
/// assert_eq!(q.mul(1, 1), 0);
/// assert_eq!(q.p_portion(), vec![1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BipartiteMonoid {
    order: usize,
    table: Vec<u32>,
    identity: u32,
    p: Vec<bool>,
}

impl BipartiteMonoid {
    /// The monoid on `0..order` with `x·y = table[x·order + y]`: checked to be
    /// closed, commutative, associative (for orders up to 256; beyond, the
    /// caller vouches for it) and to have `identity` as identity.
    pub fn new(order: usize, table: Vec<u32>, identity: u32, p: Vec<bool>) -> Result<Self, Error> {
        let bad = |why: String| Err(Error::invalid("monoid", why));
        if order == 0 || order > MAX_ORDER {
            return bad(format!("must have between 1 and {MAX_ORDER} elements"));
        }
        if table.len() != order * order || p.len() != order {
            return bad(format!("needs a table of {order}² entries and a P-flag per element"));
        }
        if table.iter().any(|&x| x as usize >= order) || identity as usize >= order {
            return bad("has an entry outside its elements".into());
        }
        let m = BipartiteMonoid { order, table, identity, p };
        for x in 0..order as u32 {
            if m.mul(identity, x) != x {
                return bad(format!("has no identity {identity}: {identity}·{x} is not {x}"));
            }
            for y in 0..x {
                if m.mul(x, y) != m.mul(y, x) {
                    return bad(format!("is not commutative: {x}·{y} differs from {y}·{x}"));
                }
            }
        }
        if order <= 256 {
            for x in 0..order as u32 {
                for y in 0..order as u32 {
                    let xy = m.mul(x, y);
                    for z in 0..order as u32 {
                        if m.mul(xy, z) != m.mul(x, m.mul(y, z)) {
                            return bad(format!("is not associative at ({x}, {y}, {z})"));
                        }
                    }
                }
            }
        }
        Ok(m)
    }

    /// The number of elements `q`.
    pub fn order(&self) -> usize {
        self.order
    }

    /// `x·y`.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.order + y as usize]
    }

    /// The identity.
    pub fn identity(&self) -> u32 {
        self.identity
    }

    /// Whether `x` lies in `P`.
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The elements of `P`, ascending.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order as u32).filter(|&x| self.p[x as usize]).collect()
    }

    /// The table, row by row.
    pub fn table(&self) -> &[u32] {
        &self.table
    }

    /// `x^k`.
    pub fn pow(&self, x: u32, k: u64) -> u32 {
        power(self.identity, x, k.into(), |&a, &b| self.mul(a, b))
    }

    /// The product `a·b` in the monoid algebra `R[Q]` (coefficient vectors).
    pub fn algebra_mul<R: Ring>(&self, ring: &R, a: &[R::Elem], b: &[R::Elem]) -> Vec<R::Elem> {
        self.algebra_mul_in(ring, a, b, 1.0, &mut Context::default()).expect("no observer to stop it")
    }

    /// [`BipartiteMonoid::algebra_mul`] with `a`'s rows taken in chunks of
    /// about [`CHUNK_UNITS`] (a row costing `row_cost` units), in parallel
    /// within a chunk, the observer told between chunks.
    pub(crate) fn algebra_mul_in<R: Ring>(
        &self,
        ring: &R,
        a: &[R::Elem],
        b: &[R::Elem],
        row_cost: f64,
        ctx: &mut Context<'_>,
    ) -> Result<Vec<R::Elem>, Error> {
        let zero = ring.zero();
        let q = self.order;
        let row = |x: usize, mut out: Vec<R::Elem>| {
            for (y, by) in b.iter().enumerate() {
                if *by != zero {
                    let z = self.table[x * q + y] as usize;
                    out[z] = ring.add(&out[z], &ring.mul(&a[x], by));
                }
            }
            out
        };
        let rows: Vec<usize> = (0..q).filter(|&x| a[x] != zero).collect();
        let threads = rayon::current_num_threads();
        let chunk = ((CHUNK_UNITS / row_cost.max(1.0)) as usize).max(threads).max(1);
        let mut out = vec![ring.zero(); q];
        let all = rows.len();
        for (i, rows) in rows.chunks(chunk).enumerate() {
            let part_len = rows.len();
            out = if rows.len() * q >= 4096 || row_cost * rows.len() as f64 >= CHUNK_UNITS / 16.0 {
                let part = rows.par_iter().fold(|| vec![ring.zero(); q], |o, &x| row(x, o)).reduce(
                    || vec![ring.zero(); q],
                    |u, v| u.iter().zip(&v).map(|(s, t)| ring.add(s, t)).collect(),
                );
                out.iter().zip(&part).map(|(s, t)| ring.add(s, t)).collect()
            } else {
                rows.iter().fold(out, |o, &x| row(x, o))
            };
            ctx.progress(STAGE, (i * chunk + part_len) as u64, all as u64)?;
        }
        Ok(out)
    }

    /// `e_identity`, the unit of `R[Q]`.
    pub fn algebra_one<R: Ring>(&self, ring: &R) -> Vec<R::Elem> {
        let mut one = vec![ring.zero(); self.order];
        one[self.identity as usize] = ring.one();
        one
    }

    /// `a^k` in `R[Q]` by repeated squaring: `O(q² log k)` ring operations.
    pub fn algebra_pow<R: Ring>(&self, ring: &R, a: &[R::Elem], k: u128) -> Vec<R::Elem> {
        self.algebra_pow_in(ring, a, k, 1.0, &mut Context::default()).expect("no observer to stop it")
    }

    /// [`BipartiteMonoid::algebra_pow`], `a`'s coefficients summing to at
    /// most `2^log2_sum` (for the cost of each product), the observer told
    /// inside every product.
    pub(crate) fn algebra_pow_in<R: Ring>(
        &self,
        ring: &R,
        a: &[R::Elem],
        k: u128,
        log2_sum: f64,
        ctx: &mut Context<'_>,
    ) -> Result<Vec<R::Elem>, Error> {
        let l = log2_sum.max(1.0);
        let row_cost = |x: f64, y: f64| self.product_cost(ring, x * l, y * l) / self.order as f64;
        // Each factor carries its exponent `j` (coefficients of `j·log2_sum` bits) for the cost.
        let power = try_power((a.to_vec(), 1.0), k, |(x, i), (y, j)| {
            Ok((self.algebra_mul_in(ring, x, y, row_cost(*i, *j), ctx)?, i + j))
        })?;
        Ok(power.map_or_else(|| self.algebra_one(ring), |p| p.0))
    }

    /// The units of one product in `R[Q]` of elements with coefficients of
    /// up to `bits_a` and `bits_b` bits: `q²` products and sums.
    pub(crate) fn product_cost<R: Ring>(&self, ring: &R, bits_a: f64, bits_b: f64) -> f64 {
        let q = self.order as f64;
        q * q * (ring.mul_cost(bits_a, bits_b) + ring.op_cost(bits_a + bits_b))
    }

    /// The units of `a^k` by repeated squaring ([`BipartiteMonoid::algebra_pow_in`])
    /// for `a` whose coefficients sum to at most `2^log2_sum`, so that those of
    /// `a^j` have at most `j·log2_sum` bits.
    pub(crate) fn power_cost<R: Ring>(&self, ring: &R, log2_sum: f64, k: u128) -> f64 {
        let l = log2_sum.max(1.0);
        let mut cost = 0.0;
        // The same walk as the power itself, on the exponents alone.
        power(0.0, 1.0, k, |i: &f64, j: &f64| {
            cost += self.product_cost(ring, i * l, j * l);
            i + j
        });
        cost
    }

    /// A histogram (positions per element) as an element of `R[Q]`.
    pub fn algebra_of<R: Ring>(&self, ring: &R, counts: &[u128]) -> Vec<R::Elem> {
        (0..self.order).map(|x| ring.of_u128(counts.get(x).copied().unwrap_or(0))).collect()
    }

    /// `Σ_{x ∈ P} a_x`.
    pub fn p_sum<R: Ring>(&self, ring: &R, a: &[R::Elem]) -> R::Elem {
        a.iter().zip(&self.p).filter(|t| *t.1).fold(ring.zero(), |s, (v, _)| ring.add(&s, v))
    }

    /// `Σ_x a_x`.
    pub fn total<R: Ring>(&self, ring: &R, a: &[R::Elem]) -> R::Elem {
        a.iter().fold(ring.zero(), |s, v| ring.add(&s, v))
    }

    /// The `copies` copies of a component with `counts[x]` positions mapped to
    /// `x`, as an element of `R[Q]`: ordered tuples (`h^K`), multisets or sets
    /// (the coefficient of `t^K` of the products in the module docs). Its
    /// `P`-sum counts the P-positions, its total all positions. Refused beyond
    /// the default misère work budget.
    pub fn copies<R: Ring>(
        &self,
        ring: &R,
        counts: &[u128],
        copies: u64,
        order: Order,
    ) -> Result<Vec<R::Elem>, Error> {
        let m = Multiple { counts, power: 1, copies, order };
        check_work(ring, self.copies_cost(ring, m)?, DEFAULT_MISERE_WORK, copies_refused(self, copies))?;
        self.copies_in(ring, m, &mut Context::default())
    }

    /// The units of [`BipartiteMonoid::copies_in`], planned before any
    /// work; refused when the copies cannot be counted at all (an unordered
    /// count of a component whose counts are beyond `u128`).
    pub(crate) fn copies_cost<R: Ring>(&self, ring: &R, m: Multiple<'_>) -> Result<f64, Error> {
        let Multiple { counts, power, copies, order } = m;
        let log2_sum = log2_total(counts) * power as f64;
        if order == Order::Ordered {
            return Ok(self.power_cost(ring, log2_total(counts), power as u128 * copies as u128));
        }
        let mut work = 0.0;
        if power != 1 {
            let positions =
                u32::try_from(power).ok().and_then(|p| counts.iter().sum::<u128>().checked_pow(p));
            if positions.is_none() {
                return Err(Error::TooLarge {
                    what: format!(
                        "an unordered misère count of components of about 2^{log2_sum:.0} positions"
                    ),
                    estimate: "their histogram over the quotient written out".into(),
                    limit: "2^128 positions".into(),
                    remedy: Remedy::Smaller("n"),
                });
            }
            work += self.power_cost(&Exact, log2_total(counts), power as u128);
        }
        let present = counts.iter().filter(|&&c| c > 0).count().max(1);
        let kf = match order {
            Order::Set if copies as f64 > log2_sum.exp2() => return Ok(work),
            _ => copies as f64 + 1.0,
        };
        // coefficients up to C(positions + K − 1, K) <= (positions + K)^K
        let bits = kf * (log2_sum.exp2() + kf).log2();
        let op = ring.mul_cost(bits, bits) + ring.op_cost(bits);
        Ok(work + kf * kf / 2.0 * present as f64 * self.order as f64 * op)
    }

    /// The bytes [`BipartiteMonoid::copies_in`] holds at most: a few
    /// elements of `R[Q]` (one a thread) of the longest numbers (exact
    /// counts), or the `K + 1` of an unordered count's series.
    pub(crate) fn copies_bytes<R: Ring>(&self, ring: &R, m: Multiple<'_>) -> f64 {
        let elements = match m.order {
            Order::Ordered => rayon::current_num_threads() as f64 + 4.0,
            _ => 2.0 * (m.copies as f64 + 1.0),
        };
        let bits = m.bits();
        let width = if ring.modulus().is_some() { 8.0 } else { bits / 8.0 + 32.0 };
        elements * self.order as f64 * width
    }

    /// The copies `m` as an element of `R[Q]`: an ordered count is the one
    /// power `(Σ counts_x e_x)^{power·copies}`; an unordered one writes out
    /// the component's histogram first. Plan it with
    /// [`BipartiteMonoid::copies_cost`]; the observer is told as it goes.
    pub(crate) fn copies_in<R: Ring>(
        &self,
        ring: &R,
        m: Multiple<'_>,
        ctx: &mut Context<'_>,
    ) -> Result<Vec<R::Elem>, Error> {
        let Multiple { counts, power, copies, order } = m;
        if order == Order::Ordered {
            let a = self.algebra_of(ring, counts);
            return self.algebra_pow_in(ring, &a, power as u128 * copies as u128, log2_total(counts), ctx);
        }
        let written;
        let counts = match power {
            1 => counts,
            _ => {
                written = self.written_power(counts, power, ctx)?;
                &written[..]
            }
        };
        self.unordered(ring, counts, copies, order, ctx)
    }

    /// `(Σ counts_x e_x)^power` in `Z[Q]`, as counts (refused beyond `u128`).
    fn written_power(&self, counts: &[u128], power: u64, ctx: &mut Context<'_>) -> Result<Vec<u128>, Error> {
        let a = self.algebra_of(&Exact, counts);
        let a = self.algebra_pow_in(&Exact, &a, power as u128, log2_total(counts), ctx)?;
        a.iter()
            .map(|c| {
                u128::try_from(Exact.to_biguint(c)).map_err(|_| Error::TooLarge {
                    what: "a component's histogram over the misère quotient".into(),
                    estimate: "more than 2^128 positions".into(),
                    limit: "2^128".into(),
                    remedy: Remedy::Smaller("n"),
                })
            })
            .collect()
    }

    /// Multisets or sets of `copies` positions of histogram `counts`.
    fn unordered<R: Ring>(
        &self,
        ring: &R,
        counts: &[u128],
        copies: u64,
        order: Order,
        ctx: &mut Context<'_>,
    ) -> Result<Vec<R::Elem>, Error> {
        let present: Vec<(usize, u128)> =
            counts.iter().copied().enumerate().filter(|&(x, c)| c > 0 && x < self.order).collect();
        let positions: u128 = present.iter().map(|t| t.1).sum();
        // a set of more copies than positions does not exist
        let k = match order {
            Order::Set if copies as u128 > positions => return Ok(vec![ring.zero(); self.order]),
            _ => copies as usize,
        };
        let zero = ring.zero();
        // f[i][x]: coefficient of t^i e_x
        let mut f = vec![vec![ring.zero(); self.order]; k + 1];
        f[0][self.identity as usize] = ring.one();
        for (done, &(e, h)) in present.iter().enumerate() {
            // c_j = C(h + j − 1, j) or C(h, j), exactly, then into the ring
            let mut c = Vec::with_capacity(k + 1);
            let mut big = BigUint::from(1u8);
            c.push(ring.one());
            let mut power = vec![self.identity; k + 1];
            for j in 1..=k {
                let top = match order {
                    Order::Set => BigUint::from(h.saturating_sub(j as u128 - 1)),
                    _ => BigUint::from(h) + (j - 1),
                };
                big = big * top / BigUint::from(j);
                c.push(ring.of_bigint(&BigInt::from(big.clone())));
                power[j] = self.mul(power[j - 1], e as u32);
            }
            let mut next = f.clone();
            for (j, cj) in c.iter().enumerate().skip(1) {
                if *cj == zero {
                    continue;
                }
                let ej = power[j] as usize;
                for i in 0..=k - j {
                    for (x, v) in f[i].iter().enumerate() {
                        if *v != zero {
                            let z = self.table[x * self.order + ej] as usize;
                            next[i + j][z] = ring.add(&next[i + j][z], &ring.mul(v, cj));
                        }
                    }
                }
                ctx.progress(STAGE, (done * k + j) as u64, (present.len() * k) as u64)?;
            }
            f = next;
        }
        Ok(f.swap_remove(k))
    }
}

/// `copies` copies, told apart as `order` says, of a component whose
/// histogram over the quotient is the `power`-th power of `counts` in `Z[Q]`
/// (the sum of `power` independent parts of histogram `counts`: a board
/// token's coordinates; `power` 1 for a heap or a pile).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Multiple<'a> {
    /// Positions of one part per element.
    pub counts: &'a [u128],
    /// The parts of one component.
    pub power: u64,
    /// The copies of the component.
    pub copies: u64,
    /// How the copies are told apart.
    pub order: Order,
}

impl Multiple<'_> {
    /// The most bits of an exact coefficient of the copies: `K·log₂ Σ` for
    /// ordered tuples, `log₂` of `(Σ + K)^K` for the others (`Σ` the
    /// component's positions).
    pub(crate) fn bits(&self) -> f64 {
        let log2_sum = log2_total(self.counts) * self.power as f64;
        let kf = self.copies as f64;
        match self.order {
            Order::Ordered => kf * log2_sum,
            _ => kf * (log2_sum.exp2() + kf + 1.0).log2(),
        }
    }
}

/// `log₂ Σ counts` (0 for no count).
fn log2_total(counts: &[u128]) -> f64 {
    (counts.iter().map(|&c| c as f64).sum::<f64>()).max(1.0).log2()
}

/// What is refused when `copies` copies over `monoid` are beyond the budget.
pub(crate) fn copies_refused(monoid: &BipartiteMonoid, copies: u64) -> String {
    format!("a misère count of {copies} copies over a quotient of {} elements", monoid.order())
}

/// Refuses `units` of work beyond `max_work` steps of `misere_work`: exact
/// counts of long numbers are offered a modulus, the others fewer copies.
pub(crate) fn check_work<R: Ring>(ring: &R, units: f64, max_work: u64, what: String) -> Result<(), Error> {
    let steps = units / UNITS_PER_STEP;
    if steps <= max_work as f64 {
        return Ok(());
    }
    Err(Error::TooLarge {
        what,
        estimate: format!("about {steps:.1e} steps"),
        limit: format!("`misere_work` {max_work} steps"),
        remedy: match ring.modulus() {
            None => Remedy::ModulusOrRaise("misere_work"),
            Some(_) => Remedy::SmallerOrRaise("copies", "misere_work"),
        },
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ring::{Exact, Modular, Modulus};

    /// Misère Nim on heaps ≤ 3: ⟨a, b | a² = 1, b³ = b⟩, P = {a, b²}, in the
    /// order 1, a, b, ab, b², ab² (`docs/theory/misere.md`, Appendix A).
    pub(crate) fn nim3() -> BipartiteMonoid {
        // represent as (f: a-exponent, g: b-exponent in {0,1,2} with b³ = b)
        let elems = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)];
        let mulb = |x: u32, y: u32| match x + y {
            0 => 0,
            s if s % 2 == 1 => 1,
            _ => 2,
        };
        let mut table = vec![0; 36];
        for (i, &(fa, ga)) in elems.iter().enumerate() {
            for (j, &(fb, gb)) in elems.iter().enumerate() {
                let r = ((fa + fb) % 2, mulb(ga, gb));
                table[i * 6 + j] = elems.iter().position(|&e| e == r).unwrap() as u32;
            }
        }
        BipartiteMonoid::new(6, table, 0, vec![false, true, false, false, true, false]).unwrap()
    }

    fn nim_rule(heaps: &[u64]) -> bool {
        let x = heaps.iter().fold(0, |a, &h| a ^ h);
        if heaps.iter().any(|&h| h >= 2) { x == 0 } else { x == 1 }
    }

    #[test]
    fn powers_count_misere_nim_tuples() {
        let q = nim3();
        // heaps 0..=3 map to 1, a, b, ab
        let counts = [1u128, 1, 1, 1];
        for k in 0..=5u32 {
            let mut brute = 0u64;
            crate_tuples(4, k as usize, &mut |t| brute += nim_rule(t) as u64);
            let a = q.copies(&Exact, &counts, k as u64, Order::Ordered).unwrap();
            assert_eq!(q.p_sum(&Exact, &a), BigInt::from(brute), "K={k}");
            let m = Modular::new(Modulus::new(7).unwrap());
            let am = q.copies(&m, &counts, k as u64, Order::Ordered).unwrap();
            assert_eq!(m.to_biguint(&q.p_sum(&m, &am)), BigUint::from(brute % 7));
        }
    }

    fn crate_tuples(base: u64, len: usize, f: &mut dyn FnMut(&[u64])) {
        fn go(base: u64, len: usize, t: &mut Vec<u64>, sorted: Option<bool>, f: &mut dyn FnMut(&[u64])) {
            if t.len() == len {
                return f(t);
            }
            let from = match (sorted, t.last()) {
                (Some(strict), Some(&x)) => x + strict as u64,
                _ => 0,
            };
            for x in from..base {
                t.push(x);
                go(base, len, t, sorted, f);
                t.pop();
            }
        }
        go(base, len, &mut vec![], None, f)
    }

    fn sorted_tuples(base: u64, len: usize, strict: bool, f: &mut dyn FnMut(&[u64])) {
        fn go(base: u64, len: usize, from: u64, strict: bool, t: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
            if t.len() == len {
                return f(t);
            }
            for x in from..base {
                t.push(x);
                go(base, len, x + strict as u64, strict, t, f);
                t.pop();
            }
        }
        go(base, len, 0, strict, &mut vec![], f)
    }

    #[test]
    fn series_count_misere_nim_multisets_and_sets() {
        let q = nim3();
        // heap sizes 0..=7 folded: 0,1,2,3 then again 2,3,2,3 (sizes ≥ 2 by b/ab only
        // for this test's purpose we use heaps 0..=3, each twice: 8 positions)
        let heap_of = |i: u64| i % 4;
        let counts = [2u128, 2, 2, 2];
        for k in 0..=5usize {
            for (order, strict) in [(Order::Multiset, false), (Order::Set, true)] {
                let mut brute = 0u64;
                let mut all = 0u64;
                sorted_tuples(8, k, strict, &mut |t| {
                    let heaps: Vec<u64> = t.iter().map(|&i| heap_of(i)).collect();
                    brute += nim_rule(&heaps) as u64;
                    all += 1;
                });
                let a = q.copies(&Exact, &counts, k as u64, order).unwrap();
                assert_eq!(q.p_sum(&Exact, &a), BigInt::from(brute), "{order} K={k}");
                assert_eq!(q.total(&Exact, &a), BigInt::from(all), "{order} K={k}");
                for m in [1u64, 2, 1 << 40] {
                    let r = Modular::new(Modulus::new(m).unwrap());
                    let am = q.copies(&r, &counts, k as u64, order).unwrap();
                    assert_eq!(r.to_biguint(&q.p_sum(&r, &am)), BigUint::from(brute % m));
                }
            }
        }
    }

    #[test]
    fn bad_tables_are_refused() {
        assert!(BipartiteMonoid::new(2, vec![0, 1, 1, 1], 0, vec![false, true]).is_ok());
        assert!(BipartiteMonoid::new(2, vec![0, 1, 0, 0], 0, vec![false, true]).is_err());
        assert!(BipartiteMonoid::new(2, vec![0, 1, 1, 2], 0, vec![false, true]).is_err());
        let r = Modular::new(Modulus::new(1_000_000_007).unwrap());
        let e = nim3().copies(&r, &[1, 1, 1, 1], 200_000, Order::Multiset).unwrap_err();
        assert!(e.to_string().contains("`copies`") && e.to_string().contains("`misere_work`"), "{e}");
        // exactly, the numbers' length counts too, and a modulus is the remedy
        let e = nim3().copies(&Exact, &[1 << 60; 4], 2_000, Order::Multiset).unwrap_err();
        assert!(e.to_string().contains("modulus"), "{e}");
    }
}
