//! The library's imports run one way: its top-level modules form layers, and
//! no file imports from a higher layer, nor do files import each other in a
//! circle. The layers, from the top (a file imports only from its own layer
//! or below):
//!
//! ```text
//! misere primes         public modules that gather items from below (misère play, prime counting)
//! games census          built-in games, each a Component (silver dollar: its own DP); the census
//! misere::quotient      the misère quotient of a heap game (learning, verification, genus) and
//!   misere::histograms    the misère histograms of the built-in games' components
//! heap                  nim-value sequences of heap games and their certificates
//! count                 Component, Sum, histograms, spectra, orders and their coefficients;
//!   misere::algebra       the bipartite monoid, its algebra and presentations, misère histograms
//! xor                   Walsh–Hadamard transforms over a histogram's structure
//! ring                  the numbers counted with: Exact, Modular, the lifted ring
//! number                primes and prime buckets, factoring, binomials, NTT
//! residue parse error   Montgomery arithmetic, number expressions, errors
//! ```
//!
//! A layer names top-level modules or, for the misère folder, which spans
//! layers, its submodules (`misere::algebra`): a file is in the layer of the
//! longest name that is a prefix of its module path. `lib.rs` (the facade)
//! re-exports from every layer and is not part of them.
//! Edges are read from the source text: every `crate::a::b…` path outside a
//! file's `#[cfg(test)] mod` of tests (test-only items before it count),
//! every `super::…` path, and the grouped form `crate::{a::…, b}`; a `pub use` of a module's own child (re-exporting it) is
//! no dependency.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's layers, from the top.
const LIBRARY: &[&[&str]] = &[
    &["misere", "primes"],
    &["games", "census"],
    &["misere::quotient", "misere::histograms"],
    &["heap"],
    &["count", "misere::algebra"],
    &["xor"],
    &["ring"],
    &["number"],
    &["residue", "parse", "error"],
];

/// The Python crate's layers, from the top: the functions Python calls, the
/// conversion of their arguments, own heap games from Python callables, the
/// detached runs (GIL released, Ctrl-C), and errors.
const PYTHON: &[&[&str]] = &[
    &["games", "sequence", "census_misere"],
    &["misere_quotient", "census"],
    &["args"],
    &["rules"],
    &["run"],
    &["errors"],
    &["packed"],
];

/// The layer of a module path: that of the longest layer name (`a` or
/// `a::b`) which is a prefix of the path.
fn layer_of(layers: &[&[&str]], module: &[String]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (layer, names) in layers.iter().enumerate() {
        for name in names.iter() {
            let segs: Vec<&str> = name.split("::").collect();
            let prefix = segs.len() <= module.len() && segs.iter().zip(module).all(|(a, b)| *a == b);
            if prefix && best.is_none_or(|(len, _)| segs.len() > len) {
                best = Some((segs.len(), layer));
            }
        }
    }
    best.map(|(_, layer)| layer)
}

/// A library file as its module path: `heap/octal.rs` is `["heap", "octal"]`,
/// `heap/mod.rs` is `["heap"]`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The module paths a source text names, resolved against its own module
/// (`super::`), each as the list of its segments.
fn named_paths(own: &[String], source: &str) -> Vec<Vec<String>> {
    let code = source.split("#[cfg(test)]\nmod ").next().unwrap_or("");
    let mut found = Vec::new();
    for line in code.lines() {
        let line = line.trim_start();
        if line.starts_with("//") {
            continue;
        }
        // `pub use child::X;` in a module re-exports its own child: no dependency
        let re_export =
            line.starts_with("pub use ") && !line.contains("crate::") && !line.contains("super::");
        if re_export {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest
            .find("crate::")
            .map(|i| (i, "crate::"))
            .into_iter()
            .chain(rest.find("super::").map(|i| (i, "super::")))
            .min_by_key(|(i, _)| *i)
        {
            let (i, kind) = at;
            // `crate::` inside a word (e.g. `mycrate::`) is not a path
            let before = rest[..i].chars().last();
            rest = &rest[i..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                rest = &rest[kind.len()..];
                continue;
            }
            let mut base: Vec<String> = if kind == "crate::" { Vec::new() } else { own.to_vec() };
            let mut tail = &rest[kind.len()..];
            if kind == "super::" {
                base.pop();
                while let Some(t) = tail.strip_prefix("super::") {
                    base.pop();
                    tail = t;
                }
            }
            if let Some(group) = tail.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    let segs: Vec<String> = item
                        .trim()
                        .split("::")
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect();
                    if !segs.is_empty() {
                        found.push([base.clone(), segs].concat());
                    }
                }
            } else {
                let segs: Vec<String> = tail
                    .split("::")
                    .map(|s| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>())
                    .take_while(|s| !s.is_empty())
                    .collect();
                found.push([base, segs].concat());
            }
            rest = &rest[kind.len()..];
        }
    }
    found
}

