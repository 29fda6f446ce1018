"""The `feltcheck` command as installed: the program imported with the collector held off,
and left without tearing its heap down.

Importing the program builds some hundred thousand objects that live as long as it does
(modules, classes, functions, the readers' and the rules language's tables) and are never
garbage. With the collector's defaults their import ran ~110 collections that walked them
again and again, ~0.03 s of a 0.35 s start (docs/performance.md). They are imported with the
collector off, then frozen (moved where no collection walks them, and left unshared pages
alone in `--jobs` workers forked after), and the collector is on again before any command
runs.

When the command is done, the interpreter's own shutdown would free every object one by one
and collect once more: ~0.04 s after an audit of 12,000 hands, ~0.13 s after 50,000 (the
rules, the pair aggregates). Nothing is left to do by then but the exit handlers and the
standard streams' buffers: every report is written and closed before the command returns.
So the handlers are run, the streams flushed, and the process exits with the command's
status, unless a thread other than this one is still alive (a Dask client's, say), whose
joining is the interpreter's to do. `checker.cli:main` stays the same command for callers
in Python.

numpy, loaded when clause 28's pairs are scored, starts OpenBLAS's thread pool, and scipy
starts its own: a thread for each core but the caller's, each spinning a while after it
starts. feltcheck's numpy work is a few element-wise passes over some thousand pairs, which
those threads never share, and their spinning cost ~0.1-0.2 s of CPU a process
(docs/performance.md); `--jobs` gives the cores work of their own. So the command asks
OpenBLAS for no thread beyond the caller's, unless the environment says otherwise.
`checker.cli:main`, called from Python, leaves the caller's process as it is.
"""

import atexit
import gc
import os
import sys
import threading

# OpenBLAS reads it when numpy is first imported (numpy's own wheels and scipy's).
BLAS_THREADS = "OPENBLAS_NUM_THREADS"


def main() -> int:
    os.environ.setdefault(BLAS_THREADS, "1")
    enabled = gc.isenabled()
    gc.disable()
    try:
        from checker.cli import main as run
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
    status = run()
    leave(status)
    return status


def leave(status: int) -> None:
    """End the process now with `status`, the exit handlers run and the standard streams
    flushed; return (the interpreter ends it) when a thread must be joined first, the
    handlers cannot be run from here, or a stream cannot be flushed."""
    run_handlers = getattr(atexit, "_run_exitfuncs", None)  # CPython's
    if threading.active_count() > 1 or run_handlers is None or not _flushed():
        return
    run_handlers()  # they may write too
    _flushed()
    os._exit(status)


def _flushed() -> bool:
    """Whether the standard streams' buffers could be written out (a closed or broken pipe
    cannot: the interpreter's own exit reports it)."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return False
    return True


if __name__ == "__main__":
    raise SystemExit(main())
