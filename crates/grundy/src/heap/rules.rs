//! Heap games of your own: the options of a heap given by a function.
//!
//! A move from a heap of `n` tokens leaves a multiset of heaps (none, one, or
//! several: splitting games). By Sprague–Grundy the value of a multiset is the
//! XOR of its heaps' values, so `g(n) = mex{ g(a₁) ⊕ … ⊕ g(a_j) }` over the
//! options `{a₁, …, a_j}` of `n`, computed for `n = 0, 1, 2, …` in turn and
//! memoized. Cost: one call of the function and one read per heap of every
//! option, per value.

use super::HeapFamily;
use super::mex::Mex;
use crate::error::Error;
use std::fmt;
use std::sync::Arc;

/// The options function: for a heap of `n`, the multisets of heaps a move can
/// leave (`Err` stops the computation with that error).
pub type OptionsFn = dyn Fn(u64) -> Result<Vec<Vec<u64>>, Error> + Send + Sync;

/// A heap game given by the options of each heap.
///
/// Every heap of an option must be smaller than the heap moved from (so the
/// game ends); heaps of size 0 stand for nothing.
///
/// ```
/// use grundy::HeapRules;
///
/// // Take 1 or 2 tokens, or split a heap into two nonempty heaps.
/// let game = HeapRules::new("take 1 or 2, or split", |n| {
///     let mut options = Vec::new();
///     for take in [1, 2] {
///         if take <= n {
///             options.push(vec![n - take]);
///         }
///     }
///     for a in 1..=n / 2 {
///         if n - a > 0 {
///             options.push(vec![a, n - a]);
///         }
///     }
///     options
/// });
/// assert_eq!(game.values(6).unwrap(), vec![0, 1, 2, 0, 3, 1]);
/// ```
#[derive(Clone)]
pub struct HeapRules {
    name: String,
    options: Arc<OptionsFn>,
}

impl fmt::Debug for HeapRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HeapRules").field("name", &self.name).finish_non_exhaustive()
    }
}

impl HeapRules {
    /// A game from an options function that cannot fail.
    pub fn new(
        name: impl Into<String>,
        options: impl Fn(u64) -> Vec<Vec<u64>> + Send + Sync + 'static,
    ) -> Self {
        Self::try_new(name, move |n| Ok(options(n)))
    }

    /// A game from an options function that may fail (a callback into another
    /// language, say); its error ends the computation.
    pub fn try_new(
        name: impl Into<String>,
        options: impl Fn(u64) -> Result<Vec<Vec<u64>>, Error> + Send + Sync + 'static,
    ) -> Self {
        HeapRules { name: name.into(), options: Arc::new(options) }
    }

    /// The name given to the game.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options of a heap of `n`, checked: every heap smaller than `n`.
    pub fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, Error> {
        smaller(n, (self.options)(n)?)
    }

    /// `g(0..len)`.
    pub fn values(&self, len: usize) -> Result<Vec<u32>, Error> {
        let mut seq = RuleValues::new(self);
        while seq.g.len() < len {
            seq.push_next()?;
        }
        Ok(seq.g)
    }
}

/// `options`, the options of a heap of `n`, once every heap they leave is
/// shown smaller than `n`.
fn smaller(n: u64, options: Vec<Vec<u64>>) -> Result<Vec<Vec<u64>>, Error> {
    if let Some(bad) = options.iter().flatten().find(|&&a| a >= n) {
        return Err(Error::InvalidRule(format!(
            "the options of a heap of {n} include a heap of {bad}: every heap left by a move must be smaller"
        )));
    }
    Ok(options)
}

/// The memoized computation of the values of any family from its options
/// ([`HeapFamily::options`]): the rules' computation, and that of a family
/// without an engine of its own.
pub(super) struct RuleValues<'a, F: HeapFamily + ?Sized> {
    rules: &'a F,
    pub(super) g: Vec<u32>,
    mex: Mex,
    pub(super) work: u64,
}

impl<'a, F: HeapFamily + ?Sized> RuleValues<'a, F> {
    pub(super) fn new(rules: &'a F) -> Self {
        RuleValues { rules, g: Vec::new(), mex: Mex::new(), work: 0 }
    }

    /// Appends `g(len)` known from elsewhere (a saved run).
    pub(super) fn push_known(&mut self, v: u32) {
        self.g.push(v);
    }

    /// Computes `g(len)`.
    pub(super) fn push_next(&mut self) -> Result<(), Error> {
        let n = self.g.len();
        let options = smaller(n as u64, self.rules.options(n as u64)?)?;
        let g = &self.g;
        let value =
            self.mex.of(options.len(), options.iter().map(|o| o.iter().fold(0, |x, &a| x ^ g[a as usize])));
        self.work += options.iter().map(|o| o.len() as u64 + 1).sum::<u64>();
        self.g.push(value);
        Ok(())
    }
}
