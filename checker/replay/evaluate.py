"""Showdown hand strength for every game feltcheck reads.

Standard high hands (hold'em, Irish, stud, five-card stud and draw, and every Omaha variant,
Fusion among them) go through phevaluator, a C perfect-hash evaluator: ~1 µs for 7 cards and
~1.5 µs for an Omaha-4 hand. The hands it does not know (short-deck high, 8-or-better, A-5 and
2-7 lows, badugi) go through our own pure-Python evaluators in `checker.replay.lowball` (a few
µs; the paths that search are memoised there), which tests/test_replay_evaluate.py checks
against the reference evaluator of the test extra. Figures and the choice are in
docs/dependencies.md and docs/performance.md.

Every rank returned here is an int where larger is better, comparable only within one game
and one half.
"""

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Final

# phevaluator's C core, given card ids: its public functions convert every card again in
# Python on each call (checker/collusion/equity.py does the same). The hold'em evaluators are
# called as ph_evaluators says; Omaha's is phevaluator's own.
from phevaluator import _pheval  # type: ignore[import-untyped]
from phevaluator.card import Card as PhCard  # type: ignore[import-untyped]

from checker.model.cards import RANKS, SUITS
from checker.model.hand import Game
from checker.replay import lowball
from checker.replay.ph_evaluators import EVALUATE_5, EVALUATE_6, EVALUATE_7

# phevaluator ranks 1 (royal flush) .. 7462 (7-5-4-3-2 offsuit); flipped so larger is better.
_PH_WORST: Final = 7463
_PH_ID: Final[dict[str, int]] = {r + s: int(PhCard.to_id(r + s)) for r in RANKS for s in SUITS}
# By number of cards (what phevaluator's evaluate_cards picks from).
_PH_EVALUATE: Final = {5: EVALUATE_5, 6: EVALUATE_6, 7: EVALUATE_7}
_PH_OMAHA: Final = _pheval.evaluate_omaha_cards
_PH_FIVE: Final = EVALUATE_5

_ANY_FIVE: Final = frozenset({Game.HOLDEM, Game.IRISH, Game.STUD, Game.STUD_HILO, Game.STUD5,
                             Game.DRAW5})
# Fusion deals its hole cards over three streets, but plays them as Omaha does.
_OMAHA: Final = frozenset({Game.OMAHA, Game.OMAHA_HILO, Game.OMAHA5, Game.OMAHA5_HILO, Game.OMAHA6,
                          Game.COURCHEVEL, Game.COURCHEVEL_HILO, Game.FUSION})
_OMAHA_LOW: Final = frozenset({Game.OMAHA_HILO, Game.OMAHA5_HILO, Game.COURCHEVEL_HILO})
_A5_LOW: Final = frozenset({Game.RAZZ, Game.DRAWA5_TRIPLE})
_DEUCE_SEVEN: Final = frozenset({Game.DRAW27_SINGLE, Game.DRAW27_TRIPLE})
_HIGH_GAMES: Final = _ANY_FIVE | _OMAHA | {Game.HOLDEM_SHORT_DECK}
_LOW_GAMES: Final = _OMAHA_LOW | _A5_LOW | _DEUCE_SEVEN | {Game.STUD_HILO, Game.BADUGI}

# phevaluator's wheel ships only the 4-card Omaha table. A 5- or 6-card Omaha hand is the best
# of the 4-card hands over sets of four hole cards that together contain every pair of hole
# cards (three sets suffice for both), since Omaha plays exactly one pair of hole cards.
_FOUR_CARD_COVERS: Final[dict[int, tuple[tuple[int, int, int, int], ...]]] = {
    4: ((0, 1, 2, 3),),
    5: ((0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4)),
    6: ((0, 1, 2, 3), (0, 1, 4, 5), (2, 3, 4, 5)),
}


# phevaluator's flipped ranks (larger is better, as high_rank) where each class of high hand
# starts: high card, pair, two pair, trips, straight, flush, full house, quads, straight flush.
_CLASS_STARTS: Final[tuple[int, ...]] = (1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453)
# Straight flushes (royal included): the ranks of the last class.
_STRAIGHT_FLUSHES: Final = 10


def hand_class(rank: int) -> int:
    """0 (high card) .. 8 (straight flush) of a `high_rank` rank of a five-card hand."""
    cls = 0
    for index, start in enumerate(_CLASS_STARTS):
        if rank >= start:
            cls = index
    return cls


def class_start(cls: int) -> int:
    """The lowest `high_rank` rank of class `cls` (0..8); above every rank past the last."""
    if cls < len(_CLASS_STARTS):
        return _CLASS_STARTS[cls]
    return _CLASS_STARTS[-1] + _STRAIGHT_FLUSHES


def clear_memo() -> None:
    """Forget the memoised lows (for measuring the cold cost)."""
    lowball.clear_memo()


def evaluates(game: Game) -> tuple[bool, bool]:
    """Whether `game` awards a high half and/or a low half."""
    return game in _HIGH_GAMES, game in _LOW_GAMES


