"""Showdown evaluation: known hands for every game family, ties, and agreement with a second
evaluator. pokerkit 0.7.7 (test extra only: nothing under checker/ imports it) is pure Python
with its own lookup tables; it checks the phevaluator paths, and checks our own evaluators in
checker/replay/lowball.py (short deck, 8-or-better, A-5, 2-7, badugi): exhaustively over
five-card hands where that is cheap, by hypothesis on random deals (some from narrowed decks,
to make pairs, flushes and missing lows common), and through hand-checked examples."""

import ast
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb

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
from tests.conftest import REPO

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


def _best_by_high_rank(hands: dict[str, tuple[list[str], list[str]]], game: Game
                      ) -> list[str] | type[Exception]:
    """The players `best_players` names for the high hand, from `high_rank` alone; or the
    type of what `high_rank` raised."""
    try:
        ranks = {player: high_rank(hole, board, game) for player, (hole, board) in hands.items()}
    except (ValueError, KeyError) as exc:
        return type(exc)
    best = max(ranks.values())
    return [player for player, rank in ranks.items() if rank == best]


def _best_players_or_error(hands: dict[str, tuple[list[str], list[str]]], game: Game,
                           half: str | None) -> list[str] | type[Exception]:
    try:
        return best_players(hands, game, half)
    except (ValueError, KeyError) as exc:
        return type(exc)


@settings(max_examples=400, deadline=None)
@given(st.permutations(DECK), st.integers(1, 4), st.sampled_from([3, 4, 5, 5, 5]),
       st.sampled_from([Game.HOLDEM, Game.IRISH, Game.STUD, Game.DRAW5]),
       st.sampled_from(["high", None]), st.sampled_from(["", "repeat", "unknown", "short"]))
def test_best_high_hands_are_those_high_rank_ranks_best(
        deck: list[str], players: int, board_size: int, game: Game, half: str | None,
        spoil: str) -> None:
    """`best_players`' own path for hold'em, stud and draw (seven cards checked and ranked
    at once, anything else through `high_rank`) names the players `high_rank` ranks best,
    ties included, or fails as it does."""
    board = deck[:board_size] if game is Game.HOLDEM or game is Game.IRISH else []
    per_player = 7 - len(board)
    rest = deck[len(board):]
    hands = {f"P{i}": (rest[i * per_player:(i + 1) * per_player], board)
             for i in range(players)}
    if spoil:
        hole, _ = hands["P0"]
        hole[0] = {"repeat": (board or hole)[-1], "unknown": "Xx", "short": hole[0]}[spoil]
        if spoil == "short":
            del hole[-1]
    assert _best_players_or_error(hands, game, half) == _best_by_high_rank(hands, game)


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


# --- helpers for the comparisons with pokerkit ---------------------------------------------------

Ours = Callable[[list[str]], int | None]
Theirs = Callable[[list[str]], Hand | None]


def narrow(ranks: str, suits: str = SUITS) -> list[str]:
    """A deck of only these ranks and suits: pairs, flushes or missing lows become common."""
    return [r + s for r in ranks for s in suits]


def decks(*choices: list[str]) -> st.SearchStrategy[list[str]]:
    return st.sampled_from(choices).flatmap(st.permutations)


def assert_pair_agrees(ours: Ours, theirs: Theirs, a: list[str], b: list[str]) -> None:
    """Both evaluators see the same qualifying lows and order the two hands alike."""
    ours_a, ours_b, theirs_a, theirs_b = ours(a), ours(b), theirs(a), theirs(b)
    assert (ours_a is None) == (theirs_a is None), a
    assert (ours_b is None) == (theirs_b is None), b
    if theirs_a is not None and theirs_b is not None:
        assert cmp(ours_a, ours_b) == cmp(theirs_a, theirs_b), (a, b)


def assert_same_order(hands: list[list[str]], ours: Ours, theirs: Theirs) -> int:
    """Every hand qualifies for both evaluators or for neither, and sorted by our rank each hand
    is pokerkit-equal to the next where ours are equal and pokerkit-smaller where ours are
    smaller; both orders being transitive, that makes them agree on every pair. Returns how
    many hands qualified."""
    ranked: list[tuple[int, Hand, list[str]]] = []
    for hand in hands:
        mine, reference = ours(hand), theirs(hand)
        assert (mine is None) == (reference is None), hand
        if mine is not None and reference is not None:
            ranked.append((mine, reference, hand))
    ranked.sort(key=lambda item: item[0])
    for (a, ref_a, hand_a), (b, ref_b, hand_b) in pairwise(ranked):
        if a == b:
            assert ref_a == ref_b, (hand_a, hand_b)
        else:
            assert ref_a < ref_b, (hand_a, hand_b)
    return len(ranked)


