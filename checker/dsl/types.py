"""The types of the rules language, and how they come from the fact vocabulary.

Numbers carry a kind so that a rule cannot mix them up: `chips`, `money` (cents), `duration`
(seconds), `percent` (basis points) and plain `int`. Enumerations are the classes of
`facts.ENUMS`, named in snake case (`action_kind`); facts are the dataclasses of
`checker.replay.facts`, whose fields are read from their annotations. `X | None` in a fact is
`Optional(X)`: the input may not say.
"""

import re
import types as pytypes
import typing
from dataclasses import dataclass, is_dataclass
from enum import StrEnum
from functools import cache
from typing import Literal, Union

from checker.dsl import ast
from checker.dsl.codes import Code
from checker.dsl.diagnostics import Diagnostic, SourceText, did_you_mean
from checker.model.annotations import declared_hints
from checker.replay import facts

PrimName = Literal[
    "int", "bool", "string", "chips", "money", "duration", "percent", "none", "nothing", "error"
]


@dataclass(frozen=True, slots=True)
class Prim:
    """A scalar type. `nothing` is the item type of an empty list literal (fits any list);
    `error` is the type of an expression already reported, so one mistake gives one
    diagnostic."""

    name: PrimName

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class EnumType:
    cls: type[StrEnum]

    @property
    def name(self) -> str:
        return snake_case(self.cls.__name__)

    @property
    def members(self) -> dict[str, StrEnum]:
        return enum_members(self.cls)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class FactType:
    cls: type

    @property
    def name(self) -> str:
        return snake_case(self.cls.__name__.removesuffix("Fact"))

    @property
    def fields(self) -> dict[str, "Type"]:
        return fact_fields(self.cls)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class ListType:
    item: "Type"

    def __str__(self) -> str:
        return f"list[{self.item}]"


@dataclass(frozen=True, slots=True)
class Optional:
    """A value the input may not give (None at run time)."""

    inner: "Type"

    def __str__(self) -> str:
        return f"{self.inner} | none"


@dataclass(frozen=True, slots=True)
class Var:
    """A type variable of a built-in's signature: bound by the first argument that fits one
    of `choices` (None: any type), then every use must be that same type."""

    name: str
    choices: tuple["Type", ...] | None = None

    def __str__(self) -> str:
        if self.choices is None:
            return "any type"
        *first, last = [str(choice) for choice in self.choices]
        return f"{', '.join(first)} or {last}" if first else last


Type = Prim | EnumType | FactType | ListType | Optional | Var

INT = Prim("int")
BOOL = Prim("bool")
STRING = Prim("string")
CHIPS = Prim("chips")
MONEY = Prim("money")
DURATION = Prim("duration")
PERCENT = Prim("percent")
NONE = Prim("none")
NOTHING = Prim("nothing")
ERROR = Prim("error")

NUMERIC: tuple[Type, ...] = (INT, CHIPS, MONEY, DURATION, PERCENT)
# Numbers that are amounts of something: they never mix with each other.
KINDS: tuple[Type, ...] = (CHIPS, MONEY, DURATION, PERCENT)

_NEWTYPES: dict[object, Type] = {
    facts.Chips: CHIPS, facts.Money: MONEY, facts.Seconds: DURATION, facts.Percent: PERCENT,
}
_PLAIN: dict[object, Type] = {int: INT, bool: BOOL, str: STRING}
# Names a parameter declaration may use, besides enum names and list[...].
SCALAR_NAMES: dict[str, Type] = {
    "int": INT, "bool": BOOL, "string": STRING, "chips": CHIPS, "money": MONEY,
    "duration": DURATION, "percent": PERCENT,
}


def snake_case(name: str) -> str:
    """ActionKind -> action_kind."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@cache
def enum_members(cls: type[StrEnum]) -> dict[str, StrEnum]:
    """The bare names rules write for an enum's members: their values (`raise`, `no_limit`)."""
    return {member.value: member for member in cls}


ENUM_TYPES: dict[str, EnumType] = {snake_case(cls.__name__): EnumType(cls) for cls in facts.ENUMS}


def strip(t: Type) -> Type:
    """The type without its optionality."""
    return t.inner if isinstance(t, Optional) else t


def optional(t: Type) -> Type:
    """`t | none`; none, error and already-optional types stay as they are."""
    if isinstance(t, Optional) or t in (NONE, ERROR):
        return t
    return Optional(t)


def a(t: Type | str) -> str:
    """The type with its article, for messages: 'an action_kind', 'a chips'."""
    text = str(t)
    return f"an {text}" if text[:1] in ("a", "e", "i", "o", "u") else f"a {text}"


def is_numeric(t: Type) -> bool:
    return strip(t) in NUMERIC


def is_bool(t: Type) -> bool:
    return strip(t) == BOOL


def from_annotation(hint: object) -> Type:
    """The type of a fact field from its annotation; a vocabulary the language cannot type is
    a programming error in facts.py, raised at import of the checker."""
    if hint in _NEWTYPES:
        return _NEWTYPES[hint]
    if hint in _PLAIN:
        return _PLAIN[hint]
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        if hint not in facts.ENUMS:
            raise TypeError(f"enum {hint.__name__} is not listed in facts.ENUMS")
        return EnumType(hint)
    if isinstance(hint, type) and is_dataclass(hint):
        return FactType(hint)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is list and len(args) == 1:
        return ListType(from_annotation(args[0]))
    if origin in (Union, pytypes.UnionType) and type(None) in args:
        rest = [arg for arg in args if arg is not type(None)]
        if len(rest) == 1:
            return optional(from_annotation(rest[0]))
    raise TypeError(f"the rules language cannot type the annotation {hint!r}")


@cache
def fact_fields(cls: type) -> dict[str, Type]:
    """A fact class's fields and their types, in declaration order."""
    return {name: from_annotation(hint) for name, hint in declared_hints(cls).items()}


def event_scope(event: str) -> dict[str, Type] | None:
    """The names `on EVENT` puts in scope (`hand`, `actor`, ...), or None for no such event."""
    cls = facts.EVENTS.get(event)
    return None if cls is None else dict(fact_fields(cls))


def type_from_ref(ref: ast.TypeRef, source: SourceText) -> tuple[Type, list[Diagnostic]]:
    """The type a parameter declaration names: a scalar, an enum or `list[T]`. An unknown
    name gives a diagnostic (with the closest name) and the `error` type."""
    if ref.name == "list":
        if len(ref.args) != 1:
            return ERROR, [source.diagnostic(
                ref.span, "list needs one item type", "write it like list[chips]",
                code=Code.BAD_ITEM_TYPE)]
        item, problems = type_from_ref(ref.args[0], source)
        return (ERROR if item == ERROR else ListType(item)), problems
    known: dict[str, Type] = {**SCALAR_NAMES, **ENUM_TYPES}
    if ref.name not in known:
        hint = did_you_mean(ref.name, [*known, "list"]) or (
            "types: " + ", ".join(sorted([*known, "list[T]"])))
        return ERROR, [source.diagnostic(ref.span, f"unknown type '{ref.name}'", hint,
                                         code=Code.UNKNOWN_TYPE)]
    if ref.args:
        return ERROR, [source.diagnostic(ref.span, f"{ref.name} takes no item type",
                                         code=Code.BAD_ITEM_TYPE)]
    return known[ref.name], []
