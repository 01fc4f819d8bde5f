//! Several heaps of one sequence at once: `N` threads take the heaps of a
//! stretch in turn (thread `t` the heaps `start + t + N·i`), each computing
//! its heap while the `N − 1` heaps before it are still being computed.
//!
//! A heap's options mostly involve heaps far below it; the few that involve
//! the heap just before it are *late* ([`super::split_mex`]: the move
//! leaving `h − 1`, the splits with a part that large). Every computation,
//! on one thread or several, marks and searches the other options first and
//! marks the late ones at the first candidate the others do not reach,
//! usually the value itself; only there does a thread wait for the heap
//! before its own. So the value and the work counted are those of the
//! one-thread computation, and results never depend on the number of
//! threads (tested on every path). Heaps with no late option never wait
//! (Dawson's Kayles `0.07` and chess `0.137`: no move removes fewer than
//! two tokens and leaves a heap); `0.6` (leaves `n − 1`) and Grundy's game
//! (splits off one token) wait at the end of their search, not at its start
//! (`scripts/bench-octal.sh --threads 2`, `docs/benchmarks.md`).
//!
//! **Publishing.** A finished heap is published in order: its thread waits
//! until every heap before it is published, then appends the value to the
//! lanes (and to the rare list) and moves the published length on. The lanes
//! are a [`Shelf`]: room for the whole stretch is reserved first, so the
//! values already published never move while other threads read them.
//!
//! **Where a stretch ends.** At the end asked for, where the mask may change
//! (the sequence doubles), and at a value that changes what the heaps after it
//! assume: a new largest value (the bound on the values, the byte marks, the
//! warm-up of the scans), a value wider than the lanes (published after the
//! threads stop, widening the lanes), or a stop asked for (the work budget,
//! an interruption). A thread that finds its heap is past such a value drops
//! it; the next stretch computes it again.
//!
//! **When.** Only where a heap costs enough work that a hand-over (a few
//! hundred nanoseconds of cache traffic) is small beside it:
//! [`PIPELINE_WORK`] units a heap, measured on the heaps just computed
//! (`RareValues::pace`, every 1024 heaps). Kayles `0.77`, `0.16` and
//! `0.106` stay on one thread (150 to 350 units a heap, whatever the length);
//! `0.6`, `0.14` and Grundy's game `4!.0` pass 2000 units within their first
//! `2·10^4` heaps (about 7000 to 8500 at `10^6`), Dawson's Kayles and chess
//! (`0.07`, `0.137`: a heap's mex is a search of all its pairs, growing with
//! the heap) near `2·10^5` heaps (8400 at `10^6`). Codes that split into three heaps
//! keep one thread: the pair sets of their splits are built once for the
//! sequence as it grows (`heap::bits`), and their work is counted there.
//!
//! And only while it is faster: the work done a second is measured on one
//! thread ([`Pacer`]) and on every stretch of the pipeline; a stretch that was
//! not faster (the other cores busy with other programs, the threads waiting
//! for each other) sends the computation back to one thread for a while, twice
//! as long each time it happens again. A thread that waits longer than half
//! a millisecond for another sleeps until woken, leaving its core to others.

use super::lanes::Lane;
use super::split_mex::{Prefix, Rules, Scratch, View, heap_value};
use std::mem::ManuallyDrop;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering, fence};
use std::thread::Thread;
use std::time::{Duration, Instant};

/// What a computation asks before each value: whether to stop, given the
/// number of values and the work so far.
pub(super) type StopAt<'s> = dyn Fn(usize, u64) -> bool + Sync + 's;

/// What a computation reports at every multiple of 1024 values or so (the number
/// of values and the work so far): `false` stops it.
pub(super) type Progress<'p> = dyn FnMut(usize, u64) -> bool + 'p;

/// The most work units (about nanoseconds each) between two progress reports
/// of a computation on one thread: besides every 1024 values, a report comes
/// once this much work is done, so that Ctrl-C is heard within a fraction of
/// a second when each heap costs much (three-heap splits of large heaps).
pub(super) const REPORT_WORK: u64 = 1 << 25;

/// Whether a computation on one thread that has `len` values and spent `work`
/// units reports progress now, its last report having been at `reported`
/// units: at every 1024 values, and after [`REPORT_WORK`] units.
pub(super) fn report_due(len: usize, work: u64, reported: u64) -> bool {
    len.is_multiple_of(1024) || work.saturating_sub(reported) >= REPORT_WORK
}

