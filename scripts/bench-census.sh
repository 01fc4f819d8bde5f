#!/usr/bin/env bash
# Census scaling (issue 20's targets), wall seconds on this machine:
#   grundy census --jobs 1 against --jobs 2 (target: 2 jobs at least 1.8x one),
#   and grundy.census on a Dask LocalCluster of P worker processes (one thread
#   each) against --jobs P (target: within 15 %).
# The same codes and limits everywhere; the records are checked equal (status,
# preperiod, period, computed) between every run. Not run by CI; needs the
# wheel's virtual environment with dask (scripts/test-wheel.sh makes .venv-wheel).
# Usage: scripts/bench-census.sh [DIGITS [MAX_LEN [P]]]   (default 2 65536 2)
set -euo pipefail
cd "$(dirname "$0")/.."

digits=${1:-2}
max_len=${2:-65536}
procs=${3:-2}
cargo build --release -q -p grundy-cli
grundy=${CARGO_TARGET_DIR:-target}/release/grundy
python=${PYTHON:-.venv-wheel/bin/python}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run_jobs() { # jobs -> seconds; records in $tmp/jobs$1.json
  local start end
  start=$(date +%s.%N)
  "$grundy" census --digits "$digits" --max-len "$max_len" --jobs "$1" --json >"$tmp/jobs$1.json"
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.2f}')"
}

one=$(run_jobs 1)
two=$(run_jobs 2)
many=$two
if [ "$procs" != 2 ]; then many=$(run_jobs "$procs"); fi
# the Dask run from a file: worker processes re-import the main module
cat >"$tmp/dask_census.py" <<'PY'
import json, sys, time
import grundy
from distributed import Client, LocalCluster

if __name__ == "__main__":
    digits, max_len, procs, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    codes = grundy.census_codes(digits)
    with LocalCluster(n_workers=procs, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        client.wait_for_workers(procs)
        start = time.perf_counter()
        records = grundy.census(codes, max_len=max_len, executor=client)
        seconds = time.perf_counter() - start
    with open(out, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    print(f"{seconds:.2f}")
PY
dask=$("$python" "$tmp/dask_census.py" "$digits" "$max_len" "$procs" "$tmp/dask.json" 2>"$tmp/dask.log" | tail -1)
python3 - "$tmp" "$procs" <<'PY'
import json, sys
tmp, procs = sys.argv[1], sys.argv[2]
def load(name):
    rows = [json.loads(l) for l in open(f"{tmp}/{name}.json")]
    return {r["code"]: (r["status"], r.get("preperiod"), r.get("period"), r.get("computed")) for r in rows}
base = load("jobs1")
for name in ["jobs2", f"jobs{procs}", "dask"]:
    other = load(name)
    if other != base:
        bad = [c for c in base if base[c] != other.get(c)][:5]
        sys.exit(f"records differ between jobs1 and {name}: {bad}")
print(f"{len(base)} codes, records identical in every run")
PY
printf '%-28s %9s\n' run seconds
printf '%-28s %9s\n' "--jobs 1" "$one" "--jobs 2" "$two"
[ "$procs" != 2 ] && printf '%-28s %9s\n' "--jobs $procs" "$many"
printf '%-28s %9s\n' "Dask LocalCluster, $procs procs" "$dask"
python3 -c "print(f'scaling 2 jobs / 1 job: {$one / $two:.2f}x; Dask / --jobs $procs: {$dask / $many:.2f}')"
