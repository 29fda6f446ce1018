"""The rules compiler against plain Python (issue 16, deliverable 2).

Random expressions of the rules language — integer arithmetic (`+ - * // %`, unary minus),
comparisons, `and`/`or`/`not`, `if`, `in`/`not in` against constant lists (literals, sets,
one holding `none`, a list parameter) and against lists of fields and computed values, `== none`
on either side, list indexing, and lets that read other lets — whose operands are constants (on
the left and on the right), fields of the event, parameters, computed values and unknown
values (the optional fields `tournament.min_entrants`/`max_entrants` set to none, a division by
zero, an index out of range). Each expression is rendered twice: as rules text, and as a plain
Python evaluation written here over the same values with the language's three-valued logic
(docs/rules-language.md). The rules text is embedded in a rule set loaded and compiled as the
engine does (`load_ruleset`, `compile_ruleset`, both untraced and traced as `explain` compiles
it) and judged on one event; for every sub-expression a rule requires its compiled value to be
the Python one, and the traced evaluation's recorded step values are compared one by one.

The compiler's fast paths (constants inlined on either side of an operator, constant member
sets, lazy lets) are what these random expressions reach: a constant on the left evaluated the
wrong way round, a `not in` read as `in`, or a let reading another let too early all show as a
sub-expression whose compiled value differs from Python's.
"""

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.dsl.engine import compile_ruleset
from checker.dsl.formatter import format_expression
from checker.dsl.parser import parse_expression
from checker.dsl.ruleset import load_ruleset
from checker.replay.facts import (
    Money,
    Seconds,
    TableBalanceEvent,
    TableBalanceFact,
    TournamentFact,
    TournamentKind,
)

Values = Mapping[str, Any]

# The event's int fields that are never unknown, those that may be, and its bools.
INT_FIELDS = ("balance.players", "balance.fullest_players", "balance.tables_remaining",
              "tournament.entrants", "tournament.registered", "tournament.seats_per_table",
              "tournament.players_remaining", "tournament.seats_awarded")
OPTIONAL_INT_FIELDS = ("tournament.min_entrants", "tournament.max_entrants")
BOOL_FIELDS = ("balance.held", "balance.kept", "tournament.hand_for_hand",
               "tournament.is_rebuy")
# The rule set's parameters (constants to the compiler) and their values.
PARAMS: dict[str, Any] = {"t.k": 3, "t.zero": 0, "t.ks": [2, 3, 5], "t.on": True}
PARAM_DECLS = ("param t.k: int = 3\nparam t.zero: int = 0\nparam t.ks: list[int] = [2, 3, 5]\n"
               "param t.on: bool = true\n")


@dataclasses.dataclass(frozen=True)
class Node:
    """An expression: its rules text (every operand parenthesised), its kind, whether the type
    checker reads it as possibly unknown, and its value by plain Python."""

    text: str
    kind: str  # "int", "bool" or "list"
    optional: bool
    value: Callable[[Values], Any]
    parts: tuple["Node", ...] = ()
    # An int literal (a divisor that is one is never zero to the type checker).
    literal: int | None = None
    # A list whose items may be none (`x in` it is then never unknown).
    items_optional: bool = False
    # A quantifier's body: not a part, its value is an item's (checked through the
    # quantifier's).
    body: "Node | None" = None

    def walk(self) -> list["Node"]:
        return [self, *(node for part in self.parts for node in part.walk())]

    def per_item(self) -> list["Node"]:
        """The nodes inside the quantifiers' bodies, at any depth."""
        found = []
        for node in self.walk():
            if node.body is not None:
                found += [*node.body.walk(), *node.body.per_item()]
        return found


def _if(test: Node, then: Node, other: Node) -> Node:
    """`if test then a else b`: unknown when the test is, else the branch taken."""

    def choose(v: Values) -> Any:
        truth = test.value(v)
        if truth is None:
            return None
        return then.value(v) if truth else other.value(v)

    return Node(f"if ({test.text}) then ({then.text}) else ({other.text})", then.kind,
                test.optional or then.optional or other.optional, choose, (test, then, other))


