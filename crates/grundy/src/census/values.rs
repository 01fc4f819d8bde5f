//! The nim-values a census keeps beside its records (`census --out DIR
//! --keep-values`, Python's `grundy.census(out=…, keep_values=…)`): one file
//! per computed game, `DIR/<canonical>.values` ([`CensusFolder::values_path`]),
//! in the format of `sequence --save` ([`super::saved`]) with the `work:`
//! line, so that
//!
//! * a census with a larger `max_len` or `max_work` than an open record goes
//!   on from the values kept instead of starting again at heap 0; since the
//!   work of a value depends only on the values before it, the run counts
//!   its work from heap 0 exactly as a run from nothing would
//!   ([`crate::heap::Known`]), and its record equals that run's (but for the
//!   seconds);
//! * a game's values are written every `every` mex steps while it runs
//!   ([`CENSUS_CHECKPOINT_WORK`] by default, a few minutes) and when it is
//!   interrupted, so a killed census loses at most the work since the last
//!   checkpoint;
//! * `sequence --resume DIR/<canonical>.values` goes on from a census's
//!   values, and a census reads a `sequence --save` file of the same game
//!   (written for the canonical code) placed under that name; such a file has
//!   no `work:` line, and the work limit then counts from the resumed values
//!   on.
//!
//! Which files are kept is [`KeepValues`]. A values file that cannot be used
//! (damaged, of another game, or whose first values the game does not have)
//! is never trusted: the game is computed from heap 0 and the reason is
//! returned as a warning ([`Extended::warning`]); the file is replaced by the
//! new values. Values beyond `max_len` are used up to `max_len` (their work
//! then unknown), and values whose work reaches `max_work` are not used (a
//! run from nothing would have stopped before them). A values file is
//! written only by the process that computes the game (the claim holder,
//! [`super::Claim`]), through [`OutputFile`] (a temporary file renamed over
//! it), and never over a file that is not a save ([`CensusFolder::check`]
//! refuses it before any work).

use super::CensusFolder;
use super::output_file::OutputFile;
use super::record::{GameRecord, GameStatus};
use super::saved::{self, SavedValues};
use super::statistics::ValueStatistics;
use super::{canonical_code, same_rules};
use crate::count::Context;
use crate::error::Stop;
use crate::error::{Error, Remedy};
use crate::heap::{Analysis, Checkpoint, HeapGame, Known, Lanes, Limits, Moment, OctalCode};
use std::fs;
use std::io::Read;
use std::path::PathBuf;
use std::time::Instant;

/// The mex steps between two checkpoints of a running game's values: `2·10^11`
/// (about three minutes of one core).
pub const CENSUS_CHECKPOINT_WORK: u64 = 200_000_000_000;

/// A census's default bound on the disk its values may take: `2^36` bytes
/// (64 GiB; [`census_values_disk`]).
pub const CENSUS_MAX_VALUES_DISK: u64 = 1 << 36;

/// Which games' values a census keeps in its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeepValues {
    /// None: no values file is written (those there are still read).
    None,
    /// The open games' (the default): a game certified periodic has its
    /// values file removed.
    Open,
    /// Every game's.
    All,
}

impl KeepValues {
    /// `none`, `open` or `all`; an error names the parameter `keep_values`.
    pub fn parse(text: &str) -> Result<Self, Error> {
        match text {
            "none" => Ok(KeepValues::None),
            "open" => Ok(KeepValues::Open),
            "all" => Ok(KeepValues::All),
            t => Err(Error::invalid("keep_values", format!("'{t}' is not none, open or all"))),
        }
    }

    /// Whether the values of a game of this status stay in the folder.
    fn keeps(self, status: GameStatus) -> bool {
        match self {
            KeepValues::None => false,
            KeepValues::Open => status == GameStatus::Open,
            KeepValues::All => true,
        }
    }
}

/// The values a census keeps: in which folder, of which games, how often.
#[derive(Clone, Copy, Debug)]
pub struct ValuesKept<'a> {
    /// The census folder.
    pub folder: &'a CensusFolder,
    /// Which games' values stay.
    pub keep: KeepValues,
    /// The mex steps between two checkpoints ([`CENSUS_CHECKPOINT_WORK`]).
    pub every: u64,
}

