"""A multi-table tournament (MTT) as a correct server runs it, event by event.

Registration until the scheduled start (clause 3), seating at it (clause 5) by a random draw
over every table (clause 9), the start; then every table plays on its own clock while the
levels and an hourly break (clause 11) are the tournament's. A hand's line is written when it
ends, so hands of different tables interleave in the log in time order: the driver always
runs the earliest thing due (a table's hand ending, or a table dealing) and writes events
through a small priority queue ordered by their time.

Eliminations are ranked as clause 25 says; after them the tables are kept within one player
of each other by moving players from the fullest table to the shortest (`table_move`,
reason `balance`), a table is broken when the others can seat its players (reason
`table_closed`, `final_table` for the last break), and a table short enough of the fullest
is held until balance is restored (clause 21, `table_hold`). A player moved to a seat
between the button and the big blind sits out until the button has passed (clause 20), as
the replay sees arrivals: players not in the table's previous hand, or moved away from the
table since and back. At the bubble (one
player more than places paid) every table plays hand-for-hand (clause 26): each deal starts
at every table once the previous one ended everywhere, and the deal's eliminations are ranked
together. Prizes are paid at once (clauses 15, 16) from `[mtt]` of server.toml.
"""

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta

from checker.model.tournament_log import PrizeCurrency, TournamentKind
from checker.sim.faults import FAULTS_KEY, FaultPlan, Injected
from checker.sim.mtt_director import TableDirector
from checker.sim.mtt_queue import EventQueue
from checker.sim.mtt_tables import Bust, InPlay, Table, largest_pot_winners, seats_between
from checker.sim.plan import HandPlan, HandResult, PlayerStyle, SimSeat, Stakes, stacks_after
from checker.sim.refunds import cancellation_refunds
from checker.sim.server import late_arrivals, level_stakes, server_config
from checker.sim.sit_and_go import Event, PlayHand, SitAndGoSpec
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

__all__ = ["Bust", "InPlay", "MultiTableTournament", "Table", "largest_pot_winners",
           "seats_between"]

SERVER = server_config()
MTT = SERVER.mtt

# Hand-for-hand: not yet, waiting for every table to finish its hand, dealing, done.
NOT_YET, PENDING, ACTIVE, OVER = "not_yet", "pending", "active", "over"


