"""A rule's traced evaluation of one event, read back as a tree a person can follow.

The compiler's traced closures record every sub-expression's value in evaluation order, each
node after its children (checker.dsl.compiler `TraceStep`). That order and the nodes' spans
rebuild the tree: a step's children are the steps just before it whose spans lie inside its
own. A quantifier's children are its collection and then one body per item, each labelled with
the item its variable was bound to. Nothing is evaluated again here: every value shown is the
evaluator's, rendered the moment it was recorded (the replay's facts change as the hand goes
on).

From the tree, the deciding path of a verdict: for a failing `and`, the part that failed; for a
failing `all`, the first item that broke it; for a passing `any`, the item that held it; and so
on down to the comparisons that settled it. Each comparison is shown as recorded (its left
side: rules write what happened first) against expected (the operator and its right side).
"""

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from checker.dsl import ast
from checker.dsl.compiler import TraceStep, render
from checker.dsl.formatter import format_expression
from checker.dsl.types import BOOL, Type, strip

COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "not in"})


@dataclass(frozen=True, slots=True)
class Binding:
    """A name and the value it stood for: a `let`, or a quantifier's variable."""

    name: str
    value: str


@dataclass(frozen=True, slots=True)
class TraceNode:
    """One evaluated sub-expression: its text as the rules file writes it, and its value."""

    text: str
    value: str
    # The operator that combined the children ("and", "all", ">=", "not", ...), or "".
    op: str = ""
    # For a truth value: the value (None: unknown); None too for values that are not truths.
    truth: bool | None = None
    boolean: bool = False
    children: tuple["TraceNode", ...] = ()
    # A quantifier's body evaluated for one item: the variable and the item.
    binding: Binding | None = None
    # A bare read of an event root or a quantifier variable (shown by its parent instead).
    bare: bool = False


@dataclass(frozen=True, slots=True)
class Comparison:
    """A comparison on the deciding path: what the record gave against what the rule wanted,
    with the quantifier items it was evaluated for."""

    text: str
    where: tuple[Binding, ...]
    recorded_text: str
    recorded: str
    op: str
    expected_text: str
    expected: str
    holds: bool | None

    @property
    def where_text(self) -> str:
        """The quantifier items it was evaluated for: "p = Bob, pot = main pot" (or "")."""
        return ", ".join(f"{b.name} = {b.value}" for b in self.where)


@dataclass(frozen=True, slots=True)
class Condition:
    """A truth on the deciding path that no comparison under it settles (a boolean field, a
    call): as recorded, with the quantifier items it was evaluated for."""

    text: str
    value: str
    where: tuple[Binding, ...]

    @property
    def where_text(self) -> str:
        return ", ".join(f"{b.name} = {b.value}" for b in self.where)


@dataclass(frozen=True, slots=True)
class RuleTrace:
    when: TraceNode | None
    lets: tuple[Binding, ...]
    require: TraceNode | None
    # Every node of the trace that is not under the when, a let or the require (none, for
    # the rules compiled today; kept so that nothing recorded is ever dropped).
    other: tuple[TraceNode, ...]
    deciding: tuple[Comparison, ...]


@dataclass(slots=True)
class _Raw:
    step: TraceStep
    node: ast.Expr | None
    children: list["_Raw"]


def read_trace(rule: ast.Rule, types: Mapping[int, Type], steps: Sequence[TraceStep],
               roots: frozenset[str]) -> RuleTrace:
    """The trace of `rule` (with the expression types of `rule_types`) as a tree and its
    deciding comparisons; `roots`: the names the rule's event puts in scope."""
    nodes = _nodes_by_place(rule)
    variables = frozenset(expr.variable for top in _tops(rule) for expr in _walk(top)
                          if isinstance(expr, ast.Quantifier))
    reader = _Reader(types, roots | variables)
    when: TraceNode | None = None
    require: TraceNode | None = None
    lets: list[Binding] = []
    other: list[TraceNode] = []
    let_of = {id(let.value): let.name for let in rule.lets}
    for raw in _tree(steps, nodes):
        shown = reader.node(raw)
        if raw.node is not None and raw.node is rule.when:
            when = shown
        elif raw.node is not None and raw.node is rule.require:
            require = shown
        elif raw.node is not None and id(raw.node) in let_of:
            lets.append(Binding(let_of[id(raw.node)], shown.value))
        else:
            other.append(shown)
    deciding = tuple(_deciding(require, ())) if require is not None else ()
    return RuleTrace(when, tuple(lets), require, tuple(other), deciding)


