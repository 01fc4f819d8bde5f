//! The period search: computes `g(0), g(1), …` with a [`Sequencer`] and looks
//! for a certified period at the lengths `64·2^j` (and at the values wanted,
//! the values resumed from, and where a limit stops it), filling in the values
//! asked for from a certified period or arithmetic period.

use super::arith;
use super::lanes::Lanes;
use super::sequencer::{Checkpoint, Checkpointer, Moment, Sequencer, resume};
use super::{Analysis, ArithmeticPeriodic, HeapFamily, Limits, Periodic, find_period};
use crate::count::Context;
use crate::error::{Error, Stop};

/// The stage of the values asked for, reported as values computed over values asked.
pub(crate) const ASKED: &str = "computing nim-values";

/// The stage of the period search beyond the values asked for.
pub(crate) const SEARCH: &str = "looking for a period";

/// The request of one search: values known from an earlier run (and their
/// work, when known), values wanted, limits, and where to keep the values
/// (also after every `every` mex steps). Made by [`super::HeapGame::analyze_kept`]
/// and handed to [`HeapFamily::search`], which runs it on the family's own
/// computation of the values.
pub struct Search<'r, 'k> {
    pub(super) known: Lanes<'r>,
    pub(super) known_work: Option<u64>,
    pub(super) want: usize,
    pub(super) limits: Limits,
    pub(super) every: u64,
    pub(super) keep: &'r mut Checkpointer<'k>,
}

impl Search<'_, '_> {
    /// The thread count the limits allow ([`Limits::threads`]).
    pub(super) fn threads(&self) -> usize {
        self.limits.threads()
    }

    /// Runs the search on `seq`, a fresh sequencer of `family`, whose
    /// certificate rule, `all-but` set and counting up certify the period
    /// (asked once per length looked at, never per move).
    pub(super) fn on<F: HeapFamily + ?Sized>(
        self,
        family: &F,
        mut seq: impl Sequencer,
        ctx: &mut Context<'_>,
    ) -> Result<Analysis, Error> {
        let Search { known, known_work, want, limits, every, keep } = self;
        let cap = want.max(limits.max_len()).max(known.len()).max(1);
        seq.reserve_total(cap);
        resume(&mut seq, known)?;
        // the work of the known values beyond those computed again to check them
        let base = known_work.map_or(0, |w| w.saturating_sub(seq.work()));
        let mut next_pulse = (seq.work() + base).saturating_add(every);
        // a resumed run looks for the period in what it was given first
        let mut checkpoint = known.len().max(64);
        // Progress: the values asked for, computed over their number (they are
        // computed whatever the work); then the period search beyond them, in
        // thousandths of the larger of its two limits used up.
        let report = |ctx: &mut Context<'_>, len: usize, work: u64| {
            if len < want {
                return ctx.progress(ASKED, len as u64, want as u64);
            }
            let frac = (len as f64 / cap as f64).max(work as f64 / limits.max_work().max(1) as f64);
            ctx.progress(SEARCH, (frac.min(1.0) * 1000.0) as u64, 1000)
        };
        loop {
            let len = seq.values().len();
            let target = if len < want { checkpoint.min(want) } else { checkpoint.min(cap) };
            let (mut interrupted, mut pulse) = (None, false);
            let stop = |len: usize, work: u64| len >= want && work + base >= limits.max_work();
            seq.extend(target, &stop, &mut |len, work| match report(ctx, len, work + base) {
                Ok(()) => {
                    pulse = work + base >= next_pulse;
                    !pulse
                }
                Err(e) => {
                    interrupted = Some(e);
                    false
                }
            })?;
            let work = seq.work() + base;
            if let Some(e) = interrupted {
                keep(seq.values(), Checkpoint { work, moment: Moment::Interrupted })?;
                return Err(e);
            }
            if pulse {
                // the values kept between two lengths; the search goes on where it was
                keep(seq.values(), Checkpoint { work, moment: Moment::Pulse })?;
                next_pulse = work.saturating_add(every);
                continue;
            }
            if seq.values().len() > known.len() {
                keep(seq.values(), Checkpoint { work, moment: Moment::Length })?;
            }
            let values = seq.values();
            let len = values.len();
            let certified =
                certified_period(values, |e, p| family.certificate_length(e, p).unwrap_or(usize::MAX));
            let done = |periodic: Option<Periodic>, arithmetic, values: Vec<u32>, stop: Stop| Analysis {
                values,
                computed: len,
                work,
                periodic,
                arithmetic,
                stop,
            };
            if let Some((e, p)) = certified {
                report(ctx, cap, 0)?;
                let periodic = Periodic::new(values.prefix(e + p).to_vec(), e, p)?;
                let filled: Vec<u32> = (0..want.max(len) as u64).map(|i| periodic.value(i)).collect();
                return Ok(done(Some(periodic), None, filled, Stop::Certified));
            }
            let excluded = family.all_but();
            let t = excluded.as_ref().map(|t| t.last().map_or(0, |&x| x as usize));
            // the games these theorems cover keep their values as 32-bit integers
            let wide = match values {
                Lanes::Wide(v) => Some(v),
                _ => None,
            };
            if let Some(a) = t.zip(wide).and_then(|(t, values)| arith::certified_all_but(values, t)) {
                report(ctx, cap, 0)?;
                let filled: Vec<u32> = (0..want.max(len) as u64)
                    .map(|i| u32::try_from(a.value(i)).unwrap_or(u32::MAX))
                    .collect();
                return Ok(done(None, Some(a), filled, Stop::Certified));
            }
            if let (true, Some(values)) = (family.counts_up(), wide) {
                let a = ArithmeticPeriodic::counting_up(values).ok_or_else(|| {
                    Error::Internal(format!("a code that counts up has g(n) != n below {len}"))
                })?;
                report(ctx, cap, 0)?;
                let filled: Vec<u32> = (0..want.max(len)).map(|i| i as u32).collect();
                return Ok(done(None, Some(a), filled, Stop::Certified));
            }
            let stop = if len >= cap {
                Some(Stop::MaxLen)
            } else if len >= want && work >= limits.max_work() {
                Some(Stop::MaxWork)
            } else {
                None
            };
            if let Some(stop) = stop {
                report(ctx, cap, 0)?;
                let observed = match values {
                    Lanes::Bytes(v) => arith::observed(v),
                    Lanes::Words(v) => arith::observed(v),
                    Lanes::Wide(v) => arith::observed(v),
                };
                return Ok(done(None, observed, seq.into_values(), stop));
            }
            if len >= checkpoint {
                // the next length 64·2^j
                checkpoint = (len / 64 + 1).next_power_of_two() * 64;
            }
        }
    }
}

