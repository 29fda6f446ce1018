"""The simulator's truth as Full Tilt Poker text: tournament hand histories and summaries.

Written as the Full Tilt client wrote tournament hands from late 2012 to spring 2013 (the
tour corpus's 2013 MTT files): header "Full Tilt Poker Game #N: $10 + $1 Sit & Go (ID),
Table 1 - 10/20 - No Limit Hold'em - 20:00:00 ET - 2013/06/01" (stakes before the game, the
time in ET only), seat lines with thousands separators, antes and blinds, the button line,
streets with "(Total Pot: N, M Players[, K All-In])", the hand descriptions of shown cards,
and a summary whose seat lines say what each seat did. Files are UTF-8 without a BOM (ASCII
for ASCII names) with CRLF line ends, hands separated by three blank lines, as most of the
client's own text files of those years (docs/simulator.md says why and what differs).

What differs from a real client's file (docs/simulator.md): the server knows every hole card,
so by default every player gets a "Dealt to" line (`hero` gives a client's view instead: only
that player's cards); hi/lo splits and run-it-twice boards are not written.

Pure rendering: nothing here decides anything about the hand; the `HandPlayed` is the truth.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from checker.model.hand import POST_KINDS, ActionKind, BettingStructure, Game, Street
from checker.model.tournament_log import (
    Cancellation,
    Disconnect,
    Elimination,
    HandAction,
    HandPlayed,
    Outcome,
    Payout,
    Rebuy,
    RebuyKind,
    Reconnect,
    RegistrationClosed,
    Timeout,
    TournamentEnd,
    TournamentKind,
    TournamentStart,
    TournamentTerms,
    event_from,
)
from checker.sim.server import server_config

if TYPE_CHECKING:
    from checker.sim.sit_and_go import SitAndGoSpec

CRLF = "\r\n"
# Between two hands the client leaves three blank lines.
HAND_SEPARATOR = CRLF * 3
ENCODING = "utf-8"
_ET = ZoneInfo("America/New_York")

_GAME_TEXT = {Game.HOLDEM: "Hold'em", Game.OMAHA: "Omaha Hi"}
_SUMMARY_GAME_TEXT = {Game.HOLDEM: "Hold'em", Game.OMAHA: "Omaha"}
_STRUCTURE_TEXT = {
    BettingStructure.NO_LIMIT: "No Limit",
    BettingStructure.POT_LIMIT: "Pot Limit",
    BettingStructure.FIXED_LIMIT: "Limit",
}
_CURRENCY_SYMBOL = {"USD": "$", "EUR": "€", "GBP": "£"}
# Board streets in order, with how many board cards each shows.
_BOARD_STREETS = ((Street.FLOP, "FLOP", 3), (Street.TURN, "TURN", 4), (Street.RIVER, "RIVER", 5))
_STREET_ORDER = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3}
_FOLDED_ON = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}
_RANK_VALUE = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
_RANK_NAME = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
              9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_STRAIGHT_FLUSH, _QUADS, _FULL_HOUSE, _FLUSH, _STRAIGHT, _TRIPS, _TWO_PAIR, _PAIR, _HIGH = (
    8, 7, 6, 5, 4, 3, 2, 1, 0)
HandNote = Timeout | Disconnect | Reconnect
# Acts whose amount counts toward the player's bet on the street (antes and dead blinds do not).
_DEAD_KINDS = frozenset({ActionKind.ANTE, ActionKind.DEAD_BLIND})


# ---------------------------------------------------------------- amounts and names


def chips(amount: int) -> str:
    """Chips as the body writes them: '7,945'."""
    return f"{amount:,}"


def _stake(amount: int) -> str:
    """Stakes as the header writes them: '800/1600', and 'K' for round ten thousands and up
    ('50K/100K')."""
    if amount >= 10_000 and amount % 1000 == 0:
        return f"{amount // 1000}K"
    return str(amount)


def money(cents: int, currency: str) -> str:
    """'$10', '$0.25', '$1,140', '$7.80': whole amounts without cents, as the client."""
    symbol = _CURRENCY_SYMBOL.get(currency, "$")
    whole, part = divmod(cents, 100)
    return f"{symbol}{whole:,}" if part == 0 else f"{symbol}{whole:,}.{part:02d}"


def tournament_title(terms: TournamentTerms) -> str:
    """The event's name as Full Tilt headers print it: '$10 + $1 Sit & Go' for sit & goes,
    the lobby name for scheduled events (or '$20 + $2 Tournament' without one)."""
    stake = f"{money(terms.buy_in, terms.currency)} + {money(terms.fee, terms.currency)}"
    if terms.kind == TournamentKind.HEADS_UP:
        return f"{stake} Heads Up Sit & Go"
    if terms.kind == TournamentKind.SIT_AND_GO:
        return f"{stake} Sit & Go"
    if terms.name and " - " not in terms.name and "(" not in terms.name:
        return terms.name
    if terms.name and (terms.rebuy or terms.add_on) and terms.name.endswith(" (Rebuy)"):
        return terms.name  # as the client: "$10,000 Rush Guar (Rebuy)"
    return f"{stake} Tournament"


def _game_text(game: Game, structure: BettingStructure) -> str:
    if game not in _GAME_TEXT or structure not in _STRUCTURE_TEXT:
        raise ValueError(f"Full Tilt text is written for hold'em and omaha (high) NL/PL/FL, "
                         f"not {structure.value} {game.value}")
    return f"{_STRUCTURE_TEXT[structure]} {_GAME_TEXT[game]}"


def _clock(at: datetime) -> tuple[str, str]:
    """The ET time and date of an aware `at`: ('20:00:00', '2013/06/01')."""
    local = at.astimezone(_ET)
    return local.strftime("%H:%M:%S"), local.strftime("%Y/%m/%d")


# ---------------------------------------------------------------- hand descriptions


def _five_key(cards: Sequence[str]) -> tuple[int, ...]:
    """(category, ranks that decide, best first) of five cards; larger is better."""
    values = sorted((_RANK_VALUE[c[0]] for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(set(values), reverse=True)
    top: int | None = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    elif distinct == [14, 5, 4, 3, 2]:
        top = 5  # the wheel: a straight, Five high
    if top is not None:
        return (_STRAIGHT_FLUSH if flush else _STRAIGHT, top)
    if flush:
        return (_FLUSH, *values)
    groups = sorted(((values.count(v), v) for v in distinct), reverse=True)
    shape = [count for count, _ in groups]
    ranks = [v for _, v in groups]
    category = {(4, 1): _QUADS, (3, 2): _FULL_HOUSE, (3, 1, 1): _TRIPS, (2, 2, 1): _TWO_PAIR,
                (2, 1, 1, 1): _PAIR}.get(tuple(shape), _HIGH)
    return (category, *ranks)


def _best_key(hole: Sequence[str], board: Sequence[str], game: Game) -> tuple[int, ...] | None:
    if game == Game.OMAHA:
        if len(hole) < 2 or len(board) < 3:
            return None
        return max(_five_key([*two, *three]) for two in combinations(hole, 2)
                   for three in combinations(board, 3))
    cards = [*hole, *board]
    if len(cards) < 5:
        return None
    return max(_five_key(five) for five in combinations(cards, 5))


def _plural(value: int) -> str:
    return "Sixes" if value == 6 else _RANK_NAME[value] + "s"


def describe(hole: Sequence[str], board: Sequence[str], game: Game) -> str | None:
    """The client's words for the best hand: 'a pair of Tens', 'Ace King high', 'two pair,
    Kings and Sixes', 'a straight, Five high', 'a full house, Kings full of Sevens'; None
    when the cards make no five-card hand."""
    key = _best_key(hole, board, game)
    if key is None:
        return None
    category, first, *rest = key
    if category == _HIGH:
        return f"{_RANK_NAME[first]} {_RANK_NAME[rest[0]]} high"
    if category == _PAIR:
        return f"a pair of {_plural(first)}"
    if category == _TWO_PAIR:
        return f"two pair, {_plural(first)} and {_plural(rest[0])}"
    if category == _TRIPS:
        return f"three of a kind, {_plural(first)}"
    if category == _STRAIGHT:
        return f"a straight, {_RANK_NAME[first]} high"
    if category == _FLUSH:
        return f"a flush, {_RANK_NAME[first]} high"
    if category == _FULL_HOUSE:
        return f"a full house, {_plural(first)} full of {_plural(rest[0])}"
    if category == _QUADS:
        return f"four of a kind, {_plural(first)}"
    return f"a straight flush, {_RANK_NAME[first]} high"


# ---------------------------------------------------------------- one hand


@dataclass(slots=True)
class _Table:
    """What the text needs to know while the hand's acts are written."""

    put_in: dict[str, int] = field(default_factory=dict)
    on_street: dict[str, int] = field(default_factory=dict)
    folded_on: dict[str, Street] = field(default_factory=dict)
    stacks: dict[str, int] = field(default_factory=dict)
    # The hand's notes (time-outs, connections) by the number of acts before them.
    notes: dict[int, list[str]] = field(default_factory=dict)
    acts: int = 0

    def pot(self) -> int:
        return sum(self.put_in.values())

    def write(self, actions: Iterable[HandAction]) -> list[str]:
        """The acts in the client's words, each after the notes that came before it."""
        lines: list[str] = []
        for action in actions:
            lines += self.notes.pop(self.acts, [])
            lines.append(_act_text(action, self))
            self.acts += 1
        return lines

    def notes_left(self) -> list[str]:
        """Notes after the last act, in order."""
        return [line for at in sorted(self.notes) for line in self.notes.pop(at)]


