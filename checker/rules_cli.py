"""`feltcheck rules check | fmt | lint | test | coverage [FILE]`: tooling for rule authors.

Exit codes: 0 = fine; 1 = the command's finding (not canonical, lint warnings, failing tests,
uncovered clauses); 2 = the rules file cannot be read, parsed or type-checked.
"""

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from checker.audit.collusion import SETTINGS_PARAMS
from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.diagnostics import RulesError, SourceText
from checker.dsl.formatter import format_rules
from checker.dsl.lint import lint_rules
from checker.dsl.parser import parse_rules
from checker.dsl.ruleset import Ruleset, coverage, load_ruleset
from checker.dsl.testing import FoundFinding, run_tests

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

DEFAULT_RULES = Path("rules/fulltilt.rules")

_COMMANDS = {
    "check": "load the rule set and type-check every rule and parameter",
    "fmt": "print the file in canonical form (--check: exit 1 if it is not; --write: rewrite)",
    "lint": "warnings about rules that are likely wrong or hard to use",
    "test": "run the file's test blocks: true/false positives and negatives per rule",
    "coverage": "every clause with the rules that enforce it or why it is unchecked",
}


def add_rules_commands(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    rules = commands.add_parser("rules", help="check, format, lint, test and cover rule sets")
    actions = rules.add_subparsers(dest="rules_command", required=True)
    for name, help_text in _COMMANDS.items():
        action = actions.add_parser(name, help=help_text)
        action.add_argument("file", nargs="?", type=Path, default=DEFAULT_RULES)
        if name == "fmt":
            mode = action.add_mutually_exclusive_group()
            mode.add_argument("--check", action="store_true")
            mode.add_argument("--write", action="store_true")


def run_rules(args: argparse.Namespace) -> int:
    try:
        if args.rules_command == "fmt":
            return _fmt(args.file, check=args.check, write=args.write)
        if args.rules_command == "lint":
            return _lint(args.file)
        ruleset = load_ruleset(args.file)
    except RulesError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"feltcheck: {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.rules_command == "check":
        return _check(ruleset)
    if args.rules_command == "test":
        return _test(ruleset, args.file)
    return _coverage(ruleset)


def _check(ruleset: Ruleset) -> int:
    print(f"{ruleset.files[-1]}: rule set '{ruleset.name}' is valid: {len(ruleset.rules)} rules, "
          f"{len(ruleset.params)} parameters, {len(ruleset.clauses)} clauses")
    return EXIT_OK


def _fmt(path: Path, *, check: bool, write: bool) -> int:
    text = path.read_text(encoding="utf-8")
    canonical = format_rules(parse_rules(text, path.as_posix()))
    if check:
        if canonical != text:
            print(f"{path}: not in canonical form (run `feltcheck rules fmt --write {path}`)")
            return EXIT_FAILED
        return EXIT_OK
    if write:
        if canonical != text:
            path.write_text(canonical, encoding="utf-8")
        return EXIT_OK
    sys.stdout.write(canonical)
    return EXIT_OK


def _lint(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    # The clause-28 aggregation reads some parameters before any rule runs.
    warnings = lint_rules(parse_rules(text, path.as_posix()), SourceText(path.as_posix(), text),
                          SETTINGS_PARAMS)
    for warning in warnings:
        print(warning.render())
    print(f"{len(warnings)} warning(s)")
    return EXIT_FAILED if warnings else EXIT_OK


def _audit_findings(path: Path, ruleset: Ruleset, rules_path: Path) -> Iterator[FoundFinding]:
    result = audit([path], ruleset_id(ruleset, rules_path), ruleset)
    for finding in result.findings:
        yield FoundFinding(finding.rule, finding.location.hand, finding.location.action)


def _test(ruleset: Ruleset, rules_path: Path) -> int:
    report = run_tests(ruleset, lambda path, loaded: _audit_findings(path, loaded, rules_path))
    for outcome in report.outcomes:
        print(f"{'PASS' if outcome.passed else 'FAIL'}  {outcome.name}  ({outcome.where})")
        if outcome.error:
            print(f"      {outcome.error}")
        for expect in outcome.missing:
            print(f"      missing: {expect.rule_id} hand {expect.hand} action {expect.action}")
        for extra in outcome.unexpected:
            print(f"      unexpected: {extra.rule} hand {extra.hand} action {extra.action}")
    if report.tallies:
        print(f"\n{'rule':<48}{'TP':>5}{'FP':>5}{'FN':>5}")
        for rule, tally in sorted(report.tallies.items()):
            print(f"{rule:<48}{tally.true_positives:>5}{tally.false_positives:>5}"
                  f"{tally.false_negatives:>5}")
    passed = sum(outcome.passed for outcome in report.outcomes)
    print(f"\n{passed} of {len(report.outcomes)} tests passed")
    return EXIT_OK if report.passed else EXIT_FAILED


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
