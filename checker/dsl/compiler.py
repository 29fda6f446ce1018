"""The compiler: a checked rule becomes a tree of Python closures, built once at load.

The closures are the traced evaluation (`explain`) and build a failing verdict's message and
evidence; the untraced evaluation that judges every event is the same rule written as Python
source (checker.dsl.codegen, `Written`), which hands a failing event to the closures.

Nothing of the rule's text is ever evaluated as Python. Each expression node becomes one
closure over an environment list `env`: env[0] is the event object, env[1] the trace list
(traced compilations only), then one slot per `let` and per quantifier variable. Event fields
are read with `operator.attrgetter` (a whole path like `actor.stack` in one call), parameters
are constants, and the None checks of three-valued logic are compiled in only where the type
checker says a value may be unknown.

Missing data: arithmetic and ordering with an unknown operand are unknown; `not` unknown is
unknown; `and`/`or` follow three-valued logic (false and unknown = false, true or unknown =
true); a `when` that is unknown means the rule does not apply; a `require` that is unknown
means the rule cannot tell: the verdict passes and says `unknown`.

With `trace=True` the same closures are built, each wrapped to record its node's value in
evaluation order; the message and the evidence are only computed for a failing verdict.
"""

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, is_dataclass
from typing import Any, Final

from checker.dsl import ast
from checker.dsl.builtins import BUILTINS
from checker.dsl.codegen import RulePlan, Written
from checker.dsl.formatter import format_expression as expr_text
from checker.dsl.guards import KeyPart, conjuncts, guard_key
from checker.dsl.semantics import OPERATORS, lookup_set, may_be_none, membership_unknowns
from checker.dsl.typecheck import event_names, rule_types
from checker.dsl.types import (
    BOOL,
    DURATION,
    ENUM_TYPES,
    ERROR,
    INT,
    MONEY,
    NONE,
    NOTHING,
    PERCENT,
    STRING,
    EnumType,
    FactType,
    ListType,
    Type,
    snake_case,
    strip,
)
from checker.dsl.units import format_duration, format_money, format_percent

Env = list[Any]
Fn = Callable[[Env], Any]

_TRACE_SLOT: Final = 1
_FIRST_SLOT: Final = 2


@dataclass(frozen=True)
class TraceStep:
    """One sub-expression's value during a traced evaluation."""

    span: ast.Span
    text: str
    value: Any


@dataclass(frozen=True)
class Verdict:
    """A rule's judgement of one event. Passing verdicts of untraced rules are shared
    objects: do not mutate them."""

    passed: bool
    message: str
    evidence: dict[str, object]
    trace: list[TraceStep]
    # The require was unknown (the input does not say enough): passed, but not proven.
    unknown: bool = False
    # A failure's `at`: the record of the hand it points at (`seat`, `player` or `post`) and
    # the value naming it (None: unknown, the finding stays at the hand).
    at: tuple[str, object] | None = None


PASSED: Final = Verdict(True, "", {}, [])
UNKNOWN: Final = Verdict(True, "", {}, [], unknown=True)


Explain = Callable[[object], tuple[Verdict | None, list[TraceStep]]]
Evaluate = Callable[[object], Verdict | None]


@dataclass(frozen=True)
class Guard:
    """A conjunct of a rule's `when` that depends only on `key` (see checker.dsl.guards);
    `test` takes an env whose slot 0 is the event."""

    key: tuple[KeyPart, ...]
    test: Fn


# Given the key parts an engine reads for an event: the rule's guards that depend only on
# those parts, and its evaluation for an event that passes every one of them (what it is
# written from: codegen.plan_of).
Specialise = Callable[[frozenset[KeyPart]], tuple[tuple[Guard, ...], Evaluate]]


