"""The rule set an audit runs with: loaded, composed and checked before any input is read."""

from dataclasses import dataclass
from pathlib import Path

from checker.dsl.ruleset import Ruleset, load_ruleset


@dataclass(frozen=True, slots=True)
class RulesetId:
    name: str
    sha256: str
    path: str


def identify_ruleset(path: Path) -> RulesetId:
    """Load the rule set at `path`; a bad rules file raises checker.dsl RulesError."""
    return ruleset_id(load_ruleset(path), path)


def ruleset_id(ruleset: Ruleset, source: Path | str) -> RulesetId:
    """`source`: the rules file, or the label of a `--rules` choice (a bundled set's name,
    never its install path, so reports are the same on every machine)."""
    label = source.as_posix() if isinstance(source, Path) else source
    return RulesetId(ruleset.name, ruleset.sha256, label)
