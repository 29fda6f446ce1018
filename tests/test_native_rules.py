"""The bundled rule sets written as typed Python for mypyc (checker/dsl/native_rules.py).

The modules are tested here as plain Python, written afresh from the rule sets: the compiled
build (`make accel`, run by `make test`) compiles the same text, and
tests/test_native.py checks that a built package runs them.
"""

import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.audit.ruleset import ruleset_id
from checker.audit.run import PartAuditor
from checker.dsl.builtins import BUILTINS
from checker.dsl.compiler import CompiledRule, Verdict
from checker.dsl.engine import CompiledRuleset, compile_ruleset, native_module_name
from checker.dsl.native_rules import module_source, mypy_errors
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.ingest.stream import discover
from checker.rulesets import NAMES, bundled_file
from tests.conftest import CORPUS, REPO

HAND_HISTORIES = REPO / "hand_histories"


def _ruleset(name: str) -> Ruleset:
    path = bundled_file(name)
    assert path is not None
    return load_ruleset(path)


def _module(source: str, folder: Path, name: str) -> ModuleType:
    """The written source imported as a plain Python module."""
    path = folder / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    return _load(path)


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _events(ruleset: Ruleset) -> list[tuple[str, object]]:
    """Every event the rules are asked about in an audit of the repository's hand
    histories (fixtures with planted faults, logs, summaries) and the real corpus's Full
    Tilt cash hands (what `applies to tournament` leaves out), in order."""
    auditor = PartAuditor(ruleset_id(ruleset, ruleset.name), ruleset)
    seen: list[tuple[str, object]] = []
    rules: CompiledRuleset = auditor.compiled

    def listen(name: str, event: object) -> list[tuple[CompiledRule, Verdict]]:
        seen.append((name, event))
        return []

    rules.listener = listen
    auditor.audit_part(list(discover([HAND_HISTORIES, CORPUS / "ftp" / "cash"])))
    return seen


def test_every_bundled_rule_set_is_written_whole_and_mypy_accepts_it(tmp_path: Path) -> None:
    """What the build compiles: every event of every bundled rule set, as strict mypy
    (mypyc's own checker) accepts it. A module mypy refused would be left out of the build
    and its rules run interpreted: this test is what says so."""
    for name in NAMES:
        ruleset = _ruleset(name)
        path = tmp_path / f"{native_module_name(ruleset.name)}.py"
        path.write_text(module_source(ruleset), encoding="utf-8")
        assert mypy_errors(path) == "", name
        module = _load(path)
        compiled = compile_ruleset(ruleset, native=False)
        assert ruleset.sha256 == module.SHA256
        assert {event: ids for event, (_, ids) in module.EVENTS.items()} == {
            event: tuple(rule.rule_id for rule in rules)
            for event, rules in compiled.by_event.items()}


@pytest.mark.parametrize("name", NAMES)
def test_the_typed_rules_fail_exactly_as_the_interpreted_ones_on_every_event(
        tmp_path: Path, name: str) -> None:
    """On every event of the hand histories, the rules the module's function finds failing
    are those the interpreted engine finds failing, in the same order."""
    ruleset = _ruleset(name)
    module = _module(module_source(ruleset), tmp_path, f"typed_{name}")
    interpreted = compile_ruleset(ruleset, native=False)
    events = _events(ruleset)
    failing = 0
    plays = {getattr(getattr(event, "hand", None), "play", None) for _, event in events}
    assert {"tournament", "cash"} <= plays
    for event_name, event in events:
        function, ids = module.EVENTS[event_name]
        mask: int = function(event)
        typed = [rule_id for bit, rule_id in enumerate(ids) if mask >> bit & 1]
        expected = [rule.rule_id for rule, _ in interpreted.failures(event_name, event)]
        assert typed == expected, (event_name, event)
        failing += bool(expected)
    # The fixtures plant violations: the comparison is not of silences only (215 to 322
    # failing events when written).
    assert failing > 100, failing
    assert len({event_name for event_name, _ in events}) > 15


