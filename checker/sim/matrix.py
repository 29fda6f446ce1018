"""A Matrix Sit & Go (clause 31.7: one entry plays several simultaneous matches) as a correct
server runs it.

One registration per player for the whole Matrix (paid: every match's buy-in, a share of the
Matrix-score pool and one fee; now and then a player unregisters and another takes the seat),
then `[matrix] matches` Sit & Gos start together with the same players, each a
`sit_and_go.SitAndGo` of its own: its own seat draw, stacks, levels, eliminations and prizes
(the match's buy-ins, by the Sit & Go payouts), each with its own random stream. Their events
are interleaved in time order, as the matches run at once.

In the log each match is a tournament of its own, id `<matrix id>-<match>`, kind `matrix`,
whose terms state the match's buy-in and no fee (the fee is the Matrix's, paid once; Full
Tilt's match summaries say `Buy-In: $5 + $0` too), with the Matrix's registrations written as
its own: the log replays stacks by player, so a player in four matches at once cannot be one
log tournament (docs/tournament-log.md, "Matrix"). The Matrix-score pool is collected and not
paid (docs/simulator.md), and a Matrix is never cancelled (31.7 judges a cancellation of the
whole Matrix, by Matrix scores, which the per-match log does not state).
"""

import heapq
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from checker.model.tournament_log import TournamentKind
from checker.sim.faults import FaultPlan, Injected
from checker.sim.plan import PlayerStyle
from checker.sim.server import server_config
from checker.sim.sit_and_go import Entry, Event, PartOf, PlayHand, SitAndGo, SitAndGoSpec

SERVER = server_config()
MATRIX = SERVER.matrix
# Incidents a Matrix does not meet: a cancellation is the whole Matrix's (clause 31.7).
NOT_IN_A_MATRIX = frozenset({"cancellation"})


def dollars(cents: int) -> str:
    """'$26', '$13.50': the lobby's way with an amount."""
    whole, part = divmod(cents, 100)
    return f"${whole}" if part == 0 else f"${whole}.{part:02d}"


def match_id(matrix: str, match: int) -> str:
    """The log's tournament id of a Matrix match."""
    return f"{matrix}-{match}"


@dataclass(slots=True)
class Matrix:
    """One Matrix. `spec` is the whole event's: its id, seats, the Matrix buy-in (every
    match's buy-in and the score pool's share, `match_buy_in` each match's) and the fee.
    `players` may hold one more than the seats (a seat freed by an unregistration)."""

    spec: SitAndGoSpec
    match_buy_in: int
    players: list[PlayerStyle]
    rng: random.Random
    fault_rng: random.Random
    faults: FaultPlan
    play_hand: PlayHand
    incidents: FaultPlan = field(default_factory=FaultPlan)
    matches: list[SitAndGo] = field(default_factory=list)
    # The entrants and the Matrix's registrations (each paid the Matrix buy-in and fee).
    entrants: list[PlayerStyle] = field(default_factory=list)
    entries: tuple[Entry, ...] = ()

    @property
    def name(self) -> str:
        return f"{dollars(self.spec.buy_in + self.spec.fee)} Matrix"

    @property
    def injected(self) -> list[Injected]:
        """Hand faults of every match (each match's own: `matches[n].injected`)."""
        return [fault for match in self.matches for fault in match.injected]

    @property
    def finished(self) -> int:
        return sum(match.finished for match in self.matches)

    def run(self) -> Iterator[Event]:
        """Every match's events, in time order (a match's own order kept), until each match
        has its winner."""
        self._register()
        incidents = FaultPlan({name: rate for name, rate in self.incidents.rates.items()
                               if name not in NOT_IN_A_MATRIX})
        opening = self.entries[0].seconds - 60
        self.matches = []
        for number in range(1, MATRIX.matches + 1):
            match = SitAndGo(
                replace(self.spec, tournament=match_id(self.spec.tournament, number),
                        buy_in=self.match_buy_in, fee=0),
                list(self.entrants), random.Random(self.rng.getrandbits(64)),
                random.Random(self.fault_rng.getrandbits(64)), self.faults, self.play_hand,
                incidents, part_of=PartOf(
                    TournamentKind.MATRIX, f"{self.name}, Match {number}",
                    hand_prefix=f"{self.spec.tournament}{number}", entries=self.entries))
            match.clock.wall = opening  # the lobby announces the terms as registration opens
            self.matches.append(match)
        yield from heapq.merge(*(match.run() for match in self.matches),
                               key=lambda event: str(event["at"]))

    def _register(self) -> None:
        """Registrations until the table is full, one for the whole Matrix (as a Sit & Go's:
        one player may unregister, refunded, and the one in reserve takes the seat)."""
        seats = self.spec.seats
        waiting = list(self.players)
        registered: list[PlayerStyle] = []
        entries: list[Entry] = []
        leaves = len(waiting) > seats and self.rng.random() < SERVER.unregistration_chance
        seconds = -60 * (seats + 1)
        while len(registered) < seats:
            player = waiting.pop(0)
            seconds += self.rng.randint(5, 60)
            entries.append(Entry(seconds, player.name, registers=True))
            registered.append(player)
            if leaves and len(registered) == seats - 1:
                leaves = False
                gone = registered.pop(self.rng.randrange(len(registered)))
                seconds += self.rng.randint(5, 60)
                entries.append(Entry(seconds, gone.name, registers=False))
        self.entrants = registered
        self.entries = tuple(entries)
