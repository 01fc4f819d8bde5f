//! The folder a census keeps its records in (`census --out DIR`, Python's
//! `grundy.census(out=DIR)`): one file per game, named by
//! [`GameRecord::file_name`], read back by a later census.
//!
//! The folder is checked before any work ([`CensusFolder::open`]): it must be
//! a folder (made if missing) in which a file can be written, and no record
//! of the census may exist as anything but a regular file
//! ([`CensusFolder::check`]: a census never replaces what is not its own). A
//! record is written to a temporary file `.NAME.PID.N.tmp` in the folder,
//! synced, then renamed over `NAME` ([`CensusFolder::write`]); a write that
//! fails removes its temporary file. Files are created with the mode of any
//! new file (`0666` less the process's umask), from the command line and from
//! Python alike.

use super::output_file::write_through;
use super::record::GameRecord;
use crate::error::Error;
use crate::heap::Limits;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A census's folder of records, checked ([`CensusFolder::open`]).
#[derive(Clone, Debug)]
pub struct CensusFolder {
    dir: PathBuf,
}

/// What a census folder holds for one game ([`CensusFolder::kept`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Kept {
    /// No record.
    Missing,
    /// An open record made with the same limits: it stands as it is.
    Resume(GameRecord),
    /// A certified record: it stands once checked ([`super::census_resume`]).
    Check(GameRecord),
    /// A sound record that cannot stand for these limits (open with other
    /// limits, or certified after more values than `max_len`): the game is
    /// computed again and its new record replaces this one.
    Stale,
    /// A file that is no sound record (edited, damaged, of an older format,
    /// of another game): why. The game is computed again and its record
    /// replaces the file.
    Damaged(String),
}

/// Numbers the temporary files of one process.
static TEMPORARY: AtomicU64 = AtomicU64::new(0);

fn out_error(reason: String) -> Error {
    Error::InvalidParameter { parameter: "out", reason }
}

