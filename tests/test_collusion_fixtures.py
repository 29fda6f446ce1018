"""The clause 28 fixtures are what their maker writes (byte for byte), and their findings are
about the planted teams only: every pair the rules flag in the planted log is a team's, each
finding's evidence hands are hands the two players shared, and the twin flags nobody."""

import json
from pathlib import Path

import pytest

from checker.audit.partition import Plan, audit_planned
from checker.audit.run import audit
from checker.cli import main
from checker.dsl.ruleset import load_ruleset
from tests.collusion_sim import RULESET
from tests.conftest import REPO
from tests.fixture_makers import make_collusion_fixtures as maker

FIXTURES = maker.FIXTURES


def test_the_maker_rewrites_the_fixtures(tmp_path: Path) -> None:
    for written in maker.write(tmp_path):
        assert written.read_bytes() == (FIXTURES / written.name).read_bytes(), written.name


def _hands_of(path: Path) -> dict[str, set[str]]:
    """Hand id -> the players dealt in it, read from the log's own `hand` lines."""
    hands: dict[str, set[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event["event"] == "hand":
            hands[event["hand"]] = {seat["player"] for seat in event["seats"]}
    return hands


def test_only_team_pairs_are_flagged_with_hands_they_shared() -> None:
    planted = FIXTURES / f"{maker.NAME}.planted.jsonl"
    result = audit([planted], RULESET)
    hands = _hands_of(planted)
    pairs = [f for f in result.findings if f.rule != "collusion.ring"]
    assert {f.rule for f in pairs} == {"collusion.chip-dumping", "collusion.soft-play",
                                       "collusion.team-play"}
    flagged = {tuple(f.location.players or ()) for f in pairs}
    (ring,) = [f for f in result.findings if f.rule == "collusion.ring"]
    ring_players = ring.location.players or []
    assert len(ring_players) == 3
    # The ring's three pairs and two more: the chip dumpers and the soft players.
    assert len(flagged) == 5
    assert sum(set(p) <= set(ring_players) for p in flagged) == 3
    for finding in pairs:
        players = set(finding.location.players or ())
        evidence = finding.evidence["evidence_hands"]
        assert evidence
        for hand in evidence:
            assert players <= hands[hand["hand"]], hand
            assert {hand["actor"], hand["partner"]} == players
        assert finding.location.hand == evidence[0]["hand"] or any(
            e["hand"] == finding.location.hand for e in evidence)


def test_an_audit_keeps_only_the_flagged_pairs_and_the_same_findings() -> None:
    """`feltcheck audit` concludes without every pair's verdict (keep_pairs=False): the
    findings, rings and counts are those of the collusion command's run, which keeps them all."""
    planted = [FIXTURES / f"{maker.NAME}.planted.jsonl"]
    rules = load_ruleset(Path(RULESET.path))
    every = audit_planned(planted, RULESET, rules, Plan(jobs=1))
    flagged = audit_planned(planted, RULESET, rules, Plan(jobs=1), keep_pairs=False)
    assert flagged.findings == every.findings
    kept, all_pairs = flagged.collusion, every.collusion
    assert [p.score.key for p in kept.pairs] == [p.score.key for p in all_pairs.pairs
                                                 if p.flagged]
    assert len(kept.pairs) == 5 < len(all_pairs.pairs)
    assert [(r.players, r.failed) for r in kept.rings] == [(r.players, r.failed)
                                                          for r in all_pairs.rings]
    assert (kept.hands, kept.players) == (all_pairs.hands, all_pairs.players)
    assert all_pairs.aggregates and not kept.aggregates


def test_the_twin_flags_nobody() -> None:
    result = audit([FIXTURES / f"{maker.NAME}.twin.jsonl"], RULESET)
    assert not result.findings
    tested = [p for p in result.collusion.pairs if p.score.tested]
    assert tested, "the friends play enough hands together to be tested"


def test_the_make_run_audit_shows_the_planted_teams(capsys: pytest.CaptureFixture[str]) -> None:
    """`make run` audits all of hand_histories/ at once: the clause-28 findings it prints are
    the planted teams', located in the planted log (the twin's players are other players)."""
    code = main(["audit", str(REPO / "hand_histories"), "--rules", str(RULESET.path),
                 "--format", "json", "--fail-on", "never"])
    assert code == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    clause_28 = [f for f in findings if "28" in f["clauses"]]
    assert clause_28
    planted = audit([FIXTURES / f"{maker.NAME}.planted.jsonl"], RULESET).findings
    assert sorted((f["rule"], tuple(f["location"]["players"]), f["location"]["hand"])
                  for f in clause_28) == sorted(
        (f.rule, tuple(f.location.players or ()), f.location.hand) for f in planted)
    assert {Path(f["location"]["file"]).name for f in clause_28} == {
        f"{maker.NAME}.planted.jsonl"}
