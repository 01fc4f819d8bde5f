//! Number expressions as people write them: plain decimals and small
//! expressions such as `10^9+7`, `1e18`, `2^64-1` or `1_000_000`.
//!
//! Grammar: `expr := term (('+' | '-') term)*`, `term := power ('*' power)*`,
//! `power := int (('^' | 'e') int)?`. Everything is checked in 128-bit arithmetic
//! and the result must fit in 64 bits.

use crate::error::Error;

/// Parses a nonnegative integer expression below `2^64`; the error names the
/// offending part.
///
/// ```
/// use grundy::parse_u64;
///
/// assert_eq!(parse_u64("10^9+7").unwrap(), 1_000_000_007);
/// assert_eq!(parse_u64("2^64-1").unwrap(), u64::MAX);
/// assert!(parse_u64("2^64").is_err());
/// ```
pub fn parse_u64(text: &str) -> Result<u64, Error> {
    expression(text).map_err(|reason| Error::parse("number", reason))
}

/// [`parse_u64`] with the reason alone as the error, for messages that say
/// what the number was.
pub(crate) fn expression(text: &str) -> Result<u64, String> {
    let value = parse_u128(text)?;
    u64::try_from(value).map_err(|_| format!("'{text}' is larger than 2^64-1"))
}

/// Parses a comma-free expression into u128.
fn parse_u128(text: &str) -> Result<u128, String> {
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    if cleaned.trim().is_empty() {
        return Err("expected a number, found nothing".to_string());
    }
    if let Some((i, c)) =
        cleaned.char_indices().find(|&(_, c)| !(c.is_ascii_digit() || "+-*^eE ".contains(c)))
    {
        return Err(format!("invalid character '{c}' at position {} in '{text}'", i + 1));
    }
    let overflow = || format!("'{text}' is too large");
    let mut total: i128 = 0;
    let mut sign = 1i128;
    for (idx, chunk) in split_keep(&cleaned, &['+', '-']).into_iter().enumerate() {
        let (op, body) = chunk;
        if idx > 0 || op.is_some() {
            sign = if op == Some('-') { -1 } else { 1 };
        }
        let mut product: u128 = 1;
        for factor in body.split('*') {
            product = product.checked_mul(parse_power(factor.trim(), text)?).ok_or_else(overflow)?;
        }
        let product = i128::try_from(product).map_err(|_| overflow())?;
        total = total.checked_add(sign * product).ok_or_else(overflow)?;
    }
    u128::try_from(total).map_err(|_| format!("'{text}' is negative"))
}

/// Splits at the operator characters, keeping which operator preceded each part.
fn split_keep(s: &str, ops: &[char]) -> Vec<(Option<char>, String)> {
    let mut parts = vec![(None, String::new())];
    for c in s.chars() {
        if ops.contains(&c) {
            parts.push((Some(c), String::new()));
        } else {
            parts.last_mut().expect("nonempty").1.push(c);
        }
    }
    parts
}

fn parse_power(factor: &str, text: &str) -> Result<u128, String> {
    let overflow = || format!("'{text}' is too large");
    let split = factor.find(['^', 'e', 'E']);
    let (base, exp) = match split {
        Some(i) => (&factor[..i], Some(&factor[i + 1..])),
        None => (factor, None),
    };
    let int = |s: &str| -> Result<u128, String> {
        let s = s.trim();
        if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
            return Err(format!("malformed number '{text}'"));
        }
        s.parse::<u128>().map_err(|_| overflow())
    };
    let b = int(base)?;
    match (split.map(|i| &factor[i..=i]), exp) {
        (None, _) | (_, None) => Ok(b),
        (Some("^"), Some(e)) => {
            let e = u32::try_from(int(e)?).map_err(|_| overflow())?;
            b.checked_pow(e).ok_or_else(overflow)
        }
        (Some(_), Some(e)) => {
            let e = u32::try_from(int(e)?).map_err(|_| overflow())?;
            10u128.checked_pow(e).and_then(|p| b.checked_mul(p)).ok_or_else(overflow)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_expressions() {
        assert_eq!(expression("1000000007"), Ok(1_000_000_007));
        assert_eq!(expression("10^9+7"), Ok(1_000_000_007));
        assert_eq!(expression("1e9"), Ok(1_000_000_000));
        assert_eq!(expression("2^64-1"), Ok(u64::MAX));
        assert_eq!(expression("1_234_567_890"), Ok(1_234_567_890));
        assert_eq!(expression("1000003*1000033"), Ok(1_000_036_000_099));
    }

    proptest::proptest! {
        #[test]
        fn every_u64_round_trips(x in proptest::prelude::any::<u64>(), e in 0u32..19) {
            proptest::prop_assert_eq!(expression(&x.to_string()), Ok(x));
            let p = 10u64.pow(e);
            if let Some(v) = (x % 1000).checked_mul(p) {
                proptest::prop_assert_eq!(expression(&format!("{}e{e}", x % 1000)), Ok(v));
                proptest::prop_assert_eq!(expression(&format!("{}*10^{e}", x % 1000)), Ok(v));
            }
        }
    }

    #[test]
    fn rejects_garbage() {
        for bad in ["", "abc", "12x", "2^64", "-5", "1e", "^3", "3-5", "10^^2", "1.5"] {
            assert!(parse_u64(bad).is_err(), "{bad}");
            assert!(expression(bad).is_err(), "{bad}");
        }
    }
}
