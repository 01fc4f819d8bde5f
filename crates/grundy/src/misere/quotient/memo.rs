//! The outcome memo of the misère learner's search ([`super::learn`]): a sum
//! of heaps, given by its counts `v` (heap `k` present `v[k − 1]` times), to
//! whether it is a misère P-position.
//!
//! A lookup per option searched is the learner's inner loop, and once the
//! memo outgrows the caches each lookup is a miss, so the common keys are
//! plain numbers in one flat table: a sum of heaps up to 31, each present at
//! most 15 times, is packed into a `u128`, four bits a count, heap 1 lowest,
//! `Σ v[i] · 16^i < 2^124`. Two count vectors pack alike exactly when they
//! differ by trailing zero counts (the digits of a number in base 16 are
//! unique), that is when they are the same sum; so the packed table answers
//! as a table of vectors would. Its slot is the key with two flag bits above
//! it (occupied, P), 16 bytes, found by linear probing from a multiplicative
//! hash: a lookup reads one cache line (four slots) where a general map reads
//! a control byte and a bucket in two. Other sums keep their vectors.

use rustc_hash::FxHashMap;

/// The bytes of a vector-keyed slot, over the map's load factor (7/8),
/// rounded up: a vector (24 bytes) with the outcome, 32 bytes, and the
/// control byte.
const VECTOR_SLOT: u64 = 40;

/// The bytes of a packed slot.
const PACKED_SLOT: u64 = 16;

/// Heaps up to this many are packed (`4 · 31 = 124` bits, two flags above).
const PACKED_HEAPS: usize = 31;

/// A packed slot is in use.
const OCCUPIED: u128 = 1 << 126;
/// A packed slot holds a P-position.
const P_FLAG: u128 = 1 << 127;
/// The key bits of a packed slot.
const KEY: u128 = OCCUPIED - 1;

/// The bytes of a vector key's allocation: `len` counts, rounded to the
/// allocator's 16-byte chunks with its 8-byte header, at least 32.
fn key_bytes(len: usize) -> u64 {
    ((2 * len as u64 + 8).div_ceil(16) * 16).max(32)
}

/// The count vector `v` as `Σ v[i] · 16^i` if every count is below 16 and the
/// last nonzero one is at most at index 30, else `v` without trailing zeros.
pub(super) fn pack(v: &[u16]) -> Result<u128, &[u16]> {
    let v = &v[..v.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1)];
    if v.len() > PACKED_HEAPS {
        return Err(v);
    }
    v.iter()
        .enumerate()
        .try_fold(0u128, |key, (i, &c)| if c < 16 { Ok(key | u128::from(c) << (4 * i)) } else { Err(v) })
}

/// The packed key of `w + o` from the key of `w`, given the counts of
/// `w + o` (`after`, not trimmed): the key plus a digit per heap of `o`, if
/// every heap of `o` is at most 31 and present at most 15 times in `w + o`
/// (then no digit carries and the sum packs, [`pack`]); else `None`.
pub(super) fn packed_plus(key: u128, o: &[u32], after: &[u16]) -> Option<u128> {
    o.iter().try_fold(key, |key, &a| {
        let a = a as usize;
        (a <= PACKED_HEAPS && after[a - 1] < 16).then(|| key + (1u128 << (4 * (a - 1))))
    })
}

/// Packed keys to outcomes: open addressing with linear probing in a table
/// of a power of two slots (at least 16), at most three quarters used.
#[derive(Default)]
struct Packed {
    slots: Vec<u128>,
    len: usize,
}

