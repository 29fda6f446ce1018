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
log tournament (docs/tournament-log.md, "Matrix"). The Matrix's own lines carry its id: its
`matrix_terms` first (the matches, the score pool, the scoring), its `matrix_payout`s once
every match is over (the score pool by Matrix points, `[matrix] score_points` and
`score_shares_bp`), or its `matrix_cancellation` (clause 31.7, checker/sim/refunds.py) when
the cancellation incident strikes between hands, every match's last hand settled.
"""

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from checker.model.tournament_log import TournamentKind
from checker.sim.faults import FaultPlan, Injected
from checker.sim.plan import PlayerStyle
from checker.sim.refunds import MatchStanding, matrix_points, matrix_refunds
from checker.sim.server import server_config
from checker.sim.sit_and_go import Entry, Event, PartOf, PlayHand, SitAndGo, SitAndGoSpec

SERVER = server_config()
MATRIX = SERVER.matrix
# Incidents a match does not meet: a cancellation is the whole Matrix's (clause 31.7).
NOT_IN_A_MATRIX = frozenset({"cancellation"})
# A match's next line that leaves its state settled (every line before it written): the
# Matrix may be cancelled then.
_BETWEEN_HANDS = frozenset({"hand", "level"})
# Lines of a hand written before its hand line.
_HAND_NOTES = frozenset({"timeout", "disconnect", "reconnect"})
# Payout shares are in basis points.
_WHOLE = 10_000


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
        first = self.matches[0]
        yield {"event": "matrix_terms", "seq": 0, "at": first.at(opening - 1),
               "tournament": self.spec.tournament, "name": self.name,
               "matches": [m.spec.tournament for m in self.matches], "currency": "USD",
               "buy_in": self.spec.buy_in, "fee": self.spec.fee,
               "score_pool": self.score_pool, "score_points": list(MATRIX.score_points),
               "score_shares_bp": list(MATRIX.score_shares_bp)}
        yield from self._play()

    @property
    def score_pool(self) -> int:
        """What the entries paid beyond their matches' buy-ins."""
        per_entry = self.spec.buy_in - MATRIX.matches * self.match_buy_in
        return per_entry * len(self.entrants)

    def _play(self) -> Iterator[Event]:
        """Every match's lines in time order (ties: the earlier match first), then the
        score pool's payouts; or, between hands, the Matrix's cancellation."""
        streams = [match.run() for match in self.matches]
        ahead: list[Event | None] = [next(stream, None) for stream in streams]
        places: list[dict[str, int]] = [{} for _ in self.matches]
        written: set[str] = set()
        # Hands whose time-out or connection lines are written and whose hand line is not.
        noted: set[str] = set()
        while True:
            waiting = [(str(line["at"]), n) for n, line in enumerate(ahead) if line is not None]
            if not waiting:
                break
            n = min(waiting)[1]
            line = ahead[n]
            assert line is not None
            if (line["event"] == "hand" and not noted
                    and all(a is None or a["event"] in _BETWEEN_HANDS for a in ahead)
                    and self.incidents.wants("cancellation", self.fault_rng)):
                yield from self._cancel(ahead, places, written)
                return
            if line["event"] == "elimination":
                places[n][str(line["player"])] = int(line["place"])
            elif line["event"] == "hand":
                written.add(str(line["hand"]))
                noted.discard(str(line["hand"]))
            elif line["event"] in _HAND_NOTES and line.get("hand") is not None:
                noted.add(str(line["hand"]))
            yield line
            ahead[n] = next(streams[n], None)
        yield from self._score_payouts(places)

    def _standings(self, places: list[dict[str, int]]) -> list[MatchStanding]:
        shares = tuple(SERVER.payouts[self.spec.seats])
        return [MatchStanding(buy_in=self.match_buy_in, stacks=dict(match.stacks),
                              places=dict(place), shares=shares,
                              pool=self.match_buy_in * len(self.entrants))
                for match, place in zip(self.matches, places, strict=True)]

    def _score_payouts(self, places: list[dict[str, int]]) -> Iterator[Event]:
        """The score pool by Matrix points (each match place's points, the winner's 1st):
        positions by score, players tied on a score sharing the positions they cover."""
        names = [p.name for p in self.entrants]
        score = {p: sum(matrix_points(MATRIX.score_points, place.get(p, 1)) for place in places)
                 for p in names}
        ranked = sorted(names, key=lambda p: -score[p])
        # Once the last match is over.
        last = max(self.matches, key=lambda match: match.clock.wall)
        last.clock.advance(1)
        position = 1
        for value in sorted(set(score.values()), reverse=True):
            tied = [p for p in ranked if score[p] == value]
            covered = MATRIX.score_shares_bp[position - 1:position - 1 + len(tied)]
            if not covered:
                break
            prize = self.score_pool * (sum(covered) // len(tied)) // _WHOLE
            for player in tied:
                yield {"event": "matrix_payout", "seq": 0, "at": last.at(),
                       "tournament": self.spec.tournament, "player": player,
                       "position": position, "score": value, "paid": prize,
                       "paid_currency": "cash"}
            position += len(tied)

    def _cancel(self, ahead: list[Event | None], places: list[dict[str, int]],
                written: set[str]) -> Iterator[Event]:
        """Clause 31.7: the whole Matrix cancelled before the next hand. Each match still
        played ends `cancelled`; faults of hands never written are dropped from the truth.
        The server's estimate of a Matrix score: the points earned, plus in each live match
        the points of the player's place by chips there."""
        standings = self._standings(places)
        names = [p.name for p in self.entrants]
        estimates = {p: sum(matrix_points(MATRIX.score_points, s.places[p])
                            for s in standings if p in s.places)
                     + sum(matrix_points(MATRIX.score_points, 1)
                           for s in standings if not s.live and p in s.stacks)
                     + sum(matrix_points(MATRIX.score_points, _chip_rank(s.stacks, p))
                           for s in standings if s.live and p in s.stacks)
                     for p in names}
        owed = matrix_refunds(entrants=names, fee=self.spec.fee, matches=standings,
                              score_pool=self.score_pool, points=MATRIX.score_points,
                              paid_positions=len(MATRIX.score_shares_bp), estimates=estimates)
        moment = min(str(a["at"]) for a in ahead if a is not None)
        for match in self.matches:
            match.injected = [f for f in match.injected if f.hand is None or f.hand in written]
        yield {"event": "matrix_cancellation", "seq": 0, "at": moment,
               "tournament": self.spec.tournament, "reason": "technical", "payouts": [
                   {"player": p, "chips": sum(s.stacks[p] for s in standings
                                              if s.live and p in s.stacks),
                    "paid": owed[p], "paid_currency": "cash",
                    "estimated_matrix_score": estimates[p]} for p in owed]}
        for match, line in zip(self.matches, ahead, strict=True):
            if line is not None:
                yield {"event": "tournament_end", "seq": 0, "at": moment,
                       "tournament": match.spec.tournament, "outcome": "cancelled",
                       "winner": None}

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


def _chip_rank(stacks: dict[str, int], player: str) -> int:
    """1 for the most chips: the players with more chips than `player`, plus one."""
    return 1 + sum(1 for chips in stacks.values() if chips > stacks[player])
