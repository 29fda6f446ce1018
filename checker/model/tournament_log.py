"""The tournament event log: one event per line, as a poker server writes it.

Mirrors `checker/schemas/tournament-log.schema.json` (the published contract, documented field
by field in docs/tournament-log.md): the same events, fields, types and required fields. Lines
are validated by these models, which are at least as strict as the schema (a differential
test holds them to it: tests/test_tournament_log_schema_model.py); the schema words the
message of a line they refuse. These models are what the rest of the checker reads. The
`hand` event, most of a log, is msgspec Structs instead (checker/model/hand_line.py: faster
to read), and so are the events written per player or per hand (registrations, seats, moves,
eliminations, ...: checker/model/event_lines.py), under the same contract.

Money is integer cents, chips are ints (strict: a float is refused even when it is whole);
times are ISO 8601 timestamps with an offset; durations are whole seconds.
"""

from collections.abc import Mapping
from datetime import datetime
from enum import StrEnum
from functools import cache
from typing import Annotated, Any, Literal, final

from annotated_types import Ge, Le
from pydantic import (
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StringConstraints,
    TypeAdapter,
)

# The Structs' events, re-exported: the log's events are imported from here.
from checker.model.event_lines import Bounty as Bounty
from checker.model.event_lines import Disconnect as Disconnect
from checker.model.event_lines import Elimination as Elimination
from checker.model.event_lines import LevelChange as LevelChange
from checker.model.event_lines import LineEvent as LineEvent
from checker.model.event_lines import MoveReason as MoveReason
from checker.model.event_lines import Payout as Payout
from checker.model.event_lines import PrizeCurrency as PrizeCurrency
from checker.model.event_lines import Rebuy as Rebuy
from checker.model.event_lines import RebuyKind as RebuyKind
from checker.model.event_lines import Reconnect as Reconnect
from checker.model.event_lines import Registration as Registration
from checker.model.event_lines import SeatAssigned as SeatAssigned
from checker.model.event_lines import TableClosed as TableClosed
from checker.model.event_lines import TableHold as TableHold
from checker.model.event_lines import TableMove as TableMove
from checker.model.event_lines import Timeout as Timeout
from checker.model.event_lines import line_event, line_event_kind
from checker.model.hand import BettingStructure, Game
from checker.model.hand_line import ChipsReturned as ChipsReturned
from checker.model.hand_line import Half as Half
from checker.model.hand_line import HandAction as HandAction
from checker.model.hand_line import HandAward as HandAward
from checker.model.hand_line import HandPlayed as HandPlayed
from checker.model.hand_line import HandSeat as HandSeat
from checker.model.hand_line import hand_played
from checker.model.log_timestamp import rfc3339
from checker.model.source import SourceLocation

# Built at first use (`defer_build`), not at import: an audit of hand histories alone never
# validates a log event (their schemas took ~14 ms of every start).
_FROZEN = ConfigDict(frozen=True, extra="forbid", defer_build=True)

# 1.1: the Matrix-level events (matrix_terms, matrix_payout, matrix_cancellation).
SCHEMA_VERSION = "1.1"

Count = Annotated[int, Strict(), Ge(0)]
Positive = Annotated[int, Strict(), Ge(1)]
# Integer cents of the tournament's currency.
Money = Annotated[int, Strict(), Ge(0)]
Chips = Annotated[int, Strict(), Ge(0)]
Seconds = Annotated[int, Strict(), Ge(0)]
# Basis points: 65% = 6500.
BasisPoints = Annotated[int, Strict(), Ge(0), Le(10000)]
SeatNumber = Annotated[int, Strict(), Ge(1), Le(10)]
Name = Annotated[str, StringConstraints(min_length=1)]
CurrencyCode = Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]
# The schema's `timestamp` (checker/model/log_timestamp.py): pydantic alone also takes a space, no
# seconds, or "+0100".
def _rfc3339(value: object) -> object:
    """A text timestamp read here (strict validation takes no text for a datetime)."""
    if not isinstance(value, str):
        return value  # a datetime passes; anything else is refused by the type
    return rfc3339(value, datetime)  # a day or hour that does not exist: ValueError too


Timestamp = Annotated[AwareDatetime, BeforeValidator(_rfc3339)]


class TournamentKind(StrEnum):
    SIT_AND_GO = "sit_and_go"
    MTT = "mtt"
    HEADS_UP = "heads_up"
    SATELLITE = "satellite"
    MATRIX = "matrix"
    MULTI_ENTRY = "multi_entry"


