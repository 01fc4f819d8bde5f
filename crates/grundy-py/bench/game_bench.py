"""Benchmark: grundy.Game on about 10^6 positions with about 10 options each,
against the same memoized search written in Rust calling the same Python
options function (bench/harness, the floor: the callback is most of the work);
and grundy.Sum of four different games against the library's Sum in Rust.

    python crates/grundy-py/bench/game_bench.py [--side 1000] [--repeat 3]

Builds the harness with cargo (it embeds Python: PYO3_PYTHON is this
interpreter). Not run by CI: timings on a shared machine are indications.
The figures of merit are grundy.Game's time over the harness's (target: at
most 3) and grundy.Sum's over the library's (target: at most 1.1).
"""

import argparse
import os
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIDE = int(os.environ.get("GAME_BENCH_SIDE", "1000"))

#: ten moves of a token towards the corner of a SIDE×SIDE board
MOVES = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (3, 0), (0, 3), (2, 2), (3, 1), (1, 3)]


def options(cell):
    x, y = cell
    return [(x - dx, y - dy) for dx, dy in MOVES if dx <= x and dy <= y]


def positions():
    return [(x, y) for x in range(SIDE) for y in range(SIDE)]


def sum_parts():
    """The four games of the Sum benchmark (the harness builds the same in Rust)."""
    import grundy

    return [
        grundy.Heaps("0.77", 10**18).copies(3),
        grundy.CoprimePile(10**13).copies(2),
        grundy.Board(10**9, moves=[1, 2, 4, 8]).copies(2),
        grundy.DivisorPile(10**8).copies(1),
    ]


def build_harness():
    target = HERE.parents[2] / "target" / "game-harness"
    env = dict(os.environ, PYO3_PYTHON=sys.executable, CARGO_TARGET_DIR=str(target))
    subprocess.run(
        ["cargo", "build", "--release", "-q", "--manifest-path", str(HERE / "harness" / "Cargo.toml")],
        env=env,
        check=True,
    )
    return target / "release" / "game-harness"


def run_harness(args, side=SIDE):
    libdir = sysconfig.get_config_var("LIBDIR") or ""
    env = dict(
        os.environ,
        GAME_BENCH_SIDE=str(side),
        LD_LIBRARY_PATH=libdir + os.pathsep + os.environ.get("LD_LIBRARY_PATH", ""),
        PYTHONHOME=sys.base_prefix,
    )
    out = subprocess.run([str(build_harness()), *args], cwd=HERE, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    return out.stdout.split()


def harness(side):
    seconds, total, reached = run_harness(["game_bench"], side)
    return float(seconds), int(total), int(reached)


def main():
    global SIDE
    parser = argparse.ArgumentParser()
    parser.add_argument("--side", type=int, default=SIDE)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sum-only", action="store_true")
    args = parser.parse_args()
    SIDE = args.side
    import grundy

    rust_seconds, rust_count = run_harness(["--sum"])
    python_best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        count = grundy.Sum(sum_parts()).count(modulus=10**9 + 7)
        python_best = min(python_best, time.perf_counter() - start)
    assert count == int(rust_count), (count, rust_count)
    print(
        f"grundy.Sum of four games: {python_best:.3f} s; the library's Sum in Rust: {float(rust_seconds):.3f} s; "
        f"ratio {python_best / float(rust_seconds):.2f}"
    )
    if args.sum_only:
        return

    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        game = grundy.Game(options, positions())
        best = min(best, time.perf_counter() - start)
    floor = min(harness(args.side) for _ in range(args.repeat))
    assert floor[1] == sum(game.values) and floor[2] == game.reached, (floor, sum(game.values), game.reached)
    edges = sum(len(options(p)) for p in positions())
    print(f"{game.reached} positions, {edges / game.reached:.1f} options each")
    print(f"grundy.Game: {best:.2f} s; Rust harness calling the same function: {floor[0]:.2f} s; ratio {best / floor[0]:.2f}")


if __name__ == "__main__":
    main()
