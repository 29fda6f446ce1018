"""Replay mechanics on small hand-built hands: betting state, pots, table state, events."""

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from checker.audit.findings import HandJudge
from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import load_ruleset
from checker.model.findings import Finding
from checker.model.hand import (
    Action,
    ActionKind,
    BettingStructure,
    Game,
    Hand,
    HandEventKind,
    Seat,
    Street,
    Unit,
    validate_hand,
)
from checker.model.hand import HandEvent as HandEventRecord
from checker.model.source import SourceLocation
from checker.replay.facts import ActionEvent, HandEvent, PotEvent, PotFact, TimeoutEvent
from checker.replay.hand_replay import _dealt_players, replay_hand
from checker.replay.pots import build_pots
from checker.replay.table import TableState
from tests.conftest import REPO

_RULES: list[CompiledRuleset] = []


def rules() -> CompiledRuleset:
    if not _RULES:
        _RULES.append(compile_ruleset(load_ruleset(REPO / "rules" / "fulltilt.rules")))
    return _RULES[0]


def act(player: str, kind: str, amount: int = 0, to: int | None = None,
        street: str = "preflop", all_in: bool = False) -> dict[str, Any]:
    return {"player": player, "kind": kind, "amount": amount, "to": to, "street": street,
            "all_in": all_in}


def make_hand(stacks: dict[str, int], actions: list[dict[str, Any]], *, button: int | None = 1,
              structure: str = "no_limit", game: str = "holdem", hand_id: str = "1",
              **extra: Any) -> Hand:
    """Seats 1.. in `stacks` order; blinds 50/100 (limit bets 100/200) unless changed."""
    seats = [{"seat": n, "player": name, "stack": chips, "line": 1 + n}
             for n, (name, chips) in enumerate(stacks.items(), start=1)]
    numbered = [{**a, "index": i, "line": 20 + i} for i, a in enumerate(actions)]
    record: dict[str, Any] = {
        "site": "test", "source_format": "test", "hand_id": hand_id, "tournament_id": "T",
        "table": "1", "game": game, "structure": structure, "unit": "chips",
        "small_blind": 50, "big_blind": 100, "button_seat": button, "seats": seats,
        "actions": numbered, "location": {"file": "t.txt", "line": 1}, "end_line": 99,
    }
    if structure == "fixed_limit":
        record.update(small_bet=100, big_bet=200)
    record.update(extra)
    return validate_hand(record)


def events(hand: Hand, table: TableState | None = None) -> list[tuple[str, object]]:
    return list(replay_hand(hand, table or TableState("1")))


def action_events(hand: Hand) -> list[ActionEvent]:
    return [e for n, e in events(hand) if isinstance(e, ActionEvent)]


def failed(hand: Hand, on: tuple[str, ...] = ("action", "timeout")) -> list[str]:
    """Rule ids the fulltilt rules find broken on events `on`, judged event by event as replay
    yields them (the test hands leave out what the other events' rules need)."""
    found: list[str] = []
    for name, event in replay_hand(hand, TableState("1")):
        if name in on:
            found += [rule.rule_id for rule, _ in rules().failures(name, event)]
    return found


BLINDS = [act("B", "small_blind", 50), act("C", "big_blind", 100)]
FOUR = {"A": 5000, "B": 5000, "C": 5000, "D": 5000}


def test_min_raise_is_the_last_full_raise() -> None:
    hand = make_hand(FOUR, [*BLINDS, act("D", "raise", 300, to=300),
                            act("A", "raise", 450, to=450), act("B", "fold"),
                            act("C", "fold"), act("D", "call", 150)])
    d_raise, a_raise = action_events(hand)[:2]
    assert (d_raise.street.last_full_raise, d_raise.action.increment) == (100, 200)
    assert d_raise.action.to_call == 100 and d_raise.street.current_bet == 100
    assert (a_raise.street.last_full_raise, a_raise.action.increment) == (200, 150)
    assert failed(hand) == ["betting.min-raise"]
    legal = make_hand(FOUR, [*BLINDS, act("D", "raise", 300, to=300),
                             act("A", "raise", 500, to=500), act("B", "fold"),
                             act("C", "fold"), act("D", "call", 200)])
    assert failed(legal) == []