class CompiledRule:
    """A rule ready to run: `evaluate(event)` is None when the rule does not apply.
    `explain(event)` also gives the trace when the rule does not apply (empty unless the
    rule was compiled with trace=True)."""

    __slots__ = ("clauses", "evaluate", "event", "explain", "guard_keys", "plays", "rule",
                 "rule_id", "severity", "specialise", "title")

    def __init__(self, rule: ast.Rule, evaluate: Evaluate, explain: Explain,
                 specialise: Specialise | None = None,
                 guard_keys: tuple[tuple[KeyPart, ...], ...] = ()) -> None:
        self.rule = rule
        self.rule_id = rule.rule_id
        self.event = rule.event or ""
        self.severity = rule.severity or "error"
        self.clauses = tuple(ref.clause for ref in rule.cites)
        self.title = rule.title or rule.rule_id
        # The kinds of play (`applies to`, Play values) the rule judges; None: every kind.
        self.plays: frozenset[str] | None = (
            frozenset(ref.play for ref in rule.plays) if rule.plays else None)
        if self.plays is not None:
            evaluate, explain = _for_plays(self.plays, evaluate, explain)
        self.evaluate = evaluate
        self.explain = explain
        # The key parts of each guard of the rule's `when` (what an engine may key on).
        self.guard_keys = guard_keys
        self.specialise: Specialise = specialise or (lambda chosen: ((), evaluate))

    def __repr__(self) -> str:
        return f"CompiledRule({self.rule_id!r}, on {self.event})"


def _for_plays(plays: frozenset[str], evaluate: Evaluate, explain: Explain
               ) -> tuple[Evaluate, Explain]:
    """The rule's callables that do not apply to a hand of another kind of play. (The engine
    selects by kind of play before it calls a rule: its specialised callables skip this.)"""
    def evaluate_in_plays(event: object) -> Verdict | None:
        return evaluate(event) if hand_play(event) in plays else None

    def explain_in_plays(event: object) -> tuple[Verdict | None, list[TraceStep]]:
        return explain(event) if hand_play(event) in plays else (None, [])

    return evaluate_in_plays, explain_in_plays


# The kind of play of an event from a hand (`applies to`; the engine keys on it too).
HAND_PLAY = "hand.play"
hand_play: Callable[[object], str] = operator.attrgetter(HAND_PLAY)


# ---------------------------------------------------------------- public API


def compile_rule(
    rule: ast.Rule, params: Mapping[str, object], *, trace: bool = False,
    param_types: Mapping[str, Type] | None = None,
) -> CompiledRule:
    """Compile a rule that `check_rule` accepted. `params` are the parameters' values (see
    `param_value`), `param_types` their declared types (derived from the values when not
    given, which cannot tell money from chips). Raises ValueError for an unchecked rule."""
    if rule.require is None or rule.event is None:
        raise ValueError(f"rule {rule.rule_id} has no 'on' or no 'require' part")
    kinds = dict(param_types) if param_types is not None else {
        path: type_of_value(value) for path, value in params.items()}
    types = rule_types(rule, kinds)
    compiler = _Compiler(types, params, trace, frozenset(event_names(rule)))
    evaluate, explain, specialise, guard_keys = compiler.rule(rule)
    return CompiledRule(rule, evaluate, explain, specialise, guard_keys)


def param_value(decl_type: Type, value: ast.Expr) -> object:
    """The run-time value of a checked parameter value: an int (chips, cents, seconds, basis
    points), bool, str, enum member or list of them."""
    match value:
        case ast.ListLit() | ast.SetLit():
            item = decl_type.item if isinstance(decl_type, ListType) else ERROR
            return [param_value(item, element) for element in value.items]
        case ast.Unary(op="-"):
            number = param_value(decl_type, value.operand)
            assert isinstance(number, int)
            return -number
        case ast.Name():
            assert isinstance(decl_type, EnumType), "an enum member needs an enum parameter"
            return decl_type.members[value.name]
        case ast.Literal():
            return value.value
        case _:
            raise ValueError(f"not a parameter value: {expr_text(value)}")


def type_of_value(value: object) -> Type:
    """A parameter's type guessed from its value (ints are int)."""
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str) and type(value) is str:
        return STRING
    if isinstance(value, str):
        return ENUM_TYPES.get(snake_case(type(value).__name__), STRING)
    if isinstance(value, list | tuple):
        return ListType(type_of_value(value[0]) if value else NOTHING)
    raise ValueError(f"a parameter value cannot be {type(value).__name__}")


def render(value: object, kind: Type) -> str:
    """A value as a message shows it: $12.50, 65%, 1h30m, unknown for None."""
    return _formatter(kind)(value)


# ---------------------------------------------------------------- code


@dataclass(frozen=True)
class _Code:
    """A compiled expression. A constant also gives its value; a plain read of a path from
    an env slot gives (slot, path), so that operators can inline the read."""

    fn: Fn
    const: bool = False
    value: Any = None
    slot: int = -1
    path: str = ""


def _constant(value: Any) -> _Code:
    return _Code(lambda env: value, const=True, value=value)


