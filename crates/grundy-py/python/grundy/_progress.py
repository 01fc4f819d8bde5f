"""The progress bar of ``progress=True``: tqdm's when tqdm is installed, else
one line on stderr rewritten in place (at most ten times a second)."""

import sys
import time


class Bar:
    """Called as ``bar(done, total, stage)`` while a computation runs (the
    total may change with the stage), then ``bar.close()``."""

    def __init__(self, label):
        self.label = label
        self.stage = None
        self._tqdm = None
        self._shown = 0.0
        self._width = 0
        try:
            import tqdm  # noqa: F401  (optional)

            self._tqdm_module = tqdm
        except ImportError:
            self._tqdm_module = None

    def __call__(self, done, total, stage=""):
        if self._tqdm_module is not None:
            self._tqdm_update(done, total, stage)
        else:
            self._line(done, total, stage)

    def _tqdm_update(self, done, total, stage):
        if self._tqdm is None or stage != self.stage:
            if self._tqdm is not None:
                self._tqdm.close()
            self._tqdm = self._tqdm_module.tqdm(total=total, desc=f"{self.label}: {stage}", file=sys.stderr)
        self.stage = stage
        self._tqdm.total = total
        self._tqdm.n = done
        self._tqdm.refresh()

    def _line(self, done, total, stage):
        now = time.monotonic()
        if stage == self.stage and done < total and now - self._shown < 0.1:
            return
        self._shown = now
        self.stage = stage
        share = f" {100 * done / total:5.1f}%" if total else ""
        text = f"{self.label}: {stage} {done}/{total}{share}"
        sys.stderr.write("\r" + text.ljust(self._width))
        sys.stderr.flush()
        self._width = len(text)

    def close(self):
        if self._tqdm is not None:
            self._tqdm.close()
            self._tqdm = None
        elif self._width:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self._width = 0


def seen():
    """Whether a bar on stderr would be seen: stderr is a terminal, or the code
    runs in a notebook (an IPython kernel, whose stderr goes to the cell)."""
    try:
        if sys.stderr is not None and sys.stderr.isatty():
            return True
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        pass
    ipython = sys.modules.get("IPython")
    try:
        shell = ipython.get_ipython() if ipython is not None else None
    except Exception:  # an IPython that cannot say: no notebook
        shell = None
    return getattr(shell, "kernel", None) is not None


def reporter(progress, label, auto=False):
    """The ``progress`` argument of a Python-level call as ``(report, close)``:
    ``report(done, total)`` and ``close()``, both doing nothing for ``None``
    or ``False``; ``True`` is a :class:`Bar`, a callable is called as it is.
    With ``auto``, ``None`` is a bar when it would be seen (:func:`seen`)."""
    if progress is None and auto:
        progress = seen()
    if progress is None or progress is False:
        return (lambda done, total: None), (lambda: None)
    if progress is True:
        bar = Bar(label)
        return (lambda done, total: bar(done, total, "games")), bar.close
    if not callable(progress):
        raise TypeError(
            f"`progress` must be True, False, None or a callable progress(done, total), not {type(progress).__name__}"
        )
    return progress, (lambda: None)
