"""PHH reader: the Poker Hand History standard of uoftcprg (phh-std), a TOML dialect.

A `.phh` file holds one hand; a `.phhs` file holds many, each under a `[N]` table header. The
stream is cut at those headers and each block is read on its own, so memory never grows with
the file. Simple blocks (one `key = value` per line, the shape every dataset writes) are read
by a small exact parser of that TOML subset; anything else falls back to the stdlib `tomllib`,
which also gives the precise error for a damaged block.

PHH records totals ("cbr 9.35" = raises *to* 9.35) and implicit calls, while `Hand` records
chips added. A small per-street contribution tracker (not a game engine) turns one into the
other, posts the forced bets, returns uncalled excess, and checks what a reader must: nobody
acts after folding or going all in, nobody is skipped when a street closes.

Speed: the hands of a bulk file repeat most of their text (stakes, venue, players, "p3 f"),
so what a text gives is worked out once and remembered, in small module-level memos keyed by
the exact text (lines, number items, amounts, action strings, the stake lines as a whole) or
by the identity of a list they hold. Each memo starts over when it reaches `_CACHE_SIZE`
entries, and what it holds is never changed, only read or copied.
"""

import re
import reprlib
import tomllib
from collections.abc import Callable, Iterator
from datetime import date, datetime
from datetime import time as clock
from pathlib import PurePath
from typing import Any, Final, TypeVar

from checker.ingest.amounts import currency_of, is_digits, parse_amount
from checker.ingest.base import Block, RecordError, split_at
from checker.ingest.decode import Line
from checker.ingest.toml_float import TomlFloat
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
from checker.model.cards import is_card
from checker.model.hand_record import hand_from_fields
from checker.model.source import SourceLocation

NAME: Final = "phh"
_T = TypeVar("_T")

# Variant code -> game, betting structure, family ("flop", "stud" or "draw").
VARIANTS: Final[dict[str, tuple[Game, BettingStructure, str]]] = {
    "FT": (Game.HOLDEM, BettingStructure.FIXED_LIMIT, "flop"),
    "NT": (Game.HOLDEM, BettingStructure.NO_LIMIT, "flop"),
    "NS": (Game.HOLDEM_SHORT_DECK, BettingStructure.NO_LIMIT, "flop"),
    "PO": (Game.OMAHA, BettingStructure.POT_LIMIT, "flop"),
    "FO/8": (Game.OMAHA_HILO, BettingStructure.FIXED_LIMIT, "flop"),
    "F7S": (Game.STUD, BettingStructure.FIXED_LIMIT, "stud"),
    "F7S/8": (Game.STUD_HILO, BettingStructure.FIXED_LIMIT, "stud"),
    "FR": (Game.RAZZ, BettingStructure.FIXED_LIMIT, "stud"),
    "N2L1D": (Game.DRAW27_SINGLE, BettingStructure.NO_LIMIT, "draw"),
    "F2L3D": (Game.DRAW27_TRIPLE, BettingStructure.FIXED_LIMIT, "draw"),
    "FB": (Game.BADUGI, BettingStructure.FIXED_LIMIT, "draw"),
}
VARIANT_OF: dict[tuple[Game, BettingStructure], str] = {
    (game, structure): code for code, (game, structure, _) in VARIANTS.items()
}
# Cards each player is dealt at the start (stud: the first three; later streets add one each).
FIRST_DEAL = {
    Game.HOLDEM: 2, Game.HOLDEM_SHORT_DECK: 2, Game.OMAHA: 4, Game.OMAHA_HILO: 4,
    Game.STUD: 3, Game.STUD_HILO: 3, Game.RAZZ: 3,
    Game.DRAW27_SINGLE: 5, Game.DRAW27_TRIPLE: 5, Game.BADUGI: 4,
}
FLOP_STREETS: Final[tuple[Street, ...]] = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
STUD_STREETS: Final[tuple[Street, ...]] = (Street.THIRD, Street.FOURTH, Street.FIFTH,
                                            Street.SIXTH, Street.SEVENTH)
SINGLE_DRAW_STREETS: Final[tuple[Street, ...]] = (Street.PREDRAW, Street.DRAW1)
TRIPLE_DRAW_STREETS: Final[tuple[Street, ...]] = (Street.PREDRAW, Street.DRAW1, Street.DRAW2,
                                                   Street.DRAW3)
# Time zone abbreviations that are US Eastern time, so `played_at` is also the ET time.
EASTERN: Final = frozenset({"ET", "EST", "EDT"})


def streets_of(game: Game, family: str) -> tuple[Street, ...]:
    if family == "flop":
        return FLOP_STREETS
    if family == "stud":
        return STUD_STREETS
    return SINGLE_DRAW_STREETS if game is Game.DRAW27_SINGLE else TRIPLE_DRAW_STREETS


def blind_kinds(raw: list[int], big_reference: int | None) -> list[ActionKind | None]:
    """The kind of each `blinds_or_straddles` slot, in PHH position order (slot 0 = the small
    blind's seat). The first forced bet is the small blind only when it sits in slot 0 and is
    smaller than a big blind (the game's minimum bet: `min_bet`, or `small_bet` in fixed
    limit; else the next forced bet); the next one is then the big blind, any later one a
    straddle. A lone full big blind in slot 0 is the big blind (HandHQ writes a hand whose
    small blind was not posted as `[10, 0, ...]`), and `[10, 20, 0, ...]` with a minimum bet
    of 10 is a big blind and a straddle.
    """
    kinds: list[ActionKind | None] = [None] * len(raw)
    posted = [i for i, value in enumerate(raw) if value > 0]
    if not posted:
        return kinds
    first = posted[0]
    reference = big_reference
    if reference is None and len(posted) > 1:
        reference = raw[posted[1]]
    ladder: list[ActionKind] = []
    if first == 0 and reference is not None and raw[first] < reference:
        ladder.append(ActionKind.SMALL_BLIND)
    ladder.append(ActionKind.BIG_BLIND)
    for slot, index in enumerate(posted):
        kinds[index] = ladder[slot] if slot < len(ladder) else ActionKind.STRADDLE
    return kinds


def seat_slot(position: int, players: int) -> int:
    """Which slot of a per-player forced-bet array applies to the player at `position`:
    PHH reverses antes and blinds heads-up (p2 has the button and posts the small blind)."""
    return 1 - position if players == 2 else position


def button_seat(seats: list[int], seats_given: bool, seat_count: int | None,
                first_kind: ActionKind | None) -> int | None:
    """The button's seat in a button game, when the file says it.

    phh-std ("Position") orders players clockwise from the small blind, so the button is the
    last player's position; heads-up the forced bets are reversed, so p2 (last) is the button
    posting the small blind, as the HandHQ hands confirm (p2 acts first preflop). A seat is
    not a position, though: under a dead-button rotation the button may sit on an empty seat
    between the last player and the first, which PHH cannot show, and a hand whose button is
    on the last player looks the same. So the last player's seat is the button only when no
    empty seat lies between them, or when the one there is where a dead small blind was due
    (the first player posts the big blind: the small blind's empty seat lies between the
    button and them). Otherwise, or when `seat_count` is missing and the seats after the last
    one are unknown, None. Without `seats` the seat numbers are the reader's own (1..n)."""
    last, first = seats[-1], seats[0]
    if len(seats) == 2 or not seats_given:
        return last
    if first > last:
        empty_between = first - last - 1
    elif seat_count is None:
        return None
    else:
        empty_between = seat_count - last + first - 1
    allowed = 1 if first_kind is ActionKind.BIG_BLIND else 0
    return last if empty_between <= allowed else None


# --------------------------------------------------------------------------------------------
# TOML: an exact fast path for one-line `key = value` blocks, tomllib for everything else.

