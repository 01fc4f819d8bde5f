//! What one misère quotient computation may spend: steps of work
//! (`misere_work`), bytes of memory (the context's [`crate::Budget`]) and
//! elements of a quotient (`max_order`); and how it hears Ctrl-C.
//!
//! **Steps.** Every search the quotient makes charges the same counter, one
//! *step* per unit of work that costs about the same (a few hundred
//! nanoseconds): a signature visited by a check-(B) search (`stuck.rs`), a
//! signature settled by a frontier search (`frontier.rs`), a state of a
//! candidate built (`grow.rs`), a position expanded by the outcome search
//! (`learn.rs`). When the counter passes the budget, the heap being adjoined
//! is given up: the quotient of the heaps before it is what the computation
//! reached, and a request that needs more is refused naming that bound and
//! `misere_work`. The budget bounds the time of a refusal as well as of an
//! answer. It is deterministic (steps, not seconds), so a request is answered
//! or refused alike on every machine and every run.
//!
//! **Memory.** Before a stage allocates a structure whose size it knows (a
//! candidate's states, a reduced table, the next growth of the outcome
//! search's memo, the next block of a signature search), it asks [`QuotientBudget::room`]
//! whether that, with what the computation holds ([`QuotientBudget::hold`]: the memo,
//! which lives as long as the computation), fits the memory limit; if not,
//! the heap being adjoined is given up as for steps, naming the memory limit
//! (`max_memory`). So memory is estimated before it is allocated, and the
//! largest allocations use `try_reserve`: a computation is refused, never
//! aborted, for lack of memory.
//!
//! **Ctrl-C.** Every [`POLL_STEPS`] steps the budget asks its poll (the
//! context's observer) whether to go on, so every stage stops within that
//! many steps (milliseconds) of an interruption.

use crate::error::{Error, Remedy};

/// Steps between two polls for an interruption (a few milliseconds).
pub(crate) const POLL_STEPS: u64 = 1 << 16;

/// Asked now and then whether to go on (`false`: stop).
pub(crate) type Poll<'a> = dyn FnMut() -> bool + 'a;

/// What one misère quotient computation has spent and may spend: steps
/// against `misere_work`, bytes held against the memory limit (taken from the
/// context's [`crate::Budget`], the budget of a whole count), the most
/// elements a quotient may have, and the poll that hears an interruption.
pub(crate) struct QuotientBudget<'a> {
    limit: u64,
    spent: u64,
    max_memory: u64,
    /// Bytes held by the learner (its memo and table) and by the failed
    /// candidates kept for it.
    held: u64,
    kept: u64,
    max_order: usize,
    next_poll: u64,
    poll: Option<&'a mut Poll<'a>>,
}

impl Default for QuotientBudget<'_> {
    /// No limit, no poll (tests and helpers that run on their own).
    fn default() -> Self {
        QuotientBudget::new(u64::MAX)
    }
}

impl<'a> QuotientBudget<'a> {
    /// A budget of `limit` steps, none spent, no memory limit, no poll.
    pub fn new(limit: u64) -> Self {
        QuotientBudget {
            limit,
            spent: 0,
            max_memory: u64::MAX,
            held: 0,
            kept: 0,
            max_order: crate::misere::algebra::monoid::MAX_ORDER,
            next_poll: POLL_STEPS,
            poll: None,
        }
    }

    /// The same budget within `max_memory` bytes and quotients of at most
    /// `max_order` elements.
    pub fn within(self, max_memory: u64, max_order: usize) -> Self {
        QuotientBudget { max_memory, max_order, ..self }
    }

    /// The same budget, asking `poll` every [`POLL_STEPS`] steps whether to go on.
    pub fn with_poll(self, poll: &'a mut Poll<'a>) -> Self {
        QuotientBudget { poll: Some(poll), ..self }
    }

    /// Lowers the limit to `limit` steps in all (never raises it).
    pub fn cap(&mut self, limit: u64) {
        self.limit = self.limit.min(limit);
    }

    /// Charges `steps`; refused (naming `misere_work`) once more than the
    /// limit has been spent, interrupted when the poll says stop.
    pub fn spend(&mut self, steps: u64) -> Result<(), Error> {
        self.spent = self.spent.saturating_add(steps);
        if self.spent > self.limit {
            return Err(self.exhausted());
        }
        if self.spent >= self.next_poll {
            self.next_poll = self.spent.saturating_add(POLL_STEPS);
            return self.poll();
        }
        Ok(())
    }

    /// Asks the poll now: `Err(Interrupted)` when it says stop.
    pub fn poll(&mut self) -> Result<(), Error> {
        match &mut self.poll {
            Some(poll) => match poll() {
                true => Ok(()),
                false => Err(Error::Interrupted),
            },
            None => Ok(()),
        }
    }

