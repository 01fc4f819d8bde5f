//! What a computation runs within: a budget, and an observer of its progress.

use crate::error::{Budget, Error};

/// Watches a long computation: called now and then with a stage label and the
/// progress `(done, total)` within it; returning `false` stops the computation
/// with [`Error::Interrupted`].
pub type Observer<'a> = dyn FnMut(&str, u64, u64) -> bool + Send + 'a;

/// The budget a computation is checked against, and its observer.
///
/// ```
/// use grundy::{Budget, Context, Counter, CoprimeNim, Error, Modulus, Outcome};
///
/// let mut seen = 0;
/// let mut observer = |_stage: &str, _done: u64, _total: u64| {
///     seen += 1;
///     true
/// };
/// let mut ctx = Context::new(Budget::default()).with_observer(&mut observer);
/// let game = CoprimeNim::new(10_000_000, 3).unwrap();
/// let m = grundy::Arithmetic::Modulo(Modulus::new(1_000_000_007).unwrap());
/// game.count_with(m, Outcome::Losing, &mut ctx).unwrap();
/// drop(ctx);
/// assert!(seen > 0);
///
/// // An observer that says stop.
/// let mut stop = |_: &str, _: u64, _: u64| false;
/// let mut ctx = Context::default().with_observer(&mut stop);
/// assert_eq!(game.count_with(m, Outcome::Losing, &mut ctx), Err(Error::Interrupted));
/// ```
#[derive(Default)]
pub struct Context<'a> {
    /// The limits checked before work starts.
    pub budget: Budget,
    observer: Option<&'a mut Observer<'a>>,
}

impl<'a> Context<'a> {
    /// A context with this budget and no observer.
    pub fn new(budget: Budget) -> Self {
        Context { budget, observer: None }
    }

    /// The same context, reporting to `observer`.
    pub fn with_observer(self, observer: &'a mut Observer<'a>) -> Self {
        Context { observer: Some(observer), ..self }
    }

    /// Reports progress; `Err(Interrupted)` when the observer says stop.
    pub fn progress(&mut self, stage: &str, done: u64, total: u64) -> Result<(), Error> {
        match &mut self.observer {
            Some(o) => {
                if o(stage, done, total) {
                    Ok(())
                } else {
                    Err(Error::Interrupted)
                }
            }
            None => Ok(()),
        }
    }
}
