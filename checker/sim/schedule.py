"""The simulated server's schedule: an endless run of tournaments, one every few minutes, each
with a table size, game and structure drawn by the weights of server.toml's `[schedule]`.

`feltcheck simulate --table-size N --game G --structure S` narrows a choice to one of the
values the schedule deals (a benchmark wants, say, 100,000 hands of NL hold'em at 9-seat
tables, not a share of a mixed schedule). What cannot be dealt that way is refused: the
server seats an MTT at 6 or 9 seats (never heads-up) and a Matrix at its own tables.
"""

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from checker.model.hand import BettingStructure, Game
from checker.sim.server import server_config
from checker.sim.sit_and_go import SitAndGoSpec

SERVER = server_config()
# The table size an MTT drawn with a heads-up size is seated at instead: the largest of the
# schedule's, as a multi-table field fills full tables.
MTT_SEATS = max(size for size, _ in SERVER.table_sizes)


class ScheduleError(ValueError):
    """A narrowed schedule the server cannot deal (a usage error of `feltcheck simulate`)."""


@dataclass(frozen=True, slots=True)
class Schedule:
    """The weighted choices each tournament's terms are drawn from."""

    table_sizes: tuple[tuple[int, int], ...] = SERVER.table_sizes
    games: tuple[tuple[Game, int], ...] = SERVER.games
    structures: tuple[tuple[BettingStructure, int], ...] = SERVER.structures


def narrowed(table_size: int | None = None, game: Game | None = None,
             structure: BettingStructure | None = None, mtt_every: int | None = None,
             matrix_every: int | None = None) -> Schedule:
    """The server's schedule with each choice given narrowed to it (`mtt_every` and
    `matrix_every` as `simulate` takes them: None is the server's setting)."""
    sizes = _only(SERVER.table_sizes, table_size, "--table-size", "table sizes")
    if table_size is not None:
        mtt = SERVER.mtt_every if mtt_every is None else mtt_every
        matrix = SERVER.matrix_every if matrix_every is None else matrix_every
        if mtt > 0 and mtt_seats(table_size) != table_size:
            raise ScheduleError(f"--table-size {table_size}: MTTs are not dealt at "
                                f"{table_size}-seat tables; add --mtt-every 0")
        # Every matrix_every-th tournament is a Matrix unless it is an MTT's turn.
        if (matrix > 0 and not (mtt > 0 and matrix % mtt == 0)
                and table_size != SERVER.matrix.seats):
            raise ScheduleError(f"--table-size {table_size}: a Matrix Sit & Go is dealt at "
                                f"{SERVER.matrix.seats}-seat tables; add --matrix-every 0")
    return Schedule(sizes, _only(SERVER.games, game, "--game", "games"),
                    _only(SERVER.structures, structure, "--structure", "structures"))


def _only(choices: tuple[tuple[Any, int], ...], value: Any, option: str, what: str
          ) -> tuple[tuple[Any, int], ...]:
    if value is None:
        return choices
    kept = tuple((choice, weight) for choice, weight in choices if choice == value)
    if not kept:
        raise ScheduleError(f"{option} {value}: the schedule's {what} are {listed(choices)}")
    return kept


def listed(choices: tuple[tuple[Any, int], ...]) -> str:
    """A weighted choice's values, as the schedule lists them."""
    return ", ".join(str(choice) for choice, _ in choices)


def mtt_seats(drawn: int) -> int:
    """The table size an MTT drawn with `drawn` seats is seated at (never heads-up)."""
    return drawn if drawn > 2 else MTT_SEATS


def weighted(rng: random.Random, choices: tuple[tuple[Any, int], ...]) -> Any:
    values = [value for value, _ in choices]
    weights = [weight for _, weight in choices]
    return rng.choices(values, weights)[0]


def specs(rng: random.Random, schedule: Schedule) -> Iterator[SitAndGoSpec]:
    """An endless schedule of Sit & Gos, one every few minutes."""
    number = 0
    while True:
        number += 1
        buy_in, fee = weighted(rng, SERVER.buy_ins)
        yield SitAndGoSpec(
            tournament=f"{900000 + number}", seats=weighted(rng, schedule.table_sizes),
            buy_in=buy_in, fee=fee, game=weighted(rng, schedule.games),
            structure=weighted(rng, schedule.structures),
            scheduled_start=SERVER.first_start + timedelta(
                minutes=SERVER.minutes_between_tournaments * number))
