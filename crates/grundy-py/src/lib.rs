//! Python bindings of grundy: the extension module `grundy._grundy`, which the
//! package `grundy` (python/grundy/__init__.py) re-exports.
//!
//! One function per subcommand of the command line, keyword arguments named as
//! its flags ([`games`], [`sequence`], and the misère quotient of
//! `sequence --play misere`: [`misere_quotient`]); arguments are range-checked into the
//! library's types ([`args`]); every computation runs with the GIL released and
//! can be interrupted with Ctrl-C ([`run`]); library errors become Python
//! exceptions ([`errors`]); heap games of your own come from Python functions
//! ([`rules`]), and so do games on any positions ([`game`], valued over a
//! [`graph`]); sums of different games are [`components`] (a sum of games
//! under misère play is played out: [`misere_search`]).

mod args;
mod census;
mod census_misere;
mod components;
mod copies;
mod errors;
mod game;
mod games;
mod graph;
mod misere_quotient;
mod misere_search;
mod packed;
mod played;
mod rules;
mod run;
mod sequence;

use pyo3::prelude::*;

/// Count the winning and losing positions of sums of impartial games, exactly
/// or modulo any M in [1, 2^64 - 1] (the compiled core of the package grundy).
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(games::board, m)?)?;
    m.add_function(wrap_pyfunction!(games::divisor_nim, m)?)?;
    m.add_function(wrap_pyfunction!(games::coprime_nim, m)?)?;
    m.add_function(wrap_pyfunction!(games::silver_dollar, m)?)?;
    m.add_function(wrap_pyfunction!(games::heaps, m)?)?;
    m.add_function(wrap_pyfunction!(games::count, m)?)?;
    m.add_function(wrap_pyfunction!(games::prime_pi, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::sequence, m)?)?;
    m.add_function(wrap_pyfunction!(misere_quotient::misere_quotient, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_game, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_estimate, m)?)?;
    m.add_function(wrap_pyfunction!(census::canonical_code, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_file_name, m)?)?;
    m.add_function(wrap_pyfunction!(census::value_classes, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_codes, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_task, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_sample, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_values_disk, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_values_note, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_total_work, m)?)?;
    m.add_class::<census::CensusFolder>()?;
    m.add_class::<census::CensusPlan>()?;
    m.add_function(wrap_pyfunction!(census::census_order, m)?)?;
    m.add_class::<census::CensusStop>()?;
    census::add_constants(m)?;
    m.add_function(wrap_pyfunction!(census_misere::misere_census_request_check, m)?)?;
    m.add_function(wrap_pyfunction!(census_misere::misere_census_plan, m)?)?;
    m.add_function(wrap_pyfunction!(census_misere::misere_census_verify, m)?)?;
    m.add_function(wrap_pyfunction!(census_misere::misere_census_task, m)?)?;
    census_misere::add_constants(m)?;
    m.add_class::<rules::HeapGame>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<components::Heaps>()?;
    m.add_class::<components::Board>()?;
    m.add_class::<components::DivisorPile>()?;
    m.add_class::<components::CoprimePile>()?;
    m.add_class::<components::Values>()?;
    m.add_class::<copies::Copies>()?;
    m.add_class::<components::Sum>()?;
    m.add_class::<sequence::Sequence>()?;
    m.add_class::<misere_quotient::MisereQuotient>()?;
    m.add("TooLargeError", py.get_type::<errors::TooLargeError>())?;
    m.add("NotCertifiedError", py.get_type::<errors::NotCertifiedError>())?;
    Ok(())
}
