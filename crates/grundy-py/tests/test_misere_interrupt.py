"""Misère counts stop on Ctrl-C inside the powers in the quotient's algebra.

`heaps(10**18, 10**5, game="0.77", play="misere")` and `divisor_nim(19, 10**6,
play="misere")` ran on for more than 60 s after Ctrl-C, and `coprime_nim(47,
10**6, play="misere")` for 52 s: their exact powers were one uninterruptible
stage. At the default budget they are now refused by estimate at once; with the
budget raised (`misere_work`) they run for about a minute or more, and
KeyboardInterrupt must end them within a small fraction of that.

The signal comes `RUNS_FOR` seconds into the call, which must still be running
then (the calls take 45 s or more), and the call must end within half that. The
library polls its observer about every 10 ms of work inside every product and
the bindings look for signals at most every 20 ms, so even at a quarter of a
core (load 8 on two cores) the stop should take under 0.2 s: the bound is ten
times that, and it grows with the delay if the delay has to grow.
"""

import signal
import sys
import threading
import time

import pytest

import grundy

RAISED = 10**15

CALLS = [
    lambda: grundy.heaps(10**18, 10**5, game="0.77", play="misere", misere_work=RAISED),
    lambda: grundy.divisor_nim(19, 10**6, play="misere", misere_work=RAISED),
    lambda: grundy.coprime_nim(47, 10**6, play="misere", misere_work=RAISED),
]
IDS = ["heaps 0.77", "divisor_nim", "coprime_nim"]

# how long each call must at least run uninterrupted (each takes 45 s or more)
RUNS_FOR = 4.0


def stopped_after(call, delay):
    """Runs `call` on this (the main) thread, raises SIGINT from another thread
    `delay` seconds in, and returns the seconds from the signal to the end of
    the call, which must have ended by KeyboardInterrupt."""
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        signal.raise_signal(signal.SIGINT)

    timer = threading.Timer(delay, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    assert sent, "the call ended before the signal"
    return time.monotonic() - sent[0]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_long_misere_powers_are_refused_at_the_default_budget():
    for call in [
        lambda: grundy.heaps(10**18, 10**5, game="0.77", play="misere"),
        lambda: grundy.divisor_nim(19, 10**6, play="misere"),
        lambda: grundy.coprime_nim(47, 10**6, play="misere"),
    ]:
        with pytest.raises(ValueError, match="misere_work.*modulus|modulus.*misere_work"):
            call()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
@pytest.mark.parametrize("call", CALLS, ids=IDS)
def test_ctrl_c_stops_a_long_misere_power(call):
    # a signal this late still finds the call running (it runs 45 s or more) ...
    waited = stopped_after(call, RUNS_FOR)
    # ... and ends it within half the time it had been running
    assert waited < RUNS_FOR / 2, f"took {waited:.2f} s to stop"
