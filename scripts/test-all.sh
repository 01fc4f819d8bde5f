#!/usr/bin/env bash
# Every test: the Rust workspace (`cargo test --release`), then the Python package
# built from crates/grundy-py into a local virtual environment (.venv-test) and
# tested by pytest against the command line and a pure-Python brute force (and on a
# local Dask cluster: dask and distributed are installed into the environment too).
# Needs only the Rust toolchain and CPython 3.9+ with pip: maturin (the build
# backend) and pytest come from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi
python=${PYTHON:-python3}
venv=.venv-test

cargo test --release
# the command line the Python tests compare with (cargo test built it already)
cargo build --release -q -p grundy-cli

if [ ! -x "$venv/bin/python" ]; then
  if ! "$python" -m venv "$venv"; then
    # a Python without its venv module (Debian's python3 without python3-venv)
    rm -rf "$venv"
    "$python" -m pip install -q --user virtualenv
    "$python" -m virtualenv -q "$venv"
  fi
fi
# pip 21.3 or later builds ./crates/grundy-py in place, where its workspace is
# dask and distributed: grundy.census on a local Dask cluster (the test kills one of its workers)
"$venv/bin/python" -m pip install -q --disable-pip-version-check "pip>=21.3" "pytest>=7" dask distributed
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps ./crates/grundy-py
GRUNDY_CLI="$PWD/target/release/grundy" "$venv/bin/python" -m pytest crates/grundy-py/tests -q