def test_short_all_in_does_not_reopen_for_those_who_acted() -> None:
    stacks = {"A": 5000, "B": 150, "C": 5000}
    hand = make_hand(stacks, [act("B", "small_blind", 50), act("C", "big_blind", 100),
                              act("A", "call", 100), act("B", "call", 50), act("C", "check"),
                              act("B", "bet", 50, street="flop", all_in=True),
                              act("C", "raise", 200, to=200, street="flop"),
                              act("A", "call", 200, street="flop"),
                              ], button=1)
    bet, c_raise = action_events(hand)[3:5]
    # B's all-in bet of 50 is short of the 100 minimum: it is not a full bet.
    assert bet.actor.all_in is False and bet.action.all_in is True
    assert c_raise.street.last_full_raise == 100 and c_raise.actor.has_acted is False
    stacks = {"A": 5000, "B": 5000, "C": 250, "D": 5000}
    short = make_hand(stacks, [*BLINDS, act("D", "call", 100), act("A", "call", 100),
                             act("B", "call", 50), act("C", "check"),
                             act("B", "bet", 100, street="flop"),
                             act("C", "raise", 150, to=150, street="flop", all_in=True),
                             act("D", "call", 150, street="flop"),
                             act("A", "fold", street="flop"),
                             act("B", "raise", 350, to=450, street="flop")])
    reraise = action_events(short)[-1]
    assert reraise.actor.has_acted and reraise.actor.largest_raise_since_acted == 50
    assert reraise.actor.raised_since_acted == 50 and reraise.street.last_full_raise == 100
    assert "betting.short-all-in-does-not-reopen" in failed(short)


def test_pot_limit_maximum_counts_the_call() -> None:
    hand = make_hand(FOUR, [*BLINDS, act("D", "raise", 350, to=350),
                            act("A", "raise", 1200, to=1200), act("B", "fold"),
                            act("C", "fold"), act("D", "fold")], structure="pot_limit")
    first, second = action_events(hand)[:2]
    assert first.street.pot_limit_max_to == 350 and first.street.pot_before == 150
    assert second.street.pot_limit_max_to == 1200
    assert failed(hand) == []
    over = make_hand(FOUR, [*BLINDS, act("D", "raise", 360, to=360), act("A", "fold"),
                            act("B", "fold"), act("C", "fold")], structure="pot_limit")
    assert failed(over) == ["betting.pot-limit-maximum"]
    no_limit = make_hand(FOUR, [*BLINDS, act("D", "raise", 360, to=360)])
    assert action_events(no_limit)[0].street.pot_limit_max_to is None


def test_limit_cap_counts_the_blind_and_the_raises() -> None:
    raises = [act("D", "raise", 200, to=200), act("A", "raise", 300, to=300),
              act("B", "raise", 350, to=400)]
    capped = make_hand(FOUR, [*BLINDS, *raises, act("C", "call", 300), act("D", "call", 200),
                              act("A", "call", 100)], structure="fixed_limit")
    last = action_events(capped)[2]
    assert last.street.bets_and_raises == 2 and last.street.opened_by_blind
    assert last.street.bet_unit == 100 and last.action.increment == 100
    assert failed(capped) == []
    over = make_hand(FOUR, [*BLINDS, *raises, act("C", "raise", 400, to=500)],
                     structure="fixed_limit")
    assert failed(over) == ["limit.bet-cap"]
    turn = make_hand(FOUR, [*BLINDS, act("D", "call", 100), act("A", "fold"),
                            act("B", "fold"), act("C", "check"),
                            act("C", "bet", 100, street="flop"),
                            act("D", "call", 100, street="flop"),
                            act("C", "bet", 200, street="turn")], structure="fixed_limit")
    assert action_events(turn)[-1].street.bet_unit == 200
    assert failed(turn) == []


def test_three_all_ins_make_a_main_and_two_side_pots() -> None:
    stacks = {"A": 100, "B": 300, "C": 600, "D": 5000, "E": 5000}
    actions = [act("B", "small_blind", 50), act("C", "big_blind", 100),
               act("D", "raise", 1000, to=1000), act("E", "fold"),
               act("A", "call", 100, all_in=True), act("B", "call", 250, all_in=True),
               act("C", "call", 500, all_in=True)]
    awards = [{"player": "A", "amount": 400, "pot": "main pot", "line": 40},
              {"player": "B", "amount": 600, "pot": "side pot 1", "line": 41},
              {"player": "A", "amount": 600, "pot": "side pot 2", "line": 42}]
    hand = make_hand(stacks, actions, button=5, awards=awards,
                     returns=[{"player": "D", "amount": 400, "line": 39}])
    pots = [e.pot for _, e in events(hand) if isinstance(e, PotEvent)]
    assert [(p.index, p.amount, p.eligible) for p in pots] == [
        (0, 400, ["A", "B", "C", "D"]), (1, 600, ["B", "C", "D"]), (2, 600, ["C", "D"])]
    assert pots[2].paid_to_ineligible == ["A"] and pots[1].paid_to_ineligible == []
    assert [(w.player, w.awarded, w.distance_from_button) for w in pots[0].winners] == [
        ("A", 400, 1)]
    assert failed(hand, on=("pot",)) == ["pots.paid-to-eligible"]