/// A game computed with the values its folder keeps ([`census_game_kept`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Extended {
    /// Its record.
    pub record: GameRecord,
    /// The values it went on from (0: computed from heap 0).
    pub from: usize,
    /// Why a values file in the folder was not used, when one was not.
    pub warning: Option<String>,
}

/// The bytes of a census's values file of `max_len` values, estimated: two
/// bytes a value (the width of values below 65536, which every open game of
/// the published tables keeps; one byte when all are below 256, four above
/// 65535) and the header.
///
/// ```
/// use grundy::census::census_values_disk;
///
/// assert_eq!(census_values_disk(1 << 22), (1 << 23) + 256);
/// ```
pub fn census_values_disk(max_len: usize) -> u64 {
    (max_len as u64).saturating_mul(2).saturating_add(256)
}

/// Refuses a census whose `games` values files, of `per_game` bytes each
/// ([`census_values_disk`]), would take more than `max_disk` bytes (an
/// [`Error::TooLarge`] naming `max_len` and `max_values_disk`).
///
/// ```
/// use grundy::census::{census_values_check, census_values_disk};
///
/// assert!(census_values_check(census_values_disk(1 << 22), 229, 1 << 36).is_ok());
/// let e = census_values_check(census_values_disk(1 << 30), 229, 1 << 36).unwrap_err();
/// assert!(e.to_string().contains("raise `max_values_disk`"), "{e}");
/// ```
pub fn census_values_check(per_game: u64, games: usize, max_disk: u64) -> Result<u64, Error> {
    let total = per_game.saturating_mul(games as u64);
    if total > max_disk {
        return Err(Error::TooLarge {
            what: format!("the values of {games} games"),
            estimate: format!("about {} bytes on disk ({per_game} a game)", total),
            limit: format!("{max_disk} bytes"),
            remedy: Remedy::SmallerOrRaise("max_len", "max_values_disk"),
        });
    }
    Ok(total)
}

/// The line a census shows before any game starts when it keeps values:
/// the games to compute, their estimated `work` (mex steps), the `folder`,
/// `keep_values`, and the disk of one game's values file and of all
/// (`per_game` and `total` bytes, [`census_values_disk`] and
/// [`census_values_check`]), so a census run in a batch job says what it
/// will take before it takes it.
///
/// ```
/// use grundy::census::census_values_note;
///
/// let line = census_values_note(3, 1.5e9, std::path::Path::new("out"), "open", 524_800, 1_574_400);
/// assert_eq!(
///     line,
///     "census: games to compute: 3, about 1.5e9 mex steps; their values kept in out (`keep_values` open): about 512.5 KiB a game, at most 1.5 MiB in all"
/// );
/// ```
pub fn census_values_note(
    games: usize,
    work: f64,
    folder: &std::path::Path,
    keep_values: &str,
    per_game: u64,
    total: u64,
) -> String {
    format!(
        "census: games to compute: {games}, about {work:.1e} mex steps; their values kept in {} (`keep_values` {keep_values}): about {} a game, at most {} in all",
        folder.display(),
        bytes(per_game),
        bytes(total)
    )
}

/// A number of bytes as people read it: `8.0 MiB`.
fn bytes(n: u64) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut x = n as f64;
    let mut unit = 0;
    while x >= 1024.0 && unit + 1 < units.len() {
        x /= 1024.0;
        unit += 1;
    }
    if unit == 0 { format!("{n} bytes") } else { format!("{x:.1} {}", units[unit]) }
}

impl CensusFolder {
    /// The path of the values file of `canonical`: its record's name
    /// ([`GameRecord::file_name`]) with `.values` for `.json`.
    pub fn values_path(&self, canonical: &str) -> PathBuf {
        let name = GameRecord::file_name(canonical);
        let stem = name.strip_suffix(".json").unwrap_or(&name);
        self.path().join(format!("{stem}.values"))
    }

