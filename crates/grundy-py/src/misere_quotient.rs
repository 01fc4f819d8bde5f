//! `grundy.misere_quotient` (and `grundy.sequence(…, play="misere")`): the
//! misère quotient of a heap game, with everything
//! `grundy sequence --play misere --json` prints of it.
//!
//! Under misère play two sums of heaps are equivalent when adding any third
//! sum gives both the same outcome; the classes form a finite commutative
//! monoid `Q` (Plambeck–Siegel), a sum's class being the product of its
//! heaps' classes `Φ(k)` (the pretending function), and the losing sums are
//! those whose class lies in the P-portion `P ⊆ Q`. The quotient is that of
//! the heaps up to a bound, and of every heap when its period is certified
//! (the library's [`LibQuotient`]).

use crate::args::{check_length, heap_game, u64_arg, u64_or, usize_arg};
use crate::errors::{NotCertifiedError, lib};
use crate::packed::Packed;
use crate::run::{Pending, Progress, detached_with};
use grundy::HeapGame;
use grundy::misere::{
    GenusTable, MisereLimits, MisereQuotient as LibQuotient, Presentation, exploration_limits,
};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The misère quotient of a heap game, as ``grundy sequence --play misere
/// --json`` gives it.
///
/// The quotient is a finite commutative monoid of ``order`` elements
/// ``0 .. order − 1`` with the ``identity`` (the class of the empty sum): the
/// class of a sum of heaps is the product of its heaps' classes, the
/// pretending function ``Φ`` (``pretending[k]`` for heap ``k``; ``element``),
/// and the sum is a misère P-position (lost by the player to move, who would
/// rather not move last) exactly when its class lies in the ``p_portion``
/// (``outcome``). ``table[x][y]`` is the product ``x·y``; ``array`` and
/// ``numpy.asarray(q)`` give the table as an ``order × order`` read-only
/// array without a copy.
///
/// The quotient is that of the heaps up to ``bound``; when ``certified``,
/// ``Φ(n + period) = Φ(n)`` for ``n >= preperiod`` and it is the quotient of
/// every heap size. Otherwise ``stopped`` says why the next heap could not be
/// adjoined (``None``: ``misere_len`` was reached) and ``stopped_by`` the
/// limit to raise. ``genus`` holds each heap's genus, ``misere_values`` its
/// misère nim-value, and ``presentation`` the quotient by generators (one per
/// heap that is not a product of smaller ones) and relations.
#[pyclass(frozen, module = "grundy")]
pub struct MisereQuotient {
    quotient: LibQuotient,
    presentation: Presentation,
    genus: GenusTable,
    /// The multiplication table, row by row.
    table: Packed,
    /// Heaps `0..shown` have a pretending value and an outcome.
    shown: u64,
    /// The game, as the library describes it (``"octal 0.77"``).
    #[pyo3(get)]
    game: String,
}

/// Quotients of at most this order show their table in ``_repr_html_``.
const HTML_TABLE_ORDER: usize = 64;

#[pymethods]
impl MisereQuotient {
    /// The number of elements of the quotient.
    #[getter]
    fn order(&self) -> usize {
        self.quotient.monoid().order()
    }

    /// The identity: the class of the empty sum, and of a heap without moves.
    #[getter]
    fn identity(&self) -> u32 {
        self.quotient.monoid().identity()
    }

    /// The P-portion: the classes of the sums the player to move loses, in
    /// increasing order.
    #[getter]
    fn p_portion(&self) -> Vec<u32> {
        self.quotient.monoid().p_portion()
    }

