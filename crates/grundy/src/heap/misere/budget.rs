//! The work budget of one misère quotient computation (`misere_work`).
//!
//! Every search the quotient makes charges the same counter, one *step* per
//! unit of work that costs about the same (a few hundred nanoseconds): a
//! signature visited by a check-(B) search (`stuck.rs`), a signature settled
//! by a frontier search (`frontier.rs`), a state of a candidate built
//! (`grow.rs`), a position expanded by the outcome search (`learn.rs`). When
//! the counter passes the budget, the heap being adjoined is given up: the
//! quotient of the heaps before it is what the computation reached, and a
//! request that needs more is refused naming that bound and `misere_work`.
//!
//! The budget bounds the time of a refusal as well as of an answer. It is
//! deterministic (steps, not seconds), so a request is answered or refused
//! alike on every machine and every run.

use crate::error::{Error, Remedy};

/// Steps spent against a limit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    limit: u64,
    spent: u64,
}

impl Budget {
    /// A budget of `limit` steps, none spent.
    pub fn new(limit: u64) -> Self {
        Budget { limit, spent: 0 }
    }

    /// Charges `steps`; refused (naming `misere_work`) once more than the
    /// limit has been spent.
    pub fn spend(&mut self, steps: u64) -> Result<(), Error> {
        self.spent = self.spent.saturating_add(steps);
        if self.spent > self.limit {
            return Err(self.exhausted());
        }
        Ok(())
    }

    /// The steps spent so far.
    pub fn spent(&self) -> u64 {
        self.spent
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spends_up_to_the_limit_and_refuses_past_it() {
        let mut b = Budget::new(10);
        assert!(b.spend(4).is_ok());
        assert!(b.spend(6).is_ok());
        assert_eq!(b.spent(), 10);
        let e = b.spend(1).unwrap_err().to_string();
        assert!(e.contains("misere_work"), "{e}");
        assert!(Budget::new(u64::MAX).spend(u64::MAX).is_ok());
    }
}
