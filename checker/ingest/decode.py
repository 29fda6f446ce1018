"""Turn a file's bytes into numbered text lines, streaming, whatever encoding the client used.

Full Tilt wrote UTF-16LE (with and without BOM), UTF-8 with BOM, cp1252 and ASCII, with CRLF,
LF or both. Encoding is decided from the first bytes; utf-8 vs cp1252 is decided per chunk
(and per line inside a chunk that is not valid UTF-8) because a file can be ASCII for
megabytes before its first accented name. Files are decoded in large chunks and split on
"\\n": per-line decoding costs more than the parsing it feeds.
"""

import codecs
import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO, Final

Line = tuple[int, str]
# Lines in a row: the number of the first, and the lines.
Run = tuple[int, list[str]]

_SNIFF_BYTES: Final = 4096
_CHUNK_BYTES: Final = 1 << 20
_EIGHT_BIT: Final = "utf-8/cp1252"


def sniff_encoding(head: bytes) -> str:
    """Name the encoding of a file from its first bytes: 'utf-16-le', 'utf-16-be', 'utf-8-sig'
    or 'utf-8/cp1252' (decided per chunk)."""
    if head.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le"
    if head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be"
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    sample = head[:512]
    if len(sample) >= 4:
        odd_nuls = sample[1::2].count(0)
        even_nuls = sample[0::2].count(0)
        half = len(sample) // 2
        if odd_nuls > half * 0.6 and even_nuls < half * 0.1:
            return "utf-16-le"
        if even_nuls > half * 0.6 and odd_nuls < half * 0.1:
            return "utf-16-be"
    return _EIGHT_BIT


def _decode_8bit(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        # Decide line by line: one cp1252 name must not garble the UTF-8 lines around it.
        return "\n".join(_decode_8bit_line(part) for part in raw.split(b"\n"))


def _decode_8bit_line(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def text_chunks(stream: BinaryIO) -> Iterator[str]:
    """Decoded text in large pieces; 8-bit pieces end on a line break so lines are whole."""
    head = stream.read(_SNIFF_BYTES)
    encoding = sniff_encoding(head)
    if encoding == _EIGHT_BIT:
        pending = head
        while True:
            data = stream.read(_CHUNK_BYTES)
            if not data:
                break
            pending += data
            cut = pending.rfind(b"\n") + 1
            if cut:
                yield _decode_8bit(pending[:cut])
                pending = pending[cut:]
        if pending:
            yield _decode_8bit(pending)
        return
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(
        encoding, codecs.BOM_UTF8
    )
    if head.startswith(bom):
        head = head[len(bom) :]
    decoder = codecs.getincrementaldecoder(encoding.replace("-sig", ""))(errors="replace")
    data = head
    while data:
        yield decoder.decode(data)
        data = stream.read(_CHUNK_BYTES)
    yield decoder.decode(b"", final=True)


def iter_lines_from_stream(stream: BinaryIO) -> Iterator[Line]:
    """Numbered lines (1-based) of a binary stream, without line terminators."""
    return lines_of_chunks(text_chunks(stream))


class LineTracker:
    """The number of the last line passed on (where a failure of a block cutter is located):
    set by `lines_of_runs` as it yields, by a cutter of runs as it cuts, or by `follow` for
    lines from elsewhere."""

    def __init__(self) -> None:
        self.last = 0

    def follow(self, lines: Iterator[Line]) -> Iterator[Line]:
        for line in lines:
            self.last = line[0]
            yield line


def line_runs(chunks: Iterable[str]) -> Iterator[Run]:
    """The lines (without terminators) of decoded text given in pieces (`text_chunks`), a run
    per piece: the number (1-based) of its first line and its whole lines, the one carriage
    return before a break dropped. A cutter that takes runs (`blocks_of_runs`) loops over a
    list: no generator resumed and no `(number, text)` tuple made per line."""
    passed = 0
    carry = ""
    for chunk in chunks:
        if not chunk:
            continue
        text = carry + chunk
        lines = text.split("\n")
        carry = lines.pop()
        # One scan of the piece for a carriage return (memchr), not a test per line: most
        # files end their lines with "\n" alone.
        if "\r" in text:
            lines = [line[:-1] if line.endswith("\r") else line for line in lines]
        if lines:
            yield passed + 1, lines
            passed += len(lines)
    if carry:
        yield passed + 1, [carry[:-1] if carry.endswith("\r") else carry]


def lines_of_runs(runs: Iterable[Run], reading: LineTracker | None = None) -> Iterator[Line]:
    """The runs' numbered lines one by one, each line's number put in `reading` as it is
    passed on (for the cutters that take lines)."""
    for first, lines in runs:
        number = first
        for line in lines:
            if reading is not None:
                reading.last = number
            yield number, line
            number += 1


def lines_of_chunks(chunks: Iterable[str], reading: LineTracker | None = None
                    ) -> Iterator[Line]:
    """Numbered lines (1-based) of decoded text given in pieces (`text_chunks`), without line
    terminators; each line's number put in `reading` as it is passed on."""
    return lines_of_runs(line_runs(chunks), reading)


def iter_lines(path: Path) -> Iterator[Line]:
    with path.open("rb") as stream:
        yield from iter_lines_from_stream(stream)


def iter_lines_from_bytes(data: bytes) -> Iterator[Line]:
    return iter_lines_from_stream(io.BytesIO(data))
