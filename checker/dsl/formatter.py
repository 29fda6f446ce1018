"""`feltcheck rules fmt`: the canonical text of a rules file (docs/rules-language.md,
"Formatting"). parse_rules(format_rules(tree)) == tree, and formatting is idempotent.

Layout:
- each declaration starts a line; a rule's parts and a test's expects go on their own lines,
  indented two spaces; rule parts in a fixed order: title, cites, severity, on, let..., when,
  require, message;
- one blank line between declarations, except inside a run of one-line declarations of one kind
  (ruleset/extends, clause, unchecked, disable, and param or override param sharing the first
  segment of their path), which stay together unless the source parted them with a blank line;
  rules and tests always stand apart;
- expressions on one line with the fewest parentheses that give back the same tree; only a
  parameter's list or set longer than WIDTH is filled onto indented lines.

Comments are never lost. Each is tied to a construct (a declaration, a rule part, an expect) by
where it stood, using the spans of the tree:
- a comment after code trails the construct whose code comes last on its line, and is printed
  at the end of that construct's line;
- a comment on a line of its own goes before the next construct; inside a multi-line construct
  it goes before that construct;
- a construct's second trailing comment (when it spanned lines), and an own-line comment inside
  it after its first trailing one, go on their own lines right after it;
- own-line comments directly after a declaration (no blank line between) and followed by a
  blank line or the end of the file close that declaration (indented in a rule or a test), and
  a blank line follows them;
- comments after the last declaration, past a blank line, end the file after a blank line;
- one blank line between an own-line comment and the declaration after it is kept.
"""

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from checker.dsl import ast
from checker.dsl.units import duration_literal, format_percent

INDENT = "  "
# Only a long list or set of a parameter is broken over lines to stay within this width.
WIDTH = 100
# Digit groups (`1_000_000`) from this value up; below it plain digits read better (1500).
_GROUPING_FROM = 10_000

# Binding strength of each expression form, loosest first; an operand printed where a tighter
# form is required gets parentheses.
_IF, _OR, _AND, _NOT, _CMP, _SUM, _PROD, _NEG, _POSTFIX, _ATOM = range(1, 11)
_BINARY_LEVEL: dict[str, int] = {
    "or": _OR, "and": _AND,
    "==": _CMP, "!=": _CMP, "<": _CMP, "<=": _CMP, ">": _CMP, ">=": _CMP, "in": _CMP,
    "not in": _CMP,
    "+": _SUM, "-": _SUM, "*": _PROD, "//": _PROD, "%": _PROD,
}


# ---------------------------------------------------------------- literals and strings


def quote(text: str) -> str:
    """A STRING token for text: the three escapes the language has, everything else as is."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{body}"'


def _count(value: object, kind: str) -> int:
    """The non-negative int a numeric literal must hold (the grammar has no negative literal;
    `-5` is a minus applied to `5`)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"a {kind} literal needs a non-negative int, not {value!r}")
    return value


def _digits(number: int) -> str:
    return f"{number:_}" if number >= _GROUPING_FROM else str(number)


def _money(cents: int) -> str:
    whole, rest = divmod(cents, 100)
    return f"${_digits(whole)}.{rest:02d}" if rest else f"${_digits(whole)}"


def format_literal(literal: ast.Literal) -> str:
    value = literal.value
    if literal.kind == "bool" and isinstance(value, bool):
        return "true" if value else "false"
    if literal.kind == "none" and value is None:
        return "none"
    if literal.kind == "string" and isinstance(value, str):
        return quote(value)
    if literal.kind == "int":
        return _digits(_count(value, "int"))
    if literal.kind == "money":
        return _money(_count(value, "money"))
    if literal.kind == "duration":
        return duration_literal(_count(value, "duration"))
    if literal.kind == "percent":
        return format_percent(_count(value, "percent"))
    raise ValueError(f"a {literal.kind} literal cannot hold {value!r}")


# ---------------------------------------------------------------- expressions


def _level(expr: ast.Expr) -> int:
    if isinstance(expr, ast.IfElse):
        return _IF
    if isinstance(expr, ast.Binary):
        return _BINARY_LEVEL[expr.op]
    if isinstance(expr, ast.Unary):
        return _NOT if expr.op == "not" else _NEG
    if isinstance(expr, ast.Attribute | ast.Index):
        return _POSTFIX
    return _ATOM


def format_expression(expr: ast.Expr) -> str:
    """One line of canonical text for an expression."""
    return _operand(expr, _IF)