_FAIL: Final = object()
# Entries kept in each memo of repeated texts (lines, amounts, actions) before it starts over.
_CACHE_SIZE: Final = 8192
_KEY_VALUE: Final = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*?)[ \t]*$")
_LITERAL: Final = re.compile(r"'([^'\x00-\x08\x0a-\x1f\x7f]*)'")
_BASIC: Final = re.compile(r'"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')
_NUMBER: Final = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(\.[0-9]+)?")
_CLOCK: Final = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])")
_ITEM: Final = re.compile(
    r"[ \t]*(?:'([^'\x00-\x08\x0a-\x1f\x7f]*)'|\"([^\"\\\x00-\x08\x0a-\x1f\x7f]*)\""
    r"|([+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?))[ \t]*(,|\])"
)
_EMPTY_ARRAY: Final = re.compile(r"\[[ \t]*\]")
_LIT = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_LITERAL_ARRAY: Final = re.compile(rf"\[[ \t]*{_LIT}(?:[ \t]*,[ \t]*{_LIT})*[ \t]*\]")
_LITERAL_ITEM: Final = re.compile(r"'([^']*)'")
_CONTROL: Final = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_PLAIN_AMOUNT: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_KEY_AT_START: Final = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=")
_TOML_LINE: Final = re.compile(r"at line ([0-9]+)")


_FastTable = tuple[dict[str, Any], dict[str, int], tuple[str, ...]]


def _fast_value(text: str) -> object:
    first = text[:1]
    if first == "'":
        match = _LITERAL.fullmatch(text)
        return _FAIL if match is None else match[1]
    if first == '"':
        match = _BASIC.fullmatch(text)
        return _FAIL if match is None else match[1]
    if first == "[":
        return _fast_array(text)
    if is_digits(text) and text.isascii() and (text[0] != "0" or len(text) == 1):
        return int(text)  # a plain integer (day, hand number): no regex needed
    if text == "true" or text == "false":
        return text == "true"
    match = _NUMBER.fullmatch(text)
    if match is not None:
        return TomlFloat(text) if match[1] else int(text)
    match = _CLOCK.fullmatch(text)
    if match is not None:
        return clock(int(match[1]), int(match[2]), int(match[3]))
    return _FAIL


def _fast_array(text: str) -> object:
    # The two shapes every dataset writes, split in one go; anything else item by item.
    if text[1:2] == "'":
        literals = _split_literals(text)
        if literals is not None:
            return literals
        if _LITERAL_ARRAY.fullmatch(text):
            return _LITERAL_ITEM.findall(text)
    else:
        numbers = _split_numbers(text)
        if numbers is not None:
            return numbers
    if _EMPTY_ARRAY.fullmatch(text):
        return []
    items: list[object] = []
    position = 1
    while True:
        match = _ITEM.match(text, position)
        if match is None:
            return _FAIL
        literal, basic, number, end = match.groups()
        if literal is not None:
            items.append(literal)
        elif basic is not None:
            items.append(basic)
        else:
            items.append(TomlFloat(number) if "." in number else int(number))
        position = match.end()
        if end == "]":
            return items if position == len(text) else _FAIL


def _split_numbers(text: str) -> list[object] | None:
    """`[1, 2.5]`: the items between the commas, each spelling (spaces included) read once,
    as stacks and stakes repeat from hand to hand; None when an item is not a plain number."""
    if text[-1] != "]":
        return None
    values: list[object] = []
    for part in text[1:-1].split(","):
        value = _NUMBER_ITEMS.get(part)
        if value is None:
            match = _NUMBER_ITEM.fullmatch(part)
            if match is None:
                return None
            value = TomlFloat(match[1]) if match[2] else int(match[1])
            if len(_NUMBER_ITEMS) >= _CACHE_SIZE:
                _NUMBER_ITEMS.clear()
            _NUMBER_ITEMS[part] = value
        values.append(value)
    return values


_NUMBER_ITEMS: Final[dict[str, object]] = {}
_NUMBER_ITEM: Final = re.compile(r"[ \t]*([+-]?(?:0|[1-9][0-9]*)(\.[0-9]+)?)[ \t]*")
# The control characters TOML refuses in a literal string, as bytes (see `_split_literals`).
_CONTROL_BYTES: Final = bytes([*range(0x09), *range(0x0a, 0x20), 0x7f])


def _split_literals(text: str) -> list[str] | None:
    """`['a', 'b']` written exactly so (the writers' layout), by str.split rather than a
    regex: the items hold no quote when the quotes are just the separators' two each."""
    if text[:2] != "['" or text[-2:] != "']":
        return None
    inner = text[2:-2]
    items = inner.split("', '")
    if inner.count("'") != 2 * len(items) - 2:
        return None
    if inner.isascii():  # deleting the control bytes is the quickest exact test
        data = inner.encode()
        clean = len(data.translate(None, _CONTROL_BYTES)) == len(data)
    else:
        clean = not _CONTROL.search(inner)
    return items if clean else None


def fast_toml(lines: list[str], first_line: int = 0) -> _FastTable | None:
    """When every line is blank, a comment or a one-line `key = value` of plain scalars: the
    table, each key's line (`first_line` + its index in `lines`) and the lines of the fields
    in `_SHARED_FIELDS`, in order. None for anything else (tomllib decides then)."""
    table: dict[str, Any] = {}
    where: dict[str, int] = {}
    shared: list[str] = []
    skipped = 0  # blank and comment lines
    for line, raw in enumerate(lines, first_line):
        # Looked up by the raw line: a repeated line then costs one dict probe, no strip.
        known = _LINE_CACHE.get(raw)
        if known is None:
            known = _new_line(raw)
            if known is None:
                return None
            if known == _SKIP:  # equality: compiled code copies tuples (checker/native.py)
                skipped += 1
                continue
        key, value, is_shared = known
        table[key] = value
        where[key] = line
        if is_shared:
            shared.append(raw)
    if len(table) + skipped != len(lines):
        return None  # a key given twice
    return table, where, tuple(shared)


# A line of the table: key, value, and whether the key is one of `_SHARED_FIELDS`.
_Entry = tuple[str, object, bool]
_SKIP: Final[_Entry] = ("", None, False)  # a blank or comment line


def _new_line(raw: str) -> _Entry | None:
    """A line not in `_LINE_CACHE` (remembered there unless its value is unique to a hand);
    `_SKIP` for a blank line or a comment, None when the fast path cannot read it."""
    text = raw.strip(" \t")
    if not text:
        return _SKIP
    if text[0] == "#":
        return None if _CONTROL.search(text) else _SKIP
    read = _fast_line(text)
    if read is None:
        return None
    key = read[0]
    known = (key, read[1], key in _SHARED_FIELDS)
    if key not in _UNIQUE:
        if len(_LINE_CACHE) >= _CACHE_SIZE:
            _LINE_CACHE.clear()  # the file has moved on: start again
        _LINE_CACHE[raw] = known
    return known


def _fast_line(text: str) -> tuple[str, object] | None:
    key, equals, rest = text.partition("=")
    key = key.rstrip(" \t")
    if not equals or (key not in _SPEC_FIELDS and not _BARE_KEY.fullmatch(key)):
        return None
    value = _fast_value(rest.lstrip(" \t"))
    return None if value is _FAIL else (key, value)


# Stakes, venue, date, table, players and the like repeat from hand to hand in a bulk file:
# their lines are parsed once (keyed by the raw line, so the result depends on nothing else).
# The values are shared between hands, so the reader never mutates the table. Lines that
# differ in every hand are not kept.
_LINE_CACHE: Final[dict[str, _Entry]] = {}  # raw line -> key, value, is shared
_UNIQUE: Final = frozenset({"hand", "actions", "starting_stacks", "finishing_stacks"})
# The fields whose lines identify what the hands of a bulk file share: the game, forced bets
# and limits, and the venue's header fields (see `_Stakes`).
_SHARED_FIELDS: Final = frozenset(
    {"variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet",
     "big_bet", "min_bet", "currency", "currency_symbol", "venue", "event", "level",
     "seat_count", "time_zone_abbreviation", "time_zone"}
)


