#!/usr/bin/env bash
# Raw octal-game nim-values against ogsolve (rare/common solver RC2, the best
# public one) as a yardstick, never a dependency: one thread each, identical
# values (the last nim-value and the share of losing heaps must agree).
# ogsolve is installed with cargo into a scratch folder when missing; codes it
# does not read (`!`, hexadecimal digits: Grundy's game 4!.0) get grundy's
# time alone.
# Not run by CI. Usage:
#   scripts/bench-octal.sh [--runs R] [--budget S] [N [CODE ...]]
#   (default: 10^6 values of 0.77 0.07 0.137 0.16 0.106 0.6 0.14, 5 runs)
#   CODE `all3` stands for the 511 codes 0.d1d2d3 (d1d2d3 from 001 to 777).
#   Each of R rounds runs every code once by each program, interleaved
#   (grundy, ogsolve, next code), each in a process of its own; the time is
#   that process's CPU time (user + system, from the kernel's accounting),
#   not the wall clock, so that other work on the machine costs less noise.
#   Printed: the median CPU seconds of each with the spread (min-max), the
#   ratio ogsolve / grundy of the medians and its spread (worst-best pairing
#   of the extremes), and whether the values agree in every run. A code
#   whose ogsolve run passes S CPU seconds (default 60) is stopped there and
#   not run again: its ratio is a lower bound, marked `>=` (codes where
#   ogsolve needs minutes are far ahead and only sampled). A code whose
#   grundy run passes S is stopped and reported without a ratio.
#   GRUNDY_OCTAL_BIN=path runs that octal_raw binary instead of building one
#   (a build of another commit, for before/after tables).
#   --threads T (T > 1): grundy on one thread and on T, back to back, with the
#   ratio and the values of the two compared; ogsolve is not run.
set -euo pipefail
cd "$(dirname "$0")/.."

threads=1
runs=5
budget=60
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --budget) budget=$2; shift 2 ;;
    *) break ;;
  esac
done
n=${1:-1000000}
shift || true
codes=("${@:-0.77 0.07 0.137 0.16 0.106 0.6 0.14}")
read -r -a codes <<<"${codes[*]}"

bench() { # grundy's line per code: code heaps seconds g(N) losing%
  cargo bench -q --bench octal_raw -- --threads "$1" "$n" "${codes[@]}" | tail -n +2
}
load() { cut -d' ' -f1-3 /proc/loadavg; }

if [ "$threads" != 1 ]; then
  echo "load average before: $(load)"
  one=$(bench 1)
  many=$(bench "$threads")
  echo "load average after: $(load)"
  printf '%-8s %9s %10s %10s %8s  %s\n' code heaps '1 thread s' "$threads threads s" ratio values
  paste -d' ' <(echo "$one") <(echo "$many") | while read -r code heaps s1 g1 l1 _ _ sk gk lk; do
    same=$([ "$g1 $l1" = "$gk $lk" ] && echo same || echo "DIFFER ($gk, $lk%)")
    awk -v c="$code" -v h="$heaps" -v a="$s1" -v b="$sk" -v s="$same" \
      'BEGIN { printf "%-8s %9s %10.3f %10.3f %7.2fx  %s\n", c, h, a, b, a / (b > 1e-6 ? b : 1e-6), s }'
  done
  exit 0
fi

yard=${OGSOLVE_ROOT:-target/yardsticks/ogsolve}
if [ ! -x "$yard/bin/ogsolve" ]; then
  cargo install -q --root "$yard" ogsolve
fi
ours=${GRUNDY_OCTAL_BIN:-$(cargo bench --bench octal_raw --no-run 2>&1 | sed -n 's/.*Executable.*(\(.*\)).*/\1/p' | tail -n 1)}
exec python3 scripts/bench_octal.py "$ours" "$yard/bin/ogsolve" "$n" "$runs" "$budget" "${codes[@]}"
