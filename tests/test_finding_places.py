"""Findings point at the record that breaks the rule (issue 14): a starting stack at its
player's `seat` line, late MTT seating at the `seating_started` line, the payout structure at
the `registration_closed` line. Each planted log gives its findings at exactly those lines (and
log `seq`s); its clean twin gives none. The simulator's injected unequal stacks are found at
the seat line its truth names."""

import json
from pathlib import Path

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.cli import main
from checker.dsl.ruleset import Ruleset, load_ruleset
from tests.conftest import REPO
from tests.test_rules_plays import TOURNAMENT_SEAT_CHANGE

RULES = REPO / "rules" / "fulltilt.rules"
FIXTURES = REPO / "hand_histories" / "fixtures"
_RULESET: list[Ruleset] = []

Line = dict[str, object]
# (rule, line, seq) of each finding.
Place = tuple[str, int, int | None]


def _ruleset() -> Ruleset:
    if not _RULESET:
        _RULESET.append(load_ruleset(RULES))
    return _RULESET[0]


def _places(path: Path) -> list[Place]:
    rules = _ruleset()
    result = audit([path], ruleset_id(rules, RULES), rules)
    return sorted((f.rule, f.location.line, f.location.event) for f in result.findings)


def _write(path: Path, lines: list[Line]) -> Path:
    """A log of `lines` after its header: line n + 1 holds seq n, as writers number them."""
    header: Line = {"event": "log_start", "seq": 0, "at": "2026-11-02T10:00:00Z",
                    "schema_version": "1.0", "site": "Full Tilt Poker", "writer": "test"}
    body = [{"seq": n, "tournament": "1", **line} for n, line in enumerate(lines, start=1)]
    path.write_text("".join(json.dumps(line) + "\n" for line in [header, *body]))
    return path


def _at(minute: int, second: int = 0) -> str:
    return f"2026-11-02T12:{minute:02d}:{second:02d}Z"


def _terms(kind: str, entrants: int, starting_stack: int | None = 1500) -> Line:
    return {"event": "tournament_terms", "at": _at(0), "kind": kind, "game": "holdem",
            "structure": "no_limit", "currency": "USD", "buy_in": 1000, "fee": 100,
            "starting_stack": starting_stack, "seats_per_table": 9,
            "max_entrants": entrants if kind == "sit_and_go" else None,
            "scheduled_start": _at(10),
            "levels": [{"level": 1, "duration_s": 600, "small_blind": 10, "big_blind": 20}],
            "breaks": None,
            "payout_structure": [{"min_entrants": 2, "shares_bp": [6500, 3500]}]}


def _sit_and_go(stacks: list[int], starting_stack: int | None = 1500) -> list[Line]:
    """A Sit & Go of len(stacks) players seated with those stacks, filled and started at
    once. Lines 2.. are the registrations, then the close, then the seats."""
    players = [f"p{n}" for n in range(len(stacks))]
    lines: list[Line] = [_terms("sit_and_go", len(players), starting_stack)]
    lines += [{"event": "registration", "at": _at(1, n), "player": p, "accepted": True,
               "paid": 1100, "paid_currency": "cash"} for n, p in enumerate(players)]
    lines.append({"event": "registration_closed", "at": _at(1, 30), "entrants": len(players),
                  "prize_pool": 1000 * len(players), "payout_shares_bp": [6500, 3500]})
    lines += [{"event": "seat", "at": _at(1, 30), "player": p, "table": "1", "seat": n + 1,
               "stack": stack} for n, (p, stack) in enumerate(zip(players, stacks, strict=True))]
    lines.append({"event": "tournament_start", "at": _at(1, 31), "entrants": len(players),
                  "tables": 1})
    return lines


def _seat_line(players: int, seat: int) -> int:
    """The file line of the `seat` line of seat `seat` in _sit_and_go: the header, the
    terms, the registrations and the close come first."""
    return 1 + 1 + players + 1 + seat


# ---------------------------------------------------------------- starting stacks (1, 7)


def test_a_short_stack_is_found_at_its_seat_line(tmp_path: Path) -> None:
    # Six seats, the fourth 10 chips short: both stack rules point at that seat's line only.
    planted = _write(tmp_path / "short.jsonl", _sit_and_go([1500, 1500, 1500, 1490, 1500, 1500]))
    line = _seat_line(6, 4)
    assert _places(planted) == [("tournament.equal-starting-stacks", line, line - 1),
                                ("tournament.starting-stack", line, line - 1)]
    twin = _write(tmp_path / "twin.jsonl", _sit_and_go([1500] * 6))
    assert _places(twin) == []


def test_each_offending_entrant_has_its_own_finding(tmp_path: Path) -> None:
    # Two of five seats get 2,000: the others' 1,500 is the common stack.
    planted = _write(tmp_path / "two.jsonl", _sit_and_go([1500, 2000, 1500, 2000, 1500]))
    lines = [_seat_line(5, 2), _seat_line(5, 4)]
    assert _places(planted) == sorted(
        [(rule, line, line - 1) for line in lines
         for rule in ("tournament.equal-starting-stacks", "tournament.starting-stack")])


