"""Showdown hand strength for every game feltcheck reads, through maintained evaluators.

Standard high hands (hold'em, Irish, stud, five-card stud and draw, and every Omaha variant)
go through phevaluator, a C perfect-hash evaluator: ~1 µs for 7 cards and ~1.5 µs for an
Omaha-4 hand. The hands it does not know (short-deck high, 8-or-better, A-5 and 2-7 lows,
badugi) go through pokerkit's hand classes. pokerkit is pure Python (40-500 µs a hand), so its
results are memoised under a key that keeps only what decides the hand: the ranks (for lows,
which ignore suits), plus the flush or the suit pattern where suits count. Figures and the choice
are in docs/dependencies.md and docs/performance.md.

Every rank returned here is an int where larger is better, comparable only within one game
and one half.
"""

from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import combinations

from phevaluator import (  # type: ignore[import-untyped]
    evaluate_5cards,
    evaluate_cards,
    evaluate_omaha_cards,
)
from phevaluator.card import Card as PhCard  # type: ignore[import-untyped]
from pokerkit import (
    BadugiHand,
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardLowHand,
)

from checker.model.cards import RANKS, SUITS
from checker.model.hand import Game

# phevaluator ranks 1 (royal flush) .. 7462 (7-5-4-3-2 offsuit); flipped so larger is better.
_PH_WORST = 7463
_PH_ID: dict[str, int] = {r + s: int(PhCard.to_id(r + s)) for r in RANKS for s in SUITS}

_ANY_FIVE = frozenset({Game.HOLDEM, Game.IRISH, Game.STUD, Game.STUD_HILO, Game.STUD5,
                       Game.DRAW5})
_OMAHA = frozenset({Game.OMAHA, Game.OMAHA_HILO, Game.OMAHA5, Game.OMAHA5_HILO, Game.OMAHA6,
                    Game.COURCHEVEL, Game.COURCHEVEL_HILO})
_OMAHA_LOW = frozenset({Game.OMAHA_HILO, Game.OMAHA5_HILO, Game.COURCHEVEL_HILO})
_A5_LOW = frozenset({Game.RAZZ, Game.DRAWA5_TRIPLE})
_DEUCE_SEVEN = frozenset({Game.DRAW27_SINGLE, Game.DRAW27_TRIPLE})
_HIGH_GAMES = _ANY_FIVE | _OMAHA | {Game.HOLDEM_SHORT_DECK}
_LOW_GAMES = _OMAHA_LOW | _A5_LOW | _DEUCE_SEVEN | {Game.STUD_HILO, Game.BADUGI}

# phevaluator's wheel ships only the 4-card Omaha table. A 5- or 6-card Omaha hand is the best
# of the 4-card hands over sets of four hole cards that together contain every pair of hole
# cards (three sets suffice for both), since Omaha plays exactly one pair of hole cards.
_FOUR_CARD_COVERS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    4: ((0, 1, 2, 3),),
    5: ((0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4)),
    6: ((0, 1, 2, 3), (0, 1, 4, 5), (2, 3, 4, 5)),
}

# Memo of pokerkit results (keys: see the callers), cleared when it grows past this many keys.
_LOW_RANKS = "A2345678"
_MEMO_LIMIT = 200_000
_low_memo: dict[Hashable, int | None] = {}


def clear_memo() -> None:
    """Forget the memoised lows (for measuring the cold cost)."""
    _low_memo.clear()


def evaluates(game: Game) -> tuple[bool, bool]:
    """Whether `game` awards a high half and/or a low half."""
    return game in _HIGH_GAMES, game in _LOW_GAMES


