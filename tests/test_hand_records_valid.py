"""Every hand a reader builds is a record pydantic would have accepted.

The readers build the hand record directly (checker/model/hand_record.py), without the
validation the record had as a pydantic model: what it checked (cards by their pattern, enums,
the type of every field) the readers must guarantee themselves. Each hand they read from the
real corpora, the repository's hand histories and a tournament log is turned back into plain
values and validated field by field (`validate_hand`); it must come back equal."""

from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path

import pytest

from checker.ingest.stream import FileRecords, read_paths
from checker.model import Hand, LogRecord
from checker.model.hand import validate_hand
from checker.model.tournament_log import HandPlayed
from checker.replay.log_hand import LogContext, log_hand
from tests.conftest import REPO, SHARED

INPUTS = {
    "fulltilt real": SHARED / "corpus" / "real",
    "pokerstars real": SHARED / "corpus" / "real-pokerstars",
    "hand histories": REPO / "hand_histories",
}


def _hands(root: Path) -> Iterator[Hand]:
    for opened in read_paths([root]):
        if not isinstance(opened, FileRecords):
            continue
        for record in opened.records:
            if isinstance(record, Hand):
                yield record
            elif isinstance(record, LogRecord) and isinstance(record.event, HandPlayed):
                yield log_hand(record.event, record.location,
                               LogContext("Full Tilt Poker", "sng", 6))


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_every_hand_read_validates_as_it_is(name: str) -> None:
    count = 0
    kinds: set[str] = set()
    for hand in _hands(INPUTS[name]):
        plain = asdict(hand)
        assert validate_hand(plain) == hand, (hand.location, hand.hand_id)
        count += 1
        kinds.add(hand.source_format)
    # The input was read, and by more than one reader where it holds several formats.
    assert count > 100, count
    if name != "pokerstars real":
        assert len(kinds) >= 2, kinds


def test_a_card_a_reader_got_wrong_would_not_validate() -> None:
    """The check above can fail: the same hand with one hole card spoiled does not validate."""
    hand = next(h for h in _hands(INPUTS["fulltilt real"]) if h.hole_cards)
    plain = asdict(hand)
    player = next(iter(plain["hole_cards"]))
    plain["hole_cards"][player] = ["Xx", *plain["hole_cards"][player][1:]]
    with pytest.raises(ValueError, match="hole_cards"):
        validate_hand(plain)