    /// The steps spent so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// The most elements a quotient may have.
    pub fn max_order(&self) -> usize {
        self.max_order
    }

    /// Records that the learner holds `bytes` (in place of what it held).
    pub fn hold(&mut self, bytes: u64) {
        self.held = bytes;
    }

    /// Records that the failed candidates kept hold `bytes` (in place of
    /// what they held).
    pub fn keep(&mut self, bytes: u64) {
        self.kept = bytes;
    }

    /// Whether `bytes` more fit beside what is held; refused, naming
    /// `what` and the memory limit, when they do not.
    pub fn room(&self, bytes: u64, what: &str) -> Result<(), Error> {
        let total = self.held.saturating_add(self.kept).saturating_add(bytes);
        if total > self.max_memory {
            return Err(memory_error(what, total, self.max_memory));
        }
        Ok(())
    }

    /// The refusal when the allocator refused `bytes` more for `what`.
    pub fn refused(&self, what: &str, bytes: u64) -> Error {
        Error::TooLarge {
            what: what.into(),
            estimate: format!("about {} of memory", gib(self.held.saturating_add(bytes))),
            limit: "the memory the system gave".into(),
            remedy: Remedy::Smaller("misere_work"),
        }
    }

    /// The refusal when the budget is spent.
    fn exhausted(&self) -> Error {
        Error::TooLarge {
            what: "the misère quotient search".into(),
            estimate: format!("more than {} steps", self.limit),
            limit: format!("`misere_work` {}", self.limit),
            remedy: Remedy::Raise("misere_work"),
        }
    }
}

/// `what` would need `bytes` of memory, beyond `limit`: raise `max_memory`
/// (the context's [`crate::Budget::max_memory`]).
pub(crate) fn memory_error(what: &str, bytes: u64, limit: u64) -> Error {
    Error::TooLarge {
        what: what.into(),
        estimate: format!("about {} of memory", gib(bytes)),
        limit: format!("`max_memory` {}", gib(limit)),
        remedy: Remedy::Raise("max_memory"),
    }
}

/// Bytes in the largest of GiB, MiB and KiB that is at least 1, one decimal.
pub(crate) fn gib(bytes: u64) -> String {
    let b = bytes as f64;
    match [(30, "GiB"), (20, "MiB")].into_iter().find(|&(shift, _)| bytes >= 1 << shift) {
        Some((shift, unit)) => format!("{:.1} {unit}", b / (1u64 << shift) as f64),
        None => format!("{:.1} KiB", b / 1024.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spends_up_to_the_limit_and_refuses_past_it() {
        let mut b = QuotientBudget::new(10);
        assert!(b.spend(4).is_ok());
        assert!(b.spend(6).is_ok());
        assert_eq!(b.spent(), 10);
        let e = b.spend(1).unwrap_err().to_string();
        assert!(e.contains("misere_work"), "{e}");
        assert!(QuotientBudget::new(u64::MAX).spend(u64::MAX).is_ok());
    }

    #[test]
    fn an_interruption_is_heard_within_a_poll_interval() {
        let mut asked = 0;
        let mut poll = || {
            asked += 1;
            asked < 3
        };
        let mut b = QuotientBudget::new(u64::MAX).with_poll(&mut poll);
        let mut steps = 0u64;
        let e = loop {
            match b.spend(7) {
                Ok(()) => steps += 7,
                Err(e) => break e,
            }
        };
        assert_eq!(e, Error::Interrupted);
        // asked once per POLL_STEPS steps (the third time says stop)
        assert!(steps + 7 >= 3 * POLL_STEPS && steps <= 3 * (POLL_STEPS + 7), "{steps}");
        assert_eq!(asked, 3);
    }

    #[test]
    fn room_counts_what_is_held_and_names_the_memory_limit() {
        let mut b = QuotientBudget::new(10).within(1000, 16);
        assert!(b.room(1000, "a table").is_ok());
        b.hold(600);
        assert!(b.room(400, "a table").is_ok());
        let e = b.room(401, "a table").unwrap_err().to_string();
        assert!(
            e.contains("a table") && e.contains("`max_memory`") && e.contains("raise `max_memory`"),
            "{e}"
        );
        b.hold(0);
        assert!(b.room(1000, "a table").is_ok());
        assert_eq!(
            (gib(12 << 30), gib(3 << 19), gib(1000)),
            ("12.0 GiB".into(), "1.5 MiB".into(), "1.0 KiB".into())
        );
        assert!(b.room(u64::MAX, "a table").is_err());
    }
}
