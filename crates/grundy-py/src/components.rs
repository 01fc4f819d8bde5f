//! Components of sums of different games, and `grundy.Sum`: the Python face
//! of the library's [`grundy::Component`] and [`grundy::Sum`].
//!
//! Each component class checks its arguments when made, and builds its
//! library component when a sum is counted (a heap game from a Python
//! function reports its exceptions to that count). A [`Game`] is the
//! histogram of its given positions' Grundy values; under misère play a sum
//! of games alone is played out ([`crate::misere_search`]).

use crate::args::{Request, heap_game, limits, subtraction_set, to_int, u64_arg, u64_or, usize_arg};
use crate::copies::Copies;
use crate::errors::{TooLargeError, lib, type_name};
use crate::game::Game;
use crate::games::{coprime_method, misere_limits, values_arg};
use crate::misere_search::{self, DEFAULT_MISERE_STATES, Refused};
use crate::played::Playable;
use crate::run::{Pending, Progress, detached_with};
use grundy::misere::MisereLimits;
use grundy::{
    BoardRules, BoardToken, Component, CoprimePile as LibCoprimePile, DivisorPile as LibDivisorPile, Heap,
    Play, SubtractionSet, Sum as LibSum, Values as LibValues,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::Arc;

/// A library component ready to count (the classes without Python inside).
struct Ready(Arc<dyn Component>);

/// The methods of a component class holding a ready library component: its
/// constructor (given), its ``copies`` method and its ``repr``.
macro_rules! ready_component {
    ($name:ident, $($new:tt)*) => {
        #[pymethods]
        impl $name {
            $($new)*

            /// ``copies`` copies of this component in a :class:`grundy.Sum`.
            fn copies(slf: &Bound<'_, Self>, copies: &Bound<'_, PyAny>) -> PyResult<Copies> {
                Copies::new(slf.as_any(), copies)
            }

            fn __repr__(&self) -> String {
                self.repr.clone()
            }
        }
    };
}

/// One heap of a heap game, of any size in ``min..=n``: exactly one of
/// ``game`` (an octal code such as ``"0.77"``, or a :class:`grundy.HeapGame`)
/// and ``moves`` (a subtraction set; ``game`` None then). The limits are those of
/// :func:`grundy.heaps`, whose ``piles`` heaps are ``Heaps(…).copies(piles)``.
///
/// >>> grundy.Sum([grundy.Heaps("0.77", 3).copies(2)]).count()
/// 3
#[pyclass(frozen, module = "grundy", name = "Heaps")]
pub struct Heaps {
    game: Option<Py<PyAny>>,
    moves: Option<Py<PyAny>>,
    min: u64,
    n: u64,
    limits: grundy::heap::Limits,
    misere: MisereLimits,
    repr: String,
}

#[pymethods]
impl Heaps {
    #[new]
    #[pyo3(signature = (game, n, min=None, *, moves=None, max_len=None, max_work=None, misere_len=None, misere_work=None, threads=None))]
    #[pyo3(
        text_signature = "(game, n, min=1, *, moves=None, max_len=1048576, max_work=400000000, misere_len=200, misere_work=10000000, threads=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: Option<&Bound<'_, PyAny>>,
        n: &Bound<'_, PyAny>,
        min: Option<&Bound<'_, PyAny>>,
        moves: Option<&Bound<'_, PyAny>>,
        max_len: Option<&Bound<'_, PyAny>>,
        max_work: Option<&Bound<'_, PyAny>>,
        misere_len: Option<&Bound<'_, PyAny>>,
        misere_work: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let misere = misere_limits(misere_work)?.with_max_len(usize_arg(
            misere_len,
            "misere_len",
            MisereLimits::DEFAULT_MAX_LEN,
        )?);
        let (n, min) = (u64_arg(n, "n")?, u64_or(min, "min", 1)?);
        let keep = |o: Option<&Bound<'_, PyAny>>| o.filter(|o| !o.is_none()).map(|o| o.clone().unbind());
        let mut heaps = Heaps {
            game: keep(game),
            moves: keep(moves),
            min,
            n,
            limits: limits(max_len, max_work, threads)?,
            misere,
            repr: String::new(),
        };
        // checked now: the game and the range
        let built = heaps.build(py, &Pending::default())?;
        heaps.repr = format!("grundy.Heaps({:?}, {n}, min={min})", built.game().describe());
        Ok(heaps)
    }

    /// ``copies`` copies of this component in a :class:`grundy.Sum`.
    fn copies(slf: &Bound<'_, Self>, copies: &Bound<'_, PyAny>) -> PyResult<Copies> {
        Copies::new(slf.as_any(), copies)
    }

    fn __repr__(&self) -> String {
        self.repr.clone()
    }
}