def high_rank(hole: Sequence[str], board: Sequence[str], game: Game) -> int:
    """Strength of the best high hand `hole` makes with `board` under `game`'s rules."""
    _check_distinct(hole, board)
    if game in _OMAHA:
        return _omaha_high(hole, board, game)
    cards = [*hole, *board]
    if game in _ANY_FIVE or game is Game.HOLDEM_SHORT_DECK:
        if not 5 <= len(cards) <= 7:
            raise ValueError(f"{game.value} high hand needs 5 to 7 cards, got {len(cards)}")
        if game is Game.HOLDEM_SHORT_DECK:
            return lowball.short_deck_high(cards)
        return _PH_WORST - int(_PH_EVALUATE[len(cards)](*[_PH_ID[c] for c in cards]))
    raise ValueError(f"{game.value} has no high half")


def low_rank(hole: Sequence[str], board: Sequence[str], game: Game) -> int | None:
    """Strength of the best low hand (larger is better); None when no low qualifies (8-or-better
    games only)."""
    _check_distinct(hole, board)
    if game in _OMAHA_LOW:
        _need_omaha_cards(hole, board, game)
        return lowball.omaha_eight_or_better_low(hole, board)
    cards = [*hole, *board]
    if game is Game.STUD_HILO:
        return lowball.eight_or_better_low(cards)
    if game in _A5_LOW:
        _need_cards(cards, 5, game)
        return lowball.ace_to_five_low(cards)
    if game in _DEUCE_SEVEN:
        if len(cards) != 5:
            raise ValueError(f"{game.value} low hand needs exactly 5 cards, got {len(cards)}")
        return lowball.deuce_to_seven_low(cards)
    if game is Game.BADUGI:
        _need_cards(cards, 1, game)
        return lowball.badugi_low(cards)
    raise ValueError(f"{game.value} has no low half")


def best_players(
    hands: Mapping[str, tuple[list[str], list[str]]], game: Game, half: str | None
) -> list[str]:
    """Players (in `hands` order) holding the best hand for `half`, ties included.

    `half` None means the game's only half; a split game needs "high" or "low". For a low
    half where nobody qualifies the list is empty.
    """
    if game in _ANY_FIVE and (half == "high" or (half is None and game not in _LOW_GAMES)):
        return _best_any_five(hands, game)
    rank = _ranker(game, half)
    ranks = {player: rank(hole, board) for player, (hole, board) in hands.items()}
    qualified = [r for r in ranks.values() if r is not None]
    if not qualified:
        return []
    best = max(qualified)
    return [player for player, r in ranks.items() if r == best]


def _best_any_five(hands: Mapping[str, tuple[list[str], list[str]]], game: Game) -> list[str]:
    """`best_players` for the high hand of hold'em, stud and draw, the commonest showdown:
    seven cards converted and checked once and ranked by phevaluator's seven-card evaluator,
    the ranks compared as they come (lower is better): no closure, no rank dict. Any other
    hand (fewer cards, or cards `high_rank` refuses: repeated or unknown) goes through
    `high_rank`, which ranks it or raises what it raises."""
    best = _PH_WORST + 1
    winners: list[str] = []
    for player, (hole, board) in hands.items():
        card_ids: list[int] = []
        seen = _add_ids(board, card_ids, _add_ids(hole, card_ids, 0))
        if seen >= 0 and len(card_ids) == 7:
            raw = int(EVALUATE_7(card_ids[0], card_ids[1], card_ids[2], card_ids[3],
                                 card_ids[4], card_ids[5], card_ids[6]))
        else:
            raw = _PH_WORST - high_rank(hole, board, game)
        if raw < best:
            best = raw
            winners = [player]
        elif raw == best:
            winners.append(player)
    return winners


def _add_ids(cards: list[str], ids: list[int], seen: int) -> int:
    """The cards' phevaluator ids appended to `ids`; `seen` (a bit per id) with theirs set,
    or -1 when a card is unknown or repeats one seen (or `seen` is -1 already)."""
    if seen < 0:
        return -1
    for card in cards:
        card_id = _PH_ID.get(card, -1)
        if card_id < 0:
            return -1
        bit = 1 << card_id
        if seen & bit:
            return -1
        seen |= bit
        ids.append(card_id)
    return seen


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
            int(_PH_OMAHA(*board_ids, *[hole_ids[i] for i in four]))
            for four in _FOUR_CARD_COVERS[len(hole)]
        )
        return _PH_WORST - best
    # A short board (or a hole of 2, 3 or 7+ cards): every two-from-hand, three-from-board
    # choice through phevaluator's 5-card evaluator, which ranks on the same scale.
    hole_ids = [_PH_ID[c] for c in hole]
    board_ids = [_PH_ID[c] for c in board]
    best = min(
        int(_PH_FIVE(*two, *three))
        for two in combinations(hole_ids, 2)
        for three in combinations(board_ids, 3)
    )
    return _PH_WORST - best


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
