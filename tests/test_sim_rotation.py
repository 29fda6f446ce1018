"""The simulator's blinds and button (checker/sim/rotation.py) as the rules file judges them:
tables of every size losing players between hands, each hand a walk to the big blind, judged
by the hand replay and every rule of rules/fulltilt.rules — none may fire."""

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import load_ruleset
from checker.model.hand_line import hand_played
from checker.model.source import SourceLocation
from checker.model.tournament_log import HandPlayed
from checker.replay.log_hand import LogContext, log_hand, log_table_state, replay_log_hand
from checker.sim.rotation import Blinds, Rotation
from tests.conftest import REPO

RULES: list[CompiledRuleset] = []
T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)


def _rules() -> CompiledRuleset:
    if not RULES:
        RULES.append(compile_ruleset(load_ruleset(REPO / "rules" / "fulltilt.rules")))
    return RULES[0]


def _walk(number: int, seats: dict[int, str], stacks: dict[str, int], blinds: Blinds
          ) -> HandPlayed:
    """Everyone folds to the big blind (the small blind last, when there is one)."""
    order = sorted(seats)
    big = seats[blinds.big_blind]
    small = seats[blinds.small_blind] if blinds.small_blind is not None else None
    actions: list[dict[str, Any]] = []
    if small is not None:
        actions.append({"street": "preflop", "player": small, "kind": "small_blind",
                        "amount": 10, "to": 10})
    actions.append({"street": "preflop", "player": big, "kind": "big_blind", "amount": 20,
                    "to": 20})
    after_big = [s for s in order if s > blinds.big_blind] + [s for s in order
                                                               if s < blinds.big_blind]
    actions += [{"street": "preflop", "player": seats[s], "kind": "fold"}
                for s in after_big if seats[s] not in (small, big)]
    if small is not None:
        actions.append({"street": "preflop", "player": small, "kind": "fold"})
    awards = [{"player": big, "amount": 20, "pot": 0}] if small else []
    started = T0 + timedelta(minutes=number)
    return hand_played({
        "event": "hand", "seq": number, "at": started + timedelta(seconds=30),
        "tournament": "1", "table": "1", "hand": f"1{number:05d}", "started": started,
        "game": "holdem", "structure": "no_limit", "small_blind": 10, "big_blind": 20,
        "button": blinds.button, "players_left": len(seats),
        "seats": [{"seat": s, "player": seats[s], "stack": stacks[seats[s]],
                   "cards": ["2c", "7d"]} for s in order],
        "actions": actions, "boards": [],
        "returns": [{"player": big, "amount": 10 if small else 20}],
        "awards": awards})


def _findings(hand: HandPlayed, table: Any) -> list[str]:
    converted = log_hand(hand, SourceLocation(file="t.jsonl", line=hand.seq),
                         LogContext("Full Tilt Poker", None, 9))
    rules = _rules()
    return [rule.rule_id for name, event in replay_log_hand(hand, converted, table)
            for rule, _ in rules.failures(name, event)]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=9), st.integers(min_value=0, max_value=2**32),
       st.integers(min_value=3, max_value=30))
def test_rotation_is_what_the_rules_require(size: int, seed: int, hands: int) -> None:
    rng = random.Random(seed)
    seat_numbers = sorted(rng.sample(range(1, 10), size))
    seats = {s: f"p{s}" for s in seat_numbers}
    stacks = {p: 1500 for p in seats.values()}
    rotation = Rotation()
    table = log_table_state("1", seated_by_log=True)
    for number in range(hands):
        blinds = rotation.next_hand(sorted(seats))
        rotation.dealt(blinds)
        hand = _walk(number, seats, stacks, blinds)
        assert _findings(hand, table) == [], (number, sorted(seats), blinds)
        if blinds.small_blind is not None:
            stacks[seats[blinds.small_blind]] -= 10
            stacks[seats[blinds.big_blind]] += 10
        if len(seats) > 2 and rng.random() < 0.3:  # someone leaves the table
            del seats[rng.choice(sorted(seats))]


def test_a_player_moved_away_and_back_arrives_rather_than_changes_seats() -> None:
    """A log's table_move away from a table (TournamentJudge calls TableState.left): back at
    the table in another seat, the player is an arrival, not a seat change (clause 9)."""
    for moved_away in (True, False):
        seats = {1: "a", 2: "b", 3: "c", 4: "d"}
        stacks = {p: 1500 for p in seats.values()}
        rotation = Rotation()
        table = log_table_state("1", seated_by_log=True)
        blinds = rotation.next_hand(sorted(seats))
        rotation.dealt(blinds)
        assert _findings(_walk(0, seats, stacks, blinds), table) == []
        stacks["a"], stacks["b"] = 1490, 1510
        if moved_away:
            table.left("d")
        seats = {1: "a", 2: "b", 3: "c", 5: "d"}
        blinds = rotation.next_hand(sorted(seats))
        rotation.dealt(blinds)
        found = _findings(_walk(1, seats, stacks, blinds), table)
        assert found == ([] if moved_away else ["seating.no-seat-changes"])
