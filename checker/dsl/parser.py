"""Parse rules text into the syntax tree. The only module that imports lark.

The grammar (grammar/feltcheck.lark, shipped as package data) is compiled once per process.
Syntax errors become located diagnostics with the expected tokens and a "did you mean" for a
misspelled keyword.
"""

import re
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import Any

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from checker.dsl import ast
from checker.dsl.codes import Code
from checker.dsl.diagnostics import Diagnostic, RulesError, SourceText, did_you_mean
from checker.dsl.text_guard import check_text, check_tree, describe_character
from checker.dsl.units import SECONDS_PER_UNIT

KEYWORDS = (
    "ruleset", "extends", "clause", "unchecked", "param", "override", "rule", "disable", "test",
    "title", "cites", "severity", "on", "applies", "to", "at", "let", "when", "require", "message",
    "input", "expect", "todo", "todo-not",
)
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n"}


def _grammar_text() -> str:
    # grammar/feltcheck.lark, reached through the package's symlink (a copy once installed).
    return resources.files("checker.dsl").joinpath("feltcheck.lark").read_text(encoding="utf-8")


@cache
def _lark() -> Lark:
    return Lark(
        _grammar_text(), parser="lalr", start=["start", "expr"], propagate_positions=True,
        maybe_placeholders=False, lexer_callbacks={"COMMENT": _keep_comment},
    )


# The cached Lark object's callbacks are fixed, so each parse that wants its comments sets
# its own list here (_checked_parse); parses without one (message placeholders) drop them.
_PARSE_COMMENTS: ContextVar[list[Token] | None] = ContextVar("_PARSE_COMMENTS", default=None)


def _keep_comment(token: Token) -> Token:
    comments = _PARSE_COMMENTS.get()
    if comments is not None:
        comments.append(token)
    return token


def _span_of(item: Token | Tree[Any] | Any) -> ast.Span:
    """The span of a token, a tree, or a tree's meta (what v_args(meta=True) hands over)."""
    if isinstance(item, Token):
        return ast.Span(item.line or 0, item.column or 0, item.end_line or 0,
                        item.end_column or 0)
    meta = item.meta if isinstance(item, Tree) else item
    if getattr(meta, "empty", True):
        return ast.NO_SPAN
    return ast.Span(meta.line, meta.column, meta.end_line, meta.end_column)


def unquote(token: str) -> str:
    """The text of a STRING token: quotes removed, escapes resolved."""
    body = token[1:-1]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def _int(text: str) -> int:
    return int(text.replace("_", ""))


def _money(text: str) -> int:
    whole, _, cents = text[1:].replace("_", "").partition(".")
    return int(whole) * 100 + int(cents or "0")


def _percent(text: str) -> int:
    """Basis points: '65%' -> 6500, '32.5%' -> 3250; finer than 0.01% is refused."""
    whole, _, fraction = text[:-1].partition(".")
    if len(fraction) > 2:
        raise ValueError("a percentage has at most two decimals")
    return int(whole) * 100 + int((fraction + "00")[:2])


