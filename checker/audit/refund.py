"""The refund calculator: what each player would be owed were a tournament cancelled now.

`feltcheck refund LOG [--at EVENT]` replays one tournament of a log up to the line numbered
EVENT (checker.replay.tournament), builds the hypothetical cancellation at that moment
(checker.replay.cancellation.hypothetical_cancellation: one entry per player still in, paid
unknown) and runs it through the rules listening to `cancellation_entry`. When the log has
already been cancelled by then, its own cancellation's facts are used instead (the events the
audit judged), and what the log paid is shown beside what the rules say is owed. The amounts are the
rules' own: every applicable rule (its `when` holds) is evaluated traced, and its `let
expected` - with the addends of that sum, and the other lets - is read from the trace. No
amount is computed here.
"""

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from checker.dsl import ast
from checker.dsl.compiler import CompiledRule, TraceStep, compile_rule, render
from checker.dsl.formatter import format_expression
from checker.dsl.ruleset import Ruleset, param_values
from checker.dsl.typecheck import rule_types
from checker.dsl.types import Type
from checker.ingest.stream import FileRecords, open_file
from checker.model.formats import TOURNAMENT_LOG
from checker.model.records import Rejection
from checker.model.tournament_log import Cancellation, LogRecord, MatrixCancellation, MatrixTerms
from checker.replay.cancellation import hypothetical_cancellation
from checker.replay.facts import (
    CancellationEntryEvent,
    CancellationEvent,
    CancellationFact,
    CancelledEntryFact,
    Seconds,
)
from checker.replay.tournament import TournamentState

ENTRY_EVENT = "cancellation_entry"
_CANCELLATION_EVENTS = frozenset({"cancellation", ENTRY_EVENT})
# The let a cancellation rule names what is due in; its top-level sum gives the parts.
EXPECTED = "expected"


class RefundError(Exception):
    """The log cannot answer the question (not a log, no such event or tournament)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One addend of what a rule says is due: its expression and its value."""

    text: str
    value: object
    shown: str


@dataclass(frozen=True, slots=True)
class ClauseDue:
    """What one applicable rule says a player is owed."""

    rule: str
    title: str
    clauses: tuple[str, ...]
    # The rule's `expected` (None when the rule has none: a currency or package rule).
    expected: int | None
    expected_shown: str
    parts: list[Part]
    # Every let of the rule evaluated for the player: name -> (value, as shown).
    lets: dict[str, tuple[object, str]]


@dataclass(frozen=True, slots=True)
class PlayerDue:
    player: str
    chips: int
    entered_with: str | None
    via_satellite: bool
    dues: list[ClauseDue]
    # What the log's own cancellation paid, when the moment is (after) one.
    paid: int | None = None
    # A whole Matrix's cancellation: what the replays say of the player (matches still in,
    # Matrix points); None elsewhere.
    matrix: CancelledEntryFact | None = None


@dataclass(slots=True)
class RefundReport:
    file: str
    tournament: str
    at_event: int
    at: datetime
    stage: str
    currency: str
    total_chips: int
    prize_pool: int
    eliminated_buy_ins: int
    guarantee: int | None
    # The event number of the log's own cancellation when the moment is at or after it (its
    # facts are then used, Matrix matches and all); None: a hypothetical cancellation.
    cancelled_at: int | None = None
    players: list[PlayerDue] = field(default_factory=list)
    # Lines of the log that could not be read (skipped), as the reader reported them.
    skipped: list[str] = field(default_factory=list)
    # A whole Matrix's cancellation facts (its matches, score pool); None elsewhere.
    matrix: CancellationFact | None = None

    def owed(self, player: PlayerDue) -> int | None:
        """The amount the first applicable rule with an `expected` gives (None: none does)."""
        return next((due.expected for due in player.dues if due.expected is not None), None)


