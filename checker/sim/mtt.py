"""A multi-table tournament (MTT) as a correct server runs it, event by event.

Registration until the scheduled start (clause 3), seating at it (clause 5) by a random draw
over every table (clause 9), the start; then every table plays on its own clock while the
levels and an hourly break (clause 11) are the tournament's. A hand's line is written when it
ends, so hands of different tables interleave in the log in time order: the driver always
runs the earliest thing due (a table's hand ending, or a table dealing) and writes events
through a small priority queue ordered by their time.

Eliminations are ranked as clause 25 says (busts of hands that end at the same second at
different tables together: the log's moments are seconds); after them the tables are kept
within one player of each other by moving players from the fullest table to the shortest
(`table_move`, reason `balance`), a table is broken when the others can seat its players (reason
`table_closed`, `final_table` for the last break), and a table short enough of the fullest
is held until balance is restored (clause 21, `table_hold`). A player moved to a seat
between the button and the big blind sits out until the button has passed (clause 20), as
the replay sees arrivals: players not in the table's previous hand, or moved away from the
table since and back. At the bubble (one
player more than places paid) every table plays hand-for-hand (clause 26): each deal starts
at every table once the previous one ended everywhere, and the deal's eliminations are ranked
together. Prizes are paid at once (clauses 15, 16) from `[mtt]` of server.toml.

This module runs the tournament (clock, hands, breaks, hand-for-hand); its parts are in
mtt_tables.py, mtt_queue.py, mtt_director.py, mtt_registration.py, mtt_eliminations.py,
mtt_incidents.py and mtt_variants.py, sharing mtt_state.py.
"""

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from checker.model.event_lines import event_line_value
from checker.model.hand_line import hand_line_value
from checker.sim.faults import FaultPlan, Injected
from checker.sim.mtt_director import TableDirector
from checker.sim.mtt_eliminations import Eliminations
from checker.sim.mtt_incidents import Incidents
from checker.sim.mtt_queue import EventQueue
from checker.sim.mtt_registration import Registration
from checker.sim.mtt_state import ACTIVE, MTT, NOT_YET, OVER, PENDING, SERVER
from checker.sim.mtt_tables import Bust, InPlay, Table, largest_pot_winners, seats_between
from checker.sim.mtt_variants import SatellitesAndRebuys
from checker.sim.plan import HandPlan, HandResult, PlayerStyle, SimSeat, Stakes, stacks_after
from checker.sim.server import level_stakes
from checker.sim.sit_and_go import Event, PlayHand, SitAndGoSpec
from checker.sim.variants import SatellitePrizes

__all__ = ["MTT", "SERVER", "Bust", "InPlay", "MultiTableTournament", "Table",
           "largest_pot_winners", "seats_between"]


