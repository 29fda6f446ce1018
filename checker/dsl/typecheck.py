"""The type checker: every name, field, parameter, call and operator of a rule, against the
fact vocabulary, before any input is read.

Numbers: an int literal takes the kind its context expects (`actor.stack > 100` compares
chips); two different kinds never mix (chips + money is refused); an amount times or divided
by an int keeps its kind; an amount divided by the same kind is an int. Optional values
(`chips | none`) may take part in arithmetic and comparisons: the result is optional too and
unknown (None) at run time when an operand is. A bare name that is not in scope is an enum
member, but only where an enum that has that member is expected (`action.kind == raise`).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from checker.dsl import ast
from checker.dsl.builtins import BUILTINS, Builtin
from checker.dsl.codes import Code
from checker.dsl.diagnostics import Diagnostic, SourceText, did_you_mean
from checker.dsl.formatter import format_expression as expr_text
from checker.dsl.types import (
    BOOL,
    DURATION,
    ENUM_TYPES,
    ERROR,
    INT,
    MONEY,
    NONE,
    NOTHING,
    NUMERIC,
    PERCENT,
    STRING,
    EnumType,
    FactType,
    ListType,
    Optional,
    Type,
    Var,
    a,
    event_scope,
    is_bool,
    is_numeric,
    optional,
    strip,
)
from checker.model.hand import Play
from checker.replay.facts import EVENTS, HandFact

# Quantifiers whose body is a condition.
_CONDITIONS = frozenset({"all", "any", "count", "first"})
# What `applies to` may name.
PLAYS: tuple[str, ...] = tuple(play.value for play in Play)
# What `at` may point at, and the kind of value that names it: a seat by its number, a
# player's seat line or first post by the player's name.
AT_RECORDS: dict[str, Type] = {"seat": INT, "player": STRING, "post": STRING}

_LITERAL_TYPES: dict[str, Type] = {
    "int": INT, "money": MONEY, "duration": DURATION, "percent": PERCENT, "string": STRING,
    "bool": BOOL, "none": NONE,
}
_ORDERING = frozenset({"<", "<=", ">", ">="})
_EQUALITY = frozenset({"==", "!="})
_SUM = frozenset({"+", "-"})
_PRODUCT = frozenset({"*", "//", "%"})
_PARAM_VALUE_HINT = (
    "a parameter value is a literal (4, -2, $50, 5m, 65%, \"text\", true), a list of them, "
    "or a member of the parameter's enum"
)


# ---------------------------------------------------------------- public API


def check_param_value(decl_type: Type, value: ast.Expr, source: SourceText) -> list[Diagnostic]:
    """Whether a parameter's value fits its declared type. Values are literals, negated
    numbers, lists of them, or bare members of the declared enum."""
    out: list[Diagnostic] = []
    _check_param(decl_type, value, source, out)
    return out


def check_rule(
    rule: ast.Rule, params: Mapping[str, Type], source: SourceText
) -> list[Diagnostic]:
    """Every diagnostic of one rule: its event, lets, `when`, `require` and message."""
    return _analyse(rule, params, source).diagnostics


def rule_types(rule: ast.Rule, params: Mapping[str, Type]) -> dict[int, Type]:
    """The type of every expression of a checked rule, by `id(node)` (for the compiler).
    Raises ValueError when the rule does not check."""
    analysis = _analyse(rule, params, SourceText("<rule>", ""))
    if analysis.diagnostics:
        problems = "; ".join(d.message for d in analysis.diagnostics)
        raise ValueError(f"rule {rule.rule_id} does not type-check: {problems}")
    return analysis.types


def event_names(rule: ast.Rule) -> dict[str, Type]:
    """The names a rule's event puts in scope (empty for an unknown event)."""
    return event_scope(rule.event or "") or {}


# ---------------------------------------------------------------- rules


@dataclass
class _Analysis:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    types: dict[int, Type] = field(default_factory=dict)


