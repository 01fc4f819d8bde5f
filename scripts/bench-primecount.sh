#!/usr/bin/env bash
# grundy's prime counting and Coprime Nim's sublinear path against the primecount program as a
# yardstick (never a dependency). Not run by CI.
#
# Table 1, one thread each (CPU seconds, peak MiB): L(N, N) mod 10^9+7 by `grundy coprime-nim`,
# grundy's π(N) by its default method (Gourdon's) and by `--method lmo` (the prime counting of
# coprime-nim), and primecount's π(N) (`-t1`, its default algorithm, Gourdon's); the two π are
# checked equal (the script stops if not). Ratios: π/pc (time), mem/pc (peak memory), L/pc (L's
# time over primecount's π).
# Table 2, threads 1 and 2 (wall seconds, so only meaningful on an otherwise idle machine: the
# load average is printed): grundy's π, L(N, N) and primecount's π, and the speed-up of two
# threads over one.
# RUNS=R (default 1): table 1 runs L, grundy's π, its LMO and primecount R times each, interleaved
# (L, π, LMO, primecount, then again), and prints the medians, then a line with each run's L/pc
# and the load average before and after that N's runs.
# Usage: [RUNS=R] scripts/bench-primecount.sh [N ...]   (default 1e14 1e15 1e16)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v primecount >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq primecount >/dev/null
fi
cargo build --release -q -p grundy-cli
grundy=${CARGO_TARGET_DIR:-target}/release/grundy

# CPU seconds (user + system: with one thread the wall time on an idle machine, and robust to
# other load on a shared one), wall seconds, peak KiB and the first line printed, of one command
measure() {
  local log out
  log=$(mktemp)
  out=$(mktemp)
  /usr/bin/time -v "$@" >"$out" 2>"$log"
  awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} /Maximum resident set size/ {k = $2}
    /Elapsed \(wall clock\)/ {n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i]}
    END {printf "%.2f %.2f %d ", u + s, w, k}' "$log"
  head -n 1 "$out"
  rm -f "$log" "$out"
}

# the default list as separate words ("${@:-a b}" would be the one word "a b")
if [ "$#" -eq 0 ]; then
  set -- 1e14 1e15 1e16
fi
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "one thread each: CPU seconds, peak MiB"
printf '%-6s %8s %7s %8s %7s %8s %8s %7s %7s %7s %7s %7s\n' \
  N 'L s' 'L MiB' 'pi s' 'pi MiB' 'lmo s' 'pc s' 'pc MiB' 'pi/pc' 'mem/pc' 'L/pc' 'L/lucy'
export RAYON_NUM_THREADS=1
runs=${RUNS:-1}
for e in "$@"; do
  n=$(python3 -c "print(int(float('$e')))")
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  ls=() pis=() lmos=() pcs=()
  for ((r = 0; r < runs; r++)); do
    read -r l_s _ l_kib _ < <(measure "$grundy" coprime-nim --n "$n" --piles "$n" --modulus 10^9+7)
    read -r pi_s _ pi_kib pi < <(measure "$grundy" prime-pi --n "$n")
    read -r lmo_s _ _ lmo < <(measure "$grundy" prime-pi --n "$n" --method lmo)
    read -r pc_s _ pc_kib pc < <(measure primecount "$n" -t1)
    if [ "$pi" != "$pc" ] || [ "$lmo" != "$pc" ]; then
      echo "pi($n): grundy $pi (lmo $lmo), primecount $pc: not equal" >&2
      exit 1
    fi
    ls+=("$l_s") pis+=("$pi_s") lmos+=("$lmo_s") pcs+=("$pc_s")
  done
  load_after=$(cut -d' ' -f1 /proc/loadavg)
  lucy="-"
  if [ "$n" -le 10000000000000 ]; then
    read -r lucy_s _ _ _ < <(measure "$grundy" prime-pi --n "$n" --method lucy)
    lucy=$(python3 -c "print(f'{${ls[0]} / max($lucy_s, 0.01):.2f}')")
  fi
  python3 - "$e" "$l_kib" "$pi_kib" "$pc_kib" "$lucy" "$load_before" "$load_after" \
    "${ls[*]}" "${pis[*]}" "${lmos[*]}" "${pcs[*]}" <<'PY'
import statistics
import sys
e, lk, pik, pck = sys.argv[1], *map(float, sys.argv[2:5])
lucy, load_before, load_after = sys.argv[5:8]
ls, pis, lmos, pcs = ([float(x) for x in a.split()] for a in sys.argv[8:12])
med = statistics.median
l, pi, lmo, pc = med(ls), med(pis), med(lmos), max(med(pcs), 0.01)
mib = lambda k: k / 1024
print(f"{e:<6} {l:8.2f} {mib(lk):7.0f} {pi:8.2f} {mib(pik):7.1f} {lmo:8.2f} {pc:8.2f} {mib(pck):7.1f}"
      f" {pi / pc:7.2f} {pik / pck:7.2f} {l / pc:7.2f} {lucy:>7}")
if len(ls) > 1:
    each = " ".join(f"{a / max(b, 0.01):.2f}" for a, b in zip(ls, pcs))
    print(f"       {len(ls)} runs, medians above; L/pc each run: {each}; load {load_before} -> {load_after}")
PY
done

echo "threads 1 and 2: wall seconds"
printf '%-6s %8s %8s %6s %8s %8s %6s %8s %8s %6s\n' N 'pi t1' 'pi t2' 'x' 'L t1' 'L t2' 'x' 'pc t1' 'pc t2' 'x'
for e in "$@"; do
  n=$(python3 -c "print(int(float('$e')))")
  row=("$e")
  for what in pi L pc; do
    for t in 1 2; do
      case $what in
        pi) read -r _ w _ _ < <(RAYON_NUM_THREADS=$t measure "$grundy" prime-pi --n "$n") ;;
        L) read -r _ w _ _ < <(RAYON_NUM_THREADS=$t measure "$grundy" coprime-nim --n "$n" --piles "$n" --modulus 10^9+7) ;;
        pc) read -r _ w _ _ < <(measure primecount "$n" -t"$t") ;;
      esac
      row+=("$w")
    done
  done
  python3 - "${row[@]}" <<'PY'
import sys
e, *w = sys.argv[1], *map(float, sys.argv[2:])
cells = []
for i in range(0, 6, 2):
    cells += [f"{w[i]:8.2f}", f"{w[i + 1]:8.2f}", f"{w[i] / max(w[i + 1], 0.01):6.2f}"]
print(f"{e:<6} " + " ".join(cells))
PY
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
