"""Replay a tournament event log into the tournament events rules listen to.

One `TournamentState` per tournament id follows the log's lines in order and fills the
tournament facts (checker/replay/facts.py) as the rules read them: the terms in force, who is
registered, the seating, the stacks after every hand, eliminations, payouts, bounties, chat,
rollbacks, holds, cancellation and the end. Mechanics only: what was due is the rules'
business. Parts live in their own modules: the clock (tournament_clock), the money
(tournament_ledger, cancellation), tables (tournament_tables), elimination groups
(tournament_eliminations), hand-for-hand deals (tournament_deals), chat and failures
(tournament_integrity).

Events delivered: registration, unregistration, registration_closed, seating_started,
tournament_start, entrant (one per entrant of the start, at the start, located at its `seat`
line), elimination, payout, bounty, tournament_end, info_view, break (at its `break_end`),
clock (at every `hand`, as of its deal), chat, table_balance (at a `table_hold` that holds;
`kept`, while it holds, at the first hand elsewhere after its balance changed), no_chips (a
hand that left players no chips, at the table's next hand or the end),
rollback, server_failure (once its rollbacks are read), cancellation and cancellation_entry (a
Matrix's, at its `matrix_cancellation`, from its matches' states: tournament_matrix),
hand_stacks (at every `hand`: its stacks against what the log left its players) and
paid_place (one per finishing place, when the file ends: tournament_places). Each
step carries the line of the record that decides it, where its findings point. Log events
that only update the state: tournament_terms, seat, rebuy, table_move, hand_for_hand,
table_closed, level, break_start. Time-outs and connection changes belong to
their hand (`SKIPPED` here; the hand replay of log hands reads them). A line read before the
tournament's terms is skipped too: without terms there is no tournament fact to fill.

Held back until complete: an elimination until its group is (the same hand; in hand-for-hand
the same deal at every table) and, with a prize, until its payout line is read; a clock dealt
in hand-for-hand until it ends (whether other tables were behind is known only then); chat
written during a hand until the hand's line (who was dealt in and had folded).
"""

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final, NamedTuple

from checker.model.tournament_log import (
    Bounty,
    BreakEnd,
    BreakStart,
    Cancellation,
    Chat,
    Elimination,
    HandForHand,
    HandPlayed,
    InfoView,
    LevelChange,
    LogRecord,
    MatrixCancellation,
    MatrixTerms,
    Outcome,
    Payout,
    Rebuy,
    Registration,
    RegistrationClosed,
    Rollback,
    SeatAssigned,
    SeatingStarted,
    ServerFailure,
    TableClosed,
    TableHold,
    TableMove,
    TournamentEnd,
    TournamentKind,
    TournamentStart,
    TournamentTerms,
    Unregistration,
)
from checker.replay.cancellation import cancellation_events, payout_shares
from checker.replay.facts import (
    BountyEvent,
    BountyFact,
    BreakEvent,
    CarriedStackFact,
    ChatEvent,
    Chips,
    ClockEvent,
    EliminationEvent,
    EliminationFact,
    EntrantEvent,
    EntrantFact,
    HandStacksEvent,
    HandStacksFact,
    InfoViewEvent,
    InfoViewFact,
    Money,
    NoChipsEvent,
    PaidPlaceEvent,
    PayoutEvent,
    PayoutFact,
    Percent,
    RegistrationClosedEvent,
    RegistrationEvent,
    RegistrationFact,
    RollbackEvent,
    RollbackFact,
    SeatingStartedEvent,
    Seconds,
    ServerFailureEvent,
    StartEvent,
    StartFact,
    TableBalanceEvent,
    TournamentEndEvent,
    TournamentEndFact,
    TournamentFact,
    UnregistrationEvent,
    UnregistrationFact,
)
from checker.replay.tournament_busts import HeldNoChips, HoldWatch, NoChipsWatch
from checker.replay.tournament_clock import TournamentClock
from checker.replay.tournament_deals import DealClock, DealtHand
from checker.replay.tournament_eliminations import EliminationBook, HeldBust, bust_of
from checker.replay.tournament_integrity import ChatDesk, OpenFailure, chat_fact, rollback_fact
from checker.replay.tournament_ledger import TournamentLedger
from checker.replay.tournament_matrix import MatchView, matrix_cancellation_events, matrix_fact
from checker.replay.tournament_places import PlaceBook, Placed
from checker.replay.tournament_tables import TableSeating

