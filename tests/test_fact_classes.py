"""The fact vocabulary as the replay builds it and the rules type checker reads it, and the
hand parts the readers build.

Some fact classes, and every hand part, write their `__init__` out (mypyc compiles it; the
one `dataclass` writes is interpreted Python, ten times slower to call from compiled code).
These tests hold every such class's constructor to its declared fields, compiled or not,
and the type checker's reading of the fields to the source's annotations (a compiled class
keeps only approximations of them)."""

import dataclasses
import enum
import importlib.machinery
import importlib.util
import subprocess
import sys
import typing
from collections.abc import Callable
from datetime import datetime, timedelta

import pytest

from checker.audit.findings import json_safe
from checker.dsl.types import fact_fields
from checker.model import hand_record
from checker.model.annotations import declared_hints
from checker.model.hand import ActionKind
from checker.model.source import SourceLocation
from checker.replay import facts
from tests.conftest import REPO


def _classes_of(module: object) -> list[type]:
    return sorted((value for value in vars(module).values()
                   if isinstance(value, type) and dataclasses.is_dataclass(value)
                   and value.__module__ == getattr(module, "__name__", None)),
                  key=lambda cls: cls.__name__)


FACT_CLASSES = _classes_of(facts)
# The hand record and its parts (checker/model/hand_record.py) write theirs out the same way.
RECORD_CLASSES = _classes_of(hand_record)
CLASSES = FACT_CLASSES + RECORD_CLASSES


def _values(cls: type) -> dict[str, object]:
    """A distinct value for each field, of the type its annotation declares."""
    values: dict[str, object] = {}
    hints = declared_hints(cls)
    for number, field in enumerate(dataclasses.fields(cls)):
        values[field.name] = _sample(hints[field.name], number)
    return values


def _sample(hint: object, number: int) -> object:
    origin = typing.get_origin(hint)
    args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if origin is list:
        return [_sample(args[0], number)]
    if origin is dict:
        return {f"key-{number}": _sample(args[1], number)}
    if hint is datetime:
        return datetime(2020, 1, 1) + timedelta(minutes=number)
    if hint is SourceLocation:
        return SourceLocation(file=f"file-{number}", line=number)
    if args and origin is not list:  # X | None: a value of X
        return _sample(args[0], number)
    if hint is bool:
        return number % 2 == 0
    if hint is str:
        return f"value-{number}"
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = list(hint)
        return members[number % len(members)]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _build(hint)
    return 1000 + number  # int and the NewTypes of int


def _build(cls: type) -> object:
    return cls(**_values(cls))


def _required(cls: type) -> dict[str, object]:
    hints = declared_hints(cls)
    return {field.name: _sample(hints[field.name], number)
            for number, field in enumerate(dataclasses.fields(cls))
            if field.default is dataclasses.MISSING
            and field.default_factory is dataclasses.MISSING}


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_every_field_given_is_the_field_kept(cls: type) -> None:
    values = _values(cls)
    fact = cls(**values)
    assert {name: getattr(fact, name) for name in values} == values


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_each_flag_lands_in_its_own_field(cls: type) -> None:
    """Two flags are told apart only by their values: each set alone, the rest cleared."""
    hints = declared_hints(cls)
    flags = [name for name, hint in hints.items() if hint is bool]
    for raised in flags:
        values = {**_values(cls), **{flag: flag == raised for flag in flags}}
        fact = cls(**values)
        assert [flag for flag in flags if getattr(fact, flag)] == [raised], raised


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_fields_given_in_order_are_the_fields_by_name(cls: type) -> None:
    """The replay copies a player positionally (`betting._snapshot`)."""
    values = _values(cls)
    assert cls(*values.values()) == cls(**values)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_fields_left_out_take_their_declared_defaults(cls: type) -> None:
    fact = cls(**_required(cls))
    for field in dataclasses.fields(cls):
        if field.default is not dataclasses.MISSING:
            assert getattr(fact, field.name) == field.default, field.name
        elif field.default_factory is not dataclasses.MISSING:
            factory = typing.cast(Callable[[], object], field.default_factory)
            assert getattr(fact, field.name) == factory(), field.name


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_default_lists_are_never_shared(cls: type) -> None:
    listed = [field.name for field in dataclasses.fields(cls)
              if field.default_factory is not dataclasses.MISSING]
    first, second = cls(**_required(cls)), cls(**_required(cls))
    for name in listed:
        assert getattr(first, name) is not getattr(second, name), name


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_a_constructor_refuses_a_field_it_does_not_have(cls: type) -> None:
    with pytest.raises(TypeError):
        cls(**_values(cls), no_such_field=1)


