"""A JSON document written as it is encoded: its long arrays are made item by item, so a
report of many findings never exists whole in memory (docs/performance.md, "Memory").

The text is exactly `json.dumps(document, indent=2, ensure_ascii=False)` of the same document
with each `JsonArray` made a list. A value made of JSON's own types (dicts with text keys,
lists, strings, ints, floats, booleans, None) is laid out here as json lays it out, strings
quoted by json's own function; any other value is written by json's encoder.
"""

import json
from collections.abc import Callable, Iterator
from typing import Any, Final, Protocol, cast

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


def indented(value: Any) -> str:
    """`json.dumps(value, indent=2, ensure_ascii=False)`, laid out here where it can be."""
    return _dumped(value, "\n")


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
    parts: list[str] = []
    if _laid_out(value, newline, parts):
        return "".join(parts)
    return json.dumps(value, indent=len(INDENT), ensure_ascii=False).replace("\n", newline)


def _laid_out(value: object, newline: str, parts: list[str]) -> bool:
    """Append to `parts` the text `json.dumps(value, indent=2, ensure_ascii=False)` gives,
    at the level whose lines open with `newline`: dicts with text keys, lists, strings
    (quoted by json's own C function), ints, floats, booleans and None, each of exactly that
    type. False, `parts` left half written, at anything else (a tuple, a subclass, a key
    that is not text): `_dumped` then has json write the whole value. json's indenting
    encoder is Python (~0.2 ms a finding of clause 28's evidence); this is compiled."""
    kind = type(value)
    if kind is str:
        parts.append(_QUOTED(cast(str, value)))
    elif kind is int:
        parts.append(str(value))
    elif kind is dict:
        mapping = cast(dict[object, object], value)
        if not mapping:
            parts.append("{}")
            return True
        inner = newline + INDENT
        separator = "{" + inner
        for key, item in mapping.items():
            if type(key) is not str:
                return False
            quoted = _QUOTED_KEYS.get(key)
            if quoted is None:
                quoted = _QUOTED(key)
                if len(_QUOTED_KEYS) < _QUOTED_KEYS_KEPT:
                    _QUOTED_KEYS[key] = quoted
            parts.append(separator)
            parts.append(quoted)
            parts.append(": ")
            if not _laid_out(item, inner, parts):
                return False
            separator = "," + inner
        parts.append(newline + "}")
    elif kind is list:
        items = cast(list[object], value)
        if not items:
            parts.append("[]")
            return True
        inner = newline + INDENT
        separator = "[" + inner
        for item in items:
            parts.append(separator)
            if not _laid_out(item, inner, parts):
                return False
            separator = "," + inner
        parts.append(newline + "]")
    elif value is None or kind is bool:
        parts.append(_CONSTANTS[value])
    elif kind is float:
        parts.append(_float_text(cast(float, value)))
    else:
        return False
    return True


def _float_text(value: float) -> str:
    """A float as json writes it (allow_nan: NaN and the infinities as JavaScript names)."""
    if value != value:
        return "NaN"
    if value == _INFINITY:
        return "Infinity"
    if value == -_INFINITY:
        return "-Infinity"
    return repr(value)


# What json quotes a string with when `ensure_ascii=False`.
_QUOTED: Final[Callable[[str], str]] = json.encoder.encode_basestring
_CONSTANTS: Final[dict[object, str]] = {None: "null", True: "true", False: "false"}
# Keys quoted once: a report's items share a few field names.
_QUOTED_KEYS: Final[dict[str, str]] = {}
_QUOTED_KEYS_KEPT: Final = 256
_INFINITY: Final = float("inf")
