"""The terminal report (rich): what was read, the findings by severity and by clause, then
every finding under the clauses it cites, with its place, and the records that were rejected.

Deterministic when it does not go to a terminal: no colour codes and a fixed width, so a file
or a CI log holds the same bytes for the same input. Location lines never wrap (they are for
grep and for copying a file:line).
"""

import io
from collections.abc import Iterable
from typing import Any

from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from checker.dsl.ruleset import Ruleset
from checker.model.findings import SEVERITIES, Finding
from checker.report.context import ReportInput, clause_order, evidence_hands, finding_place
from checker.report.json_report import report_document

# Width of the report when it does not go to a terminal (files, pipes, CI logs).
FILE_WIDTH = 100
# Evidence hands listed under a clause-28 finding (the strongest first).
EVIDENCE_LINES = 5

_SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
_COUNT_COLUMNS = ("files", "hands", "rejected", "summaries", "rejected", "events", "rejected")
_COUNT_KEYS = ("files", "hands", "hands_rejected", "summaries", "summaries_rejected", "events",
               "events_rejected")


def render_text(report: ReportInput) -> str:
    out = io.StringIO()
    console = report_console(out, report.terminal)
    doc = report_document(report.result, report.baseline, streamed=True)  # findings unread
    _header(console, doc, report.rules)
    _inputs_table(console, doc)
    _totals(console, doc)
    findings = report.sorted_findings()
    if findings:
        _clause_table(console, findings)
        _findings_by_clause(console, report, findings)
    if report.baseline is not None and report.baseline.absent:
        _absent(console, report.baseline.absent)
    _located_section(console, "Rejected records", doc["rejected"], "reason")
    _located_section(console, "Read with warnings", doc["warnings"], "text")
    if doc["unrecognized_files"]:
        console.print()
        console.print(Text("Files not read (format not recognised):", style="bold"))
        for item in doc["unrecognized_files"]:
            console.print(Text(f"  {item['file']}: {item['reason']}"), soft_wrap=True)
    if report.terminal:
        return out.getvalue()
    # Tables pad their rows to the table's width: a file holds no trailing blanks.
    return "".join(line.rstrip() + "\n" for line in out.getvalue().splitlines())


def report_console(out: io.StringIO, terminal: bool) -> Console:
    """A console for a report: the terminal's own, or plain text of FILE_WIDTH columns."""
    if terminal:
        # The terminal's own width and colours (rich reads them from the standard streams).
        return Console(file=out, force_terminal=True, highlight=False, emoji=False,
                       markup=False)
    return Console(file=out, width=FILE_WIDTH, height=25, force_terminal=False,
                   force_interactive=False, color_system=None, no_color=True,
                   legacy_windows=False, highlight=False, emoji=False, markup=False)


def _header(console: Console, doc: dict[str, Any], rules: Ruleset) -> None:
    ruleset = doc["ruleset"]
    line = Text(f"feltcheck {doc['tool']['version']} — rules: {ruleset['name']}", style="bold")
    line.append(f" ({rules.title}; sha256 {ruleset['sha256'][:12]})", style="dim")
    console.print(line, soft_wrap=True)
    console.print()


def _inputs_table(console: Console, doc: dict[str, Any]) -> None:
    table = Table(box=box.SIMPLE_HEAD, show_footer=True, title="Inputs", title_justify="left",
                  show_edge=False, pad_edge=False)
    summary = doc["summary"]
    recognized = summary["files"] - summary["files_unrecognized"]
    totals = [recognized, *(summary[key] for key in _COUNT_KEYS[1:])]
    table.add_column("format", footer="total")
    for name, total in zip(_COUNT_COLUMNS, totals, strict=True):
        table.add_column(name, footer=str(total), justify="right")
    for name, tally in doc["formats"].items():
        table.add_row(name, *(str(tally[key]) for key in _COUNT_KEYS))
    console.print(table)
    console.print()


