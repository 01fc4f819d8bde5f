"""Benchmark: grundy.Game on about 10^6 positions with about 10 options each,
against the same memoized search written in Rust calling the same Python
options function (bench/harness, the floor: the callback is most of the work).

    python crates/grundy-py/bench/game_bench.py [--side 1000] [--repeat 3]

Builds the harness with cargo (it embeds Python: PYO3_PYTHON is this
interpreter). Not run by CI: timings on a shared machine are indications.
The figure of merit is grundy.Game's time over the harness's (target: at most 3).
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


def harness(side):
    target = HERE.parents[2] / "target" / "game-harness"
    env = dict(os.environ, PYO3_PYTHON=sys.executable, CARGO_TARGET_DIR=str(target))
    subprocess.run(
        ["cargo", "build", "--release", "-q", "--manifest-path", str(HERE / "harness" / "Cargo.toml")],
        env=env,
        check=True,
    )
    libdir = sysconfig.get_config_var("LIBDIR") or ""
    env = dict(
        os.environ,
        GAME_BENCH_SIDE=str(side),
        LD_LIBRARY_PATH=libdir + os.pathsep + os.environ.get("LD_LIBRARY_PATH", ""),
        PYTHONHOME=sys.base_prefix,
    )
    out = subprocess.run(
        [str(target / "release" / "game-harness"), "game_bench"], cwd=HERE, env=env, capture_output=True, text=True
    )
    if out.returncode:
        raise SystemExit(out.stderr)
    seconds, total, reached = out.stdout.split()
    return float(seconds), int(total), int(reached)


def main():
    global SIDE
    parser = argparse.ArgumentParser()
    parser.add_argument("--side", type=int, default=SIDE)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    SIDE = args.side
    import grundy

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
