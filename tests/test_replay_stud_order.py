"""Stud turn order after the first street: the best hand showing acts first, then clockwise.

Hand-built hands (seats 1..5 = A..E) plus the real stud corpus: the readers' up cards and
the order replay derives from them.
"""

from typing import Any

from checker.ingest.stream import FileRecords, discover, open_file
from checker.model.hand import Hand
from checker.replay.betting import STUD_GAMES, up_card_key
from tests.conftest import CORPUS
from tests.test_replay import act, action_events, failed
from tests.test_replay_stud import expected_actors, stud, third

# Third street where A brings in, B and C call, D and E fold: A, B, C see fourth street.
THREE_SEE_FOURTH = [third("A", "bring_in", 25), third("B", "call", 25), third("C", "call", 25),
                    third("D", "fold"), third("E", "fold")]


def fourth(player: str, kind: str, amount: int = 0, to: int | None = None) -> dict[str, Any]:
    return act(player, kind, amount, to=to, street="fourth")


def checks_round(order: str, street: str = "fourth") -> list[dict[str, Any]]:
    return [act(name, "check", street=street) for name in order]


def later_expected(hand: Hand, first_street_acts: int = 5) -> list[str | None]:
    return expected_actors(hand)[first_street_acts:]


def test_the_highest_up_card_acts_first_then_clockwise() -> None:
    # C shows the ace: C, then A, then B (clockwise wrapping past seat 5).
    hand = stud([*THREE_SEE_FOURTH, *checks_round("CAB")],
                up_cards={"A": ["5c", "Kd"], "B": ["Qs", "9h"], "C": ["8d", "Ad"]})
    assert later_expected(hand) == ["C", "A", "B"]
    assert "betting.in-turn" not in failed(hand)


def test_a_pair_showing_beats_a_higher_unpaired_board() -> None:
    hand = stud([*THREE_SEE_FOURTH, *checks_round("BCA")],
                up_cards={"A": ["Kd", "Qd"], "B": ["4c", "4d"], "C": ["8d", "Ad"]})
    assert later_expected(hand) == ["B", "C", "A"]


