//! `π(x)` in about `x^{2/3}/log² x` time and `x^{1/3}·log³ x` memory by Xavier
//! Gourdon's variant of the Deléglise–Rivat method: the special leaves of
//! Legendre's tree are cut at `z >= y` instead of `y`, the easy leaves whose
//! divisor is a prime are counted in pairs (a hyperbola identity), and every
//! table lives in cache-sized segments. The same passes give the buckets
//! `#{n <= x : spf(n) = p}` of the primes up to `√x` ([`prime_buckets`], see
//! "The buckets" below).
//!
//! Source: X. Gourdon, *Computation of π(x): improvements to the Meissel,
//! Lehmer, Lagarias, Miller, Odlyzko, Deléglise and Rivat method* (2001); the
//! split and the derivations below are this module's own, so the terms differ
//! from the paper's by closed forms (see the mapping at the end).
//!
//! # The identity
//!
//! Write `p_1 = 2, p_2 = 3, …`, `φ(t, b)` for the number of `1 <= n <= t` with
//! no prime factor among `p_1, …, p_b`, `P⁺(m)`, `p⁻(m)` and `μ(m)` for the
//! largest and least prime factor and the Möbius function, and `⌊·⌋` for every
//! quotient. With `c = π(√x)`, the numbers up to `x` free of the primes up to
//! `√x` are `1` and the primes above `√x`, so
//!
//! ```text
//! π(x) = φ(x, c) + c − 1.                                             (1)
//! ```
//!
//! Legendre's identity `φ(t, b) = φ(t, b−1) − φ(t/p_b, b−1)` unrolled along
//! its right spine gives `φ(x, c) = φ(x, k) − Σ_{k<b<=c} φ(x/p_b, b−1)`. Choose
//! `∛x <= y <= z <= √x` with `z < p_{k+1}·y`, let `a = π(y)`, and `k = min(6, a)`.
//!
//! * `b > a` (`y < p_b <= √x`, so `p_b³ > x`): the survivors up to
//!   `x/p_b < p_b²` are `1` and the primes in `[p_b, x/p_b]`, so
//!   `φ(x/p_b, b−1) = π(x/p_b) − b + 2`. Their sum is `B − Σ_{a<b<=c} (b − 2)`
//!   with `B = Σ_{y<p<=√x} π(x/p)` ([`b`]).
//! * `k < b <= a`: the node `φ(x/p_b, b−1)` is unfolded by Legendre's identity,
//!   a node `μ(m)·φ(x/m, β)` split while `β > k` and `m <= z` (its children are
//!   `(m, β−1)` and `(m·p_β, β−1)` with sign `μ(m·p_β) = −μ(m)`). Every node
//!   below `(p_b, b−1)` has `P⁺(m) = p_b`, and every node on the way to a node
//!   `(m, β)` has a divisor of `m` as its own, so each `m <= z` is reached. The
//!   leaves are
//!   - *ordinary*, `(m, k)`: `m <= z` squarefree, `p⁻(m) > p_k`, `P⁺(m) <= y`,
//!     of value `μ(m)·φ(x/m, k)`; with the root's own `φ(x, k)` (`m = 1`) they
//!     make `Φ0` ([`phi0`]);
//!   - *special*, `(m·p, β−1)` with `p = p_β`, `β > k`: `m > 1` squarefree,
//!     `p < p⁻(m)`, `P⁺(m) <= y`, `m <= z < m·p`, of value
//!     `−μ(m)·φ(u, β−1)` with `u = ⌊x/(m·p)⌋`. Since `m·p <= z·y <= x`,
//!     `u >= 1`.
//!
//! So, with `S` the sum of the special leaves,
//!
//! ```text
//! π(x) = Φ0 + S − B + Σ,     Σ = c − 1 + Σ_{a<b<=c} (b − 2).           (2)
//! ```
//!
//! # The special leaves
//!
//! A special leaf is
//!
//! * *hard* when `u >= p²` (`⟺ m <= x/p³`): `φ(u, β−1)` is read from a sieve of
//!   `[1, x/z)` in which the primes below `p` are crossed off; their sum is `D`
//!   ([`d`]). Then `p < √(x/z)`.
//! * *easy* when `u < p²`: a survivor above `1` is then a prime `>= p`, so
//!   `φ(u, β−1) = 1 + #{primes in [p, u]}`. With `m = q` prime the leaf has the
//!   sign `+` and these are the term `A` ([`a`]), counted as pairs of primes;
//!   with `m` composite (`m > p²`, so `u < x/p³ < p² < z`) one look-up in the
//!   table of `π` up to `z` each, the term `C` ([`c`]).
//!
//! A composite `m <= z` with `p⁻(m) > p_k` has `P⁺(m) <= m/p_{k+1} < y`, so
//! only a prime `m` needs the check `m <= y`. Hence
//!
//! ```text
//! π(x) = A − B + C + D + Φ0 + Σ.                                      (3)
//! ```
//!
//! # The buckets
//!
//! The node `(p_j, j−1)` of the spine is `−φ(x/p_j, j−1) = −c(p_j)`, minus the
//! bucket of `p_j`, and its leaves are exactly those with `P⁺(m) = p_j` (see
//! [`crate::number::prime_buckets`]). So the passes hand every leaf to a sink
//! ([`sink`]): [`sink::Total`] adds them up for (3), [`sink::Bins`] files each
//! under `j = π(P⁺(m))`, and then `c(p_j)` is the negated bin for `k < j <= a`,
//! `φ(x/p_j, j−1)` from the tables for `j <= k`, `π(x/p_j) − j + 2` (from `B`'s
//! pass) for `y < p_j <= √x`, and `π(x) = π(√x) + x − 1 − Σ_j c(p_j)`.
//!
//! # The terms, one file each
//!
//! * [`params`]: `y = α_y·∛x`, `z = α_z·y`, the segment lengths, the time and
//!   memory estimates ([`check`]);
//! * [`phi0`]: the ordinary leaves, by a walk over the squarefree `m <= z`;
//! * [`a`]: the easy leaves with a prime `m`, by the hyperbola identity, and the
//!   segmented table of `π` over `(z, √x]` that also yields `π(√x)`;
//! * [`c`]: the easy leaves with a composite `m`;
//! * [`d`]: the hard leaves, by a segmented sieve of `[0, x/z)`;
//! * [`b`]: `B`, by a segmented sieve of `(√x, x/y]`;
//! * [`sigma`]: the closed form `Σ`;
//! * [`factor_table`]: `μ` and the least prime factor of the `m <= z` prime to
//!   30, which `C` and `D` read;
//! * [`sieve`]: the segmented sieve of `A`, `B` and `D` (pre-sieved patterns,
//!   a wheel, positions kept from segment to segment);
//! * [`sink`]: where the leaves go, for `π(x)` or for the buckets;
//! * this file: the plan the terms share, the runs of segments, and the sums
//!   (3) and of the buckets.
//!
//! The bit layout of a segment, the `π` table up to `z` and the `φ(t, k <= 6)`
//! tables are those of [`super::prime_buckets`].
//!
//! # Against Gourdon's terms
//!
//! Gourdon's `Φ0`, `B` and `D` are the ones here. His `A` is the prime-`m` easy
//! leaves with `p > max(x^{1/4}, x/y²)`, his `C` the other easy leaves, and his
//! `Σ0 … Σ6` the closed forms of both; here `A` takes every prime `m` (the same
//! pair count works for every `p`, [`a`]) with its closed forms, `C` the
//! composite ones, and `Σ` is his `Σ0` and the `c − 1` of (1).
//!
//! # Cost
//!
//! `Φ0`, `C` and the tables `O(z)`; `A` one look-up per pair-count term, about
//! `x^{2/3}/log² x`; `D` a sieve of `x/z` numbers with one popcount pass per
//! segment and prime; `B` a sieve of `x/y` numbers. Memory: the `π` table up to
//! `z` (`z/8` bytes), the primes up to `y`, the factor table (`2·z·8/30` bytes),
//! and a segment per thread; for the buckets also the buckets of the primes up
//! to `√x` (8 bytes each; 12 with the list of those primes, which
//! [`bucket_counts`] goes without) and three bins a prime up to `y` per thread. Arithmetic is modulo `2^64` throughout (the sum is
//! `π(x) < 2^64`, so wrap-around in the terms is harmless).

