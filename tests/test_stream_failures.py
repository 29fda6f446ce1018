"""Readers' failures found by fuzzing and by the fresh-clone run: a reader that fails while
cutting a file into records (not while reading one record) ends that file with a located
rejection, the records before it kept and the run going on; and the campaign's findings."""

import gc
import warnings
from collections.abc import Iterable, Iterator
from itertools import chain

import pytest

from checker.ingest import fulltilt_summary, phh, tournament_log
from checker.ingest.base import Block, RecordError
from checker.ingest.decode import Line, LineTracker, Run, iter_lines_from_bytes, line_runs
from checker.ingest.stream import (
    FileRecords,
    ReadCount,
    open_file,
    parse_records,
    records_of_runs,
)
from checker.model import Hand, Rejection, TournamentSummary
from fuzz.checks import MAX_WARNING
from tests.conftest import CORPUS, REPO
from tests.test_ingest_summaries import ARCHIVE, ARCHIVE_PAGE, snippet

PHH = phh.FORMAT
FT_SUMMARY = fulltilt_summary.FORMAT
LOG = tournament_log.FORMAT


class _CutterThatFails:
    """A format whose cutting breaks after its first record (a reader bug, planted)."""

    name = "planted"
    holds_hands = True

    def sniff(self, head: list[str]) -> bool:
        return True

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        first = next(lines)
        yield Block(first[0], [first[1]])
        raise ValueError("the cutter broke")

    def parse(self, block: Block, path: str) -> Hand:
        raise RuntimeError("not reached")


def test_a_cutter_that_fails_ends_the_file_with_a_located_rejection() -> None:
    records = list(parse_records(_CutterThatFails(), iter_lines_from_bytes(b"a\nb\nc\n"),
                                 "planted.txt"))
    assert [type(r) for r in records] == [Rejection, Rejection]
    last = records[-1]
    assert isinstance(last, Rejection)
    assert last.location.line == 1 and not last.is_hand
    assert last.reason == ("reader error: ValueError: the cutter broke; the rest of the file is "
                           "not read")


class _CutterThatFailsAt:
    """A format whose cutting breaks on reading line `at` (a reader bug, planted)."""

    name = "planted"
    holds_hands = True

    def __init__(self, at: int) -> None:
        self.at = at

    def sniff(self, head: list[str]) -> bool:
        return True

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        for number, text in lines:
            if number == self.at:
                raise ValueError("the cutter broke")
            yield Block(number, [text])

    def parse(self, block: Block, path: str) -> Hand:
        raise RecordError("planted", block.start)


class _RunCutterThatFailsAt(_CutterThatFailsAt):
    """The same, cutting the lines in runs (as the Full Tilt hand format does)."""

    def blocks_of_runs(self, runs: Iterable[Run], reading: LineTracker) -> Iterator[Block]:
        for first, lines in runs:
            for number, text in enumerate(lines, first):
                reading.last = number
                if number == self.at:
                    raise ValueError("the cutter broke")
                yield Block(number, [text])


@pytest.mark.parametrize("cutter", [_CutterThatFailsAt, _RunCutterThatFailsAt])
@pytest.mark.parametrize("at", [1, 2, 3, 4, 7])
def test_a_cutter_failure_after_the_format_was_detected_is_located_at_its_line(
        at: int, cutter: type[_CutterThatFailsAt]) -> None:
    """As `open_file` reads a file: its first run of lines read first (to detect the
    format), then given again before the rest, to a cutter of lines or of runs: the failure
    is at the line the cutter read last, inside the first run or after it."""
    runs = line_runs(["a\nb\nc\nd\n", "e\nf\ng\nh\n"])
    first = [next(runs)]
    records = list(records_of_runs(cutter(at), chain(first, runs), "planted.txt", ReadCount(),
                                   False))
    rejected = [r for r in records if isinstance(r, Rejection)]
    assert len(rejected) == len(records)
    assert [r.location.line for r in rejected] == [*range(1, at), at]
    assert "the cutter broke" in rejected[-1].reason


