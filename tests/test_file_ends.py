"""A file that ends in the middle of its last record says so in that record's rejection, for
every input format; a record rejected for another reason keeps its reason, last or not.

Each case cuts one real file (tests/test_readers_fuzz.py SAMPLES) the way a copy or a writer
cut short does: at the end of a line, or in the middle of one with no line break after it.
"""

from collections.abc import Iterator
from pathlib import Path

from checker.ingest.base import Block, RecordError, split_on_blank_runs
from checker.ingest.decode import Line, iter_lines, iter_lines_from_bytes
from checker.ingest.excerpt import REASON_CHARS
from checker.ingest.stream import FileRecords, open_file, parse_records
from checker.model import Record, Rejection
from tests.conftest import CORPUS, SHARED
from tests.test_readers_fuzz import SAMPLES

ONE_BAD_HAND = (SHARED / "corpus" / "real-pokerstars" / "tour" / "wizardwerdna__pokerstats"
                / "spec" / "file_one_hand.txt")


def _lines(name: str) -> list[str]:
    path = Path(SAMPLES[name])
    return [text for _, text in iter_lines(path if path.is_absolute() else CORPUS / path)]


def _up_to(lines: list[str], marker: str) -> list[str]:
    """The lines before the first that starts with `marker`."""
    return lines[: next(i for i, text in enumerate(lines) if text.startswith(marker))]


def _records(tmp_path: Path, data: bytes, name: str = "cut.txt") -> list[object]:
    path = tmp_path / name
    path.write_bytes(data)
    opened = open_file(path)
    assert isinstance(opened, FileRecords), opened
    return list(opened.records)


def _last_rejection(tmp_path: Path, data: bytes, name: str = "cut.txt") -> Rejection:
    last = _records(tmp_path, data, name)[-1]
    assert isinstance(last, Rejection), last
    return last


