"""The package README's reference table against the type stubs: every public
function, class and method of the stubs is in the table with the same
arguments, in the same order, of the same kinds and defaults, and the table
names nothing the stubs do not; the stubs against the package itself. So the
documentation cannot drift from the stubs, nor the stubs from the package."""

import ast
import inspect
import re

import pytest

import grundy
from conftest import ROOT

STUBS = ROOT / "crates/grundy-py/python/grundy/__init__.pyi"
README = ROOT / "crates/grundy-py/README.md"


def parameters(args):
    """(name, kind, default) of every parameter but self; defaults evaluated
    (so that ``2**24`` and ``16777216`` agree)."""
    out = []
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for a, d in zip(positional, defaults):
        out.append((a.arg, "positional", evaluated(d)))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        out.append((a.arg, "keyword", evaluated(d)))
    return [p for p in out if p[0] != "self"]


NO_DEFAULT = "(required)"


def evaluated(node):
    return NO_DEFAULT if node is None else eval(compile(ast.Expression(node), "<default>", "eval"), {})


def stub_signatures():
    """name -> parameters for the public functions, classes (their __init__)
    and methods (``Class.method``; properties and dunders left out)."""
    tree = ast.parse(STUBS.read_text(encoding="utf-8"))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            out[node.name] = parameters(node.args)
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            for item in node.body:
                if not isinstance(item, ast.FunctionDef):
                    continue
                if any(isinstance(d, ast.Name) and d.id in ("property", "overload") for d in item.decorator_list):
                    continue
                if item.name == "__init__":
                    out[node.name] = parameters(item.args)
                elif not item.name.startswith("_"):
                    out[f"{node.name}.{item.name}"] = parameters(item.args)
    return out


def readme_signatures():
    """name -> parameters for every signature in the first cell of the reference table."""
    text = README.read_text(encoding="utf-8")
    table = text.split("## Reference", 1)[1].split("\n\n|", 1)[1].split("\n\n", 1)[0]
    out = {}
    for row in table.splitlines()[2:]:
        first = row.split(" | ")[0]
        for signature in re.findall(r"`([A-Za-z_][\w.]*\(.*?\))`", first):
            name = signature.split("(", 1)[0]
            tree = ast.parse(f"def f{signature[len(name):]}: pass")
            assert name not in out, f"{name} twice in the README's table"
            out[name] = parameters(tree.body[0].args)
    return out


def test_the_readme_table_is_the_stubs():
    stubs, readme = stub_signatures(), readme_signatures()
    assert sorted(stubs) == sorted(readme), "names in one and not the other"
    for name, params in stubs.items():
        assert readme[name] == params, name


def test_a_drifted_table_is_noticed(monkeypatch):
    stubs = stub_signatures()
    changed = dict(stubs)
    changed["heaps"] = [p for p in stubs["heaps"] if p[0] != "progress"]
    assert changed != readme_signatures()


def test_the_stubs_are_the_package():
    """Every stubbed name exists; its text signature has the stubs' argument names."""
    for name, params in stub_signatures().items():
        obj = grundy
        for part in name.split("."):
            obj = getattr(obj, part)
        try:
            signature = inspect.signature(obj)
        except (TypeError, ValueError):
            continue  # no text signature to compare
        varying = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
        names = [p.name for p in signature.parameters.values() if p.name != "self" and p.kind not in varying]
        assert names == [p[0] for p in params], name


def test_every_public_name_is_stubbed():
    stubbed = {name.split(".")[0] for name in stub_signatures()}
    # made by the package only: no constructor to document
    exceptions = {"TooLargeError", "NotCertifiedError", "CensusValuesNote", "Sequence", "Copies", "__version__"}
    assert set(grundy.__all__) - exceptions <= stubbed


def test_help_calls_census_a_function():
    doc = grundy.__doc__
    assert "module ``grundy.census``" not in doc
    assert "grundy.census(" in doc and callable(grundy.census)
