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
"""

import re
import reprlib
import tomllib
from collections.abc import Iterator
from datetime import date, datetime
from datetime import time as clock
from functools import lru_cache
from pathlib import PurePath
from typing import Any

from pydantic import ValidationError

from checker.ingest.amounts import currency_of, parse_amount
from checker.ingest.base import Block, RecordError, split_at
from checker.ingest.decode import Line
from checker.model import (
    ActionKind,
    BettingStructure,
    Game,
    Hand,
    Street,
    Unit,
)
from checker.model.cards import is_card

NAME = "phh"

# Variant code -> game, betting structure, family ("flop", "stud" or "draw").
VARIANTS: dict[str, tuple[Game, BettingStructure, str]] = {
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
FLOP_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
STUD_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
SINGLE_DRAW_STREETS = (Street.PREDRAW, Street.DRAW1)
TRIPLE_DRAW_STREETS = (Street.PREDRAW, Street.DRAW1, Street.DRAW2, Street.DRAW3)
# Time zone abbreviations that are US Eastern time, so `played_at` is also the ET time.
EASTERN = frozenset({"ET", "EST", "EDT"})


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


# --------------------------------------------------------------------------------------------
# TOML: an exact fast path for one-line `key = value` blocks, tomllib for everything else.

_FAIL = object()
_KEY_VALUE = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*?)[ \t]*$")
_LITERAL = re.compile(r"'([^'\x00-\x08\x0a-\x1f\x7f]*)'")
_BASIC = re.compile(r'"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')
_NUMBER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(\.[0-9]+)?")
_CLOCK = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])")
_ITEM = re.compile(
    r"[ \t]*(?:'([^'\x00-\x08\x0a-\x1f\x7f]*)'|\"([^\"\\\x00-\x08\x0a-\x1f\x7f]*)\""
    r"|([+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?))[ \t]*(,|\])"
)
_EMPTY_ARRAY = re.compile(r"\[[ \t]*\]")
_NUM = r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"
_NUMBER_ARRAY = re.compile(rf"\[[ \t]*{_NUM}(?:[ \t]*,[ \t]*{_NUM})*[ \t]*\]")
_LIT = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_LITERAL_ARRAY = re.compile(rf"\[[ \t]*{_LIT}(?:[ \t]*,[ \t]*{_LIT})*[ \t]*\]")
_LITERAL_ITEM = re.compile(r"'([^']*)'")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_PLAIN_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_KEY_AT_START = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=")
_TOML_LINE = re.compile(r"at line (\d+)")


class TomlFloat(str):
    """A TOML float kept as its text, so money never passes through a binary float (and a
    float is still told apart from a string)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


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
        if _LITERAL_ARRAY.fullmatch(text):
            return _LITERAL_ITEM.findall(text)
    elif _NUMBER_ARRAY.fullmatch(text):
        return [TomlFloat(item) if "." in item else int(item)
                for item in (part.strip(" \t") for part in text[1:-1].split(","))]
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


def fast_toml(lines: list[str]) -> tuple[dict[str, Any], dict[str, int]] | None:
    """The table and each key's 0-based line index, when every line is blank, a comment or a
    one-line `key = value` of plain scalars; None for anything else (tomllib decides then)."""
    table: dict[str, Any] = {}
    where: dict[str, int] = {}
    for index, raw in enumerate(lines):
        text = raw.strip(" \t")
        if not text:
            continue
        if text[0] == "#":
            if _CONTROL.search(text):
                return None
            continue
        known = _LINE_CACHE.get(text)
        if known is None:
            known = _fast_line(text)
            if known is None:
                return None
            if known[0] in _REPEATING and len(_LINE_CACHE) < _LINE_CACHE_SIZE:
                _LINE_CACHE[text] = known
        key, value = known
        if key in table:
            return None
        table[key] = value
        where[key] = index
    return table, where


