"""Satellites and rebuy/add-on events, as a correct Full Tilt server runs them.

A satellite's prizes are seats in a target event (server.toml's `[satellite]`): as many
seats as the prize pool buys entries to it (buy-in and fee), each paid as a ticket worth that
entry; what the seats leave of the pool goes in cash to the next place (the real summaries:
"1: Hero, $75 Satellite Token", "2: Villain, $24"). Play stops once no more players remain
than seats: they all finish 1st, tied, each with a seat (clause 13's "main prizes (seats)").

A rebuy event (server.toml's `[rebuy]`) lets a player at or below the starting stack buy the
rebuy chips for the buy-in between hands during the rebuy period, and every player still in
take one add-on at the first break; whether a player does is a matter of style.
"""

import random
from dataclasses import dataclass
from typing import Any

from checker.model.tournament_log import PrizeCurrency, TournamentKind
from checker.sim.plan import PlayerStyle
from checker.sim.server import RebuyConfig, SatelliteConfig, server_config

REGULAR, SATELLITE, REBUY = "regular", "satellite", "rebuy"

VARIANTS = server_config().variants


@dataclass(frozen=True, slots=True)
class SatellitePrizes:
    """A satellite's prize schedule for its pool: seats of `seat_value`, and the leftover."""

    pool: int
    seat_value: int

    @property
    def seats(self) -> int:
        return self.pool // self.seat_value

    @property
    def leftover(self) -> int:
        return self.pool - self.seats * self.seat_value

    def place_prize(self, place: int) -> int:
        if place <= self.seats:
            return self.seat_value
        return self.leftover if place == self.seats + 1 else 0

    def group_prize(self, place: int, count: int) -> tuple[int, PrizeCurrency]:
        """What each of `count` players tied at `place` receives (clause 25: they share the
        places they cover): a seat each when every place covered is a seat, else the cash
        value of the places covered, divided equally (rounded down)."""
        if place + count - 1 <= self.seats:
            return self.seat_value, PrizeCurrency.TICKET
        total = sum(self.place_prize(p) for p in range(place, place + count))
        return total // count, PrizeCurrency.CASH


def satellite_prizes(pool: int, config: SatelliteConfig | None = None) -> SatellitePrizes:
    return SatellitePrizes(pool, (config or VARIANTS.satellite).seat_value)


def satellite_fits(pool: int, entrants: int) -> bool:
    """Whether a satellite makes sense: the pool buys a seat, and not one for everyone."""
    seats = satellite_prizes(pool).seats
    return 1 <= seats < entrants


def satellite_terms(prizes: SatellitePrizes | None) -> dict[str, Any]:
    """The terms' satellite fields (`prizes` None: the seats are not known yet, an MTT's
    until registration closes). The schedule is the seats, not shares of the pool."""
    config = VARIANTS.satellite
    return {"kind": TournamentKind.SATELLITE.value,
            "seats_awarded": None if prizes is None else prizes.seats,
            "satellite_target": config.target, "non_cash_value": config.seat_value,
            "payout_structure": []}


def ticket_description() -> str:
    return f"{VARIANTS.satellite.target_name} Ticket"


def payout_fields(currency: PrizeCurrency) -> dict[str, Any]:
    """A payout line's currency (and, for a seat, what the ticket is)."""
    fields: dict[str, Any] = {"paid_currency": currency.value}
    if currency is PrizeCurrency.TICKET:
        fields["description"] = ticket_description()
    return fields


# ------------------------------------------------------------ rebuys


def _chance(style: PlayerStyle, chance: tuple[float, float]) -> float:
    base, per_looseness = chance
    return base + per_looseness * style.looseness


def wants_rebuy(style: PlayerStyle, busted: bool, rng: random.Random,
                config: RebuyConfig | None = None) -> bool:
    """Whether a player at or below the starting stack rebuys (busted: instead of being
    eliminated); looser players rebuy more readily."""
    rules = config or VARIANTS.rebuy
    return rng.random() < _chance(style, rules.busted if busted else rules.short)


def wants_add_on(style: PlayerStyle, rng: random.Random,
                 config: RebuyConfig | None = None) -> bool:
    return rng.random() < _chance(style, (config or VARIANTS.rebuy).add_on)