_NOTE_WORDS = {"timeout": "has timed out", "disconnect": "has been disconnected",
               "reconnect": "has reconnected"}


def _notes_by_act(notes: Sequence[HandNote]) -> dict[int, list[str]]:
    by_act: dict[int, list[str]] = {}
    for note in notes:
        by_act.setdefault(note.action or 0, []).append(f"{note.player} {_NOTE_WORDS[note.event]}")
    return by_act


def _act_text(action: HandAction, table: _Table) -> str:
    """One act in the client's words; `table` is updated with it."""
    name, kind, amount = action.player, action.kind, action.amount
    table.put_in[name] = table.put_in.get(name, 0) + amount
    if kind not in _DEAD_KINDS:
        table.on_street[name] = table.on_street.get(name, 0) + amount
    if kind == ActionKind.FOLD:
        table.folded_on[name] = action.street
        return f"{name} folds"
    if kind == ActionKind.CHECK:
        return f"{name} checks"
    tail = ", and is all in" if action.all_in else ""
    words = {
        ActionKind.ANTE: f"antes {chips(amount)}",
        ActionKind.SMALL_BLIND: f"posts the small blind of {chips(amount)}",
        ActionKind.BIG_BLIND: f"posts the big blind of {chips(amount)}",
        ActionKind.SMALL_AND_BIG_BLIND: f"posts {chips(amount)}",
        ActionKind.DEAD_BLIND: f"posts a dead small blind of {chips(amount)}",
        ActionKind.CALL: f"calls {chips(amount)}",
        ActionKind.BET: f"bets {chips(amount)}",
        ActionKind.RAISE: f"raises to {chips(table.on_street.get(name, 0))}",
    }.get(kind)
    if words is None:
        raise ValueError(f"a {kind.value} act has no Full Tilt hold'em wording")
    return f"{name} {words}{tail}"