def test_awards_left_out_of_the_record_are_not_judged() -> None:
    # B and C are all in preflop and show down; the record pays nobody.
    stacks = {"A": 1000, "B": 1000, "C": 1000}
    actions = [act("B", "small_blind", 50), act("C", "big_blind", 100), act("A", "fold"),
               act("B", "raise", 950, to=1000, all_in=True),
               act("C", "call", 900, all_in=True)]
    shown = [{"player": "B", "cards": ["As", "Ah"], "line": 30},
             {"player": "C", "cards": ["2c", "7d"], "line": 31}]
    showdown: dict[str, Any] = {"boards": [["Kd", "9s", "5h", "4c", "Jd"]], "shown": shown}
    on = ("pot", "hand_end")
    # Stated: nobody was paid, so 2000 chips vanished and the best hand went unpaid.
    assert sorted(failed(make_hand(stacks, actions, **showdown), on)) == [
        "chips.conserved-in-hand", "pots.best-hand-paid", "pots.fully-awarded"]
    # Unknown: nothing to judge.
    unknown = make_hand(stacks, actions, awards_recorded=False, **showdown)
    assert failed(unknown, on) == []
    start = next(e for _, e in events(unknown) if isinstance(e, HandEvent))
    assert start.hand.awards_recorded is False


def test_dead_money_from_folded_players_stays_in_the_pots_it_reached() -> None:
    pots = build_pots({"A": 100, "B": 50, "C": 300, "D": 300}, live={"A", "C", "D"})
    assert [(p.amount, p.eligible) for p in pots] == [(350, ["A", "C", "D"]),
                                                       (400, ["C", "D"])]


def test_unlabelled_pots_are_merged_not_guessed() -> None:
    stacks = {"A": 100, "B": 5000, "C": 5000}
    actions = [act("B", "small_blind", 50), act("C", "big_blind", 100),
               act("A", "call", 100, all_in=True), act("B", "raise", 250, to=300),
               act("C", "call", 200)]
    # The record names one "pot" although the chips make a main and a side pot.
    hand = make_hand(stacks, actions, awards=[{"player": "B", "amount": 700, "line": 40}])
    pots = [e.pot for _, e in events(hand) if isinstance(e, PotEvent)]
    assert [(p.amount, p.best, p.paid_to_ineligible) for p in pots] == [(700, [], [])]


def _omaha_hilo(awards: list[dict[str, Any]]) -> list[PotFact]:
    stacks = {"A": 1000, "B": 1000, "C": 1000}
    # C raises to 201 and both call: one pot of 603, an odd chip to halve. (A raise nobody
    # calls would leave its uncalled chips a pot of their own, merged with the main pot.)
    actions = [act("B", "small_blind", 50), act("C", "big_blind", 100), act("A", "call", 100),
               act("B", "call", 50), act("C", "raise", 101, to=201), act("A", "call", 101),
               act("B", "call", 101)]
    hand = make_hand(stacks, actions, game="omaha_hilo", structure="pot_limit", awards=awards)
    return [e.pot for _, e in events(hand) if isinstance(e, PotEvent)]


def test_hilo_pot_is_judged_in_halves() -> None:
    awards = [{"player": "A", "amount": 301, "half": "high", "line": 40},
              {"player": "C", "amount": 302, "half": "low", "line": 41}]
    high, low = _omaha_hilo(awards)
    assert (high.half, high.amount, high.whole_amount) == ("high", 301, 603)
    assert (low.half, low.amount, low.whole_amount) == ("low", 302, 603)
    # Button on seat 1: C (seat 3) is 2 seats to its left, A (seat 1) 3.
    assert high.other_half_distances == [2] and low.other_half_distances == [3]
    # Unlabelled halves with two winners: judged whole, best unknown.
    whole, = _omaha_hilo([{"player": "A", "amount": 301, "line": 40},
                          {"player": "C", "amount": 302, "line": 41}])
    assert (whole.half, whole.amount, whole.best) == (None, 603, [])