def _totals(console: Console, doc: dict[str, Any]) -> None:
    summary = doc["summary"]
    audited = summary["hands"] - summary["hands_rejected"]
    accepted = summary["events"] - summary["events_rejected"]
    counts = summary["findings"]
    console.print(
        f"hands read {summary['hands']} = audited {audited} + rejected "
        f"{summary['hands_rejected']}; tournaments seen {summary['tournaments']}", soft_wrap=True)
    console.print(
        f"tournament-log events read {summary['events']} = accepted {accepted} + rejected "
        f"{summary['events_rejected']}", soft_wrap=True)
    plays = summary["plays"]
    console.print("hands judged by kind of play: " + ", ".join(
        f"{kind.replace('_', '-')} {plays[kind]}" for kind in plays), soft_wrap=True)
    line = Text("findings: ")
    line.append_text(Text(", ").join(
        Text(f"{counts[s]} {s}", style=_SEVERITY_STYLE[s] if counts[s] else "")
        for s in SEVERITIES))
    console.print(line, soft_wrap=True)
    baseline = doc.get("baseline")
    if baseline is not None:
        console.print(
            f"baseline {baseline['file']}: {baseline['new']} new, {baseline['unchanged']} "
            f"unchanged, {baseline['absent']} absent (in the baseline, gone now)", soft_wrap=True)


def _clause_table(console: Console, findings: list[Finding]) -> None:
    counts: dict[str, dict[str, int]] = {}
    for finding in findings:
        for clause in finding.clauses:
            row = counts.setdefault(clause, dict.fromkeys(SEVERITIES, 0))
            row[finding.severity] += 1
    table = Table(box=box.SIMPLE_HEAD, title="Findings by clause", title_justify="left",
                  show_edge=False, pad_edge=False)
    table.add_column("clause", justify="right")
    for severity in SEVERITIES:
        table.add_column(severity, justify="right")
    for clause in sorted(counts, key=clause_order):
        table.add_row(clause, *(str(counts[clause][s]) for s in SEVERITIES))
    console.print()
    console.print(table)
    console.print("(a finding citing several clauses counts under each)", soft_wrap=True)


def _findings_by_clause(console: Console, report: ReportInput, findings: list[Finding]) -> None:
    """Findings under the clauses their rule cites, in the order of the rules' source."""
    groups: dict[tuple[str, ...], list[Finding]] = {}
    for finding in findings:
        groups.setdefault(tuple(finding.clauses), []).append(finding)
    console.print()
    console.print(Text("Findings", style="bold"))
    for clauses in sorted(groups, key=lambda group: [clause_order(c) for c in group]):
        console.print()
        label = "Clause" if len(clauses) == 1 else "Clauses"
        console.print(Text(f"{label} {', '.join(clauses)}", style="bold underline"))
        for clause in clauses:
            known = report.rules.clauses.get(clause)
            if known is not None:
                text = Text(f"{clause}. {known.text}", style="italic")
                console.print(Padding(text, (0, 0, 0, 2)))
        for finding in groups[clauses]:
            _finding_lines(console, report, finding)


def _finding_lines(console: Console, report: ReportInput, finding: Finding) -> None:
    line = Text(f"  {finding_place(finding)}: ")
    line.append(finding.severity, style=_SEVERITY_STYLE[finding.severity])
    line.append(f" {finding.rule} (clause {', '.join(finding.clauses)})")
    if report.baseline is not None:
        state = report.baseline.state(finding)
        line.append(f" [{state}]", style="bold" if state == "new" else "dim")
    console.print(line, soft_wrap=True)
    console.print(Text(f"      {finding.message}"), soft_wrap=True)
    refs = evidence_hands(finding)
    for ref in refs[:EVIDENCE_LINES]:
        console.print(Text(f"      evidence {ref.place}: {ref.signal}, {ref.actor} → "
                           f"{ref.partner}"), soft_wrap=True)
    if len(refs) > EVIDENCE_LINES:
        console.print(Text(f"      and {len(refs) - EVIDENCE_LINES} more evidence hands "
                           "(`feltcheck collusion` lists every pair's)"), soft_wrap=True)


def _absent(console: Console, gone: Iterable[dict[str, Any]]) -> None:
    """The baseline's findings this run no longer gives, as the baseline report wrote them."""
    console.print()
    console.print(Text("In the baseline, not found now:", style="bold"))
    for finding in gone:
        where = finding["location"]
        hand = f" hand {where['hand']}" if where.get("hand") else ""
        console.print(Text(f"  {where['file']}:{where['line']}{hand}: {finding['severity']} "
                           f"{finding['rule']} [absent]"), soft_wrap=True)


def _located_section(
    console: Console, title: str, items: Iterable[dict[str, Any]], key: str
) -> None:
    listed = list(items)
    if not listed:
        return
    console.print()
    console.print(Text(f"{title}:", style="bold"))
    for item in listed:
        hand = f" hand {item['hand']}" if item["hand"] else ""
        console.print(Text(f"  {item['file']}:{item['line']}{hand}: {item[key]}"),
                      soft_wrap=True)
