"""Matrix Sit & Gos (checker/sim/matrix.py, clause 31.7): one registration, four matches at
once by the same players, each a whole Sit & Go of its own, written as one log tournament per
match (`<matrix>-<match>`) and as Full Tilt text per match ('$26 Matrix (ID), Match 2').

Checked against what a Matrix is, not against the driver's own arithmetic: Full Tilt's $26
Matrix ($5 per match, $5 to the Matrix-score pool, $1 fee) paid $19.50 and $10.50 in each
six-player match (corpus ftp/summaries/NLHE-6max-Matrix-USD-26-201211.match*.txt); the real
match files and ours read alike through our reader; the text reads back as the log; the
audit of both is clean without faults and finds the faults injected in Matrix hands."""

import collections
import itertools
import json
import random
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import pytest

from checker.audit.ruleset import identify_ruleset
from checker.audit.run import AuditResult, audit
from checker.cli import main
from checker.ingest.stream import FileRecords, read_paths
from checker.model import Hand, TournamentSummary
from checker.model.hand import BettingStructure, Game
from checker.model.tournament_log import HandPlayed
from checker.sim.faults import FaultPlan
from checker.sim.ftp_text import write_tournament
from checker.sim.hand_engine import play_hand
from checker.sim.log_writer import LogWriter
from checker.sim.matrix import Matrix
from checker.sim.sit_and_go import SitAndGoSpec
from checker.sim.styles import population
from tests.conftest import CORPUS, REPO
from tests.test_sim_ftp_text import _assert_same, _log_hands

RULES = identify_ruleset(REPO / "rules" / "fulltilt.rules")
START = datetime(2026, 11, 1, 18, 0, tzinfo=UTC)
REAL = "NLHE-6max-Matrix-USD-26-201211"
# Full Tilt's $26 Matrix: $5 a match, $5 to the Matrix-score pool, $1 fee (the real summaries:
# "Buy-In: $5 + $0" per match, the event's "Total Prize Pool: $150" for six entrants).
MATCH_BUY_IN, MATRIX_BUY_IN, FEE = 500, 2500, 100
MATCHES = 4
FAULTS = "odd_chip_wrong_winner:1,heads_up_button_wrong:1,wrong_big_blind_after_bust:1"


@dataclass
class Run:
    matrix: Matrix
    events: list[dict[str, Any]]
    truth: list[dict[str, object]]
    log: Path
    text: list[Path]


def _run(folder: Path, seed: int, game: Game = Game.HOLDEM,
         structure: BettingStructure = BettingStructure.NO_LIMIT, faults: str = "") -> Run:
    rng = random.Random(seed)
    spec = SitAndGoSpec(f"{700000 + seed}", 6, MATRIX_BUY_IN, FEE, game, structure, START)
    matrix = Matrix(spec, MATCH_BUY_IN, population(rng, 7), rng,
                    random.Random(f"faults-{seed}"), FaultPlan.parse(faults), play_hand)
    events = list(matrix.run())
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / f"matrix-{seed}.jsonl"
    with log.open("w", encoding="utf-8") as out:
        writer = LogWriter(out, "2026-11-01T17:00:00Z")
        truth = writer.write([dict(e) for e in events])
        for match in matrix.matches:
            truth += writer.hand_truth(match.injected, match.spec.tournament)
    text = write_tournament(folder / f"ftp-{seed}", spec, events)
    written = [json.loads(line) for line in log.read_text("utf-8").splitlines()[1:]]
    return Run(matrix, written, truth, log, text)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Run]:
    folder = tmp_path_factory.mktemp("matrix")
    return [_run(folder, 1), _run(folder, 2, Game.OMAHA, BettingStructure.POT_LIMIT)]


def _by_match(run: Run) -> dict[str, list[dict[str, Any]]]:
    matches: dict[str, list[dict[str, Any]]] = {}
    for event in run.events:
        if event["tournament"] != run.matrix.spec.tournament:  # the Matrix's own lines
            matches.setdefault(event["tournament"], []).append(event)
    return matches


def _read(path: Path) -> list[Any]:
    (opened,) = list(read_paths([path]))
    assert isinstance(opened, FileRecords)
    return list(opened.records)


def _clean(result: AuditResult) -> None:
    assert result.hands_rejected == 0 and result.events_rejected == 0
    assert result.warnings == []
    assert [(f.rule, f.message) for f in result.findings] == []


def test_one_log_tournament_per_match_with_the_same_players(runs: list[Run]) -> None:
    for run in runs:
        matrix = run.matrix.spec.tournament
        matches = _by_match(run)
        assert list(matches) == [f"{matrix}-{n}" for n in range(1, MATCHES + 1)]
        seated = [{e["player"] for e in events if e["event"] == "seat"}
                  for events in matches.values()]
        assert len(seated[0]) == 6 and all(players == seated[0] for players in seated)
        for events in matches.values():
            (terms,) = [e for e in events if e["event"] == "tournament_terms"]
            assert terms["kind"] == "matrix" and terms["seats_per_table"] == 6
            assert (terms["buy_in"], terms["fee"]) == (MATCH_BUY_IN, 0)
            # The Matrix's registrations, the same moments in every match.
            registrations = [(e["at"], e["player"], e["paid"]) for e in events
                             if e["event"] == "registration"]
            assert registrations == [(e["at"], e["player"], e["paid"])
                                     for e in matches[f"{matrix}-1"]
                                     if e["event"] == "registration"]
            assert {paid for _, _, paid in registrations} == {MATCH_BUY_IN}