@v_args(meta=True)
class _ToAst(Transformer[Token, Any]):
    """Lark tree -> ast nodes. Message placeholders are parsed afterwards (need the source)."""

    def __init__(self, source: SourceText, comments: tuple[ast.Comment, ...] = ()) -> None:
        super().__init__()
        self.source = source
        self.comments = comments

    # -- file
    def start(self, meta: Any, items: list[Any]) -> ast.RulesFile:
        return ast.RulesFile(tuple(items), self.comments)

    def ruleset_decl(self, meta: Any, c: list[Token]) -> ast.RulesetDecl:
        return ast.RulesetDecl(str(c[0]), unquote(c[1]), _span_of(meta))

    def extends_decl(self, meta: Any, c: list[Token]) -> ast.Extends:
        return ast.Extends(unquote(c[0]), _span_of(meta))

    def clause_decl(self, meta: Any, c: list[Token]) -> ast.ClauseDecl:
        return ast.ClauseDecl(str(c[0]), unquote(c[1]), _span_of(meta))

    def unchecked_decl(self, meta: Any, c: list[Token]) -> ast.Unchecked:
        return ast.Unchecked(str(c[0]), unquote(c[1]), _span_of(meta), _span_of(c[1]))

    def param_decl(self, meta: Any, c: list[Any]) -> ast.ParamDecl:
        path, path_span = c[0]
        return ast.ParamDecl(path, c[1], c[2], _span_of(meta), path_span)

    def param_override(self, meta: Any, c: list[Any]) -> ast.ParamOverride:
        return ast.ParamOverride(c[0][0], c[1], _span_of(meta))

    def dotted(self, meta: Any, c: list[Token]) -> tuple[str, ast.Span]:
        return ".".join(str(t) for t in c), _span_of(meta)

    def type(self, meta: Any, c: list[Any]) -> ast.TypeRef:
        return ast.TypeRef(str(c[0]), tuple(c[1:]), _span_of(meta))

    def disable_decl(self, meta: Any, c: list[Token]) -> ast.Disable:
        return ast.Disable(str(c[0]), unquote(c[1]), _span_of(meta))

    def rule_decl(self, meta: Any, c: list[Any]) -> ast.Rule:
        return self._rule(meta, c, override=False)

    def rule_override(self, meta: Any, c: list[Any]) -> ast.Rule:
        return self._rule(meta, c, override=True)

    def _rule(self, meta: Any, c: list[Any], override: bool) -> ast.Rule:
        fields: dict[str, Any] = {"lets": []}
        spans: list[tuple[str, ast.Span]] = []
        for part, value, span in c[1:]:
            spans.append((part, span))
            if part == "let":
                fields["lets"].append(value)
            elif part in fields:
                raise _LocatedError(f"a rule may have only one '{part}'", span,
                                    Code.DUPLICATE_PART)
            else:
                fields[part] = value
        fields["lets"] = tuple(fields["lets"])
        return ast.Rule(str(c[0]), override, span=_span_of(meta), part_spans=tuple(spans),
                        id_span=_span_of(c[0]), **fields)

    def title(self, meta: Any, c: list[Token]) -> tuple[str, Any, ast.Span]:
        return ("title", unquote(c[0]), _span_of(meta))

    def cites(self, meta: Any, c: list[Token]) -> tuple[str, Any, ast.Span]:
        return ("cites", tuple(ast.ClauseRef(str(t), _span_of(t)) for t in c), _span_of(meta))

    def severity(self, meta: Any, c: list[Token]) -> tuple[str, Any, ast.Span]:
        return ("severity", str(c[0]), _span_of(meta))

    def on(self, meta: Any, c: list[Token]) -> tuple[str, Any, ast.Span]:
        return ("event", str(c[0]), _span_of(c[0]))

    def applies(self, meta: Any, c: list[Token]) -> tuple[str, Any, ast.Span]:
        return ("plays", tuple(ast.PlayRef(str(t), _span_of(t)) for t in c), _span_of(meta))

    def at(self, meta: Any, c: list[Any]) -> tuple[str, Any, ast.Span]:
        return ("at", ast.At(str(c[0]), c[1], _span_of(meta)), _span_of(meta))

    def let(self, meta: Any, c: list[Any]) -> tuple[str, Any, ast.Span]:
        let = ast.Let(str(c[0]), c[1], _span_of(meta), _span_of(c[0]))
        return ("let", let, let.span)

    def when(self, meta: Any, c: list[Any]) -> tuple[str, Any, ast.Span]:
        return ("when", c[0], _span_of(meta))

    def require(self, meta: Any, c: list[Any]) -> tuple[str, Any, ast.Span]:
        return ("require", c[0], _span_of(meta))

    def message(self, meta: Any, c: list[Token]) -> tuple[str, Any, ast.Span]:
        return ("message", _message(c[0], self.source), _span_of(meta))

    def test_decl(self, meta: Any, c: list[Any]) -> ast.RuleTest:
        return ast.RuleTest(unquote(c[0]), unquote(c[1]), tuple(c[2:]), _span_of(meta),
                            _span_of(c[0]))

    def expect(self, meta: Any, c: list[Any]) -> ast.Expect:
        return self._expect(meta, c, None)

    def expect_todo(self, meta: Any, c: list[Any]) -> ast.Expect:
        return self._expect(meta, c, ast.TODO)

    def expect_todo_not(self, meta: Any, c: list[Any]) -> ast.Expect:
        return self._expect(meta, c[1:], ast.TODO_NOT)  # c[0] is the keyword's token

    def _expect(self, meta: Any, c: list[Any], gap: ast.Gap | None) -> ast.Expect:
        kinds = [kind for kind, _ in c[1:]]
        for kind in ("hand", "action"):
            if kinds.count(kind) > 1:
                raise _LocatedError(f"an expect may name only one '{kind}'", _span_of(meta),
                                    Code.DUPLICATE_PART)
        hand = next((value for kind, value in c[1:] if kind == "hand"), None)
        action = next((value for kind, value in c[1:] if kind == "action"), None)
        return ast.Expect(str(c[0]), hand, action, _span_of(meta), gap)

    def expect_none(self, meta: Any, c: list[Any]) -> ast.Expect:
        return ast.Expect(None, None, None, _span_of(meta))

    def expect_hand(self, meta: Any, c: list[Token]) -> tuple[str, Any]:
        return ("hand", unquote(c[0]))

    def expect_action(self, meta: Any, c: list[Token]) -> tuple[str, Any]:
        return ("action", _int(c[0]))

    # -- expressions
    def if_else(self, meta: Any, c: list[Any]) -> ast.IfElse:
        return ast.IfElse(c[0], c[1], c[2], _span_of(meta))

    def or_op(self, meta: Any, c: list[Any]) -> ast.Binary:
        return ast.Binary("or", c[0], c[1], _span_of(meta))

    def and_op(self, meta: Any, c: list[Any]) -> ast.Binary:
        return ast.Binary("and", c[0], c[1], _span_of(meta))

    def not_op(self, meta: Any, c: list[Any]) -> ast.Unary:
        return ast.Unary("not", c[0], _span_of(meta))

    def compare(self, meta: Any, c: list[Any]) -> ast.Binary:
        return ast.Binary(str(c[1]), c[0], c[2], _span_of(meta))  # type: ignore[arg-type]

    def in_op(self, meta: Any, c: list[Any]) -> ast.Binary:
        return ast.Binary("in", c[0], c[1], _span_of(meta))

    def not_in_op(self, meta: Any, c: list[Any]) -> ast.Binary:
        return ast.Binary("not in", c[0], c[1], _span_of(meta))

    def arith(self, meta: Any, c: list[Any]) -> ast.Binary:
        return ast.Binary(str(c[1]), c[0], c[2], _span_of(meta))  # type: ignore[arg-type]

    def neg(self, meta: Any, c: list[Any]) -> ast.Unary:
        return ast.Unary("-", c[1], _span_of(meta))

    def attribute(self, meta: Any, c: list[Any]) -> ast.Attribute:
        return ast.Attribute(c[0], str(c[1]), _span_of(meta), _span_of(c[1]))

    def index(self, meta: Any, c: list[Any]) -> ast.Index:
        return ast.Index(c[0], c[1], _span_of(meta))

    def int_lit(self, meta: Any, c: list[Token]) -> ast.Literal:
        return ast.Literal("int", _int(c[0]), _span_of(meta))

    def money_lit(self, meta: Any, c: list[Token]) -> ast.Literal:
        return ast.Literal("money", _money(c[0]), _span_of(meta))

    def duration_lit(self, meta: Any, c: list[Token]) -> ast.Literal:
        text = str(c[0])
        return ast.Literal("duration", int(text[:-1]) * SECONDS_PER_UNIT[text[-1]], _span_of(meta))

    def percent_lit(self, meta: Any, c: list[Token]) -> ast.Literal:
        try:
            return ast.Literal("percent", _percent(c[0]), _span_of(meta))
        except ValueError as exc:
            raise _LocatedError(str(exc), _span_of(c[0]), Code.PERCENT_PRECISION) from None

    def string_lit(self, meta: Any, c: list[Token]) -> ast.Literal:
        return ast.Literal("string", unquote(c[0]), _span_of(meta))

    def true_lit(self, meta: Any, c: list[Any]) -> ast.Literal:
        return ast.Literal("bool", True, _span_of(meta))

    def false_lit(self, meta: Any, c: list[Any]) -> ast.Literal:
        return ast.Literal("bool", False, _span_of(meta))

    def none_lit(self, meta: Any, c: list[Any]) -> ast.Literal:
        return ast.Literal("none", None, _span_of(meta))

    def name(self, meta: Any, c: list[Token]) -> ast.Name:
        return ast.Name(str(c[0]), _span_of(meta))

    def param_ref(self, meta: Any, c: list[Any]) -> ast.ParamRef:
        return ast.ParamRef(c[0][0], _span_of(meta))

    def call(self, meta: Any, c: list[Any]) -> ast.Call:
        return ast.Call(str(c[0]), tuple(c[1:]), _span_of(meta), _span_of(c[0]))

    def quantifier(self, meta: Any, c: list[Any]) -> ast.Quantifier:
        return ast.Quantifier(str(c[0]), str(c[1]), c[2], c[3], _span_of(meta))  # type: ignore[arg-type]

    def list_lit(self, meta: Any, c: list[Any]) -> ast.ListLit:
        return ast.ListLit(tuple(c), _span_of(meta))

    def set_lit(self, meta: Any, c: list[Any]) -> ast.SetLit:
        return ast.SetLit(tuple(c), _span_of(meta))


