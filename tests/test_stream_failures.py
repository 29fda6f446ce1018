"""A reader that fails while cutting a file into records (not while reading one record) ends
that file with a located rejection; the records before it are kept and the run goes on."""

from collections.abc import Iterator

from checker.ingest.base import Block
from checker.ingest.decode import Line, iter_lines_from_bytes
from checker.ingest.stream import parse_records
from checker.model import Hand, Rejection, TournamentSummary
from tests.test_ingest_summaries import ARCHIVE, ARCHIVE_PAGE, snippet


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


def test_an_archive_footer_with_an_absurd_count_is_a_located_rejection() -> None:
    footer_count = ARCHIVE_PAGE.split("<tfoot>")[1].split("</tfoot>")[0]
    page = ARCHIVE_PAGE.replace(footer_count, footer_count.replace(">2<", ">" + "9" * 5000 + "<"))
    assert page != ARCHIVE_PAGE
    found = snippet(ARCHIVE, page)
    assert [type(r) for r in found] == [TournamentSummary, TournamentSummary, Rejection]
    rejected = found[-1]
    assert isinstance(rejected, Rejection)
    assert rejected.reason.startswith("a number of more than 4,300 digits")
