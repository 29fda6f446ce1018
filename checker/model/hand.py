"""The hand record (checker/model/hand_record.py, native classes), and the boundary for a hand
our own code did not build.

A reader builds a hand and its parts itself, with the types its compiled code guarantees.
Anything else (a dict, from a test or a caller) goes through `validate_hand`: every field is
validated as the record's annotations declare it, as the pydantic model the hand once was
validated it (cards by their pattern, enums by value, no unknown fields), and the record is
then built.
"""

import functools
import operator
import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, fields, is_dataclass
from typing import Annotated, Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetPydanticSchema,
    create_model,
)
from pydantic_core import CoreSchema, core_schema

from checker.model import hand_record
from checker.model.annotations import declared_hints
from checker.model.hand_record import (
    POST_KINDS,
    Action,
    ActionKind,
    Award,
    BettingStructure,
    CashOut,
    Game,
    Hand,
    HandEvent,
    HandEventKind,
    Play,
    RecordedPot,
    Seat,
    ShownCards,
    Street,
    SummarySeat,
    UncalledReturn,
    Unit,
)

__all__ = [
    "POST_KINDS",
    "Action",
    "ActionKind",
    "Award",
    "BettingStructure",
    "CashOut",
    "Game",
    "Hand",
    "HandEvent",
    "HandEventKind",
    "Play",
    "RecordedPot",
    "Seat",
    "ShownCards",
    "Street",
    "SummarySeat",
    "UncalledReturn",
    "Unit",
    "validate_hand",
]

# The hand's parts: every record class of hand_record.py but the hand itself.
_PARTS = tuple(value for value in vars(hand_record).values()
               if isinstance(value, type) and is_dataclass(value) and value is not Hand
               and value.__module__ == hand_record.__name__)
_Record = TypeVar("_Record")
_FIELDS_CONFIG = ConfigDict(frozen=True, extra="forbid")


def validate_hand(data: Mapping[str, object]) -> Hand:
    """The hand `data` describes, every field validated (pydantic's ValidationError names
    what is wrong). A part may be given built already: it is taken as it is."""
    return _built(Hand, _fields_model(Hand).model_validate(data))


def _part_schema(part: type, handler: GetCoreSchemaHandler) -> CoreSchema:
    """A part as a field of a hand being validated: an instance passes as it is; anything
    else is validated as the part's fields, then built."""
    def build(checked: BaseModel) -> object:
        return _built(part, checked)

    return core_schema.union_schema(
        [core_schema.is_instance_schema(part),
         core_schema.no_info_after_validator_function(
             build, handler.generate_schema(_fields_model(part)))],
        mode="left_to_right")


def _built(record: type[_Record], checked: BaseModel) -> _Record:
    """`record` built from the validated fields of its `_fields_model`."""
    return record(**{name: getattr(checked, name) for name in type(checked).model_fields})


# Marks a part inside an annotation: validated by `_part_schema`.
_PART = GetPydanticSchema(_part_schema)


def _with_parts(hint: Any) -> Any:
    """`hint` with every part class in it marked (`list[Seat]`: `list[Annotated[Seat, ...]]`)."""
    if hint in _PARTS:
        return Annotated[hint, _PART]
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if not args or origin is Annotated:
        return hint
    marked = tuple(_with_parts(arg) for arg in args)
    if origin is types.UnionType or origin is typing.Union:
        return functools.reduce(operator.or_, marked)
    return origin[marked]


@functools.cache
def _fields_model(record: type) -> type[BaseModel]:
    """A pydantic model of a record's declared fields and defaults: what a record not built by
    a reader must hold."""
    hints = declared_hints(record, include_extras=True)
    declared: dict[str, Any] = {}
    for spec in fields(record):
        hint = _with_parts(hints[spec.name])
        if spec.default is not MISSING:
            declared[spec.name] = (hint, spec.default)
        elif spec.default_factory is not MISSING:
            declared[spec.name] = (hint, Field(default_factory=spec.default_factory))
        else:
            declared[spec.name] = (hint, ...)
    model: type[BaseModel] = create_model(
        f"{record.__name__}Fields", __config__=_FIELDS_CONFIG, **declared)
    return model