/// The work a heap must cost, in units (about a nanosecond), for two heaps
/// at once to pay: about two microseconds, several times a hand-over (the
/// pipeline is then judged by its measured speed).
pub(super) const PIPELINE_WORK: u64 = 2000;

/// Heaps computed on one thread before any pipeline (the pace is measured
/// there, and the first stretches are short).
const PIPELINE_FROM: usize = 4096;

/// The most threads one sequence uses.
pub(super) const MAX_THREADS: usize = 16;

/// The heaps of a first stretch of the pipeline, doubled after each stretch
/// that was faster than one thread up to [`MAX_STRETCH`]: the pipeline's
/// speed is judged (and the choice made again) at the end of every stretch,
/// so that a slow pipeline costs little before it is left.
const FIRST_STRETCH: usize = 1 << 13;
const MAX_STRETCH: usize = 1 << 16;

/// Seconds a stretch may take to get going (its threads started and
/// scheduled) before it is judged against one thread.
const START: f64 = 5e-3;

/// How long a waiting thread spins before it sleeps: long beside a heap
/// (microseconds), for once one thread sleeps, the wake-up (tens of
/// microseconds here) delays the other too and the two take turns sleeping;
/// short in tests, which run many threads on few cores.
const SPIN: Duration = Duration::from_micros(500);
const SPIN_FORCED: Duration = Duration::from_micros(20);

/// Heaps computed on one thread after a stretch that was not faster than one
/// thread, at first (doubled at each such stretch in a row, up to
/// [`MAX_BACKOFF`]).
const BACKOFF: usize = 1 << 14;
const MAX_BACKOFF: usize = 1 << 22;

/// When to compute several heaps at once: the work done a second on one
/// thread, measured, and where the pipeline may be tried next.
#[derive(Clone, Debug)]
pub(super) struct Pacer {
    /// Work units a second of the one-thread computation, lately.
    alone: Option<f64>,
    /// The values, work and time when the one-thread measurement started.
    since: Option<(usize, u64, Instant)>,
    /// No pipeline before this heap.
    off_until: usize,
    backoff: usize,
    /// The most heaps of the next stretch.
    stretch: usize,
    /// Tests: the pipeline whenever there are two threads, however short the
    /// heaps and stretches, unjudged.
    pub(super) forced: bool,
}

impl Default for Pacer {
    fn default() -> Self {
        Pacer {
            alone: None,
            since: None,
            off_until: 0,
            backoff: BACKOFF,
            stretch: FIRST_STRETCH,
            forced: false,
        }
    }
}

impl Pacer {
    /// Notes `len` values and `work` so far on one thread (called every 1024
    /// values): the rate is measured over at least 4096 values and 5 ms.
    pub(super) fn alone(&mut self, len: usize, work: u64) {
        let now = Instant::now();
        match self.since {
            Some((l, w, t)) if len >= l + 4096 && now - t >= Duration::from_millis(5) => {
                self.alone = Some((work - w) as f64 / (now - t).as_secs_f64());
                self.since = Some((len, work, now));
            }
            Some(_) => {}
            None => self.since = Some((len, work, now)),
        }
    }

    /// Judges a stretch of the pipeline that ended at `len` values after
    /// `heaps` heaps, `work` units and `elapsed` (`slow`: cut short for
    /// falling behind one thread): not faster than one thread, the next
    /// stretches run on one thread. A stretch of fewer than 256 heaps that
    /// ended for another reason (a new largest value) says nothing.
    fn judge(&mut self, len: usize, heaps: usize, work: u64, elapsed: Duration, slow: bool) {
        self.since = None;
        if self.forced || (heaps < 256 && !slow) {
            return;
        }
        let rate = work as f64 / elapsed.as_secs_f64().max(1e-9);
        match self.alone {
            Some(alone) if slow || rate < alone * 1.02 => {
                self.off_until = len + self.backoff;
                self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
                self.stretch = FIRST_STRETCH;
            }
            _ => {
                self.backoff = BACKOFF;
                self.stretch = (self.stretch * 2).min(MAX_STRETCH);
            }
        }
    }
}

