"""The README's install works anywhere: the wheel, installed in a fresh venv, audits from a
folder that is not the repository with the rule sets it carries (issue 18).

Offline and quick: the wheel is built without build isolation by this venv's setuptools (the
`test` extra), installed with --no-deps, and the new venv finds the runtime dependencies
through a .pth file naming this venv's site-packages - there is no network in tests. The
package's own files (code, grammar, rule sets) come only from the wheel: `checker` is asserted
to import from the new venv.
"""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from checker import rulesets
from tests.conftest import REPO

SAMPLES = REPO / "hand_histories" / "samples"
# What the wheel is built from: the repository's files as they are, copied so that the
# build writes nothing into the repository (setuptools leaves build/ and *.egg-info beside
# its sources) and no leftover build/ of an earlier compiled install can slip into the
# wheel. Compiled modules (make accel) and the typed rules and parsed trees it writes stay
# behind: this is the pure wheel, as a clone without `make accel` builds it.
SOURCES = ("pyproject.toml", "setup.py", "README.md", "checker", "grammar", "rules")
LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.so", "_native_manifest.json",
                                  "native_*.py", "parsed_trees.json")


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    site_packages: Path
    elsewhere: Path  # the working folder of every run: not the repository

    def run(self, *argv: str) -> subprocess.CompletedProcess[str]:
        env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHONPATH", "FELTCHECK_COMPILE", "PYTHONHOME")}
        return subprocess.run([str(self.venv / "bin" / argv[0]), *argv[1:]], env=env,
                              cwd=self.elsewhere, capture_output=True, text=True, check=False,
                              timeout=120)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    source.mkdir()
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, symlinks=True, ignore=LEFT_OUT)
        else:
            shutil.copy2(REPO / name, source / name)
    env = {key: value for key, value in os.environ.items() if key != "FELTCHECK_COMPILE"}
    built = root / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "-w", str(built), str(source)],
                   env=env, cwd=root, check=True, capture_output=True, timeout=300)
    (wheel,) = built.glob("feltcheck-*.whl")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    # This venv's pip installs into the new one (pip --python): the new venv needs no pip.
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                    "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                   env=env, cwd=root, check=True, capture_output=True, timeout=300)
    site_packages = Path(subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_path("
         "'purelib'))"], check=True, capture_output=True, text=True).stdout.strip())
    # The runtime dependencies (lark, pydantic, ...) from this venv: no network in tests. A
    # path in a .pth is searched after the venv's own site-packages, and the .pth files in it
    # (this venv's editable install of the repository) are not run.
    (site_packages / "zz_test_dependencies.pth").write_text(
        sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    yield Installed(wheel, venv, site_packages, elsewhere)


def test_the_wheel_carries_the_grammar_and_the_bundled_sets(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = set(wheel.namelist())
        shipped = {name for name in names if name.startswith("checker/rulesets/")}
        assert shipped == {"checker/rulesets/__init__.py",
                           *(f"checker/rulesets/{name}.rules" for name in rulesets.NAMES)}
        for name in rulesets.NAMES:  # the bytes of rules/, not a link to it
            assert (wheel.read(f"checker/rulesets/{name}.rules")
                    == (REPO / "rules" / f"{name}.rules").read_bytes())
        assert (wheel.read("checker/dsl/feltcheck.lark")
                == (REPO / "grammar" / "feltcheck.lark").read_bytes())
        assert not [name for name in names if name.endswith((".so", "_native_manifest.json"))]
    for name in rulesets.NAMES:
        installed_file = installed.site_packages / "checker" / "rulesets" / f"{name}.rules"
        assert installed_file.is_file() and not installed_file.is_symlink()


def test_checker_is_imported_from_the_new_venv(installed: Installed) -> None:
    done = installed.run("python", "-c", "import checker; print(checker.__file__)")
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()) == installed.site_packages / "checker" / "__init__.py"


@pytest.mark.parametrize("rules", [None, *rulesets.NAMES])
def test_the_installed_command_audits_the_samples_from_elsewhere(
    installed: Installed, rules: str | None
) -> None:
    report = installed.elsewhere / f"{rules}.json"
    chosen = [] if rules is None else ["--rules", rules]
    done = installed.run("feltcheck", "audit", str(SAMPLES), *chosen, "--format", "json",
                         "--output", str(report), "--fail-on", "error")
    # The samples' injected faults (truth.jsonl) are errors under every bundled set.
    assert done.returncode == 1, done.stderr
    document = json.loads(report.read_text(encoding="utf-8"))
    assert document["ruleset"]["name"] == (rules or "fulltilt")
    assert document["summary"]["hands"] > 0 and document["summary"]["tournaments"] == 2
    # Each injected fault is found where truth.jsonl places it: its hand, or for a fault of
    # the tournament (a table held) its log event.
    truth = [json.loads(line) for line in (SAMPLES / "truth.jsonl").read_text().splitlines()]
    found = {(clause, f["location"]["tournament"], f["location"]["hand"] or f["location"]["event"])
             for f in document["findings"] for clause in f["clauses"]}
    missed = [t for t in truth
              if (t["clause"], t["tournament"], t.get("hand", t["event"])) not in found]
    assert len(truth) == 45 and not missed


def test_rules_list_and_check_run_from_elsewhere(installed: Installed) -> None:
    listed = installed.run("feltcheck", "rules", "list")
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()[1:]] == list(rulesets.NAMES)
    checked = installed.run("feltcheck", "rules", "check", "fulltilt")
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith("<bundled>/fulltilt.rules: rule set 'fulltilt' is valid")
    assert str(installed.site_packages) not in checked.stdout