/// The certified period of `values` ([`find_period`]), in the lanes they are kept in.
fn certified_period(values: Lanes<'_>, need: impl Fn(usize, usize) -> usize) -> Option<(usize, usize)> {
    match values {
        Lanes::Bytes(v) => find_period(v, need),
        Lanes::Words(v) => find_period(v, need),
        Lanes::Wide(v) => find_period(v, need),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HeapGame;
    use crate::error::Budget;

    /// The reports of `game`'s search for `want` values within `limits`.
    fn reports(code: &str, want: usize, limits: Limits) -> Vec<(String, u64, u64)> {
        let mut seen = Vec::new();
        let mut observer = |stage: &str, done: u64, total: u64| {
            seen.push((stage.to_string(), done, total));
            true
        };
        {
            let mut ctx = Context::new(Budget::default()).with_observer(&mut observer);
            HeapGame::octal(code).unwrap().analyze_in(want, limits, &mut ctx).unwrap();
        }
        seen
    }

    #[test]
    fn the_values_asked_for_report_their_own_progress_whatever_the_work_budget() {
        // a work budget spent at once (as the default one is by a long request)
        for code in ["0.6", "4!.0", "0.16"] {
            let want = 50_000;
            let seen = reports(code, want, Limits::new(want, 1).unwrap());
            let asked: Vec<_> = seen.iter().filter(|(s, ..)| s == ASKED).collect();
            assert!(asked.len() >= 10, "{code}: {seen:?}");
            assert!(asked.iter().all(|&&(_, done, total)| total == want as u64 && done < total), "{code}");
            assert!(asked.windows(2).all(|w| w[0].1 <= w[1].1), "{code}: the values go back");
            assert!(asked.iter().any(|&&(_, done, _)| done > want as u64 / 2), "{code}: {asked:?}");
            // then the search, done at once
            assert_eq!(seen.last().map(|(s, d, t)| (s.as_str(), *d, *t)), Some((SEARCH, 1000, 1000)));
        }
    }
}
