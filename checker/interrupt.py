"""How a feltcheck command stops on SIGINT (Ctrl-C) and SIGTERM (`kill`, a CI job cancelled).

While `stopping_on_signals()` is active, the first signal raises `Interrupted` wherever the
command is. It unwinds through every `with` and `finally`, so a report being written is
dropped with its temporary files (checker/report/output.py); `main()` prints one line,
`feltcheck: interrupted (SIGINT); no report written`, and returns 128 + the signal's number:
130 for SIGINT, 143 for SIGTERM. `Interrupted` is a BaseException: the readers' `except
Exception` (a reader's bug becomes a rejection and the run goes on) cannot swallow it.

`main()` returns the status rather than dying by the signal: the same number on every platform
and for in-process callers (the tests), and what a shell shows for a process killed by the
signal. The cost: bash, when Ctrl-C reaches it and the command it waits for exits normally,
takes the signal as handled and goes on, so a bash loop over feltcheck should test the status
(`|| exit`, `set -e`).

A second signal ends the process at once (the default action): whoever sends two does not want
to wait for the clean-up. A signal that was ignored when the command started (`nohup`, a
background job of a script) stays ignored. A signal during a `held()` block waits for its end:
the few instructions that must not be cut (a rename, a temporary file's removal), or a long loop
that calls `checkpoint()` between its steps. The audit's record loop is such a loop: its readers,
replay and rules are compiled with mypyc, and compiled code treats some C-API calls as unable to
fail, so an exception raised by the handler within one aborts the process ("fatal: out of
memory") instead of unwinding. Held, the handler only notes the signal, and the loop stops at
its next checkpoint, between two records, in plain Python.
"""

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType, TracebackType

SIGNALS = (signal.SIGINT, signal.SIGTERM)

# What an interruption leaves behind, for its message; the report writers move it on.
NO_REPORT = "no report written"
STDOUT_CUT = "the report on standard output is incomplete"
REPORT_WRITTEN = "the report was written whole"

_left = NO_REPORT
# Within held() blocks (how deep), and a signal that came meanwhile.
_held = 0
_pending: int | None = None


class Interrupted(BaseException):
    """The command was stopped by a signal; `str()` is the one line to print."""

    def __init__(self, signum: int, left: str = NO_REPORT) -> None:
        super().__init__(signum, left)
        self.signum = signum
        self.left = left

    @property
    def status(self) -> int:
        """The exit status: 128 + the signal's number, as a shell reports a signal's kill."""
        return 128 + self.signum

    def __str__(self) -> str:
        return f"interrupted ({signal.Signals(self.signum).name}); {self.left}"


def leaves(what: str) -> None:
    """Say what an interruption from now on leaves behind (for its one-line message)."""
    global _left
    _left = what


@contextmanager
def stopping_on_signals(left: str = NO_REPORT) -> Iterator[None]:
    """SIGINT and SIGTERM raise `Interrupted` within the block; the handlers found are put back
    after it. Outside the main thread (where Python runs signal handlers) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    global _held, _pending
    previous = {signum: signal.getsignal(signum) for signum in SIGNALS}
    leaves(left)
    _held, _pending = 0, None
    for signum, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(signum, _interrupt)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _interrupt(signum: int, _: FrameType | None) -> None:
    global _pending
    for each in SIGNALS:  # the next signal ends the process at once
        if signal.getsignal(each) is _interrupt:
            signal.signal(each, signal.SIG_DFL)
    if _held:
        _pending = signum
        return
    raise Interrupted(signum, _left)


@contextmanager
def held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done, or its next `checkpoint()`, then act
    (an exception the block raised meanwhile gives way to the interruption). Only the main
    thread runs signal handlers: in another thread the block changes nothing."""
    global _held, _pending
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        if not _held and _pending is not None:
            signum, _pending = _pending, None
            raise Interrupted(signum, _left)


def checkpoint() -> None:
    """Within `held()`: a signal that came meanwhile acts here, a point where stopping is safe."""
    global _pending
    if _pending is not None:
        signum, _pending = _pending, None
        raise Interrupted(signum, _left)


def quiet_while_loading() -> None:
    """Before `main()` runs (Python takes a second or more to load feltcheck's modules), a
    Ctrl-C raises Python's KeyboardInterrupt: say so in one line, not with a traceback, and exit
    130 as `main()` would. Other exceptions are left to the hook found."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], value: BaseException,
             traceback: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            previous(kind, value, traceback)
            return
        stopped = Interrupted(signal.SIGINT)
        print(f"feltcheck: {stopped}", file=sys.stderr, flush=True)
        # Python would end by killing itself with SIGINT: the same status, stated.
        os._exit(stopped.status)

    sys.excepthook = hook
