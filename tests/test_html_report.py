"""The HTML audit report of the fixtures folder, opened in a real headless Chromium: its
summary is the JSON report's, every planted fixture's rule stands under its clause, the chart
has one bar per clause with findings, the explain links lead to pages that exist, the filter
box works, and the page is drawn (not blank)."""

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.cli import main
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.report.html_hands import HandKey, HandRequest
from checker.report.html_report import write_html_report
from tests.browser import distinct_colours, dump_dom, screenshot
from tests.conftest import REPO
from tests.html_dom import Element, parse

FIXTURES = REPO / "hand_histories" / "fixtures"
RULES = REPO / "rules" / "fulltilt.rules"
FIXTURE_TESTS = REPO / "rules" / "fulltilt-fixtures.rules"
REPORT_NAME = "audit report.html"  # a space: the links to the hand pages must be quoted
HANDS_FOLDER = "audit report-hands"
# Judged over every tournament log of the run together, located at the first log's first line.
ACROSS_FILES = {"seating.random-draw"}


def explain_pages(requests: Sequence[HandRequest]) -> Iterator[tuple[HandKey, str]]:
    """A stand-in for the explain view: a page naming the hand and the rule; none for the
    hands of tournament logs."""
    for request in requests:
        if not request.key.file.endswith(".jsonl"):
            yield request.key, (f"<!DOCTYPE html><title>hand {request.key.hand}</title>"
                                f"<p>hand {request.key.hand} rule {request.rule}</p>")


@dataclass
class Built:
    report: Path
    doc: dict[str, Any]
    rules: Ruleset
    dom: Element


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    folder = tmp_path_factory.mktemp("html-report")
    json_path = folder / "report.json"
    main(["audit", str(FIXTURES), "--rules", str(RULES), "--format", "json",
          "--output", str(json_path)])
    rules = load_ruleset(RULES)
    result = audit([FIXTURES], ruleset_id(rules, RULES), rules)
    report = folder / REPORT_NAME
    write_html_report(result, rules, report, explain_pages)
    doc = json.loads(json_path.read_text(encoding="utf-8"))
    return Built(report, doc, rules, parse(dump_dom(report)))


def test_the_summary_numbers_are_the_json_reports(built: Built) -> None:
    summary = built.doc["summary"]
    expected = {key: value for key, value in summary.items() if key not in ("findings", "plays")}
    expected |= {f"findings.{severity}": n for severity, n in summary["findings"].items()}
    expected |= {f"plays.{play}": n for play, n in summary["plays"].items()}
    expected["hands_audited"] = summary["hands"] - summary["hands_rejected"]
    shown = {e.attrs["data-summary"]: e for e in built.dom.walk() if "data-summary" in e.attrs}
    assert set(shown) == set(expected)
    for key, element in shown.items():
        assert int(element.attrs["data-value"]) == expected[key], key
        assert int(element.text.replace(",", "")) == expected[key], key
    assert summary["hands"] > 0 and summary["events"] > 0 and summary["findings"]["error"] > 0


def _planted_rules() -> list[tuple[str, str]]:
    """(planted fixture's file name, a rule it must raise), from the fixtures' test blocks."""
    return [(Path(test.input).name, expect.rule_id)
            for test, _ in load_ruleset(FIXTURE_TESTS).tests if ".planted." in test.input
            for expect in test.expects if expect.rule_id is not None]


def test_every_planted_fixtures_rule_is_listed_under_its_clauses(built: Built) -> None:
    planted = _planted_rules()
    assert {name for name, _ in planted} == {p.name for p in FIXTURES.glob("*.planted.*")}
    for name, rule in planted:
        loaded = built.rules.rules[rule]
        for cite in loaded.rule.cites:
            section = built.dom.find("section", "clause", data_clause=cite.clause)
            quoted = section.find("blockquote", "clause-text")
            assert quoted.text == built.rules.clauses[cite.clause].text
            block = section.find("div", "rule", data_rule=rule)
            assert block.find(cls="rule-title").text == loaded.rule.title
            shown = sorted(row.find("code", "file").text for row in block.find_all("tr", "finding"))
            assert shown == sorted(f"{f['location']['file']}:{f['location']['line']}"
                                   for f in built.doc["findings"] if f["rule"] == rule)
            if rule not in ACROSS_FILES:
                assert any(f"/{name}:" in file for file in shown), (name, rule, cite.clause)


