//! Output files written whole or not at all, and never over anything that is
//! not ours: the one writer behind a sequence's save file
//! ([`super::saved`]), the command line's `--plot` chart and Python's
//! `sequence(save=…)`.
//!
//! The rules, checked before any work ([`OutputFile::check`]) and again
//! before each write:
//!
//! * the target is a new name, or an existing **regular file** that is one of
//!   ours (a save, a chart: the predicate given to [`OutputFile::new`] tells
//!   from its first 256 bytes; an empty file counts as ours) — or anything
//!   regular with `force`; a symbolic link (dangling or not), a FIFO, a
//!   device or a folder is refused, so no link is followed, no FIFO blocks,
//!   no device is written;
//! * its folder exists and a file can be created there (tried: the temporary
//!   file is created and removed again, so a missing folder, a read-only file
//!   system or a lack of permission is reported before the computation);
//! * the content goes to the temporary file `FILE.partial`, created afresh
//!   (`O_EXCL`: never a link's target), flushed to the disk and renamed over
//!   `FILE`: an interruption, a full disk or any other failure leaves the old
//!   `FILE` as it was and removes the temporary file.
//!
//! Refusals are [`Error::InvalidParameter`] naming the parameter the path was
//! given as (`save`, `plot`) and the file, and telling to pass `force` when
//! that would help.
//!
//! The write itself ([`write_through`]: a temporary file created afresh,
//! filled, synced, renamed, removed on any failure, with the mode of any new
//! file) is also the census folder's ([`super::CensusFolder`]), whose
//! temporary files are named per process for writers sharing the folder.

use crate::error::Error;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// How many leading bytes of an existing file the predicate of ours looks at.
const SNIFF: usize = 256;

/// An output file, checked and written by the rules of the module docs.
///
/// ```
/// use grundy::census::OutputFile;
///
/// let path = std::env::temp_dir().join(format!("grundy-doc-output-{}", std::process::id()));
/// let ours = |head: &[u8]| head.starts_with(b"ours\n");
/// let out = OutputFile::new(&path, "out", ours, false);
/// out.check()?;
/// out.write(|w| w.write_all(b"ours\n1"))?;
/// assert_eq!(std::fs::read(&path).unwrap(), b"ours\n1");
/// std::fs::write(&path, "someone else's").unwrap();
/// assert!(out.write(|w| w.write_all(b"ours\n2")).unwrap_err().to_string().contains("pass `force`"));
/// assert_eq!(std::fs::read(&path).unwrap(), b"someone else's");
/// # std::fs::remove_file(&path).unwrap();
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct OutputFile {
    path: PathBuf,
    /// The parameter the path was given as, for messages.
    parameter: &'static str,
    /// Whether the file's first bytes show it is one of ours.
    ours: fn(&[u8]) -> bool,
    /// Replace any regular file.
    force: bool,
}