/// The file a module path lands in: the longest prefix that is a library file.
fn resolve(files: &BTreeSet<Vec<String>>, path: &[String]) -> Option<Vec<String>> {
    (1..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| files.contains(p))
}

/// Every file's imports of other files (module paths), from the sources.
fn graph(sources: &BTreeMap<Vec<String>, String>) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files: BTreeSet<Vec<String>> = sources.keys().cloned().collect();
    sources
        .iter()
        .map(|(module, text)| {
            let targets = named_paths(module, text)
                .iter()
                .filter_map(|p| resolve(&files, p))
                .filter(|t| t != module && !t.is_empty())
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

/// The upward imports and the import cycles of a graph, described.
fn violations(g: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>, layers: &[&[&str]]) -> Vec<String> {
    let name = |m: &Vec<String>| m.join("/");
    let mut bad = Vec::new();
    for (from, targets) in g {
        let Some(own) = layer_of(layers, from) else { continue };
        for to in targets {
            match layer_of(layers, to) {
                Some(layer) if layer < own => {
                    bad.push(format!("{} imports {} from a higher layer", name(from), name(to)))
                }
                None => bad.push(format!("{} imports {}, which is in no layer", name(from), name(to))),
                _ => {}
            }
        }
    }
    // cycles: a depth-first search that meets a file on its own path
    fn visit<'a>(
        m: &'a Vec<String>,
        g: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<&'a Vec<String>, u8>,
        path: &mut Vec<&'a Vec<String>>,
        bad: &mut Vec<String>,
    ) {
        state.insert(m, 1);
        path.push(m);
        for t in g.get(m).into_iter().flatten() {
            match state.get(t) {
                Some(1) => {
                    let start = path.iter().position(|p| *p == t).unwrap();
                    let cycle: Vec<String> = path[start..].iter().map(|p| p.join("/")).collect();
                    bad.push(format!("import cycle: {} -> {}", cycle.join(" -> "), t.join("/")));
                }
                Some(_) => {}
                None => visit(t, g, state, path, bad),
            }
        }
        path.pop();
        state.insert(m, 2);
    }
    let mut state = BTreeMap::new();
    for m in g.keys() {
        if !state.contains_key(m) {
            visit(m, g, &mut state, &mut Vec::new(), &mut bad);
        }
    }
    bad
}

fn library_sources(root: &Path) -> BTreeMap<Vec<String>, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    files
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|f| f != "lib.rs"))
        .map(|p| (module_of(p.strip_prefix(root).unwrap()), std::fs::read_to_string(&p).unwrap()))
        .collect()
}

#[test]
fn imports_run_one_way_without_cycles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources = library_sources(&root);
    assert!(sources.len() > 30, "the library's files are found");
    let bad = violations(&graph(&sources), LIBRARY);
    assert!(bad.is_empty(), "{} violations:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn the_python_crate_imports_run_one_way_too() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-py/src");
    let sources = library_sources(&root);
    assert!(sources.len() >= 6, "the Python crate's files are found");
    let bad = violations(&graph(&sources), PYTHON);
    assert!(bad.is_empty(), "{} violations:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn a_planted_upward_import_or_cycle_is_caught() {
    let m = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
    let mut sources = BTreeMap::new();
    sources.insert(m("error"), "use crate::heap::Stop;\n".to_string());
    sources.insert(m("heap"), "use crate::error::Error;\n#[cfg(test)]\nuse crate::games::X;\n".to_string());
    sources.insert(m("games/board"), "use super::heaps::Heap;\n".to_string());
    sources.insert(m("games/heaps"), "use crate::{games::board::Board, error::Error};\n".to_string());
    // the misère folder spans layers: its algebra sits with count, its quotient above heap
    sources.insert(m("misere/algebra/monoid"), "use crate::misere::quotient::Learner;\n".to_string());
    sources.insert(m("misere/quotient"), "use crate::heap::HeapGame;\n".to_string());
    sources.insert(m("count/sum"), "use crate::misere::algebra::monoid::X;\n".to_string());
    let bad = violations(&graph(&sources), LIBRARY);
    assert!(
        bad.iter().any(|b| b == "misere/algebra/monoid imports misere/quotient from a higher layer"),
        "{bad:?}"
    );
    assert!(!bad.iter().any(|b| b.starts_with("count/sum") || b.starts_with("misere/quotient")), "{bad:?}");
    assert!(bad.iter().any(|b| b == "error imports heap from a higher layer"), "{bad:?}");
    assert!(bad.iter().any(|b| b.starts_with("import cycle") && b.contains("games/board")), "{bad:?}");
    assert!(!bad.iter().any(|b| b.contains("heap imports games")), "test code is not an import: {bad:?}");
}
