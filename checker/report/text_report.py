"""A readable terminal summary: per format, files, hands read, rejections with their reasons."""

from checker.audit.run import AuditResult
from checker.report.json_report import report_document


def render_text(result: AuditResult) -> str:
    doc = report_document(result)
    summary = doc["summary"]
    out: list[str] = []
    out.append(f"feltcheck {doc['tool']['version']} — rules: {doc['ruleset']['name']}")
    out.append("")
    header = f"{'format':<26}{'files':>7}{'hands':>9}{'rejected':>10}{'summaries':>11}{'rejected':>10}"
    out.append(header)
    out.append("-" * len(header))
    for name, tally in doc["formats"].items():
        out.append(
            f"{name:<26}{tally['files']:>7}{tally['hands']:>9}{tally['hands_rejected']:>10}"
            f"{tally['summaries']:>11}{tally['summaries_rejected']:>10}"
        )
    out.append("-" * len(header))
    out.append(
        f"{'total':<26}{summary['files'] - summary['files_unrecognized']:>7}{summary['hands']:>9}"
        f"{summary['hands_rejected']:>10}{summary['summaries']:>11}{summary['summaries_rejected']:>10}"
    )
    audited = summary["hands"] - summary["hands_rejected"]
    out.append("")
    out.append(
        f"hands read {summary['hands']} = audited {audited} + rejected {summary['hands_rejected']}; "
        f"tournaments seen {summary['tournaments']}"
    )
    counts = summary["findings"]
    out.append(
        f"findings: {counts['error']} error, {counts['warning']} warning, {counts['info']} info"
    )
    if doc["rejected"]:
        out.append("")
        out.append("Rejected records:")
        for r in doc["rejected"]:
            hand = f" hand {r['hand']}" if r["hand"] else ""
            out.append(f"  {r['file']}:{r['line']}{hand}: {r['reason']}")
    if doc["warnings"]:
        out.append("")
        out.append("Read with warnings:")
        for w in doc["warnings"]:
            hand = f" hand {w['hand']}" if w["hand"] else ""
            out.append(f"  {w['file']}:{w['line']}{hand}: {w['text']}")
    if doc["unrecognized_files"]:
        out.append("")
        out.append("Files not read (format not recognised):")
        for u in doc["unrecognized_files"]:
            out.append(f"  {u['file']}: {u['reason']}")
    return "\n".join(out) + "\n"
