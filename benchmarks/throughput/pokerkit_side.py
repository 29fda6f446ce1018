"""The PokerKit side of the throughput benchmark: our hands in PokerKit's notation, replayed
strictly by PokerKit 0.7.7.

A hand read by feltcheck's own readers (`checker.ingest`, the tournament log's `hand` lines
through `checker.replay.log_hand`) is converted once, untimed, into a `PokerKitHand`: the game,
antes, blinds, starting stacks and every act as a PHH action string (`d dh p1 AhKd`,
`p3 cbr 300`, `p2 cc`, `p4 f`, `d db 2c7h9s`). The timed part builds PokerKit's `State` in
tournament mode and feeds it every act through `pokerkit.parse_action`. Nothing is repaired:
an act PokerKit refuses (a `ValueError`) ends the hand as refused, and a hand whose acts run
out before PokerKit considers it over is unfinished; both are counted, never fixed up (unlike
`HandHistory.state_actions`, which inserts checks and folds where an act does not fit).

PokerKit automates only what is not a decision: posting antes and blinds, collecting bets,
burning, showing at showdown (every hole card is dealt face down, known or shown cards where
the record has them, `??` otherwise), killing hands, pushing and pulling chips.

The game classes PokerKit does not ship are composed in `pokerkit_games.py`, shared with
tests/test_replay_pokerkit.py.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pokerkit import (
    Automation,
    Mode,
    Poker,
    State,
    parse_action,
)

from benchmarks.throughput.pokerkit_games import BIG_BET_GAMES, FIXED_LIMIT_GAMES
from checker.ingest.stream import FileRecords, read_paths
from checker.model.hand import ActionKind, Hand, Street
from checker.model.source import SourceLocation
from checker.model.tournament_log import HandPlayed, LogRecord, TournamentTerms
from checker.replay.log_hand import LogContext, log_hand

_HOLE_COUNT = {"holdem": 2, "omaha": 4}
_AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)
# As tests/test_replay_pokerkit.py: an ante nobody matches in full is cut back.
_ANTE_TRIMMING = True
# The board cards each street deals (by index into the record's board).
_BOARD_SLICES = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}
_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_PLAYER_ACTS = {ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                ActionKind.RAISE}

COMPLETED = "completed"
REFUSED = "refused"
UNFINISHED = "unfinished"


@dataclass(frozen=True, slots=True)
class PokerKitHand:
    """One hand as PokerKit replays it."""

    game: str
    structure: str
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    small_bet: int
    big_bet: int
    stacks: tuple[int, ...]
    actions: tuple[str, ...]
    # How many seats the table has, when the record says (for the tables only).
    table_size: int | None


@dataclass(frozen=True, slots=True)
class Skipped:
    """A hand the benchmark cannot give PokerKit, and why (a game PokerKit lacks, two boards)."""

    reason: str


def hands_of(paths: Iterable[Path]) -> Iterator[Hand]:
    """Every hand feltcheck reads under `paths`: hand histories and the logs' `hand` lines."""
    for opened in read_paths(paths):
        if not isinstance(opened, FileRecords):
            continue
        context = LogContext()
        # Each tournament's seats per table, from its terms (for the tables only).
        sizes: dict[str, int] = {}
        for record in opened.records:
            if isinstance(record, Hand):
                yield record
            elif isinstance(record, LogRecord):
                event = record.event
                if isinstance(event, HandPlayed):
                    context.seats_per_table = sizes.get(event.tournament)
                    yield log_hand(event, SourceLocation(file=opened.path,
                                                         line=record.location.line), context)
                elif isinstance(event, TournamentTerms):
                    sizes[event.tournament] = event.seats_per_table


