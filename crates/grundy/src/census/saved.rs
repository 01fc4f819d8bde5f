//! Files of nim-values saved by a long sequence computation (`grundy
//! sequence --save/--resume` and Python's `grundy.sequence(save=…,
//! resume=…)`, one format read and written here): a long computation is
//! never lost, and a saved one goes on where it stopped, from either side.
//!
//! # The format (version 1)
//!
//! A short text header, a blank line, then the values `g(0), g(1), …` as
//! little-endian unsigned integers of the narrowest width that holds them
//! all (1, 2 or 4 bytes):
//!
//! ```text
//! grundy nim-values 1
//! game: octal 0.106
//! values: 1048576
//! width: 1
//! fnv1a64: 5d2f9c0e61b3a8f4
//!
//! <values × width bytes>
//! ```
//!
//! * `grundy nim-values 1`: the first line names the format and its version.
//!   A file that begins with it is a save, *one of ours* ([`is_saved`]): a save
//!   replaces only an earlier save (or, with `force`, any regular file). A
//!   later version of the format gets a new number; a reader refuses a
//!   number it does not know, as a file that is no save.
//! * `game:` the game as [`HeapGame::describe`] names it (`octal 0.77`,
//!   `subtraction 1,3,4`): values are resumed only for the same game.
//! * `values:` how many values, `width:` the bytes of each (1, 2 or 4): the
//!   body holds exactly `values × width` bytes.
//! * `fnv1a64:` the 64-bit FNV-1a checksum ([`Fnv1a64`]) of the body's
//!   bytes, 16 lowercase hexadecimal digits.
//! * optionally `work:` the mex steps the values cost from heap 0, written by
//!   a census (`census --out`, [`write_kept`]) so that a census that goes on
//!   from them counts its work limit as a run from nothing would
//!   ([`crate::heap::Known`]); readers that do not know it skip it, and a
//!   file without it is resumed with its work unknown.
//!
//! On load the fields come in this order, the game must be the one asked
//! for, the length and the checksum must match (a damaged file is refused,
//! naming it), and the library computes the first values again
//! ([`RESUME_CHECK`](crate::heap::RESUME_CHECK), in
//! [`HeapGame::analyze_resumed`]). A save is written by the one writer of
//! output files ([`OutputFile`]): to `FILE.partial`, renamed over the old
//! save, so an interruption during the write leaves the previous save intact.
//!
//! Both ways are streamed: a save writes the values from the lanes the
//! computation keeps them in (a byte a value while they fit), a chunk at a
//! time, and a load reads them into lanes of the file's width; no copy of the
//! whole sequence is built on either side.
//!
//! ```
//! use grundy::census::saved::{self, SavedRun};
//! use grundy::heap::Limits;
//! use grundy::{Context, HeapGame};
//!
//! let path = std::env::temp_dir().join(format!("grundy-doc-saved-{}", std::process::id()));
//! let kayles = HeapGame::octal("0.77")?;
//! let limits = Limits::new(200, u64::MAX)?;
//! // 200 values, saved
//! let mut first = SavedRun::new(&kayles, None, Some(saved::save_file(&path, false)))?;
//! first.analyze(&kayles, 200, limits, &mut Context::default())?;
//! assert_eq!(first.kept(), 200);
//! // read back: the same values; resumed, the run goes on from them
//! let values = saved::read(&path, &kayles.describe())?;
//! assert_eq!(values.lanes().to_vec(), kayles.analyze(200, limits)?.values);
//! let mut again = SavedRun::new(&kayles, Some(&path), None)?;
//! assert_eq!(again.analyze(&kayles, 300, Limits::new(300, u64::MAX)?, &mut Context::default())?.values.len(), 300);
//! // not the same game: refused, naming the file
//! let e = saved::read(&path, "octal 0.07").unwrap_err().to_string();
//! assert!(e.contains("cannot be resumed") && e.contains("not of octal 0.07"));
//! # std::fs::remove_file(&path).unwrap();
//! # Ok::<(), grundy::Error>(())
//! ```