def rank_multisets(ranks: str, size: int) -> Iterator[tuple[str, ...]]:
    """Every multiset of `size` ranks that a 52-card deck can deal (four of a rank at most)."""
    for multiset in combinations_with_replacement(ranks, size):
        if max(Counter(multiset).values()) <= 4:
            yield multiset


def cards_of(ranks: Sequence[str], suited: bool = False) -> list[str]:
    """Distinct cards of these ranks: all hearts if `suited`, else the n-th rank's copies take
    the suits from the n-th on, so that two ranks or more are never one suit (no flush)."""
    if suited:
        return [rank + "h" for rank in ranks]
    order = list(dict.fromkeys(ranks))
    dealt: Counter[str] = Counter()
    out = []
    for rank in ranks:
        out.append(rank + SUITS[(order.index(rank) + dealt[rank]) % 4])
        dealt[rank] += 1
    assert len(set(out)) == len(out) and (len(order) < 2 or len({c[1] for c in out}) > 1)
    return out


def five_card_classes(ranks: str) -> list[list[str]]:
    """One five-card hand for every rank multiset, plus a suited one for five distinct ranks:
    every class of five-card hand that ranks and flushes can tell apart."""
    hands = []
    for multiset in rank_multisets(ranks, 5):
        hands.append(cards_of(multiset))
        if len(set(multiset)) == 5:
            hands.append(cards_of(multiset, suited=True))
    return hands


def five_classes_count(rank_count: int) -> int:
    # Multisets of five from rank_count ranks, less the five-of-a-kinds, plus the flushes.
    return comb(rank_count + 4, 5) - rank_count + comb(rank_count, 5)


# --- every five-card hand against pokerkit --------------------------------------------------------

FiveCardCase = tuple[Ours, type[Hand], str, int]
FIVE_CARD_CASES: dict[str, FiveCardCase] = {
    "A-5": (lambda hand: low_rank(hand, [], Game.DRAWA5_TRIPLE), RegularLowHand, RANKS,
            five_classes_count(13)),
    "2-7": (lambda hand: low_rank(hand, [], Game.DRAW27_SINGLE), StandardLowHand, RANKS,
            five_classes_count(13)),
    "short deck": (lambda hand: high_rank(hand, [], Game.HOLDEM_SHORT_DECK),
                   ShortDeckHoldemHand, "6789TJQKA", five_classes_count(9)),
    # Only five distinct ranks from A to 8 qualify, flush or not.
    "8-or-better": (lambda hand: low_rank(hand, [], Game.STUD_HILO), EightOrBetterLowHand,
                    RANKS, 2 * comb(8, 5)),
}


@pytest.mark.parametrize("name", FIVE_CARD_CASES)
def test_every_five_card_hand_ranks_as_pokerkit_ranks_it(name: str) -> None:
    ours, hand_class, ranks, qualifying = FIVE_CARD_CASES[name]
    qualified = assert_same_order(five_card_classes(ranks), ours,
                                  lambda hand: hand_class.from_game_or_none("".join(hand)))
    assert qualified == qualifying


def test_every_badugi_ranks_as_pokerkit_ranks_it() -> None:
    # Each set of one to four distinct ranks in distinct suits: all the badugis there are, up
    # to which suit is which (badugi cannot tell suits apart).
    hands = [[rank + suit for rank, suit in zip(ranks, SUITS, strict=False)]
             for size in range(1, 5) for ranks in combinations(RANKS, size)]
    qualified = assert_same_order(hands, lambda hand: low_rank(hand, [], Game.BADUGI),
                                  lambda hand: BadugiHand.from_game("".join(hand)))
    assert qualified == sum(comb(13, size) for size in range(1, 5))


def test_the_best_five_card_hands_are_the_known_nuts() -> None:
    def best(name: str) -> list[list[str]]:
        ours, _, ranks, _ = FIVE_CARD_CASES[name]
        ranked = [(ours(hand), sorted(hand)) for hand in five_card_classes(ranks)]
        top = max(rank for rank, _ in ranked if rank is not None)
        return [hand for rank, hand in ranked if rank == top]

    assert [sorted(card[0] for card in hand) for hand in best("A-5")] == [sorted("A2345")] * 2
    assert len(best("2-7")) == 1  # offsuit only: suited it is a flush
    assert sorted(card[0] for card in best("2-7")[0]) == sorted("75432")
    assert best("short deck") == [sorted(cards("Th Jh Qh Kh Ah"))]
    assert best("8-or-better") == best("A-5")  # the wheel, suited or not


