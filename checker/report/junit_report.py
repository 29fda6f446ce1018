"""JUnit XML for CI dashboards: one test case per rule of the rule set.

One `<testsuite name="feltcheck">` (inside `<testsuites>`, as most CI servers expect): each rule
is a test case (classname = the rule's section, the part of its id before the first dot;
name = the rule's id). A rule fails when it has a finding that fails the run (the exit code's
findings: at or above --fail-on, new to the baseline if one is given); its `<failure>` lists
those findings, one line with the place and one with the message each. The rule's other
findings (below --fail-on, or already in the baseline) are listed in its `<system-out>`, so
the dashboard carries every finding and fails exactly when the exit code does.
"""

import xml.etree.ElementTree as ET

from checker.model.findings import Finding
from checker.report.context import ReportInput, finding_place

SUITE_NAME = "feltcheck"


def render_junit(report: ReportInput) -> str:
    by_rule: dict[str, list[Finding]] = {rule_id: [] for rule_id in report.rules.rules}
    for finding in report.sorted_findings():
        by_rule.setdefault(finding.rule, []).append(finding)
    cases = [_testcase(report, rule_id, by_rule[rule_id]) for rule_id in sorted(by_rule)]
    failures = sum(case.find("failure") is not None for case in cases)
    counts = {"tests": str(len(cases)), "failures": str(failures), "errors": "0",
              "skipped": "0"}
    root = ET.Element("testsuites", {"name": SUITE_NAME, **counts})
    suite = ET.SubElement(root, "testsuite", {"name": SUITE_NAME, **counts})
    properties = ET.SubElement(suite, "properties")
    ruleset = report.result.ruleset
    for name, value in (("ruleset", ruleset.name), ("ruleset.sha256", ruleset.sha256),
                        ("fail-on", report.fail_on)):
        ET.SubElement(properties, "property", {"name": name, "value": value})
    # How many hands of each kind of play the rules judged (`applies to` selects by kind).
    for play, count in report.result.plays.items():
        ET.SubElement(properties, "property", {"name": f"hands.{play}", "value": str(count)})
    suite.extend(cases)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def rule_section(rule_id: str) -> str:
    """The rule's section (`betting` of `betting.min-raise`), or "feltcheck" for a bare id."""
    section, dot, _ = rule_id.partition(".")
    return section if dot and section else SUITE_NAME


def _testcase(report: ReportInput, rule_id: str, findings: list[Finding]) -> ET.Element:
    case = ET.Element("testcase", {"classname": rule_section(rule_id), "name": rule_id})
    failing = [f for f in findings if report.counts_against(f)]
    others = [f for f in findings if not report.counts_against(f)]
    if failing:
        loaded = report.rules.rules.get(rule_id)
        title = loaded.rule.title if loaded is not None and loaded.rule.title else rule_id
        failure = ET.SubElement(case, "failure", {
            "message": f"{len(failing)} finding(s): {title}",
            "type": failing[0].severity,
        })
        failure.text = _listing(report, failing)
    if others:
        ET.SubElement(case, "system-out").text = _listing(report, others)
    return case


def _listing(report: ReportInput, findings: list[Finding]) -> str:
    lines: list[str] = []
    for finding in findings:
        state = f" [{report.baseline.state(finding)}]" if report.baseline is not None else ""
        lines.append(f"{finding_place(finding)}: {finding.severity} (clause "
                     f"{', '.join(finding.clauses)}){state}")
        lines.append(f"    {finding.message}")
    return "\n".join(lines) + "\n"
