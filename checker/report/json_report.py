"""The JSON report contract of DESIGN.md (schema: checker/schemas/report.schema.json).

Field names in the contract are fixed; extra fields are ours. Everything is sorted so the same
input and rules give byte-identical output. The report is written as it is encoded
(checker/report/json_stream.py): each finding's, rejection's and warning's JSON is made when
its turn comes.
"""

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from checker import __version__
from checker.audit.accounting import record_kind
from checker.audit.run import AuditResult, ReadWarning
from checker.model import Rejection
from checker.model.findings import SEVERITIES, Finding
from checker.report.baseline import BaselineComparison
from checker.report.context import ReportInput
from checker.report.json_stream import Items, JsonArray, json_chunks


def report_document(
    result: AuditResult, baseline: BaselineComparison | None = None, streamed: bool = False
) -> dict[str, Any]:
    """The contract's document; with a baseline, its summary and each finding's state.
    `streamed`: the findings, rejections and warnings are JsonArrays, each item's JSON made
    when it is read (for `json_chunks`, and for formats that read them once); otherwise
    lists."""
    # A spool iterates in the reports' order, read again at each iteration.
    rejected, warnings, findings = result.rejected, result.warnings, result.findings
    shown = JsonArray(findings, partial(_finding_json, baseline=baseline))
    document: dict[str, Any] = {
        "tool": {"name": "feltcheck", "version": __version__},
        "ruleset": {"name": result.ruleset.name, "sha256": result.ruleset.sha256},
        "summary": {
            "files": result.files,
            "files_unrecognized": len(result.unrecognized),
            "hands": result.hands,
            "hands_rejected": result.hands_rejected,
            "summaries": result.summaries,
            "summaries_rejected": result.summaries_rejected,
            "events": result.events,
            "events_rejected": result.events_rejected,
            "tournaments": len(result.tournaments),
            # Hands judged by kind of play: which rules (`applies to`) covered how many.
            "plays": {str(play): count for play, count in result.plays.items()},
            "warnings": len(result.warnings),
            "findings": {s: result.finding_counts[s] for s in SEVERITIES},
        },
        "formats": {
            name: {
                "files": tally.files,
                "hands": tally.hands,
                "hands_rejected": tally.hands_rejected,
                "summaries": tally.summaries,
                "summaries_rejected": tally.summaries_rejected,
                "events": tally.events,
                "events_rejected": tally.events_rejected,
            }
            for name, tally in sorted(result.formats.items())
        },
        "findings": shown if streamed else list(shown),
        "rejected": _array(rejected, _rejected_json, streamed),
        "warnings": _array(warnings, _warning_json, streamed),
        "unrecognized_files": [
            {"file": u.path, "reason": u.reason}
            for u in sorted(result.unrecognized, key=lambda u: u.path)
        ],
    }
    if baseline is not None:
        document["baseline"] = {
            "file": baseline.path,
            **baseline.counts(findings),
            "absent_fingerprints": [f["fingerprint"] for f in baseline.absent],
        }
    return document


def _array(items: Items, make: Callable[[Any], dict[str, Any]], streamed: bool
           ) -> JsonArray | list[dict[str, Any]]:
    """The items' JSON, made as the encoder reaches each when `streamed` (a read of a million
    hands may carry as many warnings: the report must not hold their JSON all at once)."""
    array = JsonArray(items, make)
    return array if streamed else list(array)


def _rejected_json(r: Rejection) -> dict[str, Any]:
    return {"file": r.location.file, "line": r.location.line, "hand": r.hand,
            "reason": r.reason, "format": r.source_format,
            "record": record_kind(r.source_format, r.is_hand)}


def _warning_json(w: ReadWarning) -> dict[str, Any]:
    return {"file": w.file, "line": w.line, "hand": w.hand, "text": w.text}


def _finding_json(finding: Finding, baseline: BaselineComparison | None) -> dict[str, Any]:
    shown = finding.model_dump(mode="json")
    if baseline is not None:
        shown["baseline_state"] = baseline.state(finding)
    return shown


def json_report_chunks(report: ReportInput) -> Iterator[str]:
    """The report's text in pieces, a finding's at a time (what `feltcheck audit` writes)."""
    return json_chunks(report_document(report.result, report.baseline, streamed=True))


def render_json(result: AuditResult, baseline: BaselineComparison | None = None) -> str:
    return "".join(json_chunks(report_document(result, baseline, streamed=True)))


def render_json_report(report: ReportInput) -> str:
    return render_json(report.result, report.baseline)
