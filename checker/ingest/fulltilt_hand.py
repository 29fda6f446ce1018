"""Full Tilt Poker text hand histories (2006-2014), cash and tournament, every game FTP dealt.

A hand is a header line, seat lines, posts, streets marked `*** NAME ***`, and a summary.
Hands are cut at header lines (old archives put a blank line between the header and the
seats, so blank lines cannot separate hands), after archive separators ("BEGIN",
"******** # 2 ********") are dropped; a header glued to the end of another line is split off.

Lines are dispatched by cheap string tests: a line that begins with a seated player's name
(longest names first, so "Player1 2" wins over "Player1") is dispatched on its first verb;
lines of people who are not seated (arrivals, observers) go through one generic regex.
Every line kind seen in the real corpus is handled; anything else rejects the hand naming
the line.

Amounts: cash tables with a currency symbol are read in cents; tournaments and play-money
tables (no currency symbol) in chips. `Action.amount` is what the act added: "raises to 300"
after 30 on the street adds 270.

Fixed-limit headers show the bet sizes ("$1/$2" means blinds $0.50/$1). small_bet/big_bet
come from the header; small_blind/big_blind come from the hand's own blind posts when a
player posted them in full (what the table actually charged: FT charged $0.02, not $0.025,
at $0.05/$0.10), and otherwise from the header's meaning (big blind = small bet, small
blind = half of it rounded down).
"""

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pydantic import ValidationError

from checker.ingest.base import Block, RecordError
from checker.ingest.decode import Line
from checker.ingest.fulltilt_header import (
    GLUED_HEADER,
    HEADER_START,
    Header,
    HeaderError,
    amount,
    parse_header,
)
from checker.model import (
    ActionKind,
    BettingStructure,
    Game,
    Hand,
    HandEventKind,
    Street,
)
from checker.model.cards import RANKS, SUITS

SITE = "Full Tilt Poker"
FORMAT_NAME = "fulltilt-hand"

_FLOP_GAMES = frozenset(
    {
        Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO, Game.OMAHA5, Game.OMAHA5_HILO, Game.OMAHA6,
        Game.COURCHEVEL, Game.COURCHEVEL_HILO, Game.IRISH,
    }
)
_COURCHEVEL = frozenset({Game.COURCHEVEL, Game.COURCHEVEL_HILO})
_STUD_GAMES = frozenset({Game.STUD, Game.STUD_HILO, Game.RAZZ, Game.STUD5})
_DRAW_GAMES = frozenset(
    {Game.DRAW5, Game.DRAW27_SINGLE, Game.DRAW27_TRIPLE, Game.DRAWA5_TRIPLE, Game.BADUGI}
)

# Street markers as the files write them, per game family.
_FLOP_MARKERS = {
    "HOLE CARDS": Street.PREFLOP,
    "FLOPET": Street.PREFLOP,  # Courchevel: one board card before the first betting round
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}
_STUD_MARKERS = {
    "2ND STREET": Street.SECOND,
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
    "7TH STREET": Street.SEVENTH,
}
_DRAW_MARKERS = {
    "HOLE CARDS": Street.PREDRAW,
    "DRAW": Street.DRAW1,
    "FIRST DRAW": Street.DRAW1,
    "SECOND DRAW": Street.DRAW2,
    "THIRD DRAW": Street.DRAW3,
}
_BOARD_MARKERS = frozenset({"FLOPET", "FLOP", "TURN", "RIVER"})

_SEPARATOR = re.compile(r"BEGIN|\*{10,} # \d+ \*{10,}")
_SEAT_SITTING_OUT = ", is sitting out"
_MARKER = re.compile(r"\*\*\* ([A-Z0-9 ]+?)(?: (\d))? \*\*\*(.*)")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_AWARD = re.compile(
    r"(?:wins|ties for) (?:the )?(?:(?P<half>high|low) )?"
    r"(?P<pot>main pot|side pot(?: #?\d+)?|pot(?: (?P<board>\d+))?) \((?P<amount>[^)]+)\)"
    r"(?: with .*)?"
)
_TOTAL_POT = re.compile(
    r"Total pot (?P<total>\S+)(?P<parts>(?: (?:Main|Side) pot(?: \d+)? \S+\.)*)"
    r" \| Rake (?P<rake>\S+)"
)
_POT_PART = re.compile(r"pot(?: \d+)? ([$€£]?\d[\d,]*(?:\.\d\d)?)\.")
_SUMMARY_NAME = re.compile(
    r"(.+?)(?= \((?:button|small blind|big blind)\)| didn't| folded| collected| showed| mucked"
    r"| is sitting out|  ?wins| \[|$)"
)
_SUMMARY_WON = re.compile(r"(?:collected|won|pot) \(([^)]+)\)")
_SECOND_SEAT = re.compile(r" Seat \d+: ")
_RUN_COUNT = re.compile(r"(\d+) cards?")
_GENERIC_ACTOR = re.compile(
    r"(?P<name>.+?) (?P<rest>(?:folds|checks|calls |bets |raises to |posts |antes |brings in "
    r"|completes it to |discards|stands |is |shows|mucks|wins |ties for |has |sits down"
    r"|adds ).*)"
)
_NAMELESS_WARNING = re.compile(r"\d+ seconds left to act")
_CARDS = frozenset(rank + suit for rank in RANKS for suit in SUITS)
_AMOUNTS: dict[str, int] = {}
_AMOUNT_CACHE_SIZE = 20_000
_NAMELESS_NOTES = frozenset({"Players agree to Run It Twice", "No low hand qualified"})
_OBSERVER = " (Observer): "
_ALL_IN = ", and is all in"
_CAPPED = ", and is capped"