def refund_report(path: Path, rules: Ruleset, at_event: int | None = None,
                  tournament: str | None = None) -> RefundReport:
    """What each player of `tournament` (the log's only one when not given) would be owed,
    had it been cancelled at the line whose `seq` is `at_event` (default: its last line)."""
    records, skipped = _read_log(path)
    chosen = _choose_tournament(records, tournament)
    # A Matrix is replayed with its matches: its cancellation reads their states.
    matrix = next((r.event for r in records if isinstance(r.event, MatrixTerms)
                   and r.event.tournament == chosen), None)
    followed = {chosen} if matrix is None else {chosen, *matrix.matches}
    mine = [r for r in records if r.tournament in followed]
    last = _cut(records, mine, at_event)
    states: dict[str, TournamentState] = {}
    for name in sorted(followed):
        states[name] = TournamentState(name, siblings=states)
    state = states[chosen]
    # The log's own cancellation, once read: its events are those the audit judged.
    logged: list[tuple[str, object]] = []
    cancelled: Cancellation | MatrixCancellation | None = None
    for record in mine:
        if record.event.seq > last.event.seq:
            break
        assert record.tournament is not None  # a header has no tournament, so is not mine
        steps = list(states[record.tournament].feed(record))
        if (isinstance(record.event, Cancellation | MatrixCancellation)
                and record.tournament == chosen and not logged):
            cancelled = record.event
            logged = [(s.name, s.event) for s in steps if s.name in _CANCELLATION_EVENTS]
    fact, terms = state.fact, state.terms
    if fact is None or state.scheduled is None or (terms is None and state.matrix is None):
        raise RefundError(f"{path}: tournament {chosen} has no tournament_terms by event "
                          f"{last.event.seq}")
    moment = Seconds(int((last.at - state.scheduled).total_seconds()))
    if logged:
        events = logged
    elif terms is not None:
        events = hypothetical_cancellation(fact, terms, state.ledger, state.stacks, moment)
    else:
        events = state.matrix_cancellation(None, moment)
    cancellation = _cancellation(events)
    report = RefundReport(
        file=path.as_posix(), tournament=chosen, at_event=last.event.seq, at=last.at,
        stage=str(cancellation.stage), currency=fact.currency,
        total_chips=cancellation.total_chips, prize_pool=cancellation.prize_pool,
        eliminated_buy_ins=cancellation.eliminated_buy_ins, guarantee=fact.guarantee,
        cancelled_at=None if cancelled is None else cancelled.seq, skipped=skipped,
        matrix=cancellation if cancellation.whole_matrix else None)
    paid = {p.player: p.paid for p in cancelled.payouts} if cancelled is not None else {}
    judged = RuleReader.for_event(rules, ENTRY_EVENT)
    for name, event in events:
        if name == ENTRY_EVENT and isinstance(event, CancellationEntryEvent):
            entry = event.entry
            report.players.append(PlayerDue(
                player=entry.player, chips=entry.chips,
                entered_with=None if entry.entered_with is None else str(entry.entered_with),
                via_satellite=entry.via_satellite, dues=judged.dues(event),
                paid=paid.get(entry.player),
                matrix=entry if cancellation.whole_matrix else None))
    return report


# What a rule reads when it judges the payment: `entry.paid`, `entry.paid_currency`.
PAYMENT = "entry.paid"


class RuleReader:
    """The rules of one event, compiled traced, read for their lets."""

    def __init__(self, rules: list[tuple[CompiledRule, dict[int, Type]]]) -> None:
        self.rules = rules

    @classmethod
    def for_event(cls, ruleset: Ruleset, event: str) -> "RuleReader":
        values = param_values(ruleset)
        chosen = []
        for rule_id in sorted(ruleset.rules):
            rule = ruleset.rules[rule_id].rule
            # A due is what a rule requires of the payment (its amount or currency); rules
            # about other facts of an entry (the chips it counts) say nothing owed.
            if (rule.event == event and rule.require is not None
                    and PAYMENT in format_expression(rule.require)):
                compiled = compile_rule(rule, values, trace=True,
                                        param_types=ruleset.param_types)
                chosen.append((compiled, rule_types(rule, ruleset.param_types)))
        return cls(chosen)

    def dues(self, event: object) -> list[ClauseDue]:
        """Each rule whose `when` holds for `event`, with its lets' values."""
        found = []
        for rule, types in self.rules:
            verdict, steps = rule.explain(event)
            if verdict is not None:
                found.append(_due(rule, types, steps))
        return found


