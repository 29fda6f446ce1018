"""`feltcheck rules lint`: warnings about rules that parse and type-check but are likely
wrong or hard to use: missing title, message or severity, constant conditions, unused lets and
parameters, citations of unchecked clauses, empty reasons, rule id style, duplicate tests,
a test's expectations that contradict each other (`expect none` beside a finding; a finding
both expected and a known gap).

Each warning is located (file:line:column of the construct it is about) and carries a hint."""

import re
from collections.abc import Iterator, Sequence

from checker.dsl import ast
from checker.dsl.codes import Code
from checker.dsl.diagnostics import Diagnostic, SourceText
from checker.dsl.formatter import format_expect, format_expression, quote

# group.name-with-dashes: a lowercase group, then dot-separated words joined by single dashes.
RULE_ID_STYLE = re.compile(r"[a-z][a-z0-9]*(\.[a-z0-9]+(-[a-z0-9]+)*)+")


# ---------------------------------------------------------------- walking expressions


def free_names(expr: ast.Expr, bound: frozenset[str] = frozenset()) -> set[str]:
    """Names an expression reads from outside: not the variable of a quantifier around them."""
    if isinstance(expr, ast.Name):
        return set() if expr.name in bound else {expr.name}
    if isinstance(expr, ast.Quantifier):
        inner = bound | {expr.variable}
        return free_names(expr.collection, bound) | free_names(expr.body, inner)
    found: set[str] = set()
    for child in ast.children(expr):
        found |= free_names(child, bound)
    return found


def param_refs(expr: ast.Expr) -> Iterator[ast.ParamRef]:
    if isinstance(expr, ast.ParamRef):
        yield expr
    for child in ast.children(expr):
        yield from param_refs(child)


def is_constant(expr: ast.Expr, constants: frozenset[str] = frozenset()) -> bool:
    """True when the value cannot depend on the event or on a parameter: literals, operators
    and quantifiers over them, and lets (`constants`) that are constant themselves. Calls
    count as varying: a built-in may read the event."""
    match expr:
        case ast.Literal():
            return True
        case ast.Name(name=name):
            return name in constants
        case ast.ParamRef() | ast.Call():
            return False
        case ast.Quantifier(variable=variable, collection=collection, body=body):
            # Over a constant collection the variable takes constant values.
            return (is_constant(collection, constants)
                    and is_constant(body, constants | {variable}))
        case _:
            return all(is_constant(child, constants) for child in ast.children(expr))


def _body(rule: ast.Rule) -> Iterator[ast.Expr]:
    """`when`, `require` and the message's placeholders."""
    yield from (e for e in (rule.when, rule.require) if e is not None)
    if rule.message is not None:
        yield from (p for p in rule.message.parts if not isinstance(p, str))


def _rule_expressions(rule: ast.Rule) -> Iterator[ast.Expr]:
    yield from (let.value for let in rule.lets)
    yield from _body(rule)


def _header_span(rule: ast.Rule) -> ast.Span:
    """From `rule` (or `override`) to the end of the rule id."""
    return ast.Span(rule.span.line, rule.span.column, rule.id_span.end_line,
                    rule.id_span.end_column)


# ---------------------------------------------------------------- the checks