impl Heaps {
    /// The library's heap, its game's exceptions going to `pending`.
    fn build(&self, py: Python<'_>, pending: &Pending) -> PyResult<Heap> {
        let game = heap_game(
            self.game.as_ref().map(|g| g.bind(py)),
            self.moves.as_ref().map(|m| m.bind(py)),
            pending,
        )?;
        Ok(lib(Heap::with_range(game, self.min, self.n))?
            .with_limits(self.limits)
            .with_misere_limits(self.misere))
    }
}

/// One token on the board ``{0..n-1}^dims``; a move lowers one coordinate by a
/// member of ``moves`` (a list of ints, or a string such as ``"2,3,5,7"``),
/// staying at least 0. :func:`grundy.board`'s ``tokens`` tokens are
/// ``Board(…).copies(tokens)``.
///
/// >>> grundy.Sum([grundy.Board(3).copies(2)]).count(count="winning")
/// 40
#[pyclass(frozen, module = "grundy", name = "Board")]
pub struct Board {
    ready: Ready,
    rules: BoardRules,
    repr: String,
}
ready_component!(
    Board,
    #[new]
    #[pyo3(signature = (n, moves=None, dims=None, *, max_len=None, misere_work=None))]
    #[pyo3(text_signature = "(n, moves=(2, 3, 5, 7), dims=2, *, max_len=16777216, misere_work=10000000)")]
    fn new(
        n: &Bound<'_, PyAny>,
        moves: Option<&Bound<'_, PyAny>>,
        dims: Option<&Bound<'_, PyAny>>,
        max_len: Option<&Bound<'_, PyAny>>,
        misere_work: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let moves = match moves {
            Some(m) if !m.is_none() => subtraction_set(m)?,
            _ => lib(SubtractionSet::new(vec![2, 3, 5, 7]))?,
        };
        let (n, dims) = (u64_arg(n, "n")?, u64_or(dims, "dims", 2)?);
        let max_len = usize_arg(max_len, "max_len", BoardToken::DEFAULT_MAX_LEN)?;
        let repr = format!("grundy.Board({n}, moves={:?}, dims={dims})", moves.text());
        let rules = BoardRules { n, dims, moves };
        let token = lib(BoardToken::new(rules.clone()))?.with_max_len(max_len);
        // an invalid max_len is refused by the constructor, not the first count
        lib(token.limits())?;
        let token = token.with_misere_limits(misere_limits(misere_work)?);
        Ok(Board { ready: Ready(Arc::new(token)), rules, repr })
    }
);

/// One Divisor Nim pile of any size in ``1..=n``; a move subtracts a proper
/// divisor of the pile.
///
/// >>> grundy.Sum([grundy.DivisorPile(10).copies(3)]).count(count="winning")
/// 692
#[pyclass(frozen, module = "grundy", name = "DivisorPile")]
pub struct DivisorPile {
    ready: Ready,
    n: u64,
    repr: String,
}
ready_component!(
    DivisorPile,
    #[new]
    #[pyo3(signature = (n, *, misere_work=None))]
    #[pyo3(text_signature = "(n, *, misere_work=10000000)")]
    fn new(n: &Bound<'_, PyAny>, misere_work: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let n = u64_arg(n, "n")?;
        let pile = lib(LibDivisorPile::new(n))?.with_misere_limits(misere_limits(misere_work)?);
        Ok(DivisorPile { ready: Ready(Arc::new(pile)), n, repr: format!("grundy.DivisorPile({n})") })
    }
);

/// One Coprime Nim pile of any size in ``1..=n-1``; a move subtracts from the
/// pile a number coprime to it. ``method`` as :func:`grundy.coprime_nim`'s.
///
/// >>> grundy.Sum([grundy.CoprimePile(10).copies(5)]).count()
/// 9964
#[pyclass(frozen, module = "grundy", name = "CoprimePile")]
pub struct CoprimePile {
    ready: Ready,
    n: u64,
    repr: String,
}
ready_component!(
    CoprimePile,
    #[new]
    #[pyo3(signature = (n, method="auto", *, misere_work=None))]
    #[pyo3(text_signature = "(n, method='auto', *, misere_work=10000000)")]
    fn new(n: &Bound<'_, PyAny>, method: &str, misere_work: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let n = u64_arg(n, "n")?;
        let pile = lib(LibCoprimePile::new(n))?
            .with_method(coprime_method(method)?)
            .with_misere_limits(misere_limits(misere_work)?);
        Ok(CoprimePile { ready: Ready(Arc::new(pile)), n, repr: format!("grundy.CoprimePile({n})") })
    }
);

