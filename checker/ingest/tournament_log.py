"""Tournament event logs: JSON Lines, one event per line, a `log_start` header on line 1.

Each line is validated by the event models, which accept only what the published schema
(checker/schemas/tournament-log.schema.json) accepts — a differential test holds them to it.
msgspec decodes the line: a `hand` line straight into its Structs (checker/model/hand_line.py),
and so an event written per player or per hand (checker/model/event_lines.py); any other only
as far as its event's name, that event then validated by its pydantic model
(checker/model/tournament_log.py, strict JSON mode). A line they refuse is rejected with its
line number and the schema's own message (the models' when the schema finds nothing: a value
that fits its pattern but does not exist, like month 13), and the next line is read. The
schema runs only on refused lines: it costs ~30 times the models. A rejected line counts as an
event rejected; a rejected `hand` line (its id known) as a hand rejected too
(checker/audit/run.py).
"""

import json
from collections.abc import Iterator
from decimal import Decimal
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Final, Union, get_args

import msgspec
from pydantic import ValidationError as ModelError

from checker.ingest.base import Block, RecordError, trimmed_block
from checker.ingest.decode import Line
from checker.model.event_lines import EVENT_LINES, LineEvent
from checker.model.formats import TOURNAMENT_LOG
from checker.model.hand_line import HandPlayed, timestamp_hook
from checker.model.source import SourceLocation
from checker.model.tournament_log import LogRecord, ModelEvent, TournamentEvent, model_events

if TYPE_CHECKING:  # jsonschema loads with the validators, on the first refused line
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

NAME: Final = TOURNAMENT_LOG
HEADER_EVENT: Final = "log_start"

SCHEMA: Final[dict[str, Any]] = json.loads(
    files("checker").joinpath("schemas/tournament-log.schema.json").read_text(encoding="utf-8")
)


