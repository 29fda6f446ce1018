"""Rule dispatch cost per event with the whole fulltilt rule set loaded.

Compiles rules/fulltilt.rules once, then evaluates every rule listening to each event kind on a
representative event built from the fact vocabulary: a preflop raise in a 6-handed no-limit
hand (the `action` event, the hot path: most events of an audit are actions), the hand's
`hand` event, a `post`, a pot award and the hand's end. Reports ns per event and the rules
run. Run: `.venv/bin/python benchmarks/bench_rules.py`.
"""

import time
from collections.abc import Callable
from pathlib import Path

from checker.dsl.engine import compile_ruleset
from checker.dsl.ruleset import load_ruleset
from checker.replay.facts import (
    ActionEvent,
    ActionFact,
    ActionKind,
    BettingStructure,
    Chips,
    Game,
    HandEndEvent,
    HandEvent,
    HandFact,
    PlayerFact,
    PostEvent,
    PostFact,
    PotEvent,
    PotFact,
    Street,
    StreetFact,
    TableFact,
    WinnerFact,
)

REPO = Path(__file__).resolve().parents[1]


def _events() -> dict[str, object]:
    players = [PlayerFact(name=f"P{seat}", seat=seat, stack_start=Chips(1500),
                          stack=Chips(1500)) for seat in range(1, 7)]
    hand = HandFact(hand_id="1", site="Full Tilt Poker", game=Game.HOLDEM,
                    structure=BettingStructure.NO_LIMIT, small_blind=Chips(10),
                    big_blind=Chips(20), button_seat=6, small_blind_seat=1, big_blind_seat=2,
                    small_blind_player="P1", big_blind_player="P2",
                    dealt_seats=[1, 2, 3, 4, 5, 6], players=players, players_dealt=6,
                    total_put_in=Chips(130), total_awarded=Chips(130))
    table = TableFact(name="1", previous_hand_known=True, first_hand=False,
                      previous_button_seat=5, previous_small_blind_seat=6,
                      previous_big_blind_seat=1, previous_small_blind_player="P6",
                      previous_big_blind_player="P1", previous_dealt_seats=[1, 2, 3, 4, 5, 6],
                      previous_players=[p.name for p in players])
    street = StreetFact(name=Street.PREFLOP, current_bet=Chips(20), last_full_raise=Chips(20),
                        opened_by_blind=True, pot_before=Chips(30))
    action = ActionFact(index=3, kind=ActionKind.RAISE, amount=Chips(60), to=Chips(60),
                        all_in=False, is_raise=True, increment=Chips(40), to_call=Chips(20),
                        expected_actor="P3", line=12)
    post = PostFact(kind=ActionKind.BIG_BLIND, player="P2", seat=2, amount=Chips(20),
                    required=Chips(20), all_in=False, sitting_out=False, disconnected=False,
                    line=9)
    pot = PotFact(index=0, amount=Chips(130), half=None, eligible=["P2", "P3"], best=["P3"],
                  winners=[WinnerFact(player="P3", seat=3, distance_from_button=3,
                                      awarded=Chips(130))], paid_to_ineligible=[])
    return {
        "action": ActionEvent(hand=hand, table=table, street=street, action=action,
                              actor=players[2]),
        "hand": HandEvent(hand=hand, table=table),
        "post": PostEvent(hand=hand, table=table, post=post),
        "pot": PotEvent(hand=hand, pot=pot),
        "hand_end": HandEndEvent(hand=hand, table=table),
    }


def _time(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(repeat):
            run()
        best = min(best, (time.perf_counter() - started) / repeat)
    return best


def main() -> None:
    compiled = compile_ruleset(load_ruleset(REPO / "rules" / "fulltilt.rules"))
    total = sum(len(rules) for rules in compiled.by_event.values())
    print(f"fulltilt: {total} rules compiled over {len(compiled.by_event)} event kinds")
    for name, event in _events().items():
        rules = len(compiled.by_event.get(name, ()))
        found = list(compiled.failures(name, event))
        def run(name: str = name, event: object = event) -> object:
            return list(compiled.failures(name, event))

        seconds = _time(run, 20_000)
        print(f"  on {name:<9} {rules:>3} rules  {seconds * 1e9:>8,.0f} ns per event"
              f"  ({len(found)} failing on this event)")


if __name__ == "__main__":
    main()
