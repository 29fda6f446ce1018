"""Typed records shared by every stage: hands, tournament summaries, rejections."""

from checker.model.hand import (
    Action,
    ActionKind,
    Award,
    BettingStructure,
    Game,
    Hand,
    HandEvent,
    HandEventKind,
    RecordedPot,
    Seat,
    ShownCards,
    Street,
    UncalledReturn,
    Unit,
)
from checker.model.records import Record, Rejection
from checker.model.source import SourceLocation
from checker.model.summary import Placement, Prize, PrizeKind, TournamentSummary
from checker.model.tournament_log import LogRecord, TournamentEvent

__all__ = [
    "Action",
    "ActionKind",
    "Award",
    "BettingStructure",
    "Game",
    "Hand",
    "HandEvent",
    "HandEventKind",
    "LogRecord",
    "Placement",
    "Prize",
    "PrizeKind",
    "Record",
    "RecordedPot",
    "Rejection",
    "Seat",
    "ShownCards",
    "SourceLocation",
    "Street",
    "TournamentEvent",
    "TournamentSummary",
    "UncalledReturn",
    "Unit",
]
