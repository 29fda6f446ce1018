"""A Sit & Go as a correct server runs it, event by event, on the tournament's own clock.

Registrations until the table is full, the seat draw, the start, levels of play, one break
after an hour (clause 11), hands dealt by `hand_engine` with the rotation of `rotation`,
eliminations ranked as clause 25 says, prizes paid at once (clauses 15, 16), the end. The
events are the tournament log's, as plain dicts in the log's JSON form (the log writer numbers
them); driver-level faults (checker/sim/faults.py) are injected where asked and recorded.
"""

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from checker.model.event_lines import event_line_value
from checker.model.hand import BettingStructure, Game
from checker.model.hand_line import hand_line_value
from checker.model.tournament_log import PrizeCurrency, TournamentKind
from checker.sim.faults import FAULTS_KEY, FaultPlan, Injected
from checker.sim.plan import (
    HandPlan,
    HandResult,
    PlayerStyle,
    SimSeat,
    Stakes,
    stacks_after,
)
from checker.sim.refunds import cancellation_refunds
from checker.sim.rotation import Blinds, Rotation, next_seat
from checker.sim.server import late_arrivals, level_stakes, server_config
from checker.sim.variants import (
    REGULAR,
    SATELLITE,
    VARIANTS,
    SatellitePrizes,
    payout_fields,
    satellite_prizes,
    satellite_terms,
)

Event = dict[str, Any]
PlayHand = Callable[[HandPlan, random.Random], HandResult]

# What the simulated server announces and how it runs (checker/sim/server.toml).
SERVER = server_config()


@dataclass(frozen=True, slots=True)
class SitAndGoSpec:
    tournament: str
    seats: int
    buy_in: int
    fee: int
    game: Game
    structure: BettingStructure
    scheduled_start: datetime
    # `regular`, `satellite` or `rebuy` (checker/sim/variants.py; rebuys in MTTs only).
    variant: str = REGULAR


@dataclass(frozen=True, slots=True)
class Entry:
    """A registration (or, `registers` false, an unregistration) `seconds` from the
    scheduled start."""

    seconds: int
    player: str
    registers: bool


@dataclass(frozen=True, slots=True)
class PartOf:
    """A Sit & Go played as part of a bigger event (a Matrix match, checker/sim/matrix.py):
    its terms' kind and name, the digits its hand ids start with (instead of the tournament
    id), and the registrations the event took, which the Sit & Go writes as its own."""

    kind: TournamentKind
    name: str
    hand_prefix: str
    entries: tuple[Entry, ...]


