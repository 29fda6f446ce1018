"""A checked rule as the source of one Python function: the untraced evaluation.

The closure compiler (checker.dsl.compiler) builds a rule as a tree of closures: one Python
call per node and a fresh environment list per event. Here the same checked rule is written
as the source of a single function, compiled once with `compile`: a node is an inline
expression, a read a plain attribute access, a `let` a local computed on its first read. The
semantics are the closures' (three-valued logic, lazy lets, the None checks compiled in only
where the type checker says a value may be unknown); tests/test_compiler_reference.py and
tests/test_dsl_codegen.py hold the two to each other.

Nothing of the rule's text is evaluated as Python: the source is written from the checked AST;
every constant (a literal, a parameter, an enum member, a built-in function) is passed in by
name, and a field name is written only when it is a plain identifier (the type checker has
already accepted it as a field of a fact).

The same writer, given a rules type's Python annotation (`Writer(annotate=...)`), writes the
typed source that checker.dsl.native_rules puts in the bundled rule sets' compiled modules.

The function decides whether the rule applies and whether it passes or cannot tell. A failing
event is handed to the closures, which build the verdict's message and evidence (failures are
rare). A rule whose source would be unreasonably large or deep (lets reading lets many times
over, a hostile nesting of parentheses) keeps its closures: `write_rule` gives None, and in
an event's function (`write_event`) the rule is run by its closures.
"""

import hashlib
import keyword
import operator
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from checker.dsl import ast
from checker.dsl.builtins import BUILTINS
from checker.dsl.semantics import OPERATORS, lookup_set, may_be_none, membership_unknowns
from checker.dsl.types import NONE, EnumType, ListType, Type, strip

Evaluate = Callable[[object], Any]
# A node's source, whether it is a constant, and the constant's value.
_Source = tuple[str, bool, Any]

# Past this size (in characters) a rule's source is not worth compiling (lets are written out
# at each read, so a chain of lets each read twice doubles at every step).
_MAX_SOURCE = 16_384
_SOURCE = "rule_source"
# A let's value before its first read.
UNSET: Any = object()


class Unsupported(Exception):
    """The rule is not written as source; it keeps its closures."""


@dataclass(frozen=True)
class RulePlan:
    """What a rule's source is written from: the checked rule, the conjuncts of its `when`
    left to test (the engine may have tested the others as guards), the types the checker
    gave its expressions, the parameters' values, the event's root names, and the closures'
    evaluation, which builds the verdict of a failing event."""

    rule: ast.Rule
    when: tuple[ast.Expr, ...]
    kind: Callable[[ast.Expr], Type]
    params: Mapping[str, object]
    roots: frozenset[str]
    failed: Evaluate


class Written:
    """A rule's evaluation, written as source on its first call (the engine runs the rules
    of an event fused, `write_event`, so most rules' own functions are never needed)."""

    __slots__ = ("function", "passed", "plan", "unknown")

    def __init__(self, plan: RulePlan, passed: object, unknown: object) -> None:
        self.plan, self.passed, self.unknown = plan, passed, unknown
        self.function: Evaluate | None = None

    def __call__(self, event: object) -> Any:
        function = self.function
        if function is None:
            function = self.written()
        return function(event)

    def written(self) -> Evaluate:
        """The rule's function (the closures when it cannot be written), written once."""
        if self.function is None:
            self.function = (write_rule(self.plan, self.passed, self.unknown)
                             or self.plan.failed)
        return self.function


def plan_of(evaluate: object) -> RulePlan | None:
    """What a rule's evaluation is written from; None for closures (a traced rule)."""
    return evaluate.plan if isinstance(evaluate, Written) else None


def write_rule(plan: RulePlan, passed: object, unknown: object) -> Evaluate | None:
    """The rule's evaluation as one function: None when it does not apply (a conjunct of
    `when` is not true), `passed` or `unknown`, else the closures' failing verdict."""
    writer = Writer()
    written = rule_or_none(writer, plan)
    if written is None:
        return None
    tests, require = written
    lines: list[str] = []
    if writer.let_names:
        lines.append(f"    {' = '.join(writer.let_names)} = _unset")
    if tests:
        lines.append(f"    if not ({' and '.join(tests)}):")
        lines.append("        return None")
    lines += [f"    result = {require}",
              "    if result:",
              "        return _passed",
              "    if result is None:",
              "        return _unknown",
              "    return _failed(event)"]
    lines = [*writer.functions, "def evaluate(event):", *writer.hoisted(lines)]
    names = {"_passed": passed, "_unknown": unknown, "_failed": plan.failed}
    return _compiled("\n".join(lines), names, writer, f"<rule {plan.rule.rule_id}>",
                     "evaluate")