def _analyse(rule: ast.Rule, params: Mapping[str, Type], source: SourceText) -> _Analysis:
    checker = _Checker(source, params)
    spans = dict(rule.part_spans)
    if rule.event is None:
        checker.error(Code.MISSING_PART, rule.span, f"rule {rule.rule_id} has no 'on' part",
                      "say which event it listens to, like 'on action'")
        return checker.analysis
    scope = event_scope(rule.event)
    if scope is None:
        hint = did_you_mean(rule.event, EVENTS) or "events: " + ", ".join(sorted(EVENTS))
        checker.error(Code.UNKNOWN_EVENT, spans.get("event", rule.span),
                      f"unknown event '{rule.event}'", hint)
        return checker.analysis
    checker.check_plays(rule, scope)
    if rule.require is None:
        checker.error(Code.MISSING_PART, rule.span, f"rule {rule.rule_id} has no 'require' part",
                      "say what must hold, like 'require not actor.sitting_out'")
    checker.check_body(rule, scope)
    return checker.analysis


class _Checker:
    def __init__(self, source: SourceText, params: Mapping[str, Type]) -> None:
        self.source = source
        self.params = params
        self.analysis = _Analysis()

    # -- reporting
    def error(self, code: Code, span: ast.Span, message: str, hint: str | None = None) -> Type:
        self.analysis.diagnostics.append(self.source.diagnostic(span, message, hint, code=code))
        return ERROR

    def mismatch(self, span: ast.Span, message: str, hint: str | None = None) -> Type:
        return self.error(Code.TYPE_MISMATCH, span, f"type mismatch: {message}", hint)

    # -- rule parts
    def check_plays(self, rule: ast.Rule, scope: Mapping[str, Type]) -> None:
        """`applies to` names kinds of play, once each, on an event that comes from a hand
        (every other event is a tournament's own: a kind of play would select nothing)."""
        if not rule.plays:
            return
        if scope.get("hand") != FactType(HandFact):
            self.error(Code.NOT_A_HAND_EVENT, rule.plays[0].span,
                       f"'applies to' selects hands, and '{rule.event}' events do not come "
                       "from a hand",
                       "give it to rules on hand, post, action, timeout, pot or hand_end")
        seen: set[str] = set()
        for ref in rule.plays:
            if ref.play not in PLAYS:
                self.error(Code.UNKNOWN_PLAY, ref.span, f"unknown kind of play '{ref.play}'",
                           did_you_mean(ref.play, PLAYS) or "kinds: " + ", ".join(PLAYS))
            elif ref.play in seen:
                self.error(Code.DUPLICATE_PLAY, ref.span,
                           f"'{ref.play}' is named twice in 'applies to'")
            seen.add(ref.play)

    def check_body(self, rule: ast.Rule, scope: dict[str, Type]) -> None:
        for let in rule.lets:
            value = self.infer(let.value, scope)
            if let.name in scope:
                self.error(Code.REDEFINED_NAME, let.span, f"'{let.name}' is already defined",
                           "a let needs a name of its own, not an event name or another let")
            else:
                scope[let.name] = value
        if rule.when is not None:
            self.condition(rule.when, scope, "when")
        if rule.require is not None:
            self.condition(rule.require, scope, "require")
        if rule.message is not None:
            for part in rule.message.parts:
                if not isinstance(part, str):
                    self.infer(part, scope)
        if rule.at is not None:
            self.check_at(rule, rule.at, scope)

    def check_at(self, rule: ast.Rule, at: ast.At, scope: Mapping[str, Type]) -> None:
        """`at seat|player|post EXPR` on an event from a hand, EXPR of the record's kind
        (unknown allowed: the finding then stays at the hand)."""
        if scope.get("hand") != FactType(HandFact):
            self.error(Code.NOT_A_HAND_EVENT, at.span,
                       f"'at' points into a hand's record, and '{rule.event}' events do not "
                       "come from a hand",
                       "give it to rules on hand, post, action, timeout, pot or hand_end")
            return
        wanted = AT_RECORDS.get(at.record)
        if wanted is None:
            self.error(Code.UNKNOWN_RECORD, at.span, f"unknown record '{at.record}' for 'at'",
                       did_you_mean(at.record, AT_RECORDS)
                       or "records: " + ", ".join(AT_RECORDS))
            return
        found = self.infer(at.value, scope, wanted)
        if found != ERROR and strip(found) != wanted:
            self.mismatch(at.value.span, f"'at {at.record}' needs {a(wanted)}, got {found}")

    def condition(self, expr: ast.Expr, scope: Mapping[str, Type], part: str) -> None:
        found = self.infer(expr, scope, BOOL)
        if found != ERROR and not is_bool(found):
            self.mismatch(expr.span, f"{part} must be bool, got {found}")

    # -- expressions
    def infer(self, expr: ast.Expr, scope: Mapping[str, Type], expected: Type | None = None
              ) -> Type:
        found = self._infer(expr, scope, expected)
        self.analysis.types[id(expr)] = found
        return found

    def _infer(self, expr: ast.Expr, scope: Mapping[str, Type], expected: Type | None
               ) -> Type:
        match expr:
            case ast.Literal():
                return _literal_type(expr, expected)
            case ast.Name():
                return self.name(expr, scope, expected)
            case ast.ParamRef():
                return self.param(expr)
            case ast.Attribute():
                return self.attribute(expr, scope)
            case ast.Index():
                return self.index(expr, scope)
            case ast.Unary():
                return self.unary(expr, scope, expected)
            case ast.Binary():
                return self.binary(expr, scope, expected)
            case ast.IfElse():
                return self.if_else(expr, scope, expected)
            case ast.Call():
                return self.call(expr, scope)
            case ast.Quantifier():
                return self.quantifier(expr, scope)
            case ast.ListLit() | ast.SetLit():
                return self.list_literal(expr, scope, expected)

    def name(self, expr: ast.Name, scope: Mapping[str, Type], expected: Type | None) -> Type:
        if expr.name in scope:
            return scope[expr.name]
        wanted = strip(expected) if expected is not None else None
        owners = [enum for enum in ENUM_TYPES.values() if expr.name in enum.members]
        if isinstance(wanted, EnumType):
            if expr.name in wanted.members:
                return wanted
            if owners:
                return self.mismatch(
                    expr.span, f"'{expr.name}' is {a(owners[0])} member, but {a(wanted)} is "
                    "expected here", did_you_mean(expr.name, wanted.members))
            return self.error(Code.UNKNOWN_NAME, expr.span, f"unknown name '{expr.name}'",
                              did_you_mean(expr.name, [*scope, *wanted.members]))
        if owners:
            return self.error(
                Code.UNKNOWN_NAME, expr.span, f"unknown name '{expr.name}'",
                f"'{expr.name}' is {a(owners[0])} member; a member stands only where "
                f"{a(owners[0])} is expected, like 'x == {expr.name}' or "
                f"'x in {{{expr.name}}}'")
        members = [m for enum in ENUM_TYPES.values() for m in enum.members]
        return self.error(Code.UNKNOWN_NAME, expr.span, f"unknown name '{expr.name}'",
                          did_you_mean(expr.name, [*scope, *members])
                          or _field_hint(expr.name, scope))

    def param(self, expr: ast.ParamRef) -> Type:
        if expr.path in self.params:
            return self.params[expr.path]
        close = did_you_mean(expr.path, self.params)
        hint = close.replace("'", "'param.", 1) if close else None
        return self.error(Code.UNKNOWN_PARAMETER, expr.span,
                          f"unknown parameter 'param.{expr.path}'", hint)

    def attribute(self, expr: ast.Attribute, scope: Mapping[str, Type]) -> Type:
        owner = self.infer(expr.obj, scope)
        if owner == ERROR:
            return ERROR
        base = strip(owner)
        where = expr.name_span
        if not isinstance(base, FactType):
            text = expr_text(expr.obj)
            hint = None
            if isinstance(base, ListType):
                hint = (f"to look inside a list use a quantifier, like "
                        f"'any(x in {text}: x.{expr.name} ...)'")
            return self.error(Code.NOT_A_FACT, where, f"{text} is {base}, not a fact: it has "
                                                      f"no field '{expr.name}'", hint)
        found = base.fields.get(expr.name)
        if found is None:
            return self.error(Code.UNKNOWN_FIELD, where,
                              f"{_describe(expr.obj, base)} has no field '{expr.name}'",
                              did_you_mean(expr.name, base.fields))
        return optional(found) if isinstance(owner, Optional) else found

    def index(self, expr: ast.Index, scope: Mapping[str, Type]) -> Type:
        owner = self.infer(expr.obj, scope)
        position = self.infer(expr.index, scope, INT)
        if position not in (ERROR, INT, Optional(INT)):
            self.mismatch(expr.index.span, f"a list index must be int, got {position}")
        if owner == ERROR:
            return ERROR
        base = strip(owner)
        if not isinstance(base, ListType):
            return self.mismatch(expr.obj.span, f"only lists can be indexed, got {owner}")
        # Out of range is unknown, not an error: the result is optional.
        return optional(base.item) if base.item != NOTHING else NONE

    def unary(self, expr: ast.Unary, scope: Mapping[str, Type], expected: Type | None) -> Type:
        if expr.op == "not":
            found = self.infer(expr.operand, scope, BOOL)
            if found == ERROR:
                return ERROR
            if not is_bool(found):
                return self.mismatch(expr.span, f"'not' needs a bool, got {found}")
            return found
        found = self.infer(expr.operand, scope, expected)
        if found != ERROR and not is_numeric(found):
            return self.mismatch(expr.span, f"'-' needs a number, got {found}")
        return found

    # -- binary operators
    def binary(self, expr: ast.Binary, scope: Mapping[str, Type], expected: Type | None
               ) -> Type:
        if expr.op in ("and", "or"):
            return self.logic(expr, scope)
        if expr.op in ("in", "not in"):
            return self.membership(expr, scope)
        if expr.op in _PRODUCT:
            left, right = self.infer(expr.left, scope), self.infer(expr.right, scope)
            return self.product(expr, left, right)
        left, right = self.operands(expr, scope, expected if expr.op in _SUM else None)
        if ERROR in (left, right):
            return ERROR
        if expr.op in _SUM:
            return self.sum(expr, left, right)
        if expr.op in _ORDERING:
            return self.ordering(expr, left, right)
        return self.equality(expr, left, right)

    def operands(self, expr: ast.Binary, scope: Mapping[str, Type], expected: Type | None
                 ) -> tuple[Type, Type]:
        """Both sides' types; a literal side takes the other side's type."""
        if self.adaptive(expr.left, scope) and not self.adaptive(expr.right, scope):
            right = self.infer(expr.right, scope, expected)
            return self.infer(expr.left, scope, strip(right)), right
        left = self.infer(expr.left, scope, expected)
        return left, self.infer(expr.right, scope, strip(left))

    def adaptive(self, expr: ast.Expr, scope: Mapping[str, Type]) -> bool:
        """Whether an expression's type comes from its context (int literals, none, bare enum
        members, literal lists of them)."""
        match expr:
            case ast.Literal():
                return expr.kind in ("int", "none")
            case ast.Name():
                return expr.name not in scope
            case ast.Unary(op="-"):
                return self.adaptive(expr.operand, scope)
            case ast.Binary(op="+" | "-"):
                return self.adaptive(expr.left, scope) and self.adaptive(expr.right, scope)
            case ast.ListLit() | ast.SetLit():
                return all(self.adaptive(item, scope) for item in expr.items)
            case _:
                return False

    def logic(self, expr: ast.Binary, scope: Mapping[str, Type]) -> Type:
        sides = [self.infer(expr.left, scope, BOOL), self.infer(expr.right, scope, BOOL)]
        for side, found in zip((expr.left, expr.right), sides, strict=True):
            if found != ERROR and not is_bool(found):
                self.mismatch(side.span, f"'{expr.op}' needs bools, got {found}")
                return ERROR
        if ERROR in sides:
            return ERROR
        return optional(BOOL) if any(isinstance(s, Optional) for s in sides) else BOOL

    def sum(self, expr: ast.Binary, left: Type, right: Type) -> Type:
        if not (is_numeric(left) and is_numeric(right)):
            return self.mismatch(expr.span, f"'{expr.op}' needs numbers, got {left} and "
                                            f"{right}", _bool_hint(left, right))
        if strip(left) != strip(right):
            return self.mismatch(expr.span, f"'{expr.op}' of {strip(left)} and {strip(right)}"
                                            ": different kinds of number never mix")
        return _maybe(strip(left), left, right)

    def product(self, expr: ast.Binary, left: Type, right: Type) -> Type:
        if ERROR in (left, right):
            return ERROR
        if not (is_numeric(left) and is_numeric(right)):
            return self.mismatch(expr.span, f"'{expr.op}' needs numbers, got {left} and "
                                            f"{right}", _bool_hint(left, right))
        found = _product_type(expr.op, strip(left), strip(right))
        if found is None:
            return self.mismatch(
                expr.span, f"'{expr.op}' of {strip(left)} and {strip(right)}",
                "an amount can be multiplied or divided by an int; an amount divided by the "
                "same kind gives an int")
        if expr.op != "*" and not _nonzero_constant(expr.right):
            return optional(found)  # division by zero is unknown
        return _maybe(found, left, right)

    def ordering(self, expr: ast.Binary, left: Type, right: Type) -> Type:
        if not (is_numeric(left) and is_numeric(right)):
            return self.mismatch(expr.span, f"'{expr.op}' orders numbers, got {left} and "
                                            f"{right}")
        if strip(left) != strip(right):
            return self.mismatch(expr.span, f"cannot compare {strip(left)} with "
                                            f"{strip(right)}")
        return _maybe(BOOL, left, right)

    def equality(self, expr: ast.Binary, left: Type, right: Type) -> Type:
        if NONE in (left, right):
            other = right if left == NONE else left
            if other not in (NONE, NOTHING) and not isinstance(other, Optional):
                return self.mismatch(expr.span, f"cannot compare {other} with none: "
                                                f"{other} is never none")
            return BOOL
        if unify(left, right) is None:
            return self.mismatch(expr.span, f"cannot compare {left} with {right}")
        return _maybe(BOOL, left, right)

    def membership(self, expr: ast.Binary, scope: Mapping[str, Type]) -> Type:
        if self.adaptive(expr.left, scope) and not self.adaptive(expr.right, scope):
            collection = self.infer(expr.right, scope)
            base = strip(collection)
            item = self.infer(expr.left, scope,
                              base.item if isinstance(base, ListType) else None)
        else:
            item = self.infer(expr.left, scope)
            collection = self.infer(expr.right, scope, ListType(strip(item)))
            base = strip(collection)
        if ERROR in (item, collection):
            return ERROR
        if not isinstance(base, ListType):
            return self.mismatch(expr.right.span, f"'{expr.op}' needs a list on the right, "
                                                  f"got {collection}")
        if unify(strip(item), base.item) is None:
            return self.mismatch(expr.span, f"'{expr.op}' of {item} in {collection}")
        return _maybe(BOOL, item, collection)

    # -- other forms
    def if_else(self, expr: ast.IfElse, scope: Mapping[str, Type], expected: Type | None
                ) -> Type:
        condition = self.infer(expr.condition, scope, BOOL)
        if condition != ERROR and not is_bool(condition):
            self.mismatch(expr.condition.span, f"the condition of 'if' must be bool, got "
                                               f"{condition}")
        then = self.infer(expr.then, scope, expected)
        otherwise = self.infer(expr.otherwise, scope, expected or strip(then))
        if ERROR in (then, otherwise, condition):
            return ERROR
        both = unify(then, otherwise)
        if both is None:
            return self.mismatch(expr.span, f"the branches of 'if' differ: {then} and "
                                            f"{otherwise}")
        return optional(both) if isinstance(condition, Optional) else both

    def list_literal(self, expr: ast.ListLit | ast.SetLit, scope: Mapping[str, Type],
                     expected: Type | None) -> Type:
        wanted = strip(expected) if expected is not None else None
        item: Type | None = wanted.item if isinstance(wanted, ListType) else None
        # Items whose type is their own go first, so that literals can take it.
        ordered = sorted(expr.items, key=lambda it: self.adaptive(it, scope))
        found: Type = NOTHING
        for element in ordered:
            current = self.infer(element, scope, item)
            joined = unify(found, current)
            if joined is None:
                return self.mismatch(element.span, f"list items differ: {found} and {current}")
            found = joined
            if found not in (NOTHING, ERROR):
                item = strip(found)
        return ERROR if found == ERROR else ListType(found)

    def call(self, expr: ast.Call, scope: Mapping[str, Type]) -> Type:
        builtin = BUILTINS.get(expr.function)
        where = expr.name_span
        if builtin is None:
            for arg in expr.args:
                self.infer(arg, scope)
            hint = did_you_mean(expr.function, BUILTINS) or (
                "built-ins: " + ", ".join(sorted(BUILTINS)))
            return self.error(Code.UNKNOWN_FUNCTION, where,
                              f"unknown function '{expr.function}'", hint)
        if len(expr.args) != len(builtin.params):
            names = ", ".join(name for name, _ in builtin.params)
            count = len(builtin.params)
            return self.error(
                Code.ARGUMENT_COUNT, expr.span,
                f"{builtin.name} takes {count} argument{'s' * (count != 1)} ({names}), got "
                f"{len(expr.args)}", builtin.signature())
        return _Call(self, builtin, expr, scope).check()

    def quantifier(self, expr: ast.Quantifier, scope: Mapping[str, Type]) -> Type:
        collection = self.infer(expr.collection, scope)
        base = strip(collection)
        if collection != ERROR and not isinstance(base, ListType):
            self.mismatch(expr.collection.span, f"{expr.kind}(...) ranges over a list, got "
                                                f"{collection}")
            collection = ERROR
        if expr.variable in scope:
            self.error(Code.REDEFINED_NAME, expr.span, f"'{expr.variable}' is already defined",
                       "give the quantifier's variable a name of its own")
        item = base.item if isinstance(base, ListType) else ERROR
        inner = {**scope, expr.variable: item}
        body = self.infer(expr.body, inner, BOOL if expr.kind in _CONDITIONS else None)
        if ERROR in (collection, body):
            return ERROR
        return self.quantified(expr, collection, body, item)

    def quantified(self, expr: ast.Quantifier, collection: Type, body: Type, item: Type
                   ) -> Type:
        if expr.kind == "first":
            if not is_bool(body):
                return self.mismatch(expr.body.span, "the body of first(...) must be bool, "
                                                     f"got {body}")
            return optional(item)  # no item may satisfy it
        if expr.kind in ("all", "any", "count"):
            if not is_bool(body):
                return self.mismatch(expr.body.span, f"the body of {expr.kind}(...) must be "
                                                     f"bool, got {body}")
            return _maybe(BOOL if expr.kind != "count" else INT, collection, body)
        if not is_numeric(body):
            return self.mismatch(expr.body.span, f"the body of {expr.kind}(...) must be a "
                                                 f"number, got {body}")
        if expr.kind == "sum":
            return _maybe(strip(body), collection, body)
        return optional(strip(body))  # min or max of nothing is unknown