def convert(hand: Hand) -> PokerKitHand | Skipped:
    """`hand` in PokerKit's terms, or why it cannot be."""
    game, structure = hand.game.value, hand.structure.value
    if game not in _HOLE_COUNT or (
            (game, structure) not in BIG_BET_GAMES and structure != "fixed_limit"):
        return Skipped(f"{game} {structure}: the benchmark converts hold'em and Omaha only")
    if len(hand.boards) > 1:
        return Skipped("more than one board")
    kinds = {action.kind for action in hand.actions}
    odd = kinds - _PLAYER_ACTS - {ActionKind.ANTE, ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND}
    if odd:
        return Skipped("posts PokerKit has no place for: " + ", ".join(sorted(odd)))
    players = _players(hand)
    index = {name: i for i, name in enumerate(players)}
    if any(action.player not in index for action in hand.actions):
        return Skipped("an act by a player not dealt in")
    count = len(players)
    stacks = {seat.player: seat.stack for seat in hand.seats}
    antes, blinds = [0] * count, [0] * count
    put_in = [0] * count
    acts: list[tuple[Street, str]] = []
    street: Street = Street.PREFLOP
    for action in hand.actions:
        i = index[action.player]
        if action.street != street:
            street, put_in = action.street, [0] * count
        kind = action.kind
        if kind == ActionKind.ANTE:
            antes[i] = action.amount
        elif kind == ActionKind.SMALL_BLIND:
            blinds[i] = hand.small_blind or action.amount
            put_in[i] += action.amount
        elif kind == ActionKind.BIG_BLIND:
            blinds[i] = hand.big_blind or action.amount
            put_in[i] += action.amount
        elif kind == ActionKind.FOLD:
            acts.append((street, f"p{i + 1} f"))
        elif kind in (ActionKind.CHECK, ActionKind.CALL):
            put_in[i] += action.amount
            acts.append((street, f"p{i + 1} cc"))
        else:
            to = action.to if action.to is not None else put_in[i] + action.amount
            put_in[i] = to
            acts.append((street, f"p{i + 1} cbr {to}"))
    if count == 2:
        # Heads-up, PokerKit gives player 0 (the big blind) the second blind and ante.
        antes.reverse()
        blinds.reverse()
    actions = [f"d dh p{i + 1} {_hole(hand, name, game)}" for i, name in enumerate(players)]
    board = hand.boards[0] if hand.boards else []
    for street_ in _STREETS:
        if street_ in _BOARD_SLICES:
            start, end = _BOARD_SLICES[street_]
            if len(board) >= end:
                actions.append("d db " + "".join(board[start:end]))
        actions += [text for on, text in acts if on == street_]
    if structure == "fixed_limit":
        small = hand.small_bet or hand.big_blind or 0
        big = hand.big_bet or 2 * small
    else:
        small = big = hand.big_blind or max(blinds)
    return PokerKitHand(game, structure, tuple(antes), tuple(blinds), small, big,
                        tuple(stacks[name] for name in players), tuple(actions),
                        hand.max_seats)


def _players(hand: Hand) -> list[str]:
    """The players dealt in, in PokerKit's order: player 0 is the small blind, or the big blind
    when there is no small blind (a dead one) or heads-up, then round the table; without
    blinds, from the first seat after the button. The posts decide before the button does: a
    PHH record names no button."""
    acting = {action.player for action in hand.actions}
    seats = sorted(
        (seat for seat in hand.seats
         if seat.player in hand.hole_cards or seat.player in acting
         or (not hand.hole_cards and not seat.sitting_out)),
        key=lambda seat: seat.seat)
    names = [seat.player for seat in seats]
    posted = {action.kind: action.player for action in reversed(hand.actions)
              if action.kind in (ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND)}
    first = posted.get(ActionKind.BIG_BLIND) if len(seats) == 2 else \
        posted.get(ActionKind.SMALL_BLIND, posted.get(ActionKind.BIG_BLIND))
    if first in names:
        start = names.index(first)
    else:
        button = hand.button_seat or 0
        start = next((i for i, seat in enumerate(seats) if seat.seat > button), 0)
    return names[start:] + names[:start]


def _hole(hand: Hand, name: str, game: str) -> str:
    cards = hand.hole_cards.get(name)
    if not cards:
        cards = next((shown.cards for shown in hand.shown if shown.player == name), [])
    count = _HOLE_COUNT[game]
    if len(cards) != count:
        return "??" * count
    return "".join(cards)


_GAMES: dict[tuple[str, str, tuple[int, ...], tuple[int, ...], int, int], Poker] = {}


def _game(hand: PokerKitHand) -> Poker:
    """PokerKit's game for the hand's stakes, made once per stakes (as a user would per level)."""
    key = (hand.game, hand.structure, hand.antes, hand.blinds, hand.small_bet, hand.big_bet)
    game = _GAMES.get(key)
    if game is None:
        if hand.structure == "fixed_limit":
            game = FIXED_LIMIT_GAMES[hand.game](
                _AUTOMATIONS, _ANTE_TRIMMING, hand.antes, hand.blinds, hand.small_bet,
                hand.big_bet, mode=Mode.TOURNAMENT)
        else:
            game = BIG_BET_GAMES[hand.game, hand.structure](
                _AUTOMATIONS, _ANTE_TRIMMING, hand.antes, hand.blinds, hand.small_bet,
                mode=Mode.TOURNAMENT)
        _GAMES[key] = game
    return game


def replay(hand: PokerKitHand) -> tuple[str, str]:
    """Replay one hand: (its outcome, PokerKit's message when it refused an act)."""
    state: State = _game(hand)(hand.stacks, len(hand.stacks))
    for action in hand.actions:
        try:
            parse_action(state, action)
        except ValueError as error:
            return REFUSED, f"{action}: {error}"
    return (UNFINISHED, "") if state.status else (COMPLETED, "")