mod a;
mod b;
mod c;
mod d;
mod factor_table;
mod params;
mod phi0;
mod sieve;
mod sigma;
mod sink;

#[cfg(test)]
use crate::number::prime_buckets::buckets::PrimeBuckets;
use crate::number::prime_buckets::phi_tiny::{PhiTiny, TINY_PRIMES};
use crate::number::prime_buckets::pi_table::PiTable;
use crate::number::roots::{icbrt, isqrt};
use factor_table::FactorTable;
pub(crate) use params::Params;
#[cfg(test)]
pub(crate) use params::memory_estimate;
pub use params::{bucket_memory_estimate, check};
use sink::{Bins, Filing, Sink, Total};

/// `π(x)` by Gourdon's method.
#[cfg(test)]
pub(crate) fn prime_pi(x: u64) -> u64 {
    prime_pi_with_progress(x, &mut |_, _| true).unwrap_or(0)
}

/// `π(x)`, `None` when `progress(done, total)` (called now and then) returned
/// `false` (stop).
pub fn prime_pi_with_progress(x: u64, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<u64> {
    prime_pi_with(x, Params::for_x(x), progress)
}

/// Runs of segments per thread in a round of a segmented pass (between
/// progress reports).
const ROUND_PER_THREAD: u64 = 4;

/// Runs a segmented pass over the segments `0..segments`: in rounds, each round
/// in runs of up to `run` consecutive segments on all cores (with `grow`,
/// runs of 1 segment first, doubling from round to round: for passes whose
/// early segments hold most of the work). `task(first, len)` returns a run's
/// result, `combine` takes them in segment order, and after each round
/// `report(units(first, end))`; `None` when it said stop.
#[allow(clippy::too_many_arguments)]
fn segmented<R: Send>(
    plan: &Plan,
    segments: u64,
    run: u64,
    grow: bool,
    task: impl Fn(u64, u64) -> R + Sync,
    mut combine: impl FnMut(R),
    units: impl Fn(u64, u64) -> u64,
    report: &mut dyn FnMut(u64) -> bool,
) -> Option<()> {
    use rayon::prelude::*;
    let most = run.max(1);
    let mut run = if grow { 1 } else { most };
    let mut start = 0;
    while start < segments {
        let round = plan.threads as u64 * ROUND_PER_THREAD * run;
        let end = (start + round).min(segments);
        let results: Vec<R> = (start..end)
            .step_by(run as usize)
            .collect::<Vec<u64>>()
            .into_par_iter()
            .map(|first| task(first, run.min(end - first)))
            .collect();
        results.into_iter().for_each(&mut combine);
        if !report(units(start, end)) {
            return None;
        }
        start = end;
        run = (2 * run).min(most);
    }
    Some(())
}

/// Segments per run for a pass of `segments`: about 32 rounds, at most 64 segments a run.
fn run_length(plan: &Plan, segments: u64) -> u64 {
    (segments / (plan.threads as u64 * ROUND_PER_THREAD * 32)).clamp(1, 64)
}

/// Everything the terms share.
pub(super) struct Plan {
    x: u64,
    /// `⌊√x⌋`.
    r: u64,
    y: u64,
    z: u64,
    /// `π(y)`.
    a: usize,
    /// The primes `p_1 … p_k` whose `φ` is read from [`PhiTiny`].
    k: usize,
    /// The primes up to `y`: `primes[i − 1] = p_i`.
    primes: Vec<u32>,
    /// `π(n)` for `n <= z`.
    table: PiTable,
    tiny: &'static PhiTiny,
    /// `μ` and `p⁻` of the `m <= z` prime to 30 (empty without special leaves).
    factors: FactorTable,
    threads: usize,
}

impl Plan {
    /// The tables for `x >= 4`, with `y` clamped into `[max(∛x, 2), √x]` and
    /// `z` into `[y, min(√x, p_{k+1}·y − 1)]`.
    fn new(x: u64, params: &Params) -> Plan {
        let r = isqrt(x);
        let y = params.y.clamp(icbrt(x).max(2), r);
        // k from y alone: p_{k+1} bounds z
        let small = PiTable::new(y);
        let a = small.pi(y) as usize;
        let k = a.min(TINY_PRIMES.len());
        let next = small.primes().get(k).map_or(u64::MAX, |&p| u64::from(p));
        let z = params.z.clamp(y, r.min(y.saturating_mul(next).saturating_sub(1)).max(y));
        let table = PiTable::new(z);
        let mut primes = table.primes();
        primes.truncate(a);
        primes.shrink_to_fit();
        // the factor table only where there are special leaves (k < b < a)
        let factors = if k + 1 < a { FactorTable::new(z) } else { FactorTable::default() };
        Plan {
            x,
            r,
            y,
            z,
            a,
            k,
            primes,
            table,
            tiny: PhiTiny::shared(),
            factors,
            threads: rayon::current_num_threads().max(1),
        }
    }

    /// `p_b`, `1 <= b <= a`.
    #[inline]
    fn prime(&self, b: usize) -> u64 {
        u64::from(self.primes[b - 1])
    }

    /// `π(n)` for `n <= z`.
    #[inline]
    fn pi(&self, n: u64) -> u64 {
        self.table.pi(n)
    }
}

/// The passes over the leaves, planned.
struct Passes {
    a: a::APass,
    d: d::DPass,
    b: b::BPass,
}

impl Passes {
    fn new(plan: &Plan, params: &Params) -> Passes {
        Passes {
            a: a::APass::new(plan, params.segment),
            d: d::DPass::new(plan, params.segment),
            b: b::BPass::new(plan, params.b_segment),
        }
    }

    /// Progress units of all the passes.
    fn units(&self) -> u64 {
        self.a.units() + self.d.units() + self.b.units() + 1
    }

    /// Files every leaf of `Φ0`, `A`, `C` and `D`; returns the root's
    /// `φ(x, k)` and `π(√x)` (`primes`: the primes up to `√x`, if known), or
    /// `None` when `report` said stop.
    fn leaves<S: Sink>(
        &self,
        plan: &Plan,
        filing: &Filing<S>,
        primes: Option<&[u32]>,
        report: &mut dyn FnMut(u64) -> bool,
    ) -> Option<(u64, u64)> {
        let root = phi0::phi0(plan, filing);
        c::c(plan, filing);
        let pi_sqrt = self.a.run(plan, filing, primes, report)?;
        self.d.run(plan, filing, report)?;
        Some((root, pi_sqrt))
    }
}

/// Reports `units` more of `total` done to `progress`; `false` to stop.
fn reporter<'a>(progress: &'a mut dyn FnMut(u64, u64) -> bool, total: u64) -> impl FnMut(u64) -> bool + 'a {
    let mut done = 0u64;
    move |units: u64| {
        done += units;
        progress(done.min(total - 1), total)
    }
}

