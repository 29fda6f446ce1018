"""Put a rendered report where it goes, whole or not at all.

A report file is written to a temporary file beside it and renamed over it (`os.replace`), so
an earlier report there is either kept whole or replaced whole: on a failure or an interruption
(checker/interrupt.py) the temporary file is removed and the earlier report is untouched. An
HTML report is a page and a folder of explain pages beside it: both are written into a staging
folder beside them, then the new folder replaces the old one and the new page the old page, one
rename after the other with signals held; the earlier folder is deleted after. Before those
renames the earlier page and folder are as they were; after them, the new ones are, whole.

A report may come whole or in pieces (a JSON report is written as it is encoded, a finding at
a time). One for standard output is rendered whole first — pieces into a temporary file that
stays in memory up to `SPOOL_BYTES` — so an interruption or a failure before it is written
prints nothing; one that lands while a slow reader (a pager) holds up the write leaves what
was written (the message says so) rather than make the process wait on the reader.

These guard against interruptions and failures, not against a power cut: the single file is
synced to disk before the rename, the HTML pages are not.
"""

import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import IO

from checker import interrupt

# A report's text, whole or in the pieces it is made in.
Rendered = str | Iterable[str]
# How much of a report in pieces is held in memory before its spool goes to a file: the tool's
# own setting (a few megabytes is any report but one of tens of thousands of findings).
SPOOL_BYTES = 8 << 20
# Pieces of a report handed to its stream at a time (`_write`).
_PIECES_A_WRITE = 256


class OutputError(Exception):
    """A report could not be written (the earlier one, if any, is kept)."""


def write_report(text: Rendered, output: Path | None) -> None:
    """`text` to the file `output` (atomically), or to standard output when None."""
    if output is not None:
        write_atomically(output, text)
        return
    if isinstance(text, str):
        _to_stdout(text)
        return
    with tempfile.SpooledTemporaryFile(SPOOL_BYTES, mode="w+", encoding="utf-8") as spool:
        try:
            _write(spool, text)
            spool.seek(0)
        except OSError as exc:  # the spool went to a temporary folder that took no more
            raise OutputError(f"cannot hold the report before printing it: "
                              f"{exc.strerror or exc}") from exc
        interrupt.leaves(interrupt.STDOUT_CUT)
        shutil.copyfileobj(spool, sys.stdout)
        sys.stdout.flush()
        interrupt.leaves(interrupt.REPORT_WRITTEN)


def _to_stdout(text: str) -> None:
    interrupt.leaves(interrupt.STDOUT_CUT)
    sys.stdout.write(text)
    sys.stdout.flush()
    interrupt.leaves(interrupt.REPORT_WRITTEN)


def _write(stream: IO[str], text: Rendered) -> None:
    if isinstance(text, str):
        stream.write(text)
        return
    # A few hundred pieces a call: a report's pieces are its items (some hundred thousand
    # warnings), and a SpooledTemporaryFile's write is Python; it moves to disk only between
    # calls, so the pieces are not handed over all at once.
    pieces = iter(text)
    while batch := list(islice(pieces, _PIECES_A_WRITE)):
        stream.writelines(batch)


def write_atomically(path: Path, text: Rendered, newline: str | None = None) -> None:
    """Replace `path` by a file holding `text` (UTF-8; `newline` as for `open`) in one rename.

    A symbolic link keeps pointing at the report (the file it names is replaced); a path that
    is not a regular file (/dev/stdout, /dev/null, a named pipe) is written in place, as there
    is nothing to keep whole. The new file keeps the old one's permissions."""
    target = Path(os.path.realpath(path))
    try:
        mode = _mode(target)
        if mode is not None and not stat.S_ISREG(mode):
            with target.open("w", encoding="utf-8", newline=newline) as stream:
                _write(stream, text)
            interrupt.leaves(interrupt.REPORT_WRITTEN)
            return
        temporary: Path | None = None
        try:
            with interrupt.held():  # the name is known as soon as the file exists
                handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                                dir=target.parent)
                temporary = Path(name)
            with os.fdopen(handle, "w", encoding="utf-8", newline=newline) as stream:
                _write(stream, text)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, stat.S_IMODE(mode) if mode is not None else _new_file_mode())
            with interrupt.held():
                os.replace(temporary, target)
                temporary = None
                interrupt.leaves(interrupt.REPORT_WRITTEN)
        finally:
            if temporary is not None:
                with interrupt.held():
                    temporary.unlink(missing_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from exc


@contextmanager
def staged(page: Path, folder: Path) -> Iterator[Path]:
    """A report made of the file `page` and the folder `folder` beside it: the block writes the
    page at the path given (in a staging folder beside `page`) and the folder under the same
    name beside that path. When the block ends well, the new folder (or none, when the block
    wrote none) replaces the old and the new page the old; otherwise nothing changes."""
    try:
        with interrupt.held():
            stage = Path(tempfile.mkdtemp(prefix=f".{page.name}.", suffix=".tmp",
                                          dir=page.parent))
    except OSError as exc:
        raise OutputError(f"cannot write {page}: {exc.strerror or exc}") from exc
    try:
        yield stage / page.name
        try:
            _swap(stage, page, folder)
        except OSError as exc:
            raise OutputError(f"cannot write {page}: {exc.strerror or exc}") from exc
    finally:
        with interrupt.held():  # the staging folder, and the earlier report's folder moved in
            shutil.rmtree(stage, ignore_errors=True)


def _swap(stage: Path, page: Path, folder: Path) -> None:
    """Move the staged folder and page into place, the earlier folder into the stage; on a
    failure put everything back."""
    new_folder = stage / folder.name
    earlier = stage / f"{folder.name}.earlier"
    with interrupt.held():
        moved = folder.is_dir()
        if moved:
            os.rename(folder, earlier)
        placed = False
        try:
            if new_folder.exists():
                os.rename(new_folder, folder)
                placed = True
            os.replace(stage / page.name, page)
        except OSError:
            if placed:
                os.rename(folder, new_folder)
            if moved:
                os.rename(earlier, folder)
            raise
        interrupt.leaves(interrupt.REPORT_WRITTEN)


def _mode(path: Path) -> int | None:
    try:
        return path.stat().st_mode
    except FileNotFoundError:
        return None


def _new_file_mode() -> int:
    """What `open(path, "w")` would give a new file: 0o666 less the process's umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