def _interpreted_twin() -> typing.Any:
    """facts.py executed as plain Python under another name: the annotations as written."""
    spec = importlib.util.spec_from_file_location(
        "facts_twin", REPO / "checker" / "replay" / "facts.py")
    assert spec is not None and spec.loader is not None
    twin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(twin)
    return twin


def _shape(hint: object) -> object:
    """A hint by names (the twin's classes are other objects than the module's)."""
    if isinstance(hint, typing.NewType):
        return ("NewType", hint.__name__, _shape(hint.__supertype__))
    args = typing.get_args(hint)
    if args:
        return (str(typing.get_origin(hint)), tuple(_shape(arg) for arg in args))
    return getattr(hint, "__qualname__", repr(hint))


def test_the_type_checker_reads_the_annotations_the_source_declares() -> None:
    """Compiled or not, every fact field's hint is the one written in facts.py (the twin's,
    its own classes renamed back); `fact_fields` types them all."""
    twin = _interpreted_twin()
    for cls in FACT_CLASSES:
        written = {name: _shape(hint)
                   for name, hint in typing.get_type_hints(getattr(twin, cls.__name__)).items()}
        read = {name: _shape(hint) for name, hint in declared_hints(cls).items()}
        assert read == written, cls.__name__
        assert list(fact_fields(cls)) == list(written)


def test_a_fact_in_evidence_is_its_fields_by_name() -> None:
    """Findings' evidence names a fact's fields (a compiled class has no `__slots__` to
    list them), nested facts and enums included; a fact class itself is no fact."""
    winner = facts.WinnerFact(player="ann", seat=3, distance_from_button=2,
                              awarded=facts.Chips(40), high_card_rank=14,
                              high_card_suits=[facts.Suit.SPADES])
    post = facts.PostFact(kind=ActionKind.BIG_BLIND, player="ann", seat=3,
                          amount=facts.Chips(20), required=None, all_in=False,
                          sitting_out=False, disconnected=False, line=7)
    assert json_safe([post, winner]) == [
        {"kind": "big_blind", "player": "ann", "seat": 3, "amount": 20, "required": None,
         "all_in": False, "sitting_out": False, "disconnected": False, "line": 7},
        {"player": "ann", "seat": 3, "distance_from_button": 2, "awarded": 40,
         "high_card_rank": 14, "high_card_suits": ["spades"]}]
    assert json_safe(facts.PostFact) == repr(facts.PostFact)


def test_the_vocabulary_loads_without_mypys_extensions() -> None:
    """A pure installation need not have mypy's extensions (they only name a class option
    of mypyc): facts.py stands in for them, and the type checker still reads every fact."""
    code = ("import sys; sys.modules['mypy_extensions'] = None\n"
            "from checker.replay import facts\n"
            "from checker.dsl.types import fact_fields\n"
            "print(facts.PlayerFact('ann', 1, facts.Chips(5), facts.Chips(5)).stack,"
            " len(fact_fields(facts.HandFact)))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, check=False, timeout=120)
    assert (done.returncode, done.stdout.split()) == (0, ["5", str(len(dataclasses.fields(
        facts.HandFact)))]), done.stderr


def test_a_compiled_modules_source_is_found_whatever_its_file_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """mypyc gives a compiled module first imported by another compiled one a `__file__` under
    the group library's folder (`checker/checker/replay/...`): the annotations are still read
    from the module's source."""
    from checker.model import annotations

    wrong = REPO / "checker" / "checker" / "replay" / (
        "facts" + importlib.machinery.EXTENSION_SUFFIXES[0])
    monkeypatch.setattr(facts, "__file__", str(wrong))
    annotations._source_annotations.cache_clear()
    try:
        hints = declared_hints(facts.ActionFact)
    finally:
        annotations._source_annotations.cache_clear()
    assert list(hints) == [f.name for f in dataclasses.fields(facts.ActionFact)]
    assert hints["expected_actor"] == str | None
