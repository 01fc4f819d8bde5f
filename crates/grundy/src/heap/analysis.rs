//! What a nim-value computation found: the values, the work spent, the
//! certified (or observed) period, why it stopped ([`Analysis`]), and the
//! period as reported ([`PeriodSummary`]).

use super::{ArithmeticPeriodic, Periodic};
use crate::error::Stop;

/// What is known of a game's nim-sequence after a computation.
///
/// ```
/// use grundy::{HeapGame, Limits, Stop};
///
/// let dawson = HeapGame::parse(None, Some("0.07")).unwrap();
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

/// What an [`Analysis`] says of the period, as `sequence` reports it: the plain
/// period if one is certified, otherwise the arithmetic period (certified or
/// only observed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodSummary {
    /// The first heap from which the (arithmetic) period holds.
    pub preperiod: Option<usize>,
    /// The period.
    pub period: Option<usize>,
    /// The saltus `s` of `g(n + p) = g(n) + s`, for arithmetic periodicity.
    pub saltus: Option<u64>,
    /// Whether what is shown is proved.
    pub certified: bool,
    /// For arithmetic periodicity that is only observed: the last `n` checked.
    pub observed_to: Option<usize>,
}

impl Analysis {
    /// The period, or the arithmetic period, as reported.
    pub fn summary(&self) -> PeriodSummary {
        let arith = self.arithmetic.as_ref();
        let period = self
            .periodic
            .as_ref()
            .map(|p| (p.preperiod(), p.period()))
            .or_else(|| arith.map(|a| (a.preperiod, a.period)));
        PeriodSummary {
            preperiod: period.map(|p| p.0),
            period: period.map(|p| p.1),
            saltus: arith.map(|a| a.saltus),
            certified: self.periodic.is_some() || arith.is_some_and(|a| a.certified),
            observed_to: arith.filter(|a| !a.certified).map(|a| a.observed_to - 1),
        }
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
