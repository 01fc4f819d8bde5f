//! `μ(m)` and the least prime factor `p⁻(m)` of the `m <= z` prime to 30, in
//! 16 bits each: what the composite easy leaves ([`super::c`]) and the hard
//! leaves ([`super::d`]) ask of their `m`.
//!
//! A special leaf's `m` has `p⁻(m) > p >= p_{k+1} = 17`, so only the `m` prime
//! to `2·3·5` are stored, 8 of every 30 (index `8·⌊m/30⌋ + position of m mod
//! 30`): `2·8/30` bytes a number. The entry of `m` is
//!
//! * `0` when `m` has a square factor (or `m = 1`);
//! * [`PRIME`] (`u16::MAX`) when `m` is prime (`μ = −1`);
//! * `(p⁻(m) − 1)/2 | (μ(m) = −1) << 15` for a squarefree composite: `p⁻(m)`
//!   is odd and at most `√z <= 2^16`, and the largest prime below `2^16`,
//!   65521, leaves the entry below [`PRIME`].
//!
//! So [`least_factor`] reads `2·(entry mod 2^15) + 1`: `1` for a square
//! factor (below every `p`), `65535` for a prime (which the callers test apart).
//!
//! Built by a sieve for `p⁻` over the multiples `p·j`, `j >= p` prime to 30,
//! then one pass in increasing `m`: with `p = p⁻(m)` and `j = m/p` (prime to
//! 30, already final), `m` is squarefree iff `j` is and `p⁻(j) > p`, and then
//! `μ(m) = −μ(j)`. Time `O(z log log z)`.

/// The residues modulo 30 prime to 30.
const WHEEL: [u64; 8] = [1, 7, 11, 13, 17, 19, 23, 29];

/// `POSITION[m mod 30]`: the index of the residue in [`WHEEL`] (`u8::MAX` if not prime to 30).
const POSITION: [u8; 30] = {
    let mut pos = [u8::MAX; 30];
    let mut i = 0;
    while i < 8 {
        pos[WHEEL[i] as usize] = i as u8;
        i += 1;
    }
    pos
};

/// The entry of a prime.
pub(super) const PRIME: u16 = u16::MAX;
/// The bits of an entry holding `(p⁻(m) − 1)/2`.
const LPF: u16 = (1 << 15) - 1;

/// `μ` and `p⁻` of the `m <= limit` prime to 30.
#[derive(Default)]
pub(super) struct FactorTable {
    entries: Vec<u16>,
}

/// The index of `m` (prime to 30).
#[inline]
fn index(m: u64) -> usize {
    (m / 30) as usize * 8 + POSITION[(m % 30) as usize] as usize
}

/// `p⁻(m)` from the entry of a squarefree composite `m` (1 for a square
/// factor, 65535 for a prime).
#[inline]
pub(super) fn least_factor(entry: u16) -> u64 {
    2 * u64::from(entry & LPF) + 1
}

/// `μ(m) = −1` from the entry of a squarefree `m`.
#[inline]
pub(super) fn negative(entry: u16) -> bool {
    entry >> 15 == 1
}

impl FactorTable {
    /// The table for `m <= limit`.
    pub(super) fn new(limit: u64) -> FactorTable {
        let len = index_bound(limit);
        // 1. p⁻ by a sieve (0 = prime, or 1; p⁻ <= √limit <= 2^16 of a composite)
        let mut entries = vec![0u16; len];
        for i in 1..len {
            let p = (i / 8) as u64 * 30 + WHEEL[i % 8];
            if p * p > limit {
                break;
            }
            if entries[i] != 0 {
                continue;
            }
            // p is prime (no smaller prime marked it): the multiples p·j, j >= p prime to 30
            let (mut base, mut w) = (p - WHEEL[i % 8], i % 8);
            loop {
                let m = p * (base + WHEEL[w]);
                if m > limit {
                    break;
                }
                let e = &mut entries[index(m)];
                if *e == 0 {
                    *e = p as u16;
                }
                w += 1;
                if w == 8 {
                    w = 0;
                    base += 30;
                }
            }
        }
        // 2. μ, in increasing m
        for i in 1..len {
            let m = (i / 8) as u64 * 30 + WHEEL[i % 8];
            let p = u64::from(entries[i]);
            entries[i] = match m.checked_div(p) {
                None => PRIME,
                Some(k) => {
                    let j = entries[index(k)];
                    // p² | m: k = p (a prime, whose entry hides p⁻), or p⁻(k) = p
                    if j == 0 || k == p || least_factor(j) <= p {
                        0
                    } else {
                        ((p - 1) / 2) as u16 | (!j & (1 << 15))
                    }
                }
            };
        }
        FactorTable { entries }
    }

