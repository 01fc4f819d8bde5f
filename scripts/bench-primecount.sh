#!/usr/bin/env bash
# Coprime Nim's sublinear path against the primecount program as a yardstick
# (never a dependency): one thread each, L(N, N) mod 10^9+7 by `grundy
# coprime-nim` over π(N) by `primecount`, and grundy's own π(N) (the prime
# counting alone, so the rest of L(N, N) is the XOR transform).
# Not run by CI. Usage: scripts/bench-primecount.sh [N ...]   (default 1e12 1e13 1e14 1e15)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v primecount >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq primecount >/dev/null
fi
cargo build --release -q -p grundy-cli
grundy=${CARGO_TARGET_DIR:-target}/release/grundy
export RAYON_NUM_THREADS=1

# CPU seconds (user + system: with one thread the wall time on an idle machine,
# and robust to other load on a shared one) and peak KiB of one command
measure() {
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" >/dev/null 2>"$log"
  awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} /Maximum resident set size/ {k = $2}
    END {printf "%.2f %d\n", u + s, k}' "$log"
  rm -f "$log"
}

printf '%-6s %10s %9s %10s %9s %10s %8s %8s %8s\n' N 'L(N,N) s' 'L MiB' 'grundy pi' 'XOR part' primecount 'L/pc' 'pi/pc' 'L/lucy'
# the default list as separate words ("${@:-a b}" would be the one word "a b")
if [ "$#" -eq 0 ]; then
  set -- 1e12 1e13 1e14 1e15
fi
for e in "$@"; do
  n=$(python3 -c "print(int(float('$e')))")
  read -r l_s l_kib < <(measure "$grundy" coprime-nim --n "$n" --piles "$n" --modulus 10^9+7)
  read -r pi_s _ < <(measure "$grundy" prime-pi --n "$n")
  read -r pc_s _ < <(measure primecount "$n" -t1)
  lucy="-"
  if [ "$n" -le 10000000000000 ]; then
    read -r lucy_s _ < <(measure "$grundy" prime-pi --n "$n" --method lucy)
    lucy=$(python3 -c "print(f'{$l_s / max($lucy_s, 0.01):.2f}')")
  fi
  python3 - "$e" "$l_s" "$l_kib" "$pi_s" "$pc_s" "$lucy" <<'PY'
import sys
e, l, kib, pi, pc, lucy = sys.argv[1], *map(float, sys.argv[2:6]), sys.argv[6]
pc = max(pc, 0.01)
print(f"{e:<6} {l:10.2f} {kib / 1024:9.0f} {pi:10.2f} {max(l - pi, 0):9.2f} {pc:10.2f} {l / pc:8.1f} {pi / pc:8.1f} {lucy:>8}")
PY
done
