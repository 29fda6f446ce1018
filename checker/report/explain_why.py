"""Why one rule gave a finding on a hand, or did not: the few lines `feltcheck rules test`
prints under a missing or unexpected finding.

Read from a hand's explanation narrowed to the rule, with the events where it did not apply
(checker/explain/hands.py, `unapplied=True`): for each event of the rule at the action asked
about (or every event, the first few, when no action is named), its verdict and the
conditions that decided it, as the evaluator recorded them. Where the rule applied, the
deciding path of its `require`; where it did not, of its `when`.
"""

from checker.explain.explanation import HandExplanation, RuleApplication
from checker.explain.trace import Comparison, Condition, deciding
from checker.report.explain_text import comparison_text

_INDENT = "  "
# Events shown when no action narrows them (an `on action` rule applies to every act).
MAX_EVENTS = 3
_VERDICTS = {"failed": "FAILED", "passed": "passed", "unknown": "UNKNOWN (passed, unproven)",
             "not applied": "did not apply"}


def why_lines(explanation: HandExplanation, action: int | None) -> list[str]:
    """The rule's events (at `action`, when given) with their deciding conditions; empty when
    the rule had no event there. Lines are relative: an event's conditions are indented."""
    events = [a for a in _in_order(explanation) if action is None or a.action == action]
    # The events where the rule applied come first: they are the ones that decided.
    shown = sorted(events, key=lambda a: a.verdict == "not applied")[:MAX_EVENTS]
    lines: list[str] = []
    for application in sorted(shown, key=events.index):
        lines += _event(application)
    if len(events) > len(shown):
        lines.append(f"... and {len(events) - len(shown)} more event(s) of the rule on this "
                     "hand (`feltcheck explain` shows them all)")
    return lines


def _in_order(explanation: HandExplanation) -> list[RuleApplication]:
    """Every event of the rules shown, applied or not, in the order of the hand's steps."""
    every = [*explanation.rules, *explanation.unapplied]
    last = len(explanation.steps)
    return sorted(every, key=lambda a: last if a.step is None else a.step)


def _event(a: RuleApplication) -> list[str]:
    head = f"{_VERDICTS.get(a.verdict, a.verdict)} on {a.event_label}"
    if a.step is not None:
        head += f" (step {a.step})"
    if a.verdict == "not applied":
        when = a.trace.when
        if when is None:  # nothing of its `when` ran: the kind of play left it out
            return [head + ": the hand is not of a kind of play the rule `applies to`"]
        state = {True: "true", False: "false", None: "unknown"}[when.truth]
        return [head + f": its `when` is {state}", *_conditions(deciding(when))]
    if a.trace.require is None:
        return [head]
    return [head, *_conditions(deciding(a.trace.require))]


def _conditions(found: tuple[Comparison | Condition, ...]) -> list[str]:
    lines = []
    for item in found:
        if isinstance(item, Comparison):
            lines.append(_INDENT + comparison_text(item))
        else:
            where = f"where {item.where_text}: " if item.where else ""
            lines.append(f"{_INDENT}{where}{item.text} = {item.value}")
    return lines
