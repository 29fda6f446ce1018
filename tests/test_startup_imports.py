"""What `feltcheck` loads before it reads an input: every command builds the one parser, so
what one command alone needs is imported by that command (docs/performance.md, "Start-up").
An audit to text, JSON, SARIF or JUnit starts without numpy and scipy (loaded when pairs are
scored), jsonschema (on a log's first refused line, or with --baseline), the simulator's hand
engine and writers, the explainer, the rules tooling and the HTML pages."""

import os
import subprocess
import sys

from tests.conftest import REPO

# Each is a module whose import costs start-up time and that `audit` needs only sometimes.
NOT_AT_START = (
    "numpy",
    "scipy",
    "jsonschema",
    "checker.collusion.scoring",
    "checker.sim.hand_engine",
    "checker.sim.ftp_text",
    "checker.explain.hands",
    "checker.report.explain_why",
    "checker.report.html_report",
    "checker.report.collusion_html",
    "checker.audit.refund",
    "checker.dsl.lint",
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
