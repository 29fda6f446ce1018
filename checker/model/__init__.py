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

__all__ = [
    "Action",
    "ActionKind",
    "Award",
    "BettingStructure",
    "Game",
    "Hand",
    "HandEvent",
    "HandEventKind",
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
    "TournamentSummary",
    "UncalledReturn",
    "Unit",
]
