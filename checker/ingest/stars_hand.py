"""PokerStars text hand histories, and the 2016 "Full Tilt Hand #" files that PokerStars software
wrote for Full Tilt after the merger (the same text under another site name).

One record per hand: a header line, the table line, seat lines, posts and betting rounds marked
by `*** ... ***` lines, then a `*** SUMMARY ***` section. Every line kind the real files hold is
read; a line that is not understood makes the record a located rejection. Files glued together
without a line break (a header in the middle of a line) are cut at that header, so the hand
before it is rejected as truncated and the hand after it is read.

Hot path: one pass over the lines with cheap string tests before any regex, the record's parts
built as they are read, and the hand built once at the end. A seated player's chip action (two
lines in three) costs one split and one lookup: the text after `Name: ` is parsed once and
remembered. Known shapes of other lines (deals, board lines, rounds) take a short path;
anything else, damaged lines included, goes through the general reading, whose errors are the
record's.
"""

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Final, NoReturn

from checker.ingest.amounts import currency_of, is_digits, parse_amount
from checker.ingest.base import (
    SEAT_NUMBERS,
    Block,
    RecordError,
    deck_cards,
    first_word,
    remember,
    total_and_rake,
)
from checker.ingest.consistency import pot_problems
from checker.ingest.decode import Line, LineTracker, Run
from checker.ingest.excerpt import excerpt
from checker.ingest.stars_date import DATE, usual_date
from checker.model import Hand, Record
from checker.model.cards import RANKS, SUITS
from checker.model.hand import (
    Action,
    ActionKind,
    Award,
    BettingStructure,
    CashOut,
    Game,
    HandEvent,
    HandEventKind,
    RecordedPot,
    Seat,
    ShownCards,
    Street,
    SummarySeat,
    UncalledReturn,
    Unit,
)
from checker.model.hand_record import hand_from_fields
from checker.model.source import SourceLocation

NAME: Final = "pokerstars-hand"

Json = dict[str, object]

# --- the hand header -------------------------------------------------------------------------

# Where a hand starts, also in the middle of a line when a file was glued to the next one.
_HEADER_AT: Final = re.compile(
    r"(?:PokerStars(?: Home Game| Zoom)?|Full Tilt(?: Rush)?) (?:Hand|Game) #[0-9]+: "
)

# What most headers start with (PokerStars wrote "Game #" until 2010, "Hand #" since):
# `_HEADER_AT` at a line's start, checked by position. Both are as long.
_USUAL_HEADERS: Final[tuple[str, ...]] = ("PokerStars Hand #", "PokerStars Game #")
_USUAL_HEADER_SIZE: Final = 17


def _header_start(text: str) -> int:
    """Where `_HEADER_AT` first matches in the line; -1 nowhere. A line that starts with the
    usual words, the hand's digits and ": " is one at 0 without the pattern."""
    if text.startswith(_USUAL_HEADERS):
        colon = text.find(": ", _USUAL_HEADER_SIZE)
        if colon > _USUAL_HEADER_SIZE and is_digits(text[_USUAL_HEADER_SIZE:colon]):
            return 0
    found = _HEADER_AT.search(text)
    return -1 if found is None else found.start()


_GAMES: Final = {
    "hold'em": Game.HOLDEM,
    "6+ hold'em": Game.HOLDEM_SHORT_DECK,
    # Two boards from the flop on, each pot split between them: read as hold'em run twice
    # from the flop (boards and awards per board, as the record writes them).
    "split hold'em": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi/lo": Game.OMAHA_HILO,
    "5 card omaha": Game.OMAHA5,
    "5 card omaha hi/lo": Game.OMAHA5_HILO,
    "6 card omaha": Game.OMAHA6,
    "courchevel": Game.COURCHEVEL,
    "courchevel hi/lo": Game.COURCHEVEL_HILO,
    "fusion": Game.FUSION,
    "7 card stud": Game.STUD,
    "7 card stud hi/lo": Game.STUD_HILO,
    "razz": Game.RAZZ,
    "5 card stud": Game.STUD5,
    "5 card draw": Game.DRAW5,
    "single draw 2-7 lowball": Game.DRAW27_SINGLE,
    "triple draw 2-7 lowball": Game.DRAW27_TRIPLE,
    "triple draw a-5 lowball": Game.DRAWA5_TRIPLE,
    "badugi": Game.BADUGI,
}
_STRUCTURES: Final = {
    "no limit": BettingStructure.NO_LIMIT,
    "pot limit": BettingStructure.POT_LIMIT,
    "limit": BettingStructure.FIXED_LIMIT,
    "pot limit pre-flop, no limit post-flop": BettingStructure.PL_PREFLOP_NL_POSTFLOP,
}
# Longest names first, so that "Omaha Hi/Lo" is not read as "Omaha".
_GAME_NAMES = "|".join(
    re.escape(name).replace("\\ ", " ").replace(" ", r"\ ")
    for name in sorted(_GAMES, key=len, reverse=True)
)
_AMOUNT = r"[$€£₹]?[0-9][0-9,]*(?:\.[0-9]+)?"

_HEADER: Final = re.compile(
    rf"""^(?P<site>PokerStars|Full\ Tilt)(?:\ Home\ Game|(?P<pool>\ Zoom|\ Rush))?
    \ (?:Hand|Game)\ \#(?P<id>[0-9]+):\s+
    (?:\{{[^}}]*\}}\s+)?
    (?:(?P<zoom>Zoom\ )?Tournament\ \#(?P<tid>[0-9]+),?\s+
       (?P<buyin>Freeroll
         |{_AMOUNT}(?:\ ?(?:FPP|SC|StarsCoin))?(?:\+{_AMOUNT})*(?:\ (?:USD|EUR|GBP|CAD|INR))?
       )?\s*)?
    (?:(?P<mix>[^()]+?)\ \()?
    (?P<game>{_GAME_NAMES})
    \ (?P<structure>Pot\ Limit\ Pre-Flop,\ No\ Limit\ Post-Flop|No\ Limit|Pot\ Limit|Limit)
    (?:,\ (?P<mix_stakes>[^)]*))?\)?
    \s*(?:\((?P<stakes>[^)]*)\)\s*)?
    -\ (?:Match\ Round\ [IVXLC]+,\ )?
    (?:Level\ (?P<level>[IVXLC]+)\ \((?P<level_stakes>[^)]*)\)\ -\ )?
    (?P<date>.*)$""",
    re.IGNORECASE | re.VERBOSE,
)
_CURRENCY_CODE: Final = re.compile(r"\b(USD|EUR|GBP|CAD|INR)\b")
# Cash stakes whose currency symbol a mixed-up encoding garbled into another character (cp1252's
# € read as Mac Roman is Ä): "Ä0.01/Ä0.02 EUR". The code says what the symbol was.
_GARBLED_STAKES: Final = re.compile(
    r"^([^\x00-\x7f€£₹])[0-9][0-9,.]*/\1[0-9][0-9,.]*\s+(USD|EUR|GBP|INR)$")
_SYMBOL_OF: Final = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹"}
_MONEY_SYMBOL: Final = re.compile(r"[$€£₹][0-9]")
# 6+ Hold'em's stakes: "Button Blind $2 - Ante $2 USD" (no-break spaces in some files).
_BUTTON_STAKES: Final = re.compile(
    rf"^Button Blind\s({_AMOUNT}) - Ante\s({_AMOUNT})(?:\s+[A-Z]{{3}})?$")

_TABLE: Final = re.compile(
    r"^Table '(?P<table>.*)'(?: (?P<max>[0-9]+)-max)?(?: \(Play Money\))?"
    r"(?: Seat #(?P<button>[0-9]+) is the button)?$"
)
_SEAT: Final = re.compile(
    rf"^Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<stack>{_AMOUNT}) in chips"
    rf"(?:, (?P<bounty>{_AMOUNT}) bounty)?\)(?P<tail>.*)$"
)

# --- streets ---------------------------------------------------------------------------------

_FLOP: Final = "flop"
_STUD: Final = "stud"
_DRAW: Final = "draw"
_FAMILY: Final = {
    Game.STUD: _STUD, Game.STUD_HILO: _STUD, Game.RAZZ: _STUD, Game.STUD5: _STUD,
    Game.DRAW5: _DRAW, Game.DRAW27_SINGLE: _DRAW, Game.DRAW27_TRIPLE: _DRAW,
    Game.DRAWA5_TRIPLE: _DRAW, Game.BADUGI: _DRAW,
}  # fmt: skip
_FIRST_STREET: Final = {_FLOP: Street.PREFLOP, _STUD: Street.THIRD, _DRAW: Street.PREDRAW}
# The round each `*** NAME ***` line opens, per game family (stud's seventh is "RIVER").
_MARKERS: Final = {
    _FLOP: {
        "HOLE CARDS": Street.PREFLOP, "FLOP": Street.FLOP, "TURN": Street.TURN,
        "RIVER": Street.RIVER,
    },
    _STUD: {
        "2ND STREET": Street.SECOND, "3RD STREET": Street.THIRD, "4TH STREET": Street.FOURTH,
        "5TH STREET": Street.FIFTH, "6TH STREET": Street.SIXTH, "7TH STREET": Street.SEVENTH,
        "RIVER": Street.SEVENTH,
    },
    _DRAW: {
        "DEALING HANDS": Street.PREDRAW, "FIRST DRAW": Street.DRAW1, "DRAW": Street.DRAW1,
        "SECOND DRAW": Street.DRAW2, "THIRD DRAW": Street.DRAW3,
    },
}  # fmt: skip
_RANK: Final = {
    street: rank
    for streets in _MARKERS.values()
    for rank, street in enumerate(dict.fromkeys(streets.values()))
}
# Cards each flop-game round line shows: (board cards repeated, cards new).
_BOARD_SHAPE: Final = {Street.FLOP: (0, 3), Street.TURN: (3, 1), Street.RIVER: (4, 1)}
_RUN_TWICE: Final = {"FIRST": 0, "SECOND": 1}
_RUN_TWICE_ROUNDS: Final = frozenset({"FLOP", "TURN", "RIVER", "SHOW DOWN"})
# Fusion: the hole cards a player holds after each round's deal (none comes with the river).
_FUSION_HOLDS: Final = {Street.PREFLOP: 2, Street.FLOP: 3, Street.TURN: 4}


def _round_of(family: str, name: str) -> tuple[int, Street | None] | None:
    """What an upper-case `*** NAME ***` line is in a game family: the board (1 for the second
    run of a board run twice) and the round it opens, None for the showdown; None when the
    game has no such round."""
    board = 0
    first_word, _, rest = name.partition(" ")
    if first_word in _RUN_TWICE and rest in _RUN_TWICE_ROUNDS:
        board, name = _RUN_TWICE[first_word], rest
    if name == "SHOW DOWN":
        return board, None
    street = _MARKERS[family].get(name)
    return None if street is None else (board, street)


