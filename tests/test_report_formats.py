"""Every `audit --format` over the planted-violation fixtures and their clean twins: the
planted file's findings appear in text, JSON, SARIF and JUnit, the twin's none; JSON against
our schema, SARIF against the official SARIF 2.1.0 schema; same input, same bytes."""

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from checker.cli import main
from checker.report.json_report import render_json_report
from checker.report.junit_report import render_junit
from checker.report.sarif_report import render_sarif
from checker.report.text_report import render_text
from tests.report_helpers import (
    FIXTURES,
    RULES,
    SARIF_LEVEL,
    Expected,
    audit_paths,
    clause_texts,
    fixture_expectations,
    report_input,
    rule_texts,
    rules,
    validate_report,
    validate_sarif,
)

FIXTURE_FILES = sorted(p for p in FIXTURES.iterdir() if ".planted." in p.name or ".twin." in p.name)


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_every_format_carries_exactly_the_fixtures_findings(path: Path) -> None:
    expected = fixture_expectations()[path.name]
    assert bool(expected) == (".planted." in path.name)
    # --fail-on info: every finding fails the run, so JUnit lists each in a <failure>.
    report = report_input(audit_paths(path), fail_on="info")
    document = json.loads(render_json_report(report))
    validate_report(document)
    _json_has(document, expected)
    _sarif_has(json.loads(render_sarif(report)), path, expected, len(document["findings"]))
    _junit_has(ET.fromstring(render_junit(report)), path, expected)
    _text_has(render_text(report), path, expected)


def _json_has(document: dict[str, Any], expected: tuple[Expected, ...]) -> None:
    found = [(f["rule"], f["location"]["hand"], f["location"]["action"])
             for f in document["findings"]]
    # An expectation may stand for several findings of its rule (as in `rules test`).
    for want in expected:
        assert any(_matches(want, *one) for one in found), want
    for one in found:
        assert any(_matches(want, *one) for want in expected), one


def _matches(want: Expected, rule: str, hand: str | None, action: int | None) -> bool:
    return (rule == want.rule and (want.hand is None or hand == want.hand)
            and (want.action is None or action == want.action))


def _sarif_has(
    sarif: dict[str, Any], path: Path, expected: tuple[Expected, ...], findings: int
) -> None:
    (run,) = sarif["runs"]
    results = run["results"]
    assert len(results) == findings
    driver_rules = run["tool"]["driver"]["rules"]
    logical = run.get("logicalLocations", [])
    places = []
    for result in results:
        assert driver_rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] == SARIF_LEVEL[rule_texts()[result["ruleId"]].severity]
        (location,) = result["locations"]
        uri = location["physicalLocation"]["artifactLocation"]["uri"]
        assert uri.endswith(f"fixtures/{path.name}")
        # One place in poker terms; a clause-28 finding names its pair (or ring) first, then
        # the place of its strongest evidence hand.
        *pair, place = location["logicalLocations"]
        assert [p["kind"] for p in pair] in ([], ["pair"], ["ring"])
        for named in (*pair, place):
            assert logical[named["index"]]["fullyQualifiedName"] == named["fullyQualifiedName"]
        places.append((result["ruleId"], place["fullyQualifiedName"]))
    for want in expected:
        hand = f"/hand/{want.hand}" if want.hand is not None else ""
        action = f"/action/{want.action}" if want.action is not None else ""
        assert any(rule == want.rule and hand in fqn and fqn.endswith(action)
                   for rule, fqn in places), want


def _junit_has(root: ET.Element, path: Path, expected: tuple[Expected, ...]) -> None:
    failures = root.findall("./testsuite/testcase/failure")
    assert len(failures) == len({want.rule for want in expected})
    assert root.findall("./testsuite/testcase/system-out") == []
    for want in expected:
        case = root.find(f"./testsuite/testcase[@name='{want.rule}']")
        assert case is not None
        failure = case.find("failure")
        assert failure is not None and failure.text is not None
        assert f"{path.name}:" in failure.text
        if want.hand is not None:
            assert f"hand {want.hand}" in failure.text


