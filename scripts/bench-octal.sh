#!/usr/bin/env bash
# Raw octal-game nim-values against ogsolve (rare/common solver RC2, the best
# public one) as a yardstick, never a dependency: one thread each, identical
# values (the last nim-value and the share of losing heaps must agree).
# ogsolve is installed with cargo into a scratch folder when missing.
# Not run by CI. Usage: scripts/bench-octal.sh [--threads T] [N [CODE ...]]
#   (default: 10^6 values of 0.77 0.07 0.137 0.16 0.106 0.6 0.14, one thread;
#   --threads T gives grundy T threads, ogsolve keeps one: with T = 1 and 2
#   the two grundy columns are the thread scaling of the same values)
set -euo pipefail
cd "$(dirname "$0")/.."

threads=1
if [ "${1:-}" = --threads ]; then
  threads=$2
  shift 2
fi
n=${1:-1000000}
shift || true
codes=("${@:-0.77 0.07 0.137 0.16 0.106 0.6 0.14}")
read -r -a codes <<<"${codes[*]}"

yard=${OGSOLVE_ROOT:-target/yardsticks/ogsolve}
if [ ! -x "$yard/bin/ogsolve" ]; then
  cargo install -q --root "$yard" ogsolve
fi
ours=$(cargo bench -q --bench octal_raw -- --threads "$threads" "$n" "${codes[@]}" | tail -n +2)

echo "grundy on $threads thread(s), ogsolve on one; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %9s %10s %10s %8s  %s\n' code heaps 'grundy s' 'ogsolve s' ratio values
while read -r code heaps secs g losing; do
  theirs=$("$yard/bin/ogsolve" -m rc2 -n "$n" "$code")
  python3 - "$code" "$heaps" "$secs" "$g" "$losing" "$theirs" <<'PY'
import re, sys
code, heaps, secs, g, losing, theirs = sys.argv[1:]
unit = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}
t = re.search(r"calculation time: ([0-9.]+)(\S+)", theirs)
t = float(t.group(1)) * unit[t.group(2)]
their_g = re.search(r"nimber of \d+: (\d+)", theirs).group(1)
their_losing = re.search(r"losing positions: ([0-9.]+)%", theirs).group(1)
same = "same" if (g, f"{float(losing):.2f}") == (their_g, f"{float(their_losing):.2f}") else f"DIFFER ({their_g}, {their_losing}%)"
print(f"{code:<8} {heaps:>9} {float(secs):10.3f} {t:10.3f} {t / max(float(secs), 1e-6):7.1f}x  {same}")
PY
done <<<"$ours"
