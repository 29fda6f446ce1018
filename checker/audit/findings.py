"""Replay each hand (and read each tournament summary) and turn every broken rule into a
located, fingerprinted Finding."""

from collections.abc import Iterator
from datetime import date, datetime
from enum import Enum

from checker.dsl.compiler import CompiledRule, Verdict
from checker.dsl.engine import CompiledRuleset
from checker.model.findings import Finding, FindingLocation, fingerprint
from checker.model.hand import Hand
from checker.model.summary import TournamentSummary
from checker.model.tournament_log import LogRecord
from checker.replay.facts import ActionEvent, PostEvent
from checker.replay.hand_replay import replay_hand
from checker.replay.summary_replay import summary_event
from checker.replay.table import TableState
from checker.replay.tournament import Step, TournamentState

TableKey = tuple[str | None, str | None]
# The event a summary is judged as (facts.EVENTS).
SUMMARY_EVENT = "summary"


class HandJudge:
    """Holds the compiled rules and the table states of the file being read."""

    def __init__(self, rules: CompiledRuleset, findings: list[Finding]) -> None:
        self.rules = rules
        self.findings = findings
        self.summaries = SummaryJudge(rules, findings)
        self.tournaments = TournamentJudge(rules, findings)
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
        key = (hand.tournament_id, hand.table)
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = TableState(hand.table or "", gap=self.gap)
        failures = self.rules.failures
        try:
            for name, event in replay_hand(hand, table):
                for rule, verdict in failures(name, event):
                    self.findings.append(_finding(rule, verdict, hand, event))
        except (KeyError, ValueError, TypeError, ArithmeticError, IndexError) as exc:
            table.forget()
            return f"replay failed, hand not fully audited: {type(exc).__name__}: {exc}"
        return None

    def judge_summary(self, summary: TournamentSummary) -> None:
        """Judge a tournament summary (SummaryJudge): summaries have no table to follow."""
        self.summaries.judge(summary)

    def judge_log(self, record: LogRecord) -> None:
        """Judge one tournament-log line (TournamentJudge)."""
        self.tournaments.judge(record)

    def end_file(self) -> None:
        """The file being read has ended: its tournaments are closed and dropped."""
        self.tournaments.end_file()


class SummaryJudge:
    """Judges each tournament summary by the rules listening to the `summary` event."""

    def __init__(self, rules: CompiledRuleset, findings: list[Finding]) -> None:
        self.rules = rules
        self.findings = findings

    def judge(self, summary: TournamentSummary) -> None:
        """Record the summary's findings, located at its header line and tournament id."""
        if SUMMARY_EVENT not in self.rules.dispatch:
            return  # no rule reads summaries: their facts need not be built
        event = summary_event(summary)
        for rule, verdict in self.rules.failures(SUMMARY_EVENT, event):
            location = FindingLocation(file=summary.location.file, line=summary.location.line,
                                       tournament=summary.tournament_id)
            self.findings.append(_located(rule, verdict, location))


class TournamentJudge:
    """Replays each tournament log's lines (one state per tournament id, within one file)
    and judges the events they deliver."""

    def __init__(self, rules: CompiledRuleset, findings: list[Finding]) -> None:
        self.rules = rules
        self.findings = findings
        self.states: dict[str, TournamentState] = {}
        self.file = ""

    def judge(self, record: LogRecord) -> None:
        tournament = record.tournament
        if tournament is None:
            return  # the log_start header
        self.file = record.location.file
        state = self.states.get(tournament)
        if state is None:
            state = self.states[tournament] = TournamentState(tournament)
        self._judge_steps(tournament, state.feed(record))

    def end_file(self) -> None:
        """Deliver what each tournament still held back (eliminations waiting for a payout
        that never came), then drop the states: memory stays constant across files."""
        states, self.states = self.states, {}
        for tournament, state in states.items():
            self._judge_steps(tournament, state.close())

    def _judge_steps(self, tournament: str, steps: Iterator[Step]) -> None:
        failures = self.rules.failures
        for name, event, line, seq in steps:
            for rule, verdict in failures(name, event):
                location = FindingLocation(file=self.file, line=line, tournament=tournament,
                                           event=seq)
                self.findings.append(_located(rule, verdict, location))


def _finding(rule: CompiledRule, verdict: Verdict, hand: Hand, event: object) -> Finding:
    line = hand.location.line
    street: str | None = None
    index: int | None = None
    if isinstance(event, ActionEvent):
        line, street, index = event.action.line, event.street.name.value, event.action.index
    elif isinstance(event, PostEvent):
        line, index = event.post.line, _post_index(hand, event.post.line)
    location = FindingLocation(file=hand.location.file, line=line,
                               tournament=hand.tournament_id, table=hand.table,
                               hand=hand.hand_id, street=street, action=index)
    return _located(rule, verdict, location)


def _located(rule: CompiledRule, verdict: Verdict, location: FindingLocation) -> Finding:
    return Finding(rule=rule.rule_id, clauses=list(rule.clauses),
                   severity=rule.severity, message=verdict.message, location=location,
                   evidence={k: json_safe(v) for k, v in verdict.evidence.items()},
                   fingerprint=fingerprint(rule.rule_id, location))


def _post_index(hand: Hand, line: int) -> int | None:
    for action in hand.actions:
        if action.line == line:
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
    slots = getattr(type(value), "__slots__", None)
    if slots:
        return {name: json_safe(getattr(value, name)) for name in slots}
    return repr(value)
