"""The log's events written per player or per hand, read as msgspec Structs
(checker/model/event_lines.py): what the reader returns, and the lines the simulator writes
from them, byte for byte as the simulator wrote them before they were Structs."""

import json
from pathlib import Path

import msgspec
import pytest

from checker.ingest.tournament_log import read_event
from checker.model.event_lines import EVENT_LINES, LineEvent, event_line_value, line_event
from checker.model.hand_line import LogTimestamp
from checker.model.tournament_log import event_from
from tests.conftest import REPO

# The repository's logs: the simulator's samples and example, and the fixtures made from its
# output (a planted fixture changes a line's values, not how the line is written).
SIMULATED = sorted((REPO / "hand_histories").glob("*/*.jsonl")) + sorted(
    (REPO / "hand_histories" / "samples").glob("*/*.jsonl"))
NAMES = {kind.event for kind in EVENT_LINES}


def _struct_lines() -> dict[str, list[tuple[Path, str]]]:
    """Up to 40 lines of each Struct event in the repository's logs."""
    found: dict[str, list[tuple[Path, str]]] = {}
    for path in SIMULATED:
        for text in path.read_text(encoding="utf-8").splitlines():
            name = json.loads(text)["event"]
            if name in NAMES and len(found.setdefault(name, [])) < 40:
                found[name].append((path, text))
    return found


LINES = _struct_lines()


def test_every_struct_event_is_in_the_repository_s_logs() -> None:
    assert set(LINES) == NAMES


@pytest.mark.parametrize("name", sorted(NAMES))
def test_the_reader_returns_the_struct_with_the_lines_values(name: str) -> None:
    (kind,) = [k for k in EVENT_LINES if k.event == name]
    for path, text in LINES[name]:
        event = read_event(text)
        assert type(event) is kind, (path, text)
        assert event.event == name
        assert isinstance(event.at, LogTimestamp)
        value = json.loads(text)
        written = event_line_value(event)
        assert {key: written[key] for key in value} == value, path
        # A Python value (datetimes, enums) validates to the same event.
        assert event_from({**value, "at": event.at}) == event


# What the simulator writes from the Structs: the notes of a hand.
NOTES = ["timeout", "disconnect", "reconnect"]


@pytest.mark.parametrize("name", NOTES)
def test_the_simulator_writes_its_notes_as_it_always_has(name: str) -> None:
    for path, text in LINES[name]:
        assert json.dumps(event_line_value(line_event(json.loads(text)))) == text, path


def test_a_struct_is_immutable_and_hashable() -> None:
    _, text = LINES["seat"][0]
    event = read_event(text)
    assert isinstance(event, LineEvent)
    with pytest.raises(AttributeError):
        event.seq = 1  # type: ignore[misc]
    assert hash(event) == hash(read_event(text))


def test_a_value_of_another_event_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no Struct reads a 'tournament_end' event"):
        line_event({"event": "tournament_end"})


def test_a_python_value_is_validated_as_strictly_as_a_line() -> None:
    _, text = LINES["registration"][0]
    value = json.loads(text)
    with pytest.raises(msgspec.ValidationError, match=r"\$\.paid"):
        line_event({**value, "paid": -1})
    with pytest.raises(msgspec.ValidationError, match=r"\$\.at"):
        line_event({**value, "at": "2026-11-01 18:00:00Z"})
