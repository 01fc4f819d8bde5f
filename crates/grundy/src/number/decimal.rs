//! The decimal digits of a long binary integer, by divide and conquer with
//! products only.
//!
//! A number of `n` words is split at `m < n` words, `x = hi·2^{64m} + lo`,
//! and converted as `dec(x) = dec(hi)·dec(2^{64m}) + dec(lo)`, every number here
//! in the radix `10^19` (its digits are blocks of 19 decimal digits). The powers
//! `dec(2^{64m})` come from squaring in that radix, and the products of long
//! factors go to the transforms of [`super::long_mul`], which carry in either
//! radix; short ones are schoolbook products in radix `10^19`. No division of
//! long numbers is needed, so the cost is that of `log₂ n` levels of products of
//! total length `n`: `O(M(n) log n)`.
//!
//! A word is `64·log₁₀2/19 ≈ 1.0137` digits, so splitting at powers of two
//! would make every product a little longer than a power of two, and its
//! transform twice too long. Long numbers are split at `m = 63·2^j` words
//! instead: `dec(2^{64m})` and `dec(hi)` have at most `63.87·2^j` digits each, and
//! their product fits a transform of `128·2^j` points. Below 63 words the
//! splits are at powers of two (schoolbook products, where lengths cost
//! nothing). Below [`THRESHOLD`] words num-bigint's own conversion is as fast.

use super::long_mul::{Carrier, DECIMAL, Radix, multiply_digits};
use num_bigint::BigUint;
use std::fmt::Write;

/// Words from which the divide and conquer is used (below, num-bigint's
/// conversion).
pub const THRESHOLD: usize = 256;

/// Digits in radix `10^19` of the shorter factor from which products in that
/// radix go to the transforms.
const TRANSFORM_DIGITS: usize = 96;

/// The decimal digits of `x` (`"0"` for zero), as `x.to_string()` gives them,
/// in `O(M(n) log n)` for a number of `n` words.
///
/// ```
/// use grundy::BigUint;
/// use grundy::ring::to_decimal;
///
/// let x = BigUint::from(10u8).pow(5000) - 1u8;
/// assert_eq!(to_decimal(&x), "9".repeat(5000));
/// ```
pub fn to_decimal(x: &BigUint) -> String {
    let words = x.to_u64_digits();
    if words.len() < THRESHOLD {
        return x.to_string();
    }
    let digits = convert(&words, &Powers::new(words.len()));
    let mut out = String::with_capacity(19 * digits.len());
    let mut rest = digits.iter().rev();
    if let Some(top) = rest.next() {
        let _ = write!(out, "{top}");
    }
    for d in rest {
        let _ = write!(out, "{d:019}");
    }
    out
}

/// Words of the first split of long numbers (see the module documentation).
const BLOCK: usize = 63;

/// The powers of `2^64` at which numbers are split, in radix `10^19`.
struct Powers {
    /// `dec(2^{64·2^j})` for `2^j < BLOCK`.
    short: Vec<Vec<u64>>,
    /// `dec(2^{64·BLOCK·2^j})` for `BLOCK·2^j < n`.
    long: Vec<Vec<u64>>,
}

impl Powers {
    /// The powers that splitting a number of `n` words uses.
    fn new(n: usize) -> Self {
        let mut short = vec![vec![8_446_744_073_709_551_616, 1]];
        while 2 << short.len() <= BLOCK + 1 {
            let next = product(&short[short.len() - 1], None);
            short.push(next);
        }
        // BLOCK = 2^6 − 1 = 32 + 16 + 8 + 4 + 2 + 1 words
        let first = short.iter().skip(1).fold(short[0].clone(), |acc, p| product(&acc, Some(p)));
        let mut long = vec![first];
        while BLOCK << long.len() < n {
            let next = product(&long[long.len() - 1], None);
            long.push(next);
        }
        Powers { short, long }
    }
}

/// The radix-`10^19` digits of the binary words `w` (no high zero digits).
fn convert(w: &[u64], powers: &Powers) -> Vec<u64> {
    let len = w.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
    let w = &w[..len];
    if w.len() <= 1 {
        let x = w.first().copied().unwrap_or(0);
        let mut digits = vec![x % DECIMAL, x / DECIMAL];
        trim(&mut digits);
        return digits;
    }
    // split at m < len <= 2m words: m = 2^j below BLOCK words, BLOCK·2^j above
    let (m, power) = if w.len() <= BLOCK {
        let j = (usize::BITS - 1 - (w.len() - 1).leading_zeros()) as usize;
        (1 << j, &powers.short[j])
    } else {
        let j = (usize::BITS - 1 - ((w.len() - 1) / BLOCK).leading_zeros()) as usize;
        (BLOCK << j, &powers.long[j])
    };
    let (lo, hi) = w.split_at(m);
    let (hi, lo) = if w.len() > 1 << 14 {
        rayon::join(|| convert(hi, powers), || convert(lo, powers))
    } else {
        (convert(hi, powers), convert(lo, powers))
    };
    let mut sum = product(&hi, Some(power));
    add_into(&mut sum, &lo);
    sum
}

/// Drops the high zero digits.
fn trim(digits: &mut Vec<u64>) {
    while digits.last() == Some(&0) {
        digits.pop();
    }
}