# A rule of an event's selection: the object a failure names, its plan (None: closures only)
# and its evaluation.
Entry = tuple[object, RulePlan | None, Evaluate]


def write_event(entries: Sequence[Entry]) -> Callable[[object], Any]:
    """The rules selected for an event as one function giving the failures, in order, as
    (entry's rule, verdict) pairs. A rule that cannot be written is run by its evaluation."""
    fused = _fused(entries)
    if fused is None:
        # Python refused the whole: run the rules it refuses alone by their evaluations.
        fused = _fused([(rule, plan if plan is None or write_rule(plan, None, None) else None,
                         evaluate) for rule, plan, evaluate in entries])
    return fused if fused is not None else _loop(entries)


def _loop(entries: Sequence[Entry]) -> Callable[[object], Any]:
    """The entries' evaluations one after another: the last resort, when Python refuses
    even the rules it compiles alone put together."""
    def run(event: object) -> list[tuple[object, Any]]:
        found = []
        for rule, _, evaluate in entries:
            verdict = evaluate(event)
            if verdict is not None and not verdict.passed:
                found.append((rule, verdict))
        return found

    return run


def _fused(entries: Sequence[Entry]) -> Callable[[object], Any] | None:
    writer = Writer()
    body: list[str] = []
    names: dict[str, Any] = {}
    for index, (rule, plan, evaluate) in enumerate(entries):
        names[f"_r{index}"] = rule
        written = rule_or_none(writer, plan)
        if written is None:
            names[f"_e{index}"] = evaluate
            body += [f"    verdict = _e{index}(event)",
                     "    if verdict is not None and not verdict.passed:",
                     f"        found.append((_r{index}, verdict))"]
            continue
        assert plan is not None and plan.rule.require is not None
        names[f"_f{index}"] = plan.failed
        tests, require = written
        body += rule_lines(writer, plan.rule.require, tests, require,
                           f"found.append((_r{index}, _f{index}(event)))")
    lines = ["    found = []"]
    if writer.let_names:
        lines.append(f"    {' = '.join(writer.let_names)} = _unset")
    lines = [*writer.functions, "def run(event):", *writer.hoisted([*lines, *body]),
             "    return found"]
    return _compiled("\n".join(lines), names, writer, "<rules of an event>", "run")


def rule_lines(writer: "Writer", require_expr: ast.Expr, tests: list[str], require: str,
               on_failure: str) -> list[str]:
    """A rule's lines in an event's function: when its `tests` hold and its `require` is
    false (unknown passes), the statement `on_failure`."""
    lines = []
    indent = "    "
    if tests:
        lines.append(f"    if {' and '.join(tests)}:")
        indent = "        "
    if writer.may_be_none(require_expr):
        lines += [f"{indent}result = {require}", f"{indent}if not result and result is not None:"]
    else:
        lines.append(f"{indent}if not {require}:")
    lines.append(f"{indent}    {on_failure}")
    return lines


def rule_or_none(writer: "Writer", plan: RulePlan | None) -> tuple[list[str], str] | None:
    """The rule's tests and require written by `writer`; None when it cannot be."""
    if plan is None:
        return None
    functions = len(writer.functions)
    try:
        tests, require = writer.rule(plan)
    except (Unsupported, RecursionError):
        return None
    size = sum(map(len, [*tests, require, *writer.functions[functions:]]))
    return None if size > _MAX_SOURCE else (tests, require)


def _compiled(source: str, names: dict[str, Any], writer: "Writer", label: str,
              function_name: str) -> Callable[[object], Any] | None:
    """The source's function `function_name`, compiled with the names it reads; None when
    the source is too large or Python's own compiler refuses it (too deeply nested)."""
    try:
        code = compile(source, label, "exec")
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return None
    scope: dict[str, Any] = {**_HELPERS, **writer.constants, **names, "_unset": UNSET}
    exec(code, scope)
    function: Callable[[object], Any] = scope[function_name]
    setattr(function, _SOURCE, source)  # what the rules became, for tests and debugging
    return function