# --- best of more cards: the search agrees with our own five-card ranks ---------------------------
# (The five-card ranks are checked against pokerkit above, so these prove the search in full.)

def test_razz_takes_the_best_five_of_every_seven_card_rank_multiset() -> None:
    for multiset in rank_multisets(RANKS, 7):
        seven = cards_of(multiset)
        fives = [low_rank(list(five), [], Game.DRAWA5_TRIPLE) for five in combinations(seven, 5)]
        assert None not in fives  # every five cards make an A-5 low
        assert low_rank(seven, [], Game.RAZZ) == max(fives), multiset  # type: ignore[type-var]


def test_stud_hilo_takes_the_best_low_five_of_every_seven_card_rank_multiset() -> None:
    for multiset in rank_multisets(RANKS, 7):
        seven = cards_of(multiset)
        lows = [r for five in combinations(seven, 5)
                if (r := low_rank(list(five), [], Game.STUD_HILO)) is not None]
        assert low_rank(seven, [], Game.STUD_HILO) == (max(lows) if lows else None), multiset


def test_omaha_hilo_low_is_the_best_two_plus_three_for_every_set_of_low_ranks() -> None:
    # Four hole cards holding any set of low ranks (filled up with high cards), against five
    # board cards holding any set of low ranks: every low ranks situation of Omaha-4.
    low_ranks, hole_fill, board_fill = "A2345678", cards("Kc Qc Jc Tc"), cards("Kd Qd Jd Td 9d")
    for hole_size in range(5):
        for hole_ranks in combinations(low_ranks, hole_size):
            hole = [r + "c" for r in hole_ranks] + hole_fill[:4 - hole_size]
            for board_size in range(6):
                for board_ranks in combinations(low_ranks, board_size):
                    board = [r + "d" for r in board_ranks] + board_fill[:5 - board_size]
                    lows = [r for two in combinations(hole, 2) for three in combinations(board, 3)
                            if (r := low_rank([*two, *three], [], Game.STUD_HILO)) is not None]
                    expected = max(lows) if lows else None
                    assert low_rank(hole, board, Game.OMAHA_HILO) == expected, (hole, board)


@settings(max_examples=300, deadline=None)
@given(decks(SHORT_DECK, narrow("6789"), narrow("6789TJQKA", "hs"), narrow("A6789T", "chs")),
       st.integers(5, 7))
def test_short_deck_takes_the_best_five(deck: list[str], size: int) -> None:
    hand = deck[:size]
    best_five = max(high_rank(list(five), [], Game.HOLDEM_SHORT_DECK)
                    for five in combinations(hand, 5))
    assert high_rank(hand, [], Game.HOLDEM_SHORT_DECK) == best_five


# --- short deck ---------------------------------------------------------------------------------

def test_short_deck_flush_beats_full_house_and_a6789_is_a_straight() -> None:
    board = "6h 7h 9h 9c Kd"
    same_ranks_no_flush = hi("As Ts", board, Game.HOLDEM_SHORT_DECK)
    flush = hi("Ah Th", board, Game.HOLDEM_SHORT_DECK)
    full_house = hi("9s Kc", board, Game.HOLDEM_SHORT_DECK)
    assert flush > full_house > same_ranks_no_flush
    assert hi("As 8c", "6d 7c 9s Kh Qd", Game.HOLDEM_SHORT_DECK) > hi(
        "Ks Kc", "6d 7c 9s Kh Qd", Game.HOLDEM_SHORT_DECK)  # A-6-7-8-9 beats trip kings


def test_short_deck_category_order_by_hand() -> None:
    def sd(hand: str) -> int:
        return hi(hand, "", Game.HOLDEM_SHORT_DECK)

    chain = ["6s 7s 8s 9s Ts",  # straight flush
             "Ac Ad Ah As 6c",  # four of a kind
             "6h 8h 9h Jh Kh",  # flush (the lowest-ish, still over any full house)
             "Ac Ad Ah Ks Kc",  # full house
             "Tc Jd Qh Ks Ac",  # best straight
             "6c 7d 8h 9s Tc",  # 6-to-T straight
             "Ac 6d 7h 8s 9c",  # A-6-7-8-9, the lowest straight
             "Ac Ad Ah Ks Qc",  # three of a kind
             "Ac Ad Kh Ks Qc",  # two pair
             "Ac Ad Kh Qs Jc",  # one pair
             "Ac Kd Qh Js 9c"]  # ace high
    ranks = [sd(hand) for hand in chain]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    assert sd("As 6s 7s 8s 9s") < sd("6d 7d 8d 9d Td")  # the lowest straight flush