impl Pacer {
    /// Whether the heaps `n..end` are worth computing on `threads` threads
    /// at once, a heap lately costing `pace` units (always, from the first
    /// heap, when tests force it); never for codes that split into three.
    pub(super) fn wants(&self, threads: usize, n: usize, end: usize, pace: u64, three_heaps: bool) -> bool {
        if threads < 2 || three_heaps {
            return false;
        }
        if self.forced {
            return end > n;
        }
        n >= PIPELINE_FROM
            && n >= self.off_until
            && self.alone.is_some()
            && end >= n + 2 * threads
            && pace >= PIPELINE_WORK
    }

    /// Where the stretch starting at `start` ends, at most `end`.
    pub(super) fn stretch_end(&self, start: usize, end: usize) -> usize {
        end.min(start + self.stretch)
    }

    /// Judges the stretch from `start` (at `clock`) to `len` values, `spent`
    /// units and how it ended (see [`Pacer::judge`]).
    pub(super) fn judged(&mut self, start: usize, len: usize, spent: u64, clock: Instant, outcome: &Outcome) {
        self.judge(len, len - start, spent, clock.elapsed(), outcome.slow);
    }
}

/// A stretch's plan: its rules, the largest value its lanes take, where it
/// ends, when to stop, and on how many threads.
pub(super) struct Plan<'r, 's> {
    pub(super) rules: Rules<'r>,
    pub(super) limit: u32,
    pub(super) end: usize,
    pub(super) stop: &'s StopAt<'s>,
    pub(super) threads: usize,
}

/// The state a stretch starts from and hands back: the values, the rare
/// heaps with their values, and the work so far.
pub(super) struct Stretch<T> {
    pub(super) values: Vec<T>,
    pub(super) rare: Vec<usize>,
    pub(super) rare_values: Vec<u32>,
    pub(super) work: u64,
}

/// What the calling thread watches besides its heaps: the progress report,
/// and whether the stretch keeps pace with one thread.
struct Watch<'w, 'p> {
    progress: &'w mut Progress<'p>,
    /// The work a second of one thread, lately.
    alone: Option<f64>,
    /// The work and time at the start of the stretch.
    work: u64,
    clock: Instant,
}

/// How a stretch ended, past the values published.
pub(super) struct Outcome {
    /// The next heap's value, wider than the lanes, and its work.
    pub(super) wide: Option<(u32, u64)>,
    /// Whether `progress` asked to stop.
    pub(super) interrupted: bool,
    /// Whether it was cut short for falling behind one thread.
    slow: bool,
}

/// Why the calling thread left a stretch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Exit {
    /// Its heaps done, or the stretch stopped for a reason of the values.
    Done,
    /// `progress` asked to stop.
    Interrupted,
    /// Far behind one thread.
    Slow,
}

/// Computes the heaps from `state`'s length up to `plan.end` (or a stop, see
/// the module documentation) on `plan.threads` threads, this one with
/// `main`'s marks and the others with `helpers`' (made as needed).
pub(super) fn run<T: Lane>(
    state: Stretch<T>,
    plan: &Plan<'_, '_>,
    pacer: &Pacer,
    marks: (&mut Scratch, &mut Vec<Scratch>),
    progress: &mut Progress<'_>,
) -> (Stretch<T>, Outcome) {
    let (rules, end, stop, threads) = (&plan.rules, plan.end, plan.stop, plan.threads.max(1));
    let start = state.values.len();
    let room = end - start;
    let pipe = Pipe {
        values: Shelf::new(state.values, room),
        rare: Shelf::new(state.rare, room),
        rare_values: Shelf::new(state.rare_values, room),
        stopped: AtomicBool::new(false),
        work: AtomicU64::new(state.work),
        wide: Mutex::new(None),
        end,
        limit: plan.limit,
        threads,
        spin: if pacer.forced { SPIN_FORCED } else { SPIN },
        sleepers: AtomicUsize::new(0),
        parked: Mutex::new(Vec::new()),
    };
    let (main, helpers) = marks;
    if helpers.len() < threads - 1 {
        helpers.resize_with(threads - 1, Scratch::default);
    }
    let alone = pacer.alone.filter(|_| !pacer.forced);
    let exit = std::thread::scope(|scope| {
        for (t, s) in helpers[..threads - 1].iter_mut().enumerate() {
            let pipe = &pipe;
            scope.spawn(move || pipe.worker(rules, s, start + 1 + t, stop, None));
        }
        let watch = Watch { progress, alone, work: state.work, clock: Instant::now() };
        pipe.worker(rules, main, start, stop, Some(watch))
    });
    let wide = pipe.wide.into_inner().unwrap_or_else(|e| e.into_inner());
    let state = Stretch {
        values: pipe.values.into_vec(),
        rare: pipe.rare.into_trimmed_vec(),
        rare_values: pipe.rare_values.into_trimmed_vec(),
        work: pipe.work.into_inner(),
    };
    let (interrupted, slow) = (exit == Exit::Interrupted, exit == Exit::Slow);
    (state, Outcome { wide, interrupted, slow })
}

