"""The HTML audit report for the integrity team: one self-contained page (inline CSS, SVG and
script; nothing fetched) with the summary, the per-clause chart, the findings grouped by
clause with a link to each hand's explain view, and the rejections and warnings.

It renders the audit's own result and the JSON report's summary (never re-judging), so its
numbers are the JSON report's. Everything is sorted and every input string escaped: the same
input and rules give the same bytes.
"""

from pathlib import Path
from typing import Any

from checker import __version__
from checker.audit.run import AuditResult
from checker.dsl.ruleset import Ruleset
from checker.model.findings import SEVERITIES
from checker.report.html_chart import clause_chart
from checker.report.html_findings import (
    ClauseGroups,
    clause_bars,
    findings_section,
    group_by_clause,
    hand_requests,
    shown_findings,
)
from checker.report.html_hands import (
    ExplainPages,
    HandLinks,
    hands_folder,
    write_hand_pages,
)
from checker.report.html_markup import esc, number, plural, rows
from checker.report.html_style import SCRIPT, STYLE
from checker.report.json_report import report_document
from checker.report.output import staged

# Page limits for large runs: the rest is counted on the page and is in the JSON report.
FINDINGS_PER_RULE = 100
HAND_PAGES = 200
PROBLEM_ROWS = 200

_FORMAT_COLUMNS = ("files", "hands", "hands_rejected", "summaries", "summaries_rejected",
                   "events", "events_rejected")


def write_html_report(result: AuditResult, rules: Ruleset, output: Path,
                      explain_pages: ExplainPages | None = None, *,
                      findings_per_rule: int = FINDINGS_PER_RULE, hand_pages: int = HAND_PAGES,
                      problem_rows: int = PROBLEM_ROWS) -> list[Path]:
    """Write the report to `output` and the explain page of each linked hand (at most
    `hand_pages`: each shown finding's hand, or a clause-28 finding's evidence hands) to
    `<output stem>-hands/`, replacing an earlier report's page and folder whole (output.py);
    the files written, the report first."""
    groups = group_by_clause(result.findings)
    folder = hands_folder(output)
    with staged(output, folder) as page_path:
        links = write_hand_pages(hand_requests(shown_findings(groups, findings_per_rule)),
                                 page_path, result.ruleset.path, explain_pages, hand_pages)
        page = render_html_report(result, rules, groups, links, findings_per_rule,
                                  problem_rows, hand_pages)
        page_path.write_text(page, encoding="utf-8", newline="\n")
    return [output, *(folder / path.name for path in links.written)]


def render_html_report(result: AuditResult, rules: Ruleset, groups: ClauseGroups,
                       links: HandLinks, findings_per_rule: int, problem_rows: int,
                       hand_pages: int) -> str:
    doc = report_document(result, streamed=True)  # its findings come from `result`
    return "".join((
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>feltcheck audit report — {esc(rules.title or rules.name)}</title>",
        f"<style>{STYLE}</style></head><body>",
        _header(doc, rules),
        "<main>",
        _summary(doc["summary"], doc["formats"]),
        _panel("chart", "Findings per clause",
               "One bar per clause with findings, stacked by severity; a finding whose rule "
               "cites several clauses counts under each. A bar leads to its clause.",
               f'<div class="chart-wrap">{clause_chart(clause_bars(groups))}</div>'),
        _panel("findings", "Findings by clause",
               _findings_lead(groups, links, findings_per_rule, hand_pages),
               _toolbar(groups, findings_per_rule)
               + findings_section(groups, rules, links, findings_per_rule)),
        _panel("problems", "Rejections and warnings",
               "Records that could not be read, and records read with a warning, "
               "located by file and line.", _problems(doc, problem_rows)),
        "</main>",
        f"<footer>feltcheck {esc(__version__)} · rendered from the same findings as the JSON "
        "report · the same input and rules give the same page</footer>",
        f"<script>{SCRIPT}</script></body></html>\n",
    ))


def _header(doc: dict[str, Any], rules: Ruleset) -> str:
    ruleset = doc["ruleset"]
    return ('<header class="top"><div class="inner">'
            f'<div class="kicker">feltcheck {esc(doc["tool"]["version"])} · audit report</div>'
            f"<h1>{esc(rules.title or rules.name)}</h1>"
            f'<div class="meta">rule set <code>{esc(ruleset["name"])}</code> · sha256 '
            f'<code title="{esc(ruleset["sha256"])}">{esc(ruleset["sha256"][:16])}…</code></div>'
            '<nav><a href="#summary">Summary</a><a href="#chart">Chart</a>'
            '<a href="#findings">Findings</a><a href="#problems">Rejections and warnings</a>'
            "</nav></div></header>")


def _panel(anchor: str, title: str, lead: str, body: str) -> str:
    return (f'<section class="panel" id="{anchor}"><h2>{title}</h2><p class="lead">{lead}</p>'
            f"{body}</section>")


def _value(key: str, count: int) -> str:
    """A summary number, its exact value kept for machines beside the one written for people."""
    return f'<span data-summary="{key}" data-value="{count}">{number(count)}</span>'


def _card(label: str, key: str, count: int, note: str = "", kind: str = "") -> str:
    classes = " ".join(c for c in ("card", kind, "zero" if kind and not count else "") if c)
    note_html = f'<span class="note">{note}</span>' if note else ""
    return (f'<div class="{classes}"><span class="label">{label}</span>'
            f'<span class="value">{_value(key, count)}</span>{note_html}</div>')