def _fast_line(text: str) -> tuple[str, object] | None:
    key, equals, rest = text.partition("=")
    key = key.rstrip(" \t")
    if not equals or (key not in _SPEC_FIELDS and not _BARE_KEY.fullmatch(key)):
        return None
    value = _fast_value(rest.lstrip(" \t"))
    return None if value is _FAIL else (key, value)


# Stakes, venue, date and the like repeat from hand to hand in a bulk file: their lines are
# parsed once. The values are shared between hands, so the reader never mutates the table.
_LINE_CACHE: dict[str, tuple[str, object]] = {}
_LINE_CACHE_SIZE = 4096
_REPEATING = frozenset(
    {"variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet",
     "big_bet", "min_bet", "venue", "event", "day", "month", "year", "seats", "seat_count",
     "winnings", "currency", "currency_symbol", "time_zone_abbreviation", "time_zone",
     "author", "city", "region", "country", "level"}
)


def load_toml(lines: list[str], first_line: int) -> tuple[dict[str, Any], dict[str, int]]:
    """Parse one block's body; `first_line` is the file line of `lines[0]`. Returns the table
    and the file line of each top-level key."""
    fast = fast_toml(lines)
    if fast is not None:
        table, where = fast
        return table, {key: first_line + index for key, index in where.items()}
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
    return table, keys


# --------------------------------------------------------------------------------------------
# Fields

_HEADER = re.compile(r"[ \t]*\[[ \t]*(\d+)[ \t]*\][ \t]*(?:#.*)?")
_SNIFF_VARIANT = re.compile(r"variant\s*=\s*(['\"])(" + "|".join(map(re.escape, VARIANTS)) + r")\1")
_SNIFF_KEY = re.compile(r"(?:actions|starting_stacks)\s*=")
# Every field the spec defines; the reader uses most, and reads past the rest (author, venue
# address, time banks...) because they say nothing the hand model holds.
_SPEC_FIELDS = frozenset(
    {"author", "url", "address", "city", "region", "postal_code", "country", "time_limit",
     "time_banks", "time_zone", "min_bet", "small_bet", "big_bet", "bring_in",
     "ante_trimming_status", "variant", "antes", "blinds_or_straddles", "starting_stacks",
     "actions", "venue", "event", "time", "time_zone_abbreviation", "day", "month", "year",
     "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks",
     "winnings", "currency", "currency_symbol"}
)
_REQUIRED = {
    "flop": ("antes", "blinds_or_straddles", "starting_stacks", "actions"),
    "stud": ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions"),
    "draw": ("antes", "blinds_or_straddles", "starting_stacks", "actions"),
}


# Values quoted in a reason: short, and safe however deeply a damaged file nests them.
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict, _SHORT.maxstring, _SHORT.maxother = (
    2, 8, 4, 80, 80)
_show = _SHORT.repr

# Datasets repeat the same few stakes and stacks: parse each text once.
_parse_amount = lru_cache(maxsize=8192)(parse_amount)


def _is_header(text: str) -> bool:
    return text[:1] in "[ \t" and _HEADER.fullmatch(text) is not None


class _Fields:
    """Typed access to one block's table, every problem a located RecordError."""

    def __init__(self, table: dict[str, Any], lines: dict[str, int], default_line: int,
                 in_cents: bool, source: list[str], source_start: int) -> None:
        self.table = table
        # The block's text lines and the file line of the first, to place actions.
        self.source = source
        self.source_start = source_start
        self.lines = lines
        self.default_line = default_line
        self.in_cents = in_cents
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
            text = value.replace("_", "") if "_" in value else value
            try:
                return _parse_amount(text, self.in_cents)
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
        return [self.amount(key, value, key, i) for i, value in enumerate(values)]

    def text(self, key: str) -> str | None:
        value = self.table.get(key)
        if value is None:
            return None
        if isinstance(value, bool | TomlFloat) or not isinstance(value, str | int):
            raise self.fail(key, f"{key} must be a string or an integer, not {_show(value)}")
        return str(value)

    def integer(self, key: str) -> int | None:
        value = self.table.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"{key} must be an integer, not {_show(value)}")
        return value


