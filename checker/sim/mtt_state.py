"""What the parts of a multi-table tournament (checker/sim/mtt.py and its mtt_*.py mixins)
share: the server's settings, the hand-for-hand phases, the state they read and change
(`TournamentFields`) and the steps one asks of another (`TournamentSteps`)."""

import random
from collections.abc import Iterator
from typing import Protocol

from checker.model.tournament_log import PrizeCurrency
from checker.sim.faults import FaultPlan, Injected
from checker.sim.mtt_director import TableDirector
from checker.sim.mtt_queue import EventQueue
from checker.sim.mtt_tables import Bust, Table
from checker.sim.plan import PlayerStyle
from checker.sim.server import server_config
from checker.sim.sit_and_go import Event, SitAndGoSpec
from checker.sim.variants import SatellitePrizes

SERVER = server_config()
MTT = SERVER.mtt

# Hand-for-hand: not yet, waiting for every table to finish its hand, dealing, done.
NOT_YET, PENDING, ACTIVE, OVER = "not_yet", "pending", "active", "over"


class TournamentFields:
    """The tournament's state as its parts read and change it: declarations only, the
    fields are `MultiTableTournament`'s (documented there)."""

    spec: SitAndGoSpec
    players: list[PlayerStyle]
    rng: random.Random
    fault_rng: random.Random
    faults: FaultPlan
    incidents: FaultPlan
    injected: list[Injected]
    stacks: dict[str, int]
    director: TableDirector
    queue: EventQueue
    entrants: int
    shares: tuple[int, ...]
    now: int
    play_before: int
    stretch_from: int
    hand_for_hand: str
    away: set[str]
    professionals: frozenset[str]
    paid_out: int
    ended: bool
    announced: Event
    seats_prizes: SatellitePrizes | None
    rebuy_money: int
    held_busts: list[Bust]
    moment_busts: list[Bust]
    moment_tables: list[Table]
    restocked: set[str]


class TournamentSteps(Protocol):
    """What one part of the tournament asks of another (`MultiTableTournament` has all of
    it; a mixin missing from it would leave it abstract, which mypy reports)."""

    @property
    def tables(self) -> dict[str, Table]: ...

    @property
    def paid(self) -> int: ...

    def at(self, seconds: int | None = None) -> str: ...

    def event(self, event: str, /, **fields: object) -> Event: ...

    def _level_at(self, wall: int) -> int: ...

    def _stakes(self, level: int) -> dict[str, int]: ...

    def _eliminate(self, busts: list[Bust], decide: bool = True) -> list[Event]: ...

    def _moment_eliminations(self) -> list[Event]: ...

    def _moment_rebalances(self) -> list[Event]: ...

    def _variant_terms(self, name: str) -> dict[str, object]: ...

    def _satellite_seats(self) -> Iterator[Event]: ...

    def _survivors(self) -> int: ...

    def _pool(self) -> int: ...

    def _group_prize(self, pool: int, place: int, count: int
                     ) -> tuple[int, PrizeCurrency]: ...

    def _seats_decided(self, prizes: SatellitePrizes) -> list[Event]: ...
