"""Rules written as Python source (checker.dsl.codegen) against the closures they replace.

The untraced evaluation of a rule is one generated function; the traced evaluation (`explain`)
is still the closures. Every rule of every shipped rule set must be written as source, and on
every event of the simulator's corpus and of the real corpora each rule's generated verdict must
be the closures' verdict: applies or not, passes, fails or cannot tell, and a failure's message,
evidence and place. The semantics of each construct with unknown values are held to plain Python
by tests/test_compiler_reference.py and tests/test_dsl_compiler.py, which run the generated
functions. A rule too large or too deep to write keeps its closures, and still judges right.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.audit.ruleset import ruleset_id
from checker.audit.run import PartAuditor
from checker.dsl import ast, codegen
from checker.dsl.codegen import source_of
from checker.dsl.compiler import CompiledRule, Verdict
from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import Ruleset
from checker.dsl.types import INT
from checker.replay.facts import ActionEvent, Chips, HandEvent, TableFact
from checker.rules_arg import load_rules, rules_argument
from tests.conftest import REPO, SHARED
from tests.test_dsl_compiler import hand, make, short_all_in

RULE_SETS = ("fulltilt", "pokerstars", "tda2024")


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_shipped_rule_is_written_as_source(name: str) -> None:
    compiled = compile_ruleset(load_rules(rules_argument(name)))
    for rules in compiled.dispatch.values():
        for rule, _, evaluate in rules.rules:
            assert source_of(evaluate) is not None, rule.rule_id
            assert source_of(rule.specialise(frozenset())[1]) is not None, rule.rule_id
            assert codegen.plan_of(evaluate) is not None, rule.rule_id


def _comparing(compiled: CompiledRuleset, traced: CompiledRuleset,
               seen: dict[str, int]) -> Callable[[str, object], list[tuple[CompiledRule, Verdict]]]:
    """A listener judging each event with every rule of its event (no dispatch: the whole
    `when` of each rule is tested), generated and traced, and requiring the same verdicts;
    it answers with the generated failures."""
    closures = {rule.rule_id: rule for rules in traced.by_event.values() for rule in rules}

    def judge(event_name: str, event: object) -> list[tuple[CompiledRule, Verdict]]:
        found = []
        for rule in compiled.by_event.get(event_name, []):
            verdict = rule.evaluate(event)
            expected = closures[rule.rule_id].explain(event)[0]
            assert _shown(verdict) == _shown(expected), (rule.rule_id, event_name)
            if verdict is not None:
                outcome = "unknown" if verdict.unknown else str(verdict.passed)
                seen[outcome] = seen.get(outcome, 0) + 1
                if not verdict.passed:
                    found.append((rule, verdict))
        return found

    return judge


def _shown(verdict: Verdict | None) -> object:
    if verdict is None:
        return None
    return verdict.passed, verdict.unknown, verdict.message, verdict.evidence, verdict.at


# The outcomes each corpus must reach (rules of warning severity fail on real hands too; the real
# PokerStars hands break none and leave none unknown).
@pytest.mark.parametrize(("rules_name", "folder", "outcomes"), [
    ("fulltilt", REPO / "hand_histories", ("True", "False", "unknown")),
    ("fulltilt", SHARED / "corpus" / "real", ("True", "False", "unknown")),
    ("pokerstars", SHARED / "corpus" / "real-pokerstars", ("True",)),
])
def test_generated_verdicts_are_the_closures_on_every_event(
        rules_name: str, folder: Path, outcomes: tuple[str, ...]) -> None:
    argument = rules_argument(rules_name)
    rules: Ruleset = load_rules(argument)
    auditor = PartAuditor(ruleset_id(rules, argument.label), rules)
    seen: dict[str, int] = {}
    auditor.compiled.listener = _comparing(auditor.compiled,
                                           compile_ruleset(rules, trace=True), seen)
    hands = auditor.audit_part([folder]).result.hands
    assert hands > 1000
    # Each outcome was reached, so each way out of the generated functions was compared.
    assert all(seen.get(outcome, 0) > 0 for outcome in outcomes), seen
    assert seen.get("True", 0) > 100_000, seen


def _chain_of_lets(depth: int) -> tuple[str, ...]:
    """Lets each reading the one before twice: written out, the source doubles each step."""
    return ("l0 = hand.small_blind", *(f"l{i} = l{i - 1} + l{i - 1}" for i in range(1, depth)))


def test_a_rule_too_large_to_write_keeps_its_closures_and_judges_right() -> None:
    lets = _chain_of_lets(14)
    big = make("l13 == 81920", on="hand", lets=lets)  # 10 * 2**13
    assert source_of(big.evaluate) is None
    assert big.evaluate(_hand_event()) is not None
    assert big.evaluate(_hand_event()).passed  # type: ignore[union-attr]
    small = make("l3 == 80", on="hand", lets=lets[:4])
    assert source_of(small.evaluate) is not None
    assert small.evaluate(_hand_event()).passed  # type: ignore[union-attr]
    assert not make("l3 == 81", on="hand", lets=lets[:4]).evaluate(
        _hand_event()).passed  # type: ignore[union-attr]


def _sum_of_blinds(terms: int) -> ast.Rule:
    """`hand.small_blind + ... == 10 * terms`, built as a tree (the rules text refuses more
    than 64 levels of nesting before a rule is compiled: tests/test_rules_hostile.py)."""
    blind = ast.Attribute(ast.Name("hand"), "small_blind")
    total: ast.Expr = blind
    for _ in range(terms - 1):
        total = ast.Binary("+", total, blind)
    return ast.Rule("t.deep", event="hand",
                    require=ast.Binary("==", total, ast.Literal("int", 10 * terms)))


@pytest.mark.parametrize(("terms", "written"), [(50, True), (400, False)])
def test_a_nesting_too_deep_for_python_is_not_written(terms: int, written: bool) -> None:
    """Python's own compiler refuses a few hundred nested parentheses: such a rule is not
    written (its closures judge it); one within bounds is written and judges right."""
    passed, unknown = object(), object()
    failed = object()
    plan = codegen.RulePlan(_sum_of_blinds(terms), (), lambda expr: INT, {},
                            frozenset({"hand"}), lambda event: failed)
    function = codegen.write_rule(plan, passed, unknown)
    assert (function is not None) == written
    if function is not None:
        event = HandEvent(hand(), TableFact("Table 1"))
        assert function(event) is passed
        assert function(HandEvent(hand(small_blind=Chips(11)), TableFact("T"))) is failed


def test_only_plain_field_names_are_written_into_source() -> None:
    assert codegen._field("stack") == "stack"
    for name in ("__class__", "_private", "not", "a.b", "x; y", "1x"):
        with pytest.raises(codegen.Unsupported):
            codegen._field(name)


def test_a_failing_event_gets_the_closures_message_and_evidence() -> None:
    rule = make("actor.stack >= 1000", message="{actor.name} has {actor.stack}")
    event = _action_event()
    verdict = rule.evaluate(event)
    assert source_of(rule.evaluate) is not None
    assert verdict is not None and not verdict.passed
    assert verdict.message == "Ann has 900"
    assert verdict.evidence == {"actor.stack": 900, "actor.name": "Ann"}


def _plan(rule: CompiledRule) -> codegen.RulePlan | None:
    """What the rule's evaluation (with its whole `when`) is written from."""
    return codegen.plan_of(rule.specialise(frozenset())[1])