@dataclass(slots=True)
class MultiTableTournament(Registration, Eliminations, Incidents, SatellitesAndRebuys):
    """One MTT for `players` (all register; now and then one unregisters) at tables of
    `spec.seats` seats. `rng` plays the cards, the players and the draw; `fault_rng` alone
    decides faults (checker/sim/faults.py), and the `incidents` asked for (a server failure,
    a cancellation after it)."""

    spec: SitAndGoSpec
    players: list[PlayerStyle]
    rng: random.Random
    fault_rng: random.Random
    faults: FaultPlan
    play_hand: PlayHand
    incidents: FaultPlan = field(default_factory=FaultPlan)
    # Faults located by hand id, as injected; hands numbered, and hands finished.
    injected: list[Injected] = field(default_factory=list)
    hands: int = 0
    finished: int = 0
    stacks: dict[str, int] = field(default_factory=dict)
    entrants: int = 0
    shares: tuple[int, ...] = ()
    # Wall seconds from the scheduled start; play before the current stretch of play and
    # when that stretch began (the start or the last break's end).
    now: int = 0
    play_before: int = 0
    stretch_from: int = 0
    level: int = 0
    hand_for_hand: str = NOT_YET
    deal: int = 0
    deal_busts: list[Bust] = field(default_factory=list)
    away: set[str] = field(default_factory=set)
    # Clause 13: the sponsored professionals playing (none below the bounty's field size).
    professionals: frozenset[str] = frozenset()
    # Prizes credited so far, in cents (what a cancellation in the money takes into account).
    paid_out: int = 0
    ended: bool = False
    # The terms as announced (a satellite states its seats again when registration closes).
    announced: Event = field(default_factory=dict)
    # A satellite's seats and leftover (known once registration closes); a rebuy event's
    # money from rebuys and add-ons, and the busts a satellite holds until every table is
    # between hands (its seats are decided with no hand in progress).
    seats_prizes: SatellitePrizes | None = None
    rebuy_money: int = 0
    held_busts: list[Bust] = field(default_factory=list)
    # Busts of hands ending this second, ranked together once the last of them has ended
    # (clause 25: eliminations at different tables at the same moment are one hand).
    moment_busts: list[Bust] = field(default_factory=list)
    # The tables whose hands ended meanwhile: they are balanced and held once those busts
    # are out, after their eliminations (a table closed or a player moved before them would
    # read as done before the bust; a hold decided before another table's bust of the same
    # second would be judged against the tables after it).
    moment_tables: list[Table] = field(default_factory=list)
    # Tables whose stacks changed since the table's last deal (a rebuy or add-on, a wrong
    # rollback): a hand history loses the table's previous hand there.
    restocked: set[str] = field(default_factory=set)
    # The tables (checker/sim/mtt_director.py) and the lines waiting to be written.
    director: TableDirector = field(init=False)
    queue: EventQueue = field(default_factory=EventQueue)

    def __post_init__(self) -> None:
        self.director = TableDirector(self.spec.seats, self.rng, self.faults, self.fault_rng,
                                      self.event, self.stacks)

    @property
    def tables(self) -> dict[str, Table]:
        return self.director.tables

    # ------------------------------------------------------------ events and time

    def at(self, seconds: int | None = None) -> str:
        moment = self.spec.scheduled_start + timedelta(
            seconds=self.now if seconds is None else seconds)
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")

    def event(self, event: str, /, **fields: object) -> Event:
        return {"event": event, "seq": 0, "at": self.at(), "tournament": self.spec.tournament,
                **fields}

    def _break_due(self) -> int:
        return self.stretch_from + SERVER.break_every_seconds

    def _level_at(self, wall: int) -> int:
        played = self.play_before + wall - self.stretch_from
        return min(played // SERVER.level_seconds, len(SERVER.blinds) - 1) + 1

    @property
    def paid(self) -> int:
        """Places paid (a satellite: its seats, whose bubble is played hand-for-hand)."""
        if self.seats_prizes is not None:
            return self.seats_prizes.seats
        return len(self.shares)

    # ------------------------------------------------------------ the run

    def run(self) -> Iterator[Event]:
        """Every event of the MTT, in time order, until one player has every chip."""
        yield self._terms()
        yield from self._register()
        yield from self._seat()
        stuck = 0
        while not self.ended:
            step = self._next_step()
            if step is None:  # nobody plays and nobody may deal alone
                stuck += 1
                if stuck > 3:
                    raise RuntimeError(f"MTT {self.spec.tournament}: no table can play")
                self._between_all()
                continue
            stuck = 0
            at, ending, table = step
            yield from self.queue.flush(at)
            self.now = at
            if ending and self._incident():
                continue
            if ending:
                self._end_hand(table)
            else:
                self._start_hand(table)
        yield from self.queue.flush(None)

    def _next_step(self) -> tuple[int, bool, Table] | None:
        """The earliest thing due: a hand ending (first at equal times), or a deal."""
        best: tuple[int, int, int] | None = None
        chosen: tuple[int, bool, Table] | None = None
        for table in self.tables.values():
            if table.playing is not None:
                key = (table.playing.ends, 0, table.number)
            elif table.wrong_hold_until is not None:
                key = (max(table.wrong_hold_until, self.now), 1, table.number)
            elif not table.held and not table.waiting and len(table.seats) >= 2:
                key = (max(table.ready_at, self.now), 1, table.number)
            else:
                continue
            if best is None or key < best:
                best, chosen = key, (key[0], key[1] == 0, table)
        return chosen

    # ------------------------------------------------------------ hands

    def _start_hand(self, table: Table) -> None:
        if table.wrong_hold_until is not None:
            table.wrong_hold_until = None
            table.held = False
            self.queue.push(self.now, [self.event("table_hold", table=table.name, held=False)])
        if self.hand_for_hand in (PENDING, ACTIVE) or self.now >= self._break_due():
            table.waiting = True  # every table stops: hand-for-hand, or the break
            return
        self._deal(table)

    def _deal(self, table: Table) -> None:
        level = self._level_at(self.now)
        if level > self.level:
            self.level = level
            self.queue.push(self.now, [self.event("level", level=level, ante=0,
                                                  **self._stakes(level))])
        self.hands += 1
        hand_id = f"{self.spec.tournament}{self.hands:05d}"
        seated = sorted(table.seats.items())
        dealt = self._dealt(table, seated, hand_id)
        self.restocked.discard(table.name)
        blinds = table.rotation.next_hand([seat for seat, _ in dealt])
        styles = {p.name: p for p in self.players}
        plan = HandPlan(
            tournament=self.spec.tournament, table=table.name, hand_id=hand_id,
            game=self.spec.game, structure=self.spec.structure,
            stakes=Stakes(level=level, **self._stakes(level)),
            seats=tuple(SimSeat(seat, name, self.stacks[name], styles[name])
                        for seat, name in dealt),
            button=blinds.button, small_blind_seat=blinds.small_blind,
            big_blind_seat=blinds.big_blind,
            started=self.spec.scheduled_start + timedelta(seconds=self.now),
            players_left=len(self.stacks), places_paid=self.paid,
            deal=self.deal if self.hand_for_hand == ACTIVE else None,
            disconnected=frozenset(name for _, name in dealt if name in self.away),
            faults=self.faults.for_hand(self.fault_rng))
        result = self.play_hand(plan, self.rng)
        rotation = table.rotation
        in_play = InPlay(plan, result, self.now + max(result.duration_s, 1),
                         rotation.previous, rotation.earlier_big_blind, table.last_dealt)
        rotation.dealt(blinds)
        table.last_dealt = frozenset(name for _, name in dealt)
        table.departed.clear()
        table.playing = in_play
        # Time-outs and connection changes are written when they happen, during the hand.
        for note in result.notes:
            at: datetime = note.at
            moment = int((at - self.spec.scheduled_start).total_seconds())
            self.queue.push(moment, [event_line_value(note)])

    def _dealt(self, table: Table, seated: list[tuple[int, str]], hand_id: str
               ) -> list[tuple[int, str]]:
        """Clause 20: a player moved in sits out while seated between the button and the
        big blind (the small blind's seat excepted: that player posts it). Heads-up the rule
        does not apply; the fault deals such a player in."""
        if table.rotation.previous is None or len(seated) < 3:
            return seated
        blinds = table.rotation.next_hand([seat for seat, _ in seated])
        waiting = {name for seat, name in seated
                   if name not in table.last_dealt and seat != blinds.small_blind
                   and seats_between(blinds.button, blinds.big_blind, seat)}
        if not waiting:
            return seated
        # The fault where the audit can judge it: with a dead small blind the rules file
        # cannot tell the small blind's seat from any other (its test reads unknown); where
        # the stacks changed since the table's last hand, a hand history cannot tell who
        # arrived.
        if (blinds.small_blind is not None and not self._restocked(table)
                and self.faults.wants("moved_player_not_sitting_out", self.fault_rng)):
            self.injected.append(Injected("moved_player_not_sitting_out", hand=hand_id))
            return seated
        dealt = [(seat, name) for seat, name in seated if name not in waiting]
        return dealt if len(dealt) >= 2 else seated

    def _end_hand(self, table: Table) -> None:
        played = table.playing
        assert played is not None
        table.playing = None
        table.ready_at = self.now + MTT.seconds_between_hands
        result = played.result
        self.finished += 1
        for name, index in result.faults:
            self.injected.append(Injected(name, hand=played.plan.hand_id, action=index))
        dealt = {seat.player for seat in played.plan.seats}
        self.away = (self.away - dealt) | set(result.disconnected)
        hand = hand_line_value(result.hand)
        hand.update(seq=0, at=self.at())
        block: list[Event] = [hand]
        started = {s.player: s.stack for s in result.hand.seats}
        self._settle(result)
        block += self._rebuys(started)
        out = sorted(name for name in started if self.stacks[name] == 0)
        for seat, name in list(table.seats.items()):
            if name in out:
                del table.seats[seat]
        bust = Bust(table.name, played.plan.hand_id, self.now, started, out,
                    largest_pot_winners(result.hand))
        if self.hand_for_hand == ACTIVE:
            if out:
                self.deal_busts.append(bust)
        elif out and self._hold_for_seats(table):
            # This second's busts wait with it: clause 25 ranks them together.
            self.held_busts += self.moment_busts
            self.moment_busts = []
            self.held_busts.append(bust)
            block += self._moment_rebalances()
        elif out:
            self._leave_play(bust)
            self.moment_busts.append(bust)
        if not self._ending_now():  # the last hand to end this second
            block += self._moment_eliminations()
        self.queue.push(self.now, block)
        if self.ended:
            return
        if self.hand_for_hand == NOT_YET and len(self.stacks) <= self.paid + 1:
            bubble = len(self.stacks) == self.paid + 1 and len(self.tables) > 1
            self.hand_for_hand = PENDING if bubble else OVER
        if self.hand_for_hand in (PENDING, ACTIVE):
            table.waiting = True
            return
        self._rebalance(table)

    def _ending_now(self) -> bool:
        """Whether another table's hand ends this same second (it is run next: hand
        endings come first at equal times)."""
        return any(t.playing is not None and t.playing.ends == self.now
                   for t in self.tables.values())

    def _settle(self, result: HandResult) -> None:
        self.stacks.update(stacks_after(result.hand))

    # ------------------------------------------------------------ every table at once

    def _between_all(self) -> None:
        """No table is playing and none may deal alone: end a hand-for-hand deal, enter
        hand-for-hand, take the break, balance every table, and deal again."""
        events: list[Event] = self._held_eliminations()
        if self.ended:
            self.queue.push(self.now, events)
            return
        if self.hand_for_hand == ACTIVE and self.deal_busts:
            events += self._eliminate(self.deal_busts)
            self.deal_busts = []
            if not self.ended:
                events.append(self.event("hand_for_hand", active=False))
            self.hand_for_hand = OVER
        elif self.hand_for_hand == PENDING:
            if len(self.stacks) == self.paid + 1 and len(self.tables) > 1:
                events.append(self.event("hand_for_hand", active=True))
                self.hand_for_hand = ACTIVE
            else:  # a hand that was still being played burst the bubble
                self.hand_for_hand = OVER
        self.queue.push(self.now, events)
        if self.ended:
            return
        self._rebalance(None)
        start = self.now + MTT.seconds_between_hands
        if start >= self._break_due():
            self._break(max(self.now, self._break_due()))
            start = self.now + MTT.seconds_between_hands
        for table in self.tables.values():
            table.waiting = False
            table.ready_at = max(table.ready_at, start)
        if self.hand_for_hand == ACTIVE:
            self.deal += 1
            self.now = start
            for table in self.tables.values():
                self._deal(table)

    def _break(self, at: int) -> None:
        """Clause 11: every table breaks for five minutes after an hour of play."""
        self.now = at
        first = self.play_before == 0
        self.queue.push(at, [self.event("break_start", duration_s=SERVER.break_seconds)])
        if first:
            self.queue.push(at, self._add_ons())
        self.play_before += at - self.stretch_from
        self.now = self.stretch_from = at + SERVER.break_seconds
        self.queue.push(self.now, [self.event("break_end")])

    def _rebalance(self, ended: Table | None) -> None:
        """Break, balance, hold or resume tables (checker/sim/mtt_director.py); while busts
        of this second wait for their places, the table waits with them."""
        if self.moment_busts and ended is not None:
            self.moment_tables.append(ended)
            return
        self.queue.push(self.now, self.director.rebalance(ended, self.now))

    def _stakes(self, level: int) -> dict[str, int]:
        return level_stakes(level, self.spec.structure)