# Log events of a hand, not of the tournament: the hand replay reads them (log_hand).
SKIPPED: Final = frozenset({"timeout", "disconnect", "reconnect"})
# Events are told apart by their exact type (`type(event) is X`), not isinstance: every event
# class is `@final` (mypy refuses a subclass, and narrows on the exact type both ways), and
# isinstance of a pydantic model from compiled code costs ~1,100 instructions (its metaclass
# is not `type`: `__instancecheck__` is looked up and called), some thirty a log hand.
# What closes the open deal's eliminations (besides a later deal), and what ends the lot.
_CLOSING_DEALS: Final = (HandForHand, TournamentEnd, Cancellation)
_ENDINGS: Final = (TournamentEnd, Cancellation)


# The event a step delivers (one of facts.EVENTS). A module-level name, not `object`: a
# compiled NamedTuple resolves its field types among the module's globals.
DeliveredEvent = object


class Step(NamedTuple):
    """One event for the rules, and the log line that decided it (where a finding points)."""

    name: str
    event: DeliveredEvent
    line: int
    # The log's own number for that line (`seq`): where a finding is, in the log's terms.
    seq: int


@dataclass(slots=True, init=False)
class _HandResult:
    """The last hand of a table: stacks at the deal and the winners of each pot. One a hand:
    the constructor is written out (compiled, @dataclass's own runs interpreted)."""

    hand: str
    started_with: dict[str, int]
    pot_winners: dict[int, set[str]]
    pot_sizes: dict[int, int]
    played: HandPlayed

    def __init__(self, hand: str, started_with: dict[str, int],
                 pot_winners: dict[int, set[str]], pot_sizes: dict[int, int],
                 played: HandPlayed) -> None:
        self.hand = hand
        self.started_with = started_with
        self.pot_winners = pot_winners
        self.pot_sizes = pot_sizes
        self.played = played


