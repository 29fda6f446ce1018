"""`explain_hand`, `explain_hands`: the hands asked for, found and judged with the rules traced.

The hand is found by its id in a file or folder (any input the audit reads, hands inside a
tournament log too), streaming until it comes. It is then judged exactly as the audit judges
it: through `HandJudge` (checker/audit/findings.py), which replays the hand into events and
runs the rules on each. The rules given to it here are compiled with `trace=True` and wrapped
(checker/explain/steps.py) so that, for the hand wanted, every event is also recorded:
the table as the replay's facts stand at that moment, and each rule whose `when` held, with its
verdict and its trace (checker/explain/trace.py). Hands before it in the same file are
replayed with no rule run, so that the table's previous hand is known as it is in the audit.

Nothing here judges: the verdicts and values are the evaluator's, the states the replay's.
The explanation (checker/explain/explanation.py) is plain data; the reports
(checker/report/explain_text.py, explain_html.py) only render it.
"""

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

from checker.audit.findings import HandJudge
from checker.dsl.compiler import CompiledRule, Verdict
from checker.dsl.engine import compile_ruleset
from checker.dsl.ruleset import Ruleset
from checker.explain.explanation import HandExplanation
from checker.explain.steps import Explainer
from checker.explain.trace import Binding, Comparison, TraceNode
from checker.ingest.stream import UnrecognizedFile, read_paths
from checker.model import Hand, LogRecord, Rejection
from checker.model.formats import TOURNAMENT_LOG
from checker.model.tournament_log import HandPlayed
from checker.replay.log_hand import LogContext, log_hand

__all__ = [
    "Binding",
    "Comparison",
    "ExplainError",
    "HandExplanation",
    "TraceNode",
    "explain_hand",
    "explain_hands",
]


class ExplainError(Exception):
    """The hand cannot be explained: not found, unreadable, or a rule that is not there."""


# ---------------------------------------------------------------- finding and judging


def explain_hand(path: Path, hand_id: str, rules: Ruleset, rule: str | None = None, *,
                 unapplied: bool = False) -> HandExplanation:
    """Explain hand `hand_id` of `path` (a file or folder) under `rules`; `rule` (a rule id,
    or the start of ids up to a dot: `pots`) narrows the rules shown; `unapplied` keeps, too,
    the events where they did not apply (`HandExplanation.unapplied`). Raises ExplainError
    when the path, the hand or the rule is not there."""
    for explanation in _explanations(path, {hand_id}, rules, rule, strict=True,
                                     unapplied=unapplied):
        return explanation
    raise ExplainError(f"hand {hand_id} not found in {path}")


def explain_hands(path: Path, hand_ids: Collection[str], rules: Ruleset,
                  rule: str | None = None) -> Iterator[HandExplanation]:
    """Explain every hand of `hand_ids` found in `path`, in one pass over it (the order the
    hands come in; each id once, its first occurrence): what the HTML reports' explain pages
    need for many hands of one large tournament log. A wanted hand that is not there, or
    that was rejected, is left out. Raises ExplainError when the path or the rule is not
    there."""
    yield from _explanations(path, set(hand_ids), rules, rule, strict=False)


def _explanations(path: Path, wanted: set[str], rules: Ruleset, rule: str | None,
                  strict: bool, unapplied: bool = False) -> Iterator[HandExplanation]:
    if not path.exists():
        raise ExplainError(f"{path}: no such file or directory")
    selected = _selector(rules, rule)
    traced = compile_ruleset(rules, trace=True)
    traced.listener = _no_rule  # the hands before it are replayed for the table's state only
    judge = HandJudge(traced, [])
    for found in _find(path, wanted, judge, strict):
        explainer = Explainer(rules, traced, selected, found.hand, keep_unapplied=unapplied)
        traced.listener = explainer.event
        warning = found.judge()
        traced.listener = _no_rule
        yield explainer.explanation(rules, rule, warning)


def _no_rule(event_name: str, event: object) -> list[tuple[CompiledRule, Verdict]]:
    return []


@dataclass(slots=True)
class _Found:
    hand: Hand
    judge: Callable[[], str | None]


def _find(path: Path, wanted: set[str], judge: HandJudge, strict: bool) -> Iterator[_Found]:
    """Stream every record as the audit does, feeding the judge (with no rule recording)
    until each wanted hand comes; hand it over, with how to judge it (the consumer judges it
    before asking for the next), and stop once none is left. `wanted` is emptied as they
    come."""
    for opened in read_paths([path]):
        if isinstance(opened, UnrecognizedFile):
            continue
        judge.new_file()
        for record in opened.records:
            if isinstance(record, Hand):
                if record.hand_id in wanted:
                    wanted.discard(record.hand_id)
                    yield _Found(record, _judging_hand(judge, record))
                    if not wanted:
                        return
                    continue
                judge.judge(record)
            elif isinstance(record, LogRecord):
                played = record.event
                if isinstance(played, HandPlayed) and played.hand in wanted:
                    wanted.discard(played.hand)
                    yield _Found(_log_hand_model(judge, record, played),
                                 _judging_log(judge, record))
                    if not wanted:
                        return
                    continue
                judge.judge_log(record)
            elif isinstance(record, Rejection):
                _rejected(judge, record, wanted, strict)
                if not wanted:
                    return


def _judging_hand(judge: HandJudge, hand: Hand) -> Callable[[], str | None]:
    return lambda: judge.judge(hand)


def _judging_log(judge: HandJudge, record: LogRecord) -> Callable[[], str | None]:
    def run() -> str | None:
        unjudged = judge.judge_log(record)
        return None if unjudged is None else unjudged[2]

    return run


def _rejected(judge: HandJudge, record: Rejection, wanted: set[str], strict: bool) -> None:
    """As the audit: a lost hand or log line leaves the tables not knowing their last hand.
    A wanted hand rejected stops a `strict` search; otherwise it is no longer looked for."""
    if record.is_hand and record.hand is not None and record.hand in wanted:
        if strict:
            raise ExplainError(f"hand {record.hand} at {record.location} could not be read: "
                               f"{record.reason}")
        wanted.discard(record.hand)
    if record.is_hand:
        judge.hand_missing()
    elif record.source_format == TOURNAMENT_LOG:
        judge.log_line_missing()


def _log_hand_model(judge: HandJudge, record: LogRecord, played: HandPlayed) -> Hand:
    """The hand record of a log's `hand` line, for its seats, cards and board (the judge
    builds its own, with the hand's notes, to replay)."""
    tournaments = judge.tournaments
    state = tournaments.states.get(played.tournament)
    terms = state.terms if state is not None else None
    context = LogContext(tournaments.site, terms.name if terms else None,
                         terms.seats_per_table if terms else None)
    return log_hand(played, record.location, context)


def _selector(rules: Ruleset, wanted: str | None) -> Callable[[str], bool]:
    """Which rule ids to show: all, one id, or the ids starting with `wanted` and a dot."""
    if wanted is None:
        return lambda rule_id: True
    prefix = wanted.rstrip(".") + "."
    if not any(r == wanted or r.startswith(prefix) for r in rules.rules):
        raise ExplainError(f"no rule {wanted!r} in rule set {rules.name}")
    return lambda rule_id: rule_id == wanted or rule_id.startswith(prefix)
