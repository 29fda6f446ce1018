"""The tournament log's timestamps: the schema's RFC 3339 form, and the datetime a Struct's
field holds (`LogTimestamp`: msgspec calls a hook only for a type of its own).

Interpreted: a class derived from datetime is no class mypyc compiles. The hook that reads
one is compiled (checker/model/log_time.py)."""

import re
from datetime import datetime
from typing import TypeVar

# The schema's `timestamp`.
TIMESTAMP = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:[0-9]{2})")
NOT_RFC3339 = ("not an RFC 3339 timestamp with seconds and an offset "
               "(2026-11-01T18:00:00Z)")
_Moment = TypeVar("_Moment", bound=datetime)


def rfc3339(text: str, kind: type[_Moment]) -> _Moment:
    """A timestamp of the log, read as a `kind`; ValueError when it is not one (in the
    datetime's own words when it fits the pattern but names no real moment: month 13)."""
    if TIMESTAMP.fullmatch(text) is None:
        raise ValueError(NOT_RFC3339)
    return kind.fromisoformat(text)


class LogTimestamp(datetime):
    """A time read from a line by a Struct (msgspec's own RFC 3339 reader also takes a space
    for the T, a lower-case z, an offset without its colon and more than six digits of
    fraction: the schema takes none of them). Compares and computes as the datetime it is."""

    @classmethod
    def of(cls, moment: datetime) -> "LogTimestamp":
        """An aware datetime as a LogTimestamp (a Struct made in Python: the simulator's)."""
        return cls(moment.year, moment.month, moment.day, moment.hour, moment.minute,
                   moment.second, moment.microsecond, moment.tzinfo)
