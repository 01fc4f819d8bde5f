#!/usr/bin/env bash
# The silver dollar game with an even against an odd number of coins (not run by CI). An even
# number of coins is an odd number m of coins in all (the dollar included), which needs two
# carry DPs (Count(N; k) and Count(N+1; k) share one, Count(N+1; k−1) has its own: see
# docs/theory/silver-dollar.md for why they cannot share more) where an odd
# coin count needs one. For each pair (c − 1, c) of coin counts, modulo 10^9+7 on a strip of
# 10^18 squares at c = 10^4 and 10^5, and exactly at the largest coin counts an exact count
# accepts (`n = 10^6, c = 300` and `n = 2000, c = 600`; at 10^4 coins an exact count is refused
# by its work limit), every binary runs RUNS times (default 5), interleaved, one thread each;
# the answers are checked equal across binaries and the medians of the CPU seconds printed
# with the ratio even/odd, and the load average beside each run.
# GRUNDY=/path/to/grundy measures that binary instead of building this tree's;
# GRUNDY_BASE=/path/to/an/older/grundy adds that binary to the same runs ("before").
# Usage: scripts/bench-silver.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${GRUNDY:-}" ]; then
  grundy=$GRUNDY
else
  cargo build --release -q -p grundy-cli
  grundy=${CARGO_TARGET_DIR:-target}/release/grundy
fi
bins=("$grundy")
names=(after)
if [ -n "${GRUNDY_BASE:-}" ]; then
  bins=("$GRUNDY_BASE" "$grundy")
  names=(before after)
fi
runs=${RUNS:-5}
source scripts/bench-lib.sh

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg); threads: $RAYON_NUM_THREADS; runs: $runs"
printf '%-34s %-7s %10s %10s %7s\n' request binary odd_c_s even_c_s ratio
for request in "10^18 10000 10^9+7" "10^18 100000 10^9+7" "10^6 300 exact" "2000 600 exact"; do
  read -r n coins modulus <<<"$request"
  mod=()
  [ "$modulus" = exact ] || mod=(--modulus "$modulus")
  declare -A times=()
  declare -A answers=()
  loads=""
  for _ in $(seq "$runs"); do
    loads="$loads $(cut -d' ' -f1 /proc/loadavg)"
    for b in "${!bins[@]}"; do
      for c in $((coins - 1)) "$coins"; do
        read -r s sha < <(run_grundy "${bins[$b]}" silver-dollar --n "$n" --coins "$c" "${mod[@]}")
        times[$b,$c]="${times[$b,$c]:-} $s"
        if [ -n "${answers[$c]:-}" ] && [ "${answers[$c]}" != "$sha" ]; then
          echo "the binaries disagree on silver-dollar --n $n --coins $c ${mod[*]}" >&2
          exit 1
        fi
        answers[$c]=$sha
      done
    done
  done
  for b in "${!bins[@]}"; do
    odd=$(echo ${times[$b,$((coins - 1))]} | median)
    even=$(echo ${times[$b,$coins]} | median)
    printf '%-34s %-7s %10.3f %10.3f %7.2f\n' "n=$n coins=$((coins - 1))/$coins $modulus" "${names[$b]}" \
      "$odd" "$even" "$(echo "$even $odd" | awk '{print $1 / $2}')"
  done
  echo "  load averages at each run:$loads"
  unset times answers
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
