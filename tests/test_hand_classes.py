"""`hand_class` and `class_start` (checker/replay/evaluate.py) at every border between two
classes of high hand: the weakest hand of each class against the strongest of the class below,
written out by hand. Clause 28's equity and the simulator's colluders read a hand's class
from these borders, so a border one rank off would misclass exactly these hands."""

import pytest

from checker.model.hand import Game
from checker.replay.evaluate import class_start, hand_class, high_rank

# (strongest hand of class k - 1, weakest hand of class k), k = 1..8.
BORDERS = [
    ("As Kd Qh Jc 9s", "2s 2d 5h 4c 3s"),   # high card | one pair
    ("As Ad Kh Qc Js", "3s 3d 2h 2c 4s"),   # one pair | two pair
    ("As Ad Kh Kc Qs", "2s 2d 2h 4c 3s"),   # two pair | three of a kind
    ("As Ad Ah Kc Qs", "As 2d 3h 4c 5s"),   # three of a kind | straight (the wheel)
    ("Ts Jd Qh Kc As", "2s 3s 4s 5s 7s"),   # straight | flush
    ("As Ks Qs Js 9s", "2s 2d 2h 3c 3s"),   # flush | full house
    ("As Ad Ah Kc Ks", "2s 2d 2h 2c 3s"),   # full house | four of a kind
    ("As Ad Ah Ac Ks", "As 2s 3s 4s 5s"),   # four of a kind | straight flush
]


def rank(hand: str) -> int:
    cards = hand.split()
    return high_rank(cards[:2], cards[2:], Game.HOLDEM)


@pytest.mark.parametrize(("below", "weakest"), BORDERS, ids=[str(k) for k in range(1, 9)])
def test_the_weakest_hand_of_a_class_starts_it(below: str, weakest: str) -> None:
    cls = BORDERS.index((below, weakest)) + 1
    assert hand_class(rank(below)) == cls - 1
    assert hand_class(rank(weakest)) == cls
    assert class_start(cls) == rank(weakest)
    assert rank(below) == rank(weakest) - 1


def test_the_royal_flush_tops_the_last_class() -> None:
    royal = rank("As Ks Qs Js Ts")
    assert hand_class(royal) == 8
    assert class_start(9) == royal + 1
    assert class_start(0) == rank("7s 5d 4h 3c 2s")


@pytest.mark.parametrize(("hole", "board", "takes"), [
    ("As Kd", "Qh Jc", False),                 # four cards make no hand
    ("As Kd", "Qh Jc 9s", True),               # five: the hand itself (five-card stud, draw)
    ("As Kd", "Qh Jc 9s 8d 7c", True),         # seven: hold'em's best five
    ("As Kd", "Qh Jc 9s 8d 7c 6h", False),     # eight is no deal of these games
])
def test_a_high_hand_takes_five_to_seven_cards(hole: str, board: str, takes: bool) -> None:
    if takes:
        assert hand_class(high_rank(hole.split(), board.split(), Game.HOLDEM)) >= 0
    else:
        with pytest.raises(ValueError, match="5 to 7 cards"):
            high_rank(hole.split(), board.split(), Game.HOLDEM)
