"""msgspec's hook for the log's timestamps (`LogTimestamp`), compiled (checker/native.py).

A log line has one timestamp, a hand line two, and each went through the hook interpreted:
the schema's pattern (~0.3 µs), then `LogTimestamp.fromisoformat` (~0.45 µs: a class derived
from datetime is built through a generic call), ~0.9 µs in all. Here the fixed form is read
character by character and the datetime built from its numbers once. `rfc3339` (the pattern,
then `fromisoformat`) stays the reference: a property test holds this reader to it, text for
text (tests/test_log_time.py)."""

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any, Final

from checker.model.digits import digit_at, digits_value
from checker.model.log_timestamp import NOT_RFC3339, LogTimestamp

# Microseconds per unit of a fraction of 1 to 6 digits, by its digits.
_SCALE: Final[tuple[int, ...]] = (0, 100_000, 10_000, 1_000, 100, 10, 1)
# Offsets read, by their text ("+01:00"): a log has few, and a timezone is an object.
_ZONES: Final[dict[str, tzinfo]] = {}
_ZONES_KEPT: Final = 64


def timestamp_hook(kind: type, value: Any) -> Any:
    """msgspec's hook for `LogTimestamp`: text as `rfc3339` reads it; a datetime (a Struct
    built in Python, `msgspec.convert`) as it is, if it has an offset."""
    if kind is not LogTimestamp:
        raise NotImplementedError(kind)
    if isinstance(value, str):
        return read_timestamp(value)
    if isinstance(value, datetime) and value.tzinfo is not None:
        return LogTimestamp.of(value)
    raise TypeError(f"Expected an RFC 3339 timestamp, got `{type(value).__name__}`")


def read_timestamp(text: str) -> LogTimestamp:
    """What `rfc3339(text, LogTimestamp)` reads: YYYY-MM-DDTHH:MM:SS, a fraction of 1 to 6
    digits or none, then Z or an offset +HH:MM; ValueError as it raises."""
    size = len(text)
    if (size < 20 or text[4] != "-" or text[7] != "-" or text[10] != "T" or text[13] != ":"
            or text[16] != ":"):
        raise ValueError(NOT_RFC3339)
    year = _number(text, 0, 4)
    month = _number(text, 5, 7)
    day = _number(text, 8, 10)
    hour = _number(text, 11, 13)
    minute = _number(text, 14, 16)
    second = _number(text, 17, 19)
    micro = 0
    end = 19
    if text[19] == ".":
        end = 20
        while end < 26 and digit_at(text, end) >= 0:
            end += 1
        if end == 20:
            raise ValueError(NOT_RFC3339)
        micro = _number(text, 20, end) * _SCALE[end - 20]
    if size == end + 1 and text[end] == "Z":
        zone: tzinfo = UTC
    elif size == end + 6 and (text[end] == "+" or text[end] == "-") and text[end + 3] == ":":
        zone = _zone(text[end:])
    else:
        raise ValueError(NOT_RFC3339)
    return LogTimestamp(year, month, day, hour, minute, second, micro, zone)


def _number(text: str, start: int, end: int) -> int:
    """The number the digits text[start:end] write; ValueError when one is no digit."""
    value = digits_value(text, start, end)
    if value < 0:
        raise ValueError(NOT_RFC3339)
    return value


def _zone(text: str) -> tzinfo:
    """The offset "+HH:MM" or "-HH:MM" as `fromisoformat` reads it (minutes past 59 carried
    into the hours; a day or more refused by `timezone`, in its words)."""
    zone = _ZONES.get(text)
    if zone is None:
        offset = timedelta(hours=_number(text, 1, 3), minutes=_number(text, 4, 6))
        zone = timezone(-offset if text[0] == "-" else offset)
        if len(_ZONES) < _ZONES_KEPT:
            _ZONES[text] = zone
    return zone
