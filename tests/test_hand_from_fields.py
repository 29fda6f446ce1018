"""`hand_from_fields` builds the record `Hand(**fields)` builds, and refuses what it refuses.

The PokerStars and PHH readers gather a hand's fields by name as they read its lines; the
record is built from that dict by `hand_from_fields` (a direct call of the compiled
constructor, each value's type checked by a cast) instead of `Hand(**fields)` (the
constructor's keyword parsing). Both must give the same record for every hand read, and
the same refusal for a value of the wrong type."""

from collections.abc import Callable
from dataclasses import fields
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.ingest.stream import FileRecords, read_paths
from checker.model import Hand
from checker.model.hand_record import (
    Action,
    ActionKind,
    Award,
    BettingStructure,
    Game,
    Seat,
    Street,
    Unit,
    hand_from_fields,
)
from checker.model.source import SourceLocation
from tests.conftest import REPO, SHARED

_NAMES = [f.name for f in fields(Hand)]
_REQUIRED = ["site", "source_format", "hand_id", "game", "structure", "unit", "seats",
             "location", "end_line"]


def _fields_of(hand: Hand) -> dict[str, object]:
    return {name: getattr(hand, name) for name in _NAMES}


@pytest.mark.parametrize("root", [SHARED / "corpus" / "real-pokerstars",
                                  SHARED / "corpus" / "real", REPO / "hand_histories"],
                         ids=["pokerstars real", "fulltilt real", "hand histories"])
def test_every_hand_read_is_built_again_the_same(root: Path) -> None:
    count = 0
    for opened in read_paths([root]):
        if not isinstance(opened, FileRecords):
            continue
        for record in opened.records:
            if isinstance(record, Hand):
                named = _fields_of(record)
                assert hand_from_fields(named) == record == _by_keywords(named)
                count += 1
    assert count > 100, count


def _base() -> dict[str, object]:
    return {
        "site": "PokerStars", "source_format": "pokerstars-hand", "hand_id": "7",
        "game": Game.HOLDEM, "structure": BettingStructure.NO_LIMIT, "unit": Unit.CHIPS,
        "seats": [Seat(seat=1, player="a", stack=1500, line=4),
                  Seat(seat=2, player="b", stack=900, line=5)],
        "location": SourceLocation(file="x.txt", line=3), "end_line": 20,
    }


# A value of the declared type for each optional field, none of them the default.
_OPTIONAL: dict[str, object] = {
    "tournament_id": "123", "tournament_name": "Sunday", "fast_fold": True, "table": "T 1",
    "max_seats": 9, "cap": 500, "mixed": "HORSE", "currency": "USD", "small_blind": 10,
    "big_blind": 20, "small_bet": 20, "big_bet": 40, "button_blind": 40, "ante": 2,
    "bring_in": 5, "level": "IV", "played_at": datetime(2009, 3, 1, 12, 0),
    "played_at_zone": "ET", "played_at_et": datetime(2009, 3, 1, 12, 0), "button_seat": 2,
    "actions": [Action(index=0, street=Street.PREFLOP, player="a",
                       kind=ActionKind.SMALL_BLIND, line=6, amount=10)],
    "events": [], "hole_cards": {"a": ["As", "Kd"]}, "up_cards": {},
    "boards": [["2c", "3d", "4h"]],
    "shown": [], "returns": [], "awards": [Award(player="a", amount=30, pot="pot", line=9)],
    "cash_outs": [], "awards_recorded": False, "pot": None, "summary": [],
    "warnings": ["a warning"],
}


def test_the_lists_name_every_field() -> None:
    """The property below covers every field: a field added to Hand is added here too."""
    assert sorted(_REQUIRED + list(_OPTIONAL)) == sorted(_NAMES)


def _by_keywords(named: dict[str, object]) -> Hand:
    return Hand(**named)  # type: ignore[arg-type]


def _outcome(build: Callable[[dict[str, object]], Hand], named: dict[str, object]
             ) -> Hand | type[TypeError]:
    try:
        return build(named)
    except TypeError:
        return TypeError


@given(st.sets(st.sampled_from(sorted(_OPTIONAL))), st.sampled_from([*_NAMES, ""]),
       st.sampled_from([object(), "text", 3, None, (), [], True]))
def test_the_same_record_or_the_same_refusal(present: set[str], spoiled: str,
                                             value: object) -> None:
    """Optional fields present or left to their defaults, and at most one field given a value
    of another type: the same record from both, or a TypeError from both."""
    named = _base() | {name: _OPTIONAL[name] for name in present}
    if spoiled:
        named[spoiled] = value
    assert _outcome(hand_from_fields, named) == _outcome(_by_keywords, named)


def test_a_name_that_is_no_field_is_refused() -> None:
    with pytest.raises(TypeError, match="no field 'stakes'"):
        hand_from_fields(_base() | {"stakes": "10/20"})


def test_a_missing_required_field_is_refused() -> None:
    named = _base()
    del named["hand_id"]
    with pytest.raises(KeyError):
        hand_from_fields(named)