@dataclass(slots=True)
class TournamentState:
    """Everything one tournament's log has established so far."""

    tournament_id: str
    fact: TournamentFact | None = None
    scheduled: datetime | None = None
    professionals: frozenset[str] = frozenset()
    # Current chips of every player seated (0 once eliminated).
    stacks: dict[str, int] = field(default_factory=dict)
    # Chips brought into play: starting stacks and rebuys (less an unregistered player's).
    chips_in: int = 0
    # Players whose chips the log has established (a lost line makes them unknown until a
    # line states them again), and the chips hand lines added over what was carried.
    known: set[str] = field(default_factory=set)
    chips_between_hands: int = 0
    # Finishing places and payouts (clauses 15, 16), judged when the file ends; the time
    # and place of the tournament's last line read.
    places: PlaceBook = field(default_factory=PlaceBook)
    seen_until: int = 0
    last_line: tuple[int, int] = (0, 0)
    settled: bool = False
    entrants: list[EntrantFact] = field(default_factory=list)
    # The `seq` of each entrant's `seat` line (the log's own place for its findings).
    entrant_seqs: list[int] = field(default_factory=list)
    last_hand: dict[str, _HandResult] = field(default_factory=dict)
    eliminations: EliminationBook = field(default_factory=EliminationBook)
    tables: set[str] = field(default_factory=set)
    seating: TableSeating = field(default_factory=TableSeating)
    # Hands that left players no chips (clause 16) and held tables' balance (clause 21).
    no_chips: NoChipsWatch = field(default_factory=NoChipsWatch)
    holds: HoldWatch = field(default_factory=HoldWatch)
    chats: ChatDesk = field(default_factory=ChatDesk)
    failure: OpenFailure | None = None
    # Hand-for-hand: the clocks held until it ends, each table's hands since it began, and
    # the deal of each hand dealt in it.
    deals: DealClock = field(default_factory=DealClock)
    deal_count: dict[str, int] = field(default_factory=dict)
    deal_of: dict[str, int] = field(default_factory=dict)
    # Satellites: whether each elimination came once every seat was already decided.
    busted_after_seats_decided: dict[str, bool] = field(default_factory=dict)
    cancelled: bool = False
    clock: TournamentClock = field(default_factory=TournamentClock)
    ledger: TournamentLedger = field(default_factory=TournamentLedger)
    # The terms in force (the last `tournament_terms` read).
    terms: TournamentTerms | None = None
    # A Matrix's own record (this state is the whole Matrix's, not a match's), and the
    # states of the log's other tournaments (its matches among them), shared by all.
    matrix: MatrixTerms | None = None
    siblings: "dict[str, TournamentState]" = field(default_factory=dict)

    def feed(self, record: LogRecord) -> Iterator[Step]:
        """The events `record` delivers, in order (none for most lines)."""
        yield from self._feed(record)
        if self.holds.judged:
            event = record.event
            self.holds.note(self.seating, event.at, record.location.line, event.seq)

    def _feed(self, record: LogRecord) -> Iterator[Step]:
        event = record.event
        line, seq = record.location.line, event.seq
        yield from self._complete_before(event, event.at)
        if type(event) is TournamentTerms:
            self._terms(event)
            return
        if type(event) is MatrixTerms:
            self.matrix, self.scheduled = event, event.at
            if self.fact is None:
                self.fact = matrix_fact(event)
            return
        fact = self.fact
        if fact is None or self.scheduled is None:
            return
        at = Seconds(int((event.at - self.scheduled).total_seconds()))
        # A log may stop at any line: how far it went decides which payouts are overdue.
        first = self.last_line == (0, 0)
        self.seen_until = at if first else max(self.seen_until, at)
        self.last_line = (line, seq)
        if event.event in SKIPPED:
            return
        if type(event) is Registration:
            yield Step("registration", self._registration(fact, event, at), line, seq)
        elif type(event) is Unregistration:
            yield Step("unregistration", self._unregistration(fact, event, at), line, seq)
        elif type(event) is Elimination:
            self._elimination(fact, event, at, line, seq)
        elif type(event) is Payout:
            yield from self._payout(fact, event, at, line, seq)
        elif type(event) is Bounty:
            yield Step("bounty", self._bounty(fact, event), line, seq)
        elif type(event) is TournamentEnd:
            yield from self._no_chips(self.no_chips.end())
            yield from self._release()
            self.places.end = Placed(1, at, 0, line, seq)
            self.places.cancelled = self.cancelled or event.outcome is Outcome.CANCELLED
            yield Step("tournament_end", self._end(fact, event), line, seq)
        elif type(event) is InfoView:
            yield Step("info_view", self._info_view(fact, event, at), line, seq)
        elif type(event) is HandPlayed:
            yield from self._hand_played(fact, event, at, line, seq)
        elif type(event) is Chat:
            if event.hand is None:
                yield Step("chat", ChatEvent(fact, chat_fact(event, None)), line, seq)
            else:
                yield from self._chat_in_hand(fact, event, line)
        elif type(event) is TableHold:
            yield from self._table_hold(fact, event, line, seq)
        elif type(event) is ServerFailure:
            self.failure = OpenFailure(event, at, line)
        elif type(event) is Rollback:
            yield Step("rollback", RollbackEvent(fact, self._rollback(event, at)), line, seq)
        elif type(event) is BreakEnd:
            pause = self.clock.end_break(at)
            if pause is not None:
                yield Step("break", BreakEvent(fact, pause), line, seq)
        elif type(event) is MatrixCancellation:
            self.cancelled = True
            for name, delivered in self.matrix_cancellation(event, at):
                yield Step(name, delivered, line, seq)
        else:
            yield from self._update(fact, event, at, line, seq)

    def matrix_cancellation(self, event: MatrixCancellation | None, at: Seconds
                            ) -> list[tuple[str, object]]:
        """A Matrix's cancellation events (`event` None: hypothetical, at `at`), from the
        replays of its matches; none when this state is no Matrix's."""
        if self.matrix is None or self.fact is None:
            return []
        views = [view for view in (self.siblings[match].match_view(match)
                                   for match in self.matrix.matches if match in self.siblings)
                 if view is not None]
        return matrix_cancellation_events(self.fact, self.matrix, views, event, at)

    def match_view(self, match: str) -> MatchView | None:
        """This tournament as one match of a Matrix sees it (None before its terms)."""
        fact, terms = self.fact, self.terms
        if fact is None or terms is None:
            return None
        ledger = self.ledger
        return MatchView(
            match=match, buy_in=terms.buy_in,
            started=fact.started_at is not None or bool(ledger.eliminated),
            entries=dict(ledger.entries), remaining=ledger.remaining(),
            places=dict(ledger.places), stacks=dict(self.stacks),
            shares=payout_shares(fact, terms, ledger),
            pool=max(ledger.collected(terms.buy_in), terms.guarantee or 0),
            paid_out=ledger.paid_out)

    def close(self) -> Iterator[Step]:
        """The file ends: deliver everything still held back (eliminations waiting for a
        payout, hand-for-hand clocks, chat whose hand never came, a server failure's last
        rollback), then every finishing place with its payouts (a payout line may follow
        `tournament_end`)."""
        yield from self._release()
        yield from self._settle()

    def lost_line(self) -> None:
        """A line of the file was rejected or lost: no player's chips are known any more."""
        self.known.clear()

    def _settle(self) -> Iterator[Step]:
        fact = self.fact
        if fact is None or self.settled or self.matrix is not None:
            return  # a Matrix's own record has no places: its matches do
        self.settled = True
        survivors = [player for player, chips in self.stacks.items() if chips > 0]
        shares = fact.structure_shares or fact.payout_shares
        for place, line, seq in self.places.places(survivors, shares, fact.entrants,
                                                   Seconds(self.seen_until), self.last_line):
            yield Step("paid_place", PaidPlaceEvent(fact, place), line, seq)

    def _release(self) -> Iterator[Step]:
        """The tournament ends: deliver everything still held back."""
        yield from self._end_failure()
        self.no_chips.drop()
        yield from self._deliver_busts(self.eliminations.close_all())
        yield from self._release_deals()
        fact = self.fact
        if fact is not None:
            for held in self.chats.release_all():
                yield Step("chat", ChatEvent(fact, chat_fact(held.chat, None)), held.line,
                           held.chat.seq)

    def _complete_before(self, event: object, now: datetime) -> Iterator[Step]:
        """What `event` (written at `now`) completes: a server failure's rollbacks end at
        the first other line; a hand's eliminations at the first line that is not one of
        them, a deal's (in hand-for-hand) when a later deal is played or hand-for-hand ends;
        they are delivered once a later moment's line is read (clause 25's same moment)."""
        if self.failure is not None and type(event) is not Rollback:
            yield from self._end_failure()
        book = self.eliminations
        if book.key is not None and type(event) is not Elimination:
            deal = book.open_deal()
            if deal is None or type(event) in _CLOSING_DEALS or (
                    type(event) is HandPlayed and self._deal(event, count=False) > deal):
                book.close_group()
        if type(event) in _ENDINGS:
            book.close_group()  # nobody else is eliminated at the end's moment
            yield from self._deliver_busts(book.release_all_ready())
        else:
            yield from self._deliver_busts(book.release(now))

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
            seat_value=Money(terms.non_cash_value or 0),
        )
        if old is not None:
            # Replacing the terms changes what was announced, not what has happened.
            for name in ("started_at", "seating_started_at", "registration_closed_at",
                         "entrants", "registered", "prize_pool", "tables_remaining",
                         "players_remaining", "hand_for_hand", "payout_shares", "filled_at",
                         "all_seats_decided", "structure_shares"):
                setattr(fact, name, getattr(old, name))
        self.fact = fact

    def _update(self, fact: TournamentFact, event: object, at: Seconds, line: int, seq: int
                ) -> Iterator[Step]:
        if type(event) is RegistrationClosed:
            fact.registration_closed_at = at
            fact.entrants = event.entrants
            fact.prize_pool = Money(event.prize_pool)
            fact.payout_shares = [Percent(s) for s in event.payout_shares_bp]
            fact.structure_shares = self._structure_for(event.entrants)
            yield Step("registration_closed", RegistrationClosedEvent(fact), line, seq)
        elif type(event) is SeatingStarted:
            fact.seating_started_at = at
            yield Step("seating_started", SeatingStartedEvent(fact), line, seq)
        elif type(event) is SeatAssigned:
            self._seat(event, line, seq)
        elif type(event) is TournamentStart:
            self.clock.play_from = at
            started = self._start(fact, event, at)
            yield Step("tournament_start", started, line, seq)
            # Each entrant at its own seat line: a finding about one entrant points there.
            for entrant, entrant_seq in zip(started.start.entrants, self.entrant_seqs,
                                            strict=True):
                yield Step("entrant", EntrantEvent(fact, started.start, entrant),
                           entrant.line, entrant_seq)
        elif type(event) is LevelChange:
            self.clock.new_level(event.level, at)
        elif type(event) is BreakStart:
            self.clock.start_break(at, Seconds(event.duration_s))
        elif type(event) is Rebuy:
            self._rebuy(fact, event)
        elif type(event) is TableMove:
            self.stacks[event.player] = event.stack
            self.known.add(event.player)
            self.seating.seat(event.player, event.to_table)
        elif type(event) is HandForHand:
            yield from self._release_deals()
            fact.hand_for_hand = event.active
            self.deal_count.clear()
        elif type(event) is TableClosed:
            self.tables.discard(event.table)
            self.seating.close(event.table)
            fact.tables_remaining = len(self.tables)
        elif type(event) is Cancellation:
            self.cancelled = True
            if self.terms is not None:
                for name, delivered in cancellation_events(fact, self.terms, self.ledger,
                                                           self.stacks, event, at):
                    yield Step(name, delivered, line, seq)

    def _rebuy(self, fact: TournamentFact, event: Rebuy) -> None:
        self.ledger.rebought(event)
        if fact.registration_closed_at is not None:
            # The pool stated at the close grows by every rebuy and add-on after it.
            fact.prize_pool = Money(fact.prize_pool + event.paid)
        self.stacks[event.player] = self.stacks.get(event.player, 0) + event.chips
        self.chips_in += event.chips
        self.no_chips.rebought(event.player)
        # Busted and rebought: back at the table whose hand left them no chips.
        self.seating.rebought(event.player)

    def _seat(self, event: SeatAssigned, line: int, seq: int) -> None:
        self.entrants.append(EntrantFact(player=event.player, table=event.table,
                                         seat=event.seat, starting_stack=Chips(event.stack),
                                         line=line))
        self.entrant_seqs.append(seq)
        self.stacks[event.player] = event.stack
        self.known.add(event.player)
        self.chips_in += event.stack
        self.tables.add(event.table)
        self.seating.seat(event.player, event.table)

    def _carried(self, hand: HandPlayed) -> HandStacksFact:
        """Each player's stack at the deal against what the log left them; between hands
        chips change only by a line that says so (seat, rebuy, move, rollback)."""
        carried: list[CarriedStackFact] = []
        known = self.known
        for seat in hand.seats:
            # A Struct's field is a generic attribute look-up from compiled code: read once.
            player = seat.player
            if player in known:
                stack = seat.stack
                before = self.stacks.get(player, 0)
                self.chips_between_hands += stack - before
                carried.append(CarriedStackFact(player=player, carried=Chips(before),
                                                dealt_with=Chips(stack)))
        return HandStacksFact(table=hand.table, hand=hand.hand, players=carried)

    def _hand(self, hand: HandPlayed, line: int, seq: int) -> HeldNoChips | None:
        """Apply a hand's chips; the table's previous hand that left players no chips, now
        complete."""
        started = {s.player: s.stack for s in hand.seats}
        self.known.update(started)
        after = dict(started)
        for act in hand.actions:
            amount = act.amount
            player = act.player
            # Most acts put no chips in (folds, checks): a seated player's chips stay.
            if amount or player not in after:
                after[player] = after.get(player, 0) - amount
        for back in hand.returns:
            after[back.player] = after.get(back.player, 0) + back.amount
        winners: dict[int, set[str]] = {}
        sizes: dict[int, int] = {}
        for award in hand.awards:
            after[award.player] = after.get(award.player, 0) + award.amount
            winners.setdefault(award.pot, set()).add(award.player)
            sizes[award.pot] = sizes.get(award.pot, 0) + award.amount
        self.stacks.update(after)
        self.seating.after_hand(hand.table, after.items())
        self.last_hand[hand.table] = _HandResult(hand.hand, started, winners, sizes, hand)
        return self.no_chips.hand(hand.table, hand.hand, started, after, line, seq,
                                  self.ledger.eliminated)

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
            if event.player in self.stacks:
                self._leave_seat(fact, event.player)
            if fact.registration_closed_at is not None:
                # The close counted the entry: the field and, refunded, the pool lose it.
                fact.entrants = max(fact.entrants - 1, 0)
                if event.refund > 0 and self.terms is not None:
                    fact.prize_pool = Money(fact.prize_pool
                                            - min(event.refund, self.terms.buy_in))
        unregistration = UnregistrationFact(
            player=event.player, at=at, accepted=event.accepted,
            via_satellite=event.via_satellite, refund=Money(event.refund),
            refund_currency=event.refund_currency)
        return UnregistrationEvent(fact, unregistration)

    def _leave_seat(self, fact: TournamentFact, player: str) -> None:
        """A seated player unregisters (clause 6 forbids it; that is the unregistration's
        finding): the seat is left and the chips leave play with the player."""
        self.chips_in -= self.stacks.pop(player)
        self.known.discard(player)
        self.seating.remove(player)
        if fact.started_at is None:
            kept = [(entrant, seq) for entrant, seq in zip(self.entrants, self.entrant_seqs,
                                                           strict=True)
                    if entrant.player != player]
            self.entrants = [entrant for entrant, _ in kept]
            self.entrant_seqs = [seq for _, seq in kept]
        else:
            fact.players_remaining = max(fact.players_remaining - 1, 0)

    def _start(self, fact: TournamentFact, event: TournamentStart, at: Seconds) -> StartEvent:
        fact.started_at = at
        fact.entrants = event.entrants
        fact.players_remaining = event.entrants
        fact.tables_remaining = event.tables
        return StartEvent(fact, StartFact(at=at, entrants=list(self.entrants),
                                          common_stack=_common_stack(self.entrants)))

    def _elimination(self, fact: TournamentFact, event: Elimination, at: Seconds,
                     line: int, seq: int) -> None:
        result = self.last_hand.get(event.table)
        started = result.started_with if result is not None and result.hand == event.hand else {}
        with_chips = Chips(started.get(event.player, 0))
        self.stacks[event.player] = 0
        self.seating.remove(event.player)
        self.no_chips.eliminated(event.player)
        self.ledger.out(event.player, event.place)
        self.places.out(event.player, Placed(event.place, at, event.prize, line, seq))
        if fact.kind is TournamentKind.SATELLITE and fact.seats_awarded > 0:
            # Everyone left holds a seat once no more players remain than seats: this
            # elimination came after that when it leaves fewer players than seats.
            self.busted_after_seats_decided[event.player] = (
                fact.players_remaining <= fact.seats_awarded)
        fact.players_remaining = max(fact.players_remaining - 1, 0)
        if fact.kind is TournamentKind.SATELLITE and fact.seats_awarded > 0:
            fact.all_seats_decided = fact.players_remaining <= fact.seats_awarded
        deal = self.deal_of.get(event.hand)
        key = ("hand", event.hand) if deal is None else ("deal", str(deal))
        elimination = EliminationFact(
            player=event.player, at=at, place=event.place, started_hand_with=with_chips,
            same_hand=[], prize=Money(event.prize), credited_at=None, table=event.table,
            hand_for_hand=deal is not None)
        self.eliminations.add(key, HeldBust(elimination, line, seq, event.at))
        elimination.same_hand.append(bust_of(elimination))

    def _deliver_busts(self, busts: list[HeldBust]) -> Iterator[Step]:
        for bust in busts:
            yield Step("elimination", EliminationEvent(self._require_fact(), bust.fact),
                       bust.line, bust.seq)

    def _payout(self, fact: TournamentFact, event: Payout, at: Seconds, line: int, seq: int
                ) -> Iterator[Step]:
        self.ledger.paid(event)
        self.places.payout(event.player, Placed(event.place, at, event.paid, line, seq))
        self.eliminations.credit(event.player, at)
        yield from self._deliver_busts(self.eliminations.release(event.at))
        # Tied at the place: the players eliminated at it; for a player never eliminated
        # (the winner, or a satellite's seat holders), every player not eliminated.
        eliminated = event.player in self.ledger.eliminated
        tied = (self.eliminations.places.get(event.place, 1) if eliminated
                else max(fact.players_remaining, 1))
        payout = PayoutFact(player=event.player, place=event.place, paid=Money(event.paid),
                            share=self._share(fact, event.place),
                            currency=event.paid_currency, tied=tied)
        yield Step("payout", PayoutEvent(fact, payout), line, seq)

    def _structure_for(self, entrants: int) -> list[Percent]:
        """The shares the terms in force give a field of `entrants` (clause 12: the
        structure in force when registration closes); empty when no tier covers it."""
        terms = self.terms
        if terms is None:
            return []
        for tier in terms.payout_structure:
            if tier.min_entrants <= entrants and (tier.max_entrants is None
                                                  or entrants <= tier.max_entrants):
                return [Percent(s) for s in tier.shares_bp]
        return []

    def _share(self, fact: TournamentFact, place: int) -> Percent | None:
        """The structure's share for `place` (the terms' tier at the close, else the shares
        the lobby showed); players tied at it share the places they cover, averaged
        (rounded down to a basis point)."""
        shares = fact.structure_shares or fact.payout_shares
        if not shares:
            return None
        tied = self.eliminations.places.get(place, 1)
        covered = shares[place - 1:place - 1 + tied]
        return Percent(sum(covered) // tied)

    # ------------------------------------------------------------ hands, chat, tables

    def _deal(self, hand: HandPlayed, count: bool) -> int:
        """The hand-for-hand deal of `hand`: as written, else the table's count of hands
        since hand-for-hand began (`count`: this hand is being dealt, so count it)."""
        if hand.deal is not None:
            return hand.deal
        dealt = self.deal_count.get(hand.table, 0) + 1
        if count:
            self.deal_count[hand.table] = dealt
        return dealt

    def _hand_played(self, fact: TournamentFact, hand: HandPlayed, at: Seconds, line: int,
                     seq: int) -> Iterator[Step]:
        for balance, changed_line, changed_seq in self.holds.dealt_elsewhere(
                hand.table, hand.started, self.seating):
            yield Step("table_balance", TableBalanceEvent(fact, balance), changed_line,
                       changed_seq)
        yield Step("hand_stacks", HandStacksEvent(fact, self._carried(hand)), line, seq)
        yield from self._no_chips(self._hand(hand, line, seq))
        if fact.hand_for_hand:
            self.deal_of[hand.hand] = self._deal(hand, count=True)
        dealt = self._seconds(hand.started)
        if self.clock.play_from is not None:
            clock = self.clock.at_deal(dealt)
            if fact.hand_for_hand:
                clock.hand_for_hand = True
                started = dealt if dealt is not None else at
                self.deals.hold(DealtHand(hand.table, self.deal_of[hand.hand], started, at,
                                          clock, line, seq))
            else:
                yield Step("clock", ClockEvent(fact, clock), line, seq)
        for held in self.chats.release(hand.hand):
            yield Step("chat", ChatEvent(fact, chat_fact(held.chat, hand)), held.line,
                       held.chat.seq)

    def _no_chips(self, done: HeldNoChips | list[HeldNoChips] | None) -> Iterator[Step]:
        fact = self.fact
        if fact is None or done is None:
            return
        for held in done if isinstance(done, list) else [done]:
            yield Step("no_chips", NoChipsEvent(fact, held.fact), held.line, held.seq)

    def _release_deals(self) -> Iterator[Step]:
        fact = self.fact
        if fact is None:
            return
        for dealt in self.deals.release():
            yield Step("clock", ClockEvent(fact, dealt.clock), dealt.line, dealt.seq)
        self.deal_of.clear()

    def _chat_in_hand(self, fact: TournamentFact, chat: Chat, line: int) -> Iterator[Step]:
        """Chat during a hand waits for the hand's line, unless that is already read."""
        result = self.last_hand.get(chat.table) if chat.table is not None else None
        if result is not None and result.hand == chat.hand:
            yield Step("chat", ChatEvent(fact, chat_fact(chat, result.played)), line, chat.seq)
        else:
            self.chats.hold(chat, line)

    def _table_hold(self, fact: TournamentFact, event: TableHold, line: int, seq: int
                    ) -> Iterator[Step]:
        if event.held:
            self.seating.held.add(event.table)
            balance = self.seating.balance(event.table, held=True)
            self.holds.hold(balance)
            yield Step("table_balance", TableBalanceEvent(fact, balance), line, seq)
        else:
            self.seating.held.discard(event.table)
            self.holds.resume(event.table)

    def _rollback(self, event: Rollback, at: Seconds) -> RollbackFact:
        """Stacks at the start of the rolled-back hand: its deal when its line was read,
        else the stacks the previous hands left."""
        result = self.last_hand.get(event.table)
        start = (result.started_with if result is not None and result.hand == event.hand
                 else self.stacks)
        rollback = rollback_fact(event, at, start, set(self.seating.at(event.table)))
        for restored in event.stacks:
            self.stacks[restored.player] = restored.stack
            self.known.add(restored.player)
            self.no_chips.restored(restored.player, restored.stack)
        if self.failure is not None:
            self.failure.rolled_back.append(event.table)
        return rollback

    def _end_failure(self) -> Iterator[Step]:
        failure, self.failure = self.failure, None
        if failure is not None and self.fact is not None:
            yield Step("server_failure", ServerFailureEvent(self.fact, failure.fact()),
                       failure.line, failure.failure.seq)

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
            amount_each=Money(event.amount_each),
            after_all_seats_decided=self.busted_after_seats_decided.get(event.eliminated, False))
        return BountyEvent(fact, bounty)

    def _end(self, fact: TournamentFact, event: TournamentEnd) -> TournamentEndEvent:
        end = TournamentEndFact(
            chips_at_start=Chips(self.chips_in), chips_at_end=Chips(sum(self.stacks.values())),
            players_with_chips=sum(1 for chips in self.stacks.values() if chips > 0),
            cancelled=self.cancelled or event.outcome is Outcome.CANCELLED,
            chips_between_hands=Chips(self.chips_between_hands))
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


def _common_stack(entrants: list[EntrantFact]) -> Chips | None:
    """The starting stack more entrants hold than any other; None on a tie for the most."""
    counts: dict[int, int] = {}
    for entrant in entrants:
        counts[entrant.starting_stack] = counts.get(entrant.starting_stack, 0) + 1
    ranked = sorted(counts.values(), reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0] == ranked[1]):
        return None
    return Chips(max(counts, key=lambda stack: counts[stack]))


def _chips(value: int | None) -> Chips | None:
    return None if value is None else Chips(value)
