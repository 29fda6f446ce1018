"""The planted-violation fixtures of hand_histories/fixtures/: rules/fulltilt-fixtures.rules
passes all its tests (each planted file gives exactly its finding, each twin none), every
planted file gives a finding, every twin none, and every fixture is tested."""

import re
from pathlib import Path

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.dsl.testing import FoundFinding, run_tests

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "fulltilt-fixtures.rules"
FIXTURES = ROOT / "hand_histories" / "fixtures"
# Hand histories and summaries (.txt) and tournament event logs (.jsonl).
PLANTED = sorted(p for p in FIXTURES.glob("*.planted.*"))
TWINS = sorted(p for p in FIXTURES.glob("*.twin.*"))


def _findings(path: Path, ruleset: Ruleset) -> list[FoundFinding]:
    """The same audit `feltcheck rules test` runs on a test's input."""
    result = audit([path], ruleset_id(ruleset, RULES), ruleset)
    return [FoundFinding(f.rule, f.location.hand, f.location.action) for f in result.findings]


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULES)


def test_every_test_block_passes(ruleset: Ruleset) -> None:
    report = run_tests(ruleset, _findings)
    failed = [(o.name, o.error, o.missing, o.unexpected) for o in report.outcomes if not o.passed]
    assert failed == []
    assert len(report.outcomes) == len(PLANTED) + len(TWINS)


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
    assert named == {p.name for p in PLANTED + TWINS}