# ---------------------------------------------------------------- the tree


def _nodes_by_place(rule: ast.Rule) -> dict[tuple[ast.Span, str], ast.Expr]:
    """Every expression of the rule by its span and text (what a trace step carries)."""
    found: dict[tuple[ast.Span, str], ast.Expr] = {}
    for top in _tops(rule):
        for expr in _walk(top):
            found.setdefault((expr.span, format_expression(expr)), expr)
    return found


def _tops(rule: ast.Rule) -> list[ast.Expr]:
    return [let.value for let in rule.lets] + [e for e in (rule.when, rule.require) if e]


def _walk(expr: ast.Expr) -> Iterator[ast.Expr]:
    yield expr
    for child in ast.children(expr):
        yield from _walk(child)


def _inside(inner: ast.Span, outer: ast.Span) -> bool:
    """`inner` lies within `outer` and is not the same place (a quantifier's bodies share
    one span: each item's body is a sibling of the last, not its child)."""
    if inner == outer:
        return False
    return ((inner.line, inner.column) >= (outer.line, outer.column)
            and (inner.end_line, inner.end_column) <= (outer.end_line, outer.end_column))


def _tree(steps: Sequence[TraceStep], nodes: Mapping[tuple[ast.Span, str], ast.Expr]
          ) -> list[_Raw]:
    """The steps as trees, in evaluation order (children are recorded before parents)."""
    stack: list[_Raw] = []
    for step in steps:
        children: list[_Raw] = []
        while stack and _inside(stack[-1].step.span, step.span):
            children.append(stack.pop())
        children.reverse()
        stack.append(_Raw(step, nodes.get((step.span, step.text)), children))
    return stack


class _Reader:
    """Turns raw steps into shown nodes: values rendered by their types, bodies labelled."""

    def __init__(self, types: Mapping[int, Type], bare: frozenset[str]) -> None:
        self.types = types
        # Event roots and quantifier variables: their bare reads say nothing by themselves.
        self.bare = bare

    def node(self, raw: _Raw, binding: Binding | None = None) -> TraceNode:
        expr = raw.node
        kind = self.types.get(id(expr)) if expr is not None else None
        value = raw.step.value
        boolean = (kind is not None and strip(kind) == BOOL) or isinstance(value, bool)
        truth = value if isinstance(value, bool) else None
        children = self._children(raw)
        # A literal is shown as the rules file writes it ("none", "$50", "5m").
        shown = raw.step.text if isinstance(expr, ast.Literal) else self.show(value, kind)
        return TraceNode(text=raw.step.text, value=shown, op=_op(expr),
                         truth=truth, boolean=boolean, children=children, binding=binding,
                         bare=isinstance(expr, ast.Name) and expr.name in self.bare)

    def _children(self, raw: _Raw) -> tuple[TraceNode, ...]:
        expr = raw.node
        if not isinstance(expr, ast.Quantifier):
            return tuple(self.node(child) for child in raw.children)
        shown: list[TraceNode] = []
        for child in raw.children:
            if child.node is expr.body or (child.node is None and child.step.span
                                           == expr.body.span):
                shown.append(self.node(child, self._item(child, expr.variable)))
            else:
                shown.append(self.node(child))
        return tuple(shown)

    def _item(self, body: _Raw, variable: str) -> Binding:
        """The item a body was evaluated for: the first read of the variable in it."""
        for raw in _flatten(body):
            if isinstance(raw.node, ast.Name) and raw.node.name == variable:
                return Binding(variable, self.show(raw.step.value, self.types.get(id(raw.node))))
        return Binding(variable, "?")

    @staticmethod
    def show(value: object, kind: Type | None) -> str:
        if kind is not None:
            try:
                return render(value, kind)
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
        return plain(value)