@dataclass(frozen=True, slots=True)
class FullTiltBlock(Block):
    """A hand's lines plus whether cutting found its header glued to the previous line."""

    glued: bool = False


class FullTiltHandFormat:
    name = FORMAT_NAME
    holds_hands = True

    def sniff(self, head: list[str]) -> bool:
        return any(HEADER_START.match(line) for line in head)

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        """One block per header, streamed. Full Tilt headers do not name a mixed game's
        rotation, so `Hand.mixed` stays None: guessing it would need the whole file."""
        for start, block_lines, glued in _cut(lines):
            yield FullTiltBlock(start, block_lines, glued)

    def parse(self, block: Block, path: str) -> Hand:
        glued = isinstance(block, FullTiltBlock) and block.glued
        return _HandReader(block, path, _try_header(block.lines[0]), glued).read()


FORMAT = FullTiltHandFormat()


def _try_header(text: str) -> Header | None:
    try:
        return parse_header(text)
    except HeaderError:
        return None


def _cut(lines: Iterator[Line]) -> Iterator[tuple[int, list[str], bool]]:
    """(first line number, lines, header glued) for each hand; separators and blank runs
    between hands are dropped, any other text before the first header is its own block."""
    start = 0
    current: list[str] = []
    glued = False
    for number, text in lines:
        if text[:4] == "Full" and HEADER_START.match(text):
            yield from _closed(start, current, glued)
            start, current, glued = number, [text], False
            continue
        if " Game #" in text:
            match = GLUED_HEADER.search(text)
            if match is not None and match.start() > 0:
                if current:
                    current.append(text[: match.start()])
                yield from _closed(start, current, glued)
                start, current, glued = number, [text[match.start():]], True
                continue
        if not current:
            start = number
        current.append(text)
    yield from _closed(start, current, glued)


def _closed(start: int, lines: list[str], glued: bool) -> Iterator[tuple[int, list[str], bool]]:
    """The block without trailing blank and separator lines; nothing if nothing is left."""
    end = len(lines)
    while end and (not lines[end - 1].strip() or _SEPARATOR.fullmatch(lines[end - 1].strip())):
        end -= 1
    if end:
        yield start, lines[:end], glued


