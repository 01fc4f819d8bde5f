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
//! A bit level is thus a polynomial product: `dp'` is every other coefficient
//! (those of parity `β`) of `dp · ways`. Modulo `M` the product runs by NTT over
//! five primes with CRT ([`crate::number::ntt`]), `O(m log m)` per level, so
//! `O(m log m log N)` in all; exactly, or for few coins, by schoolbook, `O(m²)`
//! per level (the tests keep the plain DP, `count_with_ways_reference`, as the
//! reference).
//! For odd `m` (an even number of worthless coins) `Count(N; k)` and
//! `Count(N+1; k)` use the same column weights, so one DP run carries both: one
//! carry vector over the bits of `N + 1`, starting with carry 0 weighted `m − 2`
//! and carry 1 (which takes the total down to `N`) weighted 1
//! ([`count_combined`]); only `Count(N+1; k−1)` needs a second run, so odd `m`
//! costs two runs against one for even `m` (it cost three). The second run
//! cannot be folded into the first: its column polynomial differs, and the
//! series `Σ_S Count(S; k)·z^S = Φ_k(z)/(1−z)^r` with `Φ_k(z) = Π_b E_k(z^{2^b})`,
//! `E_k` the even part of `(1+x)^k`, are not rational multiples of each other
//! (for `k = 3`: `Φ_2 = 1/(1−z²)`, while `Φ_3 = Σ_t 3^{popcount(t)}·z^{2t}`
//! is not rational), so counts with `k` active gaps at finitely many totals do
//! not give one with `k − 1` (Theorem 2 of `docs/theory/silver-dollar.md`,
//! with the proof). Its Theorem 1 says what the even count is: the odd counts
//! of the neighbouring boards, `c + 1` coins on `n`, `n + 1`, `n + 2` squares
//! (one run) and `c − 1` coins on `n` (the other run).
//! A level keeps only the coefficients of parity `β`, which the NTT delivers from
//! an inverse transform of half the length ([`Ring::parity_multiplier`]), and only
//! the carries that can still end at 0 (at most the bits of the total still to
//! come, see [`count_combined_in`]): the top levels of a long total, and every
//! level of a short one, multiply short vectors by the low terms of `ways`.
//! Winning = `m·C(n, m) − L`, with the binomials modulo any `M` from
//! [`crate::number::binomial_mod`].

use crate::count::{Coefficients, Context, Counter, Order, Outcome};
use crate::error::{Error, Remedy};
use crate::ring::Ring;
use std::convert::Infallible;

/// The most coins (dollar included) the NTT carry DP takes: its factors must
/// stay within [`crate::number::ntt::MAX_SHORT_LEN`] terms.
pub const MAX_COINS: u64 = 120_000;

/// The largest exact carry-DP work a request may plan: ring operations times
/// the 64-bit words of the numbers they act on.
pub const MAX_EXACT_WORK: f64 = 5.0e9;

/// One silver-dollar question: `coins` coins and the dollar on `n` squares.
///
/// ```
/// use grundy::{Counter, Outcome, SilverDollar};
///
/// // Seed 004: W(10, 2) = 324.
/// assert_eq!(SilverDollar::new(10, 2).unwrap().count_exact(Outcome::Winning).unwrap(), 324u32.into());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SilverDollar {
    n: u64,
    coins: u64,
    order: Order,
}

impl SilverDollar {
    /// Validates the parameters: `coins + 1 <= n`, at most `MAX_COINS` coins.
    pub fn new(n: u64, coins: u64) -> Result<Self, Error> {
        let m = coins.checked_add(1).ok_or_else(|| Error::invalid("coins", "is too large"))?;
        if m > n {
            return Err(Error::invalid(
                "coins",
                format!("{coins} plus the silver dollar need {m} squares, but the strip has only {n} (`n`)"),
            ));
        }
        if m > MAX_COINS {
            return Err(Error::invalid(
                "coins",
                format!("is limited to {} (the carry DP's polynomial sizes)", MAX_COINS - 1),
            ));
        }
        Ok(SilverDollar { n, coins, order: Order::Ordered })
    }

    /// The number of squares.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The number of worthless coins.
    pub fn coins(&self) -> u64 {
        self.coins
    }

