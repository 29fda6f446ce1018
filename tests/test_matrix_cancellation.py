"""Clause 31.7 on a whole Matrix: the Matrix-level log record, the facts the replay derives
from the matches, the rule's verdict and `feltcheck refund`.

The amounts are worked by hand in tests/fixture_makers/make_matrix_fixtures.py (and in
docs/tournament-log.md, "Matrix"); nothing here reads them back from the code.
"""

import json
from functools import cache
from pathlib import Path

import pytest

from checker.audit.refund import refund_report
from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.cli import EXIT_OK, main
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.ingest.base import Block
from checker.ingest.tournament_log import FORMAT
from checker.model.tournament_log import MatrixCancellation, MatrixTerms
from tests.fixture_makers import make_matrix_fixtures as maker

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "fulltilt.rules"
PLANTED = maker.FIXTURES / "log-cancel-matrix.planted.jsonl"
TWIN = maker.FIXTURES / "log-cancel-matrix.twin.jsonl"


@cache
def _ruleset() -> Ruleset:
    return load_ruleset(RULES)


def _findings(path: Path) -> list[tuple[str, int, str]]:
    rules = _ruleset()
    result = audit([path], ruleset_id(rules, RULES), rules)
    assert result.rejected == [] and result.warnings == []
    return sorted((f.rule, f.location.line, f.message) for f in result.findings)


def test_the_maker_rewrites_the_fixtures_byte_for_byte() -> None:
    assert PLANTED.read_text(encoding="utf-8") == maker.make(True)
    assert TWIN.read_text(encoding="utf-8") == maker.make(False)


def test_the_matrix_lines_are_read() -> None:
    lines = TWIN.read_text(encoding="utf-8").splitlines()
    first = FORMAT.parse(Block(2, [lines[1]]), "m.jsonl").event
    assert isinstance(first, MatrixTerms)
    assert first.matches == ["900701-1", "900701-2", "900701-3"]
    cancel = next(FORMAT.parse(Block(n + 1, [t]), "m.jsonl").event
                  for n, t in enumerate(lines) if '"matrix_cancellation"' in t)
    assert isinstance(cancel, MatrixCancellation)
    assert [p.estimated_matrix_score for p in cancel.payouts] == [5, 11, 13]


def test_a_matrix_line_that_breaks_the_schema_is_rejected_with_its_line(tmp_path: Path
                                                                        ) -> None:
    lines = TWIN.read_text(encoding="utf-8").splitlines()
    terms = json.loads(lines[1])
    terms["matches"] = []  # a Matrix of no match
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([lines[0], json.dumps(terms), *lines[2:]]) + "\n",
                      encoding="utf-8")
    rules = _ruleset()
    result = audit([broken], ruleset_id(rules, RULES), rules)
    assert [r.location.line for r in result.rejected] == [2]
    assert "matches" in next(iter(result.rejected)).reason


def test_planted_payment_is_found_and_the_twin_is_clean() -> None:
    assert _findings(TWIN) == []
    [(rule, line, message)] = _findings(PLANTED)
    assert (rule, line) == ("cancellation.matrix", 54)
    assert message.startswith("bob was paid $18.72") and message.endswith("$19.72")


