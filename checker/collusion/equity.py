"""What the cards say about a decision: heads-up equity against a known hand, and whether an
opponent's hidden cards hold a player's outs.

Equity is exact on the river and estimated before it from a fixed number of runouts drawn by
a generator seeded from the hand's id, so the same hand always gives the same estimate (the
aggregates must not depend on the process). Aggregated over many hands the estimate is
unbiased; per hand it is only a weight.
"""

import zlib
from collections.abc import Sequence
from typing import Final, TypeVar

from mypy_extensions import i64
from phevaluator.card import Card as PhCard  # type: ignore[import-untyped]

from checker.model.cards import RANKS, SUITS
from checker.model.hand import Game
from checker.replay.evaluate import class_start, high_rank

# phevaluator's C core (its public evaluate_cards converts every card again on each call,
# which costs several times the evaluation itself here), called as ph_evaluators says.
from checker.replay.ph_evaluators import EVALUATE_5, EVALUATE_6, EVALUATE_7

DECK: Final[tuple[str, ...]] = tuple(r + s for r in RANKS for s in SUITS)
_ID: Final[dict[str, int]] = {card: int(PhCard.to_id(card)) for card in DECK}
# The deck's ids in `DECK` order.
_DECK_IDS: Final[tuple[int, ...]] = tuple(_ID[card] for card in DECK)
# Runouts drawn for an equity before the river: a per-hand weight, not a verdict (the
# aggregates average it over many hands).
RUNOUTS: Final = 8
# Hold'em only: an Omaha hand costs some sixty evaluations, which would more than double the
# audit's time for the card signals (docs/collusion.md); a hi/lo pot's equity is not its high
# hand's either.
BOARD_GAMES: Final = frozenset({Game.HOLDEM})
_WORST: Final = 7463
# Straight flush: no class above it.
_LAST_CLASS: Final = 8
T = TypeVar("T")


def known_board_game(game: Game) -> bool:
    return game in BOARD_GAMES


# phevaluator's evaluators as statics: an imported name is looked up in this module's globals
# at each call.
_EVALUATE_6: Final = EVALUATE_6
_EVALUATE_7: Final = EVALUATE_7
_EVALUATE: Final = {5: EVALUATE_5, 6: _EVALUATE_6, 7: _EVALUATE_7}


def _rank(game: Game, hole: Sequence[str], board: Sequence[str]) -> int:
    if game is Game.HOLDEM:
        ids = _ID
        cards = [ids[c] for c in hole] + [ids[c] for c in board]
        return _WORST - int(_EVALUATE[len(cards)](*cards))
    return high_rank(hole, board, game)


def equity(game: Game, mine: Sequence[str], theirs: Sequence[str], board: Sequence[str],
           seed: str) -> float:
    """My share of the pot heads-up against `theirs` with `board` dealt (ties half)."""
    missing = 5 - len(board)
    if missing <= 0:
        return _share(_rank(game, mine, board), _rank(game, theirs, board))
    state = zlib.crc32(seed.encode())
    if game is Game.HOLDEM:
        ids = _ID
        my_ids = [ids[c] for c in mine]
        their_ids = [ids[c] for c in theirs]
        board_ids = [ids[c] for c in board]
        # The cards out marked by id (0-51): no set built and hashed.
        out = [False] * len(_DECK_IDS)
        for card_id in (*my_ids, *their_ids, *board_ids):
            out[card_id] = True
        return _holdem_equity(my_ids, their_ids, board_ids,
                              [c for c in _DECK_IDS if not out[c]], missing, state)
    dead = {*mine, *theirs, *board}
    deck = [card for card in DECK if card not in dead]
    total = 0.0
    for _ in range(RUNOUTS):
        state = _draw(deck, missing, state)
        full = [*board, *deck[:missing]]
        total += _share(_rank(game, mine, full), _rank(game, theirs, full))
    return total / RUNOUTS


