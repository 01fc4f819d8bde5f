//! The certificate of a finite take-and-break code: how many consecutive
//! agreements `g(i + p) = g(i)` from `i = e` prove that its nim-sequence is
//! periodic from `e` with period `p` ([`OctalCode::certificate_length`]), by
//! bounds of the Guy–Smith type, one per kind of move, and their proof.
//!
//! The agreements must cover `e <= i < X`, `X` the largest bound below over
//! the kinds of move the code has, each with its own largest removal (`t1`
//! of moves leaving at most one heap, `t2` of two-heap splits without `!`,
//! `t2!` with `!`, `t3` of three-heap splits) and `E = max(e, 1)`:
//! * at most one heap left: `X1 = e + t1` when each such digit's low bits
//!   are 3 (taking the whole heap is leaving heap 0), else `X1 = E + t1`;
//! * two heaps: `X2 = 2E + p + t2 − 1` (one less than the Guy–Smith range
//!   `2e + p + t` for `e >= 1`);
//! * two different heaps (`!`): `X2! = 2E + q + t2! − 1`, with `q = p` when
//!   `p` is even or the `!` removals have both parities, else `q = 2p`;
//! * three heaps: `X3 = 3E + 2p + t3 − 2`;
//! * three different heaps (`!`): `X3! = 3E + 5p + t3! − 2`.
//!
//! **Proof.** Assume `g(m + p) = g(m)` for `e <= m < n` with `n >= X`; we
//! show `g(n + p) = g(n)`, comparing the option values of `n` and `n + p`
//! move kind by move kind; by induction the period then holds for every
//! `n >= e`.
//!
//! *One heap.* A move removing `k <= t1` leaves `n − k` and `n + p − k`,
//! with `n − k >= e` (as `n >= e + t1`), so the values agree. No heap larger
//! than `t1` can be taken whole. A heap of exactly `k` has an option only by
//! bit 1 while `p + k` has it only by bit 2, so unless the digit has both
//! (taking the whole heap then leaves heap 0, and `g(p) = g(0)` when `e = 0`)
//! every `n − k >= 1`: `n >= 1 + t1`.
//!
//! *Two heaps.* A split of `n + p` removing `k` leaves `a <= b` with
//! `a + b = n + p − k`, so `b >= ⌈(n + p − k)/2⌉`, which
//! `n >= 2E + p + t2 − 1` makes `>= E + p`: `(a, b − p)` is a split of `n`
//! with `b − p >= E` (nonempty) and `g(b − p) = g(b)`. Conversely a split
//! `a <= c` of `n` has `c >= ⌈(n − k)/2⌉ >= e`, so `(a, c + p)` is a split
//! of `n + p` with the same value.
//!
//! *Two different heaps.* Conversely as before (`c + p > c > a`). A split
//! `a < b` of `n + p` has `b >= ⌊(n + p − k)/2⌋ + 1 >= E + p`, and `(a, b −
//! p)` is a split of `n` unless `b − p = a`: the split `(a, a + p)` with
//! `2a = n − k`, of value `g(a) ⊕ g(a + p) = 0` as `a >= e`. So the options
//! of `n + p` are those of `n` plus perhaps `0`, and the values agree unless
//! `g(n) = 0` while `n − k` is even (`>= 2`) for a `!` removal `k` ("`n` is
//! exposed"). Then `n − q` is exposed too (same parity, or another `!`
//! removal `k'` of the other parity), `g(n − q) = g(n)` (`q` is a multiple
//! of `p`, `n − q >= e`), and `n − q + p` has the option `(a', a' + p)` of
//! value 0 with `a' = (n − q − k')/2 >= E`: `n − q − k' >= 2E − 1` by the
//! bound, and it is even. Since `g(n − q + p) = g(n − q)` is already known,
//! `g(n) = g(n − q) != 0`.
//!
//! *Three heaps.* A split `a <= b <= c` of `n + p` has
//! `c >= ⌈(n + p − k)/3⌉ >= E + p`, so `(a, b, c − p)` is a split of `n`
//! with the same value; conversely a split of `n` with largest part
//! `c >= ⌈(n − k)/3⌉ >= e` gives `(a, b, c + p)`.
//!
//! *Three different heaps.* Conversely as before (`c + p` differs from
//! `a < b < c`). A split `a < b < c` of `n + p` (sum `S = n + p − k`)
//! loses `p` from one part, keeping the parts different and `>= E` (so
//! that the part's value is unchanged): from `c`, unless `c − p` is `a` or
//! `b`; if `c − p = b`, from `b` (`b − p >= E` as `S >= 3E + 4p − 3`),
//! unless also `b − p = a`; if `c − p = a`, from `b` (`b > (n − k)/3`). Left
//! is the split `(a, a + p, a + 2p)` with `3a = n − k − 2p`: it becomes
//! `(a − p, a + p, a + 2p)`, a split of `n` of the same value
//! `g(a − p) ⊕ g(a + p) ⊕ g(a + 2p) = g(a)` once `a − p >= E`, that is
//! `S >= 3E + 6p`: by the bound `S >= 3E + 6p − 2`, and `S = 3a + 3p` is a
//! multiple of 3. (The other reductions need only `S >= 3E + 4p`.)
//!
//! Each bound is tight, and so is the choice of `q`: weakened by one (or
//! `q = p` for every `p`), some code of up to three digits certifies a false
//! period from a short prefix (tested in `no_prefix_certifies_a_false_period`
//! and `no_prefix_certifies_a_false_period_for_hexadecimal_and_bang_codes`).