/// A component whose positions have the Grundy values you give: an iterable of
/// ints, one per position, or with ``histogram=True`` ``(value, count)`` pairs
/// (or a dict ``{value: count}``), as :func:`grundy.count` reads them.
///
/// >>> grundy.Sum([grundy.Values([0, 1, 1, 2, 3]).copies(2)]).count()
/// 7
#[pyclass(frozen, module = "grundy", name = "Values")]
pub struct Values {
    ready: Ready,
    repr: String,
}
ready_component!(
    Values,
    #[new]
    #[pyo3(signature = (values, histogram=false))]
    fn new(values: &Bound<'_, PyAny>, histogram: bool) -> PyResult<Self> {
        let values: LibValues = values_arg(values, histogram)?;
        let repr = format!("grundy.Values(<{} positions>)", values.positions());
        Ok(Values { ready: Ready(Arc::new(values)), repr })
    }
);

/// What a part of a sum is when counted.
enum Built {
    /// A library component, with its rules to play it out in a misère sum
    /// with Games (none for values) and its name.
    Library(Arc<dyn Component>, Option<Playable>, String),
    Game(Arc<crate::game::Solution>),
}

/// The component of `obj` (any component class), built for a count whose
/// exceptions go to `pending`.
fn built(obj: &Bound<'_, PyAny>, pending: &Pending) -> PyResult<Built> {
    if let Ok(game) = obj.cast::<Game>() {
        return Ok(Built::Game(game.get().solution.clone()));
    }
    if let Ok(heaps) = obj.cast::<Heaps>() {
        let h = heaps.get();
        let heap = h.build(obj.py(), pending)?;
        let rules = Playable::Heaps { game: heap.game().clone(), min: h.min, n: h.n };
        return Ok(Built::Library(Arc::new(heap), Some(rules), h.repr.clone()));
    }
    let (ready, rules, name) = if let Ok(c) = obj.cast::<Board>() {
        let c = c.get();
        (&c.ready, Some(Playable::Board(c.rules.clone())), &c.repr)
    } else if let Ok(c) = obj.cast::<DivisorPile>() {
        let c = c.get();
        (&c.ready, Some(Playable::DivisorPile(c.n)), &c.repr)
    } else if let Ok(c) = obj.cast::<CoprimePile>() {
        let c = c.get();
        (&c.ready, Some(Playable::CoprimePile(c.n)), &c.repr)
    } else if let Ok(c) = obj.cast::<Values>() {
        let c = c.get();
        (&c.ready, None, &c.repr)
    } else {
        return Err(PyTypeError::new_err(format!(
            "a grundy.Sum holds components (grundy.Heaps, Board, DivisorPile, CoprimePile, Values, Game) \
             or their copies (component.copies(k)), not {}",
            type_name(obj)
        )));
    };
    Ok(Built::Library(ready.0.clone(), rules, name.clone()))
}

/// A sum of components, each any number of times (``component.copies(k)``; a
/// component alone is one copy): a position is one position of every copy.
/// The same engine as the library's ``Sum``: the histograms of the
/// components' Grundy values, XOR-convolved.
///
/// >>> kayles = grundy.Heaps("0.77", 1000)
/// >>> grundy.Sum([kayles, grundy.CoprimePile(100).copies(2)]).count(modulus=10**9 + 7) > 0
/// True
#[pyclass(frozen, module = "grundy", name = "Sum")]
pub struct Sum {
    /// The components with their copies.
    parts: Vec<(Py<PyAny>, u64)>,
}

#[pymethods]
impl Sum {
    #[new]
    fn new(parts: &Bound<'_, PyAny>) -> PyResult<Self> {
        let Ok(items) = parts.try_iter() else {
            return Err(PyTypeError::new_err(format!(
                "grundy.Sum takes a list of components, not {}",
                type_name(parts)
            )));
        };
        let mut out = Vec::new();
        for item in items {
            let item = item?;
            let (component, copies) = match item.cast::<Copies>() {
                Ok(c) => (c.get().component.bind(item.py()).clone(), c.get().copies),
                Err(_) => (item, 1),
            };
            // a component class, or refused now
            built(&component, &Pending::default())?;
            out.push((component.unbind(), copies));
        }
        Ok(Sum { parts: out })
    }

