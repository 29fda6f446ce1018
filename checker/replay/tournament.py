"""Replay a tournament event log into the tournament events rules listen to.

One `TournamentState` per tournament id follows the log's lines in order and fills the
tournament facts (checker/replay/facts.py) as the rules read them: the terms in force, who is
registered, the seating, the stacks after every hand, eliminations, payouts, bounties and the
end. Mechanics only: what was due is the rules' business.

Events delivered: registration, unregistration, tournament_start, elimination, payout, bounty,
tournament_end, info_view, break (at its `break_end`) and clock (at every `hand`, as of its
deal). Log events that only update the state: tournament_terms, registration_closed,
seating_started, seat, rebuy, table_move, hand_for_hand, table_closed, rollback, level,
break_start, cancellation (the end is then `cancelled`). Log events not replayed yet (their
facts exist, their replay does not): `SKIPPED` below. A line read before the tournament's terms
is skipped too: without terms there is no tournament fact to fill.

An elimination is delivered once everything it reports is known: after the last elimination
of the same hand (`same_hand`) and, when it carries a prize, once the prize's payout line has
been read (`credited_at`) or the tournament (or the file) has ended without one.
"""

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from checker.model.tournament_log import (
    Bounty,
    BreakEnd,
    BreakStart,
    Cancellation,
    Elimination,
    HandForHand,
    HandPlayed,
    InfoView,
    LevelChange,
    LogRecord,
    Outcome,
    Payout,
    Rebuy,
    Registration,
    RegistrationClosed,
    Rollback,
    SeatAssigned,
    SeatingStarted,
    TableClosed,
    TableMove,
    TournamentEnd,
    TournamentKind,
    TournamentStart,
    TournamentTerms,
    Unregistration,
)
from checker.replay.cancellation import cancellation_events
from checker.replay.facts import (
    BountyEvent,
    BountyFact,
    BreakEvent,
    BustFact,
    Chips,
    ClockEvent,
    EliminationEvent,
    EliminationFact,
    EntrantFact,
    InfoViewEvent,
    InfoViewFact,
    Money,
    PayoutEvent,
    PayoutFact,
    Percent,
    RegistrationEvent,
    RegistrationFact,
    Seconds,
    StartEvent,
    StartFact,
    TournamentEndEvent,
    TournamentEndFact,
    TournamentFact,
    UnregistrationEvent,
    UnregistrationFact,
)
from checker.replay.tournament_clock import TournamentClock
from checker.replay.tournament_ledger import TournamentLedger

# Log events whose facts (facts.py) are declared but not replayed yet: read and ignored.
SKIPPED = frozenset({
    "chat", "timeout", "disconnect", "reconnect", "table_hold", "server_failure",
})


class Step(NamedTuple):
    """One event for the rules, and the log line that decided it (where a finding points)."""

    name: str
    event: object
    line: int
    # The log's own number for that line (`seq`): where a finding is, in the log's terms.
    seq: int


@dataclass(slots=True)
class _HandResult:
    """The last hand of a table: stacks at the deal and the winners of each pot."""

    hand: str
    started_with: dict[str, int]
    pot_winners: dict[int, set[str]]
    pot_sizes: dict[int, int]


@dataclass(slots=True)
class _Bust:
    fact: EliminationFact
    line: int
    seq: int


