"""A progress bar on stderr for long audits (rich), shown only when stderr is a terminal.

`audit()` reports per file and every few thousand records (checker.audit.run.AuditProgress);
the bar shows files done of all files, the records read and the file being read. Nothing is
written when the stream is not a terminal, so logs and captured output stay clean.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from checker.audit.run import AuditProgress, ProgressCallback


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except ValueError:  # a closed stream
        return False


@contextmanager
def progress_bar(stream: TextIO) -> Iterator[ProgressCallback | None]:
    """A callback for `audit(progress=...)` drawing on `stream`; None when it is no terminal."""
    if not is_terminal(stream):
        yield None
        return
    # rich loads here, for a terminal: a run whose output is captured starts without it.
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )
    from rich.table import Column

    console = Console(file=stream, force_terminal=True, highlight=False, markup=False)
    columns = (
        TextColumn("auditing"), BarColumn(), MofNCompleteColumn(), TextColumn("files"),
        TextColumn("{task.fields[records]:,} records"), TimeElapsedColumn(),
        # A long path is cut, never wrapped onto a second line.
        TextColumn("{task.fields[file]}", table_column=Column(no_wrap=True, overflow="ellipsis")),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("audit", total=None, records=0, file="")

        def report(done: AuditProgress) -> None:
            bar.update(task, completed=done.files_done, total=done.files_total,
                       records=done.records, file=done.file)

        yield report
