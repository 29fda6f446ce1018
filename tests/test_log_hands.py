"""Hands of a tournament log go through the hand replay and every hand rule
(checker/replay/log_hand.py, TournamentJudge in checker/audit/findings.py).

A `hand` line becomes a `Hand` whose replay ends with the stacks the tournament replay computes
from the same line; its findings name the tournament, table, hand, street, action and the
line's `seq`; its `timeout` lines (written before it) become its time-outs; a hand that cannot
be replayed is a warning, as are notes of hands that never come.
"""

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditResult, audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.model.hand import HandEventKind
from checker.model.source import SourceLocation
from checker.model.tournament_log import HandPlayed, LogRecord, Timeout, event_from
from checker.replay.log_hand import LogContext, NoteLine, log_hand, log_table_state, replay_log_hand
from checker.replay.tournament import TournamentState

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "fulltilt.rules"
EXAMPLE = ROOT / "hand_histories" / "logs" / "sng-6max-700001.jsonl"
FIXTURES = ROOT / "hand_histories" / "fixtures"
_RULESET: list[Ruleset] = []
TID = "900001"


def _audit(path: Path) -> AuditResult:
    if not _RULESET:
        _RULESET.append(load_ruleset(RULES))
    rules = _RULESET[0]
    return audit([path], ruleset_id(rules, RULES), rules)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, lines: list[dict[str, Any]]) -> Path:
    """Write `lines` as a log, numbering `seq` by position (the header is seq 0)."""
    for seq, line in enumerate(lines):
        line["seq"] = seq
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


# ---------------------------------------------------------------- building logs


def _at(second: int) -> str:
    return f"2026-11-02T12:{second // 60:02d}:{second % 60:02d}Z"


def _header() -> dict[str, Any]:
    return {"event": "log_start", "at": _at(0), "schema_version": "1.0", "site": "Test Site"}


def _sng(players: list[str]) -> list[dict[str, Any]]:
    """Header, terms, registrations and seats (seat i+1 for players[i]), start: a full SNG."""
    n = len(players)
    lines = [_header(), {
        "event": "tournament_terms", "at": _at(0), "tournament": TID, "kind": "sit_and_go",
        "game": "holdem", "structure": "no_limit", "currency": "USD", "buy_in": 1000,
        "fee": 100, "seats_per_table": n, "min_entrants": n, "max_entrants": n,
        "scheduled_start": _at(0),
        "levels": [{"level": 1, "duration_s": 600, "small_blind": 10, "big_blind": 20}],
        "breaks": None, "payout_structure": [{"min_entrants": n, "shares_bp": [10000]}]}]
    lines += [{"event": "registration", "at": _at(1), "tournament": TID, "player": p,
               "accepted": True, "paid": 1100, "paid_currency": "cash"} for p in players]
    lines.append({"event": "registration_closed", "at": _at(1), "tournament": TID,
                  "entrants": n, "prize_pool": 1000 * n, "payout_shares_bp": [10000]})
    lines += [{"event": "seat", "at": _at(2), "tournament": TID, "player": p, "table": "1",
               "seat": i + 1, "stack": 1500} for i, p in enumerate(players)]
    lines.append({"event": "tournament_start", "at": _at(3), "tournament": TID,
                  "entrants": n, "tables": 1})
    return lines


def _act(player: str, kind: str, amount: int = 0, street: str = "preflop") -> dict[str, Any]:
    return {"street": street, "player": player, "kind": kind, "amount": amount}


def _hand(hand_id: str, button: int, stacks: list[tuple[str, int]],
          actions: list[dict[str, Any]], awards: list[tuple[str, int]],
          big_blind: int = 20) -> dict[str, Any]:
    cards = [["Ah", "Ad"], ["Kh", "Kd"], ["Qh", "Qd"], ["Jh", "Jd"], ["Th", "Td"],
             ["9h", "9d"]]
    return {
        "event": "hand", "at": _at(30), "tournament": TID, "table": "1", "hand": hand_id,
        "started": _at(10), "game": "holdem", "structure": "no_limit", "small_blind": 10,
        "big_blind": big_blind, "button": button,
        "seats": [{"seat": i + 1, "player": p, "stack": s, "cards": cards[i]}
                  for i, (p, s) in enumerate(stacks)],
        "actions": actions, "boards": [["2c", "7d", "9s", "3h", "4c"]],
        "awards": [{"player": p, "amount": a} for p, a in awards],
    }