def load_toml(lines: list[str],
              first_line: int) -> tuple[dict[str, Any], dict[str, int], tuple[str, ...] | None]:
    """Parse one block's body; `first_line` is the file line of `lines[0]`. Returns the table,
    the file line of each top-level key, and the lines of the shared fields when every value
    sat on its key's line (the fast path), else None."""
    fast = fast_toml(lines, first_line)
    if fast is not None:
        return fast
    try:
        table = tomllib.loads("\n".join(lines), parse_float=TomlFloat)
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_LINE.search(str(exc))
        line = first_line + int(found[1]) - 1 if found else first_line
        raise RecordError(f"not valid TOML: {exc}", line) from None
    except RecursionError:
        raise RecordError("not valid PHH: arrays or tables nested too deeply to read",
                          first_line) from None
    keys: dict[str, int] = {}
    for index, raw in enumerate(lines):
        match = _KEY_AT_START.match(raw)
        if match is not None and match[1] in table:
            keys.setdefault(match[1], first_line + index)
    return table, keys, None


# --------------------------------------------------------------------------------------------
# Fields

_HEADER: Final = re.compile(r"[ \t]*\[[ \t]*([0-9]+)[ \t]*\][ \t]*(?:#.*)?")
_SNIFF_VARIANT: Final = re.compile(
    r"variant\s*=\s*(['\"])(" + "|".join(map(re.escape, VARIANTS)) + r")\1")
_SNIFF_KEY: Final = re.compile(r"(?:actions|starting_stacks)\s*=")
# Every field the spec defines; the reader uses most, and reads past the rest (author, venue
# address, time banks...) because they say nothing the hand record holds.
_SPEC_FIELDS: Final = frozenset(
    {"author", "url", "address", "city", "region", "postal_code", "country", "time_limit",
     "time_banks", "time_zone", "min_bet", "small_bet", "big_bet", "bring_in",
     "ante_trimming_status", "variant", "antes", "blinds_or_straddles", "starting_stacks",
     "actions", "venue", "event", "time", "time_zone_abbreviation", "day", "month", "year",
     "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks",
     "winnings", "currency", "currency_symbol"}
)
_REQUIRED: Final = {
    "flop": ("antes", "blinds_or_straddles", "starting_stacks", "actions"),
    "stud": ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions"),
    "draw": ("antes", "blinds_or_straddles", "starting_stacks", "actions"),
}
_REQUIRED_SET: Final = {family: frozenset(keys) for family, keys in _REQUIRED.items()}


# Values quoted in a reason: short, and safe however deeply a damaged file nests them.
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict, _SHORT.maxstring, _SHORT.maxother = (
    2, 8, 4, 80, 80)
_show = _SHORT.repr

# Datasets repeat the same few stakes, stacks and bet sizes: each text is converted once.
# Index by `in_cents` (False: chips, True: cents). `_AMOUNTS` maps a TomlFloat's text (and is
# only asked about TomlFloats: a string would compare equal), `_TOTALS` the amount of a `cbr`
# action, whose spelling rules differ ("1_000.5" is only a TOML float).
_AMOUNTS: Final[tuple[dict[str, int], dict[str, int]]] = ({}, {})
_TOTALS: Final[tuple[dict[str, int], dict[str, int]]] = ({}, {})


def _remember(cache: dict[str, int], text: str, amount: int) -> int:
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[text] = amount
    return amount


def _all_exactly(values: list[Any], kind: type) -> bool:
    """Whether every value is of exactly type `kind` (so a bool is not an int), looping in C."""
    return set(map(type, values)) <= {kind}


def _is_header(text: str) -> bool:
    return text[:1] in "[ \t" and _HEADER.fullmatch(text) is not None


class _Fields:
    """Typed access to one block's table, every problem a located RecordError."""

    __slots__ = ("default_line", "hand", "in_cents", "lines", "one_line_values", "source",
                 "source_start", "table")

    def __init__(self, table: dict[str, Any], lines: dict[str, int], default_line: int,
                 in_cents: bool, source: list[str], source_start: int,
                 one_line_values: bool) -> None:
        self.table = table
        # The block's text lines and the file line of the first, to place actions.
        self.source = source
        self.source_start = source_start
        self.lines = lines
        self.default_line = default_line
        self.in_cents = in_cents
        # True when every value was read from its key's line (the fast TOML path).
        self.one_line_values = one_line_values
        self.hand: str | None = None

    def line(self, key: str) -> int:
        return self.lines.get(key, self.default_line)

    def fail(self, key: str, reason: str) -> RecordError:
        return RecordError(reason, self.line(key), self.hand)

    def amount(self, key: str, value: object, what: str, index: int | None = None) -> int:
        """`value` in the hand's unit; `what` (and `index`) name it in a rejection."""
        kind = type(value)
        if kind is int:
            assert isinstance(value, int)
            if value >= 0:
                return value * 100 if self.in_cents else value
        elif kind is TomlFloat:
            assert isinstance(value, str)
            known = _AMOUNTS[self.in_cents]
            amount = known.get(value)
            if amount is not None:
                return amount
            text = value.replace("_", "") if "_" in value else value
            try:
                return _remember(known, value, parse_amount(text, self.in_cents))
            except ValueError:
                pass
        raise self.fail(key, self.not_an_amount(value, what if index is None else
                                                f"{what}[{index}]"))

    def not_an_amount(self, value: object, what: str) -> str:
        unit = "cents" if self.in_cents else "chips"
        if isinstance(value, TomlFloat):
            if value.lstrip("+").replace("_", "") in ("inf", "nan"):
                return f"{what} is unknown ({value}): amounts cannot be checked"
            if value[:1] == "-":
                return f"{what} is negative ({value})"
            return f"{what} {value} is not a whole number of {unit}"
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{what} is negative ({value})"
        return f"{what} is {_show(value)}, not an amount"

    def optional_amount(self, key: str) -> int | None:
        value = self.table.get(key)
        return None if value is None else self.amount(key, value, key)

    def amounts(self, key: str, count: int) -> list[int]:
        values = self.table[key]
        if not isinstance(values, list):
            raise self.fail(key, f"{key} must be an array of amounts, not {_show(values)}")
        if len(values) != count:
            raise self.fail(key, f"{key} has {len(values)} entries for {count} players")
        known = self.known_amounts(values)
        if known is not None:
            return known
        return [self.amount(key, value, key, i) for i, value in enumerate(values)]

    def known_amounts(self, values: list[Any]) -> list[int] | None:
        """The fast path of `amounts`: every value a whole non-negative integer or a decimal
        converted before; None sends the list through `amount`, item by item."""
        known = _AMOUNTS[self.in_cents]
        scale = 100 if self.in_cents else 1
        result: list[int] = []
        for value in values:
            kind = type(value)
            if kind is int and value >= 0:
                result.append(value * scale)
            elif kind is TomlFloat:
                amount = known.get(value)
                if amount is None:
                    return None
                result.append(amount)
            else:
                return None
        return result

    def text(self, key: str) -> str | None:
        value = self.table.get(key)
        if value is None or type(value) is str:
            return value
        if isinstance(value, bool | TomlFloat) or not isinstance(value, str | int):
            raise self.fail(key, f"{key} must be a string or an integer, not {_show(value)}")
        return str(value)

    def integer(self, key: str) -> int | None:
        value = self.table.get(key)
        if value is None or type(value) is int:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"{key} must be an integer, not {_show(value)}")
        return value


# --------------------------------------------------------------------------------------------
# Cards

# A run of whole cards and `??` pairs: the common case, split without a check per card.
_CARD_RUN: Final = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")
_SHORT_DECK_MISSING: Final = re.compile(r"[2-5]")
# Known cards and the number of cards (unknown `??` included).
_Parsed = tuple[list[str], int]