def _reader(slot: int, path: str) -> _Code:
    if not path:
        return _Code(lambda env: env[slot], slot=slot)
    get = operator.attrgetter(path)
    if slot == 0:
        return _Code(lambda env: get(env[0]), slot=0, path=path)
    return _Code(lambda env: get(env[slot]), slot=slot, path=path)


@dataclass
class _Compiler:
    types: dict[int, Type]
    params: Mapping[str, object]
    trace: bool
    roots: frozenset[str]
    slots: dict[str, int] = field(default_factory=dict)
    size: int = _FIRST_SLOT
    # Untraced lets are computed on first read: (slot, value) by name.
    lazy: dict[str, tuple[int, Fn]] = field(default_factory=dict)

    def kind(self, expr: ast.Expr) -> Type:
        return self.types[id(expr)]

    def may_be_none(self, *exprs: ast.Expr) -> bool:
        return may_be_none(self.kind, *exprs)

    def new_slot(self) -> int:
        self.size += 1
        return self.size - 1

    # -- the rule
    def rule(self, rule: ast.Rule) -> tuple[Evaluate, Explain, Specialise,
                                            tuple[tuple[KeyPart, ...], ...]]:
        """The rule's evaluation, explanation, specialisation for dispatch and guard keys
        (none when traced: a traced rule runs whole)."""
        assert rule.require is not None
        lets: list[tuple[int, Fn, ast.Let]] = []
        for let in rule.lets:
            code = self.expr(let.value)
            slot = self.new_slot()
            self.slots[let.name] = slot
            if self.trace:
                lets.append((slot, code.fn, let))  # eager, so the trace shows every let
            else:
                self.lazy[let.name] = (slot, code.fn)
        when = self.expr(rule.when).fn if rule.when is not None else None
        require = self.expr(rule.require).fn
        needed = _lets_needed(rule.when, rule.lets) if rule.when is not None else set()
        before = tuple((slot, fn) for slot, fn, let in lets if let.name in needed)
        after = tuple((slot, fn) for slot, fn, let in lets if let.name not in needed)
        failure = self.failure(rule)
        if self.trace:
            explain = _traced_evaluate(_Plan(self.size, before, when, after, require, failure))
            traced = lambda event: explain(event)[0]  # noqa: E731
            return traced, explain, lambda chosen: ((), traced), ()
        plan = _Plan(self.size, before, when, after, require, failure)
        tests = conjuncts(rule.when)
        evaluate: Evaluate = self.written(rule, tests, _evaluate(plan))
        parts = self.conjunct_parts(rule.when)
        size = self.size

        def specialise(chosen: frozenset[KeyPart]) -> tuple[tuple[Guard, ...], Evaluate]:
            guards = tuple(Guard(key, fn) for key, fn in parts
                           if key is not None and chosen.issuperset(key))
            if not guards:
                return (), evaluate
            left = [i for i, (key, _) in enumerate(parts)
                    if key is None or not chosen.issuperset(key)]
            rest = [parts[i][1] for i in left]
            residual = _all_true(rest) if rest else None
            return guards, self.written(
                rule, [tests[i] for i in left],
                _evaluate(_Plan(size, before, residual, after, require, failure)))

        keys = tuple(key for key, _ in parts if key is not None)
        return evaluate, lambda event: (evaluate(event), []), specialise, keys

    def written(self, rule: ast.Rule, when: Sequence[ast.Expr], closures: Evaluate
                ) -> Written:
        """The rule's evaluation written as one function (checker.dsl.codegen) on its first
        call, the closures building the verdict of a failing event (and judging alone when
        the rule cannot be written)."""
        return Written(RulePlan(rule, tuple(when), self.kind, self.params, self.roots,
                                closures), PASSED, UNKNOWN)

    def conjunct_parts(self, when: ast.Expr | None
                       ) -> list[tuple[tuple[KeyPart, ...] | None, Fn]]:
        """The `when`'s conjuncts in order, each compiled on its own, with the key parts it
        depends on when it is a guard (see checker.dsl.guards)."""
        return [(guard_key(conjunct, self.kind, self.roots), self.expr(conjunct).fn)
                for conjunct in conjuncts(when)]

    def failure(self, rule: ast.Rule) -> Callable[[Env], Verdict]:
        """What a failing verdict shows: the message and the evidence (computed only then)."""
        # Quantifiers in placeholders take slots after those of the rule's expressions.
        untraced = _Compiler(self.types, self.params, False, self.roots, dict(self.slots),
                             self.size, dict(self.lazy))
        assert rule.require is not None
        reads = _reads(rule.require, frozenset(let.name for let in rule.lets), frozenset())
        placeholders = [p for p in (rule.message.parts if rule.message else ())
                        if not isinstance(p, str)]
        evidence: dict[str, Fn] = {}
        for expr in [*reads, *placeholders]:
            evidence.setdefault(expr_text(expr), untraced.expr(expr).fn)
        parts: list[str | tuple[str, Callable[[Any], str]]] = [
            p if isinstance(p, str) else (expr_text(p), _formatter(self.kind(p)))
            for p in (rule.message.parts if rule.message else (rule.title or rule.rule_id,))]
        items = tuple(evidence.items())
        at_record = rule.at.record if rule.at is not None else ""
        at_value = untraced.expr(rule.at.value).fn if rule.at is not None else None
        trace = self.trace
        self.size = untraced.size

        def failed(env: Env) -> Verdict:
            values = {text: fn(env) for text, fn in items}
            message = "".join(p if isinstance(p, str) else p[1](values[p[0]]) for p in parts)
            steps = env[_TRACE_SLOT] if trace else []
            at = (at_record, at_value(env)) if at_value is not None else None
            return Verdict(False, message, {k: _snapshot(v) for k, v in values.items()}, steps,
                           at=at)

        return failed

    # -- expressions
    def expr(self, expr: ast.Expr) -> _Code:
        code = self._expr(expr)
        if not self.trace:
            return code
        fn, span, text = code.fn, expr.span, expr_text(expr)

        def traced(env: Env) -> Any:
            value = fn(env)
            env[_TRACE_SLOT].append(TraceStep(span, text, value))
            return value

        return _Code(traced)

    def _expr(self, expr: ast.Expr) -> _Code:
        match expr:
            case ast.Literal():
                return _constant(expr.value)
            case ast.ParamRef():
                return _constant(self.params[expr.path])
            case ast.Name():
                return self.name(expr)
            case ast.Attribute():
                return self.attribute(expr)
            case ast.Index():
                return self.index(expr)
            case ast.Unary():
                return self.unary(expr)
            case ast.Binary():
                return self.binary(expr)
            case ast.IfElse():
                return self.if_else(expr)
            case ast.Call():
                return self.call(expr)
            case ast.Quantifier():
                return self.quantifier(expr)
            case ast.ListLit() | ast.SetLit():
                return self.list_literal(expr.items)

    def name(self, expr: ast.Name) -> _Code:
        lazy = self.lazy.get(expr.name)
        if lazy is not None and self.slots.get(expr.name) == lazy[0]:
            return _Code(_lazy_let(*lazy))
        if expr.name in self.slots:
            return _reader(self.slots[expr.name], "")
        if expr.name in self.roots:
            return _reader(0, expr.name)
        kind = self.kind(expr)
        assert isinstance(kind, EnumType), f"unchecked name {expr.name}"
        return _constant(kind.members[expr.name])

    def attribute(self, expr: ast.Attribute) -> _Code:
        obj = self.expr(expr.obj)
        if obj.slot >= 0 and not self.may_be_none(expr.obj):
            return _reader(obj.slot, f"{obj.path}.{expr.name}" if obj.path else expr.name)
        get, inner = operator.attrgetter(expr.name), obj.fn
        if not self.may_be_none(expr.obj):
            return _Code(lambda env: get(inner(env)))

        def maybe(env: Env) -> Any:
            value = inner(env)
            return None if value is None else get(value)

        return _Code(maybe)

    def index(self, expr: ast.Index) -> _Code:
        obj, position = self.expr(expr.obj).fn, self.expr(expr.index).fn

        def item(env: Env) -> Any:
            items, at = obj(env), position(env)
            if items is None or at is None or not 0 <= at < len(items):
                return None
            return items[at]

        return _Code(item)

    def unary(self, expr: ast.Unary) -> _Code:
        operand = self.expr(expr.operand)
        op = operator.not_ if expr.op == "not" else operator.neg
        if operand.const and not self.trace:
            return _constant(None if operand.value is None else op(operand.value))
        inner, read = operand.fn, _read(operand)
        if not self.may_be_none(expr.operand):
            if read and expr.op == "not":
                get, slot = read
                return _Code(lambda env: not get(env[slot]))
            return _Code(lambda env: op(inner(env)))

        def maybe(env: Env) -> Any:
            value = inner(env)
            return None if value is None else op(value)

        return _Code(maybe)

    # -- binary operators
    def binary(self, expr: ast.Binary) -> _Code:
        if expr.op in ("and", "or"):
            return self.logic(expr)
        left, right = self.expr(expr.left), self.expr(expr.right)
        if expr.op in ("in", "not in"):
            return self.membership(expr, left, right)
        if expr.op in ("==", "!=") and NONE in (self.kind(expr.left), self.kind(expr.right)):
            return self.none_test(expr, left, right)
        op = OPERATORS[expr.op]
        divides = expr.op in ("//", "%")
        if divides and not (right.const and right.value):
            return _dividing(op, left.fn, right.fn)
        if self.may_be_none(expr.left, expr.right):
            return _strict(op, left, right)
        if left.const and right.const and not self.trace:
            return _constant(op(left.value, right.value))
        return _plain(op, left, right)

    def none_test(self, expr: ast.Binary, left: _Code, right: _Code) -> _Code:
        """`x == none` asks whether x is unknown."""
        want = expr.op == "=="
        probe_left = self.kind(expr.right) == NONE
        if not self.trace:
            return _none_test(left if probe_left else right, want)
        lf, rf = left.fn, right.fn

        def test(env: Env) -> Any:
            a, b = lf(env), rf(env)  # both, so that the trace shows both
            return ((a if probe_left else b) is None) == want

        return _Code(test)

    def logic(self, expr: ast.Binary) -> _Code:
        left, right = self.expr(expr.left), self.expr(expr.right)
        if not self.may_be_none(expr.left, expr.right):
            return _Code(_and(left, right) if expr.op == "and" else _or(left, right))
        lf, rf = left.fn, right.fn
        return _Code(_kleene_and(lf, rf) if expr.op == "and" else _kleene_or(lf, rf))

    def membership(self, expr: ast.Binary, left: _Code, right: _Code) -> _Code:
        item_unknown, collection_unknown = membership_unknowns(self.kind, expr)
        negate = expr.op == "not in"
        lf = left.fn
        if right.const and not self.trace and not (item_unknown or collection_unknown):
            return _constant_membership(left, lookup_set(right.value), negate)
        rf = right.fn

        def member(env: Env) -> Any:
            item, items = lf(env), rf(env)
            if (item_unknown and item is None) or (collection_unknown and items is None):
                return None
            return (item in items) != negate

        return _Code(member)

    # -- other forms
    def if_else(self, expr: ast.IfElse) -> _Code:
        cond = self.expr(expr.condition).fn
        then, otherwise = self.expr(expr.then).fn, self.expr(expr.otherwise).fn

        def choose(env: Env) -> Any:
            test = cond(env)
            if test is None:
                return None
            return then(env) if test else otherwise(env)

        return _Code(choose)

    def call(self, expr: ast.Call) -> _Code:
        function = BUILTINS[expr.function].function
        args = [self.expr(arg) for arg in expr.args]
        if all(arg.const for arg in args) and not self.trace:
            values = [arg.value for arg in args]
            return _constant(None if None in values else function(*values))
        fns = [arg.fn for arg in args]
        if not self.may_be_none(*expr.args):
            return _Code(_direct_call(function, fns))

        def call(env: Env) -> Any:
            values = [fn(env) for fn in fns]
            return None if None in values else function(*values)

        return _Code(call)

    def quantifier(self, expr: ast.Quantifier) -> _Code:
        collection = self.expr(expr.collection).fn
        slot = self.new_slot()
        outer = self.slots.get(expr.variable)
        self.slots[expr.variable] = slot
        body = self.expr(expr.body).fn
        if outer is None:
            del self.slots[expr.variable]
        else:
            self.slots[expr.variable] = outer
        return _Code(_QUANTIFIERS[expr.kind](collection, slot, body))

    def list_literal(self, items: Sequence[ast.Expr]) -> _Code:
        codes = [self.expr(item) for item in items]
        if all(code.const for code in codes) and not self.trace:
            return _constant([code.value for code in codes])
        fns = [code.fn for code in codes]
        return _Code(lambda env: [fn(env) for fn in fns])