/// The state the threads of a stretch share.
struct Pipe<T> {
    /// `g(0..published)`: the published length is the turn (heap `h` is
    /// published by its thread once the length is `h`).
    values: Shelf<T>,
    rare: Shelf<usize>,
    rare_values: Shelf<u32>,
    /// The stretch ends before `end`: no heap past the published ones is wanted.
    stopped: AtomicBool,
    /// The work of the published heaps (written under the turn).
    work: AtomicU64,
    /// The value of the next heap when it is wider than the lanes, and its work.
    wide: Mutex<Option<(u32, u64)>>,
    end: usize,
    /// The largest value the lanes take.
    limit: u32,
    threads: usize,
    /// How long a waiting thread spins before it sleeps.
    spin: Duration,
    /// How many threads are asleep in [`Pipe::wait`], and every thread of the
    /// stretch (to wake them).
    sleepers: AtomicUsize,
    parked: Mutex<Vec<Thread>>,
}

/// Sets the stop flag when a thread leaves by a panic, so that the others
/// stop waiting for its heaps.
struct StopOnPanic<'a, T>(&'a Pipe<T>);

impl<T> Drop for StopOnPanic<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

impl<T: Lane> Prefix<T> for Pipe<T> {
    fn view(&self) -> View<'_, T> {
        let g = self.values.prefix();
        let rare = self.rare.prefix();
        // the values are pushed before the heaps: at least as many
        let rare_values = &self.rare_values.prefix()[..rare.len()];
        View { g, rare, rare_values }
    }

    fn wait(&self, len: usize) -> bool {
        // `Some(answer)` once `g(0..len)` is published or the stretch stopped
        let ready = || match (self.values.len() >= len, self.stopped.load(Ordering::Acquire)) {
            // a stop is flagged before the value that causes it is published
            (true, stopped) => Some(!stopped),
            (false, true) => Some(false),
            (false, false) => None,
        };
        let start = Instant::now();
        let mut spins = 0u32;
        loop {
            if let Some(answer) = ready() {
                return answer;
            }
            spins = spins.wrapping_add(1);
            if !spins.is_multiple_of(256) || start.elapsed() < self.spin {
                std::hint::spin_loop();
                continue;
            }
            // asleep until a publication or a stop wakes every sleeper: the
            // count is raised, then a fence, then the last look; a publisher
            // publishes, then a fence, then reads the count (one of the two
            // sees the other's write, so no wake-up is missed)
            self.sleepers.fetch_add(1, Ordering::SeqCst);
            fence(Ordering::SeqCst);
            while ready().is_none() {
                std::thread::park();
            }
            self.sleepers.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

impl<T> Pipe<T> {
    /// Ends the stretch: no heap past the published ones is wanted.
    fn stop(&self) {
        self.stopped.store(true, Ordering::Release);
        self.wake();
    }

    /// Wakes the threads asleep in [`Pipe::wait`], if any.
    fn wake(&self) {
        fence(Ordering::SeqCst);
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            for t in self.parked.lock().unwrap_or_else(|e| e.into_inner()).iter() {
                t.unpark();
            }
        }
    }
}

impl<T: Lane> Pipe<T> {
    /// Computes and publishes the heaps `first, first + N, …` below `end`
    /// until the stretch stops; the calling thread (`progress` given) reports
    /// progress and returns whether it asked to stop.
    fn worker(
        &self,
        rules: &Rules<'_>,
        s: &mut Scratch,
        first: usize,
        stop: &StopAt<'_>,
        mut watch: Option<Watch<'_, '_>>,
    ) -> Exit {
        self.parked.lock().unwrap_or_else(|e| e.into_inner()).push(std::thread::current());
        let _guard = StopOnPanic(self);
        let window = self.threads - 1;
        let mut reported = self.values.len() / 1024;
        let mut h = first;
        while h < self.end {
            let Some((v, work)) = heap_value(rules, s, self, h, window) else {
                return Exit::Done;
            };
            // the turn: every heap before `h` published
            if !self.wait(h) {
                return Exit::Done;
            }
            let before = self.work.load(Ordering::Relaxed);
            if stop(h, before) {
                self.stop();
                return Exit::Done;
            }
            let Some(lane) = T::try_from(v).ok().filter(|_| v <= self.limit) else {
                *self.wide.lock().unwrap_or_else(|e| e.into_inner()) = Some((v, work));
                self.stop();
                return Exit::Done;
            };
            let largest = v as usize >= rules.top;
            if largest {
                // flagged first: a thread waiting for this value drops its heap
                self.stopped.store(true, Ordering::Release);
            }
            self.work.store(before + work, Ordering::Relaxed);
            // SAFETY: this thread holds the turn (the published length is
            // `h`, and only the thread of heap `h` publishes it), so it is the
            // only one appending.
            unsafe {
                if !rules.is_common(h, v) {
                    self.rare_values.push(v);
                    self.rare.push(h);
                }
                self.values.push(lane);
            }
            self.wake();
            if largest {
                return Exit::Done;
            }
            if let Some(watch) = watch.as_mut() {
                let (len, work) = (self.values.len(), self.work.load(Ordering::Relaxed));
                if len / 1024 > reported {
                    reported = len / 1024;
                    if !(watch.progress)(len, work) {
                        self.stop();
                        return Exit::Interrupted;
                    }
                }
                // far behind one thread (other programs on the cores, the
                // threads waiting for each other): end the stretch now
                let elapsed = watch.clock.elapsed().as_secs_f64();
                // (with a few milliseconds for the threads to start: more on
                // a busy machine)
                if let Some(alone) = watch.alone
                    && elapsed > 1.5 * (work - watch.work) as f64 / alone + START
                {
                    self.stop();
                    return Exit::Slow;
                }
            }
            h += self.threads;
        }
        Exit::Done
    }
}

/// A vector shared by the threads of a stretch: any thread reads the
/// published prefix, and the one thread whose turn it is appends. Its room is
/// reserved when it is made, so the prefix never moves.
///
/// **Memory.** The room is reserved exactly (not the doubling of
/// `Vec::reserve`), and the rare lists give their spare room back when the
/// stretch ends, down to half their length ([`Shelf::into_trimmed_vec`]). So a stretch of `r` heaps
/// holds at most `r` entries past a list's length, and between stretches a
/// list holds at most half its length spare, whatever the stretches before
/// were. The lengths of the stretches depend on timing (the pacer judges
/// each against one thread); with doubling, the rare lists' capacity, and so
/// the run's peak memory, did too (a run of Grundy's game to `2^19` on two
/// threads once peaked 1.4 MB above its usual 2.9 MB).
struct Shelf<T> {
    ptr: *mut T,
    cap: usize,
    len: AtomicUsize,
}

// SAFETY: a `Shelf` owns its values like a `Vec`; shared, it hands out only
// the published prefix (never written again) and appends past it under the
// caller's turn (`Shelf::push`).
unsafe impl<T: Send + Sync> Sync for Shelf<T> {}
// SAFETY: as for `Vec<T>`.
unsafe impl<T: Send> Send for Shelf<T> {}

impl<T: Copy> Shelf<T> {
    /// The values of `v`, with room for `room` more.
    fn new(mut v: Vec<T>, room: usize) -> Self {
        v.reserve_exact(room);
        let mut v = ManuallyDrop::new(v);
        Shelf { ptr: v.as_mut_ptr(), cap: v.capacity(), len: AtomicUsize::new(v.len()) }
    }

    /// How many values are published.
    fn len(&self) -> usize {
        self.len.load(Ordering::Acquire)
    }

    /// The published values.
    fn prefix(&self) -> &[T] {
        let len = self.len();
        // SAFETY: the first `len` values were written before `len` was
        // published (release, read here with acquire) and are never written
        // again; the allocation lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr, len) }
    }

    /// Publishes one more value.
    ///
    /// # Safety
    ///
    /// No other thread may push at the same time (the caller holds the turn).
    unsafe fn push(&self, v: T) {
        let len = self.len.load(Ordering::Relaxed);
        assert!(len < self.cap, "a stretch outgrew the room reserved for it");
        // SAFETY: `len < cap`, the slot is past every reader's prefix, and
        // no other thread writes (the caller's turn).
        unsafe { self.ptr.add(len).write(v) };
        self.len.store(len + 1, Ordering::Release);
    }

    /// The vector back.
    fn into_vec(self) -> Vec<T> {
        let me = ManuallyDrop::new(self);
        // SAFETY: the parts of the vector given to `new`, its length grown by
        // `push` within its capacity.
        unsafe { Vec::from_raw_parts(me.ptr, me.len.load(Ordering::Acquire), me.cap) }
    }

    /// The vector back, with at most half its length spare: the room of the
    /// stretch not used is given back (pushes after it grow the vector as
    /// usual). For the rare lists; the values keep the room reserved for the
    /// whole run.
    fn into_trimmed_vec(self) -> Vec<T> {
        let mut v = self.into_vec();
        v.shrink_to(v.len() + v.len() / 2);
        v
    }
}

impl<T> Drop for Shelf<T> {
    fn drop(&mut self) {
        // SAFETY: as in `into_vec` (reached only when a thread panicked).
        drop(unsafe { Vec::from_raw_parts(self.ptr, *self.len.get_mut(), self.cap) });
    }
}

#[cfg(test)]
mod tests {
    use super::super::lanes::LaneVec;
    use super::super::rare::RareValues;
    use super::Shelf;
    use crate::heap::OctalCode;
    use proptest::prelude::*;

    /// The values and work of `len` values of `code` on `threads` threads
    /// (the pipeline forced from the first heap on), the lanes widening past
    /// `limits`, and stopped before the heap where the work reaches `budget`.
    fn run(code: &OctalCode, len: usize, threads: usize, limits: [u32; 2], budget: u64) -> (Vec<u32>, u64) {
        let mut r = RareValues::with_lanes(code, LaneVec::with_limits(limits)).with_threads(threads);
        if threads > 1 {
            r = r.with_pipeline_forced();
        }
        r.extend(len, &|_, work| work >= budget, &mut |_, _| true);
        (r.values().to_vec(), r.work())
    }

    /// Every thread count gives the values and the work of one thread; the
    /// values are those of the plain definition.
    fn assert_same_on_any_threads(code: &str, len: usize) {
        let c = OctalCode::parse(code).unwrap();
        let truth = c.values_quadratic(len);
        let alone = run(&c, len, 1, [255, 65535], u64::MAX);
        assert_eq!(alone.0, truth, "{code}");
        for threads in [2, 3, 4] {
            assert_eq!(run(&c, len, threads, [255, 65535], u64::MAX), alone, "{code} on {threads} threads");
        }
        // lanes widened early: bytes past 3, words past 40
        let tiny = run(&c, len, 1, [3, 40], u64::MAX);
        assert_eq!(tiny.0, truth, "{code} in tiny lanes");
        assert_eq!(run(&c, len, 2, [3, 40], u64::MAX), tiny, "{code} in tiny lanes on 2 threads");
        // a work budget stops every thread count before the same heap
        let budget = alone.1 / 2;
        let half = run(&c, len, 1, [255, 65535], budget);
        assert!(half.0.len() < len && half.1 >= budget, "{code}");
        for threads in [2, 3] {
            assert_eq!(
                run(&c, len, threads, [255, 65535], budget),
                half,
                "{code} stopped, {threads} threads"
            );
        }
    }

    #[test]
    fn a_shelf_reserves_its_room_exactly_and_a_rare_list_gives_the_rest_back() {
        // capacity 100 < 90 + 60 < 200: `Vec::reserve` would double to 200
        let mut v: Vec<usize> = Vec::with_capacity(100);
        v.extend(0..90);
        let shelf = Shelf::new(v, 60);
        assert_eq!(shelf.cap, 150);
        // SAFETY: this thread alone pushes
        unsafe { shelf.push(7) };
        assert_eq!(shelf.prefix().len(), 91);
        let v = shelf.into_trimmed_vec();
        assert_eq!((v.len(), v.capacity()), (91, 136));
        assert_eq!(v[90], 7);
        // the values keep their room
        let values = Shelf::new(Vec::<u8>::with_capacity(1000), 10).into_vec();
        assert_eq!(values.capacity(), 1000);
    }

    #[test]
    fn thread_counts_agree_on_classic_games() {
        // every path: sparse in the range or the domain (odd and even
        // removals), no sparse set (vector search, full scan), `!`, values past
        // a byte, three-heap splits, late options (d1 or d0 splitting) or none
        for (code, len) in [
            ("0.77", 3000),
            ("0.07", 3000),
            ("0.137", 3000),
            ("0.16", 3000),
            ("0.106", 3000),
            ("0.6", 3000),
            ("0.14", 3000),
            ("4!.0", 3000),
            ("0.6!", 2000),
            ("4!.6", 2000),
            ("0.76", 2000),
            ("0.007", 2000),
            ("4.07", 2000),
            ("0.E", 500),
            ("8.0", 500),
            ("8!.0", 300),
            ("C.1", 500),
            // values past 64 in the capped word marks: 64 at 333, 66 at 405
            ("0.655", 600),
            ("0.354", 700),
        ] {
            assert_same_on_any_threads(code, len);
        }
    }

    #[test]
    fn thread_counts_agree_on_every_short_code() {
        // d0 of 0 or 4 (with or without `!`), one or two octal digits
        let digits = (0..8).map(|d| d.to_string());
        let mut codes: Vec<String> = Vec::new();
        for d0 in ["0", "4", "4!"] {
            for a in digits.clone() {
                codes.push(format!("{d0}.{a}"));
                for b in digits.clone() {
                    codes.push(format!("{d0}.{a}{b}"));
                }
            }
        }
        for code in codes.iter().filter(|c| OctalCode::parse(c).is_ok()) {
            let c = OctalCode::parse(code).unwrap();
            let alone = run(&c, 400, 1, [255, 65535], u64::MAX);
            for threads in [2, 3] {
                assert_eq!(
                    run(&c, 400, threads, [3, 65535], u64::MAX).0,
                    alone.0,
                    "{code} on {threads} threads"
                );
                assert_eq!(
                    run(&c, 400, threads, [255, 65535], u64::MAX),
                    alone,
                    "{code} on {threads} threads"
                );
            }
        }
    }

    /// A random code: `d0` (splits, `!`), up to four hexadecimal digits.
    fn code() -> impl Strategy<Value = String> {
        let d0 = prop::sample::select(vec!["0", "4", "8", "C", "4!", "8!"]);
        let digit =
            (0u8..16, any::<bool>()).prop_map(|(d, bang)| format!("{d:X}{}", if bang { "!" } else { "" }));
        (d0, prop::collection::vec(digit, 1..5))
            .prop_map(|(d0, ds)| format!("{d0}.{}", ds.concat()))
            .prop_filter("a code with moves", |c| OctalCode::parse(c).is_ok())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn thread_counts_agree_on_random_codes(code in code(), threads in 2usize..5, len in 50usize..700) {
            let c = OctalCode::parse(&code).unwrap();
            // three-heap splits are cubic: shorter
            let len = if c.splits_in_three() { len.min(250) } else { len };
            let alone = run(&c, len, 1, [255, 65535], u64::MAX);
            prop_assert_eq!(&alone.0, &c.values_quadratic(len));
            prop_assert_eq!(run(&c, len, threads, [255, 65535], u64::MAX), alone.clone());
            prop_assert_eq!(run(&c, len, threads, [2, 9], u64::MAX).0, alone.0);
        }
    }

    #[test]
    fn an_interrupted_stretch_keeps_what_it_published() {
        // progress asks to stop at the first report: the values so far are a
        // prefix of the sequence, on any number of threads
        let c = OctalCode::parse("0.6").unwrap();
        let whole = run(&c, 5000, 1, [255, 65535], u64::MAX).0;
        for threads in [1, 2, 3] {
            let mut r = RareValues::new(&c).with_threads(threads);
            if threads > 1 {
                r = r.with_pipeline_forced();
            }
            r.extend(5000, &|_, _| false, &mut |len, _| len < 2048);
            let got = r.values().to_vec();
            assert!(got.len() >= 2048 && got.len() < 5000, "{threads} threads: {}", got.len());
            assert_eq!(got, whole[..got.len()], "{threads} threads");
            // and it goes on from there
            r.extend(5000, &|_, _| false, &mut |_, _| true);
            assert_eq!(r.values().to_vec(), whole, "{threads} threads");
        }
    }
}