# --------------------------------------------------------------------------------------------
# The contribution tracker


class _Tracker:
    """Per-street contributions and stacks, enough to turn PHH totals into chips added."""

    def __init__(self, hand: str, names: list[str], stacks: list[int], family: str,
                 streets: tuple[Street, ...], bring_in: int | None) -> None:
        count = len(names)
        self.hand = hand
        self.names = names
        self.family = family
        self.streets = streets
        self.bring_in = bring_in
        self.stack = list(stacks)
        self.street_in = [0] * count
        self.total_in = [0] * count
        self.folded = [False] * count
        self.all_in = [False] * count
        self.acted = [False] * count
        self.street = 0
        self.completed = False  # stud: the bring-in has been completed on the first street
        self.drawing = False  # draw games: inside a draw phase (between betting rounds)
        self.drew: set[int] = set()
        self.dealt: set[int] = set()  # stud: dealt on the current street
        self.actions: list[dict[str, Any]] = []
        self.returns: list[dict[str, Any]] = []
        self.returned = [0] * count

    def who(self, index: int) -> str:
        return f"p{index + 1} ({self.names[index]})"

    def fail(self, reason: str, line: int) -> RecordError:
        return RecordError(reason, line, self.hand)

    def add(self, index: int, kind: ActionKind, amount: int, line: int, to: int | None = None,
            discards: int | None = None, counts_on_street: bool = True) -> None:
        self.stack[index] -= amount
        self.total_in[index] += amount
        if counts_on_street:
            self.street_in[index] += amount
        went_all_in = amount > 0 and self.stack[index] == 0
        if went_all_in:
            self.all_in[index] = True
        self.actions.append({
            "index": len(self.actions), "street": self.streets[self.street],
            "player": self.names[index], "kind": kind, "amount": amount, "to": to,
            "all_in": went_all_in, "discards": discards, "line": line,
        })

    def give_back(self, index: int, amount: int, line: int) -> None:
        self.stack[index] += amount
        self.total_in[index] -= amount
        self.returned[index] += amount
        self.returns.append({"player": self.names[index], "amount": amount, "line": line})
        if self.stack[index] > 0:
            self.all_in[index] = False

    # Forced bets ---------------------------------------------------------------------------

    def post_antes(self, antes: list[int], trimming: bool, line: int) -> None:
        count = len(self.names)
        posted = [0] * count
        for index in range(count):
            ante = min(antes[seat_slot(index, count)], self.stack[index])
            if ante > 0:
                self.add(index, ActionKind.ANTE, ante, line, counts_on_street=False)
                posted[index] = ante
        if trimming and posted:
            # pokerkit's "ante trimming": right after the antes, the part of the largest ante
            # that nobody else matched goes back to its poster, like an uncalled bet.
            ranked = sorted(range(count), key=lambda i: posted[i], reverse=True)
            excess = posted[ranked[0]] - posted[ranked[1]]
            if excess > 0:
                self.give_back(ranked[0], excess, line)

    def post_blinds(self, raw: list[int], kinds: list[ActionKind | None], line: int) -> None:
        count = len(self.names)
        for slot, kind in enumerate(kinds):
            if kind is None:
                continue
            index = seat_slot(slot, count)
            amount = min(raw[slot], self.stack[index])
            if amount > 0:
                self.add(index, kind, amount, line)

    # Streets -------------------------------------------------------------------------------

    def street_name(self) -> str:
        return str(self.streets[self.street])

    def close_street(self, line: int, why: str) -> None:
        """End the betting round: check nobody live was skipped, return uncalled excess."""
        live = [i for i in range(len(self.names)) if not self.folded[i]]
        top = max(self.street_in)
        betting = [i for i in live if not self.all_in[i]]
        if len(live) > 1:
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
        self.street_in = [0] * len(self.names)
        self.acted = [False] * len(self.names)
        self.completed = False
        self.dealt = set()

    def return_uncalled(self, line: int) -> None:
        """The part of the largest contribution this street that nobody matched goes back."""
        if len(self.street_in) < 2:
            return
        ranked = sorted(range(len(self.street_in)), key=self.street_in.__getitem__, reverse=True)
        excess = self.street_in[ranked[0]] - self.street_in[ranked[1]]
        if excess > 0:
            self.street_in[ranked[0]] -= excess
            self.give_back(ranked[0], excess, line)

    def advance(self, line: int, why: str) -> None:
        self.close_street(line, why)
        if self.street + 1 >= len(self.streets):
            raise self.fail(f"{why} after the {self.street_name()}, the last betting round",
                            line)
        self.street += 1

    # Player actions ------------------------------------------------------------------------

    def must_be_able_to_act(self, index: int, line: int, text: str) -> None:
        if self.folded[index]:
            raise self.fail(f"{self.who(index)} acts after folding: {_show(text)}", line)
        if self.all_in[index]:
            raise self.fail(f"{self.who(index)} acts after going all in: {_show(text)}", line)

    def betting_action(self, index: int, line: int, text: str) -> None:
        self.must_be_able_to_act(index, line, text)
        self.acted[index] = True
        self.drawing = False

    def fold(self, index: int, line: int, text: str) -> None:
        self.betting_action(index, line, text)
        self.folded[index] = True
        self.add(index, ActionKind.FOLD, 0, line)

    def check_or_call(self, index: int, line: int, text: str) -> None:
        self.betting_action(index, line, text)
        # As in pokerkit, the bet to match is what was really put in: a big blind all in for
        # less than the blind sets it to what it posted.
        owed = max(self.street_in) - self.street_in[index]
        if owed <= 0:
            self.add(index, ActionKind.CHECK, 0, line)
        else:
            self.add(index, ActionKind.CALL, min(owed, self.stack[index]), line)

    def bet_to(self, index: int, total: int, line: int, text: str) -> None:
        self.betting_action(index, line, text)
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
        self.add(index, kind, added, line, to=total)

    def post_bring_in(self, index: int, line: int, text: str) -> None:
        if self.family != "stud" or self.bring_in is None:
            raise self.fail(f"a bring-in in a game without one: {_show(text)}", line)
        self.betting_action(index, line, text)
        self.add(index, ActionKind.BRING_IN, min(self.bring_in, self.stack[index]), line)

    def discard(self, index: int, count: int, line: int, text: str) -> None:
        if self.family != "draw":
            raise self.fail(f"a draw in a game without draws: {_show(text)}", line)
        if self.folded[index]:
            raise self.fail(f"{self.who(index)} draws after folding: {_show(text)}", line)
        if not self.drawing or index in self.drew:
            self.advance(line, "a draw begins")
            self.drawing = True
            self.drew = set()
        self.drew.add(index)
        self.add(index, ActionKind.DISCARD, 0, line, discards=count)

    def finish(self, line: int) -> None:
        """After the last action: betting must be complete, uncalled excess goes back."""
        live = [i for i in range(len(self.names)) if not self.folded[i]]
        if len(live) > 1:
            top = max(self.street_in)
            for index in live:
                if not self.all_in[index] and self.street_in[index] < top:
                    raise self.fail(
                        f"the actions end while {self.who(index)} owes "
                        f"{top - self.street_in[index]} on the {self.street_name()}: "
                        "the hand is cut short", line)
        self.return_uncalled(line)


