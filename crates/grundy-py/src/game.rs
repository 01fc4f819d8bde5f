//! `grundy.Game`: an impartial game on any hashable Python positions, given by
//! a function from a position to its options.
//!
//! The search has two stages. First the positions reachable from the given
//! ones are numbered breadth-first, calling `options` once for each (with the
//! GIL held for that and for looking the options up, in slices of at most
//! [`SLICE`], between which other threads run and Ctrl-C is heard); the graph
//! of numbers is kept in Rust ([`Graph`]). Then the Grundy values of every
//! position are computed with the GIL released, by an iterative depth-first
//! search that refuses a cycle. The game is then a component: the histogram
//! of the values of the given positions.

use crate::args::usize_arg;
use crate::copies::Copies;
use crate::errors::{TooLargeError, type_name};
use crate::graph::{Graph, Solved};
use crate::rules::named_options;
use crate::run::{Pending, Progress, detached_with};
use grundy::{Budget, Values};
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The default bound on the positions a game may reach (`max_positions`).
pub const DEFAULT_MAX_POSITIONS: usize = 10_000_000;

/// The most positions a game may reach at all (numbers are `u32`).
const MOST_POSITIONS: usize = u32::MAX as usize - 3;

/// Memory per position reached held by Python (the position object, its
/// number and the dictionary entry), an estimate for the budget.
const PYTHON_BYTES_PER_POSITION: f64 = 150.0;

/// The longest the search holds the GIL at a time.
const SLICE: Duration = Duration::from_millis(20);

/// The game graph with its values: what counts need, shared by every count.
pub struct Solution {
    pub graph: Graph,
    /// The Grundy value of every position reached.
    pub values: Vec<u32>,
    /// The given positions' numbers, in the order given.
    pub roots: Vec<u32>,
}

impl Solution {
    /// The component of the given positions: the histogram of their values.
    pub fn component(&self) -> Values {
        let mut histogram: BTreeMap<u64, u128> = BTreeMap::new();
        for &r in &self.roots {
            *histogram.entry(self.values[r as usize] as u64).or_default() += 1;
        }
        // at most 2^32 positions: never more than the 2^126 that Values refuses
        Values::from_histogram(histogram).unwrap_or_else(|_| unreachable!("at most 2^32 positions"))
    }
}