def _fold_to_big_blind(hand_id: str = "h1") -> dict[str, Any]:
    """Three-handed first hand: button on seat 3, blinds seats 1 and 2, all fold to bob."""
    return _hand(hand_id, 3, [("alice", 1500), ("bob", 1500), ("carol", 1500)],
                 [_act("alice", "small_blind", 10), _act("bob", "big_blind", 20),
                  _act("carol", "fold"), _act("alice", "fold")], [("bob", 30)])


def _record(line: dict[str, Any], number: int) -> LogRecord:
    return LogRecord(source_format="tournament-log",
                     location=SourceLocation(file="t.jsonl", line=number),
                     event=event_from({"seq": number - 1, **line}))


# ---------------------------------------------------------------- conversion


def test_example_hands_replay_to_the_tournament_stacks() -> None:
    """Each of the example's hands, replayed as a hand, leaves every seated player the chips
    the tournament replay computes from that line; and erin ends with all 9,000 chips."""
    state = TournamentState("700001")
    table = log_table_state("1")
    replayed = 0
    for number, line in enumerate(_lines(EXAMPLE), start=1):
        if line["event"] == "log_start":
            continue
        record = _record(line, number)
        list(state.feed(record))
        played = record.event
        if isinstance(played, HandPlayed):
            hand = log_hand(played, SourceLocation(file="t.jsonl", line=number),
                            LogContext("Full Tilt Poker"))
            list(replay_log_hand(played, hand, table))
            replayed += 1
            seated = {s.player for s in played.seats}
            assert {p: table.end_stacks[p] for p in seated} == {
                p: state.stacks[p] for p in seated}
    assert replayed == 5
    assert table.end_stacks["erin"] == 9000


def test_conversion_keeps_what_the_line_says() -> None:
    played = _record(_fold_to_big_blind(), 12).event
    assert isinstance(played, HandPlayed)
    context = LogContext("Test Site", "Test SNG", 3)
    hand = log_hand(played, SourceLocation(file="t.jsonl", line=12), context)
    assert (hand.site, hand.source_format, hand.tournament_id, hand.tournament_name) == (
        "Test Site", "tournament-log", TID, "Test SNG")
    assert (hand.hand_id, hand.table, hand.max_seats, hand.button_seat) == ("h1", "1", 3, 3)
    assert hand.played_at == played.started
    assert (hand.location.file, hand.location.line, hand.end_line) == ("t.jsonl", 12, 12)
    assert [(a.index, a.player, a.kind.value, a.amount) for a in hand.actions] == [
        (0, "alice", "small_blind", 10), (1, "bob", "big_blind", 20), (2, "carol", "fold", 0),
        (3, "alice", "fold", 0)]
    assert hand.hole_cards["carol"] == ["Qh", "Qd"]
    assert [(a.player, a.amount, a.pot) for a in hand.awards] == [("bob", 30, "pot")]


def test_side_pot_awards_are_named_as_the_pots_are_matched() -> None:
    line = _hand("h1", 3, [("alice", 100), ("bob", 1500), ("carol", 1500)],
                 [_act("alice", "small_blind", 10), _act("bob", "big_blind", 20),
                  _act("carol", "raise", 300), _act("alice", "call", 90),
                  _act("bob", "call", 280)], [])
    line["actions"][2].update(to=300)
    line["actions"][3].update(to=100, all_in=True)
    line["actions"][4].update(to=300)
    # alice (AA) wins the main pot 3 x 100; bob (KK) the side pot 2 x 200.
    line["awards"] = [{"player": "alice", "amount": 300, "pot": 0},
                      {"player": "bob", "amount": 400, "pot": 1}]
    played = _record(line, 5).event
    assert isinstance(played, HandPlayed)
    hand = log_hand(played, SourceLocation(file="t.jsonl", line=5), LogContext())
    assert [a.pot for a in hand.awards] == ["main pot", "side pot 1"]
    pots = [e for name, e in replay_log_hand(played, hand, log_table_state("1")) if name == "pot"]
    assert [(p.pot.index, p.pot.amount, p.pot.best) for p in pots] == [  # type: ignore[attr-defined]
        (0, 300, ["alice"]), (1, 400, ["bob"])]