def test_each_match_draws_its_own_seats(runs: list[Run]) -> None:
    for run in runs:
        draws = {tuple(sorted((e["player"], e["seat"]) for e in events if e["event"] == "seat"))
                 for events in _by_match(run).values()}
        assert len(draws) > 1


def test_each_match_is_a_whole_sit_and_go_to_one_winner(runs: list[Run]) -> None:
    for run in runs:
        for events in _by_match(run).values():
            seated = {e["player"] for e in events if e["event"] == "seat"}
            places = {e["player"]: e["place"] for e in events if e["event"] == "elimination"}
            (end,) = [e for e in events if e["event"] == "tournament_end"]
            assert end["outcome"] == "finished" and end["winner"] in seated
            assert sorted([*places, end["winner"]]) == sorted(seated)
            # Clause 25: a place is one below everyone who finished above it (players out
            # in one hand with equal stacks tie at the best place they cover).
            finished = [1, *places.values()]
            assert all(place == 1 + sum(1 for other in finished if other < place)
                       for place in places.values())
            assert events[-1] is end
            # Chips end where the hands leave them: the last hand's awards make the winner's
            # stack every chip dealt.
            last = next(e for e in reversed(events) if e["event"] == "hand")
            assert {a["player"] for a in last["awards"]} == {end["winner"]}


def test_each_match_pays_its_own_prizes_as_full_tilts(runs: list[Run]) -> None:
    """The real $5 matches of six paid $19.50 and $10.50 (corpus summaries)."""
    for run in runs:
        for events in _by_match(run).values():
            closed = next(e for e in events if e["event"] == "registration_closed")
            assert (closed["entrants"], closed["prize_pool"]) == (6, 6 * MATCH_BUY_IN)
            paid = sorted((e["place"], e["paid"]) for e in events if e["event"] == "payout")
            assert paid[0] == (1, 1950) and sum(amount for _, amount in paid) == 3000
            if [place for place, _ in paid] == [1, 2]:  # (players tied for second share)
                assert paid[1] == (2, 1050)


def test_the_matches_run_at_once(runs: list[Run]) -> None:
    for run in runs:
        moments = [datetime.fromisoformat(e["at"].replace("Z", "+00:00")) for e in run.events]
        assert moments == sorted(moments)
        starts = {e["at"] for e in run.events if e["event"] == "tournament_start"}
        assert len(starts) == 1
        # Hands of the matches alternate in the log: many changes of match between hands.
        order = [e["tournament"] for e in run.events if e["event"] == "hand"]
        changes = sum(1 for a, b in itertools.pairwise(order) if a != b)
        assert changes > len(order) // 4


def test_hand_ids_are_digits_and_unique(runs: list[Run]) -> None:
    ids = [e["hand"] for run in runs for e in run.events if e["event"] == "hand"]
    assert all(i.isdigit() for i in ids) and len(set(ids)) == len(ids)


@pytest.mark.parametrize("index", [0, 1])
def test_without_faults_the_log_and_the_text_audit_clean(runs: list[Run], index: int) -> None:
    run = runs[index]
    assert run.truth == []
    _clean(audit([run.log], RULES))
    _clean(audit(run.text, RULES))


def test_the_text_reads_back_as_the_log(runs: list[Run]) -> None:
    """Each match's hands file holds that match's hands; read back, each is the log's hand
    with the Matrix's id and the table 'Match N' in its header."""
    for run in runs:
        matrix = run.matrix.spec.tournament
        logged = _log_hands(run.log)
        names = sorted(p.name for p in run.text)
        assert names == sorted(f"FT{matrix}.match{n}.{kind}.txt" for n in range(1, MATCHES + 1)
                               for kind in ("hands", "summary"))
        for number in range(1, MATCHES + 1):
            played = [h for h in logged if h[0].tournament == f"{matrix}-{number}"]
            path = next(p for p in run.text if p.name == f"FT{matrix}.match{number}.hands.txt")
            read = _read(path)
            assert len(read) == len(played) > 0
            for hand, (log_hand, _, notes) in zip(read, played, strict=True):
                assert isinstance(hand, Hand)
                assert (hand.tournament_id, hand.table) == (matrix, f"Match {number}")
                assert hand.tournament_name == "$26 Matrix"
                as_text: HandPlayed = msgspec.structs.replace(
                    log_hand, tournament=matrix, table=f"Match {number}")
                _assert_same(hand, as_text, notes)