# ---------------------------------------------------------------- closures


# An untraced let's slot before its first read.
_UNSET: Final[Any] = object()


def _lazy_let(slot: int, value: Fn) -> Fn:
    """A let computed on its first read (a rule's `when` often decides without it)."""
    def read(env: Env) -> Any:
        known = env[slot]
        if known is _UNSET:
            known = env[slot] = value(env)
        return known

    return read


def _read(code: _Code) -> tuple[Callable[[Any], Any], int] | None:
    """(getter, slot) when the code reads a path from an env slot, for inlining the read
    into the closure that uses it (one Python call fewer per read)."""
    if code.slot >= 0 and code.path:
        return operator.attrgetter(code.path), code.slot
    return None


def _plain(op: Callable[[Any, Any], Any], left: _Code, right: _Code) -> _Code:
    """`left op right` for operands that are never None, inlining constants and reads."""
    lr, rr, lf, rf = _read(left), _read(right), left.fn, right.fn
    if right.const:
        value = right.value
        if lr:
            get, slot = lr
            return _Code(lambda env: op(get(env[slot]), value))
        return _Code(lambda env: op(lf(env), value))
    if left.const:
        first = left.value
        if rr:
            get, slot = rr
            return _Code(lambda env: op(first, get(env[slot])))
        return _Code(lambda env: op(first, rf(env)))
    if lr and rr:
        (g1, s1), (g2, s2) = lr, rr
        return _Code(lambda env: op(g1(env[s1]), g2(env[s2])))
    if lr:
        g1, s1 = lr
        return _Code(lambda env: op(g1(env[s1]), rf(env)))
    if rr:
        g2, s2 = rr
        return _Code(lambda env: op(lf(env), g2(env[s2])))
    return _Code(lambda env: op(lf(env), rf(env)))


