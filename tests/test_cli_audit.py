"""`feltcheck audit`: the JSON contract, the text summary, accounting, exit codes, determinism."""

import hashlib
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from checker.cli import EXIT_OK, EXIT_USAGE, main
from tests.conftest import REPO

SCHEMA = json.loads((REPO / "checker" / "schemas" / "report.schema.json").read_text())
RULES = REPO / "rules" / "fulltilt.rules"
SAMPLE = REPO / "hand_histories" / "handwritten" / "sng-900000-table1.txt"


def _audit_json(tmp_path: Path, *paths: Path) -> tuple[int, dict[str, object]]:
    out = tmp_path / "report.json"
    code = main(
        ["audit", *map(str, paths), "--rules", str(RULES), "--format", "json", "--output", str(out)]
    )
    return code, json.loads(out.read_text(encoding="utf-8"))


def _damaged_copy(tmp_path: Path) -> Path:
    """The sample with its second hand cut off after the flop (a truncated record)."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    second = next(i for i, t in enumerate(lines) if t.startswith("Full Tilt Poker Game #900000002"))
    flop = next(i for i in range(second, len(lines)) if lines[i].startswith("*** FLOP"))
    third = next(i for i, t in enumerate(lines) if t.startswith("Full Tilt Poker Game #900000003"))
    damaged = [*lines[: flop + 2], "", "", "", *lines[third:]]
    path = tmp_path / "damaged.txt"
    path.write_text("\r\n".join(damaged) + "\r\n", encoding="utf-8")
    return path


def test_report_follows_the_contract_and_accounts_for_every_hand(tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# not a hand history\n", encoding="utf-8")
    code, doc = _audit_json(tmp_path, SAMPLE, _damaged_copy(tmp_path), notes)
    jsonschema.validate(doc, SCHEMA)
    assert code == EXIT_OK
    summary = doc["summary"]
    assert isinstance(summary, dict)
    assert summary["files"] == 3
    assert summary["files_unrecognized"] == 1
    assert summary["hands"] == 6  # 3 + 2 whole + 1 truncated
    assert summary["hands_rejected"] == 1
    assert summary["tournaments"] == 1
    rejected = doc["rejected"]
    assert isinstance(rejected, list) and len(rejected) == 1
    assert rejected[0]["file"].endswith("damaged.txt")
    assert rejected[0]["hand"] == "900000002"
    assert doc["unrecognized_files"] == [
        {
            "file": notes.as_posix(),
            "reason": "no known format starts like this: '# not a hand history'",
        }
    ]
    assert doc["ruleset"] == {
        "name": "fulltilt",
        "sha256": hashlib.sha256(RULES.read_bytes()).hexdigest(),
    }


def test_same_input_gives_byte_identical_json(tmp_path: Path) -> None:
    first = tmp_path / "a.json"
    second = tmp_path / "b.json"
    for out in (first, second):
        main(
            [
                "audit",
                str(REPO / "hand_histories"),
                "--rules",
                str(RULES),
                "--format",
                "json",
                "--output",
                str(out),
            ]
        )
    assert first.read_bytes() == second.read_bytes()


def test_text_report_names_formats_counts_and_rejections(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["audit", str(SAMPLE), str(_damaged_copy(tmp_path)), "--rules", str(RULES)])
    out = capsys.readouterr().out
    assert code == EXIT_OK
    assert "fulltilt-hand" in out
    assert "hands read 6 = audited 5 + rejected 1" in out
    assert "damaged.txt:" in out and "hand 900000002" in out


def test_missing_input_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(tmp_path / "nope.txt"), "--rules", str(RULES)]) == EXIT_USAGE
    assert "nope.txt: no such file or directory" in capsys.readouterr().err


def test_rules_file_without_declaration_stops_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "bad.rules"
    rules.write_text("# nothing here\n", encoding="utf-8")
    assert main(["audit", str(SAMPLE), "--rules", str(rules)]) == EXIT_USAGE
    assert "bad.rules:1:1: error[missing-header]: " in capsys.readouterr().err


def test_unreadable_input_exits_2_and_is_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "locked.txt"
    locked.write_bytes(SAMPLE.read_bytes())
    real_open = Path.open

    def refusing_open(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self == locked:
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)

    # CI runs as root, who can read a chmod-0 file: simulate the refusal instead.
    monkeypatch.setattr(Path, "open", refusing_open)
    code, doc = _audit_json(tmp_path, locked, SAMPLE)
    assert code == EXIT_USAGE
    assert doc["unrecognized_files"] == [
        {"file": locked.as_posix(), "reason": "cannot read the file: Permission denied"}
    ]
    assert doc["summary"]["hands"] == 3  # type: ignore[index]


def test_text_report_lists_findings_with_place_rule_and_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    planted = REPO / "hand_histories" / "fixtures" / "min-raise.planted.txt"
    code = main(["audit", str(planted), "--rules", str(RULES)])
    out = capsys.readouterr().out
    assert code == 1
    assert "findings: 1 error, 0 warning, 0 info" in out
    assert f"{planted.as_posix()}:" in out
    assert "hand 910100001 action 3: error betting.min-raise (clause 24)" in out


def test_fail_on_thresholds(capsys: pytest.CaptureFixture[str]) -> None:
    planted = str(REPO / "hand_histories" / "fixtures" / "min-raise.planted.txt")
    assert main(["audit", planted, "--rules", str(RULES), "--fail-on", "never"]) == 0
    assert main(["audit", planted, "--rules", str(RULES), "--fail-on", "info"]) == 1
    twin = str(REPO / "hand_histories" / "fixtures" / "min-raise.twin.txt")
    assert main(["audit", twin, "--rules", str(RULES), "--fail-on", "info"]) == 0
    capsys.readouterr()


def test_findings_in_json_follow_the_contract_and_fingerprints_are_stable(
    tmp_path: Path,
) -> None:
    fixtures = REPO / "hand_histories" / "fixtures"
    code, doc = _audit_json(tmp_path, fixtures)
    jsonschema.validate(doc, SCHEMA)
    assert code == 1
    findings = doc["findings"]
    assert isinstance(findings, list) and findings
    # A hand's finding names its hand; a tournament summary's or a tournament log's names its
    # tournament.
    assert all(f["location"]["hand"] or f["location"]["tournament"] for f in findings)
    assert any(not f["location"]["hand"] for f in findings)
    # The same hands moved to other lines of another file keep their fingerprints.
    planted = (fixtures / "min-raise.planted.txt").read_text(encoding="utf-8")
    moved = tmp_path / "moved.txt"
    moved.write_text("\n\n\n" + planted, encoding="utf-8")
    _, again = _audit_json(tmp_path, moved)
    original = [f for f in findings if f["location"]["hand"] == "910100001"]
    relocated = again["findings"]
    assert isinstance(relocated, list)
    assert [f["fingerprint"] for f in relocated] == [f["fingerprint"] for f in original]
    assert relocated[0]["location"]["line"] == original[0]["location"]["line"] + 3