def _hand_event() -> HandEvent:
    return HandEvent(hand(), TableFact("Table 1"))


def _action_event() -> ActionEvent:
    return short_all_in()  # Ann, 900 behind, re-raises


def test_an_events_rules_run_as_one_function_with_those_not_written() -> None:
    """The rules selected for an event run fused; a rule without a plan (traced) or whose
    plan cannot be written is run by its own evaluation, in its place in the order."""
    fails = make("actor.stack >= 1000", message="{actor.name} has {actor.stack}")
    passes = make("actor.stack >= 100")
    closures_only = make("actor.stack >= 2000", trace=True)
    too_deep = _sum_of_blinds(400)
    deep_plan = codegen.RulePlan(too_deep, (), lambda expr: INT, {}, frozenset({"hand"}),
                                 lambda event: None)
    fails_too = make("action.to <= 100", message="to {action.to}")
    too_large = make("l13 == 1", lets=_chain_of_lets(14), message="{l13}")
    entries = [
        (fails, _plan(fails), fails.evaluate),
        (passes, _plan(passes), passes.evaluate),
        (closures_only, None, closures_only.evaluate),
        ("deep", deep_plan, lambda event: None),
        (too_large, _plan(too_large), too_large.evaluate),
        (fails_too, _plan(fails_too), fails_too.evaluate),
    ]
    run = codegen.write_event(entries)
    assert source_of(run) is not None
    found = run(_action_event())
    assert [(rule, verdict.message) for rule, verdict in found] == [
        (fails, "Ann has 900"), (closures_only, closures_only.title), (too_large, "81920"),
        (fails_too, "to 400")]
    # The rules Python refuses, or too large to write, by their evaluations.
    assert all(f"_e{index}(event)" in (source_of(run) or "") for index in (2, 3, 4))
    assert codegen.write_event([])(_action_event()) == []