def _street_line(label: str, board: list[str], shown_before: int, table: _Table,
                 dealt: list[str]) -> str:
    """'*** TURN *** [Kc Td 8s] [6c] (Total Pot: 600, 2 Players, 2 All-In)'."""
    cards = f"[{' '.join(board[:shown_before])}] [{' '.join(board[shown_before:])}]" \
        if shown_before else f"[{' '.join(board)}]"
    live = [n for n in dealt if n not in table.folded_on]
    # All-In counts who has no chip left behind (an all-in bet partly returned is not).
    all_in = sum(1 for n in live if table.stacks[n] == table.put_in.get(n, 0))
    count = f"{len(live)} Players" + (f", {all_in} All-In" if all_in else "")
    return f"*** {label} *** {cards} (Total Pot: {chips(table.pot())}, {count})"


@dataclass(frozen=True, slots=True)
class _Showdown:
    contenders: list[str]
    shown: list[str]
    descriptions: dict[str, str]


def _showdown(hand: HandPlayed, board: list[str], table: _Table, dealt: list[str]) -> _Showdown:
    contenders = [n for n in dealt if n not in table.folded_on]
    cards = {s.player: s.cards for s in hand.seats}
    shown = [n for n in hand.shown if n in cards]
    descriptions: dict[str, str] = {}
    if len(contenders) > 1:
        for name in shown:
            said = describe(cards[name], board, hand.game)
            if said is not None:
                descriptions[name] = said
    return _Showdown(contenders, shown, descriptions)


