"""The log's timestamps read by the compiled hook (checker/model/log_time.py) exactly as the
reference reads them (`rfc3339`: the schema's pattern, then `fromisoformat`): the same
moment and offset, or the same refusal in the same words."""

from datetime import UTC, datetime, timedelta, timezone

import msgspec
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from checker.model.log_time import read_timestamp, timestamp_hook
from checker.model.log_timestamp import LogTimestamp, rfc3339

# Timestamps of the schema's form and near misses of it: a space or a lower-case t for the T,
# no seconds, fractions of 0 to 8 digits, z, no offset, offsets without their colon or past
# a day, digits of other scripts.
NEAR = st.from_regex(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[T t][0-9]{2}:[0-9]{2}(:[0-9]{2})?(\.[0-9]{0,8})?"
    r"(Z|z|[+-][0-9]{2}:?[0-9]{2})?", fullmatch=True)
VALID = st.builds(
    lambda moment, zone: moment.replace(tzinfo=zone).isoformat().replace("+00:00", "Z"),
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)),
    st.sampled_from([UTC, timezone(timedelta(hours=2)), timezone(-timedelta(hours=5, minutes=30)),
                     timezone(timedelta(hours=23, minutes=59))]))


def _mutated(text: str, at: int, char: str) -> str:
    at %= len(text) + 1
    return text[:at] + char + text[at + 1:]


MUTATED = st.builds(_mutated, VALID, st.integers(0, 40),
                    st.sampled_from(["0", "9", "-", ":", "T", " ", ".", "Z", "+", "\u0663", ""]))


def _outcome(read: object, text: str) -> tuple[str, object]:
    try:
        moment = read(text)  # type: ignore[operator]
    except ValueError as exc:
        return "refused", str(exc)
    assert type(moment) is LogTimestamp
    return "read", (moment, moment.utcoffset())


@settings(max_examples=3000, deadline=None)
@given(st.one_of(NEAR, VALID, MUTATED, st.text(max_size=32)))
@example("2026-11-01T18:00:05+01:60")  # minutes past 59: fromisoformat carries them
@example("2026-11-01T18:00:05+24:00")  # a day: refused by timezone
@example("2026-13-01T18:00:05Z")  # month 13
@example("2026-11-01T18:00:05.1234567Z")  # seven digits of fraction
@example("2026-11-01T18:00:05-00:00")
def test_the_compiled_reader_reads_what_the_reference_reads(text: str) -> None:
    assert _outcome(read_timestamp, text) == _outcome(
        lambda t: rfc3339(t, LogTimestamp), text)


def test_the_hook_takes_text_and_aware_datetimes_only() -> None:
    moment = datetime(2026, 11, 1, 18, 0, 5, tzinfo=UTC)
    assert timestamp_hook(LogTimestamp, "2026-11-01T18:00:05Z") == moment
    taken = timestamp_hook(LogTimestamp, moment)
    assert type(taken) is LogTimestamp and taken == moment
    with pytest.raises(TypeError, match="Expected an RFC 3339 timestamp, got `datetime`"):
        timestamp_hook(LogTimestamp, moment.replace(tzinfo=None))
    with pytest.raises(TypeError, match="got `int`"):
        timestamp_hook(LogTimestamp, 1)
    with pytest.raises(NotImplementedError):
        timestamp_hook(datetime, "2026-11-01T18:00:05Z")


def test_msgspec_refuses_a_line_the_reader_refuses_in_its_words() -> None:
    class Line(msgspec.Struct):
        at: LogTimestamp

    decoder = msgspec.json.Decoder(Line, dec_hook=timestamp_hook)
    assert decoder.decode(b'{"at": "2026-11-01T18:00:05.5+01:00"}').at == datetime(
        2026, 11, 1, 17, 0, 5, 500000, tzinfo=UTC)
    with pytest.raises(msgspec.ValidationError, match=r"month must be in 1\.\.12 - at `\$\.at`"):
        decoder.decode(b'{"at": "2026-13-01T18:00:05Z"}')
