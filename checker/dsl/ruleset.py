"""Load a rule set: read a rules file and the files it extends, and compose them.

Composition: a file `extends` at most one parent: a path relative to the file or, when no such
file exists, the bare name of a bundled rule set (`extends "fulltilt"`, checker/rulesets). The
parent's clauses, parameters, rules and tests are inherited; the child may add clauses and rules,
`override param`, `override rule`, `disable rule`. Overriding or disabling something that
does not exist, declaring a rule id or parameter twice, a rule without a citation and a
citation of a clause the rule set's source does not have are errors, each located with a
"did you mean" where one applies. Every problem found is reported at once.
"""

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from checker import rulesets
from checker.dsl import ast
from checker.dsl.codes import Code
from checker.dsl.compiler import param_value
from checker.dsl.diagnostics import Diagnostic, RulesError, SourceText, did_you_mean
from checker.dsl.parsed_trees import kept_tree
from checker.dsl.text_guard import MAX_RULES_BYTES
from checker.dsl.typecheck import check_param_value, check_rule
from checker.dsl.types import Type, type_from_ref


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a declaration was written."""

    source: SourceText
    span: ast.Span

    def where(self) -> str:
        return f"{self.source.file}:{self.span.line}:{self.span.column}"


@dataclass(slots=True)
class Param:
    path: str
    type: ast.TypeRef
    value: ast.Expr
    declared: Origin
    # The value's own origin: the declaration, or the override that replaced it.
    value_origin: Origin


@dataclass(slots=True)
class LoadedRule:
    rule: ast.Rule
    origin: Origin


@dataclass(slots=True)
class Clause:
    clause: str
    text: str
    origin: Origin


@dataclass(slots=True)
class Ruleset:
    name: str
    title: str
    # The files of the chain, root first; their bytes make the rule set's hash.
    files: list[str] = field(default_factory=list)
    sha256: str = ""
    clauses: dict[str, Clause] = field(default_factory=dict)
    unchecked: dict[str, tuple[str, Origin]] = field(default_factory=dict)
    params: dict[str, Param] = field(default_factory=dict)
    rules: dict[str, LoadedRule] = field(default_factory=dict)
    disabled: dict[str, tuple[str, Origin]] = field(default_factory=dict)
    tests: list[tuple[ast.RuleTest, Origin]] = field(default_factory=list)
    param_types: dict[str, Type] = field(default_factory=dict)
    sources: dict[str, SourceText] = field(default_factory=dict)
    trees: dict[str, ast.RulesFile] = field(default_factory=dict)


def load_ruleset(path: Path, display: str | None = None) -> Ruleset:
    """The composed rule set of `path` (and its parents); RulesError lists every problem.
    `display` names the file in diagnostics (default: the path as given)."""
    diagnostics: list[Diagnostic] = []
    shown = path.as_posix() if display is None else display
    ruleset = _load(path.resolve(), diagnostics, chain=[], display=shown)
    _check_composed(ruleset, diagnostics)
    if not diagnostics:
        _type_check(ruleset, diagnostics)
    if diagnostics:
        raise RulesError(diagnostics)
    return ruleset


def _type_check(ruleset: Ruleset, out: list[Diagnostic]) -> None:
    """Parameter values against their declared types, then every rule against the fact
    vocabulary and the parameters' types."""
    for param in ruleset.params.values():
        declared, problems = type_from_ref(param.type, param.declared.source)
        out.extend(problems)
        if not problems:
            out.extend(check_param_value(declared, param.value, param.value_origin.source))
            ruleset.param_types[param.path] = declared
    if out:
        return
    for loaded in ruleset.rules.values():
        out.extend(check_rule(loaded.rule, ruleset.param_types, loaded.origin.source))


def param_values(ruleset: Ruleset) -> dict[str, object]:
    """Each parameter's run-time value (ints in their unit, enum members, lists)."""
    return {path: param_value(ruleset.param_types[path], param.value)
            for path, param in ruleset.params.items()}


