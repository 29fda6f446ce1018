"""A JSON document written as it is encoded: its long arrays are made item by item, so a
report of many findings never exists whole in memory (docs/performance.md, "Memory").

The text is exactly `json.dumps(document, indent=2, ensure_ascii=False)` of the same document
with each `JsonArray` made a list: json's own encoder writes every value, and only the
layout between a top-level key and its items is written here, as json lays it out.
"""

import json
from collections.abc import Callable, Iterator
from typing import Any, Final, Protocol

INDENT: Final = "  "


class Items(Protocol):
    """What a JsonArray makes its items from: a list, or anything read again at each
    iteration that knows its length."""

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class JsonArray:
    """A top-level array of a streamed document: `make(item)` for each item of `items`, made
    when the encoder reaches it (and again at each iteration). Not a list, so that
    `json.dumps` refuses it rather than write it empty."""

    __slots__ = ("items", "make")

    def __init__(self, items: Items, make: Callable[[Any], Any]) -> None:
        self.items = items
        self.make = make

    def __iter__(self) -> Iterator[Any]:
        return map(self.make, self.items)

    def __len__(self) -> int:
        return len(self.items)


def json_chunks(document: dict[str, Any]) -> Iterator[str]:
    """The document's text, ending in a newline, in pieces: one per top-level value that is
    not a `JsonArray`, one per item of those."""
    if not document:
        yield "{}\n"
        return
    inner = "\n" + INDENT
    separator = "{" + inner
    for key, value in document.items():
        yield f"{separator}{json.dumps(key, ensure_ascii=False)}: "
        separator = "," + inner
        if isinstance(value, JsonArray):
            yield from _array_chunks(value, inner + INDENT)
        else:
            yield _dumped(value, inner)
    yield "\n}\n"


def _array_chunks(array: JsonArray, inner: str) -> Iterator[str]:
    """An array at the document's second level: `inner` opens each of its items' lines."""
    if not len(array):
        yield "[]"
        return
    separator = "[" + inner
    for item in array:
        yield separator + _dumped(item, inner)
        separator = "," + inner
    yield inner[:-len(INDENT)] + "]"


def _dumped(value: Any, newline: str) -> str:
    """`value` as json lays it out one level deeper than its own: a newline in json's indented
    text is always layout (a string's own newlines are escaped), so each is followed by the
    indent of the level the value sits at."""
    if type(value) is dict and value:
        flat = _flat_dict(value, newline)
        if flat is not None:
            return flat
    return json.dumps(value, indent=len(INDENT), ensure_ascii=False).replace("\n", newline)


def _flat_dict(value: dict[Any, Any], newline: str) -> str | None:
    """A dict of scalars (a warning, a rejection: strings, ints, booleans, None; text keys) as
    `json.dumps(value, indent=2, ensure_ascii=False)` lays it out: strings quoted by json's own
    (C) function, the other scalars as json writes them (with an indent json would use its
    Python encoder, ~20 us a warning). None for any other dict: one pass, no test of the
    whole dict first (some hundred thousand warnings make a report)."""
    inner = newline + INDENT
    fields: list[str] = []
    for key, item in value.items():
        if type(key) is not str:
            return None
        kind = type(item)
        if kind is str:
            written = _QUOTED(item)
        elif kind is int:
            written = int.__repr__(item)
        elif item is None or kind is bool:
            written = _CONSTANTS[item]
        else:
            return None
        quoted = _QUOTED_KEYS.get(key)
        if quoted is None:
            quoted = _QUOTED(key)
            if len(_QUOTED_KEYS) < _QUOTED_KEYS_KEPT:
                _QUOTED_KEYS[key] = quoted
        fields.append(f"{quoted}: {written}")
    return "{" + inner + ("," + inner).join(fields) + newline + "}"


# What json quotes a string with when `ensure_ascii=False`.
_QUOTED: Final[Callable[[str], str]] = json.encoder.encode_basestring
_CONSTANTS: Final[dict[object, str]] = {None: "null", True: "true", False: "false"}
# Keys quoted once: a report's items share a few field names.
_QUOTED_KEYS: Final[dict[str, str]] = {}
_QUOTED_KEYS_KEPT: Final = 256
