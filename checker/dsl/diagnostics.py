"""Located diagnostics for rules files: file:line:column, the stable code (checker/dsl/codes.py),
the message, the source line, a caret, a hint."""

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from checker.dsl.ast import Span
from checker.dsl.codes import REGISTERED


@dataclass(frozen=True, slots=True)
class Diagnostic:
    file: str
    span: Span
    message: str
    source_line: str = ""
    hint: str | None = None
    level: Literal["error", "warning"] = "error"
    # Keyword-only and without a default: no construction site can forget it or pass a
    # message in its place.
    code: str = field(kw_only=True)

    def __post_init__(self) -> None:
        # Cheap, and every test that provokes a diagnostic proves its code is registered.
        if self.code not in REGISTERED:
            raise ValueError(f"diagnostic code {self.code!r} is not in checker/dsl/codes.py")
        if self.code.startswith("lint/") != (self.level == "warning"):
            raise ValueError(f"diagnostic code {self.code!r} is not a code of {self.level}s: "
                             "lint/ codes are the warnings, the others errors")

    def render(self) -> str:
        where = f"{self.file}:{self.span.line}:{self.span.column}"
        lines = [f"{where}: {self.level}[{self.code}]: {self.message}"]
        if self.source_line:
            width = 1
            if self.span.end_line == self.span.line and self.span.end_column > self.span.column:
                width = self.span.end_column - self.span.column
            shown, caret = _window(self.source_line, self.span.column - 1)
            lines.append(f"    {shown}")
            lines.append("    " + " " * caret + "^" * min(width, QUOTE_CHARS))
        if self.hint:
            lines.append(f"    {self.hint}")
        return "\n".join(lines)


# The longest stretch of a source line a diagnostic quotes: a generated or hostile file can
# hold a line of a megabyte, and the caret must stay readable.
QUOTE_CHARS = 160
_QUOTE_BEFORE = 60


def _window(line: str, index: int) -> tuple[str, int]:
    """The part of `line` to quote around 0-based `index`, and the caret's column in it."""
    if len(line) <= QUOTE_CHARS:
        return line, index
    start = max(0, min(index - _QUOTE_BEFORE, len(line) - QUOTE_CHARS))
    shown = line[start:start + QUOTE_CHARS]
    prefix = "…" if start else ""
    suffix = "…" if start + QUOTE_CHARS < len(line) else ""
    return prefix + shown + suffix, index - start + len(prefix)


class RulesError(Exception):
    """A rules file cannot be used; every diagnostic found is attached, in source order."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = sorted(
            diagnostics, key=lambda d: (d.file, d.span.line, d.span.column, d.message)
        )
        super().__init__("\n".join(d.render() for d in self.diagnostics))


class SourceText:
    """A rules file's text, to quote the line a diagnostic points at."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        # Split as the lexer counts lines (on "\n" only): str.splitlines would also break
        # at \x1e, \x85 or \u2028 inside a string and quote the wrong line.
        self.lines = [line.removesuffix("\r") for line in text.split("\n")]

    def line(self, number: int) -> str:
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""

    def diagnostic(
        self, span: Span, message: str, hint: str | None = None,
        level: Literal["error", "warning"] = "error", *, code: str,
    ) -> Diagnostic:
        return Diagnostic(self.file, span, message, self.line(span.line), hint, level,
                          code=code)


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """'did you mean X?' for the closest candidate, if one is close enough."""
    close = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None