def _flatten(raw: _Raw) -> Iterator[_Raw]:
    for child in raw.children:
        yield from _flatten(child)
    yield raw


def _op(expr: ast.Expr | None) -> str:
    match expr:
        case ast.Binary() | ast.Unary():
            return expr.op
        case ast.Quantifier():
            return expr.kind
        case ast.IfElse():
            return "if"
        case _:
            return ""


def plain(value: object) -> str:
    """A value with no known type: as a message would show the like."""
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, list | tuple):
        return ", ".join(plain(item) for item in value) if value else "(none)"
    for name in ("name", "player", "hand_id", "tournament_id", "table"):
        label = getattr(value, name, None)
        if isinstance(label, str):
            return label
    if isinstance(value, int | str):
        return str(value)
    return type(value).__name__.removesuffix("Fact").lower()


# ---------------------------------------------------------------- the deciding path


def _deciding(node: TraceNode, where: tuple[Binding, ...]) -> Iterator[Comparison]:
    """The comparisons that settled `node`'s value."""
    for end, inner in _path_ends(node, where):
        if _is_comparison(end):
            yield _comparison(end, inner)


def deciding(node: TraceNode) -> tuple[Comparison | Condition, ...]:
    """Everything that settled `node`'s value (a `when` that did not hold, a `require`):
    its comparisons, and the truths no comparison explains (`action.is_raise = false`)."""
    return tuple(_comparison(end, where) if _is_comparison(end)
                 else Condition(end.text, end.value, where)
                 for end, where in _path_ends(node, ()))


def _is_comparison(node: TraceNode) -> bool:
    return node.op in COMPARISONS and len(node.children) >= 2


def _path_ends(node: TraceNode, where: tuple[Binding, ...]
               ) -> Iterator[tuple[TraceNode, tuple[Binding, ...]]]:
    """Where the deciding path from `node` ends: at a comparison, or at a node none of
    whose children settled it."""
    if _is_comparison(node):
        yield node, where
        return
    settled = list(_settling(node, where))
    if not settled:
        yield node, where
    for child, inner in settled:
        yield from _path_ends(child, inner)


def _settling(node: TraceNode, where: tuple[Binding, ...]
              ) -> Iterator[tuple[TraceNode, tuple[Binding, ...]]]:
    """The children (with the items bound so far) that gave `node` its value."""
    rules: dict[str, Callable[[TraceNode], list[TraceNode]]] = {
        "and": lambda n: _matching(n.children, n.truth, decisive=False),
        "or": lambda n: _matching(n.children, n.truth, decisive=True),
        "all": lambda n: _matching(_bodies(n), n.truth, decisive=False),
        "any": lambda n: _matching(_bodies(n), n.truth, decisive=True),
        "not": lambda n: list(n.children),
        "if": lambda n: _if_taken(n),
    }
    pick = rules.get(node.op)
    if pick is None:
        return
    for child in pick(node):
        inner = (*where, child.binding) if child.binding is not None else where
        yield child, inner


def _bodies(node: TraceNode) -> list[TraceNode]:
    return [child for child in node.children if child.binding is not None]


def _matching(children: Sequence[TraceNode], truth: bool | None, decisive: bool
              ) -> list[TraceNode]:
    """For `and`/`all` (decisive False) and `or`/`any` (decisive True): when the result is
    the decisive value, the first child that had it; otherwise every child (each one had to
    hold, or to fail, or some were unknown)."""
    boolean = [child for child in children if child.boolean]
    if truth is decisive:
        first = next((child for child in boolean if child.truth is decisive), None)
        return [first] if first is not None else []
    if truth is None:
        return [child for child in boolean if child.truth is None]
    return boolean


def _if_taken(node: TraceNode) -> list[TraceNode]:
    """The condition and the branch that was evaluated (the only one traced), when truths."""
    return [child for child in node.children if child.boolean]


def _comparison(node: TraceNode, where: tuple[Binding, ...]) -> Comparison:
    left, right = node.children[0], node.children[-1]
    return Comparison(text=node.text, where=where, recorded_text=left.text, recorded=left.value,
                      op=node.op, expected_text=right.text, expected=right.value,
                      holds=node.truth)
