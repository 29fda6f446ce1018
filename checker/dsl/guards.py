"""Guards: the parts of a rule's `when` that depend only on a few discrete facts of the event.

A rule's `when` is a conjunction. A conjunct that reads only event paths whose values are
few (bools and enum members, like `hand.structure` or `action.kind`), or asks only whether a
path is unknown (`action.expected_actor != none`), has the same value for every event that
agrees on those paths. The engine evaluates such conjuncts once per distinct combination (the
event's *key*) and runs each event only through the rules whose guards hold for its key: a
fixed-limit hand never runs the no-limit raise rules, a check never runs the call rule.

This is an optimisation of the untraced evaluation only; a rule's meaning is its whole `when`.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from checker.dsl import ast
from checker.dsl.types import BOOL, NONE, EnumType, Optional, Type, strip


@dataclass(frozen=True, slots=True, order=True)
class KeyPart:
    """One component of an event's key: a path's value, or whether the path is unknown."""

    path: str
    is_none_test: bool


def conjuncts(expr: ast.Expr | None) -> list[ast.Expr]:
    """The operands of a chain of `and`s, in order (the expression itself otherwise)."""
    if expr is None:
        return []
    if isinstance(expr, ast.Binary) and expr.op == "and":
        return [*conjuncts(expr.left), *conjuncts(expr.right)]
    return [expr]


def guard_key(expr: ast.Expr, kind_of: Callable[[ast.Expr], Type], roots: frozenset[str]
              ) -> tuple[KeyPart, ...] | None:
    """The key parts `expr` depends on, or None when it is not a guard (it reads a let, a
    quantifier's variable, a path with many values, or calls a function)."""
    found: set[KeyPart] = set()
    for node, none_test in _leaves(expr):
        if isinstance(node, ast.Literal | ast.ParamRef):
            continue
        if isinstance(node, ast.Name) and node.name not in roots:
            if not isinstance(kind_of(node), EnumType):
                return None  # a let or a quantifier's variable
            continue  # an enum member
        path = _root_path(node, kind_of, roots)
        if path is None:
            return None
        if none_test:
            found.add(KeyPart(path, True))
        elif _discrete(kind_of(node)):
            found.add(KeyPart(path, False))
        else:
            return None
    return tuple(sorted(found))


def _leaves(expr: ast.Expr) -> Iterator[tuple[ast.Expr, bool]]:
    """The operands of a boolean/comparison tree, each with whether it is the probe of a
    `== none` / `!= none` test. Anything else (calls, quantifiers, arithmetic) is a leaf of
    its own and makes the guard fail."""
    match expr:
        case ast.Unary(op="not"):
            yield from _leaves(expr.operand)
        case ast.Binary(op="and" | "or" | "==" | "!=" | "in" | "not in"):
            left_none = _is_none(expr.right) and expr.op in ("==", "!=")
            right_none = _is_none(expr.left) and expr.op in ("==", "!=")
            if left_none:
                yield expr.left, True
            else:
                yield from _leaves(expr.left)
            if right_none:
                yield expr.right, True
            elif not left_none:
                yield from _leaves(expr.right)
        case ast.SetLit() | ast.ListLit():
            for item in expr.items:
                yield from _leaves(item)
        case _:
            yield expr, False


def _is_none(expr: ast.Expr) -> bool:
    return isinstance(expr, ast.Literal) and expr.kind == "none"


def _root_path(expr: ast.Expr, kind_of: Callable[[ast.Expr], Type], roots: frozenset[str]
               ) -> str | None:
    """`hand.structure` for a chain of attributes from an event root, every link of which is
    always present (so that one attrgetter reads it); None for anything else."""
    names: list[str] = []
    node = expr
    while isinstance(node, ast.Attribute):
        names.append(node.name)
        node = node.obj
        if isinstance(kind_of(node), Optional) or kind_of(node) == NONE:
            return None
    if not (isinstance(node, ast.Name) and node.name in roots) or not names:
        return None
    return ".".join([node.name, *reversed(names)])


def _discrete(kind: Type) -> bool:
    base = strip(kind)
    return base == BOOL or isinstance(base, EnumType)
