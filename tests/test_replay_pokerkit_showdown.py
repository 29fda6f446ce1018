"""The PokerKit differential's showdown comparison, by hand (tests/test_replay_pokerkit.py).

Each hand is dealt from a known deck and played on PokerKit; the pots, their eligible players,
the best hands and the payout are worked out here from the cards and the chips, then both
engines are held to them.
"""

import pytest
from pokerkit import Automation, Mode, NoLimitTexasHoldem

import tests.test_replay_pokerkit as differential
from tests.test_replay_pokerkit import (
    _ODD_CHIP,
    DECK,
    Deal,
    Played,
    board_positions,
    clause_22_awards,
    clause_22_split,
    compare,
    hand_record,
    judge,
    play,
    pokerkit_awards,
    pokerkit_split,
)


def royal_deck(players: int, suit: str = "s") -> tuple[str, ...]:
    """The deck in rank order with a royal flush in `suit` dealt on the board of a hold'em
    hand of `players`: every hand at showdown plays the board and ties."""
    board = [rank + suit for rank in "AKQJT"]
    order = [card for card in DECK if card not in board]
    for position, card in zip(board_positions("holdem", players), board, strict=True):
        order.insert(position, card)
    return tuple(order)


def played(deal: Deal, intents: list[str]) -> Played:
    result = play(deal, [(intent, 0) for intent in intents])
    assert result.completed and result.showdown is not None
    return result


def test_the_splits() -> None:
    # 35 three ways: 11 each and two odd chips. Clause 22: one each to the two winners nearest
    # the button's left. PokerKit: both to the first winner.
    assert clause_22_split(35, [3, 1, 2]) == {1: 12, 2: 12, 3: 11}
    assert pokerkit_split(35, [3, 1, 2]) == {1: 13, 2: 11, 3: 11}
    assert clause_22_split(7, [0, 2]) == pokerkit_split(7, [0, 2]) == {0: 4, 2: 3}


# Four players, blinds 5/10, a royal flush on the board. P3 and P4 call, the small blind (P1)
# folds, the big blind (P2) checks; all check down. The pot: 3 x 10 + the small blind's dead
# 5 = 35, split between P2, P3 and P4.
_THREE_WAY = Deal("holdem", "no_limit", 5, 10, 0, (200, 200, 200, 200), royal_deck(4))
_THREE_WAY_PLAY = ["call", "call", "give_up", "call", *["call"] * 9]


def test_odd_chips_go_as_clause_22_says_not_as_pokerkit_pays_them() -> None:
    hand = played(_THREE_WAY, _THREE_WAY_PLAY)
    seen = hand.showdown
    assert seen is not None
    assert seen.pots == [(35, (1, 2, 3))]
    assert seen.winners == [[1, 2, 3]]
    # PokerKit pays both odd chips to P2 (player 1, the first left of the button).
    assert pokerkit_awards(seen) == [{1: 13, 2: 11, 3: 11}]
    assert hand.final_stacks == (195, 203, 201, 201)
    # Clause 22: P2 and P3 one odd chip each.
    assert clause_22_awards(seen) == [{1: 12, 2: 12, 3: 11}]
    judged = judge(hand_record(hand))
    assert [(p.amount, p.eligible, p.best) for p in judged.pots] == [
        (35, ["P2", "P3", "P4"], ["P2", "P3", "P4"])]
    assert judged.pot_findings == []
    assert judged.end_stacks == {"P1": 195, "P2": 202, "P3": 202, "P4": 201}
    # Paid as PokerKit paid, the pot breaks clause 22.
    theirs = judge(hand_record(hand, [{1: 13, 2: 11, 3: 11}]))
    assert theirs.pot_findings == [(_ODD_CHIP, 0)]
    assert compare(hand) == []


def test_the_comparison_fails_if_the_record_paid_the_odd_chips_as_pokerkit_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The differential itself: with PokerKit's split in place of clause 22's as the expected
    # payout, feltcheck's odd-chip finding makes the comparison fail.
    hand = played(_THREE_WAY, _THREE_WAY_PLAY)
    monkeypatch.setattr(differential, "clause_22_split", pokerkit_split)
    problems = compare(hand)
    assert any("clause 22's payout found wrong" in p for p in problems)


def test_side_pots_eligibility_and_best_hands_match_pokerkit() -> None:
    # Blinds 1/2, three players; the big blind (P2) has 10. Deck in rank order: P1 holds 2c 2s,
    # P2 2d 3c, P3 2h 3d; the board is 3s 4c 4d 4s 5d (3h, 4h, 5c burnt). P3 calls, P1
    # completes, P2 moves all in for 10, both call: a main pot of 30 for all three. On the
    # flop P1 bets 2 and P3 calls: a side pot of 4 for P1 and P3. They check down.
    # P2 and P3 both play 4-4-4-3-3 (P1 only 4-4-4-2-2): they split the main pot 15/15; P3
    # wins the side pot.
    deal = Deal("holdem", "no_limit", 1, 2, 0, (50, 10, 50))
    hand = played(deal, ["call", "call", "all_in", "call", "call", "min_raise", "call",
                         *["call"] * 4])
    seen = hand.showdown
    assert seen is not None
    assert seen.board == ["3s", "4c", "4d", "4s", "5d"]
    assert seen.pots == [(30, (0, 1, 2)), (4, (0, 2))]
    assert seen.winners == [[1, 2], [2]]
    assert hand.final_stacks == (38, 15, 57)
    judged = judge(hand_record(hand))
    assert [(p.index, p.amount, p.eligible, p.best) for p in judged.pots] == [
        (0, 30, ["P1", "P2", "P3"], ["P2", "P3"]), (1, 4, ["P1", "P3"], ["P3"])]
    assert judged.pot_findings == []
    assert compare(hand) == []


def test_a_short_ante_is_eligible_only_for_what_it_matched() -> None:
    # Ante 2, blinds 5/10; P3 has 1 chip: all in on the ante. P1 calls, P2 checks, both check
    # down on a royal flush board, so every hand ties. With PokerKit's ante trimming, P3's
    # one chip matches one chip from each: a main pot of 3 for all three, the rest (2 x 11)
    # for P1 and P2. Split three ways, the main pot pays 1 each; the side pot 11 each.
    deal = Deal("holdem", "no_limit", 5, 10, 2, (100, 100, 1), royal_deck(3))
    hand = played(deal, ["call", "call", *["call"] * 6])
    seen = hand.showdown
    assert seen is not None
    assert seen.pots == [(3, (0, 1, 2)), (22, (0, 1))]
    judged = judge(hand_record(hand))
    assert [(p.amount, p.eligible) for p in judged.pots] == [
        (3, ["P1", "P2", "P3"]), (22, ["P1", "P2"])]
    assert judged.end_stacks == {"P1": 100, "P2": 100, "P3": 1}
    assert compare(hand) == []
    # Without trimming, PokerKit puts every ante in the main pot, which the short ante may
    # win whole: 5 chips for all three, not 3.
    state = NoLimitTexasHoldem.create_state(
        (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
         Automation.BLIND_OR_STRADDLE_POSTING), False, 2, (5, 10), 10, (100, 100, 1), 3,
        mode=Mode.TOURNAMENT)
    assert [(pot.amount, pot.player_indices) for pot in state.pots] == [(5, (0, 1, 2))]
