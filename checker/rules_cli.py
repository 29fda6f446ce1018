"""`feltcheck rules check | fmt | lint | test | coverage [NAME|FILE...]` and `rules list`:
tooling for rule authors.

A rules argument is a file or a bundled set's name (checker/rules_arg.py); without one the
bundled `fulltilt`. `check`, `fmt` and `lint` take several (pre-commit passes every changed file)
and exit with the worst outcome. Exit codes: 0 = fine; 1 = the command's finding (not canonical,
lint warnings, failing tests, uncovered clauses); 2 = a rules file cannot be read, parsed or
type-checked, `fmt` refuses a formatting that would change what the file says
(checker/dsl/format_safety.py), or a usage error.
"""

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from checker import rulesets
from checker.audit.collusion import SETTINGS_PARAMS
from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl import ast
from checker.dsl.diagnostics import RulesError, SourceText
from checker.dsl.ruleset import Ruleset, coverage, read_rules_text
from checker.dsl.testing import FoundFinding, run_tests, wanted
from checker.report.output import write_atomically
from checker.rules_arg import RulesChoice, bundled_rules, load_rules, rules_argument

# The parser, the formatter, the linter and the explainer are imported by the subcommands that
# use them: `feltcheck audit` builds this parser too, and starts without them (a bundled rule
# set is read from the trees the build kept, checker/dsl/parsed_trees.py).

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

_COMMANDS = {
    "check": "load the rule set and type-check every rule and parameter",
    "fmt": "print the file in canonical form (--check: exit 1 if it is not; --write: rewrite)",
    "lint": "warnings about rules that are likely wrong or hard to use",
    "test": "run the file's test blocks: TP/FP/FN and known gaps (TODO) per rule; why a test fails",
    "coverage": "every clause with the rules that enforce it or why it is unchecked",
}
# The commands that take several rules arguments; `test` and `coverage` print one report.
_MANY = ("check", "fmt", "lint")


def add_rules_commands(commands: "argparse._SubParsersAction[Any]") -> None:
    rules = commands.add_parser("rules", help="check, format, lint, test, cover and list rule sets")
    actions = rules.add_subparsers(dest="rules_command", required=True)
    for name, help_text in _COMMANDS.items():
        action = actions.add_parser(name, help=help_text)
        action.add_argument("files", nargs="*" if name in _MANY else "?", type=rules_argument,
                            metavar="NAME|FILE",
                            help=f"a rules file or a bundled set (default: {rulesets.DEFAULT})")
        if name == "fmt":
            mode = action.add_mutually_exclusive_group()
            mode.add_argument("--check", action="store_true")
            mode.add_argument("--write", action="store_true")
    actions.add_parser("list", help="the bundled rule sets: title, parent and rule count")


def run_rules(args: argparse.Namespace) -> int:
    if args.rules_command == "list":
        return _list()
    given = args.files if isinstance(args.files, list) else [args.files]
    choices = [choice for choice in given if choice is not None] or [bundled_rules()]
    if args.rules_command == "fmt" and not (args.check or args.write) and len(choices) > 1:
        print("feltcheck: `rules fmt` prints one file: give --check or --write for several",
              file=sys.stderr)
        return EXIT_USAGE
    return max(_run_one(args, choice) for choice in choices)


def _run_one(args: argparse.Namespace, choice: RulesChoice) -> int:
    try:
        if args.rules_command == "fmt":
            return _fmt(choice, check=args.check, write=args.write)
        if args.rules_command == "lint":
            return _lint(choice)
        ruleset = load_rules(choice)
    except RulesError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"feltcheck: {choice.display}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.rules_command == "check":
        return _check(ruleset)
    if args.rules_command == "test":
        return _test(ruleset, choice.label)
    return _coverage(ruleset)


def _list() -> int:
    """Each bundled set: its name, rule count, the set it extends and its title."""
    rows = []
    for name in rulesets.NAMES:
        try:
            ruleset = load_rules(bundled_rules(name))
        except RulesError as exc:
            print(exc, file=sys.stderr)
            return EXIT_USAGE
        rows.append((name, str(len(ruleset.rules)), _parent_name(ruleset), ruleset.title))
    header = ("name", "rules", "extends", "title")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(3)]
    for row in [header, *rows]:
        print(f"{row[0]:<{widths[0]}}  {row[1]:>{widths[1]}}  {row[2]:<{widths[2]}}  {row[3]}")
    return EXIT_OK


def _parent_name(ruleset: Ruleset) -> str:
    """The name of the set the top file extends (`-` for none): its parent's `ruleset NAME`."""
    if len(ruleset.files) < 2:
        return "-"
    parent = ruleset.trees[ruleset.files[-2]]
    return next(item.name for item in parent.items if isinstance(item, ast.RulesetDecl))


def _check(ruleset: Ruleset) -> int:
    print(f"{ruleset.files[-1]}: rule set '{ruleset.name}' is valid: {len(ruleset.rules)} rules, "
          f"{len(ruleset.params)} parameters, {len(ruleset.clauses)} clauses")
    return EXIT_OK


