"""The arithmetic of two exact grundy requests, done by GMP (gmpy2): the yardstick
of scripts/bench-bigint.sh.

For ordered K-tuples of one component whose nim-values over its positions have
the histogram h (values below 2^B), grundy counts the losing positions as
    L = 2^-B * sum_s W(s)^K,   W(s) = sum_v (-1)^popcount(v & s) h[v],
one K-th power per distinct transform value (equal values merged, times their
multiplicity), their sum, the exact shift by B, and the decimal conversion of L;
and it raises the number of positions to the K-th power for the total (the
answer's other half, computed by `grundy` for either outcome). This script does
the same operations with gmpy2 and prints the CPU seconds they took and the
decimal digits' SHA-256, which the bench script compares with grundy's answer.

Usage: python bench_bigint.py heaps-0.77 N K | coprime-nim N K
"""
import hashlib
import sys
import time
from collections import Counter

import gmpy2
from gmpy2 import mpz


def kayles(n):
    """Nim-values of Kayles (0.77) at heaps 0..n: computed by the mex rule up to
    a certified length (Guy and Smith: a period p seen from n0 on up to
    2*n0 + p + 2 holds forever), then extended by the period 12."""
    direct = 200
    g = [0] * (direct + 1)
    for m in range(1, direct + 1):
        seen = set()
        for take in (1, 2):
            rest = m - take
            if rest < 0:
                continue
            for a in range(rest // 2 + 1):
                seen.add(g[a] ^ g[rest - a])
        x = 0
        while x in seen:
            x += 1
        g[m] = x
    n0, p = 72, 12
    assert all(g[m + p] == g[m] for m in range(n0, 2 * n0 + p + 2)), "Kayles period"
    return [g[m] if m <= direct else g[n0 + (m - n0) % p] for m in range(n + 1)]


def coprime_nim(n):
    """Nim-values of Coprime Nim at piles 0..n-1: 0 for even piles, 1 for the
    pile 1, the prime index of the smallest prime factor for odd piles > 1."""
    x = n - 1
    spf = list(range(x + 1))
    for q in range(2, int(x**0.5) + 1):
        if spf[q] == q:
            for m in range(q * q, x + 1, q):
                if spf[m] == m:
                    spf[m] = q
    index, count = {}, 0
    for q in range(2, x + 1):
        if spf[q] == q:
            count += 1
            index[q] = count
    return [0, 1] + [0 if m % 2 == 0 else index[spf[m]] for m in range(2, x + 1)]


def terms(values):
    """(transform value, multiplicity) of the histogram of `values` and its bits B."""
    hist = Counter(values)
    bits = max(hist).bit_length()
    w = [hist.get(v, 0) for v in range(1 << bits)]
    h = 1
    while h < len(w):  # Walsh-Hadamard transform
        for i in range(0, len(w), 2 * h):
            for j in range(i, i + h):
                w[j], w[j + h] = w[j] + w[j + h], w[j] - w[j + h]
        h *= 2
    return Counter(w), bits


def main():
    request, n, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if request == "heaps-0.77":
        values, positions = kayles(n)[1:], n
    elif request == "coprime-nim":
        values, positions = coprime_nim(n)[1:], n - 1
    else:
        raise SystemExit(f"unknown request {request}")
    spectrum, bits = terms(values)
    start = time.process_time()
    total = mpz(positions) ** k
    losing = sum(m * mpz(v) ** k for v, m in spectrum.items())
    assert losing % (1 << bits) == 0
    losing >>= bits
    arithmetic = time.process_time() - start
    digits = losing.digits()
    seconds = time.process_time() - start
    assert total >= losing
    sha = hashlib.sha256(digits.encode()).hexdigest()
    print(f"{seconds:.3f} {arithmetic:.3f} {len(spectrum)} {len(digits)} {sha} gmp {gmpy2.mp_version()}")


main()
