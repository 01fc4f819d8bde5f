//! Subtraction sets ([`SubtractionSet`]) as a heap family: a move removes
//! `s` tokens, `s` a member, leaving one heap or none; a finite set's period
//! is certified by `max S` agreeing values, an `all-but` set's arithmetic
//! period by its code's rule.

use super::HeapFamily;
use crate::count::Context;
use crate::error::Error;
use crate::heap::group::GroupValues;
use crate::heap::subtraction::{FamilyValues, SubtractionValues};
use crate::heap::{Analysis, Family, OctalCode, Search, SubtractionSet};

/// About how many members of a family lie in `[1, n]`.
fn family_count(f: Family, n: f64) -> f64 {
    match f {
        Family::Squares => n.sqrt(),
        Family::Primes => n / n.ln().max(1.0),
        Family::PowersOfTwo => n.log2().max(1.0),
        Family::Fibonacci => n.ln().max(1.0) * 2.1,
    }
}

impl HeapFamily for SubtractionSet {
    fn describe(&self) -> String {
        match self.finite_moves() {
            Some(_) => format!("subtraction {{{}}}", self.text()),
            None => format!("subtraction {}", self.text()),
        }
    }

    fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, Error> {
        let leave = |x: u64| if x == n { vec![] } else { vec![n - x] };
        Ok(match (self.finite_moves(), SubtractionSet::as_code(self)) {
            (Some(m), _) => m.iter().filter(|&&x| x <= n).map(|&x| leave(x)).collect(),
            (_, Some(code)) => code.options(n)?,
            _ => (1..=n).filter(|&x| self.contains(x)).map(leave).collect(),
        })
    }

    /// `|S ∩ [1, len]|` mex steps per value (`max T + 1` for `all-but:T`).
    fn linear_work(&self, len: usize) -> f64 {
        let per_value = match (self.finite_moves(), self.as_family(), self.excluded()) {
            (Some(m), _, _) => m.len() as f64,
            (_, Some(f), _) => family_count(f, len as f64),
            (_, _, Some(t)) => t.last().map_or(1.0, |&x| x as f64 + 1.0),
            _ => 1.0,
        };
        per_value * len as f64
    }

    fn certificate_length(&self, _e: usize, _p: usize) -> Option<usize> {
        self.max().and_then(|m| usize::try_from(m).ok())
    }

    /// `t = max S` for a finite set (the code with `d_s = 3` for `s ∈ S`).
    fn misere_removal(&self) -> Option<usize> {
        self.max().and_then(|m| usize::try_from(m).ok())
    }

    fn all_but(&self) -> Option<Vec<u64>> {
        self.excluded().map(<[u64]>::to_vec)
    }

    fn as_code(&self) -> Option<OctalCode> {
        SubtractionSet::as_code(self)
    }

    fn direct_only(&self) -> bool {
        self.as_family().is_some()
    }

    fn search(&self, search: Search<'_, '_>, ctx: &mut Context<'_>) -> Result<Analysis, Error> {
        match (self.finite_moves(), self.as_family(), SubtractionSet::as_code(self)) {
            (Some(set), _, _) => search.on(self, SubtractionValues::new(set), ctx),
            (_, Some(f), _) => search.on(self, FamilyValues::new(f), ctx),
            (_, _, Some(code)) => search.on(self, GroupValues::new(&code), ctx),
            _ => Err(Error::Internal("a subtraction set of no kind".into())),
        }
    }
}