def _award_lines(hand: HandPlayed, descriptions: dict[str, str]) -> list[str]:
    """'X wins the pot (600) with a pair of Tens', side pots first, 'ties for' on a split."""
    for award in hand.awards:
        if award.half is not None or award.board:
            raise ValueError("hi/lo halves and run-it-twice boards are not written as Full "
                             "Tilt text")
    side = sorted({a.pot for a in hand.awards if a.pot > 0})
    lines = []
    for pot in sorted({a.pot for a in hand.awards}, reverse=True):
        winners = [a for a in hand.awards if a.pot == pot]
        if not side:
            name = "the pot"
        elif pot == 0:
            name = "the main pot"
        else:
            name = "the side pot" if len(side) == 1 else f"the side pot #{pot}"
        verb = "ties for" if len(winners) > 1 else "wins"
        for award in winners:
            said = descriptions.get(award.player)
            tail = f" with {said}" if said else ""
            lines.append(f"{award.player} {verb} {name} ({chips(award.amount)}){tail}")
    return lines


def _pot_line(hand: HandPlayed, table: _Table) -> str:
    """'Total pot 650 Main pot 150. Side pot 500. | Rake 0' (tournaments take no rake)."""
    parts = ""
    side = sorted({a.pot for a in hand.awards if a.pot > 0})
    if side:
        by_pot = {pot: sum(a.amount for a in hand.awards if a.pot == pot)
                  for pot in [0, *side]}
        parts = f" Main pot {chips(by_pot[0])}."
        for pot in side:
            number = "" if len(side) == 1 else f" {pot}"
            parts += f" Side pot{number} {chips(by_pot[pot])}."
    return f"Total pot {chips(table.pot())}{parts} | Rake 0"


def _summary_seat(hand: HandPlayed, seat_number: int, name: str, roles: dict[str, str],
                  table: _Table, showdown: _Showdown, hero: str | None) -> str:
    role = roles.get(name, "")
    head = f"Seat {seat_number}: {name}" + (f" ({role})" if role else "")
    won = sum(a.amount for a in hand.awards if a.player == name)
    cards = next(s.cards for s in hand.seats if s.player == name)
    said = showdown.descriptions.get(name)
    with_said = f" with {said}" if said else ""
    street = table.folded_on.get(name)
    if street is not None:
        if street in _FOLDED_ON:
            return f"{head} folded on the {_FOLDED_ON[street]}"
        if table.put_in.get(name, 0) == 0:
            return f"{head} didn't bet (folded)"
        return f"{head} folded before the Flop"
    if name in showdown.shown:
        shown = f"showed [{' '.join(cards)}]"
        if won:
            return f"{head} {shown} and won ({chips(won)}){with_said}"
        return f"{head} {shown} and lost{with_said}"
    if won:
        return f"{head} collected ({chips(won)}), mucked"
    if name == hero and cards:
        own = describe(cards, hand.boards[0] if hand.boards else [], hand.game)
        return f"{head} mucked [{' '.join(cards)}]" + (f" - {own}" if own else "")
    return f"{head} mucked"


def _roles(hand: HandPlayed) -> dict[str, str]:
    """Summary tags: the button's player, the blinds' posters (a blind tag wins: heads-up the
    button posts the small blind and the client tags it so)."""
    roles = {s.player: "button" for s in hand.seats if s.seat == hand.button}
    for action in hand.actions:
        if action.kind == ActionKind.SMALL_BLIND:
            roles[action.player] = "small blind"
        elif action.kind == ActionKind.BIG_BLIND and roles.get(action.player) != "small blind":
            roles[action.player] = "big blind"
    return roles


def _header_stakes(hand: HandPlayed) -> tuple[int, int]:
    """The header's two numbers: the blinds, or in fixed limit the bet sizes. A fixed-limit
    hand that states no bet sizes gets the client's own reading of its header back (small
    bet = big blind, big bet = two small bets), so the reader finds the blinds it posted."""
    if hand.structure != BettingStructure.FIXED_LIMIT:
        low, high = hand.small_blind, hand.big_blind
    elif hand.small_bet is not None and hand.big_bet is not None:
        low, high = hand.small_bet, hand.big_bet
    else:
        low = hand.big_blind
        high = None if low is None else 2 * low
    if low is None or high is None:
        raise ValueError(f"hand {hand.hand} states no stakes for the header")
    return low, high


