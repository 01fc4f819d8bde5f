//! The outcome memo of the misère learner's search ([`super::learn`]): a sum
//! of heaps, given by its counts `v` (heap `k` present `v[k − 1]` times), to
//! whether it is a misère P-position.
//!
//! A lookup per option searched is the learner's inner loop, so the common
//! keys are plain numbers: a sum of heaps up to 32, each present at most 15
//! times, is packed into a `u128`, four bits a count, heap 1 lowest,
//! `Σ v[i] · 16^i`. Two count vectors pack alike exactly when they differ by
//! trailing zero counts (the digits of a number in base 16 are unique), that is
//! when they are the same sum; so the packed table answers as a table of
//! vectors would, without allocating a key or following a pointer to compare
//! one. Other sums keep their vectors.

use rustc_hash::FxHashMap;

/// The bytes of a memo slot, over the table's load factor (7/8), rounded up:
/// a packed key (16 bytes, 16-aligned) or a vector (24) with the outcome, 32
/// bytes either way, and the control byte.
pub(super) const MEMO_SLOT: u64 = 40;

/// The bytes of a vector key's allocation: `len` counts, rounded to the
/// allocator's 16-byte chunks with its 8-byte header, at least 32.
fn key_bytes(len: usize) -> u64 {
    ((2 * len as u64 + 8).div_ceil(16) * 16).max(32)
}

/// The count vector `v` as `Σ v[i] · 16^i` if every count is below 16 and the
/// last nonzero one is at most at index 31, else `v` without trailing zeros.
fn pack(v: &[u16]) -> Result<u128, &[u16]> {
    let v = &v[..v.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1)];
    if v.len() > 32 {
        return Err(v);
    }
    v.iter()
        .enumerate()
        .try_fold(0u128, |key, (i, &c)| if c < 16 { Ok(key | u128::from(c) << (4 * i)) } else { Err(v) })
}

/// Outcomes of sums, packed where they fit (see the module docs).
#[derive(Default)]
pub(super) struct Memo {
    packed: FxHashMap<u128, bool>,
    vectors: FxHashMap<Vec<u16>, bool>,
    /// The bytes of the vector keys' allocations.
    vector_keys: u64,
}

impl Memo {
    /// The outcome of the sum with counts `v`, if recorded.
    pub(super) fn get(&self, v: &[u16]) -> Option<bool> {
        match pack(v) {
            Ok(key) => self.packed.get(&key).copied(),
            Err(v) => self.vectors.get(v).copied(),
        }
    }

    /// If recording `v` grows a table, the slots to reserve and the bytes of
    /// the grown table (both tables live while it is rehashed).
    pub(super) fn growth(&self, v: &[u16]) -> Option<(usize, u64)> {
        let (len, capacity) = match pack(v) {
            Ok(_) => (self.packed.len(), self.packed.capacity()),
            Err(_) => (self.vectors.len(), self.vectors.capacity()),
        };
        let more = capacity.max(16);
        (len == capacity).then(|| (more, (capacity + more) as u64 * MEMO_SLOT))
    }

    /// Reserves `more` slots in the table `v` goes to.
    pub(super) fn try_reserve(&mut self, v: &[u16], more: usize) -> Result<(), ()> {
        match pack(v) {
            Ok(_) => self.packed.try_reserve(more),
            Err(_) => self.vectors.try_reserve(more),
        }
        .map_err(|_| ())
    }

    /// Records that the sum `v` is a P-position (`true`) or not.
    pub(super) fn insert(&mut self, mut v: Vec<u16>, outcome: bool) {
        match pack(&v) {
            Ok(key) => {
                self.packed.insert(key, outcome);
            }
            Err(trimmed) => {
                v.truncate(trimmed.len());
                self.vector_keys += key_bytes(v.len());
                self.vectors.insert(v, outcome);
            }
        }
    }

    /// The bytes the memo holds: its tables' slots and the vector keys.
    pub(super) fn bytes(&self) -> u64 {
        (self.packed.capacity() + self.vectors.capacity()) as u64 * MEMO_SLOT + self.vector_keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_is_the_sum_not_its_spelling() {
        assert_eq!(pack(&[]), Ok(0));
        assert_eq!(pack(&[1]), pack(&[1, 0, 0]));
        assert_ne!(pack(&[1]), pack(&[0, 1]));
        assert_eq!(pack(&[15; 32]), Ok(u128::MAX));
        assert_eq!(pack(&[16, 0]), Err(&[16][..]));
        assert_eq!(pack(&[0; 33]), Ok(0));
        let mut long = vec![0; 34];
        long[32] = 1;
        assert_eq!(pack(&long), Err(&long[..33]));
    }

    /// Every vector of counts `0..=16` over four heaps, and sums reaching
    /// heap 33, are recorded and read back through whichever table holds them;
    /// distinct sums never share an entry.
    #[test]
    fn memo_reads_back_every_sum() {
        let mut memo = Memo::default();
        let mut sums = Vec::new();
        for code in 0..17u32.pow(4) {
            let v: Vec<u16> = (0..4).map(|i| (code / 17u32.pow(i) % 17) as u16).collect();
            sums.push(v);
        }
        for k in 30..34 {
            let mut v = vec![0u16; k];
            v[k - 1] = 2;
            sums.push(v);
        }
        for (i, v) in sums.iter().enumerate() {
            if let Some((more, _)) = memo.growth(v) {
                memo.try_reserve(v, more).unwrap();
            }
            memo.insert(v.clone(), i % 3 == 0);
        }
        for (i, v) in sums.iter().enumerate() {
            assert_eq!(memo.get(v), Some(i % 3 == 0), "{v:?}");
            let mut padded = v.clone();
            padded.push(0);
            assert_eq!(memo.get(&padded), Some(i % 3 == 0), "{padded:?}");
        }
        assert!(memo.vector_keys > 0 && memo.bytes() > memo.vector_keys);
    }
}