def _inlined(node: Any) -> Any:
    """`node` with every `{"$ref": "#/$defs/x"}` replaced by the definition itself (the schema
    has no recursive definitions): jsonschema then resolves no reference per value, which
    makes validation about 2.4 times faster."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and len(node) == 1 and ref.startswith("#/$defs/"):
            return _inlined(SCHEMA["$defs"][ref.removeprefix("#/$defs/")])
        return {key: _inlined(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_inlined(item) for item in node]
    return node


@cache
def _validators() -> tuple["Draft202012Validator", dict[str, "Draft202012Validator"]]:
    """The whole schema's validator, and one per event on that event's definition alone: a
    line is checked against its own event only (the whole schema's if/then chain gives the
    same verdict, slower). Built on the first refused line, not at import: building them
    costs ~0.2 s, which every audit paid, logs or not (and importing jsonschema ~0.04 s)."""
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(SCHEMA)
    by_event = {name: Draft202012Validator(_inlined(SCHEMA["$defs"][f"event_{name}"]))
                for name in SCHEMA["properties"]["event"]["enum"]}
    return Draft202012Validator(SCHEMA), by_event


def _model_event_names() -> list[str]:
    """The `event` name of every pydantic-validated event."""
    models = get_args(get_args(ModelEvent)[0])
    return [get_args(model.model_fields["event"].annotation)[0] for model in models]


# A line decoded once by msgspec: a hand line and an event of checker/model/event_lines.py
# into their Structs, any other only to its name (a Struct of no fields for each: the line's
# other fields are skipped, not built).
_NAMED: Final[tuple[type, ...]] = tuple(
    msgspec.defstruct(f"_Named_{name}", [], tag_field="event", tag=name)
    for name in _model_event_names())
_LINE_TYPE: Final[Any] = Union[(HandPlayed, *EVENT_LINES, *_NAMED)]
_LINE: Final[msgspec.json.Decoder[Any]] = msgspec.json.Decoder(_LINE_TYPE, dec_hook=timestamp_hook)


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _json_value(text: str) -> object:
    """The line's JSON value. Numbers written with a fraction or an exponent are read as
    Decimal, so `1100.0` is not an integer here (plain JSON Schema would let it pass as one):
    money and chips must be written as integers. NaN and Infinity are refused, and so is
    nesting deeper than Python's JSON decoder goes (no event of the schema nests past 4) and
    numbers no decimal can hold."""
    try:
        return json.loads(text, parse_float=Decimal, parse_constant=_refuse_constant)
    except RecursionError:
        raise ValueError("the JSON value nests too deep to be read") from None
    except ArithmeticError:  # decimal's InvalidOperation: an exponent of 90 digits, say
        raise ValueError("a number beyond what a decimal can hold") from None


def _json_object(text: str) -> dict[str, Any] | None:
    try:
        value = _json_value(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def is_json(text: str) -> bool:
    """Whether a line holds one whole JSON value: a line cut short does not (the file's last
    line, when the file breaks off in it: checker/ingest/stream.py). A value nested too deep to
    read is not said to be cut."""
    try:
        json.loads(text.lstrip("\ufeff"))
    except ValueError:
        return False
    except RecursionError:
        return True
    return True


def schema_problem(value: object) -> str | None:
    """The schema's message for the first thing wrong with one line's value, or None."""
    from jsonschema.exceptions import best_match

    whole, by_event = _validators()
    event = value.get("event") if isinstance(value, dict) else None
    validator = by_event.get(event) if isinstance(event, str) else None
    if validator is None:
        validator = whole
    error = best_match(validator.iter_errors(value))
    return None if error is None else _describe(error)


def _describe(error: "ValidationError") -> str:
    where = "/".join(str(part) for part in error.absolute_path)
    return f"{where}: {error.message}" if where else error.message


class TournamentLogFormat:
    name = NAME
    holds_hands = False

    def sniff(self, head: list[str]) -> bool:
        """A log when the first line is a JSON object: the header event with a version."""
        if not head or not head[0].startswith("{"):
            return False
        first = _json_object(head[0])
        return (first is not None and first.get("event") == HEADER_EVENT
                and isinstance(first.get("schema_version"), str))

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        for number, text in lines:
            block = trimmed_block(number, [text])
            if block is not None:
                yield block

    def parse(self, block: Block, path: str) -> LogRecord:
        line = block.start
        text = block.lines[0].lstrip("\ufeff")
        event = read_event(text, line)
        return LogRecord(source_format=NAME, location=SourceLocation(file=path, line=line),
                         event=event)


def read_event(text: str, line: int = 0) -> TournamentEvent:
    """One line's event, validated; a RecordError (its words, `line`) when it is refused."""
    try:
        decoded = _LINE.decode(text)
    except msgspec.MsgspecError as exc:
        raise _caused(_refusal(text, line, _msgspec_words(exc)), exc) from exc
    except RecursionError as exc:  # msgspec's own limit on nesting (a hostile line)
        raise _caused(_refusal(text, line, "the JSON value nests too deep to be read"),
                      exc) from exc
    if isinstance(decoded, (HandPlayed, LineEvent)):
        return decoded
    try:
        return model_events().validate_json(text, strict=True)
    except ModelError as exc:
        first = exc.errors()[0]
        where = "/".join(str(part) for part in first["loc"][1:])
        raise _caused(_refusal(text, line, f"{where}: {first['msg']}"), exc) from exc


def _caused(error: RecordError, cause: Exception) -> RecordError:
    """`error` with `cause` as its cause, set here: compiled (mypyc), `raise ... from` leaves
    it unset, and what refused the line is part of the refusal (its kind, in the tests)."""
    error.__cause__ = cause
    return error


def _msgspec_words(error: msgspec.MsgspecError) -> str:
    """msgspec's "what - at `$.seats[0].stack`" as "seats/0/stack: what"."""
    words = str(error)
    what, at, path = words.rpartition(" - at `$")
    if not at:
        return words
    where = path.rstrip("`").lstrip(".").replace("[", "/").replace("]", "").replace(".", "/")
    return f"{where}: {what}" if where else what


def _refusal(text: str, line: int, words: str) -> RecordError:
    """Why the models refused a line: not JSON, not an object, the schema's message, or (what
    a pattern lets through but is no real value, month 13) the models' own `words`."""
    try:
        value = _json_value(text)
    except ValueError as exc:
        return RecordError(f"line {line} is not a JSON object: {exc}", line)
    if not isinstance(value, dict):
        return RecordError(f"line {line} is not a JSON object", line)
    hand = value.get("hand") if value.get("event") == "hand" else None
    hand_id = hand if isinstance(hand, str) else None
    problem = schema_problem(value)
    if problem is not None:
        return RecordError(f"line {line} breaks the tournament-log schema: {problem}", line,
                           hand_id)
    return RecordError(f"line {line}: {words}", line, hand_id)


FORMAT = TournamentLogFormat()