def test_turn_order_preflop_then_from_the_buttons_left() -> None:
    def flop(first: str, second: str) -> Hand:
        return make_hand(FOUR, [*BLINDS, act("D", "call", 100), act("A", "fold"),
                                act("B", "call", 50), act("C", "check"),
                                act("B", "check", street="flop"),
                                act(first, "check", street="flop"),
                                act(second, "check", street="flop")])

    in_turn = flop("C", "D")
    expected = [e.action.expected_actor for e in action_events(in_turn)]
    assert expected == ["D", "A", "B", "C", "B", "C", "D"]
    assert failed(in_turn) == []
    # D checks before C: flagged, naming C as the player whose turn it was.
    out_of_turn = action_events(flop("D", "C"))[5]
    assert (out_of_turn.actor.name, out_of_turn.action.expected_actor) == ("D", "C")
    assert "betting.in-turn" in failed(flop("D", "C"))


def test_heads_up_button_acts_first_preflop_last_after() -> None:
    two = {"A": 3000, "B": 3000}
    hand = make_hand(two, [act("A", "small_blind", 50), act("B", "big_blind", 100),
                           act("A", "call", 50), act("B", "check"),
                           act("B", "check", street="flop"), act("A", "check", street="flop")])
    assert [e.action.expected_actor for e in action_events(hand)] == ["A", "B", "B", "A"]
    assert failed(hand) == []


def test_check_facing_a_bet_and_short_call_are_caught() -> None:
    hand = make_hand(FOUR, [*BLINDS, act("D", "raise", 300, to=300), act("A", "check"),
                            act("B", "call", 200)])
    found = failed(hand)
    assert "betting.check-only-when-free" in found and "betting.call-amount" in found


def test_time_out_sees_whether_a_check_was_free() -> None:
    timeouts = [{"kind": "timed_out", "player": "D", "after_action": 2, "line": 21},
                {"kind": "timed_out", "player": "C", "after_action": 5, "line": 25}]
    hand = make_hand(FOUR, [*BLINDS, act("D", "fold"), act("A", "call", 100),
                            act("B", "call", 50), act("C", "fold")], events=timeouts)
    found = [e.timeout for _, e in events(hand) if isinstance(e, TimeoutEvent)]
    assert [(t.player, t.check_was_free, t.then) for t in found] == [
        ("D", False, "fold"), ("C", True, "fold")]
    assert failed(hand) == ["timeout.check-or-fold"]


def test_table_state_carries_the_previous_hand() -> None:
    table = TableState("1")
    first = make_hand(FOUR, [*BLINDS, act("D", "fold"), act("A", "fold"), act("B", "fold")],
                      button=4, hand_id="1",
                      awards=[{"player": "C", "amount": 150, "line": 40}],
                      returns=[{"player": "C", "amount": 50, "line": 39}])
    starts = [e for _, e in events(first, table) if isinstance(e, HandEvent)]
    # A hand text cannot prove the table's first hand in the input is its first of the event.
    assert starts[0].table.first_hand is None and not starts[0].table.previous_hand_known
    assert (starts[0].hand.small_blind_seat, starts[0].hand.big_blind_seat) == (2, 3)
    # C starts with what the first hand left (4900 after the blind, +50 back, +150 won).
    moved = {"A": 5000, "E": 5000, "C": 5100, "D": 5000}
    second = make_hand(moved, [act("C", "small_blind", 50), act("D", "big_blind", 100)],
                       button=2, hand_id="2")
    fact = next(e for _, e in events(second, table) if isinstance(e, HandEvent)).table
    assert fact.previous_hand_known and fact.first_hand is False
    assert (fact.previous_button_seat, fact.previous_small_blind_seat,
            fact.previous_big_blind_seat, fact.previous_big_blind_player) == (4, 2, 3, "C")
    assert (fact.arrived, fact.departed, fact.changed_seats) == (["E"], ["B"], [])
    assert fact.previous_dealt_seats == [1, 2, 3, 4]


