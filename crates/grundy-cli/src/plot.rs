//! `--plot FILE.svg`: the nim-sequence as an SVG chart with the preperiod and
//! one period marked (drawn by the crate grundy-plot, which the Python package
//! shares), written by the library's one writer of output files
//! ([`grundy::census::OutputFile`]):
//! a new file, or one of our charts (any regular file with `--force`).

use crate::CliError;
use grundy::census::OutputFile;
use grundy::heap::Periodic;

/// The file of `--plot PATH`: an earlier chart of ours is replaced, any other
/// regular file only with `force` (`--force`).
pub fn output(path: &str, force: bool) -> OutputFile {
    OutputFile::new(path, "plot", grundy_plot::is_chart, force)
}

/// Draws `values` (heap sizes `0..len`) with the preperiod shaded and the first
/// period after it outlined, into the file of `out`.
pub fn draw(
    out: &OutputFile,
    title: &str,
    values: &[u32],
    periodic: Option<&Periodic>,
) -> Result<(), CliError> {
    let svg = grundy_plot::svg(title, values, periodic.map(|p| (p.preperiod(), p.period())))
        .map_err(|e| CliError::Message(format!("--plot: cannot draw the chart: {e}")))?;
    Ok(out.write(|file| file.write_all(svg.as_bytes()))?)
}
