//! The games of a census handed to `--jobs` threads, for the normal census
//! ([`crate::census`]) and the misère one ([`crate::census_misere`]) alike:
//! each thread takes the next game in the order given and runs it
//! ([`grundy::census::census_task`] or
//! [`grundy::misere::census::misere_census_task`], which claim, compute and
//! write); a game another process holds ([`TaskRun::Held`]) is left for
//! after the others and tried again every half second (a claim that stays
//! unchanged too long is taken over by the library), until it is this
//! process's or its record is there. A game that runs after another (a
//! derived game of a shift group after its leader,
//! [`grundy::census::CensusPlan::after`]) starts only once that one is done,
//! before any game not started yet, on the thread that finished it or any
//! free one. The results come back to the calling thread, which prints
//! them, in the order they finish; once `stopped` says so (Ctrl-C, a
//! failure) no game starts and the running ones stop at their next check.

use grundy::census::{Sighting, TaskRun};
use grundy::{Budget, Context, Error};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

/// One game run by [`run_games`]: game `k`, what its last try saw of
/// another process's claim, and a context that stops once told.
pub type RunGame<'a, R> =
    dyn Fn(usize, Option<&Sighting>, &mut Context<'_>) -> Result<TaskRun<R>, Error> + Sync + 'a;

/// Runs games `0..count` on `jobs` threads: `run(k, seen, ctx)` runs game
/// `k` (`seen`: what its last try saw of another process's claim) within a
/// context of `budget` that stops once `stopped`, and only once game
/// `after[k]` is done when it is given (`after` empty: none waits);
/// `receive(k, result)` gets each game's result on this thread, in the order
/// they finish.
pub fn run_games<R: Send>(
    count: usize,
    jobs: usize,
    budget: Budget,
    stopped: &(dyn Fn() -> bool + Sync),
    after: &[Option<usize>],
    run: &RunGame<'_, R>,
    mut receive: impl FnMut(usize, Result<R, Error>),
) {
    let next = AtomicUsize::new(0);
    // the games waiting for each game, and those whose wait is over
    let first = |k: usize| after.get(k).copied().flatten().filter(|&f| f < count);
    let mut waiting: Vec<Vec<usize>> = vec![Vec::new(); count];
    for k in 0..count {
        if let Some(f) = first(k) {
            waiting[f].push(k);
        }
    }
    let released: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    // games another process holds, looked at again once the others are done
    let deferred: Mutex<Vec<(usize, Sighting)>> = Mutex::new(Vec::new());
    let (send, results) = mpsc::channel::<(usize, Result<R, Error>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(count) {
            let send = send.clone();
            let (next, deferred, released, waiting, first) = (&next, &deferred, &released, &waiting, &first);
            scope.spawn(move || {
                loop {
                    let ready = released.lock().ok().and_then(|mut r| r.pop());
                    let (k, seen) = match ready.ok_or_else(|| next.fetch_add(1, Ordering::Relaxed)) {
                        Ok(k) => (k, None),
                        // released once the game it waits for is done
                        Err(k) if k < count && first(k).is_some() => continue,
                        Err(k) if k < count => (k, None),
                        _ => match deferred.lock().ok().and_then(|mut d| d.pop()) {
                            Some((k, seen)) => {
                                pause(Duration::from_millis(500), stopped);
                                (k, Some(seen))
                            }
                            None => break,
                        },
                    };
                    if stopped() {
                        break;
                    }
                    let mut observer = |_: &str, _: u64, _: u64| !stopped();
                    let mut ctx = Context::new(budget).with_observer(&mut observer);
                    let result = match run(k, seen.as_ref(), &mut ctx) {
                        Ok(TaskRun::Held(seen)) => {
                            if let Ok(mut d) = deferred.lock() {
                                d.insert(0, (k, seen));
                            }
                            continue;
                        }
                        Ok(TaskRun::Done(r)) => {
                            if let Ok(mut r) = released.lock() {
                                r.extend(&waiting[k]);
                            }
                            Ok(r)
                        }
                        Err(e) => Err(e),
                    };
                    if send.send((k, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (k, result) in results {
            receive(k, result);
        }
    });
}

/// Sleeps about `time`, waking early once `stopped`.
fn pause(time: Duration, stopped: impl Fn() -> bool) {
    let step = Duration::from_millis(50);
    let mut slept = Duration::ZERO;
    while slept < time && !stopped() {
        std::thread::sleep(step);
        slept += step;
    }
}