def high_rank(hole: Sequence[str], board: Sequence[str], game: Game) -> int:
    """Strength of the best high hand `hole` makes with `board` under `game`'s rules."""
    _check_distinct(hole, board)
    if game in _ANY_FIVE:
        cards = [*hole, *board]
        if not 5 <= len(cards) <= 7:
            raise ValueError(f"{game.value} high hand needs 5 to 7 cards, got {len(cards)}")
        return _PH_WORST - int(evaluate_cards(*map(_PH_ID.__getitem__, cards)))
    if game in _OMAHA:
        return _omaha_high(hole, board, game)
    if game is Game.HOLDEM_SHORT_DECK:
        cards = [*hole, *board]
        if not 5 <= len(cards) <= 7:
            raise ValueError(f"{game.value} high hand needs 5 to 7 cards, got {len(cards)}")
        value = _memo(("short", *_flush_pattern(cards)),
                      lambda: _pokerkit_index(ShortDeckHoldemHand.from_game("".join(cards))))
        assert value is not None  # five or more short-deck cards always make a hand
        return value
    raise ValueError(f"{game.value} has no high half")


def low_rank(hole: Sequence[str], board: Sequence[str], game: Game) -> int | None:
    """Strength of the best low hand (larger is better); None when no low qualifies (8-or-better
    games only)."""
    _check_distinct(hole, board)
    if game in _OMAHA_LOW:
        _need_omaha_cards(hole, board, game)
        low_hole, low_board = _eight_or_lower(hole), _eight_or_lower(board)
        if len(low_hole) < 2 or len(low_board) < 3:
            return None
        key = ("omaha8", *_rank_list(low_hole), "/", *_rank_list(low_board))
        return _memo(key, lambda: _low_or_none(OmahaEightOrBetterLowHand, low_hole, low_board))
    if game is Game.STUD_HILO:
        low_cards = _eight_or_lower([*hole, *board])
        if len(low_cards) < 5:
            return None
        return _memo(("8", *_rank_list(low_cards)),
                     lambda: _low_or_none(EightOrBetterLowHand, low_cards, ()))
    cards = [*hole, *board]
    if game in _A5_LOW:
        _need_cards(cards, 5, game)
        key = ("a5", *sorted(card[0] for card in cards))
        return _memo(key, lambda: _low_or_none(RegularLowHand, cards, ()))
    if game in _DEUCE_SEVEN:
        if len(cards) != 5:
            raise ValueError(f"{game.value} low hand needs exactly 5 cards, got {len(cards)}")
        # Five cards: the ranks and whether they are all one suit decide the hand.
        ranks = "".join(sorted(card[0] for card in cards))
        flush = len({card[1] for card in cards}) == 1
        key = ("27", ranks, "flush" if flush else "")
        return _memo(key, lambda: _low_or_none(StandardLowHand, cards, ()))
    if game is Game.BADUGI:
        _need_cards(cards, 1, game)
        return _memo(("badugi", *_suit_pattern(cards)),
                     lambda: _low_or_none(BadugiHand, cards, ()))
    raise ValueError(f"{game.value} has no low half")


def best_players(
    hands: Mapping[str, tuple[list[str], list[str]]], game: Game, half: str | None
) -> list[str]:
    """Players (in `hands` order) holding the best hand for `half`, ties included.

    `half` None means the game's only half; a split game needs "high" or "low". For a low
    half where nobody qualifies the list is empty.
    """
    rank = _ranker(game, half)
    ranks = {player: rank(hole, board) for player, (hole, board) in hands.items()}
    qualified = [r for r in ranks.values() if r is not None]
    if not qualified:
        return []
    best = max(qualified)
    return [player for player, r in ranks.items() if r == best]


def _ranker(
    game: Game, half: str | None
) -> Callable[[Sequence[str], Sequence[str]], int | None]:
    has_high, has_low = evaluates(game)
    if half is None:
        if has_high and has_low:
            raise ValueError(f"{game.value} is a split game: ask for half 'high' or 'low'")
        half = "high" if has_high else "low"
    if half == "high" and has_high:
        return lambda hole, board: high_rank(hole, board, game)
    if half == "low" and has_low:
        return lambda hole, board: low_rank(hole, board, game)
    raise ValueError(f"{game.value} has no {half!r} half")


