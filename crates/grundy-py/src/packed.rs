//! Unsigned ints kept in one immutable buffer of the narrowest width that
//! holds them (1, 2 or 4 bytes), which Python reads as a `memoryview` or a
//! numpy array without a copy: the values of a [`crate::sequence::Sequence`],
//! the multiplication table of a [`crate::misere_quotient::MisereQuotient`].

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyMemoryView};

/// The values `v[0..len]`, native-endian unsigned ints of `width` bytes each,
/// in a `bytes` object: immutable, so every view of it is read-only.
pub struct Packed {
    buffer: Py<PyBytes>,
    /// 1, 2 or 4.
    width: usize,
    len: usize,
}

impl Packed {
    /// `values` packed in the narrowest width that holds the largest.
    pub fn new(py: Python<'_>, values: &[u32]) -> PyResult<Self> {
        let top = values.iter().copied().max().unwrap_or(0);
        let width = if top <= u8::MAX as u32 {
            1
        } else if top <= u16::MAX as u32 {
            2
        } else {
            4
        };
        let buffer = PyBytes::new_with(py, values.len() * width, |bytes| {
            match width {
                1 => bytes.iter_mut().zip(values).for_each(|(b, &v)| *b = v as u8),
                2 => bytes
                    .chunks_exact_mut(2)
                    .zip(values)
                    .for_each(|(b, &v)| b.copy_from_slice(&(v as u16).to_ne_bytes())),
                _ => bytes
                    .chunks_exact_mut(4)
                    .zip(values)
                    .for_each(|(b, &v)| b.copy_from_slice(&v.to_ne_bytes())),
            }
            Ok(())
        })?;
        Ok(Packed { buffer: buffer.unbind(), width, len: values.len() })
    }

    /// How many values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes per value: 1, 2 or 4.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The value at `i < len`.
    pub fn get(&self, py: Python<'_>, i: usize) -> u32 {
        let bytes = self.buffer.bind(py).as_bytes();
        match self.width {
            1 => bytes[i] as u32,
            2 => u16::from_ne_bytes([bytes[2 * i], bytes[2 * i + 1]]) as u32,
            _ => u32::from_ne_bytes(bytes[4 * i..4 * i + 4].try_into().expect("4 bytes")),
        }
    }

    /// The values as a read-only `memoryview` of format `"B"`, `"H"` or `"I"`,
    /// of the given `shape` (one dimension of `len` when `None`), sharing the
    /// buffer.
    pub fn memoryview<'py>(&self, py: Python<'py>, shape: Option<&[usize]>) -> PyResult<Bound<'py, PyAny>> {
        let view = PyMemoryView::from(self.buffer.bind(py).as_any())?;
        match shape {
            None => view.call_method1("cast", (self.format(),)),
            Some(shape) => view.call_method1("cast", (self.format(), shape.to_vec())),
        }
    }

    /// numpy's array interface (version 3) of the buffer seen with `shape`:
    /// a read-only array of `uint8`, `uint16` or `uint32` without a copy (its
    /// `base` is the Python object that owns this buffer, which keeps it alive).
    pub fn array_interface<'py>(&self, py: Python<'py>, shape: &[usize]) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let endian = if cfg!(target_endian = "little") { '<' } else { '>' };
        let typestr = if self.width == 1 { "|u1".to_string() } else { format!("{endian}u{}", self.width) };
        let address = self.buffer.bind(py).as_bytes().as_ptr() as usize;
        dict.set_item("version", 3)?;
        dict.set_item("shape", pyo3::types::PyTuple::new(py, shape)?)?;
        dict.set_item("typestr", typestr)?;
        dict.set_item("data", (address, true))?;
        Ok(dict)
    }

    /// The struct format of [`Packed::memoryview`].
    fn format(&self) -> &'static str {
        match self.width {
            1 => "B",
            2 => "H",
            _ => "I",
        }
    }
}