def _and(left: _Code, right: _Code) -> Fn:
    """`left and right` for bools that are never None, inlining reads."""
    lr, rr, lf, rf = _read(left), _read(right), left.fn, right.fn
    if lr and rr:
        (g1, s1), (g2, s2) = lr, rr
        return lambda env: g1(env[s1]) and g2(env[s2])
    if lr:
        g1, s1 = lr
        return lambda env: g1(env[s1]) and rf(env)
    if rr:
        g2, s2 = rr
        return lambda env: lf(env) and g2(env[s2])
    return lambda env: lf(env) and rf(env)


def _or(left: _Code, right: _Code) -> Fn:
    """`left or right` for bools that are never None, inlining reads."""
    lr, rr, lf, rf = _read(left), _read(right), left.fn, right.fn
    if lr and rr:
        (g1, s1), (g2, s2) = lr, rr
        return lambda env: g1(env[s1]) or g2(env[s2])
    if lr:
        g1, s1 = lr
        return lambda env: g1(env[s1]) or rf(env)
    if rr:
        g2, s2 = rr
        return lambda env: lf(env) or g2(env[s2])
    return lambda env: lf(env) or rf(env)


def _strict(op: Callable[[Any, Any], Any], left: _Code, right: _Code) -> _Code:
    """`left op right`, unknown when either side is (inlining reads and constants)."""
    lr, rr, lf, rf = _read(left), _read(right), left.fn, right.fn
    if lr and (rr or right.const):
        g1, s1 = lr
        if right.const:
            value = right.value

            def read_const(env: Env) -> Any:
                a = g1(env[s1])
                return None if a is None or value is None else op(a, value)

            return _Code(read_const)
        assert rr is not None
        g2, s2 = rr

        def read_read(env: Env) -> Any:
            a, b = g1(env[s1]), g2(env[s2])
            return None if a is None or b is None else op(a, b)

        return _Code(read_read)

    def apply(env: Env) -> Any:
        a, b = lf(env), rf(env)
        return None if a is None or b is None else op(a, b)

    return _Code(apply)


