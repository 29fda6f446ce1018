"""Stream records from files and folders: detect each file's format, cut, parse, never die.

Files are visited in sorted order so that the same input always gives the same report.
Any failure inside a reader becomes a located rejection and the file's next record is read.
The records cut from each file are counted here, apart from the audit's tallies (the
accounting invariant, checker/audit/accounting.py).
"""

import sys
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import BinaryIO

from checker.ingest.base import InputFormat, RecordError, rejection
from checker.ingest.decode import Line, iter_lines_from_stream
from checker.ingest.detect import (
    HEAD_LINES,
    clean_head_line,
    describe_binary,
    describe_unknown,
    detect,
)
from checker.model import Record, Rejection


@dataclass(slots=True)
class ReadCount:
    """Records cut from one file, counted as the stream yields them (read once the file's
    records have all been read)."""

    records: int = 0


@dataclass(frozen=True, slots=True)
class UnrecognizedFile:
    """A file whose format was not recognised: it is listed, never silently passed over."""

    path: str
    reason: str
    # False when the file could not be opened at all (exit code 2), True when it was read
    # but is in no format we know.
    readable: bool = True


@dataclass(frozen=True, slots=True)
class FileRecords:
    path: str
    format: InputFormat
    records: Iterator[Record]
    read: ReadCount = field(default_factory=ReadCount)


def discover(paths: Iterable[Path]) -> Iterator[Path]:
    """Every regular file under the given paths, in a stable order; hidden entries skipped."""
    for path in paths:
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                relative = child.relative_to(path).parts
                if child.is_file() and not any(part.startswith(".") for part in relative):
                    yield child
        else:
            yield path


def open_file(path: Path) -> FileRecords | UnrecognizedFile:
    """Detect the file's format and return its lazily parsed records."""
    display = path.as_posix()
    try:
        stream = path.open("rb")
        prefix = stream.read(8)
        stream.seek(0)
    except OSError as exc:
        return UnrecognizedFile(
            display, f"cannot read the file: {exc.strerror or exc}", readable=False
        )
    binary = describe_binary(prefix)
    if binary is not None:
        stream.close()
        return UnrecognizedFile(display, f"{binary}, not a format feltcheck reads")
    lines = _lines_then_close(stream)
    buffered: list[Line] = []
    head: list[str] = []
    for number, text in lines:
        buffered.append((number, text))
        cleaned = clean_head_line(text)
        if cleaned:
            head.append(cleaned)
            if len(head) >= HEAD_LINES:
                break
    fmt = detect(head)
    if fmt is None:
        lines.close()
        return UnrecognizedFile(display, describe_unknown(head))
    read = ReadCount()
    records = parse_records(fmt, chain(buffered, lines), display, read)
    return FileRecords(display, fmt, records, read)


def _lines_then_close(stream: BinaryIO) -> Generator[Line, None, None]:
    """The stream's numbered lines; the file is closed when they run out or are dropped."""
    with stream:
        yield from iter_lines_from_stream(stream)


def parse_records(fmt: InputFormat, lines: Iterator[Line], path: str,
                  read: ReadCount | None = None) -> Iterator[Record]:
    """Parse block by block; a block that fails becomes a rejection and reading goes on. Each
    record yielded is counted in `read`."""
    count = read if read is not None else ReadCount()
    try:
        for block in fmt.blocks(lines):
            count.records += 1
            try:
                yield fmt.parse(block, path)
            except RecordError as exc:
                yield rejection(path, exc.line, exc.reason, fmt.name, exc.hand, fmt.holds_hands)
            except Exception as exc:  # a reader bug must not end the run: report it, go on
                yield rejection(
                    path,
                    block.start,
                    _failure(exc),
                    fmt.name,
                    None,
                    fmt.holds_hands,
                )
    except (OSError, UnicodeError) as exc:
        count.records += 1
        yield Rejection.model_validate(
            {
                "location": {"file": path, "line": 0},
                "reason": f"the file could not be read to the end: {exc}",
                "source_format": fmt.name,
                "is_hand": False,
            }
        )


def _failure(exc: Exception) -> str:
    """Why a reader failed. Python refuses to convert a number of more than
    sys.get_int_max_str_digits() digits (4,300) to an int, wherever a reader does: that is
    the input's absurdity, not a reader bug."""
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return (f"a number of more than {sys.get_int_max_str_digits():,} digits: no record "
                "holds one")
    return f"reader error: {type(exc).__name__}: {exc}"


def read_paths(paths: Iterable[Path]) -> Iterator[FileRecords | UnrecognizedFile]:
    for path in discover(paths):
        yield open_file(path)