def _operand(expr: ast.Expr, weakest: int) -> str:
    """expr where the grammar accepts nothing looser than `weakest`."""
    text = _bare(expr)
    return f"({text})" if _level(expr) < weakest else text


def _joined(items: Sequence[ast.Expr]) -> str:
    return ", ".join(format_expression(item) for item in items)


def _bare(expr: ast.Expr) -> str:
    match expr:
        case ast.Literal():
            return format_literal(expr)
        case ast.Name(name=name):
            return name
        case ast.ParamRef(path=path):
            return f"param.{path}"
        case ast.Binary():
            return _binary(expr)
        case ast.Unary(op="not", operand=operand):
            return f"not {_operand(operand, _NOT)}"
        case ast.Unary(operand=operand):
            return f"-{_operand(operand, _NEG)}"
        case ast.IfElse(condition=condition, then=then, otherwise=otherwise):
            return (f"if {format_expression(condition)} then {format_expression(then)}"
                    f" else {format_expression(otherwise)}")
        case ast.Attribute(obj=obj, name=name):
            return f"{_attribute_object(obj)}.{name}"
        case ast.Index(obj=obj, index=index):
            return f"{_operand(obj, _POSTFIX)}[{format_expression(index)}]"
        case ast.Call(function=function, args=args):
            return f"{function}({_joined(args)})"
        case ast.Quantifier(kind=kind, variable=variable, collection=collection, body=body):
            return (f"{kind}({variable} in {format_expression(collection)}:"
                    f" {format_expression(body)})")
        case ast.ListLit(items=items):
            return f"[{_joined(items)}]"
        case ast.SetLit(items=items):
            return f"{{{_joined(items)}}}"
    raise ValueError(f"not an expression: {expr!r}")


def _binary(expr: ast.Binary) -> str:
    level = _BINARY_LEVEL[expr.op]
    # Left-associative levels take their own level on the left; comparisons are
    # non-associative, so both sides must bind tighter.
    left = level if level != _CMP else level + 1
    return f"{_side(expr, expr.left, left)} {expr.op} {_side(expr, expr.right, level + 1)}"


def _side(parent: ast.Binary, side: ast.Expr, weakest: int) -> str:
    # The one parenthesis kept for readers rather than the grammar: `and` inside `or`.
    if parent.op == "or" and isinstance(side, ast.Binary) and side.op == "and":
        return f"({_bare(side)})"
    return _operand(side, weakest)


def _attribute_object(obj: ast.Expr) -> str:
    # `param.a.b` followed by `.c` would read back as the parameter `a.b.c`.
    if isinstance(obj, ast.ParamRef):
        return f"({_bare(obj)})"
    return _operand(obj, _POSTFIX)


def format_message(message: ast.Message) -> str:
    """The STRING token of a message template: literal braces doubled, `{expr}` placeholders."""
    pieces: list[str] = []
    for part in message.parts:
        if isinstance(part, str):
            pieces.append(part.replace("{", "{{").replace("}", "}}"))
            continue
        text = format_expression(part)
        if "{" in text or "}" in text:
            raise ValueError(f"a message placeholder cannot hold braces: {{{text}}}")
        pieces.append(f"{{{text}}}")
    return quote("".join(pieces))


def format_type(type_ref: ast.TypeRef) -> str:
    if not type_ref.args:
        return type_ref.name
    if len(type_ref.args) > 1:
        raise ValueError(f"a type takes at most one argument: {type_ref!r}")
    return f"{type_ref.name}[{format_type(type_ref.args[0])}]"


# ---------------------------------------------------------------- declarations

# A printed construct: (item index, part, occurrence). The declaration itself (a rule's or a
# test's header line) is (i, "", 0); rule parts use their part_spans names ("event" for `on`);
# a test's expects are (i, "expect", j); lets are (i, "let", k).
Key = tuple[int, str, int]


