"""Issue 15, deliverables 1, 2 and 7: logs that stop mid-tournament, every paid place paid, and
a player who unregisters after seating (fixtures: tests/fixture_makers/make_ledger_fixtures.py).
"""

import json
from pathlib import Path

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.replay.facts import Percent, Seconds
from checker.replay.tournament_places import PlaceBook, Placed
from tests.fixture_makers import make_ledger_fixtures as maker

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "fulltilt.rules"
_RULESET: list[Ruleset] = []

# Each planted log: its one finding, at the line of the record that breaks the rule.
PLANTED: dict[str, tuple[str, int]] = {
    "log-stopped-stack-changed": ("tournament.stacks-carried-between-hands", 24),
    "log-paid-place-unpaid": ("prizes.every-paid-place-paid", 29),
    "log-paid-place-overdue": ("prizes.every-paid-place-paid", 29),
    "log-unregistered-after-seating": ("unregistration.only-until-seating", 19),
}


def _findings(path: Path) -> list[tuple[str, int]]:
    if not _RULESET:
        _RULESET.append(load_ruleset(RULES))
    rules = _RULESET[0]
    result = audit([path], ruleset_id(rules, RULES), rules)
    return sorted((f.rule, f.location.line) for f in result.findings)


def _write(tmp_path: Path, lines: list[maker.Line]) -> Path:
    path = tmp_path / "log.jsonl"
    path.write_text(maker.numbered(lines))
    return path


def test_the_maker_reproduces_the_fixtures() -> None:
    for path, text in maker.written().items():
        assert path.read_text() == text, path.name


def test_planted_and_twins() -> None:
    for name, (rule, line) in PLANTED.items():
        assert _findings(maker.FIXTURES / f"{name}.planted.jsonl") == [(rule, line)], name
        assert _findings(maker.FIXTURES / f"{name}.twin.jsonl") == [], name


# ---------------------------------------------------------------- 1: stacks between hands


def test_a_stack_change_is_found_at_its_hand_whether_or_not_the_log_ends(
        tmp_path: Path) -> None:
    # The whole tournament with erin's 200 extra chips at the third hand: the fourth hand's
    # line deals her what the fourth hand started with, 200 fewer than the third left her.
    # Each change at its hand; the end does not count them again as chips not conserved.
    lines = maker.example("815001")
    third = lines[maker.find(lines, "hand", hand="8150010003")]
    maker.seat_of(third, "erin")["stack"] = 3230
    assert _findings(_write(tmp_path, lines)) == [
        ("tournament.stacks-carried-between-hands", 24),
        ("tournament.stacks-carried-between-hands", 26)]


def test_a_table_move_between_hands_is_no_change(tmp_path: Path) -> None:
    # erin is moved (to the same seat) with 3,230 chips: the line says so, so the third hand
    # is dealt what the log left her. (A log that ends counts such chips at its end:
    # tournament.chips-conserved.)
    lines = maker.stopped(planted=True)
    move: maker.Line = {"event": "table_move", "seq": 0, "at": "2026-11-01T18:02:01Z",
                        "tournament": "815001", "player": "erin", "from_table": "1",
                        "from_seat": 5, "to_table": "1", "to_seat": 5, "stack": 3230,
                        "reason": "balance"}
    lines.insert(maker.find(lines, "hand", hand="8150010003"), move)
    assert _findings(_write(tmp_path, lines)) == []


def test_after_a_lost_line_a_stack_is_not_judged_until_a_line_states_it(
        tmp_path: Path) -> None:
    lines = maker.stopped(planted=True)
    text = maker.numbered(lines).splitlines(keepends=True)
    # The info view before the third hand is lost (its seq is skipped): it might have been a
    # rebuy or a move of erin's.
    view = maker.find(lines, "info_view")
    path = tmp_path / "log.jsonl"
    path.write_text("".join(text[:view] + text[view + 1:]))
    assert _findings(path) == []


# ---------------------------------------------------------------- 2: every paid place paid


def test_a_stopped_log_judges_only_payouts_already_due(tmp_path: Path) -> None:
    # The log stops one second after alice's elimination (2nd, $21), before her payout: not
    # yet due, not a finding; two minutes later it is (the planted fixture).
    lines = maker.example("815003")
    lines = lines[:maker.find(lines, "payout", player="alice")]
    assert _findings(_write(tmp_path, lines)) == []


def test_a_zero_payout_is_judged_by_its_amount_not_as_missing(tmp_path: Path) -> None:
    lines = maker.example("815002")
    lines[maker.find(lines, "payout", player="alice")]["paid"] = 0
    assert _findings(_write(tmp_path, lines)) == [("prizes.paid-per-structure", 30)]


def test_an_unpaid_winner_is_found_at_the_end(tmp_path: Path) -> None:
    lines = maker.example("815002")
    del lines[maker.find(lines, "payout", player="erin")]
    assert _findings(_write(tmp_path, lines)) == [("prizes.every-paid-place-paid", 31)]


def test_tied_players_cover_the_places_after_theirs() -> None:
    # c and d tie at 2nd of four: they hold 2nd and 3rd; d has no payout line.
    book = PlaceBook()
    for player, place, line in (("a", 4, 10), ("c", 2, 11), ("d", 2, 12)):
        book.out(player, Placed(place, Seconds(100), 0, line, line))
    book.payout("c", Placed(2, Seconds(101), 500, 13, 13))
    book.payout("b", Placed(1, Seconds(102), 1000, 14, 14))
    book.end = Placed(1, Seconds(103), 0, 15, 15)
    shares = [Percent(5000), Percent(3000), Percent(2000)]
    places = [(fact.place, fact.covers, fact.share, fact.holders, fact.unpaid, line)
              for fact, line, _ in book.places(["b"], shares, 4, Seconds(103), (15, 15))]
    assert places == [(1, 1, 5000, ["b"], [], 15), (2, 2, 5000, ["c", "d"], ["d"], 12),
                      (4, 1, 0, ["a"], ["a"], 10)]


# ---------------------------------------------------------------- 7: unregistering after seating


def test_unregistering_after_the_start_leaves_no_knock_on(tmp_path: Path) -> None:
    # gina plays nothing: seated at seat 7 of table 2 before the start, she unregisters after
    # it. Her chips leave play, the field and the pool lose her entry, nobody must eliminate
    # her: the only finding is the unregistration.
    lines = maker.unregistered(planted=True)
    leaving = lines.pop(maker.find(lines, "unregistration", player="gina"))
    seat = lines[maker.find(lines, "seat", player="gina")]
    seat.update(table="2", seat=1)
    start = maker.find(lines, "tournament_start")
    lines[start]["tables"] = 2
    leaving["at"] = "2026-11-01T18:00:38Z"
    lines.insert(start + 1, leaving)
    closed: maker.Line = {"event": "table_closed", "seq": 0, "at": "2026-11-01T18:00:39Z",
                          "tournament": "815007", "table": "2"}
    lines.insert(start + 2, closed)
    found = _findings(_write(tmp_path, lines))
    assert found == [("unregistration.only-until-seating", start + 2)], json.dumps(found)
