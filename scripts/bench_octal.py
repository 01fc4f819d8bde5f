"""Interleaved CPU-time runs of grundy's octal_raw bench and ogsolve RC2.

Called by scripts/bench-octal.sh (see there for the options):
    bench_octal.py GRUNDY_BIN OGSOLVE_BIN N RUNS BUDGET CODE...

Every run is a process of its own; its CPU time (user + system) is read
from the kernel's accounting of the child (os.wait4), which other work on
the machine disturbs far less than the wall clock. Rounds are interleaved:
round r runs, for every code in turn, grundy and then ogsolve, so that a
change of load spreads over both. Each ogsolve run is capped at BUDGET CPU
seconds (RLIMIT_CPU); a code that passes it is not run by ogsolve again and
its ratio is a lower bound. A grundy run past BUDGET is stopped too, and
the code is reported without a ratio (raise the budget to compare it).
"""

import os
import re
import resource
import statistics
import subprocess
import sys


def all3():
    """The 511 codes 0.d1d2d3, d1d2d3 from 001 to 777."""
    return [f"0.{a}{b}{c}" for a in range(8) for b in range(8) for c in range(8) if (a, b, c) != (0, 0, 0)]


def timed(cmd, cpu_cap=None):
    """(stdout, CPU seconds, exit code: negative for a signal) of one run of `cmd`."""

    def cap():
        if cpu_cap is not None:
            limit = max(1, int(cpu_cap + 0.999))
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, preexec_fn=cap, text=True
    )
    out = proc.stdout.read()
    proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return out, usage.ru_utime + usage.ru_stime, proc.returncode


def grundy_run(binary, n, code, budget):
    out, cpu, status = timed([binary, "--bench", n, code], cpu_cap=budget)
    if status < 0:
        return cpu, None  # stopped at the budget (SIGXCPU)
    line = out.strip().splitlines()[-1].split() if status == 0 else []
    if len(line) != 5 or line[0] != code:
        sys.exit(f"grundy failed on {code}: {out.strip()}")
    return cpu, (line[3], f"{float(line[4]):.2f}")


def ogsolve_run(binary, n, code, budget):
    out, cpu, status = timed([binary, "-m", "rc2", "-n", n, code], cpu_cap=budget)
    if "calculation time" not in out:
        if status < 0:
            return cpu, None, True  # stopped at the budget (SIGXCPU)
        return None, None, False  # a code ogsolve does not read
    g = re.search(r"nimber of \d+: (\d+)", out).group(1)
    losing = re.search(r"losing positions: ([0-9.]+)%", out).group(1)
    return cpu, (g, f"{float(losing):.2f}"), False


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def row(code, mine, yard, capped, unread, slow, differ):
    """The table's line of `code`."""
    a = mine[code]
    ours_text = f"{statistics.median(a):.3f} ({min(a):.3f}-{max(a):.3f})"
    if code in slow:
        return f"{code:<8} {'>= ' + format(a[0], '.1f') + ' (stopped)':>26}  (grundy passed the budget: not compared)"
    if code in unread:
        return f"{code:<8} {ours_text:>26} {'-':>26} {'-':>8} {'':>14}  (ogsolve does not read it)"
    b = yard[code]
    if code in capped:
        text = f">= {b[0]:.1f} (stopped)"
        return f"{code:<8} {ours_text:>26} {text:>26} {'>=' + format(b[0] / max(max(a), 1e-6), '.1f'):>7}x {'':>14}  capped"
    same = "same" if code not in differ else "DIFFER (grundy {}, ogsolve {})".format(*differ[code])
    ratio = statistics.median(b) / max(statistics.median(a), 1e-6)
    theirs_text = f"{statistics.median(b):.3f} ({min(b):.3f}-{max(b):.3f})"
    spread = f"{min(b) / max(max(a), 1e-6):.2f}-{max(b) / max(min(a), 1e-6):.2f}"
    return f"{code:<8} {ours_text:>26} {theirs_text:>26} {ratio:7.2f}x {spread:>14}  {same}"


def main():
    ours, theirs, n, runs, budget, *codes = sys.argv[1:]
    runs, budget = int(runs), float(budget)
    codes = [c for code in codes for c in (all3() if code == "all3" else [code])]
    mine = {c: [] for c in codes}
    yard = {c: [] for c in codes}
    capped, unread, slow, differ = set(), set(), set(), {}
    print(f"{n} values, {runs} interleaved runs, CPU seconds (user + system) of each process;")
    print(f"ogsolve capped at {budget:g} CPU s a run; load average before: {load()}", flush=True)
    head = ("code", "grundy s (min-max)", "ogsolve s (min-max)", "ratio", "(spread)", "values")
    print(f"{head[0]:<8} {head[1]:>26} {head[2]:>26} {head[3]:>8} {head[4]:>14}  {head[5]}", flush=True)
    for round in range(runs):
        for code in codes:
            if code in slow:
                continue
            cpu, values = grundy_run(ours, n, code, budget)
            mine[code].append(cpu)
            if values is None:
                slow.add(code)
                print(row(code, mine, yard, capped, unread, slow, differ), flush=True)
                continue
            if code not in capped and code not in unread:
                cpu, their_values, stopped = ogsolve_run(theirs, n, code, budget)
                if cpu is None:
                    unread.add(code)
                elif stopped:
                    capped.add(code)
                    yard[code] = [cpu]
                else:
                    yard[code].append(cpu)
                    if their_values != values:
                        differ[code] = (values, their_values)
            if round == runs - 1:
                print(row(code, mine, yard, capped, unread, slow, differ), flush=True)
    print(f"load average after: {load()}")
    if differ:
        sys.exit(f"values differ on {len(differ)} codes: {' '.join(differ)}")


if __name__ == "__main__":
    main()
