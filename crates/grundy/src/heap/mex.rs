//! The minimum excluded value (mex) of a heap's option values, with a seen
//! buffer reused from heap to heap: the plain mex of every sequencer that
//! lists a heap's options one by one (subtraction sets, families, rules of
//! your own, the quadratic reference of codes). The rare-value and bit-set
//! mexes of [`super::rare`] are specialised and do not use it.

/// A reusable mex: [`Mex::clear`] for a heap with at most `options` options
/// gives the [`Marks`] of that heap; [`Marks::mark`] each option's value, then
/// [`Marks::smallest_unmarked`] (or all at once: [`Mex::of`]).
///
/// The mex of `k` options is at most `k`, so only the values `0..=k` are
/// kept: a larger one cannot be the answer, and marking it marks a spare
/// slot past them (no branch in the marking loop). A slot is marked when it
/// holds the current heap's stamp, so clearing costs nothing: the stamp
/// moves on, and the buffer only grows.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mex {
    stamps: Vec<u32>,
    now: u32,
}

/// The marks of one heap's options (see [`Mex`]).
pub(crate) struct Marks<'a> {
    /// The values `0..bound` and the spare slot `bound` (the last).
    stamps: &'a mut [u32],
    now: u32,
}

impl Mex {
    /// A mex with an empty buffer.
    pub(crate) fn new() -> Self {
        Mex::default()
    }

    /// Starts the mex of a heap with at most `options` options.
    #[inline]
    pub(crate) fn clear(&mut self, options: usize) -> Marks<'_> {
        let bound = options + 1;
        if self.stamps.len() <= bound {
            self.stamps.resize(bound + 1, 0);
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            // after 2^32 − 1 heaps: no slot keeps an old stamp
            self.stamps.fill(0);
            self.now = 1;
        }
        Marks { stamps: &mut self.stamps[..=bound], now: self.now }
    }

    /// The mex of `values`, at most `options` of them.
    #[inline]
    pub(crate) fn of(&mut self, options: usize, values: impl IntoIterator<Item = u32>) -> u32 {
        let mut marks = self.clear(options);
        for v in values {
            marks.mark(v);
        }
        marks.smallest_unmarked()
    }
}

impl Marks<'_> {
    /// Marks the value `v` as reached.
    #[inline]
    pub(crate) fn mark(&mut self, v: u32) {
        let spare = self.stamps.len() - 1;
        self.stamps[(v as usize).min(spare)] = self.now;
    }

    /// The smallest value not marked.
    #[inline]
    pub(crate) fn smallest_unmarked(&self) -> u32 {
        let bound = self.stamps.len() - 1;
        self.stamps[..bound].iter().position(|&s| s != self.now).unwrap_or(bound) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_small_lists() {
        let mut m = Mex::new();
        assert_eq!(m.of(0, []), 0);
        assert_eq!(m.of(3, [0, 1, 2]), 3);
        assert_eq!(m.of(3, [2, 0, 7]), 1);
        assert_eq!(m.of(2, [1, 1]), 0);
        // the buffer is reused: nothing of the last heap stays marked
        let mut marks = m.clear(4);
        marks.mark(1);
        assert_eq!(marks.smallest_unmarked(), 0);
        // values past the bound change nothing
        assert_eq!(m.of(5, [0, 1, 2, 3, 4, 9]), 5);
        assert_eq!(m.of(1, [5]), 0);
        assert_eq!(m.of(1, [0]), 1);
    }
}