def test_a_hand_that_cannot_be_replayed_becomes_a_warning() -> None:
    findings: list[Finding] = []
    judge = HandJudge(rules(), findings)
    broken = make_hand(FOUR, [*BLINDS, act("Ghost", "fold")])
    warning = judge.judge(broken)
    assert warning is not None and "Ghost" in warning
    assert judge.judge(make_hand(FOUR, [*BLINDS, act("D", "fold"), act("A", "fold"),
                                        act("B", "fold")])) is None


def test_findings_are_located_on_the_action() -> None:
    findings: list[Finding] = []
    judge = HandJudge(rules(), findings)
    judge.judge(make_hand(FOUR, [*BLINDS, act("D", "raise", 300, to=300), act("A", "check")]))
    located = [f for f in findings if f.rule == "betting.check-only-when-free"]
    assert len(located) == 1
    where = located[0].location
    assert (where.file, where.line, where.street, where.action, where.hand) == (
        "t.txt", 23, "preflop", 3, "1")
    assert located[0].evidence and all(isinstance(k, str) for k in located[0].evidence)


def test_handwritten_hands_give_no_finding() -> None:
    from checker.audit.ruleset import ruleset_id
    from checker.audit.run import audit

    path = REPO / "rules" / "fulltilt.rules"
    loaded = load_ruleset(path)
    result = audit([REPO / "hand_histories" / "handwritten"], ruleset_id(loaded, path), loaded)
    assert result.hands == 3 and result.findings == [] and result.warnings == []
    assert Path(result.ruleset.path) == path


def test_a_missing_hand_makes_the_previous_one_unknown_but_not_the_first() -> None:
    table = TableState("1")
    hand = make_hand(FOUR, [*BLINDS, act("D", "fold"), act("A", "fold"), act("B", "fold")])
    events(hand, table)
    table.forget()
    fact = next(e for _, e in events(hand, table) if isinstance(e, HandEvent)).table
    assert not fact.previous_hand_known and fact.first_hand is False
    # The next hand starts with the chips this one left (no award in these test hands).
    carried = make_hand({"A": 5000, "B": 4950, "C": 4900, "D": 5000},
                        [*BLINDS, act("D", "fold"), act("A", "fold"), act("B", "fold")])
    again = next(e for _, e in events(carried, table) if isinstance(e, HandEvent)).table
    assert again.previous_hand_known


def test_stacks_that_do_not_carry_over_mean_hands_are_missing() -> None:
    table = TableState("1")
    folds = [*BLINDS, act("D", "fold"), act("A", "fold"), act("B", "fold")]
    events(make_hand(FOUR, folds), table)
    # B posted 50 and folded, so B has 4950 now; 4300 means hands were dealt in between.
    jumped = make_hand({"A": 5000, "B": 4300, "C": 4900, "D": 5000}, folds, hand_id="9")
    fact = next(e for _, e in events(jumped, table) if isinstance(e, HandEvent)).table
    assert not fact.previous_hand_known and fact.first_hand is False
    assert fact.previous_button_seat is None and fact.continuing_seats == []


def test_a_hand_with_no_player_in_common_is_not_the_previous_hand() -> None:
    # Two tables under one name (as an anonymised input can give): a heads-up hand, then a
    # hand of the other table. Nobody carries chips over, so nothing ties them together.
    table = TableState("1")
    heads_up = make_hand({"P": 5000, "Q": 5000}, [act("Q", "small_blind", 50),
                                                  act("P", "big_blind", 100), act("Q", "fold")],
                         button=2, hand_id="1")
    events(heads_up, table)
    other = make_hand(FOUR, [*BLINDS, act("D", "fold"), act("A", "fold"), act("B", "fold")],
                      hand_id="2")
    fact = next(e for _, e in events(other, table) if isinstance(e, HandEvent)).table
    assert not fact.previous_hand_known
    assert fact.previous_big_blind_seat is None and fact.previous_heads_up is False
    assert (fact.arrived, fact.departed) == ([], [])


def test_continuing_seats_leave_out_arrivals_and_returning_players() -> None:
    table = TableState("1")
    first = make_hand({"A": 5000, "B": 5000, "C": 5000},
                      [*BLINDS, act("A", "fold"), act("B", "fold")])
    events(first, table)
    # E arrives on seat 4; A, B (4950) and C (4900: no award in these test hands) play on.
    second = make_hand({"A": 5000, "B": 4950, "C": 4900, "E": 3000},
                       [act("C", "small_blind", 50), act("E", "big_blind", 100)], button=2,
                       hand_id="2")
    fact = next(e for _, e in events(second, table) if isinstance(e, HandEvent)).table
    assert fact.previous_hand_known and fact.arrived == ["E"]
    assert fact.continuing_seats == [1, 2, 3]


