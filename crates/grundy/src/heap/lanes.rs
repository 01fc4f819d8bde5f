//! Nim-values in the narrowest lanes that hold them: bytes while every value
//! is below 256, then 16 bits, then 32 bits ([`LaneVec`]), and a borrowed view
//! of either ([`Lanes`]) for the code that keeps or resumes them.
//!
//! A long sequence of small values (Grundy's game stays below 256 to at least
//! `2^28` heaps) takes one byte a value instead of four: `2^28` values in
//! 256 MiB. A value that does not fit widens the whole vector once (never
//! truncated); the split scans read the lanes directly ([`super::pair_scan`]).

use std::ops::BitXor;

/// An unsigned lane type of the values: `u8`, `u16` or `u32`.
pub(crate) trait Lane:
    Copy + Ord + BitXor<Output = Self> + Send + Sync + TryFrom<u32> + Into<u32> + Default + 'static
{
    const MAX: Self;
    const ZERO: Self;

    /// The value as a 32-bit integer.
    #[inline(always)]
    fn wide(self) -> u32 {
        self.into()
    }
}

impl Lane for u8 {
    const MAX: Self = u8::MAX;
    const ZERO: Self = 0;
}

impl Lane for u16 {
    const MAX: Self = u16::MAX;
    const ZERO: Self = 0;
}

impl Lane for u32 {
    const MAX: Self = u32::MAX;
    const ZERO: Self = 0;
}

