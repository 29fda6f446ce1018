"""Refuse rules text that could read differently from how it runs, or exhaust the loader.

A rules file is approved by people reading it, so what they read must be what runs:
bidirectional controls can reorder a line on screen ("Trojan Source", CVE-2021-42574),
invisible and control characters can hide text, and a name such as `__class__` reads like a
way into Python even though the type checker would refuse it. Size and nesting are bounded so
that a hostile or generated file is refused with a located diagnostic, never by a
RecursionError or by memory: these bounds are the tool's, not any site's policy.

Names are ASCII by the grammar, but Python's case-insensitive `[a-z]` also matches the Kelvin
sign and the long s, and a Cyrillic letter that looks Latin only shows as a syntax error at
another place: every non-ASCII character outside a string or a comment is refused by name.
"""

import re
import unicodedata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Lark is imported by the parser, when a text is parsed (not at start-up)
    from lark import Tree

from checker.dsl import ast
from checker.dsl.codes import Code
from checker.dsl.diagnostics import Diagnostic, SourceText

# Far above any hand-written rule set (fulltilt.rules is about 100 KB).
MAX_RULES_CHARS = 1 << 20
# Read from disk at most this much (UTF-8 takes up to four bytes a character).
MAX_RULES_BYTES = 4 * MAX_RULES_CHARS
# Levels of the parse tree: the shipped rule sets reach 13. Every later stage (type checker,
# compiler, formatter, explain traces) recurses over the tree, well within Python's stack at
# this depth (tests/test_rules_hostile.py loads and runs a rule this deep).
MAX_NESTING = 64
# Diagnostics for characters stop after this many: one is enough to refuse the file.
MAX_CHARACTER_DIAGNOSTICS = 20

_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_INVISIBLE = frozenset("\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u2060"
                       "\u2061\u2062\u2063\u2064\u3164\ufeff\uffa0")
_ALLOWED_CONTROLS = frozenset("\t\n\r")
_SUSPECT = re.compile(r"[^\t\n\r\x20-\x7e]")


def describe_character(char: str) -> str:
    """`char` as a reader can find it: U+202E RIGHT-TO-LEFT OVERRIDE."""
    name = unicodedata.name(char, "")
    if not name:
        name = "(a control character)" if unicodedata.category(char) == "Cc" else "(unnamed)"
    return f"U+{ord(char):04X} {name}"


def check_text(text: str, source: SourceText) -> list[Diagnostic]:
    """Diagnostics for a text too long to be a rules file, or holding characters that hide
    or reorder what it says. A leading byte-order mark is allowed."""
    if len(text) > MAX_RULES_CHARS:
        return [source.diagnostic(ast.Span(1, 1, 1, 2),
                                  f"the rules file holds {len(text):,} characters; at most "
                                  f"{MAX_RULES_CHARS:,} are read", code=Code.TOO_LARGE)]
    body = text.removeprefix("\ufeff")
    offset = len(text) - len(body)
    if _SUSPECT.search(body) is None:
        return []  # the common case: printable ASCII, tabs and line ends
    found: list[Diagnostic] = []
    line, line_start = 1, -offset
    # Where the character stands: in a string, in a comment, or in the rules themselves
    # (strings never span lines; a backslash escapes the next character).
    in_string = in_comment = escaped = False
    for index, char in enumerate(body):
        if char == "\n":
            line, line_start = line + 1, index + 1
            in_string = in_comment = escaped = False
            continue
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif not in_comment:
            in_string, in_comment = char == '"', char == "#"
        refusal = _refusal(char, in_string or in_comment)
        if refusal is None:
            continue
        code, reason = refusal
        column = index - line_start + 1
        found.append(source.diagnostic(
            ast.Span(line, column, line, column + 1),
            f"{describe_character(char)}: {reason}",
            "write the text without it; rules files must read as they run", code=code))
        if len(found) >= MAX_CHARACTER_DIAGNOSTICS:
            break
    return found


def refused_character(char: str, in_text: bool) -> str | None:
    """Why `char` may not stand in a rules file (in a string or comment when `in_text`), or
    None when it may."""
    refusal = _refusal(char, in_text)
    return None if refusal is None else refusal[1]


def _refusal(char: str, in_text: bool) -> tuple[Code, str] | None:
    """The code and the reason of refused_character."""
    if char in _BIDI:
        return (Code.HIDDEN_CHARACTER,
                "a bidirectional control can show this line in another order than it is read")
    if char in _INVISIBLE:
        return Code.HIDDEN_CHARACTER, "an invisible character can hide text"
    if (char < " " and char not in _ALLOWED_CONTROLS) or "\x7f" <= char <= "\x9f":
        return Code.HIDDEN_CHARACTER, "a control character has no place in a rules file"
    if not in_text and not char.isascii():
        return (Code.NON_ASCII_NAME,
                "names and keywords are ASCII; outside a string or a comment this may be a "
                "look-alike of an ASCII letter")
    return None


def check_tree(tree: "Tree[Any]", source: SourceText, at: tuple[int, int] | None = None
               ) -> list[Diagnostic]:
    """Diagnostics for nesting deeper than MAX_NESTING and for names reserved to Python
    (`__anything`), found without recursion so that no depth can crash the check itself.
    `at` is where a fragment parsed on its own (a message placeholder) stands in `source`."""
    from lark import Token, Tree

    def place(line: int, column: int, end_line: int, end_column: int) -> ast.Span:
        if at is None:
            return ast.Span(line, column, end_line, end_column)
        return ast.Span(at[0], at[1] + column - 1, at[0], at[1] + end_column - 1)

    found: list[Diagnostic] = []
    deepest: tuple[int, Tree[Any]] | None = None
    stack: list[tuple[Tree[Any], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            if deepest is None:
                deepest = (depth, node)
            continue  # no need to go deeper: the file is refused
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))
            elif isinstance(child, Token) and child.type == "NAME" and child.startswith("__"):
                line, column = child.line or 1, child.column or 1
                found.append(source.diagnostic(
                    place(line, column, child.end_line or line,
                          child.end_column or column + len(child)),
                    f"'{child}': names beginning with '__' are reserved",
                    "a rule reads the facts of events; it cannot reach Python's internals",
                    code=Code.RESERVED_NAME))
    if deepest is not None:
        meta = deepest[1].meta
        line, column = (1, 1) if getattr(meta, "empty", True) else (meta.line, meta.column)
        found.append(source.diagnostic(
            place(line, column, line, column + 1),
            f"nested more than {MAX_NESTING} levels deep",
            "split the expression with `let`", code=Code.TOO_DEEP))
    return found

