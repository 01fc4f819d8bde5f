//! Integer roots and fast exact division, shared by the prime counting
//! ([`super::lucy`], [`super::prime_buckets`]) and the heap games.
//!
//! The roots `⌊√x⌋` and `⌊∛x⌋` start from the floating-point root, close to
//! the truth, and step it to the exact value with checked integer powers (no overflow near `2^64`).
//!
//! The divisions compute `⌊n/d⌋` through doubles: for `n < 2^53` the quotient
//! `n/d` rounded to a double (or `n·(1/d)` for `n < 2^52`) is within one of
//! the truth, and one comparison step makes it exact. A double division or
//! multiplication is several times faster than a 64-bit integer division on
//! common CPUs, and the special-leaf sum divides once per leaf.

/// The integer square root `⌊√x⌋`.
pub fn isqrt(x: u64) -> u64 {
    let mut r = (x as f64).sqrt() as u64;
    while r.checked_mul(r).is_none_or(|sq| sq > x) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|sq| sq <= x) {
        r += 1;
    }
    r
}

/// `⌊∛x⌋`.
pub fn icbrt(x: u64) -> u64 {
    let cube = |r: u64| r.checked_mul(r).and_then(|s| s.checked_mul(r));
    let mut r = (x as f64).cbrt() as u64;
    while r > 0 && cube(r).is_none_or(|c| c > x) {
        r -= 1;
    }
    while cube(r + 1).is_some_and(|c| c <= x) {
        r += 1;
    }
    r
}

/// `⌊n/d⌋` (`d >= 1`) through a double-precision quotient and an exact
/// correction, several times faster than a 64-bit division on common CPUs.
#[inline]
pub(crate) fn div(n: u64, d: u64) -> u64 {
    if n >= 1 << 53 {
        return n / d;
    }
    // within one of the truth (n, d exact in f64, one rounding)
    // (through i64: one instruction, the value is below 2^53)
    fix_quotient(n, d, (n as f64 / d as f64) as i64 as u64)
}

/// `⌊n/d⌋` from `inv = 1/d` rounded to a double: a multiplication instead of
/// a division. For `n < 2^52` the product is off by less than
/// `(n/d)·2^{−52} < 1` (two roundings), and one correction step is exact.
#[inline]
pub(crate) fn div_inv(n: u64, d: u64, inv: f64) -> u64 {
    if n >= 1 << 52 {
        return n / d;
    }
    fix_quotient(n, d, (n as f64 * inv) as i64 as u64)
}

/// The exact `⌊n/d⌋` from an estimate `q` within one of it.
#[inline]
fn fix_quotient(n: u64, d: u64, mut q: u64) -> u64 {
    if q * d > n {
        q -= 1;
    } else if (q + 1) * d <= n {
        q += 1;
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isqrt_is_exact() {
        for x in (0..10_000u64).chain([u64::MAX, u64::MAX - 1, 1 << 62, (1u64 << 62) - 1]) {
            let r = isqrt(x);
            assert!(r * r <= x && (r + 1).checked_mul(r + 1).is_none_or(|s| s > x), "{x}");
        }
    }

    #[test]
    fn icbrt_is_exact() {
        for x in (0..5000u64).chain([
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            2_642_245u64.pow(3),
            2_642_245u64.pow(3) - 1,
        ]) {
            let r = icbrt(x);
            assert!(r * r * r <= x && (r + 1).checked_pow(3).is_none_or(|c| c > x), "{x}");
        }
    }

    #[test]
    fn division_by_reciprocal_is_exact() {
        let mut n = 1u64;
        while n < u64::MAX / 3 {
            for d in [1u64, 2, 3, 7, 10, 641, 65_537, 4_294_967_291] {
                for m in [n - 1, n, n + 1, n * 3 / 2] {
                    assert_eq!(div(m, d), m / d, "{m}/{d}");
                    assert_eq!(div_inv(m, d, 1.0 / d as f64), m / d, "{m}/{d}");
                }
            }
            n = n * 3 + 1;
        }
        for m in [(1 << 52) - 1, 1 << 52, (1 << 53) - 1, 1 << 53, u64::MAX] {
            assert_eq!(div_inv(m, 3, 1.0 / 3.0), m / 3);
            assert_eq!(div(m, 3), m / 3);
        }
    }
}
