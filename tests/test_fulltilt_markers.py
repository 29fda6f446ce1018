"""The Full Tilt reader's street markers ('*** FLOP *** [Qc 7s 2d]'): read through their
cached head, they give what the marker pattern gives the whole line."""

from hypothesis import example, given, settings
from hypothesis import strategies as st

from checker.ingest.fulltilt_hand import _MARKER, marker_parts

_NAMES = st.sampled_from(["HOLE CARDS", "FLOP", "TURN", "RIVER", "SUMMARY", "SHOW DOWN",
                          "3RD STREET", "FLOPET", "DRAW", "FIRST DRAW", "X"])
# Pieces a marker line, or a line that looks like one, is made of.
_PIECES = st.lists(st.sampled_from(["*", "***", " ", " ***", "*** ", "2", "FLOP", "a", "[",
                                    "]", "Qc 7s", " [2d]", "-"]), max_size=8).map("".join)


def _by_pattern(text: str) -> tuple[str, str | None, str] | None:
    match = _MARKER.fullmatch(text)
    return None if match is None else (match.group(1), match.group(2), match.group(3))


@settings(max_examples=500, deadline=None)
@given(_NAMES, st.sampled_from(["", " 1", " 2"]), _PIECES)
@example("FLOP", "", " [Qc 7s 2d]")
@example("FLOP", " 2", " [Qc 7s 2d] [5h]")
def test_a_marker_reads_as_its_pattern(name: str, run: str, rest: str) -> None:
    text = f"*** {name}{run} ***{rest}"
    assert marker_parts(text) == _by_pattern(text)
    assert marker_parts(text) == _by_pattern(text)  # again: its head is now cached


@settings(max_examples=500, deadline=None)
@given(_PIECES)
@example("*** ***")
@example("*** *** [Qc]")
@example("****  *** x")
@example("*** flop *** [Qc]")
def test_any_line_reads_as_the_pattern_reads_it(text: str) -> None:
    assert marker_parts(text) == _by_pattern(text)
    assert marker_parts(text) == _by_pattern(text)