def test_timeout_becomes_a_time_out_at_its_action() -> None:
    played = _record(_fold_to_big_blind(), 20).event
    assert isinstance(played, HandPlayed)
    note = event_from({"event": "timeout", "seq": 18, "at": _at(20),
                                   "tournament": TID, "player": "carol", "table": "1",
                                   "hand": "h1", "action": 2, "then": "fold"})
    assert isinstance(note, Timeout)
    hand = log_hand(played, SourceLocation(file="t.jsonl", line=20), LogContext(),
                    [NoteLine(note, 19)])
    [event] = hand.events
    assert (event.kind, event.player, event.after_action, event.line) == (
        HandEventKind.TIMED_OUT, "carol", 2, 19)
    assert event.street is not None and event.street.value == "preflop"
    timeouts = [e for name, e in replay_log_hand(played, hand, log_table_state("1"))
                if name == "timeout"]
    # Carol faced the big blind: the check was not free, and her next act is the fold.
    assert [(t.timeout.player, t.timeout.check_was_free, t.timeout.then)  # type: ignore[attr-defined]
            for t in timeouts] == [("carol", False, "fold")]


def test_a_time_out_is_on_the_street_of_the_players_next_act() -> None:
    # Five acts close the preflop (blinds, carol calls, alice completes, bob checks); bob's
    # time-out comes after them (the note's `action` 5), before alice checks the flop: his
    # street is the flop, where his next act is, not the preflop of the act before it.
    line = _hand("h1", 3, [("alice", 1500), ("bob", 1500), ("carol", 1500)],
                 [_act("alice", "small_blind", 10), _act("bob", "big_blind", 20),
                  _act("carol", "call", 20), _act("alice", "call", 10),
                  _act("bob", "check"), _act("alice", "check", street="flop"),
                  _act("bob", "fold", street="flop"), _act("carol", "fold", street="flop")],
                 [("alice", 60)])
    played = _record(line, 20).event
    assert isinstance(played, HandPlayed)
    # The note's name is its own string, as a separate log line's would be: names compare
    # by value.
    bob = "".join(("b", "ob"))
    note = event_from({"event": "timeout", "seq": 18, "at": _at(20),
                                   "tournament": TID, "player": bob, "table": "1",
                                   "hand": "h1", "action": 5, "then": "fold"})
    assert isinstance(note, Timeout)
    hand = log_hand(played, SourceLocation(file="t.jsonl", line=20), LogContext(),
                    [NoteLine(note, 19)])
    [event] = hand.events
    assert event.street is not None and event.street.value == "flop"


def test_disconnected_seat_is_disconnected_from_the_deal() -> None:
    line = _fold_to_big_blind()
    line["seats"][0]["disconnected"] = True
    played = _record(line, 7).event
    assert isinstance(played, HandPlayed)
    hand = log_hand(played, SourceLocation(file="t.jsonl", line=7), LogContext())
    posts = [e.post for name, e in replay_log_hand(played, hand, log_table_state("1"))  # type: ignore[attr-defined]
             if name == "post"]
    assert [(p.player, p.disconnected) for p in posts] == [("alice", True), ("bob", False)]