@dataclass(slots=True)
class TournamentState:
    """Everything one tournament's log has established so far."""

    tournament_id: str
    fact: TournamentFact | None = None
    scheduled: datetime | None = None
    professionals: frozenset[str] = frozenset()
    # Current chips of every player seated (0 once eliminated).
    stacks: dict[str, int] = field(default_factory=dict)
    # Chips brought into play: starting stacks and rebuys.
    chips_in: int = 0
    entrants: list[EntrantFact] = field(default_factory=list)
    last_hand: dict[str, _HandResult] = field(default_factory=dict)
    # The eliminations of the hand being reported, and those waiting for their payout.
    busts: list[_Bust] = field(default_factory=list)
    bust_hand: str | None = None
    # Eliminations per place: players eliminated at one place are tied at it.
    places: dict[int, int] = field(default_factory=dict)
    awaiting_credit: dict[str, _Bust] = field(default_factory=dict)
    tables: set[str] = field(default_factory=set)
    cancelled: bool = False
    clock: TournamentClock = field(default_factory=TournamentClock)
    ledger: TournamentLedger = field(default_factory=TournamentLedger)
    # The terms in force (the last `tournament_terms` read).
    terms: TournamentTerms | None = None

    def feed(self, record: LogRecord) -> Iterator[Step]:
        """The events `record` delivers, in order (none for most lines)."""
        event = record.event
        line, seq = record.location.line, event.seq
        if self.busts and not (isinstance(event, Elimination) and event.hand == self.bust_hand):
            yield from self._close_busts()
        if isinstance(event, TournamentTerms):
            self._terms(event)
            return
        fact = self.fact
        if fact is None or self.scheduled is None or event.event in SKIPPED:
            return
        at = Seconds(int((event.at - self.scheduled).total_seconds()))
        if isinstance(event, Registration):
            yield Step("registration", self._registration(fact, event, at), line, seq)
        elif isinstance(event, Unregistration):
            yield Step("unregistration", self._unregistration(fact, event, at), line, seq)
        elif isinstance(event, Elimination):
            self._elimination(fact, event, at, line, seq)
        elif isinstance(event, Payout):
            yield from self._payout(fact, event, at, line, seq)
        elif isinstance(event, Bounty):
            yield Step("bounty", self._bounty(fact, event), line, seq)
        elif isinstance(event, TournamentEnd):
            yield from self.close()
            yield Step("tournament_end", self._end(fact, event), line, seq)
        elif isinstance(event, InfoView):
            yield Step("info_view", self._info_view(fact, event, at), line, seq)
        elif isinstance(event, HandPlayed):
            self._hand(event)
            if self.clock.play_from is not None:
                dealt = self._seconds(event.started)
                yield Step("clock", ClockEvent(fact, self.clock.at_deal(dealt)), line, seq)
        elif isinstance(event, BreakEnd):
            pause = self.clock.end_break(at)
            if pause is not None:
                yield Step("break", BreakEvent(fact, pause), line, seq)
        else:
            yield from self._update(fact, event, at, line, seq)

    def close(self) -> Iterator[Step]:
        """The tournament (or its file) ends: deliver every elimination still held back."""
        yield from self._close_busts()
        waiting = list(self.awaiting_credit.values())
        self.awaiting_credit.clear()
        for bust in waiting:
            yield Step("elimination", EliminationEvent(self._require_fact(), bust.fact),
                       bust.line, bust.seq)

    # ------------------------------------------------------------ state only

    def _terms(self, terms: TournamentTerms) -> None:
        self.terms = terms
        self.scheduled = terms.scheduled_start
        self.clock.levels = [level.duration_s for level in terms.levels]
        self.clock.schedule = terms.breaks
        self.professionals = frozenset(terms.bounty.professionals if terms.bounty else ())
        old = self.fact
        fact = TournamentFact(
            tournament_id=terms.tournament, kind=terms.kind, buy_in=Money(terms.buy_in),
            fee=Money(terms.fee), currency=terms.currency, scheduled_start=Seconds(0),
            min_entrants=terms.min_entrants, max_entrants=terms.max_entrants,
            seats_per_table=terms.seats_per_table,
            terms_starting_stack=_chips(terms.starting_stack),
            guarantee=None if terms.guarantee is None else Money(terms.guarantee),
            is_rebuy=terms.rebuy or terms.add_on, seats_awarded=terms.seats_awarded or 0,
        )
        if old is not None:
            # Replacing the terms changes what was announced, not what has happened.
            for name in ("started_at", "seating_started_at", "registration_closed_at",
                         "entrants", "registered", "prize_pool", "tables_remaining",
                         "players_remaining", "hand_for_hand", "payout_shares", "filled_at",
                         "all_seats_decided"):
                setattr(fact, name, getattr(old, name))
        self.fact = fact

    def _update(self, fact: TournamentFact, event: object, at: Seconds, line: int, seq: int
                ) -> Iterator[Step]:
        if isinstance(event, RegistrationClosed):
            fact.registration_closed_at = at
            fact.entrants = event.entrants
            fact.prize_pool = Money(event.prize_pool)
            fact.payout_shares = [Percent(s) for s in event.payout_shares_bp]
        elif isinstance(event, SeatingStarted):
            fact.seating_started_at = at
        elif isinstance(event, SeatAssigned):
            self._seat(event)
        elif isinstance(event, TournamentStart):
            self.clock.play_from = at
            yield Step("tournament_start", self._start(fact, event, at), line, seq)
        elif isinstance(event, LevelChange):
            self.clock.new_level(event.level, at)
        elif isinstance(event, BreakStart):
            self.clock.start_break(at, Seconds(event.duration_s))
        elif isinstance(event, Rebuy):
            self.ledger.rebought(event)
            self.stacks[event.player] = self.stacks.get(event.player, 0) + event.chips
            self.chips_in += event.chips
        elif isinstance(event, TableMove):
            self.stacks[event.player] = event.stack
        elif isinstance(event, HandForHand):
            fact.hand_for_hand = event.active
        elif isinstance(event, TableClosed):
            self.tables.discard(event.table)
            fact.tables_remaining = len(self.tables)
        elif isinstance(event, Rollback):
            for restored in event.stacks:
                self.stacks[restored.player] = restored.stack
        elif isinstance(event, Cancellation):
            self.cancelled = True
            if self.terms is not None:
                for name, delivered in cancellation_events(fact, self.terms, self.ledger,
                                                           self.stacks, event, at):
                    yield Step(name, delivered, line, seq)

    def _seat(self, event: SeatAssigned) -> None:
        self.entrants.append(EntrantFact(player=event.player, table=event.table,
                                         seat=event.seat, starting_stack=Chips(event.stack)))
        self.stacks[event.player] = event.stack
        self.chips_in += event.stack
        self.tables.add(event.table)

    def _hand(self, hand: HandPlayed) -> None:
        started = {s.player: s.stack for s in hand.seats}
        after = dict(started)
        for act in hand.actions:
            after[act.player] = after.get(act.player, 0) - act.amount
        for back in hand.returns:
            after[back.player] = after.get(back.player, 0) + back.amount
        winners: dict[int, set[str]] = {}
        sizes: dict[int, int] = {}
        for award in hand.awards:
            after[award.player] = after.get(award.player, 0) + award.amount
            winners.setdefault(award.pot, set()).add(award.player)
            sizes[award.pot] = sizes.get(award.pot, 0) + award.amount
        self.stacks.update(after)
        self.last_hand[hand.table] = _HandResult(hand.hand, started, winners, sizes)

    # ------------------------------------------------------------ delivered events

    def _registration(self, fact: TournamentFact, event: Registration, at: Seconds
                      ) -> RegistrationEvent:
        before = fact.registered
        self.ledger.registered(event)
        if event.accepted:
            fact.registered += 1
            if fact.max_entrants is not None and fact.registered == fact.max_entrants:
                fact.filled_at = at
        registration = RegistrationFact(player=event.player, at=at, accepted=event.accepted,
                                        registered_before=before)
        return RegistrationEvent(fact, registration)

    def _unregistration(self, fact: TournamentFact, event: Unregistration, at: Seconds
                        ) -> UnregistrationEvent:
        self.ledger.unregistered(event)
        if event.accepted:
            fact.registered = max(fact.registered - 1, 0)
            # No longer full: a Sit & Go fills again with the next registration.
            fact.filled_at = None
        unregistration = UnregistrationFact(
            player=event.player, at=at, accepted=event.accepted,
            via_satellite=event.via_satellite, refund=Money(event.refund),
            refund_currency=event.refund_currency)
        return UnregistrationEvent(fact, unregistration)

    def _start(self, fact: TournamentFact, event: TournamentStart, at: Seconds) -> StartEvent:
        fact.started_at = at
        fact.entrants = event.entrants
        fact.players_remaining = event.entrants
        fact.tables_remaining = event.tables
        return StartEvent(fact, StartFact(at=at, entrants=list(self.entrants)))

    def _elimination(self, fact: TournamentFact, event: Elimination, at: Seconds,
                     line: int, seq: int) -> None:
        result = self.last_hand.get(event.table)
        started = result.started_with if result is not None and result.hand == event.hand else {}
        with_chips = Chips(started.get(event.player, 0))
        self.stacks[event.player] = 0
        self.ledger.out(event.player)
        fact.players_remaining = max(fact.players_remaining - 1, 0)
        if fact.kind is TournamentKind.SATELLITE and fact.seats_awarded > 0:
            # Everyone left holds a seat once no more players remain than seats.
            fact.all_seats_decided = fact.players_remaining <= fact.seats_awarded
        group: list[BustFact] = self.busts[0].fact.same_hand if self.busts else []
        group.append(BustFact(player=event.player, table=event.table,
                              started_hand_with=with_chips, place=event.place,
                              prize=Money(event.prize)))
        self.bust_hand = event.hand
        self.places[event.place] = self.places.get(event.place, 0) + 1
        self.busts.append(_Bust(EliminationFact(
            player=event.player, at=at, place=event.place, started_hand_with=with_chips,
            same_hand=group, prize=Money(event.prize), credited_at=None, table=event.table,
        ), line, seq))

    def _close_busts(self) -> Iterator[Step]:
        busts, self.busts = self.busts, []
        for bust in busts:
            if bust.fact.prize > 0:
                self.awaiting_credit[bust.fact.player] = bust
            else:
                yield Step("elimination", EliminationEvent(self._require_fact(), bust.fact),
                           bust.line, bust.seq)

    def _payout(self, fact: TournamentFact, event: Payout, at: Seconds, line: int, seq: int
                ) -> Iterator[Step]:
        self.ledger.paid(event)
        bust = self.awaiting_credit.pop(event.player, None)
        if bust is not None:
            bust.fact.credited_at = at
            yield Step("elimination", EliminationEvent(fact, bust.fact), bust.line, bust.seq)
        payout = PayoutFact(player=event.player, place=event.place, paid=Money(event.paid),
                            share=self._share(fact, event.place))
        yield Step("payout", PayoutEvent(fact, payout), line, seq)

    def _share(self, fact: TournamentFact, place: int) -> Percent:
        """The structure's share for `place`; players tied at it share the places they
        cover, averaged (rounded down to a basis point)."""
        tied = self.places.get(place, 1)
        covered = fact.payout_shares[place - 1:place - 1 + tied]
        return Percent(sum(covered) // tied)

    def _bounty(self, fact: TournamentFact, event: Bounty) -> BountyEvent:
        result = next((r for r in self.last_hand.values() if r.hand == event.hand), None)
        winners: list[str] = []
        if result is not None and result.pot_sizes:
            largest = max(result.pot_sizes.values())
            for pot, size in result.pot_sizes.items():
                if size == largest:
                    winners.extend(sorted(result.pot_winners[pot] - set(winners)))
        bounty = BountyFact(
            eliminated=event.eliminated, eliminated_is_pro=event.eliminated in self.professionals,
            starters=fact.entrants, multi_entry=fact.kind is TournamentKind.MULTI_ENTRY,
            largest_pot_winners=winners, paid_to=list(event.paid_to),
            amount_each=Money(event.amount_each), after_all_seats_decided=fact.all_seats_decided)
        return BountyEvent(fact, bounty)

    def _end(self, fact: TournamentFact, event: TournamentEnd) -> TournamentEndEvent:
        end = TournamentEndFact(
            chips_at_start=Chips(self.chips_in), chips_at_end=Chips(sum(self.stacks.values())),
            players_with_chips=sum(1 for chips in self.stacks.values() if chips > 0),
            cancelled=self.cancelled or event.outcome is Outcome.CANCELLED)
        return TournamentEndEvent(fact, end)

    def _info_view(self, fact: TournamentFact, event: InfoView, at: Seconds) -> InfoViewEvent:
        # The true stacks: every player still holding chips, as the hands left them.
        held = [chips for chips in self.stacks.values() if chips > 0]
        view = InfoViewFact(
            at=at, shown_largest=Chips(event.largest_stack),
            shown_smallest=Chips(event.smallest_stack), shown_average=Chips(event.average_stack),
            shown_next_level=self._seconds(event.next_level_at),
            shown_next_break=self._seconds(event.next_break_at),
            true_largest=Chips(max(held, default=0)), true_smallest=Chips(min(held, default=0)),
            true_average=Chips(sum(held) // len(held) if held else 0),
            true_next_level=self.clock.next_level(), true_next_break=self.clock.next_break())
        return InfoViewEvent(fact, view)

    def _seconds(self, moment: datetime | None) -> Seconds | None:
        if moment is None or self.scheduled is None:
            return None
        return Seconds(int((moment - self.scheduled).total_seconds()))

    def _require_fact(self) -> TournamentFact:
        if self.fact is None:  # eliminations are only held once the terms are known
            raise ValueError(f"tournament {self.tournament_id}: no terms")
        return self.fact


def _chips(value: int | None) -> Chips | None:
    return None if value is None else Chips(value)
