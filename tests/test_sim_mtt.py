"""Multi-table tournaments (checker/sim/mtt.py) judged by the audit under rules/fulltilt.rules.

MTTs of several sizes at 9- and 6-seat tables, written as a tournament log (LogWriter) and as
Full Tilt text (ftp_text.write_tournament): without faults no finding at all; with the faults
of clauses 20 and 21 (and hand faults of the hand engine) each one found at its hand or event
with its clause; the same seed gives the same events; the log is in time order with the
tables' hands interleaved; balancing moves go from a fuller table to the shortest and leave
the givers within one player of every table; hand-for-hand deals start only once the previous
deal ended everywhere."""

import collections
import itertools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import pytest

from checker.audit.ruleset import identify_ruleset
from checker.audit.run import AuditResult, audit
from checker.model.hand import BettingStructure, Game
from checker.model.hand_line import hand_played
from checker.sim import faults
from checker.sim.faults import FaultPlan
from checker.sim.ftp_text import write_tournament
from checker.sim.hand_engine import play_hand
from checker.sim.log_writer import LogWriter
from checker.sim.mtt import Bust, MultiTableTournament, largest_pot_winners
from checker.sim.sit_and_go import SitAndGoSpec
from checker.sim.styles import population
from tests.conftest import REPO

RULES = identify_ruleset(REPO / "rules" / "fulltilt.rules")
START = datetime(2026, 11, 1, 18, 0, tzinfo=UTC)
# The catalogue lines of this driver's faults (the lead adds them to checker/sim/faults.py).
# (seed, entrants, seats per table, game, structure)
CLEAN = [
    (1, 60, 9, Game.HOLDEM, BettingStructure.NO_LIMIT),
    (2, 90, 9, Game.HOLDEM, BettingStructure.NO_LIMIT),
    (3, 45, 6, Game.OMAHA, BettingStructure.POT_LIMIT),
    (4, 20, 9, Game.HOLDEM, BettingStructure.FIXED_LIMIT),
    (5, 75, 6, Game.HOLDEM, BettingStructure.NO_LIMIT),
    (6, 33, 6, Game.HOLDEM, BettingStructure.POT_LIMIT),
]
# This driver's faults, and hand faults the hand engine injects at any table.
FAULTY = ("moved_player_not_sitting_out:1,table_held_wrongly:0.3,odd_chip_wrong_winner:1,"
          "reraise_after_short_all_in:1")


@dataclass
class Run:
    spec: SitAndGoSpec
    events: list[dict[str, Any]]
    truth: list[dict[str, object]]
    log: Path
    text: list[Path]


def _run(folder: Path, seed: int, entrants: int, seats: int, game: Game = Game.HOLDEM,
         structure: BettingStructure = BettingStructure.NO_LIMIT, fault_text: str = "") -> Run:
    rng = random.Random(seed)
    spec = SitAndGoSpec(f"{800000 + seed}", seats, 2000, 200, game, structure, START)
    mtt = MultiTableTournament(spec, population(rng, entrants), rng,
                               random.Random(f"faults-{seed}"), FaultPlan.parse(fault_text),
                               play_hand)
    events = list(mtt.run())
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / f"mtt-{seed}.jsonl"
    with log.open("w", encoding="utf-8") as out:
        writer = LogWriter(out, "2026-11-01T16:00:00Z")
        written = [dict(e) for e in events]  # the writer numbers (and strips) its copies
        truth = writer.write(written) + writer.hand_truth(mtt.injected, spec.tournament)
    text = write_tournament(folder / f"ftp-{seed}", spec, events)
    return Run(spec, [json.loads(line) for line in log.read_text("utf-8").splitlines()[1:]],
               truth, log, text)


def _clean(result: AuditResult) -> None:
    assert result.hands_rejected == 0 and result.events_rejected == 0
    assert result.warnings == []
    assert [(f.rule, f.message) for f in result.findings] == []


@pytest.fixture(scope="module")
def clean_runs(tmp_path_factory: pytest.TempPathFactory) -> list[Run]:
    folder = tmp_path_factory.mktemp("mtt-clean")
    return [_run(folder, *case) for case in CLEAN]