class _LocatedError(Exception):
    """A refusal found while building the tree; parse_rules turns it into a diagnostic."""

    def __init__(self, message: str, span: ast.Span, code: Code) -> None:
        super().__init__(message)
        self.span = span
        self.code = code


def _message(token: Token, source: SourceText) -> ast.Message:
    """Split a message string into text and `{expr}` parts; `{{` and `}}` are braces."""
    text = unquote(token)
    parts: list[str | ast.Expr] = []
    literal: list[str] = []
    position = 0
    for match in _PLACEHOLDER.finditer(text):
        literal.append(text[position:match.start()])
        position = match.end()
        if match.group(0) in ("{{", "}}"):
            literal.append(match.group(0)[0])
            continue
        if literal and "".join(literal):
            parts.append("".join(literal))
        literal = []
        # Column of the placeholder's expression inside the source line (escapes are rare in
        # messages; the column is exact when the string holds none before the placeholder).
        line = token.line or 0
        column = (token.column or 0) + 1 + match.start(1)
        parts.append(_parse_fragment(match.group(1), source, line, column))
    literal.append(text[position:])
    if "".join(literal):
        parts.append("".join(literal))
    return ast.Message(tuple(parts), _span_of(token))


def _parse_fragment(text: str, source: SourceText, line: int, column: int) -> ast.Expr:
    try:
        tree = _lark().parse(text, start="expr")
    except UnexpectedInput as exc:
        span = ast.Span(line, column + max((exc.column or 1) - 1, 0), line,
                        column + max((exc.column or 1), 1))
        raise RulesError([source.diagnostic(
            span, f"message placeholder {{{text}}} is not an expression",
            code=Code.SYNTAX)]) from None
    problems = check_tree(tree, source, at=(line, column))
    if problems:
        raise RulesError(problems)
    result: ast.Expr = _shift(_ToAst(source).transform(tree), line, column)
    return result