def _dividing(op: Callable[[Any, Any], Any], lf: Fn, rf: Fn) -> _Code:
    """`left // right` or `left % right`: unknown when either side is or the divisor is 0."""
    def divide(env: Env) -> Any:
        a, b = lf(env), rf(env)
        return None if a is None or b is None or b == 0 else op(a, b)

    return _Code(divide)


def _none_test(probe: _Code, want: bool) -> _Code:
    """`probe == none` (want True) or `probe != none`."""
    read, fn = _read(probe), probe.fn
    if read:
        get, slot = read
        if want:
            return _Code(lambda env: get(env[slot]) is None)
        return _Code(lambda env: get(env[slot]) is not None)
    if want:
        return _Code(lambda env: fn(env) is None)
    return _Code(lambda env: fn(env) is not None)


def _kleene_and(lf: Fn, rf: Fn) -> Fn:
    def both(env: Env) -> Any:
        a = lf(env)
        if a is False:
            return False
        b = rf(env)
        if b is False:
            return False
        return None if a is None or b is None else True

    return both


def _kleene_or(lf: Fn, rf: Fn) -> Fn:
    def either(env: Env) -> Any:
        a = lf(env)
        if a is True:
            return True
        b = rf(env)
        if b is True:
            return True
        return None if a is None or b is None else False

    return either


