"""`feltcheck rules check | fmt | lint | test | coverage [FILE]`: tooling for rule authors."""

import argparse
import sys
from pathlib import Path

from checker.dsl.diagnostics import RulesError
from checker.dsl.ruleset import Ruleset, coverage, load_ruleset

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

DEFAULT_RULES = Path("rules/fulltilt.rules")


def add_rules_commands(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    rules = commands.add_parser("rules", help="check, format, lint, test and cover rule sets")
    actions = rules.add_subparsers(dest="rules_command", required=True)
    for name, help_text in (
        ("check", "load the rule set, type-check every rule; exit 2 on any error"),
        ("coverage", "every clause with the rules that enforce it or why it is unchecked"),
    ):
        action = actions.add_parser(name, help=help_text)
        action.add_argument("file", nargs="?", type=Path, default=DEFAULT_RULES)


def run_rules(args: argparse.Namespace) -> int:
    try:
        ruleset = load_ruleset(args.file)
    except RulesError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    if args.rules_command == "check":
        return _check(ruleset)
    return _coverage(ruleset)


def _check(ruleset: Ruleset) -> int:
    print(f"{ruleset.files[-1]}: rule set '{ruleset.name}' is valid: {len(ruleset.rules)} rules, "
          f"{len(ruleset.params)} parameters, {len(ruleset.clauses)} clauses")
    return EXIT_OK


def _coverage(ruleset: Ruleset) -> int:
    lines = coverage(ruleset)
    width = max((len(line.clause) for line in lines), default=2)
    missing = 0
    for line in lines:
        if line.rules:
            status = ", ".join(line.rules)
        elif line.unchecked_reason is not None:
            status = f"not machine-checkable: {line.unchecked_reason}"
        else:
            status = "MISSING: no rule cites this clause and it is not declared unchecked"
            missing += 1
        print(f"{line.clause:>{width}}  {status}")
    covered = len(lines) - missing
    print(f"\n{covered} of {len(lines)} clauses accounted for")
    return EXIT_FAILED if missing else EXIT_OK
