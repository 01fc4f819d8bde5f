//! Claims on the games of a census folder, so that several processes on one
//! folder compute each game once: see [`Claim`].

use super::CensusFolder;
use super::record::GameRecord;
use crate::error::Error;
use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a claim's owner beats, and after how long without a beat
/// another process takes the claim over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimTimes {
    /// The time between two beats of a held claim.
    pub beat: Duration,
    /// A claim whose content has not changed for this long is dead.
    pub stale: Duration,
}

impl ClaimTimes {
    /// A claim taken over after `stale` without a beat, beating six times in
    /// that time (so a few late beats on a loaded machine do not lose it).
    pub fn stale_after(stale: Duration) -> Self {
        ClaimTimes { beat: stale / 6, stale }
    }
}

impl Default for ClaimTimes {
    /// Two minutes without a beat (a beat every twenty seconds).
    fn default() -> Self {
        ClaimTimes::stale_after(Duration::from_secs(120))
    }
}

/// Who holds a claim: this machine's host name, the process's id and its
/// start time (so a later process with the same id is not taken for it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    host: String,
    pid: u32,
    start: String,
}

impl Owner {
    /// This process.
    pub fn this_process() -> Owner {
        let host = fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty() && !h.contains(char::is_whitespace))
            .unwrap_or_else(|| "unknown-host".to_string());
        let pid = std::process::id();
        Owner { host, pid, start: start_time(pid).unwrap_or_default() }
    }

    /// The owner as its claim file's first line: `host pid start`.
    fn line(&self) -> String {
        format!("{} {} {}", self.host, self.pid, self.start)
    }

    /// The owner of a claim file's first line.
    fn parse(line: &str) -> Option<Owner> {
        let mut words = line.split(' ');
        let host = words.next()?.to_string();
        let pid = words.next()?.parse().ok()?;
        let start = words.next().unwrap_or("").to_string();
        Some(Owner { host, pid, start })
    }

    /// Whether this owner is known to be gone: it ran on this machine
    /// (`here`) and no process with its id and start time runs now. An owner
    /// on another machine, or on a machine without `/proc`, is never known
    /// gone: only its silence ([`ClaimTimes::stale`]) tells.
    fn gone(&self, here: &Owner) -> bool {
        if self.host != here.host || here.start.is_empty() || self.start.is_empty() {
            return false;
        }
        start_time(self.pid).is_none_or(|start| start != self.start)
    }
}

/// The start time of process `pid` (field 22 of `/proc/PID/stat`, in clock
/// ticks since boot), when the system shows it.
fn start_time(pid: u32) -> Option<String> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // the command name (field 2) is in parentheses and may hold spaces
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(19).map(str::to_string)
}

/// What another process's claim looked like, and since when (on this
/// process's clock) it has looked so.
#[derive(Clone, Debug)]
pub struct Sighting {
    content: String,
    since: Instant,
}

/// The answer of [`CensusFolder::claim`].
#[derive(Debug)]
pub enum Claimed {
    /// The game is this process's to compute; drop (or
    /// [`Claim::release`]) the claim once its record is written.
    Mine(Claim),
    /// Another live process holds the game: come back later with this
    /// sighting (a claim unchanged for [`ClaimTimes::stale`] is taken over).
    Held(Sighting),
}

/// A held claim on a game of a census folder. Claims: several census processes on one folder (one machine, or several
/// sharing a file system) compute each game once.
///
/// Before a process computes a game, it claims it: it creates the file
/// `.NAME.claim` beside the game's record `NAME` with `create_new`
/// (`O_CREAT | O_EXCL`, atomic on local file systems and on NFS from version 3
/// on), holding the owner's identity and a heartbeat counter. While the game
/// is computed a thread rewrites the counter every [`ClaimTimes::beat`]. The
/// claim is released (the file removed, if it is still this owner's) once the
/// game's record is written.
///
/// A process that finds a game claimed leaves it for later ([`Claimed::Held`],
/// remembering what it saw). It may take the claim over when it is dead:
/// * its owner runs on this machine and is gone (`/proc/PID` is missing or is
///   another process, told by its start time), which a census run again after
///   a kill sees at once; or
/// * its content has not changed for [`ClaimTimes::stale`], measured on the
///   observer's own monotonic clock (the machines' clocks need not agree): the
///   owner stopped beating (killed on another machine, lost the folder).
///
/// A takeover happens under a lock (`.NAME.claim.takeover`, created with
/// `create_new`): its holder removes the claim only if it still reads as the
/// dead claim it judged, claims anew, and drops the lock; a process that finds
/// the lock taken looks again later. So of several processes taking over one
/// claim exactly one wins: a taker whose judgement is out of date (the claim
/// was taken over since it looked) finds a different content and leaves the
/// new claim alone. (Renaming the dead claim away without the lock was not
/// enough: a late taker renamed away the claim an earlier taker had just made,
/// and both computed the game.) A lock left by a taker killed while taking
/// over is removed once it is [`ClaimTimes::stale`] old. Correctness never depends on a claim: records are written
/// through a temporary file and a rename, and two computations of one game
/// write the same record, so a claim taken from an owner that was only slow
/// costs work twice and nothing else.
#[derive(Debug)]
pub struct Claim {
    path: PathBuf,
    owner_line: String,
    stop: Option<mpsc::Sender<()>>,
    beat: Option<JoinHandle<()>>,
}