class _Call:
    """Matching a call's arguments with a built-in's signature (binding its variables)."""

    def __init__(self, checker: _Checker, builtin: Builtin, expr: ast.Call,
                 scope: Mapping[str, Type]) -> None:
        self.checker = checker
        self.builtin = builtin
        self.expr = expr
        self.scope = scope
        self.bound: dict[str, Type] = {}

    def check(self) -> Type:
        found: dict[int, Type] = {}
        pairs = list(enumerate(zip(self.expr.args, self.builtin.params, strict=True)))
        # Arguments with a type of their own bind the variables; literals then adapt.
        pairs.sort(key=lambda p: self.checker.adaptive(p[1][0], self.scope))
        failed = False
        for position, (arg, (_, wanted)) in pairs:
            found[position] = self.checker.infer(arg, self.scope, self.expected(wanted))
            if found[position] == ERROR:
                failed = True
            elif not self.match(wanted, strip(found[position])):
                failed = True
                self.checker.mismatch(
                    arg.span, f"argument {position + 1} of {self.builtin.name} must be "
                    f"{self.substitute(wanted)}, got {found[position]}",
                    self.builtin.signature())
        if failed:
            return ERROR
        result = self.substitute(self.builtin.result)
        if any(isinstance(t, Optional) for t in found.values()):
            return optional(result)
        return result

    def expected(self, wanted: Type) -> Type | None:
        """What an argument should be, so far as the bound variables tell."""
        return None if self.unbound(wanted) else self.substitute(wanted)

    def unbound(self, wanted: Type) -> bool:
        if isinstance(wanted, Var):
            return wanted.name not in self.bound
        if isinstance(wanted, ListType):
            return self.unbound(wanted.item)
        if isinstance(wanted, Optional):
            return self.unbound(wanted.inner)
        return False

    def match(self, wanted: Type, actual: Type) -> bool:
        if actual == ERROR:
            return True
        if isinstance(wanted, Var):
            if wanted.name in self.bound:
                return self.bound[wanted.name] == actual
            if wanted.choices is not None and actual not in wanted.choices:
                return False
            self.bound[wanted.name] = actual
            return True
        if isinstance(wanted, ListType):
            if not isinstance(actual, ListType):
                return False
            return actual.item == NOTHING or self.match(wanted.item, strip(actual.item))
        if isinstance(wanted, Optional):
            return self.match(wanted.inner, actual)
        return wanted == actual

    def substitute(self, wanted: Type) -> Type:
        """`wanted` with its variables bound; one never bound (all arguments were literals)
        is int."""
        if isinstance(wanted, Var):
            if wanted.name in self.bound:
                return self.bound[wanted.name]
            choices = wanted.choices
            return INT if choices is None or INT in choices else choices[0]
        if isinstance(wanted, ListType):
            return ListType(self.substitute(wanted.item))
        if isinstance(wanted, Optional):
            return optional(self.substitute(wanted.inner))
        return wanted


