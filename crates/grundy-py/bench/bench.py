"""Benchmark: each Python call against the same work done by the command line.

The command line's in-process time is the `seconds` field of its `--json`
output (the library's count, without process start, argument parsing or
printing); the Python time is the whole call (argument conversion, the count
with the GIL released, the Python int built). Where the command line's
`seconds` leaves out part of the same work (`count` reads and parses its values
file before the clock starts; `sequence` has no `seconds`), the row compares
with the command line's whole run instead (marked "wall": process start and
output included, so the ratio is flattering there). Each side keeps the best of
several runs; the ratio Python / command line is the figure of merit (target:
at most 1.2), and a small call's cost in microseconds (target: under 50 µs
for `divisor_nim(10)`).

    python crates/grundy-py/bench/bench.py [--repeat 5] [--quick]

Not run by CI: timings on a shared machine are indications, not tests.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

import grundy

ROOT = Path(__file__).resolve().parents[3]
CLI = os.environ.get("GRUNDY_CLI") or str(ROOT / "target" / "release" / "grundy")

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)


def cli_run(args, wall):
    """`grundy ARGS --json`: its `seconds` (or its whole run) and its value."""
    start = time.perf_counter()
    done = subprocess.run([CLI, *map(str, args), "--json"], capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    report = json.loads(done.stdout)
    return (elapsed if wall else report["seconds"]), report.get("value", report.get("values"))


def python_run(call):
    """The wall time of `call()` and its value."""
    start = time.perf_counter()
    value = call()
    return time.perf_counter() - start, value


def best_of(repeat, cli_args, call, wall):
    """Both sides' best times, runs interleaved so that a change of the machine's
    load affects both alike; and both values."""
    cli = py = float("inf")
    for _ in range(repeat):
        t, cli_value = cli_run(cli_args, wall)
        cli = min(cli, t)
        t, py_value = python_run(call)
        py = min(py, t)
    return cli, cli_value, py, py_value


def small_call_cost():
    """Microseconds per call of grundy.divisor_nim(10), best of 7 rounds."""
    number = 20000
    return min(timeit.repeat(lambda: grundy.divisor_nim(10), number=number, repeat=7)) / number * 1e6


def workloads(quick):
    rng = random.Random(1)
    values = [rng.randrange(1000) for _ in range(10**6)]
    values_file = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    values_file.write("".join(f"{v}\n" for v in values))
    values_file.close()
    m = 10**9 + 7
    heavy = [
        (
            "coprime_nim(10^12, 10^12, mod)",
            lambda: grundy.coprime_nim(10**12, 10**12, modulus=m),
            ["coprime-nim", "--n", "10^12", "--piles", "10^12", "--modulus", m],
        ),
        (
            "silver_dollar(10^18, 10^4, mod)",
            lambda: grundy.silver_dollar(10**18, 10**4, modulus=m),
            ["silver-dollar", "--n", "10^18", "--coins", "10^4", "--modulus", m],
        ),
        (
            "silver_dollar(10^4, 300) exact",
            lambda: grundy.silver_dollar(10**4, 300),
            ["silver-dollar", "--n", "10^4", "--coins", 300],
        ),
        (
            "divisor_nim(10^18, 10^4) exact",
            lambda: grundy.divisor_nim(10**18, 10**4),
            ["divisor-nim", "--n", "10^18", "--piles", "10^4"],
        ),
        ("prime_pi(10^12)", lambda: grundy.prime_pi(10**12), ["prime-pi", "--n", "10^12"]),
    ]
    light = [
        ("divisor_nim(10)", lambda: grundy.divisor_nim(10), ["divisor-nim", "--n", 10]),
        (
            "board(10^18, 100, mod)",
            lambda: grundy.board(10**18, 100, modulus=10**9),
            ["board", "--n", "10^18", "--tokens", 100, "--modulus", "10^9"],
        ),
        (
            "heaps(10^18, 10^18, 0.77, mod)",
            lambda: grundy.heaps(10**18, 10**18, game="0.77", modulus=m),
            ["heaps", "--game", "0.77", "--n", "10^18", "--piles", "10^18", "--modulus", m],
        ),
        (
            "heaps(10^5, 3, 0.16) exact",
            lambda: grundy.heaps(10**5, 3, game="0.16"),
            ["heaps", "--game", "0.16", "--n", "10^5", "--piles", 3],
        ),
        (
            "coprime_nim(10^7, 10^7, mod)",
            lambda: grundy.coprime_nim(10**7, 10**7, modulus=m),
            ["coprime-nim", "--n", "10^7", "--piles", "10^7", "--modulus", m],
        ),
        (
            "count(10^6 values, 10, mod)",
            lambda: grundy.count(values, 10, modulus=m),
            ["count", "--values", values_file.name, "--piles", 10, "--modulus", m],
        ),
        (
            "count(10^6 values, 10, mod) wall",
            lambda: grundy.count(values, 10, modulus=m),
            ["count", "--values", values_file.name, "--piles", 10, "--modulus", m],
        ),
        (
            # the nim-values that `heaps --n 10^5 --piles 1` computes, with the same limits
            "sequence(10^5 + 1, 0.16, max_len)",
            lambda: grundy.sequence(10**5 + 1, game="0.16", max_len=10**5 + 1).values,
            ["heaps", "--game", "0.16", "--n", "10^5", "--piles", 1],
        ),
        (
            "sequence(10^5 + 1, 0.16) wall",
            lambda: grundy.sequence(10**5 + 1, game="0.16").values,
            ["sequence", "--game", "0.16", "--len", 10**5 + 1],
        ),
    ]
    return light if quick else light + heavy


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per side (best kept)")
    parser.add_argument("--quick", action="store_true", help="skip the workloads of seconds")
    parser.add_argument("--threads", type=int, help="RAYON_NUM_THREADS for both sides (default: all cores)")
    args = parser.parse_args()
    if args.threads:
        # read by the thread pool when it starts: before the first call on both sides
        os.environ["RAYON_NUM_THREADS"] = str(args.threads)
    grundy.divisor_nim(10)  # the first call starts the thread pool
    threads = os.environ.get("RAYON_NUM_THREADS", "all cores")
    print(f"grundy {grundy.__version__}, Python {sys.version.split()[0]}, CLI {CLI}, threads: {threads}")
    print(f"divisor_nim(10): {small_call_cost():.2f} µs per call (target < 50 µs)")
    print(f"{'work':34} {'python s':>12} {'cli s':>12} {'ratio':>7}")
    worst = 0.0
    for name, call, cli_args in workloads(args.quick):
        cli, cli_value, py, py_value = best_of(args.repeat, cli_args, call, wall=name.endswith("wall"))
        if cli_args[0] == "sequence":
            assert py_value == cli_value, name
        elif not isinstance(py_value, list):
            assert str(py_value) == cli_value, (name, py_value, cli_value)
        ratio = py / cli
        worst = max(worst, ratio) if cli > 1e-3 else worst
        print(f"{name:34} {py:12.6f} {cli:12.6f} {ratio:7.2f}")
    print(f"worst ratio where the work takes over a millisecond: {worst:.2f} (target <= 1.2)")


if __name__ == "__main__":
    main()