def _text_has(text: str, path: Path, expected: tuple[Expected, ...]) -> None:
    if not expected:
        assert "findings: 0 error, 0 warning, 0 info" in text
        assert "\nFindings\n" not in text
    for want in expected:
        lines = [line for line in text.splitlines() if f" {want.rule} (clause" in line]
        assert lines, want
        assert any(f"{path.name}:" in line for line in lines)
        if want.hand is not None:
            assert any(f"hand {want.hand}" in line for line in lines)


@pytest.fixture(scope="module")
def folder_sarif() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(render_sarif(report_input(audit_paths(FIXTURES))))
    return document


def test_sarif_of_the_fixtures_is_valid_sarif_2_1_0(folder_sarif: dict[str, Any]) -> None:
    validate_sarif(folder_sarif)
    assert folder_sarif["version"] == "2.1.0"
    results = folder_sarif["runs"][0]["results"]
    planted = {want.rule for e in fixture_expectations().values() for want in e}
    assert {r["ruleId"] for r in results} == planted


def test_sarif_rules_carry_titles_clause_text_and_levels(folder_sarif: dict[str, Any]) -> None:
    driver = folder_sarif["runs"][0]["tool"]["driver"]
    assert driver["name"] == "feltcheck"
    by_id = {rule["id"]: rule for rule in driver["rules"]}
    assert set(by_id) == set(rule_texts())
    for rule_id, written in rule_texts().items():
        shown = by_id[rule_id]
        assert shown["shortDescription"]["text"] == written.title
        assert shown["defaultConfiguration"]["level"] == SARIF_LEVEL[written.severity]
        assert shown["properties"]["clauses"] == list(written.clauses)
        for clause in written.clauses:
            assert clause_texts()[clause] in shown["help"]["text"]
            assert clause_texts()[clause] in shown["fullDescription"]["text"]


def test_sarif_logical_locations_nest_tournament_table_hand_action(
    folder_sarif: dict[str, Any],
) -> None:
    run = folder_sarif["runs"][0]
    nodes = run["logicalLocations"]
    # min-raise.planted.txt: "Game #910100001: ... Sit & Go (910100), Table 1", and the
    # fixture rules say the finding is at action 3.
    fqn = "tournament/910100/table/1/hand/910100001/action/3"
    result = next(r for r in run["results"]
                  if r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == fqn)
    assert result["ruleId"] == "betting.min-raise"
    chain = []
    index: int | None = result["locations"][0]["logicalLocations"][0]["index"]
    while index is not None:
        chain.append((nodes[index]["kind"], nodes[index]["name"]))
        index = nodes[index].get("parentIndex")
    assert chain == [("action", "3"), ("hand", "910100001"), ("table", "1"),
                     ("tournament", "910100")]
    assert len({n["fullyQualifiedName"] for n in nodes}) == len(nodes)


def test_sarif_uri_is_relative_to_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    planted = FIXTURES / "min-raise.planted.txt"
    outside = tmp_path / "copy.txt"
    outside.write_bytes(planted.read_bytes())
    monkeypatch.chdir(FIXTURES.parent)
    sarif = json.loads(render_sarif(report_input(audit_paths(planted.resolve(), outside))))
    uris = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                  for r in sarif["runs"][0]["results"])
    assert uris == sorted(["fixtures/min-raise.planted.txt", outside.as_uri()])