use super::output_file::OutputFile;
use super::record::Fnv1a64;
use crate::count::Context;
use crate::error::Error;
use crate::heap::{Analysis, HeapGame, Lanes, Limits};
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// The first line of a save: the format and its version.
pub const FIRST_LINE: &str = "grundy nim-values 1";

/// Values encoded per chunk: the body is never held whole.
const CHUNK: usize = 1 << 16;

/// The values in `width` bytes each, little-endian, a chunk at a time.
fn encoded(values: Lanes<'_>, width: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
    (0..values.len()).step_by(CHUNK).map(move |start| {
        let chunk = values.prefix(start + CHUNK);
        let mut bytes = Vec::with_capacity((chunk.len() - start) * width);
        match chunk {
            Lanes::Bytes(v) if width == 1 => bytes.extend_from_slice(&v[start..]),
            _ => (start..chunk.len()).filter_map(|i| chunk.get(i)).for_each(|v| {
                bytes.extend_from_slice(&v.to_le_bytes()[..width]);
            }),
        }
        bytes
    })
}

/// The width that holds every value: 1, 2 or 4 bytes (bytes need no look).
fn width_of(values: Lanes<'_>) -> usize {
    let top = match values {
        Lanes::Bytes(_) => 0,
        _ => values.iter().max().unwrap_or(0),
    };
    match top {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        _ => 4,
    }
}

/// Saved values, in lanes of the file's width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedValues {
    /// One byte a value.
    Bytes(Vec<u8>),
    /// Two bytes a value.
    Words(Vec<u16>),
    /// Four bytes a value.
    Wide(Vec<u32>),
}

impl SavedValues {
    /// The values, borrowed.
    pub fn lanes(&self) -> Lanes<'_> {
        match self {
            SavedValues::Bytes(v) => Lanes::Bytes(v),
            SavedValues::Words(v) => Lanes::Words(v),
            SavedValues::Wide(v) => Lanes::Wide(v),
        }
    }
}

/// Whether a file that begins with `head` is a save (one of ours): its first
/// line is [`FIRST_LINE`].
pub fn is_saved(head: &[u8]) -> bool {
    head.strip_prefix(FIRST_LINE.as_bytes()).is_some_and(|rest| rest.first() == Some(&b'\n'))
}

/// The save file `path`, given as the parameter `save`: an earlier save is
/// replaced, any other regular file only with `force`.
pub fn save_file(path: impl AsRef<Path>, force: bool) -> OutputFile {
    OutputFile::new(path, "save", is_saved, force)
}

/// Writes the save of `values` of the game named `game` into `out`: the
/// header, then the body (streamed, a chunk at a time; the checksum is a
/// first pass over the values, as the header comes first).
pub fn write_to(out: &mut dyn Write, game: &str, values: Lanes<'_>) -> std::io::Result<()> {
    write_work_to(out, game, values, None)
}

/// [`write_to`], with the `work:` line when the work is given.
fn write_work_to(
    out: &mut dyn Write,
    game: &str,
    values: Lanes<'_>,
    work: Option<u64>,
) -> std::io::Result<()> {
    let width = width_of(values);
    let check = encoded(values, width).fold(Fnv1a64::new(), |h, chunk| h.update(&chunk)).value();
    let work = work.map_or(String::new(), |w| format!("work: {w}\n"));
    let header = format!(
        "{FIRST_LINE}\ngame: {game}\nvalues: {}\nwidth: {width}\nfnv1a64: {check:016x}\n{work}\n",
        values.len()
    );
    out.write_all(header.as_bytes())?;
    encoded(values, width).try_for_each(|chunk| out.write_all(&chunk))
}

/// Writes `values` of the game named `game` to the file of `out` (through
/// its temporary file).
pub fn write(out: &OutputFile, game: &str, values: Lanes<'_>) -> Result<(), Error> {
    out.write(|file| write_to(file, game, values))
}

/// Writes `values` of the game named `game` and the `work` they cost from
/// heap 0 to the file of `out` (through its temporary file): a census's
/// values file.
pub fn write_kept(out: &OutputFile, game: &str, values: Lanes<'_>, work: u64) -> Result<(), Error> {
    out.write(|file| write_work_to(file, game, values, Some(work)))
}