    /// The same question, its positions told apart as `order` says, like
    /// every game's `with_order`: a count validates it before any work and
    /// accepts only [`Order::Ordered`], since the worthless coins are already
    /// indistinguishable (a position is a set of squares and the dollar's).
    ///
    /// ```
    /// use grundy::{Counter, Order, Outcome, SilverDollar};
    ///
    /// let game = SilverDollar::new(10, 2).unwrap();
    /// assert_eq!(game.with_order(Order::Ordered), game);
    /// let multiset = game.with_order(Order::Multiset);
    /// assert_eq!(multiset.order(), Order::Multiset);
    /// let e = multiset.count_exact(Outcome::Winning).unwrap_err();
    /// assert!(e.to_string().contains("must be ordered"));
    /// ```
    pub fn with_order(self, order: Order) -> Self {
        SilverDollar { order, ..self }
    }

    /// How the positions are told apart (see [`SilverDollar::with_order`]).
    pub fn order(&self) -> Order {
        self.order
    }

    /// Refuses any order but [`Order::Ordered`] (see [`SilverDollar::with_order`]).
    fn check_order(&self) -> Result<(), Error> {
        match self.order {
            Order::Ordered => Ok(()),
            order => Err(Error::invalid(
                "order",
                format!(
                    "must be ordered for the silver dollar game, not {order}: its coins are already indistinguishable"
                ),
            )),
        }
    }

    /// Refuses an exact count whose schoolbook carry DP on big integers would
    /// run for hours.
    fn check_exact_work(&self) -> Result<(), Error> {
        let m = self.coins + 1;
        let digits = self.log10_total() + 1.0;
        let work = (m as f64 + 3.0).powi(2) * 3.0 * ((self.n as f64).log2() + 2.0) * (digits / 19.0 + 1.0);
        if work > MAX_EXACT_WORK {
            return Err(Error::TooLarge {
                what: format!("an exact count with {} coins", self.coins),
                estimate: format!("about {work:.1e} big-integer word operations"),
                limit: format!("{MAX_EXACT_WORK:.0e}"),
                remedy: Remedy::Modulus,
            });
        }
        Ok(())
    }

    /// The number of winning or losing configurations in ring `ring` by the
    /// carry DP (NTT products modulo `M`).
    pub fn carry_count<R: Ring>(&self, ring: &R, outcome: Outcome) -> R::Elem {
        let Ok(count) = self.count_by::<R, Infallible>(ring, outcome, count_combined_in, &mut || Ok(()));
        count
    }

    /// The count by the carry DP `dp`, which calls `level` before each bit
    /// level of each of its runs (an error stops it).
    fn count_by<R: Ring, E>(
        &self,
        ring: &R,
        outcome: Outcome,
        dp: CarryDp<R, E>,
        level: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<R::Elem, E> {
        let m = self.coins + 1;
        let total = ring.mul(&ring.binomial(self.n, m), &ring.of_u128(m as u128));
        let losing = losing_count(ring, self.n, m, dp, level)?;
        Ok(outcome.select(ring, &total, losing))
    }

    /// The bit levels of every carry-DP run: one run over the bits of
    /// `n − m + 1` for even `m`, two for odd `m > 1`.
    fn levels(&self) -> u64 {
        let m = self.coins + 1;
        let runs = match m {
            1 => 0,
            _ if m.is_multiple_of(2) => 1,
            _ => 2,
        };
        runs * u64::from(64 - (self.n - m + 1).leading_zeros())
    }
}

impl Counter for SilverDollar {
    /// `log₁₀(m · C(n, m))` bounded by `log₁₀ m + min(m, n − m) · log₁₀ n`.
    fn log10_total(&self) -> f64 {
        let m = self.coins + 1;
        (m as f64).log10() + (m.min(self.n - m) as f64) * (self.n as f64).log10()
    }