impl Claim {
    /// Stops the heartbeat and removes the claim file if it is still this
    /// claim's (a claim taken over is left to its new owner).
    pub fn release(mut self) {
        self.end();
    }

    fn end(&mut self) {
        drop(self.stop.take());
        if let Some(beat) = self.beat.take() {
            let _ = beat.join();
        }
        let ours = fs::read_to_string(&self.path)
            .is_ok_and(|text| text.lines().next() == Some(self.owner_line.as_str()));
        if ours {
            let _ = fs::remove_file(&self.path);
        }
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.end();
    }
}

/// The claim file's content: the owner, then the beat counter.
fn content(owner_line: &str, beat: u64) -> String {
    format!("{owner_line}\n{beat}\n")
}

/// The thread that rewrites the counter of the claim at `path` every `every`
/// until told to stop; it stops by itself when the file is gone or no longer
/// this owner's (taken over).
fn heartbeat(path: PathBuf, owner_line: String, every: Duration) -> (mpsc::Sender<()>, JoinHandle<()>) {
    let (stop, stopped) = mpsc::channel::<()>();
    let beat = std::thread::spawn(move || {
        let mut n = 0u64;
        while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
            n += 1;
            let still_ours =
                fs::read_to_string(&path).is_ok_and(|text| text.lines().next() == Some(owner_line.as_str()));
            let written = still_ours
                && fs::OpenOptions::new()
                    .write(true)
                    .open(&path)
                    .and_then(|mut f| f.write_all(content(&owner_line, n).as_bytes()))
                    .is_ok();
            if !written {
                break;
            }
        }
    });
    (stop, beat)
}

/// Creates the claim at `path` for `owner_line` (`create_new`: atomic) and
/// starts its heartbeat; `None` when a claim is there already.
fn create(path: &Path, owner_line: &str, beat: Duration) -> std::io::Result<Option<Claim>> {
    match fs::OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(mut file) => {
            file.write_all(content(owner_line, 0).as_bytes())?;
            drop(file);
            let (stop, beat) = heartbeat(path.to_path_buf(), owner_line.to_string(), beat);
            let (path, owner_line) = (path.to_path_buf(), owner_line.to_string());
            Ok(Some(Claim { path, owner_line, stop: Some(stop), beat: Some(beat) }))
        }
        Err(e) if e.kind() == ErrorKind::AlreadyExists => Ok(None),
        Err(e) => Err(e),
    }
}

/// Takes over the dead claim at `path`, whose content was `dead`, while
/// holding the takeover lock: the claim is removed only if it still reads
/// `dead` (a claim another taker made in the meantime is left alone), then
/// claimed anew. `None` when the claim changed or someone claimed first.
fn take_over(path: &Path, dead: &str, owner_line: &str, beat: Duration) -> std::io::Result<Option<Claim>> {
    match fs::read_to_string(path) {
        Ok(text) if text == dead => match fs::remove_file(path) {
            Err(e) if e.kind() != ErrorKind::NotFound => return Err(e),
            _ => {}
        },
        Ok(_) => return Ok(None),
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    create(path, owner_line, beat)
}

/// Whether the file at `path` was last modified at least `age` ago (by the
/// file system's clock against this machine's).
fn modified_before(path: &Path, age: Duration) -> bool {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|a| a >= age)
}

