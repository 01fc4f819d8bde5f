//! Whether some two-heap split reaches a value: the inner loop of every mex
//! that has no sparse set to lean on.
//!
//! A split of `m` into `a + (m − a)`, `a = 1..=h`, reaches `x` iff
//! `g(a) ⊕ g(m − a) = x` for some `a`, i.e. iff
//! `min_a (g(a) ⊕ g(m − a) ⊕ x) = 0`. While every value fits in a byte (or
//! in 16 bits) this is a reduction over narrow lanes: load a block of `g(a)`,
//! load the mirrored block of `g(m − a)` and reverse it, XOR, take the
//! lane-wise minimum. The compiler turns [`block_min`] into 32 (AVX2) or 64
//! (AVX-512) byte pairs per instruction (half as many 16-bit ones), about
//! twenty times the scalar marking of the plain scan; the CPU's capabilities
//! are read once at run time, so one binary runs everywhere. [`Narrow`] keeps
//! the values in the narrowest lanes they fit.
//!
//! The scan stops at the first block that reaches `x`: a value reached by many
//! pairs (the usual case below the mex) costs one block, and only the mex
//! itself, reached by none, costs the whole range. Long ranges are cut in two
//! halves run on both cores, each stopping as soon as either finds `x`.
//!
//! [`reaches_scalar`] is the reference: the same question, one pair at a time.

use std::ops::BitXor;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// An unsigned lane type of the search: `u8` or `u16`.
pub(crate) trait Lane: Copy + Ord + BitXor<Output = Self> + Send + Sync + TryFrom<u32> {
    const MAX: Self;
    const ZERO: Self;
}

impl Lane for u8 {
    const MAX: Self = u8::MAX;
    const ZERO: Self = 0;
}

impl Lane for u16 {
    const MAX: Self = u16::MAX;
    const ZERO: Self = 0;
}

/// A copy of the nim-values `g(0..len)` in the narrowest lanes they fit:
/// bytes, then 16 bits; none once a value passes `u16::MAX` (the searches
/// then fall back to the scalar scan).
#[derive(Clone, Debug)]
pub(crate) enum Narrow {
    Bytes(Vec<u8>),
    Words(Vec<u16>),
    Wide,
}

impl Narrow {
    /// The copy of `g(0) = 0`.
    pub(crate) fn new() -> Self {
        Narrow::Bytes(vec![0])
    }

    /// Appends the next value, widening the lanes when it needs more.
    pub(crate) fn push(&mut self, v: u32) {
        match self {
            Narrow::Bytes(b) => match (u8::try_from(v), u16::try_from(v)) {
                (Ok(x), _) => b.push(x),
                (_, Ok(x)) => *self = Narrow::Words(b.iter().map(|&y| y.into()).chain([x]).collect()),
                _ => *self = Narrow::Wide,
            },
            Narrow::Words(w) => match u16::try_from(v) {
                Ok(x) => w.push(x),
                Err(_) => *self = Narrow::Wide,
            },
            Narrow::Wide => {}
        }
    }

    /// Makes room for `len` values in all.
    pub(crate) fn reserve_total(&mut self, len: usize) {
        match self {
            Narrow::Bytes(b) => b.reserve(len.saturating_sub(b.len())),
            Narrow::Words(w) => w.reserve(len.saturating_sub(w.len())),
            Narrow::Wide => {}
        }
    }

    /// Whether the copy holds `len` values (a wide value drops it for good).
    pub(crate) fn holds(&self, len: usize) -> bool {
        match self {
            Narrow::Bytes(b) => b.len() == len,
            Narrow::Words(w) => w.len() == len,
            Narrow::Wide => false,
        }
    }

    /// [`reaches`] on the copy: `None` if `x` does not fit the lanes (then no
    /// pair reaches it, the XOR of two lanes being a lane) or there is no copy.
    pub(crate) fn reaches(&self, m: usize, half: usize, x: u32) -> Option<(bool, u64)> {
        match self {
            Narrow::Bytes(b) => u8::try_from(x).ok().map(|x| reaches(b, m, half, x)),
            Narrow::Words(w) => u16::try_from(x).ok().map(|x| reaches(w, m, half, x)),
            Narrow::Wide => None,
        }
    }
}

