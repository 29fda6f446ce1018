"""A tournament log's `hand` line as the hand record the hand replay judges.

A log hand is self-contained (docs/tournament-log.md): its seats, every card dealt, every post
and act, the boards, returns and awards. The `timeout`, `disconnect` and `reconnect` lines of
the hand are written while it is played, so before its `hand` line: whoever reads the log keeps
them (`NoteLine`) and passes them in here, where they become the hand's events, placed in the
action order by their `action` count.

The log knows more than a hand history about the table, too: its first `hand` line of a table
seated by the log's own `seat` lines is that table's first hand of the tournament
(`log_table_state`), and its previous `hand` line of a table is that table's previous hand.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from msgspec.structs import astuple

from checker.model.formats import TOURNAMENT_LOG
from checker.model.hand import (
    Action,
    Award,
    Hand,
    HandEvent,
    HandEventKind,
    Seat,
    ShownCards,
    Street,
    UncalledReturn,
    Unit,
)
from checker.model.source import SourceLocation
from checker.model.tournament_log import Disconnect, HandAward, HandPlayed, Reconnect, Timeout
from checker.replay.betting import DRAW_GAMES
from checker.replay.facts import HandEvent as HandStartEvent
from checker.replay.hand_replay import replay_hand
from checker.replay.table import TableState

HandNote = Timeout | Disconnect | Reconnect
# A seat's fields as a tuple (`astuple`): its number first.
_SEAT_NUMBER: Final = itemgetter(0)
_NOTE_KINDS: Final = {"timeout": HandEventKind.TIMED_OUT, "disconnect": HandEventKind.DISCONNECTED,
                      "reconnect": HandEventKind.RECONNECTED}


@dataclass(frozen=True, slots=True)
class NoteLine:
    """A timeout, disconnect or reconnect line of a hand, and where it stands in the file."""

    note: HandNote
    line: int


@dataclass(slots=True, init=False)
class LogContext:
    """What the log says around its hands: the header's site and the terms in force. One a
    hand: the constructor is written out (compiled, @dataclass's own runs interpreted)."""

    site: str
    tournament_name: str | None
    seats_per_table: int | None

    def __init__(self, site: str = "", tournament_name: str | None = None,
                 seats_per_table: int | None = None) -> None:
        self.site = site
        self.tournament_name = tournament_name
        self.seats_per_table = seats_per_table


def log_table_state(name: str, seated_by_log: bool = False, gap: bool = False) -> TableState:
    """A table followed through a log. `seated_by_log`: the log's `seat` lines drew players to
    this table before the tournament started, and no line of the file was lost before its
    first hand: that hand is the table's first of the tournament (a hand history never proves
    it). Its previous `hand` line is its previous hand (a lost line is a gap instead)."""
    return TableState(name, gap=gap, first_hand_proven=seated_by_log, follows_every_hand=True)


def log_hand(played: HandPlayed, location: SourceLocation, context: LogContext,
             notes: Sequence[NoteLine] = ()) -> Hand:
    """The hand record of `played` (the `hand` line at `location`, the line's own) with its
    `notes`.
    The seats and acts, most of the line, are read as tuples of their fields (one call
    each, where a field read by name from compiled code is a generic attribute look-up)."""
    line = location.line
    seats: list[Seat] = []
    hole_cards: dict[str, list[str]] = {}
    up_cards: dict[str, list[str]] = {}
    for number, player, stack, cards, up, sitting_out, _ in sorted(
            [astuple(s) for s in played.seats], key=_SEAT_NUMBER):
        seats.append(Seat(number, player, stack, line, sitting_out))
        hole_cards[player] = cards
        if up:
            up_cards[player] = up
    actions = [Action(index, street, player, kind, line, amount, to, all_in, discards)
               for index, (street, player, kind, amount, to, all_in, discards, _) in
               enumerate([astuple(a) for a in played.actions])]
    return Hand(
        site=context.site, source_format=TOURNAMENT_LOG, hand_id=played.hand,
        tournament_id=played.tournament, tournament_name=context.tournament_name,
        table=played.table, max_seats=context.seats_per_table,
        game=played.game, structure=played.structure, unit=Unit.CHIPS,
        small_blind=played.small_blind, big_blind=played.big_blind,
        small_bet=played.small_bet, big_bet=played.big_bet, ante=played.ante,
        bring_in=played.bring_in,
        level=None if played.level is None else str(played.level),
        played_at=played.started, button_seat=played.button,
        seats=seats, actions=actions,
        events=_events(played, line, notes),
        hole_cards=hole_cards, up_cards=up_cards,
        boards=played.boards,
        shown=_shown(played, line),
        returns=[UncalledReturn(r.player, r.amount, line) for r in played.returns],
        awards=_awards(played.awards, line),
        location=location, end_line=line,
    )


def replay_log_hand(played: HandPlayed, hand: Hand, table: TableState
                    ) -> Iterator[tuple[str, object]]:
    """`replay_hand`, with what only the log states filled in: the players left in the
    tournament at the deal (the hand facts are shared by every event of the hand)."""
    for name, event in replay_hand(hand, table):
        if isinstance(event, HandStartEvent):
            event.hand.event_players_remaining = played.players_left
        yield name, event


def _events(played: HandPlayed, line: int, notes: Sequence[NoteLine]) -> list[HandEvent]:
    """Disconnected seats at the deal, then the hand's notes in action order (a note that
    does not say where in the hand it happened stands at the deal)."""
    events = [HandEvent(HandEventKind.DISCONNECTED, 0, line, s.player, "disconnected at the deal")
              for s in played.seats if s.disconnected]
    placed = sorted(notes, key=lambda n: n.note.action or 0)
    for noted in placed:
        note = noted.note
        after = note.action or 0
        events.append(HandEvent(_NOTE_KINDS[note.event], after, noted.line, note.player,
                                _note_text(note), _street_at(played, after, note.player)))
    return events


def _note_text(note: HandNote) -> str:
    if isinstance(note, Timeout) and note.then is not None:
        return f"timed out; the server made them {note.then.value}"
    return note.event


def _street_at(played: HandPlayed, after: int, player: str) -> Street | None:
    """The street a note `after` actions into the hand happened on: that of the player's next
    act (what the time-out was for), else of the act before it; none before any act."""
    actions = played.actions
    for action in actions[after:]:
        if action.player == player:
            return action.street
    if 0 < after <= len(actions):
        return actions[after - 1].street
    return None


def _shown(played: HandPlayed, line: int) -> list[ShownCards]:
    """The showdown's cards: a shown player's dealt cards. Draw games are left out: the log
    lists the cards dealt and drawn, not which were thrown, so the final hand is unknown."""
    if not played.shown or played.game in DRAW_GAMES:
        return []
    cards = {s.player: s.cards for s in played.seats}
    return [ShownCards(name, cards[name], line) for name in played.shown if name in cards]


def _awards(awards: list[HandAward], line: int) -> list[Award]:
    """Awards with the pot names the hand replay matches ("main pot", "side pot N")."""
    side_pots = any(a.pot > 0 for a in awards)
    return [Award(a.player, a.amount, line, _pot_name(a.pot, side_pots),
                  None if a.half is None else a.half.value, a.board)
            for a in awards]


def _pot_name(pot: int, side_pots: bool) -> str:
    if pot > 0:
        return f"side pot {pot}"
    return "main pot" if side_pots else "pot"