impl CensusFolder {
    /// The path of the claim on the game `canonical`.
    pub fn claim_path(&self, canonical: &str) -> PathBuf {
        self.claim_path_of(&GameRecord::file_name(canonical))
    }

    /// The path of the claim on the record file `name` (a normal record,
    /// [`GameRecord::file_name`], or a misère one).
    pub fn claim_path_of(&self, name: &str) -> PathBuf {
        self.path().join(format!(".{name}.claim"))
    }

    /// Claims the game `canonical` for `owner` (see [`Claim`]):
    /// [`Claimed::Mine`] when no live process holds it, [`Claimed::Held`]
    /// otherwise. `seen` is what an earlier call returned for this game: a
    /// claim that has not changed since then for `times.stale` is taken
    /// over. Errors (a folder that cannot be written) name the parameter
    /// `out`.
    pub fn claim(
        &self,
        canonical: &str,
        owner: &Owner,
        seen: Option<&Sighting>,
        times: ClaimTimes,
    ) -> Result<Claimed, Error> {
        self.claim_record(&GameRecord::file_name(canonical), owner, seen, times)
    }

    /// Claims `name`, waiting while a live process holds it: looked at again
    /// every `every` (a claim silent for `times.stale` taken over), until it
    /// is this owner's, or [`Error::Interrupted`] once `stopped` says so.
    pub fn claim_waiting(
        &self,
        name: &str,
        owner: &Owner,
        times: ClaimTimes,
        every: Duration,
        mut stopped: impl FnMut() -> bool,
    ) -> Result<Claim, Error> {
        let mut seen = None;
        loop {
            match self.claim_record(name, owner, seen.as_ref(), times)? {
                Claimed::Mine(claim) => return Ok(claim),
                Claimed::Held(s) => seen = Some(s),
            }
            let step = Duration::from_millis(50).min(every);
            let start = Instant::now();
            while start.elapsed() < every {
                if stopped() {
                    return Err(Error::Interrupted);
                }
                std::thread::sleep(step);
            }
        }
    }

