"""The outs probe of the card-sharing signal against its definition: a card of theirs is one
of my outs when, dealt on the board, it lifts my hand above its class now. The reference
ranks with the replay's own evaluator (`high_rank`), not phevaluator's ids the probe uses."""

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.collusion.equity import DECK, OutsProbe
from checker.model.hand import Game
from checker.replay.evaluate import class_start, hand_class, high_rank


def _lifted(mine: list[str], board: list[str], card: str) -> bool:
    now = hand_class(high_rank(mine, board, Game.HOLDEM))
    return hand_class(high_rank(mine, [*board, card], Game.HOLDEM)) > now


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.sampled_from([3, 4]))
def test_the_probe_finds_exactly_the_cards_that_lift_my_class(deck: list[str], shown: int
                                                              ) -> None:
    mine, board, theirs = deck[:2], deck[2:2 + shown], deck[2 + shown:4 + shown]
    now = hand_class(high_rank(mine, board, Game.HOLDEM))
    probe = OutsProbe(Game.HOLDEM, mine, board, now)
    assert probe.held(theirs) == any(_lifted(mine, board, card) for card in theirs)
    for card in theirs:
        assert probe.held([card]) == _lifted(mine, board, card)


def test_a_made_flush_draws_to_the_straight_flush_only() -> None:
    mine, board = ["9h", "8h"], ["7h", "6h", "2h"]
    now = hand_class(high_rank(mine, board, Game.HOLDEM))
    probe = OutsProbe(Game.HOLDEM, mine, board, now)
    assert probe.held(["5h", "Kc"]) and probe.held(["Th"])
    assert not probe.held(["Ah", "9c"])


def test_no_board_before_the_flop_nor_on_the_river_is_probed() -> None:
    for board in ([], ["2c", "7d", "9h", "Js", "Kc"]):
        assert not OutsProbe(Game.HOLDEM, ["Ah", "Ad"], board, 1).held(["As", "Ac"])


def test_each_class_starts_where_the_last_ends() -> None:
    assert hand_class(class_start(0)) == 0
    for cls in range(1, 9):
        assert hand_class(class_start(cls)) == cls
        assert hand_class(class_start(cls) - 1) == cls - 1
    # Past the straight flush: above every rank.
    assert class_start(9) > class_start(8) and hand_class(class_start(9) - 1) == 8