def test_up_card_key_ranks_shapes_before_ranks_and_ignores_suits() -> None:
    def high(cards: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return up_card_key(cards.split(), razz=False)

    assert high("2c 2d 2h 2s") > high("Ac Ad Ah 3c") > high("3c 3d 2c 2d") > high("Ac Ad Kc Qc")
    assert high("9c 9d Kc 2c") > high("9h 9s Qc Jc") > high("8c 8d Ac Kc")
    # Four to a straight flush is still no pair: it loses to the smallest pair.
    assert high("2c 2d 7h 8s") > high("Th Jh Qh Kh")
    assert high("Ac 5d") == high("As 5h")


def test_razz_puts_the_lowest_board_first_ace_low_pairs_bad() -> None:
    hand = stud([*THREE_SEE_FOURTH, *checks_round("BCA")], game="razz",
                up_cards={"A": ["Kc", "2d"], "B": ["7s", "6h"], "C": ["Ah", "8c"]})
    assert later_expected(hand) == ["B", "C", "A"]

    def low(cards: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return up_card_key(cards.split(), razz=True)

    assert low("Ac 2d 3h") > low("Kc 2d 3h") > low("2c 2d 3h") > low("3c 3d Ah")
    assert low("8c 7d 6h 2s") > low("8c 7d 6h 3s") > low("9c 2d 3h 4s")
    # As many groups of ranks on both boards: trips is a worse low than two pair, however
    # high the pairs (a pair's size counts before its rank).
    assert low("Kc Kd Qh Qs") > low("5c 5d 5h 2s")


def test_tied_boards_go_to_the_lowest_seat_of_the_tie() -> None:
    # B and C both show Q-9 (suits do not count): B, the lower seat, opens.
    hand = stud([*THREE_SEE_FOURTH, *checks_round("BCA")],
                up_cards={"A": ["5c", "Jd"], "B": ["Qs", "9h"], "C": ["9c", "Qd"]})
    assert later_expected(hand) == ["B", "C", "A"]


def test_a_folded_best_board_is_passed_over() -> None:
    # C shows the best board but folded on third street: B (K high) opens.
    actions = [third("A", "bring_in", 25), third("B", "call", 25), third("C", "fold"),
               third("D", "fold"), third("E", "call", 25), *checks_round("BEA")]
    hand = stud(actions, up_cards={"A": ["5c", "Jd"], "B": ["Ks", "9h"], "C": ["Ac", "Ad"],
                                   "E": ["2c", "Qd"]})
    assert later_expected(hand) == ["B", "E", "A"]


def test_an_all_in_best_board_hands_the_lead_to_the_next_seat_clockwise() -> None:
    # C (ante 10, call 25) is all-in on third street with the best board; D and E folded,
    # so the lead passes clockwise to A.
    short = {**{n: 3000 for n in "ABDE"}, "C": 35}
    actions = [third("A", "bring_in", 25), third("B", "call", 25),
               {**third("C", "call", 25), "all_in": True}, third("D", "fold"), third("E", "fold"),
               *checks_round("AB")]
    hand = stud(actions, up_cards={"A": ["5c", "Jd"], "B": ["Ks", "9h"], "C": ["Ac", "Ad"]},
                seats=[{"seat": n, "player": name, "stack": chips, "line": 1 + n}
                       for n, (name, chips) in enumerate(sorted(short.items()), start=1)])
    assert later_expected(hand) == ["A", "B"]


def test_acting_before_the_best_board_is_out_of_turn() -> None:
    hand = stud([*THREE_SEE_FOURTH, *checks_round("ACB")],
                up_cards={"A": ["5c", "Kd"], "B": ["Qs", "9h"], "C": ["8d", "Ad"]})
    assert later_expected(hand)[0] == "C"
    assert "betting.in-turn" in failed(hand)


def test_later_streets_count_the_up_cards_dealt_so_far_and_seventh_adds_none() -> None:
    # Fourth: A's K beats B's Q. Fifth: B pairs nines. Seventh: the board of sixth stands.
    up = {"A": ["5c", "Kd", "3h", "2c"], "B": ["Qs", "9h", "9d", "4s"]}
    actions = [third("A", "bring_in", 25), third("B", "call", 25), third("C", "fold"),
               third("D", "fold"), third("E", "fold"), *checks_round("AB"),
               *checks_round("BA", "fifth"), *checks_round("BA", "sixth"),
               *checks_round("BA", "seventh")]
    hand = stud(actions, up_cards=up)
    assert later_expected(hand) == ["A", "B", "B", "A", "B", "A", "B", "A"]


def test_five_card_stud_third_street_shows_two_up_cards() -> None:
    actions = [act("A", "bring_in", 25, street="second"), act("B", "call", 25, street="second"),
               *[act(n, "fold", street="second") for n in "CDE"], *checks_round("BA", "third")]
    hand = stud(actions, game="stud5", up_cards={"A": ["Ac", "2d"], "B": ["Kc", "Kd"]})
    assert later_expected(hand) == ["B", "A"]


def test_an_active_player_without_up_cards_leaves_the_order_unknown() -> None:
    hand = stud([*THREE_SEE_FOURTH, *checks_round("CAB")],
                up_cards={"A": ["5c", "Kd"], "C": ["8d", "Ad"]})
    assert later_expected(hand) == [None, None, None]


# ------------------------------------------------------------------ the real corpus

STUD_FOLDERS = ("ftp/cash/Stud", "ftp/tour/Stud", "ftp/cash/Mix", "ftp/old2008",
                "stars/tour/Stud", "stars/tour/Mixed")


def corpus_stud_hands() -> list[Hand]:
    hands: list[Hand] = []
    for folder in STUD_FOLDERS:
        for path in discover([CORPUS / folder]):
            opened = open_file(path) if path.suffix == ".txt" else None
            if isinstance(opened, FileRecords):
                hands += [r for r in opened.records if isinstance(r, Hand)
                          and r.game in STUD_GAMES]
    return hands


def test_readers_keep_the_up_cards_as_the_records_deal_them() -> None:
    hands = {h.hand_id: h for h in corpus_stud_hands()}
    # Full Tilt 21536527525: "Dealt to Hero [Td Jd] [As]", then [Jc], [Js], [7h] on fourth
    # to sixth street and [2s] on seventh (down); thebear666 "[Kc]", "[Kc] [2h]", ...
    ftp = hands["21536527525"]
    assert ftp.up_cards["Hero"] == ["As", "Jc", "Js", "7h"]
    assert ftp.up_cards["thebear666"] == ["Kc", "2h", "3s", "4d"]
    assert ftp.hole_cards["Hero"] == ["Td", "Jd", "As", "Jc", "Js", "7h", "2s"]
    # PokerStars 49382949075: "Dealt to Hero [3c Ac 5s]" (door card last), then [2h], [Th],
    # [Js], [5h] on seventh; a player named "PC [Mittel]".
    stars = hands["49382949075"]
    assert stars.up_cards["Hero"] == ["5s", "2h", "Th", "Js"]
    assert stars.up_cards["PC [Mittel]"] == ["5c", "9s", "4s", "9d"]
    assert stars.up_cards["Player0"] == ["Jh"]
    # Every up card is one of the player's cards, and every player dealt in shows one.
    for hand in hands.values():
        assert set(hand.up_cards) == set(hand.hole_cards), hand.hand_id
        for name, up in hand.up_cards.items():
            assert set(up) <= set(hand.hole_cards[name]), (hand.hand_id, name)


def test_corpus_later_street_acts_all_get_an_expected_actor_and_act_in_turn() -> None:
    later = 0
    ordered = 0
    out_of_turn: list[tuple[str, int]] = []
    for hand in corpus_stud_hands():
        first = hand.actions[0].street
        for event in action_events(hand):
            if event.street.name is first:
                continue
            later += 1
            expected = event.action.expected_actor
            if expected is not None:
                ordered += 1
                if expected != event.actor.name:
                    out_of_turn.append((hand.hand_id, event.action.index))
    assert (later, ordered) == (520, 520)
    assert out_of_turn == []
