"""What the two compiled forms of a rule share (the closures, checker.dsl.compiler, and the
source, checker.dsl.codegen): the operators, where the type checker says a value may be
unknown, when a membership test is unknown, and a constant list as a set to look up.

Kept in one place so that the traced closures `explain` runs and the source that judges
every event cannot come to read the language differently."""

import operator
from collections.abc import Callable
from typing import Any

from checker.dsl import ast
from checker.dsl.types import NONE, ListType, Optional, Type, strip

OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
    "%": operator.mod, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
    "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


def may_be_none(kind: Callable[[ast.Expr], Type], *exprs: ast.Expr) -> bool:
    """Whether any of `exprs` may be unknown (its type optional, or none itself)."""
    return any(isinstance(kind(e), Optional) or kind(e) == NONE for e in exprs)


def membership_unknowns(kind: Callable[[ast.Expr], Type], expr: ast.Binary
                        ) -> tuple[bool, bool]:
    """For `item in items`: whether an unknown item makes the test unknown (unless the list
    itself may hold none), and whether the list may be unknown."""
    items_kind = strip(kind(expr.right))
    item_unknown = (may_be_none(kind, expr.left) and isinstance(items_kind, ListType)
                    and not isinstance(items_kind.item, Optional)
                    and items_kind.item != NONE)
    return item_unknown, may_be_none(kind, expr.right)


def lookup_set(value: Any) -> Any:
    """A constant list as a frozenset for fast `in` (a list when its items cannot hash)."""
    try:
        return frozenset(value)
    except TypeError:
        return value
