//! Files of nim-values for `sequence --save` / `--resume`: a long computation
//! is never lost, and a saved one goes on where it stopped.
//!
//! The format is a short text header and the values as little-endian
//! integers of the narrowest width that holds them all (1, 2 or 4 bytes):
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
//! On load the game must be the one asked for, the length and the FNV-1a
//! checksum of the value bytes must match, and the library computes the
//! first values again (the first 4096). A save is written by the one
//! writer of output files ([`crate::atomic`]): to `FILE.partial`, renamed
//! over the old save, so an interruption during the write leaves the
//! previous save intact.
//!
//! Both ways are streamed: a save writes the values from the lanes the
//! computation keeps them in (a byte a value while they fit), a chunk at a
//! time, and a load reads them into lanes of the file's width; no copy of
//! the whole sequence is built on either side.
//!
//! A save replaces only an earlier save (a file that begins with the line
//! `grundy nim-values 1`; any regular file with `--force`): a target (or its
//! temporary file) that exists as anything else — a file of someone else's,
//! a device, a FIFO, a symbolic link, a folder — is refused before any work
//! starts and again before each write, and the temporary file is created
//! afresh (`O_EXCL`), so no link is ever followed.

use crate::CliError;
use crate::atomic::Output;
use grundy::census::Fnv1a64;
use grundy::heap::Lanes;
use std::fs;
use std::io::{BufRead, BufReader, Read};

const MAGIC: &str = "grundy nim-values 1";

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
#[derive(Debug, PartialEq)]
pub enum Saved {
    Bytes(Vec<u8>),
    Words(Vec<u16>),
    Wide(Vec<u32>),
}

impl Saved {
    /// The values, borrowed.
    pub fn lanes(&self) -> Lanes<'_> {
        match self {
            Saved::Bytes(v) => Lanes::Bytes(v),
            Saved::Words(v) => Lanes::Words(v),
            Saved::Wide(v) => Lanes::Wide(v),
        }
    }
}

/// Whether a file that begins with `head` is a save (one of ours).
fn is_save(head: &[u8]) -> bool {
    head.strip_prefix(MAGIC.as_bytes()).is_some_and(|rest| rest.first() == Some(&b'\n'))
}

/// The file of `--save PATH`: an earlier save is replaced, any other regular
/// file only with `force` (`--force`).
pub fn output(path: &str, force: bool) -> Output {
    Output::new(path, "--save", is_save, force)
}

/// Writes `values` of `game` to the file of `out` (through a temporary file).
pub fn write(out: &Output, game: &str, values: Lanes<'_>) -> Result<(), CliError> {
    let width = width_of(values);
    // the checksum of the body, a chunk at a time (a first pass: the header comes first)
    let check = encoded(values, width).fold(Fnv1a64::new(), |h, chunk| h.update(&chunk)).value();
    let header =
        format!("{MAGIC}\ngame: {game}\nvalues: {}\nwidth: {width}\nfnv1a64: {check:016x}\n\n", values.len());
    out.write(|file| {
        file.write_all(header.as_bytes())?;
        encoded(values, width).try_for_each(|chunk| file.write_all(&chunk))
    })
}

/// Reads the values of `game` saved in `path`, checking the header and the
/// checksum.
pub fn read(path: &str, game: &str) -> Result<Saved, CliError> {
    let cannot = |e: std::io::Error| CliError::Message(format!("cannot read {path}: {e}"));
    let file = fs::File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    parse(BufReader::new(file), len, game)
        .map_err(|why| CliError::Message(format!("{path} cannot be resumed: {why}")))
}

/// The longest header read (a file without its blank line within is no save).
const MAX_HEADER: u64 = 1 << 16;

/// The values in a saved file of `len` bytes read from `input`, or why they
/// cannot be used.
fn parse(mut input: impl BufRead, len: u64, game: &str) -> Result<Saved, String> {
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
    if lines.next() != Some(MAGIC) {
        return Err(format!("{not_saved} (no 'grundy nim-values 1' line)"));
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
    if Some(body_len) != (count as u64).checked_mul(width as u64) {
        return Err(format!("it should hold {count} values of {width} bytes but has {body_len} bytes"));
    }
    // the body a chunk at a time, into lanes of its width
    let mut saved = match width {
        1 => Saved::Bytes(Vec::with_capacity(count)),
        2 => Saved::Words(Vec::with_capacity(count)),
        _ => Saved::Wide(Vec::with_capacity(count)),
    };
    let (mut hash, mut left, mut chunk) = (Fnv1a64::new(), count * width, vec![0u8; CHUNK * width]);
    while left > 0 {
        let bytes = &mut chunk[..left.min(CHUNK * width)];
        input.read_exact(bytes).map_err(|e| format!("its values cannot be read: {e}"))?;
        hash = hash.update(bytes);
        left -= bytes.len();
        match &mut saved {
            Saved::Bytes(v) => v.extend_from_slice(bytes),
            Saved::Words(v) => v.extend(bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]))),
            Saved::Wide(v) => {
                v.extend(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
            }
        }
    }
    if hash.value() != check {
        return Err("the checksum does not match: the file is damaged".into());
    }
    Ok(saved)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(values: &[u32], game: &str) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!("grundy-saved-{}-{}", std::process::id(), values.len()));
        let path = dir.to_str().unwrap().to_string();
        write(&output(&path, false), game, values.into()).unwrap();
        let bytes = fs::read(&path).unwrap();
        fs::remove_file(&path).unwrap();
        bytes
    }

    fn parse(bytes: &[u8], game: &str) -> Result<Vec<u32>, String> {
        super::parse(bytes, bytes.len() as u64, game).map(|saved| saved.lanes().to_vec())
    }

    #[test]
    fn values_of_every_width_round_trip() {
        let long: Vec<u32> = (0..3 * CHUNK as u32 + 5).map(|i| i % 251).collect();
        for values in [vec![], vec![0, 1, 255], vec![0, 256, 7], vec![0, 70_000, u32::MAX], long] {
            let bytes = file(&values, "octal 0.77");
            assert_eq!(parse(&bytes, "octal 0.77").unwrap(), values);
            // saved from narrower lanes: the same file
            if let Ok(narrow) = values.iter().map(|&v| u16::try_from(v)).collect::<Result<Vec<u16>, _>>() {
                let path = std::env::temp_dir().join(format!("grundy-saved-words-{}", std::process::id()));
                let path = path.to_str().unwrap();
                write(&output(path, false), "octal 0.77", Lanes::Words(&narrow)).unwrap();
                assert_eq!(fs::read(path).unwrap(), bytes);
                fs::remove_file(path).unwrap();
            }
        }
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
        assert!(parse(b"hello\n\nworld", "octal 0.77").unwrap_err().contains("not a file"));
        assert!(parse(b"", "octal 0.77").unwrap_err().contains("not a file"));
    }
}