class CancellationStage(StrEnum):
    BEFORE_START = "before_start"
    BEFORE_MONEY = "before_money"
    IN_THE_MONEY = "in_the_money"


class Outcome(StrEnum):
    FINISHED = "finished"
    CANCELLED = "cancelled"


# ---------------------------------------------------------------- parts


class Level(BaseModel):
    """One level of the announced schedule: its length and stakes."""

    model_config = _FROZEN

    level: Positive
    duration_s: Positive
    small_blind: Chips | None = None
    big_blind: Chips | None = None
    ante: Chips = 0
    small_bet: Chips | None = None
    big_bet: Chips | None = None
    bring_in: Chips | None = None


class BreakSchedule(BaseModel):
    model_config = _FROZEN

    every_s: Positive
    duration_s: Positive
    # None: a break every `every_s` for as long as the event lasts.
    max_breaks: Count | None = None


class PayoutTier(BaseModel):
    """The shares paid when the field has between `min_entrants` and `max_entrants`."""

    model_config = _FROZEN

    min_entrants: Positive
    max_entrants: Positive | None = None
    shares_bp: list[BasisPoints]


class BountyTerms(BaseModel):
    model_config = _FROZEN

    # The site's sponsored professionals playing the event (clause 13).
    professionals: list[Name]
    amount: Money | None = None


class SeatStack(BaseModel):
    model_config = _FROZEN

    player: Name
    seat: SeatNumber
    stack: Chips


class MatrixMatch(BaseModel):
    model_config = _FROZEN

    match: Name
    buy_in: Money
    in_the_money: bool
    next_payout: Money = 0


class CancellationPayout(BaseModel):
    model_config = _FROZEN

    player: Name
    chips: Chips
    paid: Money
    paid_currency: PrizeCurrency
    # Matrix only.
    matches: list[MatrixMatch] = Field(default_factory=list)
    estimated_matrix_score: Count | None = None


class MatrixCancellationPayout(BaseModel):
    """One player still in a match of a cancelled Matrix: their chips summed over the
    matches they are still in, what they were paid, and the server's Matrix-score estimate."""

    model_config = _FROZEN

    player: Name
    chips: Chips
    paid: Money
    paid_currency: PrizeCurrency
    estimated_matrix_score: Count


# ---------------------------------------------------------------- events


@final
class LogStart(BaseModel):
    """Line 1: which version of the format the log follows, and who wrote it."""

    model_config = _FROZEN

    event: Literal["log_start"]
    schema_version: Annotated[str, StringConstraints(pattern=r"^1\.[0-9]+$")]
    seq: Count
    at: Timestamp
    site: Name
    writer: Name | None = None


class _Event(BaseModel):
    model_config = _FROZEN

    seq: Count
    at: Timestamp
    tournament: Name


@final
class TournamentTerms(_Event):
    """The event's terms as the lobby states them; a later one replaces the earlier."""

    event: Literal["tournament_terms"]
    kind: TournamentKind
    name: Name | None = None
    game: Game
    structure: BettingStructure
    currency: CurrencyCode
    buy_in: Money
    fee: Money
    guarantee: Money | None = None
    starting_stack: Chips | None = None
    seats_per_table: Annotated[int, Strict(), Ge(2), Le(10)]
    min_entrants: Positive | None = None
    max_entrants: Positive | None = None
    scheduled_start: Timestamp
    levels: list[Level]
    breaks: BreakSchedule | None
    payout_structure: list[PayoutTier]
    seats_awarded: Count | None = None
    non_cash_value: Money | None = None
    bounty: BountyTerms | None = None
    rebuy: bool = False
    add_on: bool = False
    satellite_target: Name | None = None


@final
class Unregistration(_Event):
    event: Literal["unregistration"]
    player: Name
    accepted: bool
    refusal: Name | None = None
    via_satellite: bool = False
    refund: Money
    refund_currency: PrizeCurrency


@final
class RegistrationClosed(_Event):
    event: Literal["registration_closed"]
    entrants: Count
    prize_pool: Money
    payout_shares_bp: list[BasisPoints]


@final
class SeatingStarted(_Event):
    event: Literal["seating_started"]


@final
class TournamentStart(_Event):
    event: Literal["tournament_start"]
    entrants: Count
    tables: Positive


@final
class BreakStart(_Event):
    event: Literal["break_start"]
    duration_s: Positive


@final
class BreakEnd(_Event):
    event: Literal["break_end"]


@final
class HandForHand(_Event):
    event: Literal["hand_for_hand"]
    active: bool


