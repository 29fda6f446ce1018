"""Showdown evaluation cost: the candidate libraries raw, then checker.replay.evaluate per game.

Random deals from a seeded deck; each figure is the best of 5 passes over the same deals, in µs
per evaluation of one player's hand. For the memoised paths (Omaha hi/lo lows, razz hands with
fewer than five ranks) "cold" empties the memo before each pass (it still fills within the
pass), "warm" keeps it. pokerkit (test extra) is measured raw on the games it alone ranked
before checker/replay/lowball.py replaced it. The rejected candidates (eval7, treys) are not
dependencies: install them to get their rows (`.venv/bin/pip install eval7 treys`).
Run: `.venv/bin/python benchmarks/bench_evaluate.py`.
"""

import importlib
import random
import time
from collections.abc import Callable
from itertools import combinations
from typing import Any

from phevaluator import (  # type: ignore[import-untyped]
    evaluate_5cards,
    evaluate_cards,
    evaluate_omaha_cards,
)
from phevaluator.card import Card as PhCard  # type: ignore[import-untyped]
from pokerkit import (
    BadugiHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardHighHand,
    StandardLowHand,
)

from checker.model.cards import RANKS, SUITS
from checker.model.hand import Game
from checker.replay.evaluate import clear_memo, high_rank, low_rank

DECK = [r + s for r in RANKS for s in SUITS]
SHORT_DECK = [c for c in DECK if c[0] not in "2345"]
Deal = tuple[list[str], list[str]]


def deals(count: int, hole: int, board: int, deck: list[str] = DECK, seed: int = 7) -> list[Deal]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = rng.sample(deck, hole + board)
        out.append((cards[:hole], cards[hole:]))
    return out


def per_call_us(
    fn: Callable[[list[str], list[str]], object], sample: list[Deal], cold: bool = False
) -> float:
    """Best of 5 passes; `cold` empties the lows' memo before each pass."""
    best = float("inf")
    for _ in range(5):
        if cold:
            clear_memo()
        start = time.perf_counter()
        for hole, board in sample:
            fn(hole, board)
        best = min(best, time.perf_counter() - start)
    return best / len(sample) * 1e6


