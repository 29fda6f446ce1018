"""Colluders and their honest look-alikes (`feltcheck simulate --colluders SPEC`).

A SPEC is a comma-separated list of `STRATEGY[:SIZE[:INTENSITY]]`, one team each:

- `chip_dumping` (2-3): the others feed chips to the first member while it is in the hand:
  a feeder with a weak hand bets or raises into it, with a strong one checks, and folds to
  its raise either way; the one fed raises a feeder's bet (the minimum) and bets into
  feeders left alone with it, so the feeder's chips stay in its pot.
- `soft_play` (2-3): partners never bet or raise while a partner is still in the hand.
- `whipsaw` (2-3): when a partner made the street's last bet or raise and a third player is
  still in, re-raise to squeeze the third player between them.
- `card_sharing` (2-3): each knows the partners' hole cards; on the flop and turn it folds a
  hand whose improving cards (outs) a partner holds, and keeps a draw whose outs are all live.
- `friends` (2-3, honest): register and sit together, play straight (no intensity).
- `nut_checking` (1, honest): a straight player who now and then checks the river with the
  nuts (no hand of the unseen cards beats it).
- `bubble_folder` (1, honest): an ICM-aware player who, near the money bubble (`near_bubble`),
  folds every hand short of a premium one facing an all-in or a large bet or raise, from
  anyone alike: a tightening no partner explains.

`N*ITEM` repeats an item N times, and INTENSITY may be a `/`-separated list, one team per
intensity: `chip_dumping:2:0.3/0.5/0.7/0.9` is four teams, `4*friends:2` four pairs.

INTENSITY in [0, 1] is the chance, at each turn the strategy has an occasion, that the player
acts on it (default 0.8; nut checking 0.5; bubble folding 1). Teams are drawn from the player
pool with their own random stream (`colluders-SEED`), so adding colluders leaves the
schedule's draws alone (with an activity mix, checker/sim/pool.py, from its most active
regulars, server.toml's `team_share`); a team (colluders and friends alike) registers
together for a tournament with chance `TOGETHER_CHANCE` (`gather`). The ground truth has
one line per team (`truth_line`).

Colluding hands stay legal: a strategy only picks among the acts the engine offers, and the
engine makes every bet legal as it does for anyone.
"""

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Protocol

from checker.model.hand import Game
from checker.replay.evaluate import hand_class, high_rank
from checker.sim.plan import PlayerStyle, TeamPlay
from checker.sim.styles import Decision, Move

CHIP_DUMPING = "chip_dumping"
SOFT_PLAY = "soft_play"
WHIPSAW = "whipsaw"
CARD_SHARING = "card_sharing"
FRIENDS = "friends"
NUT_CHECKING = "nut_checking"
BUBBLE_FOLDER = "bubble_folder"
# Strategy: (smallest team, largest team, default intensity, honest).
STRATEGIES: dict[str, tuple[int, int, float, bool]] = {
    CHIP_DUMPING: (2, 3, 0.8, False),
    SOFT_PLAY: (2, 3, 0.8, False),
    WHIPSAW: (2, 3, 0.8, False),
    CARD_SHARING: (2, 3, 0.8, False),
    FRIENDS: (2, 3, 0.0, True),
    NUT_CHECKING: (1, 1, 0.5, True),
    BUBBLE_FOLDER: (1, 1, 1.0, True),
}
# The chance a team registers together for a Sit & Go (when the table has room for it).
TOGETHER_CHANCE = 0.5
# A feeder's hand at least this strong is folded to the partner rather than played.
_DUMP_STRONG = 0.6
# Card sharing: a hand this strong is kept even when a partner holds its outs; a draw with at
# least this many live outs is kept when it would fold.
_SHARED_KEEP = 0.8
_LIVE_DRAW = 8
# Whipsaw re-raises only while the street has had fewer raises than this (a squeeze, not a
# raising war to all in).
_WHIPSAW_RAISES = 4
# Bubble folding: near the bubble while the players left outnumber the places paid by at most
# this many (and more than one place is paid: winner-take-all has no bubble); there a hand
# below this strength folds facing an all-in, or a bet or raise costing at least this share
# of the chips behind.
_BUBBLE_OVER_PAID = 2
_BUBBLE_PREMIUM = 0.9
_BUBBLE_LARGE = 0.25
_DECK = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")


