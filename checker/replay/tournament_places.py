"""Finishing places of a tournament log and the payouts their holders received (clauses 15,
16: every place the structure in force pays is paid).

Mechanics only: who holds each place (eliminated at it; tied players cover the places after
it; at the end, the players never eliminated hold first place together), what the structure
gives those places, which holders have a payout line, when the place was decided and how far
the log went. Whether a place is due a payout, and whether it is overdue yet, are the rules'.
"""

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from checker.replay.facts import Money, PaidPlaceFact, Percent, Seconds


class Placed(NamedTuple):
    """One player's finish as a line states it: the place, when, the prize it states, and
    the line (and its `seq`) a finding about that player's payout points at."""

    place: int
    at: Seconds
    prize: int
    line: int
    seq: int


@dataclass(slots=True)
class PlaceBook:
    eliminated: dict[str, Placed] = field(default_factory=dict)
    # Players with a payout line, and the finish the first one states (for players never
    # eliminated: the winner, a satellite's seat holders).
    paid: dict[str, Placed] = field(default_factory=dict)
    # The tournament_end line read (its line, seq and time) and whether it cancelled.
    end: Placed | None = None
    cancelled: bool = False

    def out(self, player: str, placed: Placed) -> None:
        self.eliminated[player] = placed

    def payout(self, player: str, placed: Placed) -> None:
        self.paid.setdefault(player, placed)

    def places(self, survivors: list[str], shares: list[Percent], entrants: int,
               seen_until: Seconds, last_line: tuple[int, int]
               ) -> Iterator[tuple[PaidPlaceFact, int, int]]:
        """Every place from first to the last one held or entered (`entrants`), each with
        the line and `seq` its finding points at: the first unpaid holder's elimination (or
        the holder's own line), else the end, else the log's last line of the tournament.
        `survivors` (players holding chips, never eliminated) hold first place once the
        tournament has ended."""
        held: dict[int, dict[str, Placed]] = {}
        for player, placed in self.eliminated.items():
            held.setdefault(placed.place, {})[player] = placed
        end = self.end
        if end is not None:
            for player in survivors:
                if player not in self.eliminated:
                    held.setdefault(1, {})[player] = end._replace(place=1, prize=0)
        for player, placed in self.paid.items():
            if player not in self.eliminated and player not in held.get(placed.place, {}):
                held.setdefault(placed.place, {})[player] = placed
        fallback = (end.line, end.seq) if end is not None else last_line
        last = max([entrants, *(place + len(group) - 1 for place, group in held.items())])
        place = 1
        while place <= last:
            group = held.get(place, {})
            covers = max(len(group), 1)
            unpaid = [player for player in group if player not in self.paid]
            pointed = group[unpaid[0]] if unpaid else None
            line, seq = (pointed.line, pointed.seq) if pointed is not None else fallback
            yield PaidPlaceFact(
                place=place, covers=covers,
                share=Percent(sum(shares[place - 1:place - 1 + covers])),
                holders=list(group), unpaid=unpaid,
                prize_stated=Money(sum(placed.prize for placed in group.values())),
                decided_at=max((placed.at for placed in group.values()), default=None),
                seen_until=seen_until, ended=end is not None,
                cancelled=self.cancelled,
                still_in=any(player not in self.eliminated for player in group)), line, seq
            place += covers