def test_action_snapshots_keep_every_player_field() -> None:
    stacks = {"A": 5000, "B": 5000, "C": 5000}
    hand = make_hand(stacks, [act("A", "ante", 10), act("B", "small_blind", 50),
                              act("C", "big_blind", 100), act("A", "raise", 300, to=300),
                              act("B", "raise", 850, to=900), act("C", "fold"),
                              act("A", "call", 600)], ante=10)
    a_call = action_events(hand)[-1].actor
    assert (a_call.posted_ante, a_call.hand_in, a_call.street_in, a_call.stack) == (
        10, 310, 300, 4690)
    assert (a_call.has_acted, a_call.raised_since_acted, a_call.largest_raise_since_acted) == (
        True, 600, 600)


def test_the_big_blind_level_is_called_unless_nobody_left_can_match_it() -> None:
    stacks = {"A": 5000, "B": 5000, "C": 10}
    no_big = make_hand(stacks, [act("C", "ante", 10, all_in=True), act("B", "small_blind", 50),
                                act("A", "call", 100)], ante=10)
    assert action_events(no_big)[0].action.to_call == 100
    # C's big blind is all-in short (60); A calls all-in for 80; the small blind then only
    # has to match the 80 nobody can raise (as PokerStars records it).
    short = make_hand({"A": 80, "B": 5000, "C": 60},
                      [act("B", "small_blind", 50), act("C", "big_blind", 60, all_in=True),
                       act("A", "call", 80, all_in=True), act("B", "call", 30)])
    calls = action_events(short)
    assert [c.action.to_call for c in calls] == [100, 30]
    assert failed(short) == []


def test_a_short_big_blind_is_measured_both_ways() -> None:
    # C posts the big blind of 100 all in for 60. D raises to 300: by 200 over the level's
    # big blind, by 240 over the 60 posted. A re-raises to 520, by 220: a full raise against
    # the level's 200, short of the 240 as posted.
    stacks = {"A": 5000, "B": 5000, "C": 60, "D": 5000}
    hand = make_hand(stacks, [act("B", "small_blind", 50),
                              act("C", "big_blind", 60, all_in=True),
                              act("D", "raise", 300, to=300), act("A", "raise", 520, to=520),
                              act("B", "fold"), act("D", "call", 220)])
    d_raise, a_raise, b_fold, d_call = action_events(hand)
    level = [(e.street.current_bet, e.action.to_call, e.action.increment,
              e.street.last_full_raise) for e in (d_raise, a_raise)]
    assert level == [(100, 100, 200, 100), (300, 300, 220, 200)]
    posted = [(p.current_bet, p.to_call, p.increment, p.last_full_raise)
              for p in (d_raise.action.as_posted, a_raise.action.as_posted) if p is not None]
    assert posted == [(60, 60, 240, 100), (300, 300, 220, 240)]
    # The rules read the level's big blind: A's re-raise is a full one.
    assert failed(hand) == []
    # Once a raise tops the big blind, the bet to call is the same either way; the raise
    # history keeps its first difference.
    b_posted, d_posted = b_fold.action.as_posted, d_call.action.as_posted
    assert b_posted is not None and d_posted is not None
    assert (b_fold.action.to_call, b_posted.to_call) == (470, 470)
    assert (d_call.actor.largest_raise_since_acted, d_posted.largest_raise_since_acted,
            d_call.street.last_full_raise, d_posted.last_full_raise) == (
        220, 220, 220, 240)
    # Opponents who can still answer a bet: A and B (C is all in).
    assert d_raise.action.opponents_with_chips == 2


def test_a_full_big_blind_reads_the_same_both_ways() -> None:
    hand = make_hand(FOUR, [*BLINDS, act("D", "raise", 300, to=300),
                            act("A", "raise", 450, to=450), act("B", "fold")])
    for event in action_events(hand):
        posted = event.action.as_posted
        assert posted is not None
        assert (posted.current_bet, posted.to_call, posted.is_raise, posted.increment,
                posted.last_full_raise, posted.bets_and_raises, posted.pot_limit_max_to,
                posted.raised_since_acted, posted.largest_raise_since_acted) == (
            event.street.current_bet, event.action.to_call, event.action.is_raise,
            event.action.increment, event.street.last_full_raise,
            event.street.bets_and_raises, event.street.pot_limit_max_to,
            event.actor.raised_since_acted, event.actor.largest_raise_since_acted)


