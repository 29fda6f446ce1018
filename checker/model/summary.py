"""A tournament summary: terms, entrants and finishing places as the site wrote them."""

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from checker.model.source import SourceLocation

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class PrizeKind(StrEnum):
    CASH = "cash"
    TOURNAMENT_DOLLARS = "tournament_dollars"
    TICKET = "ticket"
    SEAT = "seat"
    POINTS = "points"
    BOUNTY = "bounty"
    OTHER = "other"
    # Play-money chips won (Full Tilt "Play Chips", PokerStars play-money Sit & Gos).
    PLAY_MONEY = "play_money"


class Prize(BaseModel):
    model_config = _FROZEN

    kind: PrizeKind
    # Cents (or points) when the text states an amount.
    amount: int | None = None
    currency: str | None = None
    text: str


class Placement(BaseModel):
    model_config = _FROZEN

    # None while the player is still playing.
    place: int | None
    player: str
    still_playing: bool = False
    # The player's location as some sites print it next to the name.
    country: str | None = None
    prizes: list[Prize] = Field(default_factory=list)
    line: int


class TournamentSummary(BaseModel):
    model_config = _FROZEN

    site: str
    source_format: str
    tournament_id: str
    name: str | None = None
    game: str | None = None
    currency: str | None = None
    # Cents of the entry currency (or points for FPP / play-money entries).
    buy_in: int | None = None
    fee: int | None = None
    bounty: int | None = None
    entries: int | None = None
    prize_pool: int | None = None
    starting_chips: int | None = None
    rebuys: int | None = None
    add_ons: int | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    in_progress: bool = False
    placements: list[Placement] = Field(default_factory=list)
    # The closing line about the account holder ("Hero finished in 4th place"), if any.
    hero_result: str | None = None
    location: SourceLocation
    end_line: int
    warnings: list[str] = Field(default_factory=list)
