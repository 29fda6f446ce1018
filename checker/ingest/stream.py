"""Stream records from files and folders: detect each file's format, cut, parse, never die.

Files are visited in sorted order so that the same input always gives the same report.
Any failure inside a reader becomes a located rejection and the file's next record is read.
The records cut from each file are counted here, apart from the audit's tallies (the
accounting invariant, checker/audit/accounting.py).

A file's last record, when it is rejected, says so if the file ends in the middle of it: when
its reader found it cut short (a hand without its summary section, a summary without entries,
an archive page without its table footer: the readers mark those "(truncated)"; a PHH hand
whose TOML ends inside a value), or when the file breaks off in the middle of a line (its last
line has no line break) where the reader found the record broken, or, for a tournament log, a
last line that is not even JSON. A record rejected for another reason keeps its reason, last
or not: a complete file's last hand may be damaged like any other.
"""

import os
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import chain
from pathlib import Path
from typing import BinaryIO

from checker.ingest.base import Block, InputFormat, RecordError, rejection
from checker.ingest.decode import (
    Line,
    LineTracker,
    Run,
    line_runs,
    lines_of_runs,
    sniff_encoding,
    text_chunks,
)
from checker.ingest.detect import (
    HEAD_LINES,
    clean_head_line,
    describe_binary,
    describe_unknown,
    detect,
)
from checker.ingest.excerpt import bounded
from checker.ingest.tournament_log import is_json
from checker.model import Record, Rejection
from checker.model.formats import TOURNAMENT_LOG

# What a reader's reason says of a record it found cut short: the readers' own mark, and the
# TOML parser's (PHH) when the text ran out in the middle of a value.
CUT_MARKS = ("(truncated)", "(at end of document)")
# Bytes read at each end of a file: its encoding from the head, whether its last line breaks
# off from the tail.
_HEAD_BYTES = 4096
_TAIL_BYTES = 256


# A format's cutter of lines in runs (`blocks_of_runs`, optional): the file's runs and the
# tracker it keeps at the line it cut last.
RunCutter = Callable[[Iterable[Run], LineTracker], Iterator[Block]]


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
        prefix = stream.read(_HEAD_BYTES)
        breaks_off = _breaks_off(stream, sniff_encoding(prefix))
        stream.seek(0)
    except OSError as exc:
        return UnrecognizedFile(
            display, f"cannot read the file: {exc.strerror or exc}", readable=False
        )
    binary = describe_binary(prefix)
    if binary is not None:
        stream.close()
        return UnrecognizedFile(display, f"{binary}, not a format feltcheck reads")
    chunks = _chunks_then_close(stream)
    runs = line_runs(chunks)
    # The head: the first runs (a run is a decoded piece's lines: one is almost always
    # enough), kept to be given again with the rest.
    first_runs: list[Run] = []
    head: list[str] = []
    for run in runs:
        first_runs.append(run)
        for text in run[1]:
            cleaned = clean_head_line(text)
            if cleaned:
                head.append(cleaned)
                if len(head) >= HEAD_LINES:
                    break
        if len(head) >= HEAD_LINES:
            break
    fmt = detect(head)
    if fmt is None:
        chunks.close()
        return UnrecognizedFile(display, describe_unknown(head))
    read = ReadCount()
    records = records_of_runs(fmt, chain(first_runs, runs), display, read, breaks_off)
    return FileRecords(display, fmt, records, read)


def records_of_runs(fmt: InputFormat, runs: Iterator[Run], path: str, read: ReadCount,
                    breaks_off: bool) -> Iterator[Record]:
    """`parse_records` of a file's lines in runs (`line_runs`): given to the format's cutter
    of runs if it has one, else one by one."""
    reading = LineTracker()
    blocks_of_runs: RunCutter | None = getattr(fmt, "blocks_of_runs", None)
    if blocks_of_runs is not None:
        cut = partial(blocks_of_runs, runs, reading)
    else:
        cut = partial(fmt.blocks, lines_of_runs(runs, reading))
    return cut_records(fmt, cut, path, read, breaks_off, reading)


