"""Issue 5's must-show: `feltcheck audit` over one folder holding hand histories, tournament
summaries and tournament logs reports them together, with the tournament id in every
finding's location, and no two findings share a fingerprint (the summaries of a Matrix
event's matches share its tournament id)."""

import json
import shutil
from pathlib import Path

from checker.cli import main
from tests.conftest import REPO

FIXTURES = REPO / "hand_histories" / "fixtures"
SUMMARIES = REPO.parent / "shared" / "corpus" / "real" / "ftp" / "summaries"
# One planted file of each kind, each with its finding.
PLANTED = {
    "short-all-in-reraise.planted.txt": "betting.short-all-in-does-not-reopen",
    "summary-pool-paid-out.planted.txt": "summary.pool-paid-out",
    "log-prize-short.planted.jsonl": "prizes.paid-per-structure",
    "log-bounty-split-pot.planted.jsonl": "bounty.paid-to-largest-pot-winners",
    "log-hand-first-button.planted.jsonl": "seating.first-button",
}


def _mixed_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mixed"
    shutil.copytree(SUMMARIES, folder / "summaries")  # real summaries, Matrix matches too
    for name in PLANTED:
        shutil.copy(FIXTURES / name, folder / name)
    shutil.copy(REPO / "hand_histories" / "logs" / "sng-6max-700001.jsonl", folder)
    return folder


def test_one_audit_reports_hands_summaries_and_logs_together(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    code = main(["audit", str(_mixed_folder(tmp_path)), "--rules",
                 str(REPO / "rules" / "fulltilt.rules"), "--format", "json", "--output",
                 str(out)])
    report = json.loads(out.read_text(encoding="utf-8"))
    assert code == 1  # error findings
    summary = report["summary"]
    assert summary["hands"] > 0 and summary["summaries"] > 0 and summary["events"] > 0
    findings = report["findings"]
    by_file = {(Path(f["location"]["file"]).name, f["rule"]) for f in findings}
    for name, rule in PLANTED.items():
        assert (name, rule) in by_file, (name, rule)
    # The real summaries' one true finding (docs/corpus-notes.md) is reported with them.
    assert any(f["location"]["tournament"] == "266533708" for f in findings)
    assert all(f["location"]["tournament"] for f in findings)
    assert len({f["fingerprint"] for f in findings}) == len(findings)


def test_matrix_match_summaries_keep_their_findings_apart(tmp_path: Path) -> None:
    """Two copies of one Matrix match summary differing only in the match number: the same
    rule fires on each and the two findings keep distinct fingerprints."""
    source = next(SUMMARIES.glob("*Matrix*.match1.txt"))
    text = source.read_text(encoding="utf-8", errors="replace")
    # 2nd place listed as a tie at 1st with an unequal prize: a planted clause 25 finding.
    planted = text.replace("2: Player1, $10.50", "1: Player1, $10.50")
    assert planted != text
    (tmp_path / "m1.txt").write_text(planted, encoding="utf-8")
    (tmp_path / "m2.txt").write_text(planted.replace(" Match 1 ", " Match 2 ", 1),
                                     encoding="utf-8")
    out = tmp_path / "report.json"
    main(["audit", str(tmp_path / "m1.txt"), str(tmp_path / "m2.txt"), "--rules",
          str(REPO / "rules" / "fulltilt.rules"), "--format", "json", "--output", str(out)])
    findings = json.loads(out.read_text(encoding="utf-8"))["findings"]
    pool = [f for f in findings if f["rule"] == "summary.tied-places-share-equally"]
    assert len(pool) == 2
    assert pool[0]["location"]["tournament"] == pool[1]["location"]["tournament"]
    assert pool[0]["fingerprint"] != pool[1]["fingerprint"]
