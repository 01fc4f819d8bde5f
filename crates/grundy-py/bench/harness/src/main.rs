//! The same search as `grundy.Game`, written as plainly as possible in Rust
//! calling the same Python options function: a memo (a Python dict from
//! position to value), an iterative depth-first search, the mex of each
//! position's options' values. No graph kept, no bounds, no cycle check, the
//! GIL held throughout: the floor that `grundy.Game` is measured against.
//!
//! `game-harness MODULE` imports `MODULE` (from the current directory) and
//! searches from `MODULE.positions()` with `MODULE.options`; prints the
//! seconds taken and the sum of the values (to compare with grundy.Game's).
//!
//! `game-harness --sum` counts the sum of four games of the benchmark through
//! the library (`grundy::Sum`) and prints the best seconds of three and the count.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::time::Instant;

/// The benchmark's sum, as game_bench.py's `SUM` builds it in Python.
fn sum() -> Result<(), grundy::Error> {
    use grundy::{
        BoardRules, BoardToken, CoprimePile, Counter, DivisorPile, Heap, HeapGame, Modulus, Outcome,
        SubtractionSet, Sum,
    };
    let build = || -> Result<Sum, grundy::Error> {
        Ok(Sum::new()
            .with(Heap::new(HeapGame::octal("0.77")?, 1_000_000_000_000_000_000)?, 3)
            .with(CoprimePile::new(10_000_000_000_000)?, 2)
            .with(
                BoardToken::new(BoardRules {
                    n: 1_000_000_000,
                    dims: 2,
                    moves: SubtractionSet::new(vec![1, 2, 4, 8])?,
                })?,
                2,
            )
            .with(DivisorPile::new(100_000_000)?, 1))
    };
    let m = Modulus::new(1_000_000_007)?;
    let mut best = f64::INFINITY;
    let mut count = 0;
    for _ in 0..3 {
        let start = Instant::now();
        count = build()?.count_mod(m, Outcome::Losing)?;
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!("{best:.4} {count}");
    Ok(())
}

fn main() -> PyResult<()> {
    let module = std::env::args().nth(1).unwrap_or_else(|| "game_bench".into());
    if module == "--sum" {
        return sum().map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()));
    }
    Python::attach(|py| {
        py.import("sys")?.getattr("path")?.call_method1("insert", (0, "."))?;
        let m = py.import(module.as_str())?;
        let options = m.getattr("options")?;
        let positions: Bound<'_, PyList> = m.getattr("positions")?.call0()?.cast_into()?;
        let start = Instant::now();
        let memo = PyDict::new(py);
        let mut total: u64 = 0;
        // (position, its options, the next option to look at)
        let mut stack: Vec<(Bound<'_, PyAny>, Vec<Bound<'_, PyAny>>, usize)> = Vec::new();
        for root in positions.iter() {
            if !memo.contains(&root)? {
                let opts = options.call1((&root,))?.try_iter()?.collect::<PyResult<Vec<_>>>()?;
                stack.push((root.clone(), opts, 0));
            }
            while let Some((_, opts, next)) = stack.last_mut() {
                if let Some(child) = opts.get(*next) {
                    *next += 1;
                    if !memo.contains(child)? {
                        let child = child.clone();
                        let child_opts =
                            options.call1((&child,))?.try_iter()?.collect::<PyResult<Vec<_>>>()?;
                        stack.push((child, child_opts, 0));
                    }
                    continue;
                }
                let (position, opts, _) = stack.pop().expect("a frame");
                let mut seen = vec![false; opts.len() + 1];
                for o in &opts {
                    let v: usize = memo.get_item(o)?.expect("valued").extract()?;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
                let value = seen.iter().position(|&s| !s).unwrap_or(opts.len());
                memo.set_item(position, value)?;
            }
            let v: u64 = memo.get_item(&root)?.expect("valued").extract()?;
            total += v;
        }
        println!("{:.3} {total} {}", start.elapsed().as_secs_f64(), memo.len());
        Ok(())
    })
}