def _omaha_high(hole: Sequence[str], board: Sequence[str], game: Game) -> int:
    _need_omaha_cards(hole, board, game)
    if len(board) == 5 and len(hole) in _FOUR_CARD_COVERS:
        board_ids = [_PH_ID[c] for c in board]
        hole_ids = [_PH_ID[c] for c in hole]
        best = min(
            int(evaluate_omaha_cards(*board_ids, *(hole_ids[i] for i in four)))
            for four in _FOUR_CARD_COVERS[len(hole)]
        )
        return _PH_WORST - best
    # A short board (or a hole of 2, 3 or 7+ cards): every two-from-hand, three-from-board
    # choice through phevaluator's 5-card evaluator, which ranks on the same scale.
    hole_ids = [_PH_ID[c] for c in hole]
    board_ids = [_PH_ID[c] for c in board]
    best = min(
        int(evaluate_5cards(*two, *three))
        for two in combinations(hole_ids, 2)
        for three in combinations(board_ids, 3)
    )
    return _PH_WORST - best


def _low_or_none(
    hand_class: type[Hand], hole: Sequence[str], board: Sequence[str]
) -> int | None:
    hand = hand_class.from_game_or_none("".join(hole), "".join(board))
    return None if hand is None else -_pokerkit_index(hand)


def _pokerkit_index(hand: Hand) -> int:
    # pokerkit's lookup index grows with high strength; its low classes invert the comparison,
    # so callers negate the index for lows.
    return hand.entry.index


def _memo(key: Hashable, compute: Callable[[], int | None]) -> int | None:
    try:
        return _low_memo[key]
    except KeyError:
        pass
    if len(_low_memo) >= _MEMO_LIMIT:
        _low_memo.clear()
    value = _low_memo[key] = compute()
    return value


def _eight_or_lower(cards: Sequence[str]) -> list[str]:
    """One card for each distinct rank eight or lower, ordered by rank: all an 8-or-better low
    can use, and (as ranks) a memo key that ignores the suits, which such a low never counts."""
    by_rank = {card[0]: card for card in cards if card[0] in _LOW_RANKS}
    return [by_rank[rank] for rank in _LOW_RANKS if rank in by_rank]


def _suit_pattern(cards: Sequence[str]) -> list[str]:
    """The cards sorted, suits renamed in order of first appearance: hands equal up to a
    renaming of suits (which badugi cannot tell apart) often share this key."""
    names: dict[str, int] = {}
    for card in sorted(cards):
        names.setdefault(card[1], len(names))
    return [card[0] + SUITS[names[card[1]]] for card in sorted(cards)]


def _flush_pattern(cards: Sequence[str]) -> tuple[str, str]:
    """The ranks, and the ranks of the suit holding five or more cards (if any): from at most
    seven cards only one suit can, and suits count only through a flush, so this decides a
    high hand while letting the memo ignore which suit it is."""
    suits = [card[1] for card in cards]
    flush_suit = next((suit for suit in SUITS if suits.count(suit) >= 5), None)
    flush_ranks = sorted(card[0] for card in cards if card[1] == flush_suit)
    return "".join(sorted(card[0] for card in cards)), "".join(flush_ranks)


def _rank_list(cards: Sequence[str]) -> list[str]:
    return [card[0] for card in cards]


def _check_distinct(hole: Sequence[str], board: Sequence[str]) -> None:
    if len({*hole, *board}) != len(hole) + len(board):
        raise ValueError(f"duplicate card among {[*hole]} and board {[*board]}")


def _need_cards(cards: Sequence[str], least: int, game: Game) -> None:
    if len(cards) < least:
        raise ValueError(f"{game.value} needs at least {least} cards, got {len(cards)}")


def _need_omaha_cards(hole: Sequence[str], board: Sequence[str], game: Game) -> None:
    if len(hole) < 2 or len(board) < 3:
        raise ValueError(
            f"{game.value} needs 2 hole cards and 3 board cards at least, got "
            f"{len(hole)} and {len(board)}"
        )
