"""Showdown evaluation: known hands for every game family, ties, and agreement with a second
evaluator: pokerkit (pure Python, its own lookup tables) checks the phevaluator paths, and
pokerkit evaluated directly checks the memoised paths."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import (
    BadugiHand,
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardHighHand,
    StandardLowHand,
)

from checker.model.cards import RANKS, SUITS
from checker.model.hand import Game
from checker.replay.evaluate import best_players, clear_memo, evaluates, high_rank, low_rank

DECK = [r + s for r in RANKS for s in SUITS]
SHORT_DECK = [c for c in DECK if c[0] not in "2345"]


def cards(text: str) -> list[str]:
    return text.split()


def hi(hole: str, board: str, game: Game = Game.HOLDEM) -> int:
    return high_rank(cards(hole), cards(board), game)


def lo(hole: str, board: str, game: Game) -> int | None:
    return low_rank(cards(hole), cards(board), game)


def cmp(a: object, b: object) -> int:
    assert isinstance(a, int | Hand) and isinstance(b, int | Hand)
    return (a > b) - (a < b)  # type: ignore[operator]


# --- which halves ---------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "halves"), [
    (Game.HOLDEM, (True, False)), (Game.HOLDEM_SHORT_DECK, (True, False)),
    (Game.OMAHA, (True, False)), (Game.OMAHA_HILO, (True, True)),
    (Game.OMAHA5_HILO, (True, True)), (Game.COURCHEVEL_HILO, (True, True)),
    (Game.STUD, (True, False)), (Game.STUD_HILO, (True, True)), (Game.RAZZ, (False, True)),
    (Game.STUD5, (True, False)), (Game.DRAW5, (True, False)),
    (Game.DRAW27_SINGLE, (False, True)), (Game.DRAW27_TRIPLE, (False, True)),
    (Game.DRAWA5_TRIPLE, (False, True)), (Game.BADUGI, (False, True)),
])
def test_evaluates_names_the_halves(game: Game, halves: tuple[bool, bool]) -> None:
    assert evaluates(game) == halves


def test_every_game_has_at_least_one_half() -> None:
    assert all(any(evaluates(game)) for game in Game)


# --- standard high ----------------------------------------------------------------------------

def test_holdem_category_order() -> None:
    board = "9h Th Jh 2c 2d"
    straight_flush = hi("Qh Kh", board)
    quads = hi("2h 2s", board)
    full_house = hi("9c 9d", board)
    flush = hi("3h 4h", board)
    straight = hi("Qc Kd", board)
    two_pair = hi("Ac 9c", board)  # trips are impossible with a paired board: full house
    pair = hi("Ac 3c", board)
    assert straight_flush > quads > full_house > flush > straight > two_pair > pair


def test_holdem_wheel_is_the_lowest_straight_and_kicker_counts() -> None:
    assert hi("Ac 2d", "3h 4s 5c 9d Kh") < hi("6c 2d", "3h 4s 5c 9d Kh")
    assert hi("Ac Qd", "Ah 7s 5c 9d 2h") > hi("As Jd", "Ah 7s 5c 9d 2h")


def test_holdem_board_plays_is_a_tie() -> None:
    board = cards("Ts Js Qs Ks As")
    hands = {"P1": (cards("2c 3d"), board), "P2": (cards("4h 5h"), board)}
    assert best_players(hands, Game.HOLDEM, None) == ["P1", "P2"]
    assert best_players(hands, Game.HOLDEM, "high") == ["P1", "P2"]


def test_holdem_five_card_draw_and_stud_use_their_own_cards() -> None:
    assert hi("As Ad Ah Ac 2c", "", Game.DRAW5) > hi("Ks Kd Kh Kc Ac", "", Game.DRAW5)
    assert (hi("2c 3c 4c 5c 6c Ad As", "", Game.STUD)
            > hi("Ac Ah Ad 9s 9d 2h 3h", "", Game.STUD))
    assert hi("Tc Td 4s 5h 9c", "", Game.STUD5) > hi("9d 9h As Kh Qc", "", Game.STUD5)


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.sampled_from([Game.HOLDEM, Game.STUD]))
def test_high_agrees_with_pokerkit(deck: list[str], game: Game) -> None:
    # Hold'em: two players on one board; stud: seven cards each, no board.
    if game is Game.HOLDEM:
        board, hole_a, hole_b = deck[:5], deck[5:7], deck[7:9]
    else:
        board, hole_a, hole_b = [], deck[:7], deck[7:14]
    ours = cmp(high_rank(hole_a, board, game), high_rank(hole_b, board, game))
    theirs = cmp(StandardHighHand.from_game("".join(hole_a), "".join(board)),
                 StandardHighHand.from_game("".join(hole_b), "".join(board)))
    assert ours == theirs


# --- Omaha: exactly two from the hand ------------------------------------------------------------

def test_omaha_one_suited_hole_card_makes_no_flush() -> None:
    board = "2h 7h 9h Jh Kc"
    one_heart = hi("Ah As Ad 3c", board, Game.OMAHA)
    two_hearts = hi("Ah 3h 4c 5d", board, Game.OMAHA)
    trips = hi("9c 9d 2c 3d", board, Game.OMAHA)
    assert two_hearts > trips > one_heart  # one_heart is a pair of aces, no flush
    assert hi("Ah As", board, Game.HOLDEM) > trips  # hold'em uses the one heart: a flush


def test_omaha_board_quads_play_as_trips() -> None:
    board = "Ac Ad Ah As Kd"
    assert hi("2c 3c 4d 5d", board, Game.OMAHA) < hi("Kc Ks 2d 3d", board, Game.OMAHA)
    assert hi("2c 3c", board, Game.HOLDEM) > hi("Kc Ks 2d 3d", board, Game.OMAHA)  # quads


@pytest.mark.parametrize("game", [Game.OMAHA, Game.OMAHA5, Game.OMAHA6, Game.COURCHEVEL])
def test_omaha_variants_need_two_hole_cards_for_a_flush(game: Game) -> None:
    holes = {Game.OMAHA: "Ah 2c 3d 4s", Game.OMAHA5: "Ah 2c 3d 4s 5c",
             Game.OMAHA6: "Ah 2c 3d 4s 5c 6d", Game.COURCHEVEL: "Ah 2c 3d 4s 5c"}
    board = "Th Jh 8h 6h Qc"
    one_heart = hi(holes[game], board, game)
    two_hearts = hi(holes[game].replace("2c", "2h"), board, game)
    assert two_hearts > one_heart


@settings(max_examples=40, deadline=None)
@given(st.permutations(DECK), st.sampled_from([(Game.OMAHA, 4), (Game.OMAHA5, 5),
                                               (Game.OMAHA6, 6), (Game.OMAHA, 4)]),
       st.sampled_from([3, 4, 5]))
def test_omaha_agrees_with_pokerkit(deck: list[str], game_size: tuple[Game, int],
                                    board_size: int) -> None:
    game, size = game_size
    board, a, b = deck[:board_size], deck[5:5 + size], deck[11:11 + size]
    ours = cmp(high_rank(a, board, game), high_rank(b, board, game))
    theirs = cmp(OmahaHoldemHand.from_game("".join(a), "".join(board)),
                 OmahaHoldemHand.from_game("".join(b), "".join(board)))
    assert ours == theirs


# --- short deck ---------------------------------------------------------------------------------

def test_short_deck_flush_beats_full_house_and_a6789_is_a_straight() -> None:
    board = "6h 7h 9h 9c Kd"
    clear_memo()
    same_ranks_no_flush = hi("As Ts", board, Game.HOLDEM_SHORT_DECK)  # memoised first
    flush = hi("Ah Th", board, Game.HOLDEM_SHORT_DECK)
    full_house = hi("9s Kc", board, Game.HOLDEM_SHORT_DECK)
    assert flush > full_house > same_ranks_no_flush
    assert hi("As 8c", "6d 7c 9s Kh Qd", Game.HOLDEM_SHORT_DECK) > hi(
        "Ks Kc", "6d 7c 9s Kh Qd", Game.HOLDEM_SHORT_DECK)  # A-6-7-8-9 beats trip kings


@settings(max_examples=150, deadline=None)
@given(st.permutations(SHORT_DECK))
def test_short_deck_memo_agrees_with_pokerkit(deck: list[str]) -> None:
    board, a, b = deck[:5], deck[5:7], deck[7:9]
    ours = cmp(high_rank(a, board, Game.HOLDEM_SHORT_DECK),
               high_rank(b, board, Game.HOLDEM_SHORT_DECK))
    theirs = cmp(ShortDeckHoldemHand.from_game("".join(a), "".join(board)),
                 ShortDeckHoldemHand.from_game("".join(b), "".join(board)))
    assert ours == theirs


# --- 8-or-better --------------------------------------------------------------------------------

def test_omaha_hilo_eight_low_qualifies_nine_low_does_not() -> None:
    board = "2c 5d 7h Ks Qd"
    assert lo("Ac 8s Kd Kc", board, Game.OMAHA_HILO) is not None
    assert lo("Ac 9s Kd Kc", board, Game.OMAHA_HILO) is None
    assert lo("Ac 3s Kd Kc", board, Game.OMAHA_HILO) > lo(  # type: ignore[operator]
        "Ac 8s Kd Kc", board, Game.OMAHA_HILO)


def test_omaha_hilo_low_uses_exactly_two_hole_cards() -> None:
    # Four low cards on board: a single low hole card cannot make a low.
    assert lo("Ac Kd Kh Ks", "2c 3d 4h 5s Qd", Game.OMAHA_HILO) is None
    wheel = lo("Ac 2s Kh Ks", "3c 4d 5h Qs Jd", Game.OMAHA_HILO)
    six_low = lo("Ac 6s Kh Ks", "3c 4d 5h Qs Jd", Game.OMAHA_HILO)
    assert wheel is not None and six_low is not None and wheel > six_low


def test_stud_hilo_low_ignores_pairs_and_needs_five_low_ranks() -> None:
    assert lo("Ac Ad 2h 3s 4c 5d Kh", "", Game.STUD_HILO) == lo(
        "As 2d 3h 4s 5c Kd Qh", "", Game.STUD_HILO)
    assert lo("Ac 2d 3h 4s 4c 9d 9h", "", Game.STUD_HILO) is None
    assert lo("Ac 2d 3h 4s 8c 9d 9h", "", Game.STUD_HILO) is not None


def test_hilo_best_players_split_and_no_low() -> None:
    board = cards("2c 5d 7h Ks Qd")
    hands = {"P1": (cards("Ac 3s Kd Kc"), board), "P2": (cards("As 3d Qh Qc"), board),
             "P3": (cards("Jc Js 9d 9h"), board)}
    assert best_players(hands, Game.OMAHA_HILO, "high") == ["P1"]
    assert best_players(hands, Game.OMAHA_HILO, "low") == ["P1", "P2"]
    no_low = {"P3": hands["P3"]}
    assert best_players(no_low, Game.OMAHA_HILO, "low") == []
    with pytest.raises(ValueError, match="split game"):
        best_players(hands, Game.OMAHA_HILO, None)


# --- A-5 low (razz, A-5 triple draw) -------------------------------------------------------------

def test_razz_wheel_is_best_and_straights_flushes_do_not_count() -> None:
    wheel_suited = lo("Ac 2c 3c 4c 5c Kd Kh", "", Game.RAZZ)
    six_low = lo("Ac 2d 3h 4s 6c Kd Kh", "", Game.RAZZ)
    assert wheel_suited is not None and six_low is not None and wheel_suited > six_low


def test_razz_pairs_count_and_kings_are_high() -> None:
    king_low = lo("Kc Qd Jh Ts 9c 9d 9h", "", Game.RAZZ)
    paired = lo("Ac Ad 2c 2d 3c 3d 3h", "", Game.RAZZ)  # best five: A A 2 2 3 (two pair)
    assert king_low is not None and paired is not None and king_low > paired


def test_a5_triple_draw_uses_the_five_cards() -> None:
    assert lo("Ac 2d 3h 4s 5c", "", Game.DRAWA5_TRIPLE) > lo(  # type: ignore[operator]
        "2c 3d 4h 5s 6c", "", Game.DRAWA5_TRIPLE)


# --- 2-7 --------------------------------------------------------------------------------------

def test_deuce_to_seven_ace_is_high_and_straights_flushes_count() -> None:
    number_one = lo("7c 5d 4h 3s 2c", "", Game.DRAW27_TRIPLE)
    eight_low = lo("8c 6d 4h 3s 2c", "", Game.DRAW27_TRIPLE)
    king_low = lo("Kc 6d 4h 3s 2c", "", Game.DRAW27_TRIPLE)
    ace_wheel = lo("Ac 2d 3h 4s 5c", "", Game.DRAW27_TRIPLE)
    straight = lo("3c 4d 5h 6s 7c", "", Game.DRAW27_TRIPLE)
    flush = lo("7c 5c 4c 3c 2c", "", Game.DRAW27_SINGLE)
    pair = lo("2c 2d 4h 5s 7c", "", Game.DRAW27_SINGLE)
    assert None not in (number_one, eight_low, king_low, ace_wheel, straight, flush, pair)
    assert number_one > eight_low > king_low > ace_wheel > pair  # type: ignore[operator]
    assert king_low > straight and king_low > flush  # type: ignore[operator]
    assert ace_wheel > flush  # type: ignore[operator]  # A-high no pair beats a flush


# --- badugi -------------------------------------------------------------------------------------

def test_badugi_four_card_beats_three_card() -> None:
    rainbow_king = lo("Kc Qd Jh Ts", "", Game.BADUGI)
    three_card_wheel = lo("Ac 2c 3d 4h", "", Game.BADUGI)  # A and 2 share clubs
    best = lo("Ac 2d 3h 4s", "", Game.BADUGI)
    assert rainbow_king is not None and three_card_wheel is not None and best is not None
    assert best > rainbow_king > three_card_wheel


def test_badugi_ties_and_pairs() -> None:
    hands: dict[str, tuple[list[str], list[str]]] = {
        "P1": (cards("Ac 2d 3h 4s"), []), "P2": (cards("As 2c 3d 4h"), []),
        "P3": (cards("Ac Ad 3h 4s"), [])}
    assert best_players(hands, Game.BADUGI, None) == ["P1", "P2"]
    assert best_players(hands, Game.BADUGI, "low") == ["P1", "P2"]


# --- memoised lows agree with pokerkit evaluated directly -----------------------------------------

LowCase = tuple[Game, type[Hand], int, int]
LOW_CASES: list[LowCase] = [
    (Game.OMAHA_HILO, OmahaEightOrBetterLowHand, 4, 5),
    (Game.COURCHEVEL_HILO, OmahaEightOrBetterLowHand, 5, 5),
    (Game.STUD_HILO, EightOrBetterLowHand, 7, 0),
    (Game.RAZZ, RegularLowHand, 7, 0),
    (Game.DRAWA5_TRIPLE, RegularLowHand, 5, 0),
    (Game.DRAW27_SINGLE, StandardLowHand, 5, 0),
    (Game.BADUGI, BadugiHand, 4, 0),
]


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.sampled_from(LOW_CASES), st.booleans())
def test_low_rank_agrees_with_pokerkit(deck: list[str], case: LowCase, cold: bool) -> None:
    game, hand_class, hole_size, board_size = case
    if cold:
        clear_memo()
    board, a, b = deck[:board_size], deck[5:5 + hole_size], deck[12:12 + hole_size]
    def direct(hole: list[str]) -> Hand | None:
        return hand_class.from_game_or_none("".join(hole), "".join(board))

    theirs_a, theirs_b = direct(a), direct(b)
    ours_a, ours_b = low_rank(a, board, game), low_rank(b, board, game)
    assert (ours_a is None) == (theirs_a is None)
    assert (ours_b is None) == (theirs_b is None)
    if theirs_a is not None and theirs_b is not None:
        assert cmp(ours_a, ours_b) == cmp(theirs_a, theirs_b)


# --- misuse ---------------------------------------------------------------------------------------

def test_wrong_half_and_bad_cards_raise() -> None:
    with pytest.raises(ValueError, match="no high half"):
        hi("Ac 2d 3h 4s 5c Kd Kh", "", Game.RAZZ)
    with pytest.raises(ValueError, match="no low half"):
        lo("Ac 2d", "3h 4s 5c Kd Kh", Game.HOLDEM)
    with pytest.raises(ValueError, match="duplicate card"):
        hi("Ac 2d", "Ac 4s 5c Kd Kh")
    with pytest.raises(ValueError, match="no 'low' half"):
        best_players({"P1": (cards("Ac 2d"), cards("3h 4s 5c Kd Kh"))}, Game.HOLDEM, "low")
    with pytest.raises(ValueError, match="2 hole cards and 3 board cards"):
        hi("Ac 2d 3h 4s", "5c Kd", Game.OMAHA)
