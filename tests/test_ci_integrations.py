"""action.yml (the composite GitHub Action) and .pre-commit-hooks.yaml, read as YAML and run
as GitHub and pre-commit would run them, with our command line at the end."""

import os
import re
import shlex
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest

from checker.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, build_parser, main
from checker.rules_cli import EXIT_FAILED
from tests.conftest import REPO
from tests.yaml_subset import YamlSubsetError, load

ACTION = load((REPO / "action.yml").read_text(encoding="utf-8"))
HOOKS = load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
PLANTED = REPO / "hand_histories" / "fixtures" / "min-raise.planted.txt"
# What a `run:` step calls, recorded instead of run: each argument NUL-terminated.
STUB = "{name}() {{ printf '%s\\0' \"$@\"; }}\n"


@pytest.mark.parametrize(("text", "problem"), [
    ("a: [1, 2]\n", "may not start with '['"),
    ("python: 3.10\n", "not text to a YAML parser"),
    ("a: b: c\n", "holds ': '"),
    ("a:\n\tb: c\n", "a tab"),
    ("a: x\na: y\n", "duplicate key"),
    ("a: &anchor x\n", "may not start with '&'"),
    ("a:\n  - x\n   b: y\n", "unexpected indentation"),
])
def test_the_yaml_reader_refuses_what_it_does_not_read(text: str, problem: str) -> None:
    with pytest.raises(YamlSubsetError, match=re.escape(problem)):
        load(text)


def test_the_yaml_reader_reads_sequences_of_mappings_and_literal_blocks() -> None:
    text = ("# c\nsteps:\n- id: a  # note\n  run: |\n    one\n\n      two\n  n: 'it''s'\n"
            "- plain\nlast: \"q\\\"\"\n")
    assert load(text) == {"steps": [{"id": "a", "run": "one\n\n  two\n", "n": "it's"},
                                    "plain"], "last": 'q"'}


def _console_script() -> str:
    """The `feltcheck` command a pip install makes: the name hooks and the action call."""
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert scripts["project"]["scripts"] == {"feltcheck": "checker.launch:main"}
    return "feltcheck"


def _hook(hook_id: str) -> dict[str, Any]:
    found = [hook for hook in HOOKS if hook["id"] == hook_id]
    assert len(found) == 1, hook_id
    hook: dict[str, Any] = found[0]
    return hook


def _as_precommit(hook: dict[str, Any], files: list[str]) -> int:
    """pre-commit's call: the entry split as a shell would, then the files it matched."""
    argv = [*shlex.split(hook["entry"]), *files]
    assert argv[0] == _console_script()
    return main(argv[1:])


def test_the_hooks_match_rules_files_only() -> None:
    assert [hook["id"] for hook in HOOKS] == ["feltcheck-rules-check", "feltcheck-rules-fmt"]
    for hook in HOOKS:
        assert hook["language"] == "python" and hook["name"]
        pattern = re.compile(hook["files"])
        assert pattern.search("rules/fulltilt.rules") and pattern.search("site.rules")
        assert not pattern.search("rules/fulltilt.rules.orig")
        assert not pattern.search("hand_histories/samples/README.md")