def _shift(node: Any, line: int, column: int) -> Any:
    """Move a fragment's spans (parsed from column 1 of line 1) to where it stands."""
    if isinstance(node, tuple):
        return tuple(_shift(item, line, column) for item in node)
    if not hasattr(node, "__dataclass_fields__"):
        return node
    changes: dict[str, Any] = {}
    for name in node.__dataclass_fields__:
        value = getattr(node, name)
        if isinstance(value, ast.Span):
            changes[name] = ast.Span(line, value.column + column - 1, line,
                                     value.end_column + column - 1)
        elif hasattr(value, "__dataclass_fields__") or isinstance(value, tuple):
            changes[name] = _shift(value, line, column)
    return type(node)(**{**{n: getattr(node, n) for n in node.__dataclass_fields__}, **changes})


def parse_rules(text: str, file: str) -> ast.RulesFile:
    """Parse a whole rules file; raise RulesError with located diagnostics."""
    source = SourceText(file, text)
    tree, tokens = _checked_parse(text, source, "start")
    comments = tuple(_comment(token, source) for token in tokens)
    try:
        result: ast.RulesFile = _ToAst(source, comments).transform(tree)
    except Exception as exc:  # lark wraps transformer errors; unwrap ours
        cause = getattr(exc, "orig_exc", exc)
        if isinstance(cause, RulesError):
            raise cause from None
        if isinstance(cause, _LocatedError):
            raise RulesError([source.diagnostic(cause.span, str(cause),
                                                code=cause.code)]) from None
        raise
    return result