use super::OctalCode;
use super::octal::{LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, TAKE_ALL};

impl OctalCode {
    /// How many consecutive agreements `g(i + p) = g(i)` from `i = e` prove that
    /// the sequence of a finite code is periodic from `e` with period `p`;
    /// `None` for a code with a repeating group (no theorem here applies).
    ///
    /// The bounds, one per kind of move, and their proof are in
    /// `crate::heap::certificate`.
    ///
    /// ```
    /// use grundy::heap::OctalCode;
    ///
    /// // Kayles: t1 = t2 = 2, so X = 2e + p + 1 and e + p + 1 agreements certify
    /// let kayles = OctalCode::parse("0.77").unwrap();
    /// assert_eq!(kayles.certificate_length(71, 12), Some(71 + 12 + 1));
    /// assert_eq!(OctalCode::parse("0.[3]").unwrap().certificate_length(0, 1), None);
    /// ```
    pub fn certificate_length(&self, e: usize, p: usize) -> Option<usize> {
        if self.group().is_some() {
            return None;
        }
        let big_e = e.max(1);
        let mut x = e;
        if let Some(t1) = self.max_removal_with(TAKE_ALL | LEAVE_ONE, None) {
            let low_bits_3 = self.written()[1..].iter().all(|d| d.bits & 3 == 0 || d.bits & 3 == 3);
            x = x.max(if low_bits_3 { e + t1 } else { big_e + t1 });
        }
        if let Some(t2) = self.max_removal_with(LEAVE_TWO, Some(false)) {
            x = x.max(2 * big_e + p + t2 - 1);
        }
        if let Some(t2) = self.max_removal_with(LEAVE_TWO, Some(true)) {
            let parities = |r: usize| {
                self.written()
                    .iter()
                    .enumerate()
                    .any(|(k, d)| d.bits & LEAVE_TWO != 0 && d.distinct && k % 2 == r)
            };
            let q = if p.is_multiple_of(2) || (parities(0) && parities(1)) { p } else { 2 * p };
            x = x.max(2 * big_e + q + t2 - 1);
        }
        if let Some(t3) = self.max_removal_with(LEAVE_THREE, Some(false)) {
            x = x.max(3 * big_e + 2 * p + t3 - 2);
        }
        if let Some(t3) = self.max_removal_with(LEAVE_THREE, Some(true)) {
            x = x.max(3 * big_e + 5 * p + t3 - 2);
        }
        Some(x - e)
    }
}
