//! Resumable computations of `g(0), g(1), …` ([`Sequencer`]), one per kind of
//! game, and the resumption of a run from values kept by an earlier one
//! ([`resume`], [`Keeper`]).

#[cfg(doc)]
use super::HeapGame;
use super::RareValues;
use super::group::GroupValues;
use super::lanes::Lanes;
use super::pipeline::{Progress, StopAt, report_due};
use super::rules::RuleValues;
use super::subtraction::{FamilyValues, SubtractionValues};
use crate::error::Error;

/// Where a long computation keeps its values: called with `g(0..len)`, in
/// the lanes the computation keeps them in (see [`HeapGame::analyze_resumed`]).
pub type Keeper<'k> = dyn FnMut(Lanes<'_>) -> Result<(), Error> + 'k;

/// Why a computation hands its values to a [`Checkpointer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// A length `64·2^j` past the known values, or where the search ends
    /// (before the period fills in more).
    Length,
    /// The work since the last hand-over reached the run's interval.
    Pulse,
    /// The observer stopped the run.
    Interrupted,
}

/// What a [`Checkpointer`] is told beside the values: why, and the work the
/// values cost from heap 0 (the known values' work included when it was
/// given, see [`Known`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// Mex steps spent on `g(0..len)`.
    pub work: u64,
    /// Why now.
    pub moment: Moment,
}

/// Where a long computation keeps its values and its work (see
/// [`HeapGame::analyze_kept`]).
pub type Checkpointer<'k> = dyn FnMut(Lanes<'_>, Checkpoint) -> Result<(), Error> + 'k;

/// Values `g(0..k)` known from an earlier run, and the mex steps that run
/// spent on them if known: with the work, the resumed run counts its work
/// from heap 0 exactly as a run from nothing would (the work of a value
/// depends only on the values before it), so a work limit stops it where it
/// would have stopped the run from nothing; without, the work is counted from
/// the check of the first [`RESUME_CHECK`] values on.
#[derive(Clone, Copy, Debug)]
pub struct Known<'a> {
    /// The values.
    pub values: Lanes<'a>,
    /// Their work, when known.
    pub work: Option<u64>,
}

/// How many known values a resumed run computes again to check them.
pub const RESUME_CHECK: usize = 4096;

/// Feeds `known` to a fresh sequencer: the first [`RESUME_CHECK`] values are
/// computed and compared, the rest pushed as they are.
pub(super) fn resume(seq: &mut impl Sequencer, known: Lanes<'_>) -> Result<(), Error> {
    for (n, v) in known.iter().enumerate() {
        if n >= seq.values().len() {
            if n >= RESUME_CHECK {
                seq.push_known(v);
                continue;
            }
            seq.push_next()?;
        }
        let g = seq.values().get(n).unwrap_or(v);
        if g != v {
            return Err(Error::invalid(
                "known values",
                format!("do not belong to this game: g({n}) is {g}, not {v}"),
            ));
        }
    }
    Ok(())
}

/// A resumable computation of `g(0), g(1), …` that counts its work.
pub(super) trait Sequencer {
    /// The values so far.
    fn values(&self) -> Lanes<'_>;
    /// Mex steps spent so far.
    fn work(&self) -> u64;
    /// Computes `g(len)` for the current length.
    fn push_next(&mut self) -> Result<(), Error>;
    /// Appends `g(len)` known from a saved run, as if computed.
    fn push_known(&mut self, v: u32);
    /// Makes room for `len` values in all (so that growing never holds two
    /// copies of a long sequence at once).
    fn reserve_total(&mut self, len: usize);
    /// The values, as 32-bit integers.
    fn into_values(self) -> Vec<u32>;
    /// Computes values until `target` of them exist, `stop(len, work)` holds
    /// before the next one, or `progress(len, work)`, asked at every multiple
    /// of 1024 values and every [`super::pipeline::REPORT_WORK`] units, returns `false`.
    fn extend(&mut self, target: usize, stop: &StopAt<'_>, progress: &mut Progress<'_>) -> Result<(), Error> {
        let mut reported = self.work();
        while self.values().len() < target {
            if stop(self.values().len(), self.work()) {
                break;
            }
            self.push_next()?;
            let (len, work) = (self.values().len(), self.work());
            if report_due(len, work, reported) {
                reported = work;
                if !progress(len, work) {
                    break;
                }
            }
        }
        Ok(())
    }
}

impl Sequencer for RareValues<'_> {
    fn values(&self) -> Lanes<'_> {
        RareValues::values(self)
    }
    fn work(&self) -> u64 {
        RareValues::work(self)
    }
    fn push_next(&mut self) -> Result<(), Error> {
        let len = RareValues::values(self).len();
        self.extend_to(len + 1);
        Ok(())
    }
    fn push_known(&mut self, v: u32) {
        RareValues::push_known(self, v)
    }
    fn reserve_total(&mut self, len: usize) {
        RareValues::reserve_total(self, len)
    }
    fn into_values(self) -> Vec<u32> {
        RareValues::into_values(self)
    }
    fn extend(&mut self, target: usize, stop: &StopAt<'_>, progress: &mut Progress<'_>) -> Result<(), Error> {
        RareValues::extend(self, target, stop, progress);
        Ok(())
    }
}

/// A sequencer whose values and work are its fields `g` and `work`, with an
/// inherent `push_next`.
macro_rules! field_sequencer {
    ($ty:ty $(, $f:ident)?) => {
        impl$(<$f: super::HeapFamily + ?Sized>)? Sequencer for $ty {
            fn values(&self) -> Lanes<'_> {
                Lanes::Wide(&self.g)
            }
            fn work(&self) -> u64 {
                self.work
            }
            fn push_next(&mut self) -> Result<(), Error> {
                <$ty>::push_next(self)
            }
            fn push_known(&mut self, v: u32) {
                <$ty>::push_known(self, v)
            }
            fn reserve_total(&mut self, len: usize) {
                self.g.reserve(len.saturating_sub(self.g.len()));
            }
            fn into_values(self) -> Vec<u32> {
                self.g
            }
        }
    };
}

field_sequencer!(RuleValues<'_, F>, F);
field_sequencer!(GroupValues<'_>);
field_sequencer!(FamilyValues);
field_sequencer!(SubtractionValues<'_>);