def hand_text(hand: HandPlayed, terms: TournamentTerms, table_name: str,
              hero: str | None = None, title: str | None = None,
              notes: Sequence[HandNote] = (), matrix: "MatrixMatch | None" = None) -> str:
    """One hand as Full Tilt text (CRLF line ends, no trailing separator).

    `notes`: the log's `timeout`, `disconnect` and `reconnect` lines of the hand, written
    where they happened ("X has timed out" before the act the server then made for X); a
    seat disconnected at the deal is written so before the first post.

    `hero`: write only that player's hole cards, as the player's own client would; None
    writes every player's (the server's view, which keeps every fact of the hand).
    `title`: the event's name in the header (default `tournament_title(terms)`).
    `matrix`: a Matrix match's hand, headed by the Matrix's id and the match ('$26 Matrix
    (900009), Match 2 - ...') instead of the tournament and table."""
    if len(hand.boards) > 1:
        raise ValueError("run-it-twice boards are not written as Full Tilt text")
    board = hand.boards[0] if hand.boards else []
    low, high = _header_stakes(hand)
    stakes = f"{_stake(low)}/{_stake(high)}" + (f" Ante {hand.ante}" if hand.ante else "")
    clock, date = _clock(hand.started)
    where = f"({hand.tournament}), Table {table_name}"
    if matrix is not None:
        title, where = matrix.title, f"({matrix.matrix}), Match {matrix.match}"
    lines = [
        f"Full Tilt Poker Game #{hand.hand}: {title or tournament_title(terms)} "
        f"{where} - {stakes} - "
        f"{_game_text(hand.game, hand.structure)} - {clock} ET - {date}"
    ]
    seats = sorted(hand.seats, key=lambda s: s.seat)
    for seat in seats:
        out = ", is sitting out" if seat.sitting_out else ""
        lines.append(f"Seat {seat.seat}: {seat.player} ({chips(seat.stack)}){out}")
    dealt = [s.player for s in seats]
    at_deal = [f"{s.player} has been disconnected" for s in seats if s.disconnected]
    table = _Table(stacks={s.player: s.stack for s in seats}, notes=_notes_by_act(notes))
    if at_deal:
        table.notes[0] = at_deal + table.notes.get(0, [])
    actions = hand.actions
    posts = 0
    while posts < len(actions) and actions[posts].kind in POST_KINDS:
        posts += 1
    lines += table.write(actions[:posts])
    if hand.button is not None:
        lines.append(f"The button is in seat #{hand.button}")
    lines.append("*** HOLE CARDS ***")
    lines += [f"Dealt to {s.player} [{' '.join(s.cards)}]" for s in seats
              if s.cards and (hero is None or s.player == hero)]
    lines += _body(hand, actions[posts:], board, table, dealt)
    lines.append("*** SUMMARY ***")
    lines.append(_pot_line(hand, table))
    if board:
        lines.append(f"Board: [{' '.join(board)}]")
    showdown = _showdown(hand, board, table, dealt)
    roles = _roles(hand)
    lines += [_summary_seat(hand, s.seat, s.player, roles, table, showdown, hero) for s in seats]
    return CRLF.join(lines)


def _body(hand: HandPlayed, actions: Sequence[HandAction], board: list[str], table: _Table,
          dealt: list[str]) -> list[str]:
    """Acts street by street, the return of an uncalled bet, the showdown and the awards."""
    lines: list[str] = []
    last_street = actions[-1].street if actions else Street.PREFLOP
    streets = [(s, label, size) for s, label, size in _BOARD_STREETS if size <= len(board)]
    betting = [s for s in streets if _STREET_ORDER[s[0]] <= _STREET_ORDER[last_street]]
    runout = streets[len(betting):]
    by_street: dict[Street, list[HandAction]] = {}
    for action in actions:
        by_street.setdefault(action.street, []).append(action)
    lines += table.write(by_street.get(Street.PREFLOP, []))
    previous = 0
    for street, label, size in betting:
        table.on_street = {}
        lines.append(_street_line(label, board[:size], previous, table, dealt))
        lines += table.write(by_street.get(street, []))
        previous = size
    lines += table.notes_left()
    showdown = _showdown(hand, board, table, dealt)
    contest = len(showdown.contenders) > 1
    shown_now = [n for n in showdown.shown if n in showdown.contenders]
    if contest and runout:  # all in before the river: the cards are turned over at once
        lines += [f"{n} shows [{' '.join(_cards_of(hand, n))}]" for n in shown_now]
    lines += _returns(hand, table)
    for _, label, size in runout:
        lines.append(_street_line(label, board[:size], previous, table, dealt))
        previous = size
    if contest and not runout:
        lines.append("*** SHOW DOWN ***")
    for name in _showdown_order(showdown):
        if name not in showdown.shown:
            lines.append(f"{name} mucks")
            continue
        said = showdown.descriptions.get(name, "")
        if contest and runout:
            if said:
                lines.append(f"{name} shows {said}")
            continue
        cards = f"[{' '.join(_cards_of(hand, name))}]"
        lines.append(f"{name} shows {cards}" + (f" {said}" if said else ""))
    lines += _award_lines(hand, showdown.descriptions)
    return lines


