"""A loaded rule set compiled once into callables, grouped by the event they listen to."""

from collections.abc import Iterator
from dataclasses import dataclass, field

from checker.dsl.compiler import CompiledRule, Verdict, compile_rule
from checker.dsl.ruleset import Ruleset, param_values


@dataclass(slots=True)
class CompiledRuleset:
    name: str
    sha256: str
    by_event: dict[str, list[CompiledRule]] = field(default_factory=dict)

    def failures(self, event_name: str, event: object) -> Iterator[tuple[CompiledRule, Verdict]]:
        """The rules listening to `event_name` that `event` breaks, in rule-id order."""
        for rule in self.by_event.get(event_name, ()):
            verdict = rule.evaluate(event)
            if verdict is not None and not verdict.passed:
                yield rule, verdict


def compile_ruleset(ruleset: Ruleset, *, trace: bool = False) -> CompiledRuleset:
    """Compile every rule once. `trace=True` records sub-expression values (for `explain`)."""
    values = param_values(ruleset)
    compiled = CompiledRuleset(ruleset.name, ruleset.sha256)
    for rule_id in sorted(ruleset.rules):
        rule = compile_rule(ruleset.rules[rule_id].rule, values, trace=trace,
                            param_types=ruleset.param_types)
        compiled.by_event.setdefault(rule.event, []).append(rule)
    return compiled
