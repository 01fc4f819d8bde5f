# Helpers shared by the bench scripts (sourced, not run): one thread unless THREADS says
# otherwise, a scratch file `$out` removed on exit, `run_grundy` and `median`.

export RAYON_NUM_THREADS=${THREADS:-1}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# CPU seconds (user + system: with one thread the wall time on an idle machine, and robust to
# other load on a shared one) and the SHA-256 of the digits printed by one grundy command
run_grundy() {
  local cpu
  cpu=$( { /usr/bin/time -f '%U %S' "$@" >"$out"; } 2>&1 | tail -n 1)
  printf '%.2f %s\n' "$(echo "$cpu" | awk '{print $1 + $2}')" "$(tr -d '\n' <"$out" | sha256sum | cut -d' ' -f1)"
}

# The median of the numbers on standard input, separated by spaces
median() { tr ' ' '\n' | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
