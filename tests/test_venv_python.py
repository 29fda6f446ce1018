"""The interpreter `make` builds `.venv` from (tools/venv_python.py)."""

import subprocess
import sys
from pathlib import Path

from tools.venv_python import Interpreter, choose, probe

REPO = Path(__file__).resolve().parents[1]


def interpreter(command: str, executable: str, *, version: tuple[int, int] = (3, 11),
                configure: str = "'--enable-shared'", headers: bool = True,
                venv: bool = True) -> Interpreter:
    return Interpreter(command, executable, version, configure, headers, venv)


PYENV = interpreter("python3", "/root/.pyenv/versions/3.11.7/bin/python3.11")
SYSTEM = interpreter("/usr/bin/python3", "/usr/bin/python3.11")
OPTIMIZED = interpreter("python3", "/opt/python/bin/python3.12",
                        configure="'--enable-optimizations' '--with-lto'")


def test_an_optimised_build_is_preferred_wherever_it_stands() -> None:
    chosen, why = choose([PYENV, SYSTEM, OPTIMIZED])
    assert chosen == OPTIMIZED
    assert "--enable-optimizations" in why


def test_the_systems_interpreter_comes_before_a_plain_build_on_path() -> None:
    assert choose([PYENV, SYSTEM])[0] == SYSTEM


def test_without_either_the_first_usable_one_is_taken() -> None:
    other = interpreter("python3.12", "/home/me/py/bin/python3.12")
    assert choose([PYENV, other])[0] == PYENV


def test_an_interpreter_that_cannot_hold_feltcheck_is_never_chosen() -> None:
    old = interpreter("/usr/bin/python3", "/usr/bin/python3.9", version=(3, 9),
                      configure="'--enable-optimizations'")
    headless = interpreter("/usr/bin/python3", "/usr/bin/python3.11", headers=False)
    no_venv = interpreter("/usr/bin/python3", "/usr/bin/python3.11", venv=False)
    for unusable in (old, headless, no_venv):
        assert choose([unusable, PYENV])[0] == PYENV
        assert choose([unusable])[0] is None


def test_the_running_interpreter_describes_itself() -> None:
    described = probe(sys.executable)
    assert described is not None
    assert described.version == sys.version_info[:2]
    assert Path(described.executable) == Path(sys.executable).resolve()


def test_a_command_that_does_not_run_is_no_candidate(tmp_path: Path) -> None:
    assert probe(str(tmp_path / "python3")) is None
    broken = tmp_path / "broken"
    broken.write_text("#!/bin/sh\necho not json\n")
    broken.chmod(0o755)
    assert probe(str(broken)) is None


def test_the_script_prints_one_command_that_runs() -> None:
    shown = subprocess.run([sys.executable, str(REPO / "tools" / "venv_python.py")],
                           capture_output=True, text=True, check=True)
    command = shown.stdout.strip()
    assert "\n" not in command
    assert probe(command) is not None
    assert "venv_python:" in shown.stderr
