//! The coefficients of unordered counts in each counting ring.
//!
//! An unordered count needs, at every transform value `w`, the coefficient
//! `[t^K]` of the series of [`super::series`] in the lifted ring of the count
//! (see [`crate::ring::Counting`]). Exactly, it is the big integer `F_K(w)/K!`
//! mapped into the ring; modulo `M = 2^a·q` it is computed residue by residue:
//! modulo the prime powers of `q` (valuations up to `K`, `F_K` above) and modulo
//! `2^{a+shift}` ([`super::series::residues`]), so that `P` and `w` may be far
//! beyond any integer type.

use super::series::{Series, check_exact, check_residues, exact_coefficients, residues};
use crate::error::{Budget, Error};
use crate::ring::{Counting, Exact, Lifted, Modular, Ring};

/// A counting ring that can also count unordered positions.
pub trait Coefficients: Counting {
    /// The coefficients of `series` at each transform value, in the lifted
    /// ring `lifted`.
    fn series_coefficients(
        &self,
        lifted: &Self::Lift,
        series: &Series,
        values: &[i128],
        budget: &Budget,
    ) -> Result<Vec<<Self::Lift as Ring>::Elem>, Error>;

    /// Refuses [`Coefficients::series_coefficients`] at `values` distinct
    /// values when even that many are beyond its limits: called with a lower
    /// estimate before the values are known (before a histogram is computed).
    fn check_series(
        &self,
        lifted: &Self::Lift,
        series: &Series,
        values: usize,
        budget: &Budget,
    ) -> Result<(), Error>;
}

impl Coefficients for Exact {
    /// Exactly, by the three-term recurrence with big integers.
    fn series_coefficients(
        &self,
        lifted: &Exact,
        series: &Series,
        values: &[i128],
        budget: &Budget,
    ) -> Result<Vec<<Exact as Ring>::Elem>, Error> {
        Ok(exact_coefficients(series, values, budget)?.iter().map(|c| lifted.of_bigint(c)).collect())
    }

    fn check_series(
        &self,
        _lifted: &Exact,
        series: &Series,
        values: usize,
        budget: &Budget,
    ) -> Result<(), Error> {
        check_exact(series, values, budget)
    }
}

impl Coefficients for Modular {
    /// Modulo the prime powers of `q` and modulo `2^w` (`series::residues`).
    fn series_coefficients(
        &self,
        lifted: &Lifted,
        series: &Series,
        values: &[i128],
        budget: &Budget,
    ) -> Result<Vec<(u64, u128)>, Error> {
        let mg = lifted.odd();
        let found = residues(series, mg.modulus(), self.odd_factors(), lifted.width(), values, budget)?;
        Ok(found.into_iter().map(|(odd, two)| (mg.to_mont(odd), two)).collect())
    }

    /// The check of `series::residues`.
    fn check_series(
        &self,
        lifted: &Lifted,
        series: &Series,
        values: usize,
        budget: &Budget,
    ) -> Result<(), Error> {
        check_residues(series, self.odd_factors(), lifted.width(), values, budget)
    }
}