def _clause_counts(findings: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    counts: dict[str, Counter[str]] = {}
    for finding in findings:
        for clause in set(finding["clauses"]):
            counts.setdefault(clause, Counter())[finding["severity"]] += 1
    return counts


def test_the_chart_has_one_bar_per_clause_with_findings(built: Built) -> None:
    expected = _clause_counts(built.doc["findings"])
    bars = built.dom.find("svg", "chart").find_all("g", "bar")
    assert sorted(bar.attrs["data-clause"] for bar in bars) == sorted(expected)
    ends = []
    for bar in bars:
        segments = bar.find_all("rect", "segment")
        drawn = {s.attrs["data-severity"]: int(s.attrs["data-count"]) for s in segments}
        assert drawn == dict(expected[bar.attrs["data-clause"]])
        last = segments[-1].attrs
        ends.append((sum(drawn.values()), int(last["x"]) + int(last["width"])))
    # A longer bar is a larger count.
    for total, end in ends:
        assert all(end >= other_end for other_total, other_end in ends if other_total < total)


def test_explain_links_lead_to_each_hands_page(built: Built) -> None:
    rules_of_hand: dict[str, set[str]] = {}
    for finding in built.doc["findings"]:
        if finding["location"]["hand"] is not None:
            rules_of_hand.setdefault(finding["location"]["hand"], set()).add(finding["rule"])
    linked = 0
    for row in built.dom.find_all("tr", "finding"):
        file = row.find("code", "file").text
        links = row.find_all("a", "explain")
        hand = row.attrs.get("data-hand")
        if hand is None or ".jsonl:" in file:
            assert links == []
            continue
        href = links[0].attrs["href"]
        page = (built.report.parent / unquote(href)).resolve()
        assert page.parent == (built.report.parent / HANDS_FOLDER).resolve()
        text = page.read_text(encoding="utf-8")
        named_rule = text.rsplit(" rule ", 1)[1].removesuffix("</p>")
        assert f"hand {hand} " in text and named_rule in rules_of_hand[hand]
        linked += 1
    assert linked >= len(list(FIXTURES.glob("*.planted.txt")))
    odd_chip = built.dom.find("tr", "finding", data_hand="911000001")
    page = built.report.parent / unquote(odd_chip.find("a", "explain").attrs["href"])
    assert page.read_text(encoding="utf-8").endswith("rule pots.odd-chip-left-of-button</p>")


def test_the_filter_box_hides_the_findings_that_do_not_match(built: Built,
                                                             tmp_path: Path) -> None:
    filtered = tmp_path / "filtered.html"
    page = built.report.read_text(encoding="utf-8")
    filtered.write_text(page.replace('id="filter"', 'id="filter" value="odd-chip"', 1),
                        encoding="utf-8")
    dom = parse(dump_dom(filtered))
    rows = dom.find_all("tr", "finding")
    visible = [row for row in rows if "hidden" not in row.attrs]
    # The odd-chip fixtures: pots.hilo-split-odd-chip's, then pots.odd-chip-left-of-button's
    # (in chips, and in a cash game's 50-cent units).
    assert [row.attrs["data-hand"] for row in visible] == ["913000001", "911000001",
                                                           "914000001"]
    shown_clauses = [s.attrs["data-clause"] for s in dom.find_all("section", "clause")
                     if "hidden" not in s.attrs]
    assert shown_clauses == ["22"]
    assert dom.find(id="shown").text == f"3 of {len(rows)} rows shown"


def test_the_report_is_drawn(built: Built, tmp_path: Path) -> None:
    image = screenshot(built.report, tmp_path / "report.png")
    assert distinct_colours(image) > 8