def _direct_call(function: Callable[..., Any], fns: list[Fn]) -> Fn:
    if len(fns) == 1:
        (a,) = fns
        return lambda env: function(a(env))
    if len(fns) == 2:
        a, b = fns
        return lambda env: function(a(env), b(env))
    return lambda env: function(*[fn(env) for fn in fns])


def _constant_membership(left: _Code, members: Any, negate: bool) -> _Code:
    read = _read(left)
    if read:
        get, slot = read
        if negate:
            return _Code(lambda env: get(env[slot]) not in members)
        return _Code(lambda env: get(env[slot]) in members)
    lf = left.fn
    if negate:
        return _Code(lambda env: lf(env) not in members)
    return _Code(lambda env: lf(env) in members)


def _all_true(fns: list[Fn]) -> Fn:
    """Conjuncts of a `when`: truthy only when every one is (unknown counts as false, as
    for a whole `when`); stops at the first that is not."""
    if len(fns) == 1:
        return fns[0]
    if len(fns) == 2:
        first, second = fns
        return lambda env: first(env) and second(env)
    return lambda env: all(fn(env) for fn in fns)


# -- quantifiers: each loop binds the variable's slot, then runs the body.


def _deciding(decisive: bool) -> Callable[[Fn, int, Fn], Fn]:
    """all() stops at the first False, any() at the first True; unknown items make the
    result unknown unless a decisive item is found (three-valued logic)."""

    def build(items: Fn, slot: int, body: Fn) -> Fn:
        def run(env: Env) -> Any:
            unknown = False
            collection = items(env)
            if collection is None:
                return None
            for item in collection:
                env[slot] = item
                value = body(env)
                if value is decisive:
                    return decisive
                unknown = unknown or value is None
            return None if unknown else not decisive

        return run

    return build


def _totalling(counting: bool) -> Callable[[Fn, int, Fn], Fn]:
    """count() adds 1 per true item, sum() adds the values; any unknown item makes the
    total unknown."""

    def build(items: Fn, slot: int, body: Fn) -> Fn:
        def run(env: Env) -> Any:
            total = 0
            collection = items(env)
            if collection is None:
                return None
            for item in collection:
                env[slot] = item
                value = body(env)
                if value is None:
                    return None
                total += (value is True) if counting else value
            return total

        return run

    return build


def _extreme(pick: Callable[[Any, Any], Any]) -> Callable[[Fn, int, Fn], Fn]:
    def make(items: Fn, slot: int, body: Fn) -> Fn:
        def extreme(env: Env) -> Any:
            best = None
            collection = items(env)
            if collection is None:
                return None
            for item in collection:
                env[slot] = item
                value = body(env)
                if value is None:
                    return None
                best = value if best is None else pick(best, value)
            return best

        return extreme

    return make


def _first(items: Fn, slot: int, body: Fn) -> Fn:
    """The first item whose body is true; none when no body is (an unknown body is not
    true: the item is passed over)."""
    def first(env: Env) -> Any:
        collection = items(env)
        if collection is None:
            return None
        for item in collection:
            env[slot] = item
            if body(env) is True:
                return item
        return None

    return first


_QUANTIFIERS: Final[dict[str, Callable[[Fn, int, Fn], Fn]]] = {
    "all": _deciding(False), "any": _deciding(True), "count": _totalling(True),
    "sum": _totalling(False),
    "min": _extreme(min), "max": _extreme(max), "first": _first,
}


# ---------------------------------------------------------------- evaluation


@dataclass(frozen=True)
class _Plan:
    size: int
    before: tuple[tuple[int, Fn], ...]
    when: Fn | None
    after: tuple[tuple[int, Fn], ...]
    require: Fn
    failure: Callable[[Env], Verdict]