# Every name `_round_of` accepts, per family, looked up instead of parsed.
_ROUNDS: Final = {
    family: {
        name: found
        for name in [*streets, "SHOW DOWN"]
        + [f"{word} {round_name}" for word in _RUN_TWICE for round_name in _RUN_TWICE_ROUNDS]
        if (found := _round_of(family, name)) is not None
    }
    for family, streets in _MARKERS.items()
}
_STREET_WORDS: Final = {
    Street.PREFLOP: "before the flop", Street.FLOP: "on the flop", Street.TURN: "on the turn",
    Street.RIVER: "on the river", Street.SECOND: "on second street",
    Street.THIRD: "on third street", Street.FOURTH: "on fourth street",
    Street.FIFTH: "on fifth street", Street.SIXTH: "on sixth street",
    Street.SEVENTH: "on seventh street", Street.PREDRAW: "before the first draw",
    Street.DRAW1: "after the first draw", Street.DRAW2: "after the second draw",
    Street.DRAW3: "after the third draw",
}  # fmt: skip

# --- body lines ------------------------------------------------------------------------------

_BRACKETS: Final = re.compile(r"\[([^\]]*)\]")
_DEALT_TAIL: Final = re.compile(r"^(?: \[[^\]]*\]){1,2}$")
# `Dealt to Name [cards]` with no '[' in the name and one group of cards: what `dealt` reads
# from it (the name ends at the first ' [', the line has one bracket group). Read by position
# (`_dealt_usual`); the pattern says what that reads, and the tests hold them equal.
_DEALT_USUAL: Final = re.compile(r"^Dealt to ([^\[]+) \[([^\[\]]*)\]$")
_RAISE: Final = re.compile(rf"^({_AMOUNT}) to ({_AMOUNT})$")
_DISCARD: Final = re.compile(r"^([0-9]+) cards?(?: \[([^\]]*)\])?$")
_UNCALLED: Final = re.compile(rf"^Uncalled bet \(({_AMOUNT})\) returned to (.+)$")
_COLLECTED: Final = re.compile(
    rf"^(.+) collected ({_AMOUNT}) from ((?:main |side )?pot(?:-([0-9]+))?)$")
_CHAT: Final = re.compile(r'^(.+?) said, "(.*)"$')
_DEALT_TO: Final = "Dealt to "
_COLLECTED_WORD: Final = " collected "
_FROM_POT: Final = " from pot"


def _dealt_usual(text: str) -> tuple[str, str] | None:
    """The name and cards `_DEALT_USUAL` reads from a `Dealt to` line, found by position;
    None where it does not match (or where only its `$` before a final newline would)."""
    if not (text.startswith(_DEALT_TO) and text.endswith("]")):
        return None
    bracket = text.find("[", 9)
    if bracket < 11 or text[bracket - 1] != " ":
        return None
    cards = text[bracket + 1 : -1]
    if "[" in cards or "]" in cards:
        return None
    return text[9 : bracket - 1], cards


def _collected_plain(text: str) -> tuple[str, str] | None:
    """The name and amount `_COLLECTED` reads from the usual award line, `Name collected N
    from pot` with N digits, found by position; None for any other line (read by the
    pattern). The pattern's greedy name ends at the last " collected " its rest matches."""
    if not text.endswith(_FROM_POT):
        return None
    end = len(text) - len(_FROM_POT)
    at = text.rfind(_COLLECTED_WORD, 0, end)
    if at <= 0 or "\n" in text:  # the name's `.+`: one character at least, no newline
        return None
    amount = text[at + len(_COLLECTED_WORD) : end]
    if not is_digits(amount):
        return None
    return text[:at], amount


_ALL_IN: Final = " and is all-in"
_ACTION_VERBS: Final = frozenset({"folds", "checks", "calls", "bets", "raises", "posts", "shows"})

# Each pattern with a piece of text it cannot match without, tested first because it is cheap.
_EVENTS: Final[list[tuple[str, re.Pattern[str], HandEventKind]]] = [
    # `Name: sits out` names a player at the table but not in the seat list (not dealt in).
    (": sits out", re.compile(r"^(.+): sits out$"), HandEventKind.SITTING_OUT),
    (": is sitting out", re.compile(r"^(.+): is sitting out$"), HandEventKind.SITTING_OUT),
    (" is sitting out", re.compile(r"^(.+) is sitting out$"), HandEventKind.SITTING_OUT),
    (" is connected", re.compile(r"^(.+) is connected$"), HandEventKind.RECONNECTED),
    (" has returned", re.compile(r"^(.+) has returned$"), HandEventKind.RETURNED),
    (" is disconnected", re.compile(r"^(.+) is disconnected$"), HandEventKind.DISCONNECTED),
    (" has timed out",
     re.compile(r"^(.+) has timed out(?: while (?:being )?disconnected)?$"),
     HandEventKind.TIMED_OUT),
    (" joins the table at seat #",
     re.compile(r"^(.+) joins the table at seat #[0-9]+$"), HandEventKind.SITS_DOWN),
    (" leaves the table", re.compile(r"^(.+) leaves the table$"), HandEventKind.STANDS_UP),
    (" was removed from the table for failing to post",
     re.compile(r"^(.+) was removed from the table for failing to post$"),
     HandEventKind.STANDS_UP),
    (" will be allowed to play after the button",
     re.compile(r"^(.+) will be allowed to play after the button$"), HandEventKind.OTHER),
    # The clock's warning: "Hero has 15 seconds left to act".
    (" seconds left to act",
     re.compile(r"^(.+) has [0-9]+ seconds left to act$"), HandEventKind.TIME_WARNING),
    # Tournament lines (places, prizes, bounties, rebuys, add-ons) are kept with their text.
    (" finished the tournament",
     re.compile(r"^(.+) finished the tournament(?: in [0-9]+(?:st|nd|rd|th) place)?"
                r"(?: and received .+)?$"), HandEventKind.OTHER),
    (" wins the tournament and receives ",
     re.compile(r"^(.+) wins the tournament and receives .+$"), HandEventKind.OTHER),
    # A satellite's seat: "Name wins an entry to tournament #2869142162".
    (" wins an entry to tournament #",
     re.compile(r"^(.+) wins an entry to tournament #[0-9]+$"), HandEventKind.OTHER),
    (" bounty for eliminating ",
     re.compile(r"^(.+?) wins the \S+ bounty for eliminating .+$"), HandEventKind.OTHER),
    (" and their own bounty increases by ",
     re.compile(r"^(.+?) wins \S+ for (?:splitting the elimination of|eliminating) .+ and "
                r"their own bounty increases by \S+ to \S+$"), HandEventKind.OTHER),
    (" re-buys and receives ",
     re.compile(r"^(.+) re-buys and receives [0-9]+ chips for .+$"), HandEventKind.OTHER),
    (" takes the add-on and receives ",
     re.compile(r"^(.+) takes the add-on and receives [0-9]+ chips for .+$"), HandEventKind.OTHER),
]  # fmt: skip
# Lines naming no single player: a shared bounty and the dealer's notices (a draw game whose
# deck runs out reshuffles the discards; a hand called off before the deal is cancelled).
_CANCELLED: Final = "Hand cancelled"
_NOTICES: Final = re.compile(
    r"^(?:.+ split the \S+ bounty for eliminating .+|Betting is capped"
    r"|Pair on board - a double bet is allowed|No low hand qualified"
    r"|The deck is reshuffled|Hand cancelled)$"
)
_CASH_OUT: Final = re.compile(
    rf"^(.+) cashed out the hand for ({_AMOUNT})(?: \| Cash Out Fee ({_AMOUNT}))?$"
)
_NOT_AWARDED: Final = " (pot not awarded as player cashed out)"

# --- summary lines ---------------------------------------------------------------------------

_TOTAL_POT: Final = re.compile(
    rf"^Total pot ({_AMOUNT})((?: Main pot {_AMOUNT}\.| Side pot(?:-[0-9]+)? {_AMOUNT}\.)*)"
    rf" \| Rake ({_AMOUNT})$"
)


def _plain_total_pot(text: str) -> tuple[str, str] | None:
    """Total and rake of the usual pot line, `Total pot N | Rake N` in whole chips or
    units (no pots listed), read without `_TOTAL_POT`; None for any other line."""
    parts = total_and_rake(text)
    if parts is None:
        return None
    total, rake = parts
    if not (is_digits(total) and is_digits(rake)):
        return None
    return total, rake


_POT_PART: Final = re.compile(rf" (?:Main|Side) pot(?:-[0-9]+)? ({_AMOUNT})\.")
_SEAT_IN_TEXT: Final = re.compile(r"Seat [0-9]+: ")
# A summary line's shown cards and winnings are read by position (`_summary_cards`,
# `_summary_won`), as these patterns read them: a pattern scans the line's every position,
# ~1.5 us on a showdown's line.
_SUMMARY_CARDS: Final = re.compile(r"\b(showed|mucked) \[([^\]]*)\]")
_SUMMARY_WON: Final = re.compile(rf"\b(?:won|collected) \(({_AMOUNT})\)")
_CARD_WORDS: Final[tuple[str, ...]] = ("showed [", "mucked [")
_WON_WORDS: Final[tuple[str, ...]] = ("won (", "collected (")
_CURRENCY_SIGNS: Final = "$€£₹"


def _word_starts(text: str, at: int) -> bool:
    """Whether a word can start at `at` (the patterns' `\\b` before a word character): the
    text starts there or the character before is no word character."""
    if at == 0:
        return True
    before = text[at - 1]
    return not (before.isalnum() or before == "_")


def _first_of(text: str, words: tuple[str, ...], at: int) -> tuple[int, int]:
    """The first place from `at` where one of `words` starts at a word's start (`\\b`), and
    the word's length; (-1, 0) when none does."""
    while True:
        found, size = first_word(text, words, at)
        if found < 0 or _word_starts(text, found):
            return found, size
        at = found + 1


def _summary_cards(detail: str) -> list[tuple[str, str]]:
    """`_SUMMARY_CARDS.findall(detail)`: each `showed [..]` or `mucked [..]`, its word
    and the text between its brackets."""
    found: list[tuple[str, str]] = []
    at = 0
    while True:
        start, size = _first_of(detail, _CARD_WORDS, at)
        if start < 0:
            return found
        close = detail.find("]", start + size)
        if close < 0:
            at = start + 1
            continue
        # The word without its " [": "showed" or "mucked".
        found.append((detail[start:start + size - 2], detail[start + size:close]))
        at = close + 1


