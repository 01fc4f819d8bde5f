//! The published metadata: the manifests of the crates and of the Python
//! package name no placeholder address (a URL that leads nowhere is worse
//! than none: leave the key out until there is a real one).

use std::path::Path;

/// Hosts reserved for examples and documentation (RFC 2606, RFC 6761).
const PLACEHOLDER_HOSTS: [&str; 6] =
    ["example.invalid", "example.com", "example.org", "example.net", ".invalid", "localhost"];

/// The `http(s)://host` addresses in `text`, by host.
fn hosts(text: &str) -> Vec<String> {
    text.match_indices("://")
        .map(|(at, _)| {
            let rest = &text[at + 3..];
            rest.split(|c: char| c == '/' || c == '"' || c == '\'' || c.is_whitespace())
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

#[test]
fn no_manifest_names_a_placeholder_url() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifests = [
        "Cargo.toml",
        "crates/grundy/Cargo.toml",
        "crates/grundy-plot/Cargo.toml",
        "crates/grundy-cli/Cargo.toml",
        "crates/grundy-reference/Cargo.toml",
        "crates/grundy-py/Cargo.toml",
        "crates/grundy-py/pyproject.toml",
    ];
    for manifest in manifests {
        let text = std::fs::read_to_string(root.join(manifest)).unwrap_or_else(|e| panic!("{manifest}: {e}"));
        for host in hosts(&text) {
            assert!(
                !PLACEHOLDER_HOSTS.iter().any(|p| host == p.trim_start_matches('.') || host.ends_with(p)),
                "{manifest} names the placeholder address of {host}"
            );
        }
    }
}

#[test]
fn placeholder_hosts_are_found() {
    // the check above sees the address that the workspace manifest once had
    let found = hosts("repository = \"https://example.invalid/grundy\"");
    assert_eq!(found, ["example.invalid"]);
    assert!(PLACEHOLDER_HOSTS.iter().any(|p| found[0].ends_with(p)));
}
