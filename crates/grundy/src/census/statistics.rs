//! The statistics the published tables of octal games give of a game still
//! open ([`ValueStatistics`]): the values computed, the largest value and its
//! first heap, and the rare/common split at the end ([`RareSplit`]) with its
//! mask in hexadecimal, its rare heaps counted with heap 0 and its last rare
//! heap, as Flammenkamp's table (re-verified by Czajka, `octal-games`,
//! `UnsolvedGames.md`) lists them: `Grundy's | 2^21 | 763622 | 231 | fe |
//! 1274 | 82860`.

use crate::heap::{HeapGame, OctalCode, RareValues};

/// How the rare/common split of an octal computation classified heaps at its
/// end (`RareValues`): a value `v` is *odd* when `popcount(v & mask)` is odd;
/// a heap `a` is rare when `g(a)` is even (`value` mode) or, in `domain` mode,
/// when the parity of `g(a)` and of `a + q` agree, `q` the parity of the
/// tokens every split removes. Heap 0 (value 0) is rare but in the domain
/// mode with odd `q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RareSplit {
    /// The mask `μ`.
    pub mask: u32,
    /// Whether heaps are classified in the domain (value parity ⊕ heap parity).
    pub domain: bool,
    /// The rare heaps among `1..computed` (heap 0 not counted).
    pub rare: usize,
    /// The rare heaps among `0..computed`, heap 0 counted when rare, as the
    /// published tables count them (`num rare`): `rare` or `rare + 1`.
    pub heaps: usize,
    /// The largest rare heap below `computed`, heap 0 counted (`last rare`);
    /// `None` when no heap is rare.
    pub last: Option<usize>,
}

impl RareSplit {
    /// The mask in lowercase hexadecimal without a prefix, as the published
    /// tables write it (`fe`, `1ee`).
    pub fn hex_mask(&self) -> String {
        format!("{:x}", self.mask)
    }

    /// `value` or `domain`.
    pub fn mode(&self) -> &'static str {
        if self.domain { "domain" } else { "value" }
    }

    /// The split as a JSON object with sorted keys: `last_rare` (or `null`),
    /// `mask` (decimal), `mask_hex`, `mode` (`value` or `domain`), `rare`
    /// (heaps `a >= 1`) and `rare_heaps` (heap 0 counted when rare).
    ///
    /// ```
    /// use grundy::census::RareSplit;
    ///
    /// let s = RareSplit { mask: 0xfe, domain: false, rare: 1273, heaps: 1274, last: Some(82860) };
    /// assert_eq!(
    ///     s.to_json(),
    ///     r#"{"last_rare":82860,"mask":254,"mask_hex":"fe","mode":"value","rare":1273,"rare_heaps":1274}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        format!(
            "{{\"last_rare\":{},\"mask\":{},\"mask_hex\":\"{}\",\"mode\":\"{}\",\"rare\":{},\"rare_heaps\":{}}}",
            self.last.map_or("null".to_string(), |l| l.to_string()),
            self.mask,
            self.hex_mask(),
            self.mode(),
            self.rare,
            self.heaps
        )
    }
}

/// The rare/common split a computation of `values` ends with: the same
/// bookkeeping replayed (`None` for a code with a repeating group, computed
/// otherwise, or without splits, where the split decides nothing).
pub(super) fn split_of(code: &OctalCode, values: &[u32]) -> Option<RareSplit> {
    if code.group().is_some() || !code.splits() {
        return None;
    }
    let mut r = RareValues::new(code);
    for &v in values.iter().skip(1) {
        r.push_known(v);
    }
    let zero = r.is_rare(0, 0);
    Some(RareSplit {
        mask: r.mask(),
        domain: r.domain(),
        rare: r.rare_count(),
        heaps: r.rare_count() + usize::from(zero),
        last: r.last_rare().or(zero.then_some(0)),
    })
}

/// What the published tables report of a game's values `g(0..computed)`.
///
/// ```
/// use grundy::HeapGame;
/// use grundy::census::ValueStatistics;
///
/// let game = HeapGame::octal("0.6").unwrap();
/// let values = game.analyze(0, grundy::heap::Limits::new(4096, u64::MAX).unwrap()).unwrap().values;
/// let s = ValueStatistics::of(&game, &values[..4096]);
/// assert_eq!((s.computed, s.max_value, s.max_at), (4096, 126, 4074));
/// let split = s.split.unwrap();
/// assert!(split.last < Some(4096) && split.heaps == split.rare + 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueStatistics {
    /// The values the statistics are of, `g(0..computed)`.
    pub computed: usize,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with that value.
    pub max_at: usize,
    /// The rare/common split at the end, for octal codes computed that way
    /// (finite codes with splits).
    pub split: Option<RareSplit>,
}

impl ValueStatistics {
    /// The statistics of `values`, the first values of `game`.
    pub fn of(game: &HeapGame, values: &[u32]) -> ValueStatistics {
        let (max_at, max_value) = values
            .iter()
            .enumerate()
            .fold((0, 0), |(at, best), (i, &v)| if v > best { (i, v) } else { (at, best) });
        let split = match game {
            HeapGame::Octal(code) => split_of(code, values),
            _ => None,
        };
        ValueStatistics { computed: values.len(), max_value, max_at, split }
    }

    /// The statistics as a JSON object with sorted keys: `computed`,
    /// `max_at`, `max_value` and `split` ([`RareSplit::to_json`], or `null`).
    pub fn to_json(&self) -> String {
        format!(
            "{{\"computed\":{},\"max_at\":{},\"max_value\":{},\"split\":{}}}",
            self.computed,
            self.max_at,
            self.max_value,
            self.split.map_or("null".to_string(), |s| s.to_json())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The split's counts, recounted from the values by its definition (the
    /// parity of `g(a) & mask`, shifted by `a + q` in the domain): the rare
    /// heaps with and without heap 0 and the last one, in both modes, with
    /// heap 0 rare and not.
    #[test]
    fn the_split_counts_what_its_definition_says() {
        let (mut modes, mut zero) = (std::collections::BTreeSet::new(), std::collections::BTreeSet::new());
        for code in ["0.6", "4!.0", "0.137", "0.106", "0.007", "0.16", "4.07", "0.54", "0.356"] {
            let c = OctalCode::parse(code).unwrap();
            let values = c.values_quadratic(3000);
            let s = split_of(&c, &values).unwrap();
            let q = (0..c.written().len()).find(|&k| c.digit(k) & 4 != 0).map_or(0, |k| k % 2);
            let rare: Vec<usize> = (0..values.len())
                .filter(|&a| {
                    let odd = (values[a] & s.mask).count_ones() % 2 == 1;
                    odd == (s.domain && (a + q) % 2 == 1)
                })
                .collect();
            assert_eq!(s.heaps, rare.len(), "{code}");
            assert_eq!(s.rare, rare.iter().filter(|&&a| a > 0).count(), "{code}");
            assert_eq!(s.last, rare.last().copied(), "{code}");
            modes.insert(s.domain);
            zero.insert(rare.first() == Some(&0));
        }
        assert_eq!((modes.len(), zero.len()), (2, 2), "both modes, heap 0 rare and not");
    }
}
