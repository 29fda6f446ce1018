"""The tournament log's `hand` event, as msgspec Structs.

A log is mostly hand lines (~2.6 KB each, ~60 % of the lines), and each is read once. msgspec
decodes and validates one into these Structs in about 11 µs where the pydantic models took
about 27 (docs/performance.md), and the Structs are cheaper to read and to free. The events
written per player or per hand are Structs too (checker/model/event_lines.py); the rest are
pydantic models (checker/model/tournament_log.py).

Same contract as the models: the published schema's fields, types and required fields
(`checker/schemas/tournament-log.schema.json`), and at least as strict: ints are strict (a
float is refused even when whole), names are not empty, cards are two characters, and
timestamps are RFC 3339 with a T, seconds, at most microseconds and an offset
(`LogTimestamp`). The differential test holds this and the schema together
(tests/test_tournament_log_schema_model.py). Field order is the models' order, which is the
order the simulator writes (`hand_line_value`).
"""

from collections.abc import Mapping
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, Literal, final

import msgspec
from msgspec import Meta, Struct

from checker.model.cards import DECK
from checker.model.hand_record import ActionKind, BettingStructure, Game, Street

# The timestamps' type and hook, re-exported: the Structs' modules import them from here.
from checker.model.log_time import timestamp_hook as timestamp_hook
from checker.model.log_timestamp import LogTimestamp as LogTimestamp

Count = Annotated[int, Meta(ge=0)]
Positive = Annotated[int, Meta(ge=1)]
Chips = Annotated[int, Meta(ge=0)]
SeatNumber = Annotated[int, Meta(ge=1, le=10)]
Name = Annotated[str, Meta(min_length=1)]
# The schema's card pattern ("^[2-9TJQKA][cdhs]$") as the 52 texts it matches: msgspec checks
# a Literal by a look-up, where a pattern is a regex search through a Python method call per
# card (~0.3 µs each, some fifteen cards a hand). A reader gets a card's text: `str`.
if TYPE_CHECKING:
    Card = str
else:
    Card = Literal[DECK]

# Every Struct here: frozen, no field beyond the schema's, its fields in the models' order
# (`kw_only`: a required field may follow one with a default), and not tracked by the garbage
# collector (a hand line's Structs hold no cycle). `log_hand` reads HandSeat and HandAction
# as tuples of their fields, in this order.


class HandSeat(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    seat: SeatNumber
    player: Name
    stack: Chips
    # Every card the player was dealt (down and up), in deal order.
    cards: list[Card]
    # Stud: the cards dealt face up, in street order.
    up_cards: list[Card] = []
    sitting_out: bool = False
    disconnected: bool = False


class HandAction(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    street: Street
    player: Name
    kind: ActionKind
    # Chips this act put in.
    amount: Chips = 0
    # The player's total on the street after the act.
    to: Chips | None = None
    all_in: bool = False
    # Draw games: cards thrown and cards drawn.
    discards: Count | None = None
    drawn: list[Card] = []


class ChipsReturned(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    player: Name
    amount: Chips


class Half(StrEnum):
    HIGH = "high"
    LOW = "low"


class HandAward(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    player: Name
    amount: Chips
    # 0 = the main pot, 1.. side pots.
    pot: Count = 0
    half: Half | None = None
    board: Count = 0


@final
class HandPlayed(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                 tag_field="event", tag="hand"):
    """A whole hand, written when it ends (`at`); `started` is when it was dealt. Its
    `event` is the Struct's tag: "hand"."""

    seq: Count
    at: LogTimestamp
    tournament: Name
    table: Name
    hand: Name
    started: LogTimestamp
    level: Positive | None = None
    game: Game
    structure: BettingStructure
    small_blind: Chips | None = None
    big_blind: Chips | None = None
    ante: Chips = 0
    small_bet: Chips | None = None
    big_bet: Chips | None = None
    bring_in: Chips | None = None
    button: SeatNumber | None
    players_left: Positive | None = None
    deal: Positive | None = None
    seats: Annotated[list[HandSeat], Meta(min_length=1)]
    actions: list[HandAction]
    boards: list[list[Card]] = []
    returns: list[ChipsReturned] = []
    awards: list[HandAward]
    shown: list[Name] = []

    @property
    def event(self) -> Literal["hand"]:
        return "hand"


def plain_datetime(value: Any) -> Any:
    """msgspec's encoder hook: a `LogTimestamp` written as the datetime it is."""
    if isinstance(value, LogTimestamp):
        return datetime(value.year, value.month, value.day, value.hour, value.minute,
                        value.second, value.microsecond, value.tzinfo)
    raise NotImplementedError(type(value))


def hand_played(value: Mapping[str, Any]) -> HandPlayed:
    """A hand line's value (parts may be Structs already, times datetimes), validated."""
    return msgspec.convert(value, HandPlayed, dec_hook=timestamp_hook)


def hand_line_value(hand: HandPlayed) -> dict[str, Any]:
    """The hand as a line's JSON value: every field, in the order the simulator has always
    written (the event's common fields, then `event`, then the hand's)."""
    value: dict[str, Any] = msgspec.to_builtins(hand, enc_hook=plain_datetime)
    del value["event"]
    return {"seq": value.pop("seq"), "at": value.pop("at"),
            "tournament": value.pop("tournament"), "event": "hand", **value}
