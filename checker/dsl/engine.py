"""A loaded rule set compiled once into callables, grouped by the event they listen to.

Each event is run only through the rules whose guards (checker.dsl.guards) hold for it. Per
event, the few discrete paths that the most rules' guards read form the event's key; which
rules apply to a key is worked out once, on the first event with that key, then looked up.
Reading a path costs ~30-50 ns and skipping a rule saves ~250 ns, so the key is kept short
and guards on paths outside it simply stay in their rule's `when`. When a rule of the event
names kinds of play (`applies to`), the hand's kind of play leads the key, and a rule is
selected only for the kinds it names.

A bundled rule set that `make accel` compiled (checker.dsl.native_rules) runs an event's rules
as one compiled function instead, testing every rule: no key, no selection.
"""

import importlib
import operator
import re
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from checker.dsl.codegen import plan_of, write_event, writer_digest
from checker.dsl.compiler import (
    HAND_PLAY,
    CompiledRule,
    Evaluate,
    Guard,
    Verdict,
    compile_rule,
    hand_play,
)
from checker.dsl.guards import KeyPart
from checker.dsl.ruleset import Ruleset, param_values

Selection = tuple[tuple[CompiledRule, Evaluate], ...]
# Where `make accel` writes the bundled rule sets' typed rules (checker.dsl.native_rules).
NATIVE_PACKAGE: Final = "checker.rulesets"
# The failures of the rules selected for an event, in order.
Run = Callable[[object], list[tuple[CompiledRule, Verdict]]]
# Distinct keys kept per event before the table starts afresh (real inputs show a few dozen).
_MAX_KEYS: Final = 4096
_IS_NONE: Final = partial(operator.is_, None)
# At most this many paths in a key; a path must be read by this many rules' guards (one
# rule's worth of saving does not pay for reading the path on every event).
_MAX_KEY_PARTS: Final = 4
_MIN_RULES_PER_PART: Final = 2


@dataclass(slots=True)
class EventRules:
    """The rules listening to one event, with their selections by key."""

    rules: list[tuple[CompiledRule, tuple[Guard, ...], Evaluate]]
    # The event's key (`event_key`): its kind of play first when a rule names kinds.
    key: Callable[[object], Hashable]
    selections: dict[Hashable, Selection] = field(default_factory=dict)
    # The event's kind of play (a Play value) when some rule names kinds; None otherwise.
    play: Callable[[object], str] | None = None
    # The selected rules run as one function (checker.dsl.codegen.write_event), by key, and
    # by the rules selected (keys often select the same rules).
    runs: dict[Hashable, Run] = field(default_factory=dict)
    fused: dict[tuple[str, ...], Run] = field(default_factory=dict)
    # Every rule of the event as one compiled function (checker.dsl.native_rules): the mask
    # of the rules that fail, bit i for rules[i]. None: the rules run as selected above.
    native: Callable[[object], int] | None = None

    def failures(self, event: object) -> list[tuple[CompiledRule, Verdict]]:
        """The failures of the rules selected for `event`, in rule-id order."""
        native = self.native
        if native is not None:
            mask = native(event)
            return self.failed(mask, event) if mask else []
        key = self.key(event)
        run = self.runs.get(key)
        if run is None:
            if len(self.runs) >= _MAX_KEYS:
                self.runs.clear()
            selection = self.select(event)
            ids = tuple(rule.rule_id for rule, _ in selection)
            run = self.fused.get(ids)
            if run is None:
                if len(self.fused) >= _MAX_KEYS:
                    self.fused.clear()
                run = self.fused[ids] = self.fuse(selection)
            self.runs[key] = run
        return run(event)

    def failed(self, mask: int, event: object) -> list[tuple[CompiledRule, Verdict]]:
        """The verdicts of the rules the native function found failing, built by the rules'
        closures."""
        found = []
        for rule, _, _ in self.rules:
            if mask & 1:
                verdict = rule.evaluate(event)
                if verdict is not None and not verdict.passed:
                    found.append((rule, verdict))
            mask >>= 1
        return found

    def fuse(self, selection: Selection) -> Run:
        """The selected rules as one function."""
        run: Run = write_event([(rule, plan_of(evaluate), evaluate)
                                for rule, evaluate in selection])
        return run

    def select(self, event: object) -> Selection:
        play = self.play
        key = self.key(event)
        chosen = self.selections.get(key)
        if chosen is None:
            if len(self.selections) >= _MAX_KEYS:
                self.selections.clear()
            env = [event, None]
            kind = None if play is None else play(event)
            chosen = self.selections[key] = tuple(
                (rule, evaluate) for rule, guards, evaluate in self.rules
                if (rule.plays is None or kind in rule.plays)
                and all(guard.test(env) for guard in guards))
        return chosen


# Sees every event in place of the rules and answers for them (`explain` records a hand's
# events this way); None: the rules judge.
Listener = Callable[[str, object], list[tuple[CompiledRule, Verdict]]]