# ---------------------------------------------------------------- reading the lets


def _due(rule: CompiledRule, types: dict[int, Type], steps: list[TraceStep]) -> ClauseDue:
    lets: dict[str, tuple[object, str]] = {}
    expected_let: ast.Let | None = None
    for let in rule.rule.lets:
        value = _value_of(let.value, steps)
        lets[let.name] = (value, render(value, types[id(let.value)]))
        if let.name == EXPECTED:
            expected_let = let
    parts: list[Part] = []
    expected: int | None = None
    shown = ""
    if expected_let is not None:
        value, shown = lets[EXPECTED]
        expected = value if isinstance(value, int) else None
        for addend in _addends(expected_let.value):
            part = _value_of(addend, steps)
            parts.append(Part(format_expression(addend), part, render(part, types[id(addend)])))
    return ClauseDue(rule.rule_id, rule.title, rule.clauses, expected, shown, parts, lets)


def _value_of(expr: ast.Expr, steps: list[TraceStep]) -> object:
    """The value `expr` last took in a traced evaluation: a let's expression is evaluated
    once, and a node is recorded after its children, so its last step is its own."""
    for step in reversed(steps):
        if step.span == expr.span:
            return step.value
    return None


def _addends(expr: ast.Expr) -> list[ast.Expr]:
    """The terms of a top-level sum `a + b + c` (the expression itself when it is no sum)."""
    if isinstance(expr, ast.Binary) and expr.op == "+":
        return [*_addends(expr.left), *_addends(expr.right)]
    return [expr]


# ---------------------------------------------------------------- the log


def _read_log(path: Path) -> tuple[list[LogRecord], list[str]]:
    if not path.is_file():
        raise RefundError(f"{path}: no such file")
    opened = open_file(path)
    if not isinstance(opened, FileRecords):
        raise RefundError(f"{path}: not a tournament log ({opened.reason})")
    if opened.format.name != TOURNAMENT_LOG:
        raise RefundError(f"{path}: not a tournament log (it reads as {opened.format.name})")
    records: list[LogRecord] = []
    skipped: list[str] = []
    for record in opened.records:
        if isinstance(record, LogRecord):
            records.append(record)
        elif isinstance(record, Rejection):
            skipped.append(record.reason)
    return records, skipped


def _choose_tournament(records: list[LogRecord], wanted: str | None) -> str:
    found = list(dict.fromkeys(r.tournament for r in records if r.tournament is not None))
    if wanted is None:
        # A Matrix's matches are parts of it: the Matrix is the log's tournament.
        parts = {match for r in records if isinstance(r.event, MatrixTerms)
                 for match in r.event.matches}
        found = [t for t in found if t not in parts]
    if wanted is not None:
        if wanted not in found:
            raise RefundError(f"no tournament {wanted} in the log (it holds: "
                              f"{', '.join(found) or 'none'})")
        return wanted
    if len(found) != 1:
        held = ", ".join(found) if found else "none"
        raise RefundError(f"the log holds {len(found)} tournaments ({held}): choose one with "
                          "--tournament")
    return found[0]


def _cut(records: list[LogRecord], mine: list[LogRecord], at_event: int | None) -> LogRecord:
    """The tournament's last line at or before the log's line numbered `at_event`."""
    if at_event is not None and not any(r.event.seq == at_event for r in records):
        raise RefundError(f"the log has no event {at_event} (its events run from "
                          f"{records[0].event.seq if records else 0} to "
                          f"{records[-1].event.seq if records else 0})")
    before = [r for r in mine if at_event is None or r.event.seq <= at_event]
    if not before:
        raise RefundError(f"the tournament has no event at or before {at_event}")
    return before[-1]


def _cancellation(events: list[tuple[str, object]]) -> CancellationFact:
    first = events[0][1]
    assert isinstance(first, CancellationEvent), "the cancellation event comes first"
    return first.cancellation
