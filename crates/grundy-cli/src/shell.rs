//! `grundy completions SHELL` and `grundy man`: the shell completion script and
//! the man page, both generated from the parser itself, so they never drift
//! from the flags.

use crate::{CliError, CliResult, command};
use clap::Args;
use std::io::Write;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {}

/// Writes the completion script for `a.shell` to stdout.
pub fn completions(a: &CompletionsArgs) -> CliResult {
    let mut cmd = command();
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "grundy", &mut script);
    write_out(&script);
    Ok(())
}

/// Writes the man page (roff, section 1) to stdout: the main page, then one
/// subsection per subcommand with its flags.
pub fn man(_: &ManArgs) -> CliResult {
    let cmd = command();
    let mut page = Vec::new();
    let fail = |e: std::io::Error| CliError::Message(format!("cannot render the man page: {e}"));
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(&mut page).map_err(fail)?;
    man.render_name_section(&mut page).map_err(fail)?;
    man.render_synopsis_section(&mut page).map_err(fail)?;
    man.render_description_section(&mut page).map_err(fail)?;
    man.render_options_section(&mut page).map_err(fail)?;
    // one subsection per subcommand: what it does, its synopsis and its flags,
    // as `grundy SUBCOMMAND --help` shows them
    writeln!(page, ".SH SUBCOMMANDS").map_err(fail)?;
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("grundy {}", sub.get_name());
        writeln!(page, ".SS \"{name}\"").map_err(fail)?;
        let sub_man = clap_mangen::Man::new(sub.clone().bin_name(name));
        let mut part = Vec::new();
        sub_man.render_description_section(&mut part).map_err(fail)?;
        sub_man.render_synopsis_section(&mut part).map_err(fail)?;
        sub_man.render_options_section(&mut part).map_err(fail)?;
        // the subcommand's own headings become paragraph breaks
        let text = String::from_utf8_lossy(&part);
        for line in text.lines() {
            let line = if line.starts_with(".SH ") { ".PP" } else { line };
            writeln!(page, "{line}").map_err(fail)?;
        }
    }
    man.render_version_section(&mut page).map_err(fail)?;
    write_out(&page);
    Ok(())
}

fn write_out(bytes: &[u8]) {
    let mut out = std::io::stdout().lock();
    crate::output::finish(out.write_all(bytes).and_then(|()| out.flush()));
}