def optional(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


eval7 = optional("eval7")
treys = optional("treys")
PH = {c: PhCard.to_id(c) for c in DECK}
E7 = {c: eval7.Card(c) for c in DECK} if eval7 else {}
TR = {c: treys.Card.new(c) for c in DECK} if treys else {}
TREYS: Any = treys.Evaluator() if treys else None
TREYS_PLO: Any = treys.PLOEvaluator() if treys else None


def eval7_omaha(hole: list[str], board: list[str]) -> int:
    return max(int(eval7.evaluate([E7[c] for c in (*two, *three)]))
               for two in combinations(hole, 2) for three in combinations(board, 3))


def ph_omaha_combos(hole: list[str], board: list[str]) -> int:
    return min(int(evaluate_5cards(*[PH[c] for c in (*two, *three)]))
               for two in combinations(hole, 2) for three in combinations(board, 3))


def library_rows() -> list[tuple[str, str, float]]:
    holdem = deals(20_000, 2, 5)
    omaha = deals(5_000, 4, 5)
    slow_holdem, slow_omaha = holdem[:1_000], omaha[:300]
    rows = [
        ("hold'em 7 cards", "phevaluator", per_call_us(
            lambda h, b: evaluate_cards(*[PH[c] for c in (*h, *b)]), holdem)),
        ("hold'em 7 cards", "pokerkit", per_call_us(
            lambda h, b: StandardHighHand.from_game("".join(h), "".join(b)), slow_holdem)),
        ("Omaha 4+5", "phevaluator (omaha table)", per_call_us(
            lambda h, b: evaluate_omaha_cards(*[PH[c] for c in (*b, *h)]), omaha)),
        ("Omaha 4+5", "phevaluator (60 combos)", per_call_us(ph_omaha_combos, omaha)),
        ("Omaha 4+5", "pokerkit", per_call_us(
            lambda h, b: OmahaHoldemHand.from_game("".join(h), "".join(b)), slow_omaha)),
    ]
    rows += pokerkit_low_rows()
    if eval7:
        rows += [
            ("hold'em 7 cards", "eval7", per_call_us(
                lambda h, b: eval7.evaluate([E7[c] for c in (*h, *b)]), holdem)),
            ("Omaha 4+5", "eval7 (60 combos)", per_call_us(eval7_omaha, omaha)),
        ]
    if treys:
        rows += [
            ("hold'em 7 cards", "treys", per_call_us(
                lambda h, b: TREYS.evaluate([TR[c] for c in h], [TR[c] for c in b]), holdem)),
            ("Omaha 4+5", "treys PLOEvaluator", per_call_us(
                lambda h, b: TREYS_PLO.evaluate([TR[c] for c in h], [TR[c] for c in b]),
                slow_omaha)),
        ]
    return rows


def pokerkit_low_rows() -> list[tuple[str, str, float]]:
    """pokerkit on the hands phevaluator does not rank (what evaluate.py called before)."""
    def raw(hand_class: Any) -> Callable[[list[str], list[str]], object]:
        return lambda h, b: hand_class.from_game_or_none("".join(h), "".join(b))

    return [
        ("short deck 7 cards", "pokerkit", per_call_us(
            raw(ShortDeckHoldemHand), deals(300, 2, 5, SHORT_DECK))),
        ("Omaha hi/lo low 4+5", "pokerkit", per_call_us(
            raw(OmahaEightOrBetterLowHand), deals(300, 4, 5))),
        ("razz 7 cards", "pokerkit", per_call_us(raw(RegularLowHand), deals(300, 7, 0))),
        ("2-7 5 cards", "pokerkit", per_call_us(raw(StandardLowHand), deals(1_000, 5, 0))),
        ("badugi 4 cards", "pokerkit", per_call_us(raw(BadugiHand), deals(1_000, 4, 0))),
    ]


def wrapper_rows() -> list[tuple[str, str, float]]:
    rows: list[tuple[str, str, float]] = []

    def high(game: Game, sample: list[Deal]) -> None:
        rows.append((game.value, "high_rank",
                     per_call_us(lambda h, b: high_rank(h, b, game), sample)))

    def low(game: Game, sample: list[Deal], memoised: bool = False, deal: str = "") -> None:
        for cold in (True, False) if memoised else (False,):
            label = ("cold memo" if cold else "warm memo") if memoised else ""
            rows.append((deal or game.value, f"low_rank {label}".strip(),
                         per_call_us(lambda h, b: low_rank(h, b, game), sample, cold)))

    high(Game.HOLDEM, deals(20_000, 2, 5))
    high(Game.HOLDEM_SHORT_DECK, deals(20_000, 2, 5, SHORT_DECK))
    high(Game.OMAHA, deals(5_000, 4, 5))
    high(Game.OMAHA5, deals(2_000, 5, 5))
    high(Game.OMAHA6, deals(2_000, 6, 5))
    high(Game.STUD, deals(20_000, 7, 0))
    high(Game.DRAW5, deals(20_000, 5, 0))
    low(Game.OMAHA_HILO, deals(5_000, 4, 5), memoised=True)
    low(Game.OMAHA5_HILO, deals(5_000, 5, 5), memoised=True)
    low(Game.STUD_HILO, deals(20_000, 7, 0))
    low(Game.RAZZ, deals(20_000, 7, 0), memoised=True)
    # Razz with forced pairs (fewer than five ranks among seven, about one hand in 20): the
    # memoised search. The deck of A-2-3-4 has few rank multisets, so even "cold" mostly hits.
    low(Game.RAZZ, deals(5_000, 7, 0, [c for c in DECK if c[0] in "A234"]), memoised=True,
        deal="razz, forced pairs")
    low(Game.DRAWA5_TRIPLE, deals(20_000, 5, 0))
    low(Game.DRAW27_TRIPLE, deals(20_000, 5, 0))
    low(Game.BADUGI, deals(20_000, 4, 0))
    # Shown badugi hands are mostly badugis (four ranks, four suits): the direct path.
    low(Game.BADUGI, [(h, b) for h, b in deals(200_000, 4, 0)
                      if len({c[0] for c in h}) == len({c[1] for c in h}) == 4][:20_000],
        deal="badugi, four-card badugi")
    return rows


def main() -> None:
    print(f"{'deal':<26} {'evaluator':<28} µs/eval")
    for deal, name, us in library_rows() + wrapper_rows():
        print(f"{deal:<26} {name:<28} {us:7.2f}")


if __name__ == "__main__":
    main()
