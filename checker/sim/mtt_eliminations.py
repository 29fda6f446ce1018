"""Eliminations in a multi-table tournament: ranked as clause 25 says (the busts of hands
ending at the same second at different tables together, and clause 26 across tables in
hand-for-hand), paid at once (clauses 15, 16), with a sponsored professional's bounty
(clause 13)."""

from checker.model.tournament_log import PrizeCurrency
from checker.sim.faults import FAULTS_KEY
from checker.sim.mtt_state import MTT, TournamentFields, TournamentSteps
from checker.sim.mtt_tables import Bust
from checker.sim.sit_and_go import Event
from checker.sim.variants import payout_fields


class Eliminations(TournamentFields, TournamentSteps):
    def _eliminate(self, busts: list[Bust], decide: bool = True) -> list[Event]:
        """Clause 25 (and 26 across tables in hand-for-hand): more chips at the deal finish
        higher; equal stacks tie at the best place they cover and share its prizes."""
        where = {name: bust for bust in busts for name in bust.out}
        # Players already out of play (`_leave_play`) are still in for the places.
        left = len(self.stacks) + sum(1 for name in where if name not in self.stacks)
        for name in where:
            self.stacks.pop(name, None)
        by_stack: dict[int, list[str]] = {}
        for name, bust in where.items():
            by_stack.setdefault(bust.started[name], []).append(name)
        pool = self._pool()
        place = left - len(where) + 1
        events: list[Event] = []
        paid: list[tuple[str, int, int, PrizeCurrency]] = []
        bounties: list[Event] = []
        for stack in sorted(by_stack, reverse=True):
            group = sorted(by_stack[stack])
            prize, currency = self._group_prize(pool, place, len(group))
            for name in group:
                bust = where[name]
                events.append(self.event("elimination", player=name, place=place,
                                         table=bust.table, hand=bust.hand, prize=prize))
                # Clause 13: a bounty needs 30 starters (one may have unregistered since the
                # terms named the professionals), and none once every seat is decided (as
                # the lines count it).
                lines = sum(1 for line in events if line["event"] == "elimination")
                if (name in self.professionals and self.entrants >= MTT.bounty_min_starters
                        and left - lines + 1 > self._survivors()):
                    bounties.append(self._bounty(name, bust))
                if prize > 0:
                    paid.append((name, place, prize, currency))
            place += len(group)
        events += bounties  # after the hand's (or deal's) eliminations, before the prizes
        events += [self.event("payout", player=name, place=at_place, paid=prize,
                              **payout_fields(currency))
                   for name, at_place, prize, currency in paid]
        self.paid_out += sum(prize for _, _, prize, _ in paid)
        if self.seats_prizes is not None:
            if decide and len(self.stacks) <= self._survivors():
                events += self._seats_decided(self.seats_prizes)
        elif len(self.stacks) == 1:
            (winner,) = self.stacks
            events.append(self.event("payout", player=winner, place=1,
                                     paid=pool * self.shares[0] // 10_000,
                                     paid_currency="cash"))
            events.append(self.event("tournament_end", outcome="finished", winner=winner))
            self.ended = True
        return events

    def _leave_play(self, bust: Bust) -> None:
        """The bust's players leave play when their hand ends, as an elimination made at
        once would take them: what happens before their places are given (the table's
        next steps, another table's hand ending this second) counts them out."""
        for name in bust.out:
            del self.stacks[name]

    def _moment_eliminations(self) -> list[Event]:
        """Clause 25: eliminations at different tables at the same moment are one hand,
        so the busts of the hands that ended this second are ranked together; then the
        tables whose hands ended meanwhile are balanced and held."""
        busts, self.moment_busts = self.moment_busts, []
        return (self._eliminate(busts) if busts else []) + self._moment_rebalances()

    def _moment_rebalances(self) -> list[Event]:
        """The moves and holds of the tables whose hands ended this second, in the order
        they ended, decided with every bust of the second out."""
        tables, self.moment_tables = self.moment_tables, []
        return [line for table in tables for line in self.director.rebalance(table, self.now)]

    def _bounty(self, professional: str, bust: Bust) -> Event:
        """Clause 13: every winner of the largest pot is paid the buy-in, capped (the fault:
        only one of them, on a split pot)."""
        winners = bust.largest_pot_winners
        short = len(winners) > 1 and self.faults.wants("bounty_missing_on_split_pot",
                                                       self.fault_rng)
        line = self.event("bounty", eliminated=professional, hand=bust.hand,
                          paid_to=winners[:1] if short else winners,
                          amount_each=min(self.spec.buy_in, MTT.bounty_cap))
        if short:
            line[FAULTS_KEY] = ["bounty_missing_on_split_pot"]
        return line
