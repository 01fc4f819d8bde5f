#!/usr/bin/env bash
# Misère quotients of short sequences (issue 30 item 3, issue 32's target: `sequence --play misere
# --len L` for L <= 20 under a second for any code): `grundy sequence --game CODE --play misere
# --len L` over the 511 three-digit octal codes 0.001 … 0.777, CPU seconds (user + system, one
# thread) per code, the median of RUNS runs; then the distribution: the largest, the 99th
# percentile, the median and how many codes took over 0.5 s and over 1 s. With REF=path/to/grundy
# (e.g. a build of main) both binaries run interleaved, code by code and run by run, and the
# ratios ref/new are printed too; `heaps` is the bound each quotient reached ("heaps up to B").
# Not run by CI.
# Usage: [REF=BIN] [RUNS=3] [CODES="0.6 0.16"] scripts/bench-misere.sh [LEN]   (default LEN 20)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-lib.sh

len=${1:-20}
runs=${RUNS:-3}
ref=${REF:-}
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release -q -p grundy-cli
  GRUNDY=${CARGO_TARGET_DIR:-target}/release/grundy
fi
codes=${CODES:-$(for i in $(seq 1 511); do printf '0.%03o\n' "$i"; done)}
table=$(mktemp)
trap 'rm -f "$out" "$table"' EXIT

# CPU seconds of one run (`run_grundy`, its output in $out), and the bound its quotient reached
one() {
  local cpu
  read -r cpu _ < <(run_grundy "$@")
  printf '%s %s\n' "$cpu" "$(head -n 1 "$out" | sed -n 's/.*heaps up to \([0-9]*\).*/\1/p')"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$ref" ]; then
  printf '%-7s %8s %8s %7s %6s %6s\n' code new ref ref/new heaps ref-heaps
else
  printf '%-7s %8s %6s\n' code new heaps
fi
for code in $codes; do
  new_times=() ref_times=() new_heaps='' ref_heaps=''
  for _ in $(seq "$runs"); do
    read -r t h < <(one "$GRUNDY" sequence --game "$code" --play misere --len "$len")
    new_times+=("$t") new_heaps=$h
    if [ -n "$ref" ]; then
      read -r t h < <(one "$ref" sequence --game "$code" --play misere --len "$len")
      ref_times+=("$t") ref_heaps=$h
    fi
  done
  new=$(echo "${new_times[*]}" | median)
  if [ -n "$ref" ]; then
    r=$(echo "${ref_times[*]}" | median)
    ratio=$(awk -v a="$r" -v b="$new" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}')
    printf '%-7s %8.2f %8.2f %7s %6s %6s\n' "$code" "$new" "$r" "$ratio" "$new_heaps" "$ref_heaps" | tee -a "$table"
  else
    printf '%-7s %8.2f %6s\n' "$code" "$new" "$new_heaps" | tee -a "$table"
  fi
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

# the distribution of a column of medians: max, 99th percentile, median, counts over 0.5 s and 1 s
summary() {
  awk -v c="$1" '{print $c}' "$table" | sort -g | awk -v name="$2" -v len="$len" '
    {a[NR] = $1; if ($1 > 0.5) half++; if ($1 > 1) one++}
    END {
      i = int(0.99 * NR); if (i < 0.99 * NR) i++; p99 = a[i]; med = a[int((NR + 1) / 2)]
      printf "%s (--len %s, %d codes): max %.2f s, 99th %.2f s, median %.2f s, over 0.5 s: %d, over 1 s: %d\n",
        name, len, NR, a[NR], p99, med, half + 0, one + 0
    }'
}
summary 2 new
if [ -n "$ref" ]; then
  summary 3 ref
  awk '$5 != $6 {d++} $5 > $6 {f++} END {printf "bounds reached: %d codes differ, %d farther with new\n", d + 0, f + 0}' "$table"
fi
