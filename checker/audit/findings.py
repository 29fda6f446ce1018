"""Replay each hand (and read each tournament summary) and turn every broken rule into a
located, fingerprinted Finding."""

from collections.abc import Iterator, Sequence
from dataclasses import fields, is_dataclass
from datetime import date, datetime
from enum import Enum
from typing import Final, Protocol

from checker.audit.spool import Sink
from checker.dsl.compiler import CompiledRule, Verdict
from checker.dsl.engine import CompiledRuleset
from checker.model.findings import Finding, FindingLocation, fingerprint
from checker.model.hand import POST_KINDS, Hand
from checker.model.source import SourceLocation
from checker.model.summary import TournamentSummary
from checker.model.tournament_log import (
    Disconnect,
    HandPlayed,
    LogRecord,
    LogStart,
    Reconnect,
    SeatAssigned,
    TableMove,
    Timeout,
    TournamentStart,
)
from checker.replay.facts import (
    ActionEvent,
    HandFact,
    PostEvent,
    PostFact,
    PotEvent,
    SummaryPlaceEvent,
)
from checker.replay.facts import HandEvent as HandStartEvent
from checker.replay.hand_replay import replay_hand
from checker.replay.log_hand import LogContext, NoteLine, log_hand, log_table_state, replay_log_hand
from checker.replay.summary_replay import summary_event
from checker.replay.table import TableState
from checker.replay.tournament import Step, TournamentState

TableKey = tuple[str | None, str | None]
# What a log line could not have judged: where, which hand, why (a warning of the audit).
LogWarning = tuple[SourceLocation, str | None, str]
# The events a summary is judged as (facts.EVENTS): the whole summary, then each place.
SUMMARY_EVENT: Final = "summary"
SUMMARY_PLACE_EVENT: Final = "summary_place"


class HandSink(Protocol):
    """Takes every replayed hand once its rules have judged it (clause 28's aggregates)."""

    def hand(self, hand: Hand, fact: HandFact, actions: Sequence[ActionEvent]) -> None: ...


class HandJudge:
    """Holds the compiled rules and the table states of the file being read."""

    def __init__(self, rules: CompiledRuleset, findings: Sink[Finding],
                 sink: HandSink | None = None) -> None:
        self.rules = rules
        self.findings = findings
        self.sink = sink
        self.summaries = SummaryJudge(rules, findings)
        self.tournaments = TournamentJudge(rules, findings, sink)
        self.tables: dict[TableKey, TableState] = {}
        # A hand record of this file was rejected: any table may be missing a hand, even its
        # first one.
        self.gap = False

    def new_file(self) -> None:
        """Tables are followed within one input only: memory stays constant across files."""
        self.tables = {}
        self.gap = False

    def hand_missing(self) -> None:
        """A hand record of the file could not be read (its table is unknown)."""
        self.gap = True
        for table in self.tables.values():
            table.forget()

    def judge(self, hand: Hand) -> str | None:
        """Replay `hand` and record its findings; on a replay error, the hand's findings so
        far are kept and the error comes back as a warning text (the hand is not judged
        further, and the table's next hand starts with no previous hand known)."""
        table = self._table(hand)
        failures = self.rules.failures
        try:
            if self.sink is not None:
                _judge_and_keep(replay_hand(hand, table), hand, self, self.sink, None)
                return None
            for name, event in replay_hand(hand, table):
                for rule, verdict in failures(name, event):
                    self.findings.append(_finding(rule, verdict, hand, event))
        except (KeyError, ValueError, TypeError, ArithmeticError, IndexError) as exc:
            table.forget()
            return f"replay failed, hand not fully audited: {type(exc).__name__}: {exc}"
        return None

    def _table(self, hand: Hand) -> TableState:
        if hand.fast_fold:
            # A pool deals every hand at a new table under one name: no hand follows another.
            return TableState(hand.table or "")
        key = (hand.tournament_id, hand.table)
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = TableState(hand.table or "", gap=self.gap)
        return table

    def judge_summary(self, summary: TournamentSummary) -> None:
        """Judge a tournament summary (SummaryJudge): summaries have no table to follow."""
        self.summaries.judge(summary)

    def judge_log(self, record: LogRecord) -> LogWarning | None:
        """Judge one tournament-log line (TournamentJudge)."""
        return self.tournaments.judge(record)

    def log_line_missing(self) -> None:
        """A tournament-log line of the file was rejected (TournamentJudge.line_missing)."""
        self.tournaments.line_missing()

    def end_file(self) -> list[LogWarning]:
        """The file being read has ended: its tournaments are closed and dropped; what could
        not be judged comes back as warnings."""
        return self.tournaments.end_file()


