"""A hand our own code did not build (checker/model/hand.py `validate_hand`).

A reader builds a hand and its parts itself. Anything else (a dict, from a test or a caller) is
validated field by field against the record's declared annotations, as the pydantic models the
hand and its parts once were validated it, then built as the record's own classes; a part
given built already is taken as it is."""

from datetime import datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from checker.model.hand import (
    Action,
    ActionKind,
    Award,
    BettingStructure,
    Game,
    Hand,
    RecordedPot,
    Seat,
    ShownCards,
    Street,
    Unit,
    validate_hand,
)
from checker.model.source import SourceLocation


def _hand(**parts: object) -> dict[str, object]:
    return {"site": "s", "source_format": "f", "hand_id": "1", "game": "holdem",
            "structure": "no_limit", "unit": "chips",
            "seats": [{"seat": 1, "player": "ann", "stack": 500, "line": 2},
                      {"seat": 2, "player": "bob", "stack": 700, "line": 3}],
            "location": {"file": "x.txt", "line": 1}, "end_line": 9, **parts}


def test_a_hand_given_as_a_dict_becomes_the_record() -> None:
    hand = validate_hand(_hand(played_at="2009-03-01T20:15:00",
                               hole_cards={"ann": ["Ah", "Kd"]}, boards=[["2c", "3d", "4h"]]))
    assert type(hand) is Hand
    assert (hand.game, hand.structure, hand.unit) == (Game.HOLDEM, BettingStructure.NO_LIMIT,
                                                       Unit.CHIPS)
    assert hand.played_at == datetime(2009, 3, 1, 20, 15)
    assert hand.location == SourceLocation(file="x.txt", line=1)
    assert (hand.hole_cards, hand.boards) == ({"ann": ["Ah", "Kd"]}, [["2c", "3d", "4h"]])
    assert (hand.actions, hand.awards, hand.warnings, hand.awards_recorded) == ([], [], [], True)


@pytest.mark.parametrize(("field", "value"), [
    ("unit", "litres"), ("game", "snap"), ("hole_cards", {"ann": ["Ah", "K"]}),
    ("boards", [["2c", "3d", "1h"]]), ("button_seat", "first"), ("dealer", 3),
    ("location", {"file": "x.txt"}),
])
def test_a_hands_own_fields_are_validated(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as raised:
        validate_hand(_hand(**{field: value}))
    assert field in str(raised.value)


def test_a_part_a_reader_built_is_kept_as_it_is() -> None:
    action = Action(0, Street.PREFLOP, "ann", ActionKind.BET, 4, amount=20)
    hand = validate_hand(_hand(actions=[action]))
    assert hand.actions[0] is action


def test_a_part_given_as_a_dict_becomes_the_part_with_its_defaults() -> None:
    hand = validate_hand(_hand(
        actions=[{"index": 0, "street": "flop", "player": "ann", "kind": "raise",
                  "amount": 40, "to": 40, "line": 5}],
        awards=[{"player": "bob", "amount": 80, "line": 8}],
        pot={"total": 80, "line": 7}))
    assert hand.seats == [Seat(1, "ann", 500, 2), Seat(2, "bob", 700, 3)]
    assert hand.actions == [Action(0, Street.FLOP, "ann", ActionKind.RAISE, 5, 40, 40)]
    assert type(hand.actions[0]) is Action and hand.actions[0].kind is ActionKind.RAISE
    assert hand.awards == [Award("bob", 80, 8, pot="pot", half=None, board=0)]
    assert hand.pot == RecordedPot(80, 7, 0, [])


@pytest.mark.parametrize(("part", "value", "where"), [
    ("shown", [{"player": "ann", "cards": ["Ah", "1x"], "line": 6}], "cards"),
    ("actions", [{"index": 0, "street": "flop", "player": "ann", "kind": "shove",
                  "line": 5}], "kind"),
    ("actions", [{"index": 0, "street": "flop", "player": "ann", "kind": "bet",
                  "amount": "twenty", "line": 5}], "amount"),
    ("awards", [{"player": "bob", "amount": 80}], "line"),
    ("awards", [{"player": "bob", "amount": 80, "line": 8, "paid": True}], "paid"),
    ("returns", ["bob gets 20 back"], "returns"),
])
def test_a_dict_part_is_validated_field_by_field(part: str, value: object, where: str) -> None:
    with pytest.raises(ValidationError) as raised:
        validate_hand(_hand(**{part: value}))
    assert where in str(raised.value)


@given(st.lists(st.sampled_from(["2c", "Td", "Ah", "Ks", "7h"]), max_size=4),
       st.booleans(), st.integers(min_value=1, max_value=10**6))
def test_shown_cards_as_a_dict_or_built_are_the_same_part(cards: list[str], mucked: bool,
                                                          line: int) -> None:
    given_as_dict: dict[str, Any] = {"player": "ann", "cards": cards, "line": line}
    if mucked:
        given_as_dict["mucked"] = True
    from_dict = validate_hand(_hand(shown=[given_as_dict]))
    built = validate_hand(_hand(shown=[ShownCards("ann", list(cards), line, mucked)]))
    assert from_dict == built
    assert from_dict.shown[0].cards == cards
