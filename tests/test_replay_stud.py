"""Stud replay mechanics on hand-built hands: turn order, the open-pair notice, high cards."""

from typing import Any

from checker.ingest.stream import UnrecognizedFile, read_paths
from checker.model.hand import Hand, Street
from checker.replay.betting import STUD_GAMES, card_rank, high_cards
from checker.replay.facts import ActionEvent, PotEvent, Suit
from tests.conftest import CORPUS
from tests.test_replay import act, action_events, events, failed, make_hand

FIVE = {"A": 3000, "B": 3000, "C": 3000, "D": 3000, "E": 3000}
NOTICE = "Pair on board - a double bet is allowed"


def stud(actions: list[dict[str, Any]], game: str = "stud", **extra: Any) -> Hand:
    """Five seats, ante 10, bring-in 25, limit 100/200 (seats 1..5 = A..E)."""
    first = "second" if game == "stud5" else "third"
    antes = [act(name, "ante", 10, street=first) for name in FIVE]
    return make_hand(FIVE, [*antes, *actions], structure="fixed_limit", game=game,
                     ante=10, bring_in=25, **extra)


def third(player: str, kind: str, amount: int = 0, to: int | None = None) -> dict[str, Any]:
    return act(player, kind, amount, to=to, street="third")


def expected_actors(hand: Hand) -> list[str | None]:
    return [e.action.expected_actor for e in action_events(hand)]


def test_third_street_goes_clockwise_from_the_bring_in_wrapping_past_the_last_seat() -> None:
    # D (seat 4) brings in; then E, then A, B, C around the table.
    hand = stud([third("D", "bring_in", 25), third("E", "complete", 100, to=100),
                 third("A", "fold"), third("B", "call", 100), third("C", "fold"),
                 third("D", "call", 75)])
    # The bring-in's own turn (lowest up card, suits breaking ties) is not checked.
    assert expected_actors(hand) == [None, "E", "A", "B", "C", "D"]
    assert "betting.in-turn" not in failed(hand)


def test_third_street_skips_folded_players_when_the_action_comes_round() -> None:
    hand = stud([third("B", "bring_in", 25), third("C", "fold"),
                 third("D", "complete", 100, to=100), third("E", "fold"),
                 third("A", "raise", 200, to=200), third("B", "fold"), third("D", "call", 100)])
    # After B folds, C (folded) is passed over: D is due.
    assert expected_actors(hand) == [None, "C", "D", "E", "A", "B", "D"]
    assert "betting.in-turn" not in failed(hand)


def test_third_street_out_of_turn_is_flagged_naming_the_player_due() -> None:
    # C acts before B, who sits between the bring-in (A) and C.
    hand = stud([third("A", "bring_in", 25), third("C", "fold"), third("B", "fold")])
    out_of_turn = action_events(hand)[1]
    assert (out_of_turn.actor.name, out_of_turn.action.expected_actor) == ("C", "B")
    assert "betting.in-turn" in failed(hand)


def test_a_bring_in_player_who_completes_anchors_the_order_too() -> None:
    hand = stud([third("E", "complete", 100, to=100), third("A", "call", 100),
                 third("B", "fold")])
    assert expected_actors(hand) == [None, "A", "B"]


def test_five_card_stud_orders_its_first_street_second_street() -> None:
    hand = stud([act("C", "bring_in", 25, street="second"),
                 act("D", "fold", street="second"), act("E", "fold", street="second")],
                game="stud5")
    assert expected_actors(hand) == [None, "D", "E"]


def test_later_streets_are_not_ordered_without_up_cards() -> None:
    hand = stud([third("A", "bring_in", 25), third("B", "call", 25), third("C", "fold"),
                 third("D", "fold"), third("E", "fold"),
                 act("B", "check", street="fourth"), act("A", "check", street="fourth")])
    assert expected_actors(hand)[-2:] == [None, None]


def _fourth_street_bet(notice: bool, up: dict[str, list[str]] | None = None) -> Hand:
    """B bets the big bet on fourth street; `up`: the up cards the record shows."""
    actions = [third("A", "bring_in", 25), third("B", "call", 25), third("C", "fold"),
               third("D", "fold"), third("E", "fold"),
               act("B", "bet", 200, to=200, street="fourth"),
               act("A", "call", 200, street="fourth")]
    notices = [{"kind": "other", "text": NOTICE, "street": "fourth", "after_action": 10,
                "line": 60}] if notice else []
    return stud(actions, events=notices, up_cards=up or {})


def test_open_pair_notice_marks_fourth_street_only() -> None:
    streets = [(e.street.name.value, e.street.open_pair_on_board)
               for e in action_events(_fourth_street_bet(notice=True))]
    assert streets == [("third", False)] * 5 + [("fourth", True)] * 2
    assert not any(e.street.open_pair_on_board
                   for e in action_events(_fourth_street_bet(notice=False)))


def test_an_open_pair_in_the_up_cards_marks_fourth_street_without_a_notice() -> None:
    # Full Tilt writes no notice but shows the up cards (`Dealt to Player4 [9c] [9d]`).
    pair = _fourth_street_bet(notice=False, up={"A": ["2c", "5d"], "B": ["9c", "9d"]})
    streets = [(e.street.name.value, e.street.open_pair_on_board) for e in action_events(pair)]
    assert streets == [("third", False)] * 5 + [("fourth", True)] * 2
    assert failed(pair) == []
    # No pair among the first two up cards (the nines pair only on fifth street): the big
    # bet on fourth is found.
    no_pair = _fourth_street_bet(notice=False, up={"A": ["2c", "5d"], "B": ["9c", "8d", "9h"]})
    assert not any(e.street.open_pair_on_board for e in action_events(no_pair))
    assert failed(no_pair) == ["limit.bet-size"]


