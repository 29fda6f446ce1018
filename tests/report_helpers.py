"""What the report tests share: the rules, the fixtures and what each should give, read from
the rules files' own text (not from the loader the reports use), and one audit per input."""

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditResult, audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.report.context import ReportInput
from tests.conftest import REPO, SHARED

RULES = REPO / "rules" / "fulltilt.rules"
FIXTURE_RULES = REPO / "rules" / "fulltilt-fixtures.rules"
FIXTURES = REPO / "hand_histories" / "fixtures"
REPORT_SCHEMA = json.loads((REPO / "checker" / "schemas" / "report.schema.json").read_text())
SARIF_SCHEMA = json.loads((SHARED / "schemas" / "sarif-schema-2.1.0.json").read_text())
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


@dataclass(frozen=True)
class Expected:
    rule: str
    hand: str | None
    action: int | None


@dataclass(frozen=True)
class RuleText:
    title: str
    severity: str
    clauses: tuple[str, ...]


@cache
def rules() -> Ruleset:
    return load_ruleset(RULES)


def audit_paths(*paths: Path) -> AuditResult:
    return audit(list(paths), ruleset_id(rules(), RULES), rules())


def report_input(result: AuditResult, fail_on: str = "error") -> ReportInput:
    return ReportInput(result, rules(), fail_on)


@cache
def fixture_expectations() -> dict[str, tuple[Expected, ...]]:
    """Fixture file name → the findings rules/fulltilt-fixtures.rules says it gives."""
    expected: dict[str, list[Expected]] = {}
    current: list[Expected] | None = None
    for line in FIXTURE_RULES.read_text(encoding="utf-8").splitlines():
        test = re.match(r'test ".*" input "\.\./hand_histories/fixtures/([^"]+)"', line)
        if test:
            current = expected.setdefault(test.group(1), [])
            continue
        found = re.match(r'\s+expect (\S+)(?: hand "([^"]+)")?(?: action (\d+))?\s*$', line)
        if found and current is not None and found.group(1) != "none":
            action = int(found.group(3)) if found.group(3) else None
            current.append(Expected(found.group(1), found.group(2), action))
    return {name: tuple(items) for name, items in expected.items()}


@cache
def rule_texts() -> dict[str, RuleText]:
    """Each rule's title, severity and cited clauses, read from the rules file's text."""
    texts: dict[str, RuleText] = {}
    for block in re.split(r"\n(?=rule )", RULES.read_text(encoding="utf-8")):
        head = re.match(r"rule (\S+)\n", block)
        if not head:
            continue
        title = re.search(r'^  title "([^"]*)"', block, re.MULTILINE)
        severity = re.search(r"^  severity (\w+)", block, re.MULTILINE)
        cites = re.search(r"^  cites (.+)$", block, re.MULTILINE)
        assert title and severity and cites, head.group(1)
        clauses = tuple(c.strip() for c in cites.group(1).split(","))
        texts[head.group(1)] = RuleText(title.group(1), severity.group(1), clauses)
    return texts


@cache
def clause_texts() -> dict[str, str]:
    text = RULES.read_text(encoding="utf-8")
    return dict(re.findall(r'^clause ([0-9.]+) "(.*)"$', text, re.MULTILINE))


@cache
def _validator(name: str) -> jsonschema.protocols.Validator:
    """A validator of the schema's own draft (SARIF's is draft-04, ours 2020-12)."""
    schema = REPORT_SCHEMA if name == "report" else SARIF_SCHEMA
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


def validate_report(document: dict[str, Any]) -> None:
    _validator("report").validate(document)


def validate_sarif(document: dict[str, Any]) -> None:
    _validator("sarif").validate(document)