def _showdown_order(showdown: _Showdown) -> list[str]:
    """Shown players (the log's order), then whoever else is still in and mucks; a lone
    winner mucks unless the log says it showed."""
    shown = [n for n in showdown.shown if n in showdown.contenders]
    return shown + [n for n in showdown.contenders if n not in shown]


def _cards_of(hand: HandPlayed, name: str) -> list[str]:
    return next(s.cards for s in hand.seats if s.player == name)


def _returns(hand: HandPlayed, table: _Table) -> list[str]:
    lines = []
    for returned in hand.returns:
        table.put_in[returned.player] = table.put_in.get(returned.player, 0) - returned.amount
        lines.append(f"Uncalled bet of {chips(returned.amount)} returned to {returned.player}")
    return lines


def hands_file(texts: Iterable[str]) -> bytes:
    """Hands as one file of the client: separated by three blank lines, CRLF, UTF-8."""
    return (HAND_SEPARATOR.join(text + CRLF for text in texts) + CRLF).encode(ENCODING)


# ---------------------------------------------------------------- summaries


@dataclass(frozen=True, slots=True)
class Finish:
    """One finishing place: the player and the prize in cents (0: none)."""

    place: int
    player: str
    prize: int = 0
    # A prize that is not cash: what it is ('Sunday Main Event Ticket'), after its value.
    description: str | None = None


def _ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


@dataclass(frozen=True, slots=True)
class RebuyCounts:
    """A rebuy event's summary lines: what a rebuy and an add-on cost and give (the lobby's
    terms), and how many were taken."""

    cost: int
    rebuy_chips: int
    add_on_chips: int
    rebuys: int = 0
    add_ons: int = 0


def summary_text(terms: TournamentTerms, entrants: int, prize_pool: int,
                 finishes: Sequence[Finish], started: datetime, finished: datetime | None,
                 hero: str | None = None, title: str | None = None,
                 rebuys: RebuyCounts | None = None,
                 matrix: "MatrixMatch | None" = None) -> str:
    """A Full Tilt tournament summary (CRLF line ends): header, buy-in, chips, entries,
    prize pool, times, then one line per place ('1: Hero, $7.80', '3: Player3') and, for an
    account holder `hero`, the closing 'Hero finished in 1st place'. `finished` None: the
    event is still running. A rebuy event (`rebuys`) adds the client's rebuy and add-on lines
    and "(Rebuy/Add-On)" after the game; a satellite the line that says what its seats are
    ("Top 2 finishers receive entry to Tournament 880001"). `matrix`: a Matrix match's
    summary, headed by the Matrix's id ('$26 Matrix (900009) Match 2 Hold'em No Limit
    (Matrix, 6 Handed)'; `prize_pool` is then the whole Matrix's, as Full Tilt's)."""
    currency = terms.currency
    game = f"{_SUMMARY_GAME_TEXT[terms.game]} {_STRUCTURE_TEXT[terms.structure]}"
    tournament = terms.tournament
    if rebuys is not None:
        game += " (Rebuy/Add-On)"
    if matrix is not None:
        title, tournament = matrix.title, matrix.matrix
        game = f"Match {matrix.match} {game} (Matrix, {terms.seats_per_table} Handed)"
    lines = [
        f"Full Tilt Poker Tournament Summary {title or tournament_title(terms)} "
        f"({tournament}) {game}",
        f"Buy-In: {money(terms.buy_in, currency)} + {money(terms.fee, currency)}",
    ]
    if rebuys is not None:
        lines += [f"Add-On: {money(rebuys.cost, currency)}",
                  f"Rebuy: {money(rebuys.cost, currency)}"]
    if terms.starting_stack is not None:
        lines.append(f"Buy-In Chips: {terms.starting_stack}")
    if rebuys is not None:
        lines += [f"Add-On Chips: {rebuys.add_on_chips}", f"Rebuy Chips: {rebuys.rebuy_chips}"]
    lines.append(f"{entrants} Entries")
    if rebuys is not None:
        lines += [f"Total Add-Ons: {rebuys.add_ons}", f"Total Rebuys: {rebuys.rebuys}"]
    lines.append(f"Total Prize Pool: {money(prize_pool, currency)}")
    lines += _seats_line(terms)
    lines.append(f"Tournament started: {_stamp(started)}")
    lines.append(f"Tournament finished: {_stamp(finished)}" if finished is not None
                 else "Tournament is still in progress")
    lines.append("")
    for finish in sorted(finishes, key=lambda f: f.place):
        prize = f", {money(finish.prize, currency)}" if finish.prize else ""
        if finish.prize and finish.description:
            prize += f" {finish.description}"
        lines.append(f"{finish.place}: {finish.player}{prize}")
    if hero is not None:
        place = next(f.place for f in finishes if f.player == hero)
        lines.append(f"{hero} finished in {_ordinal(place)} place")
    return CRLF.join(lines) + CRLF