# --------------------------------------------------------------------------------------------
# One hand


class _Reader:
    def __init__(self, block: Block, path: str, stem: str) -> None:
        self.block = block
        self.path = path
        self.stem = stem

    def read(self) -> Hand:
        lines = self.block.lines
        first = 0
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
        start_line = self.block.start + body_start
        table, key_lines = load_toml(lines[body_start:], start_line)
        hand_line = self.block.start + first
        default_hand = f"{self.stem}#{section}" if section is not None else self.stem
        if not table:
            raise RecordError("no PHH fields in this record", hand_line, default_hand)
        in_cents = "currency" in table or "currency_symbol" in table
        fields = _Fields(table, key_lines, hand_line, in_cents, lines, self.block.start)
        fields.hand = default_hand
        hand_id = fields.text("hand") or default_hand
        fields.hand = hand_id
        return _HandBuilder(fields, self.path, hand_line, self.block.end).build()


class _HandBuilder:
    def __init__(self, fields: _Fields, path: str, hand_line: int, end_line: int) -> None:
        self.f = fields
        self.path = path
        self.hand_line = hand_line
        self.end_line = end_line
        assert fields.hand is not None
        self.hand_id: str = fields.hand
        self.warnings: list[str] = []
        self.actors: dict[str, int] = {}

    def fail(self, reason: str, line: int) -> RecordError:
        return RecordError(reason, line, self.hand_id)

    def build(self) -> Hand:
        f = self.f
        table = f.table
        variant = table.get("variant")
        if variant is None:
            raise self.fail("the required field 'variant' is missing", self.hand_line)
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise f.fail("variant", f"variant {_show(variant)} is not a PHH variant code "
                                    f"({', '.join(VARIANTS)})")
        game, structure, family = VARIANTS[variant]
        for key in _REQUIRED[family]:
            if key not in table:
                raise self.fail(f"the required field {_show(key)} is missing for {variant}",
                                self.hand_line)
        for key in table:
            if key not in _SPEC_FIELDS:
                if key.startswith("_"):
                    self.warnings.append(f"user-defined field {_show(key)} not read")
                else:
                    raise f.fail(key, f"unknown field {_show(key)}")
        stacks_raw = table["starting_stacks"]
        if not isinstance(stacks_raw, list) or len(stacks_raw) < 2:
            raise f.fail("starting_stacks",
                         f"starting_stacks must list at least two players, not {_show(stacks_raw)}")
        count = len(stacks_raw)
        stacks = f.amounts("starting_stacks", count)
        for index, stack in enumerate(stacks):
            if stack <= 0:
                raise f.fail("starting_stacks", f"p{index + 1} starts with no chips ({stack})")
        names = self.player_names(count)
        seats = self.seat_numbers(count)
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
            if "blinds_or_straddles" in table and any(f.amounts("blinds_or_straddles", count)):
                raise f.fail("blinds_or_straddles", "a stud game with blinds or straddles")
        else:
            blinds = f.amounts("blinds_or_straddles", count)
            if bring_in:
                raise f.fail("bring_in", f"a bring-in in {variant}, a blind game")
        big_reference = small_bet if structure is BettingStructure.FIXED_LIMIT else min_bet
        kinds = blind_kinds(blinds, big_reference)
        trimming = table.get("ante_trimming_status", False)
        if not isinstance(trimming, bool):
            raise f.fail("ante_trimming_status",
                         f"ante_trimming_status must be true or false, not {_show(trimming)}")

        tracker = _Tracker(self.hand_id, names, stacks, family, streets_of(game, family),
                           bring_in)
        tracker.post_antes(antes, trimming, f.line("antes"))
        tracker.post_blinds(blinds, kinds, f.line("blinds_or_straddles"))
        cards = _Cards(game, names)
        events: list[dict[str, Any]] = []
        self.play(tracker, cards, events)

        awards, pot = self.awards(tracker, stacks, names, in_cents=f.in_cents,
                                  trimmed=trimming and bool(tracker.returns))
        hand = self.header(game, structure, variant, kinds, blinds, antes, bring_in, small_bet,
                           big_bet, min_bet)
        seat_line = f.line("starting_stacks")
        seat_list = [{"seat": seats[i], "player": names[i], "stack": stacks[i], "line": seat_line}
                     for i in sorted(range(count), key=seats.__getitem__)]
        # The button is sound to derive: phh-std ("Position") orders players clockwise, and in
        # button games the first is the small blind and the last has the button; heads-up the
        # forced bets are reversed, so p2 (last) is the button posting the small blind, as the
        # HandHQ hands confirm (p2 acts first preflop). Stud games have no button.
        hand.update({
            "button_seat": seats[-1] if family != "stud" else None,
            "seats": seat_list,
            "actions": tracker.actions,
            "events": events,
            "hole_cards": cards.hole,
            "boards": [cards.board] if cards.board else [],
            "shown": cards.shown,
            "returns": tracker.returns,
            "awards": awards,
            "pot": pot,
            "warnings": self.warnings,
        })
        try:
            return Hand.model_validate(hand)
        except ValidationError as exc:
            problem = exc.errors()[0]
            where = ".".join(str(part) for part in problem["loc"])
            raise self.fail(f"a field cannot be read ({where}: {problem['msg']})",
                            self.hand_line) from None

    # Header fields -------------------------------------------------------------------------

    def player_names(self, count: int) -> list[str]:
        raw = self.f.table.get("players")
        if raw is None:
            return [f"p{i + 1}" for i in range(count)]
        if not isinstance(raw, list) or len(raw) != count or not all(
                type(name) is str for name in raw):
            raise self.f.fail("players", f"players must list {count} names, not {_show(raw)}")
        names = [name if name.strip() else f"p{i + 1}" for i, name in enumerate(raw)]
        if len(set(names)) != count:
            twice = next(name for name in names if names.count(name) > 1)
            raise self.f.fail("players", f"players lists {_show(twice)} twice")
        return names

    def seat_numbers(self, count: int) -> list[int]:
        raw = self.f.table.get("seats")
        if raw is None:
            return list(range(1, count + 1))
        if (not isinstance(raw, list) or len(raw) != count
                or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0
                           for s in raw)):
            raise self.f.fail("seats", f"seats must list {count} positive seat numbers, "
                                       f"not {_show(raw)}")
        if len(set(raw)) != count:
            raise self.f.fail("seats", f"seats lists a seat twice: {_show(raw)}")
        return list(raw)

    def header(self, game: Game, structure: BettingStructure, variant: str,
               kinds: list[ActionKind | None], blinds: list[int], antes: list[int],
               bring_in: int | None, small_bet: int | None, big_bet: int | None,
               min_bet: int | None) -> dict[str, Any]:
        f = self.f
        small_blind = next((blinds[i] for i, k in enumerate(kinds)
                            if k is ActionKind.SMALL_BLIND), None)
        big_blind = next((blinds[i] for i, k in enumerate(kinds)
                          if k is ActionKind.BIG_BLIND), None)
        if big_blind is None and structure is not BettingStructure.FIXED_LIMIT:
            big_blind = min_bet  # the no-limit minimum bet is the big blind
        currency = f.text("currency")
        if currency is None:
            symbol = f.text("currency_symbol")
            currency = currency_of(symbol) if symbol else None
        level = f.integer("level")
        seat_count = f.integer("seat_count")
        played_at = self.played_at()
        zone = f.text("time_zone_abbreviation") or f.text("time_zone")
        return {
            "site": f.text("venue") or "unknown",
            "source_format": NAME,
            "hand_id": self.hand_id,
            "tournament_name": f.text("event"),
            "table": f.text("table"),
            "max_seats": seat_count,
            "game": game,
            "structure": structure,
            "unit": Unit.CENTS if f.in_cents else Unit.CHIPS,
            "currency": currency,
            "small_blind": small_blind,
            "big_blind": big_blind,
            "small_bet": small_bet,
            "big_bet": big_bet,
            "ante": max(antes) or None,
            "bring_in": bring_in,
            "level": None if level is None else str(level),
            "played_at": played_at,
            "played_at_zone": zone if played_at is not None else None,
            "played_at_et": played_at if played_at is not None and zone in EASTERN else None,
            "location": {"file": self.path, "line": self.hand_line},
            "end_line": self.end_line,
        }

    def played_at(self) -> datetime | None:
        f = self.f
        year, month, day = f.integer("year"), f.integer("month"), f.integer("day")
        at = f.table.get("time")
        if year is None or month is None or day is None or at is None:
            return None
        if not isinstance(at, clock) or at.tzinfo is not None:
            raise f.fail("time", f"time must be a local time (HH:MM:SS), not {_show(at)}")
        try:
            return datetime.combine(date(year, month, day), at)
        except ValueError as exc:
            raise f.fail("day", f"no such date {year}-{month}-{day}: {exc}") from None

    # Actions -------------------------------------------------------------------------------

    def action_lines(self, actions: list[str]) -> list[int]:
        """The file line of each action string: one line for a one-line array, else the first
        line at or after the previous action's line that holds the action's text."""
        first = self.f.line("actions")
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

    def play(self, tracker: _Tracker, cards: "_Cards", events: list[dict[str, Any]]) -> None:
        raw = self.f.table["actions"]
        if not isinstance(raw, list) or not all(type(a) is str for a in raw):
            raise self.f.fail("actions", f"actions must be an array of strings, not {_show(raw)}")
        lines = self.action_lines(raw)
        count = len(tracker.names)
        family = tracker.family
        self.actors = {f"p{i + 1}": i for i in range(count)}
        last_line = self.f.line("actions")
        for text, line in zip(raw, lines, strict=True):
            last_line = line
            if "#" in text:
                notation, _, comment = text.partition("#")
                # A commentary is kept as an event right after what it annotates.
                pending = comment.strip()
            else:
                notation, pending = text, ""
            words = notation.split()
            if words:
                self.act(words, text, line, tracker, cards, count, family)
            if pending:
                events.append({"kind": "other", "text": pending,
                               "street": tracker.streets[tracker.street],
                               "after_action": len(tracker.actions), "line": line})
        tracker.finish(last_line)

    def act(self, words: list[str], text: str, line: int, tracker: _Tracker, cards: "_Cards",
            count: int, family: str) -> None:
        actor = words[0]
        if actor == "d":
            self.deal(words, text, line, tracker, cards, count, family)
            return
        index = self.actors.get(actor)
        if index is None or len(words) < 2:
            raise self.fail(f"action not understood: {_show(text)}", line)
        verb = words[1]
        rest = words[2:]
        if verb == "f" and not rest:
            tracker.fold(index, line, text)
        elif verb == "cc" and not rest:
            tracker.check_or_call(index, line, text)
        elif verb == "cbr" and len(rest) == 1:
            amount = rest[0]
            try:
                if not _PLAIN_AMOUNT.fullmatch(amount):
                    raise ValueError(amount)
                total = _parse_amount(amount, self.f.in_cents)
            except ValueError:
                raise self.fail(f"the amount in {_show(text)} is not a whole number of "
                                f"{'cents' if self.f.in_cents else 'chips'}", line) from None
            tracker.bet_to(index, total, line, text)
        elif verb == "pb" and not rest:
            tracker.post_bring_in(index, line, text)
        elif verb == "sd" and len(rest) <= 1:
            thrown = cards.parse(rest[0], line, text, self.hand_id)[1] if rest else 0
            tracker.discard(index, thrown, line, text)
        elif verb == "sm" and len(rest) <= 1:
            cards.show(index, rest[0] if rest else None, line, text, self.hand_id)
        else:
            raise self.fail(f"action not understood: {_show(text)}", line)

    def deal(self, words: list[str], text: str, line: int, tracker: _Tracker,
             cards: "_Cards", count: int, family: str) -> None:
        if len(words) == 3 and words[1] == "db":
            if family != "flop":
                raise self.fail(f"board cards in a game without a board: {_show(text)}", line)
            board = cards.parse(words[2], line, text, self.hand_id)[0]
            tracker.advance(line, "board cards are dealt")
            cards.board.extend(board)
            return
        if len(words) == 4 and words[1] == "dh":
            index = self.actors.get(words[2])
            if index is None:
                raise self.fail(f"action not understood: {_show(text)}", line)
            known, _ = cards.parse(words[3], line, text, self.hand_id)
            if family == "stud":
                if tracker.folded[index]:
                    raise self.fail(f"cards dealt to {tracker.who(index)} after folding: "
                                    f"{_show(text)}", line)
                if index in tracker.dealt:
                    tracker.advance(line, "the next street is dealt")
                tracker.dealt.add(index)
            cards.deal(index, known)
            return
        raise self.fail(f"action not understood: {_show(text)}", line)

    # Awards --------------------------------------------------------------------------------

    def awards(self, tracker: _Tracker, stacks: list[int], names: list[str], in_cents: bool,
               trimmed: bool) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        f = self.f
        count = len(names)
        net_in = sum(tracker.total_in)
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
            return [], None
        total = sum(won)
        if total > net_in and key == "winnings":
            # Kept for its actions, with the discrepancy told (as the other readers do), but
            # the payout is left out: in the HandHQ data it comes from posts (dead blinds) the
            # conversion dropped, and kept it would read as chips created.
            self.warnings.append(f"the recorded amounts do not add up: winnings pay out {total}, "
                                 f"more than the {net_in} the actions put in the pot (net of "
                                 "uncalled bets); the awards are left out")
            return [], None
        if total > net_in:
            raise f.fail(key, f"{key} pay out {total}, more than the {net_in} put in the pot "
                              "(net of uncalled bets)")
        pot = None
        if total < net_in:
            if not in_cents:
                raise f.fail(key, f"{key} pay out {total} of the {net_in} put in the pot, in a "
                                  "hand without rake")
            # PHH winnings are after rake, so the difference is the rake taken.
            pot = {"total": net_in, "rake": net_in - total, "line": f.line(key)}
        awards = [{"player": names[i], "amount": won[i], "line": f.line(key)}
                  for i in range(count) if won[i] > 0]
        return awards, pot

    def won_from_finishing(self, tracker: _Tracker, stacks: list[int], finishing: list[int],
                           trimmed: bool) -> list[int]:
        won: list[int] = []
        for index, finish in enumerate(finishing):
            before = stacks[index] - tracker.total_in[index]
            gain = finish - before
            if gain < 0:
                reason = (f"finishing_stacks give {tracker.who(index)} {finish}, but they "
                          f"started with {stacks[index]} and put in {tracker.total_in[index]} "
                          f"(net of {tracker.returned[index]} returned), leaving {before} "
                          "before any winnings")
                if trimmed:
                    reason += ("; ante_trimming_status = true gave back the unmatched part of "
                               "the non-uniform antes, which finishing_stacks do not show")
                raise self.f.fail("finishing_stacks", reason)
            won.append(gain)
        return won