@settings(max_examples=150, deadline=None)
@given(decks(SHORT_DECK, narrow("6789"), narrow("6789TJQKA", "hs"), narrow("A6789T", "chs")),
       st.integers(3, 5))
def test_short_deck_agrees_with_pokerkit(deck: list[str], board_size: int) -> None:
    board, a, b = deck[:board_size], deck[5:7], deck[7:9]
    assert_pair_agrees(
        lambda hole: high_rank(hole, board, Game.HOLDEM_SHORT_DECK),
        lambda hole: ShortDeckHoldemHand.from_game_or_none("".join(hole), "".join(board)),
        a, b)


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
    # A hole pair that duplicates a board rank cannot be one of the five distinct ranks:
    # A-2 in hand, board A-2-3-4-8 plays A-2 with 3-4-8 (not the wheel, and not A-2-3-4 + 2).
    assert lo("Ac 2s Kh Ks", "Ad 2d 3h 4s 8d", Game.OMAHA_HILO) == lo(
        "Ac 2s Kh Ks", "3h 4s 8d Qd Jd", Game.OMAHA_HILO)


def test_stud_hilo_low_ignores_pairs_and_needs_five_low_ranks() -> None:
    assert lo("Ac Ad 2h 3s 4c 5d Kh", "", Game.STUD_HILO) == lo(
        "As 2d 3h 4s 5c Kd Qh", "", Game.STUD_HILO)
    assert lo("Ac 2d 3h 4s 4c 9d 9h", "", Game.STUD_HILO) is None
    assert lo("Ac 2d 3h 4s 8c 9d 9h", "", Game.STUD_HILO) is not None


def test_eight_or_better_order_by_hand() -> None:
    def stud(hand: str) -> int | None:
        return lo(hand, "", Game.STUD_HILO)

    chain = ["Ac 2c 3c 4c 5c Kd Kh",  # the wheel: a straight flush is still the best low
             "Ac 2d 3h 4s 6c Kd Kh",  # 6-4
             "Ac 2d 3h 5s 6c Kd Kh",  # 6-5-3: the second card decides
             "2c 3d 4h 5s 6c Kd Kh",  # 6-5-4
             "Ac 2d 3h 4s 7c Kd Kh",  # 7-4
             "4c 5d 6h 7s 8c Kd Kh"]  # 8-7-6-5-4, the worst qualifying low
    ranks = [stud(hand) for hand in chain]
    assert None not in ranks
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)  # type: ignore[type-var]
    assert stud("2c 3d 4h 5s 9c Kd Kh") is None  # a nine is no low card


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


@settings(max_examples=200, deadline=None)
@given(decks(DECK, narrow("A2345678"), narrow("A23456789T")),
       st.sampled_from([(Game.OMAHA_HILO, 4), (Game.OMAHA5_HILO, 5), (Game.COURCHEVEL_HILO, 5),
                        (Game.OMAHA_HILO, 6)]),
       st.integers(3, 5), st.booleans())
def test_omaha_hilo_low_agrees_with_pokerkit(deck: list[str], game_size: tuple[Game, int],
                                             board_size: int, cold: bool) -> None:
    game, size = game_size
    if cold:
        clear_memo()
    board, a, b = deck[:board_size], deck[5:5 + size], deck[11:11 + size]
    assert_pair_agrees(
        lambda hole: low_rank(hole, board, game),
        lambda hole: OmahaEightOrBetterLowHand.from_game_or_none("".join(hole), "".join(board)),
        a, b)


@settings(max_examples=200, deadline=None)
@given(decks(DECK, narrow("A2345678"), narrow("A23456789")), st.integers(5, 7))
def test_stud_hilo_low_agrees_with_pokerkit(deck: list[str], size: int) -> None:
    assert_pair_agrees(lambda hand: low_rank(hand, [], Game.STUD_HILO),
                       lambda hand: EightOrBetterLowHand.from_game_or_none("".join(hand)),
                       deck[:size], deck[7:7 + size])