@pytest.fixture(scope="module")
def faulty_runs(tmp_path_factory: pytest.TempPathFactory) -> list[Run]:
    folder = tmp_path_factory.mktemp("mtt-faulty")
    return [_run(folder, seed, entrants, seats, fault_text=FAULTY)
            for seed, entrants, seats in ((11, 60, 9), (12, 45, 6), (13, 90, 9))]


def _seconds(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


@pytest.mark.parametrize("index", range(len(CLEAN)))
def test_mtts_without_faults_audit_clean(clean_runs: list[Run], index: int) -> None:
    run = clean_runs[index]
    assert run.truth == []
    _clean(audit([run.log], RULES))
    _clean(audit(run.text, RULES))


def test_the_runs_show_every_mtt_mechanism(clean_runs: list[Run]) -> None:
    seen: collections.Counter[str] = collections.Counter()
    for run in clean_runs:
        seen.update(e["event"] for e in run.events)
        seen.update(f"move:{e['reason']}" for e in run.events if e["event"] == "table_move")
        seen.update("deal" for e in run.events if e["event"] == "hand" and e.get("deal"))
        starts = [e for e in run.events if e["event"] == "tournament_start"]
        assert starts[0]["tables"] >= 3
    for mechanism in ("move:balance", "move:table_closed", "move:final_table", "table_closed",
                      "table_hold", "hand_for_hand", "deal", "break_start", "tournament_end"):
        assert seen[mechanism] > 0, mechanism


def test_every_entrant_finishes_once_and_the_pool_is_paid(clean_runs: list[Run]) -> None:
    for run in clean_runs:
        closed = next(e for e in run.events if e["event"] == "registration_closed")
        seated = {e["player"] for e in run.events if e["event"] == "seat"}
        busted = [e["player"] for e in run.events if e["event"] == "elimination"]
        end = next(e for e in run.events if e["event"] == "tournament_end")
        assert len(seated) == closed["entrants"]
        assert sorted([*busted, end["winner"]]) == sorted(seated)
        # Runs of consecutive elimination lines (one hand, or one hand-for-hand deal): each
        # later run finishes below every earlier one; the first out is last, the last second.
        runs: list[list[int]] = [[]]
        for event in run.events:
            if event["event"] == "elimination":
                runs[-1].append(event["place"])
            elif runs[-1]:
                runs.append([])
        runs = [r for r in runs if r]
        assert all(min(a) > max(b) for a, b in itertools.pairwise(runs))
        worst = max(runs[0])  # players tied at a place cover the places after it too
        assert worst + runs[0].count(worst) - 1 == closed["entrants"] and min(runs[-1]) == 2
        paid = sum(e["paid"] for e in run.events if e["event"] == "payout")
        # Each prize is its share of the pool rounded down (a tie's shares averaged).
        assert closed["prize_pool"] * 99 // 100 <= paid <= closed["prize_pool"]


def test_the_log_is_in_time_order_and_tables_interleave(clean_runs: list[Run]) -> None:
    for run in clean_runs:
        times = [_seconds(e["at"]) for e in run.events]
        assert times == sorted(times)
        tables = [e["table"] for e in run.events if e["event"] == "hand"]
        assert sum(1 for a, b in itertools.pairwise(tables) if a != b) >= 10


def _seated(run: Run) -> Iterator[tuple[dict[str, Any], dict[str, set[str]]]]:
    """Each event with who sits at each table after it (as the log says)."""
    tables: dict[str, set[str]] = collections.defaultdict(set)
    for event in run.events:
        kind = event["event"]
        if kind == "seat":
            tables[event["table"]].add(event["player"])
        elif kind == "table_move":
            tables[event["from_table"]].discard(event["player"])
            tables[event["to_table"]].add(event["player"])
        elif kind == "elimination":
            tables[event["table"]].discard(event["player"])
        elif kind == "table_closed":
            assert not tables.pop(event["table"])
        yield event, tables


def test_eliminations_at_one_moment_at_different_tables_are_ranked_as_one_hand(
        clean_runs: list[Run]) -> None:
    """Clause 25: busts of hands ending at the same second at different tables are ranked
    together by the stacks their hands started with (equal stacks tie and share)."""
    moments = 0
    for run in clean_runs:
        started: dict[tuple[str, str], int] = {}
        by_moment: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
        for event in run.events:
            if event["event"] == "hand":
                started.update({(event["hand"], s["player"]): s["stack"]
                                for s in event["seats"]})
            elif event["event"] == "elimination":
                by_moment[event["at"]].append(event)
        for busts in by_moment.values():
            if len({b["table"] for b in busts}) < 2:
                continue
            moments += 1
            for a, b in itertools.permutations(busts, 2):
                stack_a, stack_b = started[a["hand"], a["player"]], started[b["hand"], b["player"]]
                if stack_a > stack_b:
                    assert a["place"] < b["place"], (a, b)
                elif stack_a == stack_b:
                    assert (a["place"], a["prize"]) == (b["place"], b["prize"]), (a, b)
    assert moments >= 1  # the seeds give the occasion (seed 5: two such moments)


def test_a_hold_waits_for_every_bust_of_its_second(tmp_path: Path) -> None:
    """Clause 21 judges a hold against the tables as its line leaves them, after every
    elimination of that second (clause 25 writes them together): a table whose hand ended
    first is held or not once the other tables' hands of that second have ended too. Seed 6's
    90 entrants give the occasion; a hold decided before the other table's bust was found one
    player short of needed."""
    run = _run(tmp_path, 6, 90, 9)
    tables_out: dict[str, set[str]] = collections.defaultdict(set)
    for event in run.events:
        if event["event"] == "elimination":
            tables_out[event["at"]].add(event["table"])
    assert any(len(tables) >= 2 for tables in tables_out.values())
    _clean(audit([run.log], RULES))


def test_balancing_moves_leave_the_givers_within_one(clean_runs: list[Run]) -> None:
    moves = 0
    for run in clean_runs:
        step: list[dict[str, Any]] = []
        for event, tables in _seated(run):
            if event["event"] == "table_move" and event["reason"] == "balance":
                sizes = {name: len(players) for name, players in tables.items()}
                before_to = sizes[event["to_table"]] - 1
                before_from = sizes[event["from_table"]] + 1
                # From a table two or more fuller, to a table with the fewest players.
                assert before_from - before_to >= 2
                assert before_to <= min(sizes.values())
                step.append(event)
                moves += 1
                continue
            if step:  # the step is over: every giver is within one of every table
                sizes = {name: len(players) for name, players in tables.items()}
                for move in step:
                    assert sizes[move["from_table"]] - min(sizes.values()) <= 1
                step = []
    assert moves > 10


def test_hand_for_hand_deals_wait_for_every_table(clean_runs: list[Run]) -> None:
    deals = 0
    for run in clean_runs:
        ended: dict[int, float] = {}
        started: dict[int, list[float]] = collections.defaultdict(list)
        for event in run.events:
            if event["event"] == "hand" and event.get("deal"):
                deal = event["deal"]
                started[deal].append(_seconds(event["started"]))
                ended[deal] = max(ended.get(deal, 0.0), _seconds(event["at"]))
        for deal, starts in started.items():
            deals += 1
            assert len(set(starts)) == 1  # every table deals it at once
            if deal > 1:
                assert min(starts) >= ended[deal - 1]
    assert deals > 0


def test_each_fault_is_found_at_its_place(faulty_runs: list[Run]) -> None:
    injected: collections.Counter[object] = collections.Counter()
    for run in faulty_runs:
        injected.update(line["fault"] for line in run.truth)
        for output, paths in (("log", [run.log]), ("ftp", run.text)):
            result = audit(paths, RULES)
            places: set[tuple[object, str]] = {
                (f.location.hand, clause) for f in result.findings for clause in f.clauses}
            places |= {(f.location.event, clause) for f in result.findings
                       for clause in f.clauses}
            for line in run.truth:
                visible = line["visible_in"]
                assert isinstance(visible, list)
                if output in visible:
                    assert (line.get("hand"), line["clause"]) in places or (
                        line.get("event"), line["clause"]) in places, (output, line)
            # Nothing is found that was not injected.
            truth_places = {(line.get("hand"), line["clause"]) for line in run.truth}
            truth_places |= {(line.get("event"), line["clause"]) for line in run.truth}
            for finding in result.findings:
                assert any((where, clause) in truth_places for clause in finding.clauses
                           for where in (finding.location.hand, finding.location.event))
    for fault in ("moved_player_not_sitting_out", "table_held_wrongly",
                  "odd_chip_wrong_winner", "reraise_after_short_all_in"):
        assert injected[fault] > 0, fault


def test_a_wrong_hold_is_not_short_enough(faulty_runs: list[Run]) -> None:
    """Read from the log, not the rules file: the hold the fault writes leaves the table
    short of the fullest by less than clause 21 asks (3 with more than 6 tables, else 2)."""
    for run in faulty_runs:
        wrong = {line["event"] for line in run.truth if line["fault"] == "table_held_wrongly"}
        for event, tables in _seated(run):
            if event["seq"] in wrong:
                sizes = {name: len(players) for name, players in tables.items() if players}
                needed = 3 if len(sizes) > 6 else 2
                assert max(sizes.values()) - sizes[event["table"]] < needed


def test_the_same_seed_gives_the_same_events(tmp_path: Path) -> None:
    first = _run(tmp_path / "a", 21, 40, 9, fault_text=FAULTY)
    second = _run(tmp_path / "b", 21, 40, 9, fault_text=FAULTY)
    assert first.events == second.events and first.truth == second.truth
    other = _run(tmp_path / "c", 22, 40, 9, fault_text=FAULTY)
    assert other.events != first.events


def _award(player: str, amount: int, pot: int) -> dict[str, object]:
    return {"player": player, "amount": amount, "pot": pot}


def test_the_largest_pot_winners_are_every_winner_of_the_largest_pot() -> None:
    hand = hand_played({
        "event": "hand", "seq": 1, "at": "2026-11-01T16:00:00Z", "tournament": "1",
        "table": "1", "hand": "h1", "started": "2026-11-01T15:59:00Z", "game": "holdem",
        "structure": "no_limit", "button": 1,
        "seats": [{"seat": n, "player": p, "stack": 1500, "cards": ["2c", "3d"]}
                  for n, p in enumerate(("a", "b", "c"), start=1)],
        "actions": [], "awards": [_award("b", 300, 0), _award("a", 300, 0), _award("c", 900, 1),
                                  _award("a", 100, 2)]})
    assert largest_pot_winners(hand) == ["c"]
    split = msgspec.structs.replace(hand, awards=hand.awards[:2])
    assert largest_pot_winners(split) == ["a", "b"]


@pytest.mark.parametrize("fault_text, paid_to", [("", ["a", "b"]),
                                                 ("bounty_missing_on_split_pot", ["a"])])
def test_a_professional_busted_on_a_split_pot_pays_every_winner(
        fault_text: str, paid_to: list[str]) -> None:
    """Clause 13 (the occasion is rare in play: a professional out in a split pot): the
    bounty line, and the fault that pays only one of the largest pot's winners."""
    rng = random.Random(1)
    spec = SitAndGoSpec("800900", 9, 2000, 200, Game.HOLDEM, BettingStructure.NO_LIMIT, START)
    players = population(rng, 40)
    mtt = MultiTableTournament(spec, players, rng, random.Random("faults"),
                               FaultPlan.parse(fault_text), play_hand)
    terms = mtt._terms()
    pros = terms["bounty"]["professionals"]
    assert len(pros) == 2 and set(pros) <= {p.name for p in players}
    line = mtt._bounty(pros[0], Bust("1", "h1", 0, {pros[0]: 500}, [pros[0]], ["a", "b"]))
    assert (line["event"], line["paid_to"], line["amount_each"]) == ("bounty", paid_to, 2000)
    assert (faults.FAULTS_KEY in line) == bool(fault_text)