def _rule_parts(index: int, rule: ast.Rule) -> list[tuple[Key, str]]:
    parts: list[tuple[Key, str]] = []
    if rule.title is not None:
        parts.append(((index, "title", 0), f"title {quote(rule.title)}"))
    if rule.cites:
        parts.append(((index, "cites", 0), "cites " + ", ".join(c.clause for c in rule.cites)))
    if rule.severity is not None:
        parts.append(((index, "severity", 0), f"severity {rule.severity}"))
    if rule.event is not None:
        parts.append(((index, "event", 0), f"on {rule.event}"))
    if rule.plays:
        parts.append(((index, "plays", 0),
                      "applies to " + ", ".join(ref.play for ref in rule.plays)))
    for number, let in enumerate(rule.lets):
        parts.append(((index, "let", number), f"let {let.name} = {format_expression(let.value)}"))
    if rule.when is not None:
        parts.append(((index, "when", 0), f"when {format_expression(rule.when)}"))
    if rule.require is not None:
        parts.append(((index, "require", 0), f"require {format_expression(rule.require)}"))
    if rule.at is not None:
        parts.append(((index, "at", 0),
                      f"at {rule.at.record} {format_expression(rule.at.value)}"))
    if rule.message is not None:
        parts.append(((index, "message", 0), f"message {format_message(rule.message)}"))
    if not parts:
        raise ValueError(f"rule {rule.rule_id} has no part; the grammar needs at least one")
    return parts


def format_expect(expect: ast.Expect) -> str:
    """An expect line (without its indent), as `fmt` prints it."""
    if expect.rule_id is None:
        if expect.hand is not None or expect.action is not None:
            raise ValueError("`expect none` takes no hand or action")
        if expect.gap is not None:
            raise ValueError(f"`expect none` cannot be a {expect.gap}: a gap names a rule")
        return "expect none"
    if expect.gap not in (None, ast.TODO, ast.TODO_NOT):
        raise ValueError(f"an expect's gap is {ast.TODO!r} or {ast.TODO_NOT!r}, not "
                         f"{expect.gap!r}")
    gap = f"{expect.gap} " if expect.gap is not None else ""
    text = f"expect {gap}{expect.rule_id}"
    if expect.hand is not None:
        text += f" hand {quote(expect.hand)}"
    if expect.action is not None:
        text += f" action {_count(expect.action, 'action')}"
    return text


def _param_value(prefix: str, value: ast.Expr) -> str:
    """A parameter's value on the declaration's line; a list or set (a table of words, say)
    too long for WIDTH is filled onto indented lines between its brackets."""
    text = prefix + format_expression(value)
    if len(text) <= WIDTH or not isinstance(value, ast.ListLit | ast.SetLit) or not value.items:
        return text
    opening, closing = ("[", "]") if isinstance(value, ast.ListLit) else ("{", "}")
    lines = [prefix + opening]
    current = ""
    for item in (format_expression(item) for item in value.items):
        if current and len(INDENT + current + " " + item + ",") > WIDTH:
            lines.append(INDENT + current)
            current = ""
        current = f"{current} {item}," if current else f"{item},"
    lines.append(INDENT + current.removesuffix(","))
    lines.append(closing)
    return "\n".join(lines)


def _header(item: ast.Item) -> str:
    """The first (for most declarations the only) line of a declaration."""
    match item:
        case ast.RulesetDecl(name=name, title=title):
            return f"ruleset {name} {quote(title)}"
        case ast.Extends(path=path):
            return f"extends {quote(path)}"
        case ast.ClauseDecl(clause=clause, text=text):
            return f"clause {clause} {quote(text)}"
        case ast.Unchecked(clause=clause, reason=reason):
            return f"unchecked {clause} {quote(reason)}"
        case ast.ParamDecl(path=path, type=type_ref, value=value):
            return _param_value(f"param {path}: {format_type(type_ref)} = ", value)
        case ast.ParamOverride(path=path, value=value):
            return _param_value(f"override param {path} = ", value)
        case ast.Rule(rule_id=rule_id, override=override):
            return f"override rule {rule_id}" if override else f"rule {rule_id}"
        case ast.Disable(rule_id=rule_id, reason=reason):
            return f"disable rule {rule_id} {quote(reason)}"
        case ast.RuleTest(name=name, input=input_path):
            return f"test {quote(name)} input {quote(input_path)}"
    raise ValueError(f"not a declaration: {item!r}")


def _sub_lines(index: int, item: ast.Item) -> list[tuple[Key, str]]:
    """The indented lines under a declaration: a rule's parts or a test's expects."""
    if isinstance(item, ast.Rule):
        return _rule_parts(index, item)
    if isinstance(item, ast.RuleTest):
        return [((index, "expect", j), format_expect(e)) for j, e in enumerate(item.expects)]
    return []


def _apart(previous: ast.Item, item: ast.Item, previous_has_tail: bool, spaced: bool) -> bool:
    """A blank line between two declarations? Between two of one group only when the source
    had one (`spaced`); after closing comments always: without it they would open the next
    declaration."""
    group = _group(item)
    return previous_has_tail or spaced or group is None or group != _group(previous)


