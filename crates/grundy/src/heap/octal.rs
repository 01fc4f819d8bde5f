//! Octal take-and-break games and their nim-values.
//!
//! A code `d₀.d₁d₂d₃…` gives, for each `k >= 1`, the ways to remove `k` tokens
//! from a heap as the bits of the octal digit `d_k`: 1 = when that leaves
//! nothing, 2 = leaving one nonempty heap, 4 = leaving two nonempty heaps. A
//! leading `4` (`d₀ = 4`) allows splitting a heap into two nonempty heaps without
//! removing anything. Kayles is `0.77`, Dawson's Kayles `0.07`, Dawson's chess
//! `0.137`; the subtraction game with set `S` is the code with digit 3 at `S`.
//!
//! `g(n) = mex` of: `0` for each `k = n` with bit 1; `g(n−k)` for each `k < n`
//! with bit 2; `g(a) ⊕ g(n−k−a)` for `1 <= a <= (n−k)/2` for each `k` with bit 4
//! (`k = 0` included when `d₀ = 4`).

use crate::error::Error;

/// A parsed octal code.
///
/// ```
/// use grundy::OctalCode;
///
/// let kayles = OctalCode::parse("0.77").unwrap();
/// assert_eq!(kayles.values_quadratic(8), vec![0, 1, 2, 3, 1, 4, 3, 2]);
/// assert!(OctalCode::parse("0.78").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCode {
    /// `digits[k] = d_k`; `digits[0]` is 0 or 4.
    digits: Vec<u8>,
    text: String,
}