/// Why the file `path` cannot be resumed: refused as the parameter `resume`.
fn cannot_resume(path: &Path, why: impl std::fmt::Display) -> Error {
    Error::InvalidParameter {
        parameter: "resume",
        reason: format!("{} cannot be resumed: {why}", path.display()),
    }
}

/// Reads the values of the game named `game` saved in `path`, checking the
/// header and the checksum. Errors are [`Error::InvalidParameter`] of the
/// parameter `resume`, naming the file (`cannot read PATH: …`, `PATH cannot
/// be resumed: …`).
pub fn read(path: impl AsRef<Path>, game: &str) -> Result<SavedValues, Error> {
    read_kept(path, game).map(|(values, _)| values)
}

/// [`read`], with the work of the `work:` line when the file has one.
pub fn read_kept(path: impl AsRef<Path>, game: &str) -> Result<(SavedValues, Option<u64>), Error> {
    let path = path.as_ref();
    let cannot = |e: std::io::Error| Error::InvalidParameter {
        parameter: "resume",
        reason: format!("cannot read {}: {e}", path.display()),
    };
    let file = fs::File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    read_work_from(BufReader::new(file), len, game).map_err(|why| cannot_resume(path, why))
}

/// The longest header read (a file without its blank line within is no save).
const MAX_HEADER: u64 = 1 << 16;

/// The values of the game named `game` in a save of `len` bytes read from
/// `input`, or why they cannot be used.
pub fn read_from(input: impl BufRead, len: u64, game: &str) -> Result<SavedValues, String> {
    read_work_from(input, len, game).map(|(values, _)| values)
}

/// [`read_from`], with the work of the `work:` line when there is one.
fn read_work_from(
    mut input: impl BufRead,
    len: u64,
    game: &str,
) -> Result<(SavedValues, Option<u64>), String> {
    let not_saved = "it is not a file of saved nim-values";
    let mut header = Vec::new();
    loop {
        let before = header.len();
        let read = (&mut input).take(MAX_HEADER).read_until(b'\n', &mut header).map_err(|e| e.to_string())?;
        if read == 0 || header.len() as u64 >= MAX_HEADER {
            return Err(not_saved.into());
        }
        if &header[before..] == b"\n" {
            break;
        }
    }
    let body_len = len.saturating_sub(header.len() as u64);
    let header = std::str::from_utf8(&header).map_err(|_| not_saved)?;
    let mut lines = header.lines();
    if lines.next() != Some(FIRST_LINE) {
        return Err(format!("{not_saved} (no '{FIRST_LINE}' line)"));
    }
    let mut field = |name: &str| -> Result<String, String> {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name)?.strip_prefix(": "))
            .map(str::to_string)
            .ok_or(format!("the header has no '{name}:' line"))
    };
    let saved_game = field("game")?;
    if saved_game != game {
        return Err(format!("it holds the values of {saved_game}, not of {game}"));
    }
    let count: usize = field("values")?.parse().map_err(|_| "the 'values:' line is not a number")?;
    let width: usize = match field("width")?.as_str() {
        "1" => 1,
        "2" => 2,
        "4" => 4,
        w => return Err(format!("width {w} is not 1, 2 or 4")),
    };
    let check =
        u64::from_str_radix(&field("fnv1a64")?, 16).map_err(|_| "the 'fnv1a64:' line is not hexadecimal")?;
    let work = match lines.next().and_then(|l| l.strip_prefix("work: ")) {
        Some(w) => Some(w.parse::<u64>().map_err(|_| "the 'work:' line is not a number")?),
        None => None,
    };
    if Some(body_len) != (count as u64).checked_mul(width as u64) {
        return Err(format!("it should hold {count} values of {width} bytes but has {body_len} bytes"));
    }
    // the body a chunk at a time, into lanes of its width
    let mut saved = match width {
        1 => SavedValues::Bytes(Vec::with_capacity(count)),
        2 => SavedValues::Words(Vec::with_capacity(count)),
        _ => SavedValues::Wide(Vec::with_capacity(count)),
    };
    let (mut hash, mut left, mut chunk) = (Fnv1a64::new(), count * width, vec![0u8; CHUNK * width]);
    while left > 0 {
        let bytes = &mut chunk[..left.min(CHUNK * width)];
        input.read_exact(bytes).map_err(|e| format!("its values cannot be read: {e}"))?;
        hash = hash.update(bytes);
        left -= bytes.len();
        match &mut saved {
            SavedValues::Bytes(v) => v.extend_from_slice(bytes),
            SavedValues::Words(v) => {
                v.extend(bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])))
            }
            SavedValues::Wide(v) => {
                v.extend(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
            }
        }
    }
    if hash.value() != check {
        return Err("the checksum does not match: the file is damaged".into());
    }
    Ok((saved, work))
}