# Simple legal hands: n players, everyone folds to the big blind, or everyone limps and the
# hand is checked down to a winner. Expected stacks are worked out here, not by the replay.
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=6), st.booleans(), st.data())
def test_generated_hands_end_with_the_tournament_stacks(n: int, limped: bool,
                                                        data: st.DataObject) -> None:
    names = ["p1", "p2", "p3", "p4", "p5", "p6"][:n]
    stacks = [data.draw(st.integers(min_value=21, max_value=5000)) for _ in names]
    button = n
    small, big = (names[-1], names[0]) if n == 2 else (names[0], names[1])
    order = names[2:] + names[:2] if n > 2 else [names[-1], names[0]]  # preflop from UTG
    actions = [_act(small, "small_blind", 10), _act(big, "big_blind", 20)]
    expected = dict(zip(names, stacks, strict=True))
    if limped:
        winner = data.draw(st.sampled_from(names))
        for name in order:
            if name != big:
                actions.append(_act(name, "call", 10 if name == small else 20))
        actions.append(_act(big, "check"))
        for street in ("flop", "turn", "river"):
            for name in names:  # the button is the last seat: seat order
                actions.append(_act(name, "check", street=street))
        for name in names:
            expected[name] -= 20
        expected[winner] += 20 * n
        awards = [(winner, 20 * n)]
    else:
        actions += [_act(name, "fold") for name in order if name != big]
        expected[small] -= 10
        expected[big] += 10
        awards = [(big, 30)]
    line = _hand("g1", button, list(zip(names, stacks, strict=True)), actions, awards)
    state = TournamentState(TID)
    for number, setup in enumerate(_sng(names)[1:], start=2):
        list(state.feed(_record(setup, number)))
    record = _record(line, 40)
    list(state.feed(record))
    played = record.event
    assert isinstance(played, HandPlayed)
    table = log_table_state("1")
    list(replay_log_hand(played, log_hand(played, SourceLocation(file="t.jsonl", line=40),
                                          LogContext()), table))
    assert {p: table.end_stacks[p] for p in names} == expected
    assert {p: state.stacks[p] for p in names} == expected


# ---------------------------------------------------------------- the audit


def test_example_log_audits_clean_and_its_hands_are_judged(tmp_path: Path) -> None:
    result = _audit(EXAMPLE)
    assert result.findings == [] and result.warnings == []
    # The same log with its second hand's button moved off the small blind's right: the hand
    # rules see the hand (the button must follow the previous small blind, seat 1).
    lines = _lines(EXAMPLE)
    second = next(line for line in lines if line.get("hand") == "7000010002"
                  and line["event"] == "hand")
    second["button"] = 6
    moved = _audit(_write(tmp_path / "moved.jsonl", lines))
    assert [(f.rule, f.location.hand) for f in moved.findings] == [
        ("blinds.button-follows-small-blind", "7000010002")]


def test_hand_findings_name_tournament_table_hand_and_event() -> None:
    path = FIXTURES / "log-hand-big-blind-skips.planted.jsonl"
    [finding] = _audit(path).findings
    number = next(i for i, line in enumerate(_lines(path), start=1)
                  if line.get("hand") == "80220102" and line["event"] == "hand")
    where = finding.location
    assert (where.file, where.line, where.tournament, where.table, where.hand) == (
        str(path), number, "802201", "1", "80220102")
    assert where.event == _lines(path)[number - 1]["seq"]


def test_action_and_post_findings_name_street_and_action(tmp_path: Path) -> None:
    # Carol raises to 30 over the 20 big blind (a min-raise is to 40); bob posts a big blind
    # of 15 at a level of 20.
    line = _hand("h1", 3, [("alice", 1500), ("bob", 1500), ("carol", 1500)],
                 [_act("alice", "small_blind", 10), _act("bob", "big_blind", 15),
                  _act("carol", "raise", 30), _act("alice", "fold"), _act("bob", "fold")],
                 [("carol", 55)])
    line["actions"][2]["to"] = 30
    lines = [*_sng(["alice", "bob", "carol"]), line]
    result = _audit(_write(tmp_path / "t.jsonl", lines))
    located = {(f.rule, f.location.street, f.location.action, f.location.event)
               for f in result.findings}
    seq = len(lines) - 1
    assert ("betting.min-raise", "preflop", 2, seq) in located
    assert ("posts.full-amount", None, 1, seq) in located