def test_junit_has_one_case_per_rule_and_counts_failures() -> None:
    planted = [FIXTURES / "min-raise.planted.txt", FIXTURES / "log-prize-short.planted.jsonl"]
    root = ET.fromstring(render_junit(report_input(audit_paths(*planted))))
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    assert suite.get("name") == "feltcheck"
    assert suite.get("tests") == str(len(rule_texts())) == str(len(cases))
    assert suite.get("failures") == "2" == str(len(suite.findall("testcase/failure")))
    assert sorted(c.get("name", "") for c in cases) == sorted(rule_texts())
    sections = {c.get("name"): c.get("classname") for c in cases}
    assert sections["betting.min-raise"] == "betting"
    assert sections["prizes.paid-per-structure"] == "prizes"
    failure = suite.find("testcase[@name='prizes.paid-per-structure']/failure")
    assert failure is not None and failure.get("type") == "error"
    assert "bob (place 2) was paid $8.00" in (failure.text or "")


def test_junit_lists_findings_below_fail_on_as_output_not_failures() -> None:
    # The observer's chat is a warning (rules file); with --fail-on error it does not fail.
    planted = FIXTURES / "log-chat-observer.planted.jsonl"
    (want,) = fixture_expectations()[planted.name]
    assert rule_texts()[want.rule].severity == "warning"
    root = ET.fromstring(render_junit(report_input(audit_paths(planted), fail_on="error")))
    assert root.findall("testsuite/testcase/failure") == []
    out = root.find(f"testsuite/testcase[@name='{want.rule}']/system-out")
    assert out is not None and f"{planted.name}:" in (out.text or "")


def test_text_report_without_a_terminal_has_no_colour_and_a_fixed_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    report = report_input(audit_paths(FIXTURES))
    outputs = []
    for columns in ("40", "200"):
        monkeypatch.setenv("COLUMNS", columns)
        monkeypatch.setenv("FORCE_COLOR", "1")
        outputs.append(render_text(report))
    assert outputs[0] == outputs[1]
    text = outputs[0]
    assert "\x1b[" not in text
    assert all(line == line.rstrip() for line in text.splitlines())
    # Only the lines naming a file and the messages run past the width: they never wrap.
    long_lines = [line for line in text.splitlines() if len(line) > 100]
    assert long_lines
    assert all(re.match(r"  \S+/fixtures/\S+:", line) or line.startswith("      ")
               for line in long_lines)


def test_text_report_to_a_terminal_is_coloured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    result = audit_paths(FIXTURES / "min-raise.planted.txt")
    report = report_input(result)
    coloured = render_text(type(report)(result, rules(), terminal=True))
    assert "\x1b[" in coloured
    assert "\x1b[" not in render_text(report)


def test_text_report_groups_findings_under_their_clauses_with_the_clause_text() -> None:
    planted = [FIXTURES / "min-raise.planted.txt", FIXTURES / "ante-sitting-out.planted.txt"]
    text = render_text(report_input(audit_paths(*planted)))
    lines = text.splitlines()
    clause_24 = lines.index("Clause 24")
    clauses_17_27 = lines.index("Clauses 17, 27")
    assert clauses_17_27 < clause_24  # in the order of the source's clauses
    assert "betting.min-raise" in "\n".join(lines[clause_24:])
    assert "betting.min-raise" not in "\n".join(lines[clauses_17_27:clause_24])
    flat = " ".join(line.strip() for line in lines[clause_24:])
    assert clause_texts()["24"] in flat
    # The summary table of findings by clause: one error each under 17, 24 and 27.
    table = lines[lines.index("Findings by clause"):clauses_17_27]
    rows = {cells[0]: cells[1:] for cells in (row.split() for row in table)
            if cells and cells[0].isdigit()}
    assert rows == {"17": ["1", "0", "0"], "24": ["1", "0", "0"], "27": ["1", "0", "0"]}


@pytest.mark.parametrize("fmt", ["json", "sarif", "junit", "text"])
def test_same_input_twice_gives_the_same_bytes(fmt: str, tmp_path: Path) -> None:
    outputs = [tmp_path / f"{run}.{fmt}" for run in ("first", "second")]
    for out in outputs:
        main(["audit", str(FIXTURES), "--rules", str(RULES), "--format", fmt,
              "--output", str(out)])
    assert outputs[0].read_bytes() == outputs[1].read_bytes()
    assert outputs[0].stat().st_size > 1000