    /// The multiplication table as a list of rows: ``table[x][y]`` is ``x·y``.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let order = self.order();
        PyList::new(
            py,
            (0..order).map(|x| (0..order).map(|y| self.table.get(py, x * order + y)).collect::<Vec<_>>()),
        )
    }

    /// The multiplication table as a read-only ``memoryview`` of shape
    /// ``(order, order)`` and format ``"B"``, ``"H"`` or ``"I"`` (the
    /// narrowest that holds the elements), without a copy.
    #[getter]
    fn array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let order = self.order();
        self.table.memoryview(py, Some(&[order, order]))
    }

    /// The bytes per entry of ``array``: 1, 2 or 4.
    #[getter]
    fn itemsize(&self) -> usize {
        self.table.width()
    }

    /// numpy's array interface: ``numpy.asarray(q)`` is the multiplication
    /// table, a read-only ``order × order`` array of ``uint8``, ``uint16`` or
    /// ``uint32`` sharing the quotient's buffer.
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let order = self.order();
        self.table.array_interface(py, &[order, order])
    }

    /// ``numpy.asarray(self)``: the multiplication table (needs numpy).
    fn to_numpy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("numpy")?.call_method1("asarray", (slf,))
    }

    /// How many heaps ``pretending`` and ``outcomes`` cover: ``length`` when
    /// certified, else at most ``bound + 1``.
    #[getter]
    fn length(&self) -> u64 {
        self.shown
    }

    /// The pretending function: ``pretending[k]`` is the class of heap ``k``
    /// for ``k`` in ``0 .. length`` (``pretending[0]`` is the identity).
    #[getter]
    fn pretending(&self) -> Vec<u32> {
        (0..self.shown).map(|k| self.phi(k)).collect()
    }

    /// The misère outcome of each heap ``0 .. length`` alone: ``"P"`` (lost
    /// by the player to move) or ``"N"`` (won).
    #[getter]
    fn outcomes(&self) -> Vec<&'static str> {
        (0..self.shown).map(|k| self.outcome_of(self.phi(k))).collect()
    }

    /// The misère nim-values of heaps ``1 .. genus_len`` (heap 1 first).
    #[getter]
    fn misere_values(&self) -> Vec<u32> {
        self.genus.misere_values()
    }

    /// The genus of heaps ``1 .. genus_len``: one dict per heap, ``normal``
    /// (its nim-value), ``gamma`` (the misère values of the heap plus 0, 1,
    /// 2, … copies of heap 2, up to where they repeat) and ``symbol`` (the
    /// genus written ``g^{γ₀γ₁…}``).
    #[getter]
    fn genus<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let heaps = (1..=self.genus.len()).map(|n| {
            let dict = PyDict::new(py);
            dict.set_item("gamma", self.genus.gamma(n).map(<[u32]>::to_vec))?;
            dict.set_item("normal", self.genus.normal(n))?;
            dict.set_item("symbol", self.genus.symbol(n))?;
            Ok::<_, PyErr>(dict)
        });
        PyList::new(py, heaps.collect::<PyResult<Vec<_>>>()?)
    }

    /// The heaps whose genus is given: ``min(bound, length − 1)``, or fewer
    /// when ``genus_work`` ran out (``genus_complete`` is then false).
    #[getter]
    fn genus_len(&self) -> usize {
        self.genus.len()
    }

    /// Whether every heap asked for has its genus (``genus_work`` sufficed).
    #[getter]
    fn genus_complete(&self) -> bool {
        self.genus.complete()
    }

    /// The quotient by generators and relations, as a dict: ``generators``
    /// (``{"heap": k, "name": "a"}``, the heaps whose class is not a product
    /// of smaller heaps'), ``relations`` (``"a^2 = 1"``: every other monomial
    /// rewritten to its least form), ``elements`` (each element's normal form,
    /// ``"1"``, ``"a b"``) and ``p_portion`` (the P-portion's normal forms).
    #[getter]
    fn presentation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let p = &self.presentation;
        let generators = p.generators().map(|(name, heap, _)| {
            let dict = PyDict::new(py);
            dict.set_item("heap", heap)?;
            dict.set_item("name", name)?;
            Ok::<_, PyErr>(dict)
        });
        let dict = PyDict::new(py);
        dict.set_item("elements", (0..self.order() as u32).map(|x| p.word_of(x)).collect::<Vec<_>>())?;
        dict.set_item("generators", generators.collect::<PyResult<Vec<_>>>()?)?;
        dict.set_item("p_portion", self.p_portion().into_iter().map(|x| p.word_of(x)).collect::<Vec<_>>())?;
        dict.set_item("relations", p.relation_strings())?;
        Ok(dict)
    }

    /// Whether the quotient is proved for every heap size (Theorem P, `docs/theory/misere.md` §6).
    #[getter]
    fn certified(&self) -> bool {
        self.quotient.period().is_some()
    }

    /// The first heap from which ``Φ`` is periodic, or ``None`` if not certified.
    #[getter]
    fn preperiod(&self) -> Option<usize> {
        self.quotient.period().map(|(n0, _)| n0)
    }

    /// The period of ``Φ``, or ``None`` if not certified.
    #[getter]
    fn period(&self) -> Option<usize> {
        self.quotient.period().map(|(_, p)| p)
    }

    /// The largest heap adjoined: the quotient is that of heaps ``1 .. bound``
    /// (the ``misere_len`` of ``--json``).
    #[getter]
    fn bound(&self) -> usize {
        self.quotient.bound()
    }

    /// Why the quotient stopped before ``misere_len`` (a budget ran out
    /// adjoining the next heap), or ``None``.
    #[getter]
    fn stopped(&self) -> Option<String> {
        self.quotient.stopped()
    }

    /// The limit whose raise lets the quotient go on when it stopped early
    /// (``"misere_work"``), or ``None``.
    #[getter]
    fn stopped_by(&self) -> Option<&'static str> {
        self.quotient.stopped_by()
    }

    /// The steps of ``misere_work`` spent.
    #[getter]
    fn work(&self) -> u64 {
        self.quotient.spent()
    }

    /// The product ``a·b`` of two elements.
    fn multiply(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u32> {
        let (a, b) = (self.element_arg(a)?, self.element_arg(b)?);
        Ok(self.quotient.monoid().mul(a, b))
    }

    /// The class of the sum of the heaps ``heaps`` (an iterable of sizes, any
    /// size when certified, else up to ``bound``): the product of their
    /// ``Φ``; the identity for no heaps.
    fn element(&self, heaps: &Bound<'_, PyAny>) -> PyResult<u32> {
        let m = self.quotient.monoid();
        let mut x = m.identity();
        for heap in heaps.try_iter()? {
            let k = u64_arg(&heap?, "heaps")?;
            let phi = self.quotient.phi(k).ok_or_else(|| self.beyond(k))?;
            x = m.mul(x, phi);
        }
        Ok(x)
    }

    /// The misère outcome of the sum of the heaps ``heaps``: ``"P"`` when
    /// the player to move loses (its class is in the P-portion), else ``"N"``.
    fn outcome(&self, heaps: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(self.outcome_of(self.element(heaps)?))
    }

    /// The summary and the multiplication table (quotients of up to 64
    /// elements), the P-portion shaded and the identity's row and column in
    /// bold, for notebooks.
    fn _repr_html_(&self, py: Python<'_>) -> String {
        let order = self.order();
        let m = self.quotient.monoid();
        let mut rows = vec![
            ("game", html_escape(&self.game)),
            ("order", order.to_string()),
            ("identity", self.identity().to_string()),
            ("P-portion", join(&self.p_portion())),
            ("heaps", format!("1 to {}", self.bound())),
            ("certified", self.certificate()),
        ];
        if let Some(why) = self.stopped() {
            rows.push(("stopped", html_escape(&why)));
        }
        let mut html = String::from("<div class=\"grundy-misere-quotient\"><table>");
        for (name, value) in rows {
            html.push_str(&format!("<tr><th style=\"text-align:left\">{name}</th><td>{value}</td></tr>"));
        }
        html.push_str("</table>");
        if order > HTML_TABLE_ORDER {
            html.push_str(&format!(
                "<p>(the table of {order} elements is not shown: see <code>.table</code>)</p>"
            ));
        } else {
            let cell = |tag: &str, x: u32, bold: bool| {
                let shade = if m.is_p(x) { " style=\"background:#ddd\"" } else { "" };
                match bold {
                    true => format!("<{tag}{shade}><b>{x}</b></{tag}>"),
                    false => format!("<{tag}{shade}>{x}</{tag}>"),
                }
            };
            let identity = self.identity();
            html.push_str("<table class=\"grundy-table\"><tr><th>·</th>");
            (0..order as u32).for_each(|y| html.push_str(&cell("th", y, y == identity)));
            html.push_str("</tr>");
            for x in 0..order {
                html.push_str("<tr>");
                html.push_str(&cell("th", x as u32, x as u32 == identity));
                for y in 0..order {
                    let xy = self.table.get(py, x * order + y);
                    html.push_str(&cell("td", xy, false));
                }
                html.push_str("</tr>");
            }
            html.push_str("</table><p>P-portion shaded.</p>");
        }
        html.push_str("</div>");
        html
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.MisereQuotient(game={:?}, order={}, identity={}, p_portion=[{}], bound={}, certified={})",
            self.game,
            self.order(),
            self.identity(),
            self.p_portion().iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
            self.bound(),
            if self.certified() { "True" } else { "False" }
        )
    }
}