    /// Reports each bit level of the carry DP to `ctx` (one stage, the
    /// levels of every run), so that Ctrl-C stops it within a level.
    fn count_in<R: Coefficients>(
        &self,
        ring: &R,
        outcome: Outcome,
        ctx: &mut Context<'_>,
    ) -> Result<R::Elem, Error> {
        self.check_order()?;
        if ring.modulus().is_none() {
            self.check_exact_work()?;
        }
        let (total, mut done) = (self.levels(), 0);
        ctx.progress(LEVELS, 0, total.max(1))?;
        let count = self.count_by(ring, outcome, count_combined_in, &mut || {
            done += 1;
            ctx.progress(LEVELS, done.min(total), total)
        })?;
        ctx.progress(LEVELS, total.max(1), total.max(1))?;
        Ok(count)
    }
}

/// The progress stage of the carry DP.
const LEVELS: &str = "the carry DP over the bits of n";

/// A carry DP: `Σ coef · Count(total; ways)` over the `(total, coef)` terms,
/// calling its last argument before each bit level (an error stops it).
type CarryDp<R, E> = fn(
    &R,
    &[(u128, <R as Ring>::Elem)],
    &[<R as Ring>::Elem],
    &mut dyn FnMut() -> Result<(), E>,
) -> Result<<R as Ring>::Elem, E>;

/// Losing configurations of `m` coins on `n` squares (see the module docs).
fn losing_count<R: Ring, E>(
    ring: &R,
    n: u64,
    m: u64,
    combined: CarryDp<R, E>,
    level: &mut dyn FnMut() -> Result<(), E>,
) -> Result<R::Elem, E> {
    if m == 1 {
        return Ok(ring.zero());
    }
    let gaps = n - m;
    let k = m.div_ceil(2);
    let r = m - k + 1;
    let ways_k = column_ways(ring, k, r);
    if m.is_multiple_of(2) {
        return combined(ring, &[(gaps as u128, ring.of_u128((m - 1) as u128))], &ways_k, level);
    }
    // L0 + (m−2)·Count(N+1; k) share one DP run (one carry vector over the
    // bits of N+1, N entering as carry 1); Count(N+1; k−1) needs its own.
    let times = ring.of_u128((m - 2) as u128);
    let with_k =
        combined(ring, &[(gaps as u128, ring.one()), (gaps as u128 + 1, times.clone())], &ways_k, level)?;
    let ways_k1 = column_ways(ring, k - 1, r);
    let with_k1 = combined(ring, &[(gaps as u128 + 1, times)], &ways_k1, level)?;
    Ok(ring.sub(&with_k, &with_k1))
}

/// `ways(s) = Σ_{x even} C(active, x)·C(passive, s − x)` for `0 <= s <= active + passive`:
/// the even-index part of row `active` times row `passive`.
pub fn column_ways<R: Ring>(ring: &R, active: u64, passive: u64) -> Vec<R::Elem> {
    let mut even = ring.binomial_row(active);
    even.iter_mut().skip(1).step_by(2).for_each(|c| *c = ring.zero());
    let passive = ring.binomial_row(passive);
    ring.multiplier(&passive, even.len())(&even)
}

/// The number of column choices whose weighted sum over bit positions is `total`:
/// the carry digit-DP, least significant bit first, ending with carry 0. A level
/// keeps the coefficients of parity `β` of `dp · ways`.
#[cfg(test)]
pub(crate) fn count_with_ways<R: Ring>(ring: &R, total: u128, ways: &[R::Elem]) -> R::Elem {
    count_combined(ring, &[(total, ring.one())], ways)
}

/// `Σ coef · Count(total; ways)` over the `(total, coef)` terms in one carry DP.
/// A total `T` below the largest total `T'` by less than the number of carries
/// starts in `T'`'s carry vector, as the carry `T' − T` into the lowest level
/// (the column sums then add up to `T' − (T' − T) = T`): `N` and `N + 1` run as
/// one vector from the first level. A term further below keeps its own carry
/// vector while its remaining bits `total >> b` differ from every other term's;
/// terms whose remaining bits agree face the same levels from then on, so (the
/// DP being linear) their vectors are added, weighted by their coefficients,
/// and carried on as one.
#[cfg(test)]
pub(crate) fn count_combined<R: Ring>(ring: &R, terms: &[(u128, R::Elem)], ways: &[R::Elem]) -> R::Elem {
    let Ok(count) = count_combined_in::<R, Infallible>(ring, terms, ways, &mut || Ok(()));
    count
}

/// [`count_combined`], calling `level` before each bit level (an error stops
/// the run).
///
/// A carry vector holds only the carries that can still occur and end at 0:
/// a carry out of a level is at most `(s_max + c_max − β)/2` for the largest
/// column sum `s_max = ways.len() − 1` and the largest carry `c_max` coming
/// in (so below `s_max` always, and half of it after the first level), and a
/// carry `c` into the bits `rest` still to be matched needs `c <= rest`: the
/// columns still to come add to it, and a carry `c > rest` leaves a carry
/// `c' > rest >> 1` out of the level, hence a carry at least 1 after the last.
/// The top levels of a long total, where `rest` falls below `s_max`, thus
/// multiply ever shorter vectors and need only the low coefficients of the
/// products.
fn count_combined_in<R: Ring, E>(
    ring: &R,
    terms: &[(u128, R::Elem)],
    ways: &[R::Elem],
    level: &mut dyn FnMut() -> Result<(), E>,
) -> Result<R::Elem, E> {
    let carries = ways.len();
    let largest_sum = carries.saturating_sub(1);
    let multiply = ring.parity_multiplier(ways, carries);
    // (remaining bits of the total, weighted vector of carries 0, 1, …); a
    // total `T` short of the largest `T'` by `d < carries` starts in the run of
    // `T'` with the carry `d` into its lowest level: `Σ s_b·2^b + d = T'` is
    // `Σ s_b·2^b = T`
    let top = terms.iter().map(|term| term.0).max().unwrap_or(0);
    let mut head: Vec<R::Elem> = Vec::new();
    let mut runs: Vec<(u128, Vec<R::Elem>)> = Vec::with_capacity(terms.len());
    for (total, coef) in terms {
        match usize::try_from(top - total) {
            Ok(d) if d < carries => {
                if head.len() <= d {
                    head.resize(d + 1, ring.zero());
                }
                head[d] = ring.add(&head[d], coef);
            }
            _ => runs.push((*total, vec![coef.clone()])),
        }
    }
    if !head.is_empty() {
        runs.push((top, head));
    }
    loop {
        // merge the runs whose remaining bits agree
        runs.sort_by_key(|run| run.0);
        let mut merged: Vec<(u128, Vec<R::Elem>)> = Vec::with_capacity(runs.len());
        for (rest, dp) in runs {
            match merged.last_mut() {
                Some((last, acc)) if *last == rest => {
                    if acc.len() < dp.len() {
                        acc.resize(dp.len(), ring.zero());
                    }
                    acc.iter_mut().zip(&dp).for_each(|(a, d)| *a = ring.add(a, d));
                }
                _ => merged.push((rest, dp)),
            }
        }
        runs = merged;
        if runs.iter().all(|run| run.0 == 0) {
            break;
        }
        level()?;
        for (rest, dp) in runs.iter_mut() {
            let beta = (*rest & 1) as usize;
            *rest >>= 1;
            let reachable = (largest_sum + dp.len() - 1).saturating_sub(beta) / 2 + 1;
            let needed = usize::try_from(*rest).map_or(usize::MAX, |r| r.saturating_add(1));
            *dp = multiply(dp, beta, reachable.min(needed));
        }
    }
    Ok(runs.first().map_or_else(|| ring.zero(), |run| run.1[0].clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::{Exact, Modular, Modulus};
    use proptest::prelude::*;

    impl SilverDollar {
        /// [`SilverDollar::carry_count`] with the plain `O(m²)`-per-level carry DP:
        /// the reference path of these tests.
        fn carry_count_reference<R: Ring>(&self, ring: &R, outcome: Outcome) -> R::Elem {
            let Ok(count) = self.count_by::<R, Infallible>(ring, outcome, combined_reference, &mut || Ok(()));
            count
        }
    }

    /// `Σ coef · Count(total; ways)` by [`count_with_ways_reference`], one run per
    /// term (reporting no level).
    fn combined_reference<R: Ring, E>(
        ring: &R,
        terms: &[(u128, R::Elem)],
        ways: &[R::Elem],
        _level: &mut dyn FnMut() -> Result<(), E>,
    ) -> Result<R::Elem, E> {
        Ok(terms.iter().fold(ring.zero(), |acc, (total, coef)| {
            ring.add(&acc, &ring.mul(coef, &count_with_ways_reference(ring, *total, ways)))
        }))
    }

    /// The plain carry DP, `O(m²)` per level: the reference for [`count_with_ways`].
    fn count_with_ways_reference<R: Ring>(ring: &R, total: u128, ways: &[R::Elem]) -> R::Elem {
        let top = ways.len();
        let mut dp = vec![ring.zero(); top + 1];
        dp[0] = ring.one();
        let bits = 128 - total.leading_zeros();
        for b in 0..bits {
            let beta = ((total >> b) & 1) as usize;
            let mut next = vec![ring.zero(); top + 1];
            for (c, dc) in dp.iter().enumerate() {
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]
        #[test]
        fn fast_dp_matches_reference(active in 0u64..420, passive in 0u64..420, total in 0u128..1u128 << 64, m in 1u64..=u64::MAX) {
            let ring = Modular::new(Modulus::new(m).unwrap());
            let ways = column_ways(&ring, active, passive);
            let exact_ways = column_ways(&Exact, active, passive);
            prop_assert_eq!(ways.clone(), exact_ways.iter().map(|w| ring.of_bigint(w)).collect::<Vec<_>>());
            prop_assert_eq!(count_with_ways(&ring, total, &ways), count_with_ways_reference(&ring, total, &ways));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(8))]
        /// Both parities of `m` on random strips, the fast carry DP (vectors
        /// cut to the carries that can still end at 0, NTT products at
        /// shorter lengths for the top levels) against the plain DP over
        /// every carry, modulo random moduli.
        #[test]
        fn both_parities_fast_vs_reference(
            coins in 250u64..700,
            extra in 0u64..u64::MAX - 800,
            bits in 9u32..64,
            m in 1u64..=u64::MAX,
        ) {
            let ring = Modular::new(Modulus::new(m).unwrap());
            for coins in [coins, coins + 1] {
                let n = coins + 1 + (extra >> (64 - bits));
                let g = SilverDollar::new(n, coins).unwrap();
                prop_assert_eq!(
                    g.carry_count(&ring, Outcome::Losing),
                    g.carry_count_reference(&ring, Outcome::Losing),
                    "n={} coins={} m={}", n, coins, m
                );
            }
        }

        /// Exact counts (schoolbook on big integers) reduced modulo `M`
        /// against the modular counts (NTT products from 300 coins on).
        #[test]
        fn exact_agrees_with_modular(
            coins in 0u64..420,
            extra in 0u64..3000,
            m in 1u64..=u64::MAX,
        ) {
            let ring = Modular::new(Modulus::new(m).unwrap());
            for coins in [coins, coins + 1] {
                let g = SilverDollar::new(coins + 1 + extra, coins).unwrap();
                let exact = g.carry_count(&Exact, Outcome::Winning);
                prop_assert_eq!(ring.of_bigint(&exact), g.carry_count(&ring, Outcome::Winning), "n={} coins={}", coins + 1 + extra, coins);
            }
        }
    }

    /// `L(n, c)` in `ring` by the carry DP, 0 on a strip too short for the coins.
    fn losing<R: Ring>(ring: &R, n: u64, coins: u64) -> R::Elem {
        SilverDollar::new(n, coins).map_or_else(|_| ring.zero(), |g| g.carry_count(ring, Outcome::Losing))
    }

    /// Both sides of Theorem 1 of `docs/theory/silver-dollar.md` for an even
    /// `c >= 2`, its subtractions moved across so that it holds in any ring:
    /// `(c+1)·L(n, c) + (c−2)·L(n+1, c+1) + L(n, c+1) + (c+1)·L(n, c−1)` and
    /// `(c−1)·L(n+2, c+1)`.
    fn odd_neighbour_sides<R: Ring>(ring: &R, n: u64, c: u64) -> (R::Elem, R::Elem) {
        let times = |k: u64, x: R::Elem| ring.mul(&ring.of_u128(u128::from(k)), &x);
        let left = [
            times(c + 1, losing(ring, n, c)),
            times(c - 2, losing(ring, n + 1, c + 1)),
            losing(ring, n, c + 1),
            times(c + 1, losing(ring, n, c - 1)),
        ]
        .iter()
        .fold(ring.zero(), |acc, x| ring.add(&acc, x));
        (left, times(c - 1, losing(ring, n + 2, c + 1)))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10))]
        /// Theorem 1 on the carry DP's counts: an even number of coins (two
        /// carry runs, the second with `k − 1` active gaps) against the odd
        /// numbers `c ± 1` on the neighbouring strips (one run each, one column
        /// polynomial): exactly on short strips, where the exact count reduced
        /// modulo `M` must equal the modular one, and modulo `M` on long strips
        /// with NTT-sized coin counts.
        #[test]
        fn even_counts_from_odd_neighbours(
            half in 1u64..60,
            extra in 0u64..3000,
            long_half in 150u64..400,
            long_extra in 0u64..u64::MAX >> 2,
            m in 1u64..=u64::MAX,
        ) {
            let ring = Modular::new(Modulus::new(m).unwrap());
            let (c, n) = (2 * half, 2 * half + 1 + extra);
            let (left, right) = odd_neighbour_sides(&Exact, n, c);
            prop_assert_eq!(left, right, "exact n={} c={}", n, c);
            prop_assert_eq!(ring.of_bigint(&losing(&Exact, n, c)), losing(&ring, n, c), "n={} c={}", n, c);
            let (left, right) = odd_neighbour_sides(&ring, n, c);
            prop_assert_eq!(left, right, "n={} c={} mod {}", n, c, m);
            let (c, n) = (2 * long_half, 2 * long_half + 1 + long_extra);
            let (left, right) = odd_neighbour_sides(&ring, n, c);
            prop_assert_eq!(left, right, "n={} c={} mod {}", n, c, m);
        }
    }

