#!/usr/bin/env bash
# Every test: the Rust workspace (`cargo test --release`), then the Python package
# (scripts/test-wheel.sh): its abi3 wheel built once, installed into a fresh virtual
# environment (.venv-wheel) without a Rust toolchain on PATH, and tested by pytest
# against the command line and a pure-Python brute force.
# The Dask test runs on a local cluster (dask and distributed are installed there too).
# Needs only the Rust toolchain and CPython 3.9+ with pip: maturin, pytest, numpy and
# matplotlib come from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi
cargo test --release
# the command line the Python tests compare with (cargo test built it already)
cargo build --release -q -p grundy-cli
# the Python package: its wheel built once, installed without a toolchain, tested by pytest
GRUNDY_CLI="$PWD/target/release/grundy" bash scripts/test-wheel.sh
