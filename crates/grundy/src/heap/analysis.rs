//! What a nim-value computation found ([`Analysis`]): the values, the work
//! spent, the certified (or observed) period and why it stopped; the period
//! as one [`Period`] and as reported ([`PeriodSummary`]).

use super::{ArithmeticPeriodic, Period, PeriodSummary, Periodic};
use crate::error::Stop;

/// What is known of a game's nim-sequence after a computation.
///
/// ```
/// use grundy::HeapGame;
/// use grundy::heap::{Limits, Stop};
///
/// let dawson = HeapGame::octal("0.07").unwrap();
/// let a = dawson.analyze(0, Limits::default()).unwrap();
/// assert_eq!(a.stop, Stop::Certified);
/// let p = a.periodic.unwrap();
/// assert_eq!((p.preperiod(), p.period()), (53, 34));
/// ```
#[derive(Clone, Debug)]
pub struct Analysis {
    /// `g(0..len)`: every value computed (or filled in from a certified period).
    pub values: Vec<u32>,
    /// How many values were computed from the rules.
    pub computed: usize,
    /// The mex steps spent.
    pub work: u64,
    /// The certified preperiod and fundamental period, if proved.
    pub periodic: Option<Periodic>,
    /// Arithmetic periodicity `g(n + p) = g(n) + s`, `s > 0`: certified (then
    /// `stop` is [`Stop::Certified`]) or only observed on the computed values.
    pub arithmetic: Option<ArithmeticPeriodic>,
    /// What ended the computation.
    pub stop: Stop,
}

impl Analysis {
    /// What is known of the period: the certified plain period if there is
    /// one, otherwise the arithmetic period (certified or only observed).
    pub fn period(&self) -> Option<&Period> {
        self.periodic.as_ref().map(Periodic::as_period).or(self.arithmetic.as_ref())
    }

    /// The period, or the arithmetic period, as reported.
    pub fn summary(&self) -> PeriodSummary {
        self.period().map(Period::summary).unwrap_or_default()
    }

    /// What stopped the search and how to go further, for messages.
    pub fn stop_advice(&self) -> String {
        match self.stop {
            Stop::Certified => "certified".to_string(),
            Stop::MaxLen => "the length limit was reached; raise `max_len`".to_string(),
            Stop::MaxWork => {
                format!("the work budget of {} mex steps ran out; raise `max_work`", self.work)
            }
        }
    }
}
