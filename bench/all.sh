#!/bin/bash
# usage: all.sh BIN OUTDIR [codes...] -- sequence --play misere --len 20 --json over all three-digit codes and 4!.0;
# OUTDIR/times: code and CPU seconds (user+sys); OUTDIR/CODE.json the output, CODE.err stderr and the exit status
BIN=$1; OUT=$2; shift 2; mkdir -p "$OUT"
codes="$*"
if [ -z "$codes" ]; then
  for a in 0 1 2 3 4 5 6 7; do for b in 0 1 2 3 4 5 6 7; do for c in 0 1 2 3 4 5 6 7; do
    [ $a$b$c = 000 ] || codes="$codes 0.$a$b$c"; done; done; done
  codes="$codes 4!.0"
fi
: > "$OUT/times"
for code in $codes; do
  /usr/bin/time -o "$OUT/time.tmp" -f "%U %S" "$BIN" sequence --play misere --game "$code" --len 20 --json > "$OUT/$code.json" 2> "$OUT/$code.err"
  echo "exit $?" >> "$OUT/$code.err"
  echo "$code $(awk '{print $1+$2}' "$OUT/time.tmp")" >> "$OUT/times"
done