def _ends_at_a_line(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


def _ends_in_a_line(lines: list[str], last: str) -> bytes:
    """`lines`, then the first half of `last` with no line break after it."""
    return ("\n".join(lines) + "\n" + last[: len(last) // 2]).encode("utf-8")


def test_a_full_tilt_hand_without_its_summary(tmp_path: Path) -> None:
    lines = _up_to(_lines("fulltilt-hand"), "*** SUMMARY ***")
    n = len(lines)
    reason = _last_rejection(tmp_path, _ends_at_a_line(lines)).reason
    assert reason == (f"the file ends in the middle of this hand (line {n} is its last): "
                      f"hand ends at line {n} without a summary section (truncated)")


def test_a_pokerstars_hand_cut_in_a_line(tmp_path: Path) -> None:
    lines = _up_to(_lines("pokerstars-hand"), "*** SUMMARY ***")
    data = _ends_in_a_line(lines[:-1], lines[-1])
    reason = _last_rejection(tmp_path, data).reason
    n = len(lines)
    assert reason.startswith(f"the file ends in the middle of this hand (line {n} is its "
                             f"last): hand ends ")
    assert reason.endswith("no summary section (truncated)")


def test_a_phh_hand_cut_in_its_actions(tmp_path: Path) -> None:
    lines = _up_to(_lines("phh"), "actions =")
    actions = next(t for t in _lines("phh") if t.startswith("actions ="))
    reason = _last_rejection(tmp_path, _ends_in_a_line(lines, actions), "cut.phh").reason
    assert reason.startswith(f"the file ends in the middle of this hand (line {len(lines) + 1} "
                             "is its last): not valid TOML: ")


def test_a_full_tilt_summary_cut_before_its_entries(tmp_path: Path) -> None:
    lines = _up_to(_lines("fulltilt-summary"), "6 Entries")
    n = len(lines)
    reason = _last_rejection(tmp_path, _ends_at_a_line(lines)).reason
    assert reason == (f"the file ends in the middle of this summary (line {n} is its last): "
                      f"summary ends after line {n} with no entries and no places (truncated)")


def test_a_pokerstars_summary_cut_in_a_place_line(tmp_path: Path) -> None:
    lines = _up_to(_lines("pokerstars-summary"), "  2: ")
    second = next(t for t in _lines("pokerstars-summary") if t.startswith("  2: "))
    n = len(lines) + 1
    reason = _last_rejection(tmp_path, _ends_in_a_line(lines, second)).reason
    assert reason.startswith(f"the file ends in the middle of this summary (line {n} is its "
                             f"last): line {n}: place line not understood")


def test_a_pokertracker_summary_cut_in_a_place_line(tmp_path: Path) -> None:
    lines = _up_to(_lines("pokertracker-summary"), "Place: 4,")
    fourth = next(t for t in _lines("pokertracker-summary") if t.startswith("Place: 4,"))
    n = len(lines) + 1
    reason = _last_rejection(tmp_path, _ends_in_a_line(lines, fourth)).reason
    assert reason.startswith(f"the file ends in the middle of this summary (line {n} is its "
                             f"last): line {n}: ")


def test_a_pokerstars_archive_cut_before_its_footer(tmp_path: Path) -> None:
    lines = _up_to(_lines("pokerstars-archive-html"), "</tbody>")
    n = len(lines)
    reason = _last_rejection(tmp_path, _ends_at_a_line(lines), "cut.htm").reason
    assert reason.startswith(f"the file ends in the middle of this summary (line {n} is its "
                             "last): the archive ends after ")
    assert reason.endswith(" rows without the table footer (truncated)")


def test_a_tournament_log_cut_in_its_last_line(tmp_path: Path) -> None:
    lines = _lines("tournament-log")
    n = len(lines)
    reason = _last_rejection(tmp_path, _ends_in_a_line(lines[:-1], lines[-1]), "cut.jsonl").reason
    assert reason.startswith(f"the file ends in the middle of a log line: line {n} is not a "
                             "JSON object: ")


def test_a_log_line_that_is_whole_keeps_its_reason(tmp_path: Path) -> None:
    """Not JSON but ended by a line break, or JSON but not the schema's and with no line break
    after it: the file does not end inside either."""
    lines = _lines("tournament-log")
    n = len(lines)
    garbled = _last_rejection(tmp_path, _ends_at_a_line([*lines[:-1], lines[-1][:40]]), "a.jsonl")
    assert garbled.reason.startswith(f"line {n} is not a JSON object: ")
    wrong = lines[-1].replace('"event": "', '"event": "no_such_', 1)
    assert wrong != lines[-1]
    whole = _last_rejection(tmp_path, ("\n".join([*lines[:-1], wrong])).encode("utf-8"), "b.jsonl")
    assert whole.reason.startswith(f"line {n} breaks the tournament-log schema")


def test_a_last_line_too_deep_to_read_is_not_said_to_be_cut(tmp_path: Path) -> None:
    lines = _lines("tournament-log")
    deep = _last_rejection(tmp_path, ("\n".join(lines) + "\n" + "[" * 100_000).encode(),
                           "deep.jsonl")
    assert deep.reason.startswith(f"line {len(lines) + 1} is not a JSON object: ")


class _CutShort:
    """Every record is found cut short, with as long a reason as a reader may give."""

    name = "cut-short"
    holds_hands = True

    def sniff(self, head: list[str]) -> bool:
        return True

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        return split_on_blank_runs(lines)

    def parse(self, block: Block, path: str) -> Record:
        raise RecordError("cut short (truncated): " + "x" * REASON_CHARS, block.end)


def test_a_long_reason_stays_bounded() -> None:
    """The reason a reader gives is bounded (checker/ingest/excerpt.py); with the file's end
    said before it, so it still is."""
    records = list(parse_records(_CutShort(), iter_lines_from_bytes(b"a\nb\n"), "f.txt"))
    (rejected,) = records
    assert isinstance(rejected, Rejection)
    assert rejected.reason.startswith("the file ends in the middle of this hand (line 2 is its "
                                      "last): cut short (truncated): xxx")
    assert len(rejected.reason) <= REASON_CHARS + 40


def test_a_utf16_file_cut_in_a_line(tmp_path: Path) -> None:
    lines = _up_to(_lines("pokerstars-summary"), "  2: ")
    second = next(t for t in _lines("pokerstars-summary") if t.startswith("  2: "))
    text = "\ufeff" + "\n".join(lines) + "\n" + second[: len(second) // 2]
    reason = _last_rejection(tmp_path, text.encode("utf-16-le")).reason
    assert reason.startswith(f"the file ends in the middle of this summary (line "
                             f"{len(lines) + 1} is its last)")


def test_a_complete_files_last_hand_keeps_its_reason(tmp_path: Path) -> None:
    """The reader found the hand broken at its line 22, not where the file ends: with or
    without a line break at the end, the file is not said to end inside it."""
    data = ONE_BAD_HAND.read_bytes()
    for name, content in (("with.txt", data), ("without.txt", data.rstrip(b"\r\n"))):
        rejected = _last_rejection(tmp_path, content, name)
        assert rejected.reason.startswith("line 22 not understood"), (name, rejected.reason)


def test_a_hand_cut_before_another_keeps_the_readers_reason(tmp_path: Path) -> None:
    lines = _lines("pokerstars-hand")
    cut = _up_to(lines, "*** SUMMARY ***")
    records = _records(tmp_path, _ends_at_a_line([*cut, "", "", *lines]))
    assert [type(r).__name__ for r in records] == ["Rejection", "Hand"]
    first = records[0]
    assert isinstance(first, Rejection)
    assert "file ends" not in first.reason and first.reason.endswith("(truncated)")
