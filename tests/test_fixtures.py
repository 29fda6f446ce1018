"""The planted-violation fixtures of hand_histories/fixtures/: rules/fulltilt-fixtures.rules
passes all its tests (each planted file gives exactly its finding, each twin none), every
planted file gives a finding, every twin none, every known-gap file (`*.gap.*`) holds a gap
still open, and every fixture is tested."""

import re
from pathlib import Path

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl import testing
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.dsl.testing import FoundFinding, run_tests

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "fulltilt-fixtures.rules"
FIXTURES = ROOT / "hand_histories" / "fixtures"
# Hand histories and summaries (.txt) and tournament event logs (.jsonl).
PLANTED = sorted(p for p in FIXTURES.glob("*.planted.*"))
TWINS = sorted(p for p in FIXTURES.glob("*.twin.*"))
# Known gaps: what the rules should find and do not yet, or find and should not (their test
# blocks say which, with `expect todo` / `expect todo-not`).
GAPS = sorted(p for p in FIXTURES.glob("*.gap.*"))


def _findings(path: Path, ruleset: Ruleset) -> list[FoundFinding]:
    """The same audit `feltcheck rules test` runs on a test's input."""
    result = audit([path], ruleset_id(ruleset, RULES), ruleset)
    return [FoundFinding(f.rule, f.location.hand, f.location.action) for f in result.findings]


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULES)


@pytest.fixture(scope="module")
def report(ruleset: Ruleset) -> testing.TestReport:
    return run_tests(ruleset, _findings)


def test_every_test_block_passes(report: testing.TestReport) -> None:
    failed = [(o.name, o.error, o.missing, o.unexpected, o.closed) for o in report.outcomes
              if not o.passed]
    assert failed == []
    assert len(report.outcomes) == len(PLANTED) + len(TWINS) + len(GAPS)


def test_each_known_gap_fixture_holds_only_gaps_and_they_are_still_open(
        ruleset: Ruleset, report: testing.TestReport) -> None:
    gaps = {Path(test.input).name: test for test, _ in ruleset.tests if ".gap." in test.input}
    assert set(gaps) == {p.name for p in GAPS} and gaps
    for test in gaps.values():
        named = [e for e in test.expects if e.rule_id is not None]
        assert named and all(e.gap is not None for e in named), test.name
    open_gaps = {o.name: o.todo for o in report.outcomes if o.name in
                 {t.name for t in gaps.values()}}
    assert all(open_gaps.values()) and len(open_gaps) == len(GAPS)


def test_there_are_fixtures() -> None:
    assert len(PLANTED) >= 10 and len(TWINS) >= 8


@pytest.mark.parametrize("path", PLANTED, ids=lambda p: p.name)
def test_planted_file_gives_a_finding(path: Path, ruleset: Ruleset) -> None:
    assert _findings(path, ruleset) != []


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_twin_gives_no_finding(path: Path, ruleset: Ruleset) -> None:
    assert _findings(path, ruleset) == []


def test_every_fixture_has_a_test_block() -> None:
    named = set(re.findall(r'input "\.\./hand_histories/fixtures/([^"]+)"', RULES.read_text()))
    assert named == {p.name for p in PLANTED + TWINS + GAPS}
