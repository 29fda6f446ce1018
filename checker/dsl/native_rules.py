"""The bundled rule sets written as typed Python for mypyc: each event's rules as one function.

Interpreted, an event's rules run as the function checker.dsl.codegen writes at run time for
the rules the event's key selects (checker.dsl.engine): every attribute read of a fact is a
generic look-up. `make accel` also writes, for each bundled rule set, the module
`checker/rulesets/native_<name>.py` and compiles it with the package: per event, one function
`event_<event>(event) -> int` that tests every rule of the event in rule-id order (its kinds
of play, its whole `when`, its `require`), written by the same writer with the types the
rules' type checker gave each expression, so that mypyc reads the facts natively. It gives a
bit mask of the rules that fail (bit i: the event's i-th rule); the engine builds a failing
rule's verdict (message, evidence) with the rule's closures, as it does interpreted. The
built-in functions the rules call that read nothing but Python's own built-ins are copied
into the module (`_Copies`), so they are compiled with it.

As in the interpreted source, nothing of the rules' text becomes code: a string is written
as its `repr`, an enum member by its class and name, a field only as a checked identifier.

The engine uses a module only for the rule set it was written from (`SHA256`, the composed
rule set's digest) by this writer (`WRITER`, checker.dsl.codegen.writer_digest): any other
rules file, or a changed writer, runs interpreted. An event whose rules cannot all be written
keeps the interpreted path.

`python -m checker.dsl.native_rules [FOLDER]` writes the modules (FOLDER: where, by default
checker/rulesets) and checks each with mypy, leaving out one it refuses (the build must not
fail for want of a faster path; tests/test_native_rules.py holds the shipped rule sets to it).
"""

import argparse
import builtins as python_builtins
import inspect
import sys
import textwrap
import types
import typing
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from types import CodeType, FunctionType
from typing import Any

from checker.dsl.builtins import BUILTINS
from checker.dsl.codegen import (
    Unsupported,
    Writer,
    plan_of,
    rule_lines,
    rule_or_none,
    writer_digest,
)
from checker.dsl.compiler import CompiledRule
from checker.dsl.engine import compile_ruleset, native_module_name
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.dsl.types import (
    BOOL,
    NONE,
    STRING,
    EnumType,
    FactType,
    ListType,
    Optional,
    Prim,
    Type,
)
from checker.replay import facts
from checker.rulesets import NAMES, bundled_file

# Where the modules go: beside the bundled rule sets (checker.rulesets).
NATIVE_FOLDER = Path(__file__).resolve().parent.parent / "rulesets"
# Rules types that are Python ints.
_INTS = frozenset({"int", "chips", "money", "duration", "percent"})
# The built-in functions rules call: a constant that is one is imported by its name.
_BUILTIN_FUNCTIONS = frozenset(id(builtin.function) for builtin in BUILTINS.values())


class _Imports:
    """The names the module imports, by module."""

    def __init__(self) -> None:
        self.names: dict[str, set[str]] = {}

    def name(self, value: Any) -> str:
        """`value`'s (a class's or a function's) name, imported from its module."""
        self.names.setdefault(value.__module__, set()).add(value.__name__)
        return str(value.__name__)

    def lines(self) -> list[str]:
        return [f"from {module} import {', '.join(sorted(names))}"
                for module, names in sorted(self.names.items())]


class _Copies:
    """Typed copies, in the module, of the built-in functions its rules call that read
    nothing but Python's own built-ins (`next_seat`, `length`, `lesser`, ...): compiled with
    the rules, a call to one is a C call, not a call into the interpreter. Any other (the
    text functions, with their patterns) is imported and called as a constant."""

    def __init__(self, imports: _Imports) -> None:
        self.imports = imports
        self.sources: dict[str, str] = {}

    def name(self, function: Callable[..., object]) -> str | None:
        """The copy's name, the copy written at the first call; None: not to be copied."""
        if not isinstance(function, FunctionType) or not _copyable(function):
            return None
        name = f"_f_{function.__name__}"
        if name not in self.sources:
            source = textwrap.dedent(inspect.getsource(function))
            self.sources[name] = source.replace(f"def {function.__name__}(", f"def {name}(", 1)
            self.imports.names.setdefault("collections.abc", set()).add("Sequence")
        return name


def _copyable(function: FunctionType) -> bool:
    """Whether the function can be copied as it is: not decorated, reading no global but
    Python's built-ins (its comprehensions' code too), annotated with plain types only."""
    if not inspect.getsource(function).startswith("def "):
        return False
    hints = typing.get_type_hints(function)
    return _reads_only_python(function.__code__) and all(
        _plain_hint(hint) for hint in hints.values())


def _reads_only_python(code: CodeType) -> bool:
    # co_names also holds attributes read (`x.append`): a function reading one is not copied.
    return all(hasattr(python_builtins, name) for name in code.co_names) and all(
        _reads_only_python(const) for const in code.co_consts if isinstance(const, CodeType))


def _plain_hint(hint: object) -> bool:
    """int, bool, str, object, None, a Sequence and a union of those."""
    if hint in (int, bool, str, object, type(None)):
        return True
    origin = typing.get_origin(hint)
    return origin in (Sequence, types.UnionType) and all(
        _plain_hint(arg) for arg in typing.get_args(hint))


def _annotation(kind: Type, imports: _Imports) -> str:
    """A rules type as a Python annotation (lists as the sequences facts hold)."""
    if isinstance(kind, Prim):
        if kind.name in _INTS:
            return "int"
        if kind == BOOL:
            return "bool"
        if kind == STRING:
            return "str"
        return "None" if kind == NONE else "Any"
    if isinstance(kind, Optional):
        inner = _annotation(kind.inner, imports)
        return inner if inner in ("None", "Any") else f"{inner} | None"
    if isinstance(kind, ListType):
        imports.names.setdefault("collections.abc", set()).add("Sequence")
        return f"Sequence[{_annotation(kind.item, imports)}]"
    if isinstance(kind, FactType | EnumType):
        return imports.name(kind.cls)
    return "Any"