def _amount_end(text: str, at: int) -> int:
    """Where `_AMOUNT` matched at `at` ends when a `)` follows it (the pattern's backtracking
    finds no other such end), or -1."""
    size = len(text)
    if at < size and text[at] in _CURRENCY_SIGNS:
        at += 1
    if at >= size or not ("0" <= text[at] <= "9"):
        return -1
    at += 1
    while at < size and ("0" <= text[at] <= "9" or text[at] == ","):
        at += 1
    if at + 1 < size and text[at] == "." and "0" <= text[at + 1] <= "9":
        at += 2
        while at < size and "0" <= text[at] <= "9":
            at += 1
    return at if at < size and text[at] == ")" else -1


def _summary_won(detail: str) -> list[str]:
    """`_SUMMARY_WON.findall(detail)`: the amount of each `won (N)` or `collected (N)`."""
    found: list[str] = []
    at = 0
    while True:
        start, size = _first_of(detail, _WON_WORDS, at)
        if start < 0:
            return found
        end = _amount_end(detail, start + size)
        if end < 0:
            at = start + 1
            continue
        found.append(detail[start + size:end])
        at = end + 1


_BOARD: Final = re.compile(r"^(?:(FIRST|SECOND) )?Board \[([^\]]*)\]$")
_NAME_ENDS: Final[tuple[str, ...]] = ("", " ")
# Split-pot games: a shown hand's summary line names its high hand and, when it has one, its
# qualifying low ("... with HI: two pair, Aces and Kings; LO: 8,7,6,2,A").
_HILO_GAMES: Final = frozenset({Game.OMAHA_HILO, Game.OMAHA5_HILO, Game.COURCHEVEL_HILO,
                                 Game.STUD_HILO})
_COURCHEVEL: Final = frozenset({Game.COURCHEVEL, Game.COURCHEVEL_HILO})
_HI_NAMED: Final = " with HI: "
_LO_NAMED: Final = "; LO: "

# --- cutting a file into hands -----------------------------------------------------------------


@dataclass(slots=True, init=False)
class _CutBlock(Block):
    """A record whose last line breaks off where the next hand's header begins."""


def _is_blank(text: str) -> bool:
    return not text.strip(" \t\ufeff\x00")


def _finish(start: int, lines: list[str], cut: bool) -> Block | None:
    """The block without its trailing blank lines; None when nothing is left."""
    last = len(lines)
    while last and _is_blank(lines[last - 1]):
        last -= 1
    if not last:
        return None
    return _CutBlock(start, lines[:last]) if cut else Block(start, lines[:last])


# The client's archive format: each hand after a `*********** # N **************` line, every
# line of it indented by one space. Known from the first line, so other files pay nothing.
_ARCHIVE_SEPARATOR: Final = re.compile(r"^\*{5,} # [0-9]+ \*{5,}\s*$")


class StarsHandFormat:
    name = NAME
    holds_hands = True

    def sniff(self, head: list[str]) -> bool:
        return any(_HEADER_AT.match(line) for line in head)

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        """One block per hand header, also for a header glued to the end of another line."""
        return _cut(((number, [text]) for number, text in lines), LineTracker())

    def blocks_of_runs(self, runs: Iterable[Run], reading: LineTracker) -> Iterator[Block]:
        """`blocks` of the lines in runs (checker/ingest/decode.py `line_runs`), each line's
        number put in `reading` as it is cut."""
        return _cut(runs, reading)

    def parse(self, block: Block, path: str) -> Record:
        return _HandReader(block, path).read()


FORMAT = StarsHandFormat()


def _seat_number(text: str) -> int:
    """`int(text)` of a seat line's number (digits, as its pattern matched them)."""
    number = SEAT_NUMBERS.get(text)
    return int(text) if number is None else number


def _cut(runs: Iterable[Run], reading: LineTracker) -> Iterator[Block]:
    """`StarsHandFormat.blocks`. An archive file (its first line a separator) is read as a
    plain file has it: separators blank, each line's one-space indent removed."""
    archive: bool | None = None
    start = 0
    current: list[str] = []
    for first, lines in runs:
        number = first - 1
        for text in lines:
            number += 1
            reading.last = number
            if archive is None:
                archive = _ARCHIVE_SEPARATOR.match(text.lstrip("\ufeff")) is not None
            if archive:
                if _ARCHIVE_SEPARATOR.match(text):
                    text = ""
                elif text.startswith(" "):
                    text = text[1:]
            # One scan for "#" (memchr) before the two words: most lines have none.
            if "#" in text and ("Hand #" in text or "Game #" in text):
                at = _header_start(text)
                if at >= 0:
                    before = text[:at]
                    cut = not _is_blank(before)
                    if cut:
                        if not current:
                            start = number
                        current.append(before)
                    if current:
                        block = _finish(start, current, cut)
                        if block is not None:
                            yield block
                    start, current = number, [text[at:] if at else text]
                    continue
            if not current:
                if _is_blank(text):
                    continue
                start = number
            current.append(text)
    if current:
        block = _finish(start, current, False)
        if block is not None:
            yield block


# All 52 cards: one set lookup per token instead of a call to `is_card` (the same test).
_CARD_SET: Final = frozenset(rank + suit for rank in RANKS for suit in SUITS)


def _cards(text: str) -> tuple[list[str], list[str]]:
    """The cards in a bracket's text, and the tokens that are not cards."""
    usual = deck_cards(text)
    if usual is not None:
        return usual, []
    tokens = text.split()
    if _CARD_SET.issuperset(tokens):
        return tokens, []
    return [token for token in tokens if token in _CARD_SET], [
        token for token in tokens if token not in _CARD_SET
    ]


# --- plain chip actions, parsed once per distinct text ------------------------------------------

# What a seated player's chip line states after `Name: `: the kind, the chips (0 for a raise,
# whose chips depend on what the player already has in), the raise-to total, and all-in.
# The last item says whether the act is a post whose size the hand records (not all-in).
_Play = tuple[ActionKind, int, int | None, bool, bool]

_FOLD: Final[_Play] = (ActionKind.FOLD, 0, None, False, False)
_CHECK: Final[_Play] = (ActionKind.CHECK, 0, None, False, False)
_ANTE: Final = ActionKind.ANTE
_SMALL_AND_BIG: Final = ActionKind.SMALL_AND_BIG_BLIND
_SMALL_BLIND: Final = ActionKind.SMALL_BLIND
_DEAD_BLIND: Final = ActionKind.DEAD_BLIND
_POST_PREFIXES: Final[tuple[tuple[str, ActionKind], ...]] = (
    ("the ante ", ActionKind.ANTE),
    ("small blind ", ActionKind.SMALL_BLIND),
    ("big blind ", ActionKind.BIG_BLIND),
    ("small & big blinds ", ActionKind.SMALL_AND_BIG_BLIND),
    ("button blind ", ActionKind.BUTTON_BLIND),
)
# The same few texts ("folds", "calls 40", "posts the ante 10") recur in every hand, so their
# parse is kept, one table for chips and one for cents; cleared when it grows too big.
_PLAYS: Final[tuple[dict[str, _Play], dict[str, _Play]]] = ({}, {})
_CHIP_VERBS: Final = frozenset(
    {"folds", "posts", "calls", "checks", "raises", "bets", "brings", "completes"}
)
_PLAYS_SIZE: Final = 4096


def _chip_amount(text: str, cents: bool) -> int:
    """Chips, or cents in a real-money cash game; ValueError when it is not an amount."""
    if not cents and (is_digits(text) or text.isdecimal()):
        return int(text)
    return parse_amount(text, cents)


def _chip_play(rest: str, cents: bool) -> _Play | None:
    """The chip action in a seated player's line, or None for anything else (shows, draws,
    mucks, ...) or a damaged line: the full line reader then takes it, with its error."""
    all_in = rest.endswith(_ALL_IN)
    if all_in:
        rest = rest[: -len(_ALL_IN)]
    verb, _, arg = rest.partition(" ")
    if verb not in _CHIP_VERBS:
        return None
    try:
        if verb == "folds":
            return None if arg else _FOLD
        if verb == "posts":
            for prefix, kind in _POST_PREFIXES:
                if arg.startswith(prefix):
                    amount = _chip_amount(arg[len(prefix) :], cents)
                    return kind, amount, None, all_in, not all_in and kind in _POSTED_SIZES
            return None
        if verb == "calls":
            return ActionKind.CALL, _chip_amount(arg, cents), None, all_in, False
        if verb == "checks":
            return None if arg else _CHECK
        if verb == "raises":
            found = _RAISE.match(arg)
            if found is None:
                return None
            return ActionKind.RAISE, 0, _chip_amount(found[2], cents), all_in, False
        if verb == "bets":
            return ActionKind.BET, _chip_amount(arg, cents), None, all_in, False
        if verb == "brings" and arg.startswith("in for "):
            return ActionKind.BRING_IN, _chip_amount(arg[7:], cents), None, all_in, not all_in
        if verb == "completes" and arg.startswith("it to "):
            return ActionKind.COMPLETE, 0, _chip_amount(arg[6:], cents), all_in, False
    except ValueError:
        return None
    return None


@dataclass(frozen=True, slots=True)
class _Terms:
    """What a header says about the game: the same for every hand of a level, so it is cached."""

    # Hand fields from the header; None values are left out (the model's default).
    fields: dict[str, object]
    family: str
    cents: bool
    # The big blind's size, which tells the live part of a "small & big blinds" post.
    big_blind: int
    # A garbled currency symbol the stakes are written with, the symbol it stands for and the
    # currency code that tells it.
    garbled: tuple[str, str, str] | None = None


_PLAIN_SEAT_END: Final = " in chips)"


def _plain_seat(text: str) -> tuple[str, str, str] | None:
    """Seat, name and stack of the most common seat line, `Seat N: Name (STACK in chips)`
    with a whole number of chips, no bounty and nothing after but blanks (many sites' lines
    end in one), read without the pattern (~0.2 µs against ~0.4); None for any other line
    (the pattern reads it). The name ends at its first " (" as `_SEAT`'s lazy name does: a
    later one would leave a blank in the stack."""
    text = text.rstrip(" ")
    if not text.endswith(_PLAIN_SEAT_END):
        return None
    colon = text.find(": ", 5)
    opening = text.find(" (", colon + 3)
    if colon < 0 or opening < 0:
        return None
    seat, stack = text[5:colon], text[opening + 2 : -len(_PLAIN_SEAT_END)]
    if not (is_digits(seat) and is_digits(stack)):
        return None
    return seat, text[colon + 2 : opening], stack