@cache
def writer_digest() -> str:
    """The digest of the writer's sources (this module, checker.dsl.native_rules, and the
    built-in functions it copies): what a module of typed rules records, so that one written
    by another writer is not used."""
    digest = hashlib.sha256()
    for name in ("codegen.py", "native_rules.py", "builtins.py"):
        digest.update((Path(__file__).parent / name).read_bytes())
    return digest.hexdigest()


def source_of(function: object) -> str | None:
    """The source a rule's evaluation (or an event's rules) was written as; None for
    closures."""
    if isinstance(function, Written):
        function = function.written()
    source = getattr(function, _SOURCE, None)
    return source if isinstance(source, str) else None


# ---------------------------------------------------------------- run-time helpers


def item_at(items: Any, at: Any) -> Any:
    """`items[at]`: unknown when either is, or `at` is out of range."""
    if items is None or at is None or not 0 <= at < len(items):
        return None
    return items[at]


def member_test(item: Any, items: Any, item_unknown: bool, collection_unknown: bool,
                negate: bool) -> Any:
    if (item_unknown and item is None) or (collection_unknown and items is None):
        return None
    return (item in items) != negate


_HELPERS: dict[str, Any] = {"_item": item_at, "_member": member_test}
# A quantifier's loop, by kind: how each item's body value `value` is taken in, and what the
# loop gives when it runs out (three-valued: an unknown item makes all/any unknown unless a
# decisive one is found, and count/sum/min/max unknown).
_LOOPS: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "all": (("unknown = False",),
            ("if value is False:", "    return False", "unknown = unknown or value is None"),
            "None if unknown else True"),
    "any": (("unknown = False",),
            ("if value is True:", "    return True", "unknown = unknown or value is None"),
            "None if unknown else False"),
    "count": (("total = 0",),
              ("if value is None:", "    return None", "total += value is True"), "total"),
    "sum": (("total = 0",),
            ("if value is None:", "    return None", "total += value"), "total"),
    "min": (("best = None",),
            ("if value is None:", "    return None",
             "best = value if best is None else min(best, value)"), "best"),
    "max": (("best = None",),
            ("if value is None:", "    return None",
             "best = value if best is None else max(best, value)"), "best"),
}


# The loops of `all` and `any` over a body that is never unknown: the test of each item's
# body, and what the loop gives when it runs out.
_KNOWN_LOOPS: dict[str, tuple[tuple[str, ...], str]] = {
    "all": (("if not {body}:", "    return False"), "True"),
    "any": (("if {body}:", "    return True"), "False"),
}


def _field(name: str) -> str:
    """A field name fit to be written into source."""
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
        raise Unsupported(name)
    return name


# ---------------------------------------------------------------- the writer


