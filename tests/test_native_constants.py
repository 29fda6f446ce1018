"""Module constants of the compiled modules are written so that compiled code reads them
cheaply (docs/performance.md, "Module constants and machine integers in the compiled path").

mypyc reads a module-level name that is not `Final` from the module's dict at every use (a
string-keyed look-up: some forty an action event in the generated rules, one a line in the
Full Tilt reader); a `Final` name is a C static. A `Final` tuple whose type is inferred has a
fixed length and becomes a C struct, which compiled code boxes into a new tuple each time it
is indexed by a variable or iterated: those are annotated `tuple[X, ...]`."""

import ast
import re

import pytest

from checker.dsl.native_rules import module_source
from checker.native import COMPILED_MODULES
from checker.rules_arg import load_rules, rules_argument
from tests.conftest import REPO

# A constant's name: capitals, digits and underscores (type aliases are CamelCase).
_CONSTANT = re.compile(r"^_?[A-Z][A-Z0-9_]*$")


def _read_in_functions(tree: ast.Module) -> set[str]:
    """Every name read inside a function or lambda of the module."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            names.update(sub.id for sub in ast.walk(node)
                         if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load))
    return names


def _is_final(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return isinstance(target, ast.Name) and target.id == "Final"


def _plain_globals(source: str, constants_only: bool) -> list[str]:
    """Module-level names assigned without `Final` and read inside a function (TypeVars
    and NewTypes aside), each with its line."""
    tree = ast.parse(source)
    read = _read_in_functions(tree)
    found: list[str] = []
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            value = node.value
            if isinstance(value, ast.Call) and ast.unparse(value.func) in ("TypeVar", "NewType"):
                continue
            for target in node.targets:
                targets += target.elts if isinstance(target, ast.Tuple) else [target]
        elif (isinstance(node, ast.AnnAssign) and node.value is not None
              and not _is_final(node.annotation)):
            targets.append(node.target)
        for target in targets:
            if not isinstance(target, ast.Name) or target.id not in read:
                continue
            if constants_only and not _CONSTANT.match(target.id):
                continue
            found.append(f"{target.id} (line {node.lineno})")
    return found


def _boxed_tuples(source: str) -> list[str]:
    """`Final` constants inferred as fixed-length tuples that a function indexes by a
    variable or iterates."""
    tree = ast.parse(source)
    fixed = {node.target.id for node in tree.body
             if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
             and isinstance(node.annotation, ast.Name) and node.annotation.id == "Final"
             and isinstance(node.value, ast.Tuple)}
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for sub in ast.walk(node):
            if (isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Name)
                    and sub.value.id in fixed and not isinstance(sub.slice, ast.Constant)):
                found.append(f"{sub.value.id}[...] (line {sub.lineno})")
            iterated = sub.iter if isinstance(sub, (ast.For, ast.comprehension)) else None
            if isinstance(iterated, ast.Name) and iterated.id in fixed:
                found.append(f"for ... in {iterated.id} (line {iterated.lineno})")
    return found


@pytest.mark.parametrize("path", COMPILED_MODULES)
def test_compiled_modules_read_their_constants_as_statics(path: str) -> None:
    source = (REPO / path).read_text(encoding="utf-8")
    assert _plain_globals(source, constants_only=True) == []
    assert _boxed_tuples(source) == []


def test_the_generated_rules_read_their_module_names_as_statics() -> None:
    source = module_source(load_rules(rules_argument("fulltilt")))
    assert _plain_globals(source, constants_only=False) == []
    assert "_unset: Final" in source


def test_the_checks_find_what_they_look_for() -> None:
    """Each check finds a planted case (and not its corrected twin)."""
    planted = (
        "from typing import Final\n"
        "_LIMIT = 3\n"
        "_A, _B = 1, 2\n"
        "_CACHE: dict[str, int] = {}\n"
        "_SIZES: Final = (1, 2, 3)\n"
        "def f(i: int) -> int:\n"
        "    for size in _SIZES:\n"
        "        i += size\n"
        "    return _LIMIT + _A + _CACHE[''] + _SIZES[i]\n"
    )
    assert _plain_globals(planted, constants_only=True) == [
        "_LIMIT (line 2)", "_A (line 3)", "_CACHE (line 4)"]
    assert _boxed_tuples(planted) == ["for ... in _SIZES (line 7)", "_SIZES[...] (line 9)"]
    clean = (
        "from typing import Final\n"
        "_LIMIT: Final = 3\n"
        "_A: Final = 1\n"
        "_CACHE: Final[dict[str, int]] = {}\n"
        "_SIZES: Final[tuple[int, ...]] = (1, 2, 3)\n"
        "_PAIR: Final = (1, 2)\n"
        "def f(i: int) -> int:\n"
        "    for size in _SIZES:\n"
        "        i += size\n"
        "    return _LIMIT + _A + _CACHE[''] + _SIZES[i] + _PAIR[0]\n"
    )
    assert _plain_globals(clean, constants_only=True) == []
    assert _boxed_tuples(clean) == []