# What a text reads as, each kept up to _CACHE_SIZE (`base.remember`): a header's terms by
# its text but for the id and date, an amount of money's cents (`_HandReader.money`), a
# table line's table, seats and button (`_TABLE`'s groups). 4,096: a cash game's amounts
# (stacks, bets) outgrow 512 often enough that a third of them was parsed again.
_TERMS_CACHE: Final[dict[str, _Terms]] = {}
_MONEY_CACHE: Final[dict[str, int]] = {}
_TABLE_CACHE: Final[dict[str, tuple[str, int | None, int | None]]] = {}
_CACHE_SIZE: Final = 4096


def _known_header(text: str) -> tuple[str, _Terms, str] | None:
    """The hand id, terms and date of a header (`_HEADER_AT` matched: the first "#" is the
    id's) whose text but for the id and the date is that of one `_HEADER` read before, found
    by its key in `_TERMS_CACHE` without the pattern (~2 µs a hand). The pattern reads a
    header up to its date the same way whatever the id's digits and the date (the date
    begins with digits: no "Level" or "Match Round" there), so the key's text certifies the
    split. The date follows one of the last two " - " (an old date holds one: "2008/12/31 -
    20:11:33 (ET)"); a header the pattern split elsewhere is not found and is read by it."""
    at = text.find("#") + 1
    end = text.find(":", at)
    cut = len(text)
    for _ in range(2):
        cut = text.rfind(" - ", 0, cut)
        if cut < end:
            return None
        terms = _TERMS_CACHE.get(text[:at] + text[end : cut + 3])
        if terms is not None:
            return text[at:end], terms, text[cut + 3 :]
    return None