/// A sequence computation resumed from a save and kept in one: the
/// `--resume`/`--save` run of the command line and of Python, written once.
///
/// [`SavedRun::new`] checks the save file before any work and reads the
/// resumed values; [`SavedRun::analyze`] runs
/// [`HeapGame::analyze_resumed`] from them, writing the save at every
/// doubling of the values, when interrupted and at the end.
#[derive(Debug)]
pub struct SavedRun {
    /// The game's name in the file.
    game: String,
    /// The resumed file and its values (none: start from nothing).
    resumed: Option<(PathBuf, SavedValues)>,
    save: Option<OutputFile>,
    /// How many values the save file holds.
    kept: usize,
}

impl SavedRun {
    /// A run of `game` from the values saved in `resume` (if any), kept in
    /// `save` (if any). The save file is checked first ([`OutputFile::check`]),
    /// then the resumed file is read ([`read`]).
    pub fn new(game: &HeapGame, resume: Option<&Path>, save: Option<OutputFile>) -> Result<Self, Error> {
        if let Some(out) = &save {
            out.check()?;
        }
        let name = game.describe();
        let resumed = match resume {
            Some(path) => Some((path.to_path_buf(), read(path, &name)?)),
            None => None,
        };
        let kept = resumed.as_ref().map_or(0, |(_, v)| v.lanes().len());
        Ok(SavedRun { game: name, resumed, save, kept })
    }

    /// How many values the save file holds (so far: after an interruption,
    /// those an interrupted run can go on from).
    pub fn kept(&self) -> usize {
        self.kept
    }

