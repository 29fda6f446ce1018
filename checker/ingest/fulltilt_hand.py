"""Full Tilt Poker text hand histories (2006-2014), cash and tournament, every game FTP dealt.

A hand is a header line, seat lines, posts, streets marked `*** NAME ***`, and a summary.
Hands are cut at header lines (old archives put a blank line between the header and the
seats, so blank lines cannot separate hands), after archive separators ("BEGIN",
"******** # 2 ********") are dropped; a header glued to the end of another line is split off.

Lines are dispatched by cheap string tests, in three passes (seats, body, summary) that each
test only for the lines they can meet: a line that begins with a seated player's name
(longest names first, so "Player1 2" wins over "Player1") is dispatched on its first verb;
lines of people who are not seated (arrivals, observers) go through one generic regex.
Every line kind seen in the real corpus is handled; anything else rejects the hand naming
the line. Texts that recur from hand to hand are read once and remembered (per unit where
amounts are involved): the words of chip acts ("calls $6"), amounts, card-less street
markers and, in the header module, table settings. What is remembered is exactly what a
first reading gives, so remembering changes no result.

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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Final, NamedTuple

from checker.ingest.amounts import is_digits
from checker.ingest.base import (
    SEAT_NUMBERS,
    Block,
    RecordError,
    deck_cards,
    first_word,
    remember,
    total_and_rake,
)
from checker.ingest.decode import Line, LineTracker, Run
from checker.ingest.excerpt import excerpt
from checker.ingest.fulltilt_header import (
    GLUED_HEADER,
    HEADER_START,
    Header,
    HeaderError,
    amount,
    header_start,
    parse_header,
)
from checker.model import (
    Action,
    ActionKind,
    Award,
    BettingStructure,
    Game,
    Hand,
    HandEvent,
    HandEventKind,
    RecordedPot,
    Seat,
    ShownCards,
    Street,
    UncalledReturn,
    Unit,
)
from checker.model.cards import RANKS, SUITS
from checker.model.hand import SummarySeat
from checker.model.source import SourceLocation

SITE: Final = "Full Tilt Poker"
FORMAT_NAME: Final = "fulltilt-hand"

_FLOP_GAMES: Final = frozenset(
    {
        Game.HOLDEM, Game.OMAHA, Game.OMAHA_HILO, Game.OMAHA5, Game.OMAHA5_HILO, Game.OMAHA6,
        Game.COURCHEVEL, Game.COURCHEVEL_HILO, Game.IRISH,
    }
)
_COURCHEVEL: Final = frozenset({Game.COURCHEVEL, Game.COURCHEVEL_HILO})
_STUD_GAMES: Final = frozenset({Game.STUD, Game.STUD_HILO, Game.RAZZ, Game.STUD5})
_DRAW_GAMES: Final = frozenset(
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
_STUD_MARKERS: Final = {
    "2ND STREET": Street.SECOND,
    "3RD STREET": Street.THIRD,
    "4TH STREET": Street.FOURTH,
    "5TH STREET": Street.FIFTH,
    "6TH STREET": Street.SIXTH,
    "7TH STREET": Street.SEVENTH,
}
_DRAW_MARKERS: Final = {
    "HOLE CARDS": Street.PREDRAW,
    "DRAW": Street.DRAW1,
    "FIRST DRAW": Street.DRAW1,
    "SECOND DRAW": Street.DRAW2,
    "THIRD DRAW": Street.DRAW3,
}
_BOARD_MARKERS: Final = frozenset({"FLOPET", "FLOP", "TURN", "RIVER"})

_SEPARATOR: Final = re.compile(r"BEGIN|\*{10,} # [0-9]+ \*{10,}")
_SEAT_SITTING_OUT: Final = ", is sitting out"
_MARKER: Final = re.compile(r"\*\*\* ([A-Z0-9 ]+?)(?: ([0-9]))? \*\*\*(.*)")
# Markers without cards ("*** HOLE CARDS ***") repeat in every hand: each is matched once.
_MARKER_PARTS: Final[dict[str, tuple[str, str | None, str]]] = {}
_MARKER_CACHE_SIZE: Final = 20_000
# A board line's card groups: read by position (`_bracket_groups`); the pattern says what
# that reads, and the tests hold them equal.
_BRACKETS: Final = re.compile(r"\[([^\]]*)\]")
_AWARD: Final = re.compile(
    r"(?:wins|ties for) (?:the )?(?:(?P<half>high|low) )?"
    r"(?P<pot>main pot|side pot(?: #?[0-9]+)?|pot(?: (?P<board>[0-9]+))?) \((?P<amount>[^)]+)\)"
    r"(?: with .*)?"
)
_TOTAL_POT: Final = re.compile(
    r"Total pot (?P<total>\S+)(?P<parts>(?: (?:Main|Side) pot(?: [0-9]+)? \S+\.)*)"
    r" \| Rake (?P<rake>\S+)"
)
_POT_PART: Final = re.compile(r"pot(?: [0-9]+)? ([$€£]?[0-9][0-9,]*(?:\.[0-9][0-9])?)\.")
_SUMMARY_NAME: Final = re.compile(
    r"(.+?)(?= \((?:button|small blind|big blind)\)| didn't| folded| collected| showed| mucked"
    r"| is sitting out|  ?wins| \[|$)"
)
# What a summary line won: read by position (`_summary_won`); the pattern says what that
# reads, and the tests hold them equal (it scanned each winner's line, ~1.5 us).
_SUMMARY_WON: Final = re.compile(r"(?:collected|won|pot) \(([^)]+)\)")
_WON_WORDS: Final[tuple[str, ...]] = ("collected (", "won (", "pot (")
_SECOND_SEAT: Final = re.compile(r" Seat [0-9]+: ")
_RUN_COUNT: Final = re.compile(r"([0-9]+) cards?")
_GENERIC_ACTOR: Final = re.compile(
    r"(?P<name>.+?) (?P<rest>(?:folds|checks|calls |bets |raises to |posts |antes |brings in "
    r"|completes it to |discards|stands |is |shows|mucks|wins |ties for |has |sits down"
    r"|adds ).*)"
)
_NAMELESS_WARNING: Final = re.compile(r"[0-9]+ seconds left to act")
_CARDS: Final = frozenset(rank + suit for rank in RANKS for suit in SUITS)
# Amounts read so far, per unit (chips, cents): "$5" is valid in one only.
_AMOUNTS: Final[tuple[dict[str, int], dict[str, int]]] = ({}, {})
_AMOUNT_CACHE_SIZE: Final = 20_000
_NAMELESS_NOTES: Final = frozenset({"Players agree to Run It Twice", "No low hand qualified"})
_OBSERVER: Final = " (Observer): "
_ALL_IN: Final = ", and is all in"
_CAPPED: Final = ", and is capped"


class _ChipVerb(NamedTuple):
    """What the words after a player's name mean when they move chips ("calls $6, and is
    all in"). The meaning depends only on the words and the table's unit, so each distinct
    text is read once and the result reused: most act lines repeat across hands."""

    kind: ActionKind
    value: int  # what the act adds, or for `_RAISES_TO` the player's new street total
    all_in: bool
    counts: str  # how the amount counts toward the player's bet on the street


_LIVE: Final = "live"  # all of it counts (calls, bets)
_DEAD: Final = "dead"  # none of it counts (antes, dead blinds)
_BLIND: Final = "blind"  # counts, and a full post tells the table's real blind or bring-in
_RAISES_TO: Final = "raises to"  # the value is the street total: the act adds the difference
_FOLDS: Final = _ChipVerb(ActionKind.FOLD, 0, False, _LIVE)
_CHECKS: Final = _ChipVerb(ActionKind.CHECK, 0, False, _LIVE)
# Per unit (chips, cents), as amounts like "$5" are valid in one only.
_CHIP_VERBS_READ: Final[tuple[dict[str, _ChipVerb], dict[str, _ChipVerb]]] = ({}, {})
_CHIP_VERBS_CACHE_SIZE: Final = 50_000


@dataclass(slots=True, init=False)
class FullTiltBlock(Block):
    """A hand's lines plus whether cutting found its header glued to the previous line."""

    glued: bool

    def __init__(self, start: int, lines: list[str], glued: bool = False) -> None:
        self.start = start
        self.lines = lines
        self.glued = glued


