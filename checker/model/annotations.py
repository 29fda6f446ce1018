"""The field annotations of a class as its source declares them, compiled or not.

A class compiled by mypyc keeps only approximations of its annotations (`list[str] | None`
reads as `type`), so for a compiled module the source beside its extension (where the build
and the stale-build check keep it, checker/native.py) is read and each annotation evaluated in
the module's own namespace: the very classes, enums and NewTypes the module uses. The rules'
type checker reads the fact vocabulary this way, and `validate_hand` the hand record.
"""

import ast
import importlib.machinery
import sys
import types
import typing
from functools import cache
from pathlib import Path


def declared_hints(cls: type, include_extras: bool = False) -> dict[str, object]:
    """`cls`'s annotated fields and their types, in declaration order. `include_extras`:
    keep `Annotated` metadata (a compiled module's source evaluates to it either way)."""
    module = sys.modules[cls.__module__]
    if not _is_compiled(module):
        return typing.get_type_hints(cls, include_extras=include_extras)
    namespace = vars(module)
    return {name: eval(text, namespace)  # our own module's annotation texts
            for name, text in _source_annotations(module.__name__)[cls.__name__].items()}


def _is_compiled(module: types.ModuleType) -> bool:
    return str(getattr(module, "__file__", "")).endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))


@cache
def _source_annotations(module_name: str) -> dict[str, dict[str, str]]:
    """Per class of a compiled module's source, its annotated fields' annotation texts, in
    order."""
    tree = ast.parse(_source_of(module_name).read_text(encoding="utf-8"))
    return {node.name: {stmt.target.id: ast.unparse(stmt.annotation)
                        for stmt in node.body
                        if isinstance(stmt, ast.AnnAssign)
                        and isinstance(stmt.target, ast.Name)}
            for node in tree.body if isinstance(node, ast.ClassDef)}


def _source_of(module_name: str) -> Path:
    """The source file of a module of this package, found from the package's own (interpreted)
    `__init__`. Not from the compiled module's `__file__`: mypyc sets that to the group
    library's folder joined with the module's path (`checker/checker/replay/...`) when the
    module is first imported by another compiled module."""
    top = sys.modules[module_name.partition(".")[0]]
    root = Path(str(top.__file__)).parent.parent
    return root.joinpath(*module_name.split(".")).with_suffix(".py")
