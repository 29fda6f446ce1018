"""A readable terminal summary: per format, files, hands read, rejections with their reasons."""

from typing import Any

from checker.audit.run import AuditResult
from checker.report.json_report import report_document

_COLUMNS = (
    ("files", 7), ("hands", 9), ("rejected", 10), ("summaries", 11), ("rejected", 10),
    ("events", 8), ("rejected", 10),
)


def _row(label: str, *counts: int) -> str:
    cells = "".join(f"{count:>{width}}" for count, (_, width) in zip(counts, _COLUMNS, strict=True))
    return f"{label:<26}{cells}"


def _located(items: list[dict[str, Any]], key: str) -> list[str]:
    lines = []
    for item in items:
        hand = f" hand {item['hand']}" if item["hand"] else ""
        lines.append(f"  {item['file']}:{item['line']}{hand}: {item[key]}")
    return lines


def _findings(findings: list[dict[str, Any]]) -> list[str]:
    lines = []
    for finding in findings:
        where = finding["location"]
        place = f"{where['file']}:{where['line']}"
        if where.get("hand"):
            place += f" hand {where['hand']}"
        if where.get("action") is not None:
            place += f" action {where['action']}"
        clauses = ", ".join(finding["clauses"])
        lines.append(f"  {place}: {finding['severity']} {finding['rule']} (clause {clauses})")
        lines.append(f"      {finding['message']}")
    return lines


def render_text(result: AuditResult) -> str:
    doc = report_document(result)
    summary = doc["summary"]
    header = f"{'format':<26}" + "".join(f"{name:>{width}}" for name, width in _COLUMNS)
    out = [f"feltcheck {doc['tool']['version']} — rules: {doc['ruleset']['name']}", "", header]
    out.append("-" * len(header))
    for name, tally in doc["formats"].items():
        out.append(_row(name, tally["files"], tally["hands"], tally["hands_rejected"],
                        tally["summaries"], tally["summaries_rejected"], tally["events"],
                        tally["events_rejected"]))
    out.append("-" * len(header))
    recognized = summary["files"] - summary["files_unrecognized"]
    out.append(_row("total", recognized, summary["hands"], summary["hands_rejected"],
                    summary["summaries"], summary["summaries_rejected"], summary["events"],
                    summary["events_rejected"]))
    audited = summary["hands"] - summary["hands_rejected"]
    counts = summary["findings"]
    out += [
        "",
        f"hands read {summary['hands']} = audited {audited} + rejected "
        f"{summary['hands_rejected']}; tournaments seen {summary['tournaments']}",
        f"tournament-log events read {summary['events']} = accepted "
        f"{summary['events'] - summary['events_rejected']} + rejected {summary['events_rejected']}",
        f"findings: {counts['error']} error, {counts['warning']} warning, {counts['info']} info",
    ]
    if doc["findings"]:
        out += ["", "Findings:", *_findings(doc["findings"])]
    if doc["rejected"]:
        out += ["", "Rejected records:", *_located(doc["rejected"], "reason")]
    if doc["warnings"]:
        out += ["", "Read with warnings:", *_located(doc["warnings"], "text")]
    if doc["unrecognized_files"]:
        out += ["", "Files not read (format not recognised):"]
        out += [f"  {u['file']}: {u['reason']}" for u in doc["unrecognized_files"]]
    return "\n".join(out) + "\n"