def _breaks_off(stream: BinaryIO, encoding: str) -> bool:
    """Whether the file's last line holds text and no line break ends it: the file stops in
    the middle of a line. Read from the file's last bytes (the stream is left anywhere)."""
    size = stream.seek(0, os.SEEK_END)
    if encoding.startswith("utf-16") and size % 2:
        return True  # half a character: cut in the middle of one
    stream.seek(max(0, size - _TAIL_BYTES))  # even: UTF-16 stays aligned
    tail = stream.read()
    if encoding.startswith("utf-16"):
        text = tail.decode(encoding, errors="replace")
    else:  # UTF-8 and cp1252 both write a line break as the byte 0x0A
        text = tail.decode("utf-8", errors="replace")
    return bool(text.rsplit("\n", 1)[-1].strip().lstrip("\ufeff"))


def _chunks_then_close(stream: BinaryIO) -> Generator[str, None, None]:
    """The stream's decoded text in large pieces; the file is closed when they run out or
    are dropped. Interpreted on purpose: a compiled generator dropped unfinished never runs
    its `with` (the file would be closed by the collector, with a ResourceWarning). Pieces,
    not lines: the compiled `line_runs` cuts them, so the interpreter resumes this
    once a megabyte, not once a line."""
    with stream:
        yield from text_chunks(stream)


def parse_records(fmt: InputFormat, lines: Iterator[Line], path: str,
                  read: ReadCount | None = None, breaks_off: bool = False,
                  reading: LineTracker | None = None) -> Iterator[Record]:
    """Parse block by block; a block that fails becomes a rejection and reading goes on.

    Each record yielded is counted in `read`. `breaks_off`: the file's last line has no line
    break (see `_breaks_off`). `reading`: the tracker `lines` keep up to date themselves, if
    any."""
    if reading is None:
        reading = LineTracker()
        lines = reading.follow(lines)
    return cut_records(fmt, partial(fmt.blocks, lines), path, read, breaks_off, reading)


def cut_records(fmt: InputFormat, cut: Callable[[], Iterator[Block]], path: str,
                read: ReadCount | None, breaks_off: bool, reading: LineTracker
                ) -> Iterator[Record]:
    """`parse_records` of the blocks `cut()` gives, `reading` kept up to date as they are
    cut: the line the cutter read last is where a failure of the cutter itself is located
    (a block's lines need not be the file's: an HTML archive's block is a table row's
    cells). A rejection is held back until the next block is cut, to know whether it is the
    file's last."""
    count = read if read is not None else ReadCount()
    held: tuple[Block, Rejection] | None = None
    try:
        for block in cut():
            if held is not None:
                count.records += 1
                yield held[1]
                held = None
            try:
                record = fmt.parse(block, path)
            except RecordError as exc:
                record = rejection(path, exc.line, exc.reason, fmt.name, exc.hand,
                                   fmt.holds_hands)
            except Exception as exc:  # a reader bug must not end the run: report it, go on
                record = rejection(path, block.start, _failure(exc), fmt.name, None,
                                   fmt.holds_hands)
            if isinstance(record, Rejection):
                held = (block, record)
                continue
            count.records += 1
            yield record
    except (OSError, UnicodeError) as exc:
        if held is not None:  # not the file's last record: the rest could not be read
            count.records += 1
            yield held[1]
            held = None
        count.records += 1
        yield Rejection.model_validate(
            {
                "location": {"file": path, "line": 0},
                "reason": f"the file could not be read to the end: {exc}",
                "source_format": fmt.name,
                "is_hand": False,
            }
        )
    except Exception as exc:  # the cutter's own failure: this file cannot be read on
        if held is not None:
            count.records += 1
            yield held[1]
            held = None
        count.records += 1
        yield rejection(path, max(reading.last, 1),
                        f"{_failure(exc)}; the rest of the file is not read",
                        fmt.name, None, is_hand=False)
    if held is not None:
        count.records += 1
        yield _at_file_end(fmt, *held, breaks_off)


def _at_file_end(fmt: InputFormat, block: Block, rejected: Rejection,
                 breaks_off: bool) -> Rejection:
    """The file's last record, rejected: its reason says so when the file ends inside it."""
    if fmt.name == TOURNAMENT_LOG:
        if not breaks_off or is_json(block.lines[-1]):
            return rejected  # a whole line, only its line break missing: judged as it is
        reason = f"the file ends in the middle of a log line: {rejected.reason}"
    elif (any(mark in rejected.reason for mark in CUT_MARKS)
          or (breaks_off and rejected.location.line == block.end)):
        record = "hand" if fmt.holds_hands else "summary"
        reason = (f"the file ends in the middle of this {record} (line {block.end} is its "
                  f"last): {rejected.reason}")
    else:
        return rejected
    return rejected.model_copy(update={"reason": bounded(reason)})


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