def test_first_button_is_judged_only_when_the_log_seated_the_table(tmp_path: Path) -> None:
    wrong = _fold_to_big_blind()
    wrong["button"] = 1  # seat 3 is the highest: the button belongs there
    wrong["actions"] = [_act("bob", "small_blind", 10), _act("carol", "big_blind", 20),
                        _act("alice", "fold"), _act("bob", "fold")]
    wrong["awards"] = [{"player": "carol", "amount": 30}]
    seated = [*_sng(["alice", "bob", "carol"]), wrong]
    found = _audit(_write(tmp_path / "seated.jsonl", seated)).findings
    assert [f.rule for f in found] == ["seating.first-button"]
    # Without the seat lines the log does not prove it is the table's first hand.
    unseated = [line for line in seated if line["event"] != "seat"]
    found = _audit(_write(tmp_path / "unseated.jsonl", unseated)).findings
    assert [f.rule for f in found if f.location.hand is not None] == []
    # A rejected line (the hand before it may have been lost) leaves it unknown too.
    broken = [*seated[:-1], {"event": "chat", "at": _at(5), "tournament": TID}, seated[-1]]
    result = _audit(_write(tmp_path / "broken.jsonl", broken))
    assert len(result.rejected) == 1 and result.findings == []


def test_timeout_line_is_judged_with_its_hand(tmp_path: Path) -> None:
    path = FIXTURES / "log-hand-timeout-folds.planted.jsonl"
    assert [f.rule for f in _audit(path).findings] == ["timeout.check-or-fold"]
    # Without its timeout line the same hand is an ordinary fold.
    lines = [line for line in _lines(path) if line["event"] != "timeout"]
    assert _audit(_write(tmp_path / "no-timeout.jsonl", lines)).findings == []


def test_notes_of_a_hand_that_never_comes_are_a_warning(tmp_path: Path) -> None:
    timeout = {"event": "timeout", "at": _at(20), "tournament": TID, "player": "carol",
               "table": "1", "hand": "h9", "action": 2, "then": "fold"}
    lines = [*_sng(["alice", "bob", "carol"]), timeout]
    result = _audit(_write(tmp_path / "t.jsonl", lines))
    [warning] = result.warnings
    assert (warning.line, warning.hand) == (len(lines), "h9")
    assert "timeout" in warning.text and result.findings == []


def test_a_hand_that_cannot_be_replayed_is_a_warning(tmp_path: Path) -> None:
    line = _fold_to_big_blind()
    line["actions"].append(_act("zed", "fold"))  # nobody of that name is seated
    lines = [*_sng(["alice", "bob", "carol"]), line]
    result = _audit(_write(tmp_path / "t.jsonl", lines))
    [warning] = result.warnings
    assert (warning.line, warning.hand) == (len(lines), "h1")
    assert warning.text.startswith("replay failed")


def test_a_rebuy_between_hands_keeps_the_previous_hand_known(tmp_path: Path) -> None:
    # Dave rebuys between the hands: his stack does not carry over, yet the log's previous
    # hand of the table is still hand 1, so the skipped big blind is judged.
    lines = _lines(FIXTURES / "log-hand-big-blind-skips.planted.jsonl")
    second = len(lines) - 1
    assert lines[second]["event"] == "hand"
    rebuy = {"event": "rebuy", "at": lines[second]["started"], "tournament": "802201",
             "player": "dave", "kind": "rebuy", "paid": 1100, "chips": 1500}
    dave = next(s for s in lines[second]["seats"] if s["player"] == "dave")
    dave["stack"] += 1500
    lines.insert(second, rebuy)
    found = _audit(_write(tmp_path / "rebuy.jsonl", lines)).findings
    assert [f.rule for f in found if f.location.hand is not None] == [
        "blinds.big-blind-moves-one-seat"]


def test_a_lost_line_makes_the_tables_unknown(tmp_path: Path) -> None:
    # Hand 1's line is missing (its seq skipped): hand 2 is neither known to follow a hand
    # nor the table's first (its button on seat 1 would break clause 9 if it were).
    path = FIXTURES / "log-hand-big-blind-skips.planted.jsonl"
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    first = next(i for i, line in enumerate(lines) if line["event"] == "hand")
    del lines[first]
    text = "".join(json.dumps(line) + "\n" for line in lines)  # seqs kept: one is skipped
    (tmp_path / "lost.jsonl").write_text(text, encoding="utf-8")
    result = _audit(tmp_path / "lost.jsonl")
    assert [f.rule for f in result.findings if f.location.hand is not None] == []
    # Renumbered, nothing shows the loss: hand 2 is taken as the table's first hand.
    renumbered = _audit(_write(tmp_path / "renumbered.jsonl", lines)).findings
    assert "seating.first-button" in [f.rule for f in renumbered]