def _literal(value: Any, imports: _Imports) -> str:
    """A constant of the rules (a parameter's value, a literal, a member set, a built-in
    function) as Python source."""
    if isinstance(value, Enum):
        return f"{imports.name(type(value))}.{value.name}"
    if value is None or type(value) in (bool, int, str):
        return repr(value)
    if type(value) is list:
        return f"[{', '.join(_literal(item, imports) for item in value)}]"
    if type(value) is frozenset:
        items = sorted(_literal(item, imports) for item in value)
        return f"frozenset({{{', '.join(items)}}})" if items else "frozenset()"
    if isinstance(value, FunctionType) and id(value) in _BUILTIN_FUNCTIONS:
        return imports.name(value)
    raise Unsupported(f"constant {value!r}")


def _event_function(event: str, rules: list[CompiledRule], index: int, imports: _Imports,
                    copies: _Copies) -> tuple[list[str], list[str]]:
    """The event's function (and its loops' functions) and its constants' definitions."""
    writer = Writer(annotate=lambda kind: _annotation(kind, imports), prefix=f"{index}_",
                    callee=copies.name)
    writer.event_annotation = imports.name(facts.EVENTS[event])
    body: list[str] = []
    for bit, rule in enumerate(rules):
        plan = plan_of(rule.specialise(frozenset())[1])
        written = rule_or_none(writer, plan)
        if plan is None or written is None or plan.rule.require is None:
            raise Unsupported(f"rule {rule.rule_id}")
        tests, require = written
        if rule.plays is not None:
            plays = writer.constant(frozenset(rule.plays))[0]
            tests = [f"(event.hand.play in {plays})", *tests]
        body += rule_lines(writer, plan.rule.require, tests, require, f"found |= {1 << bit}")
    head = ["    found = 0", "    result: bool | None = None",
            *(f"    {name}: Any = _unset" for name in writer.let_names)]
    lines = [*writer.functions, "",
             f"def event_{event}(event: {writer.event_annotation}) -> int:",
             *writer.hoisted([*head, *body]), "    return found"]
    constants = [f"{name}: Final[Any] = {_literal(value, imports)}"
                 for name, value in writer.constants.items()]
    return lines, constants


def module_source(ruleset: Ruleset) -> str:
    """The typed module of `ruleset`'s rules: one function per event whose rules can all be
    written, `EVENTS` (event -> its rules' ids, in bit order) and the keys."""
    compiled = compile_ruleset(ruleset, native=False)
    imports = _Imports()
    copies = _Copies(imports)
    functions: list[str] = []
    constants: list[str] = []
    events: dict[str, tuple[str, ...]] = {}
    for index, (event, rules) in enumerate(sorted(compiled.by_event.items())):
        try:
            lines, defined = _event_function(event, rules, index, imports, copies)
        except (Unsupported, RecursionError):
            continue  # the event keeps the interpreted path
        functions += [*lines, ""]
        constants += defined
        events[event] = tuple(rule.rule_id for rule in rules)
    table = [f"    {event!r}: (event_{event}, {ids!r})," for event, ids in events.items()]
    return "\n".join([
        f'"""The rule set `{ruleset.name}` written for mypyc by checker.dsl.native_rules '
        '(`make accel`); do not edit."""',
        "",
        "from collections.abc import Callable",
        "from typing import Any, Final",
        "",
        "from checker.dsl import codegen as _codegen",
        *imports.lines(),
        "",
        # Final: compiled code reads these directly, a plain global from the module's dict
        # at every use (some forty look-ups an action event).
        "_unset: Final = _codegen.UNSET",
        "_item: Final = _codegen.item_at",
        "_member: Final = _codegen.member_test",
        f"SHA256: Final = {ruleset.sha256!r}",
        f"WRITER: Final = {writer_digest()!r}",
        *constants,
        "",
        "",
        *(line for source in copies.sources.values() for line in [*source.splitlines(), "", ""]),
        *functions,
        "",
        "EVENTS: Final[dict[str, tuple[Callable[[Any], int], tuple[str, ...]]]] = {",
        *table,
        "}",
        "",
    ])


def write_modules(folder: Path, check: Callable[[Path], str] | None = None) -> list[Path]:
    """Write every bundled rule set's module into `folder`; `check` (a path's type errors,
    empty when none) leaves out a module it refuses, saying why on stderr."""
    written = []
    for name in NAMES:
        path = bundled_file(name)
        assert path is not None
        ruleset = load_ruleset(path)
        target = folder / f"{native_module_name(ruleset.name)}.py"
        target.write_text(module_source(ruleset), encoding="utf-8")
        errors = check(target) if check is not None else ""
        if errors:
            target.unlink()
            print(f"{target}: left out, mypy refuses it (the rules run interpreted):\n{errors}",
                  file=sys.stderr)
            continue
        written.append(target)
    return written


def mypy_errors(path: Path) -> str:
    """mypy's errors on a written module, as the compiled build checks it."""
    from mypy import api

    out, err, status = api.run(["--strict", "--no-error-summary", "--follow-imports=silent",
                                str(path)])
    return "" if status == 0 else (out + err).strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m checker.dsl.native_rules",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("folder", nargs="?", type=Path, default=NATIVE_FOLDER,
                        help="where to write the modules (default: checker/rulesets)")
    args = parser.parse_args(argv)
    for path in write_modules(args.folder, mypy_errors):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