/// An impartial game on positions of your own: ``options(position)`` returns
/// the positions reachable in one move (an iterable; empty for a position
/// without moves, which is lost by the player to move). Positions are any
/// hashable Python values (ints, strings, tuples); ``positions`` are the
/// positions of this component (distinct), whose Grundy values count in sums.
///
/// With ``sum_of_parts=True`` a move may leave several independent positions
/// (a sum, as a split in Kayles): every option is then a tuple (or list) of
/// parts, ``()`` for nothing left, each part a position of the same game, and
/// an option's value is the XOR of its parts' values. ``positions`` are single
/// parts then too; several copies of a position are a :class:`grundy.Sum`.
///
/// The Grundy values are computed at once, by a memoized search in Rust that
/// calls ``options`` once per position reached (holding the GIL only for
/// that), then an iterative mex over the positions with the GIL released:
/// deep games do not overflow the stack. A game with a cycle of moves is
/// refused (``ValueError``: every play must end). At most ``max_positions``
/// positions may be reached (``grundy.TooLargeError`` beyond, naming it),
/// and the graph must fit the memory budget. Ctrl-C stops the search with
/// ``KeyboardInterrupt``; an exception raised by ``options`` comes out
/// unchanged. ``progress=True`` shows a bar on stderr, or give a callable
/// ``progress(done, total)``.
///
/// >>> g = grundy.Game(lambda n: [n - k for k in (1, 2) if k <= n], range(6))
/// >>> g.values
/// [0, 1, 2, 0, 1, 2]
/// >>> grundy.Sum([g.copies(2)]).count()
/// 12
#[pyclass(frozen, module = "grundy", name = "Game")]
pub struct Game {
    options: Py<PyAny>,
    name: String,
    sum_of_parts: bool,
    /// Every position reached, by number.
    nodes: Py<PyList>,
    /// Position to number.
    index: Py<PyDict>,
    pub solution: Arc<Solution>,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (options, positions, *, sum_of_parts=false, max_positions=None, name=None, progress=None))]
    #[pyo3(
        text_signature = "(options, positions, *, sum_of_parts=False, max_positions=10000000, name=None, progress=None)"
    )]
    fn new(
        py: Python<'_>,
        options: &Bound<'_, PyAny>,
        positions: &Bound<'_, PyAny>,
        sum_of_parts: bool,
        max_positions: Option<&Bound<'_, PyAny>>,
        name: Option<String>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let name = named_options(options, name, "options(position) returns the positions one move reaches")?;
        let max_positions = usize_arg(max_positions, "max_positions", DEFAULT_MAX_POSITIONS)?;
        if max_positions > MOST_POSITIONS {
            return Err(PyValueError::new_err(format!("`max_positions` must be at most {MOST_POSITIONS}")));
        }
        let progress = Progress::new(py, progress, &format!("grundy.Game({name})"))?;
        let mut search = Search::new(py, options, sum_of_parts, max_positions);
        let result = search.run(positions, &progress).and_then(|roots| {
            let pending = Pending::default();
            let graph = std::mem::take(&mut search.graph);
            let solved = detached_with(py, &pending, &progress, |ctx| graph.solve(ctx))?;
            match solved {
                Solved::Values(values) => Ok(Solution { graph, values, roots }),
                Solved::Cycle(cycle) => Err(search.cycle_error(&cycle)),
            }
        });
        progress.close(py)?;
        let solution = result?;
        Ok(Game {
            options: options.clone().unbind(),
            name,
            sum_of_parts,
            nodes: search.nodes.unbind(),
            index: search.index.unbind(),
            solution: Arc::new(solution),
        })
    }

    /// The name given to the game (by default the options function's name).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The options function.
    #[getter]
    fn options(&self, py: Python<'_>) -> Py<PyAny> {
        self.options.clone_ref(py)
    }

    /// Whether options are tuples of independent parts.
    #[getter]
    fn sum_of_parts(&self) -> bool {
        self.sum_of_parts
    }

    /// The given positions, in the order given.
    #[getter]
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let nodes = self.nodes.bind(py);
        PyList::new(
            py,
            self.solution.roots.iter().map(|&r| nodes.get_item(r as usize)).collect::<PyResult<Vec<_>>>()?,
        )
    }

    /// The Grundy values of the given positions, in the order given.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let s = &self.solution;
        PyList::new(py, s.roots.iter().map(|&r| s.values[r as usize]))
    }

    /// The histogram of the given positions' Grundy values: ``{value: count}``,
    /// ascending by value.
    #[getter]
    fn histogram<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for &(value, count) in self.solution.component().counts() {
            dict.set_item(value, count)?;
        }
        Ok(dict)
    }

    /// How many positions the search reached (the given ones and every
    /// position a sequence of moves leads to from them).
    #[getter]
    fn reached(&self) -> usize {
        self.solution.values.len()
    }

    /// The Grundy value of ``position``, one of the positions reached
    /// (``KeyError`` for another).
    fn grundy(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        match self.index.bind(py).get_item(position)? {
            Some(number) => Ok(self.solution.values[number.extract::<usize>()?]),
            None => Err(PyKeyError::new_err(format!(
                "{} is not a position reached from the given positions",
                position.repr()?
            ))),
        }
    }

    /// ``copies`` copies of this game in a :class:`grundy.Sum`.
    fn copies(slf: &Bound<'_, Self>, copies: &Bound<'_, PyAny>) -> PyResult<Copies> {
        Copies::new(slf.as_any(), copies)
    }

    fn __len__(&self) -> usize {
        self.solution.roots.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.Game(name={:?}, positions={}, reached={}{})",
            self.name,
            self.solution.roots.len(),
            self.solution.values.len(),
            if self.sum_of_parts { ", sum_of_parts=True" } else { "" }
        )
    }
}

/// The first stage: numbering the positions reachable from the given ones.
struct Search<'a, 'py> {
    py: Python<'py>,
    options: &'a Bound<'py, PyAny>,
    sum_of_parts: bool,
    max_positions: usize,
    nodes: Bound<'py, PyList>,
    index: Bound<'py, PyDict>,
    graph: Graph,
}

impl<'a, 'py> Search<'a, 'py> {
    fn new(
        py: Python<'py>,
        options: &'a Bound<'py, PyAny>,
        sum_of_parts: bool,
        max_positions: usize,
    ) -> Self {
        Search {
            py,
            options,
            sum_of_parts,
            max_positions,
            nodes: PyList::empty(py),
            index: PyDict::new(py),
            graph: Graph::new(),
        }
    }