class Writer:
    """Writes expressions as source, collecting the constants they name."""

    def __init__(self, annotate: Callable[[Type], str] | None = None, prefix: str = "",
                 callee: Callable[[Callable[..., object]], str | None] | None = None) -> None:
        # Put in the names of constants and temporaries (unique in a module of several).
        self.prefix = prefix
        # A built-in function's name in the written module (checker.dsl.native_rules: a typed
        # copy there); None, or no `callee`: the function is called as a constant.
        self.callee = callee
        # Typed source (checker.dsl.native_rules, for mypyc): a rules type as a Python
        # annotation. None: untyped source, compiled here.
        self.annotate = annotate
        # The annotation of each quantifier's variable (what a loop nested in it is handed).
        self.variable_types: dict[str, str] = {}
        self.kind: Callable[[ast.Expr], Type] = lambda expr: NONE
        self.params: Mapping[str, object] = {}
        self.roots: frozenset[str] = frozenset()
        self.constants: dict[str, Any] = {}
        # What a name of the rule stands for: the identifier of a let or of a quantifier's
        # variable in the source.
        self.scope: dict[str, str] = {}
        self.let_names: list[str] = []
        # A let's value, written out where a function reads it, and the lets it reads.
        self.let_values: dict[str, str] = {}
        self.let_reads: dict[str, set[str]] = {}
        self.collecting: set[str] | None = None
        self.temps = 0
        # The quantifiers' loops, each a function of its own (the source of each).
        self.functions: list[str] = []
        # The loops being written, innermost last: each one's variable and the identifiers
        # it reads from outside (lets, outer variables), which become its parameters.
        self.frames: list[tuple[str, list[str]]] = []
        # How often the function reads each of the event's roots (outside loops and lets).
        self.roots_read: dict[str, int] = {}
        # The event's class as the typed source names it.
        self.event_annotation = "Any"

    def hoisted(self, lines: list[str]) -> list[str]:
        """The function's lines with each root the event's rules read more than once read
        into a local first (an attribute read costs more than a local's); a root read once
        is read where it is used."""
        once = [name for name, reads in self.roots_read.items() if reads == 1]
        if once:
            pattern = re.compile(r"\b_o_(" + "|".join(map(re.escape, once)) + r")\b")
            lines = [pattern.sub(r"event.\1", line) for line in lines]
        return [f"    _o_{name} = event.{name}" for name, reads in self.roots_read.items()
                if reads > 1] + lines

    def rule(self, plan: RulePlan) -> tuple[list[str], str]:
        """A rule's tests (its `when` left to test) and its `require`, as expressions; the
        rule's lets are locals of the function (their names unique in it)."""
        assert plan.rule.require is not None
        self.kind, self.params, self.roots = plan.kind, plan.params, plan.roots
        self.scope, self.let_values, self.let_reads = {}, {}, {}
        self.collecting, self.frames = None, []  # as they were, if a rule before failed
        for let in plan.rule.lets:
            self.define_let(let)
        tests = [self.expr(conjunct)[0] for conjunct in plan.when]
        return tests, self.expr(plan.rule.require)[0]

    def temp(self, stem: str) -> str:
        self.temps += 1
        return f"_{stem}{self.prefix}{self.temps}"

    def constant(self, value: Any) -> _Source:
        if value is None or type(value) in (bool, int):
            return f"({value!r})", True, value
        name = f"_k{self.prefix}{len(self.constants)}"
        self.constants[name] = value
        return name, True, value

    def may_be_none(self, *exprs: ast.Expr) -> bool:
        return may_be_none(self.kind, *exprs)

    def define_let(self, let: ast.Let) -> None:
        """A let is computed on its first read (the `when` often decides without it)."""
        self.collecting = set()
        value = self.expr(let.value)[0]
        name = f"_l{len(self.let_names)}"
        self.let_names.append(name)
        self.let_values[name], self.let_reads[name] = value, self.collecting
        self.collecting = None
        self.scope[let.name] = name

    def reference(self, ident: str) -> str:
        """A let or a quantifier's variable, read where the source is being written. A let is
        computed on its first read in each function that reads it (a loop's function is
        handed the let's state, computed or not, and the lets its value reads)."""
        self.needs(ident)
        if ident not in self.let_values:
            return ident
        value = self.let_values[ident]
        return f"({ident} if {ident} is not _unset else ({ident} := {value}))"

    def needs(self, ident: str) -> None:
        """The loop being written reads `ident` from outside: a parameter of its function."""
        wanted = (ident, *sorted(self.let_reads.get(ident, ())))
        if not self.frames:
            if self.collecting is not None:
                self.collecting.update(wanted)
            return
        variable, free = self.frames[-1]
        free.extend(each for each in wanted if each != variable and each not in free)

    def expr(self, expr: ast.Expr) -> _Source:
        match expr:
            case ast.Literal():
                return self.constant(expr.value)
            case ast.ParamRef():
                return self.constant(self.params[expr.path])
            case ast.Name():
                return self.name(expr)
            case ast.Attribute():
                return self.attribute(expr)
            case ast.Index():
                items, at = self.expr(expr.obj)[0], self.expr(expr.index)[0]
                return f"_item({items}, {at})", False, None
            case ast.Unary():
                return self.unary(expr)
            case ast.Binary():
                return self.binary(expr)
            case ast.IfElse():
                cond = self.expr(expr.condition)[0]
                then, otherwise = self.expr(expr.then)[0], self.expr(expr.otherwise)[0]
                if not self.may_be_none(expr.condition):
                    return f"({then} if {cond} else {otherwise})", False, None
                test = self.temp("t")
                return (f"(None if ({test} := {cond}) is None else "
                        f"({then} if {test} else {otherwise}))"), False, None
            case ast.Call():
                return self.call(expr)
            case ast.Quantifier():
                return self.quantifier(expr)
            case ast.ListLit() | ast.SetLit():
                elements = [self.expr(item) for item in expr.items]
                if all(element[1] for element in elements):
                    return self.constant([element[2] for element in elements])
                return f"[{', '.join(element[0] for element in elements)}]", False, None
        raise Unsupported(type(expr).__name__)

    def name(self, expr: ast.Name) -> _Source:
        if expr.name in self.scope:
            return self.reference(self.scope[expr.name]), False, None
        if expr.name in self.roots:
            name = _field(expr.name)
            if self.frames or self.collecting is not None:
                return f"event.{name}", False, None
            # In the function itself (not in a loop's, nor in a let's value, which loops'
            # functions also write out): a local read once (see `hoisted`).
            self.roots_read[name] = self.roots_read.get(name, 0) + 1
            return f"_o_{name}", False, None
        kind = self.kind(expr)
        if not isinstance(kind, EnumType):
            raise Unsupported(expr.name)
        return self.constant(kind.members[expr.name])

    def attribute(self, expr: ast.Attribute) -> _Source:
        obj = self.expr(expr.obj)[0]
        name = _field(expr.name)
        if not self.may_be_none(expr.obj):
            return f"{obj}.{name}", False, None
        value = self.temp("t")
        return f"(None if ({value} := {obj}) is None else {value}.{name})", False, None

    def unary(self, expr: ast.Unary) -> _Source:
        text, const, value = self.expr(expr.operand)
        op = "not " if expr.op == "not" else "-"
        if const:
            fold = operator.not_ if expr.op == "not" else operator.neg
            return self.constant(None if value is None else fold(value))
        if not self.may_be_none(expr.operand):
            return f"({op}{text})", False, None
        inner = self.temp("t")
        return f"(None if ({inner} := {text}) is None else {op}{inner})", False, None

    def binary(self, expr: ast.Binary) -> _Source:
        if expr.op in ("and", "or"):
            return self.logic(expr)
        left, right = self.expr(expr.left), self.expr(expr.right)
        if expr.op in ("in", "not in"):
            return self.membership(expr, left, right)
        if expr.op in ("==", "!=") and NONE in (self.kind(expr.left), self.kind(expr.right)):
            probe = left if self.kind(expr.right) == NONE else right
            if probe[1]:
                return self.constant((probe[2] is None) == (expr.op == "=="))
            test = "is" if expr.op == "==" else "is not"
            return f"({probe[0]} {test} None)", False, None
        op = expr.op
        if op in ("//", "%") and not (right[1] and right[2]):
            a, b = self.temp("a"), self.temp("b")
            return (f"(None if ({a} := {left[0]}) is None or ({b} := {right[0]}) is None "
                    f"or {b} == 0 else {a} {op} {b})"), False, None
        if self.may_be_none(expr.left, expr.right):
            # Unknown when either side is: only a side that may be is held and tested.
            (a, b), tests = self.unknowns([(expr.left, left[0]), (expr.right, right[0])])
            return f"(None if {tests} else {a} {op} {b})", False, None
        if left[1] and right[1]:
            return self.constant(OPERATORS[op](left[2], right[2]))
        return f"({left[0]} {op} {right[0]})", False, None

    def unknowns(self, operands: list[tuple[ast.Expr, str]]) -> tuple[list[str], str]:
        """The operands as they are to be used, and the test that one of them is unknown:
        each operand that may be unknown is held in a temporary as the test reads it (in
        order; a later one is not read once an earlier one is unknown), the others are used
        where they stand (reading them has no effect but their value)."""
        used: list[str] = []
        tests: list[str] = []
        for expr, text in operands:
            if self.may_be_none(expr):
                held = self.temp("u")
                tests.append(f"({held} := {text}) is None")
                text = held
            used.append(text)
        return used, " or ".join(tests)

    def logic(self, expr: ast.Binary) -> _Source:
        left, right = self.expr(expr.left)[0], self.expr(expr.right)[0]
        left_unknown, right_unknown = self.may_be_none(expr.left), self.may_be_none(expr.right)
        if not (left_unknown or right_unknown):
            return f"({left} {expr.op} {right})", False, None
        # Three-valued: false and anything is false, true or anything is true.
        decisive = "False" if expr.op == "and" else "True"
        other = "True" if expr.op == "and" else "False"
        if not left_unknown:
            # A known left side decides, or leaves the right side's value (unknown or not).
            if expr.op == "and":
                return f"({right} if {left} else False)", False, None
            return f"(True if {left} else {right})", False, None
        a = self.temp("a")
        if not right_unknown:
            return (f"({decisive} if ({a} := {left}) is {decisive} else ({decisive} if "
                    f"{right} is {decisive} else (None if {a} is None else {other})))"
                    ), False, None
        b = self.temp("b")
        return (f"({decisive} if ({a} := {left}) is {decisive} else ({decisive} if "
                f"({b} := {right}) is {decisive} else (None if {a} is None or {b} is None "
                f"else {other})))"), False, None

    def membership(self, expr: ast.Binary, left: _Source, right: _Source) -> _Source:
        item_unknown, collection_unknown = membership_unknowns(self.kind, expr)
        negate = expr.op == "not in"
        if right[1] and not (item_unknown or collection_unknown):
            members = self.constant(lookup_set(right[2]))[0]
            return f"({left[0]} {expr.op} {members})", False, None
        if not (item_unknown or collection_unknown):
            return f"({left[0]} {expr.op} {right[0]})", False, None
        return (f"_member({left[0]}, {right[0]}, {item_unknown}, {collection_unknown}, "
                f"{negate})"), False, None

    def call(self, expr: ast.Call) -> _Source:
        function = BUILTINS[expr.function].function
        args = [self.expr(arg) for arg in expr.args]
        if all(arg[1] for arg in args):
            values = [arg[2] for arg in args]
            return self.constant(None if None in values else function(*values))
        name = self.callee(function) if self.callee is not None else None
        if name is None:
            name = self.constant(function)[0]
        texts = ", ".join(arg[0] for arg in args)
        if not self.may_be_none(*expr.args):
            return f"{name}({texts})", False, None
        used, tests = self.unknowns([(arg, text[0])
                                     for arg, text in zip(expr.args, args, strict=True)])
        return f"(None if {tests} else {name}({', '.join(used)}))", False, None

    def loop_signature(self, name: str, expr: ast.Quantifier, variable: str,
                       free: list[str]) -> str:
        """A loop's `def` line: the event, the collection and what it reads from outside."""
        if self.annotate is None:
            return f"def {name}(event, items{''.join(', ' + ident for ident in free)}):"
        params = [f"event: {self.event_annotation}",
                  f"items: {self.annotate(self.kind(expr.collection))}",
                  *(f"{ident}: {self.variable_types.get(ident, 'Any')}" for ident in free)]
        return f"def {name}({', '.join(params)}) -> Any:"

    def quantifier(self, expr: ast.Quantifier) -> _Source:
        """A loop of its own function: `_qN(event, collection, *what it reads from outside)`."""
        collection = self.expr(expr.collection)[0]
        name, variable = self.temp("q"), self.temp("x")
        if self.annotate is not None:
            items = strip(self.kind(expr.collection))
            self.variable_types[variable] = (self.annotate(items.item)
                                             if isinstance(items, ListType) else "Any")
        outer = self.scope.get(expr.variable)
        self.scope[expr.variable] = variable
        free: list[str] = []
        self.frames.append((variable, free))
        try:
            body = self.expr(expr.body)[0]
        finally:
            self.frames.pop()
            if outer is None:
                del self.scope[expr.variable]
            else:
                self.scope[expr.variable] = outer
        lines = [self.loop_signature(name, expr, variable, free)]
        if self.may_be_none(expr.collection):
            lines += ["    if items is None:", "        return None"]
        if expr.kind == "first":
            # The first item whose body is true (an unknown body is not true).
            lines += [f"    for {variable} in items:",
                      f"        if {body} is True:",
                      f"            return {variable}",
                      "    return None"]
        elif expr.kind in _KNOWN_LOOPS and not self.may_be_none(expr.body):
            # A body never unknown: two-valued, and the loop need not look for unknowns.
            take, result = _KNOWN_LOOPS[expr.kind]
            lines += [f"    for {variable} in items:",
                      *(f"        {line.format(body=body)}" for line in take),
                      f"    return {result}"]
        else:
            start, take, result = _LOOPS[expr.kind]
            if self.annotate is not None and expr.kind in ("min", "max"):
                start = ("best: Any = None",)  # typed: none until the first item
            lines += [f"    {line}" for line in start]
            lines += [f"    for {variable} in items:", f"        value = {body}"]
            lines += [f"        {line}" for line in take]
            lines.append(f"    return {result}")
        self.functions.append("\n".join(lines))
        for ident in free:
            self.needs(ident)
        return f"{name}(event, {collection}{''.join(', ' + ident for ident in free)})", False, None