def test_heads_up_with_two_stacks_the_terms_say_which_is_unequal(tmp_path: Path) -> None:
    # 1,500 against 1,490: no stack is held by more entrants; the terms' 1,500 decides.
    planted = _write(tmp_path / "hu.jsonl", _sit_and_go([1490, 1500]))
    line = _seat_line(2, 1)
    assert _places(planted) == [("tournament.equal-starting-stacks", line, line - 1),
                                ("tournament.starting-stack", line, line - 1)]


def test_equal_stacks_off_the_terms_break_only_the_stated_stack(tmp_path: Path) -> None:
    # Everyone gets 2,000 where the terms say nothing (the default 1,500 applies): the stacks
    # are equal, and every seat line breaks clause 7's stated stack.
    planted = _write(tmp_path / "all.jsonl", _sit_and_go([2000] * 3, starting_stack=None))
    assert _places(planted) == [("tournament.starting-stack", _seat_line(3, seat),
                                 _seat_line(3, seat) - 1) for seat in (1, 2, 3)]
    twin = _write(tmp_path / "twin.jsonl", _sit_and_go([1500] * 3, starting_stack=None))
    assert _places(twin) == []


def test_the_starting_stack_fixture_is_found_at_both_seat_lines() -> None:
    # Terms say 1,500, both seats (lines 6 and 7, seq 5 and 6) get 1,000.
    planted = FIXTURES / "log-starting-stack.planted.jsonl"
    assert _places(planted) == [("tournament.starting-stack", 6, 5),
                                ("tournament.starting-stack", 7, 6)]
    assert _places(FIXTURES / "log-starting-stack.twin.jsonl") == []


# ---------------------------------------------------------------- seating on time (5)


def _mtt(seating_at: str) -> list[Line]:
    players = ["ann", "bob"]
    lines: list[Line] = [_terms("mtt", 2)]
    lines += [{"event": "registration", "at": _at(1, n), "player": p, "accepted": True,
               "paid": 1100, "paid_currency": "cash"} for n, p in enumerate(players)]
    lines.append({"event": "registration_closed", "at": _at(10), "entrants": 2,
                  "prize_pool": 2000, "payout_shares_bp": [6500, 3500]})
    lines.append({"event": "seating_started", "at": seating_at})
    lines += [{"event": "seat", "at": _at(20, n), "player": p, "table": "1", "seat": n + 1,
               "stack": 1500} for n, p in enumerate(players)]
    lines.append({"event": "tournament_start", "at": _at(21), "entrants": 2, "tables": 1})
    return lines


def test_late_mtt_seating_is_found_at_the_seating_started_line(tmp_path: Path) -> None:
    # Scheduled 12:10; seating begins 12:20 (line 6, seq 5), the start a minute later.
    planted = _write(tmp_path / "late.jsonl", _mtt(_at(20)))
    assert _places(planted) == [("tournament.mtt-seating-on-time", 6, 5)]
    twin = _write(tmp_path / "twin.jsonl", _mtt(_at(10)))
    assert _places(twin) == []


# ---------------------------------------------------------------- structure at the close (12-15)


def test_the_structure_shown_is_found_at_the_registration_closed_line() -> None:
    # The lobby shows 60/40 at the close (line 5, seq 4); the terms in force say 70/30.
    planted = FIXTURES / "log-structure-shown.planted.jsonl"
    assert _places(planted) == [("prizes.structure-in-force-at-close", 5, 4)]
    assert _places(FIXTURES / "log-structure-shown.twin.jsonl") == []


def test_shares_short_of_the_pool_are_found_at_the_registration_closed_line(
        tmp_path: Path) -> None:
    lines = _sit_and_go([1500, 1500])
    close = next(n for n, line in enumerate(lines) if line["event"] == "registration_closed")
    short = [*lines]
    short[close] = {**lines[close], "payout_shares_bp": [6500, 2500]}
    # The close is line close + 2 (the header, then lines from seq 1), seq close + 1; the
    # terms' tier (65/35) differs from the lobby's shares too.
    assert _places(_write(tmp_path / "short.jsonl", short)) == [
        ("prizes.structure-in-force-at-close", close + 2, close + 1),
        ("prizes.structure-pays-the-pool", close + 2, close + 1)]
    assert _places(_write(tmp_path / "twin.jsonl", lines)) == []


# ---------------------------------------------------------------- the simulator's truth