def test_a_time_out_against_a_short_big_blind_is_judged_both_ways() -> None:
    # C's big blind is all in for 50, what the small blind B has in, and D calls the 50 (as
    # PokerKit plays it). As posted, B may check; the level's big blind of 100 leaves B 50 to
    # call, which D can match.
    timeout = [{"kind": "timed_out", "player": "B", "after_action": 4, "line": 23}]
    hand = make_hand({"A": 5000, "B": 5000, "C": 50, "D": 5000},
                     [act("B", "small_blind", 50), act("C", "big_blind", 50, all_in=True),
                      act("D", "call", 50), act("A", "fold"), act("B", "fold")],
                     events=timeout)
    found = [e.timeout for _, e in events(hand) if isinstance(e, TimeoutEvent)]
    assert [(t.check_was_free, t.check_was_free_as_posted) for t in found] == [(False, True)]
    # D's call of the posted 50 is short of the level's big blind the rules read.
    assert "betting.call-amount" in failed(hand)


def test_raises_that_raise_nobody_or_do_not_raise_are_caught() -> None:
    # A is all in; B has folded: C's raise has nobody to answer it.
    stacks = {"A": 200, "B": 5000, "C": 5000}
    alone = make_hand(stacks, [act("B", "small_blind", 50), act("C", "big_blind", 100),
                               act("A", "raise", 200, to=200, all_in=True), act("B", "fold"),
                               act("C", "raise", 500, to=600)])
    assert failed(alone) == ["betting.raise-needs-an-opponent"]
    # The same raise while B still has chips (B can call) is legal.
    answered = make_hand(stacks, [act("B", "small_blind", 50), act("C", "big_blind", 100),
                                  act("A", "raise", 200, to=200, all_in=True),
                                  act("B", "call", 150), act("C", "raise", 500, to=600)])
    assert failed(answered) == []
    # A "raise" to the bet already standing is a call.
    flat = make_hand(FOUR, [*BLINDS, act("D", "raise", 300, to=300),
                            act("A", "raise", 300, to=300)])
    assert failed(flat) == ["betting.raise-goes-above-the-bet"]


def test_a_hand_called_off_before_the_deal_owes_no_big_blind() -> None:
    # ftp/cash 26884156000, heads-up cash: `Villain posts the small blind`, `Hero is sitting
    # out`, `Total pot $0`: the blind came back and no cards were dealt. Only the poster is in
    # the hand (a cash table deals in the seats that post or act).
    def heads_up(actions: list[dict[str, Any]]) -> Hand:
        return make_hand({"Villain": 5000, "Hero": 5000}, actions, tournament_id=None,
                         returns=[{"player": "Villain", "amount": 50, "line": 30}])

    small_blind = act("Villain", "small_blind", 50)
    called_off = heads_up([small_blind])
    start, = [e for _, e in events(called_off) if isinstance(e, HandEvent)]
    assert start.hand.players_dealt == 1
    assert failed(called_off, on=("hand",)) == []
    # Dealt to both, the missing big blind is found.
    dealt = heads_up([small_blind, act("Hero", "fold")])
    assert failed(dealt, on=("hand",)) == ["posts.big-blind-posted"]


def first_on_flop(hand: Hand) -> ActionEvent:
    return next(e for e in action_events(hand) if e.street.name is Street.FLOP)


def test_without_a_button_the_first_blind_opens_the_later_streets() -> None:
    """A record that does not place the button: after the flop the action starts at the small
    blind (the first seat left of wherever the button was); heads-up it is not guessed."""
    stacks = {"A": 5000, "B": 5000, "C": 5000, "D": 5000}
    blinds = [act("B", "small_blind", 50), act("C", "big_blind", 100)]
    preflop = [act("D", "call", 100), act("A", "call", 100), act("B", "call", 50),
               act("C", "check")]
    for button, expected in ((1, "B"), (None, "B")):
        flop = [act("B", "check", street="flop"), act("C", "check", street="flop")]
        hand = make_hand(stacks, [*blinds, *preflop, *flop], button=button)
        first_flop = first_on_flop(hand)
        assert first_flop.action.expected_actor == expected
    # The small blind is dead: the big blind opens the flop.
    dead = [act("C", "big_blind", 100), act("D", "call", 100), act("A", "call", 100),
            act("C", "check"), act("C", "check", street="flop")]
    hand = make_hand(stacks, dead, button=None)
    first_flop = first_on_flop(hand)
    assert first_flop.action.expected_actor == "C"
    heads_up = make_hand({"A": 5000, "B": 5000},
                         [act("A", "small_blind", 50), act("B", "big_blind", 100),
                          act("A", "call", 50), act("B", "check"),
                          act("B", "check", street="flop")], button=None)
    first_flop = first_on_flop(heads_up)
    assert first_flop.action.expected_actor is None


