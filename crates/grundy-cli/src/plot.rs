//! `--plot FILE.svg`: the nim-sequence as an SVG chart with the preperiod and
//! one period marked (drawn by the crate grundy-plot, which the Python package
//! shares).

use crate::CliError;
use grundy::Periodic;

/// Draws `values` (heap sizes `0..len`) with the preperiod shaded and the first
/// period after it outlined, into the file `path`.
pub fn draw(path: &str, title: &str, values: &[u32], periodic: Option<&Periodic>) -> Result<(), CliError> {
    let fail = |e: &dyn std::fmt::Display| CliError::Message(format!("--plot {path}: {e}"));
    let svg = grundy_plot::svg(title, values, periodic.map(|p| (p.preperiod(), p.period())))
        .map_err(|e| fail(&e))?;
    std::fs::write(path, svg).map_err(|e| fail(&e))
}
