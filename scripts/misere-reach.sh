#!/bin/bash
# The reach of a misère quotient at a budget (issue 32 item 4): per code the largest heap adjoined
# (misere_len), the order, the steps and the CPU seconds and peak memory of
# `grundy sequence --play misere --misere-work WORK`. Usage: scripts/misere-reach.sh BIN WORK CODE...
BIN=$1; W=$2; shift 2
for code in "$@"; do
  /usr/bin/time -o /tmp/reach.$$ -f "%U %S %M" $BIN sequence --play misere --game $code --misere-work $W --json > /tmp/reach.$$.json 2>/dev/null
  python3 -c "
import json,sys
d=json.load(open(sys.argv[1])); u,s,m=open(sys.argv[2]).read().split()
print(sys.argv[3], 'heap', d['misere_len'], 'order', d['order'], 'work', d['work'], 'cpu %.2f s' % (float(u)+float(s)), 'rss %d MB' % (int(m)//1024))" /tmp/reach.$$.json /tmp/reach.$$ $code
done
rm -f /tmp/reach.$$ /tmp/reach.$$.json
