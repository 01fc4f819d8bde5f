"""``Sequence.plot``: the nim-values with matplotlib, drawn as ``grundy sequence
--plot`` draws them (the preperiod shaded, the first period after it outlined).
Imported only when called: matplotlib stays optional (``pip install grundy[plot]``)."""


def plot(seq, ax=None, bands=None, **kwargs):
    """Draws ``seq`` on ``ax`` (a new figure's axes if None); ``bands`` is
    ``(preperiod, period)`` of a certified period. Returns the axes."""
    try:
        import matplotlib.pyplot as plt
        import numpy as np
    except ImportError as e:
        raise ImportError(
            "Sequence.plot needs matplotlib: pip install 'grundy[plot]' (or matplotlib)"
        ) from e
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 4.2))
    values = np.asarray(seq)
    n = len(values)
    if bands is not None:
        preperiod, period = bands
        if preperiod > 0:
            ax.axvspan(0, min(preperiod, n), color=(1.0, 220 / 255, 200 / 255), label=f"preperiod {preperiod}")
        ax.axvspan(min(preperiod, n), min(preperiod + period, n), color=(200 / 255, 230 / 255, 1.0), label=f"period {period}")
    style = {"color": "blue", "linewidth": 1}
    if n <= 400:
        style.update(marker="o", markersize=2)
    style.update(kwargs)
    ax.plot(np.arange(n), values, **style)
    ax.set_xlim(0, max(n, 1))
    ax.set_ylim(0, (int(values.max()) if n else 0) + 2)
    ax.set_xlabel("heap size n")
    ax.set_ylabel("nim-value g(n)")
    ax.set_title(seq.game)
    if bands is not None:
        ax.legend(loc="upper left")
    return ax