def test_an_archive_footer_with_an_absurd_count_is_a_located_rejection() -> None:
    footer_count = ARCHIVE_PAGE.split("<tfoot>")[1].split("</tfoot>")[0]
    page = ARCHIVE_PAGE.replace(footer_count, footer_count.replace(">2<", ">" + "9" * 5000 + "<"))
    assert page != ARCHIVE_PAGE
    found = snippet(ARCHIVE, page)
    assert [type(r) for r in found] == [TournamentSummary, TournamentSummary, Rejection]
    rejected = found[-1]
    assert isinstance(rejected, Rejection)
    assert rejected.reason.startswith("a number of more than 4,300 digits")
    # Where the reader was when it failed: the footer is read once the page has ended, so at
    # the page's last line; never past it (a block of this format is a row's cells, not its
    # lines: found by hypothesis, a failure was once located past the end of the file).
    assert rejected.location.line == len(page.splitlines())


def test_a_phh_date_beyond_any_calendar_is_a_located_rejection() -> None:
    """Found by the fuzz campaign: a year of 20 digits overflowed a C int (OverflowError, a
    reader error); it is a date that does not exist."""
    text = (CORPUS / "phh/wsop2023/test_2023_43_5__test_11_00_35_59.phh").read_text()
    dated = text + "\nyear = 99999999999999999999\nmonth = 7\nday = 1\ntime = 12:00:00\n"
    [record] = list(parse_records(PHH, iter_lines_from_bytes(dated.encode()), "dated.phh"))
    assert isinstance(record, Rejection)
    assert "no such date 99999999999999999999-7-1" in record.reason


def test_a_summary_warning_listing_names_is_bounded() -> None:
    """Found by the fuzz campaign: a closing line naming no listed player quoted every name at
    that place, whatever their length."""
    summary = (CORPUS / "ftp/summaries/NLHE-USD-SnG-6man-201007.Hero.wins.worded.date.format.txt"
               ).read_text(encoding="utf-16")
    damaged = summary.replace("1: Hero,", "1: " + "H" * 3000 + ",").replace(
        "Hero finished in 1st place", "Nobody finished in 1st place")
    [record] = list(parse_records(FT_SUMMARY, iter_lines_from_bytes(damaged.encode()), "s.txt"))
    assert isinstance(record, TournamentSummary)
    [warning] = [w for w in record.warnings if "closing line names 'Nobody'" in w]
    assert len(warning) < MAX_WARNING


def test_a_log_number_no_decimal_can_hold_is_a_located_rejection() -> None:
    """Found by the fuzz campaign: an exponent of 90 digits raised decimal's InvalidOperation
    (a reader error)."""
    lines = (REPO / "hand_histories/logs/sng-6max-700001.jsonl").read_text().splitlines()
    huge = '{"event": "registration", "seq": 6e' + "6" * 90 + ', "tournament": "700001"}'
    data = "\n".join([lines[0], huge, *lines[1:3]]).encode()
    records = list(parse_records(LOG, iter_lines_from_bytes(data), "log.jsonl"))
    rejected = [r for r in records if isinstance(r, Rejection)]
    assert [r.location.line for r in rejected] == [2]
    assert rejected[0].reason == ("line 2 is not a JSON object: a number beyond what a decimal "
                                  "can hold")
    assert len(records) == 4


def test_a_file_dropped_half_read_is_closed_by_its_reader() -> None:
    """A consumer that stops early (an interrupted audit, `explain` once it has its hand)
    drops the records: the file is closed then, by the reader's own `with`, not later by the
    collector with a ResourceWarning (a compiled generator would not run the `with`:
    stream._chunks_then_close stays interpreted)."""
    path = REPO / "hand_histories" / "samples" / "ftp" / "FT900001.hands.txt"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        opened = open_file(path)
        assert isinstance(opened, FileRecords)
        records = iter(opened.records)
        next(records)
        del records, opened
        gc.collect()
    assert [w for w in caught if issubclass(w.category, ResourceWarning)] == []