def _seats_line(terms: TournamentTerms) -> list[str]:
    """A satellite's seats, as the client words them."""
    seats, target = terms.seats_awarded, terms.satellite_target
    if terms.kind != TournamentKind.SATELLITE or not seats or target is None:
        return []
    if seats == 1:
        return [f"Top finisher receives entry to Tournament {target}"]
    return [f"Top {seats} finishers receive entry to Tournament {target}"]


def _stamp(at: datetime) -> str:
    clock, date = _clock(at)
    return f"{date} {clock} ET"


# ---------------------------------------------------------------- one tournament's files

@dataclass(frozen=True, slots=True)
class MatrixMatch:
    """How the text names a Matrix match: the Matrix's title ('$26 Matrix') and id (the
    text's tournament id; the log's is the match's own), and the match's number."""

    title: str
    matrix: str
    match: int


def _event(line: Mapping[str, Any]) -> Any:
    """A driver event (the log's JSON form) as its model; the driver's own bookkeeping keys
    (a leading underscore: the faults injected) are no part of the log."""
    return event_from({k: v for k, v in line.items() if not k.startswith("_")})


@dataclass(slots=True)
class _Tournament:
    """What the summary needs, gathered from the tournament's events."""

    terms: TournamentTerms | None = None
    entrants: int = 0
    prize_pool: int = 0
    started: datetime | None = None
    finished: datetime | None = None
    prizes: dict[str, int] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)
    places: dict[str, int] = field(default_factory=dict)
    rebuys: dict[RebuyKind, int] = field(default_factory=dict)
    hands: list[str] = field(default_factory=list)
    notes: dict[str | None, list[HandNote]] = field(default_factory=dict)
    # A cancelled tournament has no finishing order to summarise (its refunds are in the log).
    cancelled: bool = False
    matrix: MatrixMatch | None = None

    def take(self, event: Any) -> None:
        if isinstance(event, Cancellation) or (
                isinstance(event, TournamentEnd) and event.outcome is Outcome.CANCELLED):
            self.cancelled = True
        elif isinstance(event, TournamentTerms):
            self.terms = event
        elif isinstance(event, RegistrationClosed):
            self.entrants, self.prize_pool = event.entrants, event.prize_pool
        elif isinstance(event, TournamentStart):
            self.started = event.at
        elif isinstance(event, TournamentEnd):
            self.finished = event.at
            if event.winner is not None:
                self.places.setdefault(event.winner, 1)
        elif isinstance(event, Elimination):
            self.places[event.player] = event.place
        elif isinstance(event, Payout):
            self.places.setdefault(event.player, event.place)
            self.prizes[event.player] = self.prizes.get(event.player, 0) + event.paid
            if event.description is not None:
                self.descriptions[event.player] = event.description
        elif isinstance(event, Rebuy):
            # Rebuys and add-ons go into the pool (the summary's Total Prize Pool).
            self.prize_pool += event.paid
            self.rebuys[event.kind] = self.rebuys.get(event.kind, 0) + 1
        elif isinstance(event, Timeout | Disconnect | Reconnect):
            self.notes.setdefault(event.hand, []).append(event)
        elif isinstance(event, HandPlayed):
            if self.terms is None:
                raise ValueError(f"hand {event.hand} comes before the tournament's terms")
            self.hands.append(hand_text(event, self.terms, event.table,
                                        notes=self.notes.pop(event.hand, []),
                                        matrix=self.matrix))

    def finishes(self) -> list[Finish]:
        return [Finish(place, player, self.prizes.get(player, 0), self.descriptions.get(player))
                for player, place in sorted(self.places.items(), key=lambda item: item[1])]

    def rebuy_counts(self) -> RebuyCounts | None:
        """A rebuy event's counts (None: not a rebuy event). A rebuy or an add-on costs the
        buy-in; the chips are the server's settings (what its lobby announces)."""
        terms = self.terms
        if terms is None or not (terms.rebuy or terms.add_on):
            return None
        config = server_config().variants.rebuy
        return RebuyCounts(terms.buy_in, config.rebuy_chips, config.add_on_chips,
                           self.rebuys.get(RebuyKind.REBUY, 0),
                           self.rebuys.get(RebuyKind.ADD_ON, 0))