class SummaryJudge:
    """Judges each tournament summary by the rules listening to the `summary` event."""

    def __init__(self, rules: CompiledRuleset, findings: Sink[Finding]) -> None:
        self.rules = rules
        self.findings = findings

    def judge(self, summary: TournamentSummary) -> None:
        """Record the summary's findings: those of the whole summary located at its header
        line, those of one place at the place's first line; all name its tournament id."""
        dispatch = self.rules.dispatch
        by_place = SUMMARY_PLACE_EVENT in dispatch
        if SUMMARY_EVENT not in dispatch and not by_place:
            return  # no rule reads summaries: their facts need not be built
        event = summary_event(summary)
        file, tournament = summary.location.file, summary.tournament_id
        # A Matrix event's summaries share its id; the header's game text names the match.
        scope = f"{summary.name or ''} {summary.game or ''}"
        for rule, verdict in self.rules.failures(SUMMARY_EVENT, event):
            location = FindingLocation(file=file, line=summary.location.line,
                                       tournament=tournament)
            self.findings.append(_located(rule, verdict, location, scope=scope))
        if not by_place:
            return
        for place in event.summary.places:
            failures = self.rules.failures(SUMMARY_PLACE_EVENT,
                                           SummaryPlaceEvent(event.summary, place))
            for rule, verdict in failures:
                # The place's first line: the entry listed first at that number.
                location = FindingLocation(file=file, line=place.holders[0].line,
                                           tournament=tournament)
                self.findings.append(_located(rule, verdict, location,
                                              scope=f"{scope} place {place.place}"))


class TournamentJudge:
    """Replays each tournament log's lines (one state per tournament id, within one file)
    and judges the events they deliver. Each `hand` line is also a hand of its own: it goes
    through the hand replay (checker/replay/log_hand.py) with its table's state, and its
    `timeout`, `disconnect` and `reconnect` lines (written before it) become its events."""

    def __init__(self, rules: CompiledRuleset, findings: Sink[Finding],
                 sink: HandSink | None = None) -> None:
        self.rules = rules
        self.findings = findings
        self.sink = sink
        self.states: dict[str, TournamentState] = {}
        self.file = ""
        self.site = ""
        # (tournament, table) -> the table between its hands.
        self.tables: dict[TableKey, TableState] = {}
        # (tournament, hand) -> the notes of a hand whose `hand` line has not come yet.
        self.notes: dict[tuple[str, str], list[NoteLine]] = {}
        # tournament -> the tables its `seat` lines seated before its start (clause 9's draw).
        self.seated: dict[str, set[str]] = {}
        self.started: set[str] = set()
        # A line of this file was rejected or lost: any table may be missing a hand or a seat.
        self.gap = False
        # The `seq` the next line should carry: writers number every line, so a jump is a
        # lost line.
        self.next_seq = 0

    def judge(self, record: LogRecord) -> LogWarning | None:
        """Judge one line; a `hand` line that cannot be replayed comes back as a warning."""
        event = record.event
        if event.seq > self.next_seq:
            self.line_missing()
        self.next_seq = event.seq + 1
        # Exact types: the event classes are final (checker/replay/tournament.py says why).
        if type(event) is LogStart:
            self.site = event.site
            return None
        tournament = event.tournament
        self.file = record.location.file
        state = self.states.get(tournament)
        if state is None:
            # A Matrix's state reads its matches' (the states of this file).
            state = self.states[tournament] = TournamentState(tournament, siblings=self.states)
        self._judge_steps(tournament, state.feed(record))
        if type(event) is HandPlayed:
            return self._judge_hand(record, event, state)
        if type(event) is Timeout or type(event) is Disconnect or type(event) is Reconnect:
            if event.hand is not None:
                key = (tournament, event.hand)
                self.notes.setdefault(key, []).append(NoteLine(event, record.location.line))
        elif type(event) is SeatAssigned:
            if tournament not in self.started:  # the draw; later seats join running tables
                self.seated.setdefault(tournament, set()).add(event.table)
        elif type(event) is TournamentStart:
            self.started.add(tournament)
        elif type(event) is TableMove:
            table = self.tables.get((tournament, event.from_table))
            if table is not None:
                table.left(event.player)
        return None

    def line_missing(self) -> None:
        """A line of the file was rejected or lost (which one is unknown): no table's previous
        hand is known any more, and no table's first hand can be told."""
        self.gap = True
        for table in self.tables.values():
            table.forget()
        for state in self.states.values():
            state.lost_line()

    def end_file(self) -> list[LogWarning]:
        """Deliver what each tournament still held back (eliminations waiting for a payout
        that never came), then drop the states: memory stays constant across files. Notes of
        hands whose `hand` line never came are not judged: each is a warning."""
        states, self.states = self.states, {}
        for tournament, state in states.items():
            self._judge_steps(tournament, state.close())
        # Each state refers to this dict (a Matrix reads its matches'): emptied, the states
        # go now, not at the next full collection, which a long run makes rare.
        states.clear()
        warnings: list[LogWarning] = [
            (SourceLocation(file=self.file, line=noted.line), hand,
             f"{noted.note.event} line of hand {hand} (tournament {tournament}): no `hand` "
             "line for that hand follows in the file, so it was not judged")
            for (tournament, hand), lines in self.notes.items() for noted in lines
        ]
        self.notes, self.tables, self.seated, self.started = {}, {}, {}, set()
        self.site, self.gap, self.next_seq = "", False, 0
        return warnings

    def _judge_hand(self, record: LogRecord, played: HandPlayed, state: TournamentState
                    ) -> LogWarning | None:
        tournament = played.tournament
        key = (tournament, played.table)
        table = self.tables.get(key)
        if table is None:
            seated = played.table in self.seated.get(tournament, ())
            table = self.tables[key] = log_table_state(played.table, gap=self.gap,
                                                       seated_by_log=seated and not self.gap)
        terms = state.terms
        context = LogContext(self.site, terms.name if terms else None,
                             terms.seats_per_table if terms else None)
        notes = self.notes.pop((tournament, played.hand), ())
        location = record.location
        failures = self.rules.failures
        try:
            hand = log_hand(played, location, context, notes)
            if self.sink is not None:
                _judge_and_keep(replay_log_hand(played, hand, table), hand, self, self.sink,
                                played.seq)
                return None
            for name, event in replay_log_hand(played, hand, table):
                for rule, verdict in failures(name, event):
                    self.findings.append(_finding(rule, verdict, hand, event, played.seq))
        except (KeyError, ValueError, TypeError, ArithmeticError, IndexError) as exc:
            table.forget()
            return (location, played.hand,
                    f"replay failed, hand not fully audited: {type(exc).__name__}: {exc}")
        return None

    def _judge_steps(self, tournament: str, steps: Iterator[Step]) -> None:
        failures = self.rules.failures
        for name, event, line, seq in steps:
            for rule, verdict in failures(name, event):
                location = FindingLocation(file=self.file, line=line, tournament=tournament,
                                           event=seq)
                self.findings.append(_located(rule, verdict, location))


