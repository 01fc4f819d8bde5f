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
//! first values again (the first 4096). A save goes to a
//! temporary file renamed over the old one, so an interruption during the
//! write leaves the previous save intact.
//!
//! A save replaces only regular files: a target (or its temporary file) that
//! exists as anything else — a device, a FIFO, a symbolic link, a folder — is
//! refused before any work starts and again before each write, and the
//! temporary file is created afresh (`O_EXCL`), so no link is ever followed.

use crate::CliError;
use std::fs;
use std::io::Write;

const MAGIC: &str = "grundy nim-values 1";

/// The FNV-1a offset basis (64-bit).
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a (64-bit) continued from `h` over `bytes`.
fn fnv1a64_from(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// FNV-1a over bytes (64-bit): a checksum against truncation and corruption.
fn fnv1a64(bytes: &[u8]) -> u64 {
    fnv1a64_from(FNV_START, bytes)
}

/// Values encoded per chunk: the body is never held whole.
const CHUNK: usize = 1 << 16;

/// The values in `width` bytes each, little-endian, a chunk at a time.
fn encoded(values: &[u32], width: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
    values.chunks(CHUNK).map(move |chunk| {
        let mut bytes = Vec::with_capacity(chunk.len() * width);
        for v in chunk {
            bytes.extend_from_slice(&v.to_le_bytes()[..width]);
        }
        bytes
    })
}

/// The temporary file a save goes to before it is renamed over `path`.
fn partial(path: &str) -> String {
    format!("{path}.partial")
}

/// Refuses a save target that exists and is not a regular file (a device,
/// a FIFO, a symbolic link, a folder), nor may its temporary file be one:
/// a save never follows a link nor replaces anything but a regular file.
pub fn check_target(path: &str) -> Result<(), CliError> {
    for target in [path.to_string(), partial(path)] {
        match fs::symlink_metadata(&target) {
            Ok(m) if !m.file_type().is_file() => {
                return Err(CliError::Message(format!(
                    "--save {path}: {target} exists and is not a regular file; name a new file or a regular one"
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Writes `values` of `game` to `path` (through a temporary file).
pub fn write(path: &str, game: &str, values: &[u32]) -> Result<(), CliError> {
    check_target(path)?;
    let top = values.iter().copied().max().unwrap_or(0);
    let width = match top {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        _ => 4,
    };
    // the checksum of the body, straight from the values (no bytes built)
    let check = values.iter().fold(FNV_START, |h, v| fnv1a64_from(h, &v.to_le_bytes()[..width]));
    let header =
        format!("{MAGIC}\ngame: {game}\nvalues: {}\nwidth: {width}\nfnv1a64: {check:016x}\n\n", values.len());
    let tmp = partial(path);
    let failed = |e: std::io::Error| CliError::Message(format!("cannot save the values to {path}: {e}"));
    // a temporary file left by an interrupted save is a regular file (checked above)
    if fs::symlink_metadata(&tmp).is_ok() {
        fs::remove_file(&tmp).map_err(failed)?;
    }
    let mut file = fs::OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(failed)?;
    file.write_all(header.as_bytes()).map_err(failed)?;
    for chunk in encoded(values, width) {
        file.write_all(&chunk).map_err(failed)?;
    }
    file.sync_all().map_err(failed)?;
    check_target(path)?;
    fs::rename(&tmp, path).map_err(failed)
}

/// Reads the values of `game` saved in `path`, checking the header and the
/// checksum.
pub fn read(path: &str, game: &str) -> Result<Vec<u32>, CliError> {
    let bytes = fs::read(path).map_err(|e| CliError::Message(format!("cannot read {path}: {e}")))?;
    parse(&bytes, game).map_err(|why| CliError::Message(format!("{path} cannot be resumed: {why}")))
}

/// The values in a saved file's bytes, or why they cannot be used.
fn parse(bytes: &[u8], game: &str) -> Result<Vec<u32>, String> {
    let split = bytes.windows(2).position(|w| w == b"\n\n").ok_or("it is not a file of saved nim-values")?;
    let header = std::str::from_utf8(&bytes[..split]).map_err(|_| "it is not a file of saved nim-values")?;
    let body = &bytes[split + 2..];
    let mut lines = header.lines();
    if lines.next() != Some(MAGIC) {
        return Err("it is not a file of saved nim-values (no 'grundy nim-values 1' line)".into());
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
    if Some(body.len()) != count.checked_mul(width) {
        return Err(format!("it should hold {count} values of {width} bytes but has {} bytes", body.len()));
    }
    if fnv1a64(body) != check {
        return Err("the checksum does not match: the file is damaged".into());
    }
    let values = body
        .chunks_exact(width)
        .map(|c| {
            let mut le = [0u8; 4];
            le[..width].copy_from_slice(c);
            u32::from_le_bytes(le)
        })
        .collect();
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(values: &[u32], game: &str) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!("grundy-saved-{}-{}", std::process::id(), values.len()));
        let path = dir.to_str().unwrap().to_string();
        write(&path, game, values).unwrap();
        let bytes = fs::read(&path).unwrap();
        fs::remove_file(&path).unwrap();
        bytes
    }

    #[test]
    fn values_of_every_width_round_trip() {
        for values in [vec![], vec![0, 1, 255], vec![0, 256, 7], vec![0, 70_000, u32::MAX]] {
            let bytes = file(&values, "octal 0.77");
            assert_eq!(parse(&bytes, "octal 0.77").unwrap(), values);
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
