"""The date of a PokerStars hand's header line: `2011/07/17 12:23:34 CET [2011/07/17 6:23:34
ET]`, `2008/01/04 - 22:05:53 (ET)`, `2013/02/03 9:41:10 ET`.

`DATE` is the definition. `usual_date` reads the same shapes digit by digit, without the
pattern, its groups, their strings and an `int()` of each (~20,000 instructions a hand,
~2.5 % of all a real PokerStars hand costs, in a callgrind profile); what it does not read
as the pattern would, it leaves to the pattern (tests/test_stars_date.py holds the two
together).
"""

import re
from typing import Final

from checker.model.digits import digit_at, digits_value

DATE: Final = re.compile(
    r"^([0-9]{4})/([0-9]{1,2})/([0-9]{1,2})(?: -)? ([0-9]{1,2}):([0-9]{2}):([0-9]{2})"
    r" \(?([A-Z]{1,5})\)?"
    r"(?: \[([0-9]{4})/([0-9]{1,2})/([0-9]{1,2}) ([0-9]{1,2}):([0-9]{2}):([0-9]{2}) ET\])?$"
)

# (year, month, day, hour, minute, second, where the zone starts and ends in the text, and
# the ET clock's six or -1s): year -1 when the text is not of the usual shapes.
Fields = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int, int]

_NOT_USUAL: Final[Fields] = (-1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1)
_ZONE_LETTERS: Final = 5
_ET_CLOSE: Final = " ET]"


def _at(text: str, at: int, char: str) -> bool:
    """Whether `char` is at `at` (`startswith` from an index has no mypyc primitive: a call
    by name)."""
    return at < len(text) and text[at] == char


def _one_or_two(text: str, at: int, then: str) -> tuple[int, int]:
    """One or two digits at `at` followed by the character `then`: their value and where
    `then` is; (-1, 0) otherwise."""
    first = digit_at(text, at)
    if first < 0:
        return -1, 0
    second = digit_at(text, at + 1)
    end = at + 1
    value = first
    if second >= 0:
        value = first * 10 + second
        end = at + 2
    if end >= len(text) or text[end] != then:
        return -1, 0
    return value, end


def _ymd(text: str, at: int, then: str) -> tuple[int, int, int, int]:
    """`YYYY/M[M]/D[D]` at `at` followed by `then`: year, month, day and where `then` is;
    year -1 otherwise."""
    year = digits_value(text, at, at + 4)
    if year < 0 or at + 4 >= len(text) or text[at + 4] != "/":
        return -1, 0, 0, 0
    month, slash = _one_or_two(text, at + 5, "/")
    if month < 0:
        return -1, 0, 0, 0
    day, end = _one_or_two(text, slash + 1, then)
    if day < 0:
        return -1, 0, 0, 0
    return year, month, day, end


def _hms(text: str, at: int) -> tuple[int, int, int, int]:
    """`H[H]:MM:SS` at `at`: hour, minute, second and where the text goes on; hour -1
    otherwise."""
    hour, colon = _one_or_two(text, at, ":")
    if hour < 0:
        return -1, 0, 0, 0
    minute = digits_value(text, colon + 1, colon + 3)
    if minute < 0 or colon + 3 >= len(text) or text[colon + 3] != ":":
        return -1, 0, 0, 0
    second = digits_value(text, colon + 4, colon + 6)
    if second < 0:
        return -1, 0, 0, 0
    return hour, minute, second, colon + 6


def usual_date(text: str) -> Fields:
    """`DATE`'s reading of `text` (stripped), as numbers; year -1 when `text` is not of
    the shapes read here (the pattern may still read it)."""
    year, month, day, at = _ymd(text, 0, " ")
    if year < 0:
        return _NOT_USUAL
    at += 1
    if _at(text, at, "-") and _at(text, at + 1, " "):
        at += 2
    hour, minute, second, at = _hms(text, at)
    if hour < 0 or at >= len(text) or text[at] != " ":
        return _NOT_USUAL
    at += 1
    bracket = at < len(text) and text[at] == "("
    if bracket:
        at += 1
    zone_at = at
    while at < len(text) and at - zone_at < _ZONE_LETTERS and 65 <= ord(text[at]) <= 90:
        at += 1  # A to Z
    zone_end = at
    if zone_end == zone_at:
        return _NOT_USUAL
    if at < len(text) and text[at] == ")":
        at += 1
    if at == len(text):
        return (year, month, day, hour, minute, second, zone_at, zone_end,
                -1, -1, -1, -1, -1, -1)
    if not (_at(text, at, " ") and _at(text, at + 1, "[")):
        return _NOT_USUAL
    et_year, et_month, et_day, at = _ymd(text, at + 2, " ")
    if et_year < 0:
        return _NOT_USUAL
    et_hour, et_minute, et_second, at = _hms(text, at + 1)
    if et_hour < 0 or at + len(_ET_CLOSE) != len(text) or not text.endswith(_ET_CLOSE):
        return _NOT_USUAL
    return (year, month, day, hour, minute, second, zone_at, zone_end,
            et_year, et_month, et_day, et_hour, et_minute, et_second)
