"""What a `--rules` argument (or `feltcheck rules` file argument) names: a file or a bundled set.

The value is read in this order:
1. an existing file: that file (so a file named `fulltilt` in the working folder wins);
2. a bundled set's bare name (`fulltilt`, `pokerstars`, `tda2024`, checker/rulesets): that set;
3. anything else: a usage error (exit 2) naming the bundled sets, with "did you mean".
Reports and commands name the choice by its label: the bundled name, or the path as given,
so a report written with a bundled set is the same on every machine.
"""

import argparse
from dataclasses import dataclass
from pathlib import Path

from checker import rulesets
from checker.dsl.diagnostics import did_you_mean
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.interrupt import held


@dataclass(frozen=True, slots=True)
class RulesChoice:
    path: Path  # the file to read
    label: str  # what reproduces the choice: the bundled name, or the path as given
    display: str  # the file's name in diagnostics: <bundled>/NAME.rules, or the path as given
    bundled: bool

    def __str__(self) -> str:
        return self.label


def rules_argument(value: str) -> RulesChoice:
    """argparse's `type=` for a rules argument; ArgumentTypeError (exit 2) when it names
    neither a file nor a bundled set."""
    path = Path(value)
    if path.is_file():
        return RulesChoice(path, path.as_posix(), path.as_posix(), bundled=False)
    if value in rulesets.NAMES:
        return bundled_rules(value)
    names = ", ".join(rulesets.NAMES)
    if path.exists():
        message = f"{value}: a folder, not a rules file (bundled rule sets: {names})"
    else:
        message = f"{value}: no such file, and no bundled rule set of that name ({names})"
    hint = did_you_mean(path.stem, rulesets.NAMES)
    raise argparse.ArgumentTypeError(f"{message}; {hint}" if hint else message)


def bundled_rules(name: str = rulesets.DEFAULT) -> RulesChoice:
    """The bundled set `name` (KeyError if none): every command's default, whatever files
    the working folder holds."""
    path = rulesets.bundled_file(name)
    if path is None:
        raise KeyError(name)
    return RulesChoice(path, name, rulesets.display_name(name), bundled=True)


def load_rules(choice: RulesChoice) -> Ruleset:
    """The composed rule set of the choice; checker.dsl RulesError when it does not load."""
    with held():  # the rules compiler is compiled code (checker/interrupt.py says why)
        return load_ruleset(choice.path, choice.display)
