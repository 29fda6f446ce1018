"""Cutting line streams into records, and the driver that never lets a record end the run."""

from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from checker.ingest.base import Block, RecordError, deck_cards, split_at, split_on_blank_runs
from checker.ingest.decode import Line, iter_lines_from_bytes
from checker.ingest.stream import parse_records
from checker.model import Record, Rejection
from checker.model.cards import DECK, is_card


def _numbered(*lines: str) -> Iterator[Line]:
    return iter(enumerate(lines, start=1))


def test_split_at_keeps_orphan_lines_before_first_start() -> None:
    blocks = list(
        split_at(
            _numbered("junk", "", "H 1", "a", "", "", "H 2", "b", ""), lambda t: t.startswith("H ")
        )
    )
    assert blocks == [Block(1, ["junk"]), Block(3, ["H 1", "a"]), Block(7, ["H 2", "b"])]
    assert blocks[1].end == 4


def test_split_on_blank_runs() -> None:
    blocks = list(split_on_blank_runs(_numbered("", "a", "b", "", "c", "", "", "d")))
    assert blocks == [Block(2, ["a", "b"]), Block(5, ["c"]), Block(8, ["d"])]


def test_split_on_blank_runs_needs_the_minimum_run() -> None:
    blocks = list(split_on_blank_runs(_numbered("a", "", "b", "", "", "c"), min_blank=2))
    assert blocks == [Block(1, ["a", "", "b"]), Block(6, ["c"])]


class _ToyFormat:
    """Records are 'OK n', 'BAD' (a damaged record) or 'BOOM' (a reader bug)."""

    name = "toy"
    holds_hands = True

    def sniff(self, head: list[str]) -> bool:
        return bool(head) and head[0].startswith("OK")

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        return split_on_blank_runs(lines)

    def parse(self, block: Block, path: str) -> Record:
        first = block.lines[0]
        if first == "BAD":
            raise RecordError("damaged on purpose", block.start, hand="h-bad")
        if first == "BOOM":
            raise ZeroDivisionError("bug")
        return Rejection.model_validate(
            {"location": {"file": path, "line": block.start}, "reason": f"parsed {first}"}
        )


def test_driver_turns_damage_and_bugs_into_located_rejections_and_goes_on() -> None:
    data = b"OK 1\n\nBAD\n\nBOOM\n\nOK 2\n"
    records = list(parse_records(_ToyFormat(), iter_lines_from_bytes(data), "f.txt"))
    assert [r.location.line for r in records] == [1, 3, 5, 7]
    reasons = [r.reason for r in records if isinstance(r, Rejection)]
    assert reasons[0] == "parsed OK 1"
    assert reasons[1] == "damaged on purpose"
    assert reasons[2].startswith("reader error: ZeroDivisionError")
    assert reasons[3] == "parsed OK 2"
    assert isinstance(records[1], Rejection) and records[1].hand == "h-bad"


# Texts near a bracket's cards: ranks, suits, lower- and upper-case near misses, spaces and
# tabs, characters past ASCII.
_NEAR_CARDS = st.text(alphabet="AKQJT98765432cdhsaxX \t\u00e9", max_size=20)


@given(_NEAR_CARDS)
def test_deck_cards_reads_only_cards_one_space_apart_as_the_split_does(text: str) -> None:
    cards = deck_cards(text)
    tokens = text.split()
    if cards is None:
        # Left to the readers' general reading: not cards, or not one space apart.
        assert not tokens or not all(is_card(t) for t in tokens) or " ".join(tokens) != text
    else:
        assert cards == tokens and all(is_card(card) for card in cards)
        # The deck's own texts: one object per card for the whole run.
        assert all(card is DECK[DECK.index(card)] for card in cards)


def test_deck_cards_of_the_usual_brackets() -> None:
    assert deck_cards("Ah Kd 2c") == ["Ah", "Kd", "2c"]
    assert deck_cards("Ts") == ["Ts"]
    for text in ("", "Ah  Kd", "Ah\tKd", " Ah", "Ah ", "ah", "1c", "Ahh"):
        assert deck_cards(text) is None, text