impl CensusFolder {
    /// The folder `dir`, made if missing, once it is shown to be a folder in
    /// which a file can be written (a small file is written there, synced
    /// and removed). Errors name the parameter `out`.
    pub fn open(dir: impl AsRef<Path>) -> Result<Self, Error> {
        let dir = dir.as_ref().to_path_buf();
        let shown = dir.display().to_string();
        if fs::symlink_metadata(&dir).is_err() {
            fs::create_dir_all(&dir)
                .map_err(|e| out_error(format!("{shown}: cannot make the folder: {e}")))?;
        }
        if !fs::metadata(&dir).is_ok_and(|m| m.is_dir()) {
            return Err(out_error(format!("{shown} is not a folder")));
        }
        let folder = CensusFolder { dir };
        folder
            .write_file(".grundy-census-probe", b"a census keeps its records here\n", false)
            .map_err(|e| out_error(format!("{shown}: cannot write in it: {e}")))?;
        Ok(folder)
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The path of the record of `canonical`.
    pub fn record_path(&self, canonical: &str) -> PathBuf {
        self.dir.join(GameRecord::file_name(canonical))
    }

    /// Refuses a record of `canonical` that exists as anything but a regular
    /// file (a folder, a FIFO, a device, a symbolic link): a census never
    /// reads from it nor replaces it; and the same of its values file
    /// ([`CensusFolder::values_path`]), which must moreover be a save.
    pub fn check(&self, canonical: &str) -> Result<(), Error> {
        self.check_file(&GameRecord::file_name(canonical))?;
        self.check_values(canonical)
    }

    /// Refuses the file `name` of the folder when it exists as anything but
    /// a regular file. Nothing is created or removed: other processes may be
    /// writing the folder's records at the same moment.
    pub(crate) fn check_file(&self, name: &str) -> Result<(), Error> {
        let path = self.dir.join(name);
        match fs::symlink_metadata(&path) {
            Ok(m) if !m.file_type().is_file() => Err(out_error(format!(
                "{}: {} exists and is not a regular file; move it away or choose another folder",
                self.dir.display(),
                path.display()
            ))),
            _ => Ok(()),
        }
    }

    /// What the folder holds for `canonical`, and whether it can stand for a
    /// computation with `limits` (see [`Kept`]). A record that exists as
    /// anything but a regular file is refused ([`CensusFolder::check`]).
    pub fn kept(&self, canonical: &str, limits: Limits) -> Result<Kept, Error> {
        self.check(canonical)?;
        let path = self.record_path(canonical);
        let text = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Kept::Missing),
            Err(e) => return Ok(Kept::Damaged(format!("it cannot be read: {e}"))),
        };
        let record =
            match std::str::from_utf8(&text).map_err(|_| "it is not text".to_string()).and_then(|t| {
                GameRecord::from_json(t).map_err(|e| match e {
                    Error::Parse { reason, .. } => reason,
                    e => e.to_string(),
                })
            }) {
                Ok(r) => r,
                Err(why) => return Ok(Kept::Damaged(why)),
            };
        if record.canonical != canonical {
            return Ok(Kept::Damaged(format!(
                "it is the record of {}, not of {canonical}",
                record.canonical
            )));
        }
        let open = record.status == super::GameStatus::Open;
        Ok(match (open, record.max_len == limits.max_len() && record.max_work == limits.max_work()) {
            (true, true) => Kept::Resume(record),
            (true, false) => Kept::Stale,
            (false, _) if record.computed <= limits.max_len() => Kept::Check(record),
            (false, _) => Kept::Stale,
        })
    }

    /// Writes `record` ([`GameRecord::to_json`] and a newline) to its file,
    /// through a temporary file renamed over it; refuses a target that is
    /// not a regular file. Errors name the parameter `out`.
    pub fn write(&self, record: &GameRecord) -> Result<(), Error> {
        self.check(&record.canonical)?;
        self.write_line(&GameRecord::file_name(&record.canonical), &record.to_json())
    }

    /// Writes `line` and a newline to the folder's file `name` (a regular
    /// file or none: [`CensusFolder::check_file`]) through a temporary file
    /// of this process's own, renamed over it: writers sharing the folder
    /// never touch each other's temporary files. Errors name `out`.
    pub(crate) fn write_line(&self, name: &str, line: &str) -> Result<(), Error> {
        self.check_file(name)?;
        let text = format!("{line}\n");
        self.write_file(name, text.as_bytes(), true)
            .map_err(|e| out_error(format!("{}: cannot write {name}: {e}", self.dir.display())))
    }

    /// Writes `bytes` to a new temporary file in the folder, syncs it, then
    /// renames it to `name` (`keep`) or removes it; the temporary file is
    /// removed on any failure.
    fn write_file(&self, name: &str, bytes: &[u8], keep: bool) -> std::io::Result<()> {
        let n = TEMPORARY.fetch_add(1, Ordering::Relaxed);
        let tmp = self.dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        let target = keep.then(|| self.dir.join(name));
        write_through(&tmp, target.as_deref(), |w| w.write_all(bytes), || Ok(()), |_, e| e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::census_game;
    use crate::count::Context;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-folder-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn records_are_kept_and_read_back_by_what_they_can_stand_for() {
        let dir = temp("kept");
        let folder = CensusFolder::open(&dir).unwrap();
        let limits = Limits::new(4096, 1 << 40).unwrap();
        let mut ctx = Context::default();
        // as written: the seconds to the millisecond
        let mut game =
            |code| GameRecord::from_json(&census_game(code, limits, &mut ctx).unwrap().to_json()).unwrap();
        let (periodic, open) = (game("0.07"), game("0.004"));
        assert_eq!(folder.kept("0.07", limits).unwrap(), Kept::Missing);
        folder.write(&periodic).unwrap();
        folder.write(&open).unwrap();
        // nothing else is left behind, and the files have the mode of any new file
        assert_eq!(files(&dir), ["0.004.json", "0.07.json"]);
        fs::write(dir.join("plain"), "x").unwrap();
        let mode = |name: &str| {
            use std::os::unix::fs::PermissionsExt;
            fs::metadata(dir.join(name)).unwrap().permissions().mode()
        };
        assert_eq!(mode("0.07.json"), mode("plain"));
        fs::remove_file(dir.join("plain")).unwrap();
        assert_eq!(folder.kept("0.07", limits).unwrap(), Kept::Check(periodic.clone()));
        assert_eq!(folder.kept("0.004", limits).unwrap(), Kept::Resume(open.clone()));
        // an open record with other limits, a certified one that needs more values than allowed
        assert_eq!(folder.kept("0.004", Limits::new(8192, 1 << 40).unwrap()).unwrap(), Kept::Stale);
        assert_eq!(folder.kept("0.07", Limits::new(100, 1 << 40).unwrap()).unwrap(), Kept::Stale);
        assert_eq!(folder.kept("0.07", Limits::new(256, 7).unwrap()).unwrap(), Kept::Check(periodic));
        // a record of another game under this name, and a damaged one
        fs::copy(dir.join("0.004.json"), dir.join("0.77.json")).unwrap();
        assert!(
            matches!(folder.kept("0.77", limits).unwrap(), Kept::Damaged(w) if w.contains("record of 0.004"))
        );
        fs::write(dir.join("0.77.json"), "{").unwrap();
        assert!(matches!(folder.kept("0.77", limits).unwrap(), Kept::Damaged(w) if w.contains("not JSON")));
        // a code longer than a file name may be: its record's name is cut
        let long = format!("0.{}", "7".repeat(400));
        let record = game(&long);
        folder.write(&record).unwrap();
        assert_eq!(folder.kept(&long, limits).unwrap(), Kept::Resume(record));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn what_is_not_a_folder_or_not_a_regular_file_is_refused() {
        let dir = temp("refused");
        let folder = CensusFolder::open(&dir).unwrap();
        let e = CensusFolder::open(dir.join("none/deeper")).map(|_| ());
        assert!(e.is_ok(), "a missing folder is made: {e:?}");
        fs::write(dir.join("file"), "").unwrap();
        let e = CensusFolder::open(dir.join("file")).unwrap_err();
        assert!(matches!(&e, Error::InvalidParameter { parameter: "out", .. }), "{e}");
        assert!(e.to_string().ends_with("is not a folder"), "{e}");
        let e = CensusFolder::open("/proc/self").unwrap_err();
        assert!(e.to_string().contains("cannot write in it"), "{e}");
        fs::create_dir(dir.join("0.77.json")).unwrap();
        let limits = Limits::new(64, 1 << 40).unwrap();
        for e in [folder.check("0.77").unwrap_err(), folder.kept("0.77", limits).unwrap_err()] {
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
        let r = census_game("0.77", limits, &mut Context::default()).unwrap();
        assert!(folder.write(&r).unwrap_err().to_string().contains("not a regular file"));
        assert_eq!(files(&dir), ["0.77.json", "file", "none"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