def test_injected_unequal_stacks_are_found_at_the_seat_line_the_truth_names(
        tmp_path: Path) -> None:
    out = tmp_path / "sim"
    assert main(["simulate", "--seed", "5", "--hands", "300", "--format", "log", "--out",
                 str(out), "--faults", "unequal_starting_stacks:1"]) == 0
    truth = [json.loads(line) for line in (out / "truth.jsonl").read_text().splitlines()]
    injected = {(t["tournament"], t["event"]) for t in truth
                if t.get("fault") == "unequal_starting_stacks"}
    assert injected
    report = tmp_path / "report.json"
    main(["audit", str(out / "log"), "--rules", str(RULES), "--format", "json", "--output",
          str(report), "--fail-on", "never"])
    findings = json.loads(report.read_text())["findings"]
    for rule in ("tournament.equal-starting-stacks", "tournament.starting-stack"):
        found = {(f["location"]["tournament"], f["location"]["event"]) for f in findings
                 if f["rule"] == rule}
        assert found == injected, rule


# ---------------------------------------------------------------- summaries (1, 25)

# Each planted summary: its finding at the first line of the offending place (the header is
# line 1); the twin gives none.
SUMMARY_PLACES: dict[str, tuple[str, int]] = {
    # "2: Rosa Delacroix" is followed by "4: Sam Whitlock": nobody holds 3rd.
    "summary-skipped-place": ("summary.no-skipped-places", 10),
    # "8: Hal Bricknell" in a field of 6.
    "summary-place-beyond-entries": ("summary.places-within-entries", 14),
    # "1: Gina Harrow, $33.35" opens the three-way tie paid 33.35/33.33/33.32.
    "summary-tied-prizes": ("summary.tied-places-share-equally", 9),
    # "2: Walt Grimsby" is the lowest place listed.
    "summary-no-winner": ("summary.winner-placed-first", 9),
}


def test_summary_findings_point_at_the_offending_place() -> None:
    for name, (rule, line) in SUMMARY_PLACES.items():
        assert _places(FIXTURES / f"{name}.planted.txt") == [(rule, line, None)], name
        assert _places(FIXTURES / f"{name}.twin.txt") == [], name


def test_two_offending_places_of_one_summary_are_two_findings(tmp_path: Path) -> None:
    # Places 8 and 9 in a field of 6: one finding at each line, with distinct fingerprints.
    text = (FIXTURES / "summary-place-beyond-entries.planted.txt").read_text(encoding="utf-8")
    more = tmp_path / "two-beyond.txt"
    more.write_text(text.replace("8: Hal Bricknell\n", "8: Hal Bricknell\n9: Ida Moreau\n"),
                    encoding="utf-8")
    rules = _ruleset()
    result = audit([more], ruleset_id(rules, RULES), rules)
    assert sorted((f.rule, f.location.line) for f in result.findings) == [
        ("summary.places-within-entries", 14), ("summary.places-within-entries", 15)]
    assert len({f.fingerprint for f in result.findings}) == 2


def test_a_pot_finding_points_at_the_pots_first_award_line() -> None:
    """A wrong split is the award lines' fault, not the hand header's: the planted 50-cent
    split's finding is at the first line paying that pot; its twin has none."""
    planted = FIXTURES / "split-unit.planted.txt"
    lines = planted.read_text(encoding="utf-8").splitlines()
    first_award = next(number for number, text in enumerate(lines, 1)
                       if "ties for the pot" in text or "wins the pot" in text)
    assert first_award > 1
    assert _places(planted) == [("pots.odd-chip-left-of-button", first_award, None)]
    assert _places(FIXTURES / "split-unit.twin.txt") == []


def _line_of(path: Path, text: str, after: int = 0) -> int:
    """The number of the first line after line `after` that contains `text`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if n > after and text in line)


def test_a_blind_rotation_finding_points_at_the_misplaced_blinds_post() -> None:
    """`at post hand.big_blind_player`: the big blind posted from the wrong seat is that post's
    line, not the hand's header; the rule's fixture twin has no finding."""
    planted = FIXTURES / "big-blind-moves-one-seat.planted.txt"
    header = _line_of(planted, "Game #910600002")
    post = _line_of(planted, "posts the big blind", after=header)
    assert post > header
    assert _places(planted) == [("blinds.big-blind-moves-one-seat", post, None)]


def test_a_seat_change_points_at_the_seat_line_of_the_player_who_moved(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(TOURNAMENT_SEAT_CHANGE, encoding="utf-8")
    seat = _line_of(path, "Seat 4: Ann", after=_line_of(path, "Hand #700002"))
    assert ("seating.no-seat-changes", seat, None) in _places(path)


def test_a_finding_about_one_player_of_many_points_at_the_first_offenders_seat_line() -> None:
    """`at player first(p in hand.players: ...).name`: Dave, sitting out, posted no ante;
    Eve, moved in, was dealt in between the button and the big blind."""
    ante = FIXTURES / "ante-sitting-out.planted.txt"
    assert _places(ante) == [("posts.antes-from-everyone", _line_of(ante, "Seat 4: Dave"), None)]
    moved = FIXTURES / "moved-player-dealt-early.planted.txt"
    eve = _line_of(moved, ": Eve (", after=_line_of(moved, "Game #912200002"))
    assert _places(moved) == [("seating.moved-player-waits-behind-button", eve, None)]
