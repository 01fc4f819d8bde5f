//! The minimum excluded value (mex) of a heap's option values, with a seen
//! buffer reused from heap to heap: the plain mex of every sequencer that
//! lists a heap's options one by one (subtraction sets, families, rules of
//! your own, the quadratic reference of codes). The rare-value and bit-set
//! mexes of [`super::rare`] are specialised and do not use it.

/// A reusable mex: [`Mex::clear`] for a heap with at most `options` options,
/// [`Mex::mark`] each option's value, then [`Mex::smallest_unmarked`].
///
/// The mex of `k` options is at most `k`, so only the values `0..=k` are
/// kept: larger ones cannot be the answer, and marking them does nothing.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mex {
    seen: Vec<bool>,
}

impl Mex {
    /// A mex with an empty buffer.
    pub(crate) fn new() -> Self {
        Mex::default()
    }

    /// Starts the mex of a heap with at most `options` options.
    #[inline]
    pub(crate) fn clear(&mut self, options: usize) {
        self.seen.clear();
        self.seen.resize(options + 1, false);
    }

    /// Marks the value `v` as reached.
    #[inline]
    pub(crate) fn mark(&mut self, v: u32) {
        if let Some(s) = self.seen.get_mut(v as usize) {
            *s = true;
        }
    }

    /// The smallest value not marked since [`Mex::clear`].
    #[inline]
    pub(crate) fn smallest_unmarked(&self) -> u32 {
        self.seen.iter().position(|&s| !s).unwrap_or(self.seen.len()) as u32
    }

    /// The mex of `values`, at most `options` of them.
    #[inline]
    pub(crate) fn of(&mut self, options: usize, values: impl IntoIterator<Item = u32>) -> u32 {
        self.clear(options);
        for v in values {
            self.mark(v);
        }
        self.smallest_unmarked()
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
        m.clear(4);
        m.mark(1);
        assert_eq!(m.smallest_unmarked(), 0);
    }
}