def _holdem_equity(mine: list[int], theirs: list[int], board: list[int], deck: list[int],
                   missing: int, state: int) -> float:
    """`equity` on phevaluator's card ids: the cards are converted once, not per runout.
    Hold'em: two hole cards each, five on the full board (the seven passed one by one, no
    argument tuple built per call)."""
    evaluate = _EVALUATE_7
    m0, m1 = mine
    t0, t1 = theirs
    # The board's cards dealt so far, then each runout's from the deck's front (no list made
    # per runout): `missing` is 5 - len(board).
    known = len(board)
    total = 0.0
    for _ in range(RUNOUTS):
        state = _draw(deck, missing, state)
        b0 = board[0] if known > 0 else deck[0]
        b1 = board[1] if known > 1 else deck[1 - known]
        b2 = board[2] if known > 2 else deck[2 - known]
        b3 = board[3] if known > 3 else deck[3 - known]
        b4 = deck[4 - known]
        # phevaluator ranks 1 (best) to 7462: the lower rank wins.
        a = int(evaluate(m0, m1, b0, b1, b2, b3, b4))
        b = int(evaluate(t0, t1, b0, b1, b2, b3, b4))
        total += 1.0 if a < b else 0.0 if a > b else 0.5
    return total / RUNOUTS


def _draw(deck: list[T], missing: int, state: i64) -> i64:
    """One runout: `missing` cards drawn into `deck[:missing]` by a partial Fisher-Yates
    shuffle of the deck as the last runout left it (a uniform draw without replacement);
    the generator's next state. A 31-bit linear congruential generator (its high bits) is
    plenty for a per-hand weight, and stays in machine integers (`i64`: below 2**62 at
    every step) where random.Random is a Python call per card."""
    size = len(deck)
    for i in range(missing):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        j = i + (state >> 8) % (size - i)
        deck[i], deck[j] = deck[j], deck[i]
    return state


def _share(mine: int, theirs: int) -> float:
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


def made_rank(game: Game, mine: Sequence[str], board: Sequence[str]) -> int:
    """The best hand `mine` makes with `board` now (higher is better; a board of 3 to 5)."""
    return _rank(game, mine, board)


class OutsProbe:
    """Whether a card an opponent holds would, had it come on the board, lift my hand above
    its class now (flop and turn boards only): they hold one of my outs. Made once per
    decision and asked once per opponent: my cards and the board are converted once, and
    the next class's first rank is the bound a card must reach (no class per card)."""

    __slots__ = ("board", "bound", "five", "game", "mine", "probing", "seen")

    def __init__(self, game: Game, mine: Sequence[str], board: Sequence[str], now: int
                 ) -> None:
        self.game = game
        self.mine = mine
        self.board = board
        self.bound = class_start(now + 1)
        self.probing = 3 <= len(board) <= 4 and now + 1 <= _LAST_CLASS
        self.five = len(board) == 3
        ids = _ID
        self.seen = [ids[c] for c in mine] + [ids[c] for c in board]

    def held(self, theirs: Sequence[str]) -> bool:
        if not self.probing:
            return False
        bound = self.bound
        if self.game is not Game.HOLDEM:
            game, mine, board = self.game, self.mine, self.board
            return any(_rank(game, mine, [*board, card]) >= bound for card in theirs)
        # phevaluator ranks 1 (best) to 7462: a flipped rank >= bound is a lower raw rank.
        limit = _WORST - bound
        s = self.seen
        for card in theirs:
            out = _ID[card]
            if self.five:
                raw = int(_EVALUATE_6(s[0], s[1], s[2], s[3], s[4], out))
            else:
                raw = int(_EVALUATE_7(s[0], s[1], s[2], s[3], s[4], s[5], out))
            if raw <= limit:
                return True
        return False


def holds_outs(game: Game, mine: Sequence[str], board: Sequence[str], now: int,
               theirs: Sequence[str]) -> bool:
    """Whether a card of `theirs`, had it come on the board, would lift my hand above its
    class `now` (hand_class of made_rank): they hold one of my outs (flop and turn boards only)."""
    return OutsProbe(game, mine, board, now).held(theirs)