/// `π(x)` with explicit parameters (any give the same result; tests vary them).
pub(crate) fn prime_pi_with(
    x: u64,
    params: Params,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<u64> {
    if x < 4 {
        return progress(1, 1).then_some(x.saturating_sub(1));
    }
    let plan = Plan::new(x, &params);
    let passes = Passes::new(&plan, &params);
    let total = passes.units();
    if !progress(0, total) {
        return None;
    }
    let filing = Filing::<Total>::new(plan.threads, plan.a);
    let mut report = reporter(progress, total);
    let (root, pi_sqrt) = passes.leaves(&plan, &filing, None, &mut report)?;
    let b = passes.b.total(&plan, pi_sqrt, &mut report)?;
    drop(report);
    let sigma = sigma::sigma(plan.a as u64, pi_sqrt);
    let pi = root.wrapping_add(filing.into_sink().0).wrapping_sub(b).wrapping_add(sigma);
    progress(total, total).then_some(pi)
}

/// The buckets of the primes up to `√x` and `π(x)` (see
/// [`crate::number::prime_buckets`]), or `None` when `progress(done, total)`
/// returned `false` (stop); with the list of the primes, the tests'
/// reference of [`bucket_counts`].
#[cfg(test)]
pub fn prime_buckets(x: u64, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<PrimeBuckets> {
    buckets_with(x, Params::for_x(x), true, progress).and_then(listed)
}

/// The buckets of [`buckets_with`] with their primes listed (`None` without).
#[cfg(test)]
fn listed((primes, counts, pi): (Option<Vec<u32>>, Vec<u64>, u64)) -> Option<PrimeBuckets> {
    Some(PrimeBuckets::new(primes?, counts, pi))
}

/// The buckets of the primes up to `√x` in order and `π(x)`, without the list
/// of those primes (Coprime Nim's head needs the counts alone): the passes
/// of `prime_buckets` (the tests' reference) less its sieve of `[0, √x]`, twice over (the primes
/// counted, then written), in place of which `A` counts the primes of its
/// segments over `(z, √x]` once, as for `π(x)` alone; and without the list's
/// 4 bytes a prime up to `√x`. `None` when `progress` said stop.
pub fn bucket_counts(x: u64, progress: &mut dyn FnMut(u64, u64) -> bool) -> Option<(Vec<u64>, u64)> {
    buckets_with(x, Params::for_x(x), false, progress).map(|(_, counts, pi)| (counts, pi))
}

/// The primes up to `√x` (when `list`), their buckets and `π(x)`: the same
/// passes as `π(x)` with every leaf filed under the largest prime factor of
/// its `m` ([`sink::Bins`]); the bucket of `p_j` is then
///
/// * `φ(⌊x/p_j⌋, j−1)` for `j <= k`, from the tables;
/// * the negated bin `j` for `k < j <= a`;
/// * `π(⌊x/p_j⌋) − j + 2` for `y < p_j <= √x`, from `B`'s pass;
///
/// and `π(x) = π(√x) + x − 1 − Σ buckets`.
#[allow(clippy::type_complexity)]
fn buckets_with(
    x: u64,
    params: Params,
    list: bool,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Option<(Option<Vec<u32>>, Vec<u64>, u64)> {
    if x < 4 {
        let pi = x.saturating_sub(1);
        return progress(1, 1).then(|| (list.then(Vec::new), Vec::new(), pi));
    }
    let plan = Plan::new(x, &params);
    let passes = Passes::new(&plan, &params);
    let total = passes.units();
    if !progress(0, total) {
        return None;
    }
    let primes = list.then(|| sieve::primes_up_to(plan.r));
    let filing = Filing::<Bins>::new(plan.threads, plan.a);
    let mut report = reporter(progress, total);
    let (_, pi_sqrt) = passes.leaves(&plan, &filing, primes.as_deref(), &mut report)?;
    let mut counts = vec![0u64; pi_sqrt as usize];
    // B gives the p above y in decreasing order
    let mut j = counts.len();
    passes.b.values(&plan, pi_sqrt, &mut report, &mut |pi_xp| {
        counts[j - 1] = pi_xp + 2 - j as u64;
        j -= 1;
    })?;
    drop(report);
    debug_assert_eq!(j, plan.a);
    for (i, count) in counts.iter_mut().enumerate().take(plan.k) {
        *count = plan.tiny.phi(x / plan.prime(i + 1), i);
    }
    for (count, bin) in
        counts[plan.k..plan.a].iter_mut().zip(filing.into_sink().values().into_iter().skip(plan.k))
    {
        *count = bin.wrapping_neg();
    }
    let sum = counts.iter().fold(0u64, |s, &c| s.wrapping_add(c));
    let pi = pi_sqrt.wrapping_add(x - 1).wrapping_sub(sum);
    progress(total, total).then_some((primes, counts, pi))
}

#[cfg(test)]
mod tests;
