"""Turn a file's bytes into numbered text lines, streaming, whatever encoding the client used.

Full Tilt wrote UTF-16LE (with and without BOM), UTF-8 with BOM, cp1252 and ASCII, with CRLF,
LF or both. Encoding is decided from the first bytes; utf-8 vs cp1252 is decided per line
because a file can be ASCII for megabytes before its first accented name.
"""

import codecs
import io
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

Line = tuple[int, str]

_SNIFF_BYTES = 4096


def sniff_encoding(head: bytes) -> str:
    """Name the encoding of a file from its first bytes: 'utf-16-le', 'utf-16-be', 'utf-8-sig'
    or 'utf-8/cp1252' (decided per line)."""
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
    return "utf-8/cp1252"


def _decode_8bit(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _strip_eol(text: str) -> str:
    return text.rstrip("\r\n")


def iter_lines_from_stream(stream: BinaryIO) -> Iterator[Line]:
    """Numbered lines (1-based) of a binary stream, without line terminators."""
    head = stream.read(_SNIFF_BYTES)
    encoding = sniff_encoding(head)
    rest = io.BufferedReader(_Prepend(head, stream))  # type: ignore[arg-type]
    if encoding == "utf-8/cp1252":
        for number, raw in enumerate(rest, start=1):
            yield number, _strip_eol(_decode_8bit(raw))
        return
    if encoding == "utf-16-le" or encoding == "utf-16-be":
        if head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
            rest.read(2)
    else:  # utf-8-sig
        rest.read(3)
        encoding = "utf-8"
    text = io.TextIOWrapper(rest, encoding=encoding, errors="replace", newline=None)
    for number, line in enumerate(text, start=1):
        yield number, _strip_eol(line)


def iter_lines(path: Path) -> Iterator[Line]:
    with path.open("rb") as stream:
        yield from iter_lines_from_stream(stream)


def iter_lines_from_bytes(data: bytes) -> Iterator[Line]:
    return iter_lines_from_stream(io.BytesIO(data))


class _Prepend(io.RawIOBase):
    """A raw stream that replays the sniffed head before the rest of the underlying stream."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self._head = head
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer)
        if self._head:
            count = min(len(view), len(self._head))
            view[:count] = self._head[:count]
            self._head = self._head[count:]
            return count
        data = self._stream.read(len(view))
        view[: len(data)] = data
        return len(data)
