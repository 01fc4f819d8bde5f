"""The package as a user meets it: version, docstrings, type stubs that agree with
the functions, the README's examples, the speed of a small call."""

import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import grundy
from conftest import ROOT

PACKAGE = ROOT / "crates" / "grundy-py"
STUBS = PACKAGE / "python" / "grundy" / "__init__.pyi"
FUNCTIONS = [
    "board",
    "divisor_nim",
    "coprime_nim",
    "silver_dollar",
    "heaps",
    "count",
    "sequence",
    "misere_quotient",
    "prime_pi",
    "census",
    "census_iter",
    "census_codes",
    "canonical_code",
    "records_frame",
]
#: the classes made with arguments (their stubs' __init__ is the constructor)
MADE = ["HeapGame", "Game", "Heaps", "Board", "DivisorPile", "CoprimePile", "Values", "Sum"]
CLASSES = MADE + ["Copies", "Sequence", "MisereQuotient", "TooLargeError", "NotCertifiedError", "CensusValuesNote"]


def test_version_is_the_crates():
    cargo = (ROOT / "Cargo.toml").read_text()
    assert grundy.__version__ == re.search(r'^version = "([^"]+)"', cargo, re.M).group(1)


def test_everything_public_is_documented():
    assert sorted(grundy.__all__) == sorted(FUNCTIONS + CLASSES + ["__version__"])
    assert grundy.__doc__ and "KeyboardInterrupt" in grundy.__doc__
    for name in FUNCTIONS + CLASSES:
        doc = getattr(grundy, name).__doc__
        assert doc and len(doc) > 40, name
    for prop in ["values", "preperiod", "period", "saltus", "certified", "computed", "stopped", "game"]:
        assert getattr(grundy.Sequence, prop).__doc__, prop
    for prop in ["name", "options"]:
        assert getattr(grundy.HeapGame, prop).__doc__, prop


@pytest.mark.parametrize("name", ["__init__"] + FUNCTIONS + CLASSES)
def test_the_docstring_examples_hold(name):
    import doctest

    obj = grundy if name == "__init__" else getattr(grundy, name)
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(obj, name, globs={"grundy": grundy}):
        runner.run(test)
    assert runner.failures == 0
    assert runner.tries > 0 or ">>>" not in (obj.__doc__ or "")


def test_the_package_is_typed():
    installed = Path(grundy.__file__).parent
    assert (installed / "py.typed").exists()
    assert (installed / "__init__.pyi").read_text() == STUBS.read_text()


def stub_signatures():
    tree = ast.parse(STUBS.read_text())
    found = {}
    for node in tree.body:
        funcs = [node] if isinstance(node, ast.FunctionDef) else []
        if isinstance(node, ast.ClassDef) and node.name in MADE:
            funcs = [f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"]
        for f in funcs:
            a = f.args
            regular = [(x.arg, "POSITIONAL_OR_KEYWORD") for x in a.args if x.arg != "self"]
            defaults = [ast.literal_eval(d) for d in a.defaults]
            values = [inspect.Parameter.empty] * (len(regular) - len(defaults)) + defaults
            params = [(n, k, v) for (n, k), v in zip(regular, values)]
            params += [
                (x.arg, "KEYWORD_ONLY", ast.literal_eval(d) if d else inspect.Parameter.empty)
                for x, d in zip(a.kwonlyargs, a.kw_defaults)
            ]
            found[node.name] = params
    return found


def test_the_stubs_match_the_functions():
    stubs = stub_signatures()
    assert sorted(stubs) == sorted(FUNCTIONS + MADE)
    for name, params in stubs.items():
        runtime = inspect.signature(getattr(grundy, name)).parameters.values()
        assert [(p.name, p.kind.name, p.default) for p in runtime] == params, name


def readme_examples():
    text = (PACKAGE / "README.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


@pytest.mark.parametrize("code", readme_examples())
def test_the_readme_examples_run_as_written(code):
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    shown = [line for line in code.splitlines() if line.startswith("print(")]
    assert len(printed) == len(shown)
    for line, out in zip(shown, printed):
        # a comment that starts with a value states what the line prints
        comment = line.partition("#")[2].strip()
        if comment.startswith("["):
            assert out == comment[: comment.index("]") + 1], line
        elif comment[:1].isdigit():
            assert out == comment.split()[0].rstrip(":"), line


def test_a_small_call_is_fast():
    # not a timing test: a generous bound that only a broken call path would miss
    import timeit

    per_call = min(timeit.repeat(lambda: grundy.divisor_nim(10), number=200, repeat=5)) / 200
    assert per_call < 0.01


def test_threads_change_nothing():
    # several heaps at once where a heap costs enough work: the same values,
    # period and counts on any number of threads
    for code in ["0.6", "4!.0", "0.07", "0.77"]:
        one = grundy.sequence(9000, game=code, threads=1)
        for threads in [2, 3, None]:
            other = grundy.sequence(9000, game=code, threads=threads)
            assert one.values == other.values, (code, threads)
            assert (one.preperiod, one.period, one.certified) == (other.preperiod, other.period, other.certified)
    m = 10**9 + 7
    assert grundy.heaps(8000, 3, game="0.6", modulus=m, threads=1) == grundy.heaps(8000, 3, game="0.6", modulus=m)