def read_rules_text(path: Path, display: str) -> str:
    """The text of a rules file; RulesError when it cannot be read, is not UTF-8, or is larger
    than a rules file can be (refused unread: a huge file is never read whole)."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_RULES_BYTES + 1)
        if len(data) > MAX_RULES_BYTES:
            raise RulesError([Diagnostic(display, ast.Span(1, 1, 1, 1),
                                         f"the rules file is larger than {MAX_RULES_BYTES:,} "
                                         "bytes: not a rules file", code=Code.TOO_LARGE)])
    except OSError as exc:
        raise RulesError([Diagnostic(display, ast.Span(1, 1, 1, 1),
                                     f"cannot read the rules file: {exc}",
                                     code=Code.UNREADABLE)]) from None
    try:
        return data.decode("utf-8-sig")  # a leading byte-order mark is no text
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - data.rfind(b"\n", 0, exc.start)
        raise RulesError([Diagnostic(display, ast.Span(line, column, line, column + 1),
                                     f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                                     code=Code.NOT_UTF8)]
                         ) from None


def _load(path: Path, diagnostics: list[Diagnostic], chain: list[Path], display: str) -> Ruleset:
    text = read_rules_text(path, display)
    # A bundled file's tree kept from the build, when it is this text's (parsed_trees.py);
    # the parser (and Lark, 14 ms) is imported only to parse another.
    tree = kept_tree(text)
    if tree is None:
        from checker.dsl.parser import parse_rules

        tree = parse_rules(text, display)
    source = SourceText(display, text)
    header = [item for item in tree.items if isinstance(item, ast.RulesetDecl)]
    parents = [item for item in tree.items if isinstance(item, ast.Extends)]
    if not header:
        raise RulesError([source.diagnostic(ast.Span(1, 1, 1, 2),
                                            "a rules file starts with `ruleset NAME \"title\"`",
                                            code=Code.MISSING_HEADER)])
    for extra in header[1:] + parents[1:]:
        diagnostics.append(source.diagnostic(extra.span, "declared more than once in this file",
                                             code=Code.DUPLICATE_HEADER))
    if parents:
        parent_path, parent_display = _extended(path, display, parents[0], source)
        if parent_path in chain or parent_path == path:
            raise RulesError([source.diagnostic(parents[0].span,
                                                "`extends` makes a cycle of rules files",
                                                code=Code.EXTENDS_CYCLE)])
        ruleset = _load(parent_path, diagnostics, [*chain, path], parent_display)
    else:
        ruleset = Ruleset(name="", title="")
    ruleset.name, ruleset.title = header[0].name, header[0].title
    ruleset.files.append(display)
    ruleset.sources[display] = source
    ruleset.trees[display] = tree
    digest = hashlib.sha256(ruleset.sha256.encode() + text.encode("utf-8"))
    ruleset.sha256 = digest.hexdigest()
    for item in tree.items:
        _apply(ruleset, item, source, diagnostics)
    return ruleset


def _extended(path: Path, display: str, decl: ast.Extends,
              source: SourceText) -> tuple[Path, str]:
    """The file an `extends` names and how to show it: the path relative to the extending
    file when that file exists (it wins), else the bundled set of that bare name."""
    relative = (path.parent / decl.path).resolve()
    relative_display = (Path(display).parent / decl.path).as_posix()
    if relative.is_file():
        return relative, relative_display
    bundled = rulesets.bundled_file(decl.path)
    if bundled is not None:
        return bundled.resolve(), rulesets.display_name(decl.path)
    raise RulesError([source.diagnostic(
        decl.span, f"the extended rules file {relative_display} does not exist, and "
                   f"'{decl.path}' is not a bundled rule set ({', '.join(rulesets.NAMES)})",
        did_you_mean(Path(decl.path).stem, rulesets.NAMES), code=Code.EXTENDS_MISSING)])


def _apply(ruleset: Ruleset, item: ast.Item, source: SourceText, out: list[Diagnostic]) -> None:
    origin = Origin(source, item.span)
    if isinstance(item, ast.ClauseDecl):
        if item.clause in ruleset.clauses:
            first = ruleset.clauses[item.clause].origin.where()
            out.append(source.diagnostic(item.span, f"clause {item.clause} is already declared "
                                                    f"at {first}", code=Code.DUPLICATE_CLAUSE))
        else:
            ruleset.clauses[item.clause] = Clause(item.clause, item.text, origin)
    elif isinstance(item, ast.Unchecked):
        ruleset.unchecked[item.clause] = (item.reason, origin)
    elif isinstance(item, ast.ParamDecl):
        if item.path in ruleset.params:
            first = ruleset.params[item.path].declared.where()
            out.append(source.diagnostic(item.span, f"parameter '{item.path}' is already "
                                                    f"declared at {first}",
                                         "to change its value write `override param`",
                                         code=Code.DUPLICATE_PARAM))
        else:
            ruleset.params[item.path] = Param(item.path, item.type, item.value, origin, origin)
    elif isinstance(item, ast.ParamOverride):
        param = ruleset.params.get(item.path)
        if param is None:
            out.append(source.diagnostic(item.span, f"override of parameter '{item.path}', "
                                                    "which no file of this rule set declares",
                                         did_you_mean(item.path, ruleset.params),
                                         code=Code.OVERRIDE_MISSING))
        else:
            param.value, param.value_origin = item.value, origin
    elif isinstance(item, ast.Rule):
        _apply_rule(ruleset, item, origin, out)
    elif isinstance(item, ast.Disable):
        if item.rule_id not in ruleset.rules:
            out.append(source.diagnostic(item.span, f"disable of rule '{item.rule_id}', which "
                                                    "no file of this rule set declares",
                                         did_you_mean(item.rule_id, ruleset.rules),
                                         code=Code.DISABLE_MISSING))
        else:
            del ruleset.rules[item.rule_id]
            ruleset.disabled[item.rule_id] = (item.reason, origin)
    elif isinstance(item, ast.RuleTest):
        ruleset.tests.append((item, origin))


def _apply_rule(ruleset: Ruleset, rule: ast.Rule, origin: Origin, out: list[Diagnostic]) -> None:
    source = origin.source
    known = ruleset.rules.get(rule.rule_id)
    if rule.override:
        if known is None:
            out.append(source.diagnostic(rule.span, f"override of rule '{rule.rule_id}', which "
                                                    "no file of this rule set declares",
                                         did_you_mean(rule.rule_id, ruleset.rules),
                                         code=Code.OVERRIDE_MISSING))
            return
        ruleset.rules[rule.rule_id] = LoadedRule(rule, origin)
        return
    if known is not None:
        out.append(source.diagnostic(rule.span, f"duplicated rule id '{rule.rule_id}': it is "
                                                f"already declared at {known.origin.where()}",
                                     "to replace an inherited rule write `override rule`",
                                     code=Code.DUPLICATE_RULE))
        return
    ruleset.rules[rule.rule_id] = LoadedRule(rule, origin)


def _check_composed(ruleset: Ruleset, out: list[Diagnostic]) -> None:
    """Checks that need the whole chain: citations, and the parts every rule must have."""
    for loaded in ruleset.rules.values():
        rule, source = loaded.rule, loaded.origin.source
        if not rule.cites:
            out.append(source.diagnostic(rule.span, f"rule '{rule.rule_id}' cites no clause",
                                         "add `cites N`: every rule enforces a clause",
                                         code=Code.MISSING_CITATION))
        for ref in rule.cites:
            if ref.clause not in ruleset.clauses:
                out.append(source.diagnostic(
                    ref.span, f"rule '{rule.rule_id}' cites clause {ref.clause}, which the "
                              f"rule set's source does not have",
                    did_you_mean(ref.clause, ruleset.clauses), code=Code.UNKNOWN_CLAUSE))
        for part in ("event", "require"):
            if getattr(rule, part) is None:
                keyword = "on" if part == "event" else part
                out.append(source.diagnostic(rule.span, f"rule '{rule.rule_id}' has no "
                                                        f"`{keyword}`", code=Code.MISSING_PART))
    for clause, (_, origin) in ruleset.unchecked.items():
        if clause not in ruleset.clauses:
            out.append(origin.source.diagnostic(
                origin.span, f"`unchecked {clause}`: the rule set's source has no clause "
                             f"{clause}", did_you_mean(clause, ruleset.clauses),
                code=Code.UNKNOWN_CLAUSE))


@dataclass(frozen=True, slots=True)
class CoverageLine:
    clause: str
    text: str
    rules: tuple[str, ...]
    unchecked_reason: str | None

    @property
    def covered(self) -> bool:
        return bool(self.rules) or self.unchecked_reason is not None


def coverage(ruleset: Ruleset) -> list[CoverageLine]:
    """Every clause of the source with the rules that cite it or the reason it is unchecked."""
    citing: dict[str, list[str]] = {clause: [] for clause in ruleset.clauses}
    for rule_id, loaded in sorted(ruleset.rules.items()):
        for ref in loaded.rule.cites:
            citing.setdefault(ref.clause, []).append(rule_id)
    lines = []
    for clause in sorted(ruleset.clauses, key=_clause_order):
        reason = ruleset.unchecked.get(clause)
        lines.append(CoverageLine(clause, ruleset.clauses[clause].text,
                                  tuple(citing.get(clause, ())),
                                  reason[0] if reason else None))
    return lines


def _clause_order(clause: str) -> tuple[int, ...]:
    return tuple(int(part) for part in clause.split("."))