/// Nim-values `g(0), g(1), …` in lanes of 1, 2 or 4 bytes, whichever the
/// largest needs: a borrowed view of the values a computation keeps, or of
/// a plain `&[u32]`.
///
/// ```
/// use grundy::heap::Lanes;
///
/// let wide = [0u32, 1, 2, 300];
/// let lanes = Lanes::from(&wide[..]);
/// assert_eq!((lanes.len(), lanes.get(3), lanes.width()), (4, Some(300), 4));
/// assert_eq!(lanes.to_vec(), wide);
/// let bytes = [0u8, 1, 2];
/// assert_eq!(Lanes::from(&bytes[..]).iter().max(), Some(2));
/// ```
#[derive(Clone, Copy, Debug)]
pub enum Lanes<'a> {
    /// Every value below `2^8`.
    Bytes(&'a [u8]),
    /// Every value below `2^16`.
    Words(&'a [u16]),
    /// Any value.
    Wide(&'a [u32]),
}

impl<'a> Lanes<'a> {
    /// How many values.
    pub fn len(&self) -> usize {
        match self {
            Lanes::Bytes(v) => v.len(),
            Lanes::Words(v) => v.len(),
            Lanes::Wide(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of one lane: 1, 2 or 4.
    pub fn width(&self) -> usize {
        match self {
            Lanes::Bytes(_) => 1,
            Lanes::Words(_) => 2,
            Lanes::Wide(_) => 4,
        }
    }

    /// `g(i)`, if there are more than `i` values.
    pub fn get(&self, i: usize) -> Option<u32> {
        match self {
            Lanes::Bytes(v) => v.get(i).map(|&x| x.into()),
            Lanes::Words(v) => v.get(i).map(|&x| x.into()),
            Lanes::Wide(v) => v.get(i).copied(),
        }
    }

    /// The first `len` values (all of them if there are fewer).
    pub fn prefix(&self, len: usize) -> Lanes<'a> {
        match *self {
            Lanes::Bytes(v) => Lanes::Bytes(&v[..len.min(v.len())]),
            Lanes::Words(v) => Lanes::Words(&v[..len.min(v.len())]),
            Lanes::Wide(v) => Lanes::Wide(&v[..len.min(v.len())]),
        }
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + 'a {
        let (b, w, x) = match *self {
            Lanes::Bytes(v) => (v, &[][..], &[][..]),
            Lanes::Words(v) => (&[][..], v, &[][..]),
            Lanes::Wide(v) => (&[][..], &[][..], v),
        };
        b.iter().map(|&v| u32::from(v)).chain(w.iter().map(|&v| u32::from(v))).chain(x.iter().copied())
    }

    /// The values as 32-bit integers (a copy).
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

impl<'a> From<&'a [u8]> for Lanes<'a> {
    fn from(v: &'a [u8]) -> Self {
        Lanes::Bytes(v)
    }
}

impl<'a> From<&'a [u16]> for Lanes<'a> {
    fn from(v: &'a [u16]) -> Self {
        Lanes::Words(v)
    }
}

impl<'a> From<&'a [u32]> for Lanes<'a> {
    fn from(v: &'a [u32]) -> Self {
        Lanes::Wide(v)
    }
}

impl<'a> From<&'a Vec<u32>> for Lanes<'a> {
    fn from(v: &'a Vec<u32>) -> Self {
        Lanes::Wide(v)
    }
}

/// Equal values, whatever the lanes.
impl PartialEq for Lanes<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

/// A growable sequence of nim-values in the narrowest lanes that hold them.
///
/// A value past the lanes' limit widens every value before it is pushed:
/// bytes become 16-bit words, words become 32-bit values. The limits are the
/// lane maxima except in tests, which lower them to send short sequences
/// through every width.
#[derive(Clone, Debug)]
pub(crate) struct LaneVec {
    lanes: Owned,
    /// The largest value bytes may hold, then 16-bit words (`255`, `65535`).
    limits: [u32; 2],
    /// The values room is kept for, carried over a widening.
    room: usize,
}

/// The owned vector of one lane width.
#[derive(Clone, Debug)]
pub(crate) enum Owned {
    Bytes(Vec<u8>),
    Words(Vec<u16>),
    Wide(Vec<u32>),
}

impl Default for LaneVec {
    fn default() -> Self {
        LaneVec::with_limits([u8::MAX.into(), u16::MAX.into()])
    }
}

impl LaneVec {
    /// No values, in bytes, widening past `limits[0]` and then `limits[1]`
    /// (each at most its lane's maximum).
    pub(crate) fn with_limits(limits: [u32; 2]) -> Self {
        let limits = [limits[0].min(u8::MAX.into()), limits[1].min(u16::MAX.into())];
        LaneVec { lanes: Owned::Bytes(Vec::new()), limits, room: 0 }
    }

    /// The values, borrowed.
    pub(crate) fn lanes(&self) -> Lanes<'_> {
        match &self.lanes {
            Owned::Bytes(v) => Lanes::Bytes(v),
            Owned::Words(v) => Lanes::Words(v),
            Owned::Wide(v) => Lanes::Wide(v),
        }
    }

    /// The vector of the width in force.
    pub(crate) fn owned_mut(&mut self) -> &mut Owned {
        &mut self.lanes
    }

    /// How many values.
    pub(crate) fn len(&self) -> usize {
        self.lanes().len()
    }

    /// The largest value the current lanes take without widening.
    pub(crate) fn limit(&self) -> u32 {
        match self.lanes {
            Owned::Bytes(_) => self.limits[0],
            Owned::Words(_) => self.limits[1],
            Owned::Wide(_) => u32::MAX,
        }
    }

    /// Appends `v`, widening first if it is past the limit.
    pub(crate) fn push(&mut self, v: u32) {
        while v > self.limit() {
            self.widen();
        }
        match &mut self.lanes {
            // the limits are at most the lane maxima: the casts keep `v`
            Owned::Bytes(b) => b.push(v as u8),
            Owned::Words(w) => w.push(v as u16),
            Owned::Wide(x) => x.push(v),
        }
    }

    /// Moves every value to the next wider lanes.
    fn widen(&mut self) {
        let room = self.room.max(self.len() + 1);
        self.lanes = match &self.lanes {
            Owned::Bytes(b) => {
                let mut w = Vec::with_capacity(room);
                w.extend(b.iter().map(|&x| u16::from(x)));
                Owned::Words(w)
            }
            Owned::Words(w) => {
                let mut x = Vec::with_capacity(room);
                x.extend(w.iter().map(|&v| u32::from(v)));
                Owned::Wide(x)
            }
            Owned::Wide(_) => return,
        };
    }

    /// Makes room for `len` values in all (in the current lanes, and again
    /// after a widening).
    pub(crate) fn reserve_total(&mut self, len: usize) {
        self.room = self.room.max(len);
        match &mut self.lanes {
            Owned::Bytes(v) => v.reserve(len.saturating_sub(v.len())),
            Owned::Words(v) => v.reserve(len.saturating_sub(v.len())),
            Owned::Wide(v) => v.reserve(len.saturating_sub(v.len())),
        }
    }

    /// The values as 32-bit integers, the lanes freed as they are read.
    pub(crate) fn into_vec(self) -> Vec<u32> {
        match self.lanes {
            Owned::Wide(v) => v,
            Owned::Bytes(v) => v.into_iter().map(u32::from).collect(),
            Owned::Words(v) => v.into_iter().map(u32::from).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn pushes_widen_and_keep_every_value(
            values in proptest::collection::vec(prop_oneof![0u32..20, 0u32..300, 0u32..70_000, any::<u32>()], 0..300),
            low in 0u32..300,
            high in 0u32..70_000,
        ) {
            for mut lanes in [LaneVec::default(), LaneVec::with_limits([low, high])] {
                lanes.reserve_total(values.len());
                for (i, &v) in values.iter().enumerate() {
                    lanes.push(v);
                    let view = lanes.lanes();
                    prop_assert_eq!(view.len(), i + 1);
                    prop_assert_eq!(view.get(i), Some(v));
                    let top = values[..=i].iter().copied().max().unwrap_or(0);
                    let width = if top <= lanes.limits[0] { 1 } else if top <= lanes.limits[1] { 2 } else { 4 };
                    prop_assert_eq!(view.width(), width);
                }
                prop_assert_eq!(lanes.lanes().to_vec(), values.clone());
                prop_assert_eq!(lanes.lanes().prefix(3).to_vec(), values[..values.len().min(3)].to_vec());
                prop_assert!(lanes.lanes() == Lanes::from(&values[..]));
                prop_assert_eq!(lanes.into_vec(), values.clone());
            }
        }
    }
}
