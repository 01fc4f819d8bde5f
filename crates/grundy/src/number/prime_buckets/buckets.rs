//! The result shared by the bucket methods ([`super`] and
//! [`crate::number::gourdon`]): the primes up to `√x`, their buckets
//! `#{2 <= n <= x : spf(n) = p}`, and `π(x)`.

/// The buckets of the primes up to `√x` and `π(x)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimeBuckets {
    primes: Vec<u32>,
    counts: Vec<u64>,
    pi: u64,
}

impl PrimeBuckets {
    /// The buckets `counts` of `primes` (the primes up to `√x`, in order) and `π(x)`.
    pub(crate) fn new(primes: Vec<u32>, counts: Vec<u64>, pi: u64) -> Self {
        PrimeBuckets { primes, counts, pi }
    }

    /// `π(x)`.
    pub fn pi(&self) -> u64 {
        self.pi
    }

    /// The primes `p <= √x`, in order.
    pub fn primes(&self) -> &[u32] {
        &self.primes
    }

    /// `counts()[i]` = the numbers `2 <= n <= x` whose smallest prime factor is
    /// `primes()[i]` (that prime included).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }
}
