"""The card signals' evaluations against their definitions. The outs probe of the
card-sharing signal: a card of theirs is one of my outs when, dealt on the board, it lifts my
hand above its class now. Heads-up equity: on the river my share of the pot; before it, the
mean share over `RUNOUTS` runouts drawn (`_draw`) from the deck less the known cards, in
`DECK` order, from the state the hand's seed gives. The references rank with the replay's
own evaluator (`high_rank`), not phevaluator's ids the signals use."""

import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.collusion.equity import DECK, RUNOUTS, OutsProbe, _draw, equity, made_rank
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


def _share(mine: list[str], theirs: list[str], board: list[str]) -> float:
    a, b = high_rank(mine, board, Game.HOLDEM), high_rank(theirs, board, Game.HOLDEM)
    return 1.0 if a > b else 0.0 if a < b else 0.5


def _reference_equity(mine: list[str], theirs: list[str], board: list[str], seed: str
                      ) -> float:
    missing = 5 - len(board)
    if missing == 0:
        return _share(mine, theirs, board)
    deck = [card for card in DECK if card not in {*mine, *theirs, *board}]
    state = zlib.crc32(seed.encode())
    total = 0.0
    for _ in range(RUNOUTS):
        state = _draw(deck, missing, state)
        total += _share(mine, theirs, [*board, *deck[:missing]])
    return total / RUNOUTS


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.sampled_from([0, 3, 4, 5]), st.text(max_size=12))
def test_equity_is_the_mean_share_over_the_seeded_runouts(deck: list[str], shown: int,
                                                          seed: str) -> None:
    mine, theirs, board = deck[:2], deck[2:4], deck[4:4 + shown]
    assert equity(Game.HOLDEM, mine, theirs, board, seed) == _reference_equity(
        mine, theirs, board, seed)


def test_equity_of_a_known_river() -> None:
    board = ["2c", "7d", "9h", "Js", "Kc"]
    assert equity(Game.HOLDEM, ["Ah", "Ad"], ["Qs", "Qd"], board, "h") == 1.0
    assert equity(Game.HOLDEM, ["Qs", "Qd"], ["Ah", "Ad"], board, "h") == 0.0
    assert equity(Game.HOLDEM, ["Ah", "3d"], ["As", "3c"], board, "h") == 0.5


@given(st.permutations(DECK), st.sampled_from([3, 4, 5]))
def test_a_made_hold_em_hand_ranks_as_the_showdown_ranks_it(deck: list[str], shown: int
                                                           ) -> None:
    """The observer's own hold'em path (`_rank`: the cards' ids straight to phevaluator's
    evaluator for their count) gives `high_rank`'s rank on every board size."""
    hole, board = deck[:2], deck[2:2 + shown]
    assert made_rank(Game.HOLDEM, hole, board) == high_rank(hole, board, Game.HOLDEM)