/// Pairs per block: the unit between two checks for an early stop.
const BLOCK: usize = 1024;

/// Pairs searched on the calling thread before the rest is split between two.
///
/// Rayon's hand-over costs microseconds, as much as a search of some 10^5
/// pairs: measured on 0.07 to 10^6 values, splitting at 2^16 pairs took
/// 16 s against 6.1 s on one thread. So only very long searches are split.
const PARALLEL: usize = 1 << 22;

/// Lanes of one reduction step (a multiple of every vector width used).
const LANES: usize = 64;

/// Whether `g(a) ⊕ g(m − a) = x` for some `a` in `1..=half` (`half < m`,
/// `m <= g.len()`), and how many pairs were examined to find out.
pub(crate) fn reaches<T: Lane>(g: &[T], m: usize, half: usize, x: T) -> (bool, u64) {
    reaches_splitting_at(g, m, half, x, PARALLEL)
}

/// [`reaches`], searching `head` pairs on this thread before splitting.
fn reaches_splitting_at<T: Lane>(g: &[T], m: usize, half: usize, x: T, head: usize) -> (bool, u64) {
    let left = &g[1..=half];
    let right = &g[m - half..m];
    let found = AtomicBool::new(false);
    let pairs = AtomicU64::new(0);
    search(left, right, x, head, &found, &pairs);
    (found.load(Ordering::Relaxed), pairs.load(Ordering::Relaxed))
}

/// The reference for [`reaches`]: every pair in turn.
#[cfg(test)]
pub(crate) fn reaches_scalar<T: Lane>(g: &[T], m: usize, half: usize, x: T) -> bool {
    (1..=half).any(|a| g[a] ^ g[m - a] == x)
}

/// Sets `found` if `left[i] ⊕ right[len − 1 − i] = x` for some `i`, adding
/// the pairs examined to `pairs`. The first `head` pairs are searched on
/// this thread (most searches end there); a longer rest is cut in two halves
/// for both cores.
fn search<T: Lane>(left: &[T], right: &[T], x: T, head: usize, found: &AtomicBool, pairs: &AtomicU64) {
    let len = left.len();
    let head = len.min(head);
    search_serial(&left[..head], &right[len - head..], x, found, pairs);
    let (left, right) = (&left[head..], &right[..len - head]);
    let len = left.len();
    if len == 0 || found.load(Ordering::Relaxed) {
        return;
    }
    // left[..k] pairs with right[len − k..], left[k..] with right[..len − k]
    let k = len / 2;
    rayon::join(
        || search_serial(&left[..k], &right[len - k..], x, found, pairs),
        || search_serial(&left[k..], &right[..len - k], x, found, pairs),
    );
}

/// [`search`] on one thread, a [`BLOCK`] at a time until `found` is set.
fn search_serial<T: Lane>(left: &[T], right: &[T], x: T, found: &AtomicBool, pairs: &AtomicU64) {
    let len = left.len();
    let mut start = 0;
    while start < len && !found.load(Ordering::Relaxed) {
        let end = (start + BLOCK).min(len);
        let l = &left[start..end];
        let r = &right[len - end..len - start];
        if block_min_dispatch(l, r, x) == T::ZERO {
            found.store(true, Ordering::Relaxed);
        }
        start = end;
    }
    pairs.fetch_add(start as u64, Ordering::Relaxed);
}

