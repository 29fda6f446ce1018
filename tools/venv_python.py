"""The interpreter `make` creates `.venv` from; `make PYTHON=...` overrides it.

How CPython itself was built moves feltcheck's speed more than most changes to feltcheck:
on this machine Debian's `/usr/bin/python3.11` (built with profile-guided and link-time
optimisation, the interpreter linked into its executable) ran the same compiled audit with
~17 % less CPU than a pyenv 3.11.7 built with configure's defaults (no
`--enable-optimizations`, libpython a shared library whose calls all go through the PLT):
docs/performance.md, "The interpreter's own build". So, among the interpreters that can
hold feltcheck's environment (3.11 or newer, their C headers for the compiled build, and
venv's pip), the picker prefers one that says it was configured with
`--enable-optimizations`, then the operating system's own (`/usr/bin`: Debian, Ubuntu,
Fedora, Arch and openSUSE build theirs with a profile), then the first `python3` on PATH.

Run by any `python3`, before `.venv` exists: the standard library only. Prints the chosen
interpreter's path on standard output and why on standard error.
"""

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

# What a candidate reports of itself, run as `candidate -c PROBE`.
PROBE = """
import json, os, sys, sysconfig
try:
    import ensurepip, venv
    has_venv = True
except ImportError:
    has_venv = False
include = sysconfig.get_paths().get("include") or ""
print(json.dumps({
    "executable": os.path.realpath(sys.executable),
    "version": list(sys.version_info[:2]),
    "configure": sysconfig.get_config_var("CONFIG_ARGS") or "",
    "headers": os.path.isfile(os.path.join(include, "Python.h")),
    "venv": has_venv,
}))
"""

MINIMUM = (3, 11)
SYSTEM_DIRECTORY = "/usr/bin/"


@dataclass(frozen=True)
class Interpreter:
    """One candidate as it described itself."""

    command: str
    executable: str
    version: tuple[int, int]
    configure: str
    headers: bool
    venv: bool

    @property
    def usable(self) -> bool:
        return self.version >= MINIMUM and self.headers and self.venv

    @property
    def optimized(self) -> bool:
        """Configured for a profile-guided build (python.org's, Fedora's, a pyenv told to)."""
        return "--enable-optimizations" in self.configure

    @property
    def system(self) -> bool:
        return self.executable.startswith(SYSTEM_DIRECTORY)


def probe(command: str) -> Interpreter | None:
    """`command`'s own description, or None when it does not run."""
    try:
        shown = subprocess.run([command, "-c", PROBE], capture_output=True, text=True,
                               timeout=60, check=True)
        told = json.loads(shown.stdout)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    major, minor = told["version"]
    return Interpreter(command, told["executable"], (major, minor), told["configure"],
                       bool(told["headers"]), bool(told["venv"]))


def choose(found: list[Interpreter]) -> tuple[Interpreter | None, str]:
    """The interpreter to build `.venv` from, and why; None when none is usable."""
    usable = [interpreter for interpreter in found if interpreter.usable]
    for interpreter in usable:
        if interpreter.optimized:
            return interpreter, "configured with --enable-optimizations"
    for interpreter in usable:
        if interpreter.system:
            return interpreter, "the operating system's own build"
    if usable:
        return usable[0], "the first usable one (no optimised build found)"
    return None, "none is 3.11 or newer with its headers and venv"


def candidates() -> list[str]:
    """`python3` on PATH, then the operating system's, each once."""
    named = [shutil.which("python3"), SYSTEM_DIRECTORY + "python3"]
    seen: list[str] = []
    for command in named:
        if command and os.path.exists(command) and command not in seen:
            seen.append(command)
    return seen


def main() -> int:
    found = [interpreter for interpreter in map(probe, candidates()) if interpreter]
    chosen, why = choose(found)
    if chosen is None:
        print(f"venv_python: {why}; falling back to python3", file=sys.stderr)
        print("python3")
        return 0
    print(f"venv_python: {chosen.command} ({chosen.executable}, "
          f"{'.'.join(map(str, chosen.version))}): {why}", file=sys.stderr)
    print(chosen.command)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
