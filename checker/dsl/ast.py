"""The rules language's syntax tree. Every node carries its source span; spans do not take
part in equality, so two trees are equal when they say the same thing (parse ∘ format)."""

from dataclasses import dataclass, field
from typing import Literal as Lit

LiteralKind = Lit["int", "money", "duration", "percent", "string", "bool", "none"]
Severity = Lit["error", "warning", "info"]
QuantifierKind = Lit["all", "any", "count", "sum", "min", "max", "first"]


@dataclass(frozen=True, slots=True)
class Span:
    """1-based line and column of the first character; end is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


NO_SPAN = Span(0, 0, 0, 0)


def _span() -> Span:
    """A span field: located, but left out of equality and repr."""
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    return span


# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Literal:
    """A constant. money is cents, duration seconds, percent basis points (65% = 6500)."""

    kind: LiteralKind
    value: int | bool | str | None
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Name:
    """A let binding, a quantifier variable, an event root, or an enum member."""

    name: str
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class ParamRef:
    path: str
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Attribute:
    obj: "Expr"
    name: str
    span: Span = _span()  # noqa: RUF009
    name_span: Span = _span()  # noqa: RUF009  (the trailing NAME)


@dataclass(frozen=True, slots=True)
class Index:
    obj: "Expr"
    index: "Expr"
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Unary:
    op: Lit["not", "-"]
    operand: "Expr"
    span: Span = _span()  # noqa: RUF009


BinaryOp = Lit[
    "and", "or", "+", "-", "*", "//", "%", "==", "!=", "<", "<=", ">", ">=", "in", "not in"
]


@dataclass(frozen=True, slots=True)
class Binary:
    op: BinaryOp
    left: "Expr"
    right: "Expr"
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class IfElse:
    condition: "Expr"
    then: "Expr"
    otherwise: "Expr"
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Call:
    function: str
    args: tuple["Expr", ...]
    span: Span = _span()  # noqa: RUF009
    name_span: Span = _span()  # noqa: RUF009  (the function's NAME)


@dataclass(frozen=True, slots=True)
class Quantifier:
    kind: QuantifierKind
    variable: str
    collection: "Expr"
    body: "Expr"
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class ListLit:
    items: tuple["Expr", ...]
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class SetLit:
    items: tuple["Expr", ...]
    span: Span = _span()  # noqa: RUF009


Expr = (
    Literal | Name | ParamRef | Attribute | Index | Unary | Binary | IfElse | Call | Quantifier
    | ListLit | SetLit
)


@dataclass(frozen=True, slots=True)
class Message:
    """A message template: text with `{expr}` placeholders, kept as parsed parts."""

    parts: tuple[str | Expr, ...]
    span: Span = _span()  # noqa: RUF009


# ---------------------------------------------------------------- declarations


@dataclass(frozen=True, slots=True)
class TypeRef:
    name: str
    args: tuple["TypeRef", ...] = ()
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class RulesetDecl:
    name: str
    title: str
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Extends:
    path: str
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class ClauseDecl:
    clause: str
    text: str
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Unchecked:
    """A clause declared not machine-checkable, with the reason."""

    clause: str
    reason: str
    span: Span = _span()  # noqa: RUF009
    reason_span: Span = _span()  # noqa: RUF009  (the reason's STRING)


@dataclass(frozen=True, slots=True)
class ParamDecl:
    path: str
    type: TypeRef
    value: Expr
    span: Span = _span()  # noqa: RUF009
    path_span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class ParamOverride:
    path: str
    value: Expr
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class ClauseRef:
    clause: str
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class PlayRef:
    """A kind of play named in a rule's `applies to`."""

    play: str
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class At:
    """`at seat EXPR`, `at player EXPR`, `at post EXPR`: which line of the hand's record a
    finding of the rule points at (the seat line of a seat or of a player, a player's first
    post), evaluated when the rule fails."""

    record: str
    value: Expr
    span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Let:
    name: str
    value: Expr
    span: Span = _span()  # noqa: RUF009
    name_span: Span = _span()  # noqa: RUF009


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule, or (override=True) the replacement of an inherited rule with the same id."""

    rule_id: str
    override: bool = False
    title: str | None = None
    cites: tuple[ClauseRef, ...] = ()
    severity: Severity | None = None
    event: str | None = None
    # `applies to`: the kinds of play (model.hand.Play) the rule judges; empty: every kind.
    plays: tuple["PlayRef", ...] = ()
    # `at`: the record of the hand a finding points at (a seat, a player's seat, a post).
    at: "At | None" = None
    lets: tuple[Let, ...] = ()
    when: Expr | None = None
    require: Expr | None = None
    message: Message | None = None
    span: Span = _span()  # noqa: RUF009
    # Where each part was written, for diagnostics that point at a missing or wrong part.
    part_spans: tuple[tuple[str, Span], ...] = field(default=(), compare=False, repr=False)
    id_span: Span = _span()  # noqa: RUF009  (the RULE_ID)


@dataclass(frozen=True, slots=True)
class Disable:
    rule_id: str
    reason: str
    span: Span = _span()  # noqa: RUF009


# A known gap, like Semgrep's todoruleid / todook: `expect todo RULE` names a finding the rule
# should give and does not yet (a known false negative); `expect todo-not RULE` one it gives
# and should not (a known false positive). Neither fails `rules test` while the gap is open.
Gap = Lit["todo", "todo-not"]
TODO: Gap = "todo"
TODO_NOT: Gap = "todo-not"


@dataclass(frozen=True, slots=True)
class Expect:
    """An expected finding; rule_id None means the input must give no finding at all.
    `gap`: None for a finding the input must give, or TODO / TODO_NOT for a known gap."""

    rule_id: str | None
    hand: str | None = None
    action: int | None = None
    span: Span = _span()  # noqa: RUF009
    gap: Gap | None = None


@dataclass(frozen=True, slots=True)
class RuleTest:
    name: str
    input: str
    expects: tuple[Expect, ...] = ()
    span: Span = _span()  # noqa: RUF009
    name_span: Span = _span()  # noqa: RUF009  (the name's STRING)


Item = (
    RulesetDecl | Extends | ClauseDecl | Unchecked | ParamDecl | ParamOverride | Rule | Disable
    | RuleTest
)



def children(expr: Expr) -> tuple[Expr, ...]:
    """The sub-expressions directly inside `expr`, in source order."""
    match expr:
        case Attribute():
            return (expr.obj,)
        case Index():
            return (expr.obj, expr.index)
        case Unary():
            return (expr.operand,)
        case Binary():
            return (expr.left, expr.right)
        case IfElse():
            return (expr.condition, expr.then, expr.otherwise)
        case Call():
            return expr.args
        case Quantifier():
            return (expr.collection, expr.body)
        case ListLit() | SetLit():
            return expr.items
        case _:
            return ()

@dataclass(frozen=True, slots=True)
class Comment:
    """A `# ...` comment and the line it stands on (kept so that fmt never loses one)."""

    line: int
    text: str
    # True when code precedes the comment on its line.
    trailing: bool = False


@dataclass(frozen=True, slots=True)
class RulesFile:
    items: tuple[Item, ...]
    comments: tuple[Comment, ...] = field(default=(), compare=False)