class _HandReader:
    """Reads one block into a Hand dict, line by line, and validates it once at the end.

    The dicts handed to pydantic leave out keys whose value is the model's default (pydantic
    then skips them) and hold enum members, not strings: both make validation cheaper.
    """

    def __init__(self, block: Block, path: str) -> None:
        self.block = block
        self.path = path
        self.hand_id: str | None = None
        self.cents = False
        # A cash table (the header names no tournament), play money included.
        self.cash = False
        self.family = _FLOP
        self.street = Street.PREFLOP
        self.street_seen = False
        self.big_blind = 0
        self.seat_of: dict[str, int] = {}
        self.name_at: dict[int, str] = {}
        self._names_longest_first: list[str] | None = None
        self.out_of_hand: set[int] = set()
        # Chips each player has in on the current round (antes are dead and not counted), and
        # the same for every round so far (for returns the record does not write).
        self.street_in: dict[str, int] = {}
        self.rounds = [self.street_in]
        # All chips the actions put in, and the posted sizes, kept as the actions come.
        self.put_in = 0
        self.ante = 0
        self.first_post: dict[ActionKind, int] = {}
        # A small blind has been posted in this hand (a second one at a cash table is dead).
        self.small_blind_posted = False
        self.actions: list[Action] = []
        self.events: list[HandEvent] = []
        self.hole: dict[str, list[str]] = {}
        # Stud: the cards dealt face up, per player, in street order.
        self.up: dict[str, list[str]] = {}
        self.boards: list[list[str]] = []
        self.award_board = 0
        self.shown: list[ShownCards] = []
        self.returns: list[UncalledReturn] = []
        self.awards: list[Award] = []
        self.cash_outs: list[CashOut] = []
        # Winners the summary names who were not paid the pot, having cashed out: amount, line.
        self.not_awarded: dict[str, int] = {}
        self.not_awarded_line: dict[str, int] = {}
        # The line of `Hand cancelled`: the hand was called off before the deal.
        self.cancelled = 0
        self.warnings: list[str] = []
        # Hi/lo games: each shown player's (high hand, low hand or None) as the summary names
        # them, which tells the high half's awards from the low half's.
        self.hilo = False
        self.courchevel = False
        self.fusion = False
        self.garbled: tuple[str, str, str] | None = None
        self.named_hands: dict[str, tuple[str, str | None]] = {}

    def names_longest_first(self) -> list[str]:
        """Seated names, longest first: for lines where a name holds ': ' or ' ['."""
        if self._names_longest_first is None:
            self._names_longest_first = sorted(self.seat_of, key=len, reverse=True)
        return self._names_longest_first

    def fail(self, reason: str, line: int) -> RecordError:
        return RecordError(reason, line, self.hand_id)

    def not_understood(self, text: str, line: int) -> RecordError:
        return self.fail(f"line {line} not understood: {text[:80]!r}", line)

    # --- the whole record ---------------------------------------------------------------------

    def read(self) -> Hand:
        block = self.block
        lines = block.lines
        start = block.start
        hand = self.header(lines[0].lstrip("\ufeff").rstrip(), start)
        if self.garbled is not None:
            lines = self.ungarble(lines, start)
        if isinstance(block, _CutBlock):
            self.check_complete(lines, start)
        try:
            self.table(hand, lines, start)
            index = self.seats(hand, lines, start)
            index = self.body(lines, start, index)
        except Exception:
            # A hand without a summary is reported as truncated, whatever broke first: the
            # check runs only on failure, since finding the summary line is the body's job.
            self.check_complete(lines, start)
            raise
        self.summary(hand, lines, start, index)
        self.unwritten_return(hand)
        self.posted_sizes(hand)
        hand["actions"] = self.actions
        if self.events:
            hand["events"] = self.events
        hole = self.hole
        hand["hole_cards"] = (
            hole if all(hole.values()) else {name: cards for name, cards in hole.items() if cards}
        )
        if self.up:
            hand["up_cards"] = self.up
        hand["boards"] = self.boards
        if self.shown:
            hand["shown"] = self.shown
        if self.returns:
            hand["returns"] = self.returns
        if self.awards:
            hand["awards"] = self.awards
        if self.cash_outs:
            hand["cash_outs"] = self.cash_outs
        hand["location"] = SourceLocation(file=self.path, line=start)
        hand["end_line"] = start + len(lines) - 1
        hand["warnings"] = self.warnings
        # The fields were gathered by name as the lines were read; each value's type is
        # checked as the record is built.
        record = hand_from_fields(hand)
        # Money that does not add up is what the audit must judge (chips created or lost), so
        # the hand is kept and the discrepancy travels with it.
        self.warnings.extend(f"the recorded amounts do not add up: {p}"
                             for p in pot_problems(record))
        return record

    def check_complete(self, lines: list[str], start: int) -> None:
        """A hand without its summary section was cut off: say where and in which round."""
        cut = isinstance(self.block, _CutBlock)
        if not cut and (
            "*** SUMMARY ***" in lines or any(text.startswith("*** SUMMARY ***") for text in lines)
        ):
            return
        last_line = start + len(lines) - 1
        last = lines[-1].rstrip()
        where = "in the seat list"
        for text in reversed(lines):
            if text.startswith("*** SHOW DOWN"):
                where = "at the showdown"
                break
            if text.startswith("*** "):
                marker = text[4:].split(" ***", 1)[0].upper()
                street = _MARKERS[self.family].get(marker)
                where = _STREET_WORDS[street] if street else f"after '*** {marker} ***'"
                break
        if cut:
            reason = (
                f"hand breaks off {where} in the middle of line {last_line} ({excerpt(last)}), "
                "where the next hand's header begins: no summary section (truncated)"
            )
        else:
            reason = (
                f"hand ends {where} at line {last_line} ({last[:60]!r}): "
                "no summary section (truncated)"
            )
        raise self.fail(reason, last_line)

    # --- header, table, seats -----------------------------------------------------------------

    def header(self, text: str, line: int) -> Json:
        if _header_start(text) != 0:
            raise self.fail(f"line {line}: text before any hand header: {text[:80]!r}", line)
        known = _known_header(text)
        if known is not None:
            self.hand_id = hand_id = known[0]
            terms, date = known[1], known[2]
        else:
            found = _HEADER.match(text)
            if found is None:
                self.hand_id = text.split("#", 1)[1].split(":", 1)[0]
                raise self.fail(f"line {line}: hand header not understood: {text[:120]!r}", line)
            self.hand_id = hand_id = found["id"]
            date = found["date"]
            # The text before the id names the site and a fast-fold pool ("PokerStars Zoom
            # Hand"); `_known_header` makes the same key without the pattern.
            key = text[: found.start("id")] + text[found.end("id") : found.start("date")]
            cached = _TERMS_CACHE.get(key)
            terms = (cached if cached is not None
                     else remember(_TERMS_CACHE, key, self.terms(found, line), _CACHE_SIZE))
        self.family, self.cents, self.big_blind = terms.family, terms.cents, terms.big_blind
        self.hilo = terms.fields["game"] in _HILO_GAMES
        self.cash = "tournament_id" not in terms.fields
        self.courchevel = terms.fields["game"] in _COURCHEVEL
        self.fusion = terms.fields["game"] is Game.FUSION
        self.garbled = terms.garbled
        self.street = _FIRST_STREET[self.family]
        hand = terms.fields.copy()
        hand["hand_id"] = hand_id
        self.played_at(hand, date, line)
        return hand

    def terms(self, found: re.Match[str], line: int) -> _Terms:
        """Site, game, structure, stakes, unit and currency as the header states them."""
        game = _GAMES[found["game"].lower()]
        structure = _STRUCTURES[found["structure"].lower()]
        family = _FAMILY.get(game, _FLOP)
        tournament = found["tid"] is not None
        stakes = found["level_stakes"] or found["stakes"] or found["mix_stakes"]
        if stakes is None:
            raise self.fail(f"line {line}: the header states no stakes: {found[0][:120]!r}", line)
        garbled: tuple[str, str, str] | None = None
        odd = _GARBLED_STAKES.match(stakes) if not tournament else None
        if odd is not None:
            garbled = odd[1], _SYMBOL_OF[odd[2]], odd[2]
            stakes = stakes.replace(odd[1], garbled[1])
        # Real-money cash games are in cents; tournament and play-money chips stay chips.
        self.cents = cents = not tournament and any(symbol in stakes for symbol in "$€£₹")
        button = _BUTTON_STAKES.match(stakes) if game is Game.HOLDEM_SHORT_DECK else None
        if button is not None:
            low = high = self.amount(button[1], line)
        else:
            low, high = self.stakes(stakes, line)
        fields: Json = {
            "site": "Full Tilt Poker" if found["site"].lower() == "full tilt" else "PokerStars",
            "source_format": NAME,
            "tournament_id": found["tid"],
            # Zoom (and Full Tilt Rush, written by PokerStars software) deal each hand at a
            # new table: consecutive hands under one name are not one table's sequence.
            "fast_fold": True if found["pool"] or found["zoom"] else None,
            "game": game,
            "structure": structure,
            "mixed": found["mix"].strip() if found["mix"] else None,
            "unit": Unit.CENTS if cents else Unit.CHIPS,
            "currency": _currency(found["buyin"] if tournament else stakes),
            "level": found["level"].upper() if found["level"] else None,
        }
        if button is not None:
            # The button's blind is the only blind; the header's ante is posted as such.
            fields["button_blind"] = big_blind = low
        elif structure is BettingStructure.FIXED_LIMIT:
            # Limit headers show the bet sizes; the big blind is the small bet.
            fields["small_bet"], fields["big_bet"] = low, high
            big_blind = low
        else:
            fields["small_blind"], fields["big_blind"] = low, high
            big_blind = high
        stated = {key: value for key, value in fields.items() if value is not None}
        return _Terms(stated, family, cents, big_blind, garbled)

    def ungarble(self, lines: list[str], start: int) -> list[str]:
        """The lines with the garbled currency symbol of the stakes put back before every
        amount. The digits are intact and the header's code names the currency, so the record
        is still exact; it is read with a warning naming the odd symbol. A symbol that also
        stands elsewhere (in a name, say), or amounts also written with a real symbol, is not
        used consistently and the hand is rejected."""
        assert self.garbled is not None
        odd, symbol, code = self.garbled
        before_amount = re.compile(re.escape(odd) + r"(?=[0-9])")
        fixed: list[str] = []
        for number, text in enumerate(lines, start):
            if _MONEY_SYMBOL.search(text):
                raise self.fail(
                    f"line {number}: garbled currency symbol {excerpt(odd)} in the stakes, but "
                    f"this "
                    f"line writes amounts with a real one: {text[:80]!r}",
                    number,
                )
            if odd in text:
                text = before_amount.sub(symbol, text)
                if odd in text:
                    raise self.fail(
                        f"line {number}: garbled currency symbol {excerpt(odd)} also stands "
                        f"outside "
                        f"an amount: {text[:80]!r}",
                        number,
                    )
            fixed.append(text)
        self.warnings.append(
            f"line {start}: amounts are written with {excerpt(odd)}, no currency symbol "
            f"(garbled by "
            f"the file's encoding); the header states {code}: read as {symbol}"
        )
        return fixed

    def stakes(self, text: str, line: int) -> tuple[int, int]:
        parts = _CURRENCY_CODE.sub("", text).strip().split("/")
        if len(parts) != 2:
            raise self.fail(f"line {line}: stakes {excerpt(text)} are not 'small/big'", line)
        return self.amount(parts[0].strip(), line), self.amount(parts[1].strip(), line)

    def played_at(self, hand: Json, text: str, line: int) -> None:
        date = text.strip()
        y, mo, d, h, mi, s, zone_at, zone_end, ey, emo, ed, eh, emi, es = usual_date(date)
        if y >= 0:
            zone = date[zone_at:zone_end]
        else:
            found = DATE.match(date)
            if found is None:
                raise self.fail(f"line {line}: date {excerpt(text)} not understood", line)
            groups = found.groups()
            y, mo, d, h, mi, s = [int(value) for value in groups[:6]]
            zone = groups[6]
            ey, emo, ed, eh, emi, es = (
                [int(value) for value in groups[7:]] if groups[7] else [-1] * 6)
        try:
            local = datetime(y, mo, d, h, mi, s)
            et = datetime(ey, emo, ed, eh, emi, es) if ey >= 0 else None
        except ValueError as exc:
            raise self.fail(f"line {line}: date {excerpt(text)} is not a real date: "
                            f"{exc}", line) from None
        hand["played_at"] = local
        hand["played_at_zone"] = zone
        if et is not None:
            hand["played_at_et"] = et
        elif zone == "ET":
            hand["played_at_et"] = local

    def table(self, hand: Json, lines: list[str], start: int) -> None:
        text = lines[1].rstrip() if len(lines) > 1 else ""
        # A table's hands repeat its line but for the button's seat: read once each.
        read = _TABLE_CACHE.get(text)
        if read is None:
            found = _TABLE.match(text)
            if found is None:
                raise self.fail(
                    f"line {start + 1}: expected the table line, found {text[:80]!r}", start + 1
                )
            table, max_seats, button = found.groups()
            read = remember(_TABLE_CACHE, text, (table, int(max_seats) if max_seats else None,
                                                 int(button) if button else None), _CACHE_SIZE)
        hand["table"] = read[0]
        if read[1] is not None:
            hand["max_seats"] = read[1]
        if read[2] is not None:
            hand["button_seat"] = read[2]

    def seats(self, hand: Json, lines: list[str], start: int) -> int:
        """The seat list from the third line; returns the index of the first line after it.

        `Seat N: Name (STACK in chips[, BOUNTY bounty])[ is sitting out | out of hand ...]`
        """
        seat_of, name_at = self.seat_of, self.name_at
        seats: list[Seat] = []
        index = 2
        end = len(lines)
        while index < end and lines[index].startswith("Seat "):
            text, number = lines[index], start + index
            index += 1
            plain = _plain_seat(text)
            seat_text: str
            name: str
            stack: str
            bounty: str | None
            tail: str
            if plain is not None:
                seat_text, name, stack = plain
                bounty, tail = None, ""
            else:
                # Trailing blanks only lengthen the tail, which is stripped: no need to strip.
                # (The groups typed: their methods are then called directly, not looked up.)
                found = _SEAT.match(text)
                if found is None:
                    self.bad_seat_line(text, number)
                seat_text, name, stack, bounty, tail = found.groups()
            seat = _seat_number(seat_text)
            if name in seat_of or seat in name_at:
                raise self.fail(
                    f"line {number}: seat {seat} or player {excerpt(name)} is listed twice", number
                )
            sitting_out = False
            if tail:
                tail = tail.strip()
            if tail:
                if tail.startswith("out of hand"):
                    # Moved in from another table and not dealt in: keep the site's words.
                    self.out_of_hand.add(seat)
                    self.event(HandEventKind.OTHER, name, tail, number)
                elif tail != "is sitting out":
                    self.bad_seat_line(text, number)
                sitting_out = True
            seat_of[name] = seat
            name_at[seat] = name
            chips = self.amount(stack, number)
            seats.append(Seat(seat, name, chips, number, sitting_out,
                              self.money(bounty, number) if bounty else None))
        if not seats:
            raise self.fail(f"line {start + index}: the hand lists no seats", start + index)
        hand["seats"] = seats
        return index

    def bad_seat_line(self, text: str, number: int) -> NoReturn:
        text = text.rstrip()
        raise self.fail(f"line {number}: seat line not understood: {text[:80]!r}", number)

    # --- the body ------------------------------------------------------------------------------

    def body(self, lines: list[str], start: int, index: int) -> int:
        """Posts, deals, betting rounds and showdown; returns the index after the summary line."""
        seat_of = self.seat_of
        plays = _PLAYS[self.cents]
        actions = self.actions
        # The slow path may change these: they are read again after it.
        street, street_in, count = self.street, self.street_in, len(actions)
        put_in = 0
        number = start + index - 1
        for raw in lines[index:]:
            number += 1
            # Most lines are a seated player's chip action whose text was seen before: one
            # split and one lookup, with no stripping (the text key keeps its trailing blanks).
            name, _, rest = raw.partition(": ")
            play = plays.get(rest)
            if play is None or name not in seat_of:
                if self.body_line(raw, number):
                    self.put_in += put_in
                    return number - start + 1
                street, street_in, count = self.street, self.street_in, len(actions)
                continue
            kind, amount, to, all_in, posted = play
            if kind is _SMALL_BLIND:
                kind = self.small_blind_kind()
            if to is not None:
                amount = self.raised_by(name, to, number)
            actions.append(Action(count, street, name, kind, number, amount, to, all_in))
            count += 1
            if amount:
                put_in += amount
                if kind is not _ANTE and kind is not _DEAD_BLIND:
                    if kind is _SMALL_AND_BIG and self.big_blind:
                        # Only the big blind part is live; the small blind part is dead money.
                        street_in[name] = street_in.get(name, 0) + min(amount, self.big_blind)
                    else:
                        street_in[name] = street_in.get(name, 0) + amount
            if posted and not all_in:
                self.note_posted(kind, amount)
        raise self.fail("hand has no summary section (truncated)", start + len(lines) - 1)

    def body_line(self, raw: str, number: int) -> bool:
        """Any body line but an already known chip action; True at the summary line."""
        text = raw.rstrip()
        if not text:
            return False
        colon = text.find(": ")
        if colon > 0 and text[:colon] in self.seat_of:
            rest = text[colon + 2 :]
            play = _chip_play(rest, self.cents)
            if play is None:
                self.player_line(text[:colon], rest, text, number)
                return False
            plays = _PLAYS[self.cents]
            if len(plays) >= _PLAYS_SIZE:
                plays.clear()
            plays[raw[colon + 2 :]] = play
            name = text[:colon]
            kind, amount, to, all_in, _ = play
            if kind is _SMALL_BLIND:
                kind = self.small_blind_kind()
            if to is not None:
                self.act(name, kind, self.raised_by(name, to, number), number, all_in).to = to
            elif kind is _SMALL_AND_BIG and self.big_blind:
                self.act(name, kind, amount, number, all_in, min(amount, self.big_blind))
            else:
                self.act(name, kind, amount, number, all_in)
        elif text.startswith("*** "):
            if text.startswith("*** SUMMARY ***"):
                return True
            self.marker(text, number)
        elif (colon < 0 and text[-1] != '"') or not self.chat_or_odd_name(text, colon, number):
            # (Chat ends with '"'; a name holding ': ' needs one: most lines are neither.)
            self.other_line(text, number)
        return False

    def chat_or_odd_name(self, text: str, colon: int, number: int) -> bool:
        """Chat (`Name said, "..."`), or a `Name: ...` line whose name itself holds ': '."""
        if text[-1] == '"' and ' said, "' in text:
            found = _CHAT.match(text)
            if found is not None:
                self.event(HandEventKind.CHAT, found[1], found[2], number)
                return True
        if colon < 0:
            return False
        for name in self.names_longest_first():
            if text.startswith(name) and text.startswith(": ", len(name)):
                self.player_line(name, text[len(name) + 2 :], text, number)
                return True
        return False

    def marker(self, text: str, number: int) -> None:
        """A `*** NAME *** [cards]` line: a new betting round, the showdown or a board."""
        end = text.find(" ***", 4)
        if end < 0:
            raise self.not_understood(text, number)
        name = text[4:end]
        rounds = _ROUNDS[self.family]
        found = rounds.get(name)
        if found is None:
            found = rounds.get(name.upper())
        tail = text[end + 4 :].strip()
        if found is None and name == "PRE-FLOP" and self.courchevel:
            self.courchevel_card(tail, text, number)
            return
        if found is None or (found[1] is None and tail):
            raise self.fail(
                f"line {number}: round {text[:60]!r} does not belong in this game", number
            )
        board, street = found
        if street is None:
            self.award_board = board
            return
        if street in _BOARD_SHAPE:
            self.board_cards(street, board, tail, text, number)
        elif tail and street is Street.SEVENTH and self.family is _STUD:
            self.community_card(tail, text, number)
        elif tail:
            raise self.not_understood(text, number)
        if board:
            return  # the second run of the board: no betting round of its own
        self.enter(street, text, number)

    def enter(self, street: Street, text: str, number: int) -> None:
        """Rounds come in order; the first round's line may follow the posts."""
        rank, current = _RANK[street], _RANK[self.street]
        first_line_of_first_round = (
            street is self.street and street is _FIRST_STREET[self.family] and not self.street_seen
        )
        if rank < current or (rank == current and not first_line_of_first_round):
            raise self.fail(
                f"line {number}: {text[:40]!r} comes after the {self.street.value} round", number
            )
        self.street_seen = True
        if street is not self.street:
            self.new_round(street)

    def new_round(self, street: Street) -> None:
        self.street = street
        self.street_in = {}
        self.rounds.append(self.street_in)

    def one_card(self, tail: str, text: str, number: int) -> str:
        """The single card of a `[Xx]` tail."""
        card = tail[1:-1]
        if not (tail.startswith("[") and tail.endswith("]")) or card not in _CARD_SET:
            raise self.fail(f"line {number}: board line not understood: {text[:80]!r}", number)
        return card

    def courchevel_card(self, tail: str, text: str, number: int) -> None:
        """Courchevel `*** PRE-FLOP *** [Xx]`: the flop's first card, shown before the first
        betting round (which the hole cards line opened)."""
        if self.boards or self.street is not Street.PREFLOP:
            raise self.fail(f"line {number}: {text[:40]!r} after the board was dealt", number)
        self.boards.append([self.one_card(tail, text, number)])

    def courchevel_flop(self, tail: str, text: str, number: int) -> None:
        """Courchevel's flop repeats the card shown before the first round: `[7h 5d 3s]`
        (2013) or `[8s] [2c 9h]` (2017)."""
        first = self.boards[0][0]
        groups = [group.split() for group in _BRACKETS.findall(tail)]
        cards = [card for group in groups for card in group]
        shapes = ([3], [1, 2])
        if (
            [len(group) for group in groups] not in shapes
            or cards[0] != first
            or not _CARD_SET.issuperset(cards)
            or _BRACKETS.sub("", tail).strip()
        ):
            raise self.fail(f"line {number}: board line not understood: {text[:80]!r}", number)
        self.boards[0] = cards

    def community_card(self, tail: str, text: str, number: int) -> None:
        """Stud `*** RIVER *** [Xx]`: too few cards left for everyone's seventh, so one card
        is dealt face up to the middle for all (the summary writes it as the board)."""
        if self.boards:
            raise self.not_understood(text, number)
        self.boards.append([self.one_card(tail, text, number)])

    def board_cards(self, street: Street, board: int, tail: str, text: str, number: int) -> None:
        before, new = _BOARD_SHAPE[street]
        if board == 0 and self.usual_board_line(before, new, tail):
            return
        if street is Street.FLOP and len(self.boards) == 1 and len(self.boards[0]) == 1:
            self.courchevel_flop(tail, text, number)
            return
        groups = _BRACKETS.findall(tail)
        if len(groups) != (1 if before == 0 else 2) or _BRACKETS.sub("", tail).strip():
            raise self.fail(f"line {number}: board line not understood: {text[:80]!r}", number)
        shown: list[list[str]] = []
        for group in groups:
            good, bad = _cards(group)
            if bad:
                raise self.fail(
                    f"line {number}: {' '.join(bad)!r} on the board is not a card", number
                )
            shown.append(good)
        repeated = shown[0] if before else []
        dealt = shown[-1]
        if len(repeated) != before or len(dealt) != new:
            raise self.fail(
                f"line {number}: the {street.value} line shows the wrong number of "
                f"cards: {text[:80]!r}",
                number,
            )
        while len(self.boards) <= board:
            # A second board starts from the cards both runs share.
            self.boards.append(list(repeated) if board else [])
        if self.boards[board] != repeated:
            raise self.fail(
                f"line {number}: the {street.value} line repeats the board as "
                f"[{' '.join(repeated)}] but the board so far is "
                f"[{' '.join(self.boards[board])}]",
                number,
            )
        self.boards[board].extend(dealt)

    def usual_board_line(self, before: int, new: int, tail: str) -> bool:
        """The first board as the site writes it, `[Ah Kd 2c]` on the flop and `[Ah Kd 2c] [7s]`
        after it: the new cards are added to the board. False for anything else, which the
        general reading takes (with its errors)."""
        boards = self.boards
        if not before:
            if boards or not (tail.startswith("[") and tail.endswith("]")):
                return False
            cards = deck_cards(tail[1:-1])
            if cards is None or len(cards) != new:
                return False
            boards.append(cards)
            return True
        if len(boards) != 1 or len(boards[0]) != before or new != 1:
            return False
        so_far = "[" + " ".join(boards[0]) + "] ["
        card = tail[len(so_far) : -1]
        if (
            len(tail) != len(so_far) + 3
            or not tail.startswith(so_far)
            or not tail.endswith("]")
            or card not in _CARD_SET
        ):
            return False
        boards[0].append(card)
        return True

    def player_line(self, name: str, rest: str, text: str, number: int) -> None:
        """A `Name: verb ...` line by a seated player."""
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[: -len(_ALL_IN)]
        verb, _, arg = rest.partition(" ")
        # Plain chip actions seldom come here (`_chip_play` takes them), so the others first;
        # the tests exclude each other, so their order changes nothing else.
        if verb == "shows" and arg.startswith("["):
            self.shows(name, arg, number)
        elif verb in ("discards", "stands"):
            self.draw(name, verb, arg, text, number)
        elif rest == "doesn't show hand":
            pass  # won without showing: there is nothing to record
        elif rest == "mucks hand":
            # The summary may name the mucked cards; they are filled in there.
            self.shown.append(ShownCards(name, [], number, mucked=True))
        elif verb == "folds":
            if arg:
                self.shows_on_fold(name, arg, text, number)
            self.act(name, ActionKind.FOLD, 0, number, False)
        elif verb == "posts":
            self.post(name, arg, text, number, all_in)
        elif verb == "calls":
            self.act(name, ActionKind.CALL, self.amount(arg, number), number, all_in)
        elif verb == "checks" and not arg:
            self.act(name, ActionKind.CHECK, 0, number, False)
        elif verb == "raises":
            found = _RAISE.match(arg)
            if found is None:
                raise self.not_understood(text, number)
            self.raise_to(name, ActionKind.RAISE, self.amount(found[2], number), number, all_in)
        elif verb == "bets":
            self.act(name, ActionKind.BET, self.amount(arg, number), number, all_in)
        elif verb == "brings" and arg.startswith("in for "):
            self.act(name, ActionKind.BRING_IN, self.amount(arg[7:], number), number, all_in)
        elif verb == "completes" and arg.startswith("it to "):
            self.raise_to(name, ActionKind.COMPLETE, self.amount(arg[6:], number), number, all_in)
        elif rest in ("sits out", "is sitting out"):
            self.event(HandEventKind.SITTING_OUT, name, "", number)
        else:
            raise self.not_understood(text, number)

    def act(
        self,
        name: str,
        kind: ActionKind,
        amount: int,
        number: int,
        all_in: bool,
        live: int | None = None,
    ) -> Action:
        """Record an action; `live` is the part of a post that counts toward the bet."""
        action = Action(len(self.actions), self.street, name, kind, number, amount,
                        all_in=all_in)
        if not all_in and kind in _POSTED_SIZES:
            self.note_posted(kind, amount)
        self.actions.append(action)
        if amount:
            self.put_in += amount
            if kind is not ActionKind.ANTE and kind is not _DEAD_BLIND:
                street_in = self.street_in
                street_in[name] = street_in.get(name, 0) + (amount if live is None else live)
        return action

    def small_blind_kind(self) -> ActionKind:
        """A cash table's second small blind of a hand is a returning player's dead one
        (PokerStars writes both as `posts small blind`; the returning player then calls the
        whole big blind: real hand 22991200661). A tournament's stays what it says, for the
        rules to judge."""
        if self.small_blind_posted and self.cash:
            return _DEAD_BLIND
        self.small_blind_posted = True
        return _SMALL_BLIND

    def note_posted(self, kind: ActionKind, amount: int) -> None:
        """The ante (the largest) and the first blind and bring-in, short all-in posts aside."""
        if kind is ActionKind.ANTE:
            self.ante = max(self.ante, amount)
        elif kind not in self.first_post:
            self.first_post[kind] = amount

    def raise_to(self, name: str, kind: ActionKind, total: int, number: int, all_in: bool) -> None:
        """`raises X to Y` / `completes it to Y`: the act adds Y minus what is already in."""
        self.act(name, kind, self.raised_by(name, total, number), number, all_in).to = total

    def raised_by(self, name: str, total: int, number: int) -> int:
        """What a raise to `total` adds to what the player already has in on this round."""
        already = self.street_in.get(name, 0)
        if total <= already:
            raise self.fail(
                f"line {number}: {name} raises to {total} but already has "
                f"{already} in on this round",
                number,
            )
        return total - already

    def post(self, name: str, arg: str, text: str, number: int, all_in: bool) -> None:
        kind: ActionKind
        if arg.startswith("the ante "):
            kind, amount_text = ActionKind.ANTE, arg[9:]
        elif arg.startswith("small blind "):
            kind, amount_text = ActionKind.SMALL_BLIND, arg[12:]
        elif arg.startswith("big blind "):
            kind, amount_text = ActionKind.BIG_BLIND, arg[10:]
        elif arg.startswith("small & big blinds "):
            kind, amount_text = ActionKind.SMALL_AND_BIG_BLIND, arg[19:]
        elif arg.startswith("button blind "):
            kind, amount_text = ActionKind.BUTTON_BLIND, arg[13:]
        else:
            raise self.not_understood(text, number)
        amount = self.amount(amount_text, number)
        live = None
        if kind is ActionKind.SMALL_AND_BIG_BLIND and self.big_blind:
            # Only the big blind part is live; the small blind part is dead money.
            live = min(amount, self.big_blind)
        self.act(name, kind, amount, number, all_in, live)

    def draw(self, name: str, verb: str, arg: str, text: str, number: int) -> None:
        """`discards N cards [..]` or `stands pat [on [..]]`: a DISCARD action of N cards."""
        if self.family != _DRAW:
            raise self.fail(f"line {number}: a draw in a game without draws: {text[:80]!r}", number)
        if self.street is Street.PREDRAW:
            # With no betting left, the site writes the draw without a draw round line.
            self.new_round(Street.DRAW1)
        if verb == "stands":
            if arg != "pat" and not (arg.startswith("pat on [") and arg.endswith("]")):
                raise self.not_understood(text, number)
            count, cards = 0, arg[8:-1] if arg != "pat" else ""
        else:
            found = _DISCARD.match(arg)
            if found is None:
                raise self.not_understood(text, number)
            count, cards = int(found[1]), found[2] or ""
        if cards:
            self.know(name, cards, number)
        self.act(name, ActionKind.DISCARD, 0, number, False).discards = count

    def shows_on_fold(self, name: str, arg: str, text: str, number: int) -> None:
        """A player may show cards as they fold ("folds [Ks]")."""
        if not (arg.startswith("[") and arg.endswith("]")):
            raise self.not_understood(text, number)
        self.shows(name, arg, number)

    def shows(self, name: str, arg: str, number: int) -> None:
        # `_BRACKETS.match(arg)`, by position: "[" first, then up to the first "]".
        close = arg.find("]", 1) if arg.startswith("[") else -1
        if close < 0:
            raise self.fail(f"line {number}: shown cards not understood: {arg[:60]!r}", number)
        cards = self.know(name, arg[1:close], number)
        self.shown.append(ShownCards(name, cards, number))

    def know(self, name: str, text: str, number: int) -> list[str]:
        """Add cards seen for a player to their hole cards; warn about tokens that are not cards."""
        good, bad = _cards(text)
        if bad:
            self.warnings.append(
                f"line {number}: {' '.join(bad)!r} among {name}'s cards is not a card; left out"
            )
        known = self.hole.get(name)
        if known is None:
            # Usually the first cards seen: all of them, but once each (a loop: compiled,
            # dict.fromkeys is a method looked up by name).
            once: list[str] = []
            for card in good:
                if card not in once:
                    once.append(card)
            self.hole[name] = once
            return good
        for card in good:
            if card not in known:
                known.append(card)
        return good

    def other_line(self, text: str, number: int) -> None:
        """Lines that do not start with `Name: `: deals, returns, awards and notices."""
        if text.startswith(_DEALT_TO):
            usual = _dealt_usual(text)
            if usual is not None and usual[0] in self.seat_of and not self.fusion:
                name, shown = usual
                cards = self.know(name, shown, number)
                if self.family is _STUD:
                    self.dealt_up(name, shown, cards)
            else:
                self.dealt(text, number)
        elif text.startswith("Uncalled bet ("):
            found = _UNCALLED.match(text)
            if found is None or found[2] not in self.seat_of:
                raise self.not_understood(text, number)
            amount = self.amount(found[1], number)
            self.returns.append(UncalledReturn(found[2], amount, number))
        elif (" collected " in text and self.collected(text, number)) or (
            " cashed out the hand for " in text and self.cash_out(text, number)
        ):
            return
        elif not self.event_line(text, number):
            verb = text.split(": ", 1)[1].split(" ", 1)[0] if ": " in text else ""
            if verb in _ACTION_VERBS:
                who = text.split(": ", 1)[0]
                raise self.fail(
                    f"line {number}: {excerpt(who)} acts but has no seat in this hand: "
                    f"{text[:80]!r}",
                    number,
                )
            raise self.not_understood(text, number)

    def collected(self, text: str, number: int) -> bool:
        """`Name collected N from pot | main pot | side pot[-N]`: an award."""
        plain = _collected_plain(text)
        if plain is not None:
            name, amount = plain
            pot = "pot"
        else:
            found = _COLLECTED.match(text)
            if found is None:
                return False
            name, amount = found[1], found[2]
            pot = found[3] if found[4] is None else f"side pot {found[4]}"
        if name not in self.seat_of:
            return False
        self.awards.append(Award(name, self.amount(amount, number), number, pot,
                                 board=self.award_board))
        return True

    def cash_out(self, text: str, number: int) -> bool:
        """`Name cashed out the hand for $N[ | Cash Out Fee $N]`: the site's payment."""
        found = _CASH_OUT.match(text)
        if found is None or found[1] not in self.seat_of:
            return False
        amount = self.money(found[2], number)
        fee = self.money(found[3], number) if found[3] else 0
        self.cash_outs.append(CashOut(found[1], amount, number, fee))
        return True

    def event_line(self, text: str, number: int) -> bool:
        """Connections, time-outs, tournament results and dealer notices; False if none fits."""
        for needed, pattern, kind in _EVENTS:
            found = pattern.match(text) if needed in text else None
            if found is not None:
                self.event(kind, found[1], text if kind is HandEventKind.OTHER else "", number)
                return True
        if _NOTICES.match(text):
            self.event(HandEventKind.OTHER, None, text, number)
            if text == _CANCELLED:
                self.cancelled = number
            return True
        return False

    def dealt(self, text: str, number: int) -> None:
        """`Dealt to Name [cards]` or, in stud and draw, `Dealt to Name [kept] [new]`."""
        rest = text[9:]
        name = None
        bracket = rest.find(" [")
        if bracket > 0 and rest[:bracket] in self.seat_of:
            name = rest[:bracket]
        else:
            for candidate in self.names_longest_first():  # names with " [" in them
                if rest.startswith(candidate) and rest.startswith(" [", len(candidate)):
                    name = candidate
                    break
        if name is None or not _DEALT_TAIL.match(rest[len(name) :]):
            raise self.fail(
                f"line {number}: cards dealt to no seated player: {text[:80]!r}", number
            )
        groups = _BRACKETS.findall(rest[len(name) :])
        if self.fusion:
            self.fusion_deal(name, groups, text, number)
            return
        cards: list[str] = []
        for group in groups:
            cards = self.know(name, group, number)
        if groups and self.family is _STUD:
            self.dealt_up(name, groups[-1], cards)

    def fusion_deal(self, name: str, groups: list[str], text: str, number: int) -> None:
        """Fusion deals two hole cards, a third with the flop and a fourth with the turn; each
        later deal line repeats the cards held before it: `[6c 7h]`, `[6c 7h] [2c]`,
        `[6c 7h 2c] [9h]`. The hand's hole cards are the last line's, all four."""
        held = self.hole.get(name, [])
        holds = _FUSION_HOLDS.get(self.street)
        shown = [group.split() for group in groups]
        new = shown[-1]
        fits = (
            holds is not None
            and shown[:-1] == ([held] if held else [])
            and len(held) + len(new) == holds
            and _CARD_SET.issuperset(new)
            and not set(new) & set(held)
        )
        if not fits:
            so_far = f"[{' '.join(held)}]" if held else "none"
            raise self.fail(
                f"line {number}: Fusion deals 2 hole cards before the flop and 1 more on the "
                f"flop and the turn, repeating those held ({name}'s so far: {so_far}); "
                f"{_STREET_WORDS[self.street]}: {text[:80]!r}",
                number,
            )
        self.hole[name] = [*held, *new]

    def dealt_up(self, name: str, group: str, cards: list[str]) -> None:
        """Stud: each street deals one card, written last on the line ("[3c Ac 5s]",
        "[4h] [Qs]"); it is face up on every street but seventh. `cards` are the good cards
        of the line's last bracket `group`: a last token that is no card is no up card."""
        if self.street is Street.SEVENTH or not cards or not group.endswith(cards[-1]):
            return
        up = self.up.setdefault(name, [])
        if cards[-1] not in up:
            up.append(cards[-1])

    def event(self, kind: HandEventKind, player: str | None, text: str, number: int) -> None:
        self.events.append(HandEvent(kind, len(self.actions), number, player, text, self.street))

    # --- the summary ---------------------------------------------------------------------------

    def summary(self, hand: Json, lines: list[str], start: int, index: int) -> None:
        won: dict[str, int] = {}
        listed: dict[int, int] = {}
        summary: list[SummarySeat] = []
        heading = start + index - 1
        for offset in range(index, len(lines)):
            text = lines[offset].rstrip()
            number = start + offset
            if text.startswith("Seat "):
                self.summary_seat(text, number, listed, won, summary)
            elif text.startswith("Total pot "):
                hand["pot"] = self.total_pot(text, number)
            elif text.startswith(("Board [", "FIRST Board [", "SECOND Board [")):
                self.summary_board(text, number)
            elif text and text != "Hand was run twice":
                raise self.fail(f"summary line {number} not understood: {text[:80]!r}", number)
        if "pot" not in hand:
            if not self.cancelled:
                raise self.fail(f"the summary from line {heading} has no 'Total pot' line", heading)
            hand["pot"] = self.posts_returned()
        self.check_summary_seats(listed, heading)
        self.check_awards(won, heading)
        self.unpaid_awards()
        if self.hilo and self.named_hands:
            self.label_halves()
        hand["summary"] = summary

    def summary_seat(
        self,
        text: str,
        number: int,
        listed: dict[int, int],
        won: dict[str, int],
        summary: list[SummarySeat],
    ) -> None:
        """`Seat N: Name (button) showed [..] and won (N) with ...`: the seat's outcome."""
        colon = text.find(": ")
        seat_text = text[5:colon]
        seat = SEAT_NUMBERS.get(seat_text, -1) if colon >= 0 else -1
        if seat < 0:
            if colon < 0 or not seat_text.isdecimal():
                raise self.fail(f"summary line {number} not understood: {text[:80]!r}", number)
            seat = int(seat_text)
        name = self.name_at.get(seat)
        after = colon + 2 + len(name) if name else 0
        # The name must be the seat's, whole: followed by the end of the line or a space.
        if (
            name is None
            or text.find(name, colon + 2, after) != colon + 2  # (startswith at: no primitive)
            or text[after : after + 1] not in _NAME_ENDS
        ):
            seated = f"seat {seat} is {excerpt(name)}" if name else f"no one sits in seat {seat}"
            raise self.fail(
                f"summary line {number} does not match the seats ({seated}): {text[:80]!r}", number
            )
        detail = text[after:].strip()
        if "Seat " in detail and _SEAT_IN_TEXT.search(detail):
            raise self.fail(f"summary line {number} lists two seats: {text[:80]!r}", number)
        if "[" in detail:
            for kind, cards in _summary_cards(detail):
                self.summary_cards(name, kind, cards, number)
        if "won (" in detail or "collected (" in detail:
            # A winner who cashed out is not paid the pot: the body has no collected line.
            paid = won if not detail.endswith(_NOT_AWARDED) else self.not_awarded
            for amount in _summary_won(detail):
                paid[name] = paid.get(name, 0) + self.amount(amount, number)
            if paid is self.not_awarded:
                self.not_awarded_line[name] = number
        if self.hilo and _HI_NAMED in detail:
            high, _, low = detail.split(_HI_NAMED, 1)[1].partition(_LO_NAMED)
            self.named_hands[name] = (high, low or None)
        if seat in listed:
            raise self.fail(
                f"summary line {number} lists seat {seat} again (first on line {listed[seat]})",
                number,
            )
        listed[seat] = number
        summary.append(SummarySeat(seat, name, detail, number))

    def summary_cards(self, name: str, kind: str, cards: str, number: int) -> None:
        """Cards the summary shows: fill in a body 'mucks hand', or add a showing."""
        good = self.know(name, cards, number)
        if kind == "mucked":
            for entry in self.shown:
                if entry.player == name and entry.mucked and not entry.cards:
                    entry.cards = good
                    return
            self.shown.append(ShownCards(name, good, number, mucked=True))
        else:
            for entry in self.shown:
                if entry.player == name:
                    return  # shown in the body already
            self.shown.append(ShownCards(name, good, number))

    def posts_returned(self) -> RecordedPot:
        """`Hand cancelled`: no pot; what each player posted goes back to them."""
        back: dict[str, int] = {}
        for action in self.actions:
            if action.amount:
                back[action.player] = back.get(action.player, 0) + action.amount
        for player, amount in back.items():
            self.returns.append(UncalledReturn(player, amount, self.cancelled))
        return RecordedPot(0, self.cancelled)

    def unpaid_awards(self) -> None:
        """`won (N) ... (pot not awarded as player cashed out)`: the pot's winner had taken the
        site's cash-out; the award stands as the record names it, marked as kept by the site."""
        cashed = {cash_out.player for cash_out in self.cash_outs}
        for name, amount in self.not_awarded.items():
            line = self.not_awarded_line[name]
            if name not in cashed:
                raise self.fail(
                    f"summary line {line}: {name}'s pot was not awarded as cashed out, but the "
                    f"hand has no line where {name} cashed out",
                    line,
                )
            self.awards.append(Award(name, amount, line, cashed_out=True))

    def label_halves(self) -> None:
        """Hi/lo: which half of its pot each award is. PokerStars writes "collected N from pot"
        for both halves, the high half's winners first, then the low half's; the summary names
        each shown hand's high and its qualifying low. A pot's awards are labelled when exactly
        one cut of its list into high then low fits the record (see `_high_count`); a hand
        is labelled whole or not at all, and a showdown hand that cannot be told is warned
        about. A hand won without a showdown has whole pots, not halves: left as it is."""
        named = self.named_hands
        if not any(award.player in named for award in self.awards):
            return
        pots: dict[tuple[int, str], list[Award]] = {}
        for award in self.awards:
            pots.setdefault((award.board, award.pot), []).append(award)
        cuts: list[tuple[list[Award], int]] = []
        for (_, pot), awards in pots.items():
            high_count = _high_count(awards, named)
            if high_count is None:
                lines = ", ".join(str(award.line) for award in awards)
                self.warnings.append(
                    f"the awards from the {pot} (lines {lines}) do not tell which half of the "
                    "hi/lo pot each is: no award of the hand is labelled high or low"
                )
                return
            cuts.append((awards, high_count))
        for awards, high_count in cuts:
            for index, award in enumerate(awards):
                award.half = "high" if index < high_count else "low"

    def total_pot(self, text: str, number: int) -> RecordedPot:
        plain = _plain_total_pot(text)
        if plain is not None:
            return RecordedPot(self.amount(plain[0], number), number,
                               self.amount(plain[1], number), [])
        found = _TOTAL_POT.match(text)
        if found is None:
            raise self.fail(
                f"summary line {number}: pot line not understood: {text[:80]!r}", number
            )
        total, listed, rake = found.groups()
        parts = [self.amount(part, number) for part in _POT_PART.findall(listed)] if listed else []
        return RecordedPot(self.amount(total, number), number, self.amount(rake, number), parts)

    def summary_board(self, text: str, number: int) -> None:
        """The summary's board must be the board dealt in the body."""
        if len(self.boards) == 1 and text == "Board [" + " ".join(self.boards[0]) + "]":
            return  # the usual line: the one board, written as dealt
        found = _BOARD.match(text)
        if found is None:
            raise self.fail(f"summary line {number}: board not understood: {text[:80]!r}", number)
        board = _RUN_TWICE[found[1] or "FIRST"]
        cards, bad = _cards(found[2])
        dealt = self.boards[board] if board < len(self.boards) else []
        if bad or cards != dealt:
            raise self.fail(
                f"summary line {number}: board [{found[2]}] differs from the board dealt "
                f"[{' '.join(dealt)}]",
                number,
            )

    def check_summary_seats(self, listed: dict[int, int], line: int) -> None:
        """Every player dealt in has a summary line (players moved in "out of hand" have none)."""
        if len(listed) == len(self.name_at):
            return  # every seat is listed (a summary line naming no seat is an error)
        missing = [
            f"{seat} ({name})"
            for seat, name in self.name_at.items()
            if seat not in listed and seat not in self.out_of_hand
        ]
        if missing:
            self.warnings.append(
                f"the summary from line {line} has no line for seat " + ", ".join(missing)
            )

    def check_awards(self, won: dict[str, int], line: int) -> None:
        """The summary's 'won (N)' / 'collected (N)' must match the body's collected lines."""
        collected: dict[str, int] = {}
        for award in self.awards:
            collected[award.player] = collected.get(award.player, 0) + award.amount
        if collected == won:
            return
        for name in sorted(set(collected) | set(won)):
            body, summary = collected.get(name, 0), won.get(name, 0)
            if body != summary:
                raise self.fail(
                    f"the summary from line {line} says {name} won {summary}, but the hand's "
                    f"'collected' lines give {name} {body}",
                    line,
                )

    def unwritten_return(self, hand: Json) -> None:
        """Hands written before about 2008 have no 'Uncalled bet' line: when the chips put in
        exceed the recorded pot by exactly the part of the last bet no one matched, that part
        went back to the bettor."""
        # The last round where chips went in.
        money_in = next((chips for chips in reversed(self.rounds) if chips), None)
        if self.returns or money_in is None:
            return
        pot = hand["pot"]
        assert isinstance(pot, RecordedPot)
        total = pot.total
        excess = self.put_in - total
        if excess <= 0:
            return
        ranked = sorted(money_in.items(), key=lambda item: item[1], reverse=True)
        top_player, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if top - second != excess:
            return
        line = self.last_bet_line(top_player)
        self.returns.append(UncalledReturn(top_player, excess, line))
        self.warnings.append(
            f"no 'Uncalled bet' line: the {excess} of {top_player}'s bet on line {line} that "
            f"no one matched is taken as returned, as the pot total {total} shows"
        )

    def last_bet_line(self, name: str) -> int:
        """The line where the player last put live chips in."""
        for action in reversed(self.actions):
            if action.player == name and action.amount and action.kind is not _ANTE:
                return action.line
        raise AssertionError(f"{name} put no chips in")

    def posted_sizes(self, hand: Json) -> None:
        """Ante and bring-in as posted (short all-in posts aside), and the blinds of limit games,
        whose headers show the bet sizes instead."""
        if self.ante:
            hand["ante"] = self.ante
        if not self.first_post:
            return
        first = self.first_post
        if ActionKind.BRING_IN in first:
            hand["bring_in"] = first[ActionKind.BRING_IN]
        if hand["structure"] is BettingStructure.FIXED_LIMIT:
            for kind, key in _LIMIT_BLINDS:
                if kind in first:
                    hand[key] = first[kind]

    # --- amounts -------------------------------------------------------------------------------

    def amount(self, text: str, number: int) -> int:
        """Chips, or cents in a real-money cash game (as `money`: its stakes, bets and stacks
        recur)."""
        if self.cents:
            return self.money(text, number)
        if is_digits(text) or text.isdecimal():
            return int(text)
        try:
            return parse_amount(text, False)
        except ValueError:
            raise self.fail(f"line {number}: {text[:40]!r} is not an amount", number) from None

    def money(self, text: str, number: int) -> int:
        """Money (a bounty, a cash game's amount) in cents, whatever the hand's unit. A
        knockout tournament's seat lines repeat a few bounties hand after hand, a cash game
        its few stakes and many of its bets and stacks: each text is parsed once while it
        recurs."""
        cents = _MONEY_CACHE.get(text)
        if cents is None:
            try:
                cents = remember(_MONEY_CACHE, text, parse_amount(text, True), _CACHE_SIZE)
            except ValueError:
                raise self.fail(f"line {number}: {text[:40]!r} is not an amount",
                                number) from None
        return cents


