"""One hand as the input recorded it: no judgement, no derived state.

Amounts are ints in the hand's `unit`: tournament chips, or cents for cash games.
A reader builds the hand's parts (checker/model/hand_parts.py, native classes) itself and
validates the whole hand once (`Hand.model_validate`): pydantic checks the hand's own fields
and takes each part as the reader built it (an instance check). A part given as anything
else (a dict, by a test or a caller) is validated against the part's declared fields first.
"""

from dataclasses import MISSING, fields
from datetime import datetime
from functools import cache
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetPydanticSchema,
    create_model,
)
from pydantic_core import CoreSchema, core_schema

from checker.model.annotations import declared_hints
from checker.model.cards import Card
from checker.model.hand_parts import (
    POST_KINDS,
    Action,
    ActionKind,
    Award,
    BettingStructure,
    CashOut,
    Game,
    HandEvent,
    HandEventKind,
    Play,
    RecordedPot,
    Seat,
    ShownCards,
    Street,
    SummarySeat,
    UncalledReturn,
    Unit,
)
from checker.model.source import SourceLocation

__all__ = [
    "POST_KINDS",
    "Action",
    "ActionKind",
    "Award",
    "BettingStructure",
    "CashOut",
    "Game",
    "Hand",
    "HandEvent",
    "HandEventKind",
    "Play",
    "RecordedPot",
    "Seat",
    "ShownCards",
    "Street",
    "SummarySeat",
    "UncalledReturn",
    "Unit",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


def _part_schema(part: type, handler: GetCoreSchemaHandler) -> CoreSchema:
    """A hand part as a field: an instance passes as it is (a reader built it, typed by its
    own compiled code); anything else is validated as the part's fields, then built."""
    checked = _fields_model(part)

    def build(value: BaseModel) -> object:
        return part(**{name: getattr(value, name) for name in type(value).model_fields})

    return core_schema.union_schema(
        [core_schema.is_instance_schema(part),
         core_schema.no_info_after_validator_function(build, handler.generate_schema(checked))],
        mode="left_to_right")


@cache
def _fields_model(part: type) -> type[BaseModel]:
    """A pydantic model of a part's declared fields and defaults: what a part not built by a
    reader must hold."""
    hints = declared_hints(part, include_extras=True)
    declared: dict[str, Any] = {}
    for spec in fields(part):
        if spec.default is not MISSING:
            declared[spec.name] = (hints[spec.name], spec.default)
        elif spec.default_factory is not MISSING:
            declared[spec.name] = (hints[spec.name], Field(default_factory=spec.default_factory))
        else:
            declared[spec.name] = (hints[spec.name], ...)
    model: type[BaseModel] = create_model(
        f"{part.__name__}Fields", __config__=_FROZEN, **declared)
    return model


# Marks a part's field in `Hand`: the part's own class stays its static type.
_PART = GetPydanticSchema(_part_schema)


class Hand(BaseModel):
    model_config = _FROZEN

    site: str
    source_format: str
    # Exactly as the input writes it (the Full Tilt game number, say).
    hand_id: str
    tournament_id: str | None = None
    tournament_name: str | None = None
    # A fast-fold pool (PokerStars Zoom, Full Tilt Rush): every hand is dealt at a new table
    # under the pool's name, so consecutive hands under one name are not one table's sequence.
    fast_fold: bool = False
    table: str | None = None
    max_seats: int | None = None
    game: Game
    structure: BettingStructure
    # Capped no-limit / pot-limit: the most a player may put in per hand.
    cap: int | None = None
    # Mixed-game rotation label as written ("HORSE", "10-Game"), if any.
    mixed: str | None = None
    unit: Unit
    currency: str | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    # PokerStars 6+ Hold'em: the button's blind (the game has no small or big blind).
    button_blind: int | None = None
    ante: int | None = None
    bring_in: int | None = None
    level: str | None = None
    played_at: datetime | None = None
    played_at_zone: str | None = None
    played_at_et: datetime | None = None
    button_seat: int | None = None
    seats: list[Annotated[Seat, _PART]]
    actions: list[Annotated[Action, _PART]] = Field(default_factory=list)
    events: list[Annotated[HandEvent, _PART]] = Field(default_factory=list)
    hole_cards: dict[str, list[Card]] = Field(default_factory=dict)
    # Stud games: the cards dealt face up to each player, in street order (a subset of
    # `hole_cards`, which holds every card seen, down or up).
    up_cards: dict[str, list[Card]] = Field(default_factory=dict)
    boards: list[list[Card]] = Field(default_factory=list)
    shown: list[Annotated[ShownCards, _PART]] = Field(default_factory=list)
    returns: list[Annotated[UncalledReturn, _PART]] = Field(default_factory=list)
    awards: list[Annotated[Award, _PART]] = Field(default_factory=list)
    cash_outs: list[Annotated[CashOut, _PART]] = Field(default_factory=list)
    # Whether `awards` is what the record says was paid. False when the input states no
    # usable payout for a pot that held chips (PHH without usable winnings or final stacks):
    # the awards are then unknown, not none, and nothing about them can be judged.
    awards_recorded: bool = True
    pot: Annotated[RecordedPot, _PART] | None = None
    summary: list[Annotated[SummarySeat, _PART]] = Field(default_factory=list)
    location: SourceLocation
    end_line: int
    # What the reader had to leave out or could not confirm; a usable record still.
    warnings: list[str] = Field(default_factory=list)

    @property
    def play(self) -> Play:
        # A record names its tournament by id. (A name alone does not tell: PHH's `event`
        # names cash games too, "Million Dollar Cash Game".)
        if self.tournament_id is not None:
            return Play.TOURNAMENT
        return Play.FAST_FOLD if self.fast_fold else Play.CASH

    @property
    def posts(self) -> list[Action]:
        return [a for a in self.actions if a.kind in POST_KINDS]

    def put_in(self) -> int:
        """Everything the record says went into the pot, before uncalled returns."""
        return sum(a.amount for a in self.actions)