# ---------------------------------------------------------------- helpers


def unify(a: Type, b: Type) -> Type | None:
    """The type of a value that is either an `a` or a `b` (list items, if branches), or None
    when they cannot meet."""
    if a == b:
        return a
    if ERROR in (a, b):
        return ERROR
    if NOTHING in (a, b):
        return b if a == NOTHING else a
    if NONE in (a, b):
        return optional(b if a == NONE else a)
    if isinstance(a, Optional) or isinstance(b, Optional):
        inner = unify(strip(a), strip(b))
        return None if inner is None else optional(inner)
    if isinstance(a, ListType) and isinstance(b, ListType):
        item = unify(a.item, b.item)
        return None if item is None else ListType(item)
    return None


def _literal_type(expr: ast.Literal, expected: Type | None) -> Type:
    wanted = strip(expected) if expected is not None else None
    if expr.kind == "int" and wanted in NUMERIC:
        assert wanted is not None
        return wanted
    return _LITERAL_TYPES[expr.kind]


def _maybe(result: Type, *operands: Type) -> Type:
    """`result`, optional when any operand is."""
    if any(isinstance(t, Optional) for t in operands):
        return optional(result)
    return result


def _product_type(op: str, left: Type, right: Type) -> Type | None:
    if left == INT and right == INT:
        return INT
    if op == "*":
        if INT in (left, right):
            return right if left == INT else left
        return None
    if right == INT:
        return left
    if left == right:
        return INT if op == "//" else left
    return None


