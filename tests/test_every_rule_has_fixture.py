"""Every rule of every shipped rule set has a planted fixture (issue 16): a test block of a
fixtures rules file expects it.

A rule inherited unchanged may be expected in the fixtures of the set that declared it (or of
any set between it and this one). A rule a set overrides, declares, or whose verdict a set
changes through a parameter it reads (`override param` to another value), must be expected in
that set's own fixtures file: the parent's fixture judged the parent's rule. No exemptions.

The fixture blocks themselves pass: tests/test_fixtures.py (fulltilt),
tests/test_site_policies.py (pokerstars) and tests/test_tda2024_fixtures.py (tda2024).
"""

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest

from checker.dsl import ast
from checker.dsl.lint import param_refs
from checker.dsl.ruleset import LoadedRule, Ruleset, load_ruleset, param_values
from tests.conftest import REPO
from tests.fixture_makers import make_rule_fixtures

RULES = REPO / "rules"
# Every rule set in rules/ but the fixtures files: a site's new rules file is held to the same.
SHIPPED = tuple(sorted(path.stem for path in RULES.glob("*.rules")
                       if not path.stem.endswith("-fixtures")))


def _fixtures_file(name: str) -> Path:
    return RULES / f"{name}-fixtures.rules"


def _chain(name: str) -> list[str]:
    """The sets `name` is built from, root first, itself last (from its `extends` chain)."""
    return [Path(file).name.removesuffix(".rules")
            for file in load_ruleset(RULES / f"{name}.rules").files]


def _expected_rules(name: str) -> set[str]:
    """The rule ids the test blocks written in `name`'s fixtures file expect."""
    path = _fixtures_file(name)
    if not path.is_file():
        return set()
    loaded = load_ruleset(path)
    own = loaded.files[-1]
    # A known gap (`expect todo`/`todo-not`) is no fixture of its rule: it fails it today.
    return {expect.rule_id for test, origin in loaded.tests if origin.source.file == own
            for expect in test.expects if expect.rule_id is not None and expect.gap is None}


def _verdict_expressions(rule: ast.Rule) -> Iterator[ast.Expr]:
    """What decides a rule's verdict and where it points (the message does not)."""
    yield from (let.value for let in rule.lets)
    yield from (e for e in (rule.when, rule.require) if e is not None)
    if rule.at is not None:
        yield rule.at.value


def _params_read(loaded: LoadedRule) -> set[str]:
    return {ref.path for expr in _verdict_expressions(loaded.rule) for ref in param_refs(expr)}


def _owner(rule_id: str, chain: list[str], sets: dict[str, Ruleset]) -> str:
    """The last set of `chain` that declared or overrode the rule, or gave a parameter it
    reads another value than its parent's."""
    owner = chain[0]
    for parent, child in pairwise(chain):
        parent_rule, child_rule = sets[parent].rules[rule_id], sets[child].rules[rule_id]
        before, after = param_values(sets[parent]), param_values(sets[child])
        if (child_rule.origin.source.file != parent_rule.origin.source.file
                or any(before.get(p) != after.get(p) for p in _params_read(child_rule))):
            owner = child
    return owner


def unfixtured(name: str) -> list[str]:
    """The rules of `name` with no `expect` in a fixtures file that may hold it."""
    chain = _chain(name)
    sets = {link: load_ruleset(RULES / f"{link}.rules") for link in chain}
    expected = {link: _expected_rules(link) for link in chain}
    missing = []
    for rule_id in sorted(sets[name].rules):
        # Declared further down the chain than some parents: only the sets that have it.
        holders = [link for link in chain if rule_id in sets[link].rules]
        owner = _owner(rule_id, holders, sets)
        allowed = holders[holders.index(owner):]
        if not any(rule_id in expected[link] for link in allowed):
            files = " or ".join(_fixtures_file(link).name for link in allowed)
            missing.append(f"{rule_id} (expected in {files})")
    return missing


def test_the_shipped_sets_are_found() -> None:
    assert {"fulltilt", "pokerstars", "tda2024"} <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_rule_has_a_planted_fixture(name: str) -> None:
    assert unfixtured(name) == []


@pytest.mark.parametrize("name", SHIPPED)
def test_each_fixtures_file_extends_its_own_rule_set(name: str) -> None:
    # An expect in pokerstars-fixtures.rules was judged by the PokerStars rules.
    assert Path(load_ruleset(_fixtures_file(name)).files[-2]).name == f"{name}.rules"


def test_the_maker_rewrites_its_fixtures() -> None:
    """tests/fixture_makers/make_rule_fixtures.py wrote the logs as they are, byte for byte."""
    written = make_rule_fixtures.written()
    assert written
    for path, text in written.items():
        assert path.read_text(encoding="utf-8") == text, path.name