    /// [`CensusFolder::claim`] of the record file `name` (a normal record,
    /// [`GameRecord::file_name`], or a misère one).
    pub fn claim_record(
        &self,
        name: &str,
        owner: &Owner,
        seen: Option<&Sighting>,
        times: ClaimTimes,
    ) -> Result<Claimed, Error> {
        let path = self.claim_path_of(name);
        let owner_line = owner.line();
        let failed = |e: std::io::Error| Error::InvalidParameter {
            parameter: "out",
            reason: format!("{}: cannot claim {name}: {e}", self.path().display()),
        };
        // a claim that vanishes between two looks is looked at again, a few times
        for _ in 0..8 {
            if let Some(claim) = create(&path, &owner_line, times.beat).map_err(failed)? {
                return Ok(Claimed::Mine(claim));
            }
            let text = match fs::read_to_string(&path) {
                Ok(text) => text,
                Err(e) if e.kind() == ErrorKind::NotFound => continue,
                Err(e) => return Err(failed(e)),
            };
            let holder = text.lines().next().and_then(Owner::parse);
            let since = match seen {
                Some(s) if s.content == text => s.since,
                _ => Instant::now(),
            };
            let dead = holder.is_some_and(|h| h.gone(owner)) || since.elapsed() >= times.stale;
            if !dead {
                return Ok(Claimed::Held(Sighting { content: text, since }));
            }
            // taken over under the takeover lock, by one process at a time
            let lock = path.with_extension("claim.takeover");
            match fs::OpenOptions::new().write(true).create_new(true).open(&lock) {
                Ok(mut file) => file.write_all(owner_line.as_bytes()).map_err(failed)?,
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                    // another process is taking it over; a lock its taker
                    // left behind (killed while taking over) is removed once stale
                    if modified_before(&lock, times.stale) {
                        let _ = fs::remove_file(&lock);
                        continue;
                    }
                    return Ok(Claimed::Held(Sighting { content: text, since }));
                }
                Err(e) => return Err(failed(e)),
            }
            let taken = take_over(&path, &text, &owner_line, times.beat);
            let _ = fs::remove_file(&lock);
            if let Some(claim) = taken.map_err(failed)? {
                return Ok(Claimed::Mine(claim));
            }
        }
        // the claim kept changing hands while we looked: someone holds it
        Ok(Claimed::Held(Sighting { content: String::new(), since: Instant::now() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> CensusFolder {
        let dir = std::env::temp_dir().join(format!("grundy-claim-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        CensusFolder::open(&dir).unwrap()
    }

    fn other(host: &str, pid: u32, start: &str) -> Owner {
        Owner { host: host.into(), pid, start: start.into() }
    }

    const SLOW: ClaimTimes = ClaimTimes { beat: Duration::from_secs(3600), stale: Duration::from_secs(7200) };

    #[test]
    fn a_claim_is_held_until_released() {
        let f = folder("held");
        let me = Owner::this_process();
        assert!(!me.start.is_empty(), "this machine shows /proc/PID/stat");
        let Claimed::Mine(claim) = f.claim("0.77", &me, None, SLOW).unwrap() else { panic!("free") };
        let path = f.claim_path("0.77");
        assert_eq!(fs::read_to_string(&path).unwrap(), content(&me.line(), 0));
        // another owner (this one, on another machine) finds it held; so does this one
        let there = other("elsewhere", me.pid, &me.start);
        assert!(matches!(f.claim("0.77", &there, None, SLOW).unwrap(), Claimed::Held(_)));
        assert!(matches!(f.claim("0.77", &me, None, SLOW).unwrap(), Claimed::Held(_)));
        // another game is free
        let Claimed::Mine(second) = f.claim("0.6", &there, None, SLOW).unwrap() else { panic!() };
        claim.release();
        assert!(!path.exists());
        drop(second);
        assert!(!f.claim_path("0.6").exists());
        fs::remove_dir_all(f.path()).unwrap();
    }

    #[test]
    fn a_silent_claim_is_taken_over_and_a_beating_one_is_not() {
        let f = folder("stale");
        // a beat every 20 ms, stale after 1.5 s: a beat late by a second (a loaded machine) is still in time
        let quick = ClaimTimes { beat: Duration::from_millis(20), stale: Duration::from_millis(1500) };
        let (a, b) = (other("machine-a", 1, "5"), other("machine-b", 2, "7"));
        // a beats: its content changes, so b never takes it over
        let Claimed::Mine(held) = f.claim("0.6", &a, None, quick).unwrap() else { panic!() };
        let Claimed::Held(mut seen) = f.claim("0.6", &b, None, quick).unwrap() else { panic!() };
        for _ in 0..40 {
            std::thread::sleep(Duration::from_millis(60));
            match f.claim("0.6", &b, Some(&seen), quick).unwrap() {
                Claimed::Held(s) => seen = s,
                Claimed::Mine(_) => panic!("a beating claim was taken over"),
            }
        }
        // a stops beating (its heartbeat thread ends when the file is not its own any more:
        // here the claim is rewritten by hand as a's, with no thread behind it)
        drop(held);
        fs::write(f.claim_path("0.6"), content(&a.line(), 99)).unwrap();
        let Claimed::Held(seen) = f.claim("0.6", &b, None, quick).unwrap() else { panic!() };
        // not yet stale: held; a sighting of other content does not count
        let fresh = Sighting { content: "something else".into(), since: seen.since };
        std::thread::sleep(Duration::from_millis(1600));
        assert!(matches!(f.claim("0.6", &b, Some(&fresh), quick).unwrap(), Claimed::Held(_)));
        let Claimed::Mine(taken) = f.claim("0.6", &b, Some(&seen), quick).unwrap() else {
            panic!("a claim silent for longer than `stale` is taken over")
        };
        assert_eq!(fs::read_to_string(f.claim_path("0.6")).unwrap().lines().next(), Some(&*b.line()));
        drop(taken);
        let names: Vec<_> = fs::read_dir(f.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(names.is_empty(), "nothing left behind: {names:?}");
        fs::remove_dir_all(f.path()).unwrap();
    }

    #[test]
    fn a_claim_of_a_process_gone_from_this_machine_is_taken_over_at_once() {
        let f = folder("gone");
        let me = Owner::this_process();
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        let start = start_time(pid);
        child.wait().unwrap();
        // a process that ended; a live one (this) with another start time; one on another machine
        let dead = other(&me.host, pid, start.as_deref().unwrap_or("1"));
        let reused = other(&me.host, me.pid, "1");
        let far = other("elsewhere", pid, "1");
        for (owner, taken) in [(&dead, true), (&reused, true), (&far, false), (&me, false)] {
            fs::write(f.claim_path("0.07"), content(&owner.line(), 0)).unwrap();
            let got = f.claim("0.07", &other(&me.host, 1, "2"), None, SLOW).unwrap();
            assert_eq!(matches!(got, Claimed::Mine(_)), taken, "{owner:?}");
        }
        fs::remove_dir_all(f.path()).unwrap();
    }

    #[test]
    fn of_many_takers_of_one_dead_claim_one_wins() {
        let f = folder("race");
        let times = ClaimTimes { beat: Duration::from_secs(3600), stale: Duration::from_secs(5) };
        let Some(long_ago) = Instant::now().checked_sub(Duration::from_secs(10)) else { return };
        for round in 0..50 {
            let dead = content(&other("gone-machine", 7, "1").line(), 3);
            fs::write(f.claim_path("0.137"), &dead).unwrap();
            let seen = Sighting { content: dead, since: long_ago };
            let won: Vec<Claim> = std::thread::scope(|s| {
                let takers: Vec<_> = (0..4)
                    .map(|t| {
                        let (f, seen) = (&f, &seen);
                        s.spawn(move || {
                            match f.claim("0.137", &other(&format!("taker-{t}"), 1, "1"), Some(seen), times) {
                                Ok(Claimed::Mine(c)) => Some(c),
                                _ => None,
                            }
                        })
                    })
                    .collect();
                takers.into_iter().filter_map(|t| t.join().unwrap()).collect()
            });
            assert_eq!(won.len(), 1, "round {round}");
        }
        fs::remove_dir_all(f.path()).unwrap();
    }

    #[test]
    fn a_takeover_lock_holds_others_off_until_it_is_stale() {
        let f = folder("lock");
        let times = ClaimTimes { beat: Duration::from_secs(3600), stale: Duration::from_secs(5) };
        let Some(long_ago) = Instant::now().checked_sub(Duration::from_secs(10)) else { return };
        let dead = content(&other("gone-machine", 7, "1").line(), 3);
        fs::write(f.claim_path("0.6"), &dead).unwrap();
        let seen = Sighting { content: dead.clone(), since: long_ago };
        let lock = f.claim_path("0.6").with_extension("claim.takeover");
        fs::write(&lock, "taker elsewhere").unwrap();
        // a taker is at work: the dead claim stays where it is, for it
        let me = other("here", 1, "1");
        assert!(matches!(f.claim("0.6", &me, Some(&seen), times).unwrap(), Claimed::Held(_)));
        assert_eq!(fs::read_to_string(f.claim_path("0.6")).unwrap(), dead);
        // that taker was killed: its lock, once stale, is removed and the claim taken over
        let past = std::time::SystemTime::now() - Duration::from_secs(60);
        fs::File::options().write(true).open(&lock).unwrap().set_modified(past).unwrap();
        let Claimed::Mine(claim) = f.claim("0.6", &me, Some(&seen), times).unwrap() else {
            panic!("taken over")
        };
        assert!(!lock.exists(), "the lock is dropped after the takeover");
        assert!(fs::read_to_string(f.claim_path("0.6")).unwrap().starts_with(&me.line()));
        claim.release();
        fs::remove_dir_all(f.path()).unwrap();
    }

    #[test]
    fn a_late_taker_leaves_a_new_claim_alone() {
        // the interleaving that made two winners: a taker judged the old claim
        // dead, another took it over meanwhile; the late one must not remove it
        let f = folder("late");
        let dead = content(&other("gone-machine", 7, "1").line(), 3);
        let path = f.claim_path("0.16");
        fs::write(&path, content(&other("first-taker", 2, "1").line(), 0)).unwrap();
        let late = other("late-taker", 3, "1");
        assert!(take_over(&path, &dead, &late.line(), SLOW.beat).unwrap().is_none());
        assert!(fs::read_to_string(&path).unwrap().starts_with("first-taker"));
        // while the claim still reads as the dead one, the takeover succeeds
        fs::write(&path, &dead).unwrap();
        let claim = take_over(&path, &dead, &late.line(), SLOW.beat).unwrap().expect("taken over");
        assert!(fs::read_to_string(&path).unwrap().starts_with("late-taker"));
        claim.release();
        fs::remove_dir_all(f.path()).unwrap();
    }

    #[test]
    fn owners_read_back() {
        let me = Owner::this_process();
        assert_eq!(Owner::parse(&me.line()), Some(me));
        assert_eq!(Owner::parse("host"), None);
        assert_eq!(Owner::parse("host x 1"), None);
    }
}
