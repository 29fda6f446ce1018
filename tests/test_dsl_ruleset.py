"""Composing rule sets: extends, override, disable, and the located errors of each misuse."""

import dataclasses
import inspect
from pathlib import Path

import pytest

from checker.dsl import ast
from checker.dsl.codes import Code
from checker.dsl.diagnostics import RulesError
from checker.dsl.ruleset import coverage, load_ruleset

BASE = """\
ruleset base "Base rules"
clause 1 "Everyone starts with the same stack."
clause 2 "Blinds must be posted."
clause 31.1 "Before the start: refunds."
unchecked 2 "posting is enforced by the server"
param start.stack: chips = 1500
rule start.equal-stacks
  title "Equal starting stacks"
  cites 1
  on tournament_start
  require all(e in start.entrants: e.starting_stack == param.start.stack)
  message "stacks differ"
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _errors(path: Path) -> str:
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    return str(caught.value)


def _codes(path: Path) -> list[tuple[str, int, int, str]]:
    """Each diagnostic's file name, line, column and code."""
    with pytest.raises(RulesError) as caught:
        load_ruleset(path)
    return [(Path(d.file).name, d.span.line, d.span.column, d.code)
            for d in caught.value.diagnostics]


def test_a_base_file_loads_with_its_clauses_params_and_rules(tmp_path: Path) -> None:
    ruleset = load_ruleset(_write(tmp_path, "base.rules", BASE))
    assert ruleset.name == "base"
    assert list(ruleset.clauses) == ["1", "2", "31.1"]
    assert list(ruleset.params) == ["start.stack"]
    assert list(ruleset.rules) == ["start.equal-stacks"]
    table = {line.clause: (line.rules, line.unchecked_reason) for line in coverage(ruleset)}
    assert table == {
        "1": (("start.equal-stacks",), None),
        "2": ((), "posting is enforced by the server"),
        "31.1": ((), None),
    }


def test_extends_overrides_and_disables(tmp_path: Path) -> None:
    _write(tmp_path, "base.rules", BASE)
    child = _write(tmp_path, "child.rules", """\
ruleset child "Child"
extends "base.rules"
override param start.stack = 3000
disable rule start.equal-stacks "this site starts stacks unevenly"
""")
    ruleset = load_ruleset(child)
    assert ruleset.name == "child"
    assert ruleset.files == [(tmp_path / "base.rules").as_posix(), child.as_posix()]
    assert ruleset.params["start.stack"].value.value == 3000  # type: ignore[union-attr]
    assert ruleset.rules == {}
    assert ruleset.disabled["start.equal-stacks"][0] == "this site starts stacks unevenly"
    assert ruleset.sha256 != load_ruleset(tmp_path / "base.rules").sha256


def test_duplicated_rule_id(tmp_path: Path) -> None:
    text = BASE + "rule start.equal-stacks\n  cites 1\n  on tournament_start\n  require true\n"
    path = _write(tmp_path, "dup.rules", text)
    assert _codes(path) == [("dup.rules", 13, 1, Code.DUPLICATE_RULE)]
    assert "dup.rules:7:1" in _errors(path)  # where the first one is


def test_rule_without_citation(tmp_path: Path) -> None:
    text = BASE + "rule start.other\n  on tournament_start\n  require true\n"
    path = _write(tmp_path, "nocite.rules", text)
    assert _codes(path) == [("nocite.rules", 13, 1, Code.MISSING_CITATION)]
    assert "rule start.other\n    ^" in _errors(path)


def test_citation_of_a_clause_the_source_does_not_have(tmp_path: Path) -> None:
    text = BASE + "rule start.other\n  cites 31.2\n  on tournament_start\n  require true\n"
    path = _write(tmp_path, "cite.rules", text)
    assert _codes(path) == [("cite.rules", 14, 9, Code.UNKNOWN_CLAUSE)]
    assert "did you mean '31.1'?" in _errors(path)


def test_override_of_what_does_not_exist(tmp_path: Path) -> None:
    _write(tmp_path, "base.rules", BASE)
    child = _write(tmp_path, "child.rules", """\
ruleset child "Child"
extends "base.rules"
override param start.stak = 3000
override rule start.equal-stack
  cites 1
  on tournament_start
  require true
disable rule start.nothing "gone"
""")
    assert _codes(child) == [("child.rules", 3, 1, Code.OVERRIDE_MISSING),
                             ("child.rules", 4, 1, Code.OVERRIDE_MISSING),
                             ("child.rules", 8, 1, Code.DISABLE_MISSING)]
    message = _errors(child)
    assert "did you mean 'start.stack'?" in message
    assert "did you mean 'start.equal-stacks'?" in message


def test_param_declared_twice_points_to_override(tmp_path: Path) -> None:
    _write(tmp_path, "base.rules", BASE)
    child = _write(tmp_path, "child.rules", """\
ruleset child "Child"
extends "base.rules"
param start.stack: chips = 2000
""")
    assert _codes(child) == [("child.rules", 3, 1, Code.DUPLICATE_PARAM)]
    assert "write `override param`" in _errors(child)


def test_extends_cycle_and_missing_parent(tmp_path: Path) -> None:
    _write(tmp_path, "a.rules", 'ruleset a "A"\nextends "b.rules"\n')
    _write(tmp_path, "b.rules", 'ruleset b "B"\nextends "a.rules"\n')
    assert _codes(tmp_path / "a.rules") == [("b.rules", 2, 1, Code.EXTENDS_CYCLE)]
    orphan = _write(tmp_path, "c.rules", 'ruleset c "C"\nextends "nowhere.rules"\n')
    assert _codes(orphan) == [("c.rules", 2, 1, Code.EXTENDS_MISSING)]


def test_every_node_of_the_tree_is_an_immutable_value() -> None:
    # The tree is a value: rule sets that extend a file share its nodes, so none may be
    # changed in place.
    nodes = [cls for _, cls in inspect.getmembers(ast, inspect.isclass)
             if dataclasses.is_dataclass(cls) and cls.__module__ == ast.__name__]
    assert len(nodes) > 20
    mutable = [cls.__name__ for cls in nodes
               if not cls.__dataclass_params__.frozen]  # type: ignore[attr-defined]
    assert mutable == []