class FullTiltHandFormat:
    name = FORMAT_NAME
    holds_hands = True

    def sniff(self, head: list[str]) -> bool:
        return any(HEADER_START.match(line) for line in head)

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        """One block per header, streamed. Full Tilt headers do not name a mixed game's
        rotation, so `Hand.mixed` stays None: guessing it would need the whole file."""
        return self.blocks_of_runs(((number, [text]) for number, text in lines), LineTracker())

    def blocks_of_runs(self, runs: Iterable[Run], reading: LineTracker) -> Iterator[Block]:
        """`blocks` of the lines in runs (checker/ingest/decode.py `line_runs`), each line's
        number put in `reading` as it is cut."""
        for start, block_lines, glued in _cut(runs, reading):
            yield FullTiltBlock(start, block_lines, glued)

    def parse(self, block: Block, path: str) -> Hand:
        glued = isinstance(block, FullTiltBlock) and block.glued
        return _HandReader(block, path, glued).read()


FORMAT = FullTiltHandFormat()


def _bracket_groups(text: str) -> list[str]:
    """What `_BRACKETS.findall(text)` finds: the text between each "[" and the first "]"
    after it."""
    found: list[str] = []
    at = text.find("[")
    while at >= 0:
        close = text.find("]", at + 1)
        if close < 0:
            break
        found.append(text[at + 1:close])
        at = text.find("[", close + 1)
    return found


