"""The reader validates log lines with the event models only (msgspec Structs for the hand line
and the events written per player or per hand, pydantic's models in strict JSON mode for the
rest) and runs the published JSON Schema only to
word a refusal. That is sound only if the models accept nothing the schema refuses. This
differential test mutates real lines (every fixture log and the
example: every event kind) field by field — wrong types, floats, booleans, nulls, negative and
huge numbers, near-miss timestamps and cards, missing and unknown fields — and holds the models
to the schema: model accepts => schema accepts. The other way, the models may refuse only what
no real value fits (a month 13): never a schema-valid line for a type or shape reason."""

import json
from decimal import Decimal
from typing import Any, get_type_hints

import jsonschema
import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError as ModelError

from checker.ingest.base import RecordError
from checker.ingest.tournament_log import SCHEMA, read_event
from checker.model.event_lines import EVENT_LINES
from checker.model.hand_line import HandPlayed, LogTimestamp
from tests.conftest import REPO

SCHEMA_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
SOURCES = [*sorted((REPO / "hand_histories" / "fixtures").glob("*.jsonl")),
           REPO / "hand_histories" / "logs" / "sng-6max-700001.jsonl"]


def _sample_lines() -> list[str]:
    """A few lines of every event kind the fixtures hold (the seating logs add bulk only)."""
    by_kind: dict[str, list[str]] = {}
    for path in SOURCES:
        for text in path.read_text(encoding="utf-8").splitlines()[1:]:
            kind = json.loads(text)["event"]
            if len(by_kind.setdefault(kind, [])) < 6:
                by_kind[kind].append(text)
    return [text for texts in by_kind.values() for text in texts]


LINES = _sample_lines()

# Replacement values: every JSON type, and near misses of the formats the schema constrains.
ODD_VALUES: list[object] = [
    None, True, False, 0, -1, 1, 10, 11, 10000, 10001, 2**63, -(2**63) - 1, 1.5, 1100.0,
    "", "x", "1100", "Ah", "1h", "AH", "Xx", "usd", "USD", "US", "cash", "bitcoin",
    "2026-11-01T18:00:00Z", "2026-11-01T18:00:00", "2026-11-01 18:00:00Z",
    "2026-11-01T18:00Z", "2026-11-01T18:00:00+0100", "2026-11-01T18:00:00.1234567Z",
    "2026-11-01T18:00:00.5+01:00", "2026-02-30T18:00:00Z", "2026-11-01T18:00:00z",
    "2026-11-01T18:00:00Z\n", [], [1], ["Ah"], ["Ah", "Ah"], {}, {"player": "a"},
]


def _paths(node: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every key or index path inside a line's value."""
    found: list[tuple[object, ...]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append((*prefix, key))
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.append((*prefix, index))
            found += _paths(value, (*prefix, index))
    return found


def _mutated(value: dict[str, Any], path: tuple[object, ...], how: str, odd: object
             ) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(value))
    parent: Any = copy
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "drop" and isinstance(parent, dict):
        del parent[last]
    elif how == "drop" and isinstance(parent, list):
        assert isinstance(last, int)
        parent.pop(last)
    elif how == "extra" and isinstance(parent, dict):
        parent["unexpected_field"] = odd
    else:
        parent[last] = odd
    return copy


def _verdicts(text: str) -> tuple[bool, bool, str]:
    """Whether the reader takes the line, whether the schema does, and the kind of the
    reader's refusal."""
    value = json.loads(text, parse_float=Decimal)
    schema_ok = SCHEMA_VALIDATOR.is_valid(value)
    try:
        read_event(text)
    except RecordError as exc:
        return False, schema_ok, _refusal_kind(exc.__cause__)
    return True, schema_ok, ""


# The Structs' timestamps: read by their own hook, as pydantic's models read theirs.
STRUCT_TIMES = {name for struct in (HandPlayed, *EVENT_LINES)
                for name, hint in get_type_hints(struct).items() if hint is LogTimestamp}


def _refusal_kind(cause: BaseException | None) -> str:
    """pydantic's error type; for a Struct's msgspec refusal, "value_error" when the field
    it names is a timestamp (text the hook refused: what pydantic's models call a value error
    too), else msgspec's words."""
    if isinstance(cause, ModelError):
        return str(cause.errors()[0]["type"])
    assert isinstance(cause, msgspec.MsgspecError), cause
    words = str(cause)
    _, at, path = words.rpartition(" - at `$.")
    if at and path.rstrip("`") in STRUCT_TIMES and not words.startswith("Expected"):
        return "value_error"
    return words


# The refusals of a value that fits the schema's pattern but does not exist.
NO_SUCH_VALUE = {"value_error"}


# How a line is mutated (`_hold_to_the_schema`): a field set to an odd value, dropped, or
# one added.
HOW = st.sampled_from(["set", "drop", "extra"])
ODD = st.sampled_from(ODD_VALUES)


@settings(max_examples=3000, deadline=None)
@given(st.sampled_from(LINES), st.data(), HOW, ODD)
def test_the_models_accept_only_what_the_schema_accepts(
        text: str, data: st.DataObject, how: str, odd: object) -> None:
    _hold_to_the_schema(text, data, how, odd)


# The hand line has models of its own (msgspec Structs, checker/model/hand_line.py) and is
# most of a log: it gets examples of its own.
HAND_LINES = [text for text in LINES if json.loads(text)["event"] == "hand"]


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(HAND_LINES), st.data(), HOW, ODD)
def test_the_hand_line_structs_accept_only_what_the_schema_accepts(
        text: str, data: st.DataObject, how: str, odd: object) -> None:
    _hold_to_the_schema(text, data, how, odd)


# The events written per player or per hand have Structs of their own too
# (checker/model/event_lines.py), and are most of the rest.
EVENT_LINE_NAMES = {kind.event for kind in EVENT_LINES}
STRUCT_EVENT_LINES = [text for text in LINES if json.loads(text)["event"] in EVENT_LINE_NAMES]


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(STRUCT_EVENT_LINES), st.data(), HOW, ODD)
def test_the_event_line_structs_accept_only_what_the_schema_accepts(
        text: str, data: st.DataObject, how: str, odd: object) -> None:
    _hold_to_the_schema(text, data, how, odd)


def _hold_to_the_schema(text: str, data: st.DataObject, how: str, odd: object) -> None:
    """One line mutated at a path drawn from it: reader accepts => schema accepts; schema
    accepts and reader refuses => a value that does not exist."""
    value = json.loads(text)
    path = data.draw(st.sampled_from(_paths(value)))
    mutated = json.dumps(_mutated(value, path, how, odd))
    model_ok, schema_ok, refusal = _verdicts(mutated)
    if model_ok:
        assert schema_ok, mutated
    elif schema_ok:
        assert refusal in NO_SUCH_VALUE, (refusal, mutated)


def test_every_sample_line_passes_both() -> None:
    assert len({json.loads(t)["event"] for t in LINES}) >= 25
    for text in LINES:
        assert _verdicts(text)[:2] == (True, True), text


def test_a_number_written_with_a_fraction_is_refused_by_both() -> None:
    whole = json.loads(LINES[0])
    whole["seq"] = 7
    fraction = json.dumps(whole).replace('"seq": 7', '"seq": 7.0')
    assert _verdicts(fraction)[:2] == (False, False)