def write_tournament(folder: Path, spec: "SitAndGoSpec", events: Sequence[Mapping[str, Any]]
                     ) -> list[Path]:
    """One simulated tournament as the client's files: its hand histories (one file) and,
    once it has started and was not cancelled, its summary. Returns the files written.
    A Matrix (`spec` the whole event's; its events every match's) is written as Full Tilt
    wrote one: a hands file and a summary per match."""
    if any(line["event"] == "tournament_terms" and line["kind"] == TournamentKind.MATRIX
           for line in events):
        return _write_matrix(folder, spec, events)
    seen = _Tournament()
    for line in events:
        seen.take(_event(line))
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    if seen.hands:
        path = folder / f"FT{spec.tournament}.hands.txt"
        path.write_bytes(hands_file(seen.hands))
        written.append(path)
    if seen.terms is not None and seen.started is not None and not seen.cancelled:
        text = summary_text(seen.terms, seen.entrants, seen.prize_pool, seen.finishes(),
                            seen.started, seen.finished, rebuys=seen.rebuy_counts())
        path = folder / f"FT{spec.tournament}.summary.txt"
        path.write_bytes(text.encode(ENCODING))
        written.append(path)
    return written


def _write_matrix(folder: Path, spec: "SitAndGoSpec", events: Sequence[Mapping[str, Any]]
                  ) -> list[Path]:
    """Each match's hands and summary, `FT<matrix>.match<N>.hands.txt` and `.summary.txt`.
    A match is the log tournament `<matrix>-<N>`; its summary's pool is the whole Matrix's
    (every entrant's Matrix buy-in, `spec.buy_in`), as Full Tilt's match summaries state it."""
    by_match: dict[str, list[Mapping[str, Any]]] = {}
    for line in events:
        if line["tournament"] != spec.tournament:  # the Matrix's own lines are no match's
            by_match.setdefault(str(line["tournament"]), []).append(line)
    written: list[Path] = []
    folder.mkdir(parents=True, exist_ok=True)
    for tournament, lines in by_match.items():
        number = tournament.removeprefix(f"{spec.tournament}-")
        if not number.isdigit():
            raise ValueError(f"{tournament} is no match of the Matrix {spec.tournament}")
        currency = next(str(line["currency"]) for line in lines
                        if line["event"] == "tournament_terms")
        title = f"{money(spec.buy_in + spec.fee, currency)} Matrix"
        seen = _Tournament(matrix=MatrixMatch(title, spec.tournament, int(number)))
        for line in lines:
            seen.take(_event(line))
        stem = f"FT{spec.tournament}.match{number}"
        if seen.hands:
            path = folder / f"{stem}.hands.txt"
            path.write_bytes(hands_file(seen.hands))
            written.append(path)
        if seen.terms is not None and seen.started is not None and not seen.cancelled:
            text = summary_text(seen.terms, seen.entrants, spec.buy_in * seen.entrants,
                                seen.finishes(), seen.started, seen.finished,
                                matrix=seen.matrix)
            path = folder / f"{stem}.summary.txt"
            path.write_bytes(text.encode(ENCODING))
            written.append(path)
    return written