def _summary_won(said: str) -> list[str]:
    """What `_SUMMARY_WON.finditer(said)` finds, in order: the text in the parentheses after
    each `collected (`, `won (` or `pot (` that holds one character at least."""
    found: list[str] = []
    at = 0
    while True:
        start, size = first_word(said, _WON_WORDS, at)
        if start < 0:
            return found
        close = said.find(")", start + size)
        if close > start + size:
            found.append(said[start + size:close])
            at = close + 1
        else:
            at = start + 1


def _seat_number(text: str) -> int:
    """The number `text` holds (ASCII digits only), -1 when it is not one."""
    number = SEAT_NUMBERS.get(text)
    if number is not None:
        return number
    return int(text) if is_digits(text) else -1


def _cut(runs: Iterable[Run], reading: LineTracker
         ) -> Iterator[tuple[int, list[str], bool]]:
    """(first line number, lines, header glued) for each hand; separators and blank runs
    between hands are dropped, any other text before the first header is its own block."""
    start = 0
    current: list[str] = []
    glued = False
    for first, lines in runs:
        number = first - 1
        for text in lines:
            number += 1
            reading.last = number
            # Every line of a file passes here: no slice made to test its start, and one
            # scan for "#" (memchr) before the glued header's words.
            if text.startswith("Full") and header_start(text) is not None:
                yield from _closed(start, current, glued)
                start, current, glued = number, [text], False
                continue
            if "#" in text and " Game #" in text:
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
    while end and (not lines[end - 1].strip() or _is_separator(lines[end - 1].strip())):
        end -= 1
    if end:
        yield start, lines[:end], glued


def _is_separator(text: str) -> bool:
    """`_SEPARATOR.fullmatch(text)`, the pattern asked only of a text that can be one: every
    hand's last line is tested, and it is almost never a separator."""
    return text == "BEGIN" or (text[:1] == "*" and _SEPARATOR.fullmatch(text) is not None)


def _pot_total(text: str) -> tuple[str, str, str] | None:
    """What `_TOTAL_POT.fullmatch(text)` reads (total, parts, rake), or None where it finds
    nothing. The usual line ("Total pot 1,234 | Rake 0", no pot parts) is read by position;
    the pattern reads the others, and the tests hold the two equal."""
    parts = total_and_rake(text)
    if parts is not None:
        total, rake = parts
        if total and rake and not _has_space(total) and not _has_space(rake):
            return total, "", rake
    match = _TOTAL_POT.fullmatch(text)
    if match is None:
        return None
    return match["total"], match["parts"], match["rake"]


def _has_space(text: str) -> bool:
    """Whether `text` holds a character that the patterns' `\\s` takes (str.isspace)."""
    return any(char.isspace() for char in text)


# The usual award lines' words before the amount, and the pot they name ("wins the pot (50)"):
# read by position (`_award_parts`).
_USUAL_AWARDS: Final[tuple[tuple[str, str], ...]] = (
    ("wins the pot (", "pot"), ("ties for the pot (", "pot"),
    ("wins the main pot (", "main pot"), ("ties for the main pot (", "main pot"),
    ("wins the side pot (", "side pot"), ("ties for the side pot (", "side pot"))


def _award_parts(rest: str) -> tuple[str, str | None, str, str | None] | None:
    """What `_AWARD.fullmatch(rest)` reads (amount, board, pot, half), or None where it finds
    nothing. The usual lines are read by position (the pattern scanned each, ~1 µs); the
    pattern reads the others, and the tests hold the two equal."""
    for words, pot in _USUAL_AWARDS:
        if rest.startswith(words):
            start = len(words)
            close = rest.find(")", start)
            if close > start:
                tail = rest[close + 1:]
                if not tail or (tail.startswith(" with ") and "\n" not in tail):
                    return rest[start:close], None, pot, None
            break
    match = _AWARD.fullmatch(rest)
    if match is None:
        return None
    return match["amount"], match["board"], match["pot"], match["half"]


def marker_parts(text: str) -> tuple[str, str | None, str] | None:
    """'*** NAME [N] ***...' (`_MARKER`): the name, the run-it-twice board and what follows;
    None when the text is no marker. A marker with cards ('*** FLOP *** [Qc 7s 2d]', one a
    street, never twice the same) is read as its head, matched once and kept, and the rest:
    the name holds no '*', so the head ends at the first ' ***' after the opening one."""
    end = text.find(" ***", 4)
    if end > 4 and end + 4 < len(text):
        head = text[:end + 4]
        known = _MARKER_PARTS.get(head)
        if known is None:
            known = marker_parts(head)
        if known is not None:
            return known[0], known[1], text[end + 4:]
    match = _MARKER.fullmatch(text)
    if match is None:
        return None
    parts: tuple[str, str | None, str] = (match.group(1), match.group(2), match.group(3))
    if not parts[2]:
        remember(_MARKER_PARTS, text, parts, _MARKER_CACHE_SIZE)
    return parts


