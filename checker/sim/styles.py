"""Simulated players: a population of distinct styles, and how each one decides.

A style (checker/sim/plan.py `PlayerStyle`) is a handful of knobs in [0, 1]. `population`
draws players around archetypes (tight-aggressive, loose-aggressive, rock, calling station,
maniac, loose-passive, solid regular), each knob jittered, each name unique and stable for a
seed. `decide` turns a style, the player's cards and the betting situation into an act:
hand strength first (preflop a percentile of the 1,326 starting hands by the Chen formula,
Omaha a blend over its six two-card pairs; postflop the share of a few sampled opponent
hands the made hand beats, through checker/replay/evaluate.py), then the style: looseness
sets the range played, position widens it, aggression turns calls into bets and raises,
bluffing bets without the hand; impatience (`timeout_chance`) runs out of time or loses
the connection. Every draw comes from the `random.Random` passed in.
"""

import random
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import NamedTuple

from checker.model.cards import DECK, RANKS, SUITS
from checker.model.hand import Game
from checker.replay.evaluate import high_rank
from checker.sim.plan import PlayerStyle


class Move(Enum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    # A bet or a raise (the engine names it): `Decision.to` is the street total after it.
    RAISE = "raise"


class Decision(NamedTuple):
    move: Move
    to: int = 0


@dataclass(slots=True)
class Situation:
    """What a player sees when it is their turn. `min_to`/`max_to`: the legal bet or raise
    totals for the street (None: no raise allowed); a total below `min_to` is only the
    all-in `max_to`. `behind`: players still to act after this one on the street."""

    game: Game
    hole: tuple[str, ...]
    board: tuple[str, ...]
    behind: int
    opponents: int
    pot: int
    to_call: int
    stack: int
    street_in: int
    current_bet: int
    min_to: int | None
    max_to: int
    big_blind: int


# ---------------------------------------------------------------- the population

# Archetype tag: (looseness, aggression, position, bluffing, patience, weight).
_ARCHETYPES: tuple[tuple[str, tuple[float, float, float, float, float], int], ...] = (
    ("TAG", (0.25, 0.75, 0.7, 0.2, 0.97), 5),
    ("LAG", (0.45, 0.8, 0.8, 0.4, 0.95), 3),
    ("Rock", (0.12, 0.3, 0.3, 0.05, 0.99), 3),
    ("Station", (0.7, 0.1, 0.15, 0.05, 0.9), 3),
    ("Maniac", (0.85, 0.95, 0.3, 0.6, 0.85), 1),
    ("Fish", (0.55, 0.25, 0.1, 0.1, 0.8), 3),
    ("Reg", (0.3, 0.6, 0.9, 0.25, 0.98), 4),
)
_FIRST_NAMES = ("Ava", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade",
                "Kai", "Lea", "Max", "Nia", "Oto", "Pia", "Quin", "Rae", "Sol", "Tia",
                "Uma", "Vik", "Wes", "Xia", "Yan", "Zoe")
_JITTER = 0.08


def population(rng: random.Random, count: int) -> list[PlayerStyle]:
    """`count` players of distinct styles drawn around the archetypes; names unique (the
    index makes them so) and the same for the same seed."""
    weights = [weight for _, _, weight in _ARCHETYPES]
    players: list[PlayerStyle] = []
    for index in range(count):
        tag, knobs, _ = rng.choices(_ARCHETYPES, weights)[0]
        first = _FIRST_NAMES[rng.randrange(len(_FIRST_NAMES))]
        loose, aggressive, positional, bluff, patient = (_jitter(rng, k) for k in knobs)
        players.append(PlayerStyle(f"{first}_{tag}{index + 1}", loose, aggressive,
                                   positional, bluff, patient))
    return players


def _jitter(rng: random.Random, knob: float) -> float:
    # Rounded so the knobs print the same everywhere (and read well in a ground truth).
    return round(min(1.0, max(0.0, knob + rng.uniform(-_JITTER, _JITTER))), 3)


# ---------------------------------------------------------------- preflop strength


def _chen(high: int, low: int, suited: bool) -> int:
    """The Chen formula score of two ranks (indexes into RANKS, `high` >= `low`)."""
    top = (10.0, 8.0, 7.0, 6.0)  # ace, king, queen, jack
    from_ace = len(RANKS) - 1 - high
    score = top[from_ace] if from_ace < len(top) else (high + 2) / 2
    if high == low:
        return int(-(-max(score * 2, 5) // 1))
    if suited:
        score += 2
    gap = high - low - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    queen = RANKS.index("Q")
    if gap <= 1 and high < queen:
        score += 1
    return int(-(-score // 1))


def _starting_percentiles() -> dict[tuple[int, int, bool], float]:
    """Each starting-hand class's share of the 1,326 hands it scores at least as well as."""
    scores: dict[tuple[int, int, bool], int] = {}
    combos: dict[tuple[int, int, bool], int] = {}
    for high in range(len(RANKS)):
        for low in range(high + 1):
            for suited in ((False,) if high == low else (False, True)):
                key = (high, low, suited)
                scores[key] = _chen(high, low, suited)
                combos[key] = 6 if high == low else (4 if suited else 12)
    total = sum(combos.values())
    return {key: sum(combos[k] for k in scores if scores[k] <= score) / total
            for key, score in scores.items()}


_PERCENTILE = _starting_percentiles()
_RANK_OF = {r + s: RANKS.index(r) for r in RANKS for s in SUITS}


def _two_card(first: str, second: str) -> float:
    a, b = _RANK_OF[first], _RANK_OF[second]
    if a < b:
        a, b = b, a
    return _PERCENTILE[(a, b, first[1] == second[1] and a != b)]


def preflop_strength(hole: tuple[str, ...]) -> float:
    """0..1: hold'em the starting hand's percentile; Omaha the best two-card pair blended
    with the average of its six (a hand whose cards work together is worth more)."""
    if len(hole) == 2:
        return _two_card(hole[0], hole[1])
    pairs = [_two_card(a, b) for a, b in combinations(hole, 2)]
    return 0.6 * max(pairs) + 0.4 * sum(pairs) / len(pairs)


# ---------------------------------------------------------------- postflop strength

# Opponent hands sampled to measure a made hand (small: decisions must stay fast).
_SAMPLES = {2: 8, 4: 3, 5: 3}


Sample = list[tuple[tuple[str, ...], int]]


def opponent_sample(game: Game, board: tuple[str, ...], size: int,
                    rng: random.Random) -> Sample:
    """A few random hands of `size` hole cards (none on `board`) with their ranks on it:
    drawn once per street and shared by every player who measures a hand against it."""
    deck = len(DECK)
    random_index = rng.random
    sample: Sample = []
    for _ in range(_SAMPLES.get(size, 2)):
        theirs: list[str] = []
        while len(theirs) < size:
            # Rejection sampling: cheaper than building the unseen deck for a few cards.
            card = DECK[int(random_index() * deck)]
            if card not in board and card not in theirs:
                theirs.append(card)
        sample.append((tuple(theirs), high_rank(theirs, board, game)))
    return sample


def strength_against(game: Game, hole: tuple[str, ...], board: tuple[str, ...],
                     sample: Sample) -> float:
    """0..1: the share of the sampled hands the player's made hand beats on `board`, ties
    counting half; sampled hands holding one of the player's cards cannot be theirs and
    are skipped (0.5 when none is left)."""
    mine = high_rank(hole, board, game)
    score = 0.0
    counted = 0
    for theirs, rank in sample:
        if any(card in hole for card in theirs):
            continue
        counted += 1
        if mine > rank:
            score += 1.0
        elif mine == rank:
            score += 0.5
    return score / counted if counted else 0.5


def postflop_strength(game: Game, hole: tuple[str, ...], board: tuple[str, ...],
                      rng: random.Random) -> float:
    """`strength_against` a sample of its own."""
    return strength_against(game, hole, board, opponent_sample(game, board, len(hole), rng))


# ---------------------------------------------------------------- time-outs

# At a turn to act a player runs out of time with chance (1 - patience) times this: an
# impatient fish (0.8) about once in 100 acts, a patient regular (0.98) once in 1,000, a
# patience of 1 never.
_TIMEOUT_SCALE = 0.05
# The share of those time-outs that are a lost connection (the player disconnects at that
# turn, and times out disconnected).
_DISCONNECT_SHARE = 0.25


def timeout_chance(style: PlayerStyle) -> float:
    """The chance `style` runs out of time at a turn to act, a lost connection included."""
    return (1.0 - style.patience) * _TIMEOUT_SCALE


def disconnect_chance(style: PlayerStyle) -> float:
    """The chance `style` loses the connection at a turn to act (part of `timeout_chance`)."""
    return timeout_chance(style) * _DISCONNECT_SHARE


# ---------------------------------------------------------------- decisions


def decide(style: PlayerStyle, seen: Situation, strength: float,
           rng: random.Random) -> Decision:
    """The act of a player of `style` in situation `seen`, holding a hand of `strength`
    (`preflop_strength` or `postflop_strength`). Always legal for the situation."""
    late = 1.0 - seen.behind / max(1, seen.behind + seen.opponents)
    reach = style.position * late * 0.15
    if seen.board:
        # Against several opponents a hand must beat each of them, and their ranges are
        # stronger than the random hands sampled.
        value = strength ** (1.0 + seen.opponents * 0.75) + reach * 0.5
        decision = _postflop(style, seen, value, rng)
    else:
        decision = _preflop(style, seen, strength + reach, rng)
    return _legal(decision, seen)


def _preflop(style: PlayerStyle, seen: Situation, value: float,
             rng: random.Random) -> Decision:
    price = seen.to_call / (seen.pot + seen.to_call) if seen.to_call else 0.0
    play = 1.0 - style.looseness * 0.85
    raised = seen.current_bet > seen.big_blind
    if raised:
        # Facing a raise: tighter the more it costs and the tighter the player.
        play += price * (1.0 - style.looseness) * 0.8
    strong = 1.0 - (1.0 - play) * (0.3 + 0.4 * style.aggression)
    if raised:
        # Re-raising a raise takes more the more it has grown: the top of the range.
        strong = min(1.0, strong + price * 0.3)
    if value >= strong and rng.random() < 0.35 + 0.6 * style.aggression:
        return _raise(style, seen, rng)
    if rng.random() < style.bluffing * (0.02 if raised else 0.08):
        return _raise(style, seen, rng)
    if value >= play:
        return Decision(Move.CALL if seen.to_call else Move.CHECK)
    return Decision(Move.FOLD if seen.to_call else Move.CHECK)


def _postflop(style: PlayerStyle, seen: Situation, value: float,
              rng: random.Random) -> Decision:
    if not seen.to_call:
        if value >= 0.75 - 0.2 * style.aggression and rng.random() < 0.3 + 0.6 * style.aggression:
            return _raise(style, seen, rng)
        # Stabs and continuation bets: more often the fewer opponents are left.
        if rng.random() < (style.bluffing * 0.5 + style.aggression * 0.2) / seen.opponents:
            return _raise(style, seen, rng)
        return Decision(Move.CHECK)
    price = seen.to_call / (seen.pot + seen.to_call)
    if value >= 0.85 and rng.random() < style.aggression:
        return _raise(style, seen, rng)
    if value >= price + 0.3 * (1.0 - style.looseness):
        return Decision(Move.CALL)
    if rng.random() < style.bluffing * 0.08:
        return _raise(style, seen, rng)
    if rng.random() < style.looseness * 0.15:
        return Decision(Move.CALL)
    return Decision(Move.FOLD)


def _raise(style: PlayerStyle, seen: Situation, rng: random.Random) -> Decision:
    """A bet or raise sized by aggression: half the pot to the whole pot over the call, all
    in when that is most of the stack."""
    low = seen.min_to
    if low is None:
        return Decision(Move.CALL if seen.to_call else Move.CHECK)
    high = seen.max_to
    share = 0.5 + 0.5 * style.aggression * rng.random()
    to = seen.current_bet + int((seen.pot + seen.to_call) * share)
    all_in_at = seen.street_in + seen.stack
    if to * 5 >= all_in_at * 4:
        to = all_in_at
    return Decision(Move.RAISE, min(high, max(low, to)))


def _legal(decision: Decision, seen: Situation) -> Decision:
    """Checks only when free, calls only when facing a bet."""
    move = decision.move
    if move is Move.CHECK and seen.to_call:
        return Decision(Move.FOLD)
    if move is Move.CALL and not seen.to_call:
        return Decision(Move.CHECK)
    if move is Move.FOLD and not seen.to_call:
        return Decision(Move.CHECK)
    return decision