def _group(item: ast.Item) -> tuple[str, str] | None:
    """Consecutive one-line declarations with the same group print without a blank line."""
    match item:
        case ast.RulesetDecl() | ast.Extends():
            return ("header", "")
        case ast.ClauseDecl():
            return ("clause", "")
        case ast.Unchecked():
            return ("unchecked", "")
        case ast.Disable():
            return ("disable", "")
        case ast.ParamDecl(path=path):
            return ("param", path.split(".")[0])
        case ast.ParamOverride(path=path):
            return ("override param", path.split(".")[0])
        case _:
            return None


# ---------------------------------------------------------------- comment attachment


@dataclass(frozen=True, slots=True)
class _Anchor:
    """Where a printed construct started in the source, and the last line whose comments
    belong inside it (a rule's or a test's header owns only its first line)."""

    line: int
    column: int
    region_end: int
    key: Key


@dataclass(frozen=True, slots=True)
class _Own:
    """A comment printed on a line of its own; `gap`: a blank line followed it in the source
    (kept only before a declaration and at the end of the file)."""

    text: str
    gap: bool = False


@dataclass
class _Attached:
    before: defaultdict[Key, list[_Own]] = field(default_factory=lambda: defaultdict(list))
    trailing: dict[Key, str] = field(default_factory=dict)
    after: defaultdict[Key, list[str]] = field(default_factory=lambda: defaultdict(list))
    tail: defaultdict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    end: list[_Own] = field(default_factory=list)
    # The first source line of each declaration's block: its first leading comment or itself.
    block_start: dict[int, int] = field(default_factory=dict)

    def spaced(self, previous: ast.Item, item: ast.Item, index: int) -> bool:
        """Did a blank line part `previous` from `item`'s block (its comments, then itself)?"""
        if previous.span.line <= 0 or item.span.line <= 0:
            return False
        return self.block_start.get(index, item.span.line) > previous.span.end_line + 1


def _part_anchors(index: int, item: ast.Item) -> Iterator[_Anchor]:
    spans: list[tuple[Key, ast.Span]] = []
    if isinstance(item, ast.Rule):
        lets = 0
        for name, span in item.part_spans:
            spans.append(((index, name, lets if name == "let" else 0), span))
            lets += name == "let"
    elif isinstance(item, ast.RuleTest):
        spans = [((index, "expect", j), e.span) for j, e in enumerate(item.expects)]
    for key, span in spans:
        if span.line > 0:
            yield _Anchor(span.line, span.column, span.end_line, key)


def _anchors(items: Sequence[ast.Item]) -> list[_Anchor]:
    anchors: list[_Anchor] = []
    for index, item in enumerate(items):
        if item.span.line <= 0:
            continue  # built without spans: no comment can be placed by it
        parts = list(_part_anchors(index, item))
        header_end = item.span.line if parts else item.span.end_line
        anchors.append(_Anchor(item.span.line, item.span.column, header_end, (index, "", 0)))
        anchors.extend(parts)
    anchors.sort(key=lambda a: (a.line, a.column))
    return anchors