def _read_cards(text: str) -> _Parsed | None:
    """Cards as a full deck reads them; None when `text` is not a clean run of cards (the
    tracker then parses it again to say what is wrong). The known list may be shared: it is
    never changed, only copied."""
    if _CARD_RUN.fullmatch(text) is None:
        return None
    return ([text[start:start + 2] for start in range(0, len(text), 2) if text[start] != "?"],
            len(text) // 2)


class _Cards:
    """Hole cards (every known card dealt to a player, in order), board, shown hands."""

    __slots__ = ("board", "hole", "names", "short_deck", "shown")

    def __init__(self, game: Game, names: list[str]) -> None:
        self.short_deck = game is Game.HOLDEM_SHORT_DECK
        self.names = names
        self.hole: dict[str, list[str]] = {}  # only players dealt a known card
        self.board: list[str] = []
        self.shown: list[ShownCards] = []

    def read(self, text: str, parsed: _Parsed | None, line: int, action: str,
             hand: str) -> _Parsed:
        """`text` parsed for this deck: `parsed` (read once for the notation) when it stands
        here, else parsed again (a short deck refuses low cards)."""
        if parsed is not None and not self.short_deck:
            return parsed
        return self.parse(text, line, action, hand)

    def parse(self, text: str, line: int, action: str, hand: str) -> _Parsed:
        parsed = _read_cards(text)
        # A rank or suit character cannot be 2-5, so the search finds only low ranks.
        if parsed is not None and not (self.short_deck and _SHORT_DECK_MISSING.search(text)):
            return parsed
        return self.parse_damaged(text, line, action, hand)

    def parse_damaged(self, text: str, line: int, action: str, hand: str) -> _Parsed:
        """Card by card, to name the first that is wrong."""
        if len(text) % 2:
            raise RecordError(f"cards {_show(text)} are not two characters each: "
                              f"{_show(action)}", line, hand)
        known: list[str] = []
        for start in range(0, len(text), 2):
            card = text[start:start + 2]
            if card == "??":
                continue
            if not is_card(card):
                raise RecordError(f"{_show(card)} is not a card: {_show(action)}", line, hand)
            if self.short_deck and card[0] in "2345":
                raise RecordError(f"{card} is not in the short deck: {_show(action)}", line, hand)
            known.append(card)
        return known, len(text) // 2

    def deal(self, index: int, known: list[str]) -> None:
        name = self.names[index]
        dealt = self.hole.get(name)
        if dealt is None:
            self.hole[name] = list(known)
        else:
            dealt.extend(known)


# --------------------------------------------------------------------------------------------
# The contribution tracker


class _Tracker:
    """Per-street contributions and stacks, enough to turn PHH totals into chips added.

    Each action string is read once into a step (`_STEPS`) and run by its handler. The hot
    handlers do their own bookkeeping rather than call helpers, and the dicts they append
    carry only the fields that differ from the `Action` defaults, so validation does less.
    """

    __slots__ = ("acted", "actions", "all_in", "bring_in", "cards", "completed", "dealt", "drawing",
                 "drew", "family", "folded", "hand", "in_cents", "names", "returns", "stack",
                 "starting", "street", "street_in", "street_now", "streets")

    def __init__(self, hand: str, names: list[str], stacks: list[int], family: str,
                 streets: tuple[Street, ...], bring_in: int | None, cards: _Cards,
                 in_cents: bool) -> None:
        count = len(names)
        self.hand = hand
        self.names = names
        self.family = family
        self.streets = streets
        self.bring_in = bring_in
        self.cards = cards
        self.in_cents = in_cents
        self.starting = stacks
        self.stack = list(stacks)  # what each has behind; put in = starting - stack
        self.street_in = [0] * count
        self.folded = [False] * count
        self.all_in = [False] * count
        self.acted = [False] * count
        self.street = 0
        self.street_now = streets[0]  # streets[street], read for every action
        self.completed = False  # stud: the bring-in has been completed on the first street
        self.drawing = False  # draw games: inside a draw phase (between betting rounds)
        self.drew: set[int] = set()
        self.dealt: set[int] = set()  # stud: dealt on the current street
        self.actions: list[Action] = []
        self.returns: list[UncalledReturn] = []

    def who(self, index: int) -> str:
        return f"p{index + 1} ({self.names[index]})"

    def put_in(self, index: int) -> int:
        """What the player has in the pot, net of what came back."""
        return self.starting[index] - self.stack[index]

    def returned(self, index: int) -> int:
        player = self.names[index]
        return sum(back.amount for back in self.returns if back.player == player)

    def fail(self, reason: str, line: int) -> RecordError:
        return RecordError(reason, line, self.hand)

    def not_understood(self, text: str, line: int) -> RecordError:
        return self.fail(f"action not understood: {_show(text)}", line)

    def cannot_act(self, index: int, text: str, line: int) -> RecordError:
        gone = "folding" if self.folded[index] else "going all in"
        return self.fail(f"{self.who(index)} acts after {gone}: {_show(text)}", line)

    def add(self, index: int, kind: ActionKind, amount: int, line: int, to: int | None = None,
            counts_on_street: bool = True) -> None:
        """An act that puts `amount` chips in."""
        stack = self.stack[index] - amount
        self.stack[index] = stack
        if counts_on_street:
            self.street_in[index] += amount
        all_in = amount > 0 and stack == 0
        if all_in:
            self.all_in[index] = True
        self.actions.append(Action(len(self.actions), self.street_now, self.names[index], kind,
                                   line, amount, to, all_in))

    def give_back(self, index: int, amount: int, line: int) -> None:
        self.stack[index] += amount
        self.returns.append(UncalledReturn(self.names[index], amount, line))
        if self.stack[index] > 0:
            self.all_in[index] = False

    # Forced bets ---------------------------------------------------------------------------

    def post_antes(self, antes: list[int], trimming: bool, line: int) -> None:
        count = len(self.names)
        posted = [0] * count
        for index in range(count):
            ante = min(antes[seat_slot(index, count)], self.stack[index])
            if ante > 0:
                # No total, and not counted as a bet on the street.
                self.add(index, ActionKind.ANTE, ante, line, None, False)
                posted[index] = ante
        if trimming and posted:
            # pokerkit's "ante trimming": right after the antes, the part of the largest ante
            # that nobody else matched goes back to its poster, like an uncalled bet.
            ranked = sorted(range(count), key=lambda i: posted[i], reverse=True)
            excess = posted[ranked[0]] - posted[ranked[1]]
            if excess > 0:
                self.give_back(ranked[0], excess, line)

    def post_blinds(self, posts: list[tuple[int, ActionKind, int]], line: int) -> None:
        """`posts`: (player, kind, blind) in the order of the blinds (see `_Stakes`)."""
        for index, kind, blind in posts:
            amount = min(blind, self.stack[index])
            if amount > 0:
                self.add(index, kind, amount, line)

    # Streets -------------------------------------------------------------------------------

    def street_name(self) -> str:
        return str(self.street_now)

    def close_street(self, line: int, why: str) -> None:
        """End the betting round: check nobody live was skipped, return uncalled excess."""
        count = len(self.names)
        folded, all_in = self.folded, self.all_in
        if folded.count(False) > 1:
            top = max(self.street_in)
            betting = [i for i in range(count) if not folded[i] and not all_in[i]]
            for index in betting:
                if self.street_in[index] < top:
                    raise self.fail(
                        f"{why} while {self.who(index)} has neither folded nor matched the "
                        f"{top} bet on the {self.street_name()} (put in {self.street_in[index]}):"
                        " an action is missing", line)
            if len(betting) > 1:
                for index in betting:
                    if not self.acted[index]:
                        raise self.fail(
                            f"{why} before {self.who(index)} acted on the "
                            f"{self.street_name()}: an action is missing", line)
        self.return_uncalled(line)
        self.street_in = [0] * count
        self.acted = [False] * count
        self.completed = False
        self.dealt.clear()

    def return_uncalled(self, line: int) -> None:
        """The part of the largest contribution this street that nobody matched goes back."""
        street_in = self.street_in
        if len(street_in) < 2:
            return
        top = max(street_in)
        if street_in.count(top) > 1:
            return  # matched
        excess = top - sorted(street_in)[-2]
        index = street_in.index(top)
        street_in[index] -= excess
        self.give_back(index, excess, line)

    def advance(self, line: int, why: str) -> None:
        self.close_street(line, why)
        if self.street + 1 >= len(self.streets):
            raise self.fail(f"{why} after the {self.street_name()}, the last betting round",
                            line)
        self.street += 1
        self.street_now = self.streets[self.street]

    # The actions ---------------------------------------------------------------------------

    def play(self, actions: list[str], lines: list[int], events: list[HandEvent],
             actions_line: int) -> None:
        """Every action string in order (`lines[i]` is the file line of `actions[i]`), then
        the end-of-hand checks."""
        count = len(self.names)
        for text, line in zip(actions, lines, strict=True):
            step = _STEPS.get(text) or _new_step(text)
            if step is None:
                raise self.not_understood(text, line)
            handler, actor, words, parsed, comment = step
            if actor >= count:
                raise self.not_understood(text, line)
            handler(self, actor, words, parsed, text, line)
            if comment:
                # A commentary is kept as an event right after what it annotates.
                events.append(HandEvent(HandEventKind.OTHER, len(self.actions), line,
                                        text=comment, street=self.street_now))
        self.finish(lines[-1] if lines else actions_line)

    # Handlers: (tracker, the position the action names (-1: none), its words, its cards as
    # read once (or None), the action text, its file line).

    def blank(self, index: int, words: list[str], parsed: _Parsed | None, text: str,
              line: int) -> None:
        """An empty action string (or one that is all comment): nothing happens."""

    def fold(self, index: int, words: list[str], parsed: _Parsed | None, text: str,
             line: int) -> None:
        if self.folded[index] or self.all_in[index]:
            raise self.cannot_act(index, text, line)
        self.acted[index] = True
        self.drawing = False
        self.folded[index] = True
        self.actions.append(Action(len(self.actions), self.street_now, self.names[index],
                                   ActionKind.FOLD, line))

    def check_or_call(self, index: int, words: list[str], parsed: _Parsed | None, text: str,
                      line: int) -> None:
        if self.folded[index] or self.all_in[index]:
            raise self.cannot_act(index, text, line)
        self.acted[index] = True
        self.drawing = False
        # As in pokerkit, the bet to match is what was really put in: a big blind all in for
        # less than the blind sets it to what it posted.
        owed = max(self.street_in) - self.street_in[index]
        if owed > 0:
            self.add(index, ActionKind.CALL, min(owed, self.stack[index]), line)
        else:
            self.actions.append(Action(len(self.actions), self.street_now, self.names[index],
                                       ActionKind.CHECK, line))

    def bet_to(self, index: int, words: list[str], parsed: _Parsed | None, text: str,
               line: int) -> None:
        total = _TOTALS[self.in_cents].get(words[2])
        if total is None:
            total = self.bet_total(words[2], text, line)
        if self.folded[index] or self.all_in[index]:
            raise self.cannot_act(index, text, line)
        self.acted[index] = True
        self.drawing = False
        current = max(self.street_in)
        if total <= current:
            raise self.fail(
                f"{self.who(index)} bets or raises to {total}, not above the {current} already "
                f"bet on the {self.street_name()}: {_show(text)}", line)
        added = total - self.street_in[index]
        if added > self.stack[index]:
            raise self.fail(
                f"{self.who(index)} bets or raises to {total}, which needs {added} more, but has "
                f"only {self.stack[index]} behind: {_show(text)}", line)
        if self.family == "stud" and self.street == 0 and not self.completed:
            kind = ActionKind.COMPLETE
            self.completed = True
        elif current == 0:
            kind = ActionKind.BET
        else:
            kind = ActionKind.RAISE
        self.add(index, kind, added, line, total)

    def bet_total(self, amount: str, text: str, line: int) -> int:
        """A `cbr` amount met for the first time: plain digits, whole in the hand's unit."""
        try:
            if not _PLAIN_AMOUNT.fullmatch(amount):
                raise ValueError(amount)
            total = parse_amount(amount, self.in_cents)
        except ValueError:
            raise self.fail(f"the amount in {_show(text)} is not a whole number of "
                            f"{'cents' if self.in_cents else 'chips'}", line) from None
        return _remember(_TOTALS[self.in_cents], amount, total)

    def post_bring_in(self, index: int, words: list[str], parsed: _Parsed | None, text: str,
                      line: int) -> None:
        if self.family != "stud" or self.bring_in is None:
            raise self.fail(f"a bring-in in a game without one: {_show(text)}", line)
        if self.folded[index] or self.all_in[index]:
            raise self.cannot_act(index, text, line)
        self.acted[index] = True
        self.drawing = False
        self.add(index, ActionKind.BRING_IN, min(self.bring_in, self.stack[index]), line)

    def discard(self, index: int, words: list[str], parsed: _Parsed | None, text: str,
                line: int) -> None:
        thrown = (self.cards.read(words[2], parsed, line, text, self.hand)[1]
                  if len(words) > 2 else 0)
        if self.family != "draw":
            raise self.fail(f"a draw in a game without draws: {_show(text)}", line)
        if self.folded[index]:
            raise self.fail(f"{self.who(index)} draws after folding: {_show(text)}", line)
        if not self.drawing or index in self.drew:
            self.advance(line, "a draw begins")
            self.drawing = True
            self.drew = set()
        self.drew.add(index)
        self.actions.append(Action(len(self.actions), self.street_now, self.names[index],
                                   ActionKind.DISCARD, line, discards=thrown))

    def show(self, index: int, words: list[str], parsed: _Parsed | None, text: str,
             line: int) -> None:
        player = self.names[index]
        if len(words) == 2:
            self.cards.shown.append(ShownCards(player, [], line, mucked=True))
            return
        if words[2] == "-":  # shows the cards dealt
            known = list(self.cards.hole.get(player, ()))
        else:
            known = list(self.cards.read(words[2], parsed, line, text, self.hand)[0])
        self.cards.shown.append(ShownCards(player, known, line))

    def deal_board(self, index: int, words: list[str], parsed: _Parsed | None, text: str,
                   line: int) -> None:
        if self.family != "flop":
            raise self.fail(f"board cards in a game without a board: {_show(text)}", line)
        board = self.cards.read(words[2], parsed, line, text, self.hand)[0]
        self.advance(line, "board cards are dealt")
        self.cards.board.extend(board)

    def deal_hole(self, player: int, words: list[str], parsed: _Parsed | None, text: str,
                  line: int) -> None:
        if parsed is None or self.cards.short_deck:
            parsed = self.cards.parse(words[3], line, text, self.hand)
        known = parsed[0]
        if self.family == "stud":
            if self.folded[player]:
                raise self.fail(f"cards dealt to {self.who(player)} after folding: "
                                f"{_show(text)}", line)
            if player in self.dealt:
                self.advance(line, "the next street is dealt")
            self.dealt.add(player)
        if known:
            self.cards.deal(player, known)

    def finish(self, line: int) -> None:
        """After the last action: betting must be complete, uncalled excess goes back."""
        if self.folded.count(False) > 1:
            top = max(self.street_in)
            for index in range(len(self.names)):
                if (not self.folded[index] and not self.all_in[index]
                        and self.street_in[index] < top):
                    raise self.fail(
                        f"the actions end while {self.who(index)} owes "
                        f"{top - self.street_in[index]} on the {self.street_name()}: "
                        "the hand is cut short", line)
        self.return_uncalled(line)


_Handler = Callable[[_Tracker, int, list[str], _Parsed | None, str, int], None]
# (verb, number of words) -> handler; any other shape of action is not understood.
_PLAYER_FORMS: Final[dict[tuple[str, int], _Handler]] = {
    ("f", 2): _Tracker.fold,
    ("cc", 2): _Tracker.check_or_call,
    ("cbr", 3): _Tracker.bet_to,
    ("pb", 2): _Tracker.post_bring_in,
    ("sd", 2): _Tracker.discard,
    ("sd", 3): _Tracker.discard,
    ("sm", 2): _Tracker.show,
    ("sm", 3): _Tracker.show,
}
_DEALER_FORMS: Final[dict[tuple[str, int], _Handler]] = {
    ("db", 3): _Tracker.deal_board,
    ("dh", 4): _Tracker.deal_hole,
}
_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")

# An action string read once, the same for every hand: its handler, the position of the
# player it names (-1 for none; `d dh` names the player dealt to), its words, its cards
# (None if it has none or they need a closer look) and its comment ("" if none). Bulk files
# repeat "d dh p1 ????", "p3 f", "p2 cc" in hand after hand.
_Step = tuple[_Handler, int, list[str], _Parsed | None, str]
_STEPS: Final[dict[str, _Step]] = {}


# The handlers whose last word is cards.
_CARD_HANDLERS: Final = frozenset({_Tracker.discard, _Tracker.show, _Tracker.deal_board,
                                  _Tracker.deal_hole})


def _position(name: str) -> int | None:
    """`p3` -> 2; None for anything that is not a player."""
    player = _PLAYER.fullmatch(name)
    return None if player is None else int(player[1]) - 1


def _new_step(text: str) -> _Step | None:
    """The step of an action string not met before (and remembered); None when its notation
    (what comes before any `#`) is not understood."""
    notation, _, comment = text.partition("#")
    comment = comment.strip()
    words = notation.split()
    if not words:
        step: _Step = (_Tracker.blank, -1, words, None, comment)
    else:
        size = len(words)
        handler = None
        if size > 1:
            forms = _DEALER_FORMS if words[0] == "d" else _PLAYER_FORMS
            handler = forms.get((words[1], size))
        # The player acting; the dealer acts for nobody, but `d dh pN cards` names the player
        # dealt to. Whether the table has that player is checked for each hand.
        if words[0] == "d":
            position = _position(words[2]) if size == 4 else -1
        else:
            position = _position(words[0])
        if handler is None or position is None:
            return None
        cards = words[-1] if handler in _CARD_HANDLERS and size > 2 else None
        step = (handler, position, words, None if cards is None else _read_cards(cards),
                comment)
    if len(_STEPS) >= _CACHE_SIZE:
        _STEPS.clear()
    _STEPS[text] = step
    return step


# --------------------------------------------------------------------------------------------
# One hand


def _read(block: Block, path: str, stem: str) -> Hand:
    lines = block.lines
    first = 0
    if not (lines and lines[0][:1] == "["):  # else a section header: the usual case
        while first < len(lines) and (not lines[first].strip() or
                                      lines[first].lstrip().startswith("#")):
            first += 1
    section: str | None = None
    body_start = first
    if first < len(lines):
        header = _HEADER.fullmatch(lines[first])
        if header is not None:
            section = header[1]
            body_start = first + 1
    start_line = block.start + body_start
    table, key_lines, shared = load_toml(lines[body_start:], start_line)
    # A record of comments only is rejected at its last line, not past the end of the file.
    hand_line = block.start + min(first, len(lines) - 1)
    default_hand = f"{stem}#{section}" if section is not None else stem
    if not table:
        raise RecordError("no PHH fields in this record", hand_line, default_hand)
    in_cents = "currency" in table or "currency_symbol" in table
    fields = _Fields(table, key_lines, hand_line, in_cents, lines, block.start,
                     shared is not None)
    fields.hand = default_hand
    hand_id = fields.text("hand") or default_hand
    fields.hand = hand_id
    return _HandBuilder(fields, path, hand_line, block.end).build(shared)


class _Stakes:
    """What the hands of a bulk file share: the forced bets and limits, and the header fields
    of the venue and currency. They depend only on the lines of `_SHARED_FIELDS` (which decide
    the unit too) and the number of players, so a valid set is derived once and kept in
    `_STAKES` under those lines; a hand that finds it there skips their checks, which it
    would pass. `header` and `zone` are filled by the first hand to get that far."""

    __slots__ = ("antes", "big_bet", "blind_posts", "blinds", "bring_in", "count", "header",
                 "kinds", "min_bet", "small_bet", "trimming", "variant", "zone")

    def __init__(self, variant: str, count: int, antes: list[int], blinds: list[int],
                 kinds: list[ActionKind | None], bring_in: int | None, small_bet: int | None,
                 big_bet: int | None, min_bet: int | None, trimming: bool) -> None:
        self.variant = variant
        self.count = count
        self.antes = antes
        self.blinds = blinds
        self.kinds = kinds
        # Each forced bet but the antes as (player position, kind, amount), in slot order.
        self.blind_posts = [(seat_slot(slot, count), kind, blinds[slot])
                            for slot, kind in enumerate(kinds) if kind is not None]
        self.bring_in = bring_in
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.min_bet = min_bet
        self.trimming = trimming
        # The shared header fields (no None values) and the time zone, once read.
        self.header: dict[str, Any] | None = None
        self.zone: str | None = None


_STAKES: Final[dict[tuple[str, ...], _Stakes]] = {}

# The players and seats lists the line cache shares between hands, once checked, by
# identity: id -> (the list, kept so that no other object can take its id, and what it gave).
# What they give is shared in turn, so it is never changed either.
_NAMES: Final[dict[int, tuple[list[Any], list[str]]]] = {}
_SEATS: Final[dict[int, tuple[list[Any], list[int]]]] = {}


def _remember_list(memo: dict[int, tuple[list[Any], _T]], raw: list[Any], result: _T) -> _T:
    if len(memo) >= _CACHE_SIZE:
        memo.clear()
    memo[id(raw)] = (raw, result)
    return result


class _HandBuilder:
    __slots__ = ("end_line", "f", "hand_id", "hand_line", "path", "warnings")

    def __init__(self, fields: _Fields, path: str, hand_line: int, end_line: int) -> None:
        self.f = fields
        self.path = path
        self.hand_line = hand_line
        self.end_line = end_line
        assert fields.hand is not None
        self.hand_id: str = fields.hand
        self.warnings: list[str] = []

    def fail(self, reason: str, line: int) -> RecordError:
        return RecordError(reason, line, self.hand_id)

    def build(self, shared: tuple[str, ...] | None) -> Hand:
        """The hand, its fields checked in a fixed order: the first problem is the one told.
        `shared` holds the lines of the shared fields (None off the fast TOML path)."""
        f = self.f
        stakes = _STAKES.get(shared) if shared is not None else None
        variant = self.variant() if stakes is None else stakes.variant
        game, _, family = VARIANTS[variant]
        self.check_field_names(variant, family)
        stacks = self.starting_stacks()
        count = len(stacks)
        names = self.player_names(count)
        seats = self.seat_numbers(count)
        if stakes is None or stakes.count != count:
            stakes = self.stakes(variant, count)
            if shared is not None:
                if len(_STAKES) >= _CACHE_SIZE:
                    _STAKES.clear()
                _STAKES[shared] = stakes

        cards = _Cards(game, names)
        tracker = _Tracker(self.hand_id, names, stacks, family, streets_of(game, family),
                           stakes.bring_in, cards, f.in_cents)
        if any(stakes.antes):  # most games have none, and nothing to trim then
            tracker.post_antes(stakes.antes, stakes.trimming, f.line("antes"))
        tracker.post_blinds(stakes.blind_posts, f.line("blinds_or_straddles"))
        events: list[HandEvent] = []
        self.play(tracker, events)

        awards, pot = self.awards(tracker, stacks, names, in_cents=f.in_cents,
                                  trimmed=stakes.trimming and bool(tracker.returns))
        hand = self.header(stakes) if stakes.header is None else self.own_header(stakes)
        seat_line = f.line("starting_stacks")
        hand["seats"] = [Seat(seats[i], names[i], stacks[i], seat_line)
                         for i in sorted(range(count), key=seats.__getitem__)]
        hand["actions"] = tracker.actions
        # Stud games have no button; in button games the file may not say where it is.
        if family != "stud":
            button = button_seat(seats, "seats" in f.table, hand.get("max_seats"),
                                 stakes.kinds[0] if stakes.kinds else None)
            if button is not None:
                hand["button_seat"] = button
        # Empty lists and a missing pot are the record's defaults: left out.
        if events:
            hand["events"] = events
        if cards.hole:
            hand["hole_cards"] = cards.hole
        if cards.board:
            hand["boards"] = [cards.board]
        if cards.shown:
            hand["shown"] = cards.shown
        if tracker.returns:
            hand["returns"] = tracker.returns
        if awards:
            hand["awards"] = awards
        elif awards is None:
            hand["awards_recorded"] = False
        if pot is not None:
            hand["pot"] = pot
        if self.warnings:
            hand["warnings"] = self.warnings
        # Every field was read and checked by name above; each value's type is checked as
        # the record is built.
        return hand_from_fields(hand)

    # Fields --------------------------------------------------------------------------------

    def variant(self) -> str:
        variant = self.f.table.get("variant")
        if variant is None:
            raise self.fail("the required field 'variant' is missing", self.hand_line)
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise self.f.fail("variant", f"variant {_show(variant)} is not a PHH variant code "
                                         f"({', '.join(VARIANTS)})")
        return variant

    def check_field_names(self, variant: str, family: str) -> None:
        """Every required field is there; a user-defined one is told, an unknown one refused."""
        table = self.f.table
        for key in _REQUIRED[family] if not table.keys() >= _REQUIRED_SET[family] else ():
            if key not in table:
                raise self.fail(f"the required field {_show(key)} is missing for {variant}",
                                self.hand_line)
        for key in table if not table.keys() <= _SPEC_FIELDS else ():
            if key not in _SPEC_FIELDS:
                if key.startswith("_"):
                    self.warnings.append(f"user-defined field {_show(key)} not read")
                else:
                    raise self.f.fail(key, f"unknown field {_show(key)}")

    def starting_stacks(self) -> list[int]:
        f = self.f
        stacks_raw = f.table["starting_stacks"]
        if not isinstance(stacks_raw, list) or len(stacks_raw) < 2:
            raise f.fail("starting_stacks",
                         f"starting_stacks must list at least two players, not {_show(stacks_raw)}")
        stacks = f.amounts("starting_stacks", len(stacks_raw))
        if min(stacks) <= 0:
            index = next(i for i, stack in enumerate(stacks) if stack <= 0)
            raise f.fail("starting_stacks",
                         f"p{index + 1} starts with no chips ({stacks[index]})")
        return stacks

    def stakes(self, variant: str, count: int) -> _Stakes:
        """The forced bets and limits, each checked."""
        f = self.f
        _, structure, family = VARIANTS[variant]
        antes = f.amounts("antes", count)
        bring_in = f.optional_amount("bring_in")
        small_bet = f.optional_amount("small_bet")
        big_bet = f.optional_amount("big_bet")
        min_bet = f.optional_amount("min_bet")
        if structure is BettingStructure.FIXED_LIMIT and (small_bet is None or big_bet is None):
            raise self.fail(f"{variant} is fixed-limit: small_bet and big_bet are required",
                            self.hand_line)
        if structure is not BettingStructure.FIXED_LIMIT and min_bet is None:
            raise self.fail(f"{variant} is no-limit or pot-limit: min_bet is required",
                            self.hand_line)
        if family == "stud":
            blinds = [0] * count
            if "blinds_or_straddles" in f.table and any(f.amounts("blinds_or_straddles",
                                                                  count)):
                raise f.fail("blinds_or_straddles", "a stud game with blinds or straddles")
        else:
            blinds = f.amounts("blinds_or_straddles", count)
            if bring_in:
                raise f.fail("bring_in", f"a bring-in in {variant}, a blind game")
        big_reference = small_bet if structure is BettingStructure.FIXED_LIMIT else min_bet
        kinds = blind_kinds(blinds, big_reference)
        trimming = f.table.get("ante_trimming_status", False)
        if not isinstance(trimming, bool):
            raise f.fail("ante_trimming_status",
                         f"ante_trimming_status must be true or false, not {_show(trimming)}")
        return _Stakes(variant, count, antes, blinds, kinds, bring_in, small_bet, big_bet,
                       min_bet, trimming)

    def player_names(self, count: int) -> list[str]:
        raw = self.f.table.get("players")
        if raw is None:
            return [f"p{i + 1}" for i in range(count)]
        known = _NAMES.get(id(raw))
        if known is not None and known[0] is raw and len(raw) == count:
            return known[1]
        if not isinstance(raw, list) or len(raw) != count or not _all_exactly(raw, str):
            raise self.f.fail("players", f"players must list {count} names, not {_show(raw)}")
        names = (list(raw) if all(map(str.strip, raw)) else
                 [name if name.strip() else f"p{i + 1}" for i, name in enumerate(raw)])
        if len(set(names)) != count:
            twice = next(name for name in names if names.count(name) > 1)
            raise self.f.fail("players", f"players lists {_show(twice)} twice")
        return _remember_list(_NAMES, raw, names)

    def seat_numbers(self, count: int) -> list[int]:
        raw = self.f.table.get("seats")
        if raw is None:
            return list(range(1, count + 1))
        known = _SEATS.get(id(raw))
        if known is not None and known[0] is raw and len(raw) == count:
            return known[1]
        # TOML integers are exactly int (a bool is not); count >= 2, so min() has values.
        if (not isinstance(raw, list) or len(raw) != count or not _all_exactly(raw, int)
                or min(raw) <= 0):
            raise self.f.fail("seats", f"seats must list {count} positive seat numbers, "
                                       f"not {_show(raw)}")
        if len(set(raw)) != count:
            raise self.f.fail("seats", f"seats lists a seat twice: {_show(raw)}")
        return _remember_list(_SEATS, raw, list(raw))

    # Header fields -------------------------------------------------------------------------

    def header(self, stakes: _Stakes) -> dict[str, Any]:
        """The header fields, read in order; the shared ones are kept in `stakes`."""
        f = self.f
        variant = stakes.variant
        game, structure, _ = VARIANTS[variant]
        kinds, blinds = stakes.kinds, stakes.blinds
        small_blind = (blinds[kinds.index(ActionKind.SMALL_BLIND)]
                       if ActionKind.SMALL_BLIND in kinds else None)
        big_blind = (blinds[kinds.index(ActionKind.BIG_BLIND)]
                     if ActionKind.BIG_BLIND in kinds else None)
        if big_blind is None and structure is not BettingStructure.FIXED_LIMIT:
            big_blind = stakes.min_bet  # the no-limit minimum bet is the big blind
        currency = f.text("currency")
        if currency is None:
            symbol = f.text("currency_symbol")
            currency = currency_of(symbol) if symbol else None
        level = f.integer("level")
        seat_count = f.integer("seat_count")
        played_at = self.played_at()
        zone = f.text("time_zone_abbreviation") or f.text("time_zone")
        shared: dict[str, Any] = {
            "site": f.text("venue") or "unknown",
            "source_format": NAME,
            "game": game,
            "structure": structure,
            "unit": Unit.CENTS if f.in_cents else Unit.CHIPS,
        }
        # None is every optional field's default: such keys are left out.
        for key, value in (
                ("tournament_name", f.text("event")), ("max_seats", seat_count),
                ("currency", currency), ("small_blind", small_blind),
                ("big_blind", big_blind), ("small_bet", stakes.small_bet),
                ("big_bet", stakes.big_bet), ("ante", max(stakes.antes) or None),
                ("bring_in", stakes.bring_in), ("level", None if level is None else str(level))):
            if value is not None:
                shared[key] = value
        table = f.text("table")
        stakes.zone = zone
        stakes.header = shared  # last: a hand that sees the header sees the zone too
        return self.header_of_hand(shared, zone, played_at, table)

    def own_header(self, stakes: _Stakes) -> dict[str, Any]:
        """The header when the shared fields were read for an earlier hand."""
        assert stakes.header is not None
        played_at = self.played_at()
        return self.header_of_hand(stakes.header, stakes.zone, played_at, self.f.text("table"))

    def header_of_hand(self, shared: dict[str, Any], zone: str | None,
                       played_at: datetime | None, table: str | None) -> dict[str, Any]:
        hand = dict(shared)  # a copy: `shared` serves the next hands too
        hand["hand_id"] = self.hand_id
        hand["location"] = SourceLocation(file=self.path, line=self.hand_line)
        hand["end_line"] = self.end_line
        if table is not None:
            hand["table"] = table
        if played_at is not None:
            hand["played_at"] = played_at
            hand["played_at_zone"] = zone
            if zone in EASTERN:
                hand["played_at_et"] = played_at
        return hand

    def played_at(self) -> datetime | None:
        f = self.f
        table = f.table
        year, month, day, at = (table.get("year"), table.get("month"), table.get("day"),
                                table.get("time"))
        if (type(year) is int and type(month) is int and type(day) is int
                and type(at) is clock and at.tzinfo is None):
            try:  # the usual case, with nothing to tell
                return datetime.combine(date(year, month, day), at)
            except (ValueError, OverflowError):  # a year of 20 digits overflows a C int
                pass
        year, month, day = f.integer("year"), f.integer("month"), f.integer("day")
        at = f.table.get("time")
        if year is None or month is None or day is None or at is None:
            return None
        if not isinstance(at, clock) or at.tzinfo is not None:
            raise f.fail("time", f"time must be a local time (HH:MM:SS), not {_show(at)}")
        try:
            return datetime.combine(date(year, month, day), at)
        except (ValueError, OverflowError) as exc:
            raise f.fail("day", f"no such date {year}-{month}-{day}: {exc}") from None

    # Actions -------------------------------------------------------------------------------

    def action_lines(self, actions: list[str], first: int) -> list[int]:
        """The file line of each action string (`first`: the line of `actions =`): that line
        for a one-line array, else the first line at or after the previous action's line that
        holds the action's text."""
        if self.f.one_line_values:
            return [first] * len(actions)
        body = self.f.source[first - self.f.source_start:]
        if not body or all(action in body[0] for action in actions):
            return [first] * len(actions)
        result: list[int] = []
        cursor = 0
        for action in actions:
            probe = cursor
            while probe < len(body) and action not in body[probe]:
                probe += 1
            if probe < len(body):
                cursor = probe
            result.append(first + cursor)
        return result

    def play(self, tracker: _Tracker, events: list[HandEvent]) -> None:
        raw = self.f.table["actions"]
        if not isinstance(raw, list) or not _all_exactly(raw, str):
            raise self.f.fail("actions", f"actions must be an array of strings, not {_show(raw)}")
        first = self.f.line("actions")
        tracker.play(raw, self.action_lines(raw, first), events, first)

    # Awards --------------------------------------------------------------------------------

    def awards(self, tracker: _Tracker, stacks: list[int], names: list[str], in_cents: bool,
               trimmed: bool) -> tuple[list[Award] | None, RecordedPot | None]:
        """The awards and the pot with its rake; None for awards the record leaves unknown
        (an empty pot pays nobody, so its awards are known whatever the record says)."""
        f = self.f
        count = len(names)
        net_in = sum(tracker.starting) - sum(tracker.stack)
        winnings = f.amounts("winnings", count) if "winnings" in f.table else None
        finishing = (f.amounts("finishing_stacks", count) if "finishing_stacks" in f.table
                     else None)
        if finishing is not None:
            from_stacks = self.won_from_finishing(tracker, stacks, finishing, trimmed)
            if winnings is not None and any(winnings) and winnings != from_stacks:
                raise f.fail("winnings", f"winnings {winnings} disagree with finishing_stacks, "
                                         f"which give {from_stacks}")
            won, key = from_stacks, "finishing_stacks"
        elif winnings is not None and any(winnings):
            won, key = winnings, "winnings"
        else:
            told = "winnings are all zero" if winnings is not None else "there are no winnings"
            self.warnings.append(f"{told} and there are no finishing_stacks: the awards are "
                                 f"not recorded ({net_in} was put in the pot)")
            return (None if net_in else []), None
        total = sum(won)
        if total > net_in and key == "winnings":
            # Kept for its actions, with the discrepancy told (as the other readers do), but
            # the payout is left out: in the HandHQ data it comes from posts (dead blinds) the
            # conversion dropped, and kept it would read as chips created.
            self.warnings.append(f"the recorded amounts do not add up: winnings pay out {total}, "
                                 f"more than the {net_in} the actions put in the pot (net of "
                                 "uncalled bets); the awards are left out")
            return None, None
        if total > net_in:
            raise f.fail(key, f"{key} pay out {total}, more than the {net_in} put in the pot "
                              "(net of uncalled bets)")
        pot = None
        if total < net_in:
            if not in_cents:
                raise f.fail(key, f"{key} pay out {total} of the {net_in} put in the pot, in a "
                                  "hand without rake")
            # PHH winnings are after rake, so the difference is the rake taken.
            pot = RecordedPot(net_in, f.line(key), net_in - total)
        line = f.line(key)
        awards = [Award(names[i], won[i], line) for i in range(count) if won[i] > 0]
        return awards, pot

    def won_from_finishing(self, tracker: _Tracker, stacks: list[int], finishing: list[int],
                           trimmed: bool) -> list[int]:
        won: list[int] = []
        for index, finish in enumerate(finishing):
            before = stacks[index] - tracker.put_in(index)
            gain = finish - before
            if gain < 0:
                reason = (f"finishing_stacks give {tracker.who(index)} {finish}, but they "
                          f"started with {stacks[index]} and put in {tracker.put_in(index)} "
                          f"(net of {tracker.returned(index)} returned), leaving {before} "
                          "before any winnings")
                if trimmed:
                    reason += ("; ante_trimming_status = true gave back the unmatched part of "
                               "the non-uniform antes, which finishing_stacks do not show")
                raise self.f.fail("finishing_stacks", reason)
            won.append(gain)
        return won


# --------------------------------------------------------------------------------------------
# The format


class PhhFormat:
    name = NAME
    holds_hands = True

    def __init__(self) -> None:
        self._stems: dict[str, str] = {}

    def sniff(self, head: list[str]) -> bool:
        """PHH when the first line that is not a comment is a `[N]` header or a `key = ...`
        line, and the head names a PHH variant and holds `actions` or `starting_stacks`."""
        body = [text for text in head if not text.startswith("#")]
        if not body or not (_HEADER.fullmatch(body[0]) or _KEY_VALUE.match(body[0])):
            return False
        return (any(_SNIFF_VARIANT.match(text) for text in body)
                and any(_SNIFF_KEY.match(text) for text in body))

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        """One block per `[N]` section (or the whole `.phh` file). Comments before the first
        header belong to the first hand rather than standing alone."""
        pending: Block | None = None
        for block in split_at(lines, _is_header):
            if pending is not None:
                gap = [""] * (block.start - pending.end - 1)
                block = Block(pending.start, pending.lines + gap + block.lines)
                pending = None
            if all(not text.strip() or text.lstrip().startswith("#") for text in block.lines):
                pending = block
                continue
            yield block
        if pending is not None:
            yield pending

    def parse(self, block: Block, path: str) -> Hand:
        stem = self._stems.get(path)
        if stem is None:
            if len(self._stems) > 1024:  # one entry per file read: keep it small
                self._stems.clear()
            stem = self._stems[path] = PurePath(path).stem
        return _read(block, path, stem)


FORMAT = PhhFormat()