def _nonzero_constant(expr: ast.Expr) -> bool:
    return isinstance(expr, ast.Literal) and expr.kind == "int" and expr.value != 0


def _bool_hint(left: Type, right: Type) -> str | None:
    if BOOL in (strip(left), strip(right)):
        return "arithmetic on bool is not allowed; count(...) counts what holds"
    return None


def _field_hint(name: str, scope: Mapping[str, Type]) -> str | None:
    """'did you mean actor.stack?' for a bare field name of something in scope."""
    facts = {owner: kind for owner, kind in scope.items() if isinstance(kind, FactType)}
    paths = [f"'{owner}.{name}'" for owner, kind in facts.items() if name in kind.fields]
    if not paths:
        return None
    return f"did you mean {' or '.join(paths)}?"


def _describe(obj: ast.Expr, base: FactType) -> str:
    text = expr_text(obj)
    return text if text == base.name else f"{text} ({base.name})"


# ---------------------------------------------------------------- parameter values


def _check_param(decl: Type, value: ast.Expr, source: SourceText, out: list[Diagnostic]
                 ) -> None:
    if decl == ERROR:
        return
    if isinstance(value, ast.ListLit | ast.SetLit):
        if not isinstance(decl, ListType):
            out.append(source.diagnostic(value.span, f"type mismatch: the parameter is "
                                                     f"{decl}, the value is a list",
                                         code=Code.TYPE_MISMATCH))
            return
        for item in value.items:
            _check_param(decl.item, item, source, out)
        return
    found = _param_scalar_type(decl, value)
    if isinstance(found, tuple):
        code, problem = found
        out.append(source.diagnostic(value.span, problem, _param_hint(decl, value), code=code))
    elif found != decl:
        out.append(source.diagnostic(
            value.span, f"type mismatch: the parameter is {decl}, the value is {found}",
            code=Code.TYPE_MISMATCH))


def _param_scalar_type(decl: Type, value: ast.Expr) -> Type | tuple[Code, str]:
    """The type of a scalar parameter value, or what is wrong with it (code, message)."""
    match value:
        case ast.Literal(kind="none"):
            return Code.BAD_PARAM_VALUE, "a parameter cannot be none"
        case ast.Literal():
            return _literal_type(value, decl)
        case ast.Unary(op="-", operand=ast.Literal(kind="int" | "money" | "duration"
                                                   | "percent") as number):
            return _literal_type(number, decl)
        case ast.Name(name=name):
            if isinstance(decl, EnumType) and name in decl.members:
                return decl
            owners = [enum for enum in ENUM_TYPES.values() if name in enum.members]
            if owners:
                return owners[0]
            return Code.UNKNOWN_NAME, f"unknown name '{name}'"
        case _:
            return Code.BAD_PARAM_VALUE, "a parameter value must be a literal"


def _param_hint(decl: Type, value: ast.Expr) -> str:
    if isinstance(decl, EnumType) and isinstance(value, ast.Name):
        return did_you_mean(value.name, decl.members) or (
            f"{decl} members: " + ", ".join(decl.members))
    return _PARAM_VALUE_HINT
