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
    set by `lines_of_chunks` as it yields, or by `follow` for lines from elsewhere."""

    def __init__(self) -> None:
        self.last = 0

    def follow(self, lines: Iterator[Line]) -> Iterator[Line]:
        for line in lines:
            self.last = line[0]
            yield line


def lines_of_chunks(chunks: Iterable[str], reading: LineTracker | None = None
                    ) -> Iterator[Line]:
    """Numbered lines (1-based) of decoded text given in pieces (`text_chunks`), without line
    terminators; each line's number put in `reading` as it is passed on (no generator of
    its own between: every line of every input passes here)."""
    number = 0
    carry = ""
    for chunk in chunks:
        if not chunk:
            continue
        text = carry + chunk
        lines = text.split("\n")
        carry = lines.pop()
        # One scan of the piece for a carriage return (memchr), not a test per line: most
        # files end their lines with "\n" alone.
        returns = "\r" in text
        for line in lines:
            number += 1
            if reading is not None:
                reading.last = number
            yield number, line[:-1] if returns and line.endswith("\r") else line
    if carry:
        if reading is not None:
            reading.last = number + 1
        yield number + 1, carry[:-1] if carry.endswith("\r") else carry


def iter_lines(path: Path) -> Iterator[Line]:
    with path.open("rb") as stream:
        yield from iter_lines_from_stream(stream)


def iter_lines_from_bytes(data: bytes) -> Iterator[Line]:
    return iter_lines_from_stream(io.BytesIO(data))