@dataclass(slots=True)
class CompiledRuleset:
    name: str
    sha256: str
    by_event: dict[str, list[CompiledRule]] = field(default_factory=dict)
    dispatch: dict[str, EventRules] = field(default_factory=dict)
    listener: Listener | None = None

    def failures(self, event_name: str, event: object) -> list[tuple[CompiledRule, Verdict]]:
        """The rules listening to `event_name` that `event` breaks, in rule-id order."""
        if self.listener is not None:
            return self.listener(event_name, event)
        rules = self.dispatch.get(event_name)
        if rules is None:
            return []
        return rules.failures(event)


def compile_ruleset(ruleset: Ruleset, *, trace: bool = False,
                    native: bool = True) -> CompiledRuleset:
    """Compile every rule once. `trace=True` records sub-expression values (for `explain`).
    `native`: an event runs its rules' compiled function when the build has one for this rule
    set (`native_events`); else, and when traced, the rules run interpreted."""
    values = param_values(ruleset)
    compiled = CompiledRuleset(ruleset.name, ruleset.sha256)
    for rule_id in sorted(ruleset.rules):
        rule = compile_rule(ruleset.rules[rule_id].rule, values, trace=trace,
                            param_types=ruleset.param_types)
        compiled.by_event.setdefault(rule.event, []).append(rule)
    for event, rules in compiled.by_event.items():
        compiled.dispatch[event] = event_rules(rules)
    if native and not trace:
        for event, (function, rule_ids) in native_events(ruleset).items():
            dispatch = compiled.dispatch.get(event)
            if dispatch is not None and rule_ids == tuple(
                    rule.rule_id for rule, _, _ in dispatch.rules):
                dispatch.native = function
    return compiled


def native_module_name(ruleset_name: str) -> str:
    """The module of a bundled rule set's typed rules, in checker.rulesets."""
    return "native_" + re.sub(r"\W", "_", ruleset_name)


def native_events(ruleset: Ruleset) -> dict[str, tuple[Callable[[object], int], tuple[str, ...]]]:
    """The compiled event functions of `ruleset` (checker.dsl.native_rules) by event, each
    with its rules' ids in bit order: none unless `make accel` wrote them from this very rule
    set (its digest) with this writer."""
    try:
        module = importlib.import_module(f"{NATIVE_PACKAGE}.{native_module_name(ruleset.name)}")
    except ImportError:
        return {}
    if (getattr(module, "SHA256", None) != ruleset.sha256
            or getattr(module, "WRITER", None) != writer_digest()):
        return {}
    events: dict[str, tuple[Callable[[object], int], tuple[str, ...]]] = module.EVENTS
    return events


def event_rules(rules: list[CompiledRule]) -> EventRules:
    """The dispatch of the rules listening to one event."""
    parts = key_parts(rules)
    chosen = frozenset(parts)
    # Every event a rule naming kinds of play listens to has the hand (the type checker sees
    # to it).
    names_plays = any(rule.plays is not None for rule in rules)
    return EventRules([(rule, *rule.specialise(chosen)) for rule in rules],
                      event_key(parts, HAND_PLAY if names_plays else None),
                      play=hand_play if names_plays else None)


def key_parts(rules: list[CompiledRule]) -> list[KeyPart]:
    """The paths an event's key reads: those the most rules' guards depend on."""
    readers = Counter(part for rule in rules
                      for part in {part for key in rule.guard_keys for part in key})
    ranked = sorted(readers, key=lambda part: (-readers[part], part.is_none_test, part.path))
    return sorted(part for part in ranked[:_MAX_KEY_PARTS]
                  if readers[part] >= _MIN_RULES_PER_PART)


def event_key(parts: list[KeyPart], lead: str | None = None) -> Callable[[object], Hashable]:
    """A function giving an event's key: the values of the parts' paths (C-level reads),
    led by the value of the path `lead` when given (the hand's kind of play), in one read."""
    values = [*([lead] if lead is not None else []),
              *(part.path for part in parts if not part.is_none_test)]
    probes = [part.path for part in parts if part.is_none_test]
    # Typed as plain callables: one path gives a value, several a tuple.
    read_values: Callable[[object], Any] | None = operator.attrgetter(*values) if values else None
    read_probes: Callable[[object], Any] | None = operator.attrgetter(*probes) if probes else None
    if read_probes is None:
        return read_values if read_values is not None else _no_key
    if len(probes) == 1:
        probe = read_probes
        if read_values is None:
            return lambda event: probe(event) is None
        return lambda event: (read_values(event), probe(event) is None)
    if read_values is None:
        return lambda event: tuple(map(_IS_NONE, read_probes(event)))
    return lambda event: (read_values(event), tuple(map(_IS_NONE, read_probes(event))))


def _no_key(event: object) -> None:
    return None