def _plain_chips(text: str) -> int:
    """Chips written as digits and separators ("2500", "12,345"), or -1 for any other text
    (which `amount` reads or refuses in its words). Seat stacks change every hand: read here
    they cost a scan of a few characters, where a cache missed and grew."""
    size = len(text)
    if size == 0 or size > 18:  # 18 digits stay below 2**63
        return -1
    value = 0
    for at in range(size):
        code = ord(text[at])
        if 48 <= code <= 57:  # "0" to "9"
            value = value * 10 + code - 48
        elif code != 44 or at == 0:  # "," between digits
            return -1
    return value


class _HandReader:
    """Reads one hand's lines into the hand record (its parts built as they are read)."""

    hand_id: str | None = None
    in_cents = False
    # The summary's "Total pot" line; pot_line 0 until it is read.
    pot_total = 0
    pot_rake = 0
    pot_line = 0
    # Running totals for the money check.
    put_in = 0
    returned = 0
    button: int | None = None
    street = Street.PREFLOP
    markers: dict[str, Street] = _FLOP_MARKERS
    dealt = False
    showdown = False
    summary_board = 0
    in_summary = False
    seats_line: int | None = None

    def __init__(self, block: Block, path: str, glued: bool) -> None:
        self.block = block
        self.path = path
        self.glued = glued
        self.number = block.start
        self.seats: list[Seat] = []
        self.seat_of: dict[str, Seat] = {}
        # Player names by their first word, longest first: "Player1 2" before "Player1".
        self.by_word: dict[str, list[str]] = {}
        self.others: set[str] = set()
        self.actions: list[Action] = []
        self.events: list[HandEvent] = []
        self.hole: dict[str, list[str]] = {}
        # Stud: the cards dealt face up, per player, in street order.
        self.up: dict[str, list[str]] = {}
        self.boards: list[list[str]] = []
        self.summary_boards: dict[int, list[str]] = {}
        self.shown: list[ShownCards] = []
        self.shown_players: set[str] = set()
        self.returns: list[UncalledReturn] = []
        self.awards: list[Award] = []
        self.summary: list[SummarySeat] = []
        self.summary_won: list[tuple[str, int, int, int]] = []
        self.pot_parts: list[int] = []
        self.won: dict[str, int] = {}
        self.on_street: dict[str, int] = {}
        self.last_discard: dict[str, int | None] = {}
        self.warnings: list[str] = []
        self.full_posts: dict[ActionKind, int] = {}
        self.chip_verbs: dict[str, _ChipVerb] = _CHIP_VERBS_READ[False]
        self.amounts: dict[str, int] = _AMOUNTS[False]

    # ----------------------------------------------------------------- driver

    def fail(self, reason: str, number: int | None = None) -> RecordError:
        line = self.number if number is None else number
        return RecordError(reason, line, self.hand_id)

    def read(self) -> Hand:
        """Three passes, each testing only for the lines it can meet: the seats, the body
        up to the summary marker, the summary. Each pass returns where the next begins."""
        lines = self.block.lines
        header = self._header(lines[0])
        body_at = self._read_seats(lines)
        summary_at = self._read_body(lines, body_at)
        self._read_summary(lines, summary_at)
        return self._finish(header)

    # Every pass skips blank lines and cuts a trailing space off (some archives pad lines).

    def _read_seats(self, lines: list[str]) -> int:
        """Seat lines from the second line on; the index of the first other line."""
        first = self.block.start
        for index in range(1, len(lines)):
            text = lines[index]
            if not text or text[-1] == " ":
                text = text.rstrip()
                if not text:
                    continue
            self.number = first + index
            if text.startswith("Seat ") and is_digits(text[5:6]):
                self._seat_line(text)
            elif text.startswith("Seats: "):
                self._max_seats_line(text)
            else:
                return index
        return len(lines)

    def _read_body(self, lines: list[str], start: int) -> int:
        """Body lines from `start`; the index after the summary marker (or the end)."""
        first = self.block.start
        by_word = self.by_word
        chip_verbs = self.chip_verbs
        for index in range(start, len(lines)):
            text = lines[index]
            if not text or text[-1] == " ":
                text = text.rstrip()
                if not text:
                    continue
            self.number = first + index
            # Most lines are a seated player's act: look the first word up first.
            space = text.find(" ")
            names = by_word.get(text[:space] if space > 0 else text)
            if names is not None:
                name = names[0]
                if len(name) != space:  # a name with spaces, or no verb after the name
                    if self._act_line(names, text):
                        continue
                else:  # the common case: the first word is the (longest) name
                    rest = text[space + 1:]
                    verb = chip_verbs.get(rest)
                    if verb is not None:  # the same words were read before
                        self._chip_act(name, rest, verb)
                        continue
                    cut = rest.find(" ")
                    handler = _VERBS.get(rest[:cut] if cut > 0 else rest)
                    if handler is not None and handler(self, name, rest):
                        continue
            if text.startswith("*** "):
                self._marker(text)
                if self.in_summary:
                    return index + 1
            else:
                self._other_line(text)
        return len(lines)

    def _read_summary(self, lines: list[str], start: int) -> None:
        first = self.block.start
        for index in range(start, len(lines)):
            text = lines[index]
            if not text or text[-1] == " ":
                text = text.rstrip()
                if not text:
                    continue
            self.number = first + index
            if text.startswith("Seat "):
                self._summary_seat(text)
            else:
                self._summary_line(text)

    def _header(self, text: str) -> Header:
        try:
            header = parse_header(text)
        except HeaderError as exc:
            start = HEADER_START.match(text)
            if start is None:
                raise self.fail(
                    f"no header line: the record starts with {text[:60]!r} "
                    "(the hand's first line is missing)"
                ) from None
            self.hand_id = start.group(1)
            raise self.fail(f"header not understood ({exc}): {excerpt(text)}") from None
        self.hand_id = header.hand_id
        self.header = header
        self.setting = header.setting
        self.in_cents = header.setting.in_cents
        self.chip_verbs = _CHIP_VERBS_READ[self.in_cents]
        self.amounts = _AMOUNTS[self.in_cents]
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
        number = text[5:colon]
        if text[-1] == ")":  # the common case: no ", is sitting out"
            sitting_out = False
            paren = text.rfind(" (", colon + 2)
            stack_end = -1
        else:
            sitting_out = text.endswith(_SEAT_SITTING_OUT)
            stack_end = -1 - len(_SEAT_SITTING_OUT) if sitting_out else -1
            paren = text.rfind(" (", colon + 2, stack_end)
        if (colon < 0 or paren <= colon + 2 or text[stack_end] != ")"
                or (seat_number := _seat_number(number)) < 0):
            raise self.fail(f"line {self.number} not understood as a seat: {excerpt(text)}")
        name = text[colon + 2: paren]
        seat = Seat(seat_number, name, self._amount(text[paren + 2: stack_end]), self.number,
                    sitting_out)
        if name in self.seat_of:
            raise self.fail(f"line {self.number}: {excerpt(name)} is seated twice")
        self.seats.append(seat)
        self.seat_of[name] = seat
        self._add_name(name)

    def _max_seats_line(self, text: str) -> None:
        count = text[7:]
        if not is_digits(count):
            raise self.fail(f"line {self.number} not understood: {excerpt(text)}")
        self.seats_line = int(count)

    # ----------------------------------------------------------------- body

    def _act_line(self, names: list[str], text: str) -> bool:
        """A line that starts with one of these names and goes on with a verb of theirs."""
        for name in names:
            size = len(name)
            if text.startswith(name) and len(text) > size + 1 and text[size] == " ":
                rest = text[size + 1:]
                verb = self.chip_verbs.get(rest)
                if verb is not None:  # the same words were read before: skip the reading
                    self._chip_act(name, rest, verb)
                    return True
                return self._verb(name, rest)
        return False

    def _other_line(self, text: str) -> None:
        """A body line that is neither a seated player's act nor a street marker."""
        if text.startswith("Dealt to "):
            self._dealt(text)
            return
        if text.startswith("Uncalled bet of "):
            self._uncalled(text)
            return
        if text.startswith("The button is in seat #"):
            seat = text[23:]
            if not is_digits(seat):
                raise self.fail(f"line {self.number} not understood: {excerpt(text)}")
            self.button = int(seat)
            return
        speaker = self._name_at(text)
        if speaker is not None and text[len(speaker): len(speaker) + 2] == ": ":
            self._event(HandEventKind.CHAT, speaker, text[len(speaker) + 2:])
            return
        self._unseated_line(text)

    def _add_name(self, name: str) -> None:
        space = name.find(" ")
        word = name[:space] if space >= 0 else name
        names = self.by_word.get(word)
        if names is None:
            self.by_word[word] = [name]
        else:
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
        raise self.fail(f"line {self.number} not understood: {excerpt(text)}")

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
                raise self.fail(f"line {self.number}: {excerpt(name)} acts but is not seated: "
                                f"{excerpt(text)}")
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
        name, run, rest = _MARKER_PARTS.get(text) or self._marker_parts(text)
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
            raise self.fail(f"line {self.number}: street {excerpt(name)} does not belong to "
                            f"{self.setting.game_text}: {excerpt(text)}")
        if name in _BOARD_MARKERS and self.setting.game in _FLOP_GAMES:
            self._board(int(run) - 1 if run else 0, rest, name)
        if run:
            return  # a run-it-twice board: no betting round of its own
        if street != self.street:
            self.on_street = {}
        self.street = street
        self.dealt = True

    def _marker_parts(self, text: str) -> tuple[str, str | None, str]:
        parts = marker_parts(text)
        if parts is None:
            raise self.fail(f"line {self.number} not understood: {excerpt(text)}")
        return parts

    def _board(self, index: int, rest: str, street: str) -> None:
        """Each street repeats the board so far, then the new cards; Courchevel's FLOP
        lists only the two cards added to the FLOPET card."""
        groups = _bracket_groups(rest)
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
            raise self.fail(f"line {self.number} not understood: {excerpt(text)}")
        name = text[9:bracket]
        if name not in self.seat_of and self.seats:
            raise self.fail(f"line {self.number}: cards dealt to {excerpt(name)}, who is not "
                            f"seated")
        cards = self._cards(text[bracket + 2: -1].replace("] [", " "))
        self._know(name, cards)
        if cards and self.setting.game in _STUD_GAMES and self.street is not Street.SEVENTH:
            # Each street deals one card, written last on the line ("[5h 3c] [Td]",
            # "[Kc Tc] [Qd]"); it is face up on every street but seventh.
            up = self.up.setdefault(name, [])
            if cards[-1] not in up:
                up.append(cards[-1])

    def _cards(self, text: str) -> list[str]:
        usual = deck_cards(text)
        if usual is not None:
            return usual
        cards = text.split()
        if not _CARDS.issuperset(cards):
            bad = next(card for card in cards if card not in _CARDS)
            raise self.fail(f"line {self.number}: {excerpt(bad)} is not a card")
        return cards

    def _know(self, name: str, cards: list[str]) -> None:
        known = self.hole.get(name)
        if known is None:
            known = self.hole[name] = []
        for card in cards:
            if card not in known:
                known.append(card)

    # ----------------------------------------------------------------- money

    def _amount(self, text: str) -> int:
        """An amount in the hand's unit; a currency symbol must be there exactly for cash.
        A tournament's chips are read on the spot; other texts repeat a lot ("$0.50"), so
        their values are cached per unit."""
        if not self.in_cents:
            chips = _plain_chips(text)
            if chips >= 0:
                return chips
        value = self.amounts.get(text)
        if value is None:
            value = self._new_amount(text)
        return value

    def _new_amount(self, text: str) -> int:
        if self.in_cents == is_digits(text[:1]):
            raise self.fail(f"line {self.number}: amount {excerpt(text)} does not match the "
                            f"table's {'currency' if self.in_cents else 'chips'}")
        try:
            value = amount(text, self.in_cents)
        except ValueError as exc:
            raise self.fail(f"line {self.number}: {exc}") from None
        return remember(self.amounts, text, value, _AMOUNT_CACHE_SIZE)

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
        self.actions.append(Action(len(self.actions), self.street, name, kind, self.number,
                                   value, to, all_in))
        self.put_in += value
        counted = value if live is None else live
        if counted:
            self.on_street[name] = self.on_street.get(name, 0) + counted

    def _uncalled(self, text: str) -> None:
        value_text, found, name = text[16:].partition(" returned to ")
        if not found or (self.seats and name not in self.seat_of):
            raise self.fail(f"line {self.number} not understood: {excerpt(text)}")
        value = self._amount(value_text)
        self.returned += value
        self.returns.append(UncalledReturn(name, value, self.number))

    def _event(self, kind: HandEventKind, name: str | None, text: str) -> None:
        self.events.append(HandEvent(kind, len(self.actions), self.number, name, text,
                                     self.street))

    # ----------------------------------------------------------------- verbs

    def _chip_act(self, name: str, rest: str, verb: _ChipVerb) -> None:
        """Record a chip verb already read from its words (see `_ChipVerb`)."""
        kind, value, all_in, counts = verb
        actions = self.actions
        action = Action(len(actions), self.street, name, kind, self.number, all_in=all_in)
        on_street = self.on_street
        if counts == _RAISES_TO:  # the value is the new street total
            added = value - on_street.get(name, 0)
            if added <= 0:
                said = rest[10:] if kind == ActionKind.RAISE else rest[16:]
                raise self.fail(f"line {self.number}: {name} {kind.value}s to {said} but has "
                                f"{on_street.get(name, 0)} in already on this street")
            action.amount = added
            action.to = value
            on_street[name] = value
            self.put_in += added
        else:
            if counts == _BLIND and not all_in:
                self.full_posts.setdefault(kind, value)
            if value:
                action.amount = value
                self.put_in += value
                if counts != _DEAD:
                    on_street[name] = on_street.get(name, 0) + value
        actions.append(action)

    def _play(self, name: str, rest: str, verb: _ChipVerb) -> bool:
        """Remember what these words mean (for the table's unit), then record the act."""
        remember(self.chip_verbs, rest, verb, _CHIP_VERBS_CACHE_SIZE)
        self._chip_act(name, rest, verb)
        return True

    def _fold(self, name: str, rest: str) -> bool:
        return rest == "folds" and self._play(name, rest, _FOLDS)

    def _check(self, name: str, rest: str) -> bool:
        return rest == "checks" and self._play(name, rest, _CHECKS)

    def _amount_act(self, name: str, rest: str, prefix: str, kind: ActionKind,
                  counts: str) -> bool:
        """An act whose amount follows `prefix` ("calls ", "raises to ", ...)."""
        value, all_in = self._amount_flags(rest[len(prefix):])
        return self._play(name, rest, _ChipVerb(kind, value, all_in, counts))

    def _call(self, name: str, rest: str) -> bool:
        return self._amount_act(name, rest, "calls ", ActionKind.CALL, _LIVE)

    def _bet(self, name: str, rest: str) -> bool:
        return self._amount_act(name, rest, "bets ", ActionKind.BET, _LIVE)

    def _raise(self, name: str, rest: str) -> bool:
        prefix = "raises to "
        return rest.startswith(prefix) and self._amount_act(
            name, rest, prefix, ActionKind.RAISE, _RAISES_TO)

    def _complete(self, name: str, rest: str) -> bool:
        prefix = "completes it to "
        return rest.startswith(prefix) and self._amount_act(
            name, rest, prefix, ActionKind.COMPLETE, _RAISES_TO)

    def _post(self, name: str, rest: str) -> bool:
        if rest.startswith("posts the small blind of "):
            kind, text, counts = ActionKind.SMALL_BLIND, rest[25:], _BLIND
        elif rest.startswith("posts the big blind of "):
            kind, text, counts = ActionKind.BIG_BLIND, rest[23:], _BLIND
        elif rest.startswith("posts a dead small blind of "):
            kind, text, counts = ActionKind.DEAD_BLIND, rest[28:], _DEAD
        else:
            self._post_out_of_turn(name, rest[6:])
            return True
        value, all_in = self._amount_flags(text)
        return self._play(name, rest, _ChipVerb(kind, value, all_in, counts))

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
        return self._amount_act(name, rest, "antes ", ActionKind.ANTE, _DEAD)

    def _bring_in(self, name: str, rest: str) -> bool:
        prefix = "brings in for "
        return rest.startswith(prefix) and self._amount_act(
            name, rest, prefix, ActionKind.BRING_IN, _BLIND)

    def _discard(self, name: str, rest: str) -> bool:
        """'discards 2 cards [Ah Ts]', 'discards 1 card', Irish 'discards [9h 9c]' or
        'discards' (an opponent's two cards, count not written)."""
        count: int | None = None
        tail = rest[8:].lstrip()
        bracket = tail.find("[")
        if bracket >= 0:
            close = tail.rfind("]")
            if close < 0:
                return False  # not understood: the line is rejected by name
            cards = self._cards(tail[bracket + 1: close])
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
        self.actions.append(Action(len(self.actions), self.street, name, ActionKind.DISCARD,
                                   self.number, discards=count))
        self.last_discard[name] = count

    def _is(self, name: str, rest: str) -> bool:
        if rest == "is sitting out":
            if not self.dealt and name in self.seat_of:
                self.seat_of[name].sitting_out = True
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
            self.shown.append(ShownCards(name, cards, self.number))
            self.shown_players.add(name)
        return True  # "shows two pair, ..." names the hand of cards already shown

    def _mucks(self, name: str, rest: str) -> bool:
        if rest == "mucks":
            return True
        if rest.startswith("mucks ["):
            cards = self._cards(rest[7: rest.find("]")])
            self._know(name, cards)
            self.shown.append(ShownCards(name, cards, self.number, mucked=True))
            self.shown_players.add(name)
            return True
        return False

    def _award(self, name: str, rest: str) -> bool:
        parts = _award_parts(rest)
        if parts is None:
            return False
        amount_text, board, pot, half = parts
        value = self._amount(amount_text)
        self.won[name] = self.won.get(name, 0) + value
        award = Award(name, value, self.number, half=half or None)
        if board:
            award.board = int(board) - 1
        elif pot != "pot":
            award.pot = pot.replace("#", "")
        self.awards.append(award)
        return True

    def _has(self, name: str, rest: str) -> bool:
        kind = _HAS.get(rest)
        if kind is None:
            if not (rest.endswith(" seconds left to act") and is_digits(rest[4:-20])):
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
            if not is_digits(run):
                raise self.fail(f"line {self.number} not understood: {excerpt(text)}")
            self.summary_board = int(run) - 1
        elif text.startswith("Duration ") and text.endswith("s") and is_digits(text[9:-1]):
            return
        elif text.startswith("Pot ") and is_digits(text[4:5]):
            return  # "Pot 1 $124.20": one board's share in a run-it-twice summary
        else:
            raise self.fail(f"line {self.number} not understood in the summary: {excerpt(text)}")

    def _summary_seat(self, text: str) -> None:
        colon = text.find(": ", 5)
        seat = _seat_number(text[5:colon]) if colon >= 0 else -1
        if seat < 0:
            raise self.fail(f"line {self.number} not understood in the summary: {excerpt(text)}")
        body = text[colon + 2:]
        if " Seat " in body:
            second = _SECOND_SEAT.search(body)
            if second is not None:
                self._two_seats(text, body, second.start() + 1)
                return
        space = body.find(" ")
        names = self.by_word.get(body[:space]) if space > 0 else None
        if names is not None and len(names[0]) == space:
            name = names[0]  # the common case: the first word is the (longest) name
        else:
            found_name = self._name_at(body)
            if found_name is None:
                found = _SUMMARY_NAME.match(body)
                found_name = found.group(1) if found else body
            name = found_name
        said = body[len(name):].strip()
        self.summary.append(SummarySeat(seat, name, said, self.number))
        if "[" in said:
            self._summary_cards(name, said)
        # What a line won is in parentheses after its first character (a position's "(big
        # blind)" opens it): one scan rules out most lines before the three phrases.
        if said.find("(", 1) > 0 and ("collected (" in said or "won (" in said
                                      or "pot (" in said):
            for won in _summary_won(said):
                self.summary_won.append(
                    (name, self._amount(won), self.summary_board, self.number)
                )

    def _two_seats(self, text: str, body: str, second: int) -> None:
        """A damaged summary line holding two seats ('Seat 3: Player4 Seat 4: Player1
        (big blind) collected ($0.50), mucked'): the first part says nothing about the
        hand's money, so the line is read as the second seat's, with a warning."""
        orphan = text[: len(text) - len(body) + second - 1]
        who = body[: second - 1]
        status = "seated" if who in self.seat_of else "not seated"
        self.warnings.append(
            f"summary line {self.number} lists two seats: {excerpt(text)}; {excerpt(orphan)} "
            f"has no result "
            f"of its own ({who} is {status} in this hand) and is left out"
        )
        self._summary_seat(body[second:])

    def _summary_cards(self, name: str, said: str) -> None:
        """'showed [..] and won', 'mucked [..] - a pair': cards the summary reveals."""
        for verb in ("showed [", "mucked ["):
            at = said.find(verb)
            if at < 0:
                continue
            close = said.find("]", at)
            if close < 0:
                raise self.fail(f"line {self.number}: the summary's '{verb}' has no closing "
                                f"']': {excerpt(said)}")
            cards = self._cards(said[at + 8: close])
            self._know(name, cards)
            if name not in self.shown_players:
                self.shown.append(ShownCards(name, cards, self.number,
                                             mucked=verb == "mucked ["))
                self.shown_players.add(name)

    def _total_pot(self, text: str) -> None:
        read = _pot_total(text)
        if read is None:
            raise self.fail(f"line {self.number} not understood in the summary: {excerpt(text)}")
        total, parts, rake = read
        self.pot_total = self._amount(total)
        self.pot_rake = self._amount(rake)
        self.pot_line = self.number
        if parts:
            self.pot_parts = [self._amount(part) for part in _POT_PART.findall(parts)]

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
        return Hand(
            site=SITE,
            source_format=FORMAT_NAME,
            hand_id=header.hand_id,
            tournament_id=setting.tournament_id,
            tournament_name=setting.tournament_name,
            fast_fold=setting.fast_fold,
            table=setting.table,
            max_seats=setting.max_seats or self.seats_line,
            game=setting.game,
            structure=setting.structure,
            cap=setting.cap,
            unit=Unit.CENTS if setting.in_cents else Unit.CHIPS,
            currency=setting.currency,
            small_blind=small,
            big_blind=big,
            small_bet=setting.stake_low if fixed else None,
            big_bet=setting.stake_high if fixed else None,
            ante=setting.ante,
            bring_in=self.full_posts.get(ActionKind.BRING_IN),
            played_at=header.played_at,
            played_at_zone=header.played_at_zone,
            played_at_et=header.played_at_et,
            button_seat=self.button,
            seats=self.seats,
            actions=self.actions,
            events=self.events,
            hole_cards=self.hole,
            up_cards=self.up,
            boards=self.boards,
            shown=self.shown,
            returns=self.returns,
            awards=self.awards,
            pot=RecordedPot(self.pot_total, self.pot_line, self.pot_rake, self.pot_parts),
            summary=self.summary,
            location=SourceLocation(file=self.path, line=self.block.start),
            end_line=self.block.end,
            warnings=self.warnings,
        )

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
                self.awards.append(Award(name, value, line, board=board))
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
        self.returns.append(UncalledReturn(top, missing, self.pot_line))
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


_CHIP_VERBS: Final[tuple[str, ...]] = (
    "folds", "checks", "calls ", "bets ", "raises to ", "posts ", "antes ", "brings in ",
    "completes it to ", "discards", "stands pat", "shows", "mucks", "wins ", "ties for ",
)

_HAS: Final = {
    "has timed out": HandEventKind.TIMED_OUT,
    "has requested TIME": HandEventKind.TIME_BANK,
    "has been disconnected": HandEventKind.DISCONNECTED,
    "has reconnected": HandEventKind.RECONNECTED,
    "has returned": HandEventKind.RETURNED,
}

_VERBS: Final[dict[str, Callable[[_HandReader, str, str], bool]]] = {
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
