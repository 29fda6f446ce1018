"""The `feltcheck` command.

Exit codes (DESIGN.md): 0 = no finding at or above --fail-on; 1 = findings; 2 = usage error or
unreadable rules, inputs or baseline, a report that cannot be written, or an audit whose
accounting does not hold (a bug: checker/audit/accounting.py). With --baseline only findings
new to it count. 130 and 143: stopped by SIGINT or SIGTERM (checker/interrupt.py).
"""
# ruff: noqa: E402 - the modules below take a second or more to load: a Ctrl-C then is quiet too

from checker.interrupt import NO_REPORT, Interrupted, quiet_while_loading, stopping_on_signals

quiet_while_loading()

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checker import __version__
from checker.audit.accounting import AccountingError
from checker.audit.collusion import PAIR_EVENT
from checker.audit.partition import Plan, SchedulerError, audit_planned, start_workers_early
from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditResult
from checker.dsl.diagnostics import RulesError
from checker.dsl.ruleset import Ruleset
from checker.model.findings import SEVERITIES
from checker.report.baseline import BaselineComparison, BaselineError, compare, load_baseline
from checker.report.collusion_json import (
    collusion_document,
    collusion_rules,
    flagged_count,
    render_collusion_json,
)
from checker.report.context import ReportInput
from checker.report.json_report import json_report_chunks
from checker.report.junit_report import render_junit
from checker.report.output import OutputError, Rendered, write_atomically, write_report
from checker.report.progress import is_terminal, progress_bar
from checker.report.sarif_report import render_sarif
from checker.rules_arg import bundled_rules, load_rules, rules_argument
from checker.rules_cli import add_rules_commands, run_rules

# What one command alone uses (explain, refund, the collusion and HTML reports) is imported
# by that command: an audit to text, JSON, SARIF or JUnit starts without it (and rich, the
# terminal's library, loads only for a text report or a progress bar).
if TYPE_CHECKING:
    from checker.report.html_hands import ExplainPages

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2

# `--rules NAME|FILE` (checker/rules_arg.py); the default is the bundled set, wherever we run.
DEFAULT_RULES = bundled_rules()
RULES_HELP = "a rules file, or a bundled rule set's name (default: %(default)s; `rules list`)"

# `collusion --format`: each renders the same clause-28 document (checker/report/collusion_json.py).
COLLUSION_FORMATS = ("text", "json", "html")


def _render_text(report: ReportInput) -> Rendered:
    from checker.report.text_report import render_text

    return render_text(report)