def _fmt(choice: RulesChoice, *, check: bool, write: bool) -> int:
    from checker.dsl.format_safety import formatting_damage
    from checker.dsl.formatter import format_rules
    from checker.dsl.parser import parse_rules

    text = read_rules_text(choice.path, choice.display)
    tree = parse_rules(text, choice.display)
    canonical = format_rules(tree)
    # Every mode trusts the formatter's text only once it says what the file says: written,
    # printed, or offered by --check as the fix, a damaged text would cost the user rules.
    damage = None if canonical == text else formatting_damage(tree, canonical, choice.display)
    if damage is not None:
        print(f"feltcheck: {choice.display}: fmt refused, its output would not keep the rules "
              f"and comments of the file (a bug in feltcheck's formatter; the file is left "
              f"as it was): {damage}", file=sys.stderr)
        return EXIT_USAGE
    if check:
        if canonical != text:
            print(f"{choice.display}: not in canonical form (run `feltcheck rules fmt --write "
                  f"{choice.label}`)")
            return EXIT_FAILED
        return EXIT_OK
    if write:
        if choice.bundled:  # the installed package is no place to edit: rules/ is the source
            print(f"feltcheck: {choice.label}: a bundled rule set is not rewritten; format "
                  "its file in the repository's rules/", file=sys.stderr)
            return EXIT_USAGE
        if canonical != text:  # whole or not at all: an interruption keeps the file as it was
            write_atomically(choice.path, canonical)
        return EXIT_OK
    sys.stdout.write(canonical)
    return EXIT_OK


def _lint(choice: RulesChoice) -> int:
    from checker.dsl.lint import lint_rules
    from checker.dsl.parser import parse_rules

    text = read_rules_text(choice.path, choice.display)
    # The clause-28 aggregation reads some parameters before any rule runs.
    warnings = lint_rules(parse_rules(text, choice.display), SourceText(choice.display, text),
                          SETTINGS_PARAMS)
    for warning in warnings:
        print(warning.render())
    print(f"{len(warnings)} warning(s)")
    return EXIT_FAILED if warnings else EXIT_OK


def _audit_findings(path: Path, ruleset: Ruleset, rules_label: str) -> Iterator[FoundFinding]:
    result = audit([path], ruleset_id(ruleset, rules_label), ruleset)
    for finding in result.findings:
        yield FoundFinding(finding.rule, finding.location.hand, finding.location.action)


def _why(path: Path, ruleset: Ruleset, finding: FoundFinding) -> list[str]:
    """The evaluator's deciding conditions of the finding's rule on its hand (at its action):
    why the finding came, or did not."""
    from checker.explain.hands import ExplainError, explain_hand
    from checker.report.explain_why import why_lines

    if finding.hand is None:
        return ["(no hand named: `feltcheck explain` traces a rule on one hand; name it with "
                '`hand "ID"` to see the rule\'s deciding conditions)']
    try:
        explanation = explain_hand(path, finding.hand, ruleset, finding.rule, unapplied=True)
    except ExplainError as exc:
        return [f"(no trace: {exc})"]
    lines = why_lines(explanation, finding.action)
    if lines:
        return lines
    loaded = ruleset.rules[finding.rule]
    at = f" at action {finding.action}" if finding.action is not None else ""
    return [f"(the rule listens to `{loaded.rule.event}` events: hand {finding.hand} has none"
            f"{at})"]


def _named(rule: str | None, hand: str | None, action: int | None) -> str:
    return " ".join([str(rule), *([f"hand {hand}"] if hand is not None else []),
                     *([f"action {action}"] if action is not None else [])])


def _test(ruleset: Ruleset, rules_label: str) -> int:
    report = run_tests(ruleset, lambda path, loaded: _audit_findings(path, loaded, rules_label),
                       _why)
    pad = " " * 6
    for outcome in report.outcomes:
        print(f"{'PASS' if outcome.passed else 'FAIL'}  {outcome.name}  ({outcome.where})")
        if outcome.error:
            print(f"{pad}{outcome.error}")
        for kind, finding in [*(("missing", wanted(e)) for e in outcome.missing),
                              *(("unexpected", f) for f in outcome.unexpected)]:
            print(f"{pad}{kind}: {_named(finding.rule, finding.hand, finding.action)}")
            for line in outcome.why.get(finding, ()):
                print(f"{pad}  {line}")
        for expect in outcome.closed:
            print(f"{pad}now passes: remove the todo: expect {expect.gap} "
                  f"{_named(expect.rule_id, expect.hand, expect.action)} "
                  f"(line {expect.span.line})")
        for expect in outcome.todo:
            known = "not given yet" if expect.gap == ast.TODO else "still given"
            print(f"{pad}todo ({known}): {_named(expect.rule_id, expect.hand, expect.action)}")
    if report.tallies:
        print(f"\n{'rule':<48}{'TP':>5}{'FP':>5}{'FN':>5}{'TODO':>6}")
        for rule, tally in sorted(report.tallies.items()):
            print(f"{rule:<48}{tally.true_positives:>5}{tally.false_positives:>5}"
                  f"{tally.false_negatives:>5}{tally.todo:>6}")
    open_gaps = sum(len(outcome.todo) for outcome in report.outcomes)
    closed = sum(len(outcome.closed) for outcome in report.outcomes)
    if open_gaps or closed:
        print(f"\nknown gaps (todo): {open_gaps} open, {closed} now passing (remove their todo)")
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