impl MisereQuotient {
    fn phi(&self, k: u64) -> u32 {
        // heaps below `shown` are within the bound or the certified period
        self.quotient.phi(k).unwrap_or_else(|| self.quotient.monoid().identity())
    }

    fn outcome_of(&self, x: u32) -> &'static str {
        if self.quotient.monoid().is_p(x) { "P" } else { "N" }
    }

    /// An element given as a Python int, below the order.
    fn element_arg(&self, x: &Bound<'_, PyAny>) -> PyResult<u32> {
        let v = u64_arg(x, "element")?;
        match u32::try_from(v) {
            Ok(v) if (v as usize) < self.order() => Ok(v),
            _ => Err(PyIndexError::new_err(format!(
                "element {v} is not in the quotient, whose elements are 0 to {}",
                self.order() - 1
            ))),
        }
    }

    /// The refusal of heap `k` beyond an uncertified bound.
    fn beyond(&self, k: u64) -> PyErr {
        let raise = self.stopped_by().unwrap_or("misere_len");
        NotCertifiedError::new_err(format!(
            "heap {k} is beyond the quotient, which holds for heaps up to {} and is not certified (raise `{raise}`)",
            self.bound()
        ))
    }

    /// What `sequence --play misere` says of the certificate.
    fn certificate(&self) -> String {
        match self.quotient.period() {
            Some((n0, p)) => format!("yes: Φ(n + {p}) = Φ(n) for n ≥ {n0}"),
            None => format!("no: the quotient holds for heaps up to {}", self.bound()),
        }
    }
}