@dataclass(slots=True)
class MultiTableTournament:
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

    # ------------------------------------------------------------ before the start

    def _terms(self) -> Event:
        spec = self.spec
        self.now = -60 * MTT.registration_minutes - 1
        levels = [{"level": n, "duration_s": SERVER.level_seconds, "ante": 0,
                   **self._stakes(n)} for n in range(1, len(SERVER.blinds) + 1)]
        tiers = [{"min_entrants": t.min_entrants, "max_entrants": t.max_entrants,
                  "shares_bp": list(t.shares_bp)} for t in MTT.payouts]
        line = self.event(
            "tournament_terms", kind=TournamentKind.MTT.value,
            name=f"${spec.buy_in // 100} + ${spec.fee // 100} Multi-Table {spec.seats}-max",
            game=spec.game.value, structure=spec.structure.value, currency="USD",
            buy_in=spec.buy_in, fee=spec.fee, guarantee=None,
            starting_stack=SERVER.starting_stack, seats_per_table=spec.seats,
            min_entrants=MTT.min_entrants, max_entrants=MTT.max_entrants,
            scheduled_start=self.at(0), levels=levels,
            breaks={"every_s": SERVER.break_every_seconds, "duration_s": SERVER.break_seconds,
                    "max_breaks": None},
            payout_structure=tiers, bounty=self._bounty_terms(), rebuy=False, add_on=False)
        line.update(self._variant_terms(str(line["name"])))
        self.announced = line
        return line

    def _bounty_terms(self) -> dict[str, object] | None:
        """Clause 13: sponsored professionals among a big enough field."""
        if len(self.players) < MTT.bounty_min_starters:
            return None
        chosen = self.rng.sample(self.players, MTT.bounty_professionals)
        self.professionals = frozenset(p.name for p in chosen)
        return {"professionals": sorted(self.professionals), "amount": None}

    def _register(self) -> Iterator[Event]:
        """Registrations while registration is open (the hour before the start); now and then
        one player unregisters before seating, refunded in full (clause 6)."""
        spec = self.spec
        if not MTT.min_entrants <= len(self.players) <= MTT.max_entrants:
            raise ValueError(f"an MTT takes {MTT.min_entrants} to {MTT.max_entrants} players, "
                             f"not {len(self.players)}")
        opens = 60 * MTT.registration_minutes
        times = sorted(self.rng.randint(-opens, -2) for _ in self.players)
        # One may leave while the field stays at its minimum (clause 34).
        leaves = (len(self.players) > MTT.min_entrants
                  and self.rng.random() < SERVER.unregistration_chance)
        leaving = self.rng.randrange(len(self.players)) if leaves else None
        kept: list[PlayerStyle] = []
        lines: list[tuple[int, Event]] = []
        for index, (player, when) in enumerate(zip(self.players, times, strict=True)):
            self.now = when
            lines.append((when, self.event("registration", player=player.name, accepted=True,
                                           paid=spec.buy_in + spec.fee,
                                           paid_currency="cash")))
            if index == leaving:
                self.now = self.rng.randint(when, -1)
                lines.append((self.now, self.event(
                    "unregistration", player=player.name, accepted=True,
                    refund=spec.buy_in + spec.fee, refund_currency="cash")))
            else:
                kept.append(player)
        # In time order (a registration comes before its own unregistration: stable sort).
        yield from (line for _, line in sorted(lines, key=lambda pair: pair[0]))
        self.players = kept
        self.entrants = len(kept)
        self.shares = MTT.shares_for(self.entrants)
        self.now = 0  # registration closes at the scheduled start (clause 3)
        yield from self._satellite_seats()
        yield self.event("registration_closed", entrants=self.entrants,
                         prize_pool=spec.buy_in * self.entrants,
                         payout_shares_bp=list(self.shares))

    def _seat(self) -> Iterator[Event]:
        """Clauses 5, 9: seating at the scheduled start, a random draw over every table (as
        even as the field allows), then the start."""
        yield self.event("seating_started")
        size = self.spec.seats
        count = -(-self.entrants // size)
        slots: list[tuple[int, int]] = []
        for number in range(1, count + 1):
            players = self.entrants // count + (1 if number <= self.entrants % count else 0)
            slots += [(number, seat) for seat in sorted(self.rng.sample(range(1, size + 1),
                                                                        players))]
        self.rng.shuffle(slots)
        for number in range(1, count + 1):
            self.tables[str(number)] = Table(str(number), number)
        drawn = sorted(zip(slots, self.players, strict=True), key=lambda pair: pair[0])
        for (number, seat), player in drawn:
            table = self.tables[str(number)]
            table.seats[seat] = player.name
            self.stacks[player.name] = SERVER.starting_stack
            yield self.event("seat", player=player.name, table=table.name, seat=seat,
                             stack=SERVER.starting_stack)
        self.away = set(late_arrivals([player.name for player in self.players], self.rng))
        self.now = self.stretch_from = MTT.start_after_seconds
        for table in self.tables.values():
            table.ready_at = self.now
        yield self.event("tournament_start", entrants=self.entrants, tables=count)

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
            players_left=len(self.stacks),
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
            moment = int((note.at - self.spec.scheduled_start).total_seconds())
            self.queue.push(moment, [note.model_dump(mode="json")])

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
        hand = result.hand.model_dump(mode="json")
        hand.update(seq=0, at=self.at())
        block: list[Event] = [hand]
        started = {s.player: s.stack for s in result.hand.seats}
        self._settle(result)
        block += self._rebuys(started)
        out = sorted(name for name in started if self.stacks[name] == 0)
        for seat, name in list(table.seats.items()):
            if name in out:
                del table.seats[seat]
        bust = Bust(table.name, played.plan.hand_id, started, out,
                    largest_pot_winners(result.hand))
        if self.hand_for_hand == ACTIVE:
            if out:
                self.deal_busts.append(bust)
        elif out and self._hold_for_seats(table):
            self.held_busts.append(bust)
        elif out:
            block += self._eliminate([bust])
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

    def _settle(self, result: HandResult) -> None:
        self.stacks.update(stacks_after(result.hand))

    def _eliminate(self, busts: list[Bust], decide: bool = True) -> list[Event]:
        """Clause 25 (and 26 across tables in hand-for-hand): more chips at the deal finish
        higher; equal stacks tie at the best place they cover and share its prizes."""
        where = {name: bust for bust in busts for name in bust.out}
        left = len(self.stacks)
        for name in where:
            del self.stacks[name]
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

    # ------------------------------------------------------------ incidents

    def _incident(self) -> bool:
        """As a hand is about to end, the server may fail (clause 30: the hand in progress at
        every table is rolled back) and the tournament may then be cancelled (clause 31).
        Not during a hand-for-hand deal (every table would deal it again)."""
        if self.hand_for_hand == ACTIVE or self._notes_written():
            return False
        # A satellite only while its seats are out of reach (31.5 would otherwise decide
        # packages: not simulated).
        seats = self.seats_prizes
        cancel = (len(self.stacks) > 1
                  and (seats is None or len(self.stacks) > seats.seats + 1)
                  and self.incidents.wants("cancellation", self.fault_rng))
        if not cancel and not self.incidents.wants("server_failure", self.fault_rng):
            return False
        self._server_failure()
        if cancel:
            self._cancel()
        return True

    def _notes_written(self) -> bool:
        """Whether a hand in progress has had a time-out or connection line written: the
        server fails only at a moment when none has (a line of a hand never dealt would
        stay in the log unjudged)."""
        start = self.spec.scheduled_start
        return any(note.at <= start + timedelta(seconds=self.now)
                   for table in self.tables.values() if table.playing is not None
                   for note in table.playing.result.notes)

    def _server_failure(self) -> None:
        playing = sorted((t for t in self.tables.values() if t.playing is not None),
                         key=lambda t: t.number)
        self.queue.push(self.now, [self.event("server_failure", reason="game server restarted",
                                         tables=[t.name for t in playing])])
        self.now += SERVER.rollback_seconds
        self.queue.push(self.now, [self._rollback(table) for table in playing])
        for table in self.tables.values():
            table.ready_at = max(table.ready_at, self.now + MTT.seconds_between_hands)

    def _rollback(self, table: Table) -> Event:
        """Every player seated at the table back to the start of the interrupted hand (the
        fault: to where that hand had taken them, when nobody was out); the hand is dealt
        again, so the table's blinds and arrivals are as before it."""
        played = table.playing
        assert played is not None
        table.playing = None
        hand = played.result.hand
        restored = {s.player: s.stack for s in hand.seats}
        after = stacks_after(hand)
        wrong = (after != restored and min(after.values()) > 0
                 and self.faults.wants("rollback_not_restoring", self.fault_rng))
        self.stacks.update(after if wrong else restored)
        line = self.event("rollback", table=table.name, hand=hand.hand, stacks=[
            {"player": name, "seat": seat, "stack": self.stacks[name]}
            for seat, name in sorted(table.seats.items())])
        if wrong:
            line[FAULTS_KEY] = ["rollback_not_restoring"]
            self.restocked.add(table.name)  # the stacks no longer carry over
        table.rotation.previous = played.previous_blinds
        table.rotation.earlier_big_blind = played.earlier_big_blind
        table.last_dealt = played.last_dealt
        hand_id = played.plan.hand_id
        self.injected = [fault for fault in self.injected if fault.hand != hand_id]
        self.queue.drop_hand_notes(hand_id)
        return line

    def _cancel(self) -> None:
        """Clause 31 (31.2 before the money, 31.3 in it, 31.4 with rebuys;
        checker/sim/refunds.py). The fault leaves out the chip-count share."""
        refunds = cancellation_refunds(
            buy_in=self.spec.buy_in, fee=self.spec.fee, pool=self._pool(), shares=self.shares,
            stacks=self.stacks, paid_out=self.paid_out, heads_up=False)
        wrong = (refunds.divided > 2 * len(self.stacks)
                 and self.faults.wants("refund_formula_wrong", self.fault_rng))
        line = self.event("cancellation", stage=refunds.stage, reason="technical", payouts=[
            {"player": name, "chips": chips,
             "paid": refunds.base if wrong else refunds.owed[name], "paid_currency": "cash"}
            for name, chips in sorted(self.stacks.items())])
        if wrong:
            line[FAULTS_KEY] = ["refund_formula_wrong"]
        end = self.event("tournament_end", outcome="cancelled", winner=None)
        self.queue.push(self.now, [line, end])
        self.ended = True

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

    # ------------------------------------------------------------ tables

    def _rebalance(self, ended: Table | None) -> None:
        """Break, balance, hold or resume tables (checker/sim/mtt_director.py)."""
        self.queue.push(self.now, self.director.rebalance(ended, self.now))

    def _stakes(self, level: int) -> dict[str, int]:
        return level_stakes(level, self.spec.structure)


    # ------------------------------------------------------------ satellites and rebuys

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
        """The held busts, each hand's in the order the hands ended; the seats are decided
        after the last."""
        busts, self.held_busts = self.held_busts, []
        events: list[Event] = []
        for index, bust in enumerate(busts):
            events += self._eliminate([bust], decide=index == len(busts) - 1)
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
