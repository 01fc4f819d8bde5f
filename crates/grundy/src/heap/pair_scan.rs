//! Whether some two-heap split reaches a value: the inner loop of every mex
//! that has no sparse set to lean on.
//!
//! A split of `m` into `a + (m − a)`, `a = 1..=h`, reaches `x` iff
//! `g(a) ⊕ g(m − a) = x` for some `a`, i.e. iff
//! `min_a (g(a) ⊕ g(m − a) ⊕ x) = 0`. While every value fits in a byte (or
//! in 16 bits) this is a reduction over narrow lanes ([`super::lanes`]): load a block of `g(a)`,
//! load the mirrored block of `g(m − a)` and reverse it, XOR, take the
//! lane-wise minimum. The compiler turns [`block_min`] into 32 (AVX2) or 64
//! (AVX-512) byte pairs per instruction (half as many 16-bit ones), about
//! twenty times the scalar marking of the plain scan; the CPU's capabilities
//! are read once at run time, so one binary runs everywhere.
//!
//! The scan stops at the first block that reaches `x`: a value reached by many
//! pairs (the usual case below the mex) costs one block, and only the mex
//! itself, reached by none, costs the whole range. (Both cores are used by
//! computing two heaps at once, [`super::pipeline`], not by cutting a range:
//! a hand-over costs as much as searching some `10^5` pairs.)
//!
//! [`reaches_scalar`] is the reference: the same question, one pair at a time.

use super::lanes::Lane;

/// Pairs per block: the unit between two checks for an early stop.
pub(crate) const BLOCK: usize = 1024;

/// Lanes of one reduction step (a multiple of every vector width used).
const LANES: usize = 64;

/// Whether `g(a) ⊕ g(m − a) = x` for some `a` in `1..=half` (`half < m`,
/// `m <= g.len()`), and how many pairs were examined to find out: a
/// [`BLOCK`] at a time, stopping at the first block that reaches `x`.
pub(crate) fn reaches<T: Lane>(g: &[T], m: usize, half: usize, x: T) -> (bool, u64) {
    let left = &g[1..=half];
    let right = &g[m - half..m];
    let len = left.len();
    let mut start = 0;
    while start < len {
        let end = (start + BLOCK).min(len);
        let l = &left[start..end];
        let r = &right[len - end..len - start];
        if block_min_dispatch(l, r, x) == T::ZERO {
            return (true, end as u64);
        }
        start = end;
    }
    (false, len as u64)
}

/// The reference for [`reaches`]: every pair in turn.
#[cfg(test)]
pub(crate) fn reaches_scalar<T: Lane>(g: &[T], m: usize, half: usize, x: T) -> bool {
    (1..=half).any(|a| g[a] ^ g[m - a] == x)
}

/// The widest vectors the CPU has, for the loops of this module.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Vectors {
    /// AVX-512F, BW and VBMI (a byte permute for the reversal).
    Avx512,
    Avx2,
    /// The portable loop (what the compiler's target allows).
    Portable,
}

/// The CPU's [`Vectors`], read at run time (the standard library caches
/// the detection).
fn vectors() -> Vectors {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
        {
            return Vectors::Avx512;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return Vectors::Avx2;
        }
    }
    Vectors::Portable
}

/// Calls the AVX-512, AVX2 or portable variant of a loop, whichever the
/// CPU's [`Vectors`] allow, with the same arguments.
macro_rules! on_widest_vectors {
    ($avx512:ident, $avx2:ident, $portable:ident ($($arg:expr),*)) => {
        match vectors() {
            // SAFETY: the CPU has AVX-512F, BW and VBMI, the variant's whole requirement.
            #[cfg(target_arch = "x86_64")]
            Vectors::Avx512 => unsafe { $avx512($($arg),*) },
            // SAFETY: the CPU has AVX2, the variant's only requirement.
            #[cfg(target_arch = "x86_64")]
            Vectors::Avx2 => unsafe { $avx2($($arg),*) },
            _ => $portable($($arg),*),
        }
    };
}