/// `sum += x` in radix `10^19` (`sum` at least as long as `x`, or grown).
fn add_into(sum: &mut Vec<u64>, x: &[u64]) {
    if sum.len() < x.len() {
        sum.resize(x.len(), 0);
    }
    let mut carry = 0;
    for (i, s) in sum.iter_mut().enumerate() {
        if i >= x.len() && carry == 0 {
            return;
        }
        // below 2·10^19 + 1, beyond 2^64: in 128 bits
        let t = *s as u128 + x.get(i).copied().unwrap_or(0) as u128 + carry;
        (*s, carry) = if t >= DECIMAL as u128 { ((t - DECIMAL as u128) as u64, 1) } else { (t as u64, 0) };
    }
    if carry > 0 {
        sum.push(carry as u64);
    }
}

/// `a·b` (`a²` for `None`) in radix `10^19`, no high zero digits.
fn product(a: &[u64], b: Option<&[u64]>) -> Vec<u64> {
    let b_len = b.map_or(a.len(), <[u64]>::len);
    if a.len().min(b_len) >= TRANSFORM_DIGITS {
        return multiply_digits(a, b, Radix::Decimal);
    }
    schoolbook(a, b.unwrap_or(a))
}

/// `a·b` in radix `10^19` column by column: each column's sum of products
/// (below `len·10^38 < 2^{192}`) is kept in three words and carried once.
fn schoolbook(a: &[u64], b: &[u64]) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let len = a.len() + b.len() - 1;
    let mut carrier = Carrier::new(Radix::Decimal);
    let mut out = Vec::with_capacity(len + 2);
    for k in 0..len {
        let (mut lo, mut hi) = (0u128, 0u128);
        for i in k.saturating_sub(b.len() - 1)..=k.min(a.len() - 1) {
            let (s, c) = lo.overflowing_add(a[i] as u128 * b[k - i] as u128);
            lo = s;
            hi += c as u128;
        }
        out.push(carrier.push(lo as u64, (hi << 64) | (lo >> 64)));
    }
    carrier.flush(&mut out);
    trim(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::long_mul::from_words;
    use proptest::prelude::*;

    #[test]
    fn powers_of_two_and_edges() {
        for w in [THRESHOLD, THRESHOLD + 1, 1000, 5000] {
            for x in [BigUint::from(1u8) << (64 * w - 1), (BigUint::from(1u8) << (64 * w)) - 1u8] {
                assert_eq!(to_decimal(&x), x.to_string(), "{w} words");
            }
        }
        // zero words inside, and exact powers of ten (zero blocks)
        let ten = num_traits::Pow::pow(BigUint::from(10u8), 40_000u32);
        assert_eq!(to_decimal(&ten), ten.to_string());
        let holes = from_words(
            &(0..3000u64).map(|i| if i % 7 < 3 { 0 } else { u64::MAX / (i + 1) }).collect::<Vec<_>>(),
        );
        assert_eq!(to_decimal(&holes), holes.to_string());
        assert_eq!(to_decimal(&BigUint::from(0u8)), "0");
    }

    /// Every split power is the power of two it stands for.
    #[test]
    fn split_powers_are_powers_of_two() {
        let value = |d: &[u64]| d.iter().rev().fold(BigUint::from(0u8), |acc, &x| acc * DECIMAL + x);
        let powers = Powers::new(BLOCK * 40);
        assert_eq!(powers.short.len(), 6);
        assert_eq!(powers.long.len(), 6);
        for (j, p) in powers.short.iter().enumerate() {
            assert_eq!(value(p), BigUint::from(1u8) << (64 << j), "short {j}");
        }
        for (j, p) in powers.long.iter().enumerate() {
            assert_eq!(value(p), BigUint::from(1u8) << ((64 * BLOCK) << j), "long {j}");
        }
    }

    #[test]
    fn schoolbook_matches_the_transform() {
        let a: Vec<u64> = (0..500u64).map(|i| (i * 0x9e37_79b9_7f4a_7c15) % DECIMAL).collect();
        let b: Vec<u64> = (0..300u64).map(|i| DECIMAL - 1 - i).collect();
        assert_eq!(schoolbook(&a, &b), multiply_digits(&a, Some(&b), Radix::Decimal));
    }

    /// Digits at their largest: sums beyond `2^64` before the carry.
    #[test]
    fn additions_and_products_carry_at_the_largest_digits() {
        let value = |d: &[u64]| d.iter().rev().fold(BigUint::from(0u8), |acc, &x| acc * DECIMAL + x);
        for (la, lb) in [(1, 1), (1, 5), (5, 1), (7, 7), (40, 3)] {
            let a = vec![DECIMAL - 1; la];
            let b: Vec<u64> = (0..lb as u64).map(|i| DECIMAL - 1 - i * 12_345).collect();
            let mut sum = a.clone();
            add_into(&mut sum, &b);
            assert_eq!(value(&sum), value(&a) + value(&b), "{la} + {lb}");
            assert_eq!(value(&schoolbook(&a, &b)), value(&a) * value(&b), "{la} x {lb}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn matches_num_bigint(words in prop::collection::vec(any::<u64>(), 1..6000), top in 1u64..) {
            let mut words = words;
            words.push(top);
            let x = from_words(&words);
            prop_assert_eq!(to_decimal(&x), x.to_string());
        }
    }
}
