"""The simulator's Matrix-level lines (clause 31.7): its `matrix_terms`, the Matrix-score pool
paid by Matrix points, and a whole Matrix cancelled between hands, judged by the audit."""

import collections
import json
from pathlib import Path
from typing import Any

from checker.audit.ruleset import identify_ruleset
from checker.audit.run import audit
from checker.cli import main
from checker.sim.server import server_config
from tests.conftest import REPO

RULES = REPO / "rules" / "fulltilt.rules"
MATRIX = server_config().matrix


def _simulate(out: Path, seed: int, *extra: str) -> list[dict[str, Any]]:
    code = main(["simulate", "--seed", str(seed), "--hands", "400", "--format", "log",
                 "--matrix-every", "1", "--mtt-every", "0", *extra, "--out", str(out)])
    assert code == 0
    return [json.loads(line) for path in sorted((out / "log").glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def _findings(out: Path) -> collections.Counter[str]:
    result = audit([out / "log"], identify_ruleset(RULES))
    assert result.rejected == [] and result.warnings == []
    return collections.Counter(f.rule for f in result.findings)


def test_a_played_matrix_pays_its_score_pool_by_matrix_points(tmp_path: Path) -> None:
    lines = _simulate(tmp_path, 8)
    terms = {line["tournament"]: line for line in lines if line["event"] == "matrix_terms"}
    assert terms
    for matrix, line in terms.items():
        assert line["matches"] == [f"{matrix}-{n}" for n in range(1, MATRIX.matches + 1)]
        # Every entry's score-pool share: the Matrix buy-in less its matches' buy-ins.
        match_buy_in = next(t["buy_in"] for t in lines if t["event"] == "tournament_terms"
                            and t["tournament"] == line["matches"][0])
        entrants = sum(1 for t in lines if t["event"] == "seat"
                       and t["tournament"] == line["matches"][0])
        assert line["score_pool"] == (line["buy_in"] - MATRIX.matches * match_buy_in) * entrants
        paid = [p for p in lines if p["event"] == "matrix_payout" and p["tournament"] == matrix]
        # The Matrix points of each player from the matches' places (a winner: 1st).
        points: dict[str, int] = collections.Counter()
        for match in line["matches"]:
            for event in lines:
                if event["tournament"] == match and event["event"] == "elimination":
                    points[event["player"]] += MATRIX.score_points[event["place"] - 1]
                if event["tournament"] == match and event["event"] == "tournament_end":
                    points[event["winner"]] += MATRIX.score_points[0]
        assert [p["score"] for p in paid] == [points[p["player"]] for p in paid]
        assert [p["score"] for p in paid] == sorted(points.values(), reverse=True)[:len(paid)]
        # Paid in full, up to a cent per tie.
        assert 0 <= line["score_pool"] - sum(p["paid"] for p in paid) < len(paid)
    assert _findings(tmp_path) == collections.Counter()


def test_a_cancelled_matrix_pays_as_the_rules_require(tmp_path: Path) -> None:
    lines = _simulate(tmp_path, 7, "--incidents", "cancellation:0.02")
    cancelled = [line for line in lines if line["event"] == "matrix_cancellation"]
    assert cancelled
    for line in cancelled:
        matches = next(t["matches"] for t in lines if t["event"] == "matrix_terms"
                       and t["tournament"] == line["tournament"])
        ended = {t["tournament"]: t["outcome"] for t in lines if t["event"] == "tournament_end"
                 and t["tournament"] in matches}
        # Every match ends: played out before the cancellation, or cancelled by it.
        assert set(ended) == set(matches) and "cancelled" in ended.values()
        assert not any(p["event"] == "matrix_payout" and p["tournament"] == line["tournament"]
                       for p in lines)
    # The replay's 31.7 (cancellation.matrix, every-player-paid, chips-as-played) agrees
    # with what the simulated server paid.
    assert _findings(tmp_path) == collections.Counter()


def test_a_simulated_matrix_with_one_payment_wrong_is_found(tmp_path: Path) -> None:
    _simulate(tmp_path, 7, "--incidents", "cancellation:0.02")
    [path] = sorted((tmp_path / "log").glob("*.jsonl"))
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(n for n, t in enumerate(lines) if '"matrix_cancellation"' in t)
    line = json.loads(lines[number])
    line["payouts"][0]["paid"] += 100
    lines[number] = json.dumps(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _findings(tmp_path) == collections.Counter({"cancellation.matrix": 1})
