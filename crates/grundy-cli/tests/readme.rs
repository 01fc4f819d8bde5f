//! Every command-line example in the documentation, run and compared with the
//! output printed beside it, so that the documentation cannot drift.
//!
//! An example is a line `$ grundy ARGS` inside a ```` ```console ```` block of a
//! Markdown file; the lines after it, up to the next `$` line or the end of the
//! block, are its standard output, or, when they start with `error:`, its
//! one-line refusal on standard error with exit status 2. A block indented
//! inside a list item counts, its indentation removed. Timings (`"seconds":…` in JSON) differ from
//! run to run and are compared as a placeholder. Every example runs from the
//! repository's root, so file arguments are paths from there.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The Markdown files whose examples are checked: the two READMEs and every
/// `.md` file under `docs/` (the cookbook, the command reference, the theory),
/// as paths from the repository's root.
fn documents() -> Vec<String> {
    let mut found = vec!["README.md".to_string(), "crates/grundy-py/README.md".to_string()];
    let mut folders = vec![PathBuf::from("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(root().join(&folder)).expect("the docs folder") {
            let name = folder.join(entry.expect("a docs entry").file_name());
            if root().join(&name).is_dir() {
                folders.push(name);
            } else if name.extension().is_some_and(|e| e == "md") {
                found.push(name.to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One documented example: where it stands, its arguments and its output.
struct Example {
    place: String,
    args: Vec<String>,
    output: String,
}

/// The examples of one Markdown text.
fn examples(name: &str, text: &str) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut indent = 0;
    let mut current: Option<Example> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            found.extend(current.take());
            in_console = !in_console && line.trim() == "```console";
            indent = line.len() - line.trim_start().len();
            continue;
        }
        if !in_console {
            continue;
        }
        let line = line.get(indent..).unwrap_or("");
        if let Some(command) = line.strip_prefix("$ ") {
            found.extend(current.take());
            let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
            assert_eq!(words[0], "grundy", "{name}:{}: an example runs grundy", i + 1);
            current = Some(Example {
                place: format!("{name}:{}", i + 1),
                args: words[1..].to_vec(),
                output: String::new(),
            });
        } else if let Some(example) = current.as_mut() {
            example.output.push_str(line);
            example.output.push('\n');
        }
    }
    found
}

/// Output with its timings replaced by a placeholder.
fn untimed(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\"seconds\":") {
        let (head, tail) = rest.split_at(at + "\"seconds\":".len());
        out.push_str(head);
        out.push('…');
        let end = tail.find([',', '}']).unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn every_documented_command_prints_what_the_documentation_shows() {
    let mut checked = 0;
    let documents = documents();
    for name in ["README.md", "docs/cookbook.md", "docs/commands.md", "docs/theory/misere-play.md"] {
        assert!(documents.iter().any(|d| d == name), "{name} is among the documents checked");
    }
    for name in &documents {
        let text = std::fs::read_to_string(root().join(name)).expect("a documentation file");
        for example in examples(name, &text) {
            // from the repository's root, so that examples name files by their path there
            let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
                .args(&example.args)
                .current_dir(root())
                .output()
                .expect("runs");
            let stderr = String::from_utf8_lossy(&o.stderr);
            if example.output.starts_with("error:") {
                assert_eq!(
                    o.status.code(),
                    Some(2),
                    "{}: grundy {:?} is refused",
                    example.place,
                    example.args
                );
                assert!(o.stdout.is_empty(), "{}: a refusal prints nothing on stdout", example.place);
                assert_eq!(
                    stderr,
                    example.output,
                    "{}: grundy {} refuses otherwise",
                    example.place,
                    example.args.join(" ")
                );
                checked += 1;
                continue;
            }
            assert!(o.status.success(), "{}: grundy {:?} failed: {stderr}", example.place, example.args);
            let printed = String::from_utf8_lossy(&o.stdout);
            assert_eq!(
                untimed(&printed),
                untimed(&example.output),
                "{}: grundy {} prints something else",
                example.place,
                example.args.join(" ")
            );
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} documented examples were found");
}

/// Rust blocks are compiled only where `crates/grundy/src/lib.rs` includes their
/// file as doctests: a document with a ```` ```rust ```` block must be one of those.
#[test]
fn every_documented_rust_block_is_a_doctest() {
    let lib = std::fs::read_to_string(root().join("crates/grundy/src/lib.rs")).expect("lib.rs");
    for name in documents().iter().filter(|name| !name.starts_with("crates/")) {
        let text = std::fs::read_to_string(root().join(name)).expect("a documentation file");
        if text.lines().any(|line| line.trim() == "```rust") {
            let include = format!("include_str!(\"../../../{name}\")");
            assert!(lib.contains(&include), "{name} has Rust blocks that no doctest compiles");
        }
    }
}

#[test]
fn a_changed_output_is_noticed() {
    let text = "```console\n$ grundy divisor-nim --n 10\n693\n```\n";
    let found = examples("inline", text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].output, "693\n");
    assert_eq!(untimed("{\"seconds\":2.1e-5,\"value\":\"1\"}"), "{\"seconds\":…,\"value\":\"1\"}");
}