/// `min_i (l[i] ⊕ r[len − 1 − i] ⊕ x)`, on the widest vectors the CPU has.
fn block_min_dispatch<T: Lane>(l: &[T], r: &[T], x: T) -> T {
    on_widest_vectors!(block_min_avx512, block_min_avx2, block_min(l, r, x))
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

/// For each of `K` values `xs[k]`, whether `l[i] ⊕ r[len − 1 − i] = xs[k]`
/// for some `i` (`l` and `r` of equal length): one pass over the pairs for
/// all of them. The XOR of a pair is computed once and compared with each
/// value (an XOR and a minimum a value), where `K` passes of [`reaches`]
/// would load and reverse every pair `K` times: about 5 + 2K vector
/// instructions a chunk of pairs against 5K ([`super::split_mex`]'s joint
/// search of the candidates of a heap).
pub(crate) fn block_hits<T: Lane, const K: usize>(l: &[T], r: &[T], xs: [T; K]) -> [bool; K] {
    if K == 1 {
        // one value: the wider reduction of a single search
        return [block_min_dispatch(l, r, xs[0]) == T::ZERO; K];
    }
    on_widest_vectors!(block_hits_avx512, block_hits_avx2, block_hits_lanes(l, r, xs))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn block_hits_avx512<T: Lane, const K: usize>(l: &[T], r: &[T], xs: [T; K]) -> [bool; K] {
    block_hits_lanes(l, r, xs)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn block_hits_avx2<T: Lane, const K: usize>(l: &[T], r: &[T], xs: [T; K]) -> [bool; K] {
    block_hits_lanes(l, r, xs)
}

/// Lanes of one step of [`block_hits`]: 32 bytes of values, one AVX2
/// register an accumulator, so that `K = 4` accumulators, the values and
/// the pair's XOR stay in registers.
const HIT_BYTES: usize = 32;

/// [`block_hits`] in chunks of `HIT_BYTES / size_of::<T>()` lanes.
#[inline(always)]
fn block_hits_lanes<T: Lane, const K: usize>(l: &[T], r: &[T], xs: [T; K]) -> [bool; K] {
    match size_of::<T>() {
        1 => block_hits_chunks::<T, K, HIT_BYTES>(l, r, xs),
        2 => block_hits_chunks::<T, K, { HIT_BYTES / 2 }>(l, r, xs),
        _ => block_hits_chunks::<T, K, { HIT_BYTES / 4 }>(l, r, xs),
    }
}

/// [`block_hits`] in chunks of `C` lanes, lane by lane (the loops vectorize).
#[inline(always)]
fn block_hits_chunks<T: Lane, const K: usize, const C: usize>(l: &[T], r: &[T], xs: [T; K]) -> [bool; K] {
    let mut acc = [[T::MAX; C]; K];
    let mut lc = l.chunks_exact(C);
    let mut rc = r.rchunks_exact(C);
    for (a, b) in (&mut lc).zip(&mut rc) {
        let mut y = [T::ZERO; C];
        for j in 0..C {
            y[j] = a[j] ^ b[C - 1 - j];
        }
        for (acc, &x) in acc.iter_mut().zip(&xs) {
            for j in 0..C {
                acc[j] = acc[j].min(y[j] ^ x);
            }
        }
    }
    let mut hits = [false; K];
    for ((hit, acc), &x) in hits.iter_mut().zip(&acc).zip(&xs) {
        let tail = lc.remainder().iter().zip(rc.remainder().iter().rev());
        let rest = tail.fold(T::MAX, |m, (&a, &b)| m.min(a ^ b ^ x));
        *hit = acc.iter().fold(rest, |m, &v| m.min(v)) == T::ZERO;
    }
    hits
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
            let words: Vec<u16> = g.iter().map(|&v| u16::from(v) << 8).collect();
            prop_assert_eq!(reaches(&words, m, half, u16::from(x) << 8).0, expected);
            let wide: Vec<u32> = g.iter().map(|&v| u32::from(v) << 24 | 0x5A5A).collect();
            prop_assert_eq!(reaches(&wide, m, half, u32::from(x) << 24).0, expected);
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
    }

    proptest! {
        /// The joint search of several values agrees, value by value, with
        /// the pairs examined one at a time, in every lane width.
        #[test]
        fn every_value_of_a_joint_search_is_the_pairs_own(
            pairs in proptest::collection::vec((0u8..16, 0u8..16), 0..300),
            xs in proptest::array::uniform4(0u8..20),
        ) {
            let (l, r): (Vec<u8>, Vec<u8>) = pairs.into_iter().unzip();
            let expected = xs.map(|x| (0..l.len()).any(|i| l[i] ^ r[l.len() - 1 - i] == x));
            prop_assert_eq!(block_hits(&l, &r, xs), expected);
            prop_assert_eq!(block_hits(&l, &r, [xs[0], xs[1]]), [expected[0], expected[1]]);
            prop_assert_eq!(block_hits_lanes(&l, &r, xs), expected);
            let wide = |v: &[u8]| v.iter().map(|&a| u16::from(a) << 8 | 0x5A).collect::<Vec<u16>>();
            prop_assert_eq!(block_hits(&wide(&l), &wide(&r), xs.map(|x| u16::from(x) << 8)), expected);
            let wider = |v: &[u8]| v.iter().map(|&a| u32::from(a) << 20 | 0x5A5A).collect::<Vec<u32>>();
            prop_assert_eq!(block_hits(&wider(&l), &wider(&r), xs.map(|x| u32::from(x) << 20)), expected);
        }
    }

    #[test]
    fn a_single_pair_is_found_anywhere_in_a_long_range() {
        // m = 300_001: 150_000 pairs in blocks; every pair XORs to 0 except
        // one, which reaches 5.
        let m = 300_001;
        let half = m / 2;
        for a in [1, 63, 64, 65, 1023, 1024, 1025, 5000, 75_000, 75_001, 149_999, half] {
            let mut g = vec![1u8; m];
            g[a] = 4;
            assert!(reaches(&g, m, half, 5).0, "pair at {a}");
            // the blocks up to the one holding the pair are examined
            assert_eq!(
                reaches(&g, m, half, 5).1,
                (((a - 1) / BLOCK + 1) * BLOCK).min(half) as u64,
                "pair at {a}"
            );
            assert_eq!(reaches(&g, m, half, 6), (false, half as u64), "pair at {a}");
            assert_eq!(reaches(&g, m, half - 1, 5).0, a < half, "pair at {a}");
        }
    }
}