    /// Numbers the given positions (refusing a repeated one), then every
    /// position reachable from them; returns the given positions' numbers.
    fn run(&mut self, positions: &Bound<'py, PyAny>, progress: &Progress) -> PyResult<Vec<u32>> {
        let Ok(given) = positions.try_iter() else {
            return Err(PyTypeError::new_err(format!(
                "`positions` must be an iterable of positions, not {}",
                type_name(positions)
            )));
        };
        let mut roots = Vec::new();
        for position in given {
            let position = position?;
            let before = self.nodes.len();
            let number = self.number(&position, None)?;
            if self.nodes.len() == before {
                return Err(PyValueError::new_err(format!(
                    "`positions` holds {} twice: give each position once (copies of a position are a grundy.Sum)",
                    position.repr()?
                )));
            }
            roots.push(number);
        }
        let mut next = 0;
        while next < self.nodes.len() {
            let start = Instant::now();
            while next < self.nodes.len() {
                self.expand(next)?;
                next += 1;
                if next.is_multiple_of(64) && start.elapsed() >= SLICE {
                    break;
                }
            }
            self.check_memory()?;
            self.py.check_signals()?;
            progress.report(self.py, "positions", next as u64, self.nodes.len() as u64)?;
            // other Python threads run between slices
            self.py.detach(|| ());
        }
        Ok(roots)
    }

    /// The number of `position`, numbered now if new; `from` is the position
    /// whose options hold it (for messages).
    fn number(&self, position: &Bound<'py, PyAny>, from: Option<&Bound<'py, PyAny>>) -> PyResult<u32> {
        let unhashable = |err: PyErr| -> PyErr {
            let shown = position.repr().map(|r| r.to_string()).unwrap_or_default();
            let why = err.value(self.py).to_string();
            match from {
                Some(from) => PyTypeError::new_err(format!(
                    "`options({})` returned the position {shown}, which is not hashable ({why}): positions must be hashable (tuples, not lists)",
                    from.repr().map(|r| r.to_string()).unwrap_or_default()
                )),
                None => PyTypeError::new_err(format!(
                    "`positions` holds {shown}, which is not hashable ({why}): positions must be hashable (tuples, not lists)"
                )),
            }
        };
        if let Some(number) = self.index.get_item(position).map_err(unhashable)? {
            return number.extract::<u32>();
        }
        let number = self.nodes.len();
        if number >= self.max_positions {
            return Err(TooLargeError::new_err(format!(
                "the game reaches more than {} positions from the given ones (limit `max_positions`, \
                 about {PYTHON_BYTES_PER_POSITION:.0} bytes each); raise `max_positions` or give fewer positions",
                self.max_positions
            )));
        }
        self.nodes.append(position)?;
        self.index.set_item(position, number)?;
        Ok(number as u32)
    }

    /// Calls `options` on position `v` and records its options.
    fn expand(&mut self, v: usize) -> PyResult<()> {
        let position = self.nodes.get_item(v)?;
        let returned = self.options.call1((&position,))?;
        let Ok(items) = returned.try_iter() else {
            return Err(PyTypeError::new_err(format!(
                "`options({})` must return an iterable of positions, not {}",
                position.repr()?,
                type_name(&returned)
            )));
        };
        let mut parts: Vec<u32> = Vec::new();
        for item in items {
            let item = item?;
            parts.clear();
            if self.sum_of_parts {
                if !item.is_instance_of::<PyTuple>() && !item.is_instance_of::<PyList>() {
                    return Err(PyTypeError::new_err(format!(
                        "`options({})` returned {}: with sum_of_parts=True every option is a tuple of parts (`()` for nothing left)",
                        position.repr()?,
                        item.repr()?
                    )));
                }
                for part in item.try_iter()? {
                    parts.push(self.number(&part?, Some(&position))?);
                }
            } else {
                parts.push(self.number(&item, Some(&position))?);
            }
            self.graph.push_option(parts.iter().copied());
        }
        self.graph.end_position();
        Ok(())
    }

    /// Refuses a graph beyond the memory budget.
    fn check_memory(&self) -> PyResult<()> {
        let bytes = self.graph.bytes() + PYTHON_BYTES_PER_POSITION * self.nodes.len() as f64;
        let budget = Budget::default();
        if bytes > budget.max_memory as f64 {
            return Err(TooLargeError::new_err(format!(
                "the game's graph would need more than {:.1} GiB of memory ({} positions reached so far); give fewer positions",
                budget.max_memory as f64 / (1u64 << 30) as f64,
                self.nodes.len()
            )));
        }
        Ok(())
    }

    /// The refusal of a game with a cycle of moves, showing the cycle.
    fn cycle_error(&self, cycle: &[u32]) -> PyErr {
        const SHOWN: usize = 6;
        let show = |v: u32| -> String {
            self.nodes.get_item(v as usize).and_then(|p| p.repr()).map(|r| r.to_string()).unwrap_or_default()
        };
        let mut path: Vec<String> = cycle.iter().take(SHOWN).map(|&v| show(v)).collect();
        if cycle.len() > SHOWN {
            path.push(format!("… ({} positions)", cycle.len()));
        }
        path.push(show(cycle[0]));
        PyValueError::new_err(format!(
            "the game has a cycle of moves: {}; a grundy.Game must be finite (acyclic: every play ends)",
            path.join(" -> ")
        ))
    }
}