    /// [`HeapGame::analyze_resumed`] of `game` (the game of [`SavedRun::new`])
    /// from the resumed values, the save written at every doubling, on an
    /// interruption and at the end (also when nothing new is computed). A
    /// failed write stops the run with its error; resumed values the library
    /// refuses (they are not `game`'s) are refused naming the file.
    pub fn analyze(
        &mut self,
        game: &HeapGame,
        want: usize,
        limits: Limits,
        ctx: &mut Context<'_>,
    ) -> Result<Analysis, Error> {
        if game.describe() != self.game {
            return Err(Error::Internal(format!("a run of {} asked for {}", self.game, game.describe())));
        }
        let known = self.resumed.as_ref().map_or(Lanes::Bytes(&[]), |(_, v)| v.lanes());
        let (save, name) = (&self.save, &self.game);
        let mut failure = None;
        let mut kept = None;
        let mut keep = |g: Lanes<'_>| match save {
            None => Ok(()),
            Some(out) => match write(out, name, g) {
                Ok(()) => {
                    kept = Some(g.len());
                    Ok(())
                }
                Err(e) => {
                    failure = Some(e);
                    Err(Error::Interrupted)
                }
            },
        };
        let analysis = game.analyze_resumed(known, want, limits, ctx, &mut keep);
        if let Some(n) = kept {
            self.kept = n;
        }
        if let Some(e) = failure {
            return Err(e);
        }
        // nothing new computed (`want` within the resumed values): the save at the end still happens
        if let (Ok(_), Some(out), None) = (&analysis, save, kept) {
            write(out, name, known)?;
            self.kept = known.len();
        }
        analysis.map_err(|e| match (e, &self.resumed) {
            (Error::InvalidParameter { parameter: "known values", reason }, Some((path, _))) => {
                cannot_resume(path, format_args!("its values {reason}"))
            }
            (e, _) => e,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(values: &[u32], game: &str) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_to(&mut bytes, game, values.into()).unwrap();
        bytes
    }

    fn parse(bytes: &[u8], game: &str) -> Result<Vec<u32>, String> {
        read_from(bytes, bytes.len() as u64, game).map(|saved| saved.lanes().to_vec())
    }

    #[test]
    fn values_of_every_width_round_trip() {
        let long: Vec<u32> = (0..3 * CHUNK as u32 + 5).map(|i| i % 251).collect();
        for values in [vec![], vec![0, 1, 255], vec![0, 256, 7], vec![0, 70_000, u32::MAX], long] {
            let bytes = file(&values, "octal 0.77");
            assert!(is_saved(&bytes));
            assert_eq!(parse(&bytes, "octal 0.77").unwrap(), values);
            let width = bytes.len() - bytes.windows(2).position(|w| w == b"\n\n").unwrap() - 2;
            assert_eq!(
                width,
                values.len()
                    * if values.iter().any(|&v| v > 0xFFFF) {
                        4
                    } else if values.iter().any(|&v| v > 0xFF) {
                        2
                    } else {
                        1
                    }
            );
            // saved from narrower lanes: the same file
            if let Ok(narrow) = values.iter().map(|&v| u16::try_from(v)).collect::<Result<Vec<u16>, _>>() {
                let mut words = Vec::new();
                write_to(&mut words, "octal 0.77", Lanes::Words(&narrow)).unwrap();
                assert_eq!(words, bytes);
            }
        }
    }

    #[test]
    fn the_header_is_the_documented_one() {
        let bytes = file(&[0, 1, 2], "octal 0.77");
        let check = Fnv1a64::new().update(&[0, 1, 2]).value();
        let expected =
            format!("grundy nim-values 1\ngame: octal 0.77\nvalues: 3\nwidth: 1\nfnv1a64: {check:016x}\n\n");
        assert_eq!(bytes, [expected.as_bytes(), &[0, 1, 2]].concat());
    }

    #[test]
    fn the_work_line_is_read_back_and_skipped_by_the_plain_reader() {
        let mut bytes = Vec::new();
        write_work_to(&mut bytes, "octal 0.6", Lanes::Bytes(&[0, 0, 1]), Some(1234)).unwrap();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        assert!(text.contains("fnv1a64: ") && text.contains("\nwork: 1234\n\n"), "{text}");
        let len = bytes.len() as u64;
        let (values, work) = read_work_from(&bytes[..], len, "octal 0.6").unwrap();
        assert_eq!((values.lanes().to_vec(), work), (vec![0, 0, 1], Some(1234)));
        assert_eq!(parse(&bytes, "octal 0.6").unwrap(), [0, 0, 1]);
        assert_eq!(
            read_work_from(&file(&[0, 0, 1], "octal 0.6")[..], len - 11, "octal 0.6").unwrap().1,
            None
        );
        let bad = text.replace("work: 1234", "work: lots").into_bytes();
        assert!(read_work_from(&bad[..], bad.len() as u64, "octal 0.6").unwrap_err().contains("'work:'"));
    }

    #[test]
    fn damaged_or_foreign_files_are_refused_with_the_reason() {
        let bytes = file(&[0, 1, 2, 3, 1, 4], "octal 0.77");
        assert!(parse(&bytes, "octal 0.07").unwrap_err().contains("not of octal 0.07"));
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(parse(&flipped, "octal 0.77").unwrap_err().contains("checksum"));
        let short = &bytes[..bytes.len() - 1];
        assert!(parse(short, "octal 0.77").unwrap_err().contains("should hold 6 values"));
        let later = [b"grundy nim-values 2".as_slice(), &bytes[19..]].concat();
        assert!(!is_saved(&later));
        assert!(parse(&later, "octal 0.77").unwrap_err().contains("not a file"));
        assert!(parse(b"hello\n\nworld", "octal 0.77").unwrap_err().contains("not a file"));
        assert!(parse(b"", "octal 0.77").unwrap_err().contains("not a file"));
        assert!(!is_saved(b"grundy nim-values 1x\n") && !is_saved(b"grundy nim-values 1"));
    }
}