# --- A-5 low (razz, A-5 triple draw) -------------------------------------------------------------

def test_razz_wheel_is_best_and_straights_flushes_do_not_count() -> None:
    wheel_suited = lo("Ac 2c 3c 4c 5c Kd Kh", "", Game.RAZZ)
    six_low = lo("Ac 2d 3h 4s 6c Kd Kh", "", Game.RAZZ)
    assert wheel_suited is not None and six_low is not None and wheel_suited > six_low


def test_razz_pairs_count_and_kings_are_high() -> None:
    king_low = lo("Kc Qd Jh Ts 9c 9d 9h", "", Game.RAZZ)
    paired = lo("Ac Ad 2c 2d 3c 3d 3h", "", Game.RAZZ)  # best five: A A 2 2 3 (two pair)
    assert king_low is not None and paired is not None and king_low > paired


def test_razz_forced_pairs_take_the_lowest_pairs() -> None:
    # Three ranks only: two pair beats trips, and the lowest pairs play: A-A-2-2-3.
    assert lo("Ac Ad 2c 2d 3c 3d 3h", "", Game.RAZZ) == lo(
        "As Ah 2s 2h 3s", "", Game.DRAWA5_TRIPLE)
    # Two ranks, four kings and three queens: the full house Q-Q-Q-K-K beats quads.
    assert lo("Kc Kd Kh Ks Qc Qd Qh", "", Game.RAZZ) == lo(
        "Qs Qh Qd Ks Kh", "", Game.DRAWA5_TRIPLE)


def test_a5_triple_draw_uses_the_five_cards() -> None:
    assert lo("Ac 2d 3h 4s 5c", "", Game.DRAWA5_TRIPLE) > lo(  # type: ignore[operator]
        "2c 3d 4h 5s 6c", "", Game.DRAWA5_TRIPLE)


def test_a5_order_by_hand() -> None:
    def a5(hand: str) -> int | None:
        return lo(hand, "", Game.DRAWA5_TRIPLE)

    chain = ["Ac 2d 3h 4s 5c",  # the wheel
             "Ac 2d 3h 4s 6c",  # 6-4
             "Ac 2d 3h 5s 6c",  # 6-5-3
             "2c 3d 4h 5s 6c",  # 6-5-4: a straight that does not count
             "9c Jd Qh Ks Tc",  # king high, no pair (also a straight)
             "Ac Ad 2h 3s 4c",  # pair of aces, the best pair
             "2c 2d Ah 3s 4c",  # pair of deuces
             "Kc Kd Ah 2s 3c",  # pair of kings
             "Ac Ad 2h 2s 3c",  # two pair
             "Ac Ad Ah 2s 3c",  # three of a kind
             "Ac Ad Ah 2s 2c",  # full house
             "Ac Ad Ah As 2c"]  # four of a kind, the worst
    ranks = [a5(hand) for hand in chain]
    assert None not in ranks
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)  # type: ignore[type-var]
    assert a5("Ac 2c 3c 4c 5c") == a5("Ad 2c 3h 4s 5c")  # flushes do not count


@settings(max_examples=200, deadline=None)
@given(decks(DECK, narrow("A234"), narrow("A2345"), narrow("A23K")),
       st.sampled_from([(Game.RAZZ, 7), (Game.DRAWA5_TRIPLE, 5)]), st.booleans())
def test_a5_low_agrees_with_pokerkit(deck: list[str], game_size: tuple[Game, int],
                                     cold: bool) -> None:
    game, size = game_size
    if cold:
        clear_memo()
    assert_pair_agrees(lambda hand: low_rank(hand, [], game),
                       lambda hand: RegularLowHand.from_game_or_none("".join(hand)),
                       deck[:size], deck[7:7 + size])


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


