"""The planted-violation fixtures of hand_histories/fixtures-tda2024/: rules/tda2024-fixtures.rules
passes all its test blocks (each planted file gives exactly its findings under the 2024 TDA
rules, each twin none), every fixture is named by a block, and the twins that are clean only
because of a TDA override are violations under the Full Tilt rules they replace."""

import re
from pathlib import Path

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.dsl.testing import FoundFinding, run_tests
from tests.conftest import REPO

RULES = REPO / "rules" / "tda2024-fixtures.rules"
FULLTILT = REPO / "rules" / "fulltilt.rules"
FIXTURES = REPO / "hand_histories" / "fixtures-tda2024"


def _findings(path: Path, ruleset: Ruleset, rules: Path) -> list[FoundFinding]:
    result = audit([path], ruleset_id(ruleset, rules), ruleset)
    assert result.hands >= 1 and not result.rejected
    return [FoundFinding(f.rule, f.location.hand, f.location.action) for f in result.findings]


def test_the_tda2024_fixture_blocks_pass() -> None:
    loaded = load_ruleset(RULES)
    report = run_tests(loaded, lambda path, ruleset: _findings(path, ruleset, RULES))
    assert [(o.name, o.error, o.missing, o.unexpected)
            for o in report.outcomes if not o.passed] == []
    named = set(re.findall(r'input "\.\./hand_histories/fixtures-tda2024/([^"]+)"',
                           RULES.read_text(encoding="utf-8")))
    files = {p.name for p in FIXTURES.iterdir() if ".planted." in p.name or ".twin." in p.name}
    # Six rules declared or overridden by tda2024.rules, a planted file and a twin each.
    assert named == files and len(report.outcomes) == len(files) == 12


@pytest.mark.parametrize(("twin", "rule"), [
    ("short-all-ins-reopen.twin.txt", "betting.short-all-in-does-not-reopen"),
    ("limit-half-bet-all-in.twin.txt", "limit.short-all-in-does-not-reopen"),
    ("log-limit-cap-heads-up.twin.jsonl", "limit.bet-cap"),
    ("log-hand-for-hand-ranked.planted.jsonl", None),
])
def test_full_tilt_judges_what_tda_overrides_otherwise(twin: str, rule: str | None) -> None:
    """Clean under TDA, broken under Full Tilt (and the TDA-planted ranking clean there): the
    fixtures exercise the overrides, not rules both sets share."""
    loaded = load_ruleset(FULLTILT)
    found = {f.rule for f in _findings(FIXTURES / twin, loaded, FULLTILT)}
    assert found == ({rule} if rule else set())
