"""The tables of a multi-table tournament between hands (clauses 20, 21): a table is broken
when the others can seat its players (reason `table_closed`, `final_table` for the last
break), players move from the fullest table to the shortest until they are within one of each
other (`table_move`, reason `balance`), and a table short enough of the fullest is held until
balance is restored (`table_hold`)."""

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from checker.sim.faults import FAULTS_KEY, FaultPlan
from checker.sim.mtt_tables import Table
from checker.sim.rotation import next_seat
from checker.sim.server import server_config
from checker.sim.sit_and_go import Event

MTT = server_config().mtt


class EventFactory(Protocol):
    """A log line of the tournament, at its current time."""

    def __call__(self, event: str, /, **fields: object) -> Event: ...


@dataclass(slots=True)
class TableDirector:
    """Owns the tournament's tables. `rng` draws free seats; `fault_rng` alone decides the
    fault `table_held_wrongly`; `stacks` (read only) is each player's, for the move lines."""

    seats_per_table: int
    rng: random.Random
    faults: FaultPlan
    fault_rng: random.Random
    event: EventFactory
    stacks: Mapping[str, int]
    tables: dict[str, Table] = field(default_factory=dict)

    def rebalance(self, ended: Table | None, now: int) -> list[Event]:
        """After a hand of `ended` (None: every table is between hands): break a table the
        others can seat, move players from the fullest table to the shortest, and hold or
        resume tables (clauses 20, 21). Only tables between hands give players."""
        events: list[Event] = []
        self._break_tables(events)
        self._balance(events)
        self._holds(events, ended, now)
        return events

    def _break_tables(self, events: list[Event]) -> None:
        while len(self.tables) > 1:
            shortest = min(len(t.seats) for t in self.tables.values())
            idle = [t for t in self.tables.values()
                    if t.playing is None and len(t.seats) == shortest]
            if not idle:
                return
            closing = idle[-1]
            others = [t for t in self.tables.values() if t is not closing]
            if sum(self.seats_per_table - len(t.seats) for t in others) < len(closing.seats):
                return
            reason = "final_table" if len(others) == 1 else "table_closed"
            for seat in sorted(closing.seats):
                name = closing.seats[seat]
                to = min(others, key=lambda t: (len(t.seats), name in t.departed, t.number))
                self._move(closing, seat, to, reason, events)
            events.append(self.event("table_closed", table=closing.name))
            del self.tables[closing.name]

    def _balance(self, events: list[Event]) -> None:
        while len(self.tables) > 1:
            sizes = [len(t.seats) for t in self.tables.values()]
            least = min(sizes)
            if max(sizes) - least < 2:
                return
            # The fullest table between hands gives (a table in a hand gives once it ends).
            givers = [t for t in self.tables.values()
                      if t.playing is None and len(t.seats) >= least + 2]
            if not givers:
                return
            giver = max(givers, key=lambda t: (len(t.seats), -t.number))
            taker = min(self.tables.values(), key=lambda t: (len(t.seats), t.number))
            self._move(giver, self._due_big_blind(giver), taker, "balance", events)

    @staticmethod
    def _due_big_blind(table: Table) -> int:
        """The seat of the player due the next big blind: moved, it pays blinds elsewhere."""
        seats = sorted(table.seats)
        previous = table.rotation.previous
        return next_seat(previous.big_blind, seats) if previous is not None else seats[0]

    def _move(self, giver: Table, seat: int, taker: Table, reason: str,
              events: list[Event]) -> None:
        """Clause 20: the player may be given any free seat (back at a table they left since
        its last hand: their seat there, when free)."""
        name = giver.seats.pop(seat)
        # Should they come back to this table, they arrive anew (as the replay counts them).
        giver.last_dealt = giver.last_dealt - {name}
        giver.departed[name] = seat
        free = [s for s in range(1, self.seats_per_table + 1) if s not in taker.seats]
        before = taker.departed.pop(name, None)
        to_seat = before if before in free else self.rng.choice(free)
        taker.seats[to_seat] = name
        events.append(self.event("table_move", player=name, from_table=giver.name,
                                 from_seat=seat, to_table=taker.name, to_seat=to_seat,
                                 stack=self.stacks[name], reason=reason))

    def _hold_gap(self) -> int:
        """Clause 21 as the server applies it: how many players short of the fullest table
        a table is held."""
        many = len(self.tables) > MTT.hold_table_threshold
        return MTT.hold_gap_many_tables if many else MTT.hold_gap_few_tables

    def _holds(self, events: list[Event], ended: Table | None, now: int) -> None:
        if len(self.tables) < 2:
            for table in self.tables.values():
                if table.held and table.wrong_hold_until is None:
                    table.held = False
                    events.append(self.event("table_hold", table=table.name, held=False))
            return
        most = max(len(t.seats) for t in self.tables.values())
        needed = self._hold_gap()
        for table in self.tables.values():
            gap = most - len(table.seats)
            if table.wrong_hold_until is not None:
                continue
            if table.held and gap <= 1:  # balance restored: it resumes
                table.held = False
                table.ready_at = max(table.ready_at, now)
                events.append(self.event("table_hold", table=table.name, held=False))
            elif table is ended and not table.held:
                if gap >= needed:
                    table.held = True
                    events.append(self.event("table_hold", table=table.name, held=True))
                elif self.faults.wants("table_held_wrongly", self.fault_rng):
                    table.held = True
                    table.wrong_hold_until = now + MTT.wrong_hold_seconds
                    line = self.event("table_hold", table=table.name, held=True)
                    line[FAULTS_KEY] = ["table_held_wrongly"]
                    events.append(line)
