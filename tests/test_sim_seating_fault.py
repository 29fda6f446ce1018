"""Clause 9 in the simulator: a seat draw that follows the registration order shows only
across many tournaments. Over 100+ tournaments (the Sit & Gos' draws biased; the MTTs' draws,
where the fault is not simulated, random) the audit's seating test finds the biased draw
(one finding for the run, as truth.jsonl's `"scope": "audit"` lines say) and stays silent on
the same seed's random draw."""

import json
from pathlib import Path
from typing import Any

from checker.cli import main
from tests.conftest import REPO

RULES = REPO / "rules" / "fulltilt.rules"


def _run(out: Path, faults: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    argv = ["simulate", "--seed", "5", "--hands", "17000", "--format", "log", "--out", str(out)]
    assert main([*argv, "--faults", faults] if faults else argv) == 0
    report = out / "report.json"
    main(["audit", str(out / "log"), "--rules", str(RULES), "--format", "json", "--output",
          str(report), "--fail-on", "never"])
    doc = json.loads(report.read_text(encoding="utf-8"))
    assert doc["summary"]["tournaments"] >= 100  # seating.min_tournaments
    truth = [json.loads(line) for line in
             (out / "truth.jsonl").read_text(encoding="utf-8").splitlines()]
    findings: list[dict[str, Any]] = doc["findings"]
    return findings, truth


def test_a_biased_draw_is_found_across_the_run_and_a_random_one_is_not(tmp_path: Path) -> None:
    findings, truth = _run(tmp_path / "biased", "seating_biased")
    assert len(truth) >= 80 and all(t["scope"] == "audit" and t["clause"] == "9"
                                     for t in truth)
    assert [(f["rule"], f["clauses"]) for f in findings] == [("seating.random-draw", ["9"])]
    findings, truth = _run(tmp_path / "random", "")
    assert findings == [] and truth == []