def _evaluate(plan: _Plan) -> Callable[[object], Verdict | None]:
    """The untraced evaluation: as few steps as the rule's shape allows. Its lets are lazy
    (computed on first read), so the plan has none to run up front."""
    assert not (plan.before or plan.after), "untraced lets are lazy"
    blank = [_UNSET] * (plan.size - 1)
    when, require, failure = plan.when, plan.require, plan.failure
    if when is None:
        def evaluate_require(event: object) -> Verdict | None:
            env = [event, *blank]
            result = require(env)
            if result:
                return PASSED
            return UNKNOWN if result is None else failure(env)

        return evaluate_require

    def evaluate_when(event: object) -> Verdict | None:
        env = [event, *blank]
        if not when(env):
            return None
        result = require(env)
        if result:
            return PASSED
        return UNKNOWN if result is None else failure(env)

    return evaluate_when


def _traced_evaluate(plan: _Plan) -> Explain:
    def explain(event: object) -> tuple[Verdict | None, list[TraceStep]]:
        steps: list[TraceStep] = []
        env: Env = [event, steps, *[None] * (plan.size - _FIRST_SLOT)]
        for slot, fn in plan.before:
            env[slot] = fn(env)
        if plan.when is not None and not plan.when(env):
            return None, steps
        for slot, fn in plan.after:
            env[slot] = fn(env)
        result = plan.require(env)
        if result:
            return Verdict(True, "", {}, steps), steps
        if result is None:
            return Verdict(True, "", {}, steps, unknown=True), steps
        return plan.failure(env), steps

    return explain


# ---------------------------------------------------------------- evidence and messages


def _lets_needed(expr: ast.Expr, lets: Sequence[ast.Let]) -> set[str]:
    """The lets an expression reads, directly or through other lets."""
    values = {let.name: let.value for let in lets}
    needed: set[str] = set()
    pending = _names(expr) & values.keys()
    while pending:
        name = pending.pop()
        needed.add(name)
        pending |= (_names(values[name]) & values.keys()) - needed
    return needed


def _names(expr: ast.Expr) -> set[str]:
    """Every bare name an expression mentions (quantifier variables included)."""
    if isinstance(expr, ast.Name):
        return {expr.name}
    found: set[str] = set()
    for child in ast.children(expr):
        found |= _names(child)
    return found


def _reads(expr: ast.Expr, lets: frozenset[str], bound: frozenset[str]) -> list[ast.Expr]:
    """What an expression reads that can be shown outside it: attribute paths, lets and
    parameters, leaving out anything that depends on a quantifier's variable."""
    match expr:
        case ast.Attribute() if not (_names(expr) & bound):
            return [expr]
        case ast.Name() if expr.name in lets and expr.name not in bound:
            return [expr]
        case ast.ParamRef():
            return [expr]
        case ast.Quantifier():
            inner = bound | {expr.variable}
            return [*_reads(expr.collection, lets, bound), *_reads(expr.body, lets, inner)]
        case _:
            return [read for child in ast.children(expr) for read in _reads(child, lets, bound)]


def _snapshot(value: object) -> object:
    """An evidence value as plain data that later changes to the facts cannot alter: a fact
    is shown by its label (a player by name), a list is copied."""
    if isinstance(value, list):
        return [_snapshot(item) for item in value]
    if is_dataclass(value) and not isinstance(value, type):
        return _fact_label(value)
    return value


def _formatter(kind: Type) -> Callable[[Any], str]:
    show = _base_formatter(strip(kind))
    return lambda value: "unknown" if value is None else show(value)


def _base_formatter(kind: Type) -> Callable[[Any], str]:
    simple: dict[Type, Callable[[Any], str]] = {
        MONEY: format_money, DURATION: format_duration, PERCENT: format_percent,
        BOOL: lambda v: "true" if v else "false", STRING: str, INT: str,
    }
    if kind in simple:
        return simple[kind]
    if isinstance(kind, EnumType):
        return lambda v: str(v.value)
    if isinstance(kind, FactType):
        return _fact_label
    if isinstance(kind, ListType):
        item = _formatter(kind.item)
        return lambda v: ", ".join(item(x) for x in v) if v else "(none)"
    return str


_LABEL_FIELDS: Final[tuple[str, ...]] = ("name", "player", "hand_id", "tournament_id", "table")


def _fact_label(fact: object) -> str:
    """A fact in a message: its name (a player, a table) or its id."""
    for name in _LABEL_FIELDS:
        label = getattr(fact, name, None)
        if isinstance(label, str):
            return label
    return type(fact).__name__.removesuffix("Fact").lower()
