"""A strict reader for the small part of YAML our action.yml and .pre-commit-hooks.yaml use.

PyYAML is not among the test dependencies, and these two files need little: block mappings
and sequences (a sequence item may open a mapping: `- id: x`), plain, quoted and literal
(`|`) scalars, comments. Anything else is an error rather than a guess: flow collections,
anchors, tags, tabs, duplicate keys, `key: a: b`, and plain scalars that a YAML parser would
not read as text (numbers such as 3.11, null, yes/no/on/off) - those must be quoted. So a file
this reader accepts means the same to a real YAML parser.
"""

import re
from typing import Any

_KEY = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_.-]*):(?: (.*))?$")
_NOT_TEXT = re.compile(
    r"(?i:null|~|yes|no|on|off|y|n)$|[-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?$"
    r"|0[xob][0-9a-fA-F_]+$|[-+]?\.(?i:inf|nan)$")
_INDICATORS = "[]{}&*!%@`|>'\",#?:-"


class YamlSubsetError(ValueError):
    pass


def load(text: str) -> Any:
    reader = _Reader(text.split("\n"))
    value = reader.node(0)
    if reader.peek() is not None:
        raise reader.error("unexpected indentation")
    return value


class _Reader:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.at = 0

    def error(self, message: str) -> YamlSubsetError:
        return YamlSubsetError(f"line {self.at + 1}: {message}")

    def peek(self) -> tuple[int, str] | None:
        """The next line that holds content, as (indent, content); skips blanks and comments."""
        while self.at < len(self.lines):
            line = self.lines[self.at]
            content = line.lstrip(" ")
            if content.startswith("\t") or "\t" in line[: len(line) - len(content)]:
                raise self.error("a tab in the indentation")
            if content and not content.startswith("#"):
                return len(line) - len(content), content.rstrip(" ")
            self.at += 1
        return None

    def node(self, indent: int) -> Any:
        line = self.peek()
        if line is None or line[0] != indent:
            raise self.error(f"expected a node at indent {indent}")
        if line[1] == "-" or line[1].startswith("- "):
            return self.sequence(indent)
        return self.mapping(indent)

    def sequence(self, indent: int) -> list[Any]:
        items: list[Any] = []
        while (line := self.peek()) is not None and line[0] == indent:
            if not (line[1] == "-" or line[1].startswith("- ")):
                break  # the next key of a mapping the sequence is the value of
            rest = line[1][2:]
            if not rest:
                self.at += 1
                nested = self.peek()
                if nested is None or nested[0] <= indent:
                    raise self.error("an empty sequence item")
                items.append(self.node(nested[0]))
            elif _KEY.match(rest):  # `- key: value` opens a mapping two columns in
                self.lines[self.at] = " " * (indent + 2) + rest
                items.append(self.mapping(indent + 2))
            else:
                items.append(self.scalar(rest))
                self.at += 1
        return items

    def mapping(self, indent: int) -> dict[str, Any]:
        found: dict[str, Any] = {}
        while (line := self.peek()) is not None and line[0] == indent:
            match = _KEY.match(line[1])
            if match is None:
                raise self.error(f"not a `key: value` line: {line[1]!r}")
            key, value = match.group(1), (match.group(2) or "").strip()
            if key in found:
                raise self.error(f"duplicate key {key!r}")
            if value and value != "|" and not value.startswith("#"):
                found[key] = self.scalar(value)
                self.at += 1
                continue
            self.at += 1
            if value == "|":
                found[key] = self.literal(indent)
            else:
                nested = self.peek()
                if nested is None or nested[0] < indent or (
                        nested[0] == indent and not nested[1].startswith("- ")):
                    raise self.error(f"key {key!r} has no value")
                found[key] = self.node(nested[0])
        line = self.peek()
        if line is not None and line[0] > indent:
            raise self.error("unexpected indentation")
        return found

    def literal(self, indent: int) -> str:
        """A `|` block: the lines indented past the key, less the first line's indent."""
        body: list[str] = []
        while self.at < len(self.lines):
            line = self.lines[self.at]
            if line.strip() and len(line) - len(line.lstrip(" ")) <= indent:
                break
            body.append(line)
            self.at += 1
        while body and not body[-1].strip():
            body.pop()
        if not body:
            raise self.error("an empty literal block")
        margin = len(body[0]) - len(body[0].lstrip(" "))
        if any(line.strip() and not line.startswith(" " * margin) for line in body):
            raise self.error("a literal block line less indented than its first")
        return "\n".join(line[margin:] for line in body) + "\n"

    def scalar(self, text: str) -> Any:
        if text[0] in "'\"":
            return self.quoted(text)
        plain = re.split(r" #", text, maxsplit=1)[0].rstrip()
        if plain[0] in _INDICATORS and not re.match(r"[-?:][^ ]", plain):
            raise self.error(f"a plain scalar may not start with {plain[0]!r}: quote it")
        if ": " in plain or plain.endswith(":"):
            raise self.error(f"a plain scalar holds ': ': quote it: {plain!r}")
        if plain in ("true", "false"):
            return plain == "true"
        if _NOT_TEXT.match(plain):
            raise self.error(f"{plain!r} is not text to a YAML parser: quote it")
        return plain

    def quoted(self, text: str) -> str:
        quote, value, at = text[0], [], 1
        while at < len(text):
            char = text[at]
            if char == quote and quote == "'" and text[at + 1: at + 2] == "'":
                value.append("'")
                at += 2
                continue
            if char == quote:
                rest = text[at + 1:].strip()
                if rest and not rest.startswith("#"):
                    raise self.error(f"text after a quoted scalar: {rest!r}")
                return "".join(value)
            if char == "\\" and quote == '"':
                escaped = text[at + 1: at + 2]
                if escaped not in ('"', "\\"):
                    raise self.error(f"an escape this reader does not read: \\{escaped}")
                value.append(escaped)
                at += 2
                continue
            value.append(char)
            at += 1
        raise self.error("an unterminated quoted scalar")