def test_high_cards_give_the_top_rank_and_every_suit_held_in_it() -> None:
    assert high_cards([]) == (None, [])
    assert high_cards(["Ks", "Ac"]) == (14, [Suit.CLUBS])
    # A pair on top: both suits, in the order the cards come (ranking suits is the rules').
    assert high_cards(["Ks", "9d", "Kh"]) == (13, [Suit.SPADES, Suit.HEARTS])
    assert high_cards(["Qs", "Kc", "Kc"]) == (13, [Suit.CLUBS])
    assert [card_rank(c) for c in ("2c", "9h", "Td", "As")] == [2, 9, 10, 14]
    # Ace low (razz): below the deuce.
    assert [card_rank(c, ace_low=True) for c in ("As", "2c", "Kd")] == [1, 2, 13]


def test_stud_winners_carry_their_highest_card_flop_winners_do_not() -> None:
    actions = [third("A", "bring_in", 25), third("B", "call", 25), third("C", "fold"),
               third("D", "fold"), third("E", "fold")]
    split = [{"player": "A", "amount": 50, "line": 40}, {"player": "B", "amount": 50,
                                                          "line": 41}]
    hand = stud(actions, awards=split,
                hole_cards={"A": ["9d"], "B": ["Qc"]},
                shown=[{"player": "A", "cards": ["2c", "Kh", "9d"], "line": 38},
                       {"player": "B", "cards": ["Kd", "3s", "Qc"], "line": 39}])
    pots = [e.pot for _, e in events(hand) if isinstance(e, PotEvent)]
    winners = {w.player: (w.high_card_rank, w.high_card_suits)
               for pot in pots for w in pot.winners}
    # A's king of hearts was shown only at showdown; B holds the king of diamonds.
    assert winners == {"A": (13, [Suit.HEARTS]), "B": (13, [Suit.DIAMONDS])}
    holdem = make_hand({"A": 1000, "B": 1000},
                       [act("A", "small_blind", 50), act("B", "big_blind", 100),
                        act("A", "fold")],
                       awards=[{"player": "B", "amount": 150, "line": 40}])
    pot, = [e.pot for _, e in events(holdem) if isinstance(e, PotEvent)]
    assert [(w.high_card_rank, w.high_card_suits) for w in pot.winners] == [(None, [])]


# Every folder of the real corpus holding stud hands.
STUD_FOLDERS = ("ftp/tour/Stud", "ftp/cash/Stud", "ftp/cash/Mix", "ftp/old2008",
                "stars/tour/Stud", "stars/tour/Mixed")


def _stud_action_events() -> list[tuple[str, ActionEvent]]:
    found: list[tuple[str, ActionEvent]] = []
    texts = sorted(path for folder in STUD_FOLDERS for path in (CORPUS / folder).glob("*.txt"))
    for opened in read_paths(texts):
        if isinstance(opened, UnrecognizedFile):
            continue  # notes kept beside the hands (ftp/old2008); tests/test_corpus reads all
        for record in opened.records:
            if isinstance(record, Hand) and record.game in STUD_GAMES:
                found += [(record.hand_id, e) for _, e in events(record)
                          if isinstance(e, ActionEvent)]
    return found


def test_real_stud_hands_act_in_the_order_replay_expects_and_open_pairs_are_found() -> None:
    acts = _stud_action_events()
    ordered = [(hand_id, e) for hand_id, e in acts if e.action.expected_actor is not None]
    # Every act is ordered but each hand's first (the bring-in's own turn is not checked);
    # later streets from the up cards (tests/test_replay_stud_order.py).
    assert len(ordered) >= 900
    assert {e.street.name for _, e in ordered} >= {Street.THIRD, Street.FOURTH, Street.SEVENTH}
    assert [(h, e.action.line) for h, e in ordered
            if e.actor.name != e.action.expected_actor] == []
    # Open pairs on fourth street, read off the records' 3rd and 4th street deal lines (the
    # first two up cards pair): PokerStars writes "Pair on board - a double bet is allowed"
    # for 99632512109 (stud) only, not for its razz and stud hi/lo pairs; Full Tilt writes no
    # notice (`Dealt to Player4 [9c] [9d]`). Razz 31349767778's pair has no fourth-street act.
    assert {e.street.name for h, e in acts if e.street.open_pair_on_board} == {Street.FOURTH}
    # The first bet on each such street (hand, bet), and the streets checked through.
    opening_bets = {(h, e.action.to) for h, e in acts
                    if e.street.open_pair_on_board and e.action.kind.value == "bet"}
    assert opening_bets == {
        # ftp/cash/Mix 10-Game, small/big bet 250/500: stud, stud hi/lo, razz.
        ("29704173010", 250), ("29705002586", 250), ("29705726470", 250),
        # ftp/cash/Stud, stud 200/400: the big bet, which the open pair allows.
        ("11111111813", 400), ("11111112277", 400),
        # stars/tour/Mixed 8-Game: razz 30/60, stud 40/80 (the big bet, after the notice),
        # stud hi/lo 40/80 twice.
        ("99632379168", 30), ("99632512109", 80), ("99632554838", 40), ("99632561862", 40),
        # stars/tour/Stud, stud hi/lo 25/50.
        ("29356803849", 25),
    }
    # stars/tour/Mixed 8-Game: razz twice, stud hi/lo.
    checked_through = {"99632288552", "99632356819", "99632586956"}
    assert {h for h, e in acts if e.street.open_pair_on_board} == (
        {h for h, _ in opening_bets} | checked_through)
