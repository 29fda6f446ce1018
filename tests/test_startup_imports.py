"""What `feltcheck` loads before it reads an input: every command builds the one parser, so
what one command alone needs is imported by that command (docs/performance.md, "Start-up").
An audit to text, JSON, SARIF or JUnit starts without numpy and scipy (loaded when pairs are
scored), jsonschema (on a log's first refused line, or with --baseline), the simulator's hand
engine and writers, the explainer, the rules tooling and the HTML pages."""

import argparse
import os
import subprocess
import sys

from checker.launch import BLAS_THREADS
from tests.conftest import REPO

# Each is a module whose import costs start-up time and that `audit` needs only sometimes.
NOT_AT_START = (
    "numpy",
    "scipy",
    "jsonschema",
    "checker.collusion.scoring",
    "checker.sim.cli",
    "checker.sim.schedule",
    "checker.sim.simulate",
    "checker.sim.hand_engine",
    "checker.sim.ftp_text",
    "checker.explain.hands",
    "checker.report.explain_why",
    "checker.report.html_report",
    "checker.report.collusion_html",
    "checker.audit.refund",
    "checker.dsl.lint",
    # The rules language's parser and Lark: the bundled sets are read from the trees the build
    # kept (checker/dsl/parsed_trees.py); another rules file imports them to be parsed.
    "checker.dsl.parser",
    "lark",
)


def _loaded_after(code: str) -> set[str]:
    script = code + "\nimport sys\nprint('\\n'.join(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True,
                          text=True, check=True)
    return set(done.stdout.split())


def test_the_command_line_starts_without_what_one_command_alone_needs() -> None:
    loaded = _loaded_after("import checker.cli")
    assert "checker.audit.partition" in loaded  # the audit's own path is there
    assert sorted(m for m in NOT_AT_START if m in loaded) == []


def test_the_simulator_loads_for_simulate_alone() -> None:
    # An audit's arguments parsed: the simulate command's options (the simulator's faults and
    # schedule in their help) are never built.
    loaded = _loaded_after("from checker.cli import build_parser\n"
                           "build_parser().parse_args(['audit', 'x', '--format', 'json'])")
    assert sorted(m for m in loaded if m.startswith("checker.sim")) == []


def test_the_simulate_command_has_its_options_when_used() -> None:
    from checker.cli import build_parser
    from checker.sim.faults import FAULTS

    parser = build_parser()
    args = parser.parse_args(["simulate", "--seed", "3", "--hands", "10", "--out", "d",
                              "--faults", "all", "--table-size", "6"])
    assert (args.seed, args.hands, args.faults, args.table_size) == (3, 10, "all", 6)
    commands = next(action for action in parser._actions
                    if isinstance(action, argparse._SubParsersAction))
    shown = commands.choices["simulate"].format_help()
    assert "--colluders" in shown
    assert all(name in shown.replace("\n", " ").replace(" ", "") for name in FAULTS)


def test_an_audit_without_pairs_never_loads_numpy() -> None:
    # A tournament summary alone: no hand, so no pair to score.
    summary = REPO / "hand_histories" / "samples" / "ftp" / "FT900001.summary.txt"
    assert summary.is_file()
    loaded = _loaded_after(
        "import os\nfrom checker.cli import main\n"
        f"main(['audit', {str(summary)!r}, '--format', 'json', '--jobs', '1', "
        "'--output', os.devnull])")
    assert "checker.audit.run" in loaded
    assert [m for m in ("numpy", "scipy", "jsonschema") if m in loaded] == []


def test_the_log_events_validators_are_built_at_their_first_use() -> None:
    # Their schemas took ~14 ms of every start; an audit of hand histories never uses them.
    script = ("import checker.cli\n"
              "from checker.model import tournament_log as log\n"
              "built = log.model_events.cache_info\n"
              "print(log.TournamentEnd.__pydantic_complete__, built().currsize)\n"
              "event = log.event_from({'event': 'tournament_end', 'seq': 1, 'tournament': 'T1',"
              " 'at': '2009-01-01T00:00:00+00:00', 'outcome': 'finished', 'winner': 'p'})\n"
              "print(type(event).__name__, event.winner, built().currsize)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["False", "0", "TournamentEnd", "p", "1"]


_LAUNCH_PROBE = """
import gc, sys, types
{before}
seen = []
fake = types.ModuleType("checker.cli")
def main():
    print(seen, gc.isenabled(), gc.get_freeze_count() > 0)
    {command}
    return 3
def __getattr__(name):
    # `from checker.cli import main`: what the collector was while the program imported.
    if name != "main":
        raise AttributeError(name)
    seen.append(gc.isenabled())
    return main
fake.__getattr__ = __getattr__
sys.modules["checker.cli"] = fake
from checker.launch import main as launch
sys.exit(launch())
"""


def _launched(before: str, command: str = "pass") -> tuple[str, int]:
    # The caller's environment without a BLAS thread count of its own, so that the
    # command's is what is seen.
    env = {name: value for name, value in os.environ.items() if name != BLAS_THREADS}
    done = subprocess.run([sys.executable, "-c",
                           _LAUNCH_PROBE.format(before=before, command=command)],
                          cwd=REPO, env={**env, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, check=False)
    return done.stdout.strip(), done.returncode


def test_the_installed_command_imports_with_the_collector_off_then_runs_with_it_on() -> None:
    # The program imported with no collection, what it built frozen, the command run with the
    # collector on and its exit status passed on.
    assert _launched("") == ("[False] True True", 3)


def test_the_installed_command_leaves_a_collector_turned_off_before_it_off() -> None:
    assert _launched("gc.disable()") == ("[False] False True", 3)


def test_the_installed_command_runs_the_exit_handlers_and_writes_its_output_out() -> None:
    # It leaves without the interpreter's teardown: what the handlers and the command wrote,
    # unflushed, is there all the same, and so is the command's status.
    handler = "import atexit; atexit.register(lambda: print('handler ran', end=''))"
    out, status = _launched(handler, "print('x' * 100_000, end='')")
    assert out == "[False] True True\n" + "x" * 100_000 + "handler ran"
    assert status == 3


def test_the_installed_command_leaves_a_live_thread_to_the_interpreter() -> None:
    # A thread still running when the command returns (a Dask client's, say) is joined by
    # the interpreter's own exit, which the command then takes.
    command = ("import threading, time; threading.Thread(target=lambda: (time.sleep(0.3), "
               "print('thread done'))).start()")
    out, status = _launched("", command)
    assert out.splitlines() == ["[False] True True", "thread done"]
    assert status == 3


def test_the_installed_command_starts_no_blas_threads() -> None:
    # numpy's and scipy's OpenBLAS each start a thread for every other core unless told
    # otherwise; the command's process keeps its one thread (Linux: its tasks listed).
    command = ("import numpy, scipy.special, os; "
               "print(len(os.listdir('/proc/self/task')), os.environ['OPENBLAS_NUM_THREADS'])")
    out, status = _launched("", command)
    assert out.splitlines() == ["[False] True True", "1 1"]
    assert status == 3


def test_the_installed_command_keeps_a_blas_thread_count_set_before_it() -> None:
    before = "import os; os.environ['OPENBLAS_NUM_THREADS'] = '2'"
    out, _ = _launched(before, "import os; print(os.environ['OPENBLAS_NUM_THREADS'])")
    assert out.splitlines() == ["[False] True True", "2"]