impl OutputFile {
    /// The file `path`, given as the parameter `parameter`, whose existing
    /// contents are ours when `ours` holds of their first 256 bytes;
    /// with `force`, any regular file is replaced.
    pub fn new(
        path: impl AsRef<Path>,
        parameter: &'static str,
        ours: fn(&[u8]) -> bool,
        force: bool,
    ) -> Self {
        OutputFile { path: path.as_ref().to_path_buf(), parameter, ours, force }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The temporary file the content goes to first: `FILE.partial`.
    pub fn partial(&self) -> PathBuf {
        let mut name = self.path.clone().into_os_string();
        name.push(".partial");
        PathBuf::from(name)
    }

    fn refuse(&self, why: impl std::fmt::Display) -> Error {
        Error::InvalidParameter {
            parameter: self.parameter,
            reason: format!("{}: {why}", self.path.display()),
        }
    }

    /// Refuses an existing `target` (the file or its temporary file) that is
    /// not a regular file, or not one of ours without `force`.
    fn check_existing(&self, target: &Path) -> Result<(), Error> {
        let Ok(meta) = fs::symlink_metadata(target) else {
            return Ok(());
        };
        if !meta.file_type().is_file() {
            return Err(self.refuse(format_args!(
                "{} exists and is not a regular file (a link, a FIFO, a device or a folder); name a new file or a regular one",
                target.display()
            )));
        }
        if self.force || meta.len() == 0 {
            return Ok(());
        }
        let mut head = Vec::with_capacity(SNIFF);
        let read = File::open(target).and_then(|f| f.take(SNIFF as u64).read_to_end(&mut head));
        match read {
            Ok(_) if (self.ours)(&head) => Ok(()),
            Ok(_) => Err(self.refuse(format_args!(
                "{} exists and was not written by grundy; name a new file, or pass `force` to replace it",
                target.display()
            ))),
            Err(e) => Err(self.refuse(format_args!("cannot read {}: {e}", target.display()))),
        }
    }

    /// Everything [`OutputFile::write`] needs, before any work: the target
    /// and its temporary file are absent or ours and regular, and a file can
    /// be created in the folder (the temporary file is created and removed).
    pub fn check(&self) -> Result<(), Error> {
        self.write_to(None, |_| Ok(()))
    }

    /// Writes the file whole: `fill` writes the content into the temporary
    /// file, which is flushed to the disk and renamed over the target. On any
    /// failure the temporary file is removed and the target left as it was.
    pub fn write(&self, fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Error> {
        self.write_to(Some(&self.path), fill)
    }

    /// [`write_through`] the temporary file to `target` (`None`: removed),
    /// once the target and the temporary file are shown absent or ours.
    fn write_to(
        &self,
        target: Option<&Path>,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), Error> {
        self.check_existing(&self.path)?;
        let tmp = self.partial();
        self.check_existing(&tmp)?;
        // a temporary file left by an interrupted write is a regular file of ours (checked above)
        let _ = fs::remove_file(&tmp);
        write_through(
            &tmp,
            target,
            fill,
            // the target may have changed meanwhile
            || self.check_existing(&self.path),
            |step, e| match step {
                Step::Create => self.refuse(format_args!("cannot create {}: {e}", tmp.display())),
                Step::Write => self.refuse(format_args!("cannot write it: {e}")),
            },
        )
    }
}

/// Where a [`write_through`] failed.
pub(crate) enum Step {
    /// Creating the temporary file.
    Create,
    /// Filling, syncing or renaming it.
    Write,
}

/// The one write of a whole file: `tmp` is created afresh (`O_EXCL`, never a
/// link's target; the mode of any new file, `0666` less the umask), filled by
/// `fill`, flushed and synced to the disk, then — once `ready` holds —
/// renamed over `target` (with no target, removed: a probe that a file can be
/// written there). On any failure the temporary file is removed and the
/// target left as it was; `error` tells the step and the I/O error.
pub(crate) fn write_through<E>(
    tmp: &Path,
    target: Option<&Path>,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ready: impl FnOnce() -> Result<(), E>,
    error: impl Fn(Step, io::Error) -> E,
) -> Result<(), E> {
    let file =
        OpenOptions::new().write(true).create_new(true).open(tmp).map_err(|e| error(Step::Create, e))?;
    let mut out = io::BufWriter::new(file);
    let written = fill(&mut out)
        .and_then(|()| out.into_inner().map_err(io::IntoInnerError::into_error))
        .and_then(|file| file.sync_all())
        .map_err(|e| error(Step::Write, e))
        .and_then(|()| ready())
        .and_then(|()| match target {
            Some(target) => fs::rename(tmp, target).map_err(|e| error(Step::Write, e)),
            None => Ok(()),
        });
    if written.is_err() || target.is_none() {
        let _ = fs::remove_file(tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours(head: &[u8]) -> bool {
        head.starts_with(b"ours\n")
    }

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("grundy-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    fn output(path: &Path, force: bool) -> OutputFile {
        OutputFile::new(path, "out", ours, force)
    }

    fn says(e: &Error, what: &str) -> bool {
        matches!(e, Error::InvalidParameter { parameter: "out", reason } if reason.contains(what))
    }

    #[test]
    fn writes_new_and_ours_and_refuses_the_rest() {
        let d = dir("rules");
        let file = d.join("a");
        output(&file, false).write(|w: &mut dyn Write| w.write_all(b"ours\n1")).unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"ours\n1");
        // ours: replaced
        output(&file, false).write(|w: &mut dyn Write| w.write_all(b"ours\n2")).unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"ours\n2");
        // not ours: refused before and at the write, replaced with force
        let notes = d.join("notes.txt");
        fs::write(&notes, "my notes").unwrap();
        let e = output(&notes, false).check().unwrap_err();
        assert!(says(&e, "not written by grundy") && e.to_string().contains("`force`"), "{e}");
        assert!(output(&notes, false).write(|w: &mut dyn Write| w.write_all(b"ours\n")).is_err());
        assert_eq!(fs::read_to_string(&notes).unwrap(), "my notes");
        output(&notes, true).check().unwrap();
        output(&notes, true).write(|w: &mut dyn Write| w.write_all(b"ours\n3")).unwrap();
        assert_eq!(fs::read(&notes).unwrap(), b"ours\n3");
        // no temporary file is left behind
        assert!(!output(&file, false).partial().exists() && !output(&notes, false).partial().exists());
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_removes_the_temporary_one() {
        let d = dir("fail");
        let file = d.join("a");
        fs::write(&file, "ours\nold").unwrap();
        let out = output(&file, false);
        let e = out.write(|w: &mut dyn Write| {
            w.write_all(b"ours\nhalf")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "no space left on device"))
        });
        assert!(says(&e.unwrap_err(), "no space left"));
        assert_eq!(fs::read_to_string(&file).unwrap(), "ours\nold");
        assert!(!out.partial().exists());
        fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn links_fifos_folders_and_missing_folders_are_refused_before_any_work() {
        let d = dir("kinds");
        let target = d.join("target");
        fs::write(&target, "ours\nuntouched").unwrap();
        let link = d.join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let dangling = d.join("dangling");
        std::os::unix::fs::symlink(d.join("nowhere"), &dangling).unwrap();
        let fifo = d.join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let folder = d.join("folder");
        fs::create_dir(&folder).unwrap();
        let with_link_partial = d.join("b");
        std::os::unix::fs::symlink(&target, d.join("b.partial")).unwrap();
        for path in [&link, &dangling, &fifo, &folder, &with_link_partial] {
            for force in [false, true] {
                let e = output(path, force).check().unwrap_err();
                assert!(says(&e, "not a regular file"), "{path:?}");
            }
        }
        let missing = d.join("no-such-folder").join("x");
        let e = output(&missing, false).check().unwrap_err();
        assert!(says(&e, "cannot create"), "{missing:?}");
        assert!(!d.join("nowhere").exists());
        assert_eq!(fs::read_to_string(&target).unwrap(), "ours\nuntouched");
        fs::remove_dir_all(&d).unwrap();
    }
}
