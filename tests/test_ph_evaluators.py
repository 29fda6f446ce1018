"""The hold'em evaluators the replay and clause 28 call (checker/replay/ph_evaluators.py):
phevaluator's ranks, whether through the compiled build's METH_FASTCALL module or through
phevaluator's own functions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from phevaluator import _pheval  # type: ignore[import-untyped]

from checker.replay import ph_evaluators
from checker.replay.ph_evaluators import EVALUATE_5, EVALUATE_6, EVALUATE_7

THEIRS = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards, 7: _pheval.evaluate_7cards}
OURS = {5: EVALUATE_5, 6: EVALUATE_6, 7: EVALUATE_7}


@given(st.sampled_from([5, 6, 7]).flatmap(
    lambda size: st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)))
def test_every_hand_ranks_as_phevaluator_ranks_it(cards: list[int]) -> None:
    assert OURS[len(cards)](*cards) == THEIRS[len(cards)](*cards)


def test_the_best_and_the_worst_hands() -> None:
    # Card ids are rank * 4 + suit (2c = 0 .. As = 51): a royal flush in spades ranks 1, and
    # 7-5-4-3-2 of mixed suits 7462.
    assert EVALUATE_5(35, 39, 43, 47, 51) == 1
    assert EVALUATE_7(35, 39, 43, 47, 51, 0, 1) == 1
    assert EVALUATE_5(20, 12, 8, 4, 1) == 7462


def test_a_wrong_number_of_cards_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        EVALUATE_7(1, 2, 3)
    with pytest.raises(TypeError):
        EVALUATE_6(1, 2, 3, 4, 5, "6")


def test_the_fastcall_module_refuses_ids_outside_the_deck() -> None:
    """phevaluator's own parser takes any int and reads its tables out of bounds; the
    compiled build's module refuses. Without it, phevaluator's functions are the ones used."""
    if not ph_evaluators.FASTCALL:
        assert EVALUATE_7 is _pheval.evaluate_7cards
        return
    for bad in (52, -1):
        with pytest.raises(ValueError, match=r"not in 0\.\.51"):
            EVALUATE_7(0, 1, 2, 3, 4, 5, bad)
    with pytest.raises(OverflowError):
        EVALUATE_5(0, 1, 2, 3, 2**70)