class _Linter:
    def __init__(self, tree: ast.RulesFile, source: SourceText,
                 engine_params: frozenset[str]) -> None:
        self.tree = tree
        self.source = source
        self.engine_params = engine_params
        self.found: list[Diagnostic] = []

    def warn(self, code: Code, span: ast.Span, message: str, hint: str) -> None:
        self.found.append(self.source.diagnostic(span, message, hint, level="warning",
                                                 code=code))

    def run(self) -> list[Diagnostic]:
        rules = [item for item in self.tree.items if isinstance(item, ast.Rule)]
        for rule in rules:
            self.rule_parts(rule)
            self.constants(rule)
            self.unused_lets(rule)
            self.rule_id_style(rule)
        self.unread_params(rules)
        self.unchecked_citations(rules)
        self.empty_reasons()
        self.duplicate_tests()
        for item in self.tree.items:
            if isinstance(item, ast.RuleTest):
                self.conflicting_expects(item)
        return sorted(self.found, key=lambda d: (d.span.line, d.span.column, d.message))

    def rule_parts(self, rule: ast.Rule) -> None:
        where = _header_span(rule)
        if rule.title is None:
            self.warn(Code.LINT_NO_TITLE, where, f"rule {rule.rule_id} has no title",
                      'add `title "..."`: reports and `feltcheck explain` show it')
        if rule.message is None:
            self.warn(Code.LINT_NO_MESSAGE, where, f"rule {rule.rule_id} has no message",
                      'add `message "..."` with {placeholders} showing the values that decided')
        if rule.severity is None:
            self.warn(Code.LINT_NO_SEVERITY, where,
                      f"rule {rule.rule_id} has no severity; it defaults to error",
                      "write `severity error` to make that explicit, or warning or info")

    def constants(self, rule: ast.Rule) -> None:
        constant_lets: frozenset[str] = frozenset()
        for let in rule.lets:
            if is_constant(let.value, constant_lets):
                constant_lets |= {let.name}
            else:
                constant_lets -= {let.name}
        if rule.when is not None and is_constant(rule.when, constant_lets):
            self.warn(Code.LINT_CONSTANT_WHEN, rule.when.span,
                      f"`when {format_expression(rule.when)}` is a constant: rule "
                      f"{rule.rule_id} applies to every event or to none",
                      "test a fact of the event or a parameter; drop `when` to apply the rule "
                      "to every event")
        if rule.require is not None and is_constant(rule.require, constant_lets):
            self.warn(Code.LINT_CONSTANT_REQUIRE, rule.require.span,
                      f"`require {format_expression(rule.require)}` is a constant: rule "
                      f"{rule.rule_id} always passes or always fails",
                      "require something of the event's facts or of a parameter")

    def unused_lets(self, rule: ast.Rule) -> None:
        for number, let in enumerate(rule.lets):
            readers = [*(other.value for other in rule.lets[number + 1:]), *_body(rule)]
            if any(let.name in free_names(expr) for expr in readers):
                continue
            self.warn(Code.LINT_UNUSED_LET,
                      let.name_span,
                      f"let {let.name} is never used in rule {rule.rule_id}",
                      "remove it, or use it in a later let, in `when`, `require` or the message")

    def rule_id_style(self, rule: ast.Rule) -> None:
        # An override names a rule of the set it extends: that set owns the id's style.
        if rule.override or RULE_ID_STYLE.fullmatch(rule.rule_id):
            return
        group, _, rest = rule.rule_id.partition(".")
        words = [re.sub(r"[_-]+", "-", word).strip("-") for word in rest.split(".")]
        # The grammar's RULE_ID makes this suggestion always fit the style.
        suggestion = ".".join([group.replace("_", ""), *words])
        self.warn(Code.LINT_RULE_ID_STYLE, rule.id_span,
                  f"rule id {rule.rule_id} is not in group.name-with-dashes style",
                  f"write it as {suggestion}")

    def unread_params(self, rules: Sequence[ast.Rule]) -> None:
        read = {ref.path for rule in rules for e in _rule_expressions(rule)
                for ref in param_refs(e)} | self.engine_params
        for item in self.tree.items:
            if not isinstance(item, ast.ParamDecl):
                continue
            if any(path == item.path or path.startswith(item.path + ".") for path in read):
                continue
            self.warn(Code.LINT_UNUSED_PARAM,
                      item.path_span,
                      f"parameter {item.path} is declared but no rule in this file reads "
                      f"param.{item.path}, nor does the engine",
                      f"remove it, or read param.{item.path} in a rule (a rule set that "
                      "extends this file may still read it)")

    def unchecked_citations(self, rules: Sequence[ast.Rule]) -> None:
        unchecked = {item.clause: item for item in self.tree.items
                     if isinstance(item, ast.Unchecked)}
        for rule in rules:
            for cite in rule.cites:
                declared = unchecked.get(cite.clause)
                if declared is None:
                    continue
                self.warn(Code.LINT_CITES_UNCHECKED, cite.span,
                          f"rule {rule.rule_id} cites clause {cite.clause}, which line "
                          f"{declared.span.line} declares unchecked",
                          "a clause is either enforced by rules or declared unchecked: remove "
                          f"the citation or `unchecked {cite.clause}`")

    def empty_reasons(self) -> None:
        for item in self.tree.items:
            if isinstance(item, ast.Unchecked) and not item.reason.strip():
                self.warn(Code.LINT_EMPTY_REASON, item.reason_span,
                          f"unchecked {item.clause} gives no reason",
                          "say why the clause cannot be checked from the records, e.g. "
                          'unchecked 36 "management decisions are not recorded"')

    def duplicate_tests(self) -> None:
        first: dict[str, ast.RuleTest] = {}
        for item in self.tree.items:
            if not isinstance(item, ast.RuleTest):
                continue
            if item.name not in first:
                first[item.name] = item
                continue
            self.warn(Code.LINT_DUPLICATE_TEST, item.name_span,
                      f"test name {quote(item.name)} is already used by the test at line "
                      f"{first[item.name].span.line}",
                      "give each test its own name so that `feltcheck rules test` results can "
                      "be told apart")


    def conflicting_expects(self, test: ast.RuleTest) -> None:
        """Expectations of one test that cannot all hold: `expect none` beside a finding the
        input should give, or one finding named both as given and as a known gap (or as
        both kinds of gap)."""
        nothing = next((e for e in test.expects if e.rule_id is None), None)
        seen: dict[tuple[str | None, str | None, int | None], ast.Expect] = {}
        for expect in test.expects:
            if expect.rule_id is None:
                continue
            if nothing is not None and expect.gap != ast.TODO_NOT:
                self.warn(Code.LINT_CONFLICTING_EXPECTS, expect.span,
                          f"{_expect_text(expect)} contradicts the `expect none` at line "
                          f"{nothing.span.line}: the input cannot give no finding and this one",
                          "drop one of them; a finding the input gives but should not is "
                          f"`expect {ast.TODO_NOT} {expect.rule_id}`")
            key = (expect.rule_id, expect.hand, expect.action)
            first = seen.setdefault(key, expect)
            if first is not expect and first.gap != expect.gap:
                self.warn(Code.LINT_CONFLICTING_EXPECTS, expect.span,
                          f"{_expect_text(expect)} contradicts {_expect_text(first)} at line "
                          f"{first.span.line}",
                          "a finding is expected, a known gap (`todo`: not given yet) or a "
                          "known false positive (`todo-not`): keep the one that holds")


def _expect_text(expect: ast.Expect) -> str:
    return f"`{format_expect(expect)}`"


def lint_rules(tree: ast.RulesFile, source: SourceText,
               engine_params: frozenset[str] = frozenset()) -> list[Diagnostic]:
    """Warnings (level "warning") for a parsed rules file, in source order.

    `engine_params`: parameter paths (`collusion.min_hands`) the engine reads itself, not
    through a rule; the caller that knows them names them (this package does not import the
    audit)."""
    return _Linter(tree, source, engine_params).run()
