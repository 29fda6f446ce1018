"""The JSON report contract of DESIGN.md (schema: checker/schemas/report.schema.json).

Field names in the contract are fixed; extra fields are ours. Everything is sorted so the same
input and rules give byte-identical output.
"""

import json
from typing import Any

from checker import __version__
from checker.audit.run import AuditResult
from checker.ingest.tournament_log import NAME as TOURNAMENT_LOG
from checker.model import Rejection
from checker.model.findings import SEVERITIES, Finding


def report_document(result: AuditResult) -> dict[str, Any]:
    rejected = sorted(
        result.rejected, key=lambda r: (r.location.file, r.location.line, r.hand or "")
    )
    warnings = sorted(
        result.warnings, key=lambda w: (w.location.file, w.location.line, w.hand or "", w.text)
    )
    return {
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
        "findings": [
            finding.model_dump(mode="json")
            for finding in sorted(result.findings, key=_finding_order)
        ],
        "rejected": [
            {
                "file": r.location.file,
                "line": r.location.line,
                "hand": r.hand,
                "reason": r.reason,
                "format": r.source_format,
                "record": _record_kind(r),
            }
            for r in rejected
        ],
        "warnings": [
            {"file": w.location.file, "line": w.location.line, "hand": w.hand, "text": w.text}
            for w in warnings
        ],
        "unrecognized_files": [
            {"file": u.path, "reason": u.reason}
            for u in sorted(result.unrecognized, key=lambda u: u.path)
        ],
    }


def _record_kind(rejected: Rejection) -> str:
    if rejected.is_hand:
        return "hand"
    return "event" if rejected.source_format == TOURNAMENT_LOG else "summary"


def _finding_order(finding: Finding) -> tuple[str, int, str, str]:
    return (finding.location.file, finding.location.line, finding.rule, finding.fingerprint)


def render_json(result: AuditResult) -> str:
    return json.dumps(report_document(result), indent=2, sort_keys=False, ensure_ascii=False) + "\n"
