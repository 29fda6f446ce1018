"""The bundled rules files' syntax trees, kept from the build so that loading them skips the
parse.

Parsing the Full Tilt rule set (Lark's LALR parser, its transformer and the messages'
placeholders) and building the parser took ~0.2 s of CPU at every start of every command
(docs/performance.md, "Start-up"). `make accel` writes each bundled rules file's tree into
`checker/rulesets/parsed_trees.json` (`python -m checker.dsl.parsed_trees`), keyed by the
digest of the file's text, under the digest of what makes a tree: the grammar, the parser's
and the syntax tree's modules, and Lark's version. A file whose text is there is taken from
it; any other text, a changed parser, a missing or damaged file, is parsed as before. The
trees are JSON, read only into the classes of checker.dsl.ast: the file is data, never code.
It is the build's own output, beside the package's code, and trusted as that code is: its
nodes' fields are not checked one by one.
"""

import hashlib
import importlib.metadata
import json
import sys
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any

from checker.dsl import ast

# The file `make accel` writes beside the bundled rule sets.
TREES_FILE = Path(__file__).resolve().parent.parent / "rulesets" / "parsed_trees.json"
# What decides the tree a text parses to, beside this folder's feltcheck.lark.
_PARSER_SOURCES = ("parser.py", "ast.py", "text_guard.py", "units.py", "parsed_trees.py")
# Each class of the syntax tree, by name.
_CLASSES: dict[str, type] = {name: value for name, value in vars(ast).items()
                             if isinstance(value, type) and is_dataclass(value)
                             and value.__module__ == ast.__name__}
# A tuple is a JSON object of this one key (a dataclass is a list led by its class's name).
_TUPLE = "t"


def parser_digest() -> str:
    """The digest of the grammar, the parser's sources and Lark's version (its
    distribution's: a rule set read from its kept tree never imports Lark, 14 ms a start).
    """
    digest = hashlib.sha256(importlib.metadata.version("lark").encode())
    folder = Path(__file__).resolve().parent
    for name in ("feltcheck.lark", *_PARSER_SOURCES):
        digest.update((folder / name).read_bytes())
    return digest.hexdigest()


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def encoded(node: Any) -> Any:
    """`node` (a tree, or any value in one) as JSON: a dataclass as a list of its class's name
    and its fields in order, a tuple as {"t": [items]}, the scalars as they are."""
    if is_dataclass(node) and not isinstance(node, type):
        return [type(node).__name__, *(encoded(getattr(node, f.name)) for f in fields(node))]
    if isinstance(node, tuple):
        return {_TUPLE: [encoded(item) for item in node]}
    if node is None or isinstance(node, (str, int)):  # bool is an int
        return node
    raise TypeError(f"no JSON for {type(node).__name__} in a syntax tree")


def decoded(value: Any) -> Any:
    """The tree `encoded` gave `value` for; ValueError for anything it cannot have given."""
    kind = type(value)
    if kind is list:
        cls = _CLASSES.get(value[0]) if value and type(value[0]) is str else None
        if cls is None:
            raise ValueError(f"not a syntax tree's node: {str(value)[:60]}")
        return cls(*[decoded(item) for item in value[1:]])
    if kind is dict:
        if len(value) != 1 or type(value.get(_TUPLE)) is not list:
            raise ValueError(f"not a syntax tree's tuple: {str(value)[:60]}")
        return tuple([decoded(item) for item in value[_TUPLE]])
    if value is None or kind in (str, int, bool):
        return value
    raise ValueError(f"not in a syntax tree: {kind.__name__}")


def trees_document(texts: list[str], parse: Any) -> dict[str, Any]:
    """The document of `texts`' trees (`parse(text)` each) under this parser's digest."""
    return {"parser": parser_digest(),
            "trees": {text_digest(text): encoded(parse(text)) for text in texts}}


@cache
def _kept(path: Path) -> dict[str, Any]:
    """The trees kept in `path` by text digest (still encoded); none when the file is
    missing, unreadable or written by another parser."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        # A parser whose sources cannot be read (an install without them), or a Lark installed
        # without its distribution's metadata, keeps nothing.
        parser = parser_digest()
    except (OSError, ValueError, importlib.metadata.PackageNotFoundError):
        return {}
    if not isinstance(document, dict) or document.get("parser") != parser:
        return {}
    trees = document.get("trees")
    return trees if isinstance(trees, dict) else {}


def kept_tree(text: str) -> ast.RulesFile | None:
    """The tree kept for `text`, or None (parse it)."""
    value = _kept(TREES_FILE).get(text_digest(text))
    if value is None:
        return None
    try:
        tree = decoded(value)
    except (ValueError, TypeError, IndexError, RecursionError):
        return None
    return tree if isinstance(tree, ast.RulesFile) else None


def write_trees(target: Path | None = None) -> Path:
    """The bundled rules files' trees, parsed now, into `target` (by default where they are
    read from, `TREES_FILE`)."""
    from checker import rulesets
    from checker.dsl.parser import parse_rules
    from checker.dsl.ruleset import read_rules_text

    texts = []
    for name in rulesets.NAMES:
        path = rulesets.bundled_file(name)
        assert path is not None
        texts.append(read_rules_text(path, rulesets.display_name(name)))
    target = TREES_FILE if target is None else target
    document = trees_document(texts, lambda text: parse_rules(text, rulesets.DISPLAY_FOLDER))
    target.write_text(json.dumps(document, separators=(",", ":")) + "\n", encoding="utf-8")
    return target


if __name__ == "__main__":
    print(write_trees(Path(sys.argv[1]) if len(sys.argv) > 1 else None))