@final
class Chat(_Event):
    event: Literal["chat"]
    player: Name
    text: str
    observer: bool = False
    table: Name | None = None
    # The hand in progress at that table when the line was written, and its actions so far.
    hand: Name | None = None
    action: Count | None = None


@final
class InfoView(_Event):
    event: Literal["info_view"]
    player: Name
    largest_stack: Chips
    smallest_stack: Chips
    average_stack: Chips
    next_level_at: Timestamp | None = None
    next_break_at: Timestamp | None = None


@final
class ServerFailure(_Event):
    event: Literal["server_failure"]
    reason: Name
    tables: list[Name]


@final
class Rollback(_Event):
    event: Literal["rollback"]
    table: Name
    # The hand in progress that was rolled back, if any.
    hand: Name | None = None
    stacks: list[SeatStack]


@final
class Cancellation(_Event):
    event: Literal["cancellation"]
    stage: CancellationStage
    reason: Name
    payouts: list[CancellationPayout]
    matrix_score_pool: Money | None = None


@final
class MatrixTerms(_Event):
    """The whole Matrix (clause 31.7), `tournament` its id: the match tournaments it links,
    the entry (buy-in: every match's buy-in plus the score pool's share; the fee, paid once),
    the Matrix-score pool and its scoring (points per match place, shares per Matrix
    position)."""

    event: Literal["matrix_terms"]
    name: Name | None = None
    matches: Annotated[list[Name], Field(min_length=1)]
    currency: CurrencyCode
    buy_in: Money
    fee: Money
    score_pool: Money
    # Matrix points a match's 1st, 2nd, ... place earns (places beyond the list: none).
    score_points: list[Count]
    # The score pool's shares by Matrix position, first first: as many positions are paid.
    score_shares_bp: list[BasisPoints]


@final
class MatrixPayout(_Event):
    """A Matrix-score prize credited: the player's Matrix position and score."""

    event: Literal["matrix_payout"]
    player: Name
    position: Positive
    score: Count
    paid: Money
    paid_currency: PrizeCurrency


@final
class MatrixCancellation(_Event):
    """The whole Matrix cancelled; its matches end `cancelled` with no line of their own."""

    event: Literal["matrix_cancellation"]
    reason: Name
    payouts: list[MatrixCancellationPayout]


@final
class TournamentEnd(_Event):
    event: Literal["tournament_end"]
    outcome: Outcome
    winner: Name | None = None


# Every event validated by these models (the hand line: checker/model/hand_line.py; the events
# written per player or per hand: checker/model/event_lines.py).
ModelEvent = Annotated[
    LogStart
    | TournamentTerms
    | Unregistration
    | RegistrationClosed
    | SeatingStarted
    | TournamentStart
    | BreakStart
    | BreakEnd
    | HandForHand
    | Chat
    | InfoView
    | ServerFailure
    | Rollback
    | Cancellation
    | MatrixTerms
    | MatrixPayout
    | MatrixCancellation
    | TournamentEnd,
    Field(discriminator="event"),
]


# Any event of the log.
TournamentEvent = ModelEvent | LineEvent | HandPlayed


@cache
def model_events() -> TypeAdapter[ModelEvent]:
    """The validator of the models' events, built at its first use (as the models)."""
    return TypeAdapter(ModelEvent)


def event_from(value: Mapping[str, Any]) -> TournamentEvent:
    """An event's Python value (a line's JSON value, or the simulator's own with datetimes
    and enums in it) validated as its event: a hand and an event of checker/model/event_lines.py
    by msgspec (`hand_played`, `line_event`), any other by its model in pydantic's lax mode;
    ValueError (pydantic's or msgspec's) when it is not one."""
    name = value.get("event")
    if name == "hand":
        return hand_played(value)
    if line_event_kind(name) is not None:
        return line_event(value)
    return model_events().validate_python(value)


class LogRecord:
    """One line of a tournament log as the audit streams it: the event and where it stands.
    A plain class: the reader validated the event, and one is made per line."""

    __slots__ = ("event", "location", "source_format")

    def __init__(self, source_format: str, location: SourceLocation,
                 event: TournamentEvent) -> None:
        self.source_format = source_format
        self.location = location
        self.event = event

    def __repr__(self) -> str:
        return (f"LogRecord(source_format={self.source_format!r}, "
                f"location={self.location!r}, event={self.event!r})")

    @property
    def tournament(self) -> str | None:
        # The exact type: the event classes are final (checker/replay/tournament.py says why).
        return None if type(self.event) is LogStart else self.event.tournament

    @property
    def at(self) -> datetime:
        return self.event.at