def test_an_events_rules_run_one_by_one_when_python_refuses_them_together(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fails = make("actor.stack >= 1000", message="{actor.name} has {actor.stack}")
    passes = make("actor.stack >= 100")
    monkeypatch.setattr(codegen, "_fused", lambda entries: None)
    run = codegen.write_event([(rule, _plan(rule), rule.evaluate)
                               for rule in (fails, passes)])
    assert source_of(run) is None
    assert [(rule, verdict.message) for rule, verdict in run(_action_event())] == [
        (fails, "Ann has 900")]


# Lets read inside quantifiers (a loop's function is handed the lets still lazy), nested
# loops reading an outer variable, and unknown values through all of them.
_LOOP_RULES = [
    (("a = hand.ante", "b = a + 1"),
     "all(p in hand.players: p.stack_start > b or any(q in hand.players: "
     "q.seat == p.seat and a == none))"),
    (("a = hand.ante",), "count(p in hand.players: p.stack > a) >= 1"),
    (("a = hand.ante", "b = a + hand.cap"), "any(p in hand.players: p.stack > b)"),
    (("a = hand.ante", "s = sum(p in hand.players: p.stack)"),
     "first(p in hand.players: p.stack > s - a) == none or s > a"),
    (("m = max(p in hand.players: p.stack + hand.cap)", "c = hand.cap"),
     "all(p in hand.players: any(q in hand.players: q.stack <= m and c != none))"),
    (("lo = min(p in hand.players: p.stack_start - hand.bring_in)",),
     "if lo == none then hand.ante == none else any(p in hand.players: p.stack >= lo)"),
]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_LOOP_RULES), st.one_of(st.none(), st.integers(0, 2000)),
       st.one_of(st.none(), st.integers(0, 2000)), st.one_of(st.none(), st.integers(0, 200)))
def test_lets_read_in_loops_judge_as_the_closures(
        rule: tuple[tuple[str, ...], str], ante: int | None, cap: int | None,
        bring_in: int | None) -> None:
    lets, require = rule
    event = HandEvent(hand(ante=None if ante is None else Chips(ante),
                           cap=None if cap is None else Chips(cap),
                           bring_in=None if bring_in is None else Chips(bring_in)),
                      TableFact("t"))
    message = f"{{{lets[0].split(' = ')[0]}}} with the ante {{hand.ante}}"
    generated = make(require, on="hand", lets=lets, message=message)
    assert source_of(generated.evaluate) is not None
    traced = make(require, on="hand", lets=lets, message=message, trace=True)
    assert _shown(generated.evaluate(event)) == _shown(traced.evaluate(event))
