"""Sequence values as a buffer: the narrowest width, read-only, shared with
numpy without a copy; the list, indexing and iteration agree with it; plots
with matplotlib and the notebook's HTML (the command line's SVG chart)."""

import sys
import tracemalloc

import pytest

import grundy

#: (call, itemsize): values up to 255 in one byte, up to 65535 in two, else four.
WIDTHS = [
    (lambda: grundy.sequence(12, game="0.77"), 1),
    (lambda: grundy.sequence(1000, moves="all-but:1,3"), 2),  # g(n) grows like n/2
    (lambda: grundy.sequence(140000, moves="all-but:1,3"), 4),
]


@pytest.mark.parametrize("call, itemsize", WIDTHS)
def test_the_buffer_has_the_narrowest_width(call, itemsize):
    s = call()
    view = s.array
    assert s.itemsize == itemsize == view.itemsize
    assert view.format == {1: "B", 2: "H", 4: "I"}[itemsize]
    assert view.ndim == 1 and len(view) == len(s) and view.nbytes == len(s) * itemsize
    assert view.readonly
    with pytest.raises(TypeError):
        view[0] = 1
    assert view.tolist() == s.values
    assert max(s.values) < 256**itemsize and (itemsize == 1 or max(s.values) >= 256 ** (itemsize // 2))


def test_values_indexing_and_iteration_agree():
    s = grundy.sequence(30, game="0.07")
    values = s.values
    assert isinstance(values, list) and len(values) == len(s) == 30
    assert s.values is values  # built once, then kept
    assert list(s) == values
    assert [s[i] for i in range(-30, 30)] == values + values
    assert s[3:17:2] == values[3:17:2] and s[::-1] == values[::-1] and s[40:] == []
    for bad in [30, -31]:
        with pytest.raises(IndexError):
            s[bad]
    with pytest.raises(TypeError):
        s["1"]
    empty = grundy.sequence(0, game="0.77")
    assert len(empty) == 0 and empty.values == [] and list(empty) == [] and empty.array.nbytes == 0


def test_a_long_sequence_holds_no_list():
    """2^22 values cost their raw size (one byte each here) in Python, not a list."""
    tracemalloc.start()
    try:
        s = grundy.sequence(2**22, moves=[1, 2])
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert s.itemsize == 1 and s[2**22 - 1] == (2**22 - 1) % 3
    assert held <= 2 * 2**22, held
    assert sys.getsizeof(s.array.obj) >= 2**22  # the bytes object the view shows


def test_numpy_shares_the_buffer():
    np = pytest.importorskip("numpy")
    s = grundy.sequence(1000, moves="all-but:1,3")
    a = np.asarray(s)
    assert a.dtype == np.uint16 and a.shape == (1000,) and a.tolist() == s.values
    assert not a.flags.writeable and a.base is s
    b = s.to_numpy()
    assert np.shares_memory(a, b) and np.shares_memory(a, np.asarray(s.array))
    address = s.__array_interface__["data"][0]
    assert a.__array_interface__["data"][0] == b.__array_interface__["data"][0] == address
    with pytest.raises(ValueError):
        a[0] = 7
    # the array keeps the sequence (and its buffer) alive
    del s, b
    assert a.tolist()[:4] == [0, 0, 1, 1]
    # a conversion numpy asks for is numpy's own copy
    c = np.asarray(grundy.sequence(12, game="0.77"), dtype=np.int64)
    assert c.dtype == np.int64 and c.flags.writeable and c.tolist()[:4] == [0, 1, 2, 3]


def test_a_long_sequence_reaches_numpy_without_a_copy():
    np = pytest.importorskip("numpy")
    tracemalloc.start()
    try:
        s = grundy.sequence(2**22, moves=[1, 2, 3, 4])
        a = s.to_numpy()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert a.nbytes == 2**22 and held <= 2 * 2**22, held
    assert a.__array_interface__["data"][0] == s.__array_interface__["data"][0]
    assert int(a[-1]) == (2**22 - 1) % 5


@pytest.fixture
def pyplot():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    yield plt
    plt.close("all")


def test_plot_draws_the_values_and_the_period(pyplot):
    s = grundy.sequence(40, game="0.07")  # Dawson's Kayles: preperiod 53 > 40, period 34
    ax = s.plot()
    (line,) = ax.get_lines()
    assert list(line.get_ydata()) == s.values and list(line.get_xdata()) == list(range(40))
    assert ax.get_title() == s.game and ax.get_xlabel() == "heap size n"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["preperiod 53", "period 34"]
    t = grundy.sequence(30, moves=[1, 2])
    fig, mine = pyplot.subplots()
    assert t.plot(ax=mine, color="red", linewidth=3) is mine
    assert [x.get_text() for x in mine.get_legend().get_texts()] == ["period 3"]
    assert mine.get_lines()[0].get_color() == "red"
    # no certified period, no bands and no legend
    u = grundy.sequence(50, game="0.6", max_len=50)
    assert u.plot().get_legend() is None


def test_the_notebook_shows_the_summary_and_the_commands_chart(cli, tmp_path):
    s = grundy.sequence(120, game="0.07")
    html = s._repr_html_()
    assert html.startswith("<div") and "<svg" in html and html.rstrip().endswith("</div>")
    for cell in ["octal 0.07", "53", "34", "True", "certified"]:
        assert f"<td>{cell}</td>" in html, cell
    # the chart is the one `grundy sequence --plot` draws
    path = tmp_path / "plot.svg"
    cli("sequence", "--game", "0.07", "--len", "120", "--plot", path)
    assert s.svg() == path.read_text() and s.svg() in html
    # a long sequence: the first 2000 values are drawn
    long = grundy.sequence(5000, game="0.07")
    assert "the first 2000 of 5000 values" in long._repr_html_()
    assert long.svg(limit=10) == grundy.sequence(10, game="0.07").svg().replace(
        "octal 0.07", "octal 0.07 (the first 10 of 5000 values)"
    )


def test_the_stubs_name_every_member_of_sequence():
    import ast

    from conftest import ROOT

    stubs = ast.parse((ROOT / "crates/grundy-py/python/grundy/__init__.pyi").read_text())
    (cls,) = [n for n in stubs.body if isinstance(n, ast.ClassDef) and n.name == "Sequence"]
    stubbed = {f.name for f in cls.body if isinstance(f, ast.FunctionDef)}
    runtime = {n for n in dir(grundy.Sequence) if not n.startswith("__")}
    assert stubbed - {n for n in stubbed if n.startswith("__")} == runtime
    for dunder in ["__len__", "__getitem__", "__iter__", "__array_interface__"]:
        assert dunder in stubbed and hasattr(grundy.Sequence, dunder), dunder