class ColluderError(ValueError):
    """A --colluders SPEC that cannot be read."""


@dataclass(frozen=True, slots=True)
class TeamSpec:
    strategy: str
    size: int
    intensity: float


@dataclass(frozen=True, slots=True)
class Team:
    """A team drawn from the pool; for chip dumping the first member is the one fed."""

    strategy: str
    members: tuple[str, ...]
    intensity: float
    honest: bool


def parse(text: str | None) -> tuple[TeamSpec, ...]:
    """`[N*]STRATEGY[:SIZE[:INTENSITY[/INTENSITY...]]],...` as team specs, in the order given
    (`N*` repeats the item; each intensity of a list is a team of its own)."""
    specs: list[TeamSpec] = []
    for item in (text or "").split(","):
        item = item.strip()
        if item:
            count_text, star, team = item.rpartition("*")
            count = _count(item, count_text) if star else 1
            specs += _parse_teams(item, team.strip()) * count
    return tuple(specs)


def _count(item: str, text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise ColluderError(f"{item!r}: the count before `*` must be a whole number, 1 or more")
    return count


def _parse_teams(item: str, team: str) -> list[TeamSpec]:
    name, _, rest = team.partition(":")
    size_text, _, intensity_text = rest.partition(":")
    if name not in STRATEGIES:
        raise ColluderError(f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}")
    least, most, default, _ = STRATEGIES[name]
    try:
        size = int(size_text) if size_text else least
        intensities = ([float(text) for text in intensity_text.split("/")] if intensity_text
                       else [default])
    except ValueError as exc:
        raise ColluderError(f"{item!r}: the size or intensity is not a number") from exc
    if not least <= size <= most:
        raise ColluderError(f"{item!r}: a {name} team has {least} to {most} players")
    if not all(0.0 <= intensity <= 1.0 for intensity in intensities):
        raise ColluderError(f"{item!r}: the intensity must be between 0 and 1")
    if name == FRIENDS and any(intensities):
        raise ColluderError(f"{item!r}: friends play straight (no intensity)")
    return [TeamSpec(name, size, intensity) for intensity in intensities]


def draw_teams(specs: Sequence[TeamSpec], pool: list[PlayerStyle], rng: random.Random,
               among: Sequence[int] | None = None) -> tuple[list[PlayerStyle], list[Team]]:
    """Distinct pool players for each team (from the pool indexes `among`: the most active
    regulars of an activity mix; None: anyone); the pool back with the members' styles
    carrying their team's play (friends play straight: their styles are untouched)."""
    wanted = sum(spec.size for spec in specs)
    eligible: Sequence[int] = range(len(pool)) if among is None else among
    if wanted > len(eligible):
        has = f"{len(pool)}" if among is None else f"{len(eligible)} active regulars"
        raise ColluderError(f"the teams need {wanted} players; the pool has {has}")
    picked = rng.sample(eligible, wanted)
    pool = list(pool)
    teams: list[Team] = []
    for spec in specs:
        indexes, picked = picked[:spec.size], picked[spec.size:]
        members = tuple(pool[i].name for i in indexes)
        honest = STRATEGIES[spec.strategy][3]
        teams.append(Team(spec.strategy, members, spec.intensity, honest))
        if spec.strategy == FRIENDS:
            continue
        for index in indexes:
            me = pool[index].name
            feeds = members[0] if spec.strategy == CHIP_DUMPING and me != members[0] else None
            play = TeamPlay(spec.strategy, tuple(m for m in members if m != me),
                            spec.intensity, feeds)
            pool[index] = replace(pool[index], team=play)
    return pool, teams


def gather(players: list[PlayerStyle], pool: Sequence[PlayerStyle], teams: Sequence[Team],
           seats: int, rng: random.Random, drawn_only: bool = False) -> list[PlayerStyle]:
    """`players` (a tournament's registrations, in order) with whole teams registered first:
    each team that fits in `seats`, in a random order, with chance TOGETHER_CHANCE.
    `drawn_only` (an activity mix): only a team one of whose members is among `players`
    (the others come along), so a team plays about as often as its members do."""
    by_name = {p.name: p for p in pool}
    drawn = {p.name for p in players} if drawn_only else set()
    together: list[PlayerStyle] = []
    for index in rng.sample(range(len(teams)), len(teams)):
        team = teams[index]
        if drawn_only and drawn.isdisjoint(team.members):
            continue
        if len(together) + len(team.members) <= seats and rng.random() < TOGETHER_CHANCE:
            together += [by_name[name] for name in team.members]
    if not together:
        return players
    taken = {p.name for p in together}
    rest = [p for p in players if p.name not in taken]
    return together + rest[:len(players) - len(together)]


def truth_line(team: Team) -> dict[str, object]:
    """One line of truth.jsonl for a team."""
    return {"team": list(team.members), "strategy": team.strategy,
            "intensity": team.intensity, "honest": team.honest}


# ---------------------------------------------------------------- play at the table


class Seat(Protocol):
    """What a strategy reads of a player dealt in (the hand engine's players)."""

    name: str
    hole: tuple[str, ...]
    folded: bool
    all_in: bool
    strength: float

    @property
    def stack(self) -> int:
        """Chips behind."""
        ...


@dataclass(slots=True)
class Turn:
    """A team member's turn: the hand so far and the acts the engine offers (`low` None: no
    raise allowed; `owed` 0: checking is free)."""

    game: Game
    board: tuple[str, ...]
    me: Seat
    others: Sequence[Seat]
    # Who made the street's last bet or raise (None: nobody yet, or only the blinds).
    aggressor: str | None
    raises: int
    owed: int
    low: int | None
    high: int
    current: int
    pot: int
    # Near the money bubble of the tournament (`near_bubble`).
    bubble: bool = False


def near_bubble(players_left: int | None, places_paid: int | None) -> bool:
    """Whether a tournament with `players_left` and `places_paid` is near its money bubble
    (None: not known, as in a hand played outside a tournament)."""
    if players_left is None or places_paid is None or places_paid < 2:
        return False
    return places_paid < players_left <= places_paid + _BUBBLE_OVER_PAID


def collude(team: TeamPlay, turn: Turn, decision: Decision, rng: random.Random) -> Decision:
    """The act of a team member: its style's `decision`, or, with chance `team.intensity`,
    what its strategy does instead when the turn gives it an occasion (intensity 0 draws
    nothing: the hand is the one its style alone plays)."""
    if team.intensity <= 0.0 or rng.random() >= team.intensity:
        return decision
    return _PLAYS[team.strategy](team, turn, decision)


def _live(turn: Turn, names: Sequence[str]) -> list[Seat]:
    return [p for p in turn.others if p.name in names and not p.folded]


def _bet(turn: Turn, share: float = 0.5) -> Decision:
    """A bet or raise of `share` of the pot over the call (the engine keeps it legal)."""
    if turn.low is None:
        return Decision(Move.CALL if turn.owed else Move.CHECK)
    to = turn.current + int((turn.pot + turn.owed) * share)
    return Decision(Move.RAISE, min(turn.high, max(turn.low, to)))


def _chip_dumping(team: TeamPlay, turn: Turn, decision: Decision) -> Decision:
    """A feeder bets or raises into the partner it feeds and folds to that partner's raise
    (a weak hand's chips go in first; a strong hand is given up); the one fed raises a
    feeder's bet (`_fed`)."""
    if team.feeds is None:
        return _fed(team, turn, decision)
    fed = _live(turn, (team.feeds,))
    if not fed or fed[0].all_in:
        return decision
    if turn.owed and turn.aggressor == team.feeds:
        return Decision(Move.FOLD)
    if turn.me.strength >= _DUMP_STRONG:
        # Strong: no chips in; wait for the partner's bet and fold to it.
        return Decision(Move.CHECK) if not turn.owed else decision
    return _bet(turn, 1.0)


def _fed(team: TeamPlay, turn: Turn, decision: Decision) -> Decision:
    """The one fed raises a feeder's bet (the feeder then folds), stays in cheaply before the
    flop while a feeder is in, and bets into feeders left alone with it."""
    if turn.owed:
        if turn.aggressor in team.partners:
            return _min_raise(turn)
        if (decision.move is Move.FOLD and not turn.board and turn.owed * 3 <= turn.pot
                and any(not p.all_in for p in _live(turn, team.partners))):
            return Decision(Move.CALL)
        return decision
    opponents = [p for p in turn.others if not p.folded]
    if opponents and all(p.name in team.partners and not p.all_in for p in opponents):
        return _min_raise(turn)
    return decision


def _min_raise(turn: Turn) -> Decision:
    if turn.low is None:
        return Decision(Move.CALL if turn.owed else Move.CHECK)
    return Decision(Move.RAISE, turn.low)


def _soft_play(team: TeamPlay, turn: Turn, decision: Decision) -> Decision:
    if decision.move is Move.RAISE and _live(turn, team.partners):
        return Decision(Move.CALL if turn.owed else Move.CHECK)
    return decision


def _whipsaw(team: TeamPlay, turn: Turn, decision: Decision) -> Decision:
    if (turn.aggressor not in team.partners or turn.raises >= _WHIPSAW_RAISES
            or turn.low is None):
        return decision
    third = [p for p in turn.others if not p.folded and p.name not in team.partners]
    if third and any(not p.all_in for p in third):
        return _bet(turn)
    return decision


def _card_sharing(team: TeamPlay, turn: Turn, decision: Decision) -> Decision:
    if not turn.owed or len(turn.board) not in (3, 4):
        return decision
    shared = [card for p in turn.others if p.name in team.partners for card in p.hole]
    if not shared:
        return decision
    held = [card for card in shared if improves(turn.game, turn.me.hole, turn.board, card)]
    if held:
        if decision.move is not Move.FOLD and turn.me.strength < _SHARED_KEEP:
            return Decision(Move.FOLD)
        return decision
    if decision.move is Move.FOLD and len(outs(turn.game, turn.me.hole, turn.board,
                                               shared)) >= _LIVE_DRAW:
        return Decision(Move.CALL)
    return decision


def _nut_checking(team: TeamPlay, turn: Turn, decision: Decision) -> Decision:
    if (len(turn.board) == 5 and not turn.owed and decision.move is Move.RAISE
            and is_nuts(turn.game, turn.me.hole, turn.board)):
        return Decision(Move.CHECK)
    return decision


def _bubble_folder(team: TeamPlay, turn: Turn, decision: Decision) -> Decision:
    """Near the bubble, a hand short of a premium folds facing an all-in or a large bet or
    raise, whoever made it (survival is worth more than the chips: ICM)."""
    if (not turn.bubble or not turn.owed or turn.aggressor is None
            or decision.move is Move.FOLD or turn.me.strength >= _BUBBLE_PREMIUM):
        return decision
    raiser = next((p for p in turn.others if p.name == turn.aggressor), None)
    if (raiser is not None and raiser.all_in) or turn.owed >= _BUBBLE_LARGE * turn.me.stack:
        return Decision(Move.FOLD)
    return decision


_PLAYS: dict[str, Callable[[TeamPlay, Turn, Decision], Decision]] = {
    CHIP_DUMPING: _chip_dumping,
    SOFT_PLAY: _soft_play,
    WHIPSAW: _whipsaw,
    CARD_SHARING: _card_sharing,
    NUT_CHECKING: _nut_checking,
    BUBBLE_FOLDER: _bubble_folder,
    FRIENDS: lambda team, turn, decision: decision,
}


# ---------------------------------------------------------------- hand knowledge


def improves(game: Game, hole: tuple[str, ...], board: tuple[str, ...], card: str) -> bool:
    """Whether `card` on the board would lift the hand to a better class (an out)."""
    now = hand_class(high_rank(hole, board, game))
    return hand_class(high_rank(hole, (*board, card), game)) > now


def outs(game: Game, hole: tuple[str, ...], board: tuple[str, ...],
         known: Sequence[str]) -> list[str]:
    """The unseen cards (neither in `hole`, on `board` nor `known`) that are outs."""
    return [card for card in _DECK if card not in hole and card not in board
            and card not in known and improves(game, hole, board, card)]


def is_nuts(game: Game, hole: tuple[str, ...], board: tuple[str, ...]) -> bool:
    """Whether no two unseen cards make a better hand on `board` (Omaha: two of them with
    three of the board)."""
    mine = high_rank(hole, board, game)
    unseen = [card for card in _DECK if card not in hole and card not in board]
    triples = [board] if game is Game.HOLDEM else list(combinations(board, 3))
    for pair in combinations(unseen, 2):
        for cards in triples:
            if high_rank(pair, cards, Game.HOLDEM) > mine:
                return False
    return True