class _Attacher:
    """Assigns each comment of a file to the construct it will be printed next to."""

    def __init__(self, tree: ast.RulesFile) -> None:
        self.items = tree.items
        self.anchors = _anchors(tree.items)
        self.lines = [a.line for a in self.anchors]
        self.own_line = {c.line for c in tree.comments if not c.trailing}
        self.comment_lines = {c.line for c in tree.comments}
        self.result = _Attached()

    def run(self, comments: Sequence[ast.Comment]) -> _Attached:
        for comment in sorted(comments, key=lambda c: c.line):
            self._place(comment, comment.text.rstrip())
        return self.result

    def _place(self, comment: ast.Comment, text: str) -> None:
        position = bisect_right(self.lines, comment.line) - 1
        if position < 0:
            self._before(0, _Own(text, self._gap_after(comment.line, 0)), comment.line)
            return
        anchor = self.anchors[position]
        if comment.line > anchor.region_end:
            self._after(position, comment.line, text)
        elif anchor.key in self.result.trailing:
            self._overflow(position, text)
        elif comment.trailing:
            self.result.trailing[anchor.key] = text
        else:
            self.result.before[anchor.key].append(_Own(text))

    def _gap_after(self, line: int, next_position: int) -> bool:
        following = self.lines[next_position] if next_position < len(self.lines) else None
        return line + 1 not in self.comment_lines and line + 1 != following

    def _before(self, position: int, own: _Own, line: int) -> None:
        if position >= len(self.anchors):
            self.result.end.append(own)
            return
        anchor = self.anchors[position]
        gap = own.gap and anchor.key[1] == ""  # no blank lines inside a rule or a test
        self.result.before[anchor.key].append(_Own(own.text, gap))
        if anchor.key[1] == "":
            self.result.block_start.setdefault(anchor.key[0], line)

    def _overflow(self, position: int, text: str) -> None:
        """A construct's second trailing comment, or an own-line one after its first: printed
        on its own line right after the construct, so the order of comments holds."""
        key = self.anchors[position].key
        if key[1]:
            self.result.after[key].append(text)
        else:
            self.result.tail[key[0]].append(text)

    def _after(self, position: int, line: int, text: str) -> None:
        """An own-line comment after the construct at `position` ended: at the end of its
        declaration when it hugs it, else before the next construct."""
        index = self.anchors[position].key[0]
        following = self.anchors[position + 1] if position + 1 < len(self.anchors) else None
        last_of_item = following is None or following.key[0] != index
        if last_of_item and self._in_tail(line, self.items[index], following):
            self.result.tail[index].append(text)
            return
        self._before(position + 1, _Own(text, self._gap_after(line, position + 1)), line)

    def _in_tail(self, line: int, item: ast.Item, following: _Anchor | None) -> bool:
        """Own-line comments from the line after the item on, with no gap, then a blank line
        (or the end of the file)."""
        first = item.span.end_line + 1
        if not all(n in self.own_line for n in range(first, line + 1)):
            return False
        last = line
        while last + 1 in self.own_line:
            last += 1
        return following is None or following.line != last + 1


def _keep_unplaceable(items: Sequence[ast.Item], attached: _Attached) -> None:
    """Comments tied to a construct that will not be printed (a tree whose part_spans name
    parts it lacks) move to the end of the file: never lose one."""
    printed = {key for i, item in enumerate(items) for key, _ in _sub_lines(i, item)}
    printed.update((i, "", 0) for i in range(len(items)))
    for key in sorted(set(attached.before) - printed):
        attached.end.extend(attached.before.pop(key))
    for key in sorted(set(attached.trailing) - printed):
        attached.end.append(_Own(attached.trailing.pop(key)))
    for key in sorted(set(attached.after) - printed):
        attached.end.extend(_Own(text) for text in attached.after.pop(key))


# ---------------------------------------------------------------- the file


def _own_lines(indent: str, comments: Sequence[_Own], last_gap: bool) -> list[str]:
    """Own-line comments; a blank line after each that had one (after the last only when
    something follows the block)."""
    lines: list[str] = []
    for number, own in enumerate(comments):
        lines.append(indent + own.text)
        if own.gap and (last_gap or number < len(comments) - 1):
            lines.append("")
    return lines


def _construct(indent: str, key: Key, text: str, attached: _Attached) -> list[str]:
    lines = _own_lines(indent, attached.before.get(key, []), last_gap=True)
    comment = attached.trailing.get(key)
    lines.append(f"{indent}{text}  {comment}" if comment else indent + text)
    lines.extend(indent + text for text in attached.after.get(key, []))
    return lines


def _item_lines(index: int, item: ast.Item, attached: _Attached) -> list[str]:
    lines = _construct("", (index, "", 0), _header(item), attached)
    sub_lines = _sub_lines(index, item)
    for key, text in sub_lines:
        lines.extend(_construct(INDENT, key, text, attached))
    # A rule's or a test's closing comments are indented like its parts.
    indent = INDENT if isinstance(item, ast.Rule | ast.RuleTest) else ""
    lines.extend(indent + comment for comment in attached.tail.get(index, []))
    return lines


def format_rules(tree: ast.RulesFile) -> str:
    """The canonical text of a rules file; parse_rules of it gives back an equal tree.

    Raises ValueError for a tree no text can express (a negative literal, a rule without
    parts, a placeholder holding braces)."""
    attached = _Attacher(tree).run(tree.comments)
    _keep_unplaceable(tree.items, attached)
    lines: list[str] = []
    for index, item in enumerate(tree.items):
        previous = tree.items[index - 1] if index else None
        spaced = previous is not None and attached.spaced(previous, item, index)
        if previous is not None and _apart(previous, item, index - 1 in attached.tail, spaced):
            lines.append("")
        lines.extend(_item_lines(index, item, attached))
    if attached.end:
        if lines:
            lines.append("")
        lines.extend(_own_lines("", attached.end, last_gap=False))
    return "\n".join(lines) + "\n" if lines else ""