/// `min_i (l[i] ⊕ r[len − 1 − i] ⊕ x)`, on the widest vectors the CPU has.
fn block_min_dispatch<T: Lane>(l: &[T], r: &[T], x: T) -> T {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
        {
            // SAFETY: the CPU has AVX-512F, BW and VBMI (a byte permute for the
            // reversal), the function's whole requirement.
            return unsafe { block_min_avx512(l, r, x) };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, the only requirement of the function.
            return unsafe { block_min_avx2(l, r, x) };
        }
    }
    block_min(l, r, x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn block_min_avx512<T: Lane>(l: &[T], r: &[T], x: T) -> T {
    block_min(l, r, x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn block_min_avx2<T: Lane>(l: &[T], r: &[T], x: T) -> T {
    block_min(l, r, x)
}

/// `min_i (l[i] ⊕ r[len − 1 − i] ⊕ x)` (`l` and `r` of equal length; `T::MAX`
/// for empty slices): whole chunks of [`LANES`] pairs lane by lane, so that
/// the loop vectorizes, then the remainder.
#[inline(always)]
fn block_min<T: Lane>(l: &[T], r: &[T], x: T) -> T {
    let mut acc = [T::MAX; LANES];
    let mut lc = l.chunks_exact(LANES);
    let mut rc = r.rchunks_exact(LANES);
    for (a, b) in (&mut lc).zip(&mut rc) {
        for j in 0..LANES {
            acc[j] = acc[j].min(a[j] ^ b[LANES - 1 - j] ^ x);
        }
    }
    let tail = lc.remainder().iter().zip(rc.remainder().iter().rev());
    let rest = tail.fold(T::MAX, |m, (&a, &b)| m.min(a ^ b ^ x));
    acc.iter().fold(rest, |m, &v| m.min(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn vector_scan_matches_pair_by_pair(
            g in proptest::collection::vec(0u8..8, 2..3000),
            x in 0u8..9,
            cut in 0.0f64..1.0,
        ) {
            let m = g.len();
            let half = 1 + ((m / 2).saturating_sub(1) as f64 * cut) as usize;
            prop_assume!(half < m);
            let expected = reaches_scalar(&g, m, half, x);
            prop_assert_eq!(reaches(&g, m, half, x).0, expected);
            prop_assert_eq!(reaches_splitting_at(&g, m, half, x, 100).0, expected);
            let wide: Vec<u16> = g.iter().map(|&v| u16::from(v) << 8).collect();
            let x = u16::from(x) << 8;
            prop_assert_eq!(reaches(&wide, m, half, x).0, expected);
        }

        #[test]
        fn every_instruction_set_gives_the_same_minimum(
            pairs in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..300),
            x in any::<u8>(),
        ) {
            let (l, r): (Vec<u8>, Vec<u8>) = pairs.into_iter().unzip();
            let expected = (0..l.len()).map(|i| l[i] ^ r[l.len() - 1 - i] ^ x).min().unwrap_or(u8::MAX);
            prop_assert_eq!(block_min(&l, &r, x), expected);
            prop_assert_eq!(block_min_dispatch(&l, &r, x), expected);
            #[cfg(target_arch = "x86_64")]
            {
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has AVX2.
                    prop_assert_eq!(unsafe { block_min_avx2(&l, &r, x) }, expected);
                }
                if std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512vbmi")
                {
                    // SAFETY: the CPU has AVX-512F, BW and VBMI.
                    prop_assert_eq!(unsafe { block_min_avx512(&l, &r, x) }, expected);
                }
            }
        }

        #[test]
        fn narrow_copies_widen_and_answer_like_the_values(
            g in proptest::collection::vec(prop_oneof![0u32..300, 0u32..70_000], 2..400),
            x in 0u32..70_000,
        ) {
            let mut narrow = Narrow::new();
            for (i, &v) in g.iter().enumerate().skip(1) {
                narrow.push(v);
                prop_assert!(narrow.holds(i + 1) == (g[1..=i].iter().all(|&v| v <= 0xFFFF)));
            }
            let m = g.len();
            let half = m / 2;
            let expected = (1..=half).any(|a| (g[a] ^ g[m - a]) == x);
            if let Some((found, _)) = narrow.reaches(m, half, x) {
                prop_assert_eq!(found, expected);
            } else {
                prop_assert!(!expected || !narrow.holds(m));
            }
        }
    }

    #[test]
    fn a_single_pair_is_found_anywhere_in_a_long_parallel_range() {
        // m = 300_001: 150_000 pairs, split between threads and into blocks;
        // every pair XORs to 0 except one, which reaches 5.
        let m = 300_001;
        let half = m / 2;
        for a in [1, 63, 64, 65, 1023, 1024, 1025, 5000, 75_000, 75_001, 149_999, half] {
            let mut g = vec![1u8; m];
            g[a] = 4;
            for head in [PARALLEL, 4096, 0] {
                let reaches = |half, x| reaches_splitting_at(&g, m, half, x, head);
                assert!(reaches(half, 5).0, "pair at {a}");
                assert_eq!(reaches(half, 6), (false, half as u64), "pair at {a}");
                assert_eq!(reaches(half - 1, 5).0, a < half, "pair at {a}");
            }
        }
    }
}
