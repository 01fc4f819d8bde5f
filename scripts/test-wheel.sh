#!/usr/bin/env bash
# The Python package as users get it: one abi3 wheel (CPython 3.9 and later) built
# with `maturin build --release`, an sdist (`maturin sdist`), then the wheel installed
# into a fresh virtual environment by a pip that sees no Rust toolchain and no package
# index, and the pytest suite run against it there, with numpy, matplotlib and pandas installed
# (so no test is skipped). The extension is built once, here.
#
# Needs the Rust toolchain (for the build only) and CPython 3.9+ with pip; maturin,
# pytest, numpy, matplotlib and pandas come from PyPI. The suite compares with the command
# line: $GRUNDY_CLI, else target/release/grundy (built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi
# the interpreter itself, not a shim that needs a PATH of its own (pyenv)
python=$("${PYTHON:-python3}" -c 'import sys; print(sys.executable)')
wheels=target/wheels-test
pip=(-m pip install -q --disable-pip-version-check)

new_venv() { # a virtual environment made without the toolchain on PATH
  rm -rf "$1"
  if ! env PATH=/usr/bin:/bin "$python" -m venv "$1"; then
    # a Python without its venv module (Debian's python3 without python3-venv)
    rm -rf "$1"
    "$python" "${pip[@]}" --user virtualenv
    env PATH=/usr/bin:/bin "$python" -m virtualenv -q "$1"
  fi
}

# 1. build: the wheel and the sdist
if [ ! -x .venv-build/bin/maturin ]; then
  new_venv .venv-build
  .venv-build/bin/python "${pip[@]}" "maturin>=1.9.4,<2.0"
fi
rm -rf "$wheels"
start=$SECONDS
.venv-build/bin/maturin build --release -m crates/grundy-py/Cargo.toml -o "$wheels"
.venv-build/bin/maturin sdist -m crates/grundy-py/Cargo.toml -o "$wheels" 2>&1 | tail -1
wheel=$(ls "$wheels"/grundy-*-cp39-abi3-*.whl)
sdist=$(ls "$wheels"/grundy-*.tar.gz)
echo "wheel: $wheel ($(du -k "$wheel" | cut -f1) KiB, built in $((SECONDS - start)) s); sdist: $sdist ($(du -k "$sdist" | cut -f1) KiB)"
# the sdist holds what a build from it needs: the extension, the library and the chart crate
listing=$(tar -tzf "$sdist")
for member in pyproject.toml Cargo.toml Cargo.lock crates/grundy-py/src/lib.rs crates/grundy/src/lib.rs \
  crates/grundy-plot/src/lib.rs python/grundy/__init__.pyi python/grundy/_plot.py; do
  grep -q "/$member\$" <<<"$listing" || { echo "the sdist lacks $member" >&2; exit 1; }
done

# 2. install: a fresh environment, no Rust toolchain on PATH, no index for grundy
bare=/usr/bin:/bin
for tool in cargo rustc maturin; do
  if env PATH="$PWD/.venv-wheel/bin:$bare" sh -c "command -v $tool" >/dev/null 2>&1; then
    echo "$tool is on $bare: the install below would not show that the wheel needs no toolchain" >&2
    exit 1
  fi
done
new_venv .venv-wheel
run_bare() { env PATH="$PWD/.venv-wheel/bin:$bare" "$@"; }
run_bare .venv-wheel/bin/python "${pip[@]}" "pip>=21.3" "pytest>=7" numpy matplotlib pandas dask distributed
run_bare .venv-wheel/bin/python "${pip[@]}" --no-index --only-binary :all: --find-links "$wheels" "grundy[plot]"
run_bare .venv-wheel/bin/python - <<'PY'
import pathlib, sys
import grundy
where = pathlib.Path(grundy.__file__).resolve()
assert pathlib.Path(sys.prefix).resolve() in where.parents, f"grundy imported from {where}, not the venv"
assert grundy.board(3, 2) == 40
print(f"grundy {grundy.__version__} from {where.parent}")
PY

# 3. the suite, against the installed wheel
cli=${GRUNDY_CLI:-$PWD/target/release/grundy}
if [ ! -x "$cli" ]; then
  cargo build --release -q -p grundy-cli
fi
GRUNDY_CLI="$cli" run_bare .venv-wheel/bin/python -m pytest crates/grundy-py/tests -q -p no:cacheprovider
