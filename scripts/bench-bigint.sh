#!/usr/bin/env bash
# Exact answers of millions of digits against GMP as a yardstick (never a dependency; not run
# by CI). For each request, `grundy` (release build, the whole command: histogram, powers,
# sum, shift, decimal output) and scripts/bench_bigint.py, the same arithmetic with gmpy2
# (the same K-th powers of the same transform values, the total N^K, the sum, the shift and
# the decimal conversion), run interleaved RUNS times (default 3); the two answers are checked
# equal (SHA-256 of the digits), and the medians of their CPU seconds and their ratio printed,
# with the load average beside each run. One thread each by default (THREADS=2 lets grundy use two).
# GRUNDY_BASE=/path/to/an/older/grundy adds that binary to the same runs ("before");
# GRUNDY=/path/to/grundy measures that binary instead of building this tree's.
# gmpy2 comes from PyPI into a scratch virtual environment (target/bench-gmpy2) if missing.
# Usage: scripts/bench-bigint.sh
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/bench-gmpy2
if ! "$venv/bin/python" -c 'import gmpy2' >/dev/null 2>&1; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check gmpy2
fi
if [ -n "${GRUNDY:-}" ]; then
  grundy=$GRUNDY
else
  cargo build --release -q -p grundy-cli
  grundy=${CARGO_TARGET_DIR:-target}/release/grundy
fi
base=${GRUNDY_BASE:-}
runs=${RUNS:-3}
source scripts/bench-lib.sh

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg); threads: $RAYON_NUM_THREADS; runs: $runs"
summary=()
for request in "heaps-0.77 1000000 1000000" "coprime-nim 10000 1000000"; do
  read -r game n k <<<"$request"
  case $game in
    heaps-0.77) cli=(heaps --game 0.77 --n "$n" --piles "$k") ;;
    coprime-nim) cli=(coprime-nim --n "$n" --piles "$k") ;;
  esac
  echo "== grundy ${cli[*]}"
  printf '%4s %6s %9s %9s %9s %7s\n' run load grundy_s gmpy2_s before_s ratio
  g_all="" p_all="" b_all=""
  for r in $(seq "$runs"); do
    load=$(cut -d' ' -f1 /proc/loadavg)
    read -r g_s g_sha < <(run_grundy "$grundy" "${cli[@]}")
    read -r p_s _ terms digits p_sha _ < <("$venv/bin/python" scripts/bench_bigint.py "$game" "$n" "$k")
    if [ "$g_sha" != "$p_sha" ]; then
      echo "grundy and gmpy2 disagree on ${cli[*]} ($g_sha against $p_sha)" >&2
      exit 1
    fi
    b_s="-"
    if [ -n "$base" ]; then
      read -r b_s b_sha < <(run_grundy "$base" "${cli[@]}")
      [ "$b_sha" = "$g_sha" ] || { echo "the base binary disagrees on ${cli[*]}" >&2; exit 1; }
      b_all="$b_all $b_s"
    fi
    g_all="$g_all $g_s" p_all="$p_all $p_s"
    printf '%4s %6s %9s %9s %9s %7.2f\n' "$r" "$load" "$g_s" "$p_s" "$b_s" "$(echo "$g_s / $p_s" | bc -l)"
  done
  g_med=$(echo $g_all | median) p_med=$(echo $p_all | median)
  b_med="-" b_ratio="-"
  if [ -n "$base" ]; then
    b_med=$(echo $b_all | median)
    b_ratio=$(printf '%.2f' "$(echo "$b_med / $p_med" | bc -l)")
  fi
  summary+=("$(printf '%-40s %7s %6s %9s %9s %9s %7.2f %11s' "${cli[*]}" "$digits" "$terms" "$g_med" "$p_med" "$b_med" \
    "$(echo "$g_med / $p_med" | bc -l)" "$b_ratio")")
done
echo "== medians (CPU seconds; ratio = grundy / gmpy2; load average now $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-40s %7s %6s %9s %9s %9s %7s %11s\n' request digits powers grundy gmpy2 before ratio before/gmp
printf '%s\n' "${summary[@]}"
