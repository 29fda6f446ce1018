"""The findings of the HTML report, grouped by the clauses their rules cite.

A finding whose rule cites two clauses is listed under each (the chart counts it under each
too). Each rule shows at most `cap` of its findings under a clause; the number of the others is
stated, and the JSON report holds them all."""

import json
from collections.abc import Iterable, Iterator

from checker.dsl.ruleset import Ruleset
from checker.model.findings import SEVERITIES, Finding, finding_order
from checker.report.context import clause_order, evidence_hands
from checker.report.html_hands import HandKey, HandLinks, HandRequest, finding_request
from checker.report.html_markup import esc, number, plural, safe_name

# clause id -> rule id -> its findings, everything in the report's order.
ClauseGroups = list[tuple[str, list[tuple[str, list[Finding]]]]]


def group_by_clause(findings: Iterable[Finding]) -> ClauseGroups:
    groups: dict[str, dict[str, list[Finding]]] = {}
    for finding in sorted(findings, key=finding_order):
        for clause in sorted(set(finding.clauses), key=clause_order):
            groups.setdefault(clause, {}).setdefault(finding.rule, []).append(finding)
    return [(clause, sorted(groups[clause].items()))
            for clause in sorted(groups, key=clause_order)]


def shown_findings(groups: ClauseGroups, cap: int) -> Iterator[Finding]:
    """The findings the page lists, in the page's order."""
    for _, rules in groups:
        for _, findings in rules:
            yield from findings[:cap]


def hand_requests(findings: Iterable[Finding]) -> Iterator[HandRequest]:
    """The hands the findings link, in order: a clause-28 finding's evidence hands (the whole
    hand: no hand rule is the finding's), any other finding's own hand."""
    for finding in findings:
        refs = evidence_hands(finding)
        if refs:
            yield from (HandRequest(HandKey(ref.file, ref.hand)) for ref in refs)
            continue
        request = finding_request(finding)
        if request is not None:
            yield request


def severity_counts(findings: Iterable[Finding]) -> dict[str, int]:
    counts = dict.fromkeys(SEVERITIES, 0)
    for finding in findings:
        counts[finding.severity] += 1
    return counts


def clause_bars(groups: ClauseGroups) -> list[tuple[str, dict[str, int]]]:
    """Per clause, its findings by severity (the chart's bars)."""
    return [(clause, severity_counts(f for _, findings in rules for f in findings))
            for clause, rules in groups]


def severity_badges(counts: dict[str, int]) -> str:
    return "".join(f'<span class="badge {s}">{number(counts[s])} {s}</span>'
                   for s in SEVERITIES if counts.get(s))


def findings_section(groups: ClauseGroups, rules: Ruleset, links: HandLinks, cap: int) -> str:
    if not groups:
        return '<p class="empty">No findings.</p>'
    return "".join(_clause(clause, rule_groups, rules, links, cap)
                   for clause, rule_groups in groups)


def _clause(clause: str, rule_groups: list[tuple[str, list[Finding]]], rules: Ruleset,
            links: HandLinks, cap: int) -> str:
    known = rules.clauses.get(clause)
    text = (f'<blockquote class="clause-text">{esc(known.text)}</blockquote>' if known else
            '<p class="clause-text missing">This clause is not in the loaded rule set.</p>')
    counts = severity_counts(f for _, findings in rule_groups for f in findings)
    body = "".join(_rule(clause, rule, findings, rules, links, cap)
                   for rule, findings in rule_groups)
    return (f'<section class="clause" id="clause-{esc(safe_name(clause))}" '
            f'data-clause="{esc(clause)}">'
            f'<h3><span class="clause-id">Clause {esc(clause)}</span>'
            f'<span class="badges">{severity_badges(counts)}</span></h3>{text}{body}</section>')