# ---------------------------------------------------------------- the Python side


def _unknown_or(op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Arithmetic and ordering: unknown when either side is."""
    return lambda a, b: None if a is None or b is None else op(a, b)


def _dividing(op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """`//` and `%`: unknown also when the divisor is 0."""
    return lambda a, b: None if a is None or b is None or b == 0 else op(a, b)


ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": _unknown_or(lambda a, b: a + b), "-": _unknown_or(lambda a, b: a - b),
    "*": _unknown_or(lambda a, b: a * b),
    "//": _dividing(lambda a, b: a // b), "%": _dividing(lambda a, b: a % b),
}
COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "==": _unknown_or(lambda a, b: a == b), "!=": _unknown_or(lambda a, b: a != b),
    "<": _unknown_or(lambda a, b: a < b), "<=": _unknown_or(lambda a, b: a <= b),
    ">": _unknown_or(lambda a, b: a > b), ">=": _unknown_or(lambda a, b: a >= b),
}


def _kleene_and(a: bool | None, b: bool | None) -> bool | None:
    if a is False or b is False:
        return False
    return None if a is None or b is None else True


def _kleene_or(a: bool | None, b: bool | None) -> bool | None:
    if a is True or b is True:
        return True
    return None if a is None or b is None else False


# ---------------------------------------------------------------- the expressions


def _leaf(text: str, kind: str, value: Any, *, optional: bool = False,
          literal: int | None = None) -> Node:
    return Node(text, kind, optional, lambda v: value, literal=literal)


def _read(path: str, kind: str, optional: bool) -> Node:
    return Node(path, kind, optional, lambda v: v[path])


def _binary(op: str, left: Node, right: Node, kind: str,
            fn: Callable[[Any, Any], Any], optional: bool) -> Node:
    return Node(f"({left.text}) {op} ({right.text})", kind, optional,
                lambda v: fn(left.value(v), right.value(v)), (left, right))


Lets = Sequence[tuple[str, Node]]


def _let_reads(lets: Lets, kind: str) -> list[Node]:
    return [_read(name, kind, body.optional) for name, body in lets if body.kind == kind]


def int_leaf(draw: st.DrawFn, lets: Lets) -> Node:
    choice = draw(st.sampled_from(["literal", "literal", "field", "field", "optional",
                                   "param", "let", "let"]))
    reads = _let_reads(lets, "int")
    if choice == "let" and reads:
        return draw(st.sampled_from(reads))
    if choice == "literal" or choice == "let":
        number = draw(st.integers(0, 9))
        return _leaf(str(number), "int", number, literal=number)
    if choice == "field":
        return _read(draw(st.sampled_from(INT_FIELDS)), "int", False)
    if choice == "optional":
        return _read(draw(st.sampled_from(OPTIONAL_INT_FIELDS)), "int", True)
    name = draw(st.sampled_from(["t.k", "t.zero"]))
    return _leaf(f"param.{name}", "int", PARAMS[name])


def bool_leaf(draw: st.DrawFn, lets: Lets) -> Node:
    choice = draw(st.sampled_from(["literal", "field", "field", "param", "let", "let"]))
    reads = _let_reads(lets, "bool")
    if choice == "let" and reads:
        return draw(st.sampled_from(reads))
    if choice == "field" or choice == "let":
        return _read(draw(st.sampled_from(BOOL_FIELDS)), "bool", False)
    if choice == "literal":
        truth = draw(st.booleans())
        return _leaf("true" if truth else "false", "bool", truth)
    return _leaf("param.t.on", "bool", PARAMS["t.on"])


@st.composite
def int_expr(draw: st.DrawFn, depth: int, lets: Lets) -> Node:
    if depth <= 0 or draw(st.integers(0, 3)) == 0:
        return int_leaf(draw, lets)
    form = draw(st.sampled_from(["arith", "arith", "arith", "neg", "if", "index", "call",
                                 "quantity"]))
    if form == "call":
        return draw(call(depth - 1, lets))
    if form == "quantity":
        return draw(quantified(depth - 1, lets, draw(st.sampled_from(["count", "sum", "min",
                                                                      "max", "first"]))))
    if form == "neg":
        inner = draw(int_expr(depth - 1, lets))
        return Node(f"-({inner.text})", "int", inner.optional,
                    lambda v: None if inner.value(v) is None else -inner.value(v), (inner,))
    if form == "if":
        test = draw(bool_expr(depth - 1, lets))
        return _if(test, draw(int_expr(depth - 1, lets)), draw(int_expr(depth - 1, lets)))
    if form == "index":
        items, at = draw(int_list(depth - 1, lets)), draw(int_expr(depth - 1, lets))

        def item(v: Values) -> Any:
            found, position = items.value(v), at.value(v)
            if position is None or not 0 <= position < len(found):
                return None
            return found[position]

        return Node(f"({items.text})[{at.text}]", "int", True, item, (items, at))
    op = draw(st.sampled_from(sorted(ARITHMETIC)))
    left, right = draw(int_expr(depth - 1, lets)), draw(int_expr(depth - 1, lets))
    # The type checker: a quotient is unknown unless its divisor is a nonzero int literal.
    divides = op in ("//", "%") and not right.literal
    return _binary(op, left, right, "int", ARITHMETIC[op],
                   left.optional or right.optional or divides)


@st.composite
def int_list(draw: st.DrawFn, depth: int, lets: Lets) -> Node:
    """A constant list (literal or set, maybe holding none), the list parameter, or a list of
    fields and computed values."""
    form = draw(st.sampled_from(["constant", "constant", "param", "computed"]))
    if form == "param":
        return _leaf("param.t.ks", "list", list(PARAMS["t.ks"]))
    if form == "constant":
        numbers: list[int | None] = list(draw(st.lists(st.integers(0, 9), min_size=1,
                                                       max_size=4)))
        if draw(st.integers(0, 3)) == 0:
            numbers.insert(draw(st.integers(0, len(numbers))), None)
        text = ", ".join("none" if n is None else str(n) for n in numbers)
        brackets = draw(st.sampled_from(["[]", "{}"]))
        return Node(f"{brackets[0]}{text}{brackets[1]}", "list", False,
                    lambda v: list(numbers), items_optional=None in numbers)
    items = draw(st.lists(int_expr(depth, lets), min_size=1, max_size=3))
    return Node(f"[{', '.join(f'({i.text})' for i in items)}]", "list", False,
                lambda v: [i.value(v) for i in items], tuple(items),
                items_optional=any(i.optional for i in items))


@st.composite
def bool_expr(draw: st.DrawFn, depth: int, lets: Lets) -> Node:
    if depth <= 0 or draw(st.integers(0, 4)) == 0:
        return bool_leaf(draw, lets)
    form = draw(st.sampled_from(["compare", "compare", "compare", "logic", "logic", "not",
                                 "member", "member", "none", "if", "quantifier"]))
    if form == "quantifier":
        return draw(quantified(depth - 1, lets, draw(st.sampled_from(["all", "any"]))))
    if form == "compare":
        op = draw(st.sampled_from(sorted(COMPARISONS)))
        left, right = draw(int_expr(depth - 1, lets)), draw(int_expr(depth - 1, lets))
        return _binary(op, left, right, "bool", COMPARISONS[op],
                       left.optional or right.optional)
    if form == "logic":
        op = draw(st.sampled_from(["and", "or"]))
        left, right = draw(bool_expr(depth - 1, lets)), draw(bool_expr(depth - 1, lets))
        return _binary(op, left, right, "bool", _kleene_and if op == "and" else _kleene_or,
                       left.optional or right.optional)
    if form == "not":
        inner = draw(bool_expr(depth - 1, lets))
        return Node(f"not ({inner.text})", "bool", inner.optional,
                    lambda v: None if inner.value(v) is None else not inner.value(v), (inner,))
    if form == "member":
        # Half the items are a plain read or constant: the compiler inlines those.
        item = draw(st.one_of(int_expr(0, lets), int_expr(depth - 1, lets)))
        items = draw(int_list(depth - 1, lets))
        return _member(item, items, draw(st.booleans()))
    if form == "none":
        probe = draw(int_expr(depth - 1, lets))
        if not probe.optional:
            # Made optional so the type checker accepts the test: plus an optional field.
            unknown = _read(draw(st.sampled_from(OPTIONAL_INT_FIELDS)), "int", True)
            probe = _binary("+", probe, unknown, "int", ARITHMETIC["+"], True)
        equal, first = draw(st.booleans()), draw(st.booleans())
        op = "==" if equal else "!="
        text = f"none {op} ({probe.text})" if first else f"({probe.text}) {op} none"
        return Node(text, "bool", False, lambda v: (probe.value(v) is None) == equal, (probe,))
    test = draw(bool_expr(depth - 1, lets))
    return _if(test, draw(bool_expr(depth - 1, lets)), draw(bool_expr(depth - 1, lets)))


# Built-in functions over numbers: unknown when an argument is (the function is not called).
CALLS: dict[str, Callable[..., Any]] = {"lesser": min, "greater": max, "abs": abs}


@st.composite
def call(draw: st.DrawFn, depth: int, lets: Lets) -> Node:
    name = draw(st.sampled_from(sorted(CALLS)))
    args = [draw(int_expr(depth, lets)) for _ in range(1 if name == "abs" else 2)]

    def value(v: Values) -> Any:
        found = [arg.value(v) for arg in args]
        return None if None in found else CALLS[name](*found)

    return Node(f"{name}({', '.join(f'({arg.text})' for arg in args)})", "int",
                any(arg.optional for arg in args), value, tuple(args))


def _over(kind: str, bodies: list[Any], items: list[Any]) -> Any:
    """A quantifier's value from its body's value for each item (docs/rules-language.md):
    all/any three-valued; count, sum, min and max unknown when a body is; first the first
    item whose body is true."""
    if kind == "all":
        return False if False in bodies else None if None in bodies else True
    if kind == "any":
        return True if True in bodies else None if None in bodies else False
    if kind == "first":
        return next((item for item, body in zip(items, bodies, strict=True) if body is True),
                    None)
    if None in bodies:
        return None
    if kind == "count":
        return sum(1 for body in bodies if body)
    if kind == "sum":
        return sum(bodies)
    return (min if kind == "min" else max)(bodies) if bodies else None


@st.composite
def quantified(draw: st.DrawFn, depth: int, lets: Lets, kind: str) -> Node:
    """`kind(eachN in list: body)`: a condition on the item (all, any, count, first) or a
    number made of it (sum, min, max), over any list the generator makes. The body is not a
    part: its value is the item's, never the expression's."""
    items = draw(int_list(depth, lets))
    # The variable's name by depth: a quantifier in the body is shallower (no clash).
    variable = f"each{depth}"
    item = Node(variable, "int", items.items_optional, lambda v: v[variable])
    inner = [*lets, (variable, item)]
    if kind in ("sum", "min", "max"):
        other = draw(int_expr(depth, inner))
        op = draw(st.sampled_from(["+", "-", "*"]))
        body = _binary(op, item, other, "int", ARITHMETIC[op], item.optional or other.optional)
    else:
        other = draw(int_expr(depth, inner))
        op = draw(st.sampled_from(sorted(COMPARISONS)))
        body = _binary(op, item, other, "bool", COMPARISONS[op],
                       item.optional or other.optional)
        if draw(st.booleans()):
            more = draw(bool_expr(depth, inner))
            join = draw(st.sampled_from(["and", "or"]))
            body = _binary(join, body, more, "bool",
                           _kleene_and if join == "and" else _kleene_or,
                           body.optional or more.optional)

    def value(v: Values) -> Any:
        found = items.value(v)
        return _over(kind, [body.value({**v, variable: each}) for each in found], found)

    # The type checker: unknown when the list or the body may be; min, max and first
    # always may be (of nothing, or when no item is the one).
    optional = kind in ("min", "max", "first") or items.optional or body.optional
    return Node(f"{kind}({variable} in ({items.text}): {body.text})",
                "bool" if kind in ("all", "any") else "int", optional, value, (items,),
                body=body)


@dataclasses.dataclass(frozen=True)
class Case:
    lets: list[tuple[str, Node]]
    condition: Node
    # More expressions over the same lets, checked only sub-expression by sub-expression.
    more: list[Node]


@st.composite
def constant(draw: st.DrawFn) -> Node:
    if draw(st.booleans()):
        number = draw(st.integers(0, 9))
        return _leaf(str(number), "int", number, literal=number)
    name = draw(st.sampled_from(["t.k", "t.zero"]))
    return _leaf(f"param.{name}", "int", PARAMS[name])


@st.composite
def computed(draw: st.DrawFn, lets: Lets) -> Node:
    """A value the compiler cannot inline: an operator over a field and anything."""
    field = _read(draw(st.sampled_from(INT_FIELDS)), "int", False)
    other = draw(int_expr(1, lets))
    op = draw(st.sampled_from(["+", "-", "*"]))
    return _binary(op, field, other, "int", ARITHMETIC[op], other.optional)


@st.composite
def constant_list(draw: st.DrawFn) -> Node:
    return draw(int_list(0, []).filter(lambda node: not node.parts))


@st.composite
def shapes(draw: st.DrawFn, lets: Lets) -> list[Node]:
    """The shapes the compiler has fast paths for, each with random parts: a constant on
    the left of an operator facing a field and a computed value, and a field and a computed
    value tested against a constant list (`in` and `not in`)."""
    found: list[Node] = []
    for right in (_read(draw(st.sampled_from(INT_FIELDS)), "int", False),
                  draw(computed(lets))):
        left = draw(constant())
        op = draw(st.sampled_from(sorted(ARITHMETIC)))
        found.append(_binary(op, left, right, "int", ARITHMETIC[op],
                             right.optional or op in ("//", "%")))
        op = draw(st.sampled_from(sorted(COMPARISONS)))
        found.append(_binary(op, left, right, "bool", COMPARISONS[op], right.optional))
    for item in (_read(draw(st.sampled_from(INT_FIELDS)), "int", False),
                 draw(computed(lets))):
        items = draw(constant_list())
        for negate in (False, True):
            found.append(_member(item, items, negate))
    return found


def _member(item: Node, items: Node, negate: bool) -> Node:
    def member(v: Values) -> Any:
        found = item.value(v)
        # An unknown item is unknown, unless the list itself may hold none.
        if found is None and not items.items_optional:
            return None
        return (found in items.value(v)) != negate

    return Node(f"({item.text}) {'not in' if negate else 'in'} ({items.text})", "bool",
                item.optional, member, (item, items))


def _last_let(lets: Lets) -> Node:
    """A condition that reads the last let."""
    name, body = lets[-1]
    read = _read(name, body.kind, body.optional)
    if body.kind == "bool":
        return read
    return _binary(">=", read, _leaf("4", "int", 4, literal=4), "bool", COMPARISONS[">="],
                   body.optional)


@st.composite
def cases(draw: st.DrawFn) -> Case:
    """Up to four lets, each but the first often reading the one before it, a condition
    (that of `t.when` and `t.top`) that often reads the last let, and more expressions."""
    lets: list[tuple[str, Node]] = []
    for index in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["int", "bool"]))
        body = draw((int_expr if kind == "int" else bool_expr)(2, lets))
        chained = draw(st.booleans())
        if lets and chained:
            # Chained: a let that reads the one before it.
            name, before = lets[-1]
            previous = _read(name, before.kind, before.optional)
            if kind == "int" and before.kind == "int":
                body = _binary("-", previous, body, "int", ARITHMETIC["-"],
                               previous.optional or body.optional)
            elif kind == "bool":
                read = previous if before.kind == "bool" else _last_let(lets)
                op = draw(st.sampled_from(["and", "or"]))
                body = _binary(op, read, body, "bool",
                               _kleene_and if op == "and" else _kleene_or,
                               read.optional or body.optional)
        lets.append((f"l{index}", body))
    condition = draw(bool_expr(3, lets))
    reads_last = draw(st.booleans())
    if lets and reads_last:
        op = draw(st.sampled_from(["and", "or"]))
        last = _last_let(lets)
        condition = _binary(op, condition, last, "bool",
                            _kleene_and if op == "and" else _kleene_or,
                            condition.optional or last.optional)
    more = draw(st.lists(bool_expr(2, lets), min_size=1, max_size=3))
    return Case(lets, condition, more + draw(shapes(lets)))


@st.composite
def events(draw: st.DrawFn) -> tuple[TableBalanceEvent, dict[str, Any]]:
    """The event and its fields' values by path."""
    small = st.integers(0, 9)
    unknown = st.one_of(st.none(), small)
    values: dict[str, Any] = {path: draw(small) for path in INT_FIELDS}
    values |= {path: draw(unknown) for path in OPTIONAL_INT_FIELDS}
    values |= {path: draw(st.booleans()) for path in BOOL_FIELDS}
    tournament = TournamentFact(
        tournament_id="T1", kind=TournamentKind.MTT, buy_in=Money(1000), fee=Money(100),
        currency="USD", scheduled_start=Seconds(0),
        **{p.removeprefix("tournament."): values[p]
           for p in (*INT_FIELDS, *OPTIONAL_INT_FIELDS, *BOOL_FIELDS)
           if p.startswith("tournament.")})
    balance = TableBalanceFact(
        table="1", **{p.removeprefix("balance."): values[p]
                      for p in (*INT_FIELDS, *BOOL_FIELDS) if p.startswith("balance.")})
    return TableBalanceEvent(tournament, balance), values


# ---------------------------------------------------------------- the rules side


def _literal(value: bool | int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if value >= 0 else f"-{-value}"


def holds(node: Node, value: Any) -> str:
    """Rules text true exactly when the node's compiled value is `value` (unknown included):
    an optional value that came out unknown must not pass as `unknown`."""
    text = f"({node.text})"
    if value is None:
        return f"{text} == none"
    if node.optional:
        return f"{text} != none and {text} == {_literal(value)}"
    return f"{text} == {_literal(value)}"


CHECKS_PER_RULE = 6


def ruleset_text(case: Case, checks: list[str]) -> str:
    """Every rule carries the case's lets. `t.top` requires the condition, `t.when` applies
    when it holds (and then fails), `t.sN` require each sub-expression's Python value."""
    lets = "".join(f"  let {name} = {body.text}\n" for name, body in case.lets)

    def rule(rule_id: str, body: str) -> str:
        return f"rule {rule_id}\n  cites 1\n  on table_balance\n{lets}{body}\n"

    rules = [rule("t.top", f"  require {case.condition.text}"),
             rule("t.when", f"  when {case.condition.text}\n  require false")]
    # A few checks per rule, `and`-ed (each is true or false, never unknown): fewer rules
    # to parse, and a failing rule's evidence still names the sub-expressions it read.
    for n in range(0, len(checks), CHECKS_PER_RULE):
        group = checks[n:n + CHECKS_PER_RULE]
        rules.append(rule(f"t.s{n}", "  require " + " and ".join(f"({c})" for c in group)))
    return f'ruleset t "reference"\nclause 1 "x"\n{PARAM_DECLS}' + "".join(rules)


def evaluate(case: Case, values: Mapping[str, Any]) -> dict[str, Any]:
    """Every let's value by plain Python, in order, with the event's fields."""
    env = dict(values)
    for name, body in case.lets:
        env[name] = body.value(env)
    return env


def same(a: Any, b: Any) -> bool:
    """Equal and of the same type (True is not 1 here)."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


@functools.lru_cache(maxsize=4096)
def canonical(text: str) -> str:
    return format_expression(parse_expression(text))


@pytest.fixture(scope="module")
def rules_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("reference-rules")


@settings(max_examples=120, deadline=None, derandomize=True, database=None)
@given(cases(), events())
def test_compiled_expressions_agree_with_python(
        rules_dir: Path, case: Case, event: tuple[TableBalanceEvent, dict[str, Any]]) -> None:
    fact, values = event
    env = evaluate(case, values)
    nodes = [node for _, body in case.lets for node in body.walk()]
    nodes += [node for condition in (case.condition, *case.more) for node in condition.walk()]
    nodes += [_read(name, body.kind, body.optional) for name, body in case.lets]
    checks = list(dict.fromkeys(holds(n, n.value(env)) for n in nodes if n.kind != "list"))
    path = rules_dir / "reference.rules"
    path.write_text(ruleset_text(case, checks), encoding="utf-8")
    ruleset = load_ruleset(path)
    truth = case.condition.value(env)
    # t.top fails when the condition is false, t.when when it is true; no check ever fails.
    expected = {"t.top"} if truth is False else {"t.when"} if truth is True else set()
    # Each sub-expression's (canonical) text and value, for the traced steps.
    # Only `t.top` and `t.when` are explained: their steps are the lets' and the condition's.
    traced_nodes = [n for _, body in case.lets for n in body.walk()] + case.condition.walk()
    wanted = {canonical(n.text): n.value(env) for n in traced_nodes}
    wanted |= {name: env[name] for name, _ in case.lets}
    # Inside a quantifier's body a step's value is an item's: its own step per item.
    per_item = {canonical(n.text) for top in traced_nodes for n in top.per_item()}
    # The roots, and the literals inside constant lists, are traced steps too.
    wanted |= {"balance": fact.balance, "tournament": fact.tournament, "false": False,
               "true": True, "none": None} | {str(n): n for n in range(10)}
    for traced in (False, True):
        compiled = compile_ruleset(ruleset, trace=traced)
        found = {rule.rule_id for rule, _ in compiled.failures("table_balance", fact)}
        assert found == expected, (traced, found)
        for rule in compiled.by_event["table_balance"]:
            verdict = rule.evaluate(fact)
            if rule.rule_id == "t.when":
                assert (verdict is not None) == (truth is True)
                continue
            assert verdict is not None, rule.rule_id
            assert verdict.unknown == (rule.rule_id == "t.top" and truth is None), rule.rule_id
            assert verdict.passed == (rule.rule_id != "t.top" or truth is not False)
        if not traced:
            continue
        for rule in compiled.by_event["table_balance"]:
            if rule.rule_id not in ("t.top", "t.when"):
                continue
            _, steps = rule.explain(fact)
            assert steps, rule.rule_id
            for step in steps:
                if step.text not in wanted and step.text in per_item:
                    continue
                assert step.text in wanted, step.text
                assert same(step.value, wanted[step.text]), (rule.rule_id, step.text,
                                                             step.value, wanted[step.text])


def test_the_python_side_reads_unknown_as_the_language_does() -> None:
    """Hand-checked rows of the reference itself (so a wrong oracle cannot pass unseen)."""
    unknown_min = {"tournament.min_entrants": None, "balance.players": 4}
    item = _read("tournament.min_entrants", "int", True)
    players = _read("balance.players", "int", False)
    three = _leaf("3", "int", 3, literal=3)
    assert ARITHMETIC["-"](3, 4) == -1 and ARITHMETIC["//"](7, 0) is None
    assert ARITHMETIC["%"](-7, 3) == 2 and ARITHMETIC["+"](None, 1) is None
    assert _kleene_and(False, None) is False and _kleene_or(True, None) is True
    assert _kleene_and(True, None) is None and _kleene_or(False, None) is None
    minus = _binary("-", three, players, "int", ARITHMETIC["-"], False)
    assert (minus.text, minus.value(unknown_min)) == ("(3) - (balance.players)", -1)
    less = _binary("<", three, players, "bool", COMPARISONS["<"], False)
    assert less.value(unknown_min) is True
    assert _binary("<", players, three, "bool", COMPARISONS["<"], False).value(unknown_min) \
        is False
    assert _binary("==", item, three, "bool", COMPARISONS["=="], True).value(unknown_min) \
        is None
    assert holds(minus, -1) == "((3) - (balance.players)) == -1"
    assert holds(item, None) == "(tournament.min_entrants) == none"