def test_the_summaries_read_back_as_the_log(runs: list[Run]) -> None:
    for run in runs:
        matrix = run.matrix.spec.tournament
        for number, events in enumerate(_by_match(run).values(), start=1):
            path = next(p for p in run.text if p.name == f"FT{matrix}.match{number}.summary.txt")
            (summary,) = _read(path)
            assert isinstance(summary, TournamentSummary) and summary.warnings == []
            assert summary.tournament_id == matrix and summary.name == "$26 Matrix"
            assert (summary.buy_in, summary.fee, summary.entries) == (MATCH_BUY_IN, 0, 6)
            assert summary.prize_pool == 6 * MATRIX_BUY_IN  # the whole event's, as Full Tilt
            places = {e["player"]: e["place"] for e in events if e["event"] == "elimination"}
            end = events[-1]
            places[end["winner"]] = 1
            prizes = {e["player"]: e["paid"] for e in events if e["event"] == "payout"}
            assert sorted((p.place, p.player, [z.amount for z in p.prizes])
                          for p in summary.placements) == sorted(
                (place, player, [prizes[player]] if player in prizes else [])
                for player, place in places.items())


def test_a_real_matrix_and_ours_read_alike(runs: list[Run]) -> None:
    """Header fields and table names of Full Tilt's own Matrix match files and ours."""
    run = runs[0]
    matrix = run.matrix.spec.tournament
    for number in (1, 2):
        (real_hand, *_) = _read(CORPUS / "ftp" / "tour" / "Flop" / f"{REAL}.match{number}.txt")
        ours = next(p for p in run.text if p.name == f"FT{matrix}.match{number}.hands.txt")
        sim_hand = _read(ours)[0]
        for hand in (real_hand, sim_hand):
            assert isinstance(hand, Hand) and hand.warnings == []
            assert hand.tournament_id is not None and hand.tournament_id.isdigit()
            assert hand.table == f"Match {number}" and hand.max_seats is None
            assert hand.tournament_name is not None
            assert re.fullmatch(r"\$\d+( Super Turbo)? Matrix", hand.tournament_name)
        (real,) = _read(CORPUS / "ftp" / "summaries" / f"{REAL}.match{number}.txt")
        ours = next(p for p in run.text if p.name == f"FT{matrix}.match{number}.summary.txt")
        (sim,) = _read(ours)
        for summary in (real, sim):
            assert isinstance(summary, TournamentSummary) and summary.warnings == []
            assert summary.game is not None and re.fullmatch(
                rf"Match {number} Hold'em No Limit \(Matrix, (Super Turbo, )?6 Handed\)",
                summary.game)
            assert (summary.buy_in, summary.fee, summary.entries) == (MATCH_BUY_IN, 0, 6)
            assert summary.prize_pool == 15000
            paid = sum(z.amount or 0 for p in summary.placements for z in p.prizes)
            assert paid == 3000  # the match's own prizes; the pool is the whole event's


def test_faults_in_matrix_hands_are_found_in_the_log_and_the_text(tmp_path: Path) -> None:
    """The truth names a Matrix hand fault by the match's log tournament; the text audit
    reports it under the Matrix's id, at the same hand id."""
    run = _run(tmp_path, 3, faults=FAULTS)
    assert {str(t["fault"]) for t in run.truth} >= {"heads_up_button_wrong",
                                                      "wrong_big_blind_after_bust"}
    matrix = run.matrix.spec.tournament
    for output, paths, tournament_of in (
            ("log", [run.log], lambda t: t["tournament"]),
            ("ftp", run.text, lambda t: matrix)):
        result = audit(paths, RULES)
        places = {(f.location.tournament, f.location.hand, clause) for f in result.findings
                  for clause in f.clauses}
        missed = [t for t in run.truth
                  if (tournament_of(t), t["hand"], t["clause"]) not in places]
        assert missed == [], output
    counts = collections.Counter(str(t["tournament"]) for t in run.truth)
    assert len(counts) > 1  # faults in several matches


def test_the_same_seed_plays_the_same_matrix(tmp_path: Path, runs: list[Run]) -> None:
    again = _run(tmp_path, 1)
    assert again.events == runs[0].events
    for first, second in zip(sorted(runs[0].text), sorted(again.text), strict=True):
        assert first.read_bytes() == second.read_bytes()


def test_simulate_writes_matrix_events_with_colluders(tmp_path: Path) -> None:
    """`feltcheck simulate --matrix-every 1`: every tournament a Matrix, its matches' text
    files and log tournaments; teams of colluders register for it and it audits clean."""
    argv = ["simulate", "--seed", "4", "--hands", "10", "--matrix-every", "1", "--mtt-every",
            "0", "--colluders", "chip_dumping:2,friends:2", "--out", str(tmp_path)]
    assert main(argv) == 0
    texts = sorted(p.name for p in (tmp_path / "ftp").iterdir())
    assert texts == [f"FT900001.match{n}.{kind}.txt" for n in range(1, MATCHES + 1)
                     for kind in ("hands", "summary")]
    (log,) = (tmp_path / "log").glob("*.jsonl")
    terms = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()
             if '"tournament_terms"' in line]
    assert [(t["tournament"], t["kind"]) for t in terms] == [
        (f"900001-{n}", "matrix") for n in range(1, MATCHES + 1)]
    _clean(audit([log], RULES))
    _clean(audit(sorted((tmp_path / "ftp").iterdir()), RULES))
