//! The silver dollar game with pocketing (seed 004).
//!
//! `m = C + 1` coins (one of them the silver dollar) on a strip of `n` squares.
//! With gaps `g₀ = x₀`, `gᵢ = xᵢ − xᵢ₋₁ − 1`, `g_m = n − 1 − x_{m−1}`, summing to
//! `N = n − m`, the game is staircase nim on the gaps: with `k = ⌈m/2⌉` active gaps
//! (`g₁, g₃, …` for even `m`, `g₀, g₂, …` for odd `m`) and `r = m − k + 1` passive
//! ones, a position is losing iff the active gaps XOR to 0. By the rank `j` of the
//! dollar from the left:
//!
//! * `j = 0`: the mover pockets it and wins;
//! * `m` even, `j >= 1`: losing iff `⊕ active = 0`, so `L = (m−1)·Count(N; k)`;
//! * `m` odd: `L = Count(N; k) + (m−2)·(Count(N+1; k) − Count(N+1; k−1))`, where the
//!   dollar on rank `>= 2` shifts the left boundary by one square.
//!
//! `Count(S; k)` counts gap vectors of total `S` whose `k` active gaps XOR to 0, by
//! a carry digit-DP over the bits of `S`: a bit column with `x` active ones (`x`
//! even) and `y` passive ones has weight `C(k,x)·C(r,y)`, so column sums `s` have
//! weight `ways(s) = Σ_{x even} C(k,x)·C(r,s−x)`, and
//! `dp'(c') = Σ dp(c)·ways(s)` over `s + c = 2c' + β` with `β` the bit of `S`.
//! Cost `O(m² log N)`. Winning = `m·C(n, m) − L`.

use crate::count::Outcome;
use crate::error::{Error, check_exact_digits};
use crate::number::binomial::{binomial, binomial_row};
use crate::ring::{Arithmetic, Ring, RingFn, with_ring};
use num_bigint::{BigInt, BigUint};

/// The largest carry-DP work (ring operations) a request may plan.
pub const MAX_DP_WORK: f64 = 2.0e10;

/// One silver-dollar question.
#[derive(Clone, Copy, Debug)]
pub struct SilverDollar {
    /// Squares on the strip.
    pub n: u64,
    /// Worthless coins (the dollar comes on top).
    pub coins: u64,
}

impl SilverDollar {
    /// Validates the parameters.
    pub fn new(n: u64, coins: u64) -> Result<Self, Error> {
        let m = coins.checked_add(1).ok_or_else(|| Error::input("--coins is too large"))?;
        if m > n {
            return Err(Error::input(format!(
                "{coins} coins plus the silver dollar need {m} squares, but the strip has only --n {n}"
            )));
        }
        let work = (m as f64 + 2.0).powi(2) * 3.0 * 64f64.min((n as f64).log2() + 2.0);
        if work > MAX_DP_WORK {
            return Err(Error::input(format!(
                "--coins {coins} is too many for the carry DP (about {work:.1e} operations); use fewer coins"
            )));
        }
        Ok(SilverDollar { n, coins })
    }

    /// Refuses an exact answer that would be astronomically long.
    pub fn check_exact(&self, exact: bool) -> Result<(), Error> {
        let m = self.coins + 1;
        let digits = (m as f64).log10() + (m.min(self.n - m) as f64) * (self.n as f64).log10();
        check_exact_digits(exact, digits)
    }

    /// The number of winning or losing configurations in ring `ring`.
    pub fn count<R: Ring>(&self, ring: &R, outcome: Outcome) -> R::Elem {
        let m = self.coins + 1;
        let total = ring.of_bigint(&BigInt::from(binomial(self.n, m) * m));
        let losing = losing_count(ring, self.n, m);
        outcome.select(ring, &total, losing)
    }

    /// The number of winning or losing configurations, exactly or modulo `M`.
    pub fn solve(&self, arith: Arithmetic, outcome: Outcome) -> Result<BigUint, Error> {
        self.check_exact(arith == Arithmetic::Exact)?;
        Ok(with_ring(arith, (*self, outcome)))
    }
}

impl RingFn for (SilverDollar, Outcome) {
    fn call<R: Ring>(&self, r: &R) -> R::Elem {
        self.0.count(r, self.1)
    }
}

/// Losing configurations of `m` coins on `n` squares (see the module docs).
fn losing_count<R: Ring>(ring: &R, n: u64, m: u64) -> R::Elem {
    if m == 1 {
        return ring.zero();
    }
    let gaps = n - m;
    let k = m.div_ceil(2);
    let r = m - k + 1;
    let ways_k = column_ways(ring, k, r);
    let l0 = count_with_ways(ring, gaps as u128, &ways_k);
    if m.is_multiple_of(2) {
        return ring.mul(&ring.of_u128((m - 1) as u128), &l0);
    }
    let ways_k1 = column_ways(ring, k - 1, r);
    let l1 = ring.sub(
        &count_with_ways(ring, gaps as u128 + 1, &ways_k),
        &count_with_ways(ring, gaps as u128 + 1, &ways_k1),
    );
    ring.add(&l0, &ring.mul(&ring.of_u128((m - 2) as u128), &l1))
}

/// `ways(s) = Σ_{x even} C(active, x)·C(passive, s − x)` for `0 <= s <= active + passive`.
pub fn column_ways<R: Ring>(ring: &R, active: u64, passive: u64) -> Vec<R::Elem> {
    let to_ring = |row: Vec<num_bigint::BigUint>| -> Vec<R::Elem> {
        row.into_iter().map(|c| ring.of_bigint(&BigInt::from(c))).collect()
    };
    let a = to_ring(binomial_row(active));
    let p = to_ring(binomial_row(passive));
    let mut ways = vec![ring.zero(); a.len() + p.len() - 1];
    for (x, cx) in a.iter().enumerate().step_by(2) {
        for (y, cy) in p.iter().enumerate() {
            ways[x + y] = ring.add(&ways[x + y], &ring.mul(cx, cy));
        }
    }
    ways
}

/// The number of column choices whose weighted sum over bit positions is `total`:
/// the carry digit-DP, least significant bit first, ending with carry 0.
pub fn count_with_ways<R: Ring>(ring: &R, total: u128, ways: &[R::Elem]) -> R::Elem {
    let top = ways.len(); // carries stay below the largest column sum
    let mut dp = vec![ring.zero(); top + 1];
    dp[0] = ring.one();
    let bits = 128 - total.leading_zeros();
    for b in 0..bits {
        let beta = ((total >> b) & 1) as usize;
        let mut next = vec![ring.zero(); top + 1];
        for (c, dc) in dp.iter().enumerate() {
            if *dc == ring.zero() {
                continue;
            }
            // s + c ≡ β (mod 2): s starts at the parity that fits.
            let start = (beta + c) % 2;
            for s in (start..ways.len()).step_by(2) {
                let carry = (s + c - beta) / 2;
                next[carry] = ring.add(&next[carry], &ring.mul(dc, &ways[s]));
            }
        }
        dp = next;
    }
    dp[0].clone()
}