    /// The components, each as ``component.copies(k)``.
    #[getter]
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let parts: Vec<Copies> =
            self.parts.iter().map(|(c, k)| Copies { component: c.clone_ref(py), copies: *k }).collect();
        PyList::new(py, parts)
    }

    /// Counts the positions of the sum lost by the player to move
    /// (``count="losing"``) or won (``"winning"``): ordered tuples, or with
    /// ``order`` multisets or sets of the copies of each component (the
    /// components still told apart). Exact when ``modulus`` is None,
    /// otherwise modulo ``modulus`` (1 to 2^64 − 1).
    ///
    /// ``play="misere"`` (whoever moves last loses) needs the components'
    /// misère quotient (heaps, boards, piles: one shared quotient, or all
    /// tame), as the functions of the same games; a sum with :class:`Game`
    /// components is played out instead, every multiset of positions
    /// counted searched: the other components' positions and options are
    /// made from their rules (heaps, boards, piles): at most ``misere_work``
    /// positions and options made, and ``misere_work`` states searched (by
    /// default 10^6 there; the components' own ``misere_work`` otherwise).
    /// :class:`Values` with Games are refused under misère play: Grundy
    /// values do not decide it.
    ///
    /// ``progress=True`` shows a bar on stderr (tqdm if installed), or give
    /// a callable ``progress(done, total)``.
    #[pyo3(signature = (count="losing", modulus=None, order="ordered", play="normal", *, misere_work=None, progress=None))]
    #[pyo3(
        text_signature = "(self, count='losing', modulus=None, order='ordered', play='normal', *, misere_work=None, progress=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn count<'py>(
        &self,
        py: Python<'py>,
        count: &str,
        modulus: Option<&Bound<'py, PyAny>>,
        order: &str,
        play: &str,
        misere_work: Option<&Bound<'py, PyAny>>,
        progress: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let request = Request::new(modulus, count, order)?.with_play(play)?;
        let mut library = Vec::new();
        let mut games = Vec::new();
        for (component, copies) in &self.parts {
            match built(component.bind(py), &request.pending)? {
                Built::Library(c, rules, name) => library.push((c, rules, name, *copies)),
                Built::Game(g) => games.push((g, *copies)),
            }
        }
        let progress = Progress::new(py, progress, "grundy.Sum.count")?;
        if request.play() == Play::Misere && !games.is_empty() {
            let mut others = Vec::new();
            for (_, rules, name, copies) in &library {
                match rules {
                    Some(rules) => others.push((rules.clone(), name.clone(), *copies)),
                    None => {
                        return Err(PyValueError::new_err(format!(
                            "`play` misere is not available for a sum of grundy.Game components with {name}: \
                             Grundy values do not decide misère play; give its game as a grundy.Game instead"
                        )));
                    }
                }
            }
            let states = u64_or(misere_work, "misere_work", DEFAULT_MISERE_STATES)?;
            let (order, outcome) = (request.order(), request.outcome());
            let counted = detached_with(py, &request.pending, &progress, |ctx| {
                // the other components played out first, their positions and options charged to `misere_work`
                let mut work = states;
                for (rules, name, copies) in others {
                    match rules.solution(&mut work, states, &name, ctx)? {
                        Ok(solution) => games.push((Arc::new(solution), copies)),
                        Err(refused) => return Ok(Err(refused)),
                    }
                }
                misere_search::count(&games, order, outcome, states, ctx)
            });
            progress.close(py)?;
            return match counted? {
                Ok(value) => to_int(py, &request.reduce(value)),
                Err(Refused(message)) => Err(TooLargeError::new_err(message)),
            };
        }
        if misere_work.is_some_and(|w| !w.is_none()) {
            return Err(PyValueError::new_err(
                "`misere_work` is for a misère count of grundy.Game components; the other components take \
                 their own `misere_work`",
            ));
        }
        let mut sum = LibSum::new();
        for (c, _, _, k) in library {
            sum = sum.with_shared(c, k);
        }
        for (g, k) in games {
            sum = sum.with(g.component(), k);
        }
        request.count_showing(py, &sum.with_order(request.order()).with_play(request.play()), &progress)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|(c, k)| {
                let shown = c.bind(py).repr()?.to_string();
                Ok(if *k == 1 { shown } else { format!("{shown}.copies({k})") })
            })
            .collect::<PyResult<_>>()?;
        Ok(format!("grundy.Sum([{}])", parts.join(", ")))
    }
}
