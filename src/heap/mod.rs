//! Nim-value sequences of heap games and their certified periodicity.
//!
//! A heap game assigns a nim-value `g(i)` to each heap size `i >= 0`. Subtraction
//! games are always eventually periodic; octal games often are, and the Guy–Smith
//! theorem certifies it from a finite prefix. A certified `(preperiod, period)`
//! turns a histogram over `1..=N` or `0..N` into `O(preperiod + period)` work,
//! whatever `N` is.

pub mod octal;
pub mod period;
pub mod rare;
pub mod subtraction;

pub use octal::OctalCode;
pub use period::{Periodic, find_period, histogram_range};
pub use rare::RareValues;
pub use subtraction::SubtractionSet;

use crate::error::Error;

/// A heap game: a finite subtraction set or an octal code.
#[derive(Clone, Debug)]
pub enum HeapGame {
    /// Remove `s` tokens for `s` in a finite set.
    Subtraction(SubtractionSet),
    /// An octal take-and-break code.
    Octal(OctalCode),
}

/// What is known of a game's nim-sequence after a computation.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// `g(0..len)`: every value computed (or filled in from a certified period).
    pub values: Vec<u32>,
    /// How many values were computed from the rules before the period was certified.
    pub computed: usize,
    /// The certified preperiod and fundamental period, if proved.
    pub periodic: Option<Periodic>,
}

impl Analysis {
    /// The histogram of `g` over heap sizes `1..=n`: from the period when one is
    /// certified, otherwise from the computed values when they reach `n`.
    pub fn histogram(&self, n: u64) -> Result<Vec<u128>, Error> {
        if let Some(seq) = &self.periodic {
            return Ok(histogram_range(seq, 1, n as u128 + 1));
        }
        if (n as u128) < self.values.len() as u128 {
            let mut hist = Vec::new();
            for &v in &self.values[1..=n as usize] {
                if hist.len() <= v as usize {
                    hist.resize(v as usize + 1, 0u128);
                }
                hist[v as usize] += 1;
            }
            return Ok(hist);
        }
        Err(Error::input(format!(
            "no period was certified within {} values, so --n must be below {}; raise --max-len to compute further",
            self.computed, self.computed
        )))
    }
}

impl HeapGame {
    /// Builds a game from exactly one of `--moves` and `--game`.
    pub fn from_options(moves: Option<&str>, game: Option<&str>) -> Result<Self, Error> {
        match (moves, game) {
            (Some(m), None) => Ok(HeapGame::Subtraction(
                SubtractionSet::parse(m).map_err(|e| Error::input(format!("--moves: {e}")))?,
            )),
            (None, Some(g)) => Ok(HeapGame::Octal(OctalCode::parse(g)?)),
            (Some(_), Some(_)) => Err(Error::input("give either --moves or --game, not both")),
            (None, None) => Err(Error::input("give the game: --moves LIST or --game CODE")),
        }
    }

    /// A description: the move list or the code.
    pub fn describe(&self) -> String {
        match self {
            HeapGame::Subtraction(s) => {
                let list: Vec<String> = s.moves().iter().map(u64::to_string).collect();
                format!("subtraction {{{}}}", list.join(","))
            }
            HeapGame::Octal(c) => format!("octal {}", c.text()),
        }
    }

    /// How many agreements certify `(e, p)`; `None` when the game cannot be
    /// certified this way (a subtraction member beyond `usize`).
    fn certificate_length(&self, e: usize, p: usize) -> Option<usize> {
        match self {
            HeapGame::Subtraction(s) => usize::try_from(s.max()).ok(),
            HeapGame::Octal(c) => Some(c.certificate_length(e, p)),
        }
    }

    /// Computes nim-values until the period is certified or `max_len` values
    /// exist, and returns at least `want` values (filled in from the period when
    /// it is certified; otherwise at most `max_len`).
    pub fn analyze(&self, want: usize, max_len: usize) -> Analysis {
        self.analyze_with(want, max_len, &mut |_, _| {})
    }

    /// [`HeapGame::analyze`], reporting `(values computed, max_len)` now and then.
    pub fn analyze_with(&self, want: usize, max_len: usize, progress: &mut dyn FnMut(u64, u64)) -> Analysis {
        let max_len = max_len.max(1);
        let mut len = 64.min(max_len);
        let mut octal = match self {
            HeapGame::Octal(c) => Some(RareValues::new(c)),
            HeapGame::Subtraction(_) => None,
        };
        loop {
            // Octal values stay in the resumable computation; only subtraction
            // games recompute their (cheap, O(len·|S|)) prefix.
            let owned;
            let values: &[u32] = match (&mut octal, self) {
                (Some(r), _) => {
                    r.extend_to_with(len, &mut |n| progress(n as u64, max_len as u64));
                    r.values()
                }
                (None, HeapGame::Subtraction(s)) => {
                    owned = s.values(len);
                    &owned
                }
                (None, HeapGame::Octal(_)) => unreachable!("octal games use RareValues"),
            };
            let certified = find_period(values, |e, p| self.certificate_length(e, p).unwrap_or(usize::MAX));
            if let Some((e, p)) = certified {
                progress(max_len as u64, max_len as u64);
                let seq = Periodic::new(values[..e + p].to_vec(), e, p);
                let filled: Vec<u32> = (0..want.max(len) as u64).map(|i| seq.value(i)).collect();
                return Analysis { values: filled, computed: len, periodic: Some(seq) };
            }
            if len >= max_len {
                progress(max_len as u64, max_len as u64);
                return Analysis { values: values.to_vec(), computed: len, periodic: None };
            }
            len = (len * 2).min(max_len);
        }
    }
}
