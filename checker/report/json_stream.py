"""A JSON document written as it is encoded: its long arrays are made item by item, so a
report of many findings never exists whole in memory (docs/performance.md, "Memory").

The text is exactly `json.dumps(document, indent=2, ensure_ascii=False)` of the same document
with each `JsonArray` made a list: json's own encoder writes every value, and only the
layout between a top-level key and its items is written here, as json lays it out.
"""

import json
from collections.abc import Callable, Iterator
from typing import Any, Protocol

INDENT = "  "


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
    if (type(value) is dict and value and all(type(k) is str for k in value)
            and all(type(v) in _SCALARS for v in value.values())):
        return _flat_dict(value, newline)
    return json.dumps(value, indent=len(INDENT), ensure_ascii=False).replace("\n", newline)


# Values json writes alike with and without an indent (its C encoder writes them unindented;
# an indent makes it use its Python encoder, ~20 us a warning).
_SCALARS = frozenset({str, int, bool, type(None)})


def _flat_dict(value: dict[str, Any], newline: str) -> str:
    """A dict of scalars (a warning, a rejection) as `json.dumps(value, indent=2,
    ensure_ascii=False)` lays it out: strings quoted by json's own (C) function, the other
    scalars as json writes them."""
    inner = newline + INDENT
    return ("{" + inner + ("," + inner).join(
        f"{_QUOTED(key)}: {_scalar(item)}" for key, item in value.items()) + newline + "}")


# What json quotes a string with when `ensure_ascii=False`.
_QUOTED: Callable[[str], str] = json.encoder.encode_basestring
_CONSTANTS: dict[object, str] = {None: "null", True: "true", False: "false"}


def _scalar(value: object) -> str:
    if type(value) is str:
        return _QUOTED(value)
    if type(value) is int:
        return int.__repr__(value)
    return _CONSTANTS[value]  # None, True or False (`_SCALARS`)
