"""Where a record came from: every record keeps its file and first line.

A plain class, compiled (checker/native.py), not a pydantic model: every hand and every log
line gets one (a log hand three), and a validated model took ~1.8 µs to make where this
takes a tenth of it. The models that hold one (a rejection, a summary) validate it as
`__get_pydantic_core_schema__` says: this class, or a mapping of a `file` string and a `line`
integer.
"""

from collections.abc import Mapping
from typing import Any, Final

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema


class SourceLocation:
    __slots__ = ("file", "line")

    def __init__(self, file: str, line: int) -> None:
        # Final: a location does not change once made (the models that hold one are frozen).
        self.file: Final = file
        self.line: Final = line

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"

    def __repr__(self) -> str:
        return f"SourceLocation(file={self.file!r}, line={self.line!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SourceLocation):
            return NotImplemented
        return self.file == other.file and self.line == other.line

    def __hash__(self) -> int:
        return hash((self.file, self.line))

    def __reduce__(self) -> tuple[type["SourceLocation"], tuple[str, int]]:
        return SourceLocation, (self.file, self.line)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler
                                     ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            located,
            serialization=core_schema.plain_serializer_function_ser_schema(_as_dict),
        )


def located(value: object) -> SourceLocation:
    """`value` as a location: one already, or a mapping of exactly a `file` string and a
    `line` integer (not a bool); ValueError otherwise."""
    if isinstance(value, SourceLocation):
        return value
    if isinstance(value, Mapping) and set(value) == _FIELDS:
        file, line = value["file"], value["line"]
        if isinstance(file, str) and isinstance(line, int) and not isinstance(line, bool):
            return SourceLocation(file, line)
    raise ValueError("a location is a file (text) and a line (an integer)")


def _as_dict(location: SourceLocation) -> dict[str, object]:
    return {"file": location.file, "line": location.line}


_FIELDS: Final = frozenset({"file", "line"})
