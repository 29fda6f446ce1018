"""Hand-for-hand (clause 26): every table plays deal n before any table deals n + 1.

A hand's line is written when it ends, so whether another table was still playing the
previous deal when a hand started is known only once both lines are read: the clock of each
hand dealt hand-for-hand is held until hand-for-hand ends (or the log does).
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from checker.replay.facts import ClockFact, Seconds


class DealtHand(NamedTuple):
    table: str
    deal: int | None
    started: Seconds
    ended: Seconds
    clock: ClockFact
    line: int
    seq: int


@dataclass(slots=True)
class DealClock:
    held: list[DealtHand] = field(default_factory=list)

    def hold(self, hand: DealtHand) -> None:
        self.held.append(hand)

    def release(self) -> list[DealtHand]:
        """The held hands, each clock with the tables that had not finished the previous
        deal when it started."""
        held, self.held = self.held, []
        for hand in held:
            if hand.deal is None:
                continue
            behind = {other.table for other in held
                      if other.deal == hand.deal - 1 and other.table != hand.table
                      and other.ended > hand.started}
            hand.clock.tables_behind = len(behind)
        return held