_NAMES = ["A", "B", "C", "D", "E", "F"]


@st.composite
def _line_ups(draw: st.DrawFn) -> tuple[list[str], dict[str, int], list[int]]:
    """This hand's players (seated 1.. in order by `make_hand`), the previous hand's seats
    (each player absent, in the same seat or another; others who left) and its dealt seats."""
    now = draw(st.lists(st.sampled_from(_NAMES), min_size=2, max_size=5, unique=True))
    before: dict[str, int] = {}
    for number, name in enumerate(now, start=1):
        seat = draw(st.sampled_from([None, number, number, draw(st.integers(1, 9))]))
        if seat is not None:
            before[name] = seat
    for name in draw(st.lists(st.sampled_from(_NAMES), max_size=3, unique=True)):
        before.setdefault(name, draw(st.integers(1, 9)))
    dealt = draw(st.lists(st.integers(1, 9), max_size=9, unique=True))
    return now, before, dealt


@given(_line_ups())
def test_the_table_fact_names_the_line_up_s_changes(
        line_ups: tuple[list[str], dict[str, int], list[int]]) -> None:
    """Who arrived, left or moved, and the seats dealt in last hand that their players kept:
    in the order of this hand's seats (the previous hand's, for who left), whatever the
    seats (one player per seat or not: the table's state holds what the record said)."""
    now, before, dealt = line_ups
    table = TableState("1", hands_seen=1, follows_every_hand=True, seated=dict(before),
                       dealt_seats=list(dealt))
    hand = make_hand({name: 1000 for name in now}, [])
    seated = {seat.player: seat.seat for seat in hand.seats}
    seated_order = list(seated)
    # make_hand numbers the seats 1..; the state's own seats are what varies here.
    fact = table.fact_for(hand)
    was_dealt = {seat for seat in before.values() if seat in dealt}
    assert fact.previous_hand_known
    assert fact.arrived == [n for n in seated_order if n not in before]
    assert fact.departed == [n for n in before if n not in seated]
    assert fact.changed_seats == [n for n in seated_order if n in before and before[n] != seated[n]]
    assert fact.continuing_seats == [seated[n] for n in seated_order
                                     if seated[n] in was_dealt and before.get(n) == seated[n]]
    assert (fact.previous_players, fact.previous_dealt_seats) == (list(before), dealt)


@given(st.permutations([1, 2, 3, 4, 5, 6]), st.booleans(), st.sets(st.sampled_from("ABCDEF")),
       st.sets(st.sampled_from("ABCDEF")))
def test_the_players_dealt_in_are_the_seats_in_order_that_play(
        order: list[int], tournament: bool, acting: set[str], out_of_hand: set[str]) -> None:
    """Dealt in: every seat in seat order that acts, or in a tournament every seat not
    "out of hand"; whatever order the record lists its seats in."""
    names = dict(zip([1, 2, 3, 4, 5, 6], "ABCDEF", strict=True))
    seats = [Seat(seat=n, player=names[n], stack=1000, line=n) for n in order]
    actions = [Action(index=i, street=Street.PREFLOP, player=name, kind=ActionKind.FOLD,
                      line=20 + i) for i, name in enumerate(sorted(acting))]
    events = [HandEventRecord(HandEventKind.OTHER, 0, 30, name, "out of hand (moved from "
                              "another table into small blind)") for name in sorted(out_of_hand)]
    hand = Hand(site="t", source_format="t", hand_id="1", game=Game.HOLDEM,
                structure=BettingStructure.NO_LIMIT, unit=Unit.CHIPS, seats=seats,
                location=SourceLocation(file="t", line=1), end_line=40,
                tournament_id="T" if tournament else None, actions=actions, events=events)
    dealt = [(p.seat, p.name) for p in _dealt_players(hand, actions)]
    assert dealt == [(n, names[n]) for n in sorted(order)
                     if names[n] in acting or (tournament and names[n] not in out_of_hand)]