class _Cards:
    """Hole cards (every known card dealt to a player, in order), board, shown hands."""

    def __init__(self, game: Game, names: list[str]) -> None:
        self.short_deck = game is Game.HOLDEM_SHORT_DECK
        self.names = names
        self.dealt: list[list[str]] = [[] for _ in names]
        self.hole: dict[str, list[str]] = {}
        self.board: list[str] = []
        self.shown: list[dict[str, Any]] = []

    def parse(self, text: str, line: int, action: str, hand: str) -> tuple[list[str], int]:
        """Known cards and the number of cards (unknown `??` included)."""
        if text[0] == "?" and not text.strip("?") and not len(text) % 2:
            return [], len(text) // 2
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
        self.dealt[index].extend(known)
        if known:
            self.hole[self.names[index]] = self.dealt[index]

    def show(self, index: int, text: str | None, line: int, action: str, hand: str) -> None:
        if text is None:
            self.shown.append({"player": self.names[index], "cards": [], "mucked": True,
                               "line": line})
            return
        known = list(self.dealt[index]) if text == "-" else self.parse(text, line, action,
                                                                        hand)[0]
        self.shown.append({"player": self.names[index], "cards": known, "line": line})


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
        return _Reader(block, path, stem).read()


FORMAT = PhhFormat()