def _summary(summary: dict[str, Any], formats: dict[str, dict[str, int]]) -> str:
    audited = summary["hands"] - summary["hands_rejected"]
    cards = [
        _card("Files", "files", summary["files"],
              f'{_value("files_unrecognized", summary["files_unrecognized"])} not recognised'),
        _card("Hands read", "hands", summary["hands"], "audited + rejected"),
        _card("Hands audited", "hands_audited", audited),
        _card("Hands rejected", "hands_rejected", summary["hands_rejected"]),
        _card("Summaries", "summaries", summary["summaries"],
              f'{_value("summaries_rejected", summary["summaries_rejected"])} rejected'),
        _card("Log events", "events", summary["events"],
              f'{_value("events_rejected", summary["events_rejected"])} rejected'),
        _card("Tournaments", "tournaments", summary["tournaments"]),
        *(_card(f"{kind.replace('_', '-').capitalize()} hands", f"plays.{kind}", count,
                "judged by the rules that apply to them")
          for kind, count in summary["plays"].items()),
        _card("Read warnings", "warnings", summary["warnings"]),
        *(_card(f"{s} findings", f"findings.{s}", summary["findings"][s], kind=s)
          for s in SEVERITIES),
    ]
    total = sum(summary["findings"].values())
    lead = (f"{plural(summary['hands'], 'hand')} read, {number(audited)} audited; "
            f"{plural(total, 'finding')}.")
    return _panel("summary", "Summary", lead,
                  f'<div class="cards">{"".join(cards)}</div>' + _formats(summary, formats))


def _formats(summary: dict[str, Any], formats: dict[str, dict[str, int]]) -> str:
    head = "".join(f'<th class="num">{name}</th>' for name in (
        "files", "hands", "rejected", "summaries", "rejected", "events", "rejected"))
    body = "".join(
        f"<tr><td><code>{esc(name)}</code></td>"
        + "".join(f'<td class="num">{number(tally[c])}</td>' for c in _FORMAT_COLUMNS) + "</tr>"
        for name, tally in formats.items())
    recognized = summary["files"] - summary["files_unrecognized"]
    totals = [recognized, *(summary[c] for c in _FORMAT_COLUMNS[1:])]
    total = ('<tr class="total"><td>all formats</td>'
             + "".join(f'<td class="num">{number(t)}</td>' for t in totals) + "</tr>")
    return (f'<h3 class="sub">By input format</h3><table class="formats"><thead><tr>'
            f"<th>format</th>{head}</tr></thead><tbody>{body}{total}</tbody></table>")


def _findings_lead(groups: ClauseGroups, links: HandLinks, cap: int, hand_pages: int) -> str:
    rule_ids = {rule for _, rule_groups in groups for rule, _ in rule_groups}
    lead = (f"{plural(len(rule_ids), 'rule')} with findings under "
            f"{plural(len(groups), 'clause')}. Each rule lists at most {number(cap)} findings "
            "under a clause; the JSON report holds them all.")
    if not links.linking:
        return lead + (" Each finding of a hand shows the <code>feltcheck explain</code> "
                       "command that replays it step by step.")
    lead += (f" Explain pages written for {plural(len(links.pages), 'hand')} in "
             f"<code>{esc(links.folder)}/</code>")
    if links.beyond_cap:
        lead += (f" (at most {number(hand_pages)}); the other "
                 f"{plural(len(links.beyond_cap), 'hand')} show the command to run instead")
    return lead + "."


def _toolbar(groups: ClauseGroups, cap: int) -> str:
    if not groups:
        return ""
    total_rows = sum(min(len(f), cap) for _, rule_groups in groups for _, f in rule_groups)
    checks = "".join(f'<label><input type="checkbox" name="severity" value="{s}" checked>'
                     f'<span class="badge {s}">{s}</span></label>' for s in SEVERITIES)
    return ('<div class="toolbar"><input type="search" id="filter" '
            'placeholder="Filter by rule, clause, message, file, tournament, table or hand" '
            f'aria-label="Filter findings">{checks}'
            f'<span class="shown" id="shown" data-rows="{total_rows}">'
            f"{plural(total_rows, 'row')}</span></div>")


def _problems(doc: dict[str, Any], cap: int) -> str:
    return (_problem_table("Rejected records", ("where", "hand", "record", "format", "reason"),
                           [[_file_line(r), esc(r["hand"] or "—"), esc(r["record"]),
                             esc(r["format"] or "—"), esc(r["reason"])] for r in doc["rejected"]],
                           cap)
            + _problem_table("Read with warnings", ("where", "hand", "warning"),
                             [[_file_line(w), esc(w["hand"] or "—"), esc(w["text"])]
                              for w in doc["warnings"]], cap)
            + _problem_table("Files not read", ("file", "reason"),
                             [[f'<code>{esc(u["file"])}</code>', esc(u["reason"])]
                              for u in doc["unrecognized_files"]], cap))


def _file_line(item: dict[str, Any]) -> str:
    return f'<code>{esc(item["file"])}:{item["line"]}</code>'


def _problem_table(title: str, columns: tuple[str, ...], cells: list[list[str]],
                   cap: int) -> str:
    heading = f'<h3 class="sub">{title} ({number(len(cells))})</h3>'
    if not cells:
        return heading + '<p class="empty">None.</p>'
    more = ""
    if len(cells) > cap:
        more = (f'<p class="more">Showing {number(cap)} of {number(len(cells))}: the other '
                f"{number(len(cells) - cap)} are in the JSON report.</p>")
    head = "".join(f"<th>{c}</th>" for c in columns)
    return (f'{heading}<table class="problems"><thead><tr>{head}</tr></thead>'
            f"<tbody>{rows(cells[:cap])}</tbody></table>{more}")
