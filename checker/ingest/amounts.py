"""Amounts as the sites write them ("$1,234.50", "2,856,582", "50K", "€0.96", "₹13.50") to
integers.

Money becomes integer cents; chips stay integer chips. A value that would need a fraction of
the unit raises ValueError, which the reader turns into a located rejection.
"""

import re
from typing import Final

from checker.ingest.excerpt import excerpt

_CURRENCY_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR"}
_NUMBER: Final = re.compile(r"^(?P<num>[0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+)(?P<suffix>[KkMm]?)$")
_SCALE: Final = {"": 1, "k": 1_000, "K": 1_000, "m": 1_000_000, "M": 1_000_000}


def currency_of(text: str) -> str | None:
    """The currency code of an amount's leading symbol, if it has one."""
    text = text.strip()
    return _CURRENCY_SYMBOLS.get(text[:1]) if text else None


def _strip_symbol(text: str) -> str:
    text = text.strip()
    if text[:1] in _CURRENCY_SYMBOLS:
        text = text[1:]
    return text


def _scaled(text: str, scale: int) -> int:
    """`text` (digits, separators, optional decimals and K/M) times `scale`, exactly."""
    if is_digits(text[:1]):
        # Most amounts are a tournament's chips ("2500", "12,345"): what the pattern reads
        # as digits and separators alone, read without it.
        plain = text.replace(",", "") if "," in text else text
        if is_digits(plain):
            return int(plain) * scale
    match = _NUMBER.match(_strip_symbol(text))
    if match is None:
        raise ValueError(f"not an amount: {excerpt(text)}")
    number = match["num"].replace(",", "")
    factor = scale * _SCALE[match["suffix"]]
    whole, _, fraction = number.partition(".")
    value = int(whole or "0") * factor
    if fraction:
        numerator = int(fraction) * factor
        denominator = 10 ** len(fraction)
        if numerator % denominator:
            raise ValueError(f"amount {excerpt(text)} is not a whole number of units")
        value += numerator // denominator
    return value


def parse_chips(text: str) -> int:
    """'2,856,582' -> 2856582; '50K' -> 50000."""
    return _scaled(text, 1)


def parse_cents(text: str) -> int:
    """'$1,234.50' -> 123450; '€0.96' -> 96; '$1' -> 100."""
    return _scaled(text, 100)


def parse_amount(text: str, in_cents: bool) -> int:
    return parse_cents(text) if in_cents else parse_chips(text)


def is_digits(text: str) -> bool:
    """Whether `text` is ASCII digits only (one at least). str.isdigit also takes '³' or '١',
    which int() refuses or reads as another number; the readers' patterns say [0-9] for the
    same reason. A loop over the characters: compiled, `isascii` (no mypyc primitive) was a
    method looked up by name at each call, ~500-1,000 instructions. Inline, not through
    `digit_at`: a seat's stack is tested each hand, and all() with a call a character cost
    ~330 instructions a test in callgrind."""
    if not text:
        return False
    for at in range(len(text)):
        code = ord(text[at]) - 48
        if code < 0 or code > 9:  # not "0" to "9"
            return False
    return True
