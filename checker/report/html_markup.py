"""Small HTML building blocks shared by the HTML pages: every string from the inputs goes
through `esc` (text and attribute values alike), numbers are written the same way everywhere."""

import html
import re
from collections.abc import Iterable

# What an id, a class or a file name built from an input may hold; anything else becomes "_".
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]")


def esc(value: object) -> str:
    """`value` as HTML text or a quoted attribute value."""
    return html.escape(str(value), quote=True)


def number(count: int) -> str:
    """A count for people: thousands grouped (the exact value stays in a data attribute)."""
    return f"{count:,}"


def safe_name(value: str) -> str:
    """`value` reduced to letters, digits, '.', '_' and '-', never starting with '.'."""
    name = _UNSAFE_NAME.sub("_", value)
    return "_" + name if name.startswith(".") or not name else name


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{number(count)} {word if count == 1 else (words or word + 's')}"




def rows(cells: Iterable[Iterable[str]], row_class: str = "") -> str:
    """Table rows of already-built cells."""
    opening = f'<tr class="{row_class}">' if row_class else "<tr>"
    return "".join(opening + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row in cells)
