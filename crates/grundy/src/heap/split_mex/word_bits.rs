//! Sets of values below 64 as the bits of one machine word: the bit of a
//! value, and the set of the XORs of many pairs at once.

use crate::heap::lanes::Lane;

/// The bit of value `v`: none for `v >= 64` if `CAPPED` (the capped marks,
/// see the module documentation). Uncapped, `v` is below 64 in every heap
/// whose value is kept: a heap of a pipeline that reads a new largest value
/// is dropped and computed again with a wider bound (`heap/pipeline.rs`), so
/// the shift is only kept in range for it.
#[inline(always)]
pub(super) fn bit<const CAPPED: bool>(v: u32) -> u64 {
    match CAPPED {
        true => u64::from(v < 64) << (v & 63),
        false => 1 << (v & 63),
    }
}

/// The set `{ left[i] ⊕ right[len−1−i] }` as a bit mask, for values below 64
/// (those of 64 or more dropped if `CAPPED`, else there are none), on the
/// widest vectors the CPU has: eight independent masks, which AVX2 holds in
/// two registers and shifts lane by lane (`vpsllvq`).
pub(super) fn xor_mask<const CAPPED: bool, T: Lane>(left: &[T], right: &[T]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, the only requirement of the function.
            return unsafe { xor_mask_avx2::<CAPPED, T>(left, right) };
        }
    }
    xor_mask_lanes::<CAPPED, T>(left, right)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn xor_mask_avx2<const CAPPED: bool, T: Lane>(left: &[T], right: &[T]) -> u64 {
    xor_mask_lanes::<CAPPED, T>(left, right)
}

/// [`xor_mask`] in plain code: eight pairs a step into eight masks (no
/// loop-carried dependency between them), the rest one at a time.
#[inline(always)]
fn xor_mask_lanes<const CAPPED: bool, T: Lane>(left: &[T], right: &[T]) -> u64 {
    const W: usize = 8;
    let mut acc = [0u64; W];
    let mut lw = left.chunks_exact(W);
    let mut rw = right.rchunks_exact(W);
    for (l, r) in (&mut lw).zip(&mut rw) {
        for j in 0..W {
            acc[j] |= bit::<CAPPED>((l[j] ^ r[W - 1 - j]).wide());
        }
    }
    for (&l, &r) in lw.remainder().iter().zip(rw.remainder().iter().rev()) {
        acc[0] |= bit::<CAPPED>((l ^ r).wide());
    }
    acc.iter().fold(0, |a, b| a | b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The pairs' mask on the widest vectors is the mask of the pairs one
        /// at a time, capped (values of 64 or more dropped) or not.
        #[test]
        fn xor_mask_is_the_mask_of_every_pair(
            pairs in prop::collection::vec((0u8..128, 0u8..128), 0..100),
        ) {
            let (left, right): (Vec<u8>, Vec<u8>) = pairs.iter().copied().unzip();
            let mut capped = 0u64;
            for (i, &l) in left.iter().enumerate() {
                let x = l ^ right[right.len() - 1 - i];
                if x < 64 {
                    capped |= 1 << x;
                }
            }
            prop_assert_eq!(xor_mask::<true, u8>(&left, &right), capped);
            let low: Vec<u8> = left.iter().map(|&l| l & 63).collect();
            let high: Vec<u8> = right.iter().map(|&r| r & 63).collect();
            let every = low.iter().zip(high.iter().rev()).fold(0u64, |b, (&l, &r)| b | 1 << (l ^ r));
            prop_assert_eq!(xor_mask::<false, u8>(&low, &high), every);
        }
    }
}
