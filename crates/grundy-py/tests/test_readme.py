"""Every Python example in the documentation, run and compared with the output
written beside it, so that the documentation cannot drift.

An example is a ```python block of README.md, crates/grundy-py/README.md or
any .md file under docs/ (the cookbook, the command reference, the theory). Each line that prints ends in a comment `# OUTPUT` (optionally
followed by ` (explanation)`): the block runs once, from the root of the
repository (file paths are relative to it), and the printed lines must be those
outputs, in order.
"""

import contextlib
import io
import re

import pytest

from conftest import ROOT

DOCUMENTS = ["README.md", "crates/grundy-py/README.md"] + sorted(
    path.relative_to(ROOT).as_posix() for path in (ROOT / "docs").rglob("*.md")
)


def blocks(text):
    """The ```python blocks of a Markdown text, with the line each starts on."""
    return [
        (text[: m.start()].count("\n") + 2, m.group(1))
        for m in re.finditer(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    ]


def expected_lines(code):
    """The comments of the printing lines: what the block must print."""
    return [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]


def matches(printed, comment):
    return comment == printed or comment.startswith(printed + " (")


EXAMPLES = [
    pytest.param(code, id=f"{name}:{line}")
    for name in DOCUMENTS
    for line, code in blocks((ROOT / name).read_text(encoding="utf-8"))
]


def test_the_documents_have_examples():
    assert len(EXAMPLES) >= 3
    assert {"README.md", "docs/cookbook.md", "docs/commands.md"} <= set(DOCUMENTS)


@pytest.mark.parametrize("code", EXAMPLES)
def test_example_prints_what_the_documentation_shows(code, monkeypatch):
    expected = expected_lines(code)
    assert expected, "every example shows what it prints"
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<documentation>", "exec"), {})
    printed = out.getvalue().splitlines()
    assert len(printed) == len(expected), (printed, expected)
    for p, e in zip(printed, expected):
        assert matches(p, e), f"prints {p!r}, the documentation says {e!r}"


def test_a_changed_output_is_noticed():
    assert matches("692", "692 (winning triples)")
    assert not matches("693", "692 (winning triples)")
    assert not matches("69", "692")
