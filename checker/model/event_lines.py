"""The tournament log's frequent events, as msgspec Structs.

Beside the hand lines (checker/model/hand_line.py), a log is mostly events written per player
or per hand: registrations, seats, table moves, rebuys, eliminations, payouts, bounties,
time-outs and connection changes, levels, table holds and closes (~97 % of the lines that are
not hands in the simulator's MTT logs). msgspec decodes one of these into its Struct in about
1.3 µs where the pydantic model took about 4 in the audit's stream of lines
(docs/performance.md); the events written once per tournament, and those with nested parts,
stay pydantic models (checker/model/tournament_log.py).

Same contract as the models: the published schema's fields, types and required fields, and
at least as strict (the differential test holds them to it:
tests/test_tournament_log_schema_model.py). Field order is the models' order, which is the
order the simulator writes (`event_line_value`). Each class names its event in `event`, as
the models do (the Struct's tag).
"""

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, Literal, final

import msgspec
from msgspec import Struct

from checker.model.hand_line import (
    Chips,
    Count,
    LogTimestamp,
    Name,
    Positive,
    SeatNumber,
    plain_datetime,
    timestamp_hook,
)
from checker.model.hand_record import ActionKind

# Integer cents of the tournament's currency.
Money = Count


class PrizeCurrency(StrEnum):
    """What a payment or an entry was made in."""

    CASH = "cash"
    TOURNAMENT_DOLLARS = "tournament_dollars"
    TICKET = "ticket"
    NON_CASH = "non_cash"


class MoveReason(StrEnum):
    BALANCE = "balance"
    TABLE_CLOSED = "table_closed"
    FINAL_TABLE = "final_table"


class RebuyKind(StrEnum):
    REBUY = "rebuy"
    ADD_ON = "add_on"


# Every Struct here: frozen, no field beyond the schema's, `kw_only` (a required field may
# follow one with a default; msgspec does not inherit it), not tracked by the garbage
# collector (no Struct here holds a cycle), tagged by `event`.


class LineEvent(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                tag_field="event"):
    """The fields every event but `log_start` has."""

    event: ClassVar[str]
    # Where a line written by the simulator has `event`: after the common fields, or after
    # all (`ConnectionChange`).
    event_last: ClassVar[bool] = False

    seq: Count
    at: LogTimestamp
    tournament: Name


@final
class Registration(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                   tag="registration"):
    event: ClassVar[Literal["registration"]] = "registration"
    player: Name
    accepted: bool
    refusal: Name | None = None
    via_satellite: bool = False
    paid: Money
    paid_currency: PrizeCurrency
    entry: Positive | None = None


@final
class SeatAssigned(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                   tag="seat"):
    event: ClassVar[Literal["seat"]] = "seat"
    player: Name
    table: Name
    seat: SeatNumber
    stack: Chips


@final
class Rebuy(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
            tag="rebuy"):
    event: ClassVar[Literal["rebuy"]] = "rebuy"
    player: Name
    kind: RebuyKind
    paid: Money
    chips: Chips


@final
class LevelChange(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                  tag="level"):
    event: ClassVar[Literal["level"]] = "level"
    level: Positive
    small_blind: Chips | None = None
    big_blind: Chips | None = None
    ante: Chips = 0
    small_bet: Chips | None = None
    big_bet: Chips | None = None
    bring_in: Chips | None = None


@final
class TableMove(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                tag="table_move"):
    event: ClassVar[Literal["table_move"]] = "table_move"
    player: Name
    from_table: Name
    from_seat: SeatNumber
    to_table: Name
    to_seat: SeatNumber
    stack: Chips
    reason: MoveReason


@final
class TableHold(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                tag="table_hold"):
    event: ClassVar[Literal["table_hold"]] = "table_hold"
    table: Name
    held: bool


@final
class TableClosed(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                  tag="table_closed"):
    event: ClassVar[Literal["table_closed"]] = "table_closed"
    table: Name


@final
class Timeout(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
              tag="timeout"):
    event: ClassVar[Literal["timeout"]] = "timeout"
    player: Name
    table: Name
    hand: Name
    # Actions of the hand before the time-out.
    action: Count
    then: ActionKind | None = None


class ConnectionChange(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True,
                       gc=False):
    """A player's connection lost or back: where play stood then, when at a table."""

    # The order the simulator has always written: `event` after the fields.
    event_last: ClassVar[bool] = True
    player: Name
    table: Name | None = None
    hand: Name | None = None
    action: Count | None = None


@final
class Disconnect(ConnectionChange, frozen=True, forbid_unknown_fields=True, kw_only=True,
                 gc=False, tag="disconnect"):
    event: ClassVar[Literal["disconnect"]] = "disconnect"


@final
class Reconnect(ConnectionChange, frozen=True, forbid_unknown_fields=True, kw_only=True,
                gc=False, tag="reconnect"):
    event: ClassVar[Literal["reconnect"]] = "reconnect"


@final
class Elimination(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
                  tag="elimination"):
    event: ClassVar[Literal["elimination"]] = "elimination"
    player: Name
    place: Positive
    table: Name
    hand: Name
    prize: Money


@final
class Payout(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
             tag="payout"):
    event: ClassVar[Literal["payout"]] = "payout"
    player: Name
    place: Positive
    paid: Money
    paid_currency: PrizeCurrency
    description: Name | None = None


@final
class Bounty(LineEvent, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False,
             tag="bounty"):
    event: ClassVar[Literal["bounty"]] = "bounty"
    eliminated: Name
    hand: Name
    paid_to: list[Name]
    amount_each: Money


# Every event here, in the schema's order.
EVENT_LINES: tuple[type[LineEvent], ...] = (
    Registration, SeatAssigned, Rebuy, LevelChange, TableMove, TableHold, TableClosed,
    Timeout, Disconnect, Reconnect, Elimination, Payout, Bounty)
_BY_NAME: dict[str, type[LineEvent]] = {kind.event: kind for kind in EVENT_LINES}


def line_event_kind(name: object) -> type[LineEvent] | None:
    """The Struct of the event named `name`, or None when a model reads that event."""
    return _BY_NAME.get(name) if isinstance(name, str) else None


def line_event(value: Mapping[str, Any]) -> LineEvent:
    """An event's Python value (times may be datetimes), validated as the Struct its `event`
    names; ValueError (msgspec's) when it is not one."""
    kind = line_event_kind(value.get("event"))
    if kind is None:
        raise ValueError(f"no Struct reads a {value.get('event')!r} event")
    result: LineEvent = msgspec.convert(value, kind, dec_hook=timestamp_hook)
    return result


def event_line_value(event: LineEvent) -> dict[str, Any]:
    """The event as a line's JSON value: every field, in the order the simulator has always
    written (the common fields, then `event`, then the event's own; `event_last`: `event`
    after them)."""
    value: dict[str, Any] = msgspec.to_builtins(event, enc_hook=plain_datetime)
    del value["event"]
    common = {"seq": value.pop("seq"), "at": value.pop("at"),
              "tournament": value.pop("tournament")}
    if event.event_last:
        return {**common, **value, "event": event.event}
    return {**common, "event": event.event, **value}