def _high_count(awards: list[Award], named: dict[str, tuple[str, str | None]]) -> int | None:
    """How many of one pot's awards (in record order) are the high half's, when the record
    leaves exactly one count; None otherwise. A count fits when each half pays a player at
    most once, the high winners share one high hand and the low winners one qualifying low
    (tied hands are named alike), and, with no low half, no winner holds a qualifying low (one
    would have won it). Only when several counts fit do the amounts choose: the one whose
    halves differ by at most the odd chip. So a split that is uneven but plain from the hands
    is labelled, and judged by the rules, not hidden here."""
    players: list[str] = []
    amounts: list[int] = []
    for award in awards:
        player, amount = award.player, award.amount
        if player not in named:
            return None  # a winner whose hand is not named: nothing to tell the halves by
        players.append(player)
        amounts.append(amount)
    fits = [
        count
        for count in range(1, len(awards) + 1)
        if _halves_fit(players[:count], players[count:], named)
    ]
    if len(fits) > 1:
        total = sum(amounts)
        fits = [
            count
            for count in fits
            if count < len(awards) and abs(2 * sum(amounts[:count]) - total) <= 1
        ]
    return fits[0] if len(fits) == 1 else None


def _halves_fit(high: list[str], low: list[str], named: dict[str, tuple[str, str | None]]) -> bool:
    """Whether `high` then `low` can be the winners of a pot's two halves (see `_high_count`)."""
    if len(set(high)) != len(high) or len(set(low)) != len(low):
        return False
    if len({named[player][0] for player in high}) != 1:
        return False
    if not low:
        return all(named[player][1] is None for player in high)
    lows = {named[player][1] for player in low}
    return len(lows) == 1 and None not in lows


def _currency(text: str | None) -> str | None:
    """The currency code a buy-in or stakes text states, by code or by symbol."""
    if not text:
        return None
    code = _CURRENCY_CODE.search(text)
    return code[1] if code else currency_of(text)


_POSTED_SIZES: Final = frozenset(
    {ActionKind.ANTE, ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.BRING_IN}
)
_LIMIT_BLINDS: Final[tuple[tuple[ActionKind, str], ...]] = (
    (ActionKind.SMALL_BLIND, "small_blind"), (ActionKind.BIG_BLIND, "big_blind"))