def _install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, ruleset: Ruleset,
             source: str) -> None:
    """`source` as the module the engine looks for `ruleset`'s typed rules in."""
    name = native_module_name(ruleset.name)
    module = _module(source, tmp_path, name)
    monkeypatch.setitem(sys.modules, f"checker.rulesets.{name}", module)


def _natives(compiled: CompiledRuleset) -> dict[str, Any]:
    return {event: rules.native for event, rules in compiled.dispatch.items()
            if rules.native is not None}


def test_the_engine_runs_the_module_of_this_rule_set_by_this_writer(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ruleset = _ruleset("fulltilt")
    source = module_source(ruleset)
    _install(monkeypatch, tmp_path, ruleset, source)
    natives = _natives(compile_ruleset(ruleset))
    assert set(natives) == set(compile_ruleset(ruleset, native=False).by_event)
    # Traced (explain) and asked not to: the closures and the interpreted rules.
    assert _natives(compile_ruleset(ruleset, trace=True)) == {}
    assert _natives(compile_ruleset(ruleset, native=False)) == {}


@pytest.mark.parametrize("line", ["SHA256", "WRITER"])
def test_a_module_of_another_rule_set_or_writer_is_not_used(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, line: str) -> None:
    ruleset = _ruleset("fulltilt")
    source = module_source(ruleset)
    other = "\n".join(f"{line}: Final = '0'" if row.startswith(f"{line}: Final") else row
                      for row in source.splitlines())
    assert other != source
    _install(monkeypatch, tmp_path, ruleset, other)
    assert _natives(compile_ruleset(ruleset)) == {}


def test_a_module_whose_event_has_other_rules_is_not_used_for_that_event(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A bit mask names rules by their place: an event whose rules differ (the module's
    table says so) keeps the interpreted rules, the others run typed."""
    ruleset = _ruleset("fulltilt")
    source = module_source(ruleset).replace("'betting.in-turn', ", "", 1)
    _install(monkeypatch, tmp_path, ruleset, source)
    natives = _natives(compile_ruleset(ruleset))
    assert "action" not in natives and "hand" in natives


_ARGUMENT = st.integers(-3, 12)
# The table's functions by their Python name (a rule calls `abs`, the function is `absolute`).
_TABLE = {builtin.function.__name__: builtin.function for builtin in BUILTINS.values()}
# The copies, written once for the property test's examples.
_COPIES: dict[str, dict[str, Any]] = {}


def _copies(tmp_path: Path) -> dict[str, Any]:
    """The built-in functions copied into the bundled sets' modules, by their own name."""
    found: dict[str, Any] = {}
    for name in NAMES:
        module = _module(module_source(_ruleset(name)), tmp_path, f"copies_{name}")
        found.update({key.removeprefix("_f_"): value for key, value in vars(module).items()
                      if key.startswith("_f_")})
    return found


def test_only_built_ins_reading_nothing_but_python_are_copied(tmp_path: Path) -> None:
    """The seat and number functions the rules call run as the module's own (compiled with
    it); the text functions, which read their patterns, stay imported from the table."""
    copies = _copies(tmp_path)
    assert {"next_seat", "length", "lesser", "seats_between", "share"} <= set(copies)
    assert not {"mentions_card", "mentions_any", "contains"} & set(copies)
    assert set(copies) <= set(_TABLE)


@settings(max_examples=300, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_copied_built_in_gives_what_the_table_s_function_gives(
        tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    """Each copy against the function the interpreted rules call, on drawn seats, numbers
    and lists (a whole in `share` of 0, empty lists, a seat not in the list)."""
    copies = _COPIES.get("copies")
    if copies is None:
        copies = _COPIES["copies"] = _copies(tmp_path_factory.mktemp("copies"))
    for name, copy in sorted(copies.items()):
        function = _TABLE[name]
        args = [data.draw(st.lists(_ARGUMENT, max_size=6)
                          if "Sequence" in str(param.annotation) else _ARGUMENT,
                          label=f"{name}.{param.name}")
                for param in inspect.signature(function).parameters.values()]
        assert copy(*args) == function(*args), (name, args)

