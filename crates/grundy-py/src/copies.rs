//! `grundy.Copies`: a component taken some number of times in a sum.

use crate::args::u64_arg;
use pyo3::prelude::*;

/// ``copies`` copies of one component, for :class:`grundy.Sum` (made by
/// ``component.copies(k)``).
#[pyclass(frozen, module = "grundy", name = "Copies")]
pub struct Copies {
    pub component: Py<PyAny>,
    pub copies: u64,
}

impl Copies {
    pub fn new(component: &Bound<'_, PyAny>, copies: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Copies { component: component.clone().unbind(), copies: u64_arg(copies, "copies")? })
    }
}

#[pymethods]
impl Copies {
    /// The component.
    #[getter]
    fn component(&self, py: Python<'_>) -> Py<PyAny> {
        self.component.clone_ref(py)
    }

    /// The number of copies.
    #[getter]
    fn copies(&self) -> u64 {
        self.copies
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("{}.copies({})", self.component.bind(py).repr()?, self.copies))
    }
}
