"""Shared helpers: the command line to compare with, and the moduli tried."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

# exact answers of many thousand digits are read from the command line's output
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

ROOT = Path(__file__).resolve().parents[3]

#: Every modular answer is checked at these moduli (None: exact).
MODULI = [1, 2, 7, 2**40, 10**9, 1234567890, 10**9 + 7, 2**64 - 1]


def cli_path():
    """The `grundy` binary: $GRUNDY_CLI, or target/release/grundy (built if missing)."""
    path = os.environ.get("GRUNDY_CLI") or str(ROOT / "target" / "release" / "grundy")
    if not os.path.exists(path):
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "grundy-cli"], cwd=ROOT, check=True)
    return path


@pytest.fixture(scope="session")
def cli():
    """Runs the command line: `cli(*args)` returns stdout."""
    path = cli_path()

    class Cli:
        def run(self, args, stdin):
            return subprocess.run(
                [path, *map(str, args)], input=stdin, capture_output=True, text=True, timeout=600
            )

        def __call__(self, *args, stdin=None):
            done = self.run(args, stdin)
            assert done.returncode == 0, f"grundy {' '.join(map(str, args))}: {done.stderr}"
            return done.stdout.strip()

        def count(self, *args, stdin=None):
            """The count the command prints, as an int."""
            return int(self(*args, stdin=stdin))

        def json(self, *args):
            return json.loads(self(*args, "--json"))

        def count_or_error(self, *args, stdin=None):
            """The count, or "error: " and the message of a refused command (exit status 2)."""
            done = self.run(args, stdin)
            if done.returncode == 0:
                return int(done.stdout)
            assert done.returncode == 2 and done.stdout == "", (args, done)
            return done.stderr.strip()

    return Cli()


def as_flags(message):
    """The library's message in the command line's words: `max_len` -> --max-len."""
    return re.sub(r"`([a-z_]+)`", lambda m: "--" + m.group(1).replace("_", "-"), message)


def modulus_flags(modulus):
    """The command-line flags for `modulus` (None: none)."""
    return [] if modulus is None else ["--modulus", str(modulus)]