@dataclass(slots=True)
class Clock:
    """Play time (breaks excluded) and wall time, in seconds from the scheduled start."""

    wall: int = 0
    play: int = 0
    breaks: int = 0

    def advance(self, seconds: int) -> None:
        self.wall += seconds
        self.play += seconds

    def level(self) -> int:
        return min(self.play // SERVER.level_seconds, len(SERVER.blinds) - 1) + 1


@dataclass(slots=True)
class SitAndGo:
    """One Sit & Go. `rng` plays the cards and the players; `fault_rng` alone decides faults,
    so the same seed plays the same tournament with or without them (until a fault changes
    what happens)."""

    spec: SitAndGoSpec
    players: list[PlayerStyle]
    rng: random.Random
    fault_rng: random.Random
    faults: FaultPlan
    play_hand: PlayHand
    # Incidents a correct server meets too (a server failure), when asked.
    incidents: FaultPlan = field(default_factory=FaultPlan)
    # None: a Sit & Go of its own.
    part_of: PartOf | None = None
    clock: Clock = field(default_factory=Clock)
    stacks: dict[str, int] = field(default_factory=dict)
    seat_of: dict[str, int] = field(default_factory=dict)
    # Hand faults (located by hand id) as they are injected.
    injected: list[Injected] = field(default_factory=list)
    # Hands numbered (hand ids), and hands finished (written: a rolled-back hand is not).
    hands: int = 0
    finished: int = 0
    # The previous hand eliminated someone (an occasion for a wrong big blind, clause 18).
    bust_last_hand: bool = False
    pending_break_fault: bool = False
    # Players away at the deal: late arrivals, or disconnected when the last hand ended (they
    # post, and time out).
    away: frozenset[str] = frozenset()
    # Prizes credited so far, in cents (what a cancellation in the money takes into account).
    paid_out: int = 0

    def at(self, seconds: int | None = None) -> str:
        moment = self.spec.scheduled_start + timedelta(
            seconds=self.clock.wall if seconds is None else seconds)
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")

    def event(self, event: str, /, **fields: object) -> Event:
        return {"event": event, "seq": 0, "at": self.at(), "tournament": self.spec.tournament,
                **fields}

    def run(self) -> Iterator[Event]:
        """Every event of the Sit & Go, in order, until one player has every chip."""
        yield self._terms()
        yield from self._register()
        yield from self._seat()
        level = 0
        rotation = Rotation()
        while len(self.stacks) > self._survivors():
            if self._break_due():
                if self.faults.wants("break_skipped", self.fault_rng):
                    self.clock.breaks = -1  # never taken; the next hand is overdue
                    self.pending_break_fault = True
                else:
                    yield from self._break()
            if self.clock.level() != level:
                level = self.clock.level()
                yield self.event("level", level=level, ante=0, **self._stakes_fields(level))
            yield from self._hand(rotation, level)
            if (self._may_be_cancelled()
                    and self.incidents.wants("cancellation", self.fault_rng)):
                yield from self._cancel()
                return

    # ------------------------------------------------------------ before the start

    def _terms(self) -> Event:
        spec = self.spec
        kind = TournamentKind.HEADS_UP if spec.seats == 2 else TournamentKind.SIT_AND_GO
        name = f"${spec.buy_in // 100} + ${spec.fee // 100} Sit & Go ({spec.seats}-max)"
        if self.part_of is not None:
            kind, name = self.part_of.kind, self.part_of.name
        levels = [{"level": n, "duration_s": SERVER.level_seconds, "ante": 0,
                   **self._stakes_fields(n)} for n in range(1, len(SERVER.blinds) + 1)]
        line = self.event(
            "tournament_terms", kind=kind.value, name=name,
            game=spec.game.value, structure=spec.structure.value, currency="USD",
            buy_in=spec.buy_in, fee=spec.fee, guarantee=None,
            starting_stack=SERVER.starting_stack,
            seats_per_table=spec.seats, min_entrants=spec.seats, max_entrants=spec.seats,
            scheduled_start=self.at(0), levels=levels,
            breaks={"every_s": SERVER.break_every_seconds, "duration_s": SERVER.break_seconds,
                    "max_breaks": SERVER.sit_and_go_breaks},
            payout_structure=[{"min_entrants": spec.seats, "max_entrants": spec.seats,
                               "shares_bp": SERVER.payouts[spec.seats]}],
            bounty=None, rebuy=False, add_on=False)
        line.update(self._satellite_terms())
        return line

    def _register(self) -> Iterator[Event]:
        if self.satellite is None:
            yield from self._registrations()
            return
        # A satellite is judged as a scheduled event (rules: `sit_and_go.kinds`): the seat
        # that fills it is taken at the scheduled start, where seating begins at once.
        timed = [(self.clock.wall, line) for line in self._registrations()]
        shift = -self.clock.wall
        for wall, line in timed:
            line["at"] = self.at(wall + shift)
            yield line
        self.clock.wall = 0

    def _registrations(self) -> Iterator[Event]:
        """Registrations until the table is full; `players` may hold one more than the seats:
        the one who takes the seat of a player who unregisters."""
        spec = self.spec
        if self.part_of is not None:
            yield from self._entered(self.part_of.entries)
            return
        waiting = list(self.players)
        registered: list[PlayerStyle] = []
        leaves = (len(waiting) > spec.seats
                  and self.rng.random() < SERVER.unregistration_chance)
        self.clock.wall = -60 * (spec.seats + 1)
        while len(registered) < spec.seats:
            player = waiting.pop(0)
            self.clock.wall += self.rng.randint(5, 60)
            yield self.event("registration", player=player.name, accepted=True,
                             paid=spec.buy_in + spec.fee, paid_currency="cash")
            registered.append(player)
            if leaves and len(registered) == spec.seats - 1:
                leaves = False
                gone = registered.pop(self.rng.randrange(len(registered)))
                self.clock.wall += self.rng.randint(5, 60)
                yield self.event("unregistration", player=gone.name, accepted=True,
                                 refund=spec.buy_in + spec.fee, refund_currency="cash")
        self.players = registered
        yield self._closed()

    def _entered(self, entries: tuple[Entry, ...]) -> Iterator[Event]:
        """The registrations the bigger event took (`players` are its entrants)."""
        money = self.spec.buy_in + self.spec.fee
        for entry in entries:
            self.clock.wall = entry.seconds
            if entry.registers:
                yield self.event("registration", player=entry.player, accepted=True,
                                 paid=money, paid_currency="cash")
            else:
                yield self.event("unregistration", player=entry.player, accepted=True,
                                 refund=money, refund_currency="cash")
        yield self._closed()

    def _closed(self) -> Event:
        # The last seat fills the table: the Sit & Go starts at once (clauses 2, 5).
        return self.event("registration_closed", entrants=len(self.players),
                          prize_pool=self.spec.buy_in * len(self.players),
                          payout_shares_bp=[] if self.satellite
                          else SERVER.payouts[self.spec.seats])

    def _seat(self) -> Iterator[Event]:
        yield self.event("seating_started")
        seats = list(range(1, self.spec.seats + 1))
        self.rng.shuffle(seats)  # clause 9: a random draw
        biased = self.faults.wants("seating_biased", self.fault_rng)
        if biased:  # the fault: seats in registration order
            seats.sort()
        short = self.faults.wants("unequal_starting_stacks", self.fault_rng)
        for player, seat in sorted(zip(self.players, seats, strict=True), key=lambda p: p[1]):
            stack = SERVER.starting_stack
            line = self.event("seat", player=player.name, table="1", seat=seat, stack=stack)
            if biased:  # a bias shows across tournaments: the truth points at each draw
                biased = False
                line[FAULTS_KEY] = ["seating_biased"]
            if short:  # one seat is dealt a smaller stack (clause 7)
                short = False
                stack = SERVER.starting_stack - SERVER.blinds[0][0]
                line.update(stack=stack)
                line[FAULTS_KEY] = ["unequal_starting_stacks"]
            self.seat_of[player.name] = seat
            self.stacks[player.name] = stack
            yield line
        self.away = late_arrivals([p.name for p in self.players], self.rng)
        self.clock.wall += 2
        self.clock.play = 0
        yield self.event("tournament_start", entrants=len(self.players), tables=1)

    # ------------------------------------------------------------ play

    def _break(self) -> Iterator[Event]:
        yield self.event("break_start", duration_s=SERVER.break_seconds)
        self.clock.wall += SERVER.break_seconds
        self.clock.breaks += 1
        yield self.event("break_end")

    def _hand(self, rotation: Rotation, level: int) -> Iterator[Event]:
        spec = self.spec
        styles = {p.name: p for p in self.players}
        alive = sorted((self.seat_of[name], name) for name, chips in self.stacks.items()
                       if chips > 0)
        seats = [seat for seat, _ in alive]
        blinds = rotation.next_hand(seats)
        self.hands += 1
        prefix = spec.tournament if self.part_of is None else self.part_of.hand_prefix
        hand_id = f"{prefix}{self.hands:04d}"
        blinds = self._rotation_faults(blinds, seats, rotation, hand_id)
        plan = HandPlan(
            tournament=spec.tournament, table="1",
            hand_id=hand_id, game=spec.game,
            structure=spec.structure,
            stakes=Stakes(level=level, **self._stakes_fields(level)),
            seats=tuple(SimSeat(seat, name, self.stacks[name], styles[name])
                        for seat, name in alive),
            button=blinds.button, small_blind_seat=blinds.small_blind,
            big_blind_seat=blinds.big_blind,
            started=self.spec.scheduled_start + timedelta(seconds=self.clock.wall),
            players_left=len(alive), places_paid=self._places_paid(),
            disconnected=frozenset(name for _, name in alive if name in self.away),
            faults=self.faults.for_hand(self.fault_rng))
        result = self.play_hand(plan, self.rng)
        self.clock.advance(max(result.duration_s, 1))
        if self.incidents.wants("server_failure", self.fault_rng):
            # The hand is never finished: no hand line, its blinds are dealt again.
            self.injected = [f for f in self.injected if f.hand != hand_id]
            yield from self._server_failure(result)
            return
        rotation.dealt(blinds)
        self.finished += 1
        if self.pending_break_fault:
            self.pending_break_fault = False
            self.injected.append(Injected("break_skipped", hand=hand_id))
        for name, index in result.faults:
            self.injected.append(Injected(name, hand=plan.hand_id, action=index))
        self.away = frozenset(result.disconnected)
        # Time-outs and connection changes happen during the hand: their lines come first.
        for note in result.notes:
            yield event_line_value(note)
        hand = hand_line_value(result.hand)
        hand.update(seq=0, at=self.at())
        yield hand
        started = {s.player: s.stack for s in result.hand.seats}
        self._settle(result)
        yield from self._eliminations(plan.hand_id, started)

    def _payout(self, player: str, place: int, prize: int,
                currency: PrizeCurrency = PrizeCurrency.CASH) -> Event:
        """A prize credited (the fault: a cent short of it, clause 15)."""
        short = self.faults.wants("payout_off_by_one_cent", self.fault_rng)
        paid = prize - 1 if short else prize
        self.paid_out += paid
        line = self.event("payout", player=player, place=place, paid=paid,
                          **payout_fields(currency))
        if short:
            line[FAULTS_KEY] = ["payout_off_by_one_cent"]
        return line

    def _may_be_cancelled(self) -> bool:
        """Play goes on; a satellite only while its seats are out of reach (31.5 would
        otherwise decide packages: not simulated)."""
        prizes = self.satellite
        return len(self.stacks) > self._survivors() and (
            prizes is None or len(self.stacks) > prizes.seats + 1)

    def _cancel(self) -> Iterator[Event]:
        """Clause 31: cancelled for technical reasons after a hand. Heads-up (31.6): the fee
        back and the pool by chip count. Before the money (31.2): buy-in and fee back and the
        eliminated players' buy-ins by chip count. In the money (31.3): the fee, the next
        payout, and the rest of the pool by chip count (checker/sim/refunds.py). (The fault
        leaves out the chip-count share.)"""
        spec = self.spec
        refunds = cancellation_refunds(
            buy_in=spec.buy_in, fee=spec.fee, pool=spec.buy_in * len(self.players),
            shares=() if self.satellite is not None else tuple(SERVER.payouts[spec.seats]),
            stacks=self.stacks,
            paid_out=self.paid_out, heads_up=spec.seats == 2)
        stage, base, owed = refunds.stage, refunds.base, refunds.owed
        wrong = (refunds.divided > 2 * len(self.stacks)
                 and self.faults.wants("refund_formula_wrong", self.fault_rng))
        self.clock.advance(SERVER.rollback_seconds)
        line = self.event("cancellation", stage=stage, reason="technical", payouts=[
            {"player": name, "chips": chips, "paid": base if wrong else owed[name],
             "paid_currency": "cash"} for name, chips in sorted(self.stacks.items())])
        if wrong:
            line[FAULTS_KEY] = ["refund_formula_wrong"]
        yield line
        self.clock.advance(1)
        yield self.event("tournament_end", outcome="cancelled", winner=None)

    def _server_failure(self, interrupted: HandResult) -> Iterator[Event]:
        """Clause 30: the hand in progress is rolled back, every stack to its start of the
        hand (the fault: to where the interrupted hand had taken it, when nobody was out)."""
        hand = interrupted.hand
        yield self.event("server_failure", reason="game server restarted", tables=["1"])
        restored = {s.player: s.stack for s in hand.seats}
        played = stacks_after(hand)
        wrong = (played != restored and min(played.values()) > 0
                 and self.faults.wants("rollback_not_restoring", self.fault_rng))
        stacks = played if wrong else restored
        self.clock.advance(SERVER.rollback_seconds)
        line = self.event("rollback", table="1", hand=hand.hand, stacks=[
            {"player": s.player, "seat": s.seat, "stack": stacks[s.player]} for s in hand.seats])
        if wrong:
            line[FAULTS_KEY] = ["rollback_not_restoring"]
            # No wrong big blind in the next hand: a hand history judges it against the
            # previous hand only when the stacks carry over, which this rollback breaks.
            self.bust_last_hand = False
        self.stacks.update(stacks)
        yield line

    def _rotation_faults(self, blinds: Blinds, seats: list[int], rotation: Rotation,
                         hand_id: str) -> Blinds:
        """Clause 18: after a bust the big blind skips a seat (four or more players, the
        previous hand not heads-up). Clause 19: heads-up the big blind has the button."""
        previous = rotation.previous
        if (self.bust_last_hand and len(seats) >= 4 and previous is not None
                and self.faults.wants("wrong_big_blind_after_bust", self.fault_rng)):
            skipped = next_seat(blinds.big_blind, seats)
            if skipped not in (blinds.button, blinds.small_blind):
                self.injected.append(Injected("wrong_big_blind_after_bust", hand=hand_id))
                return Blinds(blinds.button, blinds.small_blind, skipped)
        if (len(seats) == 2 and previous is not None
                and self.faults.wants("heads_up_button_wrong", self.fault_rng)):
            self.injected.append(Injected("heads_up_button_wrong", hand=hand_id))
            return Blinds(blinds.big_blind, blinds.small_blind, blinds.big_blind)
        return blinds

    def _stakes_fields(self, level: int) -> dict[str, int]:
        return level_stakes(level, self.spec.structure)

    def _settle(self, result: HandResult) -> None:
        self.stacks.update(stacks_after(result.hand))

    def _eliminations(self, hand: str, started: dict[str, int]) -> Iterator[Event]:
        """Clause 25: of the players out in this hand, more chips at the deal finish higher;
        equal stacks tie at the best place they cover and share those places' prizes."""
        out = [name for name, chips in self.stacks.items() if chips == 0 and name in started]
        self.bust_last_hand = bool(out)
        if not out:
            return
        for name in out:
            del self.stacks[name]
        left = len(self.stacks) + len(out)
        shares = SERVER.payouts[self.spec.seats]
        pool = self.spec.buy_in * len(self.players)
        by_stack: dict[int, list[str]] = {}
        for name in out:
            by_stack.setdefault(started[name], []).append(name)
        place = left - len(out) + 1
        self.clock.advance(1)
        ranked = [sorted(by_stack[stack]) for stack in sorted(by_stack, reverse=True)]
        misordered = (len(ranked) >= 2 and all(len(g) == 1 for g in ranked[:2])
                      and self.faults.wants("same_hand_busts_misordered", self.fault_rng))
        wronged = None
        if misordered:  # clause 25: the smaller stack is ranked above the bigger
            ranked[0], ranked[1] = ranked[1], ranked[0]
            wronged = ranked[1][0]  # the bigger stack, ranked lower: its elimination is wrong
        paid: list[tuple[str, int, int, PrizeCurrency]] = []
        for group in ranked:
            covered = shares[place - 1:place - 1 + len(group)]
            prize = pool * (sum(covered) // len(group)) // 10_000
            currency = PrizeCurrency.CASH
            if self.satellite is not None:
                prize, currency = self.satellite.group_prize(place, len(group))
            for name in group:
                line = self.event("elimination", player=name, place=place, table="1",
                                  hand=hand, prize=prize)
                if name == wronged:
                    line[FAULTS_KEY] = ["same_hand_busts_misordered"]
                yield line
                if prize > 0:
                    paid.append((name, place, prize, currency))
            place += len(group)
        for name, at_place, prize, currency in paid:
            yield self._payout(name, at_place, prize, currency)
        if self.satellite is not None and len(self.stacks) <= self._survivors():
            yield from self._seats_decided(self.satellite)
        elif len(self.stacks) == 1:
            (winner,) = self.stacks
            self.clock.advance(1)
            yield self._payout(winner, 1, pool * shares[0] // 10_000)
            yield self.event("tournament_end", outcome="finished", winner=winner)


    # ------------------------------------------------------------ satellites

    @property
    def satellite(self) -> SatellitePrizes | None:
        """A satellite's prizes (None: not a satellite)."""
        if self.spec.variant != SATELLITE:
            return None
        return satellite_prizes(self.spec.buy_in * self.spec.seats)  # a full table

    def _places_paid(self) -> int:
        """Places paid: the payout's shares, or a satellite's seats."""
        prizes = self.satellite
        return len(SERVER.payouts[self.spec.seats]) if prizes is None else prizes.seats

    def _survivors(self) -> int:
        """Play goes on while more players than this hold chips: one, or a satellite's
        seats."""
        return 1 if self.satellite is None else self.satellite.seats

    def _satellite_terms(self) -> dict[str, object]:
        """A satellite's terms (its seats known: the table's pool), with breaks every hour
        (judged as a scheduled event)."""
        if self.satellite is None:
            return {}
        return {**satellite_terms(self.satellite),
                "name": f"Sit & Go Satellite to {VARIANTS.satellite.target_name}",
                "breaks": {"every_s": SERVER.break_every_seconds,
                           "duration_s": SERVER.break_seconds, "max_breaks": None}}

    def _break_due(self) -> bool:
        """A Sit & Go breaks once after an hour of play; a satellite every hour."""
        if self.clock.breaks < 0:
            return False
        if self.satellite is not None:
            return self.clock.play >= (self.clock.breaks + 1) * SERVER.break_every_seconds
        return (self.clock.play >= SERVER.break_every_seconds
                and self.clock.breaks < SERVER.sit_and_go_breaks)

    def _seats_decided(self, prizes: SatellitePrizes) -> Iterator[Event]:
        """Every player still in holds a seat: all finish 1st, tied, each with a ticket."""
        self.clock.advance(1)
        for name in sorted(self.stacks):
            yield self._payout(name, 1, prizes.seat_value, PrizeCurrency.TICKET)
        yield self.event("tournament_end", outcome="finished", winner=None)