def test_feltcheck_refund_prints_the_worked_example(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    code = main(["refund", str(PLANTED), "--rules", str(RULES)])
    out = capsys.readouterr().out
    assert code == EXIT_OK
    rows = {line.split()[0]: line for line in out.splitlines()
            if line.split() and line.split()[0] in {"alice", "bob", "carol", "dave"}}
    # fee + matches still in + dave's buy-in share by chips + Matrix-score pool share
    assert "$7.62" in rows["alice"] and "$2.00 + $5.00 + $0.62 + $0.00" in rows["alice"]
    assert "$19.72" in rows["bob"] and "$18.72" in rows["bob"]
    assert "$2.00 + $11.00 + $1.22 + $5.50" in rows["bob"]
    assert "$22.65" in rows["carol"] and "$2.00 + $11.00 + $3.15 + $6.50" in rows["carol"]
    assert "dave" not in rows  # out of every match: owed nothing
    assert "match 900701-1: finished" in out
    assert "match 900701-2: in the money, 2 left" in out
    assert "match 900701-3: before the money, 3 left" in out
    assert ("alice: in 900701-3 (buy-in $5.00); Matrix points 2 earned, 8 at most, "
            "estimated 5; 1 surely above") in out


def test_feltcheck_refund_json_gives_each_players_matrix(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    code = main(["refund", str(TWIN), "--rules", str(RULES), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == EXIT_OK and doc["tournament"] == "900701"
    assert doc["matrix"]["out_of_every_match"] == 1
    assert doc["matrix"]["paid_positions"] == 1 and doc["matrix"]["score_pool"] == 1200
    got = {p["player"]: (p["owed"], p["paid"], p["matrix"]["highest_score"],
                         [(m["match"], m["in_the_money"], m["next_payout"])
                          for m in p["matrix"]["matches"]])
           for p in doc["players"]}
    assert got == {
        "alice": (762, 762, 8, [("900701-3", False, 0)]),
        "bob": (1972, 1972, 15, [("900701-2", True, 600), ("900701-3", False, 0)]),
        "carol": (2265, 2265, 18, [("900701-2", True, 600), ("900701-3", False, 0)]),
    }


def test_a_hypothetical_matrix_cancellation_before_the_start() -> None:
    # Event 16 is the last registration: no match has started, so 31.1 refunds the whole
    # entry, the $18 Matrix buy-in and the $2 fee.
    report = refund_report(TWIN, _ruleset(), at_event=16)
    assert report.cancelled_at is None and report.stage == "before_start"
    assert {p.player: report.owed(p) for p in report.players} == {
        "alice": 2000, "bob": 2000, "carol": 2000, "dave": 2000}


def test_a_hypothetical_matrix_cancellation_once_dave_is_out_of_every_match() -> None:
    # Event 43: dave is out of all three matches, each before the money with 3 left.
    # Chips: alice 3 x 1,490 = 4,470, bob 3 x 1,480 = 4,440, carol 3 x 3,030 = 9,090 of
    # 18,000; dave's three $5 buy-ins by chips: 1500 x 4470 / 18000 = 372 (rounded down),
    # 370, 757. No points are earned yet (dave's 4th places score 0), so no estimate and no
    # score-pool share. Each: $2 + 3 x $5 + the share.
    report = refund_report(TWIN, _ruleset(), at_event=43)
    assert report.cancelled_at is None and report.stage == "before_money"
    assert {p.player: report.owed(p) for p in report.players} == {
        "alice": 2072, "bob": 2070, "carol": 2457}


def test_a_hypothetical_matrix_cancellation_counts_only_the_matches_seated(tmp_path: Path
                                                                          ) -> None:
    # The twin, with match 1 starting before matches 2 and 3 seat anyone: cancelled then,
    # each player holds match 1's 1,500 chips and nothing yet in the other two.
    events = [json.loads(line) for line in TWIN.read_text(encoding="utf-8").splitlines()]
    start = next(e for e in events
                 if e["event"] == "tournament_start" and e["tournament"] == "900701-1")
    events.remove(start)
    last_seat = max(n for n, e in enumerate(events)
                    if e["event"] == "seat" and e["tournament"] == "900701-1")
    events.insert(last_seat + 1, start)
    for seq, event in enumerate(events):
        event["seq"] = seq
    log = tmp_path / "matrix.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    report = refund_report(log, _ruleset(), at_event=last_seat + 1)
    assert {p.player: p.chips for p in report.players} == {
        "alice": 1500, "bob": 1500, "carol": 1500, "dave": 1500}


def test_a_cancellation_that_leaves_a_live_player_out_is_found(tmp_path: Path) -> None:
    lines = TWIN.read_text(encoding="utf-8").splitlines()
    number = next(n for n, t in enumerate(lines) if '"matrix_cancellation"' in t)
    cancel = json.loads(lines[number])
    cancel["payouts"] = [p for p in cancel["payouts"] if p["player"] != "alice"]
    lines[number] = json.dumps(cancel)
    path = tmp_path / "unpaid.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = [(rule, line) for rule, line, _ in _findings(path)]
    # alice is still in match 3; without her the chips divided are bob's and carol's
    # against all 12,000, so their shares stay as owed.
    assert found == [("cancellation.every-player-paid", number + 1)]
