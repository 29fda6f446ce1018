"""`--baseline`: only findings whose fingerprint the earlier report lacks fail the run; the
JSON, text and SARIF reports say which are new, unchanged and absent; a baseline that cannot be
read is a usage error. Exit codes with --fail-on."""

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from checker.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, main
from tests.report_helpers import FIXTURES, RULES, validate_report, validate_sarif

PLANTED = [FIXTURES / "min-raise.planted.txt", FIXTURES / "out-of-turn.planted.txt",
           FIXTURES / "log-prize-short.planted.jsonl"]


def _audit(tmp_path: Path, paths: list[Path], *options: str, fmt: str = "json") -> tuple[int, str]:
    out = tmp_path / f"report.{fmt}"
    code = main(["audit", *map(str, paths), "--rules", str(RULES), "--format", fmt,
                 "--output", str(out), *options])
    return code, out.read_text(encoding="utf-8")


def _baseline(tmp_path: Path, document: dict[str, Any], name: str = "baseline.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture
def current(tmp_path: Path) -> dict[str, Any]:
    code, text = _audit(tmp_path, PLANTED)
    assert code == EXIT_FINDINGS
    document: dict[str, Any] = json.loads(text)
    assert len(document["findings"]) >= 3
    return document


def test_a_baseline_equal_to_the_report_exits_0_with_findings_present(
    tmp_path: Path, current: dict[str, Any]
) -> None:
    baseline = _baseline(tmp_path, current)
    code, text = _audit(tmp_path, PLANTED, "--baseline", str(baseline))
    assert code == EXIT_OK
    document = json.loads(text)
    validate_report(document)
    assert len(document["findings"]) == len(current["findings"])
    assert {f["baseline_state"] for f in document["findings"]} == {"unchanged"}
    assert document["baseline"] == {"file": baseline.as_posix(), "new": 0,
                                    "unchanged": len(current["findings"]), "absent": 0,
                                    "absent_fingerprints": []}


def test_a_finding_missing_from_the_baseline_is_the_only_new_one_and_fails(
    tmp_path: Path, current: dict[str, Any]
) -> None:
    dropped = current["findings"][1]
    older = {**current, "findings": [f for f in current["findings"] if f is not dropped]}
    baseline = _baseline(tmp_path, older)
    code, text = _audit(tmp_path, PLANTED, "--baseline", str(baseline))
    assert code == EXIT_FINDINGS
    document = json.loads(text)
    validate_report(document)
    new = [f["fingerprint"] for f in document["findings"] if f["baseline_state"] == "new"]
    assert new == [dropped["fingerprint"]]
    assert document["baseline"]["new"] == 1
    assert document["baseline"]["unchanged"] == len(current["findings"]) - 1
    # SARIF and text say the same.
    code, sarif_text = _audit(tmp_path, PLANTED, "--baseline", str(baseline), fmt="sarif")
    sarif = json.loads(sarif_text)
    validate_sarif(sarif)
    states = {r["partialFingerprints"]["feltcheck/v1"]: r["baselineState"]
              for r in sarif["runs"][0]["results"]}
    assert [fp for fp, state in states.items() if state == "new"] == [dropped["fingerprint"]]
    assert set(states.values()) == {"new", "unchanged"}
    code, text = _audit(tmp_path, PLANTED, "--baseline", str(baseline), fmt="text")
    marked_new = [line for line in text.splitlines() if line.endswith("[new]")]
    assert len(marked_new) == 1
    assert f":{dropped['location']['line']} " in marked_new[0]
    assert dropped["rule"] in marked_new[0]
    assert "1 new, " in text
    # JUnit fails only the new finding's rule.
    code, junit = _audit(tmp_path, PLANTED, "--baseline", str(baseline), fmt="junit")
    failures = ET.fromstring(junit).findall("testsuite/testcase/failure/..")
    assert [case.get("name") for case in failures] == [dropped["rule"]]


def test_findings_gone_since_the_baseline_are_absent(tmp_path: Path) -> None:
    planted = FIXTURES / "min-raise.planted.txt"
    twin = FIXTURES / "min-raise.twin.txt"
    _, text = _audit(tmp_path, [planted])
    before = json.loads(text)
    baseline = _baseline(tmp_path, before)
    code, text = _audit(tmp_path, [twin], "--baseline", str(baseline))
    assert code == EXIT_OK
    document = json.loads(text)
    assert document["findings"] == []
    assert document["baseline"]["absent"] == len(before["findings"]) == 1
    assert document["baseline"]["absent_fingerprints"] == [before["findings"][0]["fingerprint"]]
    _, sarif_text = _audit(tmp_path, [twin], "--baseline", str(baseline), fmt="sarif")
    sarif = json.loads(sarif_text)
    validate_sarif(sarif)
    (gone,) = sarif["runs"][0]["results"]
    assert gone["baselineState"] == "absent"
    assert gone["ruleId"] == "betting.min-raise"
    assert gone["partialFingerprints"]["feltcheck/v1"] == before["findings"][0]["fingerprint"]
    _, text = _audit(tmp_path, [twin], "--baseline", str(baseline), fmt="text")
    (line,) = [line for line in text.splitlines() if line.endswith("[absent]")]
    assert "min-raise.planted.txt:10 hand 910100001: error betting.min-raise" in line


def test_with_an_empty_baseline_every_finding_is_new(
    tmp_path: Path, current: dict[str, Any]
) -> None:
    baseline = _baseline(tmp_path, {**current, "findings": []})
    assert _audit(tmp_path, PLANTED, "--baseline", str(baseline))[0] == EXIT_FINDINGS
    assert _audit(tmp_path, PLANTED, "--baseline", str(baseline),
                  "--fail-on", "never")[0] == EXIT_OK


def test_fail_on_counts_severities_down_to_the_threshold(tmp_path: Path) -> None:
    # The observer's chat is a warning in the rules file; nothing else is found there.
    warning = [FIXTURES / "log-chat-observer.planted.jsonl"]
    assert _audit(tmp_path, warning, "--fail-on", "error")[0] == EXIT_OK
    assert _audit(tmp_path, warning, "--fail-on", "warning")[0] == EXIT_FINDINGS
    assert _audit(tmp_path, warning, "--fail-on", "info")[0] == EXIT_FINDINGS
    assert _audit(tmp_path, warning, "--fail-on", "never")[0] == EXIT_OK


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "cannot read it"),
        ("{ not json", "not JSON"),
        ('{"findings": "none"}', "not a feltcheck JSON report"),
    ],
    ids=["missing", "not-json", "not-a-report"],
)
def test_an_unusable_baseline_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, says: str
) -> None:
    baseline = tmp_path / "baseline.json"
    if content is not None:
        baseline.write_text(content, encoding="utf-8")
    out = tmp_path / "report.json"
    code = main(["audit", str(PLANTED[0]), "--rules", str(RULES), "--format", "json",
                 "--output", str(out), "--baseline", str(baseline)])
    assert code == EXIT_USAGE
    err = capsys.readouterr().err
    assert f"baseline {baseline.as_posix()}" in err and says in err
    assert not out.exists()  # stopped before any input was read


def test_baseline_runs_are_byte_identical(tmp_path: Path, current: dict[str, Any]) -> None:
    baseline = _baseline(tmp_path, {**current, "findings": current["findings"][:1]})
    for fmt in ("json", "sarif"):
        first = _audit(tmp_path, [FIXTURES], "--baseline", str(baseline), fmt=fmt)[1]
        second = _audit(tmp_path, [FIXTURES], "--baseline", str(baseline), fmt=fmt)[1]
        assert first == second
