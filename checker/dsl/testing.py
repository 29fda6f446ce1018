"""`feltcheck rules test`: run the test blocks of a rule set, like `semgrep --test`.

A test names an input (relative to its rules file) and the findings expected from it:
`expect RULE [hand "ID"] [action N]`, or `expect none`. The input is audited with the rule set;
each expectation matched by a finding is a true positive, each expectation left unmatched a
false negative, each finding no expectation accounts for a false positive. Results are
tallied per rule.
"""

from collections.abc import Callable, Iterable
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


@dataclass(slots=True)
class TestOutcome:
    name: str
    where: str
    passed: bool
    missing: list[ast.Expect] = field(default_factory=list)
    unexpected: list[FoundFinding] = field(default_factory=list)
    error: str | None = None


@dataclass(slots=True)
class TestReport:
    outcomes: list[TestOutcome] = field(default_factory=list)
    tallies: dict[str, RuleTally] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return all(outcome.passed for outcome in self.outcomes)


# Audits one input with the rule set and returns its findings.
Auditor = Callable[[Path, Ruleset], Iterable[FoundFinding]]


def _matches(expect: ast.Expect, found: FoundFinding) -> bool:
    return (
        expect.rule_id == found.rule
        and (expect.hand is None or expect.hand == found.hand)
        and (expect.action is None or expect.action == found.action)
    )


def run_tests(ruleset: Ruleset, auditor: Auditor) -> TestReport:
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
    return report


def _score(test: ast.RuleTest, found: list[FoundFinding], outcome: TestOutcome,
           tallies: dict[str, RuleTally]) -> None:
    expects = [e for e in test.expects if e.rule_id is not None]
    unmatched = list(found)
    for expect in expects:
        assert expect.rule_id is not None
        tally = tallies.setdefault(expect.rule_id, RuleTally())
        hit = next((f for f in unmatched if _matches(expect, f)), None)
        if hit is None:
            tally.false_negatives += 1
            outcome.missing.append(expect)
        else:
            tally.true_positives += 1
            unmatched.remove(hit)
    for extra in unmatched:
        tallies.setdefault(extra.rule, RuleTally()).false_positives += 1
        outcome.unexpected.append(extra)
    outcome.passed = not outcome.missing and not outcome.unexpected
