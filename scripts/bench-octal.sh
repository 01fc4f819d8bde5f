#!/usr/bin/env bash
# Raw octal-game nim-values against ogsolve (rare/common solver RC2, the best
# public one) as a yardstick, never a dependency: one thread each, identical
# values (the last nim-value and the share of losing heaps must agree).
# ogsolve is installed with cargo into a scratch folder when missing; codes it
# does not read (`!`, hexadecimal digits: Grundy's game 4!.0) get grundy's
# time alone.
# Not run by CI. Usage: scripts/bench-octal.sh [--threads T] [N [CODE ...]]
#   (default: 10^6 values of 0.77 0.07 0.137 0.16 0.106 0.6 0.14, one thread)
#   --threads T (T > 1): grundy on one thread and on T, back to back, with the
#   ratio and the values of the two compared; ogsolve is not run.
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
ours=$(bench 1)

echo "one thread each; load average: $(load)"
printf '%-8s %9s %10s %10s %8s  %s\n' code heaps 'grundy s' 'ogsolve s' ratio values
while read -r code heaps secs g losing; do
  theirs=$("$yard/bin/ogsolve" -m rc2 -n "$n" "$code" 2>&1 || true)
  python3 - "$code" "$heaps" "$secs" "$g" "$losing" "$theirs" <<'PY'
import re, sys
code, heaps, secs, g, losing, theirs = sys.argv[1:]
unit = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}
t = re.search(r"calculation time: ([0-9.]+)(\S+)", theirs)
if t is None:
    print(f"{code:<8} {heaps:>9} {float(secs):10.3f} {'-':>10} {'-':>8}  (ogsolve does not read {code}; g(N) = {g})")
    sys.exit()
t = float(t.group(1)) * unit[t.group(2)]
their_g = re.search(r"nimber of \d+: (\d+)", theirs).group(1)
their_losing = re.search(r"losing positions: ([0-9.]+)%", theirs).group(1)
same = "same" if (g, f"{float(losing):.2f}") == (their_g, f"{float(their_losing):.2f}") else f"DIFFER ({their_g}, {their_losing}%)"
print(f"{code:<8} {heaps:>9} {float(secs):10.3f} {t:10.3f} {t / max(float(secs), 1e-6):7.1f}x  {same}")
PY
done <<<"$ours"