impl OctalCode {
    /// Parses `d₀.d₁d₂…`; an error names the offending character.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let bad = |i: usize, c: char, why: &str| {
            Error::parse("game code", format!("'{text}': character '{c}' at position {}: {why}", i + 1))
        };
        let mut chars: Vec<char> = text.trim().chars().collect();
        if chars.first() == Some(&'.') {
            // ".77" is the common short form of "0.77"
            chars.insert(0, '0');
        }
        let Some(dot) = chars.iter().position(|&c| c == '.') else {
            return Err(Error::parse("game code", format!("'{text}': expected a point, as in 0.77")));
        };
        if dot != 1 {
            return Err(bad(1, chars[1], "expected one digit (0 or 4) before the point"));
        }
        let mut digits = Vec::with_capacity(chars.len() - 1);
        match chars[0] {
            '0' => digits.push(0),
            '4' => digits.push(4),
            c => return Err(bad(0, c, "the digit before the point must be 0 or 4")),
        }
        for (i, &c) in chars.iter().enumerate().skip(2) {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => return Err(bad(i, c, "not an octal digit 0-7")),
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(Error::invalid(
                "game",
                format!("'{text}' allows no moves: the game has no moves (every digit is 0)"),
            ));
        }
        Ok(OctalCode { digits, text: text.trim().to_string() })
    }

    /// The code of the subtraction game with set `moves` (digit 3 at each member).
    pub fn from_subtraction(moves: &[u64]) -> Option<Self> {
        let top = usize::try_from(*moves.iter().max()?).ok()?;
        let mut digits = vec![0u8; top + 1];
        for &s in moves {
            digits[s as usize] = 3;
        }
        let text = format!("0.{}", digits[1..].iter().map(|d| d.to_string()).collect::<String>());
        Some(OctalCode { digits, text })
    }

    /// The code as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The digit `d_k` (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// `t`: the largest number of tokens a move removes.
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move splits a heap into two.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 4 != 0)
    }

    /// The heap sizes `m = n − k` that a split move of heap `n` divides in two.
    pub fn split_sizes(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.digits
            .iter()
            .enumerate()
            .filter(move |&(k, &d)| d & 4 != 0 && k + 2 <= n)
            .map(move |(k, _)| n - k)
    }

    /// The values reached by moves that leave at most one heap:
    /// `0` for bit 1 at `k = n`, `g(n − k)` for bit 2 at `k < n`.
    pub fn single_heap_values<'a>(&'a self, n: usize, g: &'a [u32]) -> impl Iterator<Item = u32> + 'a {
        self.digits.iter().enumerate().skip(1).filter_map(move |(k, &d)| {
            if k == n && d & 1 != 0 {
                Some(0)
            } else if k < n && d & 2 != 0 {
                Some(g[n - k])
            } else {
                None
            }
        })
    }

    /// How many consecutive agreements `g(i + p) = g(i)` from `i = e` prove that
    /// the sequence is periodic from `e` with period `p`.
    ///
    /// With `t` the largest removal, the agreements must cover `e <= i < X`:
    /// * splitting games: `X = 2e + p + t − 1` for `e >= 1` (one less than the
    ///   Guy–Smith range `2e + p + t`, see the proof), `X = p + t + 1` for `e = 0`;
    /// * no splits, every nonzero digit 3 (a subtraction game): `X = e + t`;
    /// * no splits otherwise: `X = max(e, 1) + t`, past the heaps where a
    ///   bit-1 move (take the whole heap) is available.
    ///
    /// **Proof (splitting games).** Assume `g(m + p) = g(m)` for `e <= m < n` with
    /// `n >= X`; we show that heaps `n` and `n + p` have the same option values.
    /// A move leaving one heap goes to `n − k` and `n + p − k` with `k <= t`, and
    /// `n − k >= e` (as `X − t >= e`), so the values agree; no heap of size
    /// `n > t` can be taken whole. A split of `n + p` removing `k` leaves
    /// `a <= b` with `a + b = n + p − k`, so `b >= ⌈(n + p − k)/2⌉`. For `e >= 1`,
    /// `n + p − k >= 2e + 2p − 1` gives `b >= e + p` by the ceiling: `(a, b − p)`
    /// is a split of `n` with `b − p >= e >= 1` and `g(b − p) = g(b)`. For
    /// `e = 0` the part `b − p` must still be nonempty, `b >= p + 1`, which needs
    /// `n + p − t >= 2p + 1`, i.e. `n >= p + t + 1`. Conversely a split
    /// `a <= c` of `n` has `c >= ⌈(n − k)/2⌉ >= ⌈(2e + p − 1)/2⌉ >= e`, so
    /// `(a, c + p)` is a split of `n + p` with the same value. By induction the
    /// period holds for every `n >= e`. Each bound is tight: weakened by one,
    /// some code certifies a false period from a short prefix (tested).
    pub fn certificate_length(&self, e: usize, p: usize) -> usize {
        let t = self.max_removal();
        let x = if self.splits() {
            if e >= 1 { 2 * e + p + t - 1 } else { p + t + 1 }
        } else if self.digits.iter().skip(1).all(|&d| d == 0 || d == 3) {
            e + t
        } else {
            e.max(1) + t
        };
        x - e
    }

    /// `g(0..len)` by the plain definition: every split is examined, `O(len²)`.
    /// This is the reference path for [`crate::heap::rare::RareValues`].
    pub fn values_quadratic(&self, len: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(len);
        let mut seen: Vec<bool> = Vec::new();
        for n in 0..len {
            let mut reach: Vec<u32> = self.single_heap_values(n, &g).collect();
            for m in self.split_sizes(n) {
                reach.extend((1..=m / 2).map(|a| g[a] ^ g[m - a]));
            }
            g.push(mex(&reach, &mut seen));
        }
        g
    }
}

/// The minimum excluded value of `reach`, using `seen` as scratch space.
pub fn mex(reach: &[u32], seen: &mut Vec<bool>) -> u32 {
    seen.clear();
    seen.resize(reach.len() + 1, false);
    for &v in reach {
        if (v as usize) < seen.len() {
            seen[v as usize] = true;
        }
    }
    seen.iter().position(|&s| !s).expect("a slot stays free") as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_the_character() {
        for (code, c) in [
            ("0.78", "'8'"),
            ("1.7", "'1'"),
            ("0.7a", "'a'"),
            ("07", "point"),
            ("00.7", "'0'"),
            ("0.7.7", "'.'"),
            ("0.", "no moves"),
            (".", "no moves"),
            ("0.0", "no moves"),
            ("0.000", "no moves"),
        ] {
            let e = OctalCode::parse(code).unwrap_err();
            assert!(e.to_string().contains(c), "{code}: {e}");
        }
    }

    #[test]
    fn short_form_without_leading_zero() {
        assert_eq!(
            OctalCode::parse(".77").unwrap().values_quadratic(30),
            OctalCode::parse("0.77").unwrap().values_quadratic(30)
        );
    }

    #[test]
    fn kayles_start() {
        let k = OctalCode::parse("0.77").unwrap();
        assert_eq!(k.values_quadratic(12), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }
}