    #[test]
    fn whole_count_fast_vs_reference() {
        for (n, coins) in [(1000u64, 350u64), (10_000, 301), (5_000, 999)] {
            let g = SilverDollar::new(n, coins).unwrap();
            for m in [1_000_000_007u64, 1 << 40, 1_234_567_890] {
                let ring = Modular::new(Modulus::new(m).unwrap());
                assert_eq!(
                    g.carry_count(&ring, Outcome::Winning),
                    g.carry_count_reference(&ring, Outcome::Winning),
                    "n={n} c={coins} m={m}"
                );
            }
        }
    }

    /// The combined carry DP (N and N + 1 in one run for odd `m`) against the
    /// plain DP run once per total, for every small strip, both parities of
    /// coins, exactly and modulo several moduli.
    #[test]
    fn combined_dp_matches_reference_for_small_strips() {
        let moduli = [1_000_000_007u64, 1 << 40, 1_234_567_890, u64::MAX, 2, 1];
        for n in 1..=70u64 {
            for coins in 0..n {
                let g = SilverDollar::new(n, coins).unwrap();
                for outcome in [Outcome::Winning, Outcome::Losing] {
                    assert_eq!(
                        g.carry_count(&Exact, outcome),
                        g.carry_count_reference(&Exact, outcome),
                        "n={n} c={coins} exact"
                    );
                    for m in moduli {
                        let ring = Modular::new(Modulus::new(m).unwrap());
                        assert_eq!(
                            g.carry_count(&ring, outcome),
                            g.carry_count_reference(&ring, outcome),
                            "n={n} c={coins} m={m}"
                        );
                    }
                }
            }
        }
    }