impl Packed {
    /// The first slot probed for `key` in a table of `slots` slots (a power of two).
    fn home(key: u128, slots: usize) -> usize {
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        let h =
            (lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)).wrapping_mul(0xF135_7AEA_2E62_A9C5);
        (h >> (64 - slots.trailing_zeros())) as usize
    }

    fn get(&self, key: u128) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, self.slots.len());
        loop {
            let s = self.slots[i];
            if s == 0 {
                return None;
            }
            if s & KEY == key {
                return Some(s & P_FLAG != 0);
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the cache for the first slot probed for `key`.
    fn prefetch(&self, key: u128) {
        let slot = &self.slots[Self::home(key, self.slots.len())];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and cannot fault; `slot` is a
        // reference into the table, and SSE is part of x86-64.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(slot).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// The slots of the table after the next insertion's growth, if it grows.
    fn grown(&self) -> Option<usize> {
        let slots = self.slots.len();
        (4 * (self.len + 1) > 3 * slots).then(|| (2 * slots).max(16))
    }

    /// Rehashes into `slots` slots (a power of two, room for every key).
    fn try_resize(&mut self, slots: usize) -> Result<(), ()> {
        let mut table = Vec::new();
        table.try_reserve_exact(slots).map_err(|_| ())?;
        table.resize(slots, 0u128);
        for &s in self.slots.iter().filter(|&&s| s != 0) {
            let mut i = Self::home(s & KEY, slots);
            while table[i] != 0 {
                i = (i + 1) & (slots - 1);
            }
            table[i] = s;
        }
        self.slots = table;
        Ok(())
    }

    /// Records `key`; the table has room (`grown` is `None`).
    fn insert(&mut self, key: u128, outcome: bool) {
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, self.slots.len());
        while self.slots[i] != 0 && self.slots[i] & KEY != key {
            i = (i + 1) & mask;
        }
        self.len += usize::from(self.slots[i] == 0);
        self.slots[i] = key | OCCUPIED | if outcome { P_FLAG } else { 0 };
    }
}

/// Outcomes of sums, packed where they fit (see the module docs).
#[derive(Default)]
pub(super) struct Memo {
    packed: Packed,
    vectors: FxHashMap<Vec<u16>, bool>,
    /// The bytes of the vector keys' allocations.
    vector_keys: u64,
}

impl Memo {
    /// The outcome of the sum with counts `v`, if recorded.
    pub(super) fn get(&self, v: &[u16]) -> Option<bool> {
        match pack(v) {
            Ok(key) => self.packed.get(key),
            Err(v) => self.vectors.get(v).copied(),
        }
    }

    /// The outcome of the sum packed as `key` ([`pack`]), if recorded.
    pub(super) fn get_packed(&self, key: u128) -> Option<bool> {
        self.packed.get(key)
    }

    /// Asks the cache for the packed slots of the options of the sum `pos`
    /// (`moves`: per heap present, its options), before they are looked up
    /// one by one: the misses of a position's options overlap instead of
    /// following one another. Only a hint: a key miscomputed (a count past
    /// 15) fetches a useless line, and sums not packed fetch nothing.
    pub(super) fn prefetch_options<'o>(
        &self,
        pos: &[u16],
        moves: impl Iterator<Item = (usize, &'o [Vec<u32>])>,
    ) {
        let (Ok(base), false) = (pack(pos), self.packed.slots.is_empty()) else {
            return;
        };
        let digit = |k: usize| 1u128.wrapping_shl(4 * (k as u32 - 1));
        for (k, options) in moves {
            let without = base.wrapping_sub(digit(k));
            for o in options {
                let key = o.iter().fold(without, |key, &a| key.wrapping_add(digit(a as usize)));
                self.packed.prefetch(key & KEY);
            }
        }
    }

    /// If recording `v` grows a table, the slots to reserve and the bytes of
    /// the grown table (both tables live while it is rehashed).
    pub(super) fn growth(&self, v: &[u16]) -> Option<(usize, u64)> {
        match pack(v) {
            Ok(_) => {
                let slots = self.packed.grown()?;
                Some((slots, (self.packed.slots.len() + slots) as u64 * PACKED_SLOT))
            }
            Err(_) => {
                let (len, capacity) = (self.vectors.len(), self.vectors.capacity());
                let more = capacity.max(16);
                (len == capacity).then(|| (more, (capacity + more) as u64 * VECTOR_SLOT))
            }
        }
    }

    /// Reserves the slots `growth` named in the table `v` goes to.
    pub(super) fn try_reserve(&mut self, v: &[u16], more: usize) -> Result<(), ()> {
        match pack(v) {
            Ok(_) => self.packed.try_resize(more),
            Err(_) => self.vectors.try_reserve(more).map_err(|_| ()),
        }
    }

    /// Records that the sum `v` is a P-position (`true`) or not.
    pub(super) fn insert(&mut self, v: &[u16], outcome: bool) {
        match pack(v) {
            Ok(key) => {
                // the caller reserved the growth (`growth`, `try_reserve`);
                // if not, it grows here, and with no free slot at all the
                // outcome is not recorded (a memo may forget)
                if let Some(slots) = self.packed.grown() {
                    let _ = self.packed.try_resize(slots);
                }
                if self.packed.len < self.packed.slots.len() {
                    self.packed.insert(key, outcome);
                }
            }
            Err(trimmed) => {
                self.vector_keys += key_bytes(trimmed.len());
                self.vectors.insert(trimmed.to_vec(), outcome);
            }
        }
    }

    /// The bytes the memo holds: its tables' slots and the vector keys.
    pub(super) fn bytes(&self) -> u64 {
        self.packed.slots.len() as u64 * PACKED_SLOT
            + self.vectors.capacity() as u64 * VECTOR_SLOT
            + self.vector_keys
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
        assert_eq!(pack(&[15; 31]), Ok(KEY >> 2));
        assert_eq!(pack(&[16, 0]), Err(&[16][..]));
        assert_eq!(pack(&[0; 33]), Ok(0));
        let mut long = vec![0; 34];
        long[31] = 1;
        assert_eq!(pack(&long), Err(&long[..32]));
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
            memo.insert(v, i % 3 == 0);
        }
        for (i, v) in sums.iter().enumerate() {
            assert_eq!(memo.get(v), Some(i % 3 == 0), "{v:?}");
            let mut padded = v.clone();
            padded.push(0);
            assert_eq!(memo.get(&padded), Some(i % 3 == 0), "{padded:?}");
        }
        assert!(memo.vector_keys > 0 && memo.bytes() > memo.vector_keys);
    }

    /// The next state of Marsaglia's 64-bit xorshift (13, 7, 17): the
    /// random keys of the tests below.
    fn xorshift(mut x: u64) -> u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }

    /// The packed table against a map of vectors: keys from every heap up
    /// to 33 with counts up to 15 (the flag bits' neighbours included, and
    /// sums past heap 31 in the vector table),
    /// rewritten with the other outcome, misses answered `None`, and a memo
    /// nobody reserved for growing by itself.
    #[test]
    fn packed_table_agrees_with_a_map() {
        let mut memo = Memo::default();
        let mut reference = std::collections::HashMap::new();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for i in 0..20_000 {
            x = xorshift(x);
            let len = 1 + (x % 33) as usize;
            let v: Vec<u16> = (0..len).map(|j| ((x >> (j % 60)) % 16) as u16).collect();
            if i % 2 == 0
                && let Some((more, _)) = memo.growth(&v)
            {
                memo.try_reserve(&v, more).unwrap();
            }
            let outcome = x >> 63 == 0;
            memo.insert(&v, outcome);
            reference.insert(trimmed(&v).to_vec(), outcome);
        }
        assert_eq!(memo.packed.len + memo.vectors.len(), reference.len());
        assert!(4 * memo.packed.len <= 3 * memo.packed.slots.len());
        for (v, &outcome) in &reference {
            assert_eq!(memo.get(v), Some(outcome), "{v:?}");
        }
        let missing = [vec![15u16; 31], vec![0; 30].into_iter().chain([15]).collect()];
        for v in missing.iter().filter(|v| !reference.contains_key(trimmed(v))) {
            assert_eq!(memo.get(v), None);
        }
        assert!(memo.bytes() > memo.packed.slots.len() as u64 * PACKED_SLOT + memo.vector_keys);
    }

    /// `packed_plus` against packing the sum itself: random sums that pack,
    /// plus parts up to heap 33 that raise counts to 14–17; the key a step
    /// away exists exactly when the sum packs, and is its key.
    #[test]
    fn packed_plus_is_the_key_of_the_sum() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..50_000 {
            x = xorshift(x);
            let len = 1 + (x % 31) as usize;
            let mut w: Vec<u16> =
                (0..33).map(|j| if j < len { ((x >> (j % 50)) % 16) as u16 } else { 0 }).collect();
            if x >> 60 < 8 {
                w[(x >> 40) as usize % len] = 14 + (x >> 62) as u16 % 2;
            }
            let Ok(key) = pack(&w) else { continue };
            let parts = 1 + (x >> 33) as usize % 2;
            let o: Vec<u32> = (0..parts).map(|i| 1 + ((x >> (20 + 7 * i)) % 33) as u32).collect();
            o.iter().for_each(|&a| w[a as usize - 1] += 1);
            assert_eq!(packed_plus(key, &o, &w), pack(&w).ok(), "{w:?} {o:?}");
        }
    }

    fn trimmed(v: &[u16]) -> &[u16] {
        &v[..v.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1)]
    }
}
