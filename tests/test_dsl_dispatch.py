"""Guard dispatch in the engine: which `when` conjuncts are guards, and that running each event
through only the rules its key selects gives exactly the findings of running every rule."""

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.dsl.compiler import CompiledRule
from checker.dsl.engine import CompiledRuleset, compile_ruleset, event_rules, key_parts
from checker.dsl.guards import KeyPart
from checker.dsl.ruleset import load_ruleset
from checker.ingest.stream import read_paths
from checker.model.hand import Hand
from checker.replay.facts import ActionEvent
from checker.replay.hand_replay import replay_hand
from checker.replay.table import TableState
from tests.conftest import CORPUS, REPO
from tests.test_dsl_compiler import RANDOM_RULES, action_events, compile_text, make


def keys(rule: CompiledRule) -> list[list[tuple[str, bool]]]:
    return [[(part.path, part.is_none_test) for part in key] for key in rule.guard_keys]


def test_discrete_conjuncts_are_guards() -> None:
    rule = make("action.to > 0",
                when="hand.structure == fixed_limit and action.is_raise "
                     "and action.kind in {bet, raise} and not actor.has_acted")
    assert keys(rule) == [[("hand.structure", False)], [("action.is_raise", False)],
                          [("action.kind", False)], [("actor.has_acted", False)]]


def test_a_none_test_is_a_guard_on_whether_the_path_is_known() -> None:
    rule = make("true", when="action.expected_actor != none and hand.ante == none")
    assert keys(rule) == [[("action.expected_actor", True)], [("hand.ante", True)]]


def test_parameters_and_enum_members_may_appear_in_guards() -> None:
    rule = make("true", when="action.kind in param.kinds or hand.structure != pot_limit")
    assert keys(rule) == [[("action.kind", False), ("hand.structure", False)]]


def test_conjuncts_with_many_values_lets_quantifiers_or_calls_are_not_guards() -> None:
    assert keys(make("true", when="action.amount > 0")) == []
    assert keys(make("true", when="actor.name == action.expected_actor")) == []
    assert keys(make("true", when="len(hand.players) > 2")) == []
    assert keys(make("true", when="any(p in hand.players: p.folded)")) == []
    assert keys(make("true", lets=("raise = action.is_raise",), when="raise")) == []
    # Only the guard conjunct of a mixed `when` is a guard.
    assert keys(make("true", when="action.is_raise and action.amount > 0")) == [
        [("action.is_raise", False)]]


def test_the_key_reads_the_paths_most_guards_share() -> None:
    rules = [make("true", when="action.is_raise and hand.structure == fixed_limit"),
             make("true", when="action.is_raise and action.kind == bet"),
             make("true", when="hand.structure == pot_limit"),
             make("true", when="action.all_in")]
    # action.all_in is read by one rule only: not worth reading for every event.
    assert key_parts(rules) == [KeyPart("action.is_raise", False),
                                KeyPart("hand.structure", False)]


def every_rule(ruleset: CompiledRuleset, name: str, event: object) -> list[tuple[str, str]]:
    """The failures of running every rule listening to `name` on its whole `when`."""
    found = []
    for rule in ruleset.by_event.get(name, ()):
        verdict = rule.evaluate(event)
        if verdict is not None and not verdict.passed:
            found.append((rule.rule_id, verdict.message))
    return found


def dispatched(ruleset: CompiledRuleset, name: str, event: object) -> list[tuple[str, str]]:
    return [(rule.rule_id, verdict.message) for rule, verdict in ruleset.failures(name, event)]


def random_ruleset() -> CompiledRuleset:
    """Rules guarded on structure, kind, is_raise, all_in and unknown paths, with the
    RANDOM_RULES of the compiler tests, as one rule set."""
    guarded = [
        "action.is_raise and hand.structure == fixed_limit",
        "action.is_raise and not action.all_in",
        "action.kind in {call, check} and action.expected_actor != none",
        "action.kind == call and hand.structure != no_limit and action.amount > 0",
        "street.pot_limit_max_to != none and action.is_raise",
    ]
    rules = [make("action.to <= street.current_bet", when=when) for when in guarded]
    for index, rule in enumerate(rules):
        rule.rule_id = f"t.guarded{index}"
    rules += [compile_text(text) for text in RANDOM_RULES]
    ruleset = CompiledRuleset("random", "0", by_event={"action": rules})
    ruleset.dispatch["action"] = event_rules(rules)
    return ruleset


RANDOM = random_ruleset()


@settings(max_examples=300, deadline=None)
@given(st.lists(action_events(), min_size=1, max_size=8))
def test_dispatch_agrees_with_every_rule_on_random_events(events: list[ActionEvent]) -> None:
    # One rule set for all examples: selections cached by earlier events must stay right.
    for event in events:
        assert dispatched(RANDOM, "action", event) == every_rule(RANDOM, "action", event)


def test_dispatch_agrees_with_every_rule_on_real_hands() -> None:
    """Every event of the real tournament hands and the fixtures, under each shipped rule set."""
    inputs = [CORPUS / "ftp" / "tour", CORPUS / "stars" / "tour", REPO / "hand_histories"]
    for rules_file in ("fulltilt.rules", "pokerstars.rules", "tda2024.rules"):
        ruleset = compile_ruleset(load_ruleset(REPO / "rules" / rules_file))
        events = 0
        tables: dict[tuple[str | None, str | None], TableState] = {}
        for opened in read_paths(inputs):
            for record in getattr(opened, "records", ()):
                if not isinstance(record, Hand):
                    continue
                table = tables.setdefault((record.tournament_id, record.table),
                                          TableState(record.table or ""))
                for name, event in replay_hand(record, table):
                    events += 1
                    assert dispatched(ruleset, name, event) == every_rule(ruleset, name, event)
        assert events > 20_000


def test_a_rule_without_guards_runs_on_every_event() -> None:
    ruleset = compile_ruleset(load_ruleset(Path(REPO / "rules" / "fulltilt.rules")))
    no_guards = [rule for rule, guards, _ in ruleset.dispatch["action"].rules if not guards]
    assert any(rule.rule_id == "chips.bet-within-stack" for rule in no_guards)
