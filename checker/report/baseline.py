"""Baselines: compare this run's findings with an earlier JSON report, by fingerprint.

The server-release flow: a committed report of the findings everyone knows about; a new build
fails only on findings whose fingerprint that report does not hold ("new"). Findings of the
baseline that this run no longer gives are "absent". A fingerprint names the rule and where it
fired in poker terms (checker.model.findings.fingerprint), so moved lines do not make a finding
new. Comparison is by set: findings sharing one fingerprint share one state.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from checker.model.findings import Finding

BaselineState = Literal["new", "unchanged"]


class BaselineError(Exception):
    """The baseline could not be read or is not a feltcheck JSON report (a usage error)."""


@dataclass(frozen=True, slots=True)
class Baseline:
    # The path as the user gave it (reports show it; no absolute path is made up).
    path: str
    # The baseline report's findings, as the JSON contract writes them, by fingerprint.
    findings: dict[str, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class BaselineComparison:
    path: str
    states: dict[str, BaselineState]
    # Findings of the baseline this run did not give, in the baseline's own JSON form.
    absent: tuple[dict[str, Any], ...]

    def state(self, finding: Finding) -> BaselineState:
        return self.states[finding.fingerprint]

    def is_new(self, finding: Finding) -> bool:
        return self.states[finding.fingerprint] == "new"

    def counts(self, findings: Iterable[Finding]) -> dict[str, int]:
        """How many of `findings` are new and unchanged, and how many baseline ones are gone."""
        listed = list(findings)
        new = sum(self.is_new(f) for f in listed)
        return {"new": new, "unchanged": len(listed) - new, "absent": len(self.absent)}


def _report_schema() -> dict[str, Any]:
    text = files("checker").joinpath("schemas", "report.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def load_baseline(path: Path) -> Baseline:
    """Read an earlier `feltcheck audit --format json` report; BaselineError when it cannot."""
    shown = path.as_posix()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise BaselineError(f"baseline {shown}: cannot read it: {reason}") from exc
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BaselineError(
            f"baseline {shown}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}"
        ) from exc
    import jsonschema  # here, not at import: a run without --baseline never needs it

    try:
        jsonschema.validate(document, _report_schema())
    except jsonschema.ValidationError as exc:
        where = "/".join(str(part) for part in exc.absolute_path) or "the document"
        raise BaselineError(
            f"baseline {shown}: not a feltcheck JSON report (at {where}: {exc.message})"
        ) from exc
    by_fingerprint = {f["fingerprint"]: f for f in document["findings"]}
    return Baseline(shown, by_fingerprint)


def compare(findings: Iterable[Finding], baseline: Baseline) -> BaselineComparison:
    listed = list(findings)
    states: dict[str, BaselineState] = {
        f.fingerprint: "unchanged" if f.fingerprint in baseline.findings else "new"
        for f in listed
    }
    gone = [baseline.findings[fp] for fp in set(baseline.findings) - set(states)]
    return BaselineComparison(baseline.path, states, tuple(sorted(gone, key=_document_order)))


def _document_order(finding: dict[str, Any]) -> tuple[str, int, str, str]:
    """The JSON report's order of findings (file, line, rule, fingerprint)."""
    where = finding["location"]
    return (where["file"], where["line"], finding["rule"], finding["fingerprint"])