def _rule(clause: str, rule: str, findings: list[Finding], rules: Ruleset, links: HandLinks,
          cap: int) -> str:
    loaded = rules.rules.get(rule)
    title = loaded.rule.title if loaded is not None else None
    heading = (f'<span class="rule-title">{esc(title)}</span>' if title else
               '<span class="rule-title missing">(not a rule of the loaded rule set)</span>')
    shown = findings[:cap]
    rows = "".join(_finding_row(finding, links) for finding in shown)
    more = ""
    if len(findings) > len(shown):
        rest = len(findings) - len(shown)
        more = (f'<p class="more">Showing {number(len(shown))} of {number(len(findings))} '
                f"findings of this rule: {plural(rest, 'more is', 'more are')} in the JSON "
                "report (<code>--format json</code>).</p>")
    return (f'<div class="rule" id="rule-{esc(safe_name(clause))}-{esc(safe_name(rule))}" '
            f'data-rule="{esc(rule)}">'
            f'<h4><code class="rule-id">{esc(rule)}</code>{heading}'
            f'<span class="badges">{severity_badges(severity_counts(findings))}</span></h4>'
            '<table class="findings"><thead><tr><th class="col-sev">Severity</th>'
            '<th>Finding</th><th class="col-where">Where</th>'
            '<th class="col-explain">Explain</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>{more}</div>")


def _finding_row(finding: Finding, links: HandLinks) -> str:
    where = finding.location
    search = " ".join(str(part) for part in (
        finding.rule, " ".join(finding.clauses), finding.message, where.file, where.tournament,
        where.table, where.hand, " ".join(where.players or ())) if part is not None).lower()
    hand = f' data-hand="{esc(where.hand)}"' if where.hand is not None else ""
    if where.players:
        hand += f' data-players="{esc(_json(where.players))}"'
    return (f'<tr class="finding" data-severity="{finding.severity}"{hand} '
            f'data-search="{esc(search)}" data-fingerprint="{esc(finding.fingerprint)}">'
            f'<td><span class="badge {finding.severity}">{finding.severity}</span></td>'
            f'<td class="message">{esc(finding.message)}{_evidence(finding)}</td>'
            f'<td class="where">{_where(finding)}</td>'
            f'<td class="explain-cell">{_explain_cell(finding, links)}</td></tr>')


def _explain_cell(finding: Finding, links: HandLinks) -> str:
    """A finding's hand; a clause-28 finding's evidence hands, each once with its signals."""
    refs = evidence_hands(finding)
    if not refs:
        return links.cell(finding)
    signals: dict[HandKey, list[str]] = {}
    for ref in refs:
        listed = signals.setdefault(HandKey(ref.file, ref.hand), [])
        if ref.signal not in listed:
            listed.append(ref.signal)
    items = "".join(
        f'<li class="evidence-hand">{links.link(HandRequest(key), f"hand {key.hand}")} '
        f'<span class="signal">{esc(", ".join(names))}</span></li>'
        for key, names in signals.items())
    return (f'<span class="evidence-lead">{plural(len(signals), "evidence hand")}:</span>'
            f'<ul class="evidence-hands">{items}</ul>')


def _evidence(finding: Finding) -> str:
    if not finding.evidence:
        return ""
    items = "".join(f"<dt>{esc(name)}</dt><dd>{esc(_json(finding.evidence[name]))}</dd>"
                    for name in sorted(finding.evidence))
    return f'<dl class="evidence">{items}</dl>'


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _where(finding: Finding) -> str:
    where = finding.location
    players = ", ".join(where.players) if where.players else None
    parts = [(label, value) for label, value in (
        ("players", players), ("tournament", where.tournament), ("table", where.table),
        ("hand", where.hand), ("street", where.street), ("action", where.action),
        ("log event", where.event)) if value is not None]
    details = " · ".join(f'<span class="k">{label}</span> {esc(value)}' for label, value in parts)
    # <wbr>: long paths wrap after a folder rather than anywhere.
    path = esc(where.file).replace("/", "/<wbr>")
    return (f'<code class="file">{path}:{where.line}</code>'
            + (f'<div class="details">{details}</div>' if details else ""))