    /// The entry of `m` (prime to 30, `1 <= m <= limit`).
    #[inline]
    pub(super) fn get(&self, m: u64) -> u16 {
        self.entries[index(m)]
    }

    /// Calls `f(m, entry)` for the `m` prime to 30 in `(lo, hi]`, in decreasing
    /// order (`hi <= limit`).
    #[inline(always)]
    pub(super) fn each_down(&self, lo: u64, hi: u64, mut f: impl FnMut(u64, u16)) {
        if hi <= lo {
            return;
        }
        // the first index above hi, the first index above lo
        let (end, start) = (index_bound(hi), index_bound(lo));
        for i in (start..end).rev() {
            f((i / 8) as u64 * 30 + WHEEL[i % 8], self.entries[i]);
        }
    }

    /// Calls `f(m, entry)` for the `m` prime to 30 in `(lo, hi]`, in increasing
    /// order, while it returns `true` (`hi <= limit`).
    #[inline(always)]
    pub(super) fn each_up(&self, lo: u64, hi: u64, mut f: impl FnMut(u64, u16) -> bool) {
        for i in index_bound(lo)..index_bound(hi.max(lo)) {
            if !f((i / 8) as u64 * 30 + WHEEL[i % 8], self.entries[i]) {
                return;
            }
        }
    }
}

/// The number of `1 <= m <= n` prime to 30: the index just above the last such `m`.
#[inline]
fn index_bound(n: u64) -> usize {
    let below = WHEEL.iter().filter(|&&w| w <= n % 30).count();
    (n / 30) as usize * 8 + below
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::smallest_prime_factor;

    /// `μ(m)` by trial division.
    fn mobius(mut m: u64) -> i32 {
        let mut mu = 1;
        while m > 1 {
            let p = smallest_prime_factor(m);
            m /= p;
            if m.is_multiple_of(p) {
                return 0;
            }
            mu = -mu;
        }
        mu
    }

    #[test]
    fn entries_match_trial_division() {
        for limit in [0u64, 1, 29, 30, 31, 48, 49, 50, 10_000] {
            let t = FactorTable::new(limit);
            let mut seen = Vec::new();
            t.each_down(0, limit, |m, e| seen.push((m, e)));
            let want: Vec<u64> =
                (1..=limit).rev().filter(|m| m % 2 != 0 && m % 3 != 0 && m % 5 != 0).collect();
            assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), want, "limit {limit}");
            for &(m, e) in &seen {
                assert_eq!(t.get(m), e);
                let mu = mobius(m);
                if m == 1 || mu == 0 {
                    assert_eq!(e, 0, "{m}");
                } else if smallest_prime_factor(m) == m {
                    assert_eq!(e, PRIME, "{m}");
                } else {
                    assert_eq!(least_factor(e), smallest_prime_factor(m), "{m}");
                    assert_eq!(negative(e), mu == -1, "{m}");
                }
            }
        }
    }

    #[test]
    fn ranges_cut_anywhere() {
        let t = FactorTable::new(1000);
        for lo in 0..200u64 {
            for hi in lo..lo + 70 {
                let mut got = Vec::new();
                t.each_down(lo, hi, |m, _| got.push(m));
                let want: Vec<u64> =
                    (lo + 1..=hi).rev().filter(|m| m % 2 != 0 && m % 3 != 0 && m % 5 != 0).collect();
                assert_eq!(got, want, "({lo}, {hi}]");
            }
        }
    }
}