def test_deuce_to_seven_order_by_hand() -> None:
    def d27(hand: str) -> int | None:
        return lo(hand, "", Game.DRAW27_SINGLE)

    chain = ["7c 5d 4h 3s 2c",  # the number one
             "7c 6d 4h 3s 2c",  # 7-6
             "7c 6d 5h 4s 2c",  # 7-6-5-4, the worst seven
             "8c 5d 4h 3s 2c",  # 8-5
             "Kc Qd Jh Ts 8c",  # king high
             "Ac 5d 4h 3s 2c",  # A-5-4-3-2: ace high, no straight
             "Ac 6d 4h 3s 2c",  # worse, so the ace-five above is no straight
             "Ac Kd Qh Js 9c",  # the worst no-pair hand
             "2c 2d 3h 4s 5c",  # pair of deuces
             "Ac Ad Kh Qs Jc",  # pair of aces
             "2c 2d 3h 3s 4c",  # two pair
             "2c 2d 2h 3s 4c",  # three of a kind
             "2c 3d 4h 5s 6c",  # the lowest straight
             "Tc Jd Qh Ks Ac",  # the highest straight
             "2c 3c 4c 5c 7c",  # the lowest flush
             "2c 2d 2h 3s 3c",  # full house
             "2c 2d 2h 2s 3c",  # four of a kind
             "2c 3c 4c 5c 6c"]  # straight flush, the worst
    ranks = [d27(hand) for hand in chain]
    assert None not in ranks
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)  # type: ignore[type-var]


@settings(max_examples=200, deadline=None)
@given(decks(DECK, narrow(RANKS, "hs"), narrow("23456789"), narrow("2345A"), narrow("TJQKA")))
def test_deuce_to_seven_agrees_with_pokerkit(deck: list[str]) -> None:
    assert_pair_agrees(lambda hand: low_rank(hand, [], Game.DRAW27_TRIPLE),
                       lambda hand: StandardLowHand.from_game_or_none("".join(hand)),
                       deck[:5], deck[5:10])


# --- badugi -------------------------------------------------------------------------------------

def test_badugi_four_card_beats_three_card() -> None:
    rainbow_king = lo("Kc Qd Jh Ts", "", Game.BADUGI)
    three_card_wheel = lo("Ac 2c 3d 4h", "", Game.BADUGI)  # A and 2 share clubs
    best = lo("Ac 2d 3h 4s", "", Game.BADUGI)
    assert rainbow_king is not None and three_card_wheel is not None and best is not None
    assert best > rainbow_king > three_card_wheel


def test_badugi_order_by_hand() -> None:
    def badugi(hand: str) -> int | None:
        return lo(hand, "", Game.BADUGI)

    chain = ["Ac 2d 3h 4s",  # the best badugi
             "Ac 2d 3h 5s",  # 5-3
             "2c 3d 4h 5s",  # 5-4
             "Kc Qd Jh Ts",  # the worst four-card badugi
             "Ac 2c 3d 4h",  # three cards: A-3-4 (or 2-3-4)
             "Ac Ad 3h 5s",  # the paired ace counts once: A-3-5
             "Qc Kc Jd Th",  # three cards, Q-J-T: worse
             "Ac Ad 2c 2d",  # two cards, A-2
             "Kc Qc Jc Tc"]  # one card, the ten
    ranks = [badugi(hand) for hand in chain]
    assert None not in ranks
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)  # type: ignore[type-var]
    assert badugi("Ac Ad 3h 4s") == badugi("Ac 3h 4s Kc")  # both A-3-4


def test_badugi_ties_and_pairs() -> None:
    hands: dict[str, tuple[list[str], list[str]]] = {
        "P1": (cards("Ac 2d 3h 4s"), []), "P2": (cards("As 2c 3d 4h"), []),
        "P3": (cards("Ac Ad 3h 4s"), [])}
    assert best_players(hands, Game.BADUGI, None) == ["P1", "P2"]
    assert best_players(hands, Game.BADUGI, "low") == ["P1", "P2"]


@settings(max_examples=200, deadline=None)
@given(decks(DECK, narrow("A234"), narrow(RANKS, "cd"), narrow("A23456", "cdh")),
       st.integers(1, 5), st.integers(1, 5))
def test_badugi_agrees_with_pokerkit(deck: list[str], size_a: int, size_b: int) -> None:
    assert_pair_agrees(lambda hand: low_rank(hand, [], Game.BADUGI),
                       lambda hand: BadugiHand.from_game_or_none("".join(hand)),
                       deck[:size_a], deck[5:5 + size_b])


# --- pokerkit stays a test dependency -----------------------------------------------------------

def test_nothing_under_checker_imports_pokerkit() -> None:
    importers = []
    for path in sorted((REPO / "checker").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            if any(module.split(".")[0] == "pokerkit" for module in modules):
                importers.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert importers == []


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
    with pytest.raises(ValueError, match="not in the short deck"):
        hi("2c 6d", "7h 8s 9c Td Jh", Game.HOLDEM_SHORT_DECK)
    with pytest.raises(ValueError, match="exactly 5 cards"):
        lo("2c 3d 4h 5s", "", Game.DRAW27_SINGLE)
