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
    #[cfg(test)]
    pub fn primes(&self) -> &[u32] {
        &self.primes
    }

    /// `counts()[i]` = the numbers `2 <= n <= x` whose smallest prime factor is
    /// `primes()[i]` (that prime included).
    #[cfg(test)]
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }
}

#[cfg(test)]
impl PrimeBuckets {
    /// Asserts that these are the buckets and `π(x)` of Lucy's DP
    /// ([`crate::number::lucy::lucy_sieve`]); `how` names the run that made them.
    pub(crate) fn assert_lucy(&self, x: u64, how: &dyn std::fmt::Debug) {
        let mut want = Vec::new();
        let pi = crate::number::lucy::lucy_sieve(x, |_, c| want.push(c + 1), &mut |_, _| true).unwrap();
        assert_eq!(self.pi(), pi, "pi({x}) with {how:?}");
        assert_eq!(self.counts(), &want[..], "buckets of {x} with {how:?}");
        assert_eq!(self.primes().len(), want.len(), "primes up to sqrt({x}) with {how:?}");
    }
}