    /// The values file of `canonical` as an output file: replaced only when
    /// it is a save (a census's or `sequence --save`'s), never followed
    /// through a link. Refusals name the parameter `out`.
    pub fn values_file(&self, canonical: &str) -> OutputFile {
        OutputFile::new(self.values_path(canonical), "out", saved::is_saved, false)
    }
}

impl CensusFolder {
    /// Refuses a values file of `canonical` (or its temporary file) that
    /// exists as anything but a regular file, or as a file that is not a
    /// save: a census never reads through a link nor replaces what is not
    /// its own.
    pub(super) fn check_values(&self, canonical: &str) -> Result<(), Error> {
        let file = self.values_file(canonical);
        for path in [file.path().to_path_buf(), file.partial()] {
            let Ok(meta) = fs::symlink_metadata(&path) else { continue };
            let mut head = Vec::new();
            let ours = meta.file_type().is_file()
                && (meta.len() == 0
                    || fs::File::open(&path)
                        .and_then(|f| f.take(64).read_to_end(&mut head))
                        .is_ok_and(|_| saved::is_saved(&head)));
            if !ours {
                return Err(Error::invalid(
                    "out",
                    format!(
                        "{}: {} exists and is not a file of saved nim-values; move it away or choose another folder",
                        self.path().display(),
                        path.display()
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The canonical game of `code`, parsed, and its canonical text.
pub(super) fn parse_canonical(code: &str) -> Result<(OctalCode, String), Error> {
    let parsed = OctalCode::parse(code)?;
    let canonical = canonical_code(&parsed);
    let again = OctalCode::parse(&canonical)?;
    if !same_rules(&parsed, &again) {
        return Err(Error::Internal(format!("the canonical form {canonical} of {code} has other rules")));
    }
    Ok((again, canonical))
}

/// The record of `game`, `canonical`, from its analysis `a` within `limits`,
/// started at `start`.
pub(super) fn record_of(
    canonical: String,
    game: &HeapGame,
    a: &Analysis,
    limits: Limits,
    start: Instant,
) -> GameRecord {
    let stats = ValueStatistics::of(game, &a.values[..a.computed.min(a.values.len())]);
    let status = match (&a.periodic, &a.arithmetic, a.stop) {
        (Some(p), _, _) => GameStatus::Periodic { preperiod: p.preperiod(), period: p.period() },
        (None, Some(ar), Stop::Certified) => {
            GameStatus::ArithmeticPeriodic { preperiod: ar.preperiod, period: ar.period, saltus: ar.saltus }
        }
        _ => GameStatus::Open,
    };
    GameRecord {
        canonical,
        status,
        computed: a.computed,
        max_value: stats.max_value,
        max_at: stats.max_at,
        split: stats.split,
        stop: a.stop,
        seconds: start.elapsed().as_secs_f64(),
        max_len: limits.max_len(),
        max_work: limits.max_work(),
    }
}

/// The values of `name` in the file of `out`, their work, or why not.
fn read_values(out: &OutputFile, name: &str) -> Result<Option<(SavedValues, Option<u64>)>, String> {
    match fs::symlink_metadata(out.path()) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Ok(m) if !m.file_type().is_file() => return Err("it is not a regular file".into()),
        _ => {}
    }
    saved::read_kept(out.path(), name).map(Some).map_err(|e| match e {
        Error::InvalidParameter { reason, .. } => reason,
        e => e.to_string(),
    })
}

/// One game of a census, `code`, computed as [`super::census_game`] does,
/// going on from the values its folder keeps (when `kept` is given) and
/// keeping its values there (module docs): written every `kept.every` mex
/// steps and when interrupted, then kept or removed at the end as
/// `kept.keep` says. Without `kept`, the game is computed from heap 0 and no
/// file is touched.
///
/// ```
/// use grundy::census::{census_game, census_game_kept, CensusFolder, KeepValues, ValuesKept};
/// use grundy::heap::Limits;
///
/// let dir = std::env::temp_dir().join(format!("grundy-doc-values-{}", std::process::id()));
/// let folder = CensusFolder::open(&dir)?;
/// let kept = ValuesKept { folder: &folder, keep: KeepValues::Open, every: u64::MAX };
/// let short = Limits::new(3000, u64::MAX)?;
/// let first = census_game_kept("0.6", short, Some(kept), &mut Default::default())?;
/// assert_eq!((first.from, first.record.computed), (0, 3000));
/// assert!(folder.values_path("0.6").exists());
/// // more values: from the 3000 kept, as from nothing
/// let long = Limits::new(5000, u64::MAX)?;
/// let more = census_game_kept("0.6", long, Some(kept), &mut Default::default())?;
/// let whole = census_game("0.6", long, &mut Default::default())?;
/// assert_eq!(more.from, 3000);
/// assert_eq!(more.record.to_json().len(), whole.to_json().len());
/// assert_eq!(grundy::census::GameRecord { seconds: 0.0, ..more.record }, grundy::census::GameRecord { seconds: 0.0, ..whole });
/// # std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn census_game_kept(
    code: &str,
    limits: Limits,
    kept: Option<ValuesKept<'_>>,
    ctx: &mut Context<'_>,
) -> Result<Extended, Error> {
    census_game_values(code, limits, kept, None, ctx).map(|(e, _)| e)
}

/// The values of an analysis, those of a certified period filled in up to
/// `len` (as [`HeapGame::analyze`] fills them to the length asked for): a
/// shift group's leader hands them to its derived games
/// ([`super::census_shifted`]), which need them to `max_len` less their delay.
fn values_to(a: Analysis, len: usize) -> Vec<u32> {
    match (a.stop, a.period()) {
        (Stop::Certified, Some(p)) if a.values.len() < len => {
            (0..len as u64).map(|i| u32::try_from(p.value(i)).unwrap_or(u32::MAX)).collect()
        }
        _ => a.values,
    }
}

/// [`census_game_kept`], and with `fill = Some(len)` the game's values
/// ([`values_to`] `len`).
pub(super) fn census_game_values(
    code: &str,
    limits: Limits,
    kept: Option<ValuesKept<'_>>,
    fill: Option<usize>,
    ctx: &mut Context<'_>,
) -> Result<(Extended, Option<Vec<u32>>), Error> {
    let (parsed, canonical) = parse_canonical(code)?;
    let game = HeapGame::Octal(parsed);
    let limits = limits.with_threads(1);
    let start = Instant::now();
    let Some(kept) = kept else {
        let a = game.analyze_in(0, limits, ctx)?;
        let record = record_of(canonical, &game, &a, limits, start);
        return Ok((Extended { record, from: 0, warning: None }, fill.map(|len| values_to(a, len))));
    };
    let name = game.describe();
    let file = kept.folder.values_file(&canonical);
    let unusable =
        |why: &str| format!("{}: {why}; its values are computed from heap 0", file.path().display());
    let (mut warning, mut known) = (None, None);
    match read_values(&file, &name) {
        Ok(values) => known = values,
        Err(why) => warning = Some(unusable(&why)),
    }
    // values past the limits: up to max_len (their work then unknown), none whose work reaches max_work
    let (values, work) = match &known {
        Some((_, Some(w))) if *w >= limits.max_work() => (Lanes::Wide(&[]), None),
        Some((v, _)) if v.lanes().len() > limits.max_len() => (v.lanes().prefix(limits.max_len()), None),
        Some((v, w)) => (v.lanes(), *w),
        None => (Lanes::Wide(&[]), None),
    };
    let mut on_disk = known.as_ref().map_or(0, |(v, _)| v.lanes().len());
    let run = |values: Lanes<'_>, work: Option<u64>, on_disk: &mut usize, ctx: &mut Context<'_>| {
        let mut keep = |g: Lanes<'_>, at: Checkpoint| {
            if kept.keep == KeepValues::None || at.moment == Moment::Length || g.len() <= *on_disk {
                return Ok(());
            }
            saved::write_kept(&file, &name, g, at.work)?;
            *on_disk = g.len();
            Ok(())
        };
        game.analyze_kept(Known { values, work }, 0, limits, kept.every, ctx, &mut keep)
    };
    let (a, from) = match run(values, work, &mut on_disk, ctx) {
        Err(Error::InvalidParameter { parameter: "known values", reason }) => {
            warning = Some(unusable(&format!("its values {reason}")));
            on_disk = 0;
            (run(Lanes::Wide(&[]), None, &mut on_disk, ctx)?, 0)
        }
        a => (a?, values.len()),
    };
    let record = record_of(canonical, &game, &a, limits, start);
    if kept.keep.keeps(record.status) {
        if record.computed > on_disk || warning.is_some() {
            saved::write_kept(&file, &name, Lanes::Wide(&a.values[..record.computed]), a.work)?;
        }
    } else if kept.keep != KeepValues::None {
        // checkpoints of a game now certified (the file is a save or absent: checked before)
        match fs::remove_file(file.path()) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(Error::invalid("out", format!("cannot remove {}: {e}", file.path().display())));
            }
            _ => {}
        }
    }
    Ok((Extended { record, from, warning }, fill.map(|len| values_to(a, len))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::census_game;

    fn folder(name: &str) -> CensusFolder {
        let dir = std::env::temp_dir().join(format!("grundy-values-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        CensusFolder::open(&dir).unwrap()
    }

    fn run(folder: &CensusFolder, code: &str, limits: Limits, keep: KeepValues, every: u64) -> Extended {
        let kept = ValuesKept { folder, keep, every };
        census_game_kept(code, limits, Some(kept), &mut Context::default()).unwrap()
    }

    /// The record without its seconds.
    fn timeless(r: &GameRecord) -> GameRecord {
        GameRecord { seconds: 0.0, ..r.clone() }
    }

    fn limits(len: usize, work: u64) -> Limits {
        Limits::new(len, work).unwrap()
    }

    /// Open games computed to a length or a work limit, then extended to a
    /// larger one from their kept values: the record of the run from
    /// nothing, and the kept values its values; certified ones leave nothing
    /// (`open`).
    #[test]
    fn extended_games_equal_games_computed_from_nothing() {
        let f = folder("extend");
        for code in ["0.6", "0.004", "0.106", "4.07", "0.37", "0.77"] {
            for (small, large) in [
                (limits(3000, u64::MAX), limits(7000, u64::MAX)),
                (limits(1 << 20, 2_000_000), limits(1 << 20, 9_000_000)),
            ] {
                let canonical = crate::census::canonical_code(&crate::heap::OctalCode::parse(code).unwrap());
                let _ = fs::remove_file(f.values_path(&canonical));
                let first = run(&f, code, small, KeepValues::Open, u64::MAX);
                assert_eq!(
                    timeless(&first.record),
                    timeless(&census_game(code, small, &mut Context::default()).unwrap())
                );
                let whole = census_game(code, large, &mut Context::default()).unwrap();
                let more = run(&f, code, large, KeepValues::Open, u64::MAX);
                assert_eq!(timeless(&more.record), timeless(&whole), "{code} {large:?}");
                assert_eq!(more.warning, None);
                let path = f.values_path(&canonical);
                if whole.status == GameStatus::Open {
                    assert_eq!(more.from, first.record.computed, "{code}");
                    let name = HeapGame::octal(&canonical).unwrap().describe();
                    let (values, work) = saved::read_kept(&path, &name).unwrap();
                    let again = HeapGame::octal(&canonical).unwrap().analyze(0, large).unwrap();
                    assert_eq!(values.lanes().to_vec(), again.values, "{code}");
                    assert_eq!(work, Some(again.work), "{code}");
                } else {
                    assert!(!path.exists(), "{code}: the values of a certified game stay");
                }
            }
        }
        fs::remove_dir_all(f.path()).unwrap();
    }

    /// A run stopped at every checkpoint in turn (the kill of a process
    /// after it), goes on from the values kept there to the record of the
    /// run from nothing.
    #[test]
    fn checkpoints_keep_the_values_so_far_and_a_run_goes_on_from_them() {
        let f = folder("pulse");
        let large = limits(20_000, u64::MAX);
        let whole = census_game("0.6", large, &mut Context::default()).unwrap();
        let path = f.values_path("0.6");
        let mut lengths = Vec::new();
        for stop_after in [4, 9, 16] {
            let _ = fs::remove_file(&path);
            let mut pulses = 0;
            let mut observer = |_: &str, _: u64, _: u64| {
                pulses += 1;
                pulses < stop_after
            };
            let mut ctx = Context::default().with_observer(&mut observer);
            let kept = ValuesKept { folder: &f, keep: KeepValues::Open, every: 2_000_000 };
            assert_eq!(census_game_kept("0.6", large, Some(kept), &mut ctx).unwrap_err(), Error::Interrupted);
            let name = HeapGame::octal("0.6").unwrap().describe();
            let (values, _) = saved::read_kept(&path, &name).unwrap();
            lengths.push(values.lanes().len());
            let again = run(&f, "0.6", large, KeepValues::Open, 2_000_000);
            assert_eq!(again.from, values.lanes().len());
            assert_eq!(timeless(&again.record), timeless(&whole));
        }
        assert!(lengths.windows(2).all(|w| w[0] < w[1]) && lengths[0] > 0, "{lengths:?}");
        // pulses between lengths 64·2^j: the file holds values that are no such length
        let mut pulsed = Vec::new();
        let game = HeapGame::octal("0.6").unwrap();
        let none = Known { values: Lanes::Wide(&[]), work: None };
        let mut keep = |g: Lanes<'_>, at: Checkpoint| {
            if at.moment == Moment::Pulse {
                pulsed.push(g.len());
            }
            Ok(())
        };
        let a = game.analyze_kept(none, 0, large, 2_000_000, &mut Context::default(), &mut keep).unwrap();
        assert_eq!((a.computed, a.stop), (whole.computed, whole.stop));
        assert!(pulsed.len() > 5 && pulsed.iter().any(|n| !(n / 64).is_power_of_two()), "{pulsed:?}");
        fs::remove_dir_all(f.path()).unwrap();
    }

    /// Damaged values, another game's, values the game does not have: a
    /// warning, the game computed from heap 0, the file replaced; `none`
    /// writes nothing, `all` keeps certified games' values; a file that is
    /// not a save is refused before any work.
    #[test]
    fn unusable_values_are_computed_again_and_what_is_not_ours_is_refused() {
        let f = folder("damaged");
        let l = limits(3000, u64::MAX);
        let whole = timeless(&census_game("0.6", l, &mut Context::default()).unwrap());
        let path = f.values_path("0.6");
        run(&f, "0.6", l, KeepValues::Open, u64::MAX);
        let good = fs::read(&path).unwrap();
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 1;
        let other = HeapGame::octal("0.06").unwrap();
        let mut foreign = Vec::new();
        saved::write_to(&mut foreign, "octal 0.06", (&other.analyze(3000, l).unwrap().values).into())
            .unwrap();
        let mut wrong = Vec::new();
        let mut values = HeapGame::octal("0.6").unwrap().analyze(3000, l).unwrap().values;
        values[7] ^= 1;
        saved::write_to(&mut wrong, "octal 0.6", (&values).into()).unwrap();
        for (bytes, why) in [(flipped, "checksum"), (foreign, "not of octal 0.6"), (wrong, "g(7)")] {
            fs::write(&path, &bytes).unwrap();
            let again = run(&f, "0.6", l, KeepValues::Open, u64::MAX);
            let warning = again.warning.unwrap_or_default();
            assert!(warning.contains(why) && warning.contains("from heap 0"), "{warning}");
            assert_eq!((timeless(&again.record), again.from), (whole.clone(), 0));
            assert_eq!(fs::read(&path).unwrap(), good, "{why}: not replaced");
        }
        fs::remove_file(&path).unwrap();
        run(&f, "0.6", l, KeepValues::None, 1000);
        assert!(!path.exists());
        run(&f, "0.77", l, KeepValues::All, u64::MAX);
        assert!(f.values_path("0.77").exists());
        fs::write(&path, "my notes").unwrap();
        let e = f.check("0.6").unwrap_err().to_string();
        assert!(e.contains("not a file of saved nim-values"), "{e}");
        fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink(f.values_path("0.77"), &path).unwrap();
        assert!(f.check("0.6").is_err());
        fs::remove_dir_all(f.path()).unwrap();
    }
}