def test_the_check_hook_on_the_repository_rules_and_a_broken_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)  # pre-commit runs in the repository, with relative names
    hook = _hook("feltcheck-rules-check")
    files = sorted(f"rules/{p.name}" for p in (REPO / "rules").iterdir()
                   if re.search(hook["files"], p.name))
    assert len(files) == 6
    assert _as_precommit(hook, files) == EXIT_OK
    assert capsys.readouterr().out.count(" is valid: ") == 6
    broken = tmp_path / "broken.rules"
    broken.write_text('ruleset b "B"\nextends "fulltilt"\nrule x.y\n  on hand\n', encoding="utf-8")
    assert _as_precommit(hook, [*files, str(broken)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert f"{broken.as_posix()}:3:1: error[missing-citation]: rule 'x.y' " in err


def test_the_fmt_hook_fails_on_a_badly_formatted_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    hook = _hook("feltcheck-rules-fmt")
    tidy = tmp_path / "tidy.rules"
    tidy.write_text('ruleset t "T"\nextends "fulltilt"\n', encoding="utf-8")
    messy = tmp_path / "messy.rules"
    messy.write_text('ruleset   t "T"\nextends "fulltilt"\n', encoding="utf-8")
    repository = [str(REPO / "rules" / name) for name in ("fulltilt.rules", "tda2024.rules")]
    assert _as_precommit(hook, [*repository, "tidy.rules"]) == EXIT_OK
    assert capsys.readouterr().out == ""
    assert _as_precommit(hook, [*repository, "messy.rules", "tidy.rules"]) == EXIT_FAILED
    assert capsys.readouterr().out == (
        "messy.rules: not in canonical form (run `feltcheck rules fmt --write messy.rules`)\n")


def _inputs(given: dict[str, str]) -> dict[str, str]:
    """The action's inputs as GitHub fills them: the given ones, else the defaults."""
    declared: dict[str, Any] = ACTION["inputs"]
    assert set(given) <= set(declared)
    values = {}
    for name, spec in declared.items():
        if name not in given:
            assert not spec.get("required", False), f"{name} is required"
        values[name] = given.get(name, spec.get("default", ""))
    return values


def _expand(text: str, inputs: dict[str, str]) -> str:
    """GitHub's `${{ ... }}` for the two contexts the action uses; anything else fails."""
    context = {f"inputs.{name}": value for name, value in inputs.items()}
    context["github.action_path"] = str(REPO)
    return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda m: context[m.group(1)], text)


def _run_step(step: dict[str, Any], inputs: dict[str, str], stub: str) -> list[str]:
    """Run a `run:` step's script in bash as a composite action does (`bash --noprofile
    --norc -eo pipefail`), its environment expanded, with `stub` recording its call."""
    assert step["shell"] == "bash"
    env = {"PATH": os.environ["PATH"]}
    env.update({key: _expand(value, inputs) for key, value in step.get("env", {}).items()})
    script = STUB.format(name=stub) + _expand(step["run"], inputs)
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                          env=env, capture_output=True, check=True)
    return done.stdout.decode().split("\0")[:-1]


def _steps() -> dict[str, dict[str, Any]]:
    assert ACTION["runs"]["using"] == "composite"
    steps: list[dict[str, Any]] = ACTION["runs"]["steps"]
    setup = steps[0]
    assert setup["uses"].startswith("actions/setup-python@")
    assert setup["with"]["python-version"] == "${{ inputs.python-version }}"
    return {step["name"]: step for step in steps[1:]}


def test_the_action_declares_its_inputs() -> None:
    inputs = ACTION["inputs"]
    assert list(inputs) == ["paths", "rules", "format", "output", "fail-on", "baseline",
                            "python-version"]
    assert inputs["paths"]["required"] is True
    assert {name: spec.get("default") for name, spec in inputs.items()} == {
        "paths": None, "rules": "fulltilt", "format": "text", "output": "", "fail-on": "error",
        "baseline": "", "python-version": "3.11"}


def test_the_action_installs_its_own_checkout() -> None:
    argv = _run_step(_steps()["Install feltcheck"], _inputs({"paths": "x"}), "python")
    assert argv == ["-m", "pip", "install", str(REPO)]


def test_the_action_audits_with_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    argv = _run_step(_steps()["Audit"], _inputs({"paths": str(PLANTED)}), _console_script())
    args = build_parser().parse_args(argv)
    assert (args.command, args.paths, args.rules.label, args.rules.bundled) == (
        "audit", [PLANTED], "fulltilt", True)
    assert (args.format, args.output, args.fail_on, args.baseline) == (
        "text", None, "error", None)
    assert main(argv) == EXIT_FINDINGS  # the planted min-raise fails the step
    assert "betting.min-raise" in capsys.readouterr().out


def test_the_action_passes_every_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    given = {"paths": "logs/a.jsonl  hands/*", "rules": "rules/site.rules", "format": "sarif",
             "output": str(tmp_path / "out file.sarif"), "fail-on": "warning",
             "baseline": "base.json"}
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "site.rules").write_text('ruleset s "S"\n', encoding="utf-8")
    argv = _run_step(_steps()["Audit"], _inputs(given), _console_script())
    assert argv[:3] == ["audit", "logs/a.jsonl", "hands/*"]  # split on spaces, no globbing
    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args(argv)
    assert args.rules.label == "rules/site.rules" and not args.rules.bundled
    assert (args.format, args.output, args.fail_on, args.baseline) == (
        "sarif", tmp_path / "out file.sarif", "warning", Path("base.json"))