    /// Totals whose low bits differ long (`N = 2^j − 1`, `N + 1 = 2^j`) and
    /// NTT-sized coin counts of both parities.
    #[test]
    fn combined_dp_matches_reference_on_long_carries() {
        let ring = Modular::new(Modulus::new(1_000_000_007).unwrap());
        for coins in [599u64, 600, 601, 602] {
            let m = coins + 1;
            for n in [(1u64 << 20) - 1 + m, (1 << 20) + m, (1 << 33) - 1 + m, 987_654_321_987] {
                let g = SilverDollar::new(n, coins).unwrap();
                assert_eq!(
                    g.carry_count(&ring, Outcome::Winning),
                    g.carry_count_reference(&ring, Outcome::Winning),
                    "n={n} c={coins}"
                );
            }
        }
        for (n, coins) in
            [((1u64 << 12) - 1 + 41, 40u64), ((1 << 12) - 1 + 42, 41), (1 << 12, 41), (1 << 12, 40)]
        {
            let g = SilverDollar::new(n, coins).unwrap();
            assert_eq!(
                g.carry_count(&Exact, Outcome::Winning),
                g.carry_count_reference(&Exact, Outcome::Winning),
                "n={n} c={coins} exact"
            );
        }
    }

    #[test]
    fn fast_dp_matches_reference_exactly() {
        for (active, passive) in [(1u64, 2u64), (2, 2), (5, 6), (50, 51)] {
            let ways = column_ways(&Exact, active, passive);
            for total in [0u128, 1, 7, 8, 1000, 123_456_789] {
                assert_eq!(
                    count_with_ways(&Exact, total, &ways),
                    count_with_ways_reference(&Exact, total, &ways)
                );
            }
        }
    }
}
