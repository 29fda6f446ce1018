"""Incidents a correct server meets too (`feltcheck simulate --incidents`): cancellations
(clause 31) and server failures (clause 30) — handled right, the audit finds nothing; with the
faults that mishandle them, it finds each one at its event."""

import json
from pathlib import Path
from typing import Any

import pytest

from checker.cli import main
from tests.conftest import REPO

RULES = REPO / "rules" / "fulltilt.rules"


def _run(out: Path, incidents: str, faults: str = "") -> tuple[list[dict[str, Any]],
                                                              list[dict[str, Any]], str]:
    argv = ["simulate", "--seed", "5", "--hands", "3000", "--out", str(out),
            "--incidents", incidents, "--format", "log"]
    assert main([*argv, "--faults", faults] if faults else argv) == 0
    report = out / "report.json"
    main(["audit", str(out / "log"), "--rules", str(RULES), "--format", "json", "--output",
          str(report), "--fail-on", "never"])
    truth = [json.loads(line) for line in
             (out / "truth.jsonl").read_text(encoding="utf-8").splitlines()]
    log = "".join(p.read_text(encoding="utf-8") for p in (out / "log").glob("*.jsonl"))
    findings: list[dict[str, Any]] = json.loads(report.read_text(encoding="utf-8"))["findings"]
    return findings, truth, log


@pytest.mark.parametrize("incident, fault, rules", [
    ("cancellation:0.01", "refund_formula_wrong", {"31"}),
    ("server_failure:0.02", "rollback_not_restoring", {"30"}),
])
def test_incidents_handled_right_audit_clean_and_mishandled_are_found(
        incident: str, fault: str, rules: set[str], tmp_path: Path) -> None:
    findings, truth, log = _run(tmp_path / "right", incident)
    assert findings == [] and truth == []
    assert f'"event": "{incident.split(":")[0].replace("server_failure", "rollback")}"' in log
    findings, truth, _ = _run(tmp_path / "wrong", incident, fault)
    assert truth and all(line["fault"] == fault for line in truth)
    places = {(f["location"]["tournament"], f["location"]["event"]) for f in findings}
    assert all((line["tournament"], line["event"]) in places for line in truth)
    # Every finding cites the clause (or its sub-clauses: 31.2, 31.3, ...).
    assert {c.split(".")[0] for f in findings for c in f["clauses"]} == rules


def test_cancellations_reach_every_stage(tmp_path: Path) -> None:
    _, _, log = _run(tmp_path, "cancellation:0.01")
    stages = {json.loads(line)["stage"] for line in log.splitlines()
              if '"event": "cancellation"' in line}
    assert stages == {"before_money", "in_the_money"}
