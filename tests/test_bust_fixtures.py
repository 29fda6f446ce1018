"""Issue 15, deliverables 3-5: a player left with no chips is eliminated (clause 16), a held
table resumes once balance is restored (21), eliminations at the same moment at different
tables are one hand (25). The fixtures (tests/fixture_makers/make_bust_fixtures.py) and what
changes the verdict around them."""

import json
from pathlib import Path

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.replay.facts import EliminationEvent
from tests.fixture_makers.make_bust_fixtures import (
    PAIRS,
    held_table_resumes,
    no_chips_eliminated,
    same_moment,
)
from tests.fixture_makers.make_tournament_fixtures import FIXTURES, Line, Log, at
from tests.test_tournament_replay import RULES, _replay, _ruleset

NO_CHIPS = "elimination.player-without-chips-eliminated"
RESUMES = "tables.held-table-resumes"


def _write(log: Log | list[Line], path: Path) -> Path:
    lines = log.lines if isinstance(log, Log) else log
    path.write_text("".join(json.dumps({**line, "seq": n}) + "\n"
                            for n, line in enumerate(lines)))
    return path


def _findings(path: Path) -> list[tuple[str, int]]:
    rules = _ruleset()
    result = audit([path], ruleset_id(rules, RULES), rules)
    return sorted((f.rule, f.location.line) for f in result.findings)


def _line_of(log: Log, **match: object) -> int:
    """The file line (1-based) of the first line with these fields."""
    return next(n for n, line in enumerate(log.lines, start=1)
                if all(line.get(k) == v for k, v in match.items()))


def test_the_generator_writes_the_committed_fixtures() -> None:
    for name, make in PAIRS.items():
        for variant, planted in (("planted", True), ("twin", False)):
            path = FIXTURES / f"{name}.{variant}.jsonl"
            assert path.read_text() == make(planted).text(), path.name


def test_each_planted_log_gives_its_one_finding_at_the_record_that_breaks_the_rule(
        tmp_path: Path) -> None:
    busting = no_chips_eliminated(True)
    held = held_table_resumes(True)
    moment = same_moment(True)
    expected = {
        # the hand that left cat with no chips
        "log-no-chips-eliminated": [(NO_CHIPS, _line_of(busting, hand="8110010001"))],
        # the hand after which table 2 stood one short of table 1 (p13 busted)
        "log-held-table-resumes": [(RESUMES, _line_of(held, hand="8111010001"))],
        # bob's elimination: he started with more chips than dan and finished lower
        "log-same-moment": [("elimination.same-hand-order",
                             _line_of(moment, event="elimination", player="bob"))],
    }
    for name, findings in expected.items():
        assert _findings(FIXTURES / f"{name}.planted.jsonl") == findings, name
        assert _findings(FIXTURES / f"{name}.twin.jsonl") == [], name


# ---------------------------------------------------------------- clause 16


def _without_second_hand(log: Log) -> list[Line]:
    return [line for line in log.lines if line.get("hand") != "8110010002"]


def test_the_tournament_end_without_the_elimination_is_a_finding(tmp_path: Path) -> None:
    log = no_chips_eliminated(True)
    lines = _without_second_hand(log)
    lines.append({"event": "tournament_end", "at": at(100), "tournament": log.tournament,
                  "outcome": "finished", "winner": None})
    found = [f for f in _findings(_write(lines, tmp_path / "end.jsonl")) if f[0] == NO_CHIPS]
    assert found == [(NO_CHIPS, _line_of(log, hand="8110010001"))]


def test_a_log_that_stops_after_the_hand_is_judged_as_far_as_it_goes(tmp_path: Path) -> None:
    lines = _without_second_hand(no_chips_eliminated(True))
    assert _findings(_write(lines, tmp_path / "cut.jsonl")) == []


def test_a_rebuy_or_a_rollback_instead_of_the_elimination(tmp_path: Path) -> None:
    log = no_chips_eliminated(True)
    index = _line_of(log, hand="8110010001")  # the line after the busting hand
    rebuy: Line = {"event": "rebuy", "at": at(55), "tournament": log.tournament,
                   "player": "cat", "kind": "rebuy", "paid": 1000, "chips": 1500}
    rollback: Line = {"event": "rollback", "at": at(55), "tournament": log.tournament,
                      "table": "1", "hand": "8110010001", "stacks": [
                          {"player": p, "seat": n, "stack": 1500}
                          for n, p in enumerate(["ann", "bob", "cat", "dan"], start=1)]}
    for name, extra in (("rebuy", rebuy), ("rollback", rollback)):
        lines = [*log.lines[:index], extra, *log.lines[index:]]
        found = _findings(_write(lines, tmp_path / f"{name}.jsonl"))
        assert NO_CHIPS not in {rule for rule, _ in found}, name


# ---------------------------------------------------------------- clause 21


def test_a_held_table_still_short_of_balance_may_wait(tmp_path: Path) -> None:
    """Held three short (6 to 3); a bust at the fullest leaves it two short: still held."""
    log = held_table_resumes(True)
    lines = [line for line in log.lines
             if not (line.get("event") == "seat" and line.get("player") == "p24")]
    for line in lines:
        if line["event"] == "registration_closed":
            line["entrants"], line["prize_pool"] = 9, 9000
        elif line["event"] == "tournament_start":
            line["entrants"] = 9
        elif line["event"] == "elimination":
            line["place"] = 9
    assert _findings(_write(lines, tmp_path / "short.jsonl")) == []


def test_no_hand_dealt_elsewhere_no_finding(tmp_path: Path) -> None:
    lines = [line for line in held_table_resumes(True).lines
             if line.get("hand") != "8111010002"]
    assert _findings(_write(lines, tmp_path / "stop.jsonl")) == []


# ---------------------------------------------------------------- clause 25


def _same_moments(path: Path) -> dict[str, list[str]]:
    steps = _replay(path, "811201")
    return {s.event.elimination.player: [b.player for b in s.event.elimination.same_moment]
            for s in steps if isinstance(s.event, EliminationEvent)}


def test_same_moment_pairs_only_eliminations_written_at_the_same_instant(
        tmp_path: Path) -> None:
    log = same_moment(True)
    assert _same_moments(_write(log, tmp_path / "same.jsonl")) == {"bob": ["dan"],
                                                                    "dan": ["bob"]}
    # Each hand's line and its elimination together, still the same moment.
    hands = [line for line in log.lines if line["event"] == "hand"]
    busts = [line for line in log.lines if line["event"] == "elimination"]
    head = [line for line in log.lines if line not in hands and line not in busts]
    table_of = {"bob": "1", "dan": "2"}
    mixed = [*head, hands[0]]
    for hand_line in hands[1:]:
        mixed.append(hand_line)
        mixed += [b for b in busts if table_of[str(b["player"])] == hand_line["table"]]
    assert _same_moments(_write(mixed, tmp_path / "mixed.jsonl")) == {"bob": ["dan"],
                                                                      "dan": ["bob"]}
    # A second apart: two hands, ranked as they came.
    busts[-1]["at"] = at(102)
    apart = _write(log, tmp_path / "apart.jsonl")
    assert _same_moments(apart) == {"bob": [], "dan": []}
    assert _findings(apart) == []
