"""Satellites and rebuy events among multi-table tournaments: a satellite's seats (clause 12,
decided with no hand in progress), and a rebuy event's rebuys and add-ons (the money goes to
the pool)."""

from collections.abc import Iterator

from checker.model.tournament_log import PrizeCurrency
from checker.sim.mtt_state import PENDING, SERVER, TournamentFields, TournamentSteps
from checker.sim.mtt_tables import Bust, Table
from checker.sim.sit_and_go import Event
from checker.sim.variants import (
    REBUY,
    SATELLITE,
    VARIANTS,
    SatellitePrizes,
    payout_fields,
    satellite_prizes,
    satellite_terms,
    wants_add_on,
    wants_rebuy,
)


class SatellitesAndRebuys(TournamentFields, TournamentSteps):
    def _variant_terms(self, name: str) -> dict[str, object]:
        """A satellite's terms (its seats unknown until registration closes), or a rebuy
        event's."""
        if self.spec.variant == SATELLITE:
            return {**satellite_terms(None),
                    "name": f"Satellite to {VARIANTS.satellite.target_name}"}
        if self.spec.variant == REBUY:
            return {"rebuy": True, "add_on": True, "name": f"{name} (Rebuy)"}
        return {}

    def _satellite_seats(self) -> Iterator[Event]:
        """Clause 12: prizes may depend on the entrants until registration closes; a
        satellite states its seats then, in terms that replace the announced ones."""
        if self.spec.variant != SATELLITE:
            return
        self.seats_prizes = satellite_prizes(self.spec.buy_in * self.entrants)
        self.shares = ()
        yield {**self.announced, "at": self.at(), **satellite_terms(self.seats_prizes)}

    def _survivors(self) -> int:
        """Play goes on while more players than this hold chips: one, or the seats."""
        return 1 if self.seats_prizes is None else self.seats_prizes.seats

    def _pool(self) -> int:
        """The prize pool: a buy-in per entrant, plus every rebuy and add-on."""
        return self.spec.buy_in * self.entrants + self.rebuy_money

    def _group_prize(self, pool: int, place: int, count: int) -> tuple[int, PrizeCurrency]:
        """What each of `count` players tied at `place` is paid (clause 25: the places they
        cover, shared)."""
        if self.seats_prizes is not None:
            return self.seats_prizes.group_prize(place, count)
        covered = self.shares[place - 1:place - 1 + count]
        return pool * (sum(covered) // count) // 10_000, PrizeCurrency.CASH

    def _hold_for_seats(self, table: Table) -> bool:
        """A satellite's seats are decided with no hand in progress: busts that would
        decide them while another table plays wait (with any after them) until every table
        is between hands; the tables stop dealing meanwhile."""
        if self.seats_prizes is None:
            return False
        with_chips = sum(1 for chips in self.stacks.values() if chips > 0)
        others = any(t.playing is not None for t in self.tables.values() if t is not table)
        if self.held_busts or (with_chips <= self._survivors() and others):
            self.hand_for_hand = PENDING  # (in hand-for-hand busts wait for the deal anyway)
            return True
        return False

    def _held_eliminations(self) -> list[Event]:
        """The held busts in the order their hands ended, those of hands that ended at the
        same second ranked together (clause 25); the seats are decided after the last. The
        log tells eliminations of one moment by their `at`, so each moment's are written a
        second after the previous moment's (the clock moves on with them)."""
        busts, self.held_busts = self.held_busts, []
        moments: dict[int, list[Bust]] = {}
        for bust in busts:
            moments.setdefault(bust.ended, []).append(bust)
        events: list[Event] = []
        for index, ended in enumerate(sorted(moments)):
            if index > 0:
                self.now += 1
            events += self._eliminate(moments[ended], decide=index == len(moments) - 1)
        return events

    def _seats_decided(self, prizes: SatellitePrizes) -> list[Event]:
        """Every player still in holds a seat: all finish 1st, tied, each with a ticket."""
        events = [self.event("payout", player=name, place=1, paid=prizes.seat_value,
                             **payout_fields(PrizeCurrency.TICKET))
                  for name in sorted(self.stacks)]
        events.append(self.event("tournament_end", outcome="finished", winner=None))
        self.ended = True
        return events

    def _in_rebuy_period(self) -> bool:
        """The first levels, before the first break, while no prize is paid."""
        return (self.spec.variant == REBUY and self.play_before == 0
                and self._level_at(self.now) <= VARIANTS.rebuy.rebuy_levels
                and len(self.stacks) > self.paid)

    def _rebuys(self, started: dict[str, int]) -> list[Event]:
        """After a hand, its players at or below the starting stack may rebuy (a busted one
        instead of being eliminated), as their style inclines them."""
        if not self._in_rebuy_period():
            return []
        styles = {p.name: p for p in self.players}
        events: list[Event] = []
        for name in sorted(started):
            chips = self.stacks[name]
            if chips <= SERVER.starting_stack and wants_rebuy(styles[name], chips == 0,
                                                              self.rng):
                events.append(self._bought(name, "rebuy", VARIANTS.rebuy.rebuy_chips))
        return events

    def _add_ons(self) -> list[Event]:
        """At the first break every player still in may take one add-on."""
        if self.spec.variant != REBUY or len(self.stacks) <= self.paid:
            return []
        styles = {p.name: p for p in self.players}
        return [self._bought(name, "add_on", VARIANTS.rebuy.add_on_chips)
                for name in sorted(self.stacks)
                if self.stacks[name] > 0 and wants_add_on(styles[name], self.rng)]

    def _bought(self, name: str, kind: str, chips: int) -> Event:
        """A rebuy or an add-on, for the buy-in (no fee): chips to the stack, money to the
        pool."""
        self.stacks[name] += chips
        self.rebuy_money += self.spec.buy_in
        self.restocked.update(t.name for t in self.tables.values() if name in t.seats.values())
        return self.event("rebuy", player=name, kind=kind, paid=self.spec.buy_in, chips=chips)

    def _restocked(self, table: Table) -> bool:
        """A player still seated bought chips since the table's last hand (or a wrong
        rollback set the stacks): a stack is not what that hand left, so a hand history
        loses the table's previous hand (and with it who arrived), as the real rebuy
        events' histories show nothing of a rebuy."""
        return table.name in self.restocked