def _checked_parse(text: str, source: SourceText, start: str) -> tuple[Tree[Any], list[Token]]:
    """The parse tree of `text` and its comment tokens, refused (RulesError) when the text hides
    characters, is too long or nests too deep (checker/dsl/text_guard.py) or has a syntax error."""
    problems = check_text(text, source)
    if problems:
        raise RulesError(problems)
    comments: list[Token] = []
    reset = _PARSE_COMMENTS.set(comments)
    try:
        tree = _lark().parse(text, start=start)
    except UnexpectedInput as exc:
        raise RulesError([_syntax_diagnostic(exc, source)]) from None
    finally:
        _PARSE_COMMENTS.reset(reset)
    problems = check_tree(tree, source)
    if problems:
        raise RulesError(problems)
    return tree, comments


def _comment(token: Token, source: SourceText) -> ast.Comment:
    line = token.line or 0
    before = source.line(line)[: (token.column or 1) - 1]
    return ast.Comment(line, str(token), trailing=bool(before.strip()))


def parse_expression(text: str, file: str = "<expr>") -> ast.Expr:
    source = SourceText(file, text)
    tree, _ = _checked_parse(text, source, "expr")
    result: ast.Expr = _ToAst(source).transform(tree)
    return result


def _syntax_diagnostic(exc: UnexpectedInput, source: SourceText) -> Diagnostic:
    line = exc.line if isinstance(exc.line, int) and exc.line > 0 else max(len(source.lines), 1)
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    width = 1
    hint = None
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = sorted({_readable(name) for name in exc.accepts or exc.expected})
        found = "the end of the file" if token.type == "$END" else repr(str(token))
        message = f"syntax error: unexpected {found}; expected {', '.join(expected[:8])}"
        width = max(len(str(token)), 1) if token.type != "$END" else 1
        keywords = [k for k in KEYWORDS if k in {e.strip("'") for e in expected}]
        if token.type == "NAME" and keywords:
            hint = did_you_mean(str(token), keywords)
        elif token.type == "NAME":
            hint = did_you_mean(str(token), KEYWORDS)
    elif isinstance(exc, UnexpectedCharacters):
        char = source.line(line)[column - 1: column] or "?"
        message = f"syntax error: unexpected character {char!r}"
        if not char.isascii():  # a confusable letter in a name looks right: say what it is
            message += f" ({describe_character(char)}; names are ASCII)"
    elif isinstance(exc, UnexpectedEOF):
        message = "syntax error: the file ends in the middle of a declaration"
    else:
        message = f"syntax error: {exc}"
    span = ast.Span(line, column, line, column + width)
    return source.diagnostic(span, message, hint, code=Code.SYNTAX)


_TERMINAL_NAMES = {
    "DURATION": "a duration like 5m", "PERCENT": "a percentage like 65%", "MINUS": "'-'",
    "PLUS": "'+'", "MUL_OP": "'*', '//' or '%'", "QUANTIFIER": "all(...), any(...), count(...)",
    "NAME": "a name", "STRING": "a string", "INT": "a number", "CLAUSE_ID": "a clause id",
    "RULE_ID": "a rule id (like betting.min-raise)", "MONEY": "an amount like $50",
    "SEVERITY": "error, warning or info", "CMP_OP": "a comparison", "$END": "the end of the file",
    "TODO_NOT": "'todo-not'",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "LBRACE": "'{'",
    "RBRACE": "'}'", "COMMA": "','", "COLON": "':'", "DOT": "'.'", "EQUAL": "'='",
}


def _readable(terminal: str) -> str:
    if terminal.startswith("__ANON"):
        return "an expression"
    if terminal in _TERMINAL_NAMES:
        return _TERMINAL_NAMES[terminal]
    if terminal.isupper():
        # Anonymous keyword terminals are named after the keyword ("RULE" -> 'rule').
        return f"'{terminal.lower()}'"
    return terminal
