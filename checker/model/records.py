"""What a reader yields: a hand, a tournament summary, a tournament-log event, or a located
rejection."""

from pydantic import BaseModel, ConfigDict

from checker.model.hand import Hand
from checker.model.source import SourceLocation
from checker.model.summary import TournamentSummary
from checker.model.tournament_log import LogRecord


class Rejection(BaseModel):
    """A record that could not be read: where, which hand (if known), and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    location: SourceLocation
    hand: str | None = None
    reason: str
    source_format: str | None = None
    # True when the rejected record is a hand (it counts in hands read); False for a
    # summary or a file-level problem.
    is_hand: bool = True


Record = Hand | TournamentSummary | LogRecord | Rejection
