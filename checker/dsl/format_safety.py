"""Formatting may change a rules file's layout, never what it says: `feltcheck rules fmt`
re-parses its own output and uses it only when the syntax tree and the comments are the
file's. A formatter bug then costs the user a refusal, never their rules or their notes.

The comparison is independent of how the formatter places comments: it reads only the spans
of the file's own tree.
"""

from bisect import bisect_right
from collections import Counter
from dataclasses import fields

from checker.dsl import ast
from checker.dsl.diagnostics import RulesError
from checker.dsl.parser import parse_rules

# How a declaration is named in a message: its keyword, then the field that names it.
_KINDS: dict[type, tuple[str, str]] = {
    ast.RulesetDecl: ("ruleset", "name"),
    ast.Extends: ("extends", "path"),
    ast.ClauseDecl: ("clause", "clause"),
    ast.Unchecked: ("unchecked", "clause"),
    ast.ParamDecl: ("param", "path"),
    ast.ParamOverride: ("override param", "path"),
    ast.Rule: ("rule", "rule_id"),
    ast.Disable: ("disable rule", "rule_id"),
    ast.RuleTest: ("test", "name"),
}


def formatting_damage(source: ast.RulesFile, formatted: str, file: str) -> str | None:
    """What `formatted`, the formatter's text for the parsed file `source`, fails to keep, or
    None when it keeps everything: the declarations (spans aside) and the comments, their
    text (trailing spaces aside: fmt drops them) and their order. Comments inside one rule may
    trade places: its parts move into the canonical order and take their comments along."""
    try:
        again = parse_rules(formatted, file)
    except RulesError as exc:
        first = exc.diagnostics[0]
        return f"the formatted text does not parse (its line {first.span.line}: {first.message})"
    return _tree_change(source.items, again.items) or _comment_change(source, again.comments)


def _name(item: ast.Item) -> str:
    keyword, field_name = _KINDS[type(item)]
    if isinstance(item, ast.Rule) and item.override:
        keyword = "override rule"
    return f"{keyword} {getattr(item, field_name)!s} (line {item.span.line})"


def _tree_change(before: tuple[ast.Item, ...], after: tuple[ast.Item, ...]) -> str | None:
    for old, new in zip(before, after, strict=False):
        if old == new:
            continue
        if type(old) is not type(new):
            return f"{_name(old)} became a {_KINDS[type(new)][0]}"
        changed = [f.name for f in fields(old)
                   if f.compare and getattr(old, f.name) != getattr(new, f.name)]
        return f"{_name(old)}: its {', '.join(changed)} changed"
    if len(before) != len(after):
        return f"the file's {len(before)} declarations became {len(after)}"
    return None


def _comment_change(source: ast.RulesFile, after: tuple[ast.Comment, ...]) -> str | None:
    kept = [comment.text for comment in after]
    lost = Counter(c.text.rstrip() for c in source.comments) - Counter(kept)
    for comment in source.comments:
        if lost[comment.text.rstrip()]:
            return f"the comment {comment.text.rstrip()!r} (line {comment.line}) is lost"
    added = Counter(kept) - Counter(c.text.rstrip() for c in source.comments)
    if added:
        return f"a comment {next(iter(added))!r} appears that the file does not have"
    position = 0
    for block in _blocks(source):
        texts = [comment.text.rstrip() for comment in block]
        if sorted(kept[position:position + len(block)]) != sorted(texts):
            return (f"the comments change order from {texts[0]!r} (line {block[0].line}) "
                    "on")
        position += len(block)
    return None


def _blocks(source: ast.RulesFile) -> list[list[ast.Comment]]:
    """The file's comments in order, in blocks whose order must hold: the comments within one
    rule's lines form a block (they may trade places), every other comment is one alone."""
    rules = sorted((item.span.line, item.span.end_line) for item in source.items
                   if isinstance(item, ast.Rule) and item.span.line > 0)
    starts = [start for start, _ in rules]
    blocks: list[list[ast.Comment]] = []
    last_rule: int | None = None
    for comment in source.comments:
        index = bisect_right(starts, comment.line) - 1
        inside = index >= 0 and comment.line <= rules[index][1]
        if inside and index == last_rule:
            blocks[-1].append(comment)
        else:
            blocks.append([comment])
        last_rule = index if inside else None
    return blocks