# `audit --format`: every format renders the same ReportInput. Adding one is one line.
AUDIT_FORMATS: dict[str, Callable[[ReportInput], Rendered]] = {
    "text": _render_text,
    "json": json_report_chunks,
    "sarif": render_sarif,
    "junit": render_junit,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="feltcheck", description="Rules-as-data compliance checker for poker tournaments."
    )
    parser.add_argument("--version", action="version", version=f"feltcheck {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=CommandParser)
    audit_cmd = commands.add_parser("audit", help="audit hand histories, summaries and logs")
    audit_cmd.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    audit_cmd.add_argument("--rules", type=rules_argument, default=DEFAULT_RULES,
                           metavar="NAME|FILE", help=RULES_HELP)
    audit_cmd.add_argument("--format", choices=(*AUDIT_FORMATS, "html"), default="text")
    audit_cmd.add_argument("--output", type=Path, metavar="FILE")
    audit_cmd.add_argument(
        "--fail-on", choices=(*SEVERITIES, "never"), default="error", dest="fail_on"
    )
    audit_cmd.add_argument(
        "--baseline", type=Path, metavar="REPORT.json",
        help="an earlier --format json report: only findings new to it fail the run")
    add_plan_options(audit_cmd)
    collusion_cmd = commands.add_parser(
        "collusion", help="clause 28: every pair of players tested for collusion, ranked")
    collusion_cmd.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    collusion_cmd.add_argument("--rules", type=rules_argument, default=DEFAULT_RULES,
                               metavar="NAME|FILE", help=RULES_HELP)
    collusion_cmd.add_argument("--format", choices=COLLUSION_FORMATS, default="text")
    collusion_cmd.add_argument("--output", type=Path, metavar="FILE")
    add_plan_options(collusion_cmd)
    refund_cmd = commands.add_parser(
        "refund", help="what each player would be owed were a logged tournament cancelled")
    refund_cmd.add_argument("log", type=Path, metavar="LOG")
    refund_cmd.add_argument("--at", type=int, metavar="EVENT", dest="at_event",
                            help="the log's event number (seq) to cancel at (default: the last)")
    refund_cmd.add_argument("--tournament", metavar="ID",
                            help="which tournament of the log (needed when it holds several)")
    refund_cmd.add_argument("--rules", type=rules_argument, default=DEFAULT_RULES,
                            metavar="NAME|FILE", help=RULES_HELP)
    refund_cmd.add_argument("--format", choices=("text", "json"), default="text")
    add_explain_command(commands)
    add_rules_commands(commands)
    commands.add_parser(
        "simulate", help="simulate Sit & Gos (hand histories, summaries, log, ground truth)",
        arguments=_simulate_arguments)
    return parser


class CommandParser(argparse.ArgumentParser):
    """A command's parser; `arguments`, when given, adds its arguments the first time the
    parser is used (to parse or for its help), so what builds them loads only then."""

    def __init__(self, *args: Any,
                 arguments: Callable[[argparse.ArgumentParser], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._arguments = arguments

    def _added(self) -> None:
        arguments, self._arguments = self._arguments, None
        if arguments is not None:
            arguments(self)

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        self._added()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self._added()
        return super().format_usage()

    def format_help(self) -> str:
        self._added()
        return super().format_help()


def _simulate_arguments(command: argparse.ArgumentParser) -> None:
    # The simulator (its faults, strategies, schedule) loads for `simulate` alone.
    from checker.sim.cli import add_simulate_arguments

    add_simulate_arguments(command)


def add_plan_options(command: argparse.ArgumentParser) -> None:
    """`--jobs` and `--scheduler`: where the audit runs (checker/audit/partition.py); the
    report is the same whichever is chosen."""
    where = command.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=job_count, metavar="N",
                       help="audit on N local processes (default: every core, as many as "
                            "the input's size is worth; 1: in this process)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="audit on the Dask cluster whose scheduler is at ADDRESS "
                            "(e.g. tcp://10.0.0.5:8786; pip install 'feltcheck[dask]'); "
                            "its workers must read the inputs at the same paths")


def job_count(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"not a number of processes: {text!r}")
    return jobs


def run_planned(args: argparse.Namespace, rules: Ruleset, keep_pairs: bool) -> AuditResult:
    """The audit of `args.paths`, where `--jobs`/`--scheduler` say, with progress and
    notices on standard error (SchedulerError when the cluster cannot be used); `keep_pairs`:
    every clause-28 pair's verdict is kept for the report (CollusionJudge.judge)."""
    with progress_bar(sys.stderr) as progress:
        return audit_planned(args.paths, ruleset_id(rules, args.rules.label), rules, _plan(args),
                             progress, notify=_notice, keep_pairs=keep_pairs)


def _plan(args: argparse.Namespace) -> Plan:
    return Plan(jobs=args.jobs, scheduler=args.scheduler)


def _notice(text: str) -> None:
    print(f"feltcheck: {text}", file=sys.stderr)


def add_explain_command(commands: "argparse._SubParsersAction[Any]"
                        ) -> None:
    explain_cmd = commands.add_parser(
        "explain", help="one hand told step by step, with every rule that applied to it")
    explain_cmd.add_argument("path", type=Path, metavar="PATH")
    explain_cmd.add_argument("--hand", required=True, metavar="ID", dest="hand_id")
    explain_cmd.add_argument("--rule", metavar="RULE",
                             help="show only this rule (or the rules whose ids start RULE.)")
    explain_cmd.add_argument("--rules", type=rules_argument, default=DEFAULT_RULES,
                             metavar="NAME|FILE", help=RULES_HELP)
    explain_cmd.add_argument("--html", type=Path, metavar="FILE",
                             help="also write the explanation as a self-contained HTML page")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    # What an interruption leaves behind, for its message (the report writers move it on).
    left = (f"the files written under {args.out} are incomplete"
            if args.command == "simulate" else NO_REPORT)
    with stopping_on_signals(left):
        try:
            return run_command(args)
        except Interrupted as exc:
            print(f"feltcheck: {exc}", file=sys.stderr)
            return exc.status
        except (AccountingError, OutputError) as exc:
            print(f"feltcheck: {exc}", file=sys.stderr)
            return EXIT_USAGE


def run_command(args: argparse.Namespace) -> int:
    if args.command == "rules":
        return run_rules(args)
    if args.command == "refund":
        return run_refund(args)
    if args.command == "simulate":
        from checker.sim.cli import run_simulate

        return run_simulate(args)
    if args.command == "explain":
        return run_explain(args)
    if args.command == "collusion":
        return run_collusion(args)
    return run_audit(args)


def run_explain(args: argparse.Namespace) -> int:
    """0 with the hand explained (whatever the rules found); 2 when the rules, the path, the
    hand or the rule asked for is not there."""
    from checker.explain.hands import ExplainError, explain_hand
    from checker.report.explain_html import render_explain_html
    from checker.report.explain_text import render_explain_text

    try:
        rules = load_rules(args.rules)
        explanation = explain_hand(args.path, args.hand_id, rules, args.rule)
    except (RulesError, ExplainError) as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    write_report(render_explain_text(explanation), None)
    if args.html is not None:
        write_atomically(args.html, render_explain_html(explanation))
    return EXIT_OK


def explain_pages(rules: Ruleset) -> "ExplainPages":
    """The HTML reports' explain pages: each hand asked for, the whole hand with every rule,
    each file read once for all its hands (a tournament log holds thousands). A hand no
    replay can explain is left out."""
    from checker.explain.hands import ExplainError, explain_hands
    from checker.report.explain_html import render_explain_html
    from checker.report.html_hands import HandKey, HandRequest

    def pages(requests: Sequence[HandRequest]) -> Iterator[tuple[HandKey, str]]:
        by_file: dict[str, list[str]] = {}
        for request in requests:
            by_file.setdefault(request.key.file, []).append(request.key.hand)
        for file, hands in by_file.items():
            try:
                for explanation in explain_hands(Path(file), hands, rules):
                    yield (HandKey(file, explanation.hand_id),
                           render_explain_html(explanation))
            except ExplainError:
                continue

    return pages


def run_refund(args: argparse.Namespace) -> int:
    """0 with the table (or JSON) printed; 2 when the rules or the log cannot answer."""
    from checker.audit.refund import RefundError, refund_report
    from checker.report.refund_report import render_refund_json, render_refund_text

    try:
        rules = load_rules(args.rules)
        report = refund_report(args.log, rules, args.at_event, args.tournament)
    except (RulesError, RefundError) as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    text = render_refund_json(report) if args.format == "json" else render_refund_text(report)
    write_report(text, None)
    return EXIT_OK


def run_audit(args: argparse.Namespace) -> int:
    if args.format == "html" and args.output is None:
        print("feltcheck: --format html writes files: give --output FILE", file=sys.stderr)
        return EXIT_USAGE
    # The workers' fork server imports the audit while the rules load.
    start_workers_early(args.paths, _plan(args))
    try:
        rules = load_rules(args.rules)
        baseline = load_baseline(args.baseline) if args.baseline is not None else None
    except (RulesError, BaselineError) as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if _inputs_missing(args.paths):
        return EXIT_USAGE
    try:
        # The audit's report shows findings, not every pair clause 28 scored.
        result = run_planned(args, rules, keep_pairs=False)
    except SchedulerError as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    comparison: BaselineComparison | None = None
    if baseline is not None:
        comparison = compare(result.findings, baseline)
    to_terminal = args.output is None and is_terminal(sys.stdout)
    report = ReportInput(result, rules, args.fail_on, comparison, terminal=to_terminal)
    if args.format == "html":  # a page and its hands' explain pages: files, not a stream
        from checker.report.html_report import write_html_report

        write_html_report(result, rules, args.output, explain_pages=explain_pages(rules))
        return exit_code(report)
    text = AUDIT_FORMATS[args.format](report)
    write_report(text, args.output)
    return exit_code(report)


def _inputs_missing(paths: Sequence[Path]) -> bool:
    """Say which inputs do not exist (a usage error: the run does not start)."""
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"feltcheck: {path}: no such file or directory", file=sys.stderr)
    return bool(missing)


def run_collusion(args: argparse.Namespace) -> int:
    """The clause-28 report. 0 when the rules flag no pair or ring, 1 when they flag some; 2
    for a usage error, rules that do not load or judge no `pair` event, or inputs that do not
    exist or cannot be opened (as `audit`)."""
    if args.format == "html" and args.output is None:
        print("feltcheck: --format html writes files: give --output FILE", file=sys.stderr)
        return EXIT_USAGE
    start_workers_early(args.paths, _plan(args))
    try:
        rules = load_rules(args.rules)
    except RulesError as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not any(rules.rules[r].rule.event == PAIR_EVENT for r in collusion_rules(rules)):
        print(f"feltcheck: {args.rules}: no rule judges `pair` events (clause 28): nothing to "
              "report", file=sys.stderr)
        return EXIT_USAGE
    if _inputs_missing(args.paths):
        return EXIT_USAGE
    try:
        result = run_planned(args, rules, keep_pairs=True)
    except SchedulerError as exc:
        print(f"feltcheck: {exc}", file=sys.stderr)
        return EXIT_USAGE
    document = collusion_document(result, rules)
    if args.format == "html":
        from checker.report.collusion_html import write_collusion_html

        write_collusion_html(document, result.ruleset.path, rules, args.output,
                             explain_pages=explain_pages(rules))
    else:
        if args.format == "json":
            text = render_collusion_json(document)
        else:
            from checker.report.collusion_text import render_collusion_text

            text = render_collusion_text(document, rules,
                                         terminal=args.output is None and is_terminal(sys.stdout))
        write_report(text, args.output)
    if any(not u.readable for u in result.unrecognized):
        return EXIT_USAGE
    return EXIT_FINDINGS if flagged_count(document) else EXIT_OK


def exit_code(report: ReportInput) -> int:
    """2 when an input could not be opened; 1 when a finding fails the run (ReportInput)."""
    if any(not u.readable for u in report.result.unrecognized):
        return EXIT_USAGE
    if any(report.counts_against(f) for f in report.result.findings):
        return EXIT_FINDINGS
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
