"""`feltcheck rules test`: run the test blocks of a rule set, like `semgrep --test`.

A test names an input (relative to its rules file) and the findings expected from it:
`expect RULE [hand "ID"] [action N]`, or `expect none`. The input is audited with the rule set;
each expectation matched by a finding is a true positive, each expectation left unmatched a
false negative, each finding no expectation accounts for a false positive. Results are
tallied per rule.

Known gaps, like Semgrep's `todoruleid` / `todook`: `expect todo RULE ...` names a finding the
rule should give and does not yet, `expect todo-not RULE ...` one it gives and should not. While
the gap is open it is counted as TODO and the test passes. Once it closes (the todo finding
comes, the todo-not finding is gone) the test fails with "now passes: remove the todo": the
todo line would otherwise stay while guarding nothing, and the fix would go unprotected
against coming undone (Semgrep only reports it; this runner fails on it).

A caller may also say why a test failed: `explain` is asked, for each missing or unexpected
finding, for lines on the rule's deciding conditions on the input (the CLI asks the evaluator's
own trace, checker/explain/hands.py; this package imports neither checker.audit nor
checker.explain).
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from checker.dsl import ast
from checker.dsl.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class FoundFinding:
    """The part of a finding a test can name."""

    rule: str
    hand: str | None
    action: int | None


@dataclass(slots=True)
class RuleTally:
    true_positives: int = 0
    false_positives: int = 0
    false_negatives: int = 0
    # Known gaps still open (`expect todo` not found, `expect todo-not` found).
    todo: int = 0


@dataclass(slots=True)
class TestOutcome:
    name: str
    where: str
    passed: bool
    missing: list[ast.Expect] = field(default_factory=list)
    unexpected: list[FoundFinding] = field(default_factory=list)
    error: str | None = None
    # Known gaps still open: they never fail the test.
    todo: list[ast.Expect] = field(default_factory=list)
    # Known gaps that closed: the test fails until their `todo` is removed.
    closed: list[ast.Expect] = field(default_factory=list)
    # Why a missing or unexpected finding (as named by `wanted`) was or was not given.
    why: dict[FoundFinding, tuple[str, ...]] = field(default_factory=dict)


@dataclass(slots=True)
class TestReport:
    outcomes: list[TestOutcome] = field(default_factory=list)
    tallies: dict[str, RuleTally] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return all(outcome.passed for outcome in self.outcomes)


# Audits one input with the rule set and returns its findings.
Auditor = Callable[[Path, Ruleset], Iterable[FoundFinding]]
# Says why a finding (missing or unexpected) was or was not given on an input: lines of text.
Explainer = Callable[[Path, Ruleset, FoundFinding], Sequence[str]]


def wanted(expect: ast.Expect) -> FoundFinding:
    """The finding an expectation names (rule_id set)."""
    assert expect.rule_id is not None
    return FoundFinding(expect.rule_id, expect.hand, expect.action)


def _matches(expect: ast.Expect, found: FoundFinding) -> bool:
    return (
        expect.rule_id == found.rule
        and (expect.hand is None or expect.hand == found.hand)
        and (expect.action is None or expect.action == found.action)
    )


def run_tests(ruleset: Ruleset, auditor: Auditor, explain: Explainer | None = None
              ) -> TestReport:
    report = TestReport()
    for test, origin in ruleset.tests:
        input_path = Path(origin.source.file).parent / test.input
        outcome = TestOutcome(test.name, origin.where(), passed=True)
        report.outcomes.append(outcome)
        if not input_path.exists():
            outcome.passed = False
            outcome.error = f"input {input_path.as_posix()} does not exist"
            continue
        found = sorted(set(auditor(input_path, ruleset)),
                       key=lambda f: (f.rule, f.hand or "", f.action or -1))
        _score(test, found, outcome, report.tallies)
        if explain is not None:
            for finding in [*map(wanted, outcome.missing), *outcome.unexpected]:
                outcome.why[finding] = tuple(explain(input_path, ruleset, finding))
    return report


def _take(expect: ast.Expect, unmatched: list[FoundFinding]) -> bool:
    """Whether a finding left matches `expect`; the first that does is taken."""
    hit = next((f for f in unmatched if _matches(expect, f)), None)
    if hit is not None:
        unmatched.remove(hit)
    return hit is not None


def _score(test: ast.RuleTest, found: list[FoundFinding], outcome: TestOutcome,
           tallies: dict[str, RuleTally]) -> None:
    """Plain expectations take their findings first, then the known false positives theirs,
    then the known false negatives look among what is left."""
    named = [e for e in test.expects if e.rule_id is not None]
    unmatched = list(found)
    for expect in (e for e in named if e.gap is None):
        tally = tallies.setdefault(wanted(expect).rule, RuleTally())
        if _take(expect, unmatched):
            tally.true_positives += 1
        else:
            tally.false_negatives += 1
            outcome.missing.append(expect)
    for expect in (e for e in named if e.gap == ast.TODO_NOT):
        tally = tallies.setdefault(wanted(expect).rule, RuleTally())
        if _take(expect, unmatched):
            tally.todo += 1
            outcome.todo.append(expect)
        else:  # the finding it should not give is gone: a true negative now
            outcome.closed.append(expect)
    for expect in (e for e in named if e.gap == ast.TODO):
        tally = tallies.setdefault(wanted(expect).rule, RuleTally())
        if _take(expect, unmatched):  # the finding it should give now comes
            tally.true_positives += 1
            outcome.closed.append(expect)
        else:
            tally.todo += 1
            outcome.todo.append(expect)
    for extra in unmatched:
        tallies.setdefault(extra.rule, RuleTally()).false_positives += 1
        outcome.unexpected.append(extra)
    for gaps in (outcome.todo, outcome.closed):
        gaps.sort(key=test.expects.index)  # as the file lists them
    outcome.passed = not outcome.missing and not outcome.unexpected and not outcome.closed