fn join(xs: &[u32]) -> String {
    xs.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The misère quotient's limits as keyword arguments, read before any work.
pub struct MisereArgs {
    limits: MisereLimits,
    genus_work: u64,
}

impl MisereArgs {
    /// `misere_len` (default 200), `misere_work` (default scaled to
    /// `length`: [`exploration_limits`]) and `genus_work`.
    pub fn new(
        length: u64,
        misere_len: Option<&Bound<'_, PyAny>>,
        misere_work: Option<&Bound<'_, PyAny>>,
        genus_work: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let max_len = usize_arg(misere_len, "misere_len", MisereLimits::DEFAULT_MAX_LEN)? as u64;
        let work = misere_work.filter(|w| !w.is_none()).map(|w| u64_arg(w, "misere_work")).transpose()?;
        Ok(MisereArgs {
            limits: lib(exploration_limits(length, max_len, work))?,
            genus_work: u64_or(genus_work, "genus_work", GenusTable::DEFAULT_WORK)?,
        })
    }
}

/// The quotient of `game` shown for heaps `0..length`, as `sequence --play
/// misere --len length` computes it: the quotient within `args`, then the
/// genus of the heaps up to `min(bound, length − 1)`, then the presentation.
pub fn explore(
    py: Python<'_>,
    game: &HeapGame,
    length: u64,
    args: MisereArgs,
    pending: &Pending,
    progress: &Progress,
) -> PyResult<MisereQuotient> {
    check_length(length)?;
    let explored = detached_with(py, pending, progress, |ctx| {
        // the pretending function and the outcomes as Python lists
        ctx.budget.check_memory(
            16.0 * length as f64,
            "the pretending function and the outcomes",
            "length",
        )?;
        let q = LibQuotient::explore(game, args.limits, ctx)?;
        let genus_bound = q.bound().min(length.saturating_sub(1) as usize);
        let genus = GenusTable::of_game(game, genus_bound, args.genus_work, ctx)?;
        let presentation = q.presentation()?;
        Ok((q, genus, presentation))
    });
    progress.close(py)?;
    let (quotient, genus, presentation) = explored?;
    // heaps 0..shown have a value: all asked for when certified, else up to the bound
    let shown = match quotient.period() {
        Some(_) => length,
        None => length.min(quotient.bound() as u64 + 1),
    };
    let table = Packed::new(py, quotient.monoid().table())?;
    Ok(MisereQuotient { quotient, presentation, genus, table, shown, game: game.describe() })
}

/// Returns the misère quotient of a heap game, as ``grundy sequence --game
/// CODE --play misere --len LENGTH --json`` gives it (see
/// :class:`grundy.MisereQuotient`).
///
/// Give exactly one of ``game`` (an octal code such as ``"0.77"``, or a
/// :class:`grundy.HeapGame`) and ``moves`` (a subtraction set). Heaps are
/// adjoined up to ``misere_len`` until the quotient's period is certified;
/// ``misere_work`` bounds the work (steps of a few hundred nanoseconds; by
/// default scaled to ``length``: 10^7 steps up to ``length`` 31, 10^8 from
/// 100 on), and when it runs out the quotient is the one of the heaps reached
/// (``stopped`` says why). ``genus_work`` bounds the genus computation.
/// ``progress=True`` shows a bar on stderr, or give a callable
/// ``progress(done, total)``; Ctrl-C stops it with ``KeyboardInterrupt``.
///
/// >>> q = grundy.misere_quotient("0.75", length=6)
/// >>> q.order, q.p_portion, q.pretending
/// (8, [1, 7], [0, 1, 2, 1, 2, 3])
#[pyfunction]
#[pyo3(signature = (game=None, moves=None, *, length=None, misere_len=None, misere_work=None, genus_work=None, progress=None))]
#[pyo3(
    text_signature = "(game=None, moves=None, *, length=100, misere_len=200, misere_work=None, genus_work=2000000, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn misere_quotient(
    py: Python<'_>,
    game: Option<&Bound<'_, PyAny>>,
    moves: Option<&Bound<'_, PyAny>>,
    length: Option<&Bound<'_, PyAny>>,
    misere_len: Option<&Bound<'_, PyAny>>,
    misere_work: Option<&Bound<'_, PyAny>>,
    genus_work: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<MisereQuotient> {
    let pending = Pending::default();
    let game = heap_game(game, moves, &pending)?;
    let length = u64_or(length, "length", DEFAULT_LENGTH)?;
    let args = MisereArgs::new(length, misere_len, misere_work, genus_work)?;
    let progress = Progress::new(py, progress, "grundy.misere_quotient")?;
    explore(py, &game, length, args, &pending, &progress)
}

/// The heaps shown by default, as `sequence --len` (100).
pub const DEFAULT_LENGTH: u64 = 100;
