"""The real corpus: every file's format detected, hands read (>= 99.5%), every rejection a real
defect named in docs/corpus-notes.md, and every read hand's money adding up."""

from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest

from checker.ingest.consistency import pot_problems
from checker.ingest.decode import iter_lines
from checker.ingest.detect import FORMATS, HEAD_LINES, clean_head_line
from checker.ingest.stream import FileRecords, UnrecognizedFile, open_file
from checker.model import Hand, Record, Rejection
from tests.conftest import CORPUS, REPO
from tests.corpus_expectations import HAND_FORMATS, count_hands_present, expected_format

CORPUS_NOTES = REPO / "docs" / "corpus-notes.md"

# Every record the readers reject in the real corpus, with the defect that makes it unreadable.
# (file relative to the corpus, first line of the record) -> words the reason must contain.
EXPECTED_REJECTIONS: dict[tuple[str, int], str] = {
    ("ftp/cash/Draw/3-Draw-Limit-USD-20-40-201101.Partial.txt", 1): (
        "marked '(partial)' and has no seat or action lines"
    ),
    ("ftp/tour/Flop/NLHE-6max-Matrix-USD-26-201211.match4.txt", 98): (
        "has no seat or action lines: only its summary was recorded"
    ),
    ("stars/tour/Flop/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", 110): (
        "breaks off on the river in the middle of line 110"
    ),
    ("stars/tour/Flop/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", 1436): (
        "breaks off before the flop in the middle of line 1436"
    ),
    ("phh/wsop2019/wsop_2019_42_3_00-01-07.phh", 8): (
        "has neither folded nor matched the 1150000 bet on the preflop"
    ),
}


def _corpus_files() -> Iterator[Path]:
    for path in sorted(CORPUS.rglob("*")):
        if path.is_file():
            yield path


def _relative(path: Path) -> str:
    return path.relative_to(CORPUS).as_posix()


@pytest.fixture(scope="module")
def corpus_read() -> dict[str, tuple[str | None, list[Record]]]:
    """Each corpus file: the detected format (None if unrecognised) and its records."""
    read: dict[str, tuple[str | None, list[Record]]] = {}
    for path in _corpus_files():
        opened = open_file(path)
        if isinstance(opened, UnrecognizedFile):
            read[_relative(path)] = (None, [])
        else:
            assert isinstance(opened, FileRecords)
            read[_relative(path)] = (opened.format.name, list(opened.records))
    return read


def test_every_file_format_is_detected_correctly(
    corpus_read: dict[str, tuple[str | None, list[object]]],
) -> None:
    wrong = {
        name: (fmt, expected_format(name))
        for name, (fmt, _) in corpus_read.items()
        if fmt != expected_format(name)
    }
    assert wrong == {}


def test_no_two_formats_claim_the_same_file() -> None:
    """Detection must not depend on the order formats are tried in."""
    claimed: dict[str, list[str]] = {}
    for path in _corpus_files():
        head = [clean_head_line(t) for _, t in islice(iter_lines(path), 400)]
        head = [t for t in head if t][:HEAD_LINES]
        names = [fmt.name for fmt in FORMATS if fmt.sniff(head)]
        if len(names) > 1:
            claimed[_relative(path)] = names
    assert claimed == {}


def test_hands_are_read_and_accounted_for(
    corpus_read: dict[str, tuple[str | None, list[object]]],
) -> None:
    present_total = 0
    read_total = 0
    mismatched: dict[str, tuple[int, int]] = {}
    for name, (fmt, records) in corpus_read.items():
        if fmt not in HAND_FORMATS:
            continue
        present = count_hands_present(CORPUS / name, fmt)
        hands = [r for r in records if isinstance(r, Hand)]
        rejected = [r for r in records if isinstance(r, Rejection) and r.is_hand]
        if len(hands) + len(rejected) != present:
            mismatched[name] = (present, len(hands) + len(rejected))
        present_total += present
        read_total += len(hands)
    assert mismatched == {}, "hands present vs hands read + rejected"
    assert present_total > 2500
    assert read_total >= 0.995 * present_total, (read_total, present_total)


def test_rejections_are_exactly_the_known_defects(
    corpus_read: dict[str, tuple[str | None, list[object]]],
) -> None:
    found = {
        (name, r.location.line): r.reason
        for name, (_, records) in corpus_read.items()
        for r in records
        if isinstance(r, Rejection)
    }
    assert set(found) == set(EXPECTED_REJECTIONS)
    for key, words in EXPECTED_REJECTIONS.items():
        assert words in found[key], (key, found[key])


def test_corpus_notes_list_every_rejection() -> None:
    notes = CORPUS_NOTES.read_text(encoding="utf-8")
    missing = [
        f"{name}:{line}" for name, line in EXPECTED_REJECTIONS if f"{name}:{line}" not in notes
    ]
    assert missing == []


def test_every_read_hand_adds_up(corpus_read: dict[str, tuple[str | None, list[object]]]) -> None:
    problems = {
        f"{name}:{r.location.line}": pot_problems(r)
        for name, (_, records) in corpus_read.items()
        for r in records
        if isinstance(r, Hand) and pot_problems(r)
    }
    assert problems == {}