class _HandReader:
    """Reads one hand's lines into the plain dict `Hand.model_validate` takes."""

    def __init__(self, block: Block, path: str, header: Header | None, glued: bool) -> None:
        self.block = block
        self.path = path
        self.header_given = header
        self.glued = glued
        self.number = block.start
        self.hand_id: str | None = None
        self.in_cents = False
        self.seats: list[dict[str, object]] = []
        self.seat_of: dict[str, dict[str, object]] = {}
        # Player names by their first word, longest first: "Player1 2" before "Player1".
        self.by_word: dict[str, list[str]] = {}
        self.others: set[str] = set()
        self.actions: list[dict[str, object]] = []
        self.events: list[dict[str, object]] = []
        self.hole: dict[str, list[str]] = {}
        self.boards: list[list[str]] = []
        self.summary_boards: dict[int, list[str]] = {}
        self.shown: list[dict[str, object]] = []
        self.shown_players: set[str] = set()
        self.returns: list[dict[str, object]] = []
        self.awards: list[dict[str, object]] = []
        self.summary: list[dict[str, object]] = []
        self.summary_won: list[tuple[str, int, int, int]] = []
        # The summary's "Total pot" line; pot_line 0 until it is read.
        self.pot_total = 0
        self.pot_rake = 0
        self.pot_parts: list[int] = []
        self.pot_line = 0
        # Running totals for the money check.
        self.put_in = 0
        self.returned = 0
        self.won: dict[str, int] = {}
        self.button: int | None = None
        self.street = Street.PREFLOP
        self.markers: dict[str, Street] = _FLOP_MARKERS
        self.dealt = False
        self.showdown = False
        self.on_street: dict[str, int] = {}
        self.last_discard: dict[str, int | None] = {}
        self.summary_board = 0
        self.in_summary = False
        self.warnings: list[str] = []
        self.full_posts: dict[ActionKind, int] = {}
        self.seats_line: int | None = None

    # ----------------------------------------------------------------- driver

    def fail(self, reason: str, number: int | None = None) -> RecordError:
        line = self.number if number is None else number
        return RecordError(reason, line, self.hand_id)

    def read(self) -> Hand:
        lines = self.block.lines
        header = self._header(lines[0])
        seats_done = False
        by_word = self.by_word
        for number, text in enumerate(lines[1:], start=self.block.start + 1):
            if not text:
                continue
            if text[-1] == " ":
                text = text.rstrip()
                if not text:
                    continue
            self.number = number
            if self.in_summary:
                self._summary_line(text)
                continue
            if not seats_done:
                if text.startswith("Seat ") and text[5:6].isdigit():
                    self._seat_line(text)
                    continue
                if text.startswith("Seats: "):
                    self._max_seats_line(text)
                    continue
                seats_done = True
            # Most lines are a seated player's act: look the first word up first.
            space = text.find(" ")
            names = by_word.get(text[:space] if space > 0 else text)
            if names is None or not self._act_line(names, text):
                self._other_line(text)
        return self._finish(header)

    def _header(self, text: str) -> Header:
        header = self.header_given
        start = HEADER_START.match(text)
        if start is None:
            raise self.fail(
                f"no header line: the record starts with {text[:60]!r} "
                "(the hand's first line is missing)"
            )
        self.hand_id = start.group(1)
        if header is None:
            try:
                header = parse_header(text)
            except HeaderError as exc:
                raise self.fail(f"header not understood ({exc}): {text!r}") from None
        self.header = header
        self.setting = header.setting
        self.in_cents = header.setting.in_cents
        game = header.setting.game
        if game in _STUD_GAMES:
            self.markers = _STUD_MARKERS
            self.street = Street.SECOND if game == Game.STUD5 else Street.THIRD
        elif game in _DRAW_GAMES:
            self.markers = _DRAW_MARKERS
            self.street = Street.PREDRAW
        if self.glued:
            self.warnings.append(
                f"the header on line {self.block.start} is glued to the end of the previous "
                "hand's last line"
            )
        return header

    # ----------------------------------------------------------------- seats

    def _seat_line(self, text: str) -> None:
        """'Seat 3: Bob Smith ($50.25)' or '... ($0), is sitting out'."""
        colon = text.find(": ", 5)
        sitting_out = text.endswith(_SEAT_SITTING_OUT)
        body = text[colon + 2: len(text) - len(_SEAT_SITTING_OUT) if sitting_out else None]
        paren = body.rfind(" (")
        if colon < 0 or paren <= 0 or body[-1] != ")" or not text[5:colon].isdigit():
            raise self.fail(f"line {self.number} not understood as a seat: {text!r}")
        name = body[:paren]
        seat: dict[str, object] = {
            "seat": int(text[5:colon]),
            "player": name,
            "stack": self._amount(body[paren + 2: -1]),
            "line": self.number,
        }
        if sitting_out:
            seat["sitting_out"] = True
        if name in self.seat_of:
            raise self.fail(f"line {self.number}: {name!r} is seated twice")
        self.seats.append(seat)
        self.seat_of[name] = seat
        self._add_name(name)

    def _max_seats_line(self, text: str) -> None:
        count = text[7:]
        if not count.isdigit():
            raise self.fail(f"line {self.number} not understood: {text!r}")
        self.seats_line = int(count)

    # ----------------------------------------------------------------- body

    def _act_line(self, names: list[str], text: str) -> bool:
        """A line that starts with one of these names and goes on with a verb of theirs."""
        for name in names:
            size = len(name)
            if text.startswith(name) and len(text) > size + 1 and text[size] == " ":
                rest = text[size + 1:]
                cut = rest.find(" ")
                handler = _VERBS.get(rest[:cut] if cut > 0 else rest)
                return handler is not None and handler(self, name, rest)
        return False

    def _other_line(self, text: str) -> None:
        if text.startswith("*** "):
            self._marker(text)
            return
        if text.startswith("Dealt to "):
            self._dealt(text)
            return
        if text.startswith("Uncalled bet of "):
            self._uncalled(text)
            return
        if text.startswith("The button is in seat #"):
            seat = text[23:]
            if not seat.isdigit():
                raise self.fail(f"line {self.number} not understood: {text!r}")
            self.button = int(seat)
            return
        speaker = self._name_at(text)
        if speaker is not None and text[len(speaker): len(speaker) + 2] == ": ":
            self._event(HandEventKind.CHAT, speaker, text[len(speaker) + 2:])
            return
        self._unseated_line(text)

    def _add_name(self, name: str) -> None:
        names = self.by_word.setdefault(name.split(" ", 1)[0], [])
        names.append(name)
        names.sort(key=len, reverse=True)

    def _name_at(self, text: str) -> str | None:
        """The known player whose name begins the text (followed by a space, a colon or
        nothing), found through the text's first word."""
        space = text.find(" ")
        word = text if space < 0 else text[:space]
        names = self.by_word.get(word)
        if names is None and word.endswith(":"):
            names = self.by_word.get(word[:-1])
        if names:
            for name in names:
                size = len(name)
                if text.startswith(name) and (len(text) == size or text[size] in " :"):
                    return name
        return None

    def _unseated_line(self, text: str) -> None:
        """Lines whose subject is not a seated player: observers, arrivals, nameless
        warnings, the run-it-twice agreement, hi/lo hand continuations."""
        if _OBSERVER in text:
            name, _, said = text.partition(_OBSERVER)
            self._event(HandEventKind.OBSERVER_CHAT, name, said)
            return
        if _NAMELESS_WARNING.fullmatch(text):
            self._event(HandEventKind.TIME_WARNING, None, text)
            return
        if text in _NAMELESS_NOTES:
            self._event(HandEventKind.OTHER, None, text)
            return
        if self.showdown and text.startswith(" (") and text.endswith(")"):
            return  # the low half of a hi/lo hand description, on its own line (2006)
        match = _GENERIC_ACTOR.fullmatch(text)
        if match is not None:
            name, rest = match["name"], match["rest"]
            if self._unseated_verb(name, rest, text):
                return
        name, colon, said = text.partition(": ")
        if colon and name in self.others:
            self._event(HandEventKind.CHAT, name, said)
            return
        raise self.fail(f"line {self.number} not understood: {text!r}")

    def _unseated_verb(self, name: str, rest: str, text: str) -> bool:
        """People who are not seated may arrive, leave and chat; a hand with no seat lines
        at all (an observed hand) lets anyone act, with a warning at the end."""
        if self.seats:
            if rest in ("sits down", "stands up", "has returned", "is sitting out") or (
                rest.startswith("adds ") or rest.startswith("is feeling ")
            ):
                self.others.add(name)
                return self._verb(name, rest)
            if rest.startswith(_CHIP_VERBS) and name not in self.seat_of:
                raise self.fail(f"line {self.number}: {name!r} acts but is not seated: {text!r}")
            return False
        self._add_name(name)
        return self._verb(name, rest)

    def _verb(self, name: str, rest: str) -> bool:
        """Dispatch on the first word after the player's name; False if not understood."""
        space = rest.find(" ")
        handler = _VERBS.get(rest if space < 0 else rest[:space])
        if handler is None:
            return False
        return handler(self, name, rest)

    # ----------------------------------------------------------------- markers

    def _marker(self, text: str) -> None:
        match = _MARKER.fullmatch(text)
        if match is None:
            raise self.fail(f"line {self.number} not understood: {text!r}")
        name, run, rest = match.group(1), match.group(2), match.group(3)
        if name == "SUMMARY":
            self.in_summary = True
            self.summary_board = int(run) - 1 if run else 0
            return
        if name == "SHOW DOWN":
            self.showdown = True
            return
        if name == "DISCARD ROUND" and self.setting.game == Game.IRISH:
            return  # Irish: discards follow the flop betting, on the same street
        street = self.markers.get(name)
        if street is None:
            raise self.fail(f"line {self.number}: street {name!r} does not belong to "
                            f"{self.setting.game_text}: {text!r}")
        if name in _BOARD_MARKERS and self.setting.game in _FLOP_GAMES:
            self._board(int(run) - 1 if run else 0, rest, name)
        if run:
            return  # a run-it-twice board: no betting round of its own
        if street != self.street:
            self.on_street = {}
        self.street = street
        self.dealt = True

    def _board(self, index: int, rest: str, street: str) -> None:
        """Each street repeats the board so far, then the new cards; Courchevel's FLOP
        lists only the two cards added to the FLOPET card."""
        groups = _BRACKETS.findall(rest)
        if not groups:
            raise self.fail(f"line {self.number}: a board street without cards")
        cards = [c for group in groups for c in self._cards(group)]
        while len(self.boards) <= index:
            self.boards.append([])
        board = self.boards[index]
        if street == "FLOP" and len(board) == 1 and self.setting.game in _COURCHEVEL:
            self.boards[index] = board + cards
        elif cards[: len(board)] == board:
            self.boards[index] = cards
        else:
            raise self.fail(f"line {self.number}: the {street.lower()} repeats the board as "
                            f"{cards[: len(board)]}, but it was {board}")

    # ----------------------------------------------------------------- cards

    def _dealt(self, text: str) -> None:
        """'Dealt to Hero [6c 5d 3d] [7c]': every group is known to belong to the player."""
        bracket = text.find(" [")
        if bracket < 0 or text[-1] != "]":
            raise self.fail(f"line {self.number} not understood: {text!r}")
        name = text[9:bracket]
        if name not in self.seat_of and self.seats:
            raise self.fail(f"line {self.number}: cards dealt to {name!r}, who is not seated")
        self._know(name, self._cards(text[bracket + 2: -1].replace("] [", " ")))

    def _cards(self, text: str) -> list[str]:
        cards = text.split()
        if not _CARDS.issuperset(cards):
            bad = next(card for card in cards if card not in _CARDS)
            raise self.fail(f"line {self.number}: {bad!r} is not a card")
        return cards

    def _know(self, name: str, cards: list[str]) -> None:
        known = self.hole.setdefault(name, [])
        for card in cards:
            if card not in known:
                known.append(card)

    # ----------------------------------------------------------------- money

    def _amount(self, text: str) -> int:
        """An amount in the hand's unit; a currency symbol must be there exactly for cash.
        Texts repeat a lot ("$0.50", "15"), so values are cached: the leading symbol or
        digit keeps cents and chips apart."""
        if self.in_cents == text[:1].isdigit():
            raise self.fail(f"line {self.number}: amount {text!r} does not match the table's "
                            f"{'currency' if self.in_cents else 'chips'}")
        value = _AMOUNTS.get(text)
        if value is None:
            try:
                value = amount(text, self.in_cents)
            except ValueError as exc:
                raise self.fail(f"line {self.number}: {exc}") from None
            if len(_AMOUNTS) < _AMOUNT_CACHE_SIZE:
                _AMOUNTS[text] = value
        return value

    def _amount_flags(self, text: str) -> tuple[int, bool]:
        """'$5', '$5, and is all in' or '$295, and is capped': the amount and all-in."""
        if not text:
            raise self.fail(f"line {self.number}: an amount is missing")
        if text[-1] == "n" or text[-1] == "d":
            all_in = text.endswith(_ALL_IN)
            if all_in or text.endswith(_CAPPED):
                return self._amount(text[: -len(_ALL_IN)]), all_in
        return self._amount(text), False

    def _act(self, name: str, kind: ActionKind, value: int = 0, *, to: int | None = None,
             all_in: bool = False, live: int | None = None) -> None:
        """Record a chip-moving act; `live` is what counts toward the player's street bet."""
        action: dict[str, object] = {
            "index": len(self.actions),
            "street": self.street,
            "player": name,
            "kind": kind,
            "line": self.number,
        }
        if value:
            action["amount"] = value
        if to is not None:
            action["to"] = to
        if all_in:
            action["all_in"] = True
        self.actions.append(action)
        self.put_in += value
        counted = value if live is None else live
        if counted:
            self.on_street[name] = self.on_street.get(name, 0) + counted

    def _uncalled(self, text: str) -> None:
        value_text, found, name = text[16:].partition(" returned to ")
        if not found or (self.seats and name not in self.seat_of):
            raise self.fail(f"line {self.number} not understood: {text!r}")
        value = self._amount(value_text)
        self.returned += value
        self.returns.append({"player": name, "amount": value, "line": self.number})

    def _event(self, kind: HandEventKind, name: str | None, text: str) -> None:
        event: dict[str, object] = {
            "kind": kind,
            "street": self.street,
            "after_action": len(self.actions),
            "line": self.number,
        }
        if name is not None:
            event["player"] = name
        if text:
            event["text"] = text
        self.events.append(event)

    # ----------------------------------------------------------------- verbs

    def _fold(self, name: str, rest: str) -> bool:
        if rest != "folds":
            return False
        self._act(name, ActionKind.FOLD)
        return True

    def _check(self, name: str, rest: str) -> bool:
        if rest != "checks":
            return False
        self._act(name, ActionKind.CHECK)
        return True

    def _call(self, name: str, rest: str) -> bool:
        value, all_in = self._amount_flags(rest[6:])
        self._act(name, ActionKind.CALL, value, all_in=all_in)
        return True

    def _bet(self, name: str, rest: str) -> bool:
        value, all_in = self._amount_flags(rest[5:])
        self._act(name, ActionKind.BET, value, all_in=all_in)
        return True

    def _raise(self, name: str, rest: str) -> bool:
        if not rest.startswith("raises to "):
            return False
        self._raise_to(name, ActionKind.RAISE, rest[10:])
        return True

    def _complete(self, name: str, rest: str) -> bool:
        if not rest.startswith("completes it to "):
            return False
        self._raise_to(name, ActionKind.COMPLETE, rest[16:])
        return True

    def _raise_to(self, name: str, kind: ActionKind, text: str) -> None:
        total, all_in = self._amount_flags(text)
        added = total - self.on_street.get(name, 0)
        if added <= 0:
            raise self.fail(f"line {self.number}: {name} {kind.value}s to {text} but has "
                            f"{self.on_street.get(name, 0)} in already on this street")
        self._act(name, kind, added, to=total, all_in=all_in)

    def _post(self, name: str, rest: str) -> bool:
        if rest.startswith("posts the small blind of "):
            kind, text = ActionKind.SMALL_BLIND, rest[25:]
        elif rest.startswith("posts the big blind of "):
            kind, text = ActionKind.BIG_BLIND, rest[23:]
        elif rest.startswith("posts a dead small blind of "):
            value, all_in = self._amount_flags(rest[28:])
            self._act(name, ActionKind.DEAD_BLIND, value, all_in=all_in, live=0)
            return True
        else:
            self._post_out_of_turn(name, rest[6:])
            return True
        value, all_in = self._amount_flags(text)
        if not all_in:
            self.full_posts.setdefault(kind, value)
        self._act(name, kind, value, all_in=all_in)
        return True

    def _post_out_of_turn(self, name: str, text: str) -> None:
        """'posts $1': a new or returning player's live big blind out of turn."""
        value, all_in = self._amount_flags(text)
        small, big = self._blinds()
        if value == small + big and not all_in:
            self._act(name, ActionKind.SMALL_AND_BIG_BLIND, value, live=big)
            return
        if value != big and not all_in:
            self.warnings.append(f"line {self.number}: {name} posts {text}, which is not the "
                                 f"big blind of {big}")
        self._act(name, ActionKind.BIG_BLIND, value, all_in=all_in)

    def _ante(self, name: str, rest: str) -> bool:
        value, all_in = self._amount_flags(rest[6:])
        self._act(name, ActionKind.ANTE, value, all_in=all_in, live=0)
        return True

    def _bring_in(self, name: str, rest: str) -> bool:
        if not rest.startswith("brings in for "):
            return False
        value, all_in = self._amount_flags(rest[14:])
        if not all_in:
            self.full_posts.setdefault(ActionKind.BRING_IN, value)
        self._act(name, ActionKind.BRING_IN, value, all_in=all_in)
        return True

    def _discard(self, name: str, rest: str) -> bool:
        """'discards 2 cards [Ah Ts]', 'discards 1 card', Irish 'discards [9h 9c]' or
        'discards' (an opponent's two cards, count not written)."""
        count: int | None = None
        tail = rest[8:].lstrip()
        bracket = tail.find("[")
        if bracket >= 0:
            cards = self._cards(tail[bracket + 1: tail.rindex("]")])
            self._know(name, cards)
            count = len(cards)
            tail = tail[:bracket].rstrip()
        if tail:
            match = _RUN_COUNT.fullmatch(tail)
            if match is None:
                return False
            if count is not None and count != int(match.group(1)):
                raise self.fail(f"line {self.number}: {name} discards {tail} but {count} "
                                "cards are shown")
            count = int(match.group(1))
        self._draw(name, count)
        return True

    def _stands(self, name: str, rest: str) -> bool:
        if rest == "stands up":
            self._event(HandEventKind.STANDS_UP, name, "")
            return True
        if rest == "stands pat":
            self._draw(name, 0)
            return True
        if rest.startswith("stands pat on ["):
            self._know(name, self._cards(rest[15:-1]))
            self._draw(name, 0)
            return True
        return False

    def _draw(self, name: str, count: int | None) -> None:
        action: dict[str, object] = {
            "index": len(self.actions),
            "street": self.street,
            "player": name,
            "kind": ActionKind.DISCARD,
            "line": self.number,
        }
        if count is not None:
            action["discards"] = count
        self.actions.append(action)
        self.last_discard[name] = count

    def _is(self, name: str, rest: str) -> bool:
        if rest == "is sitting out":
            if not self.dealt and name in self.seat_of:
                self.seat_of[name]["sitting_out"] = True
            self._event(HandEventKind.SITTING_OUT, name, "")
            return True
        if rest.startswith("is dealt "):
            match = _RUN_COUNT.fullmatch(rest[9:])
            if match is None:
                return False
            dealt = int(match.group(1))
            if self.last_discard.get(name) != dealt:
                self.warnings.append(f"line {self.number}: {name} is dealt {dealt} cards after "
                                     f"discarding {self.last_discard.get(name)}")
            return True
        if rest.startswith(("is low with [", "is high with [")):
            return True  # who brings in; the bring-in line itself follows
        if rest.startswith("is feeling "):
            self._event(HandEventKind.OTHER, name, rest)
            return True
        return False

    def _shows(self, name: str, rest: str) -> bool:
        if rest.startswith("shows ["):
            close = rest.find("]")
            cards = self._cards(rest[7:close])
            self._know(name, cards)
            self.shown.append({"player": name, "cards": cards, "line": self.number})
            self.shown_players.add(name)
        return True  # "shows two pair, ..." names the hand of cards already shown

    def _mucks(self, name: str, rest: str) -> bool:
        if rest == "mucks":
            return True
        if rest.startswith("mucks ["):
            cards = self._cards(rest[7: rest.find("]")])
            self._know(name, cards)
            self.shown.append({"player": name, "cards": cards, "mucked": True,
                               "line": self.number})
            self.shown_players.add(name)
            return True
        return False

    def _award(self, name: str, rest: str) -> bool:
        match = _AWARD.fullmatch(rest)
        if match is None:
            return False
        value = self._amount(match["amount"])
        self.won[name] = self.won.get(name, 0) + value
        award: dict[str, object] = {"player": name, "amount": value, "line": self.number}
        if match["board"]:
            award["board"] = int(match["board"]) - 1
        elif match["pot"] != "pot":
            award["pot"] = match["pot"].replace("#", "")
        if match["half"]:
            award["half"] = match["half"]
        self.awards.append(award)
        return True

    def _has(self, name: str, rest: str) -> bool:
        kind = _HAS.get(rest)
        if kind is None:
            if not (rest.endswith(" seconds left to act") and rest[4:-20].isdigit()):
                return False
            kind = HandEventKind.TIME_WARNING
        self._event(kind, name, rest)
        return True

    def _sits(self, name: str, rest: str) -> bool:
        if rest != "sits down":
            return False
        self._event(HandEventKind.SITS_DOWN, name, "")
        return True

    def _adds(self, name: str, rest: str) -> bool:
        self._amount(rest[5:])
        self._event(HandEventKind.OTHER, name, rest)
        return True

    # ----------------------------------------------------------------- summary

    def _summary_line(self, text: str) -> None:
        if text.startswith("Seat "):
            self._summary_seat(text)
        elif text.startswith("Total pot "):
            self._total_pot(text)
        elif text.startswith("Board: ["):
            cards = self._cards(text[8:-1])
            self.summary_boards[self.summary_board] = cards
        elif text.startswith("*** SUMMARY ") and text.endswith(" ***"):
            run = text[12:-4]
            if not run.isdigit():
                raise self.fail(f"line {self.number} not understood: {text!r}")
            self.summary_board = int(run) - 1
        elif text.startswith("Duration ") and text.endswith("s") and text[9:-1].isdigit():
            return
        elif text.startswith("Pot ") and text[4:5].isdigit():
            return  # "Pot 1 $124.20": one board's share in a run-it-twice summary
        else:
            raise self.fail(f"line {self.number} not understood in the summary: {text!r}")

    def _summary_seat(self, text: str) -> None:
        colon = text.find(": ", 5)
        if colon < 0 or not text[5:colon].isdigit():
            raise self.fail(f"line {self.number} not understood in the summary: {text!r}")
        body = text[colon + 2:]
        if " Seat " in body:
            second = _SECOND_SEAT.search(body)
            if second is not None:
                self._two_seats(text, body, second.start() + 1)
                return
        name = self._name_at(body)
        if name is None:
            found = _SUMMARY_NAME.match(body)
            name = found.group(1) if found else body
        said = body[len(name):].strip()
        self.summary.append({"seat": int(text[5:colon]), "player": name, "text": said,
                             "line": self.number})
        if "[" in said:
            self._summary_cards(name, said)
        if "collected (" in said or "won (" in said or "pot (" in said:
            for won in _SUMMARY_WON.finditer(said):
                self.summary_won.append(
                    (name, self._amount(won.group(1)), self.summary_board, self.number)
                )

    def _two_seats(self, text: str, body: str, second: int) -> None:
        """A damaged summary line holding two seats ('Seat 3: Player4 Seat 4: Player1
        (big blind) collected ($0.50), mucked'): the first part says nothing about the
        hand's money, so the line is read as the second seat's, with a warning."""
        orphan = text[: len(text) - len(body) + second - 1]
        who = body[: second - 1]
        status = "seated" if who in self.seat_of else "not seated"
        self.warnings.append(
            f"summary line {self.number} lists two seats: {text!r}; {orphan!r} has no result "
            f"of its own ({who} is {status} in this hand) and is left out"
        )
        self._summary_seat(body[second:])

    def _summary_cards(self, name: str, said: str) -> None:
        """'showed [..] and won', 'mucked [..] - a pair': cards the summary reveals."""
        for verb in ("showed [", "mucked ["):
            at = said.find(verb)
            if at < 0:
                continue
            cards = self._cards(said[at + 8: said.index("]", at)])
            self._know(name, cards)
            if name not in self.shown_players:
                shown: dict[str, object] = {"player": name, "cards": cards, "line": self.number}
                if verb == "mucked [":
                    shown["mucked"] = True
                self.shown.append(shown)
                self.shown_players.add(name)

    def _total_pot(self, text: str) -> None:
        match = _TOTAL_POT.fullmatch(text)
        if match is None:
            raise self.fail(f"line {self.number} not understood in the summary: {text!r}")
        self.pot_total = self._amount(match["total"])
        self.pot_rake = self._amount(match["rake"])
        self.pot_line = self.number
        if match["parts"]:
            self.pot_parts = [self._amount(part) for part in _POT_PART.findall(match["parts"])]

    # ----------------------------------------------------------------- finish

    def _blinds(self) -> tuple[int, int]:
        """The small and big blind (see the module docstring for fixed-limit games)."""
        setting = self.setting
        if setting.structure != BettingStructure.FIXED_LIMIT:
            return setting.stake_low, setting.stake_high
        big = self.full_posts.get(ActionKind.BIG_BLIND, setting.stake_low)
        small = self.full_posts.get(ActionKind.SMALL_BLIND, setting.stake_low // 2)
        return small, big

    def _finish(self, header: Header) -> Hand:
        self._check_complete()
        self._check_boards()
        self._settle_awards()
        self._check_money()
        setting = self.setting
        fixed = setting.structure == BettingStructure.FIXED_LIMIT
        small, big = (None, None) if setting.game in _STUD_GAMES else self._blinds()
        if setting.cap_without_amount:
            self.warnings.append("the header says CAP but does not state the cap amount")
        pot: dict[str, object] = {"total": self.pot_total, "rake": self.pot_rake,
                                  "line": self.pot_line}
        if self.pot_parts:
            pot["parts"] = self.pot_parts
        record: dict[str, object] = {
            "site": SITE,
            "source_format": FORMAT_NAME,
            "hand_id": header.hand_id,
            "tournament_id": setting.tournament_id,
            "tournament_name": setting.tournament_name,
            "table": setting.table,
            "max_seats": setting.max_seats or self.seats_line,
            "game": setting.game,
            "structure": setting.structure,
            "cap": setting.cap,
            "unit": "cents" if setting.in_cents else "chips",
            "currency": setting.currency,
            "small_blind": small,
            "big_blind": big,
            "small_bet": setting.stake_low if fixed else None,
            "big_bet": setting.stake_high if fixed else None,
            "ante": setting.ante,
            "bring_in": self.full_posts.get(ActionKind.BRING_IN),
            "played_at": header.played_at,
            "played_at_zone": header.played_at_zone,
            "played_at_et": header.played_at_et,
            "button_seat": self.button,
            "seats": self.seats,
            "actions": self.actions,
            "events": self.events,
            "hole_cards": self.hole,
            "boards": self.boards,
            "shown": self.shown,
            "returns": self.returns,
            "awards": self.awards,
            "pot": pot,
            "summary": self.summary,
            "location": {"file": self.path, "line": self.block.start},
            "end_line": self.block.end,
            "warnings": self.warnings,
        }
        try:
            return Hand.model_validate(record)
        except ValidationError as exc:
            raise self.fail(f"the hand does not make a valid record: {exc}",
                            self.block.start) from None

    def _check_complete(self) -> None:
        header = self.header
        if not self.in_summary:
            raise self.fail(f"hand ends at line {self.block.end} without a summary section "
                            "(truncated)", self.block.start)
        if not self.seats and not self.actions:
            what = "marked '(partial)' and " if header.partial else ""
            raise self.fail(f"hand {what}has no seat or action lines: only its summary was "
                            "recorded", self.block.start)
        if header.partial:
            self.warnings.append("the header marks the hand as partial")
        if not self.dealt:
            self.warnings.append("no cards were dealt (no street line): the hand was "
                                 "cancelled or its body is cut short")
        if self.pot_line == 0:
            raise self.fail("the summary has no 'Total pot' line", self.block.start)
        if not self.seats:
            self.warnings.append("no seat lines: the players' seats and stacks are not "
                                 "recorded (an observed hand); seats are left empty")

    def _check_boards(self) -> None:
        """The summary's boards must agree with the streets'. When the body stops before
        the last street (damaged Matrix hands), the summary's longer board is used."""
        for index, cards in self.summary_boards.items():
            while len(self.boards) <= index:
                self.boards.append([])
            streets = self.boards[index]
            if streets == cards:
                continue
            if cards[: len(streets)] != streets:
                raise self.fail(f"the summary's board {cards} for board {index + 1} differs "
                                f"from the streets' {streets}", self.block.start)
            if streets or self.setting.game not in _FLOP_GAMES or len(self.boards) > 1:
                self.warnings.append(f"the streets show the board only up to {streets}; "
                                     f"the summary's board {cards} is used")
            self.boards[index] = cards

    def _settle_awards(self) -> None:
        """Awards come from the body's win lines; the summary must agree with them. With no
        win line at all, the summary's 'collected'/'won' amounts are used, with a warning."""
        from_summary: dict[str, int] = {}
        for name, value, _, _ in self.summary_won:
            from_summary[name] = from_summary.get(name, 0) + value
        if not self.awards:
            for name, value, board, line in self.summary_won:
                award: dict[str, object] = {"player": name, "amount": value, "line": line}
                if board:
                    award["board"] = board
                self.awards.append(award)
                self.won[name] = self.won.get(name, 0) + value
                self.warnings.append(f"no win line in the hand: {name}'s award of {value} is "
                                     f"taken from summary line {line}")
            return
        if self.won != from_summary:
            raise self.fail(f"the win lines award {self.won} but the summary says "
                            f"{from_summary}", self.block.start)

    def _infer_return(self, missing: int) -> None:
        """A body cut short loses its 'Uncalled bet ... returned' line, and a cancelled
        hand returns its blinds without one. The summary's total pot then says how much
        went back; it is taken as returned only when it is exactly the uncalled part of
        the last street's biggest bet (what the rules return), else nothing is inferred."""
        bets = sorted(self.on_street.items(), key=lambda item: item[1], reverse=True)
        if not bets:
            return
        top, top_bet = bets[0]
        uncalled = top_bet - (bets[1][1] if len(bets) > 1 else 0)
        if uncalled != missing:
            return
        self.returns.append({"player": top, "amount": missing, "line": self.pot_line})
        self.returned += missing
        self.warnings.append(
            f"no 'Uncalled bet' line: the summary's total pot of {self.pot_total} means "
            f"{missing} of {top}'s bet went back; it is recorded as returned"
        )

    def _check_money(self) -> None:
        """Money that does not add up is what the audit must judge (chips created or lost),
        so the hand is kept and each discrepancy travels with it as a warning."""
        total, rake, put_in = self.pot_total, self.pot_rake, self.put_in
        if put_in - self.returned > total:
            self._infer_return(put_in - self.returned - total)
        returned = self.returned
        if put_in - returned != total:
            self.warnings.append(f"the recorded amounts do not add up: the hand puts in "
                                 f"{put_in} and returns {returned}, but the summary's total "
                                 f"pot is {total}")
        awarded = sum(self.won.values())
        if awarded + rake != total:
            self.warnings.append(f"the recorded amounts do not add up: the awards add up to "
                                 f"{awarded} and the rake is {rake}, but the total pot is "
                                 f"{total}")
        parts = self.pot_parts
        if parts and sum(parts) not in (total, total - rake):
            self.warnings.append(f"the recorded amounts do not add up: the main and side pots "
                                 f"{parts} do not add up to the total pot {total}")


_CHIP_VERBS = (
    "folds", "checks", "calls ", "bets ", "raises to ", "posts ", "antes ", "brings in ",
    "completes it to ", "discards", "stands pat", "shows", "mucks", "wins ", "ties for ",
)

_HAS = {
    "has timed out": HandEventKind.TIMED_OUT,
    "has requested TIME": HandEventKind.TIME_BANK,
    "has been disconnected": HandEventKind.DISCONNECTED,
    "has reconnected": HandEventKind.RECONNECTED,
    "has returned": HandEventKind.RETURNED,
}

_VERBS: dict[str, Callable[[_HandReader, str, str], bool]] = {
    "folds": _HandReader._fold,
    "checks": _HandReader._check,
    "calls": _HandReader._call,
    "bets": _HandReader._bet,
    "raises": _HandReader._raise,
    "completes": _HandReader._complete,
    "posts": _HandReader._post,
    "antes": _HandReader._ante,
    "brings": _HandReader._bring_in,
    "discards": _HandReader._discard,
    "stands": _HandReader._stands,
    "is": _HandReader._is,
    "shows": _HandReader._shows,
    "mucks": _HandReader._mucks,
    "wins": _HandReader._award,
    "ties": _HandReader._award,
    "has": _HandReader._has,
    "sits": _HandReader._sits,
    "adds": _HandReader._adds,
}