class _Judging(Protocol):
    rules: CompiledRuleset
    findings: Sink[Finding]


def _judge_and_keep(events: Iterator[tuple[str, object]], hand: Hand, judge: _Judging,
                    sink: HandSink, seq: int | None) -> None:
    """Judge a hand's events as the plain loop does, keeping its start and its acts for
    `sink`, which gets the hand once it is judged to its end."""
    failures = judge.rules.failures
    findings = judge.findings
    start: HandFact | None = None
    actions: list[ActionEvent] = []
    for name, event in events:
        for rule, verdict in failures(name, event):
            findings.append(_finding(rule, verdict, hand, event, seq))
        if isinstance(event, ActionEvent):
            actions.append(event)
        elif isinstance(event, HandStartEvent):
            start = event.hand
    if start is not None:
        sink.hand(hand, start, actions)


def _finding(rule: CompiledRule, verdict: Verdict, hand: Hand, event: object,
             seq: int | None = None) -> Finding:
    """Located at the hand, its street and action; `seq`: the log line's own number, when the
    hand is a tournament log's."""
    line = hand.location.line
    street: str | None = None
    index = event_action(hand, event)
    if isinstance(event, ActionEvent):
        line, street = event.action.line, event.street.name.value
    elif isinstance(event, PostEvent):
        line = event.post.line
    elif isinstance(event, PotEvent) and event.pot.line is not None:
        line = event.pot.line  # the pot's award line, not the hand's first
    if verdict.at is not None:
        line = _record_line(hand, verdict.at) or line
    location = FindingLocation(file=hand.location.file, line=line,
                               tournament=hand.tournament_id, table=hand.table,
                               hand=hand.hand_id, street=street, action=index, event=seq)
    return _located(rule, verdict, location)


def _located(rule: CompiledRule, verdict: Verdict, location: FindingLocation,
             scope: str | None = None) -> Finding:
    return Finding(rule=rule.rule_id, clauses=list(rule.clauses),
                   severity=rule.severity, message=verdict.message, location=location,
                   evidence={k: json_safe(v) for k, v in verdict.evidence.items()},
                   fingerprint=fingerprint(rule.rule_id, location, scope))


def _record_line(hand: Hand, at: tuple[str, object]) -> int | None:
    """The line of the record a rule's `at` names in the hand: a seat's line, a player's seat
    line or first post; None when the hand has no such record."""
    record, value = at
    if record == "seat":
        return next((s.line for s in hand.seats if s.seat == value), None)
    if record == "player":
        return next((s.line for s in hand.seats if s.player == value), None)
    return next((a.line for a in hand.actions if a.player == value and a.kind in POST_KINDS),
                None)


def event_action(hand: Hand, event: object) -> int | None:
    """The action a finding on `event` names: an act's index, a post's own act; None for an
    event that is no act (`feltcheck rules test` matches `expect ... action N` against it)."""
    if isinstance(event, ActionEvent):
        return event.action.index
    if isinstance(event, PostEvent):
        return _post_index(hand, event.post)
    return None


def _post_index(hand: Hand, post: PostFact) -> int | None:
    """The post's action (a log hand writes every action on its one line)."""
    for action in hand.actions:
        if action.line == post.line and action.player == post.player and action.kind is post.kind:
            return action.index
    return None


def json_safe(value: object) -> object:
    """Evidence as JSON values: enums by value, fact objects by their fields."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, float):
        return value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [json_safe(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, set | frozenset) else items
    if is_dataclass(value) and not isinstance(value, type):  # a fact (compiled: no __slots__)
        return {f.name: json_safe(getattr(value, f.name)) for f in fields(value)}
    return repr(value)
