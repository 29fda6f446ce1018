"""Every encoding and line ending the real clients wrote decodes to the same numbered lines."""

import codecs
from itertools import pairwise

from hypothesis import example, given
from hypothesis import strategies as st

from checker.ingest.decode import iter_lines_from_bytes, lines_of_chunks, sniff_encoding

TEXT_LINES = ["Full Tilt Poker Game #1: Table Zoë - $1/$2", "Seat 1: Hé ($200)", "", "end"]


def _lines(data: bytes) -> list[tuple[int, str]]:
    return list(iter_lines_from_bytes(data))


EXPECTED = list(enumerate(TEXT_LINES, start=1))


def test_utf16le_with_bom_and_crlf() -> None:
    data = codecs.BOM_UTF16_LE + "\r\n".join(TEXT_LINES).encode("utf-16-le")
    assert sniff_encoding(data) == "utf-16-le"
    assert _lines(data) == EXPECTED


def test_utf16le_without_bom() -> None:
    data = "\r\n".join(TEXT_LINES).encode("utf-16-le")
    assert sniff_encoding(data) == "utf-16-le"
    assert _lines(data) == EXPECTED


def test_utf8_with_bom() -> None:
    data = codecs.BOM_UTF8 + "\n".join(TEXT_LINES).encode("utf-8")
    assert sniff_encoding(data) == "utf-8-sig"
    assert _lines(data) == EXPECTED


def test_cp1252_line_among_utf8_lines() -> None:
    data = b"\r\n".join(
        [TEXT_LINES[0].encode("utf-8"), TEXT_LINES[1].encode("cp1252"), b"", b"end"]
    )
    assert _lines(data) == EXPECTED


def test_mixed_crlf_and_lf() -> None:
    data = b"a\r\nb\nc\r\n"
    assert _lines(data) == [(1, "a"), (2, "b"), (3, "c")]


def test_odd_byte_count_utf16_does_not_raise() -> None:
    data = codecs.BOM_UTF16_LE + "ab\r\ncd".encode("utf-16-le") + b"\x00"
    lines = _lines(data)
    assert lines[0][1] == "ab"
    assert lines[1][1].startswith("cd")


# Characters Python's text layer treats as line breaks are not part of any line's text.
_LINE_TEXT = st.text(
    alphabet=st.characters(
        blacklist_categories=["Cs"],
        blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\ufeff\x00",
    ),
    max_size=30,
)


@given(
    st.lists(_LINE_TEXT, min_size=1, max_size=20),
    st.sampled_from(["utf-8", "utf-8-sig", "utf-16"]),
    st.sampled_from(["\n", "\r\n"]),
)
def test_round_trip_any_text(lines: list[str], encoding: str, newline: str) -> None:
    data = newline.join(lines).encode(encoding)
    decoded = [text for _, text in _lines(data)]
    expected = lines if lines[-1] != "" else lines[:-1]
    assert decoded == expected


@given(st.binary(max_size=600))
def test_arbitrary_bytes_decode_without_error(data: bytes) -> None:
    for number, text in _lines(data):
        assert number >= 1
        assert "\n" not in text


@given(st.text(alphabet="ab\r\n\u00e9", max_size=60), st.lists(st.integers(0, 60), max_size=6))
@example("a\r\nb\n", [2])  # the "\r" ends one piece, its "\n" begins the next
@example("a\r\nb\r\n", [2, 3])
def test_lines_are_the_same_whatever_the_pieces(text: str, cuts: list[int]) -> None:
    """Decoded text cut into pieces anywhere (between a "\\r" and its "\\n" too, empty
    pieces): each line numbered, its one "\\r" before the break dropped, a "\\r" elsewhere
    kept, the last line kept when no break ends it."""
    bounds = [0, *sorted(min(cut, len(text)) for cut in cuts), len(text)]
    pieces = [text[a:b] for a, b in pairwise(bounds)]
    rows = text.split("\n")
    if rows[-1] == "":
        rows.pop()
    expected = [(number, row[:-1] if row.endswith("\r") else row)
                for number, row in enumerate(rows, 1)]
    assert list(lines_of_chunks(pieces)) == expected
